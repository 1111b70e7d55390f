#pragma once
/// @file linalg/decompositions.hpp
/// @brief Matrix decompositions with NumPy 2's semantics (the array API's linalg extension),
/// batched over leading axes, on every backend through the factorization primitive (host:
/// LAPACK; device: cuSOLVER):
///
///     auto L = xp::linalg::cholesky(A);                     // np.linalg.cholesky: L L^H = A
///     auto [Q, R] = xp::linalg::qr(A);                      // np.linalg.qr(A, 'reduced')
///     auto [w, V] = xp::linalg::eigh(H);                    // np.linalg.eigh: H V = V diag(w)
///     auto [lambda, W] = xp::linalg::eig(A);                // np.linalg.eig (always complex)
///     auto [U, S, Vh] = xp::linalg::svd(A, false);          // np.linalg.svd(A, full_matrices=False)
///     auto s = xp::linalg::svdvals(A);                      // np.linalg.svdvals
///
/// Results have NumPy's linalg dtype (linalg_t): float32, float64, complex64 and complex128 as
/// they are, float16 computed in float32, integers and bool in float64; eigenvalues of eigh and
/// singular values are of its real dtype.

#include <algorithm>
#include <limits>
#include <string>
#include <type_traits>

#include "xp/array/grids_and_matrices.hpp"
#include "xp/core/creation.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/shape.hpp"
#include "xp/core/slicing.hpp"
#include "xp/core/trace.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/reduction.hpp"
#include "xp/linalg/factorization_primitive.hpp"
#include "xp/linalg/matrix_batch.hpp"

