// Arithmetic: + - * / % and power, positive / negative, fmod and remainder, the named functions
// beside the operators (add, subtract, ...), against NumPy's goldens on each backend: the integer
// rules (NumPy's promotion, Python's remainder, exact results: tests/golden/ops/op_*_i32) and one
// dtype of each class (tests/golden/ops/funcs_stats_<code>.npz, funcs_stats_support.hpp); integer
// powers with negative exponents, weak scalars that do not fit the array's dtype. Arithmetic at
// integer edge values and remainders by and of zero: test_ops_special_values.cpp.
#include "funcs_stats_support.hpp"

using namespace xp_test;

TEST_CASE("arithmetic: integer rules (promotion, Python remainder, exact results)") {
  const auto i = xp::load_npy<std::int32_t, B>(golden("ops/op_i")),
             j = xp::load_npy<std::int32_t, B>(golden("ops/op_j"));
  check_same(xp::eval(xp::remainder(i, j)), xp::load_npy<std::int32_t>(golden("ops/op_remainder_i32")));
  auto d = xp::eval(i / j);  // true division: float64
  static_assert(std::is_same_v<decltype(d)::value_type, double>);
  check_close(d, xp::load_npy<double>(golden("ops/op_divide_i32")), ulps<double>(1));
  check_same(xp::eval(xp::power(i, xp::abs(j) % 4)), xp::load_npy<std::int32_t>(golden("ops/op_power_i32")));
  auto s = xp::eval(xp::sin(i));
  static_assert(std::is_same_v<decltype(s)::value_type, double>);
  check_close(s, xp::load_npy<double>(golden("ops/op_sin_i32")), ulps<double>(8));
  check_same(xp::eval(xp::abs(i)), xp::load_npy<std::int32_t>(golden("ops/op_abs_i32")));
  check_same(xp::eval(xp::sign(i)), xp::load_npy<std::int32_t>(golden("ops/op_sign_i32")));
  check_same(xp::eval(i & j), xp::load_npy<std::int32_t>(golden("ops/op_bitand_i32")));
  check_same(xp::eval(i ^ j), xp::load_npy<std::int32_t>(golden("ops/op_bitxor_i32")));
  check_same(xp::eval(i < j), xp::load_npy<bool>(golden("ops/op_less_i32")));
  check_same(xp::eval(xp::where(i > 0, i, j)), xp::load_npy<std::int32_t>(golden("ops/op_where_i32")));
  CHECK(values(xp::eval(xp::arange<std::int32_t, B>(5) % 0)) == std::vector<std::int32_t>(5, 0));
  static_assert(std::is_same_v<decltype(xp::eval(i + 1.5))::value_type, double>);
  static_assert(std::is_same_v<decltype(xp::eval(i + xp::arange<std::int64_t, B>(3)))::value_type, std::int64_t>);
  static_assert(std::is_same_v<decltype(xp::eval(xp::arange<float, B>(2) + i(xp::range(0, 2))))::value_type, double>);
  static_assert(std::is_same_v<decltype(xp::eval(xp::arange<std::uint8_t, B>(2) * 3))::value_type, std::uint8_t>);
}

TEST_CASE_TEMPLATE(
    "arithmetic: positive, fmod and remainder of every dtype class match NumPy 2 (dtypes, values, layouts)", C,
    XP_DTYPE_CLASSES) {
  using T = typename C::type;
  using namespace xp::detail;
  const auto a = funcs_stats_input<T>("a");
  if constexpr (!std::is_same_v<T, bool>) {
    check_funcs_stats<T>(
        "positive", 0, [](const auto& x) { return xp::positive(x); }, a);
  }
  if constexpr (!is_complex_v<T>) {
    const auto b = funcs_stats_input<T>("b");
    check_funcs_stats<T>(
        "fmod", 0, [](const auto& x, const auto& y) { return xp::fmod(x, y); }, a, b);
    check_funcs_stats<T>(
        "remainder", 0, [](const auto& x, const auto& y) { return xp::remainder(x, y); }, a, b);
    if constexpr (is_real_floating_v<T>) {  // the sign of each non-NaN result, zeros included
      check_funcs_stats<T>(
          "fmod_signbit", 0,
          [](const auto& x, const auto& y) {
            const auto r = xp::fmod(x, y);
            return xp::signbit(r) && !xp::isnan(r);
          },
          a, b);
      check_funcs_stats<T>(
          "remainder_signbit", 0,
          [](const auto& x, const auto& y) {
            const auto r = xp::mod(x, y);
            return xp::signbit(r) && !xp::isnan(r);
          },
          a, b);
    }
  }
}

