#pragma once
/// @file dtype_info.hpp
/// @brief What NumPy and the array API tell about dtypes: `xp::finfo<T>` (np.finfo),
/// `xp::iinfo<T>` (np.iinfo), `xp::can_cast` (np.can_cast with its five casting rules) and
/// `xp::isdtype` (np.isdtype, the array API's dtype kinds), and `xp::inf` (np.inf). Everything is constexpr; the
/// casting rules follow from the promotion of dtype.hpp (`promote_t`), so they cannot drift from it.
///
///     xp::finfo<xp::float16>::eps;                                // 0.000977 (2^-10)
///     xp::iinfo<std::int8_t>::min;                                // -128
///     xp::can_cast<std::int64_t, double>();                       // true (np.can_cast(i8, f8))
///     xp::can_cast<double, float>(xp::casting::same_kind);        // true
///     xp::isdtype<std::uint16_t>(xp::dtype_kind::integral);       // true
///     xp::isdtype(a.dtype(), "real floating");                    // the array API's spelling

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

#include "xp/core/complex.hpp"
#include "xp/core/dtype.hpp"
#include "xp/core/error.hpp"
#include "xp/core/float16.hpp"

namespace xp {

/// @brief np.inf (the array API's constant `inf`): positive infinity, a double. Where NumPy
/// takes np.inf as an argument, so does xp: `xp::linalg::norm(m, xp::inf)`, `-xp::inf`.
inline constexpr double inf = std::numeric_limits<double>::infinity();
/// @brief np.nan (the array API's `nan`): a quiet NaN, a double.
inline constexpr double nan = std::numeric_limits<double>::quiet_NaN();
/// @brief np.pi (the array API's `pi`): the double nearest to pi.
inline constexpr double pi = 3.141592653589793;
/// @brief np.e (the array API's `e`): the double nearest to Euler's number.
inline constexpr double e = 2.718281828459045;

namespace detail {
// 2^e, exactly, in a constant expression (e within double's normal range).
constexpr double exact_power_of_two(int e) {
  double r = 1;
  for (; e > 0; --e) r *= 2;
  for (; e < 0; ++e) r /= 2;
  return r;
}
// A double value as the float type F, rounded once to nearest even (float16 through its
// constexpr rounding, so that the result is a constant).
template <class F>
constexpr F float_constant(double v) {
  if constexpr (std::is_same_v<F, float16>) return float16::from_bits(double_to_half_bits(v));
  else return static_cast<F>(v);
}
}  // namespace detail

/// @brief Machine limits of a floating dtype (np.finfo): float16, float, double, and complex64 /
/// complex128, which give the values of their component float (np.finfo(np.complex64) is
/// np.finfo(np.float32), its `dtype` float32). The values are of that float type (`type`).
///
///     xp::finfo<float>::eps                 // np.finfo(np.float32).eps: 2^-23
///     xp::finfo<xp::complex128>::dtype      // float64
template <class T>
struct finfo {
  static_assert(detail::is_inexact_v<T>,
                "xp::finfo<T>: T must be xp::float16, float, double, xp::complex64 or xp::complex128 (np.finfo); "
                "integers have xp::iinfo");
  /// @brief The float type the values are given in (float for complex64).
  using type = detail::real_of_t<T>;

