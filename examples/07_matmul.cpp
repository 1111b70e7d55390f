// Tutorial 7: matrix multiplication, four ways, and what "fast" means.
//
// The Numba and CuPy tutorials write a matmul kernel by hand: first one thread per output
// element reading a row of A and a column of B straight from memory, then a version that
// stages 16 x 16 tiles in shared memory. Both lose to cuBLAS by a wide margin. The lesson: use
// the library, unless you write the kernel with the care the library did. xp has all three:
//   - the naive kernel, written here with elementwise_kernel (one output element per call);
//   - xp's tiled engine: 128 x 128 block tiles in shared memory, 8 x 8 register tiles per
//     thread, 16-byte loads, two buffers so loads overlap the math;
//   - cuBLAS on the GPU, BLAS (OpenBLAS) on the host: xp::matmul's default.
// A product of two n x n matrices is 2 n^3 floating-point operations on 3 n^2 numbers: for large
// n it is limited by arithmetic, not memory, so its yardstick is GFLOP/s (10^9 operations per
// second), and the library's GFLOP/s is the practical peak a hand-written kernel is measured
// against. The sweep over n shows where each way reaches its speed: small products cannot fill
// the GPU.
//
// Then the seeds' matmul-then-column-sum, and the cheaper reassociation that gives the same
// answer: sum(A B, axis 0) = sum(A, axis 0) B, a vector-matrix product instead of a matrix one.
//
// On the host, products that would take many seconds are timed on their first rows only (the
// work is the same for every row) and the time is scaled to all n rows, or skipped; the output
// marks the scaled ones with * (the figure with hollow markers).
//
//   out/tutorials/07_matmul/matmul.csv   every timing
//   out/tutorials/07_matmul/matmul.png   GFLOP/s against n, one line per way
#include "tutorial.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

