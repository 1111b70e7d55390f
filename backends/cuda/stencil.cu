// primitive::stencil_steps<cuda>: explicit diffusion, several time steps per launch (temporal
// blocking) with the field in registers.
//
// A block owns a tile of (warps * Rows) x 128 cells: warp w holds rows [w*Rows, (w+1)*Rows) of it
// and lane l the 4 adjacent columns [4l, 4l+4) of those rows, all in registers. One step needs
// each cell's four neighbours: up and down are the thread's own registers (the tile's top and
// bottom rows of a warp come from the warps above and below through shared memory), left and
// right are the thread's own registers or one warp shuffle from the next lane. The tile is loaded
// with a halo of Halo cells on every side; a step's result is wrong only one cell further in from
// the tile's edge than the previous step's, so after up to Halo steps the inner
// (warps * Rows - 2 Halo) x (128 - 2 Halo) cells are exact and are the block's output. Each
// launch therefore reads and writes the field once for Halo steps: for the seeds' 2000 x 2000
// float32 field the two buffers (32 MB) stay in L2 and a step costs a fraction of one pass over it.
// Cells outside the grid are held at 0 every step, which is the seeds' boundary rule. Compiled
// once for every type of XP_STENCIL_TYPES (pde/stencil_primitive.hpp).

// this unit holds the primitive's explicit instantiations (backends/cuda/precompiled.hpp)
#define XP_INSTANTIATE_STENCIL

#include <algorithm>
#include <array>
#include <type_traits>
#include <utility>

#include "xp/backends/cuda/kernels.cuh"
#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/runtime.hpp"
#include "xp/backends/cuda/stencil.hpp"

