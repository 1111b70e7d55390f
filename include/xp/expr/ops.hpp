#pragma once
/// @file ops.hpp
/// @brief The elementwise operations, one NumPy ufunc each, and their public functions.
///
/// An op is ONE stateless functor in xp::ops, followed by ONE line that generates its free
/// function(s) and operator(s) (the XP_*_FUNCTION / XP_*_OPERATOR macros of elementwise.hpp;
/// a unary function also gets its scalar form: XP_UNARY_FUNCTION_AND_SCALAR_ below):
///
///  - `XP_HD operator()(A a, ...)`: the scalar form, computing in NumPy's result dtype for
///    the operand dtypes (integers into float_of_t for the float functions). It is also the
///    device form; where the device needs another body, branch on `__CUDA_ARCH__` inside it.
///  - optionally `template <class V> static V simd(const V&...)`: the vector form on
///    xsimd batches of one float dtype. The host backend detects it (backends/host/simd.hpp,
///    `has_simd_form`) and evaluates contiguous float/double trees made only of such ops a
///    register at a time; an op without one takes the scalar loop.
///
/// Nothing else lists the ops: adding one touches this file (plus its test and goldens).

#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>

#include <xsimd/xsimd.hpp>  // the vector forms' bodies (host only: no simd() runs on a device)

#include "xp/core/config.hpp"
#include "xp/core/convert.hpp"
#include "xp/core/dtype.hpp"
#include "xp/core/math.hpp"
#include "xp/expr/elementwise.hpp"

namespace xp {
namespace detail {
/// A scalar a unary function takes as NumPy's ufuncs take a NumPy scalar: xp::complex<T> (the
/// `.item()` of a complex array; found by argument-dependent lookup, so `abs(z)` works
/// unqualified), std::complex<T>, and the real dtypes but float16 (C++ arithmetic types, which
/// bring no lookup of their own: `xp::exp(2.0)`).
template <class S>
concept unary_scalar_argument = (is_dtype_v<S> && !std::is_same_v<S, float16>) || is_std_complex_v<S>;
}  // namespace detail
}  // namespace xp
/// A unary function's array form (XP_UNARY_FUNCTION) and its scalar form, from the same op:
/// `xp::exp(z)` of a scalar is the op's own scalar form, so it returns what NumPy returns for a
/// NumPy scalar of that dtype (abs, real, imag, angle of a complex: the real type; exp of an int:
/// double). An op that refuses a dtype refuses its scalar with the op's message. A constrained
/// template taking S by value: any overload written for one type (math::exp(complex<T>)) is more
/// specialised and wins where both are visible.
#define XP_UNARY_FUNCTION_AND_SCALAR_(name, op)                          \
  XP_UNARY_FUNCTION(name, op)                                            \
  template <class S>                                                     \
  requires ::xp::detail::unary_scalar_argument<S> XP_HD auto name(S x) { \
    return op{}(static_cast<::xp::detail::scalar_storage_t<S>>(x));      \
  }

namespace xp {
namespace detail {
/// The inexact dtype NumPy computes a float function in: float and complex dtypes stay;
/// bool and 8-bit integers give float16, 16-bit integers float32, wider ones float64.
template <class T>
using float_of_t = std::conditional_t<
    is_inexact_v<T>, T,
    std::conditional_t<(sizeof(T) == 1), float16, std::conditional_t<(sizeof(T) == 2), float, double>>>;
/// The dtype NumPy's integer arithmetic loops give two operands: their promotion, with bool
/// (which those loops lack) computed as int8, as np.floor_divide(True, True) is.
template <class A, class B>
using arith_t = std::conditional_t<std::is_same_v<promote_t<A, B>, bool>, std::int8_t, promote_t<A, B>>;
/// Refuses complex operands where NumPy does (ordering, bitwise, the real-only functions).
template <class T>
inline constexpr bool not_complex_v = !is_complex_v<T>;
template <class A, class B>
using float_of2_t = float_of_t<promote_t<A, B>>;
}  // namespace detail

// ---- arithmetic: integers wrap like NumPy's (computed unsigned: defined, see convert.hpp) ---
namespace ops {
/// np.add (`x + y`, `x += y`).
struct plus {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = promote_t<A, B>;
    return static_cast<R>(detail::wrapping_add(static_cast<R>(a), static_cast<R>(b)));
  }
  template <class V>
  static V simd(const V& a, const V& b) {
    return a + b;
  }
};
}  // namespace ops
XP_OPERATOR_AND_COMPOUND(+, ops::plus)
XP_BINARY_FUNCTION(add, ops::plus)

namespace ops {
/// np.subtract (`x - y`, `x -= y`).
struct minus {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = promote_t<A, B>;
    return static_cast<R>(detail::wrapping_sub(static_cast<R>(a), static_cast<R>(b)));
  }
  template <class V>
  static V simd(const V& a, const V& b) {
    return a - b;
  }
};
}  // namespace ops
XP_OPERATOR_AND_COMPOUND(-, ops::minus)
XP_BINARY_FUNCTION(subtract, ops::minus)

namespace ops {
/// np.multiply (`x * y`, `x *= y`).
struct multiplies {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = promote_t<A, B>;
    return static_cast<R>(detail::wrapping_mul(static_cast<R>(a), static_cast<R>(b)));
  }
  template <class V>
  static V simd(const V& a, const V& b) {
    return a * b;
  }
};
}  // namespace ops
XP_OPERATOR_AND_COMPOUND(*, ops::multiplies)
XP_BINARY_FUNCTION(multiply, ops::multiplies)

namespace ops {
/// np.true_divide (`x / y`, `x /= y`): integers divide in float64.
struct divides {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = std::conditional_t<detail::is_inexact_v<promote_t<A, B>>, promote_t<A, B>, double>;
    return static_cast<R>(static_cast<R>(a) / static_cast<R>(b));
  }
  template <class V>
  static V simd(const V& a, const V& b) {
    return a / b;
  }
};
}  // namespace ops
XP_OPERATOR_AND_COMPOUND(/, ops::divides)
XP_BINARY_FUNCTION(divide, ops::divides)
XP_BINARY_FUNCTION(true_divide, ops::divides)

namespace ops {
/// np.remainder (`x % y`, Python's %): the result takes the divisor's sign; for integers
/// x % 0 is 0 and x % -1 is 0 (also for the minimum value, whose C++ % would trap), as NumPy gives.
struct modulus {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = detail::arith_t<A, B>;
    static_assert(detail::not_complex_v<R>, "xp: remainder (%) is not defined for complex dtypes (NumPy refuses too)");
    const R x = static_cast<R>(a), y = static_cast<R>(b);
    if constexpr (detail::is_real_floating_v<R>) {
      R r = math::fmod(x, y);
      if (r != R(0)) {
        if ((r < R(0)) != (y < R(0))) r += y;
      } else {
        r = y < R(0) ? -R(0) : R(0);  // a zero remainder takes the divisor's sign, as in NumPy
      }
      return r;
    } else if constexpr (std::is_same_v<R, bool>) {
      return static_cast<bool>(false);
    } else {
      if (y == R(0)) return R(0);
      if constexpr (std::is_signed_v<R>)
        if (y == R(-1)) return R(0);
      R r = static_cast<R>(x % y);
      if constexpr (std::is_signed_v<R>)  // r and y of opposite signs: r + y cannot overflow
        if (r != R(0) && ((r < R(0)) != (y < R(0)))) r = static_cast<R>(r + y);
      return r;
    }
  }
};
}  // namespace ops
XP_OPERATOR_AND_COMPOUND(%, ops::modulus)
XP_BINARY_FUNCTION(remainder, ops::modulus)
XP_BINARY_FUNCTION(mod, ops::modulus)

