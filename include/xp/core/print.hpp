#pragma once
/// @file print.hpp
/// @brief Printing like NumPy (1.24): `std::cout << a` and `xp::array_str(a)` give `str(a)`,
/// `xp::repr(a)` gives `repr(a)`, under print options set like np.set_printoptions
/// (`xp::set_printoptions`, `xp::get_printoptions`, the scoped `xp::printoptions`). The
/// formatting and the options live once in the compiled library (src/format.cpp), type-erased:
/// this header only maps the element type to a tag and hands over a pointer, the shape and the
/// strides. Device arrays and expressions are copied to the host (printing synchronises) or
/// evaluated first.

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <type_traits>

#include "xp/core/ndarray.hpp"

namespace xp {

/// @brief How many fractional digits floats get; NumPy's `floatmode` print option.
enum class float_mode : std::uint8_t {
  /// At most `precision` digits, fewer where an element is exact with fewer (NumPy's default).
  maxprec,
  /// Exactly `precision` digits for every element.
  fixed,
  /// As many digits as each element needs to be read back exactly; `precision` is ignored.
  unique,
  /// At most `precision` digits, the same number for every element.
  maxprec_equal,
};

/// @brief Every print option with its value: what xp::get_printoptions returns, NumPy's
/// defaults when default-constructed (np.get_printoptions() without `formatter` and `legacy`).
struct print_options {
  /// Digits after the point for floats (np: precision); see floatmode.
  int precision = 8;
  /// Arrays of more elements than this are summarised with `...` (np: threshold).
  index_t threshold = 1000;
  /// Elements kept at each end of each summarised axis (np: edgeitems).
  index_t edgeitems = 3;
  /// Characters per line before wrapping (np: linewidth).
  index_t linewidth = 75;
  /// Fixed-point notation unless a value reaches 1e8, tiny values rounded to 0 (np: suppress).
  bool suppress = false;
  /// How NaN prints (np: nanstr).
  std::string nanstr = "nan";
  /// How infinity prints, after its sign (np: infstr).
  std::string infstr = "inf";
  /// The sign of non-negative floats: '-' none, '+' a plus, ' ' a space (np: sign).
  char sign = '-';
  /// How `precision` applies (np: floatmode).
  float_mode floatmode = float_mode::maxprec;

  friend bool operator==(const print_options&, const print_options&) = default;
};

/// @brief The options to change, each left empty to keep its current value, like the keyword
/// arguments of np.set_printoptions: `xp::set_printoptions({.precision = 3, .suppress = true})`.
/// Designated initialisers name the fields in this order (NumPy's): precision, threshold,
/// edgeitems, linewidth, suppress, nanstr, infstr, sign, floatmode.
struct print_options_update {
  std::optional<int> precision = std::nullopt;
  std::optional<index_t> threshold = std::nullopt;
  std::optional<index_t> edgeitems = std::nullopt;
  std::optional<index_t> linewidth = std::nullopt;
  std::optional<bool> suppress = std::nullopt;
  std::optional<std::string> nanstr = std::nullopt;
  std::optional<std::string> infstr = std::nullopt;
  std::optional<char> sign = std::nullopt;
  std::optional<float_mode> floatmode = std::nullopt;
};

/// @brief Changes the print options given, keeping the others: np.set_printoptions(...).
/// The options are process-wide, as NumPy 1.24's are (NumPy 2 keeps them per context): a
/// mutex guards them, so every printed array sees one consistent set, and a change made in one
/// thread applies to all.
/// @throws xp::value_error for a precision outside [0, 10000], a negative edgeitems, a sign
/// other than '-', '+' or ' ', or an unknown floatmode; the options are then left unchanged.
void set_printoptions(const print_options_update& changes = {});

/// @brief The current print options: np.get_printoptions().
print_options get_printoptions();

/// @brief Sets every print option to `options`' value: NumPy's defaults when called without
/// argument, or restores a get_printoptions() result (np.set_printoptions(**saved)).
/// @throws xp::value_error as set_printoptions does; the options are then left unchanged.
void reset_printoptions(const print_options& options = {});

/// @brief Scoped print options: np.printoptions as a context manager. The constructor changes
/// the options given (as set_printoptions does), the destructor restores every option to what
/// it was. `xp::printoptions guard({.precision = 3});`
class printoptions {
 public:
  /// @throws xp::value_error as set_printoptions does (nothing is changed then).
  explicit printoptions(const print_options_update& changes);
  ~printoptions();
  printoptions(const printoptions&) = delete;
  printoptions& operator=(const printoptions&) = delete;

