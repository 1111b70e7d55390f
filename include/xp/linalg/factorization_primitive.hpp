#pragma once
/// @file linalg/factorization_primitive.hpp
/// @brief The factorization primitive: LAPACK's dense routines (Cholesky, LU and solve,
/// symmetric/Hermitian and general eigenproblems, SVD, QR) on a batch of column-major matrices,
/// its primary template, the types it takes and both backends' specialisations. The NumPy
/// semantics (shapes, batches, dtypes, errors) are written once above it, in
/// linalg/decompositions.hpp and linalg/solve.hpp: a backend only calls its library.

#include <cstdint>

#include "xp/core/backend.hpp"
#include "xp/core/complex.hpp"
#include "xp/core/config.hpp"
#include "xp/core/dtype.hpp"

namespace xp::linalg::detail {

/// A batch of column-major matrices (LAPACK's order) stored one after another in the backend's
/// memory: matrix b starts at data + b * rows * cols, its element (i, j) is at i + j * rows.
/// A row-major C-contiguous (batch, cols, rows) array is exactly such a batch of its matrices'
/// transposes, which is how the layers above make one.
template <class T>
struct matrix_batch {
  T* data;
  index_t rows, cols, batch;
};

/// What a routine reported: `batch` is the first matrix whose LAPACK `info` was not 0 (-1 when
/// every one succeeded) and `info` is that value (> 0: the 1-based step where the matrix failed:
/// a zero pivot, a leading minor that is not positive definite, a count of unconverged values).
struct factor_status {
  index_t batch = -1;
  index_t info = 0;
  [[nodiscard]] bool ok() const noexcept { return batch < 0; }
};

/// Which singular vectors svd computes: none, the reduced U (m x k) and Vh (k x n) with
/// k = min(m, n), or the full U (m x m) and Vh (n x n).
enum class svd_vectors { none, reduced, full };

}  // namespace xp::linalg::detail

namespace xp::primitive {
/// @brief The factorization primitive. Each backend's specialisation provides, for T in
/// XP_FACTORIZATION_TYPES, with every pointer in that backend's memory and every matrix a
/// column-major `linalg::detail::matrix_batch` (R: detail::real_of_t<T>, C: complex of R):
///
/// - `static constexpr bool available`: false where the build has no library for it (a host
///   build without LAPACK); the layers above then throw before calling.
/// - `factor_status cholesky(matrix_batch<T> a, bool upper)`: potrf in place; the other triangle
///   is left as it was.
/// - `factor_status lu(matrix_batch<T> a, std::int32_t* pivots)`: getrf in place, pivots
///   (1-based, n per matrix); a singular matrix is reported, not an error.
/// - `factor_status solve(matrix_batch<T> a, matrix_batch<T> b)`: gesv: a (n x n) becomes its LU
///   factors, b (n x nrhs) the solution.
/// - `factor_status eigh(matrix_batch<T> a, R* w, bool upper, bool vectors)`: syevd/heevd from
///   the `upper` (or lower) triangle: w (n per matrix) ascending, a the eigenvectors (columns).
/// - `factor_status eig(matrix_batch<T> a, C* w, C* v)`: geev: eigenvalues w (n per matrix) and,
///   when v is not null, the right eigenvectors as complex columns of unit 2-norm (n x n per
///   matrix), also for real T; a is destroyed.
/// - `factor_status svd(matrix_batch<T> a, R* s, T* u, T* vh, svd_vectors job)`: gesvd-like: s
///   (min(m, n) per matrix) descending; u (m x k or m x m) and vh (k x n or n x n), column-major
///   batches, written unless job is none (then null); a is destroyed.
/// - `void qr(matrix_batch<T> a, T* tau)`: geqrf in place, tau min(m, n) per matrix.
/// - `void qr_q(matrix_batch<T> a, index_t k, const T* tau)`: orgqr/ungqr in place: the
///   m x n (n <= m) a, whose first k columns hold qr's reflectors, becomes Q's first n columns.
template <class B>
struct factorization {
  XP_PRIMITIVE_NOT_VISIBLE(B, "factorization");
};
}  // namespace xp::primitive

/// The types the primitive takes, X(T) each: float, double, complex64, complex128 (the layers
/// above compute float16 in float32 and integers and bool in float64, as NumPy does). The one
/// list: the backends' declarations and instantiations.
#define XP_FACTORIZATION_TYPES(X) X(float) X(double) X(::xp::complex64) X(::xp::complex128)

// each backend's specialisation (the CUDA one declares what libxp_cuda compiles, from
// XP_FACTORIZATION_TYPES)
#include "xp/backends/cuda/factorization.hpp"
#include "xp/backends/host/factorization.hpp"

// libxp's and libxp_cuda's sources instantiate the primitive from the list; nothing else keeps it
#if !defined(XP_INSTANTIATE_FACTORIZATION)
#undef XP_FACTORIZATION_TYPES
#endif
