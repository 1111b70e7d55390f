#pragma once
/// @file backends/host/vendor/blas.hpp
/// @brief The host's BLAS (CBLAS: OpenBLAS when CMake found it, XP_HAS_CBLAS) as typed wrappers,
/// declared without <cblas.h> so that no program that includes <xp/linalg.hpp> parses it: the
/// calls are in backends/host/vendor/blas.cpp, compiled into libxp. Each wrapper is one
/// cblas_?gemm call; matrices are row-major.

#include "xp/core/complex.hpp"

namespace xp::backends::host::vendor {

/// True when this build has a host BLAS (the wrappers below are defined only then).
inline constexpr bool has_blas =
#if defined(XP_HAS_CBLAS)
    true;
#else
    false;
#endif

/// Whether an operand is used as it is or transposed (CblasNoTrans, CblasTrans).
enum class blas_op : bool { none, transpose };

/// C (m x n, leading dimension ldc) = alpha op(A) op(B) + beta C, row-major: cblas_sgemm,
/// cblas_dgemm, cblas_cgemm, cblas_zgemm.
void gemm(blas_op op_a, blas_op op_b, int m, int n, int k, float alpha, const float* a, int lda, const float* b,
          int ldb, float beta, float* c, int ldc);
void gemm(blas_op op_a, blas_op op_b, int m, int n, int k, double alpha, const double* a, int lda, const double* b,
          int ldb, double beta, double* c, int ldc);
void gemm(blas_op op_a, blas_op op_b, int m, int n, int k, complex64 alpha, const complex64* a, int lda,
          const complex64* b, int ldb, complex64 beta, complex64* c, int ldc);
void gemm(blas_op op_a, blas_op op_b, int m, int n, int k, complex128 alpha, const complex128* a, int lda,
          const complex128* b, int ldb, complex128 beta, complex128* c, int ldc);

/// y (stride 1) = op(A) x, A row-major (rows x cols, leading dimension lda), x of stride incx:
/// cblas_sgemv, cblas_dgemv, cblas_cgemv, cblas_zgemv (transpose, never conjugate). A product
/// with one row or one column goes here: gemm packs the whole other operand first (OpenBLAS's
/// sgemm_otcopy was 17% of the seed's host einsum), gemv reads it once.
void gemv(blas_op op, int rows, int cols, const float* a, int lda, const float* x, int incx, float* y);
void gemv(blas_op op, int rows, int cols, const double* a, int lda, const double* x, int incx, double* y);
void gemv(blas_op op, int rows, int cols, const complex64* a, int lda, const complex64* x, int incx, complex64* y);
void gemv(blas_op op, int rows, int cols, const complex128* a, int lda, const complex128* x, int incx, complex128* y);

}  // namespace xp::backends::host::vendor
