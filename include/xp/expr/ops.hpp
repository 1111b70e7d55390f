#pragma once
/// @file ops.hpp
/// @brief The elementwise operations: stateless functors callable on host and device, one
/// per NumPy ufunc. Each computes in NumPy's result dtype for its operand dtypes.
///
/// Adding an op = one functor here + one line in elementwise.hpp + a test.

#include <cstdint>
#include <type_traits>

#include "xp/core/config.hpp"
#include "xp/core/convert.hpp"
#include "xp/core/dtype.hpp"
#include "xp/core/math.hpp"

namespace xp {
namespace detail {
/// The floating dtype NumPy computes a float function in: float32 stays, float64 and the
/// 32/64-bit integers give float64; uint8 and bool give float32 (NumPy: float16, which xp lacks).
template <class T>
using float_of_t = std::conditional_t<std::is_same_v<T, double> || std::is_same_v<T, std::int32_t> ||
                                          std::is_same_v<T, std::int64_t>,
                                      double, float>;
template <class A, class B>
using float_of2_t = float_of_t<promote_t<A, B>>;
}  // namespace detail

namespace ops {

// ---- arithmetic ---------------------------------------------------------------------------
#define XP_ARITH_OP(name, expr)                    \
  struct name {                                    \
    template <class A, class B>                    \
    XP_HD auto operator()(A a, B b) const {        \
      using R = promote_t<A, B>;                   \
      return static_cast<R>(expr);                 \
    }                                              \
  };
// integers wrap like NumPy's (computed unsigned: defined, see convert.hpp)
XP_ARITH_OP(plus, detail::wrapping_add(static_cast<R>(a), static_cast<R>(b)))
XP_ARITH_OP(minus, detail::wrapping_sub(static_cast<R>(a), static_cast<R>(b)))
XP_ARITH_OP(multiplies, detail::wrapping_mul(static_cast<R>(a), static_cast<R>(b)))
#undef XP_ARITH_OP

/// np.true_divide: integers divide in float64.
struct divides {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = std::conditional_t<std::is_floating_point_v<promote_t<A, B>>, promote_t<A, B>, double>;
    return static_cast<R>(a) / static_cast<R>(b);
  }
};

/// np.remainder (Python's %): the result takes the divisor's sign; for integers x % 0 is 0 and
/// x % -1 is 0 (also for the minimum value, whose C++ % would trap), as NumPy gives.
struct modulus {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = promote_t<A, B>;
    const R x = static_cast<R>(a), y = static_cast<R>(b);
    if constexpr (std::is_floating_point_v<R>) {
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

struct negate {
  template <class A>
  XP_HD A operator()(A a) const {
    if constexpr (std::is_same_v<A, bool>) return !a;
    else return detail::wrapping_neg(a);
  }
};

// ---- comparisons and logic ----------------------------------------------------------------
#define XP_COMPARE_OP(name, sym)                                     \
  struct name {                                                      \
    template <class A, class B>                                      \
    XP_HD bool operator()(A a, B b) const {                          \
      using R = promote_t<A, B>;                                     \
      return static_cast<R>(a) sym static_cast<R>(b);                \
    }                                                                \
  };
XP_COMPARE_OP(equal, ==)
XP_COMPARE_OP(not_equal, !=)
XP_COMPARE_OP(less, <)
XP_COMPARE_OP(less_equal, <=)
XP_COMPARE_OP(greater, >)
XP_COMPARE_OP(greater_equal, >=)
#undef XP_COMPARE_OP

struct logical_and {
  template <class A, class B>
  XP_HD bool operator()(A a, B b) const { return static_cast<bool>(a) && static_cast<bool>(b); }
};
struct logical_or {
  template <class A, class B>
  XP_HD bool operator()(A a, B b) const { return static_cast<bool>(a) || static_cast<bool>(b); }
};
struct logical_not {
  template <class A>
  XP_HD bool operator()(A a) const { return !static_cast<bool>(a); }
};

#define XP_BITWISE_OP(name, sym)                                                                    \
  struct name {                                                                                    \
    template <class A, class B>                                                                    \
    XP_HD auto operator()(A a, B b) const {                                                        \
      using R = promote_t<A, B>;                                                                   \
      static_assert(std::is_integral_v<R>, "xp: bitwise operators take integer or bool arrays");   \
      return static_cast<R>(static_cast<R>(a) sym static_cast<R>(b));                              \
    }                                                                                              \
  };
XP_BITWISE_OP(bitwise_and, &)
XP_BITWISE_OP(bitwise_or, |)
XP_BITWISE_OP(bitwise_xor, ^)
#undef XP_BITWISE_OP
struct bitwise_not {
  template <class A>
  XP_HD A operator()(A a) const {
    static_assert(std::is_integral_v<A>, "xp: ~ takes integer or bool arrays");
    if constexpr (std::is_same_v<A, bool>) return !a;
    else return static_cast<A>(~a);
  }
};

// ---- float functions (integers compute in float_of_t) --------------------------------------
#define XP_FLOAT_FN(name)                                   \
  struct name {                                             \
    template <class A>                                      \
    XP_HD auto operator()(A a) const {                      \
      return math::name(static_cast<detail::float_of_t<A>>(a)); \
    }                                                       \
  };
XP_FLOAT_FN(sqrt)
XP_FLOAT_FN(cbrt)
XP_FLOAT_FN(exp)
XP_FLOAT_FN(exp2)
XP_FLOAT_FN(expm1)
XP_FLOAT_FN(log)
XP_FLOAT_FN(log2)
XP_FLOAT_FN(log10)
XP_FLOAT_FN(log1p)
XP_FLOAT_FN(sin)
XP_FLOAT_FN(cos)
XP_FLOAT_FN(tan)
XP_FLOAT_FN(arcsin)
XP_FLOAT_FN(arccos)
XP_FLOAT_FN(arctan)
XP_FLOAT_FN(sinh)
XP_FLOAT_FN(cosh)
XP_FLOAT_FN(tanh)
#undef XP_FLOAT_FN

#define XP_FLOAT_FN2(name)                                            \
  struct name {                                                       \
    template <class A, class B>                                       \
    XP_HD auto operator()(A a, B b) const {                           \
      using R = detail::float_of2_t<A, B>;                            \
      return math::name(static_cast<R>(a), static_cast<R>(b));        \
    }                                                                 \
  };
XP_FLOAT_FN2(arctan2)
XP_FLOAT_FN2(hypot)
#undef XP_FLOAT_FN2

/// np.floor / ceil / trunc / round (half to even): integers pass through unchanged.
#define XP_ROUNDING_FN(name)                     \
  struct name {                                  \
    template <class A>                           \
    XP_HD A operator()(A a) const {              \
      if constexpr (std::is_floating_point_v<A>) \
        return math::name(a);                    \
      else                                       \
        return a;                                \
    }                                            \
  };
XP_ROUNDING_FN(floor)
XP_ROUNDING_FN(ceil)
XP_ROUNDING_FN(trunc)
XP_ROUNDING_FN(round)
#undef XP_ROUNDING_FN

// ---- the rest ---------------------------------------------------------------------------------
struct absolute {
  template <class A>
  XP_HD A operator()(A a) const {
    if constexpr (std::is_floating_point_v<A>) return math::fabs(a);
    else if constexpr (std::is_unsigned_v<A> || std::is_same_v<A, bool>) return a;
    else return a < 0 ? detail::wrapping_neg(a) : a;  // abs(MIN) is MIN, as in NumPy
  }
};
struct sign {
  template <class A>
  XP_HD A operator()(A a) const {
    if constexpr (std::is_same_v<A, bool>) return a;
    else if constexpr (std::is_floating_point_v<A>) return a > A(0) ? A(1) : (a < A(0) ? A(-1) : a);  // nan, ±0 stay
    else return static_cast<A>((A(0) < a) - (a < A(0)));
  }
};
struct square {
  template <class A>
  XP_HD A operator()(A a) const { return detail::wrapping_mul(a, a); }
};

/// np.power: floats through pow; integers by squaring, wrapping like NumPy. A negative integer
/// exponent is refused before evaluation by xp::power (NumPy raises too); the functor itself
/// returns 0 for it (1 for a base of 1) so that a user kernel calling it stays defined.
struct power {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = promote_t<A, B>;
    if constexpr (std::is_floating_point_v<R>) {
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

/// np.minimum / np.maximum: NaN propagates.
struct minimum {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = promote_t<A, B>;
    const R x = static_cast<R>(a), y = static_cast<R>(b);
    return (x <= y || math::isnan(x)) ? x : y;
  }
};
struct maximum {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const {
    using R = promote_t<A, B>;
    const R x = static_cast<R>(a), y = static_cast<R>(b);
    return (x >= y || math::isnan(x)) ? x : y;
  }
};
/// np.clip(x, lo, hi) = minimum(maximum(x, lo), hi).
struct clip {
  template <class A, class L, class H>
  XP_HD auto operator()(A a, L lo, H hi) const {
    return minimum{}(maximum{}(a, lo), hi);
  }
};
/// np.where(cond, x, y).
struct where {
  template <class C, class A, class B>
  XP_HD auto operator()(C c, A a, B b) const {
    using R = promote_t<A, B>;
    return static_cast<bool>(c) ? static_cast<R>(a) : static_cast<R>(b);
  }
};
struct isnan {
  template <class A>
  XP_HD bool operator()(A a) const { return math::isnan(a); }
};
struct isinf {
  template <class A>
  XP_HD bool operator()(A a) const { return math::isinf(a); }
};
struct isfinite {
  template <class A>
  XP_HD bool operator()(A a) const { return math::isfinite(a); }
};

/// Conversion to T (astype inside an expression), defined for NaN and out-of-range values.
template <class T>
struct cast {
  template <class A>
  XP_HD T operator()(A a) const { return detail::convert<T>(a); }
};

}  // namespace ops
}  // namespace xp
