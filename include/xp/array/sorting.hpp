#pragma once
/// @file array/sorting.hpp
/// @brief NumPy's sort family: sort, argsort, partition, argpartition, topk, lexsort,
/// sort_complex. Each copies the array with the sorted axis last into C order (one pass),
/// sorts its rows with the sort primitive (array/sort_primitive.hpp: a radix sort on both
/// backends, segmented by row), and moves the axis back.
///
/// Order: NumPy's. Numbers ascending, NaN after every number (whatever its sign), -0.0 equal to
/// +0.0 (a stable sort keeps their order), complex numbers lexicographically (real part, then
/// imaginary, NaN last in each). xp refuses `<` on complex numbers (the array API leaves their
/// order out, and `a < b` reading only real parts would be a silent surprise); a sort still needs
/// some total order, and NumPy's is the one users' data was sorted by, so the sorts use it.
/// `descending` is the reverse order (NaN first) with equal elements still in their original
/// order. Every sort is stable: `stable = false` (NumPy's default kind) is accepted and gives the
/// stable order, which is one of the orders it allows.

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "xp/array/indexing.hpp"
#include "xp/array/manipulation.hpp"
#include "xp/array/sort_primitive.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/expr/elementwise.hpp"

namespace xp {

/// @brief The array API's sort options: `descending` (NaN first, ties in their original order)
/// and `stable` (always honoured: xp's sorts are stable).
struct sort_options {
  bool descending = false;
  bool stable = true;
};

/// @brief topk's options: the `largest` k elements (NaN counts as largest, as in NumPy's order),
/// or the smallest.
struct topk_options {
  bool largest = true;
};

/// @brief What topk returns: the k values along the axis, in order (largest first with
/// `largest`), and their indices along that axis.
template <class T, class B>
struct topk_result {
  ndarray<T, B> values;
  ndarray<std::int64_t, B> indices;
};

namespace detail {

/// The sorted rows of `a` along `axis` (nullopt: the flattened array), in a's layout with the
/// axis back in place, and, with `want_positions`, each element's index along the axis. `kth`:
/// the positions a partition must settle (empty: a full sort); with `kth_only` the other positions
/// of the result are unspecified (the caller reads only the kth).
template <class T, class B>
std::pair<ndarray<T, B>, ndarray<std::int64_t, B>> sort_along(const ndarray<T, B>& a, std::optional<index_t> axis,
                                                              bool descending, bool want_positions,
                                                              const std::vector<index_t>& kth = {},
                                                              bool kth_only = false) {
  const ndarray<T, B> src = axis ? a : a.reshape({-1});
  const int ax = normalize_axis(axis ? *axis : 0, src.ndim());
  const int last = static_cast<int>(src.ndim()) - 1;
  // a C-contiguous input with the axis last is read by the sort itself (`source`): no copy first
  const bool read_in_place = ax == last && src.is_contiguous();
  ndarray<T, B> rows = read_in_place ? ndarray<T, B>(src.shape()) : moveaxis(src, ax, -1).copy();
  ndarray<std::int64_t, B> positions(want_positions ? rows.shape() : shape_type{0});
  const index_t length = rows.shape().back();
  if (rows.size() > 0) {
    sort_problem<T> p{rows.data(),
                      want_positions ? positions.data() : nullptr,
                      rows.size() / length,
                      length,
                      descending,
                      kth.empty() ? nullptr : kth.data(),
                      static_cast<index_t>(kth.size())};
    if (read_in_place) p.source = src.data();
    p.kth_only = kth_only && !kth.empty();
    primitive::sort<B>::run(p);
  }
  if (ax != last) {
    rows = moveaxis(rows, -1, ax).copy();
    if (want_positions) positions = moveaxis(positions, -1, ax).copy();
  }
  return {std::move(rows), std::move(positions)};
}

/// np.partition's kth: negative values count from the end; sorted and distinct.
/// @throws xp::value_error for a kth out of [-length, length).
inline std::vector<index_t> normalize_kth(const char* fn, std::vector<index_t> kth, index_t length) {
  for (index_t& k : kth) {
    if (k < -length || k >= length)
      throw value_error(std::string(fn) + ": kth(=" + std::to_string(k) + ") out of bounds (" + std::to_string(length) +
                        ")");
    if (k < 0) k += length;
  }
  std::sort(kth.begin(), kth.end());
  kth.erase(std::unique(kth.begin(), kth.end()), kth.end());
  return kth;
}

template <class T, class B>
index_t length_along(const ndarray<T, B>& a, std::optional<index_t> axis) {
  if (!axis) return a.size();
  return a.shape()[static_cast<std::size_t>(normalize_axis(*axis, a.ndim()))];
}

}  // namespace detail

/// @brief np.sort(a, axis) / the array API's sort(x, axis, descending, stable): a sorted copy
/// (C order). `axis = std::nullopt` sorts the flattened array, as `axis=None`.
/// @throws xp::axis_error (a shape_error and an index_error) for an axis out of range, which a
///         0-d array always has (sort it with std::nullopt); xp::out_of_memory.
template <class T, class B>
ndarray<T, B> sort(const ndarray<T, B>& a, std::optional<index_t> axis = -1, sort_options options = {}) {
  detail::op_range<B> range("xp::sort");
  return detail::sort_along(a, axis, options.descending, false).first;
}

/// @brief np.argsort(a, axis) / the array API's argsort: the indices along the axis that sort
/// it (int64), stably. @throws as sort.
template <class T, class B>
ndarray<std::int64_t, B> argsort(const ndarray<T, B>& a, std::optional<index_t> axis = -1, sort_options options = {}) {
  detail::op_range<B> range("xp::argsort");
  return detail::sort_along(a, axis, options.descending, true).second;
}

/// @brief np.partition(a, kth, axis): a copy in which each kth position holds the element a
/// sort puts there, no element before it is greater and none after it smaller.
/// @throws xp::value_error for a kth out of range; as sort.
template <class T, class B>
ndarray<T, B> partition(const ndarray<T, B>& a, const std::vector<index_t>& kth, std::optional<index_t> axis = -1) {
  detail::op_range<B> range("xp::partition");
  const auto k = detail::normalize_kth("xp::partition", kth, detail::length_along(a, axis));
  return detail::sort_along(a, axis, false, false, k).first;
}
template <class T, class B>
ndarray<T, B> partition(const ndarray<T, B>& a, index_t kth, std::optional<index_t> axis = -1) {
  return partition(a, std::vector<index_t>{kth}, axis);
}

/// @brief np.argpartition(a, kth, axis): the indices along the axis of partition's order.
/// @throws as partition.
template <class T, class B>
ndarray<std::int64_t, B> argpartition(const ndarray<T, B>& a, const std::vector<index_t>& kth,
                                      std::optional<index_t> axis = -1) {
  detail::op_range<B> range("xp::argpartition");
  const auto k = detail::normalize_kth("xp::argpartition", kth, detail::length_along(a, axis));
  return detail::sort_along(a, axis, false, true, k).second;
}
template <class T, class B>
ndarray<std::int64_t, B> argpartition(const ndarray<T, B>& a, index_t kth, std::optional<index_t> axis = -1) {
  return argpartition(a, std::vector<index_t>{kth}, axis);
}

/// @brief The k largest (or smallest) elements along the axis, in order, with their indices
/// (a selection: the backend settles only the first k positions). Like torch.topk; NumPy
/// spells it `np.sort(a)[..., ::-1][..., :k]` with an argsort beside it.
/// @throws xp::value_error for k outside [0, length]; as sort.
template <class T, class B>
topk_result<T, B> topk(const ndarray<T, B>& a, index_t k, std::optional<index_t> axis = -1, topk_options options = {}) {
  detail::op_range<B> range("xp::topk");
  const index_t length = detail::length_along(a, axis);
  if (k < 0 || k > length)
    throw value_error("xp::topk: k(=" + std::to_string(k) + ") must be in [0, " + std::to_string(length) + "]");
  std::vector<index_t> first(static_cast<std::size_t>(k));
  for (index_t i = 0; i < k; ++i) first[static_cast<std::size_t>(i)] = i;
  // the whole row when k is all of it, so the backend does not take the list for a partition
  if (k == length) first.clear();
  const ndarray<T, B> src = axis ? a : a.reshape({-1});
  const index_t ax = axis ? *axis : 0;
  // only the first k positions are read: the rest of each row is left to the backend (kth_only)
  auto [values, indices] = detail::sort_along(src, ax, options.largest, true, first, true);
  const int at = normalize_axis(ax, src.ndim());
  const auto head = [&](const auto& x) {
    return moveaxis(moveaxis(x, at, -1)(ellipsis, xp::range(0, k)), -1, at).copy();
  };
  return {head(values), head(indices)};
}

/// @brief np.lexsort(keys, axis): the indices that sort along `axis` by the last key, then by
/// the one before it among equal last keys, and so on (stable). The keys share one shape.
/// @throws xp::shape_error when the keys' shapes differ; xp::value_error for no keys.
template <class T, class B>
ndarray<std::int64_t, B> lexsort(const std::vector<ndarray<T, B>>& keys, index_t axis = -1) {
  detail::op_range<B> range("xp::lexsort");
  if (keys.empty()) throw value_error("xp::lexsort: need sequence of keys with len > 0");
  for (const auto& k : keys)
    if (k.shape() != keys.front().shape())
      throw shape_error("xp::lexsort: all keys need to be the same shape, not " + to_string(keys.front().shape()) +
                        " and " + to_string(k.shape()));
  // a stable sort by each key in turn, the primary (last) key last
  ndarray<std::int64_t, B> order = argsort(keys.front(), axis);
  for (std::size_t i = 1; i < keys.size(); ++i) {
    const auto step = argsort(take_along_axis(keys[i], order, axis), axis);
    order = take_along_axis(order, step, axis);
  }
  return order;
}

/// @brief np.sort_complex(a): a sorted along its last axis, as complex numbers in NumPy's
/// lexicographic order. NumPy's result dtypes: complex input keeps its own, 8- and 16-bit
/// integers give complex64, every other dtype (float32 included) complex128.
template <class T, class B>
auto sort_complex(const ndarray<T, B>& a) {
  using C = std::conditional_t<
      detail::is_complex_v<T>, T,
      std::conditional_t<std::is_integral_v<T> && sizeof(T) <= 2 && !std::is_same_v<T, bool>, complex64, complex128>>;
  detail::op_range<B> range("xp::sort_complex");
  return sort(a.template astype<C>());
}

/// @brief sort, argsort, partition, argpartition, topk and sort_complex of an expression:
/// evaluated into an array first.
template <class E>
requires detail::is_expr<E>::value auto sort(const E& e, std::optional<index_t> axis = -1, sort_options options = {}) {
  return sort(detail::materialize(e), axis, options);
}
template <class E>
requires detail::is_expr<E>::value auto argsort(const E& e, std::optional<index_t> axis = -1,
                                                sort_options options = {}) {
  return argsort(detail::materialize(e), axis, options);
}

// what evaluates to an array (an expression, a selection) in an array's place
XP_EVALUATING_OVERLOAD(partition)
XP_EVALUATING_OVERLOAD(argpartition)
XP_EVALUATING_OVERLOAD(sort_complex)
XP_EVALUATING_OVERLOAD(topk)

}  // namespace xp