TEST_CASE("arithmetic: named functions beside the operators compute the operators' ops") {
  const auto x = xp::array<std::int32_t, B>({-7, -2, 0, 3, 9, 12}, {6});
  const auto y = xp::array<std::int32_t, B>({2, -3, 5, 3, -4, 5}, {6});
  const auto same = [](const auto& got, const auto& want) {
    static_assert(std::is_same_v<typename std::decay_t<decltype(got)>::value_type,
                                 typename std::decay_t<decltype(want)>::value_type>);
    CHECK(values(xp::eval(got)) == values(xp::eval(want)));
  };
  same(xp::add(x, y), x + y);
  same(xp::subtract(x, y), x - y);
  same(xp::multiply(x, y), x * y);
  same(xp::divide(x, y), x / y);
  same(xp::true_divide(x, 2), x / 2);
  same(xp::equal(x, y), x == y);
  same(xp::not_equal(x, y), x != y);
  same(xp::less(x, y), x < y);
  same(xp::less_equal(x, y), x <= y);
  same(xp::greater(x, y), x > y);
  same(xp::greater_equal(x, y), x >= y);
  same(xp::negative(x), -x);
  same(xp::bitwise_and(x, y), x & y);
  same(xp::bitwise_or(x, y), x | y);
  same(xp::bitwise_xor(x, 6), x ^ 6);
  same(xp::mod(x, y), x % y);
  same(xp::pow(x, 2), xp::power(x, 2));
  same(xp::asin(xp::astype<double>(y) / 10), xp::arcsin(xp::astype<double>(y) / 10));
  same(xp::atan2(x, 2.0), xp::arctan2(x, 2.0));
  // Python's % and C's fmod differ exactly where the signs differ: -7 % 2 = 1, fmod(-7, 2) = -1
  CHECK(values(xp::eval(xp::mod(x, y))) == std::vector<std::int32_t>{1, -2, 0, 0, -3, 2});
  CHECK(values(xp::eval(xp::fmod(x, y))) == std::vector<std::int32_t>{-1, -2, 0, 0, 1, 2});
  CHECK_THROWS_AS(xp::pow(x, y), xp::value_error);  // a negative integer exponent, as NumPy
}

TEST_CASE("arithmetic: power(int, negative) throws like NumPy; floats and non-negative exponents do not") {
  auto x = xp::arange<std::int64_t, B>(1, 5);
  CHECK_THROWS_AS((xp::power(x, -1)), xp::value_error);
  CHECK_THROWS_AS((xp::power(x, xp::array<std::int64_t, B>({1, 2, -3, 4}))), xp::value_error);
  CHECK_THROWS_AS((xp::power(x, x - 3)), xp::value_error);  // an expression exponent too
  CHECK_THROWS_AS((xp::power(2, x - 3)), xp::value_error);
  try {
    xp::power(x, -2);
  } catch (const xp::value_error& e) {
    CHECK(std::string(e.what()).find("Integers to negative integer powers are not allowed") != std::string::npos);
  }
  check_same(xp::eval(xp::power(x, 2)), xp::array<std::int64_t, B>({1, 4, 9, 16}));
  auto f = xp::eval(xp::power(x, -1.0));  // a float exponent gives float64, like NumPy
  check_close(f, xp::array<double, B>({1.0, 0.5, 1.0 / 3.0, 0.25}), 1e-15);
  check_same(xp::eval(xp::power(xp::arange<std::uint8_t, B>(4), std::uint8_t{3})),
             xp::array<std::uint8_t, B>({0, 1, 8, 27}));
}

TEST_CASE("arithmetic: a weak integer scalar that does not fit the array's dtype is refused (NumPy 2)") {
  auto u = xp::arange<std::uint8_t, B>(4);
  CHECK_THROWS_AS((u % -1), xp::value_error);  // NumPy 2: OverflowError: Python integer -1 out of bounds for uint8
  CHECK_THROWS_AS((u + 256), xp::value_error);
  CHECK_THROWS_AS((u += 300), xp::value_error);
  CHECK_THROWS_AS((xp::arange<std::int32_t, B>(3) * (std::int64_t{1} << 40)), xp::value_error);
  check_same(xp::eval(u + 255), xp::array<std::uint8_t, B>({255, 0, 1, 2}));  // in range: wraps like NumPy
  check_same(u, xp::arange<std::uint8_t, B>(4));
}
