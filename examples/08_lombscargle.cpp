// Tutorial 8: the Lomb-Scargle periodogram, the seeds' headline example.
//
// scipy.signal.lombscargle finds the frequencies in unevenly sampled data: for every trial
// angular frequency w it fits a sinusoid of that frequency to the samples (sums of sin and cos
// of w t over all samples) and reports how much of the signal it explains, the power. 2^10
// samples and 2^20 frequencies are 2^30 sin/cos pairs: 18 s in SciPy on one core. The seeds
// port it to Numba and to a CuPy raw kernel; xp has it as a library function on both backends,
// plus a second form for evenly spaced frequencies that replaces most sin/cos calls by a
// rotation (angle addition), and float32 inputs.
//
// This tutorial rebuilds the seeds' table: the baseline (SciPy's loop, written again in C++ below
// and run on one core: scipy.signal.lombscargle itself is not called, and this loop is not a
// measurement of SciPy), xp's
// variants, their median and fastest times, speed-up and agreement with the baseline, and then
// draws the periodogram with the signal's true frequency marked. The seeds' table has a "first
// pass" column because Numba and CuPy compile their kernels at the first call; xp's kernels are
// compiled with the library, so measure() warms up and reports the steady state.
//
// The GPU computes all 2^20 frequencies per call. On the host the timings are taken on the first
// 2^15 frequencies and scaled to 2^20 (the work per frequency is the same); the output says so.
//
//   out/tutorials/08_lombscargle/t.npy, y.npy, periodogram.npy, grid.csv, timings.csv
//   out/tutorials/08_lombscargle/periodogram.png   the samples and the periodogram, peak marked
//   out/tutorials/08_lombscargle/timings.png       the table as bars
#include "tutorial.hpp"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {
// The seeds' formula, one frequency after the other in double: SciPy's algorithm, as a baseline.
std::vector<double> baseline(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& f) {
  std::vector<double> p(f.size());
  for (std::size_t i = 0; i < f.size(); ++i) {
    double xc = 0, xs = 0, cc = 0, ss = 0, cs = 0;
    for (std::size_t j = 0; j < x.size(); ++j) {
      const double c = std::cos(f[i] * x[j]), s = std::sin(f[i] * x[j]);
      xc += y[j] * c, xs += y[j] * s, cc += c * c, ss += s * s, cs += c * s;
    }
    const double tau = std::atan2(2 * cs, cc - ss) / (2 * f[i]);
    const double ct = std::cos(f[i] * tau), st = std::sin(f[i] * tau);
    const double a = ct * xc + st * xs, b = ct * xs - st * xc;
    p[i] = 0.5 * (a * a / (ct * ct * cc + 2 * ct * st * cs + st * st * ss) +
                  b * b / (ct * ct * ss - 2 * ct * st * cs + st * st * cc));
  }
  return p;
}
}  // namespace

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    constexpr bool gpu = std::is_same_v<B, xp::cuda>;
    const xp::index_t n = opt.small ? 256 : 1 << 10, nf = opt.small ? 1 << 12 : 1 << 20;
    // angular frequencies from f0 to f1 rad/s; the signal: amplitude 3 at true_w rad/s, plus noise
    const double f0 = 0.01, f1 = 10.0, df = (f1 - f0) / double(nf - 1), true_w = 1.7, amplitude = 3.0;
    std::printf("08 Lomb-Scargle: %lld samples x %lld frequencies on %s\n", static_cast<long long>(n),
                static_cast<long long>(nf), tutorial::name<B>());
    const std::string dir = tutorial::output_dir("08_lombscargle");

    // Step 1: unevenly spaced samples (times uniform in [0, 100) s) of a sinusoid with noise of
    // standard deviation 1, made on the host and copied to the backend once.
    const auto t_h = xp::random::uniform<double, xp::host>({n}, 0.0, 100.0, 8);
    const auto noise = xp::random::normal<double, xp::host>({n}, 0.0, 1.0, 9);
    const xp::ndarray<double, xp::host> y_h = amplitude * xp::sin(true_w * t_h) + noise;
    const auto t = xp::asarray<B>(t_h), y = xp::asarray<B>(y_h);

    // Step 2: the baseline on the first nb frequencies (the whole grid would take minutes on one
    // core), its time scaled to nf.
    const xp::index_t nb = std::min<xp::index_t>(nf, opt.small ? 256 : 4096);
    std::vector<double> xs(t_h.data(), t_h.data() + n), ys(y_h.data(), y_h.data() + n), fb(nb);
    for (xp::index_t i = 0; i < nb; ++i) fb[i] = f0 + double(i) * df;
    std::vector<double> ref;
    const tutorial::sampling few{1, 3, 3, 0};
    const tutorial::timing base = tutorial::measure<xp::host>([&] { ref = baseline(xs, ys, fb); }, few);
    const double to_nf = double(nf) / double(nb);
    const double pairs = double(n) * double(nf);  // (frequency, sample) pairs: one sin and one cos each
    std::printf("  times for all %lld frequencies; a row timed on fewer (\"timed on\") is scaled to them\n",
                static_cast<long long>(nf));
    std::printf("  %-32s %11s %11s %9s %9s %9s %10s\n", "", "median ms", "min ms", "speed-up", "Gpairs/s", "timed on",
                "rel. error");
    std::printf("  %-32s %11.1f %11.1f %9.1f %9.3f %9lld %10s\n", "baseline (SciPy's loop in C++)",
                base.median_ms * to_nf, base.min_ms * to_nf, 1.0, pairs / (base.median_ms * to_nf * 1e6),
                static_cast<long long>(nb), "-");

    const std::string timings_path = dir + "/timings.csv";
    std::FILE* timings = std::fopen(timings_path.c_str(), "w");
    if (!timings) throw xp::io_error("cannot write " + timings_path);
    std::fprintf(timings, "backend,variant,median_ms,min_ms,speedup,rel_error,frequencies_timed\n");
    std::fprintf(timings, "%s,baseline: SciPy's loop in C++ (1 core),%.6g,%.6g,1,0,%lld\n", tutorial::name<B>(),
                 base.median_ms * to_nf, base.min_ms * to_nf, static_cast<long long>(nb));

    // Step 3: xp's variants, on nt frequencies (all of them on the GPU), timed by measure() and
    // scaled to nf. Each result's first nb values are compared with the baseline.
    const xp::index_t nt = gpu || opt.small ? nf : 1 << 15;
    const double to_nf_t = double(nf) / double(nt);
    bool ok = true;
    tutorial::progress("timing xp's variants");
    auto variant = [&](const char* what, auto tag, bool on_grid, bool fast, double bound) {
      using T = decltype(tag);
      const auto tt = t.template astype<T>(), yy = y.template astype<T>();
      const auto f = xp::linspace<T, B>(f0, f1, nf)(xp::range(0, nt));
      const xp::signal::frequency_grid grid{f0, df, nt};
      xp::ndarray<T, B> p;
      const tutorial::timing tm = tutorial::measure<B>(
          [&] {
            p = on_grid ? xp::signal::lombscargle(tt, yy, grid, {.fast_math = fast})
                        : xp::signal::lombscargle(tt, yy, f, {.fast_math = fast});
          },
          gpu ? tutorial::sampling{} : few);
      const auto head = p(xp::range(0, nb)).copy_to_host();
      double num = 0, den = 0;
      for (xp::index_t i = 0; i < nb; ++i) {
        num += (double(head.data()[i]) - ref[i]) * (double(head.data()[i]) - ref[i]);
        den += ref[i] * ref[i];
      }
      const double err = std::sqrt(num / den);
      const double median = tm.median_ms * to_nf_t, best = tm.min_ms * to_nf_t;
      const double speedup = base.median_ms * to_nf / median;
      std::printf("  %-32s %11.2f %11.2f %9.0f %9.3f %9lld %10.1e%s\n", what, median, best, speedup,
                  pairs / (median * 1e6), static_cast<long long>(nt), err, err <= bound ? "" : "  WRONG");
      std::fprintf(timings, "%s,%s,%.6g,%.6g,%.6g,%.6g,%lld\n", tutorial::name<B>(), what, median, best, speedup, err,
                   static_cast<long long>(nt));
      ok = ok && err <= bound;
    };
    // float inputs round the times (up to 100) to 24 bits: a phase error of ~1e-5 rad, hence the
    // looser agreement of the float rows
    variant("xp float64", double{}, false, false, 1e-9);
    variant("xp float32", float{}, false, false, 1e-2);
    if constexpr (gpu) variant("xp float32 fast_math", float{}, false, true, 5e-2);
    variant("xp float64 (frequency grid)", double{}, true, false, 1e-9);
    variant("xp float32 (frequency grid)", float{}, true, false, 1e-2);
    if constexpr (gpu) variant("xp float32 fast_math (grid)", float{}, true, true, 5e-2);
    std::fclose(timings);
    std::printf(
        "  Gpairs/s: 10^9 (frequency, sample) pairs per second, one sin and one cos each; rel. error:\n"
        "  2-norm distance from the baseline on its %lld frequencies, relative\n",
        static_cast<long long>(nb));

    // Step 4: the whole periodogram, once, for the figure (float64, frequency grid): its peak is
    // the sinusoid's frequency.
    if (!gpu) tutorial::progress("the whole periodogram for the figure");
    const auto p = xp::signal::lombscargle(t, y, xp::signal::frequency_grid{f0, df, nf});
    const std::int64_t peak = p.argmax().item();
    const double w = f0 + double(peak) * df;
    std::printf("  peak at angular frequency %.4f rad/s, power %.1f (the signal's: %.1f rad/s)\n", w,
                double(p.max().item()), true_w);
    ok = ok && std::abs(w - true_w) < 0.01;

    // The data files for the figures.
    xp::save_npy(dir + "/periodogram.npy", p);
    xp::save_npy(dir + "/t.npy", t_h);
    xp::save_npy(dir + "/y.npy", y_h);
    const std::string grid_path = dir + "/grid.csv";
    std::FILE* grid = std::fopen(grid_path.c_str(), "w");
    if (!grid) throw xp::io_error("cannot write " + grid_path);
    std::fprintf(grid, "backend,f0,df,nf,true_w,amplitude,peak_w\n%s,%.17g,%.17g,%lld,%.17g,%.17g,%.17g\n",
                 tutorial::name<B>(), f0, df, static_cast<long long>(nf), true_w, amplitude, w);
    std::fclose(grid);
    tutorial::plot("08_lombscargle", dir);
    return ok;
  });
}
