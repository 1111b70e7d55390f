// The host's BLAS wrappers (backends/host/vendor/blas.hpp): the one source that includes
// <cblas.h>. Compiled empty on a build without CBLAS.
#include "xp/backends/host/vendor/blas.hpp"

#if defined(XP_HAS_CBLAS)
#include <cblas.h>

namespace xp::backends::host::vendor {

namespace {
CBLAS_TRANSPOSE cblas_op(blas_op op) { return op == blas_op::transpose ? CblasTrans : CblasNoTrans; }
}  // namespace

void gemm(blas_op op_a, blas_op op_b, int m, int n, int k, float alpha, const float* a, int lda, const float* b,
          int ldb, float beta, float* c, int ldc) {
  cblas_sgemm(CblasRowMajor, cblas_op(op_a), cblas_op(op_b), m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
void gemm(blas_op op_a, blas_op op_b, int m, int n, int k, double alpha, const double* a, int lda, const double* b,
          int ldb, double beta, double* c, int ldc) {
  cblas_dgemm(CblasRowMajor, cblas_op(op_a), cblas_op(op_b), m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
// complex: std::complex's layout, which CBLAS takes through void pointers
void gemm(blas_op op_a, blas_op op_b, int m, int n, int k, complex64 alpha, const complex64* a, int lda,
          const complex64* b, int ldb, complex64 beta, complex64* c, int ldc) {
  cblas_cgemm(CblasRowMajor, cblas_op(op_a), cblas_op(op_b), m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc);
}
void gemm(blas_op op_a, blas_op op_b, int m, int n, int k, complex128 alpha, const complex128* a, int lda,
          const complex128* b, int ldb, complex128 beta, complex128* c, int ldc) {
  cblas_zgemm(CblasRowMajor, cblas_op(op_a), cblas_op(op_b), m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc);
}

void gemv(blas_op op, int rows, int cols, const float* a, int lda, const float* x, int incx, float* y) {
  cblas_sgemv(CblasRowMajor, cblas_op(op), rows, cols, 1.0f, a, lda, x, incx, 0.0f, y, 1);
}
void gemv(blas_op op, int rows, int cols, const double* a, int lda, const double* x, int incx, double* y) {
  cblas_dgemv(CblasRowMajor, cblas_op(op), rows, cols, 1.0, a, lda, x, incx, 0.0, y, 1);
}
void gemv(blas_op op, int rows, int cols, const complex64* a, int lda, const complex64* x, int incx, complex64* y) {
  const complex64 one(1.0f, 0.0f), zero(0.0f, 0.0f);
  cblas_cgemv(CblasRowMajor, cblas_op(op), rows, cols, &one, a, lda, x, incx, &zero, y, 1);
}
void gemv(blas_op op, int rows, int cols, const complex128* a, int lda, const complex128* x, int incx, complex128* y) {
  const complex128 one(1.0, 0.0), zero(0.0, 0.0);
  cblas_zgemv(CblasRowMajor, cblas_op(op), rows, cols, &one, a, lda, x, incx, &zero, y, 1);
}

}  // namespace xp::backends::host::vendor

#endif
