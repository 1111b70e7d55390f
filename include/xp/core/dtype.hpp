#pragma once
/// @file dtype.hpp
/// @brief The element types xp supports and NumPy 2's promotion rules between them.

#include <cstdint>
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