namespace ops {
/// np.floor_divide (Python's //): the quotient rounded toward minus infinity. Integers: x // 0
/// is 0 and MIN // -1 wraps to MIN, as NumPy gives (C++ would trap on both); floats follow
/// NumPy's divmod (x // 0 is ±inf or nan, the result consistent with remainder).
struct floor_divide {
  template <class R>
  XP_HD static R floored_quotient(R x, R y) {
    if (y == R(0)) return static_cast<R>(x / y);
    R mod = math::fmod(x, y);
    R div = static_cast<R>((x - mod) / y);
    if (mod != R(0) && ((y < R(0)) != (mod < R(0)))) div = static_cast<R>(div - R(1));
    if (div != R(0)) {
      R floored = math::floor(div);
      if (div - floored > R(0.5)) floored = static_cast<R>(floored + R(1));
      return floored;
    }
    return math::copysign_of(R(0), static_cast<R>(x / y));
  }

  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = detail::arith_t<A, B>;
    static_assert(detail::not_complex_v<R>, "xp::floor_divide is not defined for complex dtypes (NumPy refuses too)");
    const R x = static_cast<R>(a), y = static_cast<R>(b);
    if constexpr (std::is_same_v<R, float16>) {  // NumPy's half loop: in float, rounded once
      return float16(floored_quotient(static_cast<float>(x), static_cast<float>(y)));
    } else if constexpr (detail::is_real_floating_v<R>) {
      return floored_quotient(x, y);
    } else {
      if (y == R(0)) return R(0);
      if constexpr (std::is_signed_v<R>) {
        if (y == R(-1)) return detail::wrapping_neg(x);
        R q = static_cast<R>(x / y);
        if ((x % y != 0) && ((x < 0) != (y < 0))) q = static_cast<R>(q - 1);
        return q;
      } else {
        return static_cast<R>(x / y);
      }
    }
  }
};
}  // namespace ops
XP_BINARY_FUNCTION(floor_divide, ops::floor_divide)

namespace ops {
/// np.negative (`-x`): integers wrap (-MIN is MIN); for bool it is logical not.
struct negate {
  template <class A>
  XP_HD A operator()(A a) const {
    if constexpr (std::is_same_v<A, bool>) return !a;
#if defined(__CUDA_ARCH__)
    // The device form flips the sign bit itself: the GPU's negation may return a canonical
    // (positive) NaN, and NumPy's -nan is a negative NaN.
    else if constexpr (std::is_same_v<A, float>)
      return __int_as_float(__float_as_int(a) ^ static_cast<int>(0x80000000u));
    else if constexpr (std::is_same_v<A, double>)
      return __longlong_as_double(__double_as_longlong(a) ^ static_cast<long long>(0x8000000000000000ull));
#endif
    else return detail::wrapping_neg(a);
  }
  template <class V>
  static V simd(const V& a) {
    return -a;
  }
};
}  // namespace ops
XP_UNARY_OPERATOR(-, ops::negate)
XP_UNARY_FUNCTION_AND_SCALAR_(negative, ops::negate)

// ---- comparisons and logic ----------------------------------------------------------------
/// np.equal, not_equal, less, less_equal, greater, greater_equal (`==` ... `>=`): bool, the
/// operands compared in their promoted dtype.
/// Complex operands compare for (in)equality only: ordering them refuses to compile.
#define XP_COMPARISON(name, sym, ordering)                                                                \
  namespace ops {                                                                                         \
  struct name {                                                                                           \
    template <class A, class B>                                                                           \
    XP_HD bool operator()(A a, B b) const {                                                               \
      using R = promote_t<A, B>;                                                                          \
      static_assert(!ordering || detail::not_complex_v<R>, "xp: " #sym " does not order complex dtypes"); \
      return static_cast<R>(a) sym static_cast<R>(b);                                                     \
    }                                                                                                     \
  };                                                                                                      \
  }                                                                                                       \
  XP_BINARY_OPERATOR(sym, ops::name)                                                                      \
  XP_BINARY_FUNCTION(name, ops::name)
XP_COMPARISON(equal, ==, false)
XP_COMPARISON(not_equal, !=, false)
XP_COMPARISON(less, <, true)
XP_COMPARISON(less_equal, <=, true)
XP_COMPARISON(greater, >, true)
XP_COMPARISON(greater_equal, >=, true)
#undef XP_COMPARISON

namespace ops {
/// np.logical_and (`x && y`, evaluated elementwise: both sides are always computed).
struct logical_and {
  template <class A, class B>
  XP_HD bool operator()(A a, B b) const {
    return detail::convert<bool>(a) && detail::convert<bool>(b);
  }
};
}  // namespace ops
XP_BINARY_OPERATOR(&&, ops::logical_and)
XP_BINARY_FUNCTION(logical_and, ops::logical_and)

namespace ops {
/// np.logical_or (`x || y`, evaluated elementwise).
struct logical_or {
  template <class A, class B>
  XP_HD bool operator()(A a, B b) const {
    return detail::convert<bool>(a) || detail::convert<bool>(b);
  }
};
}  // namespace ops
XP_BINARY_OPERATOR(||, ops::logical_or)
XP_BINARY_FUNCTION(logical_or, ops::logical_or)

namespace ops {
/// np.logical_not (`!x`).
struct logical_not {
  template <class A>
  XP_HD bool operator()(A a) const {
    return !detail::convert<bool>(a);
  }
};
}  // namespace ops
XP_UNARY_OPERATOR(!, ops::logical_not)
XP_UNARY_FUNCTION_AND_SCALAR_(logical_not, ops::logical_not)

namespace ops {
/// np.logical_xor: bool, true where exactly one operand is nonzero (complex: either part).
struct logical_xor {
  template <class A, class B>
  XP_HD bool operator()(A a, B b) const {
    return detail::convert<bool>(a) != detail::convert<bool>(b);
  }
};
/// np.positive (`+x`): the values unchanged, in the input dtype; bool refuses, as NumPy.
struct positive {
  template <class A>
  XP_HD A operator()(A a) const {
    static_assert(!std::is_same_v<A, bool>, "xp::positive is not defined for bool (NumPy refuses too)");
    return a;
  }
  template <class V>
  static V simd(const V& a) {
    return a;
  }
};
}  // namespace ops
XP_BINARY_FUNCTION(logical_xor, ops::logical_xor)
XP_UNARY_FUNCTION_AND_SCALAR_(positive, ops::positive)

/// np.bitwise_and / or / xor (`&`, `|`, `^` and their compound forms): integer or bool arrays.
#define XP_BITWISE(name, sym)                                                                    \
  namespace ops {                                                                                \
  struct name {                                                                                  \
    template <class A, class B>                                                                  \
    XP_HD auto operator()(A a, B b) const {                                                      \
      using R = promote_t<A, B>;                                                                 \
      static_assert(std::is_integral_v<R>,                                                       \
                    "xp: bitwise " #sym " takes integer or bool arrays, not floats or complex"); \
      return static_cast<R>(static_cast<R>(a) sym static_cast<R>(b));                            \
    }                                                                                            \
  };                                                                                             \
  }                                                                                              \
  XP_OPERATOR_AND_COMPOUND(sym, ops::name)                                                       \
  XP_BINARY_FUNCTION(name, ops::name)
XP_BITWISE(bitwise_and, &)
XP_BITWISE(bitwise_or, |)
XP_BITWISE(bitwise_xor, ^)
#undef XP_BITWISE

namespace ops {
/// np.invert (`~x`): integer or bool arrays.
struct bitwise_not {
  template <class A>
  XP_HD A operator()(A a) const {
    static_assert(std::is_integral_v<A>, "xp: ~ takes integer or bool arrays, not floats or complex");
    if constexpr (std::is_same_v<A, bool>) return !a;
    else return static_cast<A>(~a);
  }
};
}  // namespace ops
XP_UNARY_OPERATOR(~, ops::bitwise_not)
XP_UNARY_FUNCTION_AND_SCALAR_(invert, ops::bitwise_not)
XP_UNARY_FUNCTION_AND_SCALAR_(bitwise_invert, ops::bitwise_not)
XP_UNARY_FUNCTION_AND_SCALAR_(bitwise_not, ops::bitwise_not)  // NumPy's third name for it

namespace ops {
/// np.left_shift (`x << s`): integers; a count outside [0, bits) gives 0, as NumPy (C++ leaves
/// it undefined); the bits shifted out are lost (computed unsigned, so defined for negatives).
struct left_shift {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = detail::arith_t<A, B>;
    static_assert(detail::is_integer_v<R>, "xp: << takes integer or bool arrays, not floats or complex");
    using U = std::make_unsigned_t<R>;
    const R x = static_cast<R>(a), s = static_cast<R>(b);
    if (static_cast<U>(s) >= U(8 * sizeof(R))) return R(0);  // also every negative count
    return static_cast<R>(static_cast<detail::wrap_unsigned_t<R>>(static_cast<U>(x)) << static_cast<unsigned>(s));
  }
};
/// np.right_shift (`x >> s`): arithmetic for signed integers; a count outside [0, bits) gives
/// 0, or -1 for a negative signed x, as NumPy.
struct right_shift {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = detail::arith_t<A, B>;
    static_assert(detail::is_integer_v<R>, "xp: >> takes integer or bool arrays, not floats or complex");
    using U = std::make_unsigned_t<R>;
    const R x = static_cast<R>(a), s = static_cast<R>(b);
    if (static_cast<U>(s) >= U(8 * sizeof(R))) {
      if constexpr (std::is_signed_v<R>) return x < R(0) ? R(-1) : R(0);
      else return R(0);
    }
    return static_cast<R>(x >> static_cast<unsigned>(s));
  }
};
}  // namespace ops
XP_OPERATOR_AND_COMPOUND(<<, ops::left_shift)
XP_OPERATOR_AND_COMPOUND(>>, ops::right_shift)
XP_BINARY_FUNCTION(left_shift, ops::left_shift)
XP_BINARY_FUNCTION(right_shift, ops::right_shift)
XP_BINARY_FUNCTION(bitwise_left_shift, ops::left_shift)
XP_BINARY_FUNCTION(bitwise_right_shift, ops::right_shift)

