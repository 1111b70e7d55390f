// xp/random: Philox 4x32-10 known answers, the same numbers on every backend, sane statistics.
#include "support.hpp"

using namespace xp_test;

TEST_CASE("random: Philox 4x32-10 matches Random123's known-answer vectors") {
  auto r = xp::random::philox4x32_10(0, 0, 0, 0, 0, 0);
  CHECK(r.v[0] == 0x6627e8d5u);
  CHECK(r.v[1] == 0xe169c58du);
  CHECK(r.v[2] == 0xbc57ac4cu);
  CHECK(r.v[3] == 0x9b00dbd8u);
  r = xp::random::philox4x32_10(0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu);
  CHECK(r.v[0] == 0x408f276du);
  CHECK(r.v[3] == 0x6d5451fdu);
  r = xp::random::philox4x32_10(0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u, 0xa4093822u, 0x299f31d0u);
  CHECK(r.v[0] == 0xd16cfe09u);
  CHECK(r.v[1] == 0x94fdccebu);
  CHECK(r.v[2] == 0x5001e420u);
  CHECK(r.v[3] == 0x24126ea1u);
}

TEST_CASE_TEMPLATE("random: uniform is identical on host and this backend, in [low, high)", C, XP_FLOAT_DTYPES) {
  using T = typename C::type;
  auto d = xp::random::uniform<T, B>({1000, 37}, T(-2), T(5), 1234);
  auto h = xp::random::uniform<T, xp::host>({1000, 37}, T(-2), T(5), 1234);
  check_same(d, h);
  const auto v = values(d);
  double mean = 0;
  for (T x : v) {
    CHECK(x >= T(-2));
    CHECK(x < T(5));
    mean += x;
  }
  mean /= static_cast<double>(v.size());
  CHECK(mean == doctest::Approx(1.5).epsilon(0.01));
  // another seed gives other numbers
  CHECK(values(xp::random::uniform<T, B>({8}, T(0), T(1), 1235)) !=
        values(xp::random::uniform<T, B>({8}, T(0), T(1), 1234)));
}

TEST_CASE_TEMPLATE("random: normal agrees across backends and has the asked moments", C, XP_FLOAT_DTYPES) {
  using T = typename C::type;
  const xp::index_t n = 1 << 18;
  auto d = values(xp::random::normal<T, B>({n}, T(3), T(10), 42));
  auto h = values(xp::random::normal<T, xp::host>({n}, T(3), T(10), 42));
  double mean = 0, m2 = 0;
  for (xp::index_t i = 0; i < n; ++i) {
    // Only log/cos may differ between CUDA and glibc (by an ulp or two of z); the error then
    // scales with |stddev * z| = |h - mean|, plus the rounding of the final mean + stddev * z.
    const double bound = 8 * std::numeric_limits<T>::epsilon() * (3.0 + std::abs(double(h[i]) - 3.0));
    CHECK(std::abs(double(d[i]) - double(h[i])) <= bound);
    mean += d[i];
  }
  mean /= n;
  for (T x : d) m2 += (x - mean) * (x - mean);
  const double sd = std::sqrt(m2 / n);
  CHECK(mean == doctest::Approx(3.0).epsilon(0.02));  // 10/sqrt(2^18) ~ 0.02 standard error
  CHECK(sd == doctest::Approx(10.0).epsilon(0.01));
  CHECK_THROWS_AS((xp::random::normal<T, B>({2}, T(0), T(-1))), xp::value_error);
  CHECK_THROWS_AS((xp::random::uniform<T, B>({2}, T(1), T(0))), xp::value_error);
}
