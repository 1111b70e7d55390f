// Math functions: exponents and logarithms, powers and roots, rounding (floor, ceil, round,
// trunc, round with decimals), abs, sign, square and clip, against NumPy's goldens on each backend
// (float32 and float64: tests/golden/ops/op_*, make_golden_core.py; round(x, decimals):
// tests/golden/ops/round_decimals_*, make_golden_cumsum_round.py); NumPy's result dtypes of the
// elementwise functions; and the vector forms the host SIMD path detects. Trigonometric and
// hyperbolic functions: test_ops_trig.cpp.
#include "funcs_stats_support.hpp"

using namespace xp_test;

TEST_CASE_TEMPLATE(
    "math: float functions match NumPy (exponents, logarithms, powers, roots, rounding, abs, sign, clip)", C,
    XP_FLOAT_DTYPES) {
  using T = typename C::type;
  const auto x = op_load<T>("op_x"), pos = op_load<T>("op_pos");
  const auto xr = x(xp::range(xp::none, xp::none, -1));  // a negative-stride view
  const double tol = ulps<T>(8);
  XP_CHECK_OP("abs", 0, xp::abs(x))
  XP_CHECK_OP("sign", 0, xp::sign(x))
  XP_CHECK_OP("square", ulps<T>(1), xp::square(x))
  XP_CHECK_OP("exp", tol, xp::exp(x / T(4)))
  XP_CHECK_OP("expm1", tol, xp::expm1(x / T(4)))
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
  XP_CHECK_OP("power", tol * 4, xp::power(pos, x / T(5)))
  XP_CHECK_OP("remainder", ulps<T>(4), x % xr)
  XP_CHECK_OP("divide", ulps<T>(1), x / pos)
  XP_CHECK_OP("clip", 0, xp::clip(x, -2.5, 3.5))
  XP_CHECK_OP("saxpy_trig", tol, xp::exp(T(0.5) * xp::sin(x) + xp::cos(xr)))
}

TEST_CASE("math: round(x, decimals): NumPy's values for float32, float64 and int64, negative decimals too") {
  for (int d : {-2, -1, 0, 1, 2, 3}) {
    const std::string tag = d < 0 ? "m" + std::to_string(-d) : std::to_string(d);
    INFO("decimals " << d);
    check_same(xp::eval(xp::round(xp::load_npy<double, B>(golden("ops/round_decimals_in_f64")), d)),
               xp::load_npy<double, xp::host>(golden("ops/round_decimals_f64_" + tag)));
    check_same(xp::eval(xp::round(xp::load_npy<float, B>(golden("ops/round_decimals_in_f32")), d)),
               xp::load_npy<float, xp::host>(golden("ops/round_decimals_f32_" + tag)));
  }
  const auto ints = xp::load_npy<std::int64_t, B>(golden("ops/round_decimals_in_i64"));
  for (int d : {-1, -2, -3})
    check_same(xp::eval(xp::round(ints, d)), xp::load_npy<std::int64_t, xp::host>(
                                                 golden("ops/round_decimals_i64_m" + std::to_string(d < 0 ? -d : d))));
  check_same(xp::eval(xp::round(ints, 2)), ints);  // integers with decimals >= 0 are unchanged
  check_same(xp::eval(ints.round()), ints);
}

TEST_CASE(
    "math: NumPy's result dtypes of the elementwise functions, and the compile-time refusals as NumPy's "
    "TypeError") {
  using xp::float16;
  using i8 = xp::ndarray<std::int8_t, B>;
  using i32 = xp::ndarray<std::int32_t, B>;
  using u64 = xp::ndarray<std::uint64_t, B>;
  using bl = xp::ndarray<bool, B>;
  using h = xp::ndarray<float16, B>;
  using f = xp::ndarray<float, B>;
  using c = xp::ndarray<xp::complex64, B>;
  using xp::detail::operand_value_t;
  static_assert(std::is_same_v<operand_value_t<decltype(xp::arccosh(std::declval<i8>()))>, float16>);
  static_assert(std::is_same_v<operand_value_t<decltype(xp::atanh(std::declval<bl>()))>, float16>);
  static_assert(std::is_same_v<operand_value_t<decltype(xp::arcsinh(std::declval<i32>()))>, double>);
  static_assert(std::is_same_v<operand_value_t<decltype(xp::acosh(std::declval<c>()))>, xp::complex64>);
  static_assert(
      std::is_same_v<operand_value_t<decltype(xp::heaviside(std::declval<u64>(), std::declval<u64>()))>, double>);
  static_assert(
      std::is_same_v<operand_value_t<decltype(xp::fmod(std::declval<bl>(), std::declval<bl>()))>, std::int8_t>);
  static_assert(std::is_same_v<operand_value_t<decltype(xp::fmod(std::declval<h>(), std::declval<h>()))>, float16>);
  static_assert(std::is_same_v<operand_value_t<decltype(xp::deg2rad(std::declval<i32>()))>, double>);
  static_assert(std::is_same_v<operand_value_t<decltype(xp::radians(std::declval<f>()))>, float>);
  static_assert(std::is_same_v<operand_value_t<decltype(xp::signbit(std::declval<u64>()))>, bool>);
  static_assert(std::is_same_v<operand_value_t<decltype(xp::isclose(std::declval<c>(), 1.0))>, bool>);
  static_assert(std::is_same_v<operand_value_t<decltype(xp::positive(std::declval<i8>()))>, std::int8_t>);
  static_assert(std::is_same_v<operand_value_t<decltype(xp::nan_to_num(std::declval<c>()))>, xp::complex64>);
  // what NumPy refuses does not compile (static_assert in the functor, seen at evaluation):
  // xp::signbit / heaviside / fmod / deg2rad of complex, xp::positive of bool.
  static_assert(!xp::detail::not_complex_v<xp::complex64>);
}

