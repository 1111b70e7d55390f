#pragma once
/// @file linalg/solve.hpp
/// @brief Linear systems and the functions of a matrix built on the factorizations, with NumPy 2's
/// semantics (the array API's linalg extension), batched over leading axes, on every backend:
///
///     auto x = xp::linalg::solve(A, b);              // np.linalg.solve: A x = b
///     auto Ai = xp::linalg::inv(A);                  // np.linalg.inv
///     auto d = xp::linalg::det(A);                   // np.linalg.det
///     auto [sign, logabsdet] = xp::linalg::slogdet(A);
///     auto r = xp::linalg::lstsq(A, b);              // r.x, r.residuals, r.rank, r.s
///     auto P = xp::linalg::pinv(A);                  // np.linalg.pinv
///     auto k = xp::linalg::matrix_rank(A);           // np.linalg.matrix_rank
///     auto A3 = xp::linalg::matrix_power(A, 3);      // np.linalg.matrix_power
///     auto c = xp::linalg::cond(A);                  // np.linalg.cond
///     auto y = xp::linalg::multi_dot<double, B>({A, B, C, v});
///
/// Results have NumPy's linalg dtype (linalg_t): float32, float64, complex64 and complex128 as
/// they are, float16 computed in float32, integers and bool in float64.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "xp/array/grids_and_matrices.hpp"
#include "xp/array/manipulation.hpp"
#include "xp/core/creation.hpp"
#include "xp/core/dtype_info.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/shape.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/reduction.hpp"
#include "xp/linalg/decompositions.hpp"
#include "xp/linalg/factorization_primitive.hpp"
#include "xp/linalg/matmul.hpp"
#include "xp/linalg/matrix_batch.hpp"
#include "xp/linalg/norm.hpp"

