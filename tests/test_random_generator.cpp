// xp::random::default_rng: NumPy's Generator API. Statistics at fixed seeds against stated
// bounds (5 standard errors for moments; chi-square and Kolmogorov-Smirnov critical values at
// p = 0.001), reproducibility, and the host's arrays as the device's oracle (bit for bit).
#include <algorithm>
#include <cmath>
#include <set>

#include "support.hpp"

using namespace xp_test;

namespace {

template <class T>
std::vector<double> as_double(const std::vector<T>& v) {
  return std::vector<double>(v.begin(), v.end());
}

// sample mean within 5 standard errors of `mean`, sample variance within 5 of its own standard
// error, sqrt((mu4 - var^2) / n), where mu4 = kurtosis * var^2 (3 for the normal)
void check_moments(const std::vector<double>& v, double mean, double var, double kurtosis) {
  const double n = static_cast<double>(v.size());
  double m = 0;
  for (double x : v) m += x;
  m /= n;
  double s2 = 0;
  for (double x : v) s2 += (x - m) * (x - m);
  s2 /= n - 1;
  INFO("mean " << m << " (want " << mean << "), variance " << s2 << " (want " << var << ")");
  CHECK(std::abs(m - mean) <= 5 * std::sqrt(var / n) + 1e-12);
  CHECK(std::abs(s2 - var) <= 5 * var * std::sqrt((kurtosis - 1) / n) + 1e-12);
}

// Kolmogorov-Smirnov statistic of v against the CDF F; the 0.001 critical value is 1.95/sqrt(n)
template <class F>
double ks_statistic(std::vector<double> v, F cdf) {
  std::sort(v.begin(), v.end());
  const double n = static_cast<double>(v.size());
  double d = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const double f = cdf(v[i]);
    d = std::max({d, f - static_cast<double>(i) / n, static_cast<double>(i + 1) / n - f});
  }
  return d;
}

// Pearson's statistic of observed counts against expected ones
double chi_square(const std::vector<double>& observed, const std::vector<double>& expected) {
  double x = 0;
  for (std::size_t i = 0; i < observed.size(); ++i)
    x += (observed[i] - expected[i]) * (observed[i] - expected[i]) / expected[i];
  return x;
}

}  // namespace

TEST_CASE("random generator: the tour of docs/random.md") {
  auto rows = xp::arange<double, B>(12).reshape({4, 3});
  const auto before = xp::to_host(rows);
  // example-begin generator-tour
  auto rng = xp::random::default_rng<B>(42);  // B: xp::host (the default) or xp::cuda
  auto u = rng.random<float>({1 << 20});      // [0, 1), float32
  auto z = rng.normal(10.0, 2.0, {1000, 3});  // float64 by default
  auto k = rng.integers(0, 6, {100});         // int64 in [0, 6)
  auto i = rng.choice(5, {10}, true, {0.1, 0.2, 0.3, 0.2, 0.2});
  rng.shuffle(rows);  // in place along axis 0
  // example-end generator-tour
  static_assert(std::is_same_v<decltype(u)::value_type, float>);
  static_assert(std::is_same_v<decltype(k)::value_type, std::int64_t>);
  CHECK(xp::all(u >= 0.f && u < 1.f).item());
  CHECK(std::abs(xp::mean(z).item() - 10.0) < 0.2);  // 3000 draws: standard error 0.037
  CHECK(xp::all(k >= std::int64_t(0) && k < std::int64_t(6)).item());
  CHECK(xp::all(i >= std::int64_t(0) && i < std::int64_t(5)).item());
  // a shuffle moves whole rows: the sorted row sums are those of before
  const auto sums = xp::to_host(xp::sum(rows, {1}));
  std::vector<double> got(sums.data(), sums.data() + 4), want{3, 12, 21, 30};
  std::sort(got.begin(), got.end());
  CHECK(got == want);
  CHECK(xp::sum(rows).item() == xp::sum(before).item());
}

TEST_CASE("random generator: a seed repeats its calls, each call draws new numbers") {
  auto g1 = xp::random::default_rng<B>(7), g2 = xp::random::default_rng<B>(7);
  const auto a = values(g1.random<float>({1000}));
  const auto b = values(g1.random<float>({1000}));
  CHECK(a != b);
  CHECK(values(g2.random<float>({1000})) == a);
  CHECK(values(g2.random<float>({1000})) == b);
  CHECK(g1.calls() == 2);
  CHECK(values(xp::random::default_rng<B>(8).random<float>({1000})) != a);
  // a prefix of a longer array is the shorter array: values depend on the flat index only
  const auto longer = values(xp::random::default_rng<B>(7).standard_normal<float>({4099}));
  const auto shorter = values(xp::random::default_rng<B>(7).standard_normal<float>({37}));
  CHECK(std::equal(shorter.begin(), shorter.end(), longer.begin()));
  CHECK(g1.random({0}).size() == 0);
  CHECK(xp::to_string(g1.normal(0, 1, {3, 0, 2}).shape()) == "(3, 0, 2)");
}