namespace xp::backends::cuda {

namespace {

constexpr int cols_per_lane = 4;                      // adjacent columns a lane holds: one 16-byte float load per row
constexpr int tile_cols = warp_size * cols_per_lane;  // a warp spans the tile's 128 columns
constexpr int max_warps = 16;                         // 512 threads: the most a block of this kernel takes
// Shared memory a block may use without opting in to more (cudaFuncAttributeMaxDynamicSharedMemorySize).
constexpr std::size_t default_shared_bytes = 48 * 1024;

template <class T>
struct alignas(cols_per_lane * sizeof(T) <= 16 ? cols_per_lane * sizeof(T) : 16) quad {
  T v[cols_per_lane];
};

// `updates` (<= halo) steps in -> out; with lap_out, also the Laplacian of the last step's input,
// or of `in` itself when updates == 0. Blocks are numbered row-major over a blocks_x-wide grid of
// tiles. halo is Halo, or 0 when one block's tile holds the whole field: nothing outside it can
// then go stale, and any number of steps fits one launch.
template <class T, int Halo, int Rows>
__global__ void __launch_bounds__(max_warps * 32)
    temporal_kernel(const T* __restrict__ in, T* __restrict__ out, T* __restrict__ lap_out, index_t rows, index_t cols,
                    T coeff, int updates, int halo, index_t blocks_x) {
  extern __shared__ unsigned char shared_bytes[];
  auto* edges = reinterpret_cast<quad<T>*>(shared_bytes);  // [2 buffers][warps][top, bottom][warp_size lanes]
  const int lane = threadIdx.x, warp = threadIdx.y, warps = blockDim.y;
  const int tile_rows = warps * Rows;
  const index_t bx = blockIdx.x % blocks_x, by = blockIdx.x / blocks_x;
  const index_t tile_row0 = by * (tile_rows - 2 * halo) - halo, tile_col0 = bx * (tile_cols - 2 * halo) - halo;
  const index_t row0 = tile_row0 + warp * Rows, col0 = tile_col0 + lane * cols_per_lane;  // of v[0][0]

  // which of this thread's cells lie in the grid, and which are the block's output
  const int in_lo = static_cast<int>(std::clamp<index_t>(-row0, 0, Rows));
  const int in_hi = static_cast<int>(std::clamp<index_t>(rows - row0, 0, Rows));
  const int out_lo = std::max(in_lo, halo - warp * Rows), out_hi = std::min(in_hi, tile_rows - halo - warp * Rows);
  unsigned col_in = 0, col_out = 0;
#pragma unroll
  for (int k = 0; k < cols_per_lane; ++k) {
    const bool inside = col0 + k >= 0 && col0 + k < cols;
    const int c = lane * cols_per_lane + k;
    col_in |= unsigned{inside} << k;
    col_out |= unsigned{inside && c >= halo && c < tile_cols - halo} << k;
  }
  const bool at_border = tile_row0 < 0 || tile_col0 < 0 || tile_row0 + tile_rows > rows || tile_col0 + tile_cols > cols;

  T v[Rows][cols_per_lane];  // this thread's Rows x 4 cells of the tile
  {
    const T* src = in + row0 * cols + col0;
#pragma unroll
    for (int r = 0; r < Rows; ++r, src += cols)
#pragma unroll
      for (int k = 0; k < cols_per_lane; ++k) v[r][k] = r >= in_lo && r < in_hi && (col_in >> k & 1u) ? src[k] : T(0);
  }

  // one step (update) or a Laplacian-only pass (!update); the last pass also stores the Laplacian
  auto pass = [&]<bool StoreLap>(int s, bool update) {
    quad<T>* buf = edges + (s & 1) * warps * 2 * warp_size;  // double-buffered: one barrier per step
    buf[(warp * 2) * warp_size + lane] = *reinterpret_cast<const quad<T>*>(v[0]);
    buf[(warp * 2 + 1) * warp_size + lane] = *reinterpret_cast<const quad<T>*>(v[Rows - 1]);
    __syncthreads();
    quad<T> above{}, below{};
    if (warp > 0) above = buf[((warp - 1) * 2 + 1) * warp_size + lane];
    if (warp + 1 < warps) below = buf[((warp + 1) * 2) * warp_size + lane];

    T prev[cols_per_lane];  // [cols_per_lane]: the row above's values before this step
#pragma unroll
    for (int k = 0; k < cols_per_lane; ++k) prev[k] = above.v[k];
#pragma unroll
    for (int r = 0; r < Rows; ++r) {
      T cur[cols_per_lane], down[cols_per_lane];  // [cols_per_lane] each: this row, the row below
#pragma unroll
      for (int k = 0; k < cols_per_lane; ++k) {
        cur[k] = v[r][k];
        down[k] = r + 1 < Rows ? v[r + 1][k] : below.v[k];
      }
      T left = __shfl_up_sync(full_warp_mask, cur[cols_per_lane - 1], 1);
      T right = __shfl_down_sync(full_warp_mask, cur[0], 1);
      if (lane == 0) left = T(0);
      if (lane == warp_size - 1) right = T(0);
#pragma unroll
      for (int k = 0; k < cols_per_lane; ++k) {
        const T l = T(4) * cur[k] - prev[k] - down[k] - (k > 0 ? cur[k - 1] : left) -
                    (k + 1 < cols_per_lane ? cur[k + 1] : right);
        if (update) v[r][k] = cur[k] - coeff * l;
        if constexpr (StoreLap)
          if (r >= out_lo && r < out_hi && (col_out >> k & 1u)) lap_out[(row0 + r) * cols + col0 + k] = l;
      }
#pragma unroll
      for (int k = 0; k < cols_per_lane; ++k) prev[k] = cur[k];
    }
    if (update && at_border) {  // cells outside the grid stay 0
#pragma unroll
      for (int r = 0; r < Rows; ++r)
#pragma unroll
        for (int k = 0; k < cols_per_lane; ++k)
          if (r < in_lo || r >= in_hi || !(col_in >> k & 1u)) v[r][k] = T(0);
    }
  };
  const int passes = updates > 0 ? updates : (lap_out ? 1 : 0);
  for (int s = 0; s + 1 < passes; ++s) pass.template operator()<false>(s, true);
  if (passes > 0) {
    if (lap_out) pass.template operator()<true>(passes - 1, updates > 0);
    else pass.template operator()<false>(passes - 1, true);
  }
  if (updates == 0) return;
  T* dst = out + row0 * cols + col0;
#pragma unroll
  for (int r = 0; r < Rows; ++r, dst += cols)
#pragma unroll
    for (int k = 0; k < cols_per_lane; ++k)
      if (r >= out_lo && r < out_hi && (col_out >> k & 1u)) dst[k] = v[r][k];
}

// One compiled tile shape and the warps per block that suits a field of a given size.
template <class T, int Halo, int Rows>
struct variant {
  static constexpr auto kernel = temporal_kernel<T, Halo, Rows>;

  // [2 buffers][warps][top, bottom][warp_size lanes] quads
  static std::size_t shared_bytes(int warps) { return std::size_t{2} * warps * 2 * warp_size * sizeof(quad<T>); }
  // block heights that hold an output row and fit the default 48 KiB of shared memory (12 warps
  // for double)
  static constexpr int min_warps = 2 * Halo / Rows + 1;
  static constexpr int most_warps =
      std::min<int>(max_warps, default_shared_bytes / (2 * 2 * warp_size * sizeof(quad<T>)));
  static_assert(min_warps <= most_warps);

  static int blocks_per_sm(int warps) {
    static const std::array<int, max_warps + 1> per_sm = [] {  // [warps + 1]: looked up once
      std::array<int, max_warps + 1> t{};
      for (int w = min_warps; w <= most_warps; ++w) {
        int n = 0;
        XP_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, kernel, w * 32, shared_bytes(w)));
        t[w] = std::max(n, 1);
      }
      return t;
    }();
    return per_sm[warps];
  }

  static index_t blocks(index_t rows, index_t cols, int warps, index_t* blocks_x) {
    *blocks_x = (cols + tile_cols - 2 * Halo - 1) / (tile_cols - 2 * Halo);
    const index_t out_rows = index_t{warps} * Rows - 2 * Halo;
    return *blocks_x * ((rows + out_rows - 1) / out_rows);
  }

