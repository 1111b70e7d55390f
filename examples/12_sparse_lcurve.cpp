// Tutorial 12: sparse matrices and an iterative solver, the seed's ridge-regression L-curve.
//
// The seed (a CuPy tutorial) fits a model x to data b through a sparse system matrix A (15000 x
// 15000, 10% nonzero, float32) with L2 regularisation: for each coefficient c it solves
//     min |A x - b|^2 + c^2 |x|^2,   written as the least-squares problem  [A; c I] x = [b; 0],
// with LSMR (scipy.sparse.linalg.lsmr), then plots the residual |A x - b| against |x|: the
// "L-curve", whose corner is the usual choice of c. Each solve is a loop of products with the
// matrix and its transpose (22.5 M nonzeros each) and a few vector updates.
//
// What to look at:
// - A sparse product reads the nonzeros once: 12 bytes each here (a float64 value, as the seed's
//   vstack of a float32 A and a float64 c I makes it, and an int32 column), so a product's floor is
//   those bytes at the memory's copy rate. The tutorial prints both.
// - LSMR's scalars (its rotations and the stopping tests) stay on the GPU; the CPU looks at them
//   every 16 iterations. CuPy reads two norms back every iteration, which waits for the GPU each time.
//
// Step 1: the seed's system (xp::sparse::random: the same matrix on both backends).
// Step 2: the L-curve on this backend, with a timing table, and the L-curve's points (the CPU's run
//         is a third of the seed's size: there SciPy takes over a minute for the first coefficient).
// Step 3: self-checks: the GPU's residuals against the CPU's, and a 400 x 400 version of the
//         system against SciPy's L-curve (examples/data/lcurve_small.npz).
//
//   out/tutorials/12_sparse_lcurve/lcurve.csv   coefficient, |A x - b|, |x|, iterations, ms, n
//   out/tutorials/12_sparse_lcurve/lcurve.png   the L-curve (log-log, each point labelled with c)
#include "sparse_lcurve.hpp"
#include "tutorial.hpp"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    constexpr bool gpu = std::is_same_v<B, xp::cuda>;
    // The CPU's time box: a third of the seed's size (a ninth of its nonzeros) keeps the whole curve
    // to seconds on two cores; at the seed's size the first coefficient alone takes about a minute.
    const xp::index_t n = opt.small ? 1500 : (gpu ? 15000 : 5000);
    const double density = 0.1;
    const std::vector<double> coeffs = sparse_lcurve::coefficients();
    std::printf("12 sparse L-curve: a %lld x %lld float32 system of density %.1f, 10 coefficients, on %s\n",
                static_cast<long long>(n), static_cast<long long>(n), density, tutorial::name<B>());
    const std::string dir = tutorial::output_dir("12_sparse_lcurve");
    bool ok = true;

    // Step 1: the seed's system: A from xp::sparse::random, data from N(3, 1).
    tutorial::progress("making the system");
    const auto [a, data] = sparse_lcurve::make_system<B>(n, density);
    std::printf("  A: %lld nonzeros (%.0f MB of values and column indices in float32)\n",
                static_cast<long long>(a.nnz()), double(a.nnz()) * 8 / 1e6);

    // The products' floor: the system's 12 bytes per nonzero read once, at the copy rate.
    {
      const double ms = sparse_lcurve::product_ms(a);
      const double floor_ms = double(a.nnz() + n) * 12 / (tutorial::copy_bandwidth_gbs<B>() * 1e6);
      std::printf(
          "  one product with [A; c I] (float64): %.3f ms (wall clock, median of 15); its floor (12 bytes a nonzero at "
          "the copy rate): "
          "%.3f ms (%.0f%%)\n",
          ms, floor_ms, 100 * floor_ms / ms);
    }

    // Step 2: the L-curve.
    tutorial::progress("the L-curve");
    const auto start = std::chrono::steady_clock::now();
    const std::vector<sparse_lcurve::point> curve = sparse_lcurve::lcurve(a, data, coeffs);
    const double total_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("  %10s %14s %14s %6s %6s %10s\n", "c", "|A x - b|", "|x|", "itn", "istop", "ms");
    for (const sparse_lcurve::point& p : curve)
      std::printf("  %10.3g %14.6g %14.6g %6lld %6d %10.1f\n", p.coeff, p.residual, p.reg_norm,
                  static_cast<long long>(p.itn), p.istop, p.ms);
    std::printf("  total %.3f s on the %s (the seed: CuPy 9.19 s on an H100; SciPy 69.9 s for the first c alone)\n",
                total_s, gpu ? "GPU" : "CPU");
    std::FILE* csv = std::fopen((dir + "/lcurve.csv").c_str(), "w");
    if (!csv) throw xp::io_error("cannot write " + dir + "/lcurve.csv");
    std::fprintf(csv, "coeff,residual,reg_norm,itn,istop,ms,machine,n\n");
    for (const sparse_lcurve::point& p : curve)
      std::fprintf(csv, "%.17g,%.17g,%.17g,%lld,%d,%.6g,%s,%lld\n", p.coeff, p.residual, p.reg_norm,
                   static_cast<long long>(p.itn), p.istop, p.ms, tutorial::machine<B>().c_str(),
                   static_cast<long long>(n));
    std::fclose(csv);

    // Step 3a: on the GPU, the CPU's answer for the first coefficient (at --small, all of them).
    if (gpu) {
      tutorial::progress("the CPU's answer to compare with");
      const auto [host_a, host_data] = sparse_lcurve::make_system<xp::host>(n, density);
      const std::vector<double> check(coeffs.begin(), opt.small ? coeffs.end() : coeffs.begin() + 1);
      const auto cpu = sparse_lcurve::lcurve(host_a, host_data, check);
      double worst = 0;
      xp::index_t itn_off = 0;
      for (std::size_t i = 0; i < cpu.size(); ++i) {
        worst = std::max(worst, std::abs(curve[i].residual - cpu[i].residual) / cpu[i].residual);
        itn_off = std::max(itn_off, std::abs(curve[i].itn - cpu[i].itn));
      }
      std::printf("  GPU against CPU: residuals agree to %.1e (relative), iterations within %lld, %zu coefficient(s)\n",
                  worst, static_cast<long long>(itn_off), cpu.size());
      // LSMR stops when |A^T r| <= atol |A| |r| (atol = 1e-6): that bounds x's error by about cond(A)
      // atol, not by the rounding, so two summation orders stop at answers apart by more than it
      // (on the seed's system after 881 iterations: 1.8e-4, the same iteration count on both)
      ok = ok && itn_off <= 4 && worst <= 1e-3;
    }

    // Step 3b: SciPy's L-curve of a 400 x 400 system (examples/data/make_lcurve_golden.py).
    {
      const auto z = xp::load_npz(std::string(XP_EXAMPLES_DIR) + "/data/lcurve_small.npz");
      const auto shape = z.get<std::int64_t>("shape");
      const xp::sparse::csr_matrix<float, B> small(z.get<float, B>("data"), z.get<xp::sparse::index32, B>("indices"),
                                                   z.get<xp::sparse::index32, B>("indptr"), {shape.at(0), shape.at(1)});
      const auto want_res = z.get<double>("residual"), want_reg = z.get<double>("reg_norm");
      const auto want_itn = z.get<std::int64_t>("itn");
      const auto got = sparse_lcurve::lcurve(small, z.get<double, B>("rhs"), sparse_lcurve::coefficients());
      double worst = 0;
      xp::index_t itn_off = 0;
      for (std::size_t i = 0; i < got.size(); ++i) {
        worst = std::max({worst, std::abs(got[i].residual - want_res.at(i)) / want_res.at(i),
                          std::abs(got[i].reg_norm - want_reg.at(i)) / want_reg.at(i)});
        itn_off = std::max(itn_off, std::abs(got[i].itn - want_itn.at(i)));
      }
      // LSMR stops at atol = btol = 1e-6; a product summed in another order may stop it one
      // iteration earlier or later, which moves the norms by about that tolerance
      std::printf("  SciPy's L-curve of a 400 x 400 system: norms agree to %.1e, iterations within %lld\n", worst,
                  static_cast<long long>(itn_off));
      ok = ok && worst <= 1e-4 && itn_off <= 1;
    }
    tutorial::plot("12_sparse_lcurve", dir);
    return ok;
  });
}
