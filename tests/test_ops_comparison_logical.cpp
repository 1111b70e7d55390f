// Comparisons and logic: < <= > >= == !=, logical and / or / not / xor, where, ~ | ^ on integer
// and bool arrays, isclose and allclose, on each backend; against NumPy 2 for one dtype of each
// class (tests/golden/ops/funcs_stats_<code>.npz, funcs_stats_support.hpp).
#include "funcs_stats_support.hpp"

using namespace xp_test;
using xp::index_t;

TEST_CASE("comparison: logic, comparisons and bool arrays") {
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

TEST_CASE_TEMPLATE(
    "comparison: logical_xor, isclose and allclose of every dtype class match NumPy 2 (dtypes, values, layouts)", C,
    XP_DTYPE_CLASSES) {
  using T = typename C::type;
  const auto a = funcs_stats_input<T>("a"), b = funcs_stats_input<T>("b");
  check_funcs_stats<T>(
      "logical_xor", 0, [](const auto& x, const auto& y) { return xp::logical_xor(x, y); }, a, b);
  check_funcs_stats<T>(
      "isclose", 0, [](const auto& x, const auto& y) { return xp::isclose(x, y); }, a, b);
  check_funcs_stats<T>(
      "isclose_tol", 0, [](const auto& x, const auto& y) { return xp::isclose(x, y, 1e-3, 0.25, true); }, a, b);
  check_funcs_stats_member<T>("isclose_bcast", xp::eval(xp::isclose(a, b(0))), 0);
  {
    const auto rows = funcs_stats_archive<T>().template get<bool>("allclose_rows");
    for (index_t i = 0; i < a.shape()[0]; ++i) {
      INFO("row " << i);
      CHECK(xp::allclose(a(i), b(i)) == rows(i).item());
    }
  }
}
