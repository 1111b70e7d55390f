#pragma once
/// @file array/searchsorted.hpp
/// @brief np.searchsorted / the array API's searchsorted: where values would be inserted into
/// a sorted 1-D array (or one that `sorter` sorts) to keep it sorted. One binary search per
/// value, a generator of the output's flat index, so both backends run it as one pass (on
/// xp::cuda from a translation unit compiled by nvcc, as any functor).

#include <string>
#include <type_traits>

#include "xp/array/histogram_primitive.hpp"
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

template <class C, class A, class V, class I = std::int64_t>
struct searchsorted_gen {
  const A* sorted;  // contiguous, n elements
  index_t n;
  const V* values;  // contiguous, in the output's C order
  bool right;
  const I* sorter = nullptr;  // NumPy's sorter= (contiguous, n indices into sorted), or none
  XP_HD std::int64_t operator()(index_t i) const {
    const C v = static_cast<C>(values[i]);
    index_t lo = 0, hi = n;
    while (lo < hi) {
      const index_t mid = lo + (hi - lo) / 2;
      const C s = static_cast<C>(sorted[sorter ? static_cast<index_t>(sorter[mid]) : mid]);
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

/// @brief np.searchsorted(x1, x2, side, sorter): as searchsorted(x1, x2, side) for an x1 that
/// is not sorted itself but whose elements x1[sorter[0]], x1[sorter[1]], ... are (sorter: what
/// argsort(x1) gives, any integer dtype NumPy casts safely to int64). The indices are into that
/// sorted order.
/// @throws xp::shape_error when x1 or sorter is not 1-D or their sizes differ; xp::value_error
/// when an index of sorter is outside [0, x1.size()) (NumPy: "Sorter index out of range"; xp
/// checks every index first, NumPy only those its search reads). A bool, uint64 or float sorter
/// does not compile (NumPy refuses them).
template <class A, class V, class I, class B>
ndarray<std::int64_t, B> searchsorted(const ndarray<A, B>& x1, const ndarray<V, B>& x2, side which,
                                      const ndarray<I, B>& sorter) {
  using C = promote_t<A, V>;
  static_assert(detail::not_complex_v<C>,
                "xp::searchsorted: complex numbers have no order in xp (NumPy's is "
                "lexicographic; the array API leaves it out)");
  static_assert(detail::is_integer_v<I> && !std::is_same_v<I, std::uint64_t>,
                "xp::searchsorted: sorter must hold integers that cast safely to int64 (NumPy refuses bool, "
                "uint64 and floats)");
  detail::op_range<B> range("xp::searchsorted");
  if (x1.ndim() != 1)
    throw shape_error("xp::searchsorted: the sorted array must be 1-D, not of shape " + to_string(x1.shape()));
  if (sorter.ndim() != 1 || sorter.size() != x1.size())
    throw shape_error("xp::searchsorted: sorter must be 1-D and of the array's size " + std::to_string(x1.size()) +
                      ", not of shape " + to_string(sorter.shape()));
  const auto order = sorter.is_contiguous() ? sorter : sorter.copy();
  if (order.size() > 0) {
    const auto e =
        primitive::histogram<B>::extent(detail::histogram_extent_problem<I>{order.data(), order.size(), false, {}, {}});
    if (static_cast<std::int64_t>(e.min) < 0 || static_cast<std::int64_t>(e.max) >= x1.size())
      throw value_error("xp::searchsorted: Sorter index out of range (" + std::to_string(e.min) + " or " +
                        std::to_string(e.max) + " for an array of size " + std::to_string(x1.size()) + ")");
  }
  const auto sorted = x1.is_contiguous() ? x1 : x1.copy();
  const auto values = x2.is_contiguous() ? x2 : x2.copy();
  ndarray<std::int64_t, B> out(x2.shape());
  detail::generate(out, detail::searchsorted_gen<C, A, V, I>{sorted.data(), sorted.size(), values.data(),
                                                             which == side::right, order.data()});
  return out;
}

/// @brief searchsorted of expressions: each is evaluated into an array first.
template <class L, class R>
requires detail::has_expression_operand<L, R>
auto searchsorted(const L& x1, const R& x2, side which = side::left) {
  return searchsorted(detail::materialize(x1), detail::materialize(x2), which);
}

}  // namespace xp