// ---- float functions (integers compute in float_of_t) --------------------------------------
namespace detail {
// xsimd's exp, tanh, sin, ... convert their argument to integers in range reduction, which is
// undefined for NaN, infinities and huge values (UBSan stops there): a batch holding such a
// lane is computed lane by lane with the scalar function, which gives the IEEE special values.
template <class V, class Vector, class Scalar>
V finite_lanes_or_scalar(const V& a, Vector vector_fn, Scalar scalar_fn) {
  using T = typename V::value_type;
  constexpr T safe = T(1 << 24);  // far beyond every range reduction's domain of use
  if (::xsimd::all(::xsimd::abs(a) < V(safe))) return vector_fn(a);
  alignas(V::arch_type::alignment()) T lanes[V::size];
  a.store_aligned(lanes);
  for (std::size_t i = 0; i < V::size; ++i) lanes[i] = scalar_fn(lanes[i]);
  return V::load_aligned(lanes);
}
}  // namespace detail

/// np.sqrt, cbrt, exp, exp2, expm1, log, log2, log10, log1p, sin, cos, tan, arcsin, arccos,
/// arctan, sinh, cosh, tanh: xp::math's function on the host and device, xsimd's on batches.
#define XP_FLOAT_FUNCTION(name, complex_ok, vector_fn)                                                   \
  namespace ops {                                                                                        \
  struct name {                                                                                          \
    template <class A>                                                                                   \
    XP_HD auto operator()(A a) const {                                                                   \
      using F = detail::float_of_t<A>;                                                                   \
      static_assert(complex_ok || detail::not_complex_v<F>, "xp::" #name " is not defined for complex"); \
      return math::name(detail::convert<F>(a));                                                          \
    }                                                                                                    \
    template <class V>                                                                                   \
    static V simd(const V& a) {                                                                          \
      return detail::finite_lanes_or_scalar(                                                             \
          a, [](const V& v) { return vector_fn(v); }, [](auto x) { return math::name(x); });             \
    }                                                                                                    \
  };                                                                                                     \
  }                                                                                                      \
  XP_UNARY_FUNCTION_AND_SCALAR_(name, ops::name)
XP_FLOAT_FUNCTION(sqrt, true, ::xsimd::sqrt)
XP_FLOAT_FUNCTION(cbrt, false, ::xsimd::cbrt)
XP_FLOAT_FUNCTION(exp, true, ::xsimd::exp)
XP_FLOAT_FUNCTION(exp2, true, ::xsimd::exp2)
XP_FLOAT_FUNCTION(expm1, true, ::xsimd::expm1)
XP_FLOAT_FUNCTION(log, true, ::xsimd::log)
XP_FLOAT_FUNCTION(log2, true, ::xsimd::log2)
XP_FLOAT_FUNCTION(log10, true, ::xsimd::log10)
XP_FLOAT_FUNCTION(log1p, true, ::xsimd::log1p)
XP_FLOAT_FUNCTION(sin, true, ::xsimd::sin)
XP_FLOAT_FUNCTION(cos, true, ::xsimd::cos)
XP_FLOAT_FUNCTION(tan, true, ::xsimd::tan)
XP_FLOAT_FUNCTION(arcsin, true, ::xsimd::asin)
XP_FLOAT_FUNCTION(arccos, true, ::xsimd::acos)
XP_FLOAT_FUNCTION(arctan, true, ::xsimd::atan)
XP_FLOAT_FUNCTION(sinh, true, ::xsimd::sinh)
XP_FLOAT_FUNCTION(cosh, true, ::xsimd::cosh)
XP_FLOAT_FUNCTION(tanh, true, ::xsimd::tanh)
#undef XP_FLOAT_FUNCTION

/// np.arctan2(y, x) and np.hypot(x, y), in float_of_t of the promoted dtype.
#define XP_FLOAT_FUNCTION2(name, vector_fn)                                                \
  namespace ops {                                                                          \
  struct name {                                                                            \
    template <class A, class B>                                                            \
    XP_HD auto operator()(A a, B b) const {                                                \
      using R = detail::float_of2_t<A, B>;                                                 \
      static_assert(detail::not_complex_v<R>, "xp::" #name " is not defined for complex"); \
      return math::name(static_cast<R>(a), static_cast<R>(b));                             \
    }                                                                                      \
    template <class V>                                                                     \
    static V simd(const V& a, const V& b) {                                                \
      return vector_fn(a, b);                                                              \
    }                                                                                      \
  };                                                                                       \
  }                                                                                        \
  XP_BINARY_FUNCTION(name, ops::name)
XP_FLOAT_FUNCTION2(arctan2, ::xsimd::atan2)
XP_FLOAT_FUNCTION2(hypot, ::xsimd::hypot)
#undef XP_FLOAT_FUNCTION2

namespace ops {
/// np.logaddexp: log(exp(x) + exp(y)) without overflow, as max(x, y) + log1p(exp(-|x - y|)).
/// Equal arguments give x + log(2), so logaddexp(inf, inf) = inf and logaddexp(-inf, -inf)
/// = -inf, as in NumPy; NaN propagates. Integers compute in float_of_t.
struct logaddexp {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = detail::float_of2_t<A, B>;
    static_assert(detail::not_complex_v<R>, "xp::logaddexp is not defined for complex");
    const R x = static_cast<R>(a), y = static_cast<R>(b);
    if (x == y) return static_cast<R>(x + R(0.693147180559945309417232121458176568));
    const R d = x - y;
    if (d > R(0)) return static_cast<R>(x + math::log1p(math::exp(-d)));
    if (d <= R(0)) return static_cast<R>(y + math::log1p(math::exp(d)));
    return d;  // NaN
  }
  template <class V>
  static V simd(const V& x, const V& y) {
    using T = typename V::value_type;
    const V d = ::xsimd::abs(x - y);
    const auto nan = d != d;  // x or y is NaN (or inf - inf, which x == y below catches)
    // xsimd's exp converts its argument to integers: keep NaN and infinity away from it
    // (exp(-800) is 0 in float and double alike)
    const V e = ::xsimd::exp(-::xsimd::min(::xsimd::select(nan, V(T(0)), d), V(T(800))));
    const V r = ::xsimd::select(nan, x - y, ::xsimd::max(x, y) + ::xsimd::log1p(e));  // NaN stays NaN
    return ::xsimd::select(x == y, x + V(T(0.693147180559945309417232121458176568)), r);
  }
};
}  // namespace ops
XP_BINARY_FUNCTION(logaddexp, ops::logaddexp)

// example-begin copysign
namespace ops {
/// np.copysign: |x| with the sign bit of y (also for ±0 and NaN). Integers compute in float_of_t.
struct copysign {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = detail::float_of2_t<A, B>;
    static_assert(detail::not_complex_v<R>, "xp::copysign is not defined for complex");
    if constexpr (std::is_same_v<R, float16>)
      return float16::from_bits(
          static_cast<std::uint16_t>((static_cast<R>(a).bits & 0x7fffu) | (static_cast<R>(b).bits & 0x8000u)));
    else if constexpr (std::is_same_v<R, float>) return ::copysignf(static_cast<R>(a), static_cast<R>(b));
    else return ::copysign(static_cast<R>(a), static_cast<R>(b));
  }
  template <class V>
  static V simd(const V& x, const V& y) {
    return ::xsimd::copysign(x, y);
  }
};
}  // namespace ops
XP_BINARY_FUNCTION(copysign, ops::copysign)
// example-end copysign

