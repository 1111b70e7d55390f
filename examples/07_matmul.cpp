// Tutorial 7: matrix multiplication, four ways.
//
// The Numba and CuPy tutorials write a matmul kernel by hand: first one thread per output
// element reading a row of A and a column of B straight from memory, then a version that
// stages 16 x 16 tiles in shared memory. Both lose to cuBLAS by a wide margin. The lesson: use
// the library, unless you write the kernel with the care the library did. xp has all three:
//   - the naive kernel, written here with elementwise_kernel (one output element per call);
//   - xp's tiled engine: 128 x 128 block tiles in shared memory, 8 x 8 register tiles per
//     thread, 16-byte loads, two buffers so loads overlap the math;
//   - cuBLAS on the GPU, BLAS (OpenBLAS) on the host: xp::matmul's default.
// Then the seeds' matmul-then-column-sum, and the cheaper reassociation that gives the same
// answer: sum(A B, axis 0) = sum(A, axis 0) B, a vector-matrix product instead of a matrix one.
#include "tutorial.hpp"

#include <cmath>

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
    std::printf("07 matmul on %s\n", tutorial::name<B>());
    bool ok = true;

    // Step 1: for each size, time the ways and check each against a float64 product, within
    // the bound of float32 dot products of length n: n * eps * (|A| |B|)_ij.
    const std::vector<xp::index_t> sizes =
        opt.small ? std::vector<xp::index_t>{128, 257} : std::vector<xp::index_t>{1024, 4096};
    std::printf("  %-34s %12s %12s\n", "n x n @ n x n, float32", "ms", "GFLOP/s");
    for (const xp::index_t n : sizes) {
      const auto a = xp::random::uniform<float, B>({n, n}, -1.f, 1.f, 1);
      const auto b = xp::random::uniform<float, B>({n, n}, -1.f, 1.f, 2);
      const auto a64 = a.template astype<double>(), b64 = b.template astype<double>();
      const xp::ndarray<double, B> exact = xp::matmul(a64, b64);
      const xp::ndarray<double, B> scale = xp::matmul(xp::eval(xp::abs(a64)), xp::eval(xp::abs(b64)));
      const double flops = 2.0 * double(n) * double(n) * double(n);
      auto report = [&](const char* what, const xp::ndarray<float, B>& c, double ms) {
        // a violation of the bound anywhere counts: the largest (|c - exact| - bound) must be <= 0
        const double worst = xp::max(xp::abs(c.template astype<double>() - exact) - double(n) * 0x1p-23 * scale).item();
        std::printf("  %-34s %12.3f %12.1f %s\n", what, ms, flops / ms * 1e-6, worst <= 0 ? "" : "  WRONG");
        ok = ok && worst <= 0;
      };
      std::printf("  n = %lld\n", static_cast<long long>(n));

      // Step 2: the naive kernel over the grid of output indices (rows (n, 1), columns (1, n)).
      const bool naive_affordable = gpu || n <= 1024;  // on one CPU core-pair 4096^3 takes minutes
      if (naive_affordable) {
        auto naive = xp::elementwise_kernel(naive_dot{a.data(), b.data(), n, n});
        const auto rows = xp::arange<std::int64_t, B>(n).reshape({n, 1});
        const auto cols = xp::arange<std::int64_t, B>(n).reshape({1, n});
        xp::ndarray<float, B> c = naive(rows, cols);  // warm-up
        const double ms = tutorial::time_ms<B>([&] { c = naive(rows, cols); });
        report("naive (one thread per element)", c, ms);
      } else {
        std::printf("  %-34s %12s\n", "naive (one thread per element)", "skipped");
      }

      // Step 3: xp's tiled engine.
      xp::ndarray<float, B> c = xp::matmul(a, b, {.engine = xp::matmul_engine::tiled});
      double ms = tutorial::time_ms<B>([&] { c = xp::matmul(a, b, {.engine = xp::matmul_engine::tiled}); });
      report(gpu ? "xp tiled (shared memory)" : "xp tiled (cache blocks)", c, ms);

      // Step 4: the library: cuBLAS on the GPU, BLAS on the host (xp::matmul's default).
      c = xp::matmul(a, b);
      ms = tutorial::time_ms<B>([&] { c = xp::matmul(a, b); });
      report(gpu ? "cuBLAS (xp::matmul default)" : "host BLAS (xp::matmul default)", c, ms);

      // Step 5: on the GPU run, the same product on the CPU for comparison (BLAS when the build
      // found one, else xp's blocked kernel).
      if constexpr (gpu) {
        const auto ha = a.copy_to_host(), hb = b.copy_to_host();
        auto hc = xp::matmul(ha, hb);
        ms = tutorial::time_ms<xp::host>([&] { hc = xp::matmul(ha, hb); });
        report(xp::primitive::gemm<xp::host>::has_blas ? "host BLAS (CPU)" : "host, xp blocked kernel (no BLAS)",
               xp::asarray<B>(hc), ms);
      }
    }

    // Step 6: the seeds' column sum of a product, and the reassociation. Both are float32; they
    // agree to float32 rounding (inputs in [0, 1), so nothing cancels).
    const xp::index_t m = opt.small ? 1000 : 10000, k = opt.small ? 500 : 5000, n = opt.small ? 700 : 7000;
    const auto a = xp::random::uniform<float, B>({m, k}, 0.f, 1.f, 3);
    const auto b = xp::random::uniform<float, B>({k, n}, 0.f, 1.f, 4);
    xp::ndarray<float, B> direct = xp::sum(xp::matmul(a, b), {0});
    const double ms_direct = tutorial::time_ms<B>([&] { direct = xp::sum(xp::matmul(a, b), {0}); });
    xp::ndarray<float, B> cheap = xp::matmul(xp::sum(a, {0}), b);
    const double ms_cheap = tutorial::time_ms<B>([&] { cheap = xp::matmul(xp::sum(a, {0}), b); });
    const double rel = xp::max(xp::abs(direct.template astype<double>() - cheap) / cheap).item();
    std::printf("  sum(matmul(A, B), {0}) for %lldx%lld @ %lldx%lld: %.3f ms\n", static_cast<long long>(m),
                static_cast<long long>(k), static_cast<long long>(k), static_cast<long long>(n), ms_direct);
    std::printf(
        "  matmul(sum(A, {0}), B)                       : %.3f ms (%.0fx less time), "
        "largest relative difference %.1e\n",
        ms_cheap, ms_direct / ms_cheap, rel);
    ok = ok && rel <= 1e-4 && direct.shape() == xp::shape_type{n};
    return ok;
  });
}
