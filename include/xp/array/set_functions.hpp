#pragma once
/// @file array/set_functions.hpp
/// @brief NumPy's unique and set functions: the array API's unique_values, unique_counts,
/// unique_inverse and unique_all, np.unique (with every return_* and an axis), isin,
/// intersect1d, union1d, setdiff1d and setxor1d, on both backends through the same code.
///
/// Method: one stable sort (array/sorting.hpp's sort primitive, which also gives each element's
/// original position when indices or the inverse are asked for), then linear passes: the flags
/// "differs from the previous sorted element" (one vectorised expression), one compaction giving
/// the values and each group's first sorted position, the counts from those positions, the first
/// indices through the sort's positions, and the inverse by scattering the group numbers (a
/// running sum of the flags) through the sort's order. Membership (isin, intersect1d,
/// setdiff1d) is a binary search of each element in the other array sorted, in the sort
/// primitive's own order (detail::sort_key). On xp::cuda the functors are compiled in the
/// caller's translation unit (nvcc), as for mask indexing, and each compaction reads its count
/// back once.
///
/// Equality is NumPy's `==`: -0.0 equals +0.0, and of equal elements the first occurrence is the
/// one kept (its bits: the sort is stable). NaN equals nothing, except where equal_nan makes
/// all NaNs one value (np.unique's default, and so union1d, setdiff1d, setxor1d and
/// intersect1d, which call it): the one kept is the first in NumPy's order, as np.unique's
/// sorting path (for real floats the first NaN occurring; for complex, where NumPy orders
/// [R + nanj, nan + Rj, nan + nanj] after the numbers, the first of those). Values come out
/// sorted in NumPy's order, NaN last; NumPy 2.3+'s hash path (unique_values, and np.unique
/// without return_*) may keep another of several equal zeros or NaNs, and returns
/// unique_values unsorted.

#include <cstdint>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "xp/array/compact_primitive.hpp"
#include "xp/array/indexing.hpp"
#include "xp/array/manipulation.hpp"
#include "xp/array/sorting.hpp"
#include "xp/core/backend.hpp"
#include "xp/core/complex.hpp"
#include "xp/core/creation.hpp"
#include "xp/core/math.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/reduction.hpp"
#include "xp/expr/scan.hpp"

