#pragma once
/// @file print.hpp
/// @brief Printing like NumPy's `str(a)` (`std::cout << a`, `xp::array_str(a)`). The formatting
/// itself is compiled once into the xp library (src/format.cpp) and type-erased: this header
/// only maps the element type to a tag and hands over a pointer, the shape and the strides.
/// Device arrays are copied to the host first (printing synchronises).

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <type_traits>

#include "xp/core/ndarray.hpp"

namespace xp {
namespace detail {

/// @brief The element types the compiled printer knows (xp's six dtypes).
enum class print_dtype : std::uint8_t { bool_, uint8, int32, int64, float32, float64 };

template <class T>
constexpr print_dtype print_dtype_of() {
  static_assert(is_dtype_v<T>, "xp: printing takes float, double, int32_t, int64_t, uint8_t or bool");
  if constexpr (std::is_same_v<T, bool>) return print_dtype::bool_;
  else if constexpr (std::is_same_v<T, std::uint8_t>) return print_dtype::uint8;
  else if constexpr (std::is_same_v<T, std::int32_t>) return print_dtype::int32;
  else if constexpr (std::is_same_v<T, std::int64_t>) return print_dtype::int64;
  else if constexpr (std::is_same_v<T, float>) return print_dtype::float32;
  else return print_dtype::float64;
}

/// @brief NumPy's str() of the host elements at `data` (strides in elements, any sign), with
/// NumPy's default print options: precision 8, threshold 1000, edgeitems 3, linewidth 75.
/// Compiled in src/format.cpp.
std::string format_array(const void* data, print_dtype dtype, const index_t* shape, const index_t* strides,
                         std::size_t ndim);
/// @brief Writes format_array(...) to `os`.
std::ostream& write_array(std::ostream& os, const void* data, print_dtype dtype, const index_t* shape,
                          const index_t* strides, std::size_t ndim);

}  // namespace detail

/// @brief NumPy's `str(a)` / `np.array_str(a)`: `[1. 2. 3.]`, `[[1 2]\n [3 4]]`,
/// `[ True False]`; scientific notation, `nan`/`inf`, wrapping at 75 columns and `...` beyond
/// 1000 elements as NumPy's default print options do; a 0-d array gives its scalar (`3.0`).
/// A device array is copied to the host first (waits for the device).
template <class T, class B>
std::string array_str(const ndarray<T, B>& a) {
  if constexpr (std::is_same_v<B, host>) {
    return detail::format_array(a.data(), detail::print_dtype_of<T>(), a.shape().data(), a.strides().data(), a.ndim());
  } else {
    const ndarray<T, host> h = a.copy_to_host();
    return detail::format_array(h.data(), detail::print_dtype_of<T>(), h.shape().data(), h.strides().data(), h.ndim());
  }
}

/// @brief Prints like NumPy's `print(a)` (see array_str); a device array is copied to the
/// host first.
template <class T, class B>
std::ostream& operator<<(std::ostream& os, const ndarray<T, B>& a) {
  if constexpr (std::is_same_v<B, host>) {
    return detail::write_array(os, a.data(), detail::print_dtype_of<T>(), a.shape().data(), a.strides().data(),
                               a.ndim());
  } else {
    const ndarray<T, host> h = a.copy_to_host();
    return detail::write_array(os, h.data(), detail::print_dtype_of<T>(), h.shape().data(), h.strides().data(),
                               h.ndim());
  }
}

}  // namespace xp