#ifndef XP_TEST_CUDA
// The host evaluates a contiguous float/double tree a register at a time when every op in it
// declares a vector form: check that the ops that should have one do, logaddexp, copysign and
// nextafter included.
template <class T, class... Ops>
constexpr bool all_unary_simd() {
  return (xp::backends::host::simd::has_simd_form<Ops, xsimd::batch<T>> && ...);
}
template <class T, class... Ops>
constexpr bool all_binary_simd() {
  return (xp::backends::host::simd::has_simd_form<Ops, xsimd::batch<T>, xsimd::batch<T>> && ...);
}
TEST_CASE_TEMPLATE("math: the float ops declare a vector form, detected by the host SIMD path", T, float, double) {
  namespace o = xp::ops;
  static_assert(all_binary_simd<T, o::logaddexp, o::copysign, o::nextafter>());
  static_assert(all_binary_simd<T, o::plus, o::minus, o::multiplies, o::divides, o::hypot, o::arctan2>());
  static_assert(all_unary_simd<T, o::negate, o::sin, o::cos, o::tan, o::exp, o::exp2, o::expm1, o::log, o::log2,
                               o::log10, o::log1p, o::sqrt, o::cbrt, o::sinh, o::cosh, o::tanh, o::arcsin, o::arccos,
                               o::arctan, o::absolute, o::square>());
  static_assert(!xp::backends::host::simd::has_simd_form<o::power, xsimd::batch<T>, xsimd::batch<T>>);
  using K = xp::detail::array_kernel<T>;
  using namespace xp::backends::host::simd;
  static_assert(batchable<xp::detail::node_kernel<T, o::logaddexp, K, K>, T>::value);
  static_assert(batchable<xp::detail::node_kernel<T, o::nextafter, xp::detail::node_kernel<T, o::copysign, K, K>,
                                                  xp::detail::scalar_kernel<T>>,
                          T>::value);
  static_assert(!batchable<xp::detail::node_kernel<T, o::power, K, K>, T>::value);  // no vector form: scalar loop
  static_assert(!batchable<xp::detail::node_kernel<double, o::logaddexp, xp::detail::array_kernel<std::int32_t>, K>,
                           double>::value);  // float/double leaves only
  // and the vector forms agree with the scalar ones on a tail-free length and on the tail
  const auto x = random_host<T>({1027}, 5), y = random_host<T>({1027}, 6);
  const auto hx = values(x), hy = values(y);
  const auto l = values(xp::eval(xp::logaddexp(x, y))), n = values(xp::eval(xp::nextafter(x, y)));
  for (std::size_t k = 0; k < l.size(); ++k) {
    CHECK(l[k] == doctest::Approx(o::logaddexp{}(hx[k], hy[k])).epsilon(ulps<T>(4)));
    CHECK(n[k] == o::nextafter{}(hx[k], hy[k]));
  }
}

#endif

namespace complex_scalars {
// A user's namespace: abs(z), exp(z) ... with z an xp::complex<double> are found by
// argument-dependent lookup, as std::abs(std::complex) is for std::complex.
double abs_unqualified(xp::complex128 z) { return abs(z); }
xp::complex128 exp_unqualified(xp::complex128 z) { return exp(z); }
double with_using_std(xp::complex128 z) {
  using std::abs;  // the habit: std::abs does not take xp::complex, xp::abs does
  return abs(z);
}
void check_close(xp::complex128 got, std::complex<double> want) {
  INFO(got.re << "+" << got.im << "i against " << want);
  CHECK(std::abs(std::complex<double>(got) - want) <= 1e-14 * std::max(1.0, std::abs(want)));
}
}  // namespace complex_scalars