namespace ops {
/// np.nextafter: the next representable value after x towards y (y itself when x == y, so
/// nextafter(0, -0) is -0); NaN when either is NaN. Integers compute in float_of_t.
struct nextafter {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = detail::float_of2_t<A, B>;
    static_assert(detail::not_complex_v<R>, "xp::nextafter is not defined for complex");
    if constexpr (std::is_same_v<R, float16>) return next_half(static_cast<R>(a), static_cast<R>(b));
    else if constexpr (std::is_same_v<R, float>) return ::nextafterf(static_cast<R>(a), static_cast<R>(b));
    else return ::nextafter(static_cast<R>(a), static_cast<R>(b));
  }
  // float16 steps its bits (the rule of the vector form below)
  XP_HD static float16 next_half(float16 x, float16 y) {
    if (x != x || y != y) return float16(static_cast<float>(x) + static_cast<float>(y));
    if (static_cast<float>(x) == static_cast<float>(y)) return y;
    if (static_cast<float>(x) == 0.f) return float16::from_bits(static_cast<std::uint16_t>((y.bits & 0x8000u) | 1u));
    const bool away = (static_cast<float>(x) > 0.f) == (static_cast<float>(y) > static_cast<float>(x));
    return float16::from_bits(static_cast<std::uint16_t>(away ? x.bits + 1u : x.bits - 1u));
  }
  // One ulp is one step of the bit pattern read as an integer: +1 moves away from zero, -1
  // towards it (for either sign); from ±0 the step is the smallest subnormal with y's sign.
  template <class V>
  static V simd(const V& x, const V& y) {
    using T = typename V::value_type;
    using I = ::xsimd::as_integer_t<V>;
    const V zero(T(0));
    const I bits = ::xsimd::bitwise_cast<I>(x);
    const auto away = ((x > zero) & (y > x)) | ((x < zero) & (y < x));
    V r = ::xsimd::select(away, ::xsimd::bitwise_cast<V>(bits + I(1)), ::xsimd::bitwise_cast<V>(bits - I(1)));
    r = ::xsimd::select(x == zero, ::xsimd::copysign(V(std::numeric_limits<T>::denorm_min()), y), r);
    r = ::xsimd::select(x == y, y, r);
    return ::xsimd::select(::xsimd::isnan(x) | ::xsimd::isnan(y), x + y, r);
  }
};
}  // namespace ops
XP_BINARY_FUNCTION(nextafter, ops::nextafter)

// ---- NumPy's everyday extras: inverse hyperbolic functions, angles, heaviside, fmod, signbit,
// closeness, nan_to_num ------------------------------------------------------------------------
namespace detail {
// The inverse hyperbolic functions of complex values, computed in double (complex64 rounds
// once at the end) with C99's special values (Annex G: infinities, NaN, signed zeros), as
// NumPy's (the C library's casinh, cacosh, catanh) give them.
//
// asin(x + iy) for x, y >= 0 (no NaN): Hull, Fairgrieve & Tang's algorithm (ACM TOMS 23, 1997),
// accurate near the branch points and the real axis, with its limits for tiny y and an
// asymptotic form for huge |z| (also infinities). re_acos is acos's real part; im is the
// magnitude of both imaginary parts.
struct arcsin_core {
  double re_asin, re_acos, im;
};
XP_HD inline arcsin_core arcsin_parts(double x, double y) {
  constexpr double ln2 = 0.693147180559945309417232121458176568, half_pi = 1.57079632679489661923132169163975144;
  if (x > 1e150 || y > 1e150)  // 1/|z|^2 below double's precision; hypot's square would overflow
    return {math::arctan2(x, y), math::arctan2(y, x), math::log(math::hypot(x * 0.5, y * 0.5)) + 2 * ln2};
  const double xp1 = x + 1, xm1 = x - 1;
  if (y < 1e-150) {  // y^2 underflows: the limits as y -> 0
    if (x < 1) return {math::arcsin(x), math::arccos(x), y / math::sqrt(xp1 * -xm1)};
    if (x == 1) return {half_pi - math::sqrt(y), math::sqrt(y), math::sqrt(y)};
    const double d = math::sqrt(xm1 * xp1);
    return {half_pi, y / d, math::log1p(xm1 + d)};
  }
  const double r = math::hypot(xp1, y), s = math::hypot(xm1, y), a = 0.5 * (r + s), b = x / a, yy = y * y;
  arcsin_core c{};
  if (b <= 0.6417) {
    c.re_asin = math::arcsin(b);
    c.re_acos = math::arccos(b);
  } else {
    const double apx = a + x;
    const double t = x <= 1 ? math::sqrt(0.5 * apx * (yy / (r + xp1) + (s - xm1)))
                            : y * math::sqrt(0.5 * (apx / (r + xp1) + apx / (s + xm1)));
    c.re_asin = math::arctan(x / t);
    c.re_acos = math::arctan(t / x);
  }
  if (a <= 1.5) {
    const double am1 = x < 1 ? 0.5 * (yy / (r + xp1) + yy / (s - xm1)) : 0.5 * (yy / (r + xp1) + (s + xm1));
    c.im = math::log1p(am1 + math::sqrt(am1 * (a + 1)));
  } else {
    c.im = math::log(a + math::sqrt(a * a - 1));
  }
  return c;
}
// asinh z = -i asin(iz): with iz = -y + ix, the parts of asin(|y| + i|x|) with x's and y's signs.
template <class T>
XP_HD complex<T> complex_arcsinh(complex<T> z) {
  const double x = static_cast<double>(z.re), y = static_cast<double>(z.im);
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  if (math::isnan(x) || math::isnan(y)) {
    if (math::isinf(x)) return {static_cast<T>(x), static_cast<T>(nan)};
    if (math::isinf(y)) return {static_cast<T>(inf), static_cast<T>(nan)};
    if (y == 0) return {static_cast<T>(nan), static_cast<T>(y)};
    return {static_cast<T>(nan), static_cast<T>(nan)};
  }
  const arcsin_core c = arcsin_parts(math::fabs(y), math::fabs(x));
  return {static_cast<T>(math::copysign_of(c.im, x)), static_cast<T>(math::copysign_of(c.re_asin, y))};
}
// acosh z = ±i acos z, the sign that makes the real part non-negative: (im, ±re of acos).
template <class T>
XP_HD complex<T> complex_arccosh(complex<T> z) {
  constexpr double pi = 3.14159265358979323846264338327950288;
  const double x = static_cast<double>(z.re), y = static_cast<double>(z.im);
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  if (math::isnan(x) || math::isnan(y)) {
    if (math::isinf(x) || math::isinf(y)) return {static_cast<T>(inf), static_cast<T>(nan)};
    return {static_cast<T>(nan), static_cast<T>(nan)};
  }
  const arcsin_core c = arcsin_parts(math::fabs(x), math::fabs(y));
  const double re_acos = math::copysign_of(1.0, x) > 0 ? c.re_acos : pi - c.re_acos;
  return {static_cast<T>(c.im), static_cast<T>(math::copysign_of(re_acos, y))};
}
// atanh z = log1p(4x / ((1 - x)^2 + y^2)) / 4 + i atan2(2y, (1 - x)(1 + x) - y^2) / 2; for huge
// |z| (and infinities) x / |z|^2 + i (pi/2 with y's sign).
template <class T>
XP_HD complex<T> complex_arctanh(complex<T> z) {
  constexpr double half_pi = 1.57079632679489661923132169163975144;
  const double x = static_cast<double>(z.re), y = static_cast<double>(z.im);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (math::isnan(x) || math::isnan(y)) {
    if (math::isinf(x)) return {static_cast<T>(math::copysign_of(0.0, x)), static_cast<T>(nan)};
    if (math::isinf(y))
      return {static_cast<T>(math::copysign_of(0.0, x)), static_cast<T>(math::copysign_of(half_pi, y))};
    if (x == 0) return {static_cast<T>(x), static_cast<T>(nan)};
    return {static_cast<T>(nan), static_cast<T>(nan)};
  }
  const double ax = math::fabs(x), ay = math::fabs(y);
  if (ax > 1e150 || ay > 1e150) {
    const double h = math::hypot(x, y);  // inf for an infinite part: the real part is ±0
    return {static_cast<T>(math::isinf(h) ? math::copysign_of(0.0, x) : x / h / h),
            static_cast<T>(math::copysign_of(half_pi, y))};
  }
  const double den = (1 - x) * (1 - x) + y * y;  // underflows only next to z = ±1
  const double re = den > 1e-290 ? 0.25 * math::log1p(4 * x / den)
                                 : 0.5 * (math::log(math::hypot(1 + x, y)) - math::log(math::hypot(1 - x, y)));
  return {static_cast<T>(re), static_cast<T>(0.5 * math::arctan2(2 * y, (1 - x) * (1 + x) - y * y))};
}
}  // namespace detail

