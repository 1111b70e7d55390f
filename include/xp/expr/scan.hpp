#pragma once
/// @file expr/scan.hpp
/// @brief Cumulative sums and products, np.cumsum and np.cumprod, on both backends. The
/// argument handling (axis, dtype, layout) is written once here; a backend's `scan` primitive
/// scans the rows of one contiguous buffer in place.

#include <cstdint>
#include <numeric>
#include <type_traits>
#include <vector>

#include "xp/core/backend.hpp"
#include "xp/core/config.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/expr/elementwise.hpp"

namespace xp::detail {

enum class scan_op : std::uint8_t { sum, prod };

/// @brief What a backend's scan primitive is given: `lines` rows of `length` contiguous
/// elements at `data`, each replaced by its inclusive scan (row-major; integers wrap).
template <class Acc>
struct scan_problem {
  Acc* data;
  index_t lines;
  index_t length;
  scan_op op;
};

}  // namespace xp::detail

namespace xp::primitive {
/// @brief `run(scan_problem<Acc>)`: the inclusive scan of each row, in place, for Acc in
/// {int64_t, float, double}.
template <class B>
struct scan {
  XP_PRIMITIVE_NOT_VISIBLE(B, "scan");
};
}  // namespace xp::primitive

// each backend's specialisation (the CUDA one only declares what libxp_cuda compiles)
#include "xp/backends/cuda/scan.hpp"
#include "xp/backends/host/scan.hpp"

namespace xp {
namespace detail {

// np.cumsum's dtype: bool and signed integers accumulate in int64, unsigned ones in uint64,
// floats and complex in their own (float16 rounding at every step, as NumPy's half loop).
template <class T>
using scan_acc_t =
    std::conditional_t<is_inexact_v<T>, T, std::conditional_t<is_unsigned_integer_v<T>, std::uint64_t, std::int64_t>>;

template <scan_op Op, class X>
auto run_scan(const X& x, const index_t* axis) {
  using T = typename value_of<std::decay_t<X>>::type;
  using B = typename backend_of<std::decay_t<X>>::type;
  using Acc = scan_acc_t<T>;
  op_range<B> range(Op == scan_op::sum ? "xp::cumsum" : "xp::cumprod");
  const auto a = materialize(x);
  if (!axis) {  // the flattened array, in C order
    ndarray<Acc, B> out = a.template astype<Acc>().reshape({-1});
    if (out.size() > 0) primitive::scan<B>::run(scan_problem<Acc>{out.data(), 1, out.size(), Op});
    return out;
  }
  const int ax = normalize_axis(*axis, a.ndim());
  const index_t length = a.shape()[ax];
  if (ax + 1 == static_cast<int>(a.ndim())) {  // already the last axis: scan the rows of a copy
    ndarray<Acc, B> out = a.template astype<Acc>();
    if (out.size() > 0) primitive::scan<B>::run(scan_problem<Acc>{out.data(), out.size() / length, length, Op});
    return out;
  }
  // move the axis last, scan the rows of that copy, move it back into a C-ordered result
  std::vector<index_t> to_last;
  for (std::size_t d = 0; d < a.ndim(); ++d)
    if (static_cast<int>(d) != ax) to_last.push_back(static_cast<index_t>(d));
  to_last.push_back(ax);
  std::vector<index_t> back(a.ndim());
  for (std::size_t d = 0; d < a.ndim(); ++d) back[to_last[d]] = static_cast<index_t>(d);
  ndarray<Acc, B> work = transpose(a, to_last).template astype<Acc>();
  if (work.size() > 0) primitive::scan<B>::run(scan_problem<Acc>{work.data(), work.size() / length, length, Op});
  return transpose(work, back).copy();
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

}  // namespace xp
