// Tutorial 10: raw CUDA kernels on xp arrays, and the GPUs they run on.
//
// Tutorials 3 to 9 never write a kernel: xp's expressions, reductions and library functions
// generate them. Sometimes you want your own `__global__` function, as the seeds do with Numba's
// @cuda.jit and CuPy's RawKernel. In xp the kernel takes `a.view()` by value (the type is
// `xp::ndarray<T, xp::cuda>::view_type`; `a.cview()` is the read-only form): `v(i, j)` is element
// (i, j) for any strides, transposed and reversed views included, and `v.shape(k)` its extents.
// `xp::cuda::launch(kernel, {grid, block, shared_bytes}, args...)` runs it on xp's current stream
// and turns a refused launch into an exception; `xp::cuda::grid_for(n, block)` is the ceil-divide
// every launch needs. This file is compiled by nvcc (a .cu) and runs on the GPU only.
//
//   Step 1: list the GPUs (the seeds' `cuda.gpus`) with xp::cuda::device_count(),
//           device_properties(i) and mem_info().
//   Step 2: the seeds' shared-memory matmul as a raw kernel, four seed bugs fixed (it looped
//           gridDim.x times over k, so only square matrices worked; it read past the matrix edges;
//           its bounds test used `and` for `or`; it returned before __syncthreads). Timed by
//           tutorial::measure (CUDA events on xp's stream; warm-up, repeats, median and min)
//           against xp::matmul's tiled engine and cuBLAS, the practical peak, and checked against
//           cuBLAS. The same kernel then reads A through a transposed view: still right, but
//           slower, since its loads of A no longer coalesce. Strides make code correct, not fast.
//   Step 3: the seeds' 2-D diffusion kernel, shared-memory tile with a one-cell halo. The seeds'
//           kernel updates the field in place, so a block may read a neighbour that another
//           block already moved to the next step (a race); this one reads one buffer and writes
//           the other. Timed per step (effective GB/s beside the copy bandwidth and the memory's
//           peak) and checked against xp::pde::diffuse.
//   Step 4: registers per thread and blocks per SM of both kernels (kernel_attributes,
//           max_active_blocks): the numbers that __launch_bounds__ and -maxrregcount trade
//           (docs/raw_kernels.md).
//
//   ./10_raw_kernels            full sizes (matmul up to 4096^3, diffusion 2000^2 x 10,000 steps)
//   ./10_raw_kernels --small    the CTest sizes
//   out/tutorials/10_raw_kernels/raw_kernels.csv, raw_kernels.png   the timings, as bars
// Exit code 0 when every result matches the library's, 1 otherwise, 77 (skipped) without a GPU.
#include "tutorial.hpp"

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

// What a kernel takes: a writeable view of a float device array, and a read-only one.
using fview = xp::ndarray<float, xp::cuda>::view_type;
using fcview = xp::ndarray<float, xp::cuda>::const_view_type;

// ---- Step 2's kernel ------------------------------------------------------------------------------

// example-begin tiled-matmul
// C = A B, one thread per element of C. The k loop goes a tile at a time: the block loads a
// tile x tile piece of A and one of B into shared memory, and every value loaded there is used
// tile times, instead of once per read from global memory.
constexpr int tile = 16;                   // two 16 x 16 float tiles: 2 KiB of shared memory
constexpr int tile_threads = tile * tile;  // one thread per element of a tile: 256, 8 warps

__global__ void __launch_bounds__(tile_threads) tiled_matmul(fcview a, fcview b, fview c) {
  __shared__ float a_tile[tile][tile];  // [tile][tile]: A(row0 + y, k0 + x), rows of this block's C
  __shared__ float b_tile[tile][tile];  // [tile][tile]: B(k0 + y, col0 + x), columns of this block's C
  const int ty = threadIdx.y, tx = threadIdx.x;
  const xp::index_t m = c.shape(0), n = c.shape(1), k = a.shape(1);
  // x runs along columns: a warp's reads of B and writes of C are consecutive addresses
  const xp::index_t row = xp::index_t{blockIdx.y} * tile + ty;
  const xp::index_t col = xp::index_t{blockIdx.x} * tile + tx;
  float sum = 0.f;
  for (xp::index_t k0 = 0; k0 < k; k0 += tile) {  // ceil(k / tile) steps, for any shapes
    // zeros past the edges, so that the last, partial tile needs no other care
    a_tile[ty][tx] = row < m && k0 + tx < k ? a(row, k0 + tx) : 0.f;
    b_tile[ty][tx] = k0 + ty < k && col < n ? b(k0 + ty, col) : 0.f;
    __syncthreads();  // both tiles complete before any thread reads them
#pragma unroll
    for (int p = 0; p < tile; ++p) sum += a_tile[ty][p] * b_tile[p][tx];
    __syncthreads();  // every thread done reading before the next step overwrites the tiles
  }
  // threads past the edge of C took part in every barrier above; only now do they drop out
  if (row < m && col < n) c(row, col) = sum;
}
// example-end tiled-matmul