/// np.arccosh, arcsinh, arctanh (also spelled acosh, asinh, atanh, the array API's names): the C
/// library's function (CUDA's on the device), float16 in float rounded once, complex by C99's
/// identities; integers and bool compute in float_of_t. xsimd's vector forms on the host.
#define XP_ARC_HYPERBOLIC(name, alias, cf, cd, vector_fn)                                   \
  namespace ops {                                                                           \
  struct name {                                                                             \
    XP_HD static float scalar(float x) { return ::cf(x); }                                  \
    XP_HD static double scalar(double x) { return ::cd(x); }                                \
    XP_HD static float16 scalar(float16 x) { return float16(::cf(static_cast<float>(x))); } \
    template <class T>                                                                      \
    XP_HD static complex<T> scalar(complex<T> z) {                                          \
      return detail::complex_##name(z);                                                     \
    }                                                                                       \
    template <class A>                                                                      \
    XP_HD auto operator()(A a) const {                                                      \
      return scalar(detail::convert<detail::float_of_t<A>>(a));                             \
    }                                                                                       \
    template <class V>                                                                      \
    static V simd(const V& a) {                                                             \
      return detail::finite_lanes_or_scalar(                                                \
          a, [](const V& v) { return vector_fn(v); }, [](auto x) { return scalar(x); });    \
    }                                                                                       \
  };                                                                                        \
  }                                                                                         \
  XP_UNARY_FUNCTION_AND_SCALAR_(name, ops::name)                                            \
  XP_UNARY_FUNCTION_AND_SCALAR_(alias, ops::name)
XP_ARC_HYPERBOLIC(arccosh, acosh, acoshf, acosh, ::xsimd::acosh)
XP_ARC_HYPERBOLIC(arcsinh, asinh, asinhf, asinh, ::xsimd::asinh)
XP_ARC_HYPERBOLIC(arctanh, atanh, atanhf, atanh, ::xsimd::atanh)
#undef XP_ARC_HYPERBOLIC
/// The array API's names of np.arcsin, arccos, arctan, arctan2.
XP_UNARY_FUNCTION_AND_SCALAR_(asin, ops::arcsin)
XP_UNARY_FUNCTION_AND_SCALAR_(acos, ops::arccos)
XP_UNARY_FUNCTION_AND_SCALAR_(atan, ops::arctan)
XP_BINARY_FUNCTION(atan2, ops::arctan2)

/// np.deg2rad (np.radians) and np.rad2deg (np.degrees): x times NumPy's constant (pi/180 or
/// 180/pi, computed in the loop's dtype: float's constant is float(pi)/180f, as npymath's), so
/// the results are NumPy's bit for bit; float16 multiplies in float and rounds once; integers
/// and bool compute in float_of_t; complex refuses, as NumPy.
#define XP_ANGLE_FUNCTION(name, alias, float_factor, double_factor)                                            \
  namespace ops {                                                                                              \
  struct name {                                                                                                \
    template <class A>                                                                                         \
    XP_HD auto operator()(A a) const {                                                                         \
      using F = detail::float_of_t<A>;                                                                         \
      static_assert(detail::not_complex_v<F>, "xp::" #name " is not defined for complex (NumPy refuses too)"); \
      if constexpr (std::is_same_v<F, double>) return static_cast<double>(a) * (double_factor);                \
      else if constexpr (std::is_same_v<F, float>) return static_cast<float>(a) * (float_factor);              \
      else return float16(static_cast<float>(detail::convert<float16>(a)) * (float_factor));                   \
    }                                                                                                          \
    template <class V>                                                                                         \
    static V simd(const V& a) {                                                                                \
      using T = typename V::value_type;                                                                        \
      return a * V(std::is_same_v<T, float> ? T(float_factor) : T(double_factor));                             \
    }                                                                                                          \
  };                                                                                                           \
  }                                                                                                            \
  XP_UNARY_FUNCTION_AND_SCALAR_(name, ops::name)                                                               \
  XP_UNARY_FUNCTION_AND_SCALAR_(alias, ops::name)
XP_ANGLE_FUNCTION(deg2rad, radians, 3.14159265358979323846f / 180.0f, 3.14159265358979323846 / 180.0)
XP_ANGLE_FUNCTION(rad2deg, degrees, 180.0f / 3.14159265358979323846f, 180.0 / 3.14159265358979323846)
#undef XP_ANGLE_FUNCTION

namespace ops {
/// np.heaviside(x, h0): 0 where x < 0, h0 where x == 0 (either zero), 1 where x > 0, NaN where
/// x is NaN. Integers and bool compute in float_of_t; complex refuses, as NumPy.
struct heaviside {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = detail::float_of2_t<A, B>;
    static_assert(detail::not_complex_v<R>, "xp::heaviside is not defined for complex (NumPy refuses too)");
    const R x = detail::convert<R>(a);
    if (x < R(0)) return R(0);
    if (x > R(0)) return R(1);
    return x == R(0) ? detail::convert<R>(b) : x;  // NaN stays NaN
  }
  template <class V>
  static V simd(const V& x, const V& h0) {
    using T = typename V::value_type;
    const V zero(T(0));
    return ::xsimd::select(x < zero, zero, ::xsimd::select(x > zero, V(T(1)), ::xsimd::select(x == zero, h0, x)));
  }
};

/// np.fmod: C's remainder, x - trunc(x / y) y, with the sign of the dividend x (np.remainder
/// takes the divisor's). Floats are exact (C's fmod; float16 in float); x fmod 0 is NaN for
/// floats and 0 for integers, and MIN fmod -1 is 0, as NumPy gives (C++'s % would trap); bool
/// computes in int8, as NumPy. Complex refuses.
struct fmod {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = detail::arith_t<A, B>;
    static_assert(detail::not_complex_v<R>, "xp::fmod is not defined for complex (NumPy refuses too)");
    const R x = static_cast<R>(a), y = static_cast<R>(b);
    if constexpr (detail::is_real_floating_v<R>) {
      return math::fmod(x, y);
    } else {
      if (y == R(0)) return R(0);
      if constexpr (std::is_signed_v<R>)
        if (y == R(-1)) return R(0);
      return static_cast<R>(x % y);
    }
  }
};

