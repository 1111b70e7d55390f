#pragma once
/// @file creation.hpp
/// @brief Array creation with NumPy's signatures: empty, zeros, ones, full, arange, linspace,
/// eye, the *_like forms, and arrays from C++ literals and containers. `B` defaults to
/// xp::host, and the dtype to NumPy's default: float64 (`xp::zeros({2, 3})`), int64 for
/// integer literals (`xp::arange(10)`, `xp::array({1, 2, 3})`, `xp::full({2}, 7)`).

#include <cmath>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "xp/core/ndarray.hpp"

namespace xp {

namespace detail {
/// The dtype NumPy gives a literal of C++ type S: bool stays bool, a floating literal keeps its
/// precision (float -> float32, double -> float64, xp::float16 -> float16), a complex one its
/// (std::complex<double> -> complex128), `int`, `long` and `long long` give int64 (NumPy's default
/// integer: `xp::array({1, 2})` is int64, as np.array([1, 2])), and the other fixed-width
/// integers keep their dtype (uint8_t -> uint8, int16_t -> int16, ...).
template <class S>
struct literal_dtype {
  using type = std::conditional_t<
      std::is_same_v<S, int> || std::is_same_v<S, long> || std::is_same_v<S, long long>, std::int64_t,
      std::conditional_t<
          std::is_same_v<S, long double>, double,
          std::conditional_t<is_dtype_v<S>, S,
                             std::conditional_t<is_std_complex_v<S>, scalar_storage_t<S>, std::int64_t>>>>;
};
template <class S>
using literal_dtype_t = typename literal_dtype<S>::type;
// A new array of `value`s (full, zeros, ones), inside the profiler range `range_name`.
template <class T, class B>
ndarray<T, B> full_of(const shape_type& shape, T value, const char* range_name) {
  op_range<B> range(range_name);
  ndarray<T, B> a(shape);
  generate(a, constant_gen<T>{value});
  return a;
}
/// Marks "no dtype given": the dtype follows the arguments (literal_dtype_t).
struct deduce_dtype {};
template <class T, class... S>
using dtype_or_t = std::conditional_t<std::is_same_v<T, deduce_dtype>, literal_dtype_t<std::common_type_t<S...>>, T>;
}  // namespace detail

/// @brief np.empty(shape, dtype): uninitialised; float64 unless a dtype is given.
template <class T = double, class B = host>
ndarray<T, B> empty(const shape_type& shape) {
  return ndarray<T, B>(shape);
}

/// @brief np.full(shape, value, dtype): the dtype is T when given, else the value's (an
/// integer literal gives int64, a double float64, a float float32, as NumPy does).
template <class T = detail::deduce_dtype, class B = host, class S>
requires detail::is_scalar_v<S>
auto full(const shape_type& shape, S value) {
  using R = detail::dtype_or_t<T, S>;
  return detail::full_of<R, B>(shape, detail::convert<R>(static_cast<detail::scalar_storage_t<S>>(value)), "xp::full");
}

/// @brief np.zeros(shape, dtype): float64 unless a dtype is given.
template <class T = double, class B = host>
ndarray<T, B> zeros(const shape_type& shape) {
  return detail::full_of<T, B>(shape, T(0), "xp::zeros");
}

/// @brief np.ones(shape, dtype): float64 unless a dtype is given.
template <class T = double, class B = host>
ndarray<T, B> ones(const shape_type& shape) {
  return detail::full_of<T, B>(shape, T(1), "xp::ones");
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
ndarray<T, B> full_like(const ndarray<T, B>& a, std::type_identity_t<T> value) {
  return full<T, B>(a.shape(), value);
}

namespace detail {
// NumPy's "Maximum allowed size exceeded" for an arange of `count` elements (compiled in
// src/core.cpp), the count in three digits.
[[noreturn]] void throw_arange_too_long(double count);

template <class T, class B>
ndarray<T, B> arange_of(double start, double stop, double step) {
  op_range<B> range("xp::arange");
  if (step == 0 || !std::isfinite(step)) throw value_error("xp::arange: step must be finite and non-zero");
  if (!std::isfinite(start) || !std::isfinite(stop)) throw value_error("xp::arange: start and stop must be finite");
  const double len = std::ceil((stop - start) / step);
  // 2^63: the first length index_t cannot hold (NumPy: "Maximum allowed size exceeded")
  if (!(len < 9223372036854775808.0)) throw_arange_too_long(len);
  ndarray<T, B> a({len > 0 ? static_cast<index_t>(len) : 0});
  const T first = arange_value<T>(start);
  const T delta = wrapping_sub(arange_value<T>(start + step), first);
  generate(a, arange_gen<T>{first, delta});
  return a;
}
}  // namespace detail

/// @brief np.arange(start, stop, step, dtype): values start + i*step while below stop
/// (above, for a negative step); bit-for-bit NumPy's values. Without a dtype: int64 when every
/// argument is an integer, else float64 (float32 for float arguments), as NumPy.
/// @throws xp::value_error for a zero or non-finite step.
template <class T = detail::deduce_dtype, class B = host, class A, class Z, class S = int>
requires std::is_arithmetic_v<A> && std::is_arithmetic_v<Z> && std::is_arithmetic_v<S>
auto arange(A start, Z stop, S step = 1) {
  static_assert(!std::is_same_v<detail::dtype_or_t<T, A, Z, S>, bool>,
                "xp::arange: bool is not an arithmetic sequence (NumPy refuses it too)");
  return detail::arange_of<detail::dtype_or_t<T, A, Z, S>, B>(static_cast<double>(start), static_cast<double>(stop),
                                                              static_cast<double>(step));
}

/// @brief np.arange(stop, dtype): 0, 1, ..., stop-1 (`xp::arange(10)` is int64, as NumPy's).
template <class T = detail::deduce_dtype, class B = host, class Z>
requires std::is_arithmetic_v<Z>
auto arange(Z stop) {
  static_assert(!std::is_same_v<detail::dtype_or_t<T, Z>, bool>,
                "xp::arange: bool is not an arithmetic sequence (NumPy refuses it too)");
  return detail::arange_of<detail::dtype_or_t<T, Z>, B>(0.0, static_cast<double>(stop), 1.0);
}

/// @brief np.linspace(start, stop, num, endpoint, dtype): `num` evenly spaced samples;
/// integer dtypes floor like NumPy.
/// float64 unless a dtype is given.
/// @throws xp::value_error for a negative num.
template <class T = double, class B = host>
ndarray<T, B> linspace(double start, double stop, index_t num, bool endpoint = true) {
  detail::op_range<B> range("xp::linspace");
  if (num < 0) throw value_error("xp::linspace: number of samples, " + std::to_string(num) + ", must be non-negative");
  const index_t div = endpoint ? num - 1 : num;
  const double step = div > 0 ? (stop - start) / static_cast<double>(div) : 0.0;
  ndarray<T, B> a({num});
  detail::generate(a, detail::linspace_gen<T>{start, step, stop, endpoint && num > 1 ? num - 1 : -1});
  return a;
}

/// @brief np.eye(n, m, k, dtype): ones on the k-th diagonal; m defaults to n; float64 unless
/// a dtype is given.
/// @throws xp::value_error for a negative n or m.
template <class T = double, class B = host>
ndarray<T, B> eye(index_t n, std::optional<index_t> m = std::nullopt, index_t k = 0) {
  detail::op_range<B> range("xp::eye");
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
namespace detail {
// Nested initializer lists of depth D over S (D = 1: std::initializer_list<S>).
template <class S, int D>
struct nested_list {
  using type = std::initializer_list<typename nested_list<S, D - 1>::type>;
};
template <class S>
struct nested_list<S, 0> {
  using type = S;
};
template <class S, int D>
using nested_list_t = typename nested_list<S, D>::type;

// Appends the leaves of a nested list in C order; the first list met at each depth sets that
// extent (shape holds one entry per depth, -1 until met), and a later one of another length is
// NumPy's "inhomogeneous shape" error.
template <class T, class S>
void flatten_literal(const S& leaf, std::vector<T>& values, shape_type&, std::size_t) {
  values.push_back(convert<T>(static_cast<scalar_storage_t<std::decay_t<decltype(leaf)>>>(leaf)));
}

// The values of a braced list whose C++ types differ (`{1, 2.5}`), which no template can deduce
// (NumPy: np.array([1, 2.5]) is float64). A list of bool, int, long and long long values (NumPy's
// bool and int64) is int64; one that also holds a double is float64; with a dtype given, any scalars
// convert to it. Each leaf keeps its value converted already.
template <class S>
inline constexpr bool int64_literal_v =
    std::is_same_v<S, bool> || std::is_same_v<S, int> || std::is_same_v<S, long> || std::is_same_v<S, long long>;
struct int64_literal {
  std::int64_t value;
  template <class S>
  requires int64_literal_v<S> int64_literal(S v)
      : value(static_cast<std::int64_t>(v)) {}  // NOLINT(google-explicit-constructor)
};
struct float64_literal {
  double value = 0;
  template <class S>
  requires is_scalar_v<S> float64_literal(S v) {  // NOLINT(google-explicit-constructor)
    static_assert(int64_literal_v<S> || std::is_same_v<S, double>,
                  "xp::array: a list of values of different C++ types gives float64 from bool, int, long, long "
                  "long and double values (as np.array([1, 2.5])); for other types give the dtype: "
                  "xp::array<float>({1, 2.5f})");
    if constexpr (int64_literal_v<S> || std::is_same_v<S, double>) value = static_cast<double>(v);
  }
};
template <class T>
struct typed_literal {
  T value;
  template <class S>
  requires is_scalar_v<S> typed_literal(S v) : value(convert<T>(static_cast<scalar_storage_t<S>>(v))) {}  // NOLINT
};
// One node of such a list: a value, or a braced list of nodes, so that one overload takes every
// depth (`{{1}, {2.5}}` too). The nested lists' arrays live until the end of the full expression
// that holds the call, which is as long as array() reads them.
template <class Leaf>
struct literal_node {
  std::optional<Leaf> leaf;
  std::initializer_list<literal_node> children;
  template <class S>
  requires(is_scalar_v<S>&& std::is_convertible_v<S, Leaf>) literal_node(S v)  // NOLINT(google-explicit-constructor)
      : leaf(Leaf(v)) {}
  literal_node(std::initializer_list<literal_node> list) : children(list) {}  // NOLINT(google-explicit-constructor)
};
[[noreturn]] inline void throw_inhomogeneous(const shape_type& shape, std::size_t depth) {
  throw value_error(
      "xp::array: setting an array element with a sequence. The requested array has an inhomogeneous shape after " +
      std::to_string(depth) + " dimensions. The detected shape was " +
      to_string(shape_type(shape.begin(), shape.begin() + static_cast<std::ptrdiff_t>(depth))) +
      " + inhomogeneous part.");
}
// Appends the values under `list` (at `depth`) in C order; the first list met at each depth sets
// that extent, and the first path down to a value sets the number of dimensions (NumPy's rules).
template <class T, class Leaf>
void flatten_nodes(std::initializer_list<literal_node<Leaf>> list, std::vector<T>& values, shape_type& shape,
                   std::size_t depth) {
  if (depth == shape.size()) shape.push_back(static_cast<index_t>(list.size()));
  else if (shape[depth] != static_cast<index_t>(list.size())) throw_inhomogeneous(shape, depth);
  for (const literal_node<Leaf>& node : list) {
    const bool last = depth + 1 == shape.size() && !values.empty();  // dimensions already known to end here
    if (node.leaf) {
      if (depth + 1 < shape.size()) throw_inhomogeneous(shape, depth + 1);
      values.push_back(convert<T>(node.leaf->value));
    } else {
      if (last) throw_inhomogeneous(shape, depth + 1);
      flatten_nodes(node.children, values, shape, depth + 1);
    }
  }
}
// The array of `shape` holding `values` in C order (std::vector<bool> packs bits: copied out first).
template <class T, class B>
ndarray<T, B> array_of_values(const shape_type& shape, const std::vector<T>& values) {
  ndarray<T, B> a(shape);
  if (!values.empty()) {
    if constexpr (std::is_same_v<T, bool>) {
      std::unique_ptr<bool[]> tmp(new bool[values.size()]);
      for (std::size_t i = 0; i < values.size(); ++i) tmp[i] = values[i];
      primitive::memory<B>::upload(a.data(), tmp.get(), values.size());
    } else {
      primitive::memory<B>::upload(a.data(), values.data(), values.size() * sizeof(T));
    }
  }
  return a;
}
template <class T, class B, class Leaf>
ndarray<T, B> array_from_nodes(std::initializer_list<literal_node<Leaf>> list) {
  std::vector<T> values;
  shape_type shape;
  flatten_nodes(list, values, shape, 0);
  return array_of_values<T, B>(shape, values);
}
template <class T, class S>
void flatten_literal(const std::initializer_list<S>& list, std::vector<T>& values, shape_type& shape,
                     std::size_t depth) {
  const auto n = static_cast<index_t>(list.size());
  if (shape[depth] < 0) {
    shape[depth] = n;
  } else if (shape[depth] != n) {
    throw_inhomogeneous(shape, depth);
  }
  for (const S& item : list) flatten_literal(item, values, shape, depth + 1);
}
template <class T, class B, int D, class List>
ndarray<T, B> array_from_literal(const List& list) {
  static_assert(is_dtype_v<T>, "xp::array: the dtype must be " XP_ONE_OF_THE_DTYPES);
  std::vector<T> values;
  shape_type shape(D, -1);
  flatten_literal(list, values, shape, 0);
  for (index_t& extent : shape)  // an empty list leaves the inner extents unmet: zero, as NumPy's (2, 0)
    if (extent < 0) extent = 0;
  return array_of_values<T, B>(shape, values);
}
}  // namespace detail

/// @brief np.array(nested list): `xp::array({{1., 2.}, {3., 4.}})` (shape (2, 2), float64),
/// `xp::array({1, 2, 3})` (int64, like NumPy), `xp::array<float>({{1, 2}, {3, 4}})` (the
/// dtype given); up to four levels of braces, the shape read from them. The values' C++ type
/// gives the dtype when none is given, as NumPy's literals do: integer -> int64, double ->
/// float64, float -> float32, bool -> bool; a list that mixes types (`{1, 2.5}`) takes the
/// overloads below (float64 there, as NumPy).
/// @throws xp::value_error for ragged lists ("inhomogeneous shape"), as NumPy.
#define XP_ARRAY_LITERAL(depth, list_of_S)                                                       \
  template <class T = detail::deduce_dtype, class B = host, class S>                             \
  requires detail::is_scalar_v<S> ndarray<detail::dtype_or_t<T, S>, B> array(list_of_S values) { \
    return detail::array_from_literal<detail::dtype_or_t<T, S>, B, depth>(values);               \
  }
#define XP_LIST_(X) std::initializer_list<X>
XP_ARRAY_LITERAL(1, XP_LIST_(S))
XP_ARRAY_LITERAL(2, XP_LIST_(XP_LIST_(S)))
XP_ARRAY_LITERAL(3, XP_LIST_(XP_LIST_(XP_LIST_(S))))
XP_ARRAY_LITERAL(4, XP_LIST_(XP_LIST_(XP_LIST_(XP_LIST_(S)))))
#undef XP_LIST_
#undef XP_ARRAY_LITERAL

/// @brief np.array of a list whose values have different C++ types, as NumPy's mixed lists:
/// `xp::array({1, 2.5})` is float64, `xp::array({{1, 2}, {3.5, 4}})` and `{{1}, {2.5}}` too;
/// `xp::array({true, 2})` and `xp::array({0, n})` with `long n` are int64 (bool, int, long and long
/// long values give int64, and with a double among them float64). Other mixes are refused at
/// compile time unless the dtype is given: `xp::array<float>({1, 2.5f})` converts every value to
/// it (on any backend: `xp::array<double, xp::cuda>({1, 2.5})`). Any depth of braces. A list of
/// one C++ type takes the overloads above.
/// @throws xp::value_error for ragged lists, as NumPy, and for braces without any value
///         (`xp::array({{}, {}})`: write the dtype, or the shape: `xp::zeros<double>({2, 0})`).
// The int64 form is not a template, so that where both take a list (`{true, 2}`) it is chosen over
// the float64 one; it is compiled in libxp (src/array_literal.cpp), since its body needs the
// host backend, which this header does not include.
ndarray<std::int64_t, host> array(std::initializer_list<detail::literal_node<detail::int64_literal>> values);
template <class T = detail::deduce_dtype, class B = host>
requires std::is_same_v<T, detail::deduce_dtype> ndarray<double, B> array(
    std::initializer_list<detail::literal_node<detail::float64_literal>> values) {
  return detail::array_from_nodes<double, B>(values);
}
template <class T, class B = host>
requires(!std::is_same_v<T, detail::deduce_dtype>) ndarray<T, B> array(
    std::initializer_list<std::type_identity_t<detail::literal_node<detail::typed_literal<T>>>> values) {
  static_assert(is_dtype_v<T>, "xp::array: the dtype must be " XP_ONE_OF_THE_DTYPES);
  return detail::array_from_nodes<T, B>(values);
}

/// @brief np.array(list).reshape(shape): a flat list laid out in `shape`.
/// @throws xp::shape_error when the shape's size differs from the number of values.
template <class T, class B = host>
ndarray<T, B> array(std::initializer_list<std::type_identity_t<T>> values, const shape_type& shape) {
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

/// @brief A 0-d array holding one value (np.array(value)); the dtype as for full.
template <class T = detail::deduce_dtype, class B = host, class S>
requires detail::is_scalar_v<S>
auto scalar(S value) { return full<T, B>({}, value); }

}  // namespace xp
