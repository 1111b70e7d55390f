// xp/signal/lombscargle.hpp: SciPy's golden periodograms, a hand-checked case, fresh random
// data against a float64 reference (listed and grid frequencies, float and double), bad input.
#include <cmath>

#include "support.hpp"

using namespace xp_test;

namespace {

// SciPy's classic formula in double, straight from the seeds.
std::vector<double> ls_reference(const std::vector<double>& x, const std::vector<double>& y,
                                 const std::vector<double>& f) {
  std::vector<double> p(f.size());
  for (std::size_t i = 0; i < f.size(); ++i) {
    double xc = 0, xs = 0, cc = 0, ss = 0, cs = 0;
    for (std::size_t j = 0; j < x.size(); ++j) {
      const double c = std::cos(f[i] * x[j]), s = std::sin(f[i] * x[j]);
      xc += y[j] * c;
      xs += y[j] * s;
      cc += c * c;
      ss += s * s;
      cs += c * s;
    }
    const double tau = std::atan2(2 * cs, cc - ss) / (2 * f[i]);
    const double ct = std::cos(f[i] * tau), st = std::sin(f[i] * tau);
    const double pp = ct * xc + st * xs, qq = ct * xs - st * xc;
    p[i] = 0.5 * (pp * pp / (ct * ct * cc + 2 * ct * st * cs + st * st * ss) +
                  qq * qq / (ct * ct * ss - 2 * ct * st * cs + st * st * cc));
  }
  return p;
}

// ||got - want|| / ||want||, the accuracy measure
template <class T, class Bk>
double relative_error(const xp::ndarray<T, Bk>& got, const std::vector<double>& want) {
  const auto g = values(got);
  REQUIRE(g.size() == want.size());
  double num = 0, den = 0;
  for (std::size_t i = 0; i < g.size(); ++i) {
    num += (double(g[i]) - want[i]) * (double(g[i]) - want[i]);
    den += want[i] * want[i];
  }
  return std::sqrt(num / den);
}

template <class T>
struct ls_data {
  xp::ndarray<T, B> x, y;
  std::vector<double> xd, yd;
};

// n samples at random times in [0, 100), a sinusoid plus noise, rounded to T first so that the
// reference sees exactly the inputs xp sees
template <class T>
ls_data<T> ls_random(xp::index_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> t(0, 100);
  std::normal_distribution<double> noise(0, 1);
  ls_data<T> d;
  for (xp::index_t j = 0; j < n; ++j) {
    const double xj = double(static_cast<T>(t(gen)));
    d.xd.push_back(xj);
    d.yd.push_back(double(static_cast<T>(3 * std::sin(0.7 * xj) + noise(gen))));
  }
  std::vector<T> xs(d.xd.begin(), d.xd.end()), ys(d.yd.begin(), d.yd.end());
  d.x = xp::array<T, B>(xs, {n});
  d.y = xp::array<T, B>(ys, {n});
  return d;
}

}  // namespace

TEST_CASE("lombscargle: SciPy's periodograms, with precenter and normalize") {
  const auto x = xp::load_npy<double, B>(golden("signal/ls_x")), y = xp::load_npy<double, B>(golden("signal/ls_y"));
  const auto f = xp::load_npy<double, B>(golden("signal/ls_f"));
  check_close(xp::signal::lombscargle(x, y, f), xp::load_npy<double>(golden("signal/ls_plain")), 1e-11);
  check_close(xp::signal::lombscargle(x, y, f, {.precenter = true}),
              xp::load_npy<double>(golden("signal/ls_precenter")), 1e-11);
  check_close(xp::signal::lombscargle(x, y, f, {.normalize = true}),
              xp::load_npy<double>(golden("signal/ls_normalize")), 1e-11);
  check_close(xp::signal::lombscargle(x, y, f, {.precenter = true, .normalize = true}),
              xp::load_npy<double>(golden("signal/ls_both")), 1e-11);
  // the golden frequencies are evenly spaced: the grid path gives the same periodogram
  const double df = (6.0 - 0.05) / 999;
  check_close(xp::signal::lombscargle(x, y, xp::signal::frequency_grid{0.05, df, 1000}),
              xp::load_npy<double>(golden("signal/ls_plain")), 1e-11);
}

TEST_CASE("lombscargle: a case checked by hand") {
  // samples at 0 and pi/2, both 1, at frequency 1: tau = pi/4 and the periodogram is exactly 1
  const auto x = xp::array<double, B>({0.0, M_PI / 2}), y = xp::array<double, B>({1.0, 1.0});
  const auto f = xp::array<double, B>({1.0});
  CHECK(values(xp::signal::lombscargle(x, y, f))[0] == doctest::Approx(1.0).epsilon(1e-14));
  CHECK(values(xp::signal::lombscargle(x, y, f, {.normalize = true}))[0] ==
        doctest::Approx(1.0).epsilon(1e-14));                                      // 2 / (1 + 1)
  CHECK(values(xp::signal::lombscargle(x, y, f, {.precenter = true}))[0] == 0.0);  // nothing left after centering
}

