// xp/expr/ops.hpp + elementwise.hpp: every NumPy function xp has, against NumPy's golden
// results, on each backend, for float32 and float64 (and the integer rules).
#include "support.hpp"

using namespace xt_test;

template <class T>
std::string op_tag() {
  return std::is_same_v<T, float> ? "f32" : "f64";
}

template <class T>
xp::ndarray<T, B> op_load(const std::string& name) {
  return xp::load_npy<T, B>(golden(name + "_" + op_tag<T>()));
}
template <class T>
xp::ndarray<T> op_want(const std::string& name) {
  return xp::load_npy<T>(golden("op_" + name + "_" + op_tag<T>()));
}

// Transcendental functions: NumPy's and CUDA's libraries are not correctly rounded; a few
// ulp apart is agreement, anything wrong in xp is off by far more.
#define XP_CHECK_OP(name, tol_, ...) \
  SUBCASE(name) { check_close(xp::eval(__VA_ARGS__), op_want<T>(name), tol_); }

TEST_CASE_TEMPLATE("ops: float functions match NumPy", C, XP_FLOAT_DTYPES) {
  using T = typename C::type;
  const auto x = op_load<T>("op_x"), pos = op_load<T>("op_pos"), unit = op_load<T>("op_unit");
  const auto xr = x(xp::range(xp::none, xp::none, -1));  // a negative-stride view
  const double tol = ulps<T>(8);
  XP_CHECK_OP("abs", 0, xp::abs(x))
  XP_CHECK_OP("sign", 0, xp::sign(x))
  XP_CHECK_OP("square", ulps<T>(1), xp::square(x))
  XP_CHECK_OP("exp", tol, xp::exp(x / T(4)))
  XP_CHECK_OP("expm1", tol, xp::expm1(x / T(4)))
  XP_CHECK_OP("sinh", tol, xp::sinh(x / T(4)))
  XP_CHECK_OP("cosh", tol, xp::cosh(x / T(4)))
  XP_CHECK_OP("sin", tol, xp::sin(x))
  XP_CHECK_OP("cos", tol, xp::cos(x))
  XP_CHECK_OP("tan", tol * 8, xp::tan(x))  // tan is steep near its poles
  XP_CHECK_OP("arctan", tol, xp::arctan(x))
  XP_CHECK_OP("tanh", tol, xp::tanh(x))
  XP_CHECK_OP("floor", 0, xp::floor(x))
  XP_CHECK_OP("ceil", 0, xp::ceil(x))
  XP_CHECK_OP("round", 0, xp::round(x))
  XP_CHECK_OP("trunc", 0, xp::trunc(x))
  XP_CHECK_OP("cbrt", tol, xp::cbrt(x))
  XP_CHECK_OP("sqrt", ulps<T>(1), xp::sqrt(pos))
  XP_CHECK_OP("log", tol, xp::log(pos))
  XP_CHECK_OP("log2", tol, xp::log2(pos))
  XP_CHECK_OP("log10", tol, xp::log10(pos))
  XP_CHECK_OP("log1p", tol, xp::log1p(pos))
  XP_CHECK_OP("exp2", tol, xp::exp2(pos))
  XP_CHECK_OP("arcsin", tol, xp::arcsin(unit))
  XP_CHECK_OP("arccos", tol, xp::arccos(unit))
  XP_CHECK_OP("arctan2", tol, xp::arctan2(x, xr))
  XP_CHECK_OP("hypot", tol, xp::hypot(x, xr))
  XP_CHECK_OP("power", tol * 4, xp::power(pos, x / T(5)))
  XP_CHECK_OP("remainder", ulps<T>(4), x % xr)
  XP_CHECK_OP("divide", ulps<T>(1), x / pos)
  XP_CHECK_OP("clip", 0, xp::clip(x, -2.5, 3.5))
  XP_CHECK_OP("saxpy_trig", tol, xp::exp(T(0.5) * xp::sin(x) + xp::cos(xr)))
}

