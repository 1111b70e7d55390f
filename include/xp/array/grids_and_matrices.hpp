#pragma once
/// @file grids_and_matrices.hpp
/// @brief NumPy's creation functions built from other operations: meshgrid, tril, triu,
/// geomspace, logspace, diag and identity_matrix (np.identity); and the matrix functions
/// diagonal (a view), trace, kron and cross. (creation.hpp holds the ones compiled into the
/// library for every dtype; these are templates over views, copies and elementwise
/// expressions, on every backend.)

#include <algorithm>
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

/// @brief np.diagonal(a, offset, axis1, axis2): the offset diagonal of the matrices in axes
/// (axis1, axis2), as a read-only VIEW (NumPy's too is read-only) whose last axis is the
/// diagonal and whose leading axes are a's others, in order. Empty when the offset lies outside.
/// @throws xp::value_error for an array of fewer than 2 dimensions or axis1 == axis2 (after
/// normalising); xp::axis_error for an axis out of range.
template <class T, class B>
ndarray<T, B> diagonal(const ndarray<T, B>& a, index_t offset = 0, index_t axis1 = 0, index_t axis2 = 1) {
  if (a.ndim() < 2)
    throw value_error("xp::diagonal: the array must have at least 2 dimensions, got shape " + to_string(a.shape()));
  const auto i = static_cast<std::size_t>(normalize_axis(axis1, a.ndim()));
  const auto j = static_cast<std::size_t>(normalize_axis(axis2, a.ndim()));
  if (i == j)
    throw value_error("xp::diagonal: axis1 and axis2 are the same axis (" + std::to_string(axis1) + " and " +
                      std::to_string(axis2) + " for shape " + to_string(a.shape()) + ")");
  const index_t rows = a.shape()[i], cols = a.shape()[j];
  index_t len = 0;
  T* first = a.data();
  if (offset >= 0 && offset < cols) {
    len = std::min(rows, cols - offset);
    first += offset * a.strides()[j];
  } else if (offset < 0 && offset > -rows) {
    len = std::min(rows + offset, cols);
    first += -offset * a.strides()[i];
  }
  shape_type shape, strides;
  for (std::size_t d = 0; d < a.ndim(); ++d)
    if (d != i && d != j) {
      shape.push_back(a.shape()[d]);
      strides.push_back(a.strides()[d]);
    }
  shape.push_back(len);
  strides.push_back(a.strides()[i] + a.strides()[j]);
  return ndarray<T, B>(a.buffer(), len > 0 ? first : a.data(), std::move(shape), std::move(strides), false);
}

/// @brief np.trace(a, offset, axis1, axis2): the sum along diagonal(a, offset, axis1, axis2);
/// a 2-D a gives a 0-d array. Dtype as xp::sum (NumPy's): integers and bool in int64 (uint64 for
/// unsigned), floats and complex in their own.
/// @throws as diagonal.
template <class T, class B>
auto trace(const ndarray<T, B>& a, index_t offset = 0, index_t axis1 = 0, index_t axis2 = 1) {
  detail::op_range<B> range("xp::trace");
  return sum(diagonal(a, offset, axis1, axis2), {-1});
}

/// @brief np.kron(a, b): the Kronecker product, N-d: the operand of fewer dimensions gets leading
/// axes of 1, and result[i * b.shape + j] = a[i] * b[j] along every axis (shape a.shape *
/// b.shape). The dtype is promote_t<T, U>.
template <class T, class U, class B>
ndarray<promote_t<T, U>, B> kron(const ndarray<T, B>& a, const ndarray<U, B>& b) {
  detail::op_range<B> range("xp::kron");
  using R = promote_t<T, U>;
  const std::size_t n = std::max(a.ndim(), b.ndim());
  // a as (a0, 1, a1, 1, ...) and b as (1, b0, 1, b1, ...): their product is the result with
  // each axis split in two
  shape_type as(2 * n, 1), at(2 * n, 0), bs(2 * n, 1), bt(2 * n, 0), result(n);
  for (std::size_t d = 0; d < n; ++d) {
    if (d + a.ndim() >= n) {
      as[2 * d] = a.shape()[d + a.ndim() - n];
      at[2 * d] = a.strides()[d + a.ndim() - n];
    }
    if (d + b.ndim() >= n) {
      bs[2 * d + 1] = b.shape()[d + b.ndim() - n];
      bt[2 * d + 1] = b.strides()[d + b.ndim() - n];
    }
    result[d] = as[2 * d] * bs[2 * d + 1];
  }
  const ndarray<T, B> av(a.buffer(), a.data(), std::move(as), std::move(at), false);
  const ndarray<U, B> bv(b.buffer(), b.data(), std::move(bs), std::move(bt), false);
  return ndarray<R, B>(av * bv).reshape(result);
}

