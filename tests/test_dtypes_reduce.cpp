// Reductions of every dtype against NumPy 2 (tests/golden/dtypes/dtypes_<tag>.npz, written
// by tests/golden/make_golden_dtypes.py): the result dtypes (sum of int8 is int64, of uint16
// uint64, mean of float16 float16, var of complex real) and values, all axes and each axis.
#include "dtype_support.hpp"

using namespace xp_test;
using xp::index_t;

TEST_CASE_TEMPLATE("dtypes: reductions of every dtype give NumPy 2's dtypes and values", C, XP_EVERY_DTYPE) {
  using T = typename C::type;
  using namespace xp::detail;
  const auto& z = dtype_archive<T>();
  const auto r = dtype_input<T>("r");
  const auto q = is_inexact_v<T> ? dtype_input<T>("q") : r;
  // Sums add in another order than NumPy's pairwise loop: a few epsilons of the sum of
  // magnitudes, which |want| + 1 stands for at these sizes (63 values of order 1); float16
  // accumulates in float and rounds once (NumPy's contiguous loops do; along axis 0 NumPy
  // rounds after every row: up to a few float16 ulps)
  const double s = std::is_same_v<T, xp::float16> ? 4 : 64;
  check_member(z, "sum_all", xp::sum(r), s);
  check_member(z, "sum_0", xp::sum(r, {0}), s);
  if constexpr (full_matrix) check_member(z, "sum_1", xp::sum(r, {1}), s);
  if constexpr (full_matrix) check_member(z, "prod_all", xp::prod(q), s);
  if constexpr (full_matrix) check_member(z, "prod_0", xp::prod(q, {0}), s);
  if constexpr (full_matrix) check_member(z, "prod_1", xp::prod(q, {1}), s);
  check_member(z, "mean_all", xp::mean(r), s);
  if constexpr (full_matrix) check_member(z, "mean_0", xp::mean(r, {0}), s);
  if constexpr (full_matrix) check_member(z, "mean_1", xp::mean(r, {1}), s);
  check_member(z, "var_all", xp::var(r), s);
  if constexpr (full_matrix) check_member(z, "var_0", xp::var(r, {0}), s);
  if constexpr (full_matrix) check_member(z, "std_all", xp::stddev(r), s);
  if constexpr (full_matrix) check_member(z, "std_1", xp::stddev(r, {1}), s);
  if constexpr (!is_complex_v<T>) {  // NumPy orders complex numbers; xp refuses (the array API)
    if constexpr (full_matrix) check_member(z, "min_all", xp::min(r), 0);
    if constexpr (full_matrix) check_member(z, "min_0", xp::min(r, {0}), 0);
    check_member(z, "max_all", xp::max(r), 0);
    if constexpr (full_matrix) check_member(z, "max_1", xp::max(r, {1}), 0);
    if constexpr (full_matrix) check_member(z, "argmin_all", xp::argmin(r), 0);
    if constexpr (full_matrix) check_member(z, "argmin_0", xp::argmin(r, {0}), 0);
    check_member(z, "argmax_all", xp::argmax(r), 0);
    if constexpr (full_matrix) check_member(z, "argmax_1", xp::argmax(r, {1}), 0);
  }
  check_member(z, "any_all", xp::any(r), 0);
  if constexpr (full_matrix) check_member(z, "any_0", xp::any(r, {0}), 0);
  if constexpr (full_matrix) check_member(z, "all_all", xp::all(r), 0);
  if constexpr (full_matrix) check_member(z, "all_1", xp::all(r, {1}), 0);
  if constexpr (full_matrix) check_member(z, "count_nonzero_all", xp::count_nonzero(r), 0);
  if constexpr (full_matrix) check_member(z, "count_nonzero_0", xp::count_nonzero(r, {0}), 0);
  // the same over a transposed view (strided reads), against the golden's other axis
  if constexpr (full_matrix) check_member(z, "sum_1", xp::sum(xp::transpose(r), {0}), s);
  // empty and 0-d: NumPy's identities and the value itself
  const auto none = r(xp::range(0, 0), xp::all);
  CHECK(xp::sum(none).item() == xp::detail::convert<sum_result_t<T>>(0));
  CHECK_FALSE(xp::any(none).item());
  if constexpr (full_matrix) {
    CHECK(xp::prod(none).item() == xp::detail::convert<sum_result_t<T>>(1));
    CHECK(xp::count_nonzero(none).item() == 0);
    CHECK(xp::all(none).item());
  }
  const auto one = r(2, 3);
  CHECK(xp::sum(one).item() == xp::detail::convert<sum_result_t<T>>(one.item()));
}