  /// @brief Bits of the float (16, 32, 64).
  static constexpr int bits = 8 * static_cast<int>(sizeof(type));
  /// @brief Bits of the mantissa, without the implicit one (10, 23, 52).
  static constexpr int nmant = std::numeric_limits<type>::digits - 1;
  /// @brief Bits of the exponent (5, 8, 11).
  static constexpr int nexp = bits - 1 - nmant;
  /// @brief The smallest power of two that overflows (16, 128, 1024).
  static constexpr int maxexp = std::numeric_limits<type>::max_exponent;
  /// @brief The exponent of the smallest normal number (-14, -126, -1022).
  static constexpr int minexp = std::numeric_limits<type>::min_exponent - 1;
  /// @brief Decimal digits of precision (3, 6, 15): floor(nmant * log10(2)).
  static constexpr int precision = std::numeric_limits<type>::digits10;
  /// @brief The gap between 1 and the next float: 2^-nmant.
  static constexpr type eps = detail::float_constant<type>(detail::exact_power_of_two(-nmant));
  /// @brief The gap between 1 and the float below it: 2^-(nmant + 1).
  static constexpr type epsneg = detail::float_constant<type>(detail::exact_power_of_two(-nmant - 1));
  /// @brief The largest finite value.
  static constexpr type max = std::numeric_limits<type>::max();
  /// @brief The most negative finite value, -max (np.finfo's `min`, not C++'s smallest normal).
  static constexpr type min = std::numeric_limits<type>::lowest();
  /// @brief The smallest positive normal number, 2^minexp (np.finfo's smallest_normal).
  static constexpr type smallest_normal = std::numeric_limits<type>::min();
  /// @brief The same as smallest_normal (np.finfo's tiny).
  static constexpr type tiny = smallest_normal;
  /// @brief The smallest positive subnormal number, 2^(minexp - nmant).
  static constexpr type smallest_subnormal = std::numeric_limits<type>::denorm_min();
  /// @brief 10^-precision as the float (np.finfo's resolution: the float nearest 1e-3, 1e-6 or
  /// 1e-15).
  static constexpr type resolution = detail::float_constant<type>(precision == 3   ? 1e-3
                                                                  : precision == 6 ? 1e-6
                                                                                   : 1e-15);
  /// @brief The float's dtype (float32 for complex64).
  static constexpr ::xp::dtype dtype = ::xp::dtype::of<type>();
  static_assert(precision == 3 || precision == 6 || precision == 15, "xp::finfo: a float of another precision");
};

/// @brief Machine limits of an integer dtype (np.iinfo): int8 ... int64, uint8 ... uint64.
///
///     xp::iinfo<std::uint16_t>::max         // 65535
template <class T>
struct iinfo {
  static_assert(detail::is_integer_v<T>,
                "xp::iinfo<T>: T must be an integer dtype: int8_t ... int64_t, uint8_t ... uint64_t (np.iinfo; "
                "bool has no iinfo); floats have xp::finfo");
  /// @brief Bits of the integer (8, 16, 32, 64).
  static constexpr int bits = 8 * static_cast<int>(sizeof(T));
  /// @brief The smallest value (0 for unsigned types).
  static constexpr T min = std::numeric_limits<T>::min();
  /// @brief The largest value.
  static constexpr T max = std::numeric_limits<T>::max();
  /// @brief T's dtype.
  static constexpr ::xp::dtype dtype = ::xp::dtype::of<T>();
};

/// @brief NumPy's casting rules (the `casting=` argument of np.can_cast, np.astype, ufuncs).
enum class casting {
  no,         ///< only the same dtype
  equiv,      ///< the same dtype or another byte order of it: xp's dtypes are native, so as `no`
  safe,       ///< every value survives: int16 -> float32, uint8 -> int16, float32 -> complex64
  same_kind,  ///< safe casts, and casts within a kind or to a higher one (float64 -> float32)
  unsafe,     ///< any cast
};

/// @brief NumPy's name of a casting rule ("no", "equiv", "safe", "same_kind", "unsafe").
constexpr std::string_view casting_name(casting c) noexcept {
  switch (c) {
    case casting::no:
      return "no";
    case casting::equiv:
      return "equiv";
    case casting::safe:
      return "safe";
    case casting::same_kind:
      return "same_kind";
    case casting::unsafe:
      return "unsafe";
  }
  return {};
}

namespace detail {
// NumPy's order of kinds for same_kind: bool < unsigned < signed < floating < complex; a cast
// may go up the order (uint8 -> int8), not down (int8 -> uint8).
constexpr int same_kind_order(char kind) {
  switch (kind) {
    case 'b':
      return 0;
    case 'u':
      return 1;
    case 'i':
      return 2;
    case 'f':
      return 3;
    default:
      return 4;
  }
}
}  // namespace detail

/// @brief np.can_cast(from, to, casting): whether `from` values may be cast to `to` under the
/// rule. `safe`: the promotion of the two is `to` (so every value is kept: NumPy's table);
/// `same_kind`: safe, or `to`'s kind is the same as or above `from`'s in bool < unsigned
/// integer < signed integer < floating < complex; `no` and `equiv`: the same dtype; `unsafe`:
/// always.
constexpr bool can_cast(dtype from, dtype to, casting rule = casting::safe) noexcept {
  switch (rule) {
    case casting::no:
    case casting::equiv:
      return from == to;
    case casting::safe:
      return detail::promote_codes(from.id(), to.id()) == to.id();
    case casting::same_kind:
      return detail::promote_codes(from.id(), to.id()) == to.id() ||
             detail::same_kind_order(from.kind()) <= detail::same_kind_order(to.kind());
    case casting::unsafe:
      return true;
  }
  return false;
}

/// @brief np.can_cast of two element types: `xp::can_cast<std::int16_t, float>()` is true,
/// `xp::can_cast<double, float>()` false, `xp::can_cast<double, float>(xp::casting::same_kind)`
/// true. A constant expression.
template <class From, class To>
constexpr bool can_cast(casting rule = casting::safe) noexcept {
  return can_cast(dtype::of<From>(), dtype::of<To>(), rule);
}

/// @brief The dtype kinds of the array API's isdtype (np.isdtype).
enum class dtype_kind {
  bool_,             ///< "bool": bool
  signed_integer,    ///< "signed integer": int8, int16, int32, int64
  unsigned_integer,  ///< "unsigned integer": uint8, uint16, uint32, uint64
  integral,          ///< "integral": the signed and unsigned integers
  real_floating,     ///< "real floating": float16, float32, float64 (NumPy includes float16)
  complex_floating,  ///< "complex floating": complex64, complex128
  numeric,           ///< "numeric": every dtype but bool
};

/// @brief The array API's name of a kind ("bool", "signed integer", ..., "numeric").
constexpr std::string_view dtype_kind_name(dtype_kind k) noexcept {
  switch (k) {
    case dtype_kind::bool_:
      return "bool";
    case dtype_kind::signed_integer:
      return "signed integer";
    case dtype_kind::unsigned_integer:
      return "unsigned integer";
    case dtype_kind::integral:
      return "integral";
    case dtype_kind::real_floating:
      return "real floating";
    case dtype_kind::complex_floating:
      return "complex floating";
    case dtype_kind::numeric:
      return "numeric";
  }
  return {};
}

/// @brief The kind of the array API's name: "bool", "signed integer", "unsigned integer",
/// "integral", "real floating", "complex floating", "numeric".
/// @throws xp::value_error naming the string and the seven names when it is none of them.
constexpr dtype_kind dtype_kind_of(std::string_view name) {
  for (const dtype_kind k :
       {dtype_kind::bool_, dtype_kind::signed_integer, dtype_kind::unsigned_integer, dtype_kind::integral,
        dtype_kind::real_floating, dtype_kind::complex_floating, dtype_kind::numeric})
    if (dtype_kind_name(k) == name) return k;
  throw value_error("xp::isdtype: kind '" + std::string(name) +
                    "' is not one of 'bool', 'signed integer', 'unsigned integer', 'integral', 'real floating', "
                    "'complex floating', 'numeric'");
}

/// @brief np.isdtype(d, kind): whether dtype `d` is of the kind (the array API's isdtype).
constexpr bool isdtype(dtype d, dtype_kind kind) noexcept {
  const char k = d.kind();
  switch (kind) {
    case dtype_kind::bool_:
      return k == 'b';
    case dtype_kind::signed_integer:
      return k == 'i';
    case dtype_kind::unsigned_integer:
      return k == 'u';
    case dtype_kind::integral:
      return k == 'i' || k == 'u';
    case dtype_kind::real_floating:
      return k == 'f';
    case dtype_kind::complex_floating:
      return k == 'c';
    case dtype_kind::numeric:
      return k != 'b';
  }
  return false;
}
/// @brief np.isdtype(d, "real floating"): the kind by its array API name.
/// @throws xp::value_error for a name that is no kind (see dtype_kind_of).
constexpr bool isdtype(dtype d, std::string_view kind) { return isdtype(d, dtype_kind_of(kind)); }
/// @brief np.isdtype(d, other_dtype): whether the dtypes are the same.
constexpr bool isdtype(dtype d, dtype other) noexcept { return d == other; }
/// @brief np.isdtype(d, (kind, ...)): whether `d` is of any of the kinds.
constexpr bool isdtype(dtype d, std::initializer_list<dtype_kind> kinds) noexcept {
  for (const dtype_kind k : kinds)
    if (isdtype(d, k)) return true;
  return false;
}
/// @brief np.isdtype of an element type: `xp::isdtype<float>(xp::dtype_kind::real_floating)`.
template <class T>
constexpr bool isdtype(dtype_kind kind) noexcept {
  return isdtype(dtype::of<T>(), kind);
}
/// @brief np.isdtype of an element type and a kind's name: `xp::isdtype<float>("numeric")`.
/// @throws xp::value_error for a name that is no kind.
template <class T>
constexpr bool isdtype(std::string_view kind) {
  return isdtype(dtype::of<T>(), kind);
}

}  // namespace xp
