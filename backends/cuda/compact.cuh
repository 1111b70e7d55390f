#pragma once
/// @file backends/cuda/compact.cuh
/// @brief The kernels of the device's stream compaction (primitive::compact<cuda>), nvcc only.
///
/// A tile of 4096 positions per block of 256 threads, 16 positions per thread, striped (thread
/// t of the block takes positions base + j * 256 + t, so every load of a warp coalesces):
/// 1. count: each block counts its tile's flags (warp shuffles, then the 8 warp sums);
/// 2. scan: CUB's device-wide exclusive scan turns the tile counts into tile offsets and the
///    total (a single block scanning 16384 counts took 29 us on the H100, CUB's look-back scan
///    a few). It is precompiled in libxp_cuda (backends/cuda/compact.cu): CUB's headers are
///    60,000 preprocessed lines, and every nvcc unit that includes <xp/cuda.hpp> parsed them
///    for this one scan of int64 counts;
/// 3. the host reads the total into pinned memory (the one synchronisation), the caller
///    allocates the output;
/// 4. scatter: each block evaluates its tile's flags again, ranks them in position order
///    (per-warp ballots, a 128-entry scan of the warp counts in shared memory) and calls the
///    writer for each selected position. A tile with nothing selected returns at once.
/// The flag is evaluated twice (the mask expression fused into both passes): for
/// `x(x > 0)` that reads x twice and writes the selection once, with no boolean array.

#if !defined(__CUDACC__)
#error "xp/backends/cuda/compact.cuh is for translation units compiled by nvcc"
#endif

#include <cuda_runtime.h>

#include "xp/backends/cuda/error.hpp"
#include "xp/backends/cuda/memory.hpp"
#include "xp/core/config.hpp"
#include "xp/core/error.hpp"

