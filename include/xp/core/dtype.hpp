#pragma once
/// @file dtype.hpp
/// @brief The element types xp supports and NumPy 2's promotion rules between them.
///
/// A dtype is added in ONE place, the list XP_DTYPES below (its C++ type, its code, NumPy's
/// name, kind and `.npy` type string); its promotion follows from its kind and size. The build
/// then asks for the same line in XP_DTYPES_INNER and the type in XP_ONE_OF_THE_DTYPES.

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string_view>
#include <type_traits>

#include "xp/core/complex.hpp"
#include "xp/core/float16.hpp"

/// @brief Every dtype, in NumPy's type-number order: X(C++ type, code, NumPy name, kind, `.npy`
/// type string without byte order[, the extra arguments given after X]). The one list: the dtype
/// class, promotion, printing, `.npy` I/O, DLPack and the precompiled instantiations read it, and
/// the messages that list the dtypes (XP_ONE_OF_THE_DTYPES) are checked against it. Public (stays
/// defined): other headers and the sources expand it.
#define XP_DTYPES(X, ...)                                                          \
  X(bool, bool_, "bool", 'b', "b1" __VA_OPT__(, ) __VA_ARGS__)                     \
  X(std::int8_t, int8, "int8", 'i', "i1" __VA_OPT__(, ) __VA_ARGS__)               \
  X(std::uint8_t, uint8, "uint8", 'u', "u1" __VA_OPT__(, ) __VA_ARGS__)            \
  X(std::int16_t, int16, "int16", 'i', "i2" __VA_OPT__(, ) __VA_ARGS__)            \
  X(std::uint16_t, uint16, "uint16", 'u', "u2" __VA_OPT__(, ) __VA_ARGS__)         \
  X(std::int32_t, int32, "int32", 'i', "i4" __VA_OPT__(, ) __VA_ARGS__)            \
  X(std::uint32_t, uint32, "uint32", 'u', "u4" __VA_OPT__(, ) __VA_ARGS__)         \
  X(std::int64_t, int64, "int64", 'i', "i8" __VA_OPT__(, ) __VA_ARGS__)            \
  X(std::uint64_t, uint64, "uint64", 'u', "u8" __VA_OPT__(, ) __VA_ARGS__)         \
  X(::xp::float16, float16, "float16", 'f', "f2" __VA_OPT__(, ) __VA_ARGS__)       \
  X(float, float32, "float32", 'f', "f4" __VA_OPT__(, ) __VA_ARGS__)               \
  X(double, float64, "float64", 'f', "f8" __VA_OPT__(, ) __VA_ARGS__)              \
  X(::xp::complex64, complex64, "complex64", 'c', "c8" __VA_OPT__(, ) __VA_ARGS__) \
  X(::xp::complex128, complex128, "complex128", 'c', "c16" __VA_OPT__(, ) __VA_ARGS__)

/// @brief The same list as XP_DTYPES, for a list expanded inside another (every pair of dtypes:
/// conversions); a macro cannot expand itself. dtype.hpp checks that both agree. Public, like
/// XP_DTYPES (both stay defined): core/host_instances.hpp expands it inside XP_DTYPES.
#define XP_DTYPES_INNER(X, ...)                                                    \
  X(bool, bool_, "bool", 'b', "b1" __VA_OPT__(, ) __VA_ARGS__)                     \
  X(std::int8_t, int8, "int8", 'i', "i1" __VA_OPT__(, ) __VA_ARGS__)               \
  X(std::uint8_t, uint8, "uint8", 'u', "u1" __VA_OPT__(, ) __VA_ARGS__)            \
  X(std::int16_t, int16, "int16", 'i', "i2" __VA_OPT__(, ) __VA_ARGS__)            \
  X(std::uint16_t, uint16, "uint16", 'u', "u2" __VA_OPT__(, ) __VA_ARGS__)         \
  X(std::int32_t, int32, "int32", 'i', "i4" __VA_OPT__(, ) __VA_ARGS__)            \
  X(std::uint32_t, uint32, "uint32", 'u', "u4" __VA_OPT__(, ) __VA_ARGS__)         \
  X(std::int64_t, int64, "int64", 'i', "i8" __VA_OPT__(, ) __VA_ARGS__)            \
  X(std::uint64_t, uint64, "uint64", 'u', "u8" __VA_OPT__(, ) __VA_ARGS__)         \
  X(::xp::float16, float16, "float16", 'f', "f2" __VA_OPT__(, ) __VA_ARGS__)       \
  X(float, float32, "float32", 'f', "f4" __VA_OPT__(, ) __VA_ARGS__)               \
  X(double, float64, "float64", 'f', "f8" __VA_OPT__(, ) __VA_ARGS__)              \
  X(::xp::complex64, complex64, "complex64", 'c', "c8" __VA_OPT__(, ) __VA_ARGS__) \
  X(::xp::complex128, complex128, "complex128", 'c', "c16" __VA_OPT__(, ) __VA_ARGS__)

