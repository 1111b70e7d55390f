#pragma once
/// @file core/searchsorted.hpp
/// @brief np.searchsorted / the array API's searchsorted: where values would be inserted into
/// a sorted 1-D array to keep it sorted. One binary search per value, a generator of the
/// output's flat index, so both backends run it as one pass (on xp::cuda from a translation
/// unit compiled by nvcc, as any functor).

#include <string>
#include <type_traits>

#include "xp/core/creation.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/expr/elementwise.hpp"

namespace xp {

/// @brief Which of equal elements a value goes beside: `left` gives the first index i with
/// sorted[i] >= v, `right` the first with sorted[i] > v.
enum class side { left, right };

namespace detail {

// NumPy's sort order for the search: NaN after every number (NaN != NaN makes it "largest").
template <class C>
XP_HD bool sorts_before(C a, C b) {
  return a < b || (b != b && a == a);
}

template <class C, class A, class V>
struct searchsorted_gen {
  const A* sorted;  // contiguous, n elements
  index_t n;
  const V* values;  // contiguous, in the output's C order
  bool right;
  XP_HD std::int64_t operator()(index_t i) const {
    const C v = static_cast<C>(values[i]);
    index_t lo = 0, hi = n;
    while (lo < hi) {
      const index_t mid = lo + (hi - lo) / 2;
      const C s = static_cast<C>(sorted[mid]);
      const bool go_right = right ? !sorts_before(v, s) : sorts_before(s, v);
      if (go_right) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
};

}  // namespace detail

/// @brief np.searchsorted(x1, x2, side): for each element of x2, the index where it would go
/// into the sorted 1-D array x1 (int64, x2's shape). NaN sorts last, as in NumPy. x1 must be
/// sorted ascending (not checked: like NumPy, an unsorted x1 gives unspecified indices).
/// @throws xp::shape_error when x1 is not 1-D.
template <class A, class V, class B>
ndarray<std::int64_t, B> searchsorted(const ndarray<A, B>& x1, const ndarray<V, B>& x2, side which = side::left) {
  using C = promote_t<A, V>;
  static_assert(detail::not_complex_v<C>,
                "xp::searchsorted: complex numbers have no order in xp (NumPy's is "
                "lexicographic; the array API leaves it out)");
  detail::op_range<B> range("xp::searchsorted");
  if (x1.ndim() != 1)
    throw shape_error("xp::searchsorted: the sorted array must be 1-D, not of shape " + to_string(x1.shape()));
  const auto sorted = x1.is_contiguous() ? x1 : x1.copy();
  const auto values = x2.is_contiguous() ? x2 : x2.copy();
  ndarray<std::int64_t, B> out(x2.shape());
  detail::generate(
      out, detail::searchsorted_gen<C, A, V>{sorted.data(), sorted.size(), values.data(), which == side::right});
  return out;
}

/// @brief searchsorted of expressions: each is evaluated into an array first.
template <class L, class R>
requires detail::has_expression_operand<L, R>
auto searchsorted(const L& x1, const R& x2, side which = side::left) {
  return searchsorted(detail::materialize(x1), detail::materialize(x2), which);
}

}  // namespace xp