TEST_CASE("random generator: the device gives the host's numbers bit for bit") {
  // on the host suite both sides are the host: the test then checks only determinism
  const xp::shape_type shape{3, 1000 + 7};
  check_same(xp::random::default_rng<B>(11).random<float>(shape),
             xp::random::default_rng<xp::host>(11).random<float>(shape));
  check_same(xp::random::default_rng<B>(11).random<double>(shape),
             xp::random::default_rng<xp::host>(11).random<double>(shape));
  check_same(xp::random::default_rng<B>(12).uniform<float>(-3, 5, shape),
             xp::random::default_rng<xp::host>(12).uniform<float>(-3, 5, shape));
  check_same(xp::random::default_rng<B>(13).normal<float>(1, 2, shape),
             xp::random::default_rng<xp::host>(13).normal<float>(1, 2, shape));
  check_same(xp::random::default_rng<B>(14).exponential<float>(2, shape),
             xp::random::default_rng<xp::host>(14).exponential<float>(2, shape));
  check_same(xp::random::default_rng<B>(15).integers(-5, 1000003, shape),
             xp::random::default_rng<xp::host>(15).integers(-5, 1000003, shape));
  check_same(xp::random::default_rng<B>(16).integers<std::uint8_t>(0, 255, shape, true),
             xp::random::default_rng<xp::host>(16).integers<std::uint8_t>(0, 255, shape, true));
  check_same(xp::random::default_rng<B>(17).integers(-(std::int64_t{1} << 62), std::int64_t{1} << 62, shape),
             xp::random::default_rng<xp::host>(17).integers(-(std::int64_t{1} << 62), std::int64_t{1} << 62, shape));
  check_same(xp::random::default_rng<B>(18).choice(5, shape, true, {0.1, 0, 0.2, 0.3, 0.4}),
             xp::random::default_rng<xp::host>(18).choice(5, shape, true, {0.1, 0, 0.2, 0.3, 0.4}));
  check_same(xp::random::default_rng<B>(19).permutation(1000), xp::random::default_rng<xp::host>(19).permutation(1000));
  check_same(xp::random::default_rng<B>(20).poisson(3.5, shape),
             xp::random::default_rng<xp::host>(20).poisson(3.5, shape));
  // float64 normals and the rejection samplers use log/cos/lgamma, whose last bits differ
  // between CUDA and glibc: close, not identical
  check_close(xp::random::default_rng<B>(21).normal<double>(0, 1, shape),
              xp::random::default_rng<xp::host>(21).normal<double>(0, 1, shape), 1e-14);
  check_close(xp::random::default_rng<B>(22).gamma<double>(2.5, 1, {2000}),
              xp::random::default_rng<xp::host>(22).gamma<double>(2.5, 1, {2000}), 1e-12);
}

TEST_CASE_TEMPLATE("random generator: random, uniform, normal follow their laws", C, XP_FLOAT_DTYPES) {
  using T = typename C::type;
  const xp::index_t n = 200000;
  const double crit = 1.95 / std::sqrt(static_cast<double>(n));
  auto g = xp::random::default_rng<B>(2024);
  const auto u = values(g.template random<T>({n}));
  CHECK(*std::min_element(u.begin(), u.end()) >= T(0));
  CHECK(*std::max_element(u.begin(), u.end()) < T(1));
  CHECK(ks_statistic(as_double(u), [](double x) { return x; }) < crit);
  const auto w = values(g.template uniform<T>(-2, 6, {n}));
  CHECK(*std::min_element(w.begin(), w.end()) >= T(-2));
  CHECK(*std::max_element(w.begin(), w.end()) < T(6));
  check_moments(as_double(w), 2.0, 64.0 / 12, 1.8);
  const auto z = as_double(values(g.template standard_normal<T>({n})));
  CHECK(ks_statistic(z, [](double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }) < crit);
  check_moments(z, 0, 1, 3);
  check_moments(as_double(values(g.template normal<T>(3, 0.5, {n}))), 3, 0.25, 3);
  const auto e = as_double(values(g.template exponential<T>(2, {n})));
  CHECK(ks_statistic(e, [](double x) { return 1 - std::exp(-x / 2); }) < crit);
  check_moments(e, 2, 4, 9);
  check_moments(as_double(values(g.template gamma<T>(3, 2, {n}))), 6, 12, 3 + 6.0 / 3);
  check_moments(as_double(values(g.template gamma<T>(0.4, 1, {n}))), 0.4, 0.4, 3 + 6.0 / 0.4);
  CHECK(values(g.template gamma<T>(0, 1, {5})) == std::vector<T>(5, T(0)));
}

