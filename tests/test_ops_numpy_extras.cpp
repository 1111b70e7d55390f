// Issue 19's elementwise functions (arccosh, arcsinh, arctanh, positive, signbit, deg2rad,
// rad2deg, logical_xor, heaviside, fmod, remainder's sign rules, isclose, allclose, nan_to_num)
// and statistics (nansum, nanprod, nanmean, nanmin, nanmax, nanargmin, nanargmax, ptp,
// average) against NumPy 2: tests/golden/ops19_<code>.npz, written by
// tests/golden/make_golden_ops19.py. Each op on each dtype class (bool, int8, int32, uint64,
// float16, float32, float64, complex64, complex128; the device suite a subset, one per kind),
// with NaN, infinities, signed zeros and overflow among the inputs; contiguous, transposed
// (strided) and 0-d operands, broadcasting, empty arrays, the errors; and the host's vector
// forms.
//
// Tolerances, in epsilons of the result dtype relative to |want| + 1 (close_value):
//  - exact (0) for integer and bool results, the comparisons (isclose, signbit, logical_xor),
//    the selections (heaviside, nan_to_num, positive), fmod and remainder (exact in IEEE) and
//    deg2rad / rad2deg (one multiplication by NumPy's own constant, correctly rounded);
//  - arccosh / arcsinh / arctanh: 4 for float32 / float64 (the C library's, CUDA's, xsimd's and
//    NumPy's own loops each within a few ulp), 1 for float16 (computed in float, rounded once:
//    only a float result on the other side of a float16 rounding boundary differs), 16 for
//    complex (formulas of several correctly rounded steps: NumPy's npymath and xp's identities
//    through asin / acos / atan differ there);
//  - the statistics: their inputs are multiples of 0.5, so every sum is exact in any order;
//    2 covers the single rounding of a mean's or average's division (NumPy divides the rounded
//    sum in float64), and float16 products rounded at the end.
#include "dtype_support.hpp"

using namespace xt_test;
using xp::index_t;

namespace {

/// The archive of dtype T's goldens, opened once.
template <class T>
const xp::npz_file& ops19() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/ops/funcs_stats_" +
                                             std::string(xp::dtype::of<T>().npy_code()) + ".npz");
  return z;
}

template <class T>
xp::ndarray<T, B> input19(const std::string& name) {
  return xp::asarray<B>(ops19<T>().template get<T>(name));
}

/// op(inputs...) against member `name` of T's archive, contiguous, transposed and 0-d.
template <class T, class F, class... X>
void check19(const std::string& name, double ulps, F op, const X&... inputs) {
  const auto& z = ops19<T>();
  each_layout(
      [&](auto golden_view, const auto&... in) { check_member(z, name, xp::eval(op(in...)), ulps, golden_view); },
      inputs...);
}

/// One result against member `name` as stored.
template <class T, class R>
void check19_one(const std::string& name, const xp::ndarray<R, B>& got, double ulps) {
  check_member(ops19<T>(), name, got, ulps);
}

}  // namespace

#if defined(XP_TEST_CUDA)
// one dtype per kind on the device (nvcc time; the host runs them all)
#define XP_OPS19_DTYPES                                                                        \
  xt_test::on<bool>, xt_test::on<std::int32_t>, xt_test::on<xp::float16>, xt_test::on<double>, \
      xt_test::on<xp::complex64>
#else
#define XP_OPS19_DTYPES                                                                               \
  xt_test::on<bool>, xt_test::on<std::int8_t>, xt_test::on<std::int32_t>, xt_test::on<std::uint64_t>, \
      xt_test::on<xp::float16>, xt_test::on<float>, xt_test::on<double>, xt_test::on<xp::complex64>,  \
      xt_test::on<xp::complex128>
#endif

