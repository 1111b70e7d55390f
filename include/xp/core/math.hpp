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

// ---- the same names on a backend's vector registers -------------------------------------------
/// @brief The hook through which a backend's register type V (xsimd::batch on the host) takes
/// part in xp::math: a backend specialises it with `enabled = true` and one static function per
/// name below (xsimd's specialisation is in xp/expr/ops.hpp, beside the ops' vector forms). A
/// generic user functor (auto parameters, a template operator()) then computes a register at a
/// time with the calls it makes on scalars. The core names no vector library, and float,
/// double, float16 and complex never match: their overloads above are the only candidates.
template <class V>
struct batch_math {
  static constexpr bool enabled = false;
};
/// A register type some backend has given xp::math functions.
template <class V>
concept vector_value = batch_math<V>::enabled;

// Host functions only (no XP_HD): registers exist on the host alone.
#define XP_MATH_VECTOR_UNARY(name) \
  template <vector_value V>        \
  inline V name(const V& x) {      \
    return batch_math<V>::name(x); \
  }
XP_MATH_VECTOR_UNARY(sin)
XP_MATH_VECTOR_UNARY(cos)
XP_MATH_VECTOR_UNARY(tan)
XP_MATH_VECTOR_UNARY(arcsin)
XP_MATH_VECTOR_UNARY(arccos)
XP_MATH_VECTOR_UNARY(arctan)
XP_MATH_VECTOR_UNARY(sinh)
XP_MATH_VECTOR_UNARY(cosh)
XP_MATH_VECTOR_UNARY(tanh)
XP_MATH_VECTOR_UNARY(exp)
XP_MATH_VECTOR_UNARY(exp2)
XP_MATH_VECTOR_UNARY(expm1)
XP_MATH_VECTOR_UNARY(log)
XP_MATH_VECTOR_UNARY(log2)
XP_MATH_VECTOR_UNARY(log10)
XP_MATH_VECTOR_UNARY(log1p)
XP_MATH_VECTOR_UNARY(sqrt)
XP_MATH_VECTOR_UNARY(cbrt)
XP_MATH_VECTOR_UNARY(floor)
XP_MATH_VECTOR_UNARY(ceil)
XP_MATH_VECTOR_UNARY(trunc)
XP_MATH_VECTOR_UNARY(round)
XP_MATH_VECTOR_UNARY(fabs)
#undef XP_MATH_VECTOR_UNARY

// A register and a scalar mix as they do in arithmetic: the scalar is broadcast to every lane.
#define XP_MATH_VECTOR_BINARY(name, hook)                                                 \
  template <class X, class Y>                                                             \
  requires(vector_value<X> || vector_value<Y>) inline auto name(const X& x, const Y& y) { \
    using V = std::conditional_t<vector_value<X>, X, Y>;                                  \
    return batch_math<V>::hook(V(x), V(y));                                               \
  }
XP_MATH_VECTOR_BINARY(arctan2, arctan2)
XP_MATH_VECTOR_BINARY(atan2, arctan2)
XP_MATH_VECTOR_BINARY(pow, pow)
XP_MATH_VECTOR_BINARY(hypot, hypot)
XP_MATH_VECTOR_BINARY(fmod, fmod)
XP_MATH_VECTOR_BINARY(copysign_of, copysign_of)
#undef XP_MATH_VECTOR_BINARY

template <class T>
inline constexpr bool is_ieee_v = std::is_floating_point_v<T> || std::is_same_v<T, float16>;

// On registers the tests give a lane mask (usable in the register library's select): a bool
// there would be one answer for every lane. V by value, as in the scalar forms below, so that
// the more constrained template is the one chosen.
template <vector_value V>
inline auto isnan(V x) {
  return batch_math<V>::isnan(x);
}
template <vector_value V>
inline auto isinf(V x) {
  return batch_math<V>::isinf(x);
}
template <vector_value V>
inline auto isfinite(V x) {
  return batch_math<V>::isfinite(x);
}

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
