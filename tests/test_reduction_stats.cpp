// NaN-aware statistics (nansum, nanprod, nanmean, nanmin, nanmax, nanargmin, nanargmax), ptp and
// average against NumPy 2 for one dtype of each class (tests/golden/ops/funcs_stats_<code>.npz,
// written by tests/golden/make_golden_funcs_stats.py; funcs_stats_support.hpp): contiguous and
// transposed (strided) operands, keepdims, weights; flat indices over all axes; empty, all-NaN
// and 0-d operands and the errors; NumPy's result dtypes.
#include "funcs_stats_support.hpp"

using namespace xp_test;

TEST_CASE_TEMPLATE("statistics: nan-statistics, ptp and average of every dtype class match NumPy 2", C,
                   XP_DTYPE_CLASSES) {
  using T = typename C::type;
  using namespace xp::detail;
  constexpr double tol = is_inexact_v<T> ? 2 : 0;
  const auto n = funcs_stats_input<T>("n");
  const auto nt = xp::transpose(n);  // a strided view: axis 0 of n is axis 1 of nt
  check_funcs_stats_member<T>("nansum", xp::nansum(n), tol);
  check_funcs_stats_member<T>("nansum_0", xp::nansum(nt, {1}), tol);
  check_funcs_stats_member<T>("nansum_1k", xp::nansum(n, {1}, true), tol);
  check_funcs_stats_member<T>("nanprod_1", xp::nanprod(n, {-1}), tol);
  check_funcs_stats_member<T>("nanmean", xp::nanmean(n), 2);
  check_funcs_stats_member<T>("nanmean_0", xp::nanmean(nt, {-1}), 2);
  check_funcs_stats_member<T>("nanmean_1", xp::nanmean(n, {1}), 2);
  if constexpr (!is_complex_v<T>) {
    check_funcs_stats_member<T>("nanmax_0", xp::nanmax(n, {0}), 0);
    check_funcs_stats_member<T>("nanmin_1", xp::nanmin(nt, {0}), 0);
    check_funcs_stats_member<T>("nanmin", xp::nanmin(n), 0);
    check_funcs_stats_member<T>("nanargmax_1", xp::nanargmax(n, {1}), 0);
    check_funcs_stats_member<T>("nanargmin", xp::nanargmin(n), 0);
    if constexpr (is_real_floating_v<T>) {  // column 2 holds NaN only: NumPy's ValueError
      CHECK_THROWS_AS(xp::nanargmax(n, {0}), xp::value_error);
      CHECK_THROWS_WITH_AS(xp::nanargmin(nt, {1}), doctest::Contains("All-NaN slice"), xp::value_error);
    }
    if constexpr (!std::is_same_v<T, bool>) {
      check_funcs_stats_member<T>("ptp_0", xp::ptp(nt, {1}), 0);
      check_funcs_stats_member<T>("ptp_1k", xp::ptp(n, {1}, true), 0);
    }
  }
  const auto w = funcs_stats_input<T>("w"), w1 = funcs_stats_input<T>("w1");
  check_funcs_stats_member<T>("average_1", xp::eval(xp::average(n, {1})), 2);
  check_funcs_stats_member<T>("average_w", xp::average(n, {1}, w), 2);
  check_funcs_stats_member<T>("average_w", xp::average(nt, {0}, xp::transpose(w)), 2);
  check_funcs_stats_member<T>("average_w1", xp::average(n, {0}, w1), 2);
  check_funcs_stats_member<T>("average_w1k", xp::average(n, {-2}, w1, true), 2);
}

// Over all axes the index is flat, in the C order of the operand as given (a view's own order).
TEST_CASE("statistics: nanargmin / nanargmax over all axes give flat indices in C order of the operand") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto x = xp::array<double, B>({nan, 3, -1, 7, nan, -1}, {2, 3});
  CHECK(xp::nanargmin(x).item() == 2);  // the first of the two -1
  CHECK(xp::nanargmax(x).item() == 3);
  CHECK(xp::nanargmin(xp::transpose(x)).item() == 4);  // transposed order: nan 7 3 nan -1 -1
  CHECK(values(xp::nanargmax(x, {0})) == std::vector<std::int64_t>{1, 0, 0});
}

TEST_CASE(
    "statistics: NumPy's result dtypes of the nan-statistics, ptp and average, and the compile-time "
    "refusals") {
  using xp::float16;
  using i8 = xp::ndarray<std::int8_t, B>;
  using i32 = xp::ndarray<std::int32_t, B>;
  using u64 = xp::ndarray<std::uint64_t, B>;
  using h = xp::ndarray<float16, B>;
  using f = xp::ndarray<float, B>;
  using c = xp::ndarray<xp::complex64, B>;
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
  // xp::ptp of bool or complex, xp::nanmax of complex.
}

TEST_CASE("statistics: empty, all-NaN and 0-d operands, and average's argument checks") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const auto e = xp::empty<double, B>({0, 3});
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

  // a 0-d result
  CHECK(xp::ptp(xp::full<std::int8_t, B>({1}, 5)).ndim() == 0);

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
}
