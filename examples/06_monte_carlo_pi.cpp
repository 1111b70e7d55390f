// Tutorial 6: Monte Carlo pi, and how fast its error shrinks.
//
// Throw n random points into the unit square; the fraction that lands inside the quarter
// circle x^2 + y^2 <= 1 is close to its area, pi/4. Each point is a coin flip that comes up
// "inside" with probability p = pi/4, so the estimate 4 * inside / n has a standard error of
// sigma(n) = 4 sqrt(p (1 - p) / n): to get one more correct digit you need 100 times more points.
// This tutorial measures that law instead of quoting it.
//
// What xp brings: the counter-based generator (Philox) makes the same points on the host and on
// the GPU for the same seed, so the two backends agree to the last point; and the count is one
// fused reduction: count_nonzero(x*x + y*y <= 1) reads x and y once and never stores the squares.
//
// The GPU run draws the full 2^28 points per run; the host run stops at 2^22 (drawing 2^28
// float64 pairs takes tens of seconds on a small CPU) and says so.
//
//   out/tutorials/06_monte_carlo_pi/convergence.csv   error against n, one column per seed
//   out/tutorials/06_monte_carlo_pi/convergence.png   the figure (log-log, with the 1/sqrt(n) law)
#include "tutorial.hpp"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    constexpr bool gpu = std::is_same_v<B, xp::cuda>;
    const int log_n = opt.small ? 20 : (gpu ? 28 : 22);
    const xp::index_t n = xp::index_t{1} << log_n;
    const int n_runs = opt.small ? 4 : 8;
    std::printf("06 Monte Carlo pi: up to 2^%d = %lld points, %d independent runs, on %s\n", log_n,
                static_cast<long long>(n), n_runs, tutorial::name<B>());
    if (!gpu && !opt.small) std::puts("  (the GPU run goes to 2^28 points; here 2^22 keeps the host run short)");
    const std::string dir = tutorial::output_dir("06_monte_carlo_pi");

    // Step 1: n points for run 0 (float64 for a fair estimate): x from one seed, y from another.
    auto draw = [&](int run, xp::ndarray<double, B>& x, xp::ndarray<double, B>& y) {
      x = xp::random::uniform<double, B>({n}, 0.0, 1.0, 2026 + 2 * run);
      y = xp::random::uniform<double, B>({n}, 0.0, 1.0, 2027 + 2 * run);
    };
    xp::ndarray<double, B> x, y;
    draw(0, x, y);

    // Step 2: count the points inside: one pass, no temporaries. Then pi ~ 4 * inside / n.
    auto inside = [](const auto& xs, const auto& ys) { return xp::count_nonzero(xs * xs + ys * ys <= 1.0).item(); };
    const double p = M_PI / 4;
    const double pi = 4.0 * double(inside(x, y)) / double(n);
    const double sigma = 4.0 * std::sqrt(p * (1 - p) / double(n));
    std::printf("  pi ~ %.8f: error %.2e, standard error sigma(n) = %.2e\n", pi, std::abs(pi - M_PI), sigma);

    // Step 3: how fast are the two passes? Drawing writes 2 x 8 bytes per point and counting reads
    // them back. On a GPU both are limited by memory, so the yardstick is the copy bandwidth of
    // the machine; on a CPU, Philox's arithmetic keeps drawing well below it.
    tutorial::progress("timing the generator and the count");
    const tutorial::sampling how = gpu ? tutorial::sampling{} : tutorial::sampling{1, 3, 5, 0};
    const tutorial::timing t_draw = tutorial::measure<B>([&] { draw(0, x, y); }, how);
    std::int64_t counted = 0;
    const tutorial::timing t_count = tutorial::measure<B>([&] { counted = inside(x, y); }, how);
    const double copy_gbs = tutorial::copy_bandwidth_gbs<B>();
    const double bytes = 2.0 * 8.0 * double(n);
    std::printf("  %-36s %10s %10s %10s\n", "", "median ms", "min ms", "GB/s");
    std::printf("  %-36s %10.3f %10.3f %10.1f  (%.0f%% of the copy bandwidth)\n", "draw 2 x n float64 (Philox)",
                t_draw.median_ms, t_draw.min_ms, bytes / (t_draw.median_ms * 1e6),
                100 * bytes / (t_draw.median_ms * 1e6) / copy_gbs);
    std::printf("  %-36s %10.3f %10.3f %10.1f  (%.0f%% of the copy bandwidth)\n", "count x*x + y*y <= 1 (fused)",
                t_count.median_ms, t_count.min_ms, bytes / (t_count.median_ms * 1e6),
                100 * bytes / (t_count.median_ms * 1e6) / copy_gbs);
    tutorial::print_copy_bandwidth<B>();
    if (!gpu && bytes / (t_count.median_ms * 1e6) > copy_gbs)
      std::puts(
          "  (the count only reads, and can pass the copy on a CPU: a copy's stores first read the lines\n"
          "   they write (write-allocate), 3 bytes moved for the 2 it counts)");
    std::printf("  %.2e points per second (draw + count)\n",
                double(n) / ((t_draw.median_ms + t_count.median_ms) * 1e-3));

    // Step 4: the error against n. For each run (its own seeds), the estimate from the first m
    // points, m = 2^10, 2^11, ..., n: a prefix is a view (x(range(0, m))), so nothing is copied.
    // One run's error wanders; the root mean square over the runs follows sigma(m).
    std::vector<xp::index_t> ms;
    for (xp::index_t m = 1024; m <= n; m *= 2) ms.push_back(m);
    std::vector<std::vector<double>> err(ms.size(), std::vector<double>(n_runs));
    for (int run = 0; run < n_runs; ++run) {
      if (run > 0) draw(run, x, y);
      for (std::size_t k = 0; k < ms.size(); ++k) {
        const auto r = xp::range(0, ms[k]);
        err[k][run] = 4.0 * double(inside(x(r), y(r))) / double(ms[k]) - M_PI;
      }
    }
    const std::string csv = dir + "/convergence.csv";
    std::FILE* out = std::fopen(csv.c_str(), "w");
    if (!out) throw xp::io_error("cannot write " + csv);
    std::fprintf(out, "backend,n,rms_error,standard_error");
    for (int run = 0; run < n_runs; ++run) std::fprintf(out, ",run%d", run);
    std::fprintf(out, "\n");
    std::printf("  %12s %12s %12s %8s\n", "points n", "RMS error", "sigma(n)", "ratio");
    std::vector<double> rms(ms.size());
    for (std::size_t k = 0; k < ms.size(); ++k) {
      double s2 = 0;
      for (const double e : err[k]) s2 += e * e;
      rms[k] = std::sqrt(s2 / n_runs);
      const double sk = 4.0 * std::sqrt(p * (1 - p) / double(ms[k]));
      std::fprintf(out, "%s,%lld,%.17g,%.17g", tutorial::name<B>(), static_cast<long long>(ms[k]), rms[k], sk);
      for (const double e : err[k]) std::fprintf(out, ",%.17g", e);
      std::fprintf(out, "\n");
      if (k % 2 == 0 || k + 1 == ms.size())
        std::printf("  %12lld %12.3e %12.3e %8.2f\n", static_cast<long long>(ms[k]), rms[k], sk, rms[k] / sk);
    }
    std::fclose(out);

    // The slope of log(RMS error) against log(n), by least squares: the law says -1/2.
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (std::size_t k = 0; k < ms.size(); ++k) {
      const double lx = std::log(double(ms[k])), ly = std::log(rms[k]);
      sx += lx, sy += ly, sxx += lx * lx, sxy += lx * ly;
    }
    const double K = double(ms.size());
    const double slope = (K * sxy - sx * sy) / (K * sxx - sx * sx);
    std::printf("  the RMS error falls as n^%.2f (1/sqrt(n) is n^-0.50): 100x the points, 1 more digit\n", slope);

    // Step 5: the same seed on the host gives the same points, so the same count.
    const xp::index_t check = 1 << 16;
    const auto hx = xp::random::uniform<double>({check}, 0.0, 1.0, 2026);
    const auto hy = xp::random::uniform<double>({check}, 0.0, 1.0, 2027);
    draw(0, x, y);
    const bool same = inside(hx, hy) == inside(x(xp::range(0, check)), y(xp::range(0, check)));
    std::printf("  first 2^16 points of run 0 drawn on the host: %s count\n", same ? "the same" : "a DIFFERENT");

    // Self-check: pi within 4 standard errors; the RMS error near sigma(n) (the RMS of 8 normal
    // errors stays within [0.25, 2.5] sigma with overwhelming probability); the slope near -1/2;
    // the host's points equal the backend's.
    const double ratio = rms.back() / (4.0 * std::sqrt(p * (1 - p) / double(n)));
    const bool ok = std::abs(pi - M_PI) <= 4 * sigma && ratio >= 0.25 && ratio <= 2.5 &&
                    std::abs(slope + 0.5) <= 0.15 && counted == inside(x, y) && same;
    tutorial::plot("06_monte_carlo_pi", dir);
    return ok;
  });
}
