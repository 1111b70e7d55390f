#pragma once
/// @file sparse/spmv_primitive.hpp
/// @brief The sparse matrix-vector product primitive: y = A x for a CSR matrix A (its plain view,
/// `csr_view<T>`: pointers and sizes, trivially copyable, what kernels take by value) and strided
/// dense x and y, over the columns of a dense right-hand side; the types it takes and both
/// backends' specialisations. xp::sparse::matmul and the iterative solvers call it; what SciPy's
/// rules say about dtypes and shapes is written once above it, in sparse/csr.hpp.

#include <cstdint>

#include "xp/core/backend.hpp"
#include "xp/core/complex.hpp"
#include "xp/core/config.hpp"
#include "xp/core/dtype.hpp"

namespace xp::sparse {

/// @brief The index type of xp's CSR matrices (column indices and row pointers): int32, as SciPy
/// picks while nnz and the dimensions fit, and what cuSPARSE's fastest paths take. A matrix with
/// 2^31 or more nonzeros, rows or columns is refused with a value_error.
using index32 = std::int32_t;

/// @brief A CSR matrix's plain view: rows x cols, row r's entries at [indptr[r], indptr[r + 1]) of
/// indices (their columns) and data (their values). Kernels take it by value.
template <class T>
struct csr_view {
  index_t rows = 0;
  index_t cols = 0;
  index_t nnz = 0;
  const index32* indptr = nullptr;
  const index32* indices = nullptr;
  const T* data = nullptr;
};

namespace detail {

/// y[:, c] = A x[:, c] for c < columns. Element i of column c of x is x[i * x_stride + c *
/// x_column_stride] (likewise y). R is the product's type; x is read as X and each product computed
/// in R (a float32 matrix times a float64 vector reads float32 values and accumulates in float64,
/// with no converted copy of the matrix). y must not overlap x or the matrix.
template <class T, class X>
struct spmv_problem {
  using result_type = promote_t<T, X>;
  csr_view<T> a;
  const X* x = nullptr;
  index_t x_stride = 1;
  index_t x_column_stride = 0;
  result_type* y = nullptr;
  index_t y_stride = 1;
  index_t y_column_stride = 0;
  index_t columns = 1;
  /// The vendor library's product (cuSPARSE) instead of xp's kernel: same-type pairs, and x and y
  /// contiguous (1-D, or C-contiguous (n, k) and (m, k)); the public layer checks and arranges both.
  bool vendor = false;
};

}  // namespace detail
}  // namespace xp::sparse

namespace xp::primitive {
/// @brief The SpMV primitive: `static void run(const sparse::detail::spmv_problem<T, X>&)` for the
/// (T, X) pairs of XP_SPMV_TYPES, on the backend (the device's current stream; no wait).
/// Specialised by each backend (backends/<backend>/spmv.hpp).
template <class B>
struct spmv {
  XP_PRIMITIVE_NOT_VISIBLE(B, "spmv");
};
}  // namespace xp::primitive

// The (matrix, vector) types the primitive takes, X(T, X) each: the one list. Other pairs convert
// the (short) vector, or the matrix, to one of these first.
#define XP_SPMV_TYPES(X) \
  X(float, float)        \
  X(double, double) X(float, double) X(::xp::complex64, ::xp::complex64) X(::xp::complex128, ::xp::complex128)

#include "xp/backends/cuda/spmv.hpp"
#include "xp/backends/host/spmv.hpp"