/// @brief Every dtype's C++ spelling as one string literal, for the static_assert messages that
/// say what an array may hold (a message must be a literal). Public (stays defined): ndarray,
/// printing, the file formats, DLPack and xtensor use it. Written out rather than made from
/// XP_DTYPES, which would need a helper macro defined wherever it is used; the check after the
/// dtype class fails the build when the two lists differ.
#define XP_ONE_OF_THE_DTYPES                                                                   \
  "one of xp's dtypes: bool std::int8_t std::uint8_t std::int16_t std::uint16_t std::int32_t " \
  "std::uint32_t std::int64_t std::uint64_t ::xp::float16 float double ::xp::complex64 "       \
  "::xp::complex128"

namespace xp {

namespace detail {
template <class T>
inline constexpr bool is_bool_v = std::is_same_v<T, bool>;
/// int8 ... int64, uint8 ... uint64 (not bool).
template <class T>
inline constexpr bool is_integer_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;
template <class T>
inline constexpr bool is_signed_integer_v = is_integer_v<T>&& std::is_signed_v<T>;
template <class T>
inline constexpr bool is_unsigned_integer_v = is_integer_v<T>&& std::is_unsigned_v<T>;
/// float16, float32, float64.
template <class T>
inline constexpr bool is_real_floating_v = std::is_floating_point_v<T> || std::is_same_v<T, float16>;
/// float16 ... float64 and complex64/complex128 (NumPy's "inexact").
template <class T>
inline constexpr bool is_inexact_v = is_real_floating_v<T> || is_complex_v<T>;
/// The real dtype of a complex one (complex64 -> float32); T itself otherwise.
template <class T>
struct real_of {
  using type = T;
};
template <class T>
struct real_of<complex<T>> {
  using type = T;
};
template <class T>
struct real_of<std::complex<T>> {
  using type = T;
};
template <class T>
using real_of_t = typename real_of<T>::type;
}  // namespace detail

namespace detail {
template <class S>
inline constexpr bool is_std_complex_v =
    std::is_same_v<S, std::complex<float>> || std::is_same_v<S, std::complex<double>>;
/// A scalar an op, a fill or a creation function takes: C++ arithmetic types, xp::float16,
/// xp::complex and std::complex.
template <class S>
inline constexpr bool is_scalar_v =
    std::is_arithmetic_v<S> || std::is_same_v<S, float16> || is_complex_v<S> || is_std_complex_v<S>;
/// The element type a scalar S is stored as: std::complex<T> becomes xp::complex<T>.
template <class S>
using scalar_storage_t = std::conditional_t<is_std_complex_v<S>, complex<real_of_t<S>>, S>;
}  // namespace detail

/// @brief True for the element types an ndarray may hold: bool, int8/16/32/64,
/// uint8/16/32/64, xp::float16, float, double, xp::complex64, xp::complex128.
template <class T>
inline constexpr bool is_dtype_v =
#define XP_DTYPE_IS(U, code, name, kind, npy) std::is_same_v<T, U> ||
    XP_DTYPES(XP_DTYPE_IS) false;
#undef XP_DTYPE_IS

/// @brief A dtype as a value (NumPy's `a.dtype`): what `a.dtype()` returns. It compares with
/// another dtype or with NumPy's name (`a.dtype() == "float64"`), prints as that name
/// (`float64`) and knows its item size and kind.
///
///     xp::dtype d = xp::dtype::of<float>();   // np.dtype(np.float32)
///     d.name();      // "float32"     d.itemsize();  // 4     d.kind();  // 'f'
class dtype {
 public:
  /// @brief xp's element types, in NumPy's type-number order.
  enum class code : std::uint8_t {
#define XP_DTYPE_CODE(T, c, name, kind, npy) c,
    XP_DTYPES(XP_DTYPE_CODE)
#undef XP_DTYPE_CODE
  };
  /// @brief How many dtypes there are (14).
  static constexpr int count = 0
#define XP_DTYPE_ONE(T, c, name, kind, npy) +1
      XP_DTYPES(XP_DTYPE_ONE);
#undef XP_DTYPE_ONE