TEST_CASE("ops: integer rules (promotion, Python remainder, exact results)") {
  const auto i = xp::load_npy<std::int32_t, B>(golden("op_i")), j = xp::load_npy<std::int32_t, B>(golden("op_j"));
  check_same(xp::eval(xp::remainder(i, j)), xp::load_npy<std::int32_t>(golden("op_remainder_i32")));
  auto d = xp::eval(i / j);  // true division: float64
  static_assert(std::is_same_v<decltype(d)::value_type, double>);
  check_close(d, xp::load_npy<double>(golden("op_divide_i32")), ulps<double>(1));
  check_same(xp::eval(xp::power(i, xp::abs(j) % 4)), xp::load_npy<std::int32_t>(golden("op_power_i32")));
  auto s = xp::eval(xp::sin(i));
  static_assert(std::is_same_v<decltype(s)::value_type, double>);
  check_close(s, xp::load_npy<double>(golden("op_sin_i32")), ulps<double>(8));
  check_same(xp::eval(xp::abs(i)), xp::load_npy<std::int32_t>(golden("op_abs_i32")));
  check_same(xp::eval(xp::sign(i)), xp::load_npy<std::int32_t>(golden("op_sign_i32")));
  check_same(xp::eval(i & j), xp::load_npy<std::int32_t>(golden("op_bitand_i32")));
  check_same(xp::eval(i ^ j), xp::load_npy<std::int32_t>(golden("op_bitxor_i32")));
  check_same(xp::eval(i < j), xp::load_npy<bool>(golden("op_less_i32")));
  check_same(xp::eval(xp::where(i > 0, i, j)), xp::load_npy<std::int32_t>(golden("op_where_i32")));
  CHECK(values(xp::eval(xp::arange<std::int32_t, B>(5) % 0)) == std::vector<std::int32_t>(5, 0));
  static_assert(std::is_same_v<decltype(xp::eval(i + 1.5))::value_type, double>);
  static_assert(std::is_same_v<decltype(xp::eval(i + xp::arange<std::int64_t, B>(3)))::value_type, std::int64_t>);
  static_assert(std::is_same_v<decltype(xp::eval(xp::arange<float, B>(2) + i(xp::range(0, 2))))::value_type, double>);
  static_assert(std::is_same_v<decltype(xp::eval(xp::arange<std::uint8_t, B>(2) * 3))::value_type, std::uint8_t>);
}

TEST_CASE("ops: NaN and infinity follow NumPy") {
  const auto v = xp::load_npy<double, B>(golden("nan_src"));
  check_same(xp::eval(xp::isnan(v)), xp::load_npy<bool>(golden("nan_isnan")));
  check_same(xp::eval(xp::isinf(v)), xp::load_npy<bool>(golden("nan_isinf")));
  check_same(xp::eval(xp::isfinite(v)), xp::load_npy<bool>(golden("nan_isfinite")));
  check_close(xp::eval(xp::minimum(v, 2.0)), xp::load_npy<double>(golden("nan_minimum")), 0);
  check_close(xp::eval(xp::maximum(v, 2.0)), xp::load_npy<double>(golden("nan_maximum")), 0);
}

TEST_CASE("ops: logic, comparisons and bool arrays") {
  auto a = xp::arange<std::int32_t, B>(6);
  auto even = xp::eval(a % 2 == 0);
  CHECK(values(even) == std::vector<bool>{true, false, true, false, true, false});
  CHECK(values(xp::eval(!even || a > 3)) == std::vector<bool>{false, true, false, true, true, true});
  CHECK(values(xp::eval(even && a >= 2)) == std::vector<bool>{false, false, true, false, true, false});
  CHECK(values(xp::eval(~a)) == std::vector<std::int32_t>{-1, -2, -3, -4, -5, -6});
  CHECK(values(xp::eval(-a)) == std::vector<std::int32_t>{0, -1, -2, -3, -4, -5});
  auto f = xp::eval(xp::where(even, 1.0, -1.0));
  static_assert(std::is_same_v<decltype(f)::value_type, double>);
  CHECK(values(f) == std::vector<double>{1, -1, 1, -1, 1, -1});
  auto m = xp::zeros<std::int32_t, B>({3});
  m |= 5;
  m ^= 1;
  CHECK(values(m) == std::vector<std::int32_t>{4, 4, 4});
}

TEST_CASE("ops: one fused expression is one kernel, and fresh random inputs match a float64 reference") {
  auto x = xp::random::uniform<float, B>({1 << 16}, -3.f, 3.f, 11);
  auto y = xp::random::uniform<float, B>({1 << 16}, -3.f, 3.f, 12);
  const auto before = xp::debug::launch_count();
  xp::ndarray<float, B> z = xp::exp(0.5f * xp::sin(x) + xp::cos(y));
  CHECK(xp::debug::launch_count() - before == 1);
  const auto hx = values(x), hy = values(y), hz = values(z);
  for (std::size_t k = 0; k < hz.size(); k += 7) {
    const double want = std::exp(0.5 * std::sin(double(hx[k])) + std::cos(double(hy[k])));
    CHECK(std::abs(hz[k] - want) <= 1e-6 * want);
  }
  // out overload and eval into a strided destination
  auto dst = xp::zeros<float, B>({2, 1 << 16});
  xp::eval(x * 2.f, dst(1, xp::all));
  CHECK(values(dst(1, xp::range(0, 3))) == std::vector<float>{hx[0] * 2, hx[1] * 2, hx[2] * 2});
  CHECK(values(dst(0, xp::range(0, 3))) == std::vector<float>{0, 0, 0});
  CHECK_THROWS_AS(xp::eval(x * 2.f, xp::zeros<float, B>({3})), xp::shape_error);
}