/// np.signbit: bool, the sign bit (true for -0.0 and a NaN with its sign bit set); x < 0 for
/// signed integers, false for unsigned ones and bool. Complex refuses, as NumPy.
struct signbit {
  template <class A>
  XP_HD bool operator()(A a) const {
    static_assert(detail::not_complex_v<A>, "xp::signbit is not defined for complex (NumPy refuses too)");
    // the sign bit read as an integer's top bit: one shift, which the host's loop vectorises
    // (copysign and a compare ran 3.9x slower than NumPy per core)
    if constexpr (std::is_same_v<A, float16>) return (a.bits >> 15) != 0;
    else if constexpr (std::is_same_v<A, float>) return (std::bit_cast<std::uint32_t>(a) >> 31) != 0;
    else if constexpr (std::is_same_v<A, double>) return (std::bit_cast<std::uint64_t>(a) >> 63) != 0;
    else if constexpr (std::is_signed_v<A>) return a < A(0);
    else return false;
  }
};
}  // namespace ops
XP_BINARY_FUNCTION(heaviside, ops::heaviside)
XP_BINARY_FUNCTION(fmod, ops::fmod)
XP_UNARY_FUNCTION_AND_SCALAR_(signbit, ops::signbit)

namespace ops {
/// np.isclose's test, NumPy 2's asymmetric formula: y is taken in np.result_type(y, 1.0) (its
/// own dtype if inexact, else float64), then
/// `(|x - y| <= atol + rtol |y|  and  isfinite(y))  or  x == y`, `or both NaN` with equal_nan.
/// |x - y| is computed in the promoted dtype of x and y, `atol + rtol |y|` in y's (real) dtype,
/// as NumPy's weak Python floats do; complex values compare by modulus.
struct isclose {
  double rtol, atol;
  bool equal_nan;
  template <class A, class B>
  XP_HD bool operator()(A a, B b) const {
    using Y = std::conditional_t<detail::is_inexact_v<B>, B, double>;
    using D = promote_t<A, Y>;
    using RY = detail::real_of_t<Y>;
    using RD = detail::real_of_t<D>;
    const Y y = detail::convert<Y>(b);
    const D x = detail::convert<D>(a), yd = detail::convert<D>(y);
    const RD diff = math::fabs(static_cast<D>(x - yd));
    const RY tol =
        static_cast<RY>(detail::convert<RY>(atol) + static_cast<RY>(detail::convert<RY>(rtol) * math::fabs(y)));
    bool r = (diff <= detail::convert<RD>(tol) && math::isfinite(y)) || x == yd;
    if (equal_nan) r = r || (math::isnan(x) && math::isnan(yd));
    return r;
  }
};

/// np.nan_to_num's map for an array of real dtype R (complex: each part): NaN -> nan, +inf ->
/// posinf, -inf -> neginf; other values, and every integer, unchanged.
template <class R>
struct nan_to_num {
  R nan, posinf, neginf;
  XP_HD R part(R v) const {
    if (math::isnan(v)) return nan;
    if (math::isinf(v)) return v > R(0) ? posinf : neginf;
    return v;
  }
  template <class A>
  XP_HD A operator()(A a) const {
    if constexpr (detail::is_complex_v<A>) return A(part(a.re), part(a.im));
    else if constexpr (detail::is_real_floating_v<A>) return part(a);
    else return a;
  }
};
}  // namespace ops

/// @brief np.isclose(a, b, rtol, atol, equal_nan) (lazy, bool): NumPy 2's asymmetric test
/// `|a - b| <= atol + rtol * |b|` (b's dtype: its own if inexact, else float64), true where
/// a == b (equal infinities), false against NaN unless equal_nan and both are NaN. Complex
/// values compare by the modulus of the difference. One of a, b may be a scalar.
/// @throws xp::shape_error when a and b do not broadcast.
template <class L, class R>
requires detail::binary_operands<L, R>
auto isclose(const L& a, const R& b, double rtol = 1e-5, double atol = 1e-8, bool equal_nan = false) {
  return detail::make_expr(ops::isclose{rtol, atol, equal_nan}, a, b);
}

/// @brief np.nan_to_num(x, nan, posinf, neginf) (lazy): NaN -> `nan` (default 0), +inf ->
/// `posinf` (default the dtype's largest finite value), -inf -> `neginf` (default its lowest),
/// each converted to the array's (real) dtype as NumPy casts them (1e6 is inf in float16);
/// complex arrays replace each part. Integer and bool arrays are returned unchanged.
template <detail::array_operand X>
auto nan_to_num(const X& x, double nan = 0.0, std::optional<double> posinf = std::nullopt,
                std::optional<double> neginf = std::nullopt) {
  using T = typename detail::value_of<std::decay_t<X>>::type;
  using R = std::conditional_t<detail::is_inexact_v<T>, detail::real_of_t<T>, T>;
  if constexpr (detail::is_inexact_v<T>) {
    return detail::make_expr(
        ops::nan_to_num<R>{detail::convert<R>(nan),
                           posinf ? detail::convert<R>(*posinf) : std::numeric_limits<R>::max(),
                           neginf ? detail::convert<R>(*neginf) : std::numeric_limits<R>::lowest()},
        x);
  } else {
    return detail::make_expr(ops::nan_to_num<R>{R{}, R{}, R{}}, x);
  }
}