 private:
  print_options m_saved;
};

namespace detail {

/// @brief The element types the compiled printer knows: xp's fourteen dtypes (XP_DTYPES), by
/// xp::dtype's codes.
using print_dtype = dtype::code;

/// @brief NumPy's two spellings of an array.
enum class print_style : std::uint8_t { str, repr };

template <class T>
constexpr print_dtype print_dtype_of() {
  static_assert(is_dtype_v<T>, "xp: printing takes " XP_ONE_OF_THE_DTYPES);
  return dtype::of<T>().id();
}

/// @brief NumPy's str() or repr() of the host elements at `data` (strides in elements, any
/// sign) under the current print options, changed by `overrides` where given. Compiled in
/// src/format.cpp.
/// @throws xp::value_error when `overrides` holds a bad option.
std::string format_array(const void* data, print_dtype dtype, const index_t* shape, const index_t* strides,
                         std::size_t ndim, print_style style, const print_options_update* overrides);
/// @brief NumPy's str() of the scalar of `dtype` at `value` (print options do not apply).
/// Compiled in src/format.cpp.
std::string format_scalar(const void* value, print_dtype dtype);
/// @brief Writes format_array(..., print_style::str, nullptr) to `os`.
std::ostream& write_array(std::ostream& os, const void* data, print_dtype dtype, const index_t* shape,
                          const index_t* strides, std::size_t ndim);

/// @brief Calls `f(host_array)`: the array itself on the host, a host copy of a device array.
template <class T, class B, class F>
decltype(auto) with_host(const ndarray<T, B>& a, F&& f) {
  if constexpr (std::is_same_v<B, host>) return f(a);
  else return f(a.copy_to_host());
}

template <class T, class B>
std::string format_on_host(const ndarray<T, B>& a, print_style style, const print_options_update* overrides) {
  return with_host(a, [&](const ndarray<T, host>& h) {
    return format_array(h.data(), print_dtype_of<T>(), h.shape().data(), h.strides().data(), h.ndim(), style,
                        overrides);
  });
}

/// @brief The array an expression evaluates to (the expression header is included wherever
/// an expression exists, so this header need not include it).
template <class E>
ndarray<typename E::value_type, typename E::backend_type> evaluated(const E& e) {
  return ndarray<typename E::value_type, typename E::backend_type>(e);
}

}  // namespace detail

/// @brief NumPy's `str(a)` / `np.array_str(a)`: `[1. 2. 3.]`, `[[1 2]\n [3 4]]`,
/// `[ True False]`, `[1.+2.j 3.-0.5j]`; fixed or scientific notation, `nan`/`inf`, float16 with
/// float16's own shortest digits, complex numbers with their real and imaginary parts each
/// formatted alike across the array (the imaginary part always signed), wrapping at the line width and
/// `...` past the threshold, as the current print options say (`overrides` changes some for
/// this call only, like array_str's keyword arguments); a 0-d array gives its scalar (`3.0`),
/// which the options do not change, as in NumPy. A device array is copied to the host first
/// (waits for the device).
/// @throws xp::value_error when `overrides` holds a bad option (see set_printoptions).
template <class T, class B>
std::string array_str(const ndarray<T, B>& a, const print_options_update& overrides = {}) {
  return detail::format_on_host(a, detail::print_style::str, &overrides);
}

/// @brief NumPy's `repr(a)` / `np.array_repr(a)`: `array([0., 1., 2.], dtype=float32)`,
/// `array([1, 2, 3])` (no dtype for float64, int64, complex128 and bool, NumPy's defaults on Linux),
/// `array(3.)` for 0-d, `array([], dtype=float64)` and `array([], shape=(0, 3), dtype=int32)`
/// when empty, continuation lines indented under the first element and the dtype on a line of
/// its own when it does not fit. Print options as array_str. A device array is copied to the
/// host first.
/// @throws xp::value_error when `overrides` holds a bad option (see set_printoptions).
template <class T, class B>
std::string repr(const ndarray<T, B>& a, const print_options_update& overrides = {}) {
  return detail::format_on_host(a, detail::print_style::repr, &overrides);
}

/// @brief Prints like NumPy's `print(a)` (see array_str; a 0-d array prints its scalar, `2.5`,
/// `(1+2j)`); a device array is copied to the host first.
template <class T, class B>
std::ostream& operator<<(std::ostream& os, const ndarray<T, B>& a) {
  return detail::with_host(a, [&](const ndarray<T, host>& h) -> std::ostream& {
    return detail::write_array(os, h.data(), detail::print_dtype_of<T>(), h.shape().data(), h.strides().data(),
                               h.ndim());
  });
}

/// @brief NumPy's `str()` of a scalar of one of xp's dtypes, such as `a.item()` returns (the
/// print options do not apply): `scalar_str(xp::float16(0.1f))` is `0.1` (float16's shortest
/// digits), `scalar_str(2.0)` is `2.0`, `scalar_str(1e-5)` is `1e-05`,
/// `scalar_str(xp::complex64(1.5f, -2.f))` is `(1.5-2j)`, `scalar_str(std::uint64_t(-1))` is
/// `18446744073709551615`, `scalar_str(true)` is `True`.
template <class T>
requires is_dtype_v<T> std::string scalar_str(T value) {
  return detail::format_scalar(&value, detail::print_dtype_of<T>());
}

/// @brief array_str of an elementwise expression: evaluates it (one kernel) and prints the
/// result, as NumPy prints the array an expression returns.
template <class E>
requires detail::is_expr<E>::value std::string array_str(const E& e, const print_options_update& overrides = {}) {
  return array_str(detail::evaluated(e), overrides);
}

/// @brief repr of an elementwise expression: evaluates it and gives the result's repr.
template <class E>
requires detail::is_expr<E>::value std::string repr(const E& e, const print_options_update& overrides = {}) {
  return repr(detail::evaluated(e), overrides);
}

/// @brief Prints an elementwise expression's value (evaluates it): `std::cout << xp::cos(x) + 1`.
template <class E>
requires detail::is_expr<E>::value std::ostream& operator<<(std::ostream& os, const E& e) {
  return os << detail::evaluated(e);
}

}  // namespace xp
