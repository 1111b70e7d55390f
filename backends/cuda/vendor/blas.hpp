#pragma once
/// @file backends/cuda/vendor/blas.hpp
/// @brief cuBLAS for libxp_cuda's compiled sources (not installed: it includes cublas_v2.h): its
/// status for XP_VENDOR_CHECK, its handle (vendor::handle<blas_handle>()), and its entry points
/// by element type (blas_calls<T>), written as data once per routine family.

#include <cublas_v2.h>

#include "xp/backends/cuda/vendor/handles.hpp"
#include "xp/backends/cuda/vendor/status.hpp"
#include "xp/core/complex.hpp"
#include "xp/core/float16.hpp"

namespace xp::backends::cuda::vendor {

// example-begin vendor-library
template <>
struct status_traits<cublasStatus_t> {
  static constexpr const char* library = "cuBLAS";
  static bool ok(cublasStatus_t s) noexcept { return s == CUBLAS_STATUS_SUCCESS; }
  static const char* name(cublasStatus_t s) noexcept { return cublasGetStatusName(s); }
  static const char* text(cublasStatus_t s) noexcept { return cublasGetStatusString(s); }
};

/// cuBLAS's handle for vendor::handle: one per device and thread, on xp's current stream.
struct blas_handle {
  using type = cublasHandle_t;
  static cublasStatus_t create(type* h) { return cublasCreate(h); }
  static cublasStatus_t destroy(type h) { return cublasDestroy(h); }
  static cublasStatus_t set_stream(type h, cudaStream_t s) { return cublasSetStream(h, s); }
};
// example-end vendor-library

/// cuBLAS's entry points of one element type and the type they name it by (xp::complex<T> has
/// cuComplex's layout: real part, then imaginary part, aligned to its size). float16 has no
/// typed entry point: it goes through cublasGemmEx with `data_type`.
template <class T>
struct blas_calls;
template <>
struct blas_calls<float> {
  using type = float;
  static constexpr auto gemm = cublasSgemm;
  static constexpr auto gemm_strided_batched = cublasSgemmStridedBatched;
};
template <>
struct blas_calls<double> {
  using type = double;
  static constexpr auto gemm = cublasDgemm;
  static constexpr auto gemm_strided_batched = cublasDgemmStridedBatched;
};
template <>
struct blas_calls<complex64> {
  using type = cuComplex;
  static constexpr auto gemm = cublasCgemm;
  static constexpr auto gemm_strided_batched = cublasCgemmStridedBatched;
};
template <>
struct blas_calls<complex128> {
  using type = cuDoubleComplex;
  static constexpr auto gemm = cublasZgemm;
  static constexpr auto gemm_strided_batched = cublasZgemmStridedBatched;
};
template <>
struct blas_calls<float16> {
  static constexpr cudaDataType_t data_type = CUDA_R_16F;
  static constexpr cublasComputeType_t compute_type = CUBLAS_COMPUTE_32F;  // float32 products and sums
};
static_assert(sizeof(complex64) == sizeof(cuComplex) && alignof(complex64) == alignof(cuComplex));
static_assert(sizeof(complex128) == sizeof(cuDoubleComplex) && alignof(complex128) == alignof(cuDoubleComplex));

/// xp's pointer as the pointer type cuBLAS's entry points of T take.
template <class T>
const typename blas_calls<T>::type* blas_ptr(const T* p) {
  return reinterpret_cast<const typename blas_calls<T>::type*>(p);
}
template <class T>
typename blas_calls<T>::type* blas_ptr(T* p) {
  return reinterpret_cast<typename blas_calls<T>::type*>(p);
}

}  // namespace xp::backends::cuda::vendor