// ---- Step 3's kernel ------------------------------------------------------------------------------

// One explicit diffusion step, out = in - coeff * laplacian(in), one thread per cell. A block
// stages its cells and a one-cell halo in shared memory, so each value comes from global memory
// once per block rather than five times (once per cell that needs it).
constexpr int tile_cols = 32;  // a warp's width: each warp loads 32 consecutive floats of a row (128 bytes)
constexpr int tile_rows = 8;   // 8 warps, 256 threads per block
constexpr int halo = 1;        // the 5-point Laplacian reaches one cell up, down, left and right
constexpr int stencil_threads = tile_rows * tile_cols;  // one thread per cell of the tile

__global__ void __launch_bounds__(stencil_threads)
    diffusion_step(fcview in, fview out, fview lap, float coeff, bool write_laplacian) {
  // [tile_rows + 2][tile_cols + 2]: the block's cells with their halo (corners unused)
  __shared__ float cells[tile_rows + 2 * halo][tile_cols + 2 * halo];
  const int ty = threadIdx.y, tx = threadIdx.x;
  const xp::index_t rows = in.shape(0), cols = in.shape(1);
  const xp::index_t i = xp::index_t{blockIdx.y} * tile_rows + ty;
  const xp::index_t j = xp::index_t{blockIdx.x} * tile_cols + tx;
  // a cell outside the field reads as 0: xp::pde's boundary rule, and the seeds'
  auto at = [&](xp::index_t r, xp::index_t s) { return r >= 0 && r < rows && s >= 0 && s < cols ? in(r, s) : 0.f; };
  cells[ty + halo][tx + halo] = at(i, j);
  if (ty == 0) cells[0][tx + halo] = at(i - 1, j);
  if (ty == tile_rows - 1) cells[tile_rows + halo][tx + halo] = at(i + 1, j);
  if (tx == 0) cells[ty + halo][0] = at(i, j - 1);
  if (tx == tile_cols - 1) cells[ty + halo][tile_cols + halo] = at(i, j + 1);
  // the tile and its halo are in place before any thread reads a neighbour
  __syncthreads();
  if (i >= rows || j >= cols) return;      // past the barrier, threads outside the field may leave
  const int y = ty + halo, x = tx + halo;  // this thread's cell in `cells`
  const float centre = cells[y][x];
  const float l = 4.f * centre - cells[y - 1][x] - cells[y + 1][x] - cells[y][x - 1] - cells[y][x + 1];
  out(i, j) = centre - coeff * l;
  if (write_laplacian) lap(i, j) = l;
}

// ---- helpers ---------------------------------------------------------------------------------------

// Every timing below is tutorial::measure<xp::cuda>: a few untimed calls first (a kernel's
// first launch loads its module), then calls timed by CUDA events recorded on xp's current
// stream (where xp::cuda::launch, xp's kernels and cuBLAS all run), median and minimum.
// Each row is also written to raw_kernels.csv for the figure.
std::FILE* g_csv = nullptr;

constexpr double kib = 1024.0, mib = kib * 1024, gib = mib * 1024;

// ---- Step 1 -----------------------------------------------------------------------------------------

void list_gpus() {
  const int count = xp::cuda::device_count();
  std::printf("  GPUs: %d (xp::cuda::device_count)\n", count);
  for (int d = 0; d < count; ++d) {
    const xp::cuda::device_info p = xp::cuda::device_properties(d);
    std::printf("  %d: %s, compute capability %d.%d, %d SMs at %.0f MHz\n", d, p.name.c_str(), p.major, p.minor,
                p.multiprocessor_count, p.clock_khz / 1e3);
    std::printf("     %.1f GiB at %.0f GB/s peak (%d-bit bus at %.0f MHz), L2 %.1f MiB\n",
                double(p.total_memory_bytes) / gib, p.peak_bandwidth() / 1e9, p.memory_bus_width_bits,
                p.memory_clock_khz / 1e3, p.l2_cache_bytes / mib);
    std::printf("     blocks of up to %d threads, %.0f KiB shared memory per block (%.0f KiB opting in), warps of %d\n",
                p.max_threads_per_block, double(p.shared_memory_per_block) / kib,
                double(p.shared_memory_per_block_optin) / kib, p.warp_size);
  }
  if (count > 0) {
    const xp::cuda::memory_info m = xp::cuda::mem_info();
    std::printf("  current device's memory: %.1f GiB free of %.1f GiB (xp::cuda::mem_info)\n",
                double(m.free_bytes) / gib, double(m.total_bytes) / gib);
  }
}

