#pragma once
/// @file creation_more.hpp
/// @brief NumPy's creation functions built from other operations: meshgrid, tril, triu,
/// geomspace, logspace, diag and identity. (creation.hpp holds the ones compiled into the
/// library for every dtype; these are templates over views, copies and elementwise
/// expressions, on every backend.)

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "xp/core/creation.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/reduction.hpp"

namespace xp {

/// @brief np.meshgrid(*xs, indexing): coordinate arrays, one per input, of shape
/// (len(x1), len(x0), len(x2), ...) for "xy" (the default, Cartesian) or (len(x0), len(x1), ...)
/// for "ij" (matrix). Inputs of any shape are flattened first; each result is a new C-contiguous
/// array (NumPy's copy=True). No inputs give no arrays.
/// @throws xp::value_error for an indexing other than "xy" or "ij".
template <class T, class B>
std::vector<ndarray<T, B>> meshgrid(const std::vector<ndarray<T, B>>& xs, std::string_view indexing = "xy") {
  detail::op_range<B> range("xp::meshgrid");
  if (indexing != "xy" && indexing != "ij")
    throw value_error("xp::meshgrid: valid values for `indexing` are 'xy' and 'ij', got '" + std::string(indexing) +
                      "'");
  const std::size_t n = xs.size();
  shape_type shape;
  for (const auto& x : xs) shape.push_back(x.size());
  const bool swap = indexing == "xy" && n > 1;
  if (swap) std::swap(shape[0], shape[1]);
  std::vector<ndarray<T, B>> out;
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t at = swap && i < 2 ? 1 - i : i;
    const auto flat = xs[i].ravel();
    shape_type s(n, 1), st(n, 0);
    s[at] = flat.shape()[0];
    st[at] = flat.strides()[0];
    ndarray<T, B> grid(shape);
    detail::assign(grid, ndarray<T, B>(flat.buffer(), flat.data(), s, st, false));
    out.push_back(std::move(grid));
  }
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
/// @throws xp::value_error for a negative n.
template <class T = double, class B = host>
ndarray<T, B> identity(index_t n) {
  return eye<T, B>(n);
}

}  // namespace xp
