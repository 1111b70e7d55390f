/// @file backends/cuda/random.cu
/// @brief The device's random_fill kernel and its instantiations for xp::random's samplers
/// (XP_RANDOM_FILL_SAMPLERS, random/random_fill_primitive.hpp).

// this unit holds the primitive's explicit instantiations (backends/cuda/precompiled.hpp)
#define XP_INSTANTIATE_RANDOM_FILL

#include <cuda_runtime.h>

#include "xp/backends/cuda/kernels.cuh"
#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/random.hpp"

namespace xp::backends::cuda {

namespace {

// Thread j (grid-stride) computes Philox block j and stores its K values at their elements
// (see random/distributions.hpp): for each k, the 32 lanes of a warp write 32 consecutive
// elements. I: 32-bit block indices when they fit, as the generators do.
template <class I, class D>
__global__ void __launch_bounds__(block_threads)
    random_fill_kernel(typename D::value_type* __restrict__ dst, index_t n, I blocks, D d) {
  constexpr int K = D::per_block;
  constexpr int L = ::xp::random::detail::chunk_lanes;
  const I step = static_cast<I>(gridDim.x) * blockDim.x;
  for (I j = static_cast<I>(blockIdx.x) * blockDim.x + threadIdx.x; j < blocks; j += step) {
    const auto o = d(static_cast<std::uint64_t>(j), d.s.bits(static_cast<std::uint64_t>(j), 0));
    const index_t first = (static_cast<index_t>(j) / L) * (L * K) + static_cast<index_t>(j) % L;
    if (first + (K - 1) * L < n) {
#pragma unroll
      for (int k = 0; k < K; ++k) dst[first + k * L] = o.v[k];
    } else {
#pragma unroll
      for (int k = 0; k < K; ++k)
        if (first + k * L < n) dst[first + k * L] = o.v[k];
    }
  }
}

}  // namespace

template <class D>
void random_fill(typename D::value_type* dst, index_t n, const D& d) {
  if (n <= 0) return;
  ::xp::debug::count_launch();
  constexpr index_t C = index_t{::xp::random::detail::chunk_lanes} * D::per_block;
  const index_t blocks = (n + C - 1) / C * ::xp::random::detail::chunk_lanes;
  const index_t work = (blocks + block_threads - 1) / block_threads;
  if (blocks + 4 * resident_threads() < (index_t{1} << 31))
    random_fill_kernel<int, D><<<resident_grid<random_fill_kernel<int, D>>(work), block_threads, 0, current_stream()>>>(
        dst, n, static_cast<int>(blocks), d);
  else
    random_fill_kernel<index_t, D>
        <<<resident_grid<random_fill_kernel<index_t, D>>(work), block_threads, 0, current_stream()>>>(dst, n, blocks,
                                                                                                      d);
  XP_CUDA_CHECK(cudaGetLastError());
}

}  // namespace xp::backends::cuda