/// np.floor / ceil / trunc / round (half to even): integers pass through unchanged; complex
/// rounds (np.round, np.rint) part by part, and floor/ceil/trunc refuse it, as NumPy.
#define XP_ROUNDING_FUNCTION(name, complex_ok)                                                           \
  namespace ops {                                                                                        \
  struct name {                                                                                          \
    template <class A>                                                                                   \
    XP_HD A operator()(A a) const {                                                                      \
      static_assert(complex_ok || detail::not_complex_v<A>, "xp::" #name " is not defined for complex"); \
      if constexpr (detail::is_complex_v<A>) return A(math::name(a.re), math::name(a.im));               \
      else if constexpr (detail::is_real_floating_v<A>) return math::name(a);                            \
      else return a;                                                                                     \
    }                                                                                                    \
  };                                                                                                     \
  }                                                                                                      \
  XP_UNARY_FUNCTION_AND_SCALAR_(name, ops::name)
XP_ROUNDING_FUNCTION(floor, false)
XP_ROUNDING_FUNCTION(ceil, false)
XP_ROUNDING_FUNCTION(trunc, false)
XP_ROUNDING_FUNCTION(round, true)
#undef XP_ROUNDING_FUNCTION

namespace ops {
/// np.round(x, decimals): NumPy's steps, x * 10^d, rint, / 10^d (for d < 0: / 10^-d, rint,
/// * 10^-d), each in x's dtype; integers are unchanged for d >= 0 and go through float64
/// for d < 0, as in NumPy.
struct round_decimals {
  int decimals;
  double scale;  // 10^|decimals|, computed as NumPy's power_of_ten
  template <class A>
  XP_HD A operator()(A a) const {
    if constexpr (detail::is_complex_v<A>) {
      return A((*this)(a.re), (*this)(a.im));
    } else if constexpr (detail::is_real_floating_v<A>) {
      const A f = static_cast<A>(scale);
      return decimals >= 0 ? math::round(a * f) / f : math::round(a / f) * f;
    } else {
      if (decimals >= 0 || std::is_same_v<A, bool>) return a;
      return detail::convert<A>(math::round(static_cast<double>(a) / scale) * scale);
    }
  }
};
}  // namespace ops
/// @brief np.round(x, decimals) (lazy): rounds half to even at 10^-decimals; a negative
/// `decimals` rounds to tens, hundreds, ... (`xp::round(x, -2)`).
template <::xp::detail::array_operand X>
auto round(const X& x, int decimals) {
  double scale = 1;  // NumPy's power_of_ten: repeated multiplication by 10
  for (int i = 0, n = decimals < 0 ? -decimals : decimals; i < n; ++i) scale *= 10;
  return ::xp::detail::make_expr(ops::round_decimals{decimals, scale}, x);
}

// ---- the rest ---------------------------------------------------------------------------------
namespace ops {
/// np.absolute (xp::abs, xp::absolute): abs(MIN) of a signed integer is MIN, as in NumPy.
struct absolute {
  template <class A>
  XP_HD auto operator()(A a) const {
    if constexpr (detail::is_inexact_v<A>) return math::fabs(a);  // complex: |z|, real
    else if constexpr (std::is_unsigned_v<A> || std::is_same_v<A, bool>) return a;
    else return a < 0 ? detail::wrapping_neg(a) : a;
  }
  template <class V>
  static V simd(const V& a) {
    return ::xsimd::abs(a);
  }
};
}  // namespace ops
XP_UNARY_FUNCTION_AND_SCALAR_(abs, ops::absolute)
XP_UNARY_FUNCTION_AND_SCALAR_(absolute, ops::absolute)

namespace ops {
/// np.sign: -1, 0 or 1 in the input dtype; NaN and ±0 stay; for complex z / |z| (NumPy 2),
/// 0 for 0.
struct sign {
  template <class A>
  XP_HD A operator()(A a) const {
    if constexpr (std::is_same_v<A, bool>) return a;
    else if constexpr (detail::is_complex_v<A>) {
      using R = detail::real_of_t<A>;
      const R m = math::fabs(a);
      if (m == R(0)) return A(R(0), R(0));
      if (math::isinf(m)) {  // NumPy: inf parts become ±1 (or 0), the rest 0 (nan when both inf)
        if (math::isinf(a.re) && math::isinf(a.im)) return A(R(NAN), R(NAN));
        return A(math::isinf(a.re) ? (a.re > R(0) ? R(1) : R(-1)) : R(0),
                 math::isinf(a.im) ? (a.im > R(0) ? R(1) : R(-1)) : R(0));
      }
      return A(a.re / m, a.im / m);
    } else if constexpr (detail::is_real_floating_v<A>) return a > A(0) ? A(1) : (a < A(0) ? A(-1) : a);
    else if constexpr (std::is_unsigned_v<A>) return static_cast<A>(a != A(0));
    else return static_cast<A>((A(0) < a) - (a < A(0)));
  }
};
}  // namespace ops
XP_UNARY_FUNCTION_AND_SCALAR_(sign, ops::sign)

namespace ops {
/// np.square: integers wrap.
struct square {
  template <class A>
  XP_HD auto operator()(A a) const {
    using R = detail::arith_t<A, A>;  // bool squares in int8, as NumPy
    return detail::wrapping_mul(static_cast<R>(a), static_cast<R>(a));
  }
  template <class V>
  static V simd(const V& a) {
    return a * a;
  }
};
}  // namespace ops
XP_UNARY_FUNCTION_AND_SCALAR_(square, ops::square)

namespace ops {
/// np.power's functor: floats through pow; integers by squaring, wrapping like NumPy. A
/// negative integer exponent is refused before evaluation by xp::power (NumPy raises too; the
/// function lives in reduction.hpp because that check takes a reduction over the exponents);
/// the functor itself returns 0 for it (1 for a base of 1) so that a user kernel calling it
/// stays defined.
struct power {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = detail::arith_t<A, B>;
    if constexpr (detail::is_inexact_v<R>) {
      return math::pow(static_cast<R>(a), static_cast<R>(b));
    } else {
      R base = static_cast<R>(a), result = R(1);
      auto e = static_cast<std::int64_t>(b);
      if (e < 0) return R(base == R(1) ? 1 : 0);
      while (e > 0) {
        if (e & 1) result = detail::wrapping_mul(result, base);
        base = detail::wrapping_mul(base, base);
        e >>= 1;
      }
      return result;
    }
  }
};

/// np.minimum: NaN propagates.
struct minimum {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = promote_t<A, B>;
    static_assert(detail::not_complex_v<R>, "xp::minimum does not order complex dtypes");
    const R x = static_cast<R>(a), y = static_cast<R>(b);
    return (x <= y || math::isnan(x)) ? x : y;
  }
};
}  // namespace ops
XP_BINARY_FUNCTION(minimum, ops::minimum)

namespace ops {
/// np.maximum: NaN propagates.
struct maximum {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = promote_t<A, B>;
    static_assert(detail::not_complex_v<R>, "xp::maximum does not order complex dtypes");
    const R x = static_cast<R>(a), y = static_cast<R>(b);
    return (x >= y || math::isnan(x)) ? x : y;
  }
};
}  // namespace ops
XP_BINARY_FUNCTION(maximum, ops::maximum)

namespace ops {
/// np.clip(x, lo, hi) = minimum(maximum(x, lo), hi).
struct clip {
  template <class A, class L, class H>
  XP_HD auto operator()(A a, L lo, H hi) const {
    return minimum{}(maximum{}(a, lo), hi);
  }
};
}  // namespace ops
/// @brief np.clip(x, lo, hi): lo and hi may be scalars or arrays (broadcast).
template <detail::array_operand X, class L, class H>
auto clip(const X& x, const L& lo, const H& hi) {
  return detail::make_expr(ops::clip{}, x, lo, hi);
}

namespace ops {
/// np.where(cond, x, y). On the host a real result is a bit select under a mask made from the
/// condition: no branch, and the loop vectorises. `c ? x : y` became a branch on a stored bool
/// condition, mispredicted on a random mask (where(c, x, y) of 2^24 float32: 90-120 ms, NumPy's
/// 90-140 ms on the 2-core machine).
struct where {
  // the unsigned integer of R's size (R: a real arithmetic type)
  template <class R>
  using bits_of =
      std::conditional_t<sizeof(R) == 1, std::uint8_t,
                         std::conditional_t<sizeof(R) == 2, std::uint16_t,
                                            std::conditional_t<sizeof(R) == 4, std::uint32_t, std::uint64_t>>>;
  template <class C, class A, class B>
  XP_HD auto operator()(C c, A a, B b) const {
    using R = promote_t<A, B>;
    const bool take_a = detail::convert<bool>(c);
#if !defined(__CUDA_ARCH__)
    if constexpr (std::is_arithmetic_v<R> && !std::is_same_v<R, bool>) {
      using U = bits_of<R>;
      const U mask = U(0) - static_cast<U>(take_a);  // all ones where the condition holds
      return std::bit_cast<R>(static_cast<U>((std::bit_cast<U>(static_cast<R>(a)) & mask) |
                                             (std::bit_cast<U>(static_cast<R>(b)) & static_cast<U>(~mask))));
    }
#endif
    return take_a ? static_cast<R>(a) : static_cast<R>(b);
  }
};
}  // namespace ops
/// @brief np.where(cond, x, y): scalars among x, y follow the other one's dtype.
template <class C, class X, class Y>
auto where(const C& cond, const X& x, const Y& y) {
  static_assert(detail::is_operand_v<C> || detail::is_operand_v<X> || detail::is_operand_v<Y>,
                "xp::where needs at least one array operand");
  return detail::make_expr<ops::where, 1>(ops::where{}, cond, x, y);
}