TEST_CASE("random generator: integers are in range and unbiased") {
  auto g = xp::random::default_rng<B>(99);
  const xp::index_t n = 300000;
  // a range of 10 (not a power of two): chi-square with 9 degrees of freedom, 0.001 critical 27.88
  const auto v = values(g.integers(-3, 7, {n}));
  std::vector<double> count(10, 0);
  for (auto x : v) {
    REQUIRE(x >= -3);
    REQUIRE(x < 7);
    count[static_cast<std::size_t>(x + 3)] += 1;
  }
  CHECK(chi_square(count, std::vector<double>(10, n / 10.0)) < 27.88);
  // 3 * 2^30 values: a plain modulo of 32 random bits would favour the lowest third 2:1
  const std::int64_t third = std::int64_t{1} << 30;
  const auto big = values(g.integers(0, 3 * third, {n}));
  std::vector<double> thirds(3, 0);
  for (auto x : big) thirds[static_cast<std::size_t>(x / third)] += 1;
  CHECK(chi_square(thirds, std::vector<double>(3, n / 3.0)) < 13.82);  // 2 dof
  // wider than 2^32 (two words per value), the endpoint included, int32 and uint8 dtypes
  const auto wide = values(g.integers(-(std::int64_t{1} << 40), std::int64_t{1} << 40, {n}, true));
  std::vector<double> halves(2, 0);
  for (auto x : wide) halves[x < 0 ? 0 : 1] += 1;
  CHECK(chi_square(halves, {n / 2.0, n / 2.0}) < 10.83);
  const auto bytes = values(g.integers<std::uint8_t>(0, 255, {n}, true));
  std::vector<double> b256(256, 0);
  for (auto x : bytes) b256[x] += 1;
  CHECK(chi_square(b256, std::vector<double>(256, n / 256.0)) < 330.5);  // 255 dof
  const auto one = values(g.integers<std::int32_t>(5, 5, {100}, true));
  CHECK(std::all_of(one.begin(), one.end(), [](std::int32_t x) { return x == 5; }));
  CHECK_THROWS_AS(g.integers(3, 3, {2}), xp::value_error);
  CHECK_THROWS_AS(g.integers(4, 3, {2}, true), xp::value_error);
  CHECK_THROWS_AS(g.integers<std::uint8_t>(0, 300, {2}), xp::value_error);
  CHECK_THROWS_AS(g.integers<std::uint8_t>(-1, 3, {2}), xp::value_error);
}

TEST_CASE("random generator: poisson and binomial have their moments") {
  auto g = xp::random::default_rng<B>(5);
  const xp::index_t n = 200000;
  for (double lam : {0.7, 4.0, 25.0, 3000.0})
    check_moments(as_double(values(g.poisson(lam, {n}))), lam, lam, 3 + 1 / lam);
  CHECK(values(g.poisson(0, {4})) == std::vector<std::int64_t>(4, 0));
  for (auto [m, p] : {std::pair<std::int64_t, double>{10, 0.3}, {1000, 0.6}, {100000, 0.02}, {50, 0.97}}) {
    const auto v = values(g.binomial(m, p, {n}));
    CHECK(*std::min_element(v.begin(), v.end()) >= 0);
    CHECK(*std::max_element(v.begin(), v.end()) <= m);
    const double var = static_cast<double>(m) * p * (1 - p);
    check_moments(as_double(v), static_cast<double>(m) * p, var, 3 + (1 - 6 * p * (1 - p)) / var);
  }
  CHECK(values(g.binomial(7, 1.0, {3})) == std::vector<std::int64_t>(3, 7));
  CHECK_THROWS_AS(g.poisson(-1, {2}), xp::value_error);
  CHECK_THROWS_AS(g.binomial(-1, 0.5, {2}), xp::value_error);
  CHECK_THROWS_AS(g.binomial(4, 1.5, {2}), xp::value_error);
}