  constexpr explicit dtype(code c) noexcept : m_code(c) {}

  /// @brief The dtype of element type T (np.dtype(T)).
  template <class T>
  static constexpr dtype of() noexcept {
    static_assert(is_dtype_v<T>, "xp::dtype::of<T>: T must be " XP_ONE_OF_THE_DTYPES);
#define XP_DTYPE_OF(U, c, name, kind, npy)                   \
  if constexpr (std::is_same_v<T, U>) return dtype(code::c); \
  else
    XP_DTYPES(XP_DTYPE_OF) return dtype(code::bool_);
#undef XP_DTYPE_OF
  }

  constexpr code id() const noexcept { return m_code; }
  /// @brief NumPy's name: "bool", "int8", ..., "float16", ..., "complex128" (dtype.name).
  constexpr std::string_view name() const noexcept {
#define XP_DTYPE_NAME(T, c, n, k, npy) \
  case code::c:                        \
    return n;
    switch (m_code) { XP_DTYPES(XP_DTYPE_NAME) }
#undef XP_DTYPE_NAME
    return {};
  }
  /// @brief Bytes per element (dtype.itemsize).
  constexpr std::size_t itemsize() const noexcept {
#define XP_DTYPE_SIZE(T, c, n, k, npy) \
  case code::c:                        \
    return sizeof(T);
    switch (m_code) { XP_DTYPES(XP_DTYPE_SIZE) }
#undef XP_DTYPE_SIZE
    return 0;
  }
  /// @brief NumPy's kind character: 'b' bool, 'i' signed, 'u' unsigned, 'f' floating, 'c'
  /// complex (dtype.kind).
  constexpr char kind() const noexcept {
#define XP_DTYPE_KIND(T, c, n, k, npy) \
  case code::c:                        \
    return k;
    switch (m_code) { XP_DTYPES(XP_DTYPE_KIND) }
#undef XP_DTYPE_KIND
    return 0;
  }
  /// @brief The `.npy` type string without its byte-order character ("f4", "c16", "b1").
  constexpr std::string_view npy_code() const noexcept {
#define XP_DTYPE_NPY(T, c, n, k, npy) \
  case code::c:                       \
    return npy;
    switch (m_code) { XP_DTYPES(XP_DTYPE_NPY) }
#undef XP_DTYPE_NPY
    return {};
  }

  friend constexpr bool operator==(dtype a, dtype b) noexcept { return a.m_code == b.m_code; }
  /// @brief `a.dtype() == "float32"`, as NumPy compares a dtype with its name.
  friend constexpr bool operator==(dtype a, std::string_view name) noexcept { return a.name() == name; }

