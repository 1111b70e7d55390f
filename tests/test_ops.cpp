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
  return xp::load_npy<T, B>(golden("ops/" + name + "_" + op_tag<T>()));
}
template <class T>
xp::ndarray<T> op_want(const std::string& name) {
  return xp::load_npy<T>(golden("ops/op_" + name + "_" + op_tag<T>()));
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