namespace detail {
// Component c of the vectors along a's last axis: a view without that axis.
template <class T, class B>
ndarray<T, B> vector_component(const ndarray<T, B>& a, index_t c) {
  const shape_type shape(a.shape().begin(), a.shape().end() - 1), strides(a.strides().begin(), a.strides().end() - 1);
  return ndarray<T, B>(a.buffer(), a.data() + c * a.strides().back(), shape, strides, a.writeable());
}
// a with `axis` moved last.
template <class T, class B>
ndarray<T, B> axis_last(const ndarray<T, B>& a, int axis) {
  std::vector<index_t> order;
  for (index_t d = 0; d < static_cast<index_t>(a.ndim()); ++d)
    if (d != axis) order.push_back(d);
  order.push_back(axis);
  return transpose(a, order);
}
}  // namespace detail

/// @brief np.cross(a, b, axis=axis): the cross product of the 3-vectors along `axis` of each
/// operand (counted in each operand's own dimensions), broadcast over the other axes; the result
/// holds its vectors along `axis` (counted in the result). A 2-vector is a 3-vector with z = 0;
/// two 2-vectors give only the z component (no vector axis): NumPy 1.24's behaviour, which
/// NumPy 2.0 deprecates. The dtype is promote_t<T, U>.
/// @throws xp::value_error when a vector axis has a size other than 2 or 3 (naming both sizes);
/// xp::axis_error for an axis out of range (xp::value_error for a 0-d operand);
/// xp::shape_error when the other axes do not broadcast.
template <class T, class U, class B>
ndarray<promote_t<T, U>, B> cross(const ndarray<T, B>& a, const ndarray<U, B>& b, index_t axis = -1) {
  detail::op_range<B> range("xp::cross");
  using R = promote_t<T, U>;
  if (a.ndim() == 0 || b.ndim() == 0)
    throw value_error("xp::cross: the operands must have a vector axis, got shapes " + to_string(a.shape()) + " and " +
                      to_string(b.shape()));
  const auto av = detail::axis_last(a, normalize_axis(axis, a.ndim()));
  const auto bv = detail::axis_last(b, normalize_axis(axis, b.ndim()));
  const index_t na = av.shape().back(), nb = bv.shape().back();
  constexpr index_t plane = 2, space = 3;  // the vector sizes np.cross takes
  if ((na != plane && na != space) || (nb != plane && nb != space))
    throw value_error("xp::cross: incompatible dimensions for cross product (dimension must be 2 or 3): sizes " +
                      std::to_string(na) + " and " + std::to_string(nb) + " (shapes " + to_string(a.shape()) + " and " +
                      to_string(b.shape()) + ", axis " + std::to_string(axis) + ")");
  const shape_type rest = broadcast_shapes(shape_type(av.shape().begin(), av.shape().end() - 1),
                                           shape_type(bv.shape().begin(), bv.shape().end() - 1));
  auto component = [&rest](const auto& x, index_t c) { return broadcast_to(detail::vector_component(x, c), rest); };
  const auto a0 = component(av, 0), a1 = component(av, 1), b0 = component(bv, 0), b1 = component(bv, 1);
  if (na == plane && nb == plane) return ndarray<R, B>(a0 * b1 - a1 * b0);
  shape_type shape = rest;
  shape.push_back(space);
  ndarray<R, B> out(shape);
  const auto x = detail::vector_component(out, 0), y = detail::vector_component(out, 1),
             z = detail::vector_component(out, 2);
  if (na == space && nb == space) {
    const auto a2 = component(av, 2), b2 = component(bv, 2);
    detail::assign_expr(x, a1 * b2 - a2 * b1);
    detail::assign_expr(y, a2 * b0 - a0 * b2);
  } else if (na == space) {  // b's z is 0
    const auto a2 = component(av, 2);
    detail::assign_expr(x, -(a2 * b1));
    detail::assign_expr(y, a2 * b0);
  } else {  // a's z is 0
    const auto b2 = component(bv, 2);
    detail::assign_expr(x, a1 * b2);
    detail::assign_expr(y, -(a0 * b2));
  }
  detail::assign_expr(z, a0 * b1 - a1 * b0);
  // the vectors along `axis` of the result (np.cross's axisc)
  const int at = normalize_axis(axis, out.ndim());
  std::vector<index_t> order;
  for (index_t d = 0; d + 1 < static_cast<index_t>(out.ndim()); ++d) order.push_back(d);
  order.insert(order.begin() + at, static_cast<index_t>(out.ndim()) - 1);
  return transpose(out, order);
}

/// @brief np.identity(n, dtype): the n x n identity matrix, float64 unless a dtype is given.
/// Named identity_matrix because `xp::identity` is already the identity functor that
/// reduction_kernel takes as a post-map (`xp::identity{}`); a function of that name would hide it.
/// @throws xp::value_error for a negative n.
template <class T = double, class B = host>
ndarray<T, B> identity_matrix(index_t n) {
  return eye<T, B>(n);
}

// what evaluates to an array (an expression, a selection) in an array's place
XP_EVALUATING_OVERLOAD(cross)
XP_EVALUATING_OVERLOAD(diag)
XP_EVALUATING_OVERLOAD(diagonal)
XP_EVALUATING_OVERLOAD(kron)
XP_EVALUATING_OVERLOAD(trace)
XP_EVALUATING_OVERLOAD(tril)
XP_EVALUATING_OVERLOAD(triu)

}  // namespace xp