  // Time is about (waves of blocks) x (time of one wave). A wave's time grows with the warps it
  // puts on an SM, but not below about 16 of them: the kernel is latency-bound (a barrier and a
  // shuffle chain per step), and fewer warps leave the SM idle (measured on the H100: 8 warps per
  // block beat 4, 6, 7, 12 and 16 on 2000 x 2000). The best height balances the halo's redundant
  // work against a partly empty last wave.
  static constexpr int saturating_warps = 16;

  static int best_warps(index_t rows, index_t cols) {
    int best = 0;
    double best_cost = 0;
    for (int w = min_warps; w <= most_warps; ++w) {
      index_t bx = 0;
      const index_t n = blocks(rows, cols, w, &bx);
      const index_t per_sm = blocks_per_sm(w), slots = index_t{sm_count()} * per_sm;
      const double cost = static_cast<double>((n + slots - 1) / slots) * std::max<double>(per_sm * w, saturating_warps);
      if (best == 0 || cost < best_cost) best = w, best_cost = cost;
    }
    return best;
  }

  static T* run(const pde::detail::stencil_problem<T>& p, int warps) {
    cudaStream_t stream = current_stream();
    T* in = p.field;
    T* out = p.scratch;
    auto launch = [&](dim3 grid, dim3 block, T* dst, T* lap, int updates, int halo, index_t blocks_x) {
      ::xp::debug::count_launch();
      kernel<<<grid, block, shared_bytes(static_cast<int>(block.y)), stream>>>(in, dst, lap, p.rows, p.cols, p.coeff,
                                                                               updates, halo, blocks_x);
      XP_CUDA_CHECK(cudaGetLastError());
    };
    if (p.cols <= tile_cols && p.rows <= index_t{most_warps} * Rows) {  // one block holds the field
      const dim3 block(warp_size, static_cast<unsigned>((p.rows + Rows - 1) / Rows));
      constexpr index_t chunk = 1 << 16;  // steps per launch, so that no launch runs for long
      if (p.steps == 0) launch(dim3(1), block, nullptr, p.lap_out, 0, 0, 1);
      for (index_t done = 0; done < p.steps; done += chunk) {
        const int t = static_cast<int>(std::min(chunk, p.steps - done));
        launch(dim3(1), block, out, done + t == p.steps ? p.lap_out : nullptr, t, 0, 1);
        std::swap(in, out);
      }
      return in;
    }
    warps = warps == 0 ? best_warps(p.rows, p.cols) : std::clamp(warps, min_warps, most_warps);
    index_t blocks_x = 0;
    const index_t n = blocks(p.rows, p.cols, warps, &blocks_x);
    if (n > max_grid_x) throw value_error("xp::pde: field too large for one launch");
    const dim3 grid(static_cast<unsigned>(n)), block(warp_size, static_cast<unsigned>(warps));
    if (p.steps == 0) launch(grid, block, nullptr, p.lap_out, 0, Halo, blocks_x);
    for (index_t done = 0; done < p.steps; done += Halo) {
      const int t = static_cast<int>(std::min<index_t>(Halo, p.steps - done));
      launch(grid, block, out, done + t == p.steps ? p.lap_out : nullptr, t, Halo, blocks_x);
      std::swap(in, out);
    }
    return in;
  }
};

// Rows per thread: 8 floats or 4 doubles keep a thread's cells (32 registers' worth) without
// spills. Steps per launch: 8 by default; the benchmarks may ask for the others.
template <class T>
using default_variant = std::conditional_t<std::is_same_v<T, float>, variant<float, 8, 8>, variant<double, 8, 4>>;

// The default kernels, loaded when xp sets a device up (see runtime.hpp).
const kernel_preloader preload_diffusion{[] {
  cudaFuncAttributes a;
  XP_CUDA_CHECK(cudaFuncGetAttributes(&a, default_variant<float>::kernel));
  XP_CUDA_CHECK(cudaFuncGetAttributes(&a, default_variant<double>::kernel));
}};

}  // namespace

template <class T>
T* stencil_steps_with(const pde::detail::stencil_problem<T>& p, stencil_launch launch) {
  if (p.rows == 0 || p.cols == 0) return p.field;
  if constexpr (std::is_same_v<T, float>) {
    switch (launch.halo) {
      case 4:
        return variant<T, 4, 8>::run(p, launch.warps);
      case 12:
        return variant<T, 12, 8>::run(p, launch.warps);
      case 16:
        return variant<T, 16, 8>::run(p, launch.warps);
      default:
        return default_variant<T>::run(p, launch.warps);
    }
  } else {
    switch (launch.halo) {
      case 4:
        return variant<T, 4, 4>::run(p, launch.warps);
      default:
        return default_variant<T>::run(p, launch.warps);
    }
  }
}

}  // namespace xp::backends::cuda
