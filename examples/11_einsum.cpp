// Tutorial 11: einsum, and why the order of a computation can matter more than the hardware.
//
// The seed (a CuPy tutorial) sums the product of A (m x k) and B (k x n) over its rows:
//     np.sum(np.matmul(A, B), axis=0)        2 m k n operations, an m x n temporary
//     np.einsum('ij,jk->...k', A, B)          the same numbers
// Written with einsum, the library sees the whole expression: the label i appears only in A and
// not in the result, so it can be summed out of A first (m k additions), leaving a vector-matrix
// product (2 k n operations) that reads B once. For the seed's 10000 x 5000 and 5000 x 7000 that is
// about 5000 times less arithmetic, and the time falls to that of reading A and B from memory once.
// NumPy's einsum does not reorder this one by itself (nor parallelise it), so the seed could not
// finish it on the CPU; CuPy's does, and xp's planner does it on both backends.
//
// The planner (xp::einsum_path prints it): labels private to one operand are summed out first,
// then pairs of operands are contracted through matmul in the order of fewest operations.
//
// Step 1: both ways on this backend (and, on a GPU run, on the CPU too), float32 and float64,
//         the seed's table of times and speed-ups and its allclose checks at 1e-8 and 1e-4.
// Step 2: the plan, printed, and its steps' costs written for the figure.
// Step 3: a three-matrix chain whose order decides the cost, planned and checked.
//
//   out/tutorials/11_einsum/times.csv   every timing
//   out/tutorials/11_einsum/plan.csv    each plan's steps and their operation counts
//   out/tutorials/11_einsum/einsum.png  the figure
#include "tutorial.hpp"

#include <cmath>
#include <cstdio>
#include <string>

