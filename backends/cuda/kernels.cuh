#pragma once
/// @file backends/cuda/kernels.cuh
/// @brief The CUDA kernels behind the device's copy, generate and for_each primitives, and the
/// launch constants the backend's kernels share: templates, visible to nvcc only.
/// libxp_cuda instantiates them for the built-in operations; a .cu file of the user's
/// instantiates them for its own expressions and functors.

#if !defined(__CUDACC__)
#error "xp/backends/cuda/kernels.cuh is for translation units compiled by nvcc"
#endif

#include <cuda_runtime.h>

#include <algorithm>

#include "xp/backends/cuda/error.hpp"
#include "xp/backends/cuda/runtime.hpp"
#include "xp/core/convert.hpp"
#include "xp/core/kernel_view.hpp"

namespace xp::backends::cuda {

// ---- launch constants shared by the backend's kernels ------------------------------------------

/// Threads per block of every kernel launched with the default block size (copies, generators,
/// for_each, reductions, the periodogram, gemm's packing): 8 warps, enough for the block-level
/// trees, small enough that several blocks share an SM.
constexpr int block_threads = 256;
/// Threads of a warp (every NVIDIA GPU): shuffles, warp-per-output reductions, stencil lanes.
constexpr int warp_size = 32;
constexpr unsigned full_warp_mask = 0xffffffffu;  // every lane of a warp takes part in a shuffle
// the widest load or store one thread issues, and T's elements in it (core/kernel_view.hpp)
using xp::detail::vector_bytes;
using xp::detail::vector_lanes;
/// Lanes of an elementwise launch writing T from kernel G: one vector of the widest of the
/// output and every operand G reads (measured on the H100: bool from two float32 operands at
/// 16 lanes ran at 56% of copy bandwidth, at 4 lanes at copy bandwidth).
template <class T, class G>
constexpr int generate_lanes = [] {
  const std::size_t widest = std::max(sizeof(T), xp::detail::kernel_load_bytes<G>::value);
  return widest >= vector_bytes ? 1 : vector_bytes / static_cast<int>(widest);
}();
/// Largest gridDim.y and gridDim.z a launch takes (a CUDA limit); gridDim.x takes 2^31 - 1.
constexpr unsigned max_grid_yz = 65535;
constexpr long long max_grid_x = 2147483647;
/// Waves of resident threads a grid-stride launch covers at most: the second keeps SMs busy while
/// the first wave's blocks retire unevenly; more would only add blocks that each loop less.
constexpr int grid_stride_waves = 2;

/// Streaming multiprocessors of the current device (queried once per device).
inline int sm_count() { return current_device_limits().sm_count; }
/// Threads the current device holds resident at once (SMs x threads per SM, queried once).
inline index_t resident_threads() { return static_cast<index_t>(current_device_limits().resident_threads); }
/// Blocks of block_threads in `waves` full waves of the current device.
inline index_t resident_blocks(int waves) { return std::max<index_t>(1, waves * resident_threads() / block_threads); }

// Grid-stride launches: enough blocks to fill every SM grid_stride_waves times, no more.
inline unsigned grid_for(index_t n) {
  const index_t wanted = (n + block_threads - 1) / block_threads;
  return static_cast<unsigned>(std::max<index_t>(1, std::min<index_t>(wanted, resident_blocks(grid_stride_waves))));
}

// blocks_of_work blocks, but at most per_sm on every SM (and at least one)
inline unsigned capped_grid(index_t blocks_of_work, int per_sm) {
  return static_cast<unsigned>(std::max<index_t>(1, std::min<index_t>(blocks_of_work, index_t{sm_count()} * per_sm)));
}

// One resident wave of `kernel` (as many blocks as fit on every SM at once), or fewer when
// there is less work: a grid-stride loop then balances evenly, with no partial second wave
// of blocks to wait for (that tail cost several percent for register-heavy expressions).
// The kernel is a template argument so that the occupancy is looked up once per kernel (kernels
// of the same signature would share one cached value if it were keyed by their type).
template <auto Kernel>
unsigned resident_grid(index_t blocks_of_work) {
  static const int per_sm = [] {
    int n = 0;
    XP_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, Kernel, block_threads, 0));
    return std::max(n, 1);
  }();
  return capped_grid(blocks_of_work, per_sm);
}

