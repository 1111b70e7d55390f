#pragma once
/// @file generators.hpp
/// @brief Index -> value functors that fill a fresh array (full, arange, linspace, eye). Each
/// is a trivially copyable XP_HD struct, so one definition serves every backend.

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "xp/core/config.hpp"
#include "xp/core/convert.hpp"

namespace xp::detail {

template <class T>
struct constant_gen {
  T value;
  XP_HD T operator()(index_t) const { return value; }
};

// One of arange's first two values (computed in float64) in dtype T. Integers go through
// int64 and wrap, as NumPy does: arange(-3, 3) in uint8 starts at 253.
template <class T>
T arange_value(double v) {
  if constexpr (std::is_integral_v<T>) return static_cast<T>(convert<std::int64_t>(v));
  else return convert<T>(v);
}

// NumPy's arange fill: the first two values are computed in float64 and cast, the rest as
// start + i * (second - first) in the array's own dtype, so results match NumPy to the bit
// (integers wrap, computed unsigned).
template <class T>
struct arange_gen {
  T first;
  T delta;
  XP_HD T operator()(index_t i) const {
    if constexpr (std::is_integral_v<T>) {
      return wrapping_add(first, wrapping_mul(static_cast<T>(i), delta));
    } else {
      return mul_add_rounded(static_cast<T>(i), delta, first);
    }
  }
};

// NumPy's linspace: y = i * step + start in float64, the last sample is exactly `stop` when
// endpoint is set, integer dtypes are floored before the cast.
template <class T>
struct linspace_gen {
  double start, step, stop;
  index_t last;  // index that takes `stop` exactly, or -1
  XP_HD T operator()(index_t i) const {
    double y = i == last ? stop : mul_add_rounded(static_cast<double>(i), step, start);
    if constexpr (std::is_integral_v<T>) y = std::floor(y);
    return convert<T>(y);
  }
};

template <class T>
struct eye_gen {
  index_t cols;
  index_t k;
  XP_HD T operator()(index_t flat) const {
    const index_t i = flat / cols;
    return static_cast<T>(flat - i * cols - i == k ? 1 : 0);
  }
};

}  // namespace xp::detail