// ---- Step 2 -----------------------------------------------------------------------------------------

bool matmul_part(const tutorial::options& opt) {
  struct dims {
    xp::index_t m, k, n;
  };
  // the seeds' 1000^2, a large square product, and a rectangular one the seeds' kernel got wrong
  const std::vector<dims> sizes = opt.small
                                      ? std::vector<dims>{{100, 100, 100}, {257, 129, 65}}
                                      : std::vector<dims>{{1000, 1000, 1000}, {4096, 4096, 4096}, {1000, 500, 700}};
  bool ok = true;
  std::printf("\n  Step 2: C = A B in float32, raw kernel against the library (cuBLAS: the practical peak)\n");
  std::printf("  %-42s %10s %10s %10s %9s  %s\n", "", "median ms", "min ms", "GFLOP/s", "% cuBLAS", "max |C - cuBLAS|");
  for (const dims& d : sizes) {
    const auto a = xp::random::uniform<float, xp::cuda>({d.m, d.k}, -1.f, 1.f, 1);
    const auto b = xp::random::uniform<float, xp::cuda>({d.k, d.n}, -1.f, 1.f, 2);
    // A stored transposed: the (k, m) array's transpose is A's shape with strides (1, m)
    const auto a_stored_transposed = xp::random::uniform<float, xp::cuda>({d.k, d.m}, -1.f, 1.f, 3);
    const auto at = xp::transpose(a_stored_transposed);
    auto c = xp::empty<float, xp::cuda>({d.m, d.n});
    const double flops = 2.0 * double(d.m) * double(d.n) * double(d.k);
    std::printf("  m, k, n = %lld, %lld, %lld\n", static_cast<long long>(d.m), static_cast<long long>(d.k),
                static_cast<long long>(d.n));

    // Each float32 product is within k * eps * (|A| |B|)_ij of the exact one, so two of them are
    // within twice that of each other: the test that the raw kernel computes the same product.
    struct result {
      const char* what;
      tutorial::timing t;
      double largest;
      bool right;
    };
    std::vector<result> results;
    auto check = [&](const char* what, const xp::ndarray<float, xp::cuda>& got, const xp::ndarray<float, xp::cuda>& lhs,
                     tutorial::timing t) {
      const xp::ndarray<float, xp::cuda> want = xp::matmul(lhs, b);
      const xp::ndarray<double, xp::cuda> scale =
          xp::matmul(xp::eval(xp::abs(lhs)), xp::eval(xp::abs(b))).astype<double>();
      const auto diff = xp::eval(xp::abs(got.astype<double>() - want.astype<double>()));
      const double slack = xp::max(diff - 2.0 * double(d.k) * double(FLT_EPSILON) * scale).item();
      results.push_back({what, t, xp::max(diff).item(), slack <= 0});
      ok = ok && slack <= 0;
    };

    // example-begin launch-matmul
    const dim3 block(tile, tile);
    const dim3 grid(xp::cuda::grid_for(d.n, tile), xp::cuda::grid_for(d.m, tile, 1));  // x: columns, y: rows
    xp::cuda::launch(tiled_matmul, {grid, block}, a.cview(), b.cview(), c.view());
    // example-end launch-matmul
    tutorial::timing t = tutorial::measure<xp::cuda>([&] {
      xp::cuda::launch(tiled_matmul, {grid, block}, a.cview(), b.cview(), c.view());
    });
    check("raw tiled_matmul (16 x 16 tiles)", c, a, t);

    t = tutorial::measure<xp::cuda>([&] {
      xp::cuda::launch(tiled_matmul, {grid, block}, at.cview(), b.cview(), c.view());
    });
    check("raw tiled_matmul (A: a transposed view)", c, at, t);

    xp::ndarray<float, xp::cuda> lib;
    t = tutorial::measure<xp::cuda>([&] { lib = xp::matmul(a, b, {.engine = xp::engine::own}); });
    check("xp::matmul engine tiled (128 x 128 tiles)", lib, a, t);

    t = tutorial::measure<xp::cuda>([&] { lib = xp::matmul(a, b, {.engine = xp::engine::vendor}); });
    check("xp::matmul engine cublas (the default)", lib, a, t);

    const double peak = flops / (results.back().t.median_ms * 1e6);  // cuBLAS's GFLOP/s
    for (const result& r : results) {
      const double gflops = flops / (r.t.median_ms * 1e6);
      std::printf("  %-42s %10.3f %10.3f %10.1f %8.1f%%  %.2e%s\n", r.what, r.t.median_ms, r.t.min_ms, gflops,
                  100 * gflops / peak, r.largest, r.right ? "" : "  WRONG");
      std::fprintf(g_csv, "matmul,%lld x %lld x %lld,%s,%.6g,%.6g,%.6g\n", static_cast<long long>(d.m),
                   static_cast<long long>(d.k), static_cast<long long>(d.n), r.what, r.t.median_ms, r.t.min_ms, gflops);
    }
  }
  return ok;
}

