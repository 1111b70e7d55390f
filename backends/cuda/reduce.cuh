#pragma once
/// @file backends/cuda/reduce.cuh
/// @brief Reduction kernels (nvcc only). Three shapes of work:
///  - full: one output; a grid-stride pass per thread (vector loads when contiguous), a
///    block tree, and the last block to finish reduces the block results: one launch.
///  - rows: each output's run is contiguous (or the layout is arbitrary): a block, or for
///    short runs a warp, per output.
///  - columns: neighbouring outputs are neighbours in memory: a 32 x 8 block takes 32 outputs,
///    its 8 rows of threads split the run (and blockIdx.y splits it further when there are
///    too few outputs to fill the GPU, with a second small kernel to combine).

#if !defined(__CUDACC__)
#error "xp/backends/cuda/reduce.cuh is for translation units compiled by nvcc"
#endif

#include "xp/backends/cuda/kernels.cuh"

namespace xp::backends::cuda {

constexpr int reduce_threads = block_threads;  // every reduction kernel runs the default block size
static_assert(reduce_threads % warp_size == 0 && reduce_threads <= warp_size * warp_size,
              "block_reduce's second level is one warp over the first level's warp results");
/// Vector loads a thread of the full reduction keeps in flight: a small input is then one round
/// trip to memory rather than four (the latency of a 2^12 sum), a large one keeps HBM busy.
constexpr int full_loads_in_flight = 4;
/// Waves of resident threads the full reduction's grid covers at most: one, so each thread loops
/// over its share and the last block combines at most resident_threads / block_threads partials.
constexpr int full_reduction_waves = 1;
/// Runs shorter than this reduce one warp per output (no block barriers); longer ones a block.
constexpr index_t warp_per_output_below = 2048;
/// Waves of resident threads the rows kernel's grid covers at most: outputs are grid-strided, and
/// short rows finish unevenly, so more waves than a plain grid-stride launch balance them.
constexpr int rows_waves = 8;
/// Columns kernel: a block is warp_size outputs wide (lanes along the output axis) and
/// column_rows threads deep along the run.
constexpr int column_rows = reduce_threads / warp_size;
/// A split of the run along blockIdx.y takes at least this many rows: shorter splits cost more in
/// partial results (and the combining kernel) than they add in parallelism.
constexpr index_t min_rows_per_split = 64;

// Tree over the block's values; every thread gets the result. Arithmetic accumulators go
// through warp shuffles (two barriers in all), others through a shared-memory tree.
template <class Acc, class D>
__device__ Acc block_reduce(Acc v, const D& desc, Acc* smem) {
  const int t = threadIdx.x + threadIdx.y * blockDim.x;
  const int n = blockDim.x * blockDim.y;
  if constexpr (std::is_arithmetic_v<Acc> && sizeof(Acc) >= 4) {
    // smem: [warps of the block] warp results
    for (int s = warp_size / 2; s > 0; s >>= 1)
      v = desc.reduce(v, static_cast<Acc>(__shfl_down_sync(full_warp_mask, v, s)));
    if (t % warp_size == 0) smem[t / warp_size] = v;
    __syncthreads();
    if (t < warp_size) {
      v = t < n / warp_size ? smem[t] : desc.identity;
      for (int s = warp_size / 2; s > 0; s >>= 1)
        v = desc.reduce(v, static_cast<Acc>(__shfl_down_sync(full_warp_mask, v, s)));
      if (t == 0) smem[0] = v;
    }
    __syncthreads();
    const Acc r = smem[0];
    __syncthreads();
    return r;
  } else {
    smem[t] = v;  // smem: [threads of the block]
    __syncthreads();
    for (int s = n / 2; s > 0; s >>= 1) {
      if (t < s) smem[t] = desc.reduce(smem[t], smem[t + s]);
      __syncthreads();
    }
    const Acc r = smem[0];
    __syncthreads();
    return r;
  }
}

// Tree within one warp (smem: [warp_size], this warp's slots).
template <class Acc, class D>
__device__ Acc warp_reduce(Acc v, const D& desc, Acc* smem) {
  const int lane = threadIdx.x % warp_size;
  smem[lane] = v;
  __syncwarp();
  for (int s = warp_size / 2; s > 0; s >>= 1) {
    if (lane < s) smem[lane] = desc.reduce(smem[lane], smem[lane + s]);
    __syncwarp();
  }
  const Acc r = smem[0];
  __syncwarp();
  return r;
}

template <int N, class Out, class K, class D>
__global__ void __launch_bounds__(reduce_threads)
    reduce_full_kernel(Out* out, index_t n, K input, D desc, bool vector, reduction_scratch_t scratch) {
  using Acc = decltype(desc.identity);
  extern __shared__ __align__(vector_bytes) unsigned char smem_raw[];
  Acc* smem = reinterpret_cast<Acc*>(smem_raw);  // [reduce_threads]: block_reduce's scratch
  Acc acc = desc.identity;
  const index_t step = index_t{gridDim.x} * blockDim.x;
  const index_t tid = index_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (vector) {
    constexpr int F = full_loads_in_flight;
    Acc lane_acc[N];  // [N]: one accumulator per lane of a vector
    for (int l = 0; l < N; ++l) lane_acc[l] = desc.identity;
    const index_t vectors = n / N;
    index_t v = tid;
    for (; v + (F - 1) * step < vectors; v += F * step) {
      decltype(xp::detail::load_lanes<N>(input, 0)) x[F];  // [F] vectors of N lanes in flight
      XP_UNROLL
      for (int c = 0; c < F; ++c) x[c] = xp::detail::load_lanes<N>(input, (v + c * step) * N);
      XP_UNROLL
      for (int c = 0; c < F; ++c) {
        XP_UNROLL
        for (int l = 0; l < N; ++l)
          lane_acc[l] = desc.reduce(lane_acc[l], desc.map_at(x[c].v[l], (v + c * step) * N + l));
      }
    }
    for (; v < vectors; v += step) {
      const auto x = xp::detail::load_lanes<N>(input, v * N);
      XP_UNROLL
      for (int l = 0; l < N; ++l) lane_acc[l] = desc.reduce(lane_acc[l], desc.map_at(x.v[l], v * N + l));
    }
    for (int l = 0; l < N; ++l) acc = desc.reduce(acc, lane_acc[l]);
    for (index_t i = vectors * N + tid; i < n; i += step)
      acc = desc.reduce(acc, desc.map_at(xp::detail::at_contig(input, i), i));
  } else {
    for (index_t i = tid; i < n; i += step) acc = desc.reduce(acc, desc.map_at(input(i), i));
  }
  acc = block_reduce(acc, desc, smem);
  __shared__ bool last;
  if (threadIdx.x == 0) {
    if (gridDim.x == 1) {
      out[0] = static_cast<Out>(desc.finish(acc, n));
    } else {
      static_cast<Acc*>(scratch.partials)[blockIdx.x] = acc;
      __threadfence();
      last = atomicAdd(scratch.counter, 1u) == gridDim.x - 1;
    }
  }
  if (gridDim.x == 1) return;
  __syncthreads();
  if (!last) return;
  __threadfence();
  acc = desc.identity;
  const volatile Acc* partials = static_cast<const volatile Acc*>(scratch.partials);
  for (unsigned b = threadIdx.x; b < gridDim.x; b += blockDim.x)
    acc = desc.reduce(acc, const_cast<const Acc&>(partials[b]));
  acc = block_reduce(acc, desc, smem);
  if (threadIdx.x == 0) {
    out[0] = static_cast<Out>(desc.finish(acc, n));
    *scratch.counter = 0;  // ready for the next reduction on this stream
  }
}

// One block per output (long runs) or one warp per output (short runs). With Vector, every
// run starts aligned and holds a whole number of N-lane vectors.
template <bool Contig, bool PerWarp, int N, class Out, class K, class D>
__global__ void __launch_bounds__(reduce_threads)
    reduce_rows_kernel(Out* out, index_t outer, index_t inner, K input, D desc, int split, bool vector) {
  using Acc = decltype(desc.identity);
  extern __shared__ __align__(vector_bytes) unsigned char smem_raw[];
  Acc* smem = reinterpret_cast<Acc*>(smem_raw);  // [reduce_threads]: a warp's or the block's tree
  const int workers = PerWarp ? warp_size : blockDim.x;
  const int me = PerWarp ? (threadIdx.x % warp_size) : threadIdx.x;
  const index_t first = PerWarp ? index_t{blockIdx.x} * (blockDim.x / warp_size) + threadIdx.x / warp_size : blockIdx.x;
  const index_t step = PerWarp ? index_t{gridDim.x} * (blockDim.x / warp_size) : gridDim.x;
  for (index_t o = first; o < outer; o += step) {  // uniform per warp / block
    Acc acc = desc.identity;
    if (Contig && vector) {
      Acc lane_acc[N];  // [N]: one accumulator per lane of a vector
      for (int l = 0; l < N; ++l) lane_acc[l] = desc.identity;
      for (index_t v = me; v < inner / N; v += workers) {
        const auto x = xp::detail::load_lanes<N>(input, o * inner + v * N);
        XP_UNROLL
        for (int l = 0; l < N; ++l) lane_acc[l] = desc.reduce(lane_acc[l], desc.map_at(x.v[l], v * N + l));
      }
      for (int l = 0; l < N; ++l) acc = desc.reduce(acc, lane_acc[l]);
    } else {
      // two independent chains keep two loads in flight per thread
      Acc acc2 = desc.identity;
      index_t r = me;
      for (; r + workers < inner; r += 2 * workers) {
        if constexpr (Contig) {
          acc = desc.reduce(acc, desc.map_at(xp::detail::at_contig(input, o * inner + r), r));
          acc2 = desc.reduce(acc2, desc.map_at(xp::detail::at_contig(input, o * inner + r + workers), r + workers));
        } else {
          acc = desc.reduce(acc, desc.map_at(xp::detail::at2(input, o, r, inner, split), r));
          acc2 = desc.reduce(acc2, desc.map_at(xp::detail::at2(input, o, r + workers, inner, split), r + workers));
        }
      }
      if (r < inner) {
        if constexpr (Contig) acc = desc.reduce(acc, desc.map_at(xp::detail::at_contig(input, o * inner + r), r));
        else acc = desc.reduce(acc, desc.map_at(xp::detail::at2(input, o, r, inner, split), r));
      }
      acc = desc.reduce(acc, acc2);
    }
    if constexpr (PerWarp) {
      acc = warp_reduce(acc, desc, smem + (threadIdx.x / warp_size) * warp_size);
    } else {
      acc = block_reduce(acc, desc, smem);
    }
    if (me == 0) out[o] = static_cast<Out>(desc.finish(acc, inner));
  }
}

// Block (warp_size, column_rows) = (32, 8): 32 x N outputs (N lanes per thread, vector loads along
// the output axis), 8 rows of threads over the run; blockIdx.y splits the run further.
template <int N, class Out, class K, class D>
__global__ void __launch_bounds__(reduce_threads)
    reduce_columns_kernel(Out* out, void* partials, index_t outer, index_t inner, K input, D desc, int split) {
  using Acc = decltype(desc.identity);
  extern __shared__ __align__(vector_bytes) unsigned char smem_raw[];
  Acc* smem = reinterpret_cast<Acc*>(smem_raw);  // [column_rows][warp_size * N]
  const index_t o0 = (index_t{blockIdx.x} * warp_size + threadIdx.x) * N;
  Acc acc[N];  // [N]: this thread's N neighbouring outputs
  for (int l = 0; l < N; ++l) acc[l] = desc.identity;
  if (o0 < outer) {
    const index_t stride = index_t{gridDim.y} * blockDim.y;
    index_t r = index_t{blockIdx.y} * blockDim.y + threadIdx.y;
    if constexpr (N > 1) {
      for (; r + stride < inner; r += 2 * stride) {  // two vector loads in flight per thread
        const auto x0 = input.template load2<N>(o0, r, split);
        const auto x1 = input.template load2<N>(o0, r + stride, split);
        XP_UNROLL
        for (int l = 0; l < N; ++l)
          acc[l] = desc.reduce(desc.reduce(acc[l], desc.map_at(x0.v[l], r)), desc.map_at(x1.v[l], r + stride));
      }
      if (r < inner) {
        const auto x0 = input.template load2<N>(o0, r, split);
        for (int l = 0; l < N; ++l) acc[l] = desc.reduce(acc[l], desc.map_at(x0.v[l], r));
      }
    } else {
      constexpr int F = full_loads_in_flight;
      static_assert(F == 4, "the chains are combined below as four");
      Acc chain[F] = {desc.identity, desc.identity, desc.identity, desc.identity};  // [F] independent chains
      for (; r + (F - 1) * stride < inner; r += F * stride) {                       // F loads in flight per thread
        XP_UNROLL
        for (int c = 0; c < F; ++c)
          chain[c] = desc.reduce(chain[c],
                                 desc.map_at(xp::detail::at2(input, o0, r + c * stride, inner, split), r + c * stride));
      }
      for (; r < inner; r += stride)
        chain[0] = desc.reduce(chain[0], desc.map_at(xp::detail::at2(input, o0, r, inner, split), r));
      acc[0] = desc.reduce(desc.reduce(chain[0], chain[1]), desc.reduce(chain[2], chain[3]));
    }
  }
  for (int l = 0; l < N; ++l) smem[threadIdx.y * warp_size * N + threadIdx.x * N + l] = acc[l];
  __syncthreads();
  if (threadIdx.y == 0 && o0 < outer) {
    for (int l = 0; l < N; ++l) {
      Acc a = acc[l];
      for (int y = 1; y < static_cast<int>(blockDim.y); ++y)
        a = desc.reduce(a, smem[y * warp_size * N + threadIdx.x * N + l]);
      if (gridDim.y == 1) out[o0 + l] = static_cast<Out>(desc.finish(a, inner));
      else static_cast<Acc*>(partials)[index_t{blockIdx.y} * outer + o0 + l] = a;
    }
  }
}

template <class Out, class D>
__global__ void combine_columns_kernel(Out* out, const void* partials, index_t outer, int splits, index_t inner,
                                       D desc) {
  using Acc = decltype(desc.identity);
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t o = index_t{blockIdx.x} * blockDim.x + threadIdx.x; o < outer; o += step) {
    Acc acc = desc.identity;
    for (int s = 0; s < splits; ++s) acc = desc.reduce(acc, static_cast<const Acc*>(partials)[s * outer + o]);
    out[o] = static_cast<Out>(desc.finish(acc, inner));
  }
}