// dst is contiguous, every operand too, and all are aligned for N-lane loads:
// each thread moves N elements with vector loads and stores per step, two steps at a time
// (both loads issued before either store, so the math of one overlaps the other's loads).
// I is the loop's index type: 32-bit when every index fits, which saves the 64-bit
// arithmetic that otherwise competes with the math of compute-heavy expressions.
template <int N, class I, class T, class G>
__global__ void __launch_bounds__(block_threads) generate_vector_kernel(T* __restrict__ dst, I n, G gen) {
  using vec = xp::detail::lanes<T, N>;  // N elements of T: one vector load or store
  const I step = static_cast<I>(gridDim.x) * blockDim.x;
  const I vectors = n / N;
  I v = static_cast<I>(blockIdx.x) * blockDim.x + threadIdx.x;
  for (; v + step < vectors; v += 2 * step) {
    const vec a = xp::detail::load_lanes<N>(gen, v * N);
    const vec b = xp::detail::load_lanes<N>(gen, (v + step) * N);
    *reinterpret_cast<vec*>(dst + v * N) = a;
    *reinterpret_cast<vec*>(dst + (v + step) * N) = b;
  }
  if (v < vectors) *reinterpret_cast<vec*>(dst + v * N) = xp::detail::load_lanes<N>(gen, v * N);
  for (I i = vectors * N + static_cast<I>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += step)
    dst[i] = xp::detail::convert<T>(xp::detail::at_contig(gen, i));
}

template <bool Contiguous, class T, class G>
__global__ void __launch_bounds__(block_threads) generate_kernel(strided_view<T> dst, G gen) {
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t i = index_t{blockIdx.x} * blockDim.x + threadIdx.x; i < dst.size; i += step) {
    if constexpr (Contiguous) dst.data[i] = xp::detail::convert<T>(xp::detail::at_contig(gen, i));
    else dst[i] = xp::detail::convert<T>(gen(i));
  }
}

template <bool Contiguous, class T, class U>
__global__ void __launch_bounds__(block_threads) copy_kernel(strided_view<T> dst, strided_view<const U> src) {
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t i = index_t{blockIdx.x} * blockDim.x + threadIdx.x; i < dst.size; i += step) {
    if constexpr (Contiguous) dst.data[i] = xp::detail::convert<T>(src.data[i]);
    else dst[i] = xp::detail::convert<T>(src[i]);
  }
}

template <class F>
__global__ void __launch_bounds__(block_threads) for_each_kernel(index_t n, F f) {
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t i = index_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += step) f(i);
}

template <class F>
void launch_for_each(index_t n, F f, cudaStream_t stream) {
  if (n == 0) return;
  for_each_kernel<<<grid_for(n), block_threads, 0, stream>>>(n, f);
  XP_CUDA_CHECK(cudaGetLastError());
}