// ---- Step 3 -----------------------------------------------------------------------------------------

bool diffusion_part(const tutorial::options& opt) {
  const xp::index_t n = opt.small ? 200 : 2000, steps = opt.small ? 500 : 10000;  // the seeds' 2000^2 x 10,000
  // Below the stability limit 0.25 (the seeds' value): there the checkerboard mode of a jagged
  // start neither grows nor decays; 0.2 damps it (tutorial 9).
  const float coeff = 0.2f;
  std::printf("\n  Step 3: %lld steps of 2-D diffusion on %lld x %lld float32\n", static_cast<long long>(steps),
              static_cast<long long>(n), static_cast<long long>(n));
  // a jagged start: 30% of the cells hot (the seeds keep their field's top 30%)
  const xp::ndarray<float, xp::cuda> start =
      xp::where(xp::random::uniform<float, xp::cuda>({n, n}, 0.f, 1.f, 7) > 0.7f, 1.f, 0.f);

  // the raw kernel: two buffers, each step reads one and writes the other
  auto cur = start.copy(), next = xp::empty<float, xp::cuda>({n, n}), lap = xp::empty<float, xp::cuda>({n, n});
  const dim3 block(tile_cols, tile_rows);
  const dim3 grid(xp::cuda::grid_for(n, tile_cols), xp::cuda::grid_for(n, tile_rows, 1));
  auto raw_steps = [&](xp::index_t count, bool last_laplacian) {
    for (xp::index_t s = 0; s < count; ++s) {
      xp::cuda::launch(diffusion_step, {grid, block}, cur.cview(), next.view(), lap.view(), coeff,
                       last_laplacian && s + 1 == count);
      std::swap(cur, next);
    }
  };
  // the library: temporal blocking, 8 steps per pass over memory (docs/architecture.md)
  auto lib = start.copy(), lib_lap = xp::empty<float, xp::cuda>({n, n});

  // The time per step: measure() over chunks of steps (the field keeps evolving; the work per
  // step does not change). Then the checked runs, from the start, untimed.
  const xp::index_t chunk = std::min<xp::index_t>(steps, 1000);
  const tutorial::timing raw_t = tutorial::measure<xp::cuda>([&] { raw_steps(chunk, false); });
  const tutorial::timing lib_t = tutorial::measure<xp::cuda>([&] { xp::pde::diffuse(lib, coeff, chunk); });
  cur = start.copy();
  raw_steps(steps, true);
  lib = start.copy();
  xp::pde::diffuse(lib, coeff, steps, {.laplacian = &lib_lap});

  // Both compute l = 4 c - up - down - left - right and c - coeff * l in the same order, so they
  // normally agree to the bit. Were a compiler to round differently, one step's results could
  // differ by 4 ulps of 1 (l reaches 4 in magnitude), and later steps do not amplify that (for
  // coeff <= 0.25 a step is a weighted mean with weights >= 0): after `steps` steps the fields
  // differ by less than steps * 4 ulps, and the last Laplacians (8 neighbours' worth) by 8 times that.
  const double field_tolerance = double(steps) * 4 * double(FLT_EPSILON), lap_tolerance = 8 * field_tolerance;
  const double field_diff = xp::max(xp::abs(cur - lib)).item(), lap_diff = xp::max(xp::abs(lap - lib_lap)).item();
  const bool ok = field_diff <= field_tolerance && lap_diff <= lap_tolerance;

  // A step reads and writes every cell once (8 bytes per cell) if nothing is cached: the
  // "effective" bandwidth, beside what a copy reaches and the memory's peak.
  const double copy_gbs = tutorial::copy_bandwidth_gbs<xp::cuda>();
  int device = 0;
  XP_CUDA_CHECK(cudaGetDevice(&device));
  const double peak_gbs = xp::cuda::device_properties(device).peak_bandwidth() / 1e9;
  std::printf("  %-42s %10s %10s %10s %9s\n", "", "us/step", "min", "eff. GB/s", "% copy");
  auto row = [&](const char* what, const tutorial::timing& t) {
    const double us = t.median_ms * 1e3 / double(chunk), gbs = 8.0 * double(n) * double(n) / (us * 1e3);
    std::printf("  %-42s %10.2f %10.2f %10.0f %8.0f%%\n", what, us, t.min_ms * 1e3 / double(chunk), gbs,
                100 * gbs / copy_gbs);
    std::fprintf(g_csv, "diffusion,%lld x %lld,%s,%.6g,%.6g,%.6g\n", static_cast<long long>(n),
                 static_cast<long long>(n), what, us, t.min_ms * 1e3 / double(chunk), gbs);
    return us;
  };
  const double raw_us = row("raw diffusion_step (32 x 8 tiles + halo)", raw_t);
  const double lib_us = row("xp::pde::diffuse (temporal blocking)", lib_t);
  std::printf(
      "  us/step: medians of runs of %lld steps; eff. GB/s: 8 bytes per cell per step; this GPU's copy\n"
      "  bandwidth: %.0f GB/s (tutorial::copy_bandwidth_gbs), its memory's peak: %.0f GB/s\n",
      static_cast<long long>(chunk), copy_gbs, peak_gbs);
  std::printf("  the seeds' %lld steps: %.1f ms with the raw kernel, %.1f ms with xp::pde::diffuse\n",
              static_cast<long long>(steps), raw_us * double(steps) * 1e-3, lib_us * double(steps) * 1e-3);
  std::printf("  largest difference from xp::pde::diffuse: field %.2e (bound %.1e), Laplacian %.2e (bound %.1e)%s\n",
              field_diff, field_tolerance, lap_diff, lap_tolerance, ok ? "" : "  WRONG");
  return ok;
}

