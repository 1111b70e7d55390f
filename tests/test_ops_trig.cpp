// Trigonometric and hyperbolic functions and their inverses, arctan2, hypot, deg2rad / rad2deg,
// against NumPy's goldens on each backend: float32 and float64 (tests/golden/ops/op_*,
// make_golden_core.py) and one dtype of each class (tests/golden/ops/funcs_stats_<code>.npz,
// funcs_stats_support.hpp); and the vector forms of the inverse hyperbolic functions and
// deg2rad / rad2deg on the host, against their scalar forms.
#include "funcs_stats_support.hpp"

using namespace xp_test;

TEST_CASE_TEMPLATE("trig: float functions match NumPy (trigonometric and hyperbolic functions, arctan2, hypot)", C,
                   XP_FLOAT_DTYPES) {
  using T = typename C::type;
  const auto x = op_load<T>("op_x"), unit = op_load<T>("op_unit");
  const auto xr = x(xp::range(xp::none, xp::none, -1));  // a negative-stride view
  const double tol = ulps<T>(8);
  XP_CHECK_OP("sinh", tol, xp::sinh(x / T(4)))
  XP_CHECK_OP("cosh", tol, xp::cosh(x / T(4)))
  XP_CHECK_OP("sin", tol, xp::sin(x))
  XP_CHECK_OP("cos", tol, xp::cos(x))
  XP_CHECK_OP("tan", tol * 8, xp::tan(x))  // tan is steep near its poles
  XP_CHECK_OP("arctan", tol, xp::arctan(x))
  XP_CHECK_OP("tanh", tol, xp::tanh(x))
  XP_CHECK_OP("arcsin", tol, xp::arcsin(unit))
  XP_CHECK_OP("arccos", tol, xp::arccos(unit))
  XP_CHECK_OP("arctan2", tol, xp::arctan2(x, xr))
  XP_CHECK_OP("hypot", tol, xp::hypot(x, xr))
}

TEST_CASE_TEMPLATE(
    "trig: arccosh, arcsinh, arctanh, deg2rad and rad2deg of every dtype class match NumPy 2 (dtypes, values, layouts)",
    C, XP_DTYPE_CLASSES) {
  using T = typename C::type;
  using namespace xp::detail;
  constexpr bool cx = is_complex_v<T>;
  const auto a = funcs_stats_input<T>("a");
  // the inverse hyperbolic functions compute in float_of_t: float16 for bool and int8
  using F = float_of_t<T>;
  const double hyp = cx ? 16 : (std::is_same_v<F, xp::float16> ? 1 : 4);
  check_funcs_stats<T>(
      "arccosh", hyp, [](const auto& x) { return xp::arccosh(x); }, a);
  check_funcs_stats<T>(
      "arcsinh", hyp, [](const auto& x) { return xp::asinh(x); }, a);
  check_funcs_stats<T>(
      "arctanh", hyp, [](const auto& x) { return xp::arctanh(x); }, a);
  if constexpr (!cx) {
    check_funcs_stats<T>(
        "deg2rad", 0, [](const auto& x) { return xp::deg2rad(x); }, a);
    check_funcs_stats<T>(
        "rad2deg", 0, [](const auto& x) { return xp::degrees(x); }, a);
  }
}

#ifndef XP_TEST_CUDA
// The host evaluates contiguous float/double trees a register at a time when every op has a
// vector form: arccosh, arcsinh, arctanh, deg2rad, rad2deg, positive and heaviside declare one, and
// agree with their scalar forms (also on lanes the range guard sends to the scalar function: NaN,
// infinities, huge values).
TEST_CASE_TEMPLATE(
    "trig: arccosh, arcsinh, arctanh, deg2rad, rad2deg and heaviside have vector forms that agree with the scalar ones",
    T, float, double) {
  namespace o = xp::ops;
  using V = xsimd::batch<T>;
  using xp::backends::host::simd::has_simd_form;
  static_assert(has_simd_form<o::arccosh, V> && has_simd_form<o::arcsinh, V> && has_simd_form<o::arctanh, V>);
  static_assert(has_simd_form<o::deg2rad, V> && has_simd_form<o::rad2deg, V> && has_simd_form<o::positive, V>);
  static_assert(has_simd_form<o::heaviside, V, V>);
  static_assert(!has_simd_form<o::fmod, V, V>);  // exact C fmod: the scalar loop
  auto x = random_host<T>({1031}, 19);           // uniform in [-100, 100]
  const T specials[] = {std::numeric_limits<T>::quiet_NaN(),
                        std::numeric_limits<T>::infinity(),
                        -std::numeric_limits<T>::infinity(),
                        T(0),
                        T(-0.0),
                        T(1),
                        T(-1),
                        T(1e30),
                        T(-3e25)};
  for (std::size_t k = 0; k < std::size(specials); ++k) x.data()[100 + 7 * k] = specials[k];
  const auto hx = values(x);
  const auto unit = xp::eval(x / T(101));  // in (-1, 1): atanh's domain
  const auto hu = values(unit);
  const auto as = values(xp::eval(xp::arcsinh(x))), ac = values(xp::eval(xp::arccosh(x))),
             at = values(xp::eval(xp::arctanh(unit))), dr = values(xp::eval(xp::deg2rad(x))),
             rd = values(xp::eval(xp::rad2deg(x))), hv = values(xp::eval(xp::heaviside(x, T(0.5))));
  const auto near = [](T got, T want) {
    if (std::isnan(want)) return std::isnan(got);
    if (std::isinf(want)) return got == want;
    return std::abs(double(got) - double(want)) <= 4 * std::numeric_limits<T>::epsilon() * (std::abs(double(want)) + 1);
  };
  for (std::size_t k = 0; k < hx.size(); ++k) {
    INFO("flat index " << k << ", x = " << hx[k]);
    CHECK(near(as[k], o::arcsinh::scalar(hx[k])));
    CHECK(near(ac[k], o::arccosh::scalar(hx[k])));
    CHECK(near(at[k], o::arctanh::scalar(hu[k])));
    CHECK((std::isnan(hx[k]) ? std::isnan(dr[k]) : dr[k] == o::deg2rad{}(hx[k])));
    CHECK((std::isnan(hx[k]) ? std::isnan(rd[k]) : rd[k] == o::rad2deg{}(hx[k])));
    CHECK((std::isnan(hx[k]) ? std::isnan(hv[k]) : hv[k] == (hx[k] < 0 ? T(0) : hx[k] > 0 ? T(1) : T(0.5))));
  }
}
#endif