TEST_CASE_TEMPLATE("ops19: elementwise functions of every dtype class match NumPy 2 (dtypes, values, layouts)", C,
                   XP_OPS19_DTYPES) {
  using T = typename C::type;
  using namespace xp::detail;
  constexpr bool cx = is_complex_v<T>;
  const auto a = input19<T>("a"), b = input19<T>("b");
  // the inverse hyperbolic functions compute in float_of_t: float16 for bool and int8
  using F = float_of_t<T>;
  const double hyp = cx ? 16 : (std::is_same_v<F, xp::float16> ? 1 : 4);
  check19<T>(
      "arccosh", hyp, [](const auto& x) { return xp::arccosh(x); }, a);
  check19<T>(
      "arcsinh", hyp, [](const auto& x) { return xp::asinh(x); }, a);
  check19<T>(
      "arctanh", hyp, [](const auto& x) { return xp::arctanh(x); }, a);
  check19<T>(
      "logical_xor", 0, [](const auto& x, const auto& y) { return xp::logical_xor(x, y); }, a, b);
  check19<T>(
      "isclose", 0, [](const auto& x, const auto& y) { return xp::isclose(x, y); }, a, b);
  check19<T>(
      "isclose_tol", 0, [](const auto& x, const auto& y) { return xp::isclose(x, y, 1e-3, 0.25, true); }, a, b);
  check19_one<T>("isclose_bcast", xp::eval(xp::isclose(a, b(0))), 0);
  {
    const auto rows = ops19<T>().template get<bool>("allclose_rows");
    for (index_t i = 0; i < a.shape()[0]; ++i) {
      INFO("row " << i);
      CHECK(xp::allclose(a(i), b(i)) == rows(i).item());
    }
  }
  check19<T>(
      "nan_to_num", 0, [](const auto& x) { return xp::nan_to_num(x); }, a);
  check19<T>(
      "nan_to_num_args", 0, [](const auto& x) { return xp::nan_to_num(x, 1.5, 1e6, -7.0); }, a);
  if constexpr (!std::is_same_v<T, bool>) {
    check19<T>(
        "positive", 0, [](const auto& x) { return xp::positive(x); }, a);
  }
  if constexpr (!cx) {
    check19<T>(
        "signbit", 0, [](const auto& x) { return xp::signbit(x); }, a);
    check19<T>(
        "deg2rad", 0, [](const auto& x) { return xp::deg2rad(x); }, a);
    check19<T>(
        "rad2deg", 0, [](const auto& x) { return xp::degrees(x); }, a);
    check19<T>(
        "heaviside", 0, [](const auto& x, const auto& y) { return xp::heaviside(x, y); }, a, b);
    check19<T>(
        "heaviside_scalar", 0, [](const auto& x) { return xp::heaviside(x, 0.5); }, a);
    check19_one<T>("heaviside_bcast", xp::eval(xp::heaviside(a, b(xp::all, xp::range(0, 1)))), 0);
    check19<T>(
        "fmod", 0, [](const auto& x, const auto& y) { return xp::fmod(x, y); }, a, b);
    check19<T>(
        "remainder", 0, [](const auto& x, const auto& y) { return xp::remainder(x, y); }, a, b);
    if constexpr (is_real_floating_v<T>) {  // the sign of each non-NaN result, zeros included
      check19<T>(
          "fmod_signbit", 0,
          [](const auto& x, const auto& y) {
            const auto r = xp::fmod(x, y);
            return xp::signbit(r) && !xp::isnan(r);
          },
          a, b);
      check19<T>(
          "remainder_signbit", 0,
          [](const auto& x, const auto& y) {
            const auto r = xp::mod(x, y);
            return xp::signbit(r) && !xp::isnan(r);
          },
          a, b);
    }
  }
}