// ---- Step 4 -----------------------------------------------------------------------------------------

template <class... Params>
void occupancy(const char* name, void (*kernel)(Params...), int threads) {
  const xp::cuda::kernel_info k = xp::cuda::kernel_attributes(kernel);
  int device = 0;
  XP_CUDA_CHECK(cudaGetDevice(&device));
  const xp::cuda::device_info p = xp::cuda::device_properties(device);
  const int blocks = xp::cuda::max_active_blocks(kernel, threads);
  std::printf(
      "  %-16s %3d registers/thread, %5zu B shared/block, %zu B spilled/thread: %2d blocks of %d per SM (%3.0f%% "
      "of its %d threads)\n",
      name, k.registers_per_thread, k.static_shared_bytes, k.local_bytes_per_thread, blocks, threads,
      100.0 * blocks * threads / p.max_threads_per_multiprocessor, p.max_threads_per_multiprocessor);
}

int main(int argc, char** argv) {
  tutorial::options opt;
  std::string backend = "auto";
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--backend=", 10) == 0) backend = argv[i] + 10;
    else if (std::strcmp(argv[i], "--small") == 0) opt.small = true;
  }
  std::puts("10 raw kernels: __global__ functions on xp arrays");
  try {
    list_gpus();  // also without a GPU: it then says 0
    if (backend == "host") {
      std::puts("raw CUDA kernels run on the GPU only: skipped");
      return 77;
    }
    if (!xp::cuda::available()) {
      std::puts("no CUDA device: skipped");
      return 77;
    }
    const std::string dir = tutorial::output_dir("10_raw_kernels");
    const std::string csv = dir + "/raw_kernels.csv";
    g_csv = std::fopen(csv.c_str(), "w");
    if (!g_csv) throw xp::io_error("cannot write " + csv);
    // matmul rows: ms, ms, GFLOP/s; diffusion rows: us per step, us per step, effective GB/s
    std::fprintf(g_csv, "part,case,method,median,min,speed\n");
    bool ok = matmul_part(opt);
    ok = diffusion_part(opt) && ok;
    std::fclose(g_csv);
    std::printf("\n  Step 4: occupancy\n");
    occupancy("tiled_matmul", tiled_matmul, tile_threads);
    occupancy("diffusion_step", diffusion_step, stencil_threads);
    std::fflush(stdout);
    tutorial::plot("10_raw_kernels", dir);
    std::puts(ok ? "self-check: PASSED" : "self-check: FAILED");
    return ok ? 0 : 1;
  } catch (const xp::error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}