namespace xp::linalg {

/// @brief np.linalg.qr's `mode`: 'reduced' (Q m x k, R k x n with k = min(m, n)), 'complete'
/// (Q m x m, R m x n) or 'r' (R alone, k x n).
enum class qr_mode { reduced, complete, r };

/// @brief qr's result (NumPy's QRResult): Q with orthonormal columns and upper-triangular R,
/// Q R = x; Q is an empty array for qr_mode::r.
template <class T, class B>
struct qr_result {
  ndarray<T, B> Q;
  ndarray<T, B> R;
};

/// @brief eigh's result (NumPy's EighResult): ascending real eigenvalues (..., n) and the
/// eigenvectors as the columns of (..., n, n).
template <class T, class B>
struct eigh_result {
  ndarray<::xp::detail::real_of_t<T>, B> eigenvalues;
  ndarray<T, B> eigenvectors;
};

/// @brief eig's result (NumPy's EigResult): eigenvalues (..., n) and right eigenvectors as the
/// columns of (..., n, n), both of the complex dtype C.
template <class C, class B>
struct eig_result {
  ndarray<C, B> eigenvalues;
  ndarray<C, B> eigenvectors;
};

/// @brief svd's result (NumPy's SVDResult): U (..., m, m or k), the singular values S (..., k),
/// descending, of the real dtype, and Vh (..., n or k, n), with x = U diag(S) Vh.
template <class T, class B>
struct svd_result {
  ndarray<T, B> U;
  ndarray<::xp::detail::real_of_t<T>, B> S;
  ndarray<T, B> Vh;
};

namespace detail {

/// The complex dtype eig returns for input T: complex64 for float16, float32 and complex64,
/// complex128 otherwise.
template <class T>
using eig_t = complex<::xp::detail::real_of_t<linalg_t<T>>>;

/// The batch axes of the stack of matrices `shape` followed by `last_two`.
inline shape_type stack_shape(const shape_type& shape, index_t rows, index_t cols) {
  shape_type out(shape.begin(), shape.end() - 2);
  out.push_back(rows);
  out.push_back(cols);
  return out;
}

/// The batch axes of `shape` followed by one axis of `length`.
inline shape_type stack_of_vectors(const shape_type& shape, index_t length) {
  shape_type out(shape.begin(), shape.end() - 2);
  out.push_back(length);
  return out;
}

/// A stack of `shape`'s batch with the rows x cols identity in each (NumPy's result for the
/// vectors of an empty matrix, whose factorization LAPACK never sees).
template <class W, class B>
ndarray<W, B> stacked_identity(const shape_type& shape, index_t rows, index_t cols) {
  return broadcast_to(eye<W, B>(rows, cols), stack_shape(shape, rows, cols)).copy();
}

/// Throws xp::linalg_error "<fn>: <what>" when an element of `a` is NaN (with `infinite_too`,
/// also infinite): NumPy's errors on input its routines reject or do not converge on.
template <class W, class B>
void reject_non_finite(const ndarray<W, B>& a, bool infinite_too, const char* fn, const char* what) {
  if (a.size() == 0) return;
  const bool bad = infinite_too ? !all(isfinite(a)).item() : any(isnan(a)).item();
  if (bad) throw linalg_error(std::string("xp::linalg::") + fn + ": " + what);
}

/// The UPLO argument: 'L' or 'U' (NumPy refuses anything else).
inline bool upper_from_uplo(char uplo, const char* fn) {
  if (uplo != 'L' && uplo != 'U')
    throw value_error(std::string("xp::linalg::") + fn + ": UPLO argument must be 'L' or 'U', got '" +
                      std::string(1, uplo) + "'");
  return uplo == 'U';
}

/// eigh and eigvalsh: the eigenvalues (..., n) and, with `vectors`, the eigenvectors' column-major
/// batch (else an empty array).
template <class T, class B>
eigh_result<linalg_t<T>, B> hermitian_eigen(const ndarray<T, B>& x, char uplo, bool vectors, const char* fn) {
  using W = linalg_t<T>;
  using R = ::xp::detail::real_of_t<W>;
  check_matrices(x.shape(), fn, true);
  const bool upper = upper_from_uplo(uplo, fn);
  require_factorization<B>(fn);
  const index_t n = x.shape()[x.ndim() - 1];
  ndarray<W, B> cm = column_major_copy<W>(x);
  ndarray<R, B> w(stack_of_vectors(x.shape(), n));
  if (cm.size() > 0)
    throw_if_failed(primitive::factorization<B>::template eigh<W>(as_batch(cm), w.data(), upper, vectors), fn,
                    "Eigenvalues did not converge", x.shape());
  return {std::move(w), std::move(cm)};
}

/// svd and svdvals: S and, unless `job` is none, U and Vh (row-major).
template <class T, class B>
svd_result<linalg_t<T>, B> singular_decomposition(const ndarray<T, B>& x, svd_vectors job, const char* fn) {
  using W = linalg_t<T>;
  using R = ::xp::detail::real_of_t<W>;
  check_matrices(x.shape(), fn, false);
  require_factorization<B>(fn);
  const shape_type& s = x.shape();
  const index_t m = s[s.size() - 2], n = s[s.size() - 1], k = std::min(m, n);
  ndarray<W, B> cm = column_major_copy<W>(x);
  // NumPy 1.24 (gesdd) raises for NaN, not for inf
  reject_non_finite(cm, false, fn, "SVD did not converge");
  ndarray<R, B> sv(stack_of_vectors(s, k));
  if (job == svd_vectors::none) {
    if (cm.size() > 0) {
      const factor_status status =
          primitive::factorization<B>::template svd<W>(as_batch(cm), sv.data(), nullptr, nullptr, job);
      // infinite input: LAPACK's gesdd returns NaN values (NumPy's answer), cuSOLVER reports no
      // convergence; both give NumPy's NaN
      if (!status.ok() && !all(isfinite(column_major_copy<W>(x))).item()) {
        sv.fill(std::numeric_limits<R>::quiet_NaN());
        return {ndarray<W, B>(), std::move(sv), ndarray<W, B>()};
      }
      throw_if_failed(status, fn, "SVD did not converge", s);
    }
    return {ndarray<W, B>(), std::move(sv), ndarray<W, B>()};
  }
  const bool full = job == svd_vectors::full;
  const index_t u_cols = full ? m : k, vh_rows = full ? n : k;
  if (k == 0)  // NumPy: identities for the full vectors of an empty matrix, empty reduced ones
    return {stacked_identity<W, B>(s, m, u_cols), std::move(sv), stacked_identity<W, B>(s, vh_rows, n)};
  // column-major batches: U m x u_cols, Vh vh_rows x n
  ndarray<W, B> u(stack_shape(s, u_cols, m)), vh(stack_shape(s, n, vh_rows));
  if (cm.size() > 0)
    throw_if_failed(primitive::factorization<B>::template svd<W>(as_batch(cm), sv.data(), u.data(), vh.data(), job), fn,
                    "SVD did not converge", s);
  return {row_major_copy(u), std::move(sv), row_major_copy(vh)};
}

}  // namespace detail

/// @brief np.linalg.cholesky(x, upper=False) (NumPy 2, the array API): the lower-triangular L
/// with L L^H = x for each Hermitian positive-definite matrix of the stack (..., n, n), or, with
/// `upper`, the upper-triangular U with U^H U = x. Only that triangle of x is read; the other
/// triangle of the result is zero.
/// @throws xp::value_error for fewer than 2 dimensions; xp::shape_error for non-square
///         matrices; xp::linalg_error "Matrix is not positive definite" naming the first matrix
///         of the stack that is not.
template <class T, class B>
ndarray<detail::linalg_t<T>, B> cholesky(const ndarray<T, B>& x, bool upper = false) {
  ::xp::detail::op_range<B> range("xp::linalg::cholesky");
  using W = detail::linalg_t<T>;
  constexpr const char* fn = "cholesky";
  detail::check_matrices(x.shape(), fn, true);
  detail::require_factorization<B>(fn);
  const ndarray<W, B> cm = detail::column_major_copy<W>(x);
  if (cm.size() > 0)
    detail::throw_if_failed(primitive::factorization<B>::template cholesky<W>(detail::as_batch(cm), upper), fn,
                            "Matrix is not positive definite", x.shape());
  // potrf leaves the other triangle as it was: zeroed while turning back to row-major
  const ndarray<W, B> factor = swapaxes(cm, index_t{-1}, index_t{-2});
  return upper ? triu(factor) : tril(factor);
}

/// @brief np.linalg.qr(x, mode): Q with orthonormal columns and upper-triangular R with Q R = x,
/// for each matrix of the stack (..., m, n) (k = min(m, n)): qr_mode::reduced gives Q (..., m, k)
/// and R (..., k, n), complete Q (..., m, m) and R (..., m, n), r R (..., k, n) alone (Q empty).
/// LAPACK's Householder QR (geqrf, then orgqr/ungqr): R's diagonal may be negative, as NumPy's.
/// @throws xp::value_error for fewer than 2 dimensions.
template <class T, class B>
qr_result<detail::linalg_t<T>, B> qr(const ndarray<T, B>& x, qr_mode mode = qr_mode::reduced) {
  ::xp::detail::op_range<B> range("xp::linalg::qr");
  using W = detail::linalg_t<T>;
  constexpr const char* fn = "qr";
  detail::check_matrices(x.shape(), fn, false);
  detail::require_factorization<B>(fn);
  const shape_type& s = x.shape();
  const index_t m = s[s.size() - 2], n = s[s.size() - 1], k = std::min(m, n);
  const ndarray<W, B> cm = detail::column_major_copy<W>(x);  // (..., n, m): the m x n column-major batch
  const ndarray<W, B> tau(detail::stack_of_vectors(s, k));
  if (cm.size() > 0) primitive::factorization<B>::template qr<W>(detail::as_batch(cm), tau.data());
  // R: the upper triangle of the factor's first k rows (every row for complete)
  const index_t r_rows = mode == qr_mode::complete ? m : k;
  const ndarray<W, B> factor = swapaxes(cm, index_t{-1}, index_t{-2});
  ndarray<W, B> r = triu(factor(ellipsis, xp::range(0, r_rows), all));
  if (mode == qr_mode::r) return {ndarray<W, B>(), std::move(r)};
  const index_t q_cols = mode == qr_mode::complete ? m : k;
  if (k == 0) return {detail::stacked_identity<W, B>(s, m, q_cols), std::move(r)};
  // Q's column-major batch (m x q_cols) holds the k reflectors in its first columns
  const ndarray<W, B> q(detail::stack_shape(s, q_cols, m));
  q(ellipsis, xp::range(0, k), all) = cm(ellipsis, xp::range(0, k), all);
  if (q.size() > 0) primitive::factorization<B>::template qr_q<W>(detail::as_batch(q), k, tau.data());
  return {detail::row_major_copy(q), std::move(r)};
}

/// @brief np.linalg.eigh(x, UPLO): the eigenvalues, ascending, and orthonormal eigenvectors
/// (columns) of each Hermitian (real symmetric) matrix of the stack (..., n, n), x V = V diag(w).
/// Only the `uplo` triangle ('L' or 'U') of x is read. Eigenvalues are of the real dtype.
/// LAPACK's divide and conquer (syevd/heevd); a vector's sign (phase) is as LAPACK leaves it.
/// @throws xp::value_error for fewer than 2 dimensions or uplo not 'L' or 'U'; xp::shape_error
///         for non-square matrices; xp::linalg_error "Eigenvalues did not converge" naming the
///         matrix.
template <class T, class B>
eigh_result<detail::linalg_t<T>, B> eigh(const ndarray<T, B>& x, char uplo = 'L') {
  ::xp::detail::op_range<B> range("xp::linalg::eigh");
  auto result = detail::hermitian_eigen(x, uplo, true, "eigh");
  result.eigenvectors = detail::row_major_copy(result.eigenvectors);
  return result;
}

/// @brief np.linalg.eigvalsh(x, UPLO): eigh's eigenvalues alone, ascending, of the real dtype.
/// @throws as eigh; xp::linalg_error "Eigenvalues did not converge" also for NaN eigenvalues
///         (NaN or inf in the read triangle, which NumPy 1.24 reports so).
template <class T, class B>
ndarray<::xp::detail::real_of_t<detail::linalg_t<T>>, B> eigvalsh(const ndarray<T, B>& x, char uplo = 'L') {
  ::xp::detail::op_range<B> range("xp::linalg::eigvalsh");
  auto result = detail::hermitian_eigen(x, uplo, false, "eigvalsh");
  detail::reject_non_finite(result.eigenvalues, false, "eigvalsh", "Eigenvalues did not converge");
  return std::move(result.eigenvalues);
}

/// @brief np.linalg.eig(x): the eigenvalues and right eigenvectors (columns of unit 2-norm,
/// x v = w v) of each square matrix of the stack (..., n, n), in LAPACK's order (geev), unsorted.
/// Unlike NumPy, both are always complex (complex64 for float16, float32 and complex64 input,
/// complex128 otherwise): NumPy returns a real dtype when every imaginary part is 0, a dtype that
/// depends on the values, which a C++ type cannot follow (take xp::real of the result then).
/// @throws xp::value_error for fewer than 2 dimensions; xp::shape_error for non-square matrices;
///         xp::linalg_error "Array must not contain infs or NaNs" (as NumPy) and "Eigenvalues did
///         not converge" naming the matrix.
template <class T, class B>
eig_result<detail::eig_t<T>, B> eig(const ndarray<T, B>& x) {
  ::xp::detail::op_range<B> range("xp::linalg::eig");
  using W = detail::linalg_t<T>;
  using C = detail::eig_t<T>;
  constexpr const char* fn = "eig";
  detail::check_matrices(x.shape(), fn, true);
  detail::require_factorization<B>(fn);
  const index_t n = x.shape()[x.ndim() - 1];
  const ndarray<W, B> cm = detail::column_major_copy<W>(x);
  detail::reject_non_finite(cm, true, fn, "Array must not contain infs or NaNs");
  ndarray<C, B> w(detail::stack_of_vectors(x.shape(), n)), v(x.shape());
  if (cm.size() > 0)
    detail::throw_if_failed(primitive::factorization<B>::template eig<W>(detail::as_batch(cm), w.data(), v.data()), fn,
                            "Eigenvalues did not converge", x.shape());
  return {std::move(w), detail::row_major_copy(v)};
}

/// @brief np.linalg.eigvals(x): eig's eigenvalues alone (always complex: see eig).
/// @throws as eig.
template <class T, class B>
ndarray<detail::eig_t<T>, B> eigvals(const ndarray<T, B>& x) {
  ::xp::detail::op_range<B> range("xp::linalg::eigvals");
  using W = detail::linalg_t<T>;
  using C = detail::eig_t<T>;
  constexpr const char* fn = "eigvals";
  detail::check_matrices(x.shape(), fn, true);
  detail::require_factorization<B>(fn);
  const index_t n = x.shape()[x.ndim() - 1];
  const ndarray<W, B> cm = detail::column_major_copy<W>(x);
  detail::reject_non_finite(cm, true, fn, "Array must not contain infs or NaNs");
  ndarray<C, B> w(detail::stack_of_vectors(x.shape(), n));
  if (cm.size() > 0)
    detail::throw_if_failed(primitive::factorization<B>::template eig<W>(detail::as_batch(cm), w.data(), nullptr), fn,
                            "Eigenvalues did not converge", x.shape());
  return w;
}

/// @brief np.linalg.svd(x, full_matrices): x = U diag(S) Vh for each matrix of the stack
/// (..., m, n), k = min(m, n): S (..., k) descending, of the real dtype; U (..., m, m) and Vh
/// (..., n, n) with full_matrices, else U (..., m, k) and Vh (..., k, n). LAPACK's gesdd (as
/// NumPy); the vectors' signs (phases) are as LAPACK leaves them. An empty matrix gives NumPy's
/// result: identities for the full U and Vh, empty reduced ones.
/// @throws xp::value_error for fewer than 2 dimensions; xp::linalg_error "SVD did not converge"
///         for NaN input (as NumPy 1.24) and for an iteration that does not converge, naming
///         the matrix.
template <class T, class B>
svd_result<detail::linalg_t<T>, B> svd(const ndarray<T, B>& x, bool full_matrices = true) {
  ::xp::detail::op_range<B> range("xp::linalg::svd");
  return detail::singular_decomposition(x, full_matrices ? detail::svd_vectors::full : detail::svd_vectors::reduced,
                                        "svd");
}

/// @brief np.linalg.svdvals(x) (NumPy 2; np.linalg.svd(x, compute_uv=False)): the singular
/// values (..., min(m, n)) of each matrix of the stack, descending, of the real dtype.
/// @throws as svd.
template <class T, class B>
ndarray<::xp::detail::real_of_t<detail::linalg_t<T>>, B> svdvals(const ndarray<T, B>& x) {
  ::xp::detail::op_range<B> range("xp::linalg::svdvals");
  return std::move(detail::singular_decomposition(x, detail::svd_vectors::none, "svdvals").S);
}

// what evaluates to an array (an expression, a selection) in an array's place
XP_EVALUATING_OVERLOAD(cholesky)
XP_EVALUATING_OVERLOAD(qr)
XP_EVALUATING_OVERLOAD(svd)
XP_EVALUATING_OVERLOAD(svdvals)
XP_EVALUATING_OVERLOAD(eig)
XP_EVALUATING_OVERLOAD(eigh)
XP_EVALUATING_OVERLOAD(eigvals)
XP_EVALUATING_OVERLOAD(eigvalsh)

}  // namespace xp::linalg