TEST_CASE_TEMPLATE("ops19: nan-statistics, ptp and average of every dtype class match NumPy 2", C, XP_OPS19_DTYPES) {
  using T = typename C::type;
  using namespace xp::detail;
  constexpr double tol = is_inexact_v<T> ? 2 : 0;
  const auto n = input19<T>("n");
  const auto nt = xp::transpose(n);  // a strided view: axis 0 of n is axis 1 of nt
  check19_one<T>("nansum", xp::nansum(n), tol);
  check19_one<T>("nansum_0", xp::nansum(nt, {1}), tol);
  check19_one<T>("nansum_1k", xp::nansum(n, {1}, true), tol);
  check19_one<T>("nanprod_1", xp::nanprod(n, {-1}), tol);
  check19_one<T>("nanmean", xp::nanmean(n), 2);
  check19_one<T>("nanmean_0", xp::nanmean(nt, {-1}), 2);
  check19_one<T>("nanmean_1", xp::nanmean(n, {1}), 2);
  if constexpr (!is_complex_v<T>) {
    check19_one<T>("nanmax_0", xp::nanmax(n, {0}), 0);
    check19_one<T>("nanmin_1", xp::nanmin(nt, {0}), 0);
    check19_one<T>("nanmin", xp::nanmin(n), 0);
    check19_one<T>("nanargmax_1", xp::nanargmax(n, {1}), 0);
    check19_one<T>("nanargmin", xp::nanargmin(n), 0);
    if constexpr (is_real_floating_v<T>) {  // column 2 holds NaN only: NumPy's ValueError
      CHECK_THROWS_AS(xp::nanargmax(n, {0}), xp::value_error);
      CHECK_THROWS_WITH_AS(xp::nanargmin(nt, {1}), doctest::Contains("All-NaN slice"), xp::value_error);
    }
    if constexpr (!std::is_same_v<T, bool>) {
      check19_one<T>("ptp_0", xp::ptp(nt, {1}), 0);
      check19_one<T>("ptp_1k", xp::ptp(n, {1}, true), 0);
    }
  }
  const auto w = input19<T>("w"), w1 = input19<T>("w1");
  check19_one<T>("average_1", xp::eval(xp::average(n, {1})), 2);
  check19_one<T>("average_w", xp::average(n, {1}, w), 2);
  check19_one<T>("average_w", xp::average(nt, {0}, xp::transpose(w)), 2);
  check19_one<T>("average_w1", xp::average(n, {0}, w1), 2);
  check19_one<T>("average_w1k", xp::average(n, {-2}, w1, true), 2);
}

// Over all axes the index is flat, in the C order of the operand as given (a view's own order).
TEST_CASE("ops19: nanargmin / nanargmax over all axes give flat indices in C order of the operand") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto x = xp::array<double, B>({nan, 3, -1, 7, nan, -1}, {2, 3});
  CHECK(xp::nanargmin(x).item() == 2);  // the first of the two -1
  CHECK(xp::nanargmax(x).item() == 3);
  CHECK(xp::nanargmin(xp::transpose(x)).item() == 4);  // transposed order: nan 7 3 nan -1 -1
  CHECK(values(xp::nanargmax(x, {0})) == std::vector<std::int64_t>{1, 0, 0});
}

TEST_CASE("ops19: NumPy's result dtypes, and the compile-time refusals as NumPy's TypeError") {
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
  static_assert(std::is_same_v<decltype(xp::nansum(std::declval<i8>()))::value_type, std::int64_t>);
  static_assert(std::is_same_v<decltype(xp::nansum(std::declval<u64>()))::value_type, std::uint64_t>);
  static_assert(std::is_same_v<decltype(xp::nanmean(std::declval<i32>()))::value_type, double>);
  static_assert(std::is_same_v<decltype(xp::nanmean(std::declval<h>()))::value_type, float16>);
  static_assert(std::is_same_v<decltype(xp::nanmax(std::declval<h>()))::value_type, float16>);
  static_assert(std::is_same_v<decltype(xp::ptp(std::declval<i8>()))::value_type, std::int8_t>);
  static_assert(
      std::is_same_v<decltype(xp::average(std::declval<i32>(), {0}, std::declval<i32>()))::value_type, double>);
  static_assert(std::is_same_v<decltype(xp::average(std::declval<h>(), {0}, std::declval<h>()))::value_type, float16>);
  static_assert(std::is_same_v<decltype(xp::average(std::declval<f>(), {0}, std::declval<i32>()))::value_type, double>);
  static_assert(
      std::is_same_v<decltype(xp::average(std::declval<f>(), {0}, std::declval<c>()))::value_type, xp::complex64>);
  // what NumPy refuses does not compile (static_assert in the functor, seen at evaluation):
  // xp::signbit / heaviside / fmod / deg2rad of complex, xp::positive of bool, xp::ptp of bool
  // or complex, xp::nanmax of complex.
  static_assert(!xp::detail::not_complex_v<xp::complex64>);
}