 private:
  code m_code;
};

namespace detail {
// XP_DTYPES_INNER is XP_DTYPES: the same names in the same order.
constexpr bool dtype_lists_agree() {
  constexpr std::string_view outer[] = {
#define XP_DTYPE_NAME_OF(T, c, n, k, npy) n,
      XP_DTYPES(XP_DTYPE_NAME_OF)};
  constexpr std::string_view inner[] = {XP_DTYPES_INNER(XP_DTYPE_NAME_OF)};
#undef XP_DTYPE_NAME_OF
  if (sizeof(outer) != sizeof(inner)) return false;
  for (std::size_t i = 0; i < sizeof(outer) / sizeof(outer[0]); ++i)
    if (outer[i] != inner[i] || dtype(static_cast<dtype::code>(i)).name() != outer[i]) return false;
  return true;
}
static_assert(dtype_lists_agree(), "xp: XP_DTYPES and XP_DTYPES_INNER must list the same dtypes in the same order");

// One dtype's C++ spelling after a space: XP_ONE_OF_THE_DTYPES as XP_DTYPES would make it.
#define XP_DTYPE_CPP_SPELLING(T, code, name, kind, npy) " " #T
static_assert(std::string_view("one of xp's dtypes:" XP_DTYPES(XP_DTYPE_CPP_SPELLING)) == XP_ONE_OF_THE_DTYPES,
              "xp: XP_ONE_OF_THE_DTYPES must spell the dtypes of XP_DTYPES, in its order");
#undef XP_DTYPE_CPP_SPELLING
}  // namespace detail

/// @brief Prints NumPy's name of the dtype (`print(a.dtype)` prints `float64`).
std::ostream& operator<<(std::ostream& os, dtype d);

/// @brief NumPy's name of a dtype ("float32", "int64", ...).
template <class T>
constexpr std::string_view dtype_name() {
  static_assert(is_dtype_v<T>, "xp::dtype_name<T>: T must be " XP_ONE_OF_THE_DTYPES);
  return dtype::of<T>().name();
}

namespace detail {
template <dtype::code C>
struct type_of_code;
#define XP_DTYPE_TYPE_OF(T, c, name, kind, npy) \
  template <>                                   \
  struct type_of_code<dtype::code::c> {         \
    using type = T;                             \
  };
XP_DTYPES(XP_DTYPE_TYPE_OF)
#undef XP_DTYPE_TYPE_OF
/// The element type of dtype code C.
template <dtype::code C>
using type_of_code_t = typename type_of_code<C>::type;

constexpr dtype::code signed_of_size(std::size_t bytes) {
  return bytes == 1   ? dtype::code::int8
         : bytes == 2 ? dtype::code::int16
         : bytes == 4 ? dtype::code::int32
                      : dtype::code::int64;
}
constexpr dtype::code unsigned_of_size(std::size_t bytes) {
  return bytes == 1   ? dtype::code::uint8
         : bytes == 2 ? dtype::code::uint16
         : bytes == 4 ? dtype::code::uint32
                      : dtype::code::uint64;
}
constexpr dtype::code float_of_size(std::size_t bytes) {
  return bytes <= 2 ? dtype::code::float16 : bytes == 4 ? dtype::code::float32 : dtype::code::float64;
}
// The float size (bytes) an integer of `bytes` needs in NumPy 2's lattice: 8-bit ints fit
// float16, 16-bit ints float32, wider ones float64.
constexpr std::size_t float_bytes_for_integer(std::size_t bytes) { return bytes == 1 ? 2 : bytes == 2 ? 4 : 8; }
// The float size a dtype contributes to a float or complex result.
constexpr std::size_t float_bytes_of(dtype d) {
  switch (d.kind()) {
    case 'b':
      return 2;
    case 'i':
    case 'u':
      return float_bytes_for_integer(d.itemsize());
    case 'c':
      return d.itemsize() / 2;
    default:
      return d.itemsize();
  }
}

/// NumPy 2's np.result_type of two dtypes (its promotion table, derived from kinds and sizes).
constexpr dtype::code promote_codes(dtype::code a_code, dtype::code b_code) {
  const dtype a(a_code), b(b_code);
  if (a == b) return a_code;
  const char ka = a.kind(), kb = b.kind();
  if (ka == 'b') return b_code;
  if (kb == 'b') return a_code;
  const std::size_t sa = a.itemsize(), sb = b.itemsize();
  const auto larger = [](std::size_t x, std::size_t y) { return x > y ? x : y; };
  if (ka == kb && (ka == 'i' || ka == 'u' || ka == 'f' || ka == 'c')) return sa >= sb ? a_code : b_code;
  if ((ka == 'i' && kb == 'u') || (ka == 'u' && kb == 'i')) {
    const std::size_t s = ka == 'i' ? sa : sb, u = ka == 'u' ? sa : sb;
    if (u < s) return signed_of_size(s);
    if (u < 8) return signed_of_size(2 * u);  // uint32 with int32 or int8: int64
    return dtype::code::float64;              // uint64 with any signed integer
  }
  const std::size_t f = larger(float_bytes_of(a), float_bytes_of(b));
  if (ka == 'c' || kb == 'c') return f <= 4 ? dtype::code::complex64 : dtype::code::complex128;
  return float_of_size(f);
}

/// A C++ scalar next to an array: its NumPy 2 (NEP 50) "weak" kind. 'b' bool, 'i' any
/// integer, 'f' any real float, 'c' complex (xp::complex or std::complex).
template <class S>
constexpr char weak_kind() {
  if constexpr (std::is_same_v<S, bool>) return 'b';
  else if constexpr (std::is_integral_v<S>) return 'i';
  else if constexpr (is_real_floating_v<S>) return 'f';
  else {
    static_assert(is_complex_v<S> || is_std_complex_v<S>,
                  "xp: a scalar operand is bool, an integer, a float, xp::float16 or a complex number");
    return 'c';
  }
}
/// The dtype of an array of `array` combined with a weak scalar of kind `k` (NumPy 2: the
/// scalar does not widen the array unless it is of a higher kind; then the default dtype of
/// that kind, with float16/float32 arrays giving complex64 for a complex scalar).
constexpr dtype::code promote_weak(dtype::code array, char k) {
  const dtype a(array);
  const char ka = a.kind();
  switch (k) {
    case 'b':
      return array;
    case 'i':
      return ka == 'b' ? dtype::code::int64 : array;
    case 'f':
      return (ka == 'b' || ka == 'i' || ka == 'u') ? dtype::code::float64 : array;
    default:
      if (ka == 'c') return array;
      if (ka == 'f') return a.itemsize() <= 4 ? dtype::code::complex64 : dtype::code::complex128;
      return dtype::code::complex128;
  }
}
}  // namespace detail

/// @brief The result dtype of combining two arrays (NumPy 2's np.result_type), e.g.
/// `promote_t<int64_t, uint64_t>` is double and `promote_t<float16, int16_t>` is float.
template <class A, class B>
using promote_t = detail::type_of_code_t<detail::promote_codes(dtype::of<A>().id(), dtype::of<B>().id())>;

/// @brief The result dtype of an array of T combined with a C++ scalar of type S (NumPy 2
/// weak scalar rule: `float_array * 2.0` stays float32, `int8_array + 1` stays int8,
/// `float32_array * 1i` is complex64).
template <class T, class S>
using promote_scalar_t = detail::type_of_code_t<detail::promote_weak(dtype::of<T>().id(), detail::weak_kind<S>())>;

namespace detail {
// NumPy's category of a dtype kind: bool < integers (signed and unsigned alike) < floats < complex.
constexpr int promotion_category(dtype::code c) {
  const char k = dtype(c).kind();
  return k == 'b' ? 0 : (k == 'i' || k == 'u') ? 1 : k == 'f' ? 2 : 3;
}
/// NumPy's np.result_type of several dtypes at once (PyArray_PromoteDTypeSequence): the
/// operands of the highest category first give the "main" dtype, each operand is promoted with
/// it, and those results are combined. `int8, uint8, float16` is float16 (float16 holds both
/// 8-bit integers), where combining two at a time would give float32 (int16 first).
template <std::size_t N>
constexpr dtype::code result_type_codes(const dtype::code (&codes)[N]) {
  int top = 0;
  for (dtype::code c : codes) top = promotion_category(c) > top ? promotion_category(c) : top;
  dtype::code main = codes[0];
  bool found = false;
  for (dtype::code c : codes)
    if (promotion_category(c) == top) {
      main = found ? promote_codes(main, c) : c;
      found = true;
    }
  dtype::code result = main;
  for (dtype::code c : codes) result = promote_codes(result, promote_codes(main, c));
  return result;
}
}  // namespace detail

/// @brief np.result_type of any number of dtypes, over all of them at once as NumPy does:
/// `result_type_t<int8_t, uint8_t, float16>` is float16 (NumPy's category rule), not the
/// float32 that promoting two at a time gives; for two dtypes it is promote_t.
template <class T, class... Ts>
struct result_type {
  static constexpr dtype::code codes[] = {dtype::of<T>().id(), dtype::of<Ts>().id()...};
  using type = detail::type_of_code_t<detail::result_type_codes(codes)>;
};
template <class... Ts>
using result_type_t = typename result_type<Ts...>::type;

}  // namespace xp