namespace xp {

/// @brief np.unique's options: which of the indices to return besides the values, the axis
/// (std::nullopt: the flattened array, NumPy's axis=None) and whether NaNs are one value.
struct unique_options {
  bool return_index = false;                   ///< the first index of each unique value (np.unique's return_index)
  bool return_inverse = false;                 ///< the index of each element's value among the unique values
  bool return_counts = false;                  ///< how many times each unique value occurs
  std::optional<index_t> axis = std::nullopt;  ///< unique sub-arrays along this axis
  bool equal_nan = true;                       ///< every NaN one value (flattened or 1-D input only, as NumPy)
};

/// @brief What unique_all (and np.unique) returns: the sorted unique values and, each int64,
/// the index of every value's first occurrence, every element's index in `values`, and every
/// value's count. np.unique fills only the members it was asked for: the others are empty
/// arrays of shape (0,).
template <class T, class B>
struct unique_all_result {
  ndarray<T, B> values;
  ndarray<std::int64_t, B> indices;
  ndarray<std::int64_t, B> inverse_indices;
  ndarray<std::int64_t, B> counts;
};

/// @brief What np.unique returns (unique_all_result with the members not asked for empty).
template <class T, class B>
using unique_result = unique_all_result<T, B>;

/// @brief What unique_counts returns: the sorted unique values and their counts (int64).
template <class T, class B>
struct unique_counts_result {
  ndarray<T, B> values;
  ndarray<std::int64_t, B> counts;
};

/// @brief What unique_inverse returns: the sorted unique values and, in the input's shape, each
/// element's index among them (int64), so that values(inverse_indices) is the input.
template <class T, class B>
struct unique_inverse_result {
  ndarray<T, B> values;
  ndarray<std::int64_t, B> inverse_indices;
};

/// @brief isin's options: `invert` gives "not in"; `assume_unique` is accepted for NumPy's
/// signature and changes nothing (xp's result is right for any input).
struct isin_options {
  bool assume_unique = false;
  bool invert = false;
};

/// @brief intersect1d's options: `assume_unique` skips the unique step (each input must then be
/// free of repeats, as NumPy requires); `return_indices` also returns where each common value
/// first occurs in each input.
struct intersect1d_options {
  bool assume_unique = false;
  bool return_indices = false;
};

/// @brief What intersect1d returns: the sorted common values and, with return_indices, the
/// (int64) index of each one's first occurrence in the flattened first and second input (empty
/// arrays of shape (0,) otherwise).
template <class T, class B>
struct intersect1d_result {
  ndarray<T, B> values;
  ndarray<std::int64_t, B> indices1;
  ndarray<std::int64_t, B> indices2;
};

namespace detail {

/// NumPy's sort order as the sort primitive sees it (detail::sort_key): `less` is the order
/// the primitive sorts by (-0.0 equal to +0.0, NaN last), `nan` says the element equals nothing.
template <class T>
struct set_order {
  using key = sort_key<T>;
  XP_HD static bool less(T a, T b) { return key::encode(a) < key::encode(b); }
  XP_HD static bool nan(T x) {
    if constexpr (is_real_floating_v<T>) return key::encode(x) == key::nan_key;
    else return false;
  }
};
template <class R>
struct set_order<complex<R>> {
  using key = sort_key<R>;
  XP_HD static bool less(complex<R> a, complex<R> b) {
    const auto ar = key::encode(a.re), br = key::encode(b.re);
    return ar < br || (ar == br && key::encode(a.im) < key::encode(b.im));
  }
  XP_HD static bool nan(complex<R> x) { return key::encode(x.re) == key::nan_key || key::encode(x.im) == key::nan_key; }
};

/// For each element, a binary search in `sorted` (n elements of C, contiguous, ascending in
/// set_order): Out = bool gives "found" (xor `invert`), Out = int64 the index found or -1.
template <class C, class Out>
struct sorted_lookup {
  const C* sorted;
  index_t n;
  const C* values;  // contiguous, in the output's C order
  bool invert;
  XP_HD Out operator()(index_t i) const {
    const C v = values[i];
    index_t lo = 0, hi = n;
    while (lo < hi) {  // the first sorted element not less than v
      const index_t mid = lo + (hi - lo) / 2;
      if (set_order<C>::less(sorted[mid], v)) lo = mid + 1;
      else hi = mid;
    }
    const bool found = !set_order<C>::nan(v) && lo < n && !set_order<C>::less(v, sorted[lo]);
    if constexpr (std::is_same_v<Out, bool>) return found != invert;
    else return found ? std::int64_t(lo) : std::int64_t(-1);
  }
};

/// The flattened array sorted in NumPy's order (stably), with each element's original index
/// when asked for (else an empty positions array). Complex numbers: NumPy puts every element
/// with a NaN part after all the others ([R + Rj, R + nanj, nan + Rj, nan + nanj]), which a
/// lexicographic order with NaN last in each part does not; a stable second sort by "has a NaN
/// part", when there is one, gives NumPy's order from either.
template <class T, class B>
std::pair<ndarray<T, B>, ndarray<std::int64_t, B>> sort_flat(const ndarray<T, B>& a, bool want_positions) {
  if constexpr (is_complex_v<T>) {
    auto [sorted, order] = sort_along(a, std::nullopt, false, true);
    const ndarray<bool, B> has_nan = isnan(sorted);
    const ndarray<std::int64_t, B> none(shape_type{0});
    if (!any(has_nan).item()) return {sorted, want_positions ? order : none};
    const ndarray<std::int64_t, B> nan_last = argsort(has_nan);
    return {take(sorted, nan_last), want_positions ? take(order, nan_last) : none};
  } else {
    return sort_along(a, std::nullopt, false, want_positions);
  }
}

/// The compaction's flag: a stored bool per position.
struct stored_flag {
  const bool* flags;
  XP_HD bool operator()(index_t i) const { return flags[i]; }
};

/// The compaction's writer: the k-th group's value and, where asked for, its first sorted
/// position (`at` may be null).
template <class T>
struct group_writer {
  T* values;
  std::int64_t* at;
  const T* sorted;
  XP_HD void operator()(index_t k, index_t i) const {
    values[k] = sorted[i];
    if (at) at[k] = i;
  }
};

/// dst[index[i]] = running[i] - 1: the group numbers (a 1-based running count of the group
/// starts) scattered through a permutation, so no two writes meet and any order is right.
struct scatter_groups {
  std::int64_t* dst;
  const std::int64_t* index;
  const std::int64_t* running;
  XP_HD void operator()(index_t i) const { dst[index[i]] = running[i] - 1; }
};

/// `a` as a contiguous array of C (itself when it already is one).
template <class C, class T, class B>
ndarray<C, B> set_operand_as(const ndarray<T, B>& a) {
  if constexpr (std::is_same_v<C, T>) {
    if (a.is_contiguous()) return a;
  }
  return a.template astype<C>();
}

/// A sorted 1-D array prepared for sorted_lookup: complex elements with a NaN part removed
/// (they equal nothing, and their place in NumPy's complex order is not the lexicographic one
/// the search assumes); `also` (the positions beside the values, may be empty) filtered alike.
template <class C, class B>
void searchable(ndarray<C, B>& sorted, ndarray<std::int64_t, B>& also) {
  if constexpr (is_complex_v<C>) {
    const ndarray<bool, B> keep = !isnan(sorted);
    if (also.size() == sorted.size()) also = also(keep);
    sorted = sorted(keep);
  } else {
    (void)sorted;
    (void)also;
  }
}

/// For each element of `values` (any shape), found in `sorted` (1-D, prepared by searchable)?
/// bool of values' shape (xor invert), or int64: the index found or -1.
template <class Out, class C, class B>
ndarray<Out, B> lookup(const ndarray<C, B>& sorted, const ndarray<C, B>& values, bool invert = false) {
  const ndarray<C, B> v = set_operand_as<C>(values);
  ndarray<Out, B> out(values.shape());
  generate(out, sorted_lookup<C, Out>{sorted.data(), sorted.size(), v.data(), invert});
  return out;
}

/// The groups' first indices, counts and inverse, of n sorted elements, from `at` (each
/// group's first sorted position), `starts` (the n flags of the group starts, for the inverse) and `order` (each sorted
/// position's original index; for the indices and the inverse); the members not asked for stay empty.
template <class T, class B>
void fill_groups(unique_all_result<T, B>& r, index_t n, const ndarray<std::int64_t, B>& at,
                 const ndarray<bool, B>& starts, const ndarray<std::int64_t, B>& order, bool want_index,
                 bool want_inverse, bool want_counts, const shape_type& inverse_shape) {
  const index_t k = at.size();
  if (want_index) r.indices = take(order, at);
  if (want_counts) {
    r.counts = ndarray<std::int64_t, B>({k});
    if (k > 0) {
      r.counts(xp::range(0, k - 1)) = at(xp::range(1, k)) - at(xp::range(0, k - 1));
      r.counts(xp::range(k - 1, k)) = n - at(xp::range(k - 1, k));
    }
  }
  if (want_inverse) {
    ndarray<std::int64_t, B> inverse({n});
    if (n > 0) {
      const ndarray<std::int64_t, B> running = cumsum(starts);
      primitive::for_each<B>::run(n, scatter_groups{inverse.data(), order.data(), running.data()});
    }
    r.inverse_indices = inverse.reshape(inverse_shape);
  }
}

/// The flags of the group starts among sorted elements: 1-D bool, true at 0 and wherever
/// sorted[i] differs from sorted[i-1] (NumPy's `!=`). With `equal_nan`, NaNs (for complex: any
/// element with a NaN part) are one group, as NumPy's: in its order they are the last ones. One
/// vectorised pass, stored: a flag computed where the compaction reads it (twice) costs more.
template <class T, class B>
ndarray<bool, B> group_starts(const ndarray<T, B>& sorted, bool equal_nan) {
  const index_t n = sorted.size();
  ndarray<bool, B> starts({n});
  if (n == 0) return starts;
  starts(xp::range(0, 1)) = true;
  const auto hi = sorted(xp::range(1, n)), lo = sorted(xp::range(0, n - 1));
  // one expression for both settings of equal_nan: one kernel per dtype to compile
  if constexpr (is_inexact_v<T>) starts(xp::range(1, n)) = (hi != lo) && !(isnan(hi) && isnan(lo) && equal_nan);
  else starts(xp::range(1, n)) = hi != lo;
  return starts;
}

/// np.unique of the flattened array: one sort (with positions when indices or the inverse are
/// asked for), the group starts' flags, and one compaction giving the values and, for the
/// indices and counts, each group's first sorted position.
template <class T, class B>
unique_all_result<T, B> unique_flat(const ndarray<T, B>& a, bool want_index, bool want_inverse, bool want_counts,
                                    bool equal_nan) {
  auto sorted_order = sort_flat(a, want_index || want_inverse);
  // named members, not a structured binding: clang 14 refuses a lambda that captures one
  const ndarray<T, B>& sorted = sorted_order.first;
  const ndarray<std::int64_t, B>& order = sorted_order.second;
  const index_t n = sorted.size();
  const ndarray<bool, B> starts = group_starts(sorted, equal_nan);
  const bool want_at = want_index || want_counts;
  unique_all_result<T, B> r;
  ndarray<std::int64_t, B> at;
  primitive::compact<B>::run(n, stored_flag{starts.data()}, [&](index_t k) {
    r.values = ndarray<T, B>({k});
    if (want_at) at = ndarray<std::int64_t, B>({k});
    return group_writer<T>{r.values.data(), want_at ? at.data() : nullptr, sorted.data()};
  });
  fill_groups(r, n, at, starts, order, want_index, want_inverse, want_counts, a.shape());
  return r;
}

/// np.unique along an axis of an array of 2 or more dimensions: the slices along it compared
/// as rows (lexicographically, each column in NumPy's order) and equal when every element is
/// `==` (a NaN makes its slice unique, as NumPy's structured comparison).
template <class T, class B>
unique_all_result<T, B> unique_along(const ndarray<T, B>& a, int axis, const unique_options& o) {
  const ndarray<T, B> moved = moveaxis(a, axis, 0);
  const index_t n = moved.shape()[0];
  const index_t m = n == 0 ? 0 : moved.size() / n;
  const shape_type rest(moved.shape().begin() + 1, moved.shape().end());
  const ndarray<T, B> rows = moved.reshape({n, m});
  ndarray<std::int64_t, B> order;
  if (m == 0 || n == 0) {
    order = arange<std::int64_t, B>(n);  // no columns: every row is equal
  } else {
    std::vector<ndarray<T, B>> keys;  // lexsort's primary key is its last: column 0
    for (index_t j = m - 1; j >= 0; --j) keys.push_back(rows(all, j));
    order = lexsort(keys);
  }
  const ndarray<T, B> sorted = take(rows, order, index_t{0});
  ndarray<bool, B> starts({n});
  if (n > 0) {
    starts(xp::range(0, 1)) = true;
    // the elementwise flags stored first, so that the reduction is over bool whatever T is
    const ndarray<bool, B> differs = sorted(xp::range(1, n), all) != sorted(xp::range(0, n - 1), all);
    starts(xp::range(1, n)) = any(differs, {1});
  }
  unique_all_result<T, B> r;
  const ndarray<T, B> kept = sorted(starts);
  shape_type shape{kept.shape()[0]};
  shape.insert(shape.end(), rest.begin(), rest.end());
  r.values = axis == 0 ? kept.reshape(shape) : moveaxis(kept.reshape(shape), 0, axis).copy();
  const ndarray<std::int64_t, B> at =
      o.return_index || o.return_counts ? flatnonzero(starts) : ndarray<std::int64_t, B>();
  fill_groups(r, n, at, starts, order, o.return_index, o.return_inverse, o.return_counts, shape_type{n});
  return r;
}

}  // namespace detail

/// @brief np.unique(a, return_index, return_inverse, return_counts, axis, equal_nan): the
/// sorted unique elements of the flattened array (axis = std::nullopt) or the sorted unique
/// sub-arrays along `axis`, with the int64 arrays asked for in `options`:
/// - indices: the index (flat, or along the axis) of each value's first occurrence;
/// - inverse_indices: each element's index in values, in a's shape (0-d for a 0-d a); with an
///   axis (a of 2 or more dimensions) 1-D, one per slice, as NumPy 2.0.1 and later;
/// - counts: each value's number of occurrences.
/// The members not asked for are empty arrays of shape (0,). -0.0 equals +0.0 and the value kept
/// is the first occurrence's. With `equal_nan` (the default) all NaNs are one value, at the end
/// (which NaN: see the file's comment); an axis with a of 2 or more dimensions compares slices
/// with `==`, so a slice holding a NaN is unique (equal_nan is ignored there, as NumPy's).
/// Sub-arrays are ordered lexicographically, each element in NumPy's order (complex elements
/// there in the sort primitive's). Always sorted (NumPy 2.3's `sorted=False` is not offered).
/// @throws xp::axis_error for an axis out of range (any axis of a 0-d array); xp::out_of_memory.
template <class T, class B>
unique_result<T, B> unique(const ndarray<T, B>& a, const unique_options& options = {}) {
  detail::op_range<B> range("xp::unique");
  if (options.axis) {
    const int ax = normalize_axis(*options.axis, a.ndim());
    if (a.ndim() > 1) return detail::unique_along(a, ax, options);
  }
  return detail::unique_flat(a, options.return_index, options.return_inverse, options.return_counts, options.equal_nan);
}

/// @brief The array API's unique_values(x) (np.unique_values): the unique elements of the
/// flattened x, sorted (the standard leaves the order unspecified; NumPy 2.3 and later return
/// them unsorted). Every NaN is distinct (one per NaN, at the end); -0.0 equals +0.0, the first
/// occurrence's kept. One sort and one compaction.
/// @throws xp::out_of_memory.
template <class T, class B>
ndarray<T, B> unique_values(const ndarray<T, B>& x) {
  detail::op_range<B> range("xp::unique_values");
  return detail::unique_flat(x, false, false, false, false).values;
}

/// @brief The array API's unique_counts(x) (np.unique_counts): unique_values and each value's
/// number of occurrences (int64; 1 for each NaN). @throws xp::out_of_memory.
template <class T, class B>
unique_counts_result<T, B> unique_counts(const ndarray<T, B>& x) {
  detail::op_range<B> range("xp::unique_counts");
  auto r = detail::unique_flat(x, false, false, true, false);
  return {std::move(r.values), std::move(r.counts)};
}

/// @brief The array API's unique_inverse(x) (np.unique_inverse): unique_values and, in x's
/// shape, each element's index among them (int64). @throws xp::out_of_memory.
template <class T, class B>
unique_inverse_result<T, B> unique_inverse(const ndarray<T, B>& x) {
  detail::op_range<B> range("xp::unique_inverse");
  auto r = detail::unique_flat(x, false, true, false, false);
  return {std::move(r.values), std::move(r.inverse_indices)};
}

/// @brief The array API's unique_all(x) (np.unique_all): unique_values, the flat index of each
/// value's first occurrence, the inverse in x's shape and the counts (int64), from one stable
/// sort with positions. @throws xp::out_of_memory.
template <class T, class B>
unique_all_result<T, B> unique_all(const ndarray<T, B>& x) {
  detail::op_range<B> range("xp::unique_all");
  return detail::unique_flat(x, true, true, true, false);
}

/// @brief np.isin(element, test_elements, assume_unique, invert): bool of element's shape, true
/// where the element equals (`==`, in the promoted dtype) some element of the flattened
/// test_elements (false with `invert`). NaN is in nothing; -0.0 is in a set holding +0.0. One
/// sort of test_elements and a binary search per element (NumPy's `kind=` is not offered: it
/// changes only the speed).
/// @throws xp::out_of_memory.
template <class E, class U, class B>
ndarray<bool, B> isin(const ndarray<E, B>& element, const ndarray<U, B>& test_elements, isin_options options = {}) {
  using C = result_type_t<E, U>;
  detail::op_range<B> range("xp::isin");
  ndarray<C, B> sorted = sort(test_elements.template astype<C>(), std::nullopt);
  ndarray<std::int64_t, B> none;
  detail::searchable(sorted, none);
  return detail::lookup<bool>(sorted, detail::set_operand_as<C>(element), options.invert);
}

/// @brief np.intersect1d(ar1, ar2, assume_unique, return_indices): the sorted unique values
/// (in the promoted dtype) found in both flattened inputs; NaN is in neither (it equals
/// nothing), and of -0.0 and +0.0 the first input's first occurrence is kept. With
/// return_indices, each value's first index in each input (int64; with assume_unique, its
/// index). @throws xp::out_of_memory.
template <class T, class U, class B>
intersect1d_result<result_type_t<T, U>, B> intersect1d(const ndarray<T, B>& ar1, const ndarray<U, B>& ar2,
                                                       intersect1d_options options = {}) {
  using C = result_type_t<T, U>;
  detail::op_range<B> range("xp::intersect1d");
  const bool indices = options.return_indices;
  // each input sorted, and unique unless assumed so, with first indices when asked for
  const auto prepare = [&](const auto& a) {
    if (!options.assume_unique) {
      auto u = detail::unique_flat(a, indices, false, false, true);
      return std::pair{detail::set_operand_as<C>(u.values), std::move(u.indices)};
    }
    // the primitive's order suffices: the elements with a NaN part, placed differently in
    // NumPy's complex order, are in no intersection
    auto [sorted, order] = detail::sort_along(a, std::nullopt, false, indices);
    return std::pair{detail::set_operand_as<C>(sorted), std::move(order)};
  };
  auto [values1, first1] = prepare(ar1);
  auto [values2, first2] = prepare(ar2);
  detail::searchable(values2, first2);
  const ndarray<std::int64_t, B> at = detail::lookup<std::int64_t>(values2, values1);
  const ndarray<bool, B> common = at >= std::int64_t{0};
  intersect1d_result<C, B> r;
  r.values = values1(common);
  if (indices) {
    r.indices1 = first1(common);
    const ndarray<std::int64_t, B> in2 = at(common);
    r.indices2 = take(first2, in2);
  }
  return r;
}

/// @brief np.union1d(ar1, ar2): the sorted unique values of both flattened inputs together, in
/// the promoted dtype (ar1's occurrences first); all NaNs are one (np.unique's equal_nan).
/// @throws xp::out_of_memory.
template <class T, class U, class B>
ndarray<result_type_t<T, U>, B> union1d(const ndarray<T, B>& ar1, const ndarray<U, B>& ar2) {
  detail::op_range<B> range("xp::union1d");
  const auto both = concat(std::tuple{ar1.reshape({-1}), ar2.reshape({-1})}, index_t{0});
  return detail::unique_flat(both, false, false, false, true).values;
}

/// @brief np.setdiff1d(ar1, ar2, assume_unique): the sorted unique values of ar1 (its dtype) that
/// are not in ar2 (compared in the promoted dtype). NaNs of ar1 are one value and always kept
/// (NaN is in nothing). With assume_unique, the flattened ar1 filtered in its own order (its
/// repeats kept). @throws xp::out_of_memory.
template <class T, class U, class B>
ndarray<T, B> setdiff1d(const ndarray<T, B>& ar1, const ndarray<U, B>& ar2, bool assume_unique = false) {
  detail::op_range<B> range("xp::setdiff1d");
  const ndarray<T, B> a =
      assume_unique ? ar1.reshape({-1}) : detail::unique_flat(ar1, false, false, false, true).values;
  const ndarray<bool, B> keep = isin(a, ar2, {.assume_unique = assume_unique, .invert = true});
  return a(keep);
}

/// @brief np.setxor1d(ar1, ar2, assume_unique): the sorted values (promoted dtype) in exactly one
/// of the flattened inputs, each input made unique first (all its NaNs one) unless
/// assume_unique. NaN equals nothing here, so each input's NaN is kept: two NaNs when both
/// hold one, as NumPy's. @throws xp::out_of_memory.
template <class T, class U, class B>
ndarray<result_type_t<T, U>, B> setxor1d(const ndarray<T, B>& ar1, const ndarray<U, B>& ar2,
                                         bool assume_unique = false) {
  using C = result_type_t<T, U>;
  detail::op_range<B> range("xp::setxor1d");
  const auto prepare = [&](const auto& a) {
    return assume_unique ? a.reshape({-1}) : detail::unique_flat(a, false, false, false, true).values;
  };
  const ndarray<C, B> sorted =
      detail::sort_flat(concat(std::tuple{prepare(ar1), prepare(ar2)}, index_t{0}), false).first;
  const index_t n = sorted.size();
  if (n == 0) return sorted;
  // differs[i]: sorted[i] is not sorted[i-1], with both ends true; keep what differs from both
  // neighbours
  ndarray<bool, B> differs({n + 1});
  differs(xp::range(0, 1)) = true;
  differs(xp::range(n, n + 1)) = true;
  differs(xp::range(1, n)) = sorted(xp::range(1, n)) != sorted(xp::range(0, n - 1));
  const ndarray<bool, B> keep = differs(xp::range(1, n + 1)) && differs(xp::range(0, n));
  return sorted(keep);
}

// what evaluates to an array (an expression, a selection) in an array's place
XP_EVALUATING_OVERLOAD(unique)
XP_EVALUATING_OVERLOAD(unique_all)
XP_EVALUATING_OVERLOAD(unique_counts)
XP_EVALUATING_OVERLOAD(unique_inverse)
XP_EVALUATING_OVERLOAD(unique_values)
XP_EVALUATING_OVERLOAD(union1d)
XP_EVALUATING_OVERLOAD(intersect1d)
XP_EVALUATING_OVERLOAD(setdiff1d)
XP_EVALUATING_OVERLOAD(setxor1d)
XP_EVALUATING_OVERLOAD(isin)

}  // namespace xp
