#pragma once
/// @file creation.hpp
/// @brief Array creation with NumPy's signatures: empty, zeros, ones, full, arange, linspace,
/// eye, the *_like forms, and arrays from C++ containers. `B` defaults to xp::host.

#include <cmath>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "xp/core/ndarray.hpp"

namespace xp {

/// @brief np.empty(shape, dtype): uninitialised.
template <class T, class B = host>
ndarray<T, B> empty(const shape_type& shape) {
  return ndarray<T, B>(shape);
}

/// @brief np.full(shape, value, dtype).
template <class T, class B = host>
ndarray<T, B> full(const shape_type& shape, T value) {
  ndarray<T, B> a(shape);
  a.fill(value);
  return a;
}

/// @brief np.zeros(shape, dtype).
template <class T, class B = host>
ndarray<T, B> zeros(const shape_type& shape) {
  return full<T, B>(shape, T(0));
}

/// @brief np.ones(shape, dtype).
template <class T, class B = host>
ndarray<T, B> ones(const shape_type& shape) {
  return full<T, B>(shape, T(1));
}

/// @brief np.empty_like(a).
template <class T, class B>
ndarray<T, B> empty_like(const ndarray<T, B>& a) {
  return empty<T, B>(a.shape());
}
/// @brief np.zeros_like(a).
template <class T, class B>
ndarray<T, B> zeros_like(const ndarray<T, B>& a) {
  return zeros<T, B>(a.shape());
}
/// @brief np.ones_like(a).
template <class T, class B>
ndarray<T, B> ones_like(const ndarray<T, B>& a) {
  return ones<T, B>(a.shape());
}
/// @brief np.full_like(a, value).
template <class T, class B>
ndarray<T, B> full_like(const ndarray<T, B>& a, T value) {
  return full<T, B>(a.shape(), value);
}

/// @brief np.arange(start, stop, step, dtype): values start + i*step while below stop
/// (above, for a negative step); bit-for-bit NumPy's values.
/// @throws xp::value_error for a zero or non-finite step.
template <class T, class B = host>
ndarray<T, B> arange(double start, double stop, double step = 1) {
  static_assert(!std::is_same_v<T, bool>, "xp::arange: bool is not an arithmetic sequence (NumPy refuses it too)");
  if (step == 0 || !std::isfinite(step)) throw value_error("xp::arange: step must be finite and non-zero");
  if (!std::isfinite(start) || !std::isfinite(stop)) throw value_error("xp::arange: start and stop must be finite");
  const double len = std::ceil((stop - start) / step);
  // 2^63: the first length index_t cannot hold (NumPy: "Maximum allowed size exceeded")
  if (!(len < 9223372036854775808.0))
    throw value_error("xp::arange: Maximum allowed size exceeded (" + std::to_string(len) + " elements)");
  ndarray<T, B> a({len > 0 ? static_cast<index_t>(len) : 0});
  const T first = detail::arange_value<T>(start);
  const T delta = detail::wrapping_sub(detail::arange_value<T>(start + step), first);
  detail::generate(a, detail::arange_gen<T>{first, delta});
  return a;
}

/// @brief np.arange(stop, dtype): 0, 1, ..., stop-1.
template <class T, class B = host>
ndarray<T, B> arange(double stop) {
  return arange<T, B>(0.0, stop, 1.0);
}

/// @brief np.linspace(start, stop, num, endpoint, dtype): `num` evenly spaced samples;
/// integer dtypes floor like NumPy.
/// @throws xp::value_error for a negative num.
template <class T, class B = host>
ndarray<T, B> linspace(double start, double stop, index_t num, bool endpoint = true) {
  if (num < 0) throw value_error("xp::linspace: number of samples, " + std::to_string(num) + ", must be non-negative");
  const index_t div = endpoint ? num - 1 : num;
  const double step = div > 0 ? (stop - start) / static_cast<double>(div) : 0.0;
  ndarray<T, B> a({num});
  detail::generate(a, detail::linspace_gen<T>{start, step, stop, endpoint && num > 1 ? num - 1 : -1});
  return a;
}

/// @brief np.eye(n, m, k, dtype): ones on the k-th diagonal; m defaults to n.
/// @throws xp::value_error for a negative n or m.
template <class T, class B = host>
ndarray<T, B> eye(index_t n, std::optional<index_t> m = std::nullopt, index_t k = 0) {
  const index_t cols = m.value_or(n);
  ndarray<T, B> a({n, cols});
  detail::generate(a, detail::eye_gen<T>{cols > 0 ? cols : 1, k});
  return a;
}

/// @brief np.array(values, dtype).reshape(shape): a copy of host values on backend B.
/// @throws xp::shape_error when the shape's size differs from the number of values.
template <class T, class B = host>
ndarray<T, B> array(const T* values, std::size_t count, const shape_type& shape) {
  if (size_of(shape) != static_cast<index_t>(count))
    throw shape_error("xp::array: cannot reshape " + std::to_string(count) + " values into shape " + to_string(shape));
  ndarray<T, B> a(shape);
  if (count > 0) primitive::memory<B>::upload(a.data(), values, count * sizeof(T));
  return a;
}
/// @brief np.array(list) as a 1-D array, or reshaped to `shape`.
template <class T, class B = host>
ndarray<T, B> array(std::initializer_list<T> values) {
  return array<T, B>(values.begin(), values.size(), {static_cast<index_t>(values.size())});
}
template <class T, class B = host>
ndarray<T, B> array(std::initializer_list<T> values, const shape_type& shape) {
  return array<T, B>(values.begin(), values.size(), shape);
}
/// @brief np.array(vector).reshape(shape). For bool, std::vector<bool> is unpacked first.
template <class T, class B = host>
ndarray<T, B> array(const std::vector<T>& values, const shape_type& shape) {
  if constexpr (std::is_same_v<T, bool>) {
    std::unique_ptr<bool[]> tmp(new bool[values.size()]);
    for (std::size_t i = 0; i < values.size(); ++i) tmp[i] = values[i];
    return array<T, B>(tmp.get(), values.size(), shape);
  } else {
    return array<T, B>(values.data(), values.size(), shape);
  }
}
template <class T, class B = host>
ndarray<T, B> array(const std::vector<T>& values) {
  return array<T, B>(values, {static_cast<index_t>(values.size())});
}

/// @brief A 0-d array holding one value (np.array(value)).
template <class T, class B = host>
ndarray<T, B> scalar(T value) {
  return full<T, B>({}, value);
}

}  // namespace xp
