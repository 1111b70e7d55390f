#pragma once
/// @file slicing.hpp
/// @brief The index kinds of `a(...)`: integers, xp::range, xp::all, xp::newaxis, xp::ellipsis.

#include <cstddef>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "xp/core/config.hpp"
#include "xp/core/error.hpp"

namespace xp {

/// @brief Stands for an omitted slice bound, like leaving it out in `a[::-1]`.
inline constexpr index_t none = std::numeric_limits<index_t>::min();

/// @brief A slice `start:stop:step` (NumPy semantics: negative values count from the end,
/// bounds are clamped, a negative step walks backwards).
struct range_t {
  index_t start = none, stop = none, step = 1;
};
namespace detail {
// A slice bound or step of any integer type. Python's are unbounded and clamped, so an unsigned
// value beyond int64 (std::size_t(-1) as "to the end") is a huge positive bound, never -1.
template <class I>
constexpr index_t slice_value(I v) {
  static_assert(std::is_integral_v<I> && !std::is_same_v<I, bool>, "xp::range takes integers");
  if constexpr (std::is_unsigned_v<I> && sizeof(I) >= sizeof(index_t)) {
    if (v > static_cast<I>(std::numeric_limits<index_t>::max())) return std::numeric_limits<index_t>::max();
  }
  return static_cast<index_t>(v);
}
}  // namespace detail

/// @brief `xp::range(1, 3)` is `1:3`; `xp::range(4, 0, -1)` is `4:0:-1`;
/// `xp::range(xp::none, xp::none, -1)` is `::-1`. Bounds of any integer type; unsigned values
/// past int64 clamp like Python's unbounded integers.
template <class I, class J, class K = index_t>
constexpr range_t range(I start, J stop, K step = 1) {
  return {detail::slice_value(start), detail::slice_value(stop), detail::slice_value(step)};
}

/// @brief The axes argument of a reduction: every axis (the default) or a list.
class axes_t {
 public:
  axes_t() = default;  // all axes
  axes_t(std::initializer_list<index_t> axes) : m_axes(std::vector<index_t>(axes)) {}
  axes_t(std::vector<index_t> axes) : m_axes(std::move(axes)) {}
  axes_t(index_t axis) : m_axes(std::vector<index_t>{axis}) {}
  axes_t(int axis) : m_axes(std::vector<index_t>{axis}) {}
  bool all() const { return !m_axes.has_value(); }
  const std::vector<index_t>& list() const { return *m_axes; }

 private:
  std::optional<std::vector<index_t>> m_axes;
};

/// @brief `:` — the whole axis, in an index: `a(xp::all, 0)`. Called as a function it is
/// np.all: `xp::all(x > 0)`, `xp::all(x, {1})`, `xp::all(x, {1}, false, xp::out(o))` (defined in
/// xp/expr/reduction.hpp).
struct all_t {
  template <class X>
  auto operator()(const X& x) const;
  template <class X, class O = std::nullptr_t>
  auto operator()(const X& x, const axes_t& axes, bool keepdims = false, const O& into = nullptr) const;
};
inline constexpr all_t all{};
/// @brief `np.newaxis` — inserts an axis of length 1.
struct newaxis_t {};
inline constexpr newaxis_t newaxis{};
/// @brief `...` — as many `:` as needed to index every axis.
struct ellipsis_t {};
inline constexpr ellipsis_t ellipsis{};

namespace detail {

struct slice_result {
  index_t start, length, step;
};

// CPython's PySlice_AdjustIndices, which NumPy uses too.
inline slice_result adjust_slice(const range_t& r, index_t len) {
  if (r.step == 0) throw value_error("xp: slice step cannot be zero");
  // CPython clamps the step to [-INT64_MAX, INT64_MAX], so that -step is defined
  const index_t step = r.step < -std::numeric_limits<index_t>::max() ? -std::numeric_limits<index_t>::max() : r.step;
  auto clamp = [&](index_t v, index_t if_none) {
    if (v == none) return if_none;
    if (v < 0) {
      v += len;
      if (v < 0) v = step < 0 ? -1 : 0;
    } else if (v >= len) {
      v = step < 0 ? len - 1 : len;
    }
    return v;
  };
  const index_t start = clamp(r.start, step < 0 ? len - 1 : 0);
  const index_t stop = clamp(r.stop, step < 0 ? -1 : len);
  index_t length = 0;
  if (step < 0) {
    if (stop < start) length = (start - stop - 1) / (-step) + 1;
  } else if (start < stop) {
    length = (stop - start - 1) / step + 1;
  }
  return {start, length, step};
}

/// An integer index as index_t; an unsigned value beyond index_t's range (std::size_t(-1))
/// is out of bounds, never a negative index in disguise.
template <class I>
index_t to_index(I i) {
  static_assert(std::is_integral_v<I>, "xp: an index is an integer");
  if constexpr (std::is_unsigned_v<I> && sizeof(I) >= sizeof(index_t)) {
    if (i > static_cast<I>(std::numeric_limits<index_t>::max()))
      throw index_error("xp: index " + std::to_string(i) + " is out of bounds");
  }
  return static_cast<index_t>(i);
}

inline index_t adjust_index(index_t i, index_t len, std::size_t axis) {
  const index_t j = i < 0 ? i + len : i;
  if (j < 0 || j >= len)
    throw index_error("xp: index " + std::to_string(i) + " is out of bounds for axis " + std::to_string(axis) +
                      " with size " + std::to_string(len));
  return j;
}

}  // namespace detail
}  // namespace xp