// The naive kernel: output (i, j) is the dot product of row i of A and column j of B, read from
// global memory. A struct holding raw pointers (trivially copyable), so it runs on both backends.
struct naive_dot {
  const float* a;
  const float* b;
  xp::index_t k, n;
  XP_HD float operator()(std::int64_t i, std::int64_t j) const {
    float s = 0;
    for (xp::index_t p = 0; p < k; ++p) s += a[i * k + p] * b[p * n + j];
    return s;
  }
};

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    constexpr bool gpu = std::is_same_v<B, xp::cuda>;
    constexpr bool blas = xp::primitive::gemm<xp::host>::has_blas;
    std::printf("07 matmul on %s\n", tutorial::name<B>());
    const std::string dir = tutorial::output_dir("07_matmul");
    const std::string csv_path = dir + "/matmul.csv";
    std::FILE* csv = std::fopen(csv_path.c_str(), "w");
    if (!csv) throw xp::io_error("cannot write " + csv_path);
    std::fprintf(csv, "backend,method,n,rows_timed,median_ms,min_ms,gflops\n");
    bool ok = true, sliced = false;

    // The host's time box: each way runs in full up to some n, then on its first `slice` rows
    // only (the time scaled to n rows), then not at all. The library and the naive kernel do the
    // same work for every row, so a slice of 512 or 64 rows times them fairly; xp's tiled engine
    // packs all of B for every call, which a slice would not amortise, so it is timed in full or
    // skipped. The GPU runs every way in full at every n.
    struct box {
      xp::index_t full_up_to, sliced_up_to, slice;
    };
    const box library_box{2048, 4096, 512}, tiled_box{2048, 2048, 0}, naive_box{512, 1024, 64};
    auto rows_to_time = [&](bool on_host, box limit, xp::index_t n) -> xp::index_t {
      if (!on_host || opt.small || n <= limit.full_up_to) return n;
      return n <= limit.sliced_up_to ? limit.slice : 0;  // 0: skipped
    };
    // The host's timings: one warm-up and 3 runs (seconds each at the largest n); the GPU's: the default.
    const tutorial::sampling host_sampling{1, 3, 3, 0};

    // Step 1: for each size, time the ways and check each against a float64 product, within
    // the bound of float32 dot products of length n: n * eps * (|A| |B|)_ij.
    const std::vector<xp::index_t> sizes =
        opt.small ? std::vector<xp::index_t>{128, 257} : std::vector<xp::index_t>{256, 512, 1024, 2048, 4096};
    std::printf("  C = A B, n x n float32; GFLOP/s = 2 n^3 / time; %% of the library = of %s\n",
                gpu ? "cuBLAS" : (blas ? "host BLAS" : "xp's blocked kernel"));
    std::printf("  %6s %-34s %11s %11s %10s %8s\n", "n", "", "median ms", "min ms", "GFLOP/s", "% lib");
    for (const xp::index_t n : sizes) {
      tutorial::progress(("n = " + std::to_string(n)).c_str());
      const auto a = xp::random::uniform<float, B>({n, n}, -1.f, 1.f, 1);
      const auto b = xp::random::uniform<float, B>({n, n}, -1.f, 1.f, 2);
      const auto a64 = a.template astype<double>(), b64 = b.template astype<double>();
      // The float64 product and the bound's scale, for as many rows as any way computes.
      const xp::index_t check_rows = rows_to_time(!gpu, library_box, n);
      const auto a64_top = a64(xp::range(0, check_rows));
      const xp::ndarray<double, B> exact = xp::matmul(a64_top, b64);
      const xp::ndarray<double, B> scale = xp::matmul(xp::eval(xp::abs(a64_top)), xp::eval(xp::abs(b64)));

      double library_gflops = 0;
      // Times f (which computes the first `rows` rows of C), checks those rows, prints and records.
      auto way = [&](auto tag, const char* method, xp::index_t rows, auto&& f) {
        using C = decltype(tag);  // the backend that runs f: B, or the host
        if (rows == 0) {
          std::printf("  %6lld %-34s %11s\n", static_cast<long long>(n), method, "skipped (the host's time box)");
          return;
        }
        xp::ndarray<float, C> c;
        const tutorial::timing t = tutorial::measure<C>(
            [&] { c = f(rows); }, std::is_same_v<C, xp::host> ? host_sampling : tutorial::sampling{});
        const double scaled = double(n) / double(rows);  // 1 when every row was computed
        const double median = t.median_ms * scaled, best = t.min_ms * scaled;
        const double gflops = 2.0 * double(n) * double(n) * double(n) / (median * 1e6);
        // a violation of the bound anywhere counts: the largest (|c - exact| - bound) must be <= 0
        const auto c64 = xp::asarray<B>(c).template astype<double>();
        const auto r = xp::range(0, rows);
        const double worst = (xp::abs(c64 - exact(r)) - double(n) * 0x1p-23 * scale(r)).max().item();
        if (library_gflops == 0) library_gflops = gflops;  // the library is timed first
        std::printf("  %6lld %-34s %11.3f %11.3f %10.1f %7.1f%%%s%s\n", static_cast<long long>(n), method, median, best,
                    gflops, 100 * gflops / library_gflops, rows < n ? " *" : "", worst <= 0 ? "" : "  WRONG");
        std::fprintf(csv, "%s,%s,%lld,%lld,%.6g,%.6g,%.6g\n", tutorial::name<B>(), method, static_cast<long long>(n),
                     static_cast<long long>(rows), median, best, gflops);
        ok = ok && worst <= 0;
        sliced = sliced || rows < n;
      };
      const auto top = [](const auto& m, xp::index_t rows) { return m(xp::range(0, rows)); };

      // Step 2: the library: cuBLAS on the GPU, BLAS on the host (xp::matmul's default).
      way(B{}, gpu ? "cuBLAS (xp::matmul default)" : (blas ? "host BLAS (xp::matmul default)" : "host (xp::matmul)"),
          rows_to_time(!gpu, library_box, n), [&](xp::index_t rows) { return xp::matmul(top(a, rows), b); });

      // Step 3: xp's tiled engine.
      way(B{}, gpu ? "xp tiled (shared memory)" : "xp tiled (cache blocks)", rows_to_time(!gpu, tiled_box, n),
          [&](xp::index_t rows) { return xp::matmul(top(a, rows), b, {.engine = xp::engine::own}); });

      // Step 4: the naive kernel over the grid of output indices (rows (rows, 1), columns (1, n)).
      auto naive = xp::elementwise_kernel(naive_dot{a.data(), b.data(), n, n});
      const auto cols = xp::arange<std::int64_t, B>(n).reshape({1, n});
      // (a GPU thread per output element; on the CPU, a call per element in a parallel loop)
      way(B{}, gpu ? "naive (one thread per element)" : "naive (one call per element)",
          rows_to_time(!gpu, naive_box, n), [&](xp::index_t rows) {
            return xp::ndarray<float, B>(naive(xp::arange<std::int64_t, B>(rows).reshape({rows, 1}), cols));
          });

      // Step 5: on the GPU run, the same product on this machine's CPU for comparison (BLAS when
      // the build found one, else xp's blocked kernel).
      if constexpr (gpu) {
        const auto ha = a.copy_to_host(), hb = b.copy_to_host();
        way(xp::host{}, blas ? "host BLAS (CPU)" : "host, xp blocked kernel (no BLAS)",
            rows_to_time(true, library_box, n), [&](xp::index_t rows) { return xp::matmul(top(ha, rows), hb); });
      }
    }
    std::fclose(csv);
    if (sliced)
      std::puts("  * timed on the first rows of C (the host's time box), scaled to n rows: same work per row");

    // Step 6: the seeds' column sum of a product, and the reassociation. Both are float32; they
    // agree to float32 rounding (inputs in [0, 1), so nothing cancels). On the host the direct
    // product is timed on the first rows of A (the sum over the first `rows` rows of A B), scaled.
    const xp::index_t m = opt.small ? 1000 : 10000, k = opt.small ? 500 : 5000, n = opt.small ? 700 : 7000;
    tutorial::progress("the seeds' sum(matmul(A, B), {0})");
    const auto a = xp::random::uniform<float, B>({m, k}, 0.f, 1.f, 3);
    const auto b = xp::random::uniform<float, B>({k, n}, 0.f, 1.f, 4);
    const xp::index_t rows = gpu || opt.small ? m : 250;
    const auto a_top = a(xp::range(0, rows));
    xp::ndarray<float, B> direct, cheap_top, cheap;
    const tutorial::sampling how = gpu ? tutorial::sampling{} : host_sampling;
    const tutorial::timing t_direct = tutorial::measure<B>([&] { direct = xp::matmul(a_top, b).sum({0}); }, how);
    const tutorial::timing t_cheap = tutorial::measure<B>([&] { cheap = xp::matmul(a.sum({0}), b); }, how);
    cheap_top = xp::matmul(a_top.sum({0}), b);  // the same rows as `direct`, for the check
    const double ms_direct = t_direct.median_ms * double(m) / double(rows);
    const double rel = (xp::abs(direct.template astype<double>() - cheap_top) / cheap_top).max().item();
    const double flops_direct = 2.0 * double(m) * double(k) * double(n);
    std::printf("  %-44s %11s %11s %10s\n", "", "median ms", "min ms", "GFLOP/s");
    std::printf("  %-44s %11.3f %11.3f %10.1f%s\n", "sum(matmul(A, B), {0})  (2 m k n operations)", ms_direct,
                t_direct.min_ms * double(m) / double(rows), flops_direct / (ms_direct * 1e6), rows < m ? " *" : "");
    std::printf("  %-44s %11.3f %11.3f %10s\n", "matmul(sum(A, {0}), B)  (m k + 2 k n)", t_cheap.median_ms,
                t_cheap.min_ms, "-");
    std::printf(
        "  A %lld x %lld, B %lld x %lld: the reassociation takes %.0fx less time; largest relative difference %.1e\n",
        static_cast<long long>(m), static_cast<long long>(k), static_cast<long long>(k), static_cast<long long>(n),
        ms_direct / t_cheap.median_ms, rel);
    if (rows < m)
      std::printf("  * timed on the first %lld rows of A, scaled to %lld\n", static_cast<long long>(rows),
                  static_cast<long long>(m));
    ok = ok && rel <= 1e-4 && cheap.shape() == xp::shape_type{n};

    tutorial::plot("07_matmul", dir);
    return ok;
  });
}