namespace ops {
/// np.isnan: false for integers.
struct isnan {
  template <class A>
  XP_HD bool operator()(A a) const {
    return math::isnan(a);
  }
};
}  // namespace ops
XP_UNARY_FUNCTION_AND_SCALAR_(isnan, ops::isnan)

namespace ops {
/// np.isinf: false for integers.
struct isinf {
  template <class A>
  XP_HD bool operator()(A a) const {
    return math::isinf(a);
  }
};
}  // namespace ops
XP_UNARY_FUNCTION_AND_SCALAR_(isinf, ops::isinf)

namespace ops {
/// np.isfinite: true for integers.
struct isfinite {
  template <class A>
  XP_HD bool operator()(A a) const {
    return math::isfinite(a);
  }
};
}  // namespace ops
XP_UNARY_FUNCTION_AND_SCALAR_(isfinite, ops::isfinite)

// ---- complex parts ------------------------------------------------------------------------
namespace ops {
/// np.real: the real part (a real array's values unchanged).
struct real {
  template <class A>
  XP_HD auto operator()(A a) const {
    if constexpr (detail::is_complex_v<A>) return a.re;
    else return a;
  }
};
/// np.imag: the imaginary part (zeros of a real array's dtype).
struct imag {
  template <class A>
  XP_HD auto operator()(A a) const {
    if constexpr (detail::is_complex_v<A>) return a.im;
    else return A(0);
  }
};
/// np.conj (np.conjugate): re - im i (a real array's values unchanged).
struct conj {
  template <class A>
  XP_HD auto operator()(A a) const {
    if constexpr (detail::is_complex_v<A>) return A(a.re, -a.im);
    else return static_cast<detail::arith_t<A, A>>(a);  // bool gives int8, as NumPy
  }
};
/// np.angle: atan2(imag, real) in radians, in the float dtype of the input (for a real
/// array: 0 or pi, and NaN stays NaN).
struct angle {
  template <class A>
  XP_HD auto operator()(A a) const {
    if constexpr (detail::is_complex_v<A>) return math::arg(a);
    else {
      // np.angle computes arctan2(0, x) with a weak Python 0: bool promotes to int64 there
      using F = detail::float_of_t<std::conditional_t<std::is_same_v<A, bool>, std::int64_t, A>>;
      return math::arctan2(F(0), detail::convert<F>(a));
    }
  }
};
}  // namespace ops
XP_UNARY_FUNCTION_AND_SCALAR_(real, ops::real)
XP_UNARY_FUNCTION_AND_SCALAR_(imag, ops::imag)
XP_UNARY_FUNCTION_AND_SCALAR_(conj, ops::conj)
XP_UNARY_FUNCTION_AND_SCALAR_(conjugate, ops::conj)
XP_UNARY_FUNCTION_AND_SCALAR_(angle, ops::angle)

namespace ops {
/// Conversion to T (astype inside an expression), defined for NaN and out-of-range values.
template <class T>
struct cast {
  template <class A>
  XP_HD T operator()(A a) const {
    return detail::convert<T>(a);
  }
  /// The host's vector form: asked for only when the operand is a register of T already (the
  /// var/std deviations' astype<M>(x) of an M array), where converting is nothing.
  template <class V>
  static V simd(const V& v) {
    return v;
  }
};
}  // namespace ops
/// @brief The expression converted to U, lazily (fuses like any op): x.astype(U).
template <class U, detail::array_operand X>
auto astype(const X& x) {
  return detail::make_expr(ops::cast<U>{}, x);
}

// ---- xp::math on xsimd batches: what a generic user functor calls on the host ------------------
namespace detail {
// A function with no vector form, lane by lane through the scalar one: C's exact fmod and pow.
template <class V, class Scalar>
V scalar_lanes(const V& x, const V& y, Scalar scalar_fn) {
  using T = typename V::value_type;
  alignas(V::arch_type::alignment()) T a[V::size], b[V::size];
  x.store_aligned(a);
  y.store_aligned(b);
  for (std::size_t i = 0; i < V::size; ++i) a[i] = scalar_fn(a[i], b[i]);
  return V::load_aligned(a);
}
}  // namespace detail

/// Each xp::math function on a batch is the vector form of the op of the same name, so a
/// functor computes exactly what the fused expression of its formula does.
template <class T, class A>
struct math::batch_math<::xsimd::batch<T, A>> {
  using V = ::xsimd::batch<T, A>;
  static constexpr bool enabled = std::is_same_v<T, float> || std::is_same_v<T, double>;
#define XP_BATCH_MATH(name, op) \
  static V name(const V& x) { return ops::op::simd(x); }
  XP_BATCH_MATH(sin, sin)
  XP_BATCH_MATH(cos, cos)
  XP_BATCH_MATH(tan, tan)
  XP_BATCH_MATH(arcsin, arcsin)
  XP_BATCH_MATH(arccos, arccos)
  XP_BATCH_MATH(arctan, arctan)
  XP_BATCH_MATH(sinh, sinh)
  XP_BATCH_MATH(cosh, cosh)
  XP_BATCH_MATH(tanh, tanh)
  XP_BATCH_MATH(exp, exp)
  XP_BATCH_MATH(exp2, exp2)
  XP_BATCH_MATH(expm1, expm1)
  XP_BATCH_MATH(log, log)
  XP_BATCH_MATH(log2, log2)
  XP_BATCH_MATH(log10, log10)
  XP_BATCH_MATH(log1p, log1p)
  XP_BATCH_MATH(sqrt, sqrt)
  XP_BATCH_MATH(cbrt, cbrt)
  XP_BATCH_MATH(fabs, absolute)
#undef XP_BATCH_MATH
  // rounding is exact in xsimd (np.round's half to even is nearbyint)
  static V floor(const V& x) { return ::xsimd::floor(x); }
  static V ceil(const V& x) { return ::xsimd::ceil(x); }
  static V trunc(const V& x) { return ::xsimd::trunc(x); }
  static V round(const V& x) { return ::xsimd::nearbyint(x); }
  static V arctan2(const V& y, const V& x) { return ops::arctan2::simd(y, x); }
  static V hypot(const V& x, const V& y) { return ops::hypot::simd(x, y); }
  static V copysign_of(const V& x, const V& y) { return ops::copysign::simd(x, y); }
  static V fmod(const V& x, const V& y) {
    return detail::scalar_lanes(x, y, [](T a, T b) { return math::fmod(a, b); });
  }
  static V pow(const V& x, const V& y) {
    return detail::scalar_lanes(x, y, [](T a, T b) { return math::pow(a, b); });
  }
  static auto isnan(const V& x) { return ::xsimd::isnan(x); }
  static auto isinf(const V& x) { return ::xsimd::isinf(x); }
  static auto isfinite(const V& x) { return ::xsimd::isfinite(x); }
};

}  // namespace xp

// XP_UNARY_FUNCTION and XP_BINARY_FUNCTION stay defined: they are the public generators.
#undef XP_UNARY_FUNCTION_AND_SCALAR_
#undef XP_UNARY_OPERATOR
#undef XP_BINARY_OPERATOR
#undef XP_COMPOUND_OPERATOR
#undef XP_OPERATOR_AND_COMPOUND