namespace xp::linalg {

namespace detail {

/// `batch` followed by `tail`.
inline shape_type joined(shape_type batch, const shape_type& tail) {
  batch.insert(batch.end(), tail.begin(), tail.end());
  return batch;
}

/// The leading (batch) axes of a stack of matrices.
inline shape_type batch_shape(const shape_type& s) { return shape_type(s.begin(), s.end() - 2); }

/// LU factors (column-major, shape (..., n, n)) and the sign of each matrix's row permutation
/// (+1 or -1, shape (...)): what det and slogdet read.
template <class W, class B>
struct lu_factors {
  ndarray<W, B> lu;
  ndarray<double, B> permutation_sign;
};

template <class W, class T, class B>
lu_factors<W, B> lu_of(const ndarray<T, B>& a, const char* fn) {
  check_matrices(a.shape(), fn, true);
  require_factorization<B>(fn);
  const shape_type& s = a.shape();
  const index_t n = s[s.size() - 1];
  ndarray<W, B> lu = column_major_copy<W>(a);
  const shape_type batch = batch_shape(s);
  ndarray<std::int32_t, B> pivots(joined(batch, {n}));
  if (lu.size() > 0)  // a singular matrix is no error here: its U has a zero on the diagonal
    (void)primitive::factorization<B>::template lu<W>(as_batch(lu), pivots.data());
  // every pivot that is not its own row is one row swap: the permutation's sign is their parity
  const auto swaps = count_nonzero(pivots != arange<std::int32_t, B>(1, n + 1), {-1});
  ndarray<double, B> sign = where(swaps % 2 == 0, 1.0, -1.0);
  return {std::move(lu), std::move(sign)};
}

/// np.linalg.solve's right-hand side rule (NumPy 2): b is a vector only when it is 1-D.
template <class W, class T, class U, class B>
ndarray<W, B> solve_batched(const ndarray<T, B>& a, const ndarray<U, B>& b, const char* fn) {
  check_matrices(a.shape(), fn, true);
  require_factorization<B>(fn);
  const shape_type& sa = a.shape();
  const index_t n = sa[sa.size() - 1];
  const bool vector_rhs = b.ndim() == 1;
  if (b.ndim() == 0)
    throw value_error(std::string("xp::linalg::") + fn + ": b must be at least one-dimensional, got a 0-d array");
  const ndarray<U, B> bm = vector_rhs ? b.reshape({b.shape()[0], 1}) : b;
  const shape_type& sb = bm.shape();
  if (sb[sb.size() - 2] != n)
    throw shape_error(std::string("xp::linalg::") + fn + ": a of shape " + to_string(sa) + " and b of shape " +
                      to_string(b.shape()) + " do not fit: b needs " + std::to_string(n) + " rows");
  const shape_type batch = broadcast_shapes(batch_shape(sa), batch_shape(sb));
  const index_t k = sb[sb.size() - 1];
  ndarray<W, B> lu = column_major_copy<W>(broadcast_to(a, joined(batch, {n, n})));
  ndarray<W, B> x = column_major_copy<W>(broadcast_to(bm, joined(batch, {n, k})));
  if (lu.size() > 0 && x.size() > 0)
    throw_if_failed(primitive::factorization<B>::template solve<W>(as_batch(lu), as_batch(x)), fn, "Singular matrix",
                    joined(batch, {n, n}));
  ndarray<W, B> out = row_major_copy(x);
  if (vector_rhs) return out.reshape(joined(batch, {n}));
  return out;
}

/// The default relative cutoff of small singular values (NumPy 2's rtol=None, the array API's):
/// max(M, N) * eps of the computing precision.
template <class R>
double default_rtol(const shape_type& s) {
  const index_t m = s[s.size() - 2], n = s[s.size() - 1];
  return static_cast<double>(std::max(m, n)) * static_cast<double>(std::numeric_limits<R>::epsilon());
}

}  // namespace detail

/// @brief np.linalg.solve(a, b): x with a x = b for square a (..., n, n). b is a vector (n,)
/// only when it is 1-D (NumPy 2's rule; NumPy 1 also took b of a's ndim - 1 as vectors), else
/// a stack (..., n, k) whose batch axes broadcast against a's. LU with partial pivoting (LAPACK
/// gesv on the host; cuSOLVER getrf/getrs, or a batched kernel for small systems, on the device).
/// @throws xp::linalg_error "Singular matrix" naming the first singular matrix of the batch;
///         xp::shape_error for a non-square a, rows of b other than n or batch axes that do not
///         broadcast; xp::value_error for a of fewer than 2 dimensions or a 0-d b, and on a
///         host build without LAPACK.
template <class T, class U, class B>
ndarray<detail::linalg_t<promote_t<T, U>>, B> solve(const ndarray<T, B>& a, const ndarray<U, B>& b) {
  ::xp::detail::op_range<B> range("xp::linalg::solve");
  return detail::solve_batched<detail::linalg_t<promote_t<T, U>>>(a, b, "solve");
}

/// @brief np.linalg.inv(a): the inverse of each square matrix of the stack (..., n, n), by
/// solving a X = I.
/// @throws xp::linalg_error "Singular matrix" naming the first singular matrix; as solve.
template <class T, class B>
ndarray<detail::linalg_t<T>, B> inv(const ndarray<T, B>& a) {
  ::xp::detail::op_range<B> range("xp::linalg::inv");
  using W = detail::linalg_t<T>;
  detail::check_matrices(a.shape(), "inv", true);
  const index_t n = a.shape()[a.ndim() - 1];
  return detail::solve_batched<W>(a, eye<W, B>(n), "inv");
}

/// np.linalg.slogdet's result: det = sign * exp(logabsdet). sign is 0 (logabsdet -inf) for a
/// singular matrix; for complex input sign is a complex number of modulus 1.
template <class W, class B>
struct slogdet_result {
  ndarray<W, B> sign;
  ndarray<::xp::detail::real_of_t<W>, B> logabsdet;
};

namespace detail {
/// slogdet from the LU factors: the product of the diagonal's signs (phases when complex) and the
/// pivots' parity, and the sum of log|u_ii|.
template <class W, class T, class B>
slogdet_result<W, B> slogdet_of(const ndarray<T, B>& a, const char* fn) {
  using R = ::xp::detail::real_of_t<W>;
  const auto f = lu_of<W>(a, fn);
  const auto d = diagonal(f.lu, 0, -2, -1);  // a view of each matrix's U diagonal
  const ndarray<R, B> magnitude = abs(d);
  // each factor's phase: d / |d| when complex; when real, -1 for a negative factor and 1 otherwise
  // (NaN included, as NumPy); a zero on the diagonal makes the product 0
  ndarray<W, B> phase;
  if constexpr (::xp::detail::is_complex_v<W>) phase = where(magnitude == R(0), W(0), d / magnitude);
  else phase = where(magnitude == R(0), W(0), where(d < W(0), W(-1), W(1)));
  ndarray<W, B> sign = prod(phase, {-1}) * f.permutation_sign;
  ndarray<R, B> logabsdet = sum(log(magnitude), {-1});
  return {std::move(sign), std::move(logabsdet)};
}
}  // namespace detail

/// @brief np.linalg.det(a): the determinant of each square matrix of the stack (..., n, n),
/// shape (...), from its LU factors as NumPy: sign * exp(sum of log|u_ii|), so that no partial
/// product overflows. A singular matrix gives 0; an empty (0, 0) matrix 1.
/// @throws xp::shape_error for a non-square a; xp::value_error for fewer than 2 dimensions and
///         on a host build without LAPACK.
template <class T, class B>
ndarray<detail::linalg_t<T>, B> det(const ndarray<T, B>& a) {
  ::xp::detail::op_range<B> range("xp::linalg::det");
  using W = detail::linalg_t<T>;
  // sign * exp(log|det|), as NumPy: the product of U's diagonal could overflow on the way to a finite result
  const auto s = detail::slogdet_of<W>(a, "det");
  return s.sign * exp(s.logabsdet);
}

/// @brief np.linalg.slogdet(a): the sign and the natural log of the absolute value of each
/// determinant of the stack (..., n, n), without the overflow of det: sum(log|u_ii|).
/// @throws as det.
template <class T, class B>
slogdet_result<detail::linalg_t<T>, B> slogdet(const ndarray<T, B>& a) {
  ::xp::detail::op_range<B> range("xp::linalg::slogdet");
  return detail::slogdet_of<detail::linalg_t<T>>(a, "slogdet");
}

/// np.linalg.lstsq's result: the solution x (n,) or (n, k); the residuals, the squared 2-norm of
/// each column of b - a x, shape (k,) or (1,) for a 1-D b, empty when rank < n or m <= n; the
/// rank of a; its singular values s (min(m, n),) descending.
template <class W, class B>
struct lstsq_result {
  ndarray<W, B> x;
  ndarray<::xp::detail::real_of_t<W>, B> residuals;
  index_t rank;
  ndarray<::xp::detail::real_of_t<W>, B> s;
};

/// @brief np.linalg.lstsq(a, b, rcond): the least-squares solution of a x = b for a (m, n) and
/// b (m,) or (m, k), through the SVD of a (NumPy calls LAPACK's gelsd, an SVD too): singular
/// values at or below rcond * max(s) are treated as zero, which gives the minimum-norm solution
/// of a rank-deficient a. rcond defaults to NumPy 2's eps * max(m, n) of the computing dtype
/// (NumPy 1.24's default, -1, was machine precision with a FutureWarning).
/// @throws xp::value_error unless a is 2-D and b 1-D or 2-D; xp::shape_error when b's rows are
///         not a's; xp::linalg_error when the SVD does not converge.
template <class T, class U, class B>
lstsq_result<detail::linalg_t<promote_t<T, U>>, B> lstsq(const ndarray<T, B>& a, const ndarray<U, B>& b,
                                                         std::optional<double> rcond = std::nullopt) {
  ::xp::detail::op_range<B> range("xp::linalg::lstsq");
  using W = detail::linalg_t<promote_t<T, U>>;
  using R = ::xp::detail::real_of_t<W>;
  if (a.ndim() != 2 || b.ndim() < 1 || b.ndim() > 2)
    throw value_error("xp::linalg::lstsq: a must be 2-D and b 1-D or 2-D, got shapes " + to_string(a.shape()) +
                      " and " + to_string(b.shape()));
  const index_t m = a.shape()[0], n = a.shape()[1];
  if (b.shape()[0] != m)
    throw shape_error("xp::linalg::lstsq: a of shape " + to_string(a.shape()) + " and b of shape " +
                      to_string(b.shape()) + " do not fit: b needs " + std::to_string(m) + " rows");
  const bool vector_rhs = b.ndim() == 1;
  const index_t k = vector_rhs ? 1 : b.shape()[1];
  const ndarray<W, B> bm = b.template astype<W>().reshape({m, k});
  const ndarray<W, B> aw = a.template astype<W>();
  const index_t kmin = std::min(m, n);
  ndarray<R, B> s;
  ndarray<W, B> x;
  index_t rank = 0;
  if (kmin == 0) {
    s = zeros<R, B>({0});
    x = zeros<W, B>({n, k});
  } else {
    auto usv = svd(aw, false);
    // a negative rcond is machine precision (LAPACK's gelsd, which NumPy calls; NumPy 1's default was -1)
    double cutoff_ratio = rcond.value_or(detail::default_rtol<R>(a.shape()));
    if (cutoff_ratio < 0) cutoff_ratio = static_cast<double>(std::numeric_limits<R>::epsilon());
    const R cutoff = static_cast<R>(cutoff_ratio * static_cast<double>(max(usv.S).item()));
    rank = static_cast<index_t>(count_nonzero(usv.S > cutoff).item());
    // x = V diag(1/s, cut) U^H b
    const ndarray<R, B> inverse_s = where(usv.S > cutoff, R(1) / usv.S, R(0));
    const ndarray<W, B> uhb = matmul(conj(matrix_transpose(usv.U)), bm);
    const ndarray<W, B> scaled = uhb * inverse_s.reshape({kmin, 1});
    x = matmul(conj(matrix_transpose(usv.Vh)), scaled);
    s = std::move(usv.S);
  }
  ndarray<R, B> residuals = zeros<R, B>({0});
  if (rank == n && m > n) {
    const ndarray<W, B> r = bm - matmul(aw, x);
    residuals = sum(real(r * conj(r)), {0});
  }
  if (vector_rhs) x = x.reshape({n});
  return {std::move(x), std::move(residuals), rank, std::move(s)};
}

/// @brief np.linalg.pinv(a, rtol=..., hermitian=False): the Moore-Penrose pseudo-inverse of each
/// matrix of the stack (..., m, n) -> (..., n, m), V diag(1/s) U^H with singular values at or below
/// rtol * max(s) dropped. rtol defaults to the array API's max(m, n) * eps; NumPy 2's own default
/// (rcond=1e-15) is `xp::linalg::pinv(a, 1e-15)`.
/// @throws xp::value_error for fewer than 2 dimensions; xp::linalg_error when the SVD does not
///         converge.
template <class T, class B>
ndarray<detail::linalg_t<T>, B> pinv(const ndarray<T, B>& a, std::optional<double> rtol = std::nullopt) {
  ::xp::detail::op_range<B> range("xp::linalg::pinv");
  using W = detail::linalg_t<T>;
  using R = ::xp::detail::real_of_t<W>;
  detail::check_matrices(a.shape(), "pinv", false);
  const shape_type& s = a.shape();
  const index_t m = s[s.size() - 2], n = s[s.size() - 1];
  const shape_type batch = detail::batch_shape(s);
  if (std::min(m, n) == 0) return zeros<W, B>(detail::joined(batch, {n, m}));
  auto usv = svd(a.template astype<W>(), false);
  const double ratio = rtol.value_or(detail::default_rtol<R>(s));
  const ndarray<R, B> cutoff = max(usv.S, {-1}, true) * static_cast<R>(ratio);
  const ndarray<R, B> inverse_s = where(usv.S > cutoff, R(1) / usv.S, R(0));
  // V diag(1/s) U^H: scale Vh's rows, then the product of the conjugate transposes
  const ndarray<W, B> scaled_vh = usv.Vh * expand_dims(inverse_s, -1);
  return matmul(conj(matrix_transpose(scaled_vh)), conj(matrix_transpose(usv.U)));
}

/// @brief np.linalg.matrix_rank(a, tol=None, rtol=None): the number of singular values above
/// tol, per matrix of the stack (..., m, n); tol defaults to rtol * max(s) with rtol's default
/// max(m, n) * eps. A 0-d or 1-D a has rank 1 unless every element is 0 (NumPy).
/// @throws xp::linalg_error when the SVD does not converge.
template <class T, class B>
ndarray<std::int64_t, B> matrix_rank(const ndarray<T, B>& a, std::optional<double> tol = std::nullopt,
                                     std::optional<double> rtol = std::nullopt) {
  ::xp::detail::op_range<B> range("xp::linalg::matrix_rank");
  using W = detail::linalg_t<T>;
  using R = ::xp::detail::real_of_t<W>;
  if (tol && rtol) throw value_error("xp::linalg::matrix_rank: `tol` and `rtol` can't be both set (give one of them)");
  if (a.ndim() < 2) return astype<std::int64_t>(any(a != T(0)));
  const shape_type& s = a.shape();
  const index_t m = s[s.size() - 2], n = s[s.size() - 1];
  if (std::min(m, n) == 0) return zeros<std::int64_t, B>(detail::batch_shape(s));
  const ndarray<R, B> sv = svdvals(a.template astype<W>());
  const ndarray<R, B> limit =
      tol ? full<R, B>(detail::joined(detail::batch_shape(s), {1}), static_cast<R>(*tol))
          : ndarray<R, B>(max(sv, {-1}, true) * static_cast<R>(rtol.value_or(detail::default_rtol<R>(s))));
  return count_nonzero(sv > limit, {-1});
}

/// @brief np.linalg.matrix_power(a, n): a multiplied by itself n times by repeated squaring
/// (about 2 log2(n) products), for each square matrix of the stack; n = 0 gives identities of
/// a's dtype, n < 0 powers of the inverse. Integer matrices stay integer (with matmul's
/// wrap-around).
/// @throws xp::shape_error for a non-square a; xp::value_error for fewer than 2 dimensions;
///         xp::dtype_error for n < 0 of an integer or bool matrix (NumPy returns its float64
///         inverse's power, a dtype that depends on the value of n); xp::linalg_error for n < 0
///         of a singular matrix.
template <class T, class B>
ndarray<T, B> matrix_power(const ndarray<T, B>& a, std::int64_t n) {
  ::xp::detail::op_range<B> range("xp::linalg::matrix_power");
  detail::check_matrices(a.shape(), "matrix_power", true);
  const index_t size = a.shape()[a.ndim() - 1];
  if (n == 0) return broadcast_to(eye<T, B>(size), a.shape()).copy();
  ndarray<T, B> base = a;
  // the power's magnitude, unsigned: -INT64_MIN does not fit in int64
  std::uint64_t remaining = n < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(n) : static_cast<std::uint64_t>(n);
  if (n < 0) {
    if constexpr (std::is_same_v<detail::linalg_t<T>, T>) base = inv(a);
    else
      throw dtype_error("xp::linalg::matrix_power: a negative power of a " + std::string(dtype::of<T>().name()) +
                        " matrix is a float matrix; convert it first (astype<double>())");
  }
  // binary powering: `result` collects the squares of `base` that the set bits name
  std::optional<ndarray<T, B>> result;
  while (true) {
    if (remaining & 1) result = result ? matmul(*result, base) : base.copy();
    remaining >>= 1;
    if (remaining == 0) break;
    base = matmul(base, base);
  }
  return *result;
}

/// @brief np.linalg.cond(x, p): the condition number of each matrix of the stack. p none, 2 or
/// -2: the ratio of the largest and least singular values (-2: its inverse), from the SVD, for
/// any shape; p fro, nuc, 1, -1, inf, -inf: norm(x, p) * norm(inv(x), p) of square matrices, inf
/// for a singular one (as NumPy: its inverse is then NaN, which NumPy turns into inf).
/// @throws xp::shape_error for a non-square x with those orders; xp::value_error for fewer than
///         2 dimensions or another p.
template <class T, class B>
ndarray<::xp::detail::real_of_t<detail::linalg_t<T>>, B> cond(const ndarray<T, B>& x, const norm_order& p = {}) {
  ::xp::detail::op_range<B> range("xp::linalg::cond");
  using W = detail::linalg_t<T>;
  using R = ::xp::detail::real_of_t<W>;
  detail::check_matrices(x.shape(), "cond", false);
  if (x.shape()[x.ndim() - 1] * x.shape()[x.ndim() - 2] == 0)
    throw linalg_error("xp::linalg::cond: cond is not defined on empty arrays (shape " + to_string(x.shape()) + ")");
  const ndarray<W, B> xw = x.template astype<W>();
  // NaN from a singular matrix becomes inf, NaN from NaN input stays (NumPy's rule)
  auto nan_to_inf = [&](const ndarray<R, B>& r) -> ndarray<R, B> {
    const ndarray<bool, B> input_nan = any(isnan(xw), {-2, -1});
    return where(isnan(r) && !input_nan, std::numeric_limits<R>::infinity(), r);
  };
  if (p.is_none() || p.is(2) || p.is(-2)) {
    const ndarray<R, B> sv = svdvals(xw);
    const ndarray<R, B> largest = max(sv, {-1}), least = min(sv, {-1});
    return nan_to_inf(p.is(-2) ? ndarray<R, B>(least / largest) : ndarray<R, B>(largest / least));
  }
  detail::check_matrices(x.shape(), "cond", true);
  const shape_type& s = x.shape();
  const index_t n = s[s.size() - 1];
  // the inverses, with NaN for a singular matrix (NumPy's inv under errstate(all='ignore'))
  ndarray<W, B> inverses;
  try {
    inverses = inv(xw);
  } catch (const linalg_error&) {
    // only a stack with a singular matrix takes this path: matrix by matrix
    inverses = empty<W, B>(s);
    const index_t count = detail::batch_count(s);
    const ndarray<W, B> flat = xw.reshape({count, n, n});
    const ndarray<W, B> flat_inverses = inverses.reshape({count, n, n});  // a view: inverses is contiguous
    for (index_t i = 0; i < count; ++i) {
      try {
        flat_inverses(i) = inv(ndarray<W, B>(flat(i)));
      } catch (const linalg_error&) {
        flat_inverses(i) = std::numeric_limits<R>::quiet_NaN();
      }
    }
  }
  return nan_to_inf(matrix_norm(xw, false, p) * matrix_norm(inverses, false, p));
}

/// @brief np.linalg.multi_dot(arrays): the product of two or more matrices in the order of
/// fewest scalar multiplications (the classic chain-order dynamic programme, as NumPy); the first
/// array may be 1-D (a row vector) and the last 1-D (a column vector), whose axes the result
/// drops; the others must be 2-D.
/// @throws xp::value_error for fewer than two arrays or an array of the wrong ndim;
///         xp::shape_error when neighbours' inner extents differ.
template <class T, class B>
ndarray<T, B> multi_dot(const std::vector<ndarray<T, B>>& arrays) {
  ::xp::detail::op_range<B> range("xp::linalg::multi_dot");
  const std::size_t count = arrays.size();
  if (count < 2)
    throw value_error("xp::linalg::multi_dot: expecting at least two arrays, got " + std::to_string(count));
  std::vector<ndarray<T, B>> m(arrays);
  const bool row_first = m.front().ndim() == 1, column_last = m.back().ndim() == 1;
  if (row_first) m.front() = m.front().reshape({1, m.front().shape()[0]});
  if (column_last) m.back() = m.back().reshape({m.back().shape()[0], 1});
  for (std::size_t i = 0; i < count; ++i)
    if (m[i].ndim() != 2)
      throw value_error("xp::linalg::multi_dot: array " + std::to_string(i) + " has shape " +
                        to_string(arrays[i].shape()) + "; the first and last may be 1-D, every array must be 2-D");
  // dims[i] x dims[i+1] is matrix i's shape
  std::vector<double> dims(count + 1);
  for (std::size_t i = 0; i < count; ++i) {
    if (i > 0 && m[i].shape()[0] != m[i - 1].shape()[1])
      throw shape_error("xp::linalg::multi_dot: arrays " + std::to_string(i - 1) + " and " + std::to_string(i) +
                        " of shapes " + to_string(arrays[i - 1].shape()) + " and " + to_string(arrays[i].shape()) +
                        " are not aligned");
    dims[i] = static_cast<double>(m[i].shape()[0]);
  }
  dims[count] = static_cast<double>(m[count - 1].shape()[1]);
  // cost[i][j]: fewest multiplications for the product of matrices i..j; split[i][j]: where it splits
  std::vector<std::vector<double>> cost(count, std::vector<double>(count, 0.0));
  std::vector<std::vector<std::size_t>> split(count, std::vector<std::size_t>(count, 0));
  for (std::size_t len = 1; len < count; ++len)
    for (std::size_t i = 0; i + len < count; ++i) {
      const std::size_t j = i + len;
      cost[i][j] = std::numeric_limits<double>::infinity();
      for (std::size_t k = i; k < j; ++k) {
        const double c = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1];
        if (c < cost[i][j]) cost[i][j] = c, split[i][j] = k;
      }
    }
  auto product = [&](auto&& self, std::size_t i, std::size_t j) -> ndarray<T, B> {
    if (i == j) return m[i];
    return matmul(self(self, i, split[i][j]), self(self, split[i][j] + 1, j));
  };
  ndarray<T, B> out = product(product, 0, count - 1);
  if (row_first && column_last) return out.reshape({});
  if (row_first) return out.reshape({out.shape()[1]});
  if (column_last) return out.reshape({out.shape()[0]});
  return out;
}

