// Tutorial 8: the Lomb-Scargle periodogram, the seeds' headline example.
//
// scipy.signal.lombscargle finds the frequencies in unevenly sampled data: for every trial
// frequency it sums sin and cos of (frequency x time) over all samples. 2^10 samples and 2^20
// frequencies are 2^30 sin/cos pairs: 18 s in SciPy on one core. The seeds port it to Numba and to
// a CuPy raw kernel; xp has it as a library function on both backends, plus a second form for
// evenly spaced frequencies that replaces most sin/cos calls by a rotation (angle addition).
// This tutorial rebuilds the seeds' table: baseline, xp's variants, first pass and average,
// speed-up and agreement, and writes the periodogram as a PNG with its peak marked.
#include "tutorial.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

#include "plot.hpp"

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
    const xp::index_t n = opt.small ? 256 : 1 << 10, nf = opt.small ? 1 << 12 : 1 << 20;
    const double f0 = 0.01, f1 = 10.0, df = (f1 - f0) / double(nf - 1), true_w = 1.7;
    std::printf("08 Lomb-Scargle: %lld samples x %lld frequencies on %s\n", static_cast<long long>(n),
                static_cast<long long>(nf), tutorial::name<B>());

    // Step 1: unevenly spaced samples of a sinusoid (angular frequency 1.7) with noise, made on
    // the host and copied to the backend once.
    const auto t_h = xp::random::uniform<double, xp::host>({n}, 0.0, 100.0, 8);
    const auto noise = xp::random::normal<double, xp::host>({n}, 0.0, 1.0, 9);
    const xp::ndarray<double, xp::host> y_h = 3.0 * xp::sin(true_w * t_h) + noise;
    const auto t = xp::asarray<B>(t_h), y = xp::asarray<B>(y_h);

    // Step 2: the baseline on the first nb frequencies (the whole grid would take minutes), scaled.
    const xp::index_t nb = std::min<xp::index_t>(nf, opt.small ? 256 : 4096);
    std::vector<double> xs(t_h.data(), t_h.data() + n), ys(y_h.data(), y_h.data() + n), fb(nb);
    for (xp::index_t i = 0; i < nb; ++i) fb[i] = f0 + double(i) * df;
    std::vector<double> ref;
    const double base_ms = tutorial::time_ms<xp::host>([&] { ref = baseline(xs, ys, fb); }) * double(nf) / double(nb);
    std::printf("  %-34s %12s %12s %10s %12s\n", "", "first ms", "average ms", "speed-up", "rel. error");
    std::printf("  %-34s %12s %12.1f %10s %12s\n", "baseline (SciPy's loop, 1 core)*", "", base_ms, "1.0", "-");

    // Step 3: xp's variants. Each result's first nb values are compared with the baseline.
    bool ok = true;
    const xp::signal::frequency_grid grid{f0, df, nf};
    auto variant = [&](const char* what, auto tag, bool on_grid, bool fast, double bound) {
      using T = decltype(tag);
      const auto tt = t.template astype<T>(), yy = y.template astype<T>();
      const auto f = xp::linspace<T, B>(f0, f1, nf);
      auto call = [&] {
        return on_grid ? xp::signal::lombscargle(tt, yy, grid, {.fast_math = fast})
                       : xp::signal::lombscargle(tt, yy, f, {.fast_math = fast});
      };
      xp::ndarray<T, B> p;
      const double first = tutorial::time_ms<B>([&] { p = call(); });
      const int reps = opt.small ? 2 : (std::is_same_v<B, xp::host> ? 2 : 10);
      double total = 0;
      for (int r = 0; r < reps; ++r) total += tutorial::time_ms<B>([&] { p = call(); });
      const auto head = p(xp::range(0, nb)).copy_to_host();
      double num = 0, den = 0;
      for (xp::index_t i = 0; i < nb; ++i) {
        num += (double(head.data()[i]) - ref[i]) * (double(head.data()[i]) - ref[i]);
        den += ref[i] * ref[i];
      }
      const double err = std::sqrt(num / den);
      std::printf("  %-34s %12.2f %12.2f %10.0f %12.1e%s\n", what, first, total / reps, base_ms / (total / reps), err,
                  err <= bound ? "" : "  WRONG");
      ok = ok && err <= bound;
      return p;
    };
    // float inputs round the times (up to 100) to 24 bits: a phase error of ~1e-5 rad, hence the
    // looser agreement of the float rows
    const auto p64 = variant("xp float64", double{}, false, false, 1e-9);
    variant("xp float32", float{}, false, false, 1e-2);
    if constexpr (std::is_same_v<B, xp::cuda>) variant("xp float32 fast_math", float{}, false, true, 5e-2);
    variant("xp float64, frequency grid", double{}, true, false, 1e-9);
    variant("xp float32, frequency grid", float{}, true, false, 1e-2);
    if constexpr (std::is_same_v<B, xp::cuda>) variant("xp float32 fast_math, grid", float{}, true, true, 5e-2);
    std::printf("  * measured on the first %lld frequencies and scaled to %lld\n", static_cast<long long>(nb),
                static_cast<long long>(nf));

    // Step 4: the peak is the sinusoid's frequency, and the plot marks it.
    const auto ph = p64.copy_to_host();
    const std::int64_t peak = xp::argmax(ph).item();
    const double w = f0 + double(peak) * df;
    std::printf("  peak at angular frequency %.4f (the signal's: %.1f)\n", w, true_w);
    ok = ok && std::abs(w - true_w) < 0.01;
    tutorial::series s{{}, {}, 30, 90, 200};
    for (xp::index_t i = 0; i < nf; ++i) {
      s.x.push_back(f0 + double(i) * df);
      s.y.push_back(ph.data()[i]);
    }
    if (tutorial::linear_png("periodogram.png", s, w)) std::puts("  wrote periodogram.png (peak marked in red)");
    return ok;
  });
}
