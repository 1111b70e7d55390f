// searchsorted, tensordot and vecdot against NumPy 2 (tests/golden/make_golden_contract.py):
// values, result dtypes and shapes, views, broadcasting, empty operands and each error.
#include <cmath>
#include <complex>
#include <string>

#include "support.hpp"

using namespace xp_test;

namespace {
const xp::npz_file& contract() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/linalg/contract.npz");
  return z;
}
template <class T>
xp::ndarray<T, B> in(const std::string& name) {
  return contract().get<T, B>(name);
}
template <class T>
xp::ndarray<T, xp::host> want(const std::string& name) {
  return contract().get<T, xp::host>(name);
}
}  // namespace

TEST_CASE("searchsorted: NumPy's left and right indices, NaN last, any value shape and layout") {
  const auto s = in<double>("ss_sorted");
  const auto v = in<double>("ss_values");
  check_same(xp::searchsorted(s, v), want<std::int64_t>("ss_left"));
  check_same(xp::searchsorted(s, v, xp::side::right), want<std::int64_t>("ss_right"));
  // transposed values give the transposed answer; an expression of values is evaluated first
  check_same(xp::transpose(xp::searchsorted(s, xp::transpose(v))).copy(), want<std::int64_t>("ss_left"));
  check_same(xp::searchsorted(s, v * 1.0, xp::side::right), want<std::int64_t>("ss_right"));
  // a strided sorted array: every other element of a sorted array is sorted
  const auto every_other = s(xp::range(xp::none, xp::none, 2));
  check_same(xp::searchsorted(every_other, v), xp::to_host(xp::searchsorted(every_other.copy(), v)));
  // mixed dtypes compare in the promoted dtype: int32 sorted, int64 values
  const auto si = in<std::int32_t>("ss_sorted_i32");
  const auto vi = in<std::int64_t>("ss_values_i64");
  check_same(xp::searchsorted(si, vi), want<std::int64_t>("ss_left_i"));
  check_same(xp::searchsorted(si, vi, xp::side::right), want<std::int64_t>("ss_right_i"));
  // empty sorted array: every index 0; empty values: an empty result of their shape
  CHECK(xp::all(xp::searchsorted(xp::zeros<double, B>({0}), v) == std::int64_t(0)).item());
  CHECK(xp::to_string(xp::searchsorted(s, xp::zeros<double, B>({3, 0})).shape()) == "(3, 0)");
  // a 0-d value gives a 0-d index
  CHECK(xp::searchsorted(s, xp::scalar<double, B>(100.0)).item() == s.size() - 1);  // before the NaN
  CHECK_THROWS_AS(xp::searchsorted(v, s), xp::shape_error);
}

TEST_CASE("tensordot: NumPy's axes=N and axes pairs, integer dtypes, errors") {
  const auto a = in<double>("td_a");
  const auto b = in<double>("td_b");
  const double tol = 16 * ulps<double>(1);
  check_close(xp::tensordot(a, b), want<double>("td_2"), tol);  // axes=2 by default
  check_close(xp::tensordot(a(xp::all, xp::all, xp::range(0, 4)), b, 1), want<double>("td_1"), tol);
  check_close(xp::tensordot(a(xp::range(0, 2), xp::range(0, 2), xp::range(0, 2)),
                            b(xp::range(0, 2), xp::range(0, 2), xp::range(0, 2)), 0),
              want<double>("td_0"), tol);
  check_close(xp::tensordot(a, b, {1, 2}, {0, 1}), want<double>("td_pairs"), tol);
  check_close(xp::tensordot(a, xp::transpose(b, {1, 0, 2}), {2, -2}, {0, 1}), want<double>("td_pairs_swapped"), tol);
  const auto ti = xp::tensordot(in<std::int32_t>("td_ai"), in<std::int32_t>("td_bi"), 1);
  static_assert(std::is_same_v<decltype(ti)::value_type, std::int32_t>);
  check_same(ti, want<std::int32_t>("td_i"));
  CHECK_THROWS_AS(xp::tensordot(a, b, 4), xp::value_error);  // more axes than either has
  CHECK_THROWS_AS(xp::tensordot(a, b, 3), xp::shape_error);
  CHECK_THROWS_AS(xp::tensordot(a, b, -1), xp::value_error);
  CHECK_THROWS_AS(xp::tensordot(a, b, 1), xp::shape_error);  // 5 against 4
  CHECK_THROWS_AS(xp::tensordot(a, b, {1}, {0, 1}), xp::shape_error);
  CHECK_THROWS_AS(xp::tensordot(a, b, {1, 1}, {0, 1}), xp::value_error);
  CHECK_THROWS_AS(xp::tensordot(a, b, {3}, {0}), xp::index_error);
}

TEST_CASE("vecdot: broadcasting, any axis, the first operand conjugated, integer dtypes, errors") {
  const double tol = 16 * ulps<double>(1);
  check_close(xp::vecdot(in<double>("vd_x1"), in<double>("vd_x2")), want<double>("vd"), tol);
  check_close(xp::vecdot(in<double>("vd_y1"), in<double>("vd_y2"), 0), want<double>("vd_ax0"), tol);
  check_close(xp::vecdot(in<double>("vd_y1"), in<double>("vd_y2"), -2), want<double>("vd_ax0"), tol);
  const auto c = xp::vecdot(in<xp::complex128>("vd_c1"), in<xp::complex128>("vd_c2"));
  const auto wc = want<xp::complex128>("vd_c");
  REQUIRE(c.size() == wc.size());
  const auto hc = xp::to_host(c);
  for (xp::index_t i = 0; i < c.size(); ++i) {
    CHECK(std::abs(std::complex<double>(hc.data()[i]) - std::complex<double>(wc.data()[i])) <= tol * 8);
  }
  const auto i1 = in<std::int64_t>("vd_i1");
  check_same(xp::vecdot(i1, i1), want<std::int64_t>("vd_i"));
  // an empty contracted axis sums to zero; an expression operand is evaluated first
  CHECK(xp::all(xp::vecdot(xp::zeros<double, B>({3, 0}), xp::zeros<double, B>({3, 0})) == 0.0).item());
  check_close(xp::vecdot(in<double>("vd_x1") * 1.0, in<double>("vd_x2")), want<double>("vd"), tol);
  CHECK_THROWS_AS(xp::vecdot(xp::zeros<double, B>({3, 4}), xp::zeros<double, B>({3, 5})), xp::shape_error);
  CHECK_THROWS_AS(xp::vecdot(xp::zeros<double, B>({3, 4}), xp::zeros<double, B>({2, 4})), xp::shape_error);
  CHECK(xp::to_string(xp::vecdot(xp::zeros<double, B>({3, 4}), xp::zeros<double, B>({4})).shape()) == "(3,)");
  CHECK_THROWS_AS(xp::vecdot(xp::zeros<double, B>({3, 4}), xp::zeros<double, B>({4}), -2), xp::index_error);
  CHECK_THROWS_AS(xp::vecdot(xp::zeros<double, B>({3, 4}), xp::zeros<double, B>({3, 4}), 2), xp::index_error);
}