template <class Out, class K, class D, class Shape>
void launch_reduce(Out* out, index_t outer, index_t inner, K input, D desc, Shape shape, cudaStream_t stream) {
  using Acc = decltype(desc.identity);
  const std::size_t smem = reduce_threads * sizeof(Acc);
  if (inner == 0) {  // nothing to combine: post(identity) everywhere
    combine_columns_kernel<<<grid_for(outer), block_threads, 0, stream>>>(out, nullptr, outer, 0, inner, desc);
    XP_CUDA_CHECK(cudaGetLastError());
    return;
  }
  if (outer == 1) {
    using V = std::decay_t<decltype(input(0))>;
    constexpr int N = vector_lanes<V>;
    const bool contig = xp::detail::kernel_contiguous(input);
    const bool vector = contig && xp::detail::kernel_aligned(input, N);
    const index_t per_block = index_t{reduce_threads} * N * full_loads_in_flight;
    const index_t cap = std::min<index_t>(resident_blocks(full_reduction_waves), reduction_scratch_bytes / sizeof(Acc));
    const unsigned blocks =
        static_cast<unsigned>(std::max<index_t>(1, std::min<index_t>(cap, (inner + per_block - 1) / per_block)));
    const reduction_scratch_t scratch = blocks > 1 ? reduction_scratch(stream) : reduction_scratch_t{nullptr, nullptr};
    if (contig)
      reduce_full_kernel<N><<<blocks, reduce_threads, smem, stream>>>(out, inner, input, desc, vector, scratch);
    else reduce_full_kernel<1><<<blocks, reduce_threads, smem, stream>>>(out, inner, input, desc, false, scratch);
    XP_CUDA_CHECK(cudaGetLastError());
    return;
  }
  if (shape.layout == xp::detail::reduce_layout::columns) {
    using V = std::decay_t<decltype(input(0))>;
    constexpr int NL = vector_lanes<V>;
    // lanes only while a thread's NL accumulators stay within two vectors' worth of registers
    const bool lanes = NL > 1 && sizeof(Acc) * NL <= 2 * vector_bytes && shape.column_lane_multiple > 0 &&
                       shape.column_lane_multiple % NL == 0 && xp::detail::kernel_aligned(input, NL);
    const int n_lanes = lanes ? NL : 1;
    const unsigned tiles = static_cast<unsigned>((outer + warp_size * n_lanes - 1) / (warp_size * n_lanes));
    const index_t want_blocks = resident_blocks(grid_stride_waves);
    unsigned splits = static_cast<unsigned>(
        std::min<index_t>(std::max<index_t>(1, want_blocks / tiles), std::max<index_t>(1, inner / min_rows_per_split)));
    splits = std::min(splits, max_grid_yz);
    std::shared_ptr<void> partials;
    if (splits > 1) partials = device_memory::allocate(static_cast<std::size_t>(splits) * outer * sizeof(Acc));
    if (lanes)
      reduce_columns_kernel<NL><<<dim3(tiles, splits), dim3(warp_size, column_rows), smem * NL, stream>>>(
          out, partials.get(), outer, inner, input, desc, shape.split);
    else
      reduce_columns_kernel<1><<<dim3(tiles, splits), dim3(warp_size, column_rows), smem, stream>>>(
          out, partials.get(), outer, inner, input, desc, shape.split);
    XP_CUDA_CHECK(cudaGetLastError());
    if (splits > 1) {
      combine_columns_kernel<<<grid_for(outer), block_threads, 0, stream>>>(out, partials.get(), outer,
                                                                            static_cast<int>(splits), inner, desc);
      XP_CUDA_CHECK(cudaGetLastError());
    }
    return;
  }
  using V = std::decay_t<decltype(input(0))>;
  constexpr int N = vector_lanes<V>;
  const bool contig = xp::detail::kernel_contiguous(input);
  const bool vector = contig && inner % N == 0 && xp::detail::kernel_aligned(input, N);
  const bool per_warp = inner < warp_per_output_below;
  const index_t per_block = per_warp ? reduce_threads / warp_size : 1;
  const unsigned blocks = static_cast<unsigned>(
      std::max<index_t>(1, std::min<index_t>((outer + per_block - 1) / per_block, resident_blocks(rows_waves))));
  if (contig) {
    if (per_warp)
      reduce_rows_kernel<true, true, N>
          <<<blocks, reduce_threads, smem, stream>>>(out, outer, inner, input, desc, shape.split, vector);
    else
      reduce_rows_kernel<true, false, N>
          <<<blocks, reduce_threads, smem, stream>>>(out, outer, inner, input, desc, shape.split, vector);
  } else {
    if (per_warp)
      reduce_rows_kernel<false, true, 1>
          <<<blocks, reduce_threads, smem, stream>>>(out, outer, inner, input, desc, shape.split, false);
    else
      reduce_rows_kernel<false, false, 1>
          <<<blocks, reduce_threads, smem, stream>>>(out, outer, inner, input, desc, shape.split, false);
  }
  XP_CUDA_CHECK(cudaGetLastError());
}

}  // namespace xp::backends::cuda