namespace xp::backends::cuda {

namespace compact_detail {
constexpr int threads = 256;
constexpr int items = 16;  // positions per thread
constexpr index_t tile = index_t{threads} * items;
constexpr int warps = threads / 32;
constexpr int entries = items * warps;  // one count per (item row, warp)
static_assert(entries % 32 == 0, "the warp scan of the counts takes whole lanes");

// The sum of every thread's c, valid in thread 0 of the block.
__device__ inline int block_sum(int c) {
  __shared__ int warp_sums[warps];
  for (int d = 16; d > 0; d /= 2) c += __shfl_down_sync(0xffffffffu, c, d);
  if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = c;
  __syncthreads();
  int total = 0;
  if (threadIdx.x == 0)
    for (int w = 0; w < warps; ++w) total += warp_sums[w];
  return total;
}

template <class Flag>
__global__ void __launch_bounds__(threads) count_kernel(index_t n, Flag flag, index_t* counts) {
  const index_t first = static_cast<index_t>(blockIdx.x) * tile;
  const index_t base = first + threadIdx.x;
  int c = 0;
  if (first + tile <= n) {  // a whole tile: no bounds checks
#pragma unroll
    for (int j = 0; j < items; ++j) c += flag(base + j * threads) ? 1 : 0;
  } else {
#pragma unroll
    for (int j = 0; j < items; ++j) {
      const index_t i = base + j * threads;
      c += (i < n && flag(i)) ? 1 : 0;
    }
  }
  const int total = block_sum(c);
  if (threadIdx.x == 0) counts[blockIdx.x] = total;
  if (blockIdx.x == 0 && threadIdx.x == 0) counts[gridDim.x] = 0;  // the scan's last entry: the total
}

template <class Flag, class Writer>
__global__ void __launch_bounds__(threads) scatter_kernel(index_t n, Flag flag, Writer writer, const index_t* offsets) {
  __shared__ int row_offsets[entries];
  const index_t block_offset = offsets[blockIdx.x];
  if (offsets[blockIdx.x + 1] == block_offset) return;  // nothing selected in this tile
  const int lane = static_cast<int>(threadIdx.x % 32), warp = static_cast<int>(threadIdx.x / 32);
  const index_t base = static_cast<index_t>(blockIdx.x) * tile + threadIdx.x;
  bool f[items];
  if (static_cast<index_t>(blockIdx.x) * tile + tile <= n) {
#pragma unroll
    for (int j = 0; j < items; ++j) f[j] = flag(base + j * threads);
  } else {
#pragma unroll
    for (int j = 0; j < items; ++j) {
      const index_t i = base + j * threads;
      f[j] = i < n && flag(i);
    }
  }
  unsigned ballot[items];
#pragma unroll
  for (int j = 0; j < items; ++j) {
    ballot[j] = __ballot_sync(0xffffffffu, f[j]);
    if (lane == 0) row_offsets[j * warps + warp] = __popc(ballot[j]);
  }
  __syncthreads();
  if (warp == 0) {  // exclusive scan of the entries in position order (item row, then warp)
    constexpr int per_lane = entries / 32;
    int v[per_lane];
    int sum = 0;
#pragma unroll
    for (int q = 0; q < per_lane; ++q) sum += v[q] = row_offsets[lane * per_lane + q];
    int inclusive = sum;
#pragma unroll
    for (int d = 1; d < 32; d *= 2) {
      const int t = __shfl_up_sync(0xffffffffu, inclusive, d);
      if (lane >= d) inclusive += t;
    }
    int run = inclusive - sum;
#pragma unroll
    for (int q = 0; q < per_lane; ++q) {
      row_offsets[lane * per_lane + q] = run;
      run += v[q];
    }
  }
  __syncthreads();
  const unsigned below = (1u << lane) - 1u;
#pragma unroll
  for (int j = 0; j < items; ++j)
    if (f[j]) writer(block_offset + row_offsets[j * warps + warp] + __popc(ballot[j] & below), base + j * threads);
}
}  // namespace compact_detail

/// offsets = the exclusive sum of counts (`count` entries), with CUB's device-wide scan on
/// `stream` (the current stream), its temporary storage from xp's pool; precompiled in
/// libxp_cuda (backends/cuda/compact.cu).
void tile_offsets(const index_t* counts, index_t* offsets, index_t count, cudaStream_t stream);

/// The device's compaction (see compact.hpp): count, scan, read the total, allocate through
/// make_writer, scatter.
template <class Flag, class MakeWriter>
index_t compact_run(index_t n, const Flag& flag, MakeWriter& make_writer) {
  using namespace compact_detail;
  const index_t blocks = (n + tile - 1) / tile;
  if (blocks == 0) {
    (void)make_writer(index_t{0});
    return 0;
  }
  const cudaStream_t stream = current_stream();
  // the counts (blocks + 1 of index_t, the last 0) and the offsets (their exclusive scan, the
  // last being the total)
  const auto scratch = device_memory::allocate(2 * static_cast<std::size_t>(blocks + 1) * sizeof(index_t));
  auto* counts = static_cast<index_t*>(scratch.get());
  auto* offsets = counts + blocks + 1;
  count_kernel<<<static_cast<unsigned>(blocks), threads, 0, stream>>>(n, flag, counts);
  XP_CUDA_CHECK(cudaGetLastError());
  tile_offsets(counts, offsets, blocks + 1, stream);
  // the one synchronisation: the total, into page-locked memory from xp's pinned pool
  const auto pinned = allocate_pinned(sizeof(index_t));
  XP_CUDA_CHECK(cudaMemcpyAsync(pinned.get(), offsets + blocks, sizeof(index_t), cudaMemcpyDeviceToHost, stream));
  XP_CUDA_CHECK(cudaStreamSynchronize(stream));
  const index_t total = *static_cast<const index_t*>(pinned.get());
  const auto writer = make_writer(total);
  if (total > 0) {
    scatter_kernel<<<static_cast<unsigned>(blocks), threads, 0, stream>>>(n, flag, writer, offsets);
    XP_CUDA_CHECK(cudaGetLastError());
  }
  return total;
}

}  // namespace xp::backends::cuda
