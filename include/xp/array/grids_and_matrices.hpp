#pragma once
/// @file grids_and_matrices.hpp
/// @brief NumPy's creation functions built from other operations: meshgrid, tril, triu,
/// geomspace, logspace, diag and identity_matrix (np.identity). (creation.hpp holds the ones compiled into the
/// library for every dtype; these are templates over views, copies and elementwise
/// expressions, on every backend.)

#include <cmath>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "xp/core/creation.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/power.hpp"
#include "xp/expr/reduction.hpp"

namespace xp {

namespace detail {
inline void check_indexing(std::string_view indexing) {
  if (indexing != "xy" && indexing != "ij")
    throw value_error("xp::meshgrid: valid values for `indexing` are 'xy' and 'ij', got '" + std::string(indexing) +
                      "'");
}
// The grid shape for inputs of these sizes: (n1, n0, n2, ...) for "xy" with two or more inputs.
inline shape_type meshgrid_shape(shape_type sizes, std::string_view indexing) {
  if (indexing == "xy" && sizes.size() > 1) std::swap(sizes[0], sizes[1]);
  return sizes;
}
// Input i of a meshgrid of `shape`: x flattened along the grid's axis for input i, broadcast
// over the others, copied.
template <class T, class B>
ndarray<T, B> meshgrid_one(const ndarray<T, B>& x, std::size_t i, const shape_type& shape, std::string_view indexing) {
  const std::size_t n = shape.size();
  const std::size_t at = indexing == "xy" && n > 1 && i < 2 ? 1 - i : i;
  const auto flat = x.ravel();
  shape_type s(n, 1), st(n, 0);
  s[at] = flat.shape()[0];
  st[at] = flat.strides()[0];
  ndarray<T, B> grid(shape);
  assign(grid, ndarray<T, B>(flat.buffer(), flat.data(), s, st, false));
  return grid;
}
template <class Args, std::size_t... I>
auto meshgrid_of(std::string_view indexing, const Args& args, std::index_sequence<I...>) {
  check_indexing(indexing);
  const shape_type shape = meshgrid_shape({std::get<I>(args).size()...}, indexing);
  return std::tuple{meshgrid_one(std::get<I>(args), I, shape, indexing)...};
}
template <class A>
inline constexpr bool is_indexing_arg_v = std::is_convertible_v<const A&, std::string_view>;
template <class A>
concept array_arg = is_ndarray_v<A>;
/// An input array, or the indexing string (last).
template <class A>
concept meshgrid_arg = is_ndarray_v<A> || is_indexing_arg_v<A>;
}  // namespace detail

/// @brief np.meshgrid(*xs, indexing): coordinate arrays, one per input, of shape
/// (len(x1), len(x0), len(x2), ...) for "xy" (the default, Cartesian) or (len(x0), len(x1), ...)
/// for "ij" (matrix). Inputs of any shape are flattened first; each result is a new C-contiguous
/// array (NumPy's copy=True) of its input's dtype. `xp::meshgrid(x, y)`, `xp::meshgrid(x, y, "ij")`
/// return a std::tuple (NumPy 2's tuple); the list form below a std::vector.
/// @throws xp::value_error for an indexing other than "xy" or "ij".
template <detail::array_arg X, detail::meshgrid_arg... A>
auto meshgrid(const X& x, const A&... rest) {
  detail::op_range<typename X::backend_type> range("xp::meshgrid");
  const auto args = std::forward_as_tuple(x, rest...);
  constexpr std::size_t count = 1 + sizeof...(A);
  if constexpr (detail::is_indexing_arg_v<std::tuple_element_t<count - 1, std::tuple<X, A...>>>)
    return detail::meshgrid_of(std::get<count - 1>(args), args, std::make_index_sequence<count - 1>{});
  else return detail::meshgrid_of("xy", args, std::make_index_sequence<count>{});
}
/// @brief np.meshgrid(*xs, indexing) for a list of one dtype: a std::vector (no inputs, no
/// arrays). @see meshgrid
template <class T, class B>
std::vector<ndarray<T, B>> meshgrid(const std::vector<ndarray<T, B>>& xs, std::string_view indexing = "xy") {
  detail::op_range<B> range("xp::meshgrid");
  detail::check_indexing(indexing);
  shape_type sizes;
  for (const auto& x : xs) sizes.push_back(x.size());
  const shape_type shape = detail::meshgrid_shape(sizes, indexing);
  std::vector<ndarray<T, B>> out;
  out.reserve(xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i) out.push_back(detail::meshgrid_one(xs[i], i, shape, indexing));
  return out;
}
/// @brief meshgrid({x, y}, indexing). @see meshgrid
template <class T, class B>
std::vector<ndarray<T, B>> meshgrid(std::initializer_list<ndarray<T, B>> xs, std::string_view indexing = "xy") {
  return meshgrid(std::vector<ndarray<T, B>>(xs), indexing);
}

namespace detail {
// The elements of a's last two axes (i, j) for which keep(j - i) holds, zero elsewhere (NumPy's
// where(tri mask, a, 0): a 1-D a broadcasts against the (n, n) mask).
template <class T, class B, class Keep>
ndarray<T, B> triangle(const char* fn, const ndarray<T, B>& a, Keep keep) {
  op_range<B> range(fn);
  if (a.ndim() == 0) throw value_error(std::string(fn) + ": input must be at least 1-d, got a 0-d array");
  const index_t cols = a.shape()[a.ndim() - 1], rows = a.ndim() >= 2 ? a.shape()[a.ndim() - 2] : cols;
  const auto i = arange<index_t, B>(rows).reshape({rows, 1});
  const auto j = arange<index_t, B>(cols).reshape({1, cols});
  return ndarray<T, B>(where(keep(j - i), a, T(0)));
}
}  // namespace detail

/// @brief np.tril(a, k): a copy with the elements above the k-th diagonal of the last two axes
/// zeroed (batched over leading axes; a 1-D a gives the (n, n) matrix of its rows, as NumPy).
/// @throws xp::value_error for a 0-d array.
template <class T, class B>
ndarray<T, B> tril(const ndarray<T, B>& a, index_t k = 0) {
  return detail::triangle("xp::tril", a, [k](const auto& d) { return d <= k; });
}
/// @brief np.triu(a, k): a copy with the elements below the k-th diagonal zeroed. @see tril
/// @throws xp::value_error for a 0-d array.
template <class T, class B>
ndarray<T, B> triu(const ndarray<T, B>& a, index_t k = 0) {
  return detail::triangle("xp::triu", a, [k](const auto& d) { return d >= k; });
}

/// @brief np.logspace(start, stop, num, endpoint, base, dtype): base ** linspace(start, stop),
/// computed in float64 (NumPy's power) and converted to T (float64 unless given).
/// @throws xp::value_error for a negative num.
template <class T = double, class B = host>
ndarray<T, B> logspace(double start, double stop, index_t num = 50, bool endpoint = true, double base = 10.0) {
  detail::op_range<B> range("xp::logspace");
  const auto y = linspace<double, B>(start, stop, num, endpoint);
  ndarray<double, B> p(power(base, y));
  if constexpr (std::is_same_v<T, double>) return p;
  else return p.template astype<T>();
}

/// @brief np.geomspace(start, stop, num, endpoint, dtype): a geometric progression from start to
/// stop, computed in float64 like NumPy's real path (start rotated to positive, logspace of the
/// log10s, the endpoints set exactly, the sign restored) and converted to T. Start and stop of
/// opposite signs give NaN inside, as NumPy's real geomspace. Complex T receives the real
/// progression (NumPy computes complex start/stop in complex arithmetic; xp takes real ones).
/// @throws xp::value_error when start or stop is zero, or for a negative num.
template <class T = double, class B = host>
ndarray<T, B> geomspace(double start, double stop, index_t num = 50, bool endpoint = true) {
  detail::op_range<B> range("xp::geomspace");
  if (start == 0 || stop == 0)
    throw value_error("xp::geomspace: geometric sequence cannot include zero (start " + std::to_string(start) +
                      ", stop " + std::to_string(stop) + ")");
  const double sign = start < 0 ? -1.0 : 1.0;
  auto result = logspace<double, B>(std::log10(start / sign), std::log10(stop / sign), num, endpoint, 10.0);
  if (num > 0) result(0) = start;
  if (num > 1 && endpoint) result(num - 1) = stop;
  if (sign < 0) {
    // the interior times -1 (exact: a sign flip); the endpoints already hold start and stop
    const index_t lo = 1, hi = endpoint ? num - 1 : num;
    if (hi > lo) result(range_t{lo, hi, 1}) = -result(range_t{lo, hi, 1});
  }
  if constexpr (std::is_same_v<T, double>) return result;
  else return result.template astype<T>();
}

/// @brief np.diag(v, k): a 1-D v gives the square matrix (len + |k|) with v on the k-th
/// diagonal; a 2-D v gives a copy of its k-th diagonal (empty when k lies outside).
/// @throws xp::value_error for other ranks, or a matrix side that overflows.
template <class T, class B>
ndarray<T, B> diag(const ndarray<T, B>& v, index_t k = 0) {
  detail::op_range<B> range("xp::diag");
  if (v.ndim() == 1) {
    const index_t n = v.shape()[0];
    index_t side = 0;
    if (k == std::numeric_limits<index_t>::min() || __builtin_add_overflow(n, k < 0 ? -k : k, &side))
      throw value_error("xp::diag: a diagonal of " + std::to_string(n) + " at offset " + std::to_string(k) +
                        " is too big");
    auto out = zeros<T, B>({side, side});
    if (n > 0) {
      T* first = out.data() + (k >= 0 ? k : -k * side);
      detail::assign(ndarray<T, B>(out.buffer(), first, {n}, {side + 1}), v);
    }
    return out;
  }
  if (v.ndim() == 2) {
    const index_t rows = v.shape()[0], cols = v.shape()[1];
    index_t len = 0;
    if (k >= 0 && k < cols) len = std::min(rows, cols - k);
    else if (k < 0 && k > -rows) len = std::min(rows + k, cols);
    T* first = v.data();
    if (len > 0) first += k >= 0 ? k * v.strides()[1] : -k * v.strides()[0];
    return ndarray<T, B>(v.buffer(), first, {len}, {v.strides()[0] + v.strides()[1]}).copy();
  }
  throw value_error("xp::diag: input must be 1-d or 2-d, got shape " + to_string(v.shape()));
}

/// @brief np.identity(n, dtype): the n x n identity matrix, float64 unless a dtype is given.
/// Named identity_matrix because `xp::identity` is already the identity functor that
/// reduction_kernel takes as a post-map (`xp::identity{}`); a function of that name would hide it.
/// @throws xp::value_error for a negative n.
template <class T = double, class B = host>
ndarray<T, B> identity_matrix(index_t n) {
  return eye<T, B>(n);
}

}  // namespace xp
