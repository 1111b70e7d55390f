#pragma once
/// @file convert.hpp
/// @brief Defined value conversions between xp's dtypes, and integer arithmetic that wraps.
///
/// C++ leaves two conversions undefined that NumPy programs perform all the time: a float
/// that is NaN or outside an integer type's range converted to that type, and a double
/// outside float's range converted to float. xp converts through `convert<T>(v)` everywhere a
/// value changes dtype (astype, assignment, expressions, .npy loading), on every backend:
/// - float -> integer: truncation toward zero; NaN gives 0; values beyond the type's range
///   saturate to its minimum or maximum (the GPU's own conversion rule; NumPy's result there
///   is platform-dependent and it warns "invalid value encountered in cast").
/// - double -> float: IEEE rounding; beyond float's range gives +-inf.
/// - -> bool: `v != 0` (NaN is true, like NumPy).
/// - integer -> integer: modulo 2^bits (C++20 and NumPy agree).
/// - -> float16: rounds once to nearest even (double -> float16 directly, not through float).
/// - complex -> real: the real part (NumPy discards the imaginary part, with a warning);
///   complex -> bool: either part nonzero; real -> complex: imaginary part 0.
///
/// Signed integer overflow in + - * is also undefined in C++; NumPy wraps. `wrapping_add`,
/// `wrapping_sub`, `wrapping_mul` and `wrapping_neg` compute in the unsigned type and give
/// NumPy's wrapped results, defined.

#include <cstdint>
#include <limits>
#include <type_traits>

#include "xp/core/config.hpp"
#include "xp/core/dtype.hpp"

namespace xp::detail {

template <class T>
inline constexpr bool is_wrapping_integer_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

// The unsigned type the wrapped arithmetic of T runs in; at least `unsigned` so that no
// operand is promoted back to a signed int.
template <class T>
using wrap_unsigned_t = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;

template <class T>
XP_HD constexpr T wrapping_add(T a, T b) {
  if constexpr (is_wrapping_integer_v<T>) {
    using U = wrap_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
  } else {
    return static_cast<T>(a + b);
  }
}
template <class T>
XP_HD constexpr T wrapping_sub(T a, T b) {
  if constexpr (is_wrapping_integer_v<T>) {
    using U = wrap_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) - static_cast<U>(b));
  } else {
    return static_cast<T>(a - b);
  }
}
template <class T>
XP_HD constexpr T wrapping_mul(T a, T b) {
  if constexpr (is_wrapping_integer_v<T>) {
    using U = wrap_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
  } else {
    return static_cast<T>(a * b);
  }
}
template <class T>
XP_HD constexpr T wrapping_neg(T a) {
  if constexpr (is_wrapping_integer_v<T>) {
    using U = wrap_unsigned_t<T>;
    return static_cast<T>(U(0) - static_cast<U>(a));
  } else {
    return static_cast<T>(-a);
  }
}

/// The value v of dtype U as dtype T, defined for every input (see the file comment).
template <class T, class U>
XP_HD constexpr T convert(U v) {
  if constexpr (std::is_same_v<T, U>) {
    return v;
  } else if constexpr (is_complex_v<U>) {
    using R = real_of_t<U>;
    if constexpr (is_complex_v<T>) return T(convert<real_of_t<T>>(v.re), convert<real_of_t<T>>(v.im));
    else if constexpr (std::is_same_v<T, bool>) return v.re != R(0) || v.im != R(0);
    else return convert<T>(v.re);
  } else if constexpr (is_complex_v<T>) {
    using R = real_of_t<T>;
    return T(convert<R>(v), R(0));
  } else if constexpr (std::is_same_v<U, float16>) {
    return convert<T>(static_cast<float>(v));  // exact
  } else if constexpr (std::is_same_v<T, float16>) {
    if constexpr (std::is_same_v<U, double>) return float16(v);
    else return float16(static_cast<float>(v));  // exact below 2^24; beyond, float16 is inf either way
  } else if constexpr (std::is_same_v<T, bool>) {
    return v != U(0);
  } else if constexpr (std::is_integral_v<T> && std::is_floating_point_v<U>) {
    // 2^(bits) or 2^(bits-1): a power of two, exact in float and double.
    constexpr U upper = U(2) * static_cast<U>(std::numeric_limits<T>::max() / 2 + 1);
    constexpr U lower = static_cast<U>(std::numeric_limits<T>::min());
    if (v != v) return T(0);
    if (v >= upper) return std::numeric_limits<T>::max();
    if (v < lower) return std::numeric_limits<T>::min();  // (lower-1, lower) truncates to lower too
    return static_cast<T>(v);
  } else if constexpr (std::is_same_v<T, float> && std::is_same_v<U, double>) {
    // Halfway between FLT_MAX and 2^128: from here on, round-to-nearest gives infinity.
    constexpr double overflow = 340282356779733661637539395458142568448.0;  // 2^128 - 2^103
    if (v >= overflow) return std::numeric_limits<float>::infinity();
    if (v <= -overflow) return -std::numeric_limits<float>::infinity();
    return static_cast<float>(v);
  } else {
    return static_cast<T>(v);
  }
}

}  // namespace xp::detail