/// @brief np.linalg.tensorsolve(a, b, axes): x with tensordot(a, x, x.ndim) = b, where x's shape
/// is a's trailing axes after b's; `axes` (of a) are first moved to the end.
/// @throws xp::shape_error when the leading and trailing extents' products differ; as solve.
template <class T, class U, class B>
ndarray<detail::linalg_t<promote_t<T, U>>, B> tensorsolve(const ndarray<T, B>& a, const ndarray<U, B>& b,
                                                          const std::vector<index_t>& axes = {}) {
  ::xp::detail::op_range<B> range("xp::linalg::tensorsolve");
  ndarray<T, B> at = a;
  if (!axes.empty()) {
    std::vector<index_t> destination;
    for (std::size_t i = 0; i < axes.size(); ++i)
      destination.push_back(static_cast<index_t>(a.ndim() - axes.size() + i));
    at = moveaxis(a, axes, destination);
  }
  if (b.ndim() > at.ndim())
    throw shape_error("xp::linalg::tensorsolve: b of shape " + to_string(b.shape()) +
                      " has more axes than a of shape " + to_string(a.shape()));
  const shape_type x_shape(at.shape().begin() + static_cast<std::ptrdiff_t>(b.ndim()), at.shape().end());
  const index_t n = size_of(x_shape);
  if (size_of(at.shape()) != n * n)
    throw shape_error("xp::linalg::tensorsolve: a of shape " + to_string(a.shape()) + " and b of shape " +
                      to_string(b.shape()) + ": the product of a's leading axes must equal that of its trailing ones");
  return solve(at.reshape({n, n}), b.reshape({n})).reshape(x_shape);
}