TEST_CASE("math: complex scalars (.item() of a complex array) go into xp's functions as arrays do") {
  using namespace complex_scalars;
  const auto a = xp::array<xp::complex128>({xp::complex128(0.75, -1.25), xp::complex128(-2.0, 0.5)});
  for (xp::index_t i = 0; i < a.size(); ++i) {
    const xp::complex128 z = a(i).item();
    const std::complex<double> s = z;  // the one line that gives std::complex's functions
    // abs, angle, real, imag give the real type (np.abs(np.complex128(...)) is float64)
    static_assert(std::is_same_v<decltype(xp::abs(z)), double>);
    static_assert(std::is_same_v<decltype(xp::angle(z)), double>);
    static_assert(std::is_same_v<decltype(xp::real(z)), double>);
    static_assert(std::is_same_v<decltype(xp::imag(z)), double>);
    static_assert(std::is_same_v<decltype(xp::exp(z)), xp::complex128>);
    CHECK(xp::abs(z) == doctest::Approx(std::abs(s)).epsilon(1e-15));
    CHECK(xp::absolute(z) == doctest::Approx(std::abs(s)).epsilon(1e-15));
    CHECK(abs_unqualified(z) == doctest::Approx(std::abs(s)).epsilon(1e-15));
    CHECK(with_using_std(z) == doctest::Approx(std::abs(s)).epsilon(1e-15));
    CHECK(xp::angle(z) == doctest::Approx(std::arg(s)).epsilon(1e-15));
    CHECK(xp::real(z) == s.real());
    CHECK(xp::imag(z) == s.imag());
    CHECK(xp::conj(z) == xp::complex128(std::conj(s)));
    CHECK(xp::conjugate(z) == xp::complex128(std::conj(s)));
    check_close(xp::exp(z), std::exp(s));
    check_close(exp_unqualified(z), std::exp(s));
    check_close(xp::log(z), std::log(s));
    check_close(xp::log10(z), std::log10(s));
    check_close(xp::sqrt(z), std::sqrt(s));
    check_close(xp::sin(z), std::sin(s));
    check_close(xp::cos(z), std::cos(s));
    check_close(xp::tan(z), std::tan(s));
    check_close(xp::sinh(z), std::sinh(s));
    check_close(xp::cosh(z), std::cosh(s));
    check_close(xp::tanh(z), std::tanh(s));
    check_close(xp::arcsin(z), std::asin(s));
    check_close(xp::arccos(z), std::acos(s));
    check_close(xp::arctan(z), std::atan(s));
    check_close(xp::arcsinh(z), std::asinh(s));
    check_close(xp::expm1(z), std::exp(s) - 1.0);
    check_close(xp::log1p(z), std::log(1.0 + s));
    check_close(xp::square(z), s * s);
    check_close(xp::negative(z), -s);
    // the scalar and the array forms are the same op: equal bit for bit
    const xp::ndarray<xp::complex128> exp_array = xp::exp(a);
    CHECK(exp_array(i).item() == xp::exp(z));
    const xp::ndarray<double> abs_array = xp::abs(a);
    CHECK(abs_array(i).item() == xp::abs(z));
    // std::complex scalars too: xp::exp(std::complex) is an xp::complex, which converts back
    const std::complex<double> back = xp::exp(s);
    CHECK(back == std::complex<double>(xp::exp(z)));
  }
  // complex64 stays complex64; its abs is float
  const xp::complex64 f(3.f, 4.f);
  static_assert(std::is_same_v<decltype(xp::abs(f)), float>);
  static_assert(std::is_same_v<decltype(xp::sqrt(f)), xp::complex64>);
  CHECK(xp::abs(f) == 5.f);
  // real scalars: NumPy's dtypes (np.abs(-3) is int64, np.exp(1) float64, np.sqrt(np.float32(4)) float32)
  static_assert(std::is_same_v<decltype(xp::abs(-3L)), long>);
  static_assert(std::is_same_v<decltype(xp::exp(1L)), double>);
  static_assert(std::is_same_v<decltype(xp::sqrt(4.f)), float>);
  CHECK(xp::abs(-3.5) == 3.5);
  CHECK(xp::abs(-3L) == 3L);
  CHECK(xp::exp(1L) == doctest::Approx(2.718281828459045));
  CHECK(xp::sqrt(4.f) == 2.f);
  CHECK(xp::isnan(xp::nan));
  CHECK(xp::real(2.5) == 2.5);
  CHECK(xp::imag(2.5) == 0.0);
}