TEST_CASE("random generator: choice, permutation and shuffle") {
  auto g = xp::random::default_rng<B>(31);
  // without replacement: distinct, in range
  const auto pick = values(g.choice(100, {60}, false));
  CHECK(std::set<std::int64_t>(pick.begin(), pick.end()).size() == 60);
  CHECK(*std::max_element(pick.begin(), pick.end()) < 100);
  // with weights: frequencies (chi-square, 3 dof: 16.27), a zero weight never drawn
  const std::vector<double> p{0.5, 0.0, 0.125, 0.25, 0.125};
  const xp::index_t n = 100000;
  std::vector<double> count(5, 0);
  for (auto x : values(g.choice(5, {n}, true, p))) count[static_cast<std::size_t>(x)] += 1;
  CHECK(count[1] == 0);
  CHECK(chi_square({count[0], count[2], count[3], count[4]}, {n * 0.5, n * 0.125, n * 0.25, n * 0.125}) < 16.27);
  // weighted without replacement: distinct, only non-zero weights; the heaviest comes first
  // about half the time (its probability, 0.5: 5 standard errors over 4000 draws)
  for (int r = 0; r < 20; ++r) {
    const auto w = values(g.choice(5, {4}, false, p));
    CHECK(std::set<std::int64_t>(w.begin(), w.end()) == std::set<std::int64_t>{0, 2, 3, 4});
  }
  double first_is_0 = 0;
  for (int r = 0; r < 4000; ++r) first_is_0 += values(g.choice(5, {1}, false, p))[0] == 0 ? 1 : 0;
  CHECK(std::abs(first_is_0 / 4000 - 0.5) < 5 * std::sqrt(0.25 / 4000));
  // permutation(n) is a permutation, permutation(a) and shuffle(a) move whole rows
  auto perm = values(g.permutation(1000));
  std::sort(perm.begin(), perm.end());
  for (std::int64_t i = 0; i < 1000; ++i) CHECK(perm[static_cast<std::size_t>(i)] == i);
  auto rows = xp::arange<std::int32_t, B>(40).reshape({10, 4});
  g.shuffle(rows);
  const auto r = values(rows);
  std::set<std::int32_t> firsts;
  for (int i = 0; i < 10; ++i) {
    CHECK(r[static_cast<std::size_t>(4 * i)] % 4 == 0);  // each row is still 4k, 4k+1, 4k+2, 4k+3
    for (int c = 1; c < 4; ++c) CHECK(r[static_cast<std::size_t>(4 * i + c)] == r[static_cast<std::size_t>(4 * i)] + c);
    firsts.insert(r[static_cast<std::size_t>(4 * i)]);
  }
  CHECK(firsts.size() == 10);
  CHECK(values(rows) != values(xp::arange<std::int32_t, B>(40)));  // 1 in 10! to fail by chance
  const auto taken = g.choice(xp::arange<float, B>(12).reshape({6, 2}), {3, 5});
  CHECK(xp::to_string(taken.shape()) == "(3, 5, 2)");
  for (float x : values(taken)) CHECK((x >= 0 && x < 12));
  // errors
  CHECK_THROWS_AS(g.choice(3, {4}, false), xp::value_error);
  CHECK_THROWS_AS(g.choice(5, {5}, false, p), xp::value_error);               // 4 non-zero weights only
  CHECK_THROWS_AS(g.choice(3, {2}, true, {0.5, 0.6, 0.1}), xp::value_error);  // sums to 1.2
  CHECK_THROWS_AS(g.choice(3, {2}, true, {1.5, -0.5, 0}), xp::value_error);   // negative weight
  CHECK_THROWS_AS(g.choice(3, {2}, true, {0.5, 0.5}), xp::value_error);       // length 2 for 3
  CHECK_THROWS_AS(g.normal(0, -1, {2}), xp::value_error);
  CHECK_THROWS_AS(g.exponential(-1, {2}), xp::value_error);
  CHECK_THROWS_AS(g.gamma(-1, 1, {2}), xp::value_error);
  try {
    g.normal(0, -2.5, {2});
  } catch (const xp::value_error& e) {
    CHECK(std::string(e.what()).find("-2.5") != std::string::npos);  // the message names the value
  }
}

TEST_CASE("random generator: counts too big to hold are NumPy's value_error, never a C++ exception") {
  auto g = xp::random::default_rng<B>(3);
  const std::int64_t huge = std::int64_t{1} << 62;
  CHECK_THROWS_WITH_AS(g.permutation(huge), doctest::Contains("array is too big"), xp::value_error);
  CHECK_THROWS_WITH_AS(g.choice(huge, {huge}, false), doctest::Contains("array is too big"), xp::value_error);
  CHECK_THROWS_WITH_AS(g.choice(huge, {huge}), doctest::Contains("array is too big"), xp::value_error);
  CHECK_THROWS_WITH_AS(g.integers(0, 5, {huge}), doctest::Contains("array is too big"), xp::value_error);
  CHECK_THROWS_WITH_AS(g.random({huge, 4}), doctest::Contains("array is too big"), xp::value_error);
  // a few values of a huge population without replacement need no table of the population
  const auto few = values(g.choice(huge, {5}, false));
  CHECK(std::set<std::int64_t>(few.begin(), few.end()).size() == 5);
  for (std::int64_t x : few) CHECK((x >= 0 && x < huge));
  // ... and are the values the whole shuffle would have put first
  for (std::int64_t n : {2, 17, 1000, 100000}) {
    INFO(n);
    const auto first = values(xp::random::default_rng<B>(11).choice(n, {2}, false));
    const auto all = values(xp::random::default_rng<B>(11).permutation(n));
    CHECK(first == std::vector<std::int64_t>(all.begin(), all.begin() + 2));
  }
}