/// @brief np.linalg.tensorinv(a, ind): the inverse of a with respect to tensordot(., ., ind):
/// a's shape s[:ind] + s[ind:] gives a result of shape s[ind:] + s[:ind].
/// @throws xp::value_error for ind <= 0; xp::shape_error when the two products differ; as inv.
template <class T, class B>
ndarray<detail::linalg_t<T>, B> tensorinv(const ndarray<T, B>& a, index_t ind = 2) {
  ::xp::detail::op_range<B> range("xp::linalg::tensorinv");
  if (ind <= 0 || static_cast<std::size_t>(ind) > a.ndim())
    throw value_error("xp::linalg::tensorinv: ind must be a positive number of a's axes, got " + std::to_string(ind));
  const shape_type& s = a.shape();
  const shape_type head(s.begin(), s.begin() + ind), tail(s.begin() + ind, s.end());
  const index_t rows = size_of(head);
  if (size_of(tail) != rows)
    throw shape_error("xp::linalg::tensorinv: a of shape " + to_string(s) + " with ind=" + std::to_string(ind) +
                      ": the product of the first ind axes must equal that of the rest");
  return inv(a.reshape({rows, rows})).reshape(detail::joined(tail, head));
}

// what evaluates to an array (an expression, a selection) in an array's place
XP_EVALUATING_OVERLOAD(inv)
XP_EVALUATING_OVERLOAD(pinv)
XP_EVALUATING_OVERLOAD(det)
XP_EVALUATING_OVERLOAD(slogdet)
XP_EVALUATING_OVERLOAD(matrix_rank)
XP_EVALUATING_OVERLOAD(matrix_power)
XP_EVALUATING_OVERLOAD(cond)
XP_EVALUATING_OVERLOAD(solve)
XP_EVALUATING_OVERLOAD(lstsq)
XP_EVALUATING_OVERLOAD(tensorinv)
XP_EVALUATING_OVERLOAD(tensorsolve)

}  // namespace xp::linalg
