// The device's join primitive (declared in backends/cuda/join.hpp): one kernel writes every output
// row from the sources' rows, each thread one 16-byte vector of the output, so every sector of the
// output is written whole, once. Compiled here for each element size (1, 2, 4, 8, 16 bytes).
#include <cuda_runtime.h>

#include <cstdint>

#include "xp/backends/cuda/error.hpp"
#include "xp/backends/cuda/join.hpp"
#include "xp/backends/cuda/kernels.cuh"
#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/runtime.hpp"
#include "xp/core/error.hpp"

namespace xp::backends::cuda {
namespace {

// n / d for n < 2^31 by one multiply-high and a shift, d fixed for the launch (an integer division
// costs ~20 instructions on the device, here once per output vector). With l = ceil(log2 d) >= 1
// and m = ceil(2^(31+l) / d) = (2^(31+l) + e) / d with 0 <= e < d:
// n m / 2^(31+l) = n / d + n e / (d 2^(31+l)), and the second term is below n / 2^(31+l) < 1 / d,
// while n / d's fraction is at most (d - 1) / d: the floor is n / d's.
struct fast_divider {
  std::uint32_t divisor = 1;
  std::uint32_t multiplier = 0;
  std::uint32_t shift = 0;  // l - 1

  explicit fast_divider(std::uint32_t d) : divisor(d) {
    if (d == 1) return;
    std::uint32_t l = 0;
    while ((std::uint64_t{1} << l) < d) ++l;
    multiplier = static_cast<std::uint32_t>(((std::uint64_t{1} << (31 + l)) + d - 1) / d);
    shift = l - 1;
  }
  __device__ std::uint32_t operator()(std::uint32_t n) const {
    return divisor == 1 ? n : __umulhi(n, multiplier) >> shift;
  }
};

// The sources and where each starts in an output row, in the kernel's parameters.
template <class I>
struct join_args {
  const void* source[detail::max_join_sources];
  I width[detail::max_join_sources];
  I start[detail::max_join_sources + 1];  // start[s]: first column of source s; start[sources] = row width
  int sources;
};

// Output row and column of flat position p: 32-bit positions divide by the fast divider,
// 64-bit ones (outputs of 2^31 elements or more) by the hardware's division.
__device__ inline void row_col(std::uint32_t p, std::uint32_t width, fast_divider div, std::uint32_t& r,
                               std::uint32_t& c) {
  r = div(p);
  c = p - r * width;
}
__device__ inline void row_col(std::uint64_t p, std::uint64_t width, fast_divider, std::uint64_t& r, std::uint64_t& c) {
  r = p / width;
  c = p - r * width;
}

// Thread t writes output vector t (N elements) of a grid-stride loop: it finds the row, column and
// source of its first element once, then steps along, moving to the next source (and row) at each
// boundary. For stack(..., -1) of two float32 arrays a warp writes 512 contiguous bytes and reads
// 256 contiguous bytes of each source. The sources' table is copied to shared memory: indexing the
// parameters by a runtime source number would spill them to local memory.
template <class U, int N, class I>
__global__ void __launch_bounds__(block_threads)
    join_kernel(U* __restrict__ out, I total, join_args<I> args, fast_divider div) {
  __shared__ const U* source[detail::max_join_sources];
  __shared__ I width[detail::max_join_sources];
  __shared__ I start[detail::max_join_sources + 1];
  if (threadIdx.x < detail::max_join_sources) {
    source[threadIdx.x] = static_cast<const U*>(args.source[threadIdx.x]);
    width[threadIdx.x] = args.width[threadIdx.x];
  }
  if (threadIdx.x <= detail::max_join_sources) start[threadIdx.x] = args.start[threadIdx.x];
  __syncthreads();
  const int sources = args.sources;
  const I row_width = start[sources];
  const I step = static_cast<I>(gridDim.x) * blockDim.x;
  // the element at (r, c) of source s, and the step to the output's next element
  const auto element = [&](I r, I c, int s) { return source[s][r * width[s] + (c - start[s])]; };
  const auto advance = [&](I& r, I& c, int& s) {
    if (++c == start[s + 1]) {
      if (++s == sources) {
        s = 0;
        c = 0;
        ++r;
      }
    }
  };
  // row, column and source of flat output position q
  const auto locate = [&](I q, I& r, I& c, int& s) {
    row_col(q, row_width, div, r, c);
    s = 0;
    while (c >= start[s + 1]) ++s;
  };
  const I vectors = total / N;
  for (I v = static_cast<I>(blockIdx.x) * blockDim.x + threadIdx.x; v < vectors; v += step) {
    I r, c;
    int s;
    locate(v * N, r, c, s);
    xp::detail::lanes<U, N> value;
#pragma unroll
    for (int l = 0; l < N; ++l) {
      value.v[l] = element(r, c, s);
      advance(r, c, s);
    }
    *reinterpret_cast<xp::detail::lanes<U, N>*>(out + v * N) = value;
  }
  for (I i = vectors * N + static_cast<I>(blockIdx.x) * blockDim.x + threadIdx.x; i < total; i += step) {
    I r, c;
    int s;
    locate(i, r, c, s);
    out[i] = element(r, c, s);
  }
}

template <class U, class I>
void launch(const detail::join_problem& p, I total, I row_width) {
  join_args<I> args{};
  I start = 0;
  for (int s = 0; s < p.sources; ++s) {
    args.source[s] = p.source[s];
    args.width[s] = static_cast<I>(p.width[s]);
    args.start[s] = start;
    start += static_cast<I>(p.width[s]);
  }
  for (int s = p.sources; s <= detail::max_join_sources; ++s) args.start[s] = start;
  args.sources = p.sources;
  // the fast divider is built only for 32-bit positions (it divides numbers below 2^31)
  const fast_divider div(sizeof(I) == 4 ? static_cast<std::uint32_t>(row_width) : 1u);
  constexpr int N = vector_lanes<U>;
  cudaStream_t stream = current_stream();
  if (xp::detail::pointer_aligned(p.out, sizeof(U) * N))
    join_kernel<U, N, I>
        <<<grid_for(total / N + 1), block_threads, 0, stream>>>(static_cast<U*>(p.out), total, args, div);
  else join_kernel<U, 1, I><<<grid_for(total), block_threads, 0, stream>>>(static_cast<U*>(p.out), total, args, div);
  XP_CUDA_CHECK(cudaGetLastError());
}

template <class U>
void join_as(const detail::join_problem& p) {
  const index_t row_width = p.row_width();
  const index_t total = p.rows * row_width;
  if (total == 0) return;
  ::xp::debug::count_launch();
  // the loop reaches v + step vectors past the last position: keep a resident grid's margin below 2^31
  if (total + 2 * resident_threads() * vector_lanes<U> < (index_t{1} << 31))
    launch<U, std::uint32_t>(p, static_cast<std::uint32_t>(total), static_cast<std::uint32_t>(row_width));
  else launch<U, std::uint64_t>(p, static_cast<std::uint64_t>(total), static_cast<std::uint64_t>(row_width));
}

}  // namespace

void join_rows(const detail::join_problem& p) {
  if (p.sources < 1 || p.sources > detail::max_join_sources)
    throw value_error("xp::join: " + std::to_string(p.sources) + " sources (1 to " +
                      std::to_string(detail::max_join_sources) + " are joined in one pass)");
  detail::visit_element_bytes(p.element_bytes, [&](auto u) { join_as<decltype(u)>(p); });
}

}  // namespace xp::backends::cuda