TEST_CASE("ops19: named functions beside the operators compute the operators' ops") {
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

TEST_CASE("ops19: empty and 0-d operands, the special cases NumPy documents, and the errors") {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  const auto e = xp::empty<double, B>({0, 3});
  const auto r = xp::ones<double, B>({3});
  CHECK(xp::eval(xp::isclose(e, r)).shape() == xp::shape_type{0, 3});
  CHECK(xp::eval(xp::heaviside(e, 0.5)).shape() == xp::shape_type{0, 3});
  CHECK(xp::eval(xp::arccosh(e)).size() == 0);
  CHECK(xp::allclose(e, r));  // vacuously true, as NumPy
  CHECK(xp::nansum(e).item() == 0.0);
  CHECK(xp::nanprod(e).item() == 1.0);
  CHECK(std::isnan(xp::nanmean(e).item()));  // NumPy: nan ("Mean of empty slice" warning)
  CHECK(xp::nansum(e, {0}).shape() == xp::shape_type{3});
  CHECK(xp::nanmax(e, {1}).shape() == xp::shape_type{0});  // nothing to reduce into: no error
  CHECK_THROWS_AS(xp::nanmax(e), xp::value_error);         // zero-size array to reduction fmax
  CHECK_THROWS_AS(xp::nanmin(e, {0}), xp::value_error);
  CHECK_THROWS_AS(xp::ptp(e), xp::value_error);
  CHECK_THROWS_AS(xp::nanargmax(e), xp::value_error);

  const auto all_nan = xp::full<double, B>({2, 3}, nan);
  CHECK(std::isnan(xp::nanmax(all_nan).item()));  // NumPy: nan with an "All-NaN slice" warning
  CHECK(std::isnan(xp::nanmin(all_nan, {1})(1).item()));
  CHECK(std::isnan(xp::nanmean(all_nan).item()));
  CHECK(xp::nansum(all_nan).item() == 0.0);
  CHECK_THROWS_WITH_AS(xp::nanargmax(all_nan), doctest::Contains("All-NaN slice"), xp::value_error);

  // 0-d operands give 0-d results
  const auto z = xp::full<double, B>({}, -0.0);
  CHECK(xp::eval(xp::signbit(z)).item());
  CHECK(xp::eval(xp::heaviside(z, 0.25)).item() == 0.25);  // x == 0, either sign: h0
  CHECK(xp::eval(xp::nan_to_num(xp::full<float, B>({}, -inf))).item() == std::numeric_limits<float>::lowest());
  CHECK(xp::ptp(xp::full<std::int8_t, B>({1}, 5)).ndim() == 0);
  // float16 overflows NumPy's way: posinf=1e6 is inf in float16; the default is its max 65504
  const auto hinf = xp::full<xp::float16, B>({2}, xp::float16(inf));
  CHECK(std::isinf(float(xp::eval(xp::nan_to_num(hinf, 0.0, 1e6))(0).item())));
  CHECK(float(xp::eval(xp::nan_to_num(hinf))(1).item()) == 65504.f);

  // average's argument checks
  const auto m = xp::array<double, B>({1, 2, 3, 4, 5, 6}, {2, 3});
  CHECK_THROWS_WITH_AS(xp::average(m, {1}, xp::array<double, B>({1, -1, 0}, {3})),
                       doctest::Contains("weights sum to zero"), xp::value_error);
  CHECK_THROWS_AS(xp::average(m, {}, xp::ones<double, B>({3})), xp::shape_error);      // no axis
  CHECK_THROWS_AS(xp::average(m, {0}, xp::ones<double, B>({3})), xp::shape_error);     // length 3 vs 2
  CHECK_THROWS_AS(xp::average(m, {1}, xp::ones<double, B>({1, 3})), xp::shape_error);  // not 1-D
  CHECK_THROWS_AS(xp::average(m, {0, 1}, xp::ones<double, B>({3})), xp::value_error);  // 1-D weights, 2 axes
  CHECK_THROWS_AS(xp::average(m, {2}, xp::ones<double, B>({3})), xp::index_error);
  // weights as an expression, scalar result over all axes with same-shape weights
  CHECK(xp::average(m, {}, m * 0.0 + 1.0).item() == doctest::Approx(3.5));
  CHECK(xp::average(m, {1}, xp::array<double, B>({0, 0, 2}, {3}))(1).item() == 6.0);
  // isclose / allclose: shapes that do not broadcast
  CHECK_THROWS_AS(xp::isclose(m, xp::ones<double, B>({4})), xp::shape_error);
  CHECK_THROWS_AS(xp::allclose(m, xp::ones<double, B>({4})), xp::shape_error);
}

#ifndef XP_TEST_CUDA
// The host evaluates contiguous float/double trees a register at a time when every op has a
// vector form: the new float ops declare one, and agree with their scalar forms (also on
// lanes the range guard sends to the scalar function: NaN, infinities, huge values).
TEST_CASE_TEMPLATE("ops19: the new float ops have vector forms that agree with the scalar ones", T, float, double) {
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
