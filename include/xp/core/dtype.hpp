#pragma once
/// @file dtype.hpp
/// @brief The element types xp supports and NumPy 2's promotion rules between them.

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string_view>
#include <type_traits>

namespace xp {

/// @brief True for the element types an ndarray may hold: float, double, int32_t, int64_t,
/// uint8_t, bool.
template <class T>
inline constexpr bool is_dtype_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, std::int32_t> ||
    std::is_same_v<T, std::int64_t> || std::is_same_v<T, std::uint8_t> || std::is_same_v<T, bool>;

/// @brief NumPy's name of a dtype ("float32", "int64", ...).
template <class T>
constexpr std::string_view dtype_name() {
  if constexpr (std::is_same_v<T, float>) return "float32";
  else if constexpr (std::is_same_v<T, double>) return "float64";
  else if constexpr (std::is_same_v<T, std::int32_t>) return "int32";
  else if constexpr (std::is_same_v<T, std::int64_t>) return "int64";
  else if constexpr (std::is_same_v<T, std::uint8_t>) return "uint8";
  else if constexpr (std::is_same_v<T, bool>) return "bool";
  else static_assert(is_dtype_v<T>, "xp: unsupported dtype");
}

/// @brief A dtype as a value (NumPy's `a.dtype`): what `a.dtype()` returns. It compares with
/// another dtype or with NumPy's name (`a.dtype() == "float64"`), prints as that name
/// (`float64`) and knows its item size and kind.
///
///     xp::dtype d = xp::dtype::of<float>();   // np.dtype(np.float32)
///     d.name();      // "float32"     d.itemsize();  // 4     d.kind();  // 'f'
class dtype {
 public:
  /// @brief xp's element types, in NumPy's promotion order.
  enum class code : std::uint8_t { bool_, uint8, int32, int64, float32, float64 };

  constexpr explicit dtype(code c) noexcept : m_code(c) {}

  /// @brief The dtype of element type T (np.dtype(T)).
  template <class T>
  static constexpr dtype of() noexcept {
    static_assert(is_dtype_v<T>, "xp::dtype::of<T>: T must be float, double, int32_t, int64_t, uint8_t or bool");
    if constexpr (std::is_same_v<T, bool>) return dtype(code::bool_);
    else if constexpr (std::is_same_v<T, std::uint8_t>) return dtype(code::uint8);
    else if constexpr (std::is_same_v<T, std::int32_t>) return dtype(code::int32);
    else if constexpr (std::is_same_v<T, std::int64_t>) return dtype(code::int64);
    else if constexpr (std::is_same_v<T, float>) return dtype(code::float32);
    else return dtype(code::float64);
  }

  constexpr code id() const noexcept { return m_code; }
  /// @brief NumPy's name: "bool", "uint8", "int32", "int64", "float32", "float64" (dtype.name).
  constexpr std::string_view name() const noexcept {
    constexpr std::string_view names[] = {"bool", "uint8", "int32", "int64", "float32", "float64"};
    return names[static_cast<int>(m_code)];
  }
  /// @brief Bytes per element (dtype.itemsize).
  constexpr std::size_t itemsize() const noexcept {
    constexpr std::size_t sizes[] = {1, 1, 4, 8, 4, 8};
    return sizes[static_cast<int>(m_code)];
  }
  /// @brief NumPy's kind character: 'b' bool, 'u' unsigned, 'i' signed, 'f' floating (dtype.kind).
  constexpr char kind() const noexcept {
    constexpr char kinds[] = {'b', 'u', 'i', 'i', 'f', 'f'};
    return kinds[static_cast<int>(m_code)];
  }

  friend constexpr bool operator==(dtype a, dtype b) noexcept { return a.m_code == b.m_code; }
  /// @brief `a.dtype() == "float32"`, as NumPy compares a dtype with its name.
  friend constexpr bool operator==(dtype a, std::string_view name) noexcept { return a.name() == name; }

 private:
  code m_code;
};

/// @brief Prints NumPy's name of the dtype (`print(a.dtype)` prints `float64`).
std::ostream& operator<<(std::ostream& os, dtype d);

namespace detail {
// Rank of a dtype in NumPy's lattice restricted to xp's dtypes; used to promote.
template <class T>
constexpr int kind_rank() {
  if constexpr (std::is_same_v<T, bool>) return 0;
  else if constexpr (std::is_same_v<T, std::uint8_t>) return 1;
  else if constexpr (std::is_same_v<T, std::int32_t>) return 2;
  else if constexpr (std::is_same_v<T, std::int64_t>) return 3;
  else if constexpr (std::is_same_v<T, float>) return 4;
  else return 5;  // double
}

template <class A, class B>
struct promote_arrays {
  static constexpr bool a_float = std::is_floating_point_v<A>;
  static constexpr bool b_float = std::is_floating_point_v<B>;
  // NumPy 2: int32/int64 with float32 needs float64 to hold every integer value exactly
  // enough; uint8 with float32 stays float32.
  using type = std::conditional_t<
      (a_float && !b_float && (std::is_same_v<B, std::int32_t> || std::is_same_v<B, std::int64_t>)) ||
          (b_float && !a_float && (std::is_same_v<A, std::int32_t> || std::is_same_v<A, std::int64_t>)),
      double, std::conditional_t<(kind_rank<A>() >= kind_rank<B>()), A, B>>;
};

// A Python-like scalar S next to an array of T (NumPy 2, NEP 50): the scalar is "weak" and
// does not widen the array unless it is of a higher kind (float scalar with an integer array).
template <class T, class S>
struct promote_scalar {
  using type = std::conditional_t<
      std::is_floating_point_v<S> && !std::is_floating_point_v<T>, double,
      std::conditional_t<std::is_integral_v<S> && !std::is_same_v<S, bool> && std::is_same_v<T, bool>, std::int64_t,
                         T>>;
};
}  // namespace detail

/// @brief The result dtype of combining two arrays (NumPy 2's np.result_type).
template <class A, class B>
using promote_t = typename detail::promote_arrays<A, B>::type;

/// @brief The result dtype of an array of T combined with a C++ scalar of type S (NumPy 2
/// weak scalar rule: `float_array * 2.0` stays float32).
template <class T, class S>
using promote_scalar_t = typename detail::promote_scalar<T, S>::type;

}  // namespace xp
