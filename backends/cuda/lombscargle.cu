// primitive::lombscargle<cuda>: the periodogram kernels, compiled once for every type of
// XP_LOMBSCARGLE_TYPES (signal/lombscargle_primitive.hpp; float and double).
//
// A block of 256 threads stages the samples in shared memory, 256 at a time; each thread keeps
// the five sums of several frequencies in registers, so every sample read from shared memory
// (a broadcast) feeds several sincos + FMA groups. Listed frequencies: F per thread, strided by
// the block size so that reading freqs and writing the result stay coalesced. Grid: a run of
// consecutive frequencies per thread, one exact sincos per sample and run, then rotation by
// the per-sample step (cos df x, sin df x), which the block computes once per staged tile.

// this unit holds the primitive's explicit instantiations (backends/cuda/precompiled.hpp)
#define XP_INSTANTIATE_LOMBSCARGLE

#include <algorithm>

#include "xp/backends/cuda/kernels.cuh"
#include "xp/backends/cuda/lombscargle.hpp"
#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/runtime.hpp"

namespace xp::backends::cuda {

namespace {

constexpr int ls_threads = block_threads;  // resident_grid sizes grids for this block size
// Listed frequencies per thread: 4 for double, 2 for float (measured on the H100, 2^10 x 2^20:
// 4 beat 1 and 2 for double, 2 beat 1 and 4 for float fast_math).
template <class R>
constexpr int ls_per_thread = std::is_same_v<R, double> ? 4 : 2;
// Listed grids: a block per 256 F frequencies, up to 20 blocks per SM, rather than one resident
// wave with a grid-stride loop: the waves' tail then is a few percent of blocks, not up to a whole
// extra pass of every thread (measured: 3182 vs 3726 us for double).
constexpr int ls_listed_blocks_per_sm = 20;

template <bool Fast, class R>
__device__ inline void sin_cos(R a, R* s, R* c) {
  if constexpr (std::is_same_v<R, float>) {
    if constexpr (Fast) __sincosf(a, s, c);
    else sincosf(a, s, c);
  } else {
    sincos(a, s, c);
  }
}

template <class R, bool Fast, int F>
__global__ void __launch_bounds__(ls_threads) listed_kernel(signal::detail::lombscargle_problem<R> p, int* zero_found) {
  __shared__ R sx[ls_threads], sy[ls_threads];  // [ls_threads] each: one tile of samples (x, y)
  const index_t chunk = index_t{gridDim.x} * ls_threads * F;
  for (index_t start = index_t{blockIdx.x} * ls_threads * F; start < p.nf; start += chunk) {
    R f[F], xc[F], xs[F], cc[F], ss[F], cs[F];  // [F] each: this thread's frequencies and their sums
    XP_UNROLL
    for (int k = 0; k < F; ++k) {
      const index_t i = start + threadIdx.x + k * ls_threads;
      f[k] = i < p.nf ? p.freqs[i] : R(1);
      if (f[k] == R(0)) *zero_found = 1;
      xc[k] = xs[k] = cc[k] = ss[k] = cs[k] = R(0);
    }
    for (index_t j0 = 0; j0 < p.n; j0 += ls_threads) {
      const int tile = static_cast<int>(std::min<index_t>(ls_threads, p.n - j0));
      __syncthreads();  // the previous tile is no longer read
      if (threadIdx.x < tile) {
        sx[threadIdx.x] = p.x[j0 + threadIdx.x];
        sy[threadIdx.x] = p.y[j0 + threadIdx.x];
      }
      __syncthreads();
      for (int j = 0; j < tile; ++j) {
        const R xj = sx[j], yj = sy[j];
        XP_UNROLL
        for (int k = 0; k < F; ++k) {
          R s, c;
          sin_cos<Fast>(f[k] * xj, &s, &c);
          xc[k] += yj * c;
          xs[k] += yj * s;
          cc[k] += c * c;
          ss[k] += s * s;
          cs[k] += c * s;
        }
      }
    }
    XP_UNROLL
    for (int k = 0; k < F; ++k) {
      const index_t i = start + threadIdx.x + k * ls_threads;
      if (i < p.nf) p.out[i] = signal::detail::lombscargle_finish(f[k], xc[k], xs[k], cc[k], ss[k], cs[k]);
    }
  }
}

template <class R, bool Fast>
__global__ void __launch_bounds__(ls_threads) grid_kernel(signal::detail::lombscargle_problem<R> p) {
  constexpr int run = signal::detail::grid_run;
  // [ls_threads] each: one tile of samples (x, y) and their step rotation (cos, sin)(df x)
  __shared__ R sx[ls_threads], sy[ls_threads], step_c[ls_threads], step_s[ls_threads];
  const R df = static_cast<R>(p.grid.df);
  const index_t chunk = index_t{gridDim.x} * ls_threads * run;
  for (index_t start = index_t{blockIdx.x} * ls_threads * run; start < p.nf; start += chunk) {
    const index_t i0 = start + index_t{threadIdx.x} * run;  // this thread's run: i0 .. i0 + run - 1
    const R f0 = static_cast<R>(p.grid.at(i0));
    R xc[run], xs[run], cc[run], ss[run], cs[run];  // [run] each: the sums of this thread's frequencies
    XP_UNROLL
    for (int k = 0; k < run; ++k) xc[k] = xs[k] = cc[k] = ss[k] = cs[k] = R(0);
    for (index_t j0 = 0; j0 < p.n; j0 += ls_threads) {
      const int tile = static_cast<int>(std::min<index_t>(ls_threads, p.n - j0));
      __syncthreads();
      if (threadIdx.x < tile) {
        const R xj = p.x[j0 + threadIdx.x];
        sx[threadIdx.x] = xj;
        sy[threadIdx.x] = p.y[j0 + threadIdx.x];
        sin_cos<false>(df * xj, &step_s[threadIdx.x], &step_c[threadIdx.x]);  // the step, always exact
      }
      __syncthreads();
      for (int j = 0; j < tile; ++j) {
        const R yj = sy[j], sc = step_c[j], sn = step_s[j];
        R s, c;
        sin_cos<Fast>(f0 * sx[j], &s, &c);
        XP_UNROLL
        for (int k = 0; k < run; ++k) {
          xc[k] += yj * c;
          xs[k] += yj * s;
          cc[k] += c * c;
          ss[k] += s * s;
          cs[k] += c * s;
          const R c_next = c * sc - s * sn;
          s = s * sc + c * sn;
          c = c_next;
        }
      }
    }
    XP_UNROLL
    for (int k = 0; k < run; ++k)
      if (i0 + k < p.nf)
        p.out[i0 + k] =
            signal::detail::lombscargle_finish(static_cast<R>(p.grid.at(i0 + k)), xc[k], xs[k], cc[k], ss[k], cs[k]);
  }
}

// blocks_per_sm: the launch's override (0: none), else `fallback` (0: one resident wave)
template <auto Kernel>
unsigned grid_of(index_t blocks_of_work, int fallback, const lombscargle_launch& opt) {
  const int blocks_per_sm = opt.blocks_per_sm > 0 ? opt.blocks_per_sm : fallback;
  return blocks_per_sm == 0 ? resident_grid<Kernel>(blocks_of_work) : capped_grid(blocks_of_work, blocks_per_sm);
}

template <class R, bool Fast, int F>
void launch_listed(const signal::detail::lombscargle_problem<R>& p, int* zero_found, const lombscargle_launch& opt) {
  constexpr index_t per_block = index_t{ls_threads} * F;  // a block's frequencies: F per thread
  listed_kernel<R, Fast, F>
      <<<grid_of<listed_kernel<R, Fast, F>>((p.nf + per_block - 1) / per_block, ls_listed_blocks_per_sm, opt),
         ls_threads, 0, current_stream()>>>(p, zero_found);
}

template <class R, bool Fast>
void launch(const signal::detail::lombscargle_problem<R>& p, int* zero_found, const lombscargle_launch& opt) {
  ::xp::debug::count_launch();
  if (p.freqs) {
    switch (opt.per_thread) {
      case 1:
        launch_listed<R, Fast, 1>(p, zero_found, opt);
        break;
      case 2:
        launch_listed<R, Fast, 2>(p, zero_found, opt);
        break;
      case 4:
        launch_listed<R, Fast, 4>(p, zero_found, opt);
        break;
      default:
        launch_listed<R, Fast, ls_per_thread<R>>(p, zero_found, opt);
        break;
    }
  } else {
    constexpr index_t per_block = index_t{ls_threads} * signal::detail::grid_run;  // a run per thread
    grid_kernel<R, Fast><<<grid_of<grid_kernel<R, Fast>>((p.nf + per_block - 1) / per_block, 0, opt), ls_threads, 0,
                           current_stream()>>>(p);
  }
  XP_CUDA_CHECK(cudaGetLastError());
}

// The default kernels, loaded when xp sets a device up (see runtime.hpp).
const kernel_preloader preload_periodogram{[] {
  cudaFuncAttributes a;
  XP_CUDA_CHECK(cudaFuncGetAttributes(&a, listed_kernel<double, false, ls_per_thread<double>>));
  XP_CUDA_CHECK(cudaFuncGetAttributes(&a, listed_kernel<float, false, ls_per_thread<float>>));
  XP_CUDA_CHECK(cudaFuncGetAttributes(&a, listed_kernel<float, true, ls_per_thread<float>>));
  XP_CUDA_CHECK(cudaFuncGetAttributes(&a, grid_kernel<double, false>));
  XP_CUDA_CHECK(cudaFuncGetAttributes(&a, grid_kernel<float, false>));
  XP_CUDA_CHECK(cudaFuncGetAttributes(&a, grid_kernel<float, true>));
}};

}  // namespace

template <class R>
bool lombscargle_with(const signal::detail::lombscargle_problem<R>& p, lombscargle_launch opt) {
  if (p.nf == 0) return false;
  // listed: the kernel raises a device flag for a zero frequency, read back after it
  std::shared_ptr<void> flag = p.freqs ? device_memory::allocate(sizeof(int)) : nullptr;
  int* zero_found = static_cast<int*>(flag.get());
  if (zero_found) XP_CUDA_CHECK(cudaMemsetAsync(zero_found, 0, sizeof(int), current_stream()));
  if (std::is_same_v<R, float> && p.fast_math) launch<R, true>(p, zero_found, opt);
  else launch<R, false>(p, zero_found, opt);
  if (!zero_found) return false;
  int found = 0;
  XP_CUDA_CHECK(cudaMemcpyAsync(&found, zero_found, sizeof(int), cudaMemcpyDeviceToHost, current_stream()));
  XP_CUDA_CHECK(cudaStreamSynchronize(current_stream()));
  return found != 0;
}

}  // namespace xp::backends::cuda
