#pragma once
/// @file math.hpp
/// @brief xp::math: scalar math callable from host and device code (the C math library on
/// the host, CUDA's math library on the device), for float and double. User functors call
/// these so that one functor serves both backends:
///
///     auto f = [] XP_HD (float x, float y) { return xp::math::exp(xp::math::sin(x) + y); };

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "xp/core/config.hpp"
#include "xp/core/float16.hpp"

namespace xp::math {

// float16 computes in float and rounds once, as NumPy's half loops do.
#define XP_MATH_UNARY(name, cf, cd)                      \
  XP_HD inline float name(float x) { return ::cf(x); }   \
  XP_HD inline double name(double x) { return ::cd(x); } \
  XP_HD inline float16 name(float16 x) { return float16(::cf(static_cast<float>(x))); }
XP_MATH_UNARY(sin, sinf, sin)
XP_MATH_UNARY(cos, cosf, cos)
XP_MATH_UNARY(tan, tanf, tan)
XP_MATH_UNARY(arcsin, asinf, asin)
XP_MATH_UNARY(arccos, acosf, acos)
XP_MATH_UNARY(arctan, atanf, atan)
XP_MATH_UNARY(sinh, sinhf, sinh)
XP_MATH_UNARY(cosh, coshf, cosh)
XP_MATH_UNARY(tanh, tanhf, tanh)
XP_MATH_UNARY(exp, expf, exp)
XP_MATH_UNARY(exp2, exp2f, exp2)
XP_MATH_UNARY(expm1, expm1f, expm1)
XP_MATH_UNARY(log, logf, log)
XP_MATH_UNARY(log2, log2f, log2)
XP_MATH_UNARY(log10, log10f, log10)
XP_MATH_UNARY(log1p, log1pf, log1p)
XP_MATH_UNARY(sqrt, sqrtf, sqrt)
XP_MATH_UNARY(cbrt, cbrtf, cbrt)
XP_MATH_UNARY(floor, floorf, floor)
XP_MATH_UNARY(ceil, ceilf, ceil)
XP_MATH_UNARY(trunc, truncf, trunc)
XP_MATH_UNARY(round, nearbyintf, nearbyint)  // half to even, like np.round
XP_MATH_UNARY(fabs, fabsf, fabs)
#undef XP_MATH_UNARY

#define XP_MATH_BINARY(name, cf, cd)                                    \
  XP_HD inline float name(float x, float y) { return ::cf(x, y); }      \
  XP_HD inline double name(double x, double y) { return ::cd(x, y); }   \
  XP_HD inline float16 name(float16 x, float16 y) {                     \
    return float16(::cf(static_cast<float>(x), static_cast<float>(y))); \
  }
XP_MATH_BINARY(arctan2, atan2f, atan2)
XP_MATH_BINARY(pow, powf, pow)
XP_MATH_BINARY(hypot, hypotf, hypot)
XP_MATH_BINARY(fmod, fmodf, fmod)
#undef XP_MATH_BINARY

/// |x| with the sign of y, for float, double and float16.
XP_HD inline float copysign_of(float x, float y) { return ::copysignf(x, y); }
XP_HD inline double copysign_of(double x, double y) { return ::copysign(x, y); }
XP_HD inline float16 copysign_of(float16 x, float16 y) {
  return float16::from_bits(static_cast<std::uint16_t>((x.bits & 0x7fffu) | (y.bits & 0x8000u)));
}

/// Common aliases of the C names.
XP_HD inline float atan2(float y, float x) { return ::atan2f(y, x); }
XP_HD inline double atan2(double y, double x) { return ::atan2(y, x); }

template <class T>
inline constexpr bool is_ieee_v = std::is_floating_point_v<T> || std::is_same_v<T, float16>;

template <class T>
XP_HD inline bool isnan(T x) {
  if constexpr (is_ieee_v<T>) return x != x;
  else return false;
}
template <class T>
XP_HD inline bool isinf(T x) {
  if constexpr (std::is_same_v<T, float16>) return (x.bits & 0x7fffu) == 0x7c00u;
  else if constexpr (std::is_floating_point_v<T>) return x == x && (x - x) != (x - x);
  else return false;
}
template <class T>
XP_HD inline bool isfinite(T x) {
  if constexpr (std::is_same_v<T, float16>) return (x.bits & 0x7c00u) != 0x7c00u;
  else if constexpr (std::is_floating_point_v<T>) return (x - x) == (x - x);
  else return true;
}

}  // namespace xp::math