template <class T, class G>
void launch_generate(strided_view<T> dst, G gen, cudaStream_t stream) {
  if (dst.size == 0) return;
  ::xp::debug::count_launch();
  constexpr int lanes = generate_lanes<T, G>;
  if (dst.is_contiguous() && xp::detail::kernel_contiguous(gen)) {
    if (xp::detail::pointer_aligned(dst.data, sizeof(T) * lanes) && xp::detail::kernel_aligned(gen, lanes)) {
      const index_t work = (dst.size / lanes + block_threads - 1) / block_threads;
      // 32-bit indices when every index the loop forms stays below 2^31: it reaches (v + 2 step) N
      // with step <= the device's resident threads (a resident grid); 4 steps leave a margin
      constexpr index_t index_margin_steps = 4;
      if (dst.size + index_margin_steps * resident_threads() * lanes < (index_t{1} << 31))
        generate_vector_kernel<lanes, int, T, G>
            <<<resident_grid<generate_vector_kernel<lanes, int, T, G>>(work), block_threads, 0, stream>>>(
                dst.data, static_cast<int>(dst.size), gen);
      else
        generate_vector_kernel<lanes, index_t, T, G>
            <<<resident_grid<generate_vector_kernel<lanes, index_t, T, G>>(work), block_threads, 0, stream>>>(
                dst.data, dst.size, gen);
    } else generate_kernel<true><<<grid_for(dst.size), block_threads, 0, stream>>>(dst, gen);
  } else generate_kernel<false><<<grid_for(dst.size), block_threads, 0, stream>>>(dst, gen);
  XP_CUDA_CHECK(cudaGetLastError());
}

// Rows of unit stride at any pitch each side (a slice along a last axis: concat, stack, pad),
// copied with 16-byte vectors: thread t of the grid-stride loop moves vector t % vectors_per_row
// of row t / vectors_per_row. The driver's pitched copy (cudaMemcpy2DAsync) ran 32 KiB rows at 55%
// of copy bandwidth on the H100; the scalar kernel at 44%.
template <int N, class T>
__global__ void __launch_bounds__(block_threads)
    copy_rows_kernel(T* __restrict__ dst, const T* __restrict__ src, index_t rows, index_t vectors_per_row,
                     index_t dst_pitch, index_t src_pitch) {
  using vec = xp::detail::lanes<T, N>;
  const index_t total = rows * vectors_per_row;
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t v = index_t{blockIdx.x} * blockDim.x + threadIdx.x; v < total; v += step) {
    const index_t r = v / vectors_per_row, c = (v - r * vectors_per_row) * N;
    *reinterpret_cast<vec*>(dst + r * dst_pitch + c) = *reinterpret_cast<const vec*>(src + r * src_pitch + c);
  }
}

template <class T, class U>
void launch_copy(strided_view<T> dst, strided_view<const U> src, cudaStream_t stream) {
  if (dst.size == 0) return;
  ::xp::debug::count_launch();
  if constexpr (std::is_same_v<std::remove_const_t<T>, U>) {
    // one contiguous run of the same dtype: the driver's copy, at copy bandwidth (the scalar kernel
    // below reached ~80%)
    if (dst.is_contiguous() && src.is_contiguous()) {
      XP_CUDA_CHECK(cudaMemcpyAsync(dst.data, src.data, static_cast<std::size_t>(dst.size) * sizeof(T),
                                    cudaMemcpyDeviceToDevice, stream));
      return;
    }
    constexpr int N = vector_lanes<T>;
    if (dst.rank == 2 && src.rank == 2 && dst.strides[1] == 1 && src.strides[1] == 1 && dst.shape[1] % N == 0 &&
        dst.strides[0] % N == 0 && src.strides[0] % N == 0 && xp::detail::pointer_aligned(dst.data, sizeof(T) * N) &&
        xp::detail::pointer_aligned(src.data, sizeof(T) * N)) {
      const index_t vectors_per_row = dst.shape[1] / N;
      copy_rows_kernel<N><<<grid_for(dst.shape[0] * vectors_per_row), block_threads, 0, stream>>>(
          dst.data, src.data, dst.shape[0], vectors_per_row, dst.strides[0], src.strides[0]);
      XP_CUDA_CHECK(cudaGetLastError());
      return;
    }
  }
  if (dst.is_contiguous() && src.is_contiguous())
    copy_kernel<true><<<grid_for(dst.size), block_threads, 0, stream>>>(dst, src);
  else copy_kernel<false><<<grid_for(dst.size), block_threads, 0, stream>>>(dst, src);
  XP_CUDA_CHECK(cudaGetLastError());
}

}  // namespace xp::backends::cuda
