// The array API's constants (xp::e, inf, nan, pi, newaxis) and NumPy's names for bitwise NOT
// (invert, bitwise_invert, bitwise_not): the values NumPy prints and the same results on both
// backends.
#include <cmath>
#include <cstdint>
#include <numbers>

#include "support.hpp"

using namespace xp_test;

TEST_CASE("constants: e, inf, nan and pi are NumPy's doubles") {
  static_assert(xp::pi == std::numbers::pi && xp::e == std::numbers::e);
  CHECK(xp::pi == 3.141592653589793);  // np.pi's repr
  CHECK(xp::e == 2.718281828459045);   // np.e's repr
  CHECK(std::isinf(xp::inf));
  CHECK(xp::inf > 0);
  CHECK(std::isnan(xp::nan));
  // usable where NumPy's are: in expressions with arrays, as fill values
  const auto x = xp::arange<double, B>(0.0, 4.0, 1.0);
  const auto y = (x * xp::pi).copy_to_host();
  for (int i = 0; i < 4; ++i) CHECK(y.at(i) == i * 3.141592653589793);
  const auto f = xp::full<double, B>({3}, xp::nan).copy_to_host();
  for (int i = 0; i < 3; ++i) CHECK(std::isnan(f.at(i)));
}

TEST_CASE("constants: bitwise_not is invert and bitwise_invert, as in NumPy") {
  const auto a = xp::array<std::int32_t, B>({0, 1, -2, 7, 2147483647});
  const auto want = xp::array<std::int32_t, B>({-1, -2, 1, -8, -2147483647 - 1});
  check_same(xp::ndarray<std::int32_t, B>(xp::bitwise_not(a)), want);
  check_same(xp::ndarray<std::int32_t, B>(xp::invert(a)), want);
  check_same(xp::ndarray<std::int32_t, B>(xp::bitwise_invert(a)), want);
  const auto flags = xp::array<bool, B>({true, false});
  check_same(xp::ndarray<bool, B>(xp::bitwise_not(flags)), xp::array<bool, B>({false, true}));
}