namespace {

// np.allclose(got, want, rtol=tol, atol=tol): |got - want| <= tol + tol * |want| everywhere.
template <class T, class B>
bool allclose(const xp::ndarray<T, B>& got, const xp::ndarray<double, B>& want, double tol) {
  return (xp::abs(got.template astype<double>() - want) - (tol + tol * xp::abs(want))).max().item() <= 0;
}

}  // namespace

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    constexpr bool gpu = std::is_same_v<B, xp::cuda>;
    std::printf("11 einsum on %s\n", tutorial::name<B>());
    const std::string dir = tutorial::output_dir("11_einsum");
    std::FILE* times = std::fopen((dir + "/times.csv").c_str(), "w");
    std::FILE* plan = std::fopen((dir + "/plan.csv").c_str(), "w");
    if (!times || !plan) throw xp::io_error("cannot write the tutorial's files in " + dir);
    std::fprintf(times, "dtype,test,machine,median_ms,rows_timed,rows\n");
    std::fprintf(plan, "expression,step,subscript,flops\n");
    bool ok = true;

    // The seed's sizes; --small (the CTest run) a tenth of each.
    const xp::index_t m = opt.small ? 1000 : 10000, k = opt.small ? 500 : 5000, n = opt.small ? 700 : 7000;
    // The CPU's time box: matmul -> sum at full size is 0.7 TFLOP, minutes on a laptop. It is timed
    // on the first rows of A and scaled (the same work per row); einsum always runs whole.
    const xp::index_t cpu_rows = opt.small ? m : 500;
    const tutorial::sampling host_sampling{1, 3, 3, 0};

    auto run_dtype = [&](auto zero, const char* dtype, double strict, double loose) {
      using T = decltype(zero);
      std::printf("\nData type: %s (A %lld x %lld, B %lld x %lld)\n", dtype, static_cast<long long>(m),
                  static_cast<long long>(k), static_cast<long long>(k), static_cast<long long>(n));
      const auto a = xp::random::uniform<T, B>({m, k}, T(0), T(1), 987654321);
      const auto b = xp::random::uniform<T, B>({k, n}, T(0), T(1), 123456789);
      // the float64 reference, by the cheap order (exact enough to judge both ways)
      const xp::ndarray<double, B> want =
          xp::matmul(xp::sum(a.template astype<double>(), {0}), b.template astype<double>());

      struct row {
        double ms;  // scaled to all m rows where the CPU's time box cut them
        bool sliced;
      };
      // Times one test on backend C (the arrays are moved there first); checks its result.
      auto time_test = [&](auto tag, const char* test, bool use_einsum) -> row {
        using C = decltype(tag);
        const auto ac = xp::asarray<C>(a), bc = xp::asarray<C>(b);
        const bool on_cpu = std::is_same_v<C, xp::host>;
        const xp::index_t rows = on_cpu && !use_einsum ? cpu_rows : m;
        const auto a_rows = ac(xp::range(0, rows));
        xp::ndarray<T, C> result;
        const auto f = [&] {
          result = use_einsum ? xp::einsum("ij,jk->...k", a_rows, bc) : xp::sum(xp::matmul(a_rows, bc), {0});
        };
        const tutorial::timing t = tutorial::measure<C>(f, on_cpu ? host_sampling : tutorial::sampling{});
        const double ms = t.median_ms * double(m) / double(rows);
        std::fprintf(times, "%s,%s,%s,%.6g,%lld,%lld\n", dtype, test, on_cpu ? "CPU" : "GPU", ms,
                     static_cast<long long>(rows), static_cast<long long>(m));
        if (rows == m) {
          const auto got = xp::asarray<B>(result);
          const bool within_strict = allclose(got, want, strict), within_loose = allclose(got, want, loose);
          std::printf("    %s on the %s: all elements within %g: %s, within %g: %s\n", test, on_cpu ? "CPU" : "GPU",
                      strict, within_strict ? "True" : "False", loose, within_loose ? "True" : "False");
          ok = ok && within_loose;
        }
        return {ms, rows < m};
      };
      auto print_table = [&](const char* title, row cpu, row dev) {
        std::printf("  ==== %s ====\n", title);
        std::printf("    CPU time: %10.3f ms%s\n", cpu.ms, cpu.sliced ? " *" : "");
        if (gpu) std::printf("    GPU time: %10.3f ms\n    Speedup: %.1fx\n", dev.ms, cpu.ms / dev.ms);
      };

      tutorial::progress("matmul -> sum");
      const row mm_cpu = time_test(xp::host{}, "matmul -> sum", false);
      const row mm_dev = gpu ? time_test(B{}, "matmul -> sum", false) : mm_cpu;
      print_table("TEST MATMUL -> SUM", mm_cpu, mm_dev);
      tutorial::progress("einsum");
      const row es_cpu = time_test(xp::host{}, "einsum", true);
      const row es_dev = gpu ? time_test(B{}, "einsum", true) : es_cpu;
      print_table("TEST EINSUM", es_cpu, es_dev);
      const row best_cpu = es_cpu.ms < mm_cpu.ms ? es_cpu : mm_cpu, best_dev = es_dev.ms < mm_dev.ms ? es_dev : mm_dev;
      print_table("BEST TIMES", best_cpu, best_dev);
      if (mm_cpu.sliced)
        std::printf("    * timed on the first %lld rows of A and scaled to %lld (the CPU's time box)\n",
                    static_cast<long long>(cpu_rows), static_cast<long long>(m));
      std::printf("    einsum against matmul -> sum on the %s: %.0fx less time\n", gpu ? "GPU" : "CPU",
                  mm_dev.ms / es_dev.ms);

      // The bound einsum is measured against: reading A and B once, at the rate the memory copies
      // (bytes read + written per second; reading alone goes at about that rate too).
      const double floor_ms = double(m * k + k * n) * sizeof(T) / (tutorial::copy_bandwidth_gbs<B>() * 1e6);
      std::printf("    reading A and B once takes %.3f ms at this %s's copy bandwidth: einsum is at %.0f%% of it\n",
                  floor_ms, gpu ? "GPU" : "CPU", 100 * floor_ms / es_dev.ms);
    };
    run_dtype(float{}, "float32", 1e-8, 1e-4);
    run_dtype(double{}, "float64", 1e-8, 1e-4);

    // Step 2: the plan of the seed's einsum.
    {
      const auto a = xp::zeros<float, B>({m, k}), b = xp::zeros<float, B>({k, n});
      const auto path = xp::einsum_path("ij,jk->...k", a, b);
      std::printf("\nThe plan of einsum('ij,jk->...k', A, B):\n%s\n", path.to_string().c_str());
      for (std::size_t s = 0; s < path.steps.size(); ++s)
        std::fprintf(plan, "seed,%zu,\"%s\",%.6g\n", s, path.steps[s].subscript.c_str(), path.steps[s].flops);
      std::fprintf(plan, "seed,naive,\"ij,jk->k as written\",%.6g\n", path.naive_flops);
    }

    // Step 3: a chain of three matrices, (A B) C or A (B C): the planner takes the cheaper order.
    {
      const xp::index_t p = opt.small ? 40 : 400, q = opt.small ? 600 : 6000, r = opt.small ? 30 : 300;
      const auto a = xp::random::uniform<double, B>({p, q}, -1.0, 1.0, 1);
      const auto b = xp::random::uniform<double, B>({q, r}, -1.0, 1.0, 2);
      const auto c = xp::random::uniform<double, B>({r, q}, -1.0, 1.0, 3);
      const auto path = xp::einsum_path("ij,jk,kl->il", a, b, c);
      std::printf("The plan of einsum('ij,jk,kl->il', A, B, C) for A %lld x %lld, B %lld x %lld, C %lld x %lld:\n%s\n",
                  static_cast<long long>(p), static_cast<long long>(q), static_cast<long long>(q),
                  static_cast<long long>(r), static_cast<long long>(r), static_cast<long long>(q),
                  path.to_string().c_str());
      for (std::size_t s = 0; s < path.steps.size(); ++s)
        std::fprintf(plan, "chain,%zu,\"%s\",%.6g\n", s, path.steps[s].subscript.c_str(), path.steps[s].flops);
      std::fprintf(plan, "chain,naive,\"ij,jk,kl->il as written\",%.6g\n", path.naive_flops);
      const xp::ndarray<double, B> got = xp::einsum("ij,jk,kl->il", a, b, c);
      const xp::ndarray<double, B> want = xp::matmul(xp::matmul(a, b), c);
      const bool same = allclose(got, want, 1e-10);
      std::printf("  einsum equals (A B) C: %s\n", same ? "True" : "False");
      ok = ok && same;
    }
    std::fclose(times);
    std::fclose(plan);
    tutorial::plot("11_einsum", dir);
    return ok;
  });
}