TEST_CASE_TEMPLATE("lombscargle: 2^10 samples x 2^12 frequencies against a float64 reference", P, XP_FLOAT_DTYPES) {
  using T = typename P::type;
  // 2^12 frequencies fill 4 (double) or 8 (float) of the device's blocks of 1024 or 512; 2^14
  // made this file 80 s of the sanitizer stage (the unoptimised float64 references)
  const xp::index_t n = 1 << 10, nf = 1 << 12;
  const auto d = ls_random<T>(n, 7);
  const double f0 = 0.01, df = 0.0005;
  std::vector<double> fd(nf);
  std::vector<T> ft(nf);
  for (xp::index_t i = 0; i < nf; ++i) {
    ft[i] = static_cast<T>(f0 + double(i) * df);
    fd[i] = double(ft[i]);
  }
  const auto want = ls_reference(d.xd, d.yd, fd);
  const double bound = std::is_same_v<T, double> ? 1e-12 : 1e-4;
  const auto listed = xp::signal::lombscargle(d.x, d.y, xp::array<T, B>(ft, {nf}));
  static_assert(std::is_same_v<typename decltype(listed)::value_type, T>);
  CHECK(relative_error(listed, want) <= bound);
  // the grid path: its frequencies are f0 + i df in double, rounded to T only inside the kernel
  std::vector<double> grid_f(nf);
  for (xp::index_t i = 0; i < nf; ++i) grid_f[i] = double(static_cast<T>(f0 + double(i) * df));
  const auto grid = xp::signal::lombscargle(d.x, d.y, xp::signal::frequency_grid{f0, df, nf});
  const auto grid_want = ls_reference(d.xd, d.yd, grid_f);
  CHECK(relative_error(grid, grid_want) <= bound);
  if constexpr (std::is_same_v<T, float>) {
    const auto fast = xp::signal::lombscargle(d.x, d.y, xp::array<T, B>(ft, {nf}), {.fast_math = true});
    CHECK(relative_error(fast, want) <= 1e-3);
    const auto fast_grid =
        xp::signal::lombscargle(d.x, d.y, xp::signal::frequency_grid{f0, df, nf}, {.fast_math = true});
    CHECK(relative_error(fast_grid, grid_want) <= 1e-3);
  }
}

TEST_CASE("lombscargle: odd sizes, views, mixed dtypes, NaN") {
  // 37 samples (not a multiple of any tile or SIMD width), every other element of a longer array
  const auto d = ls_random<double>(74, 11);
  const auto xs = d.x(xp::range(0, 74, 2)), ys = d.y(xp::range(0, 74, 2));
  std::vector<double> xd, yd;
  for (int j = 0; j < 74; j += 2) {
    xd.push_back(d.xd[j]);
    yd.push_back(d.yd[j]);
  }
  const std::vector<double> fd{0.3, 0.5, 0.7, 1.1, 2.9};
  const auto got = xp::signal::lombscargle(xs, ys, xp::array<double, B>(fd, {5}));
  CHECK(relative_error(got, ls_reference(xd, yd, fd)) <= 1e-12);
  // float x with double freqs -> double, like NumPy's promotion (SciPy works in float64)
  const auto mixed = xp::signal::lombscargle(xs.astype<float>(), ys, xp::array<double, B>(fd, {5}));
  static_assert(std::is_same_v<decltype(mixed)::value_type, double>);
  // empty freqs: an empty result
  CHECK(xp::signal::lombscargle(xs, ys, xp::empty<double, B>({0})).size() == 0);
  CHECK(xp::signal::lombscargle(xs, ys, xp::signal::frequency_grid{1.0, 0.1, 0}).size() == 0);
  // NaN in y propagates to every frequency
  auto yn = ys.copy();
  yn(3) = std::nan("");
  for (double v : values(xp::signal::lombscargle(xs, yn, xp::array<double, B>(fd, {5})))) CHECK(std::isnan(v));
}

TEST_CASE("lombscargle: bad input throws clear errors") {
  const auto x = xp::arange<double, B>(10), f = xp::linspace<double, B>(0.1, 1, 5);
  CHECK_THROWS_AS(xp::signal::lombscargle(x, xp::arange<double, B>(9), f), xp::shape_error);
  CHECK_THROWS_AS(xp::signal::lombscargle(x.reshape({2, 5}), x.reshape({2, 5}), f), xp::shape_error);
  CHECK_THROWS_AS(xp::signal::lombscargle(x, x, f.reshape({5, 1})), xp::shape_error);
  CHECK_THROWS_AS(xp::signal::lombscargle(xp::empty<double, B>({0}), xp::empty<double, B>({0}), f), xp::value_error);
  CHECK_THROWS_AS(xp::signal::lombscargle(x, x, xp::array<double, B>({0.5, 0.0})), xp::value_error);
  CHECK_THROWS_AS(xp::signal::lombscargle(x, x, xp::signal::frequency_grid{-1.0, 0.25, 10}),
                  xp::value_error);  // hits 0
  CHECK_THROWS_AS(xp::signal::lombscargle(x, x, xp::signal::frequency_grid{1.0, 0.1, -1}), xp::value_error);
  CHECK_NOTHROW(
      xp::signal::lombscargle(x, x, xp::signal::frequency_grid{-1.0, 0.3, 10}));  // passes near 0, never on it
}
