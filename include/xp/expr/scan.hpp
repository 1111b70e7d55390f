#pragma once
/// @file expr/scan.hpp
/// @brief Cumulative sums and products, np.cumsum and np.cumprod, on both backends. The
/// argument handling (axis, dtype, layout) is written once here; a backend's `scan` primitive
/// (expr/scan_primitive.hpp) scans the rows of one contiguous buffer.

#include <cstdint>
#include <numeric>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "xp/core/backend.hpp"
#include "xp/core/config.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/scan_primitive.hpp"

namespace xp {
namespace detail {

// np.cumsum's dtype: bool and signed integers accumulate in int64, unsigned ones in uint64,
// floats and complex in their own (float16 rounding at every step, as NumPy's half loop).
template <class T>
using scan_acc_t =
    std::conditional_t<is_inexact_v<T>, T, std::conditional_t<is_unsigned_integer_v<T>, std::uint64_t, std::int64_t>>;

// The rows of `a` (C-contiguous, the scanned axis last) scanned into a new array. An input
// that already is the accumulator's dtype is read by the scan itself (out of place); any other
// is converted once into the output and scanned there in place.
template <scan_op Op, class T, class B>
auto scan_last_axis(const ndarray<T, B>& a, index_t length) {
  using Acc = scan_acc_t<T>;
  if constexpr (std::is_same_v<T, Acc>) {
    if (a.is_contiguous()) {
      ndarray<Acc, B> out(a.shape());
      if (out.size() > 0)
        primitive::scan<B>::run(scan_problem<Acc>{out.data(), out.size() / length, length, Op, a.data()});
      return out;
    }
  }
  ndarray<Acc, B> out = a.template astype<Acc>();
  if (out.size() > 0) primitive::scan<B>::run(scan_problem<Acc>{out.data(), out.size() / length, length, Op});
  return out;
}

template <scan_op Op, class X>
auto run_scan(const X& x, const index_t* axis) {
  using B = typename backend_of<std::decay_t<X>>::type;
  op_range<B> range(Op == scan_op::sum ? "xp::cumsum" : "xp::cumprod");
  const auto a = materialize(x);
  if (!axis) {  // the flattened array, in C order
    const auto flat = a.is_contiguous() ? a.reshape({-1}) : a.copy().reshape({-1});
    return scan_last_axis<Op>(flat, flat.size());
  }
  const int ax = normalize_axis(*axis, a.ndim());
  const index_t length = a.shape()[ax];
  if (ax + 1 == static_cast<int>(a.ndim())) return scan_last_axis<Op>(a, length);  // the rows
  // move the axis last, scan the rows of that copy, move it back into a C-ordered result
  std::vector<index_t> to_last;
  for (std::size_t d = 0; d < a.ndim(); ++d)
    if (static_cast<int>(d) != ax) to_last.push_back(static_cast<index_t>(d));
  to_last.push_back(ax);
  std::vector<index_t> back(a.ndim());
  for (std::size_t d = 0; d < a.ndim(); ++d) back[to_last[d]] = static_cast<index_t>(d);
  auto work = scan_last_axis<Op>(transpose(a, to_last).copy(), length);
  return transpose(work, back).copy();
}

// The array API's cumulative_sum/cumulative_prod: a given axis (required above 1-D), and with
// include_initial the identity first (the axis one longer).
template <scan_op Op, class X>
auto run_cumulative(const X& x, std::optional<index_t> axis, bool include_initial, const char* name) {
  const auto a = materialize(x);
  if (!axis && a.ndim() > 1)
    throw value_error(std::string("xp::") + name + ": axis is required for an array of " + std::to_string(a.ndim()) +
                      " dimensions");
  if (a.ndim() == 0) throw value_error(std::string("xp::") + name + ": a 0-d array has no axis to scan");
  const index_t ax = axis.value_or(0);
  auto scanned = run_scan<Op>(a, &ax);
  if (!include_initial) return scanned;
  using Acc = typename decltype(scanned)::value_type;
  const int axn = normalize_axis(ax, a.ndim());
  auto shape = scanned.shape();
  shape[axn] += 1;
  ndarray<Acc, typename decltype(scanned)::backend_type> out(shape);
  // the scanned axis first in a view of each, so the identity is row 0 and the scan the rest
  std::vector<index_t> axis_first{axn};
  for (std::size_t d = 0; d < a.ndim(); ++d)
    if (static_cast<int>(d) != axn) axis_first.push_back(static_cast<index_t>(d));
  auto rows = transpose(out, axis_first);
  rows(0).fill(Op == scan_op::sum ? Acc(0) : Acc(1));
  rows(range(1, none)) = transpose(scanned, axis_first);
  return out;
}

}  // namespace detail

/// @brief np.cumsum(x): the running sum of the flattened array (C order), 1-D. Integers and
/// bool accumulate in int64 (wrapping), floats in their own dtype: on the host in NumPy's
/// sequential order (equal bits), on the device in a parallel scan's order.
template <detail::array_operand X>
auto cumsum(const X& x) {
  return detail::run_scan<detail::scan_op::sum>(x, nullptr);
}
/// @brief np.cumsum(x, axis): the running sum along one axis (negative counts from the end).
/// @throws xp::index_error for an axis out of range.
template <detail::array_operand X>
auto cumsum(const X& x, index_t axis) {
  return detail::run_scan<detail::scan_op::sum>(x, &axis);
}
/// @brief np.cumprod(x): the running product of the flattened array. @see cumsum
template <detail::array_operand X>
auto cumprod(const X& x) {
  return detail::run_scan<detail::scan_op::prod>(x, nullptr);
}
/// @brief np.cumprod(x, axis). @throws xp::index_error for an axis out of range.
template <detail::array_operand X>
auto cumprod(const X& x, index_t axis) {
  return detail::run_scan<detail::scan_op::prod>(x, &axis);
}

/// @brief The array API's cumulative_sum(x, axis, include_initial): np.cumsum along `axis`
/// (optional only for 1-D input), with include_initial a leading 0 along it.
/// @throws xp::value_error without an axis above 1-D, or for 0-d input; xp::index_error for an
/// axis out of range.
template <detail::array_operand X>
auto cumulative_sum(const X& x, std::optional<index_t> axis = std::nullopt, bool include_initial = false) {
  return detail::run_cumulative<detail::scan_op::sum>(x, axis, include_initial, "cumulative_sum");
}
/// @brief The array API's cumulative_prod(x, axis, include_initial): np.cumprod along `axis`,
/// with include_initial a leading 1. @see cumulative_sum
template <detail::array_operand X>
auto cumulative_prod(const X& x, std::optional<index_t> axis = std::nullopt, bool include_initial = false) {
  return detail::run_cumulative<detail::scan_op::prod>(x, axis, include_initial, "cumulative_prod");
}

}  // namespace xp
