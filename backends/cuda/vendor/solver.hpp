#pragma once
/// @file backends/cuda/vendor/solver.hpp
/// @brief cuSOLVER (dense) for libxp_cuda's compiled sources (not installed: it includes
/// cusolverDn.h): its status for XP_VENDOR_CHECK, its handle and the 64-bit API's parameters
/// (vendor::handle<solver_handle>(), vendor::handle<solver_params>()), the Jacobi solvers'
/// settings, and the entry points by element type (solver_calls<T>, and cuBLAS's batched LU in
/// batched_lu_calls<T>), written as data once per routine family.

#include <cusolverDn.h>

#include "xp/backends/cuda/vendor/blas.hpp"
#include "xp/backends/cuda/vendor/handles.hpp"
#include "xp/backends/cuda/vendor/status.hpp"
#include "xp/core/complex.hpp"

namespace xp::backends::cuda::vendor {

/// cuSOLVER has no status-string function: the names and descriptions are written here.
template <>
struct status_traits<cusolverStatus_t> {
  static constexpr const char* library = "cuSOLVER";
  static bool ok(cusolverStatus_t s) noexcept { return s == CUSOLVER_STATUS_SUCCESS; }
  static const char* name(cusolverStatus_t s) noexcept {
    switch (s) {
      case CUSOLVER_STATUS_SUCCESS:
        return "CUSOLVER_STATUS_SUCCESS";
      case CUSOLVER_STATUS_NOT_INITIALIZED:
        return "CUSOLVER_STATUS_NOT_INITIALIZED";
      case CUSOLVER_STATUS_ALLOC_FAILED:
        return "CUSOLVER_STATUS_ALLOC_FAILED";
      case CUSOLVER_STATUS_INVALID_VALUE:
        return "CUSOLVER_STATUS_INVALID_VALUE";
      case CUSOLVER_STATUS_ARCH_MISMATCH:
        return "CUSOLVER_STATUS_ARCH_MISMATCH";
      case CUSOLVER_STATUS_MAPPING_ERROR:
        return "CUSOLVER_STATUS_MAPPING_ERROR";
      case CUSOLVER_STATUS_EXECUTION_FAILED:
        return "CUSOLVER_STATUS_EXECUTION_FAILED";
      case CUSOLVER_STATUS_INTERNAL_ERROR:
        return "CUSOLVER_STATUS_INTERNAL_ERROR";
      case CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED:
        return "CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED";
      case CUSOLVER_STATUS_NOT_SUPPORTED:
        return "CUSOLVER_STATUS_NOT_SUPPORTED";
      case CUSOLVER_STATUS_ZERO_PIVOT:
        return "CUSOLVER_STATUS_ZERO_PIVOT";
      case CUSOLVER_STATUS_INVALID_LICENSE:
        return "CUSOLVER_STATUS_INVALID_LICENSE";
      case CUSOLVER_STATUS_INVALID_WORKSPACE:
        return "CUSOLVER_STATUS_INVALID_WORKSPACE";
      default:
        return "CUSOLVER_STATUS_IRS_*";  // the iterative-refinement solvers' statuses, which xp does not call
    }
  }
  static const char* text(cusolverStatus_t s) noexcept {
    switch (s) {
      case CUSOLVER_STATUS_SUCCESS:
        return "the operation completed successfully";
      case CUSOLVER_STATUS_NOT_INITIALIZED:
        return "the library was not initialized (no handle)";
      case CUSOLVER_STATUS_ALLOC_FAILED:
        return "the library could not allocate its resources";
      case CUSOLVER_STATUS_INVALID_VALUE:
        return "an unsupported value or parameter was passed";
      case CUSOLVER_STATUS_ARCH_MISMATCH:
        return "the device does not support a feature the call needs";
      case CUSOLVER_STATUS_MAPPING_ERROR:
        return "access to GPU memory space failed";
      case CUSOLVER_STATUS_EXECUTION_FAILED:
        return "the GPU program failed to execute";
      case CUSOLVER_STATUS_INTERNAL_ERROR:
        return "an internal cuSOLVER operation failed";
      case CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED:
        return "the matrix type is not supported";
      case CUSOLVER_STATUS_NOT_SUPPORTED:
        return "the call or the combination of data types is not supported";
      case CUSOLVER_STATUS_ZERO_PIVOT:
        return "a zero pivot was met";
      case CUSOLVER_STATUS_INVALID_LICENSE:
        return "invalid license";
      case CUSOLVER_STATUS_INVALID_WORKSPACE:
        return "the workspace is missing or too small";
      default:
        return "an iterative-refinement (IRS) status";
    }
  }
};

/// cuSOLVER's handle for vendor::handle: one per device and thread, on xp's current stream.
struct solver_handle {
  using type = cusolverDnHandle_t;
  static cusolverStatus_t create(type* h) { return cusolverDnCreate(h); }
  static cusolverStatus_t destroy(type h) { return cusolverDnDestroy(h); }
  static cusolverStatus_t set_stream(type h, cudaStream_t s) { return cusolverDnSetStream(h, s); }
};

/// The 64-bit (X) API's options, left at their defaults (CUSOLVER_ALG_0 for every routine):
/// created once per thread and device through vendor::handle, like the handle itself (a call
/// only reads them, so one object serves every call of the thread).
struct solver_params {
  using type = cusolverDnParams_t;
  static cusolverStatus_t create(type* p) { return cusolverDnCreateParams(p); }
  static cusolverStatus_t destroy(type p) { return cusolverDnDestroyParams(p); }
  static cusolverStatus_t set_stream(type, cudaStream_t) { return CUSOLVER_STATUS_SUCCESS; }  // not stream-bound
};

/// syevj's settings (once per thread and device): the default tolerance (machine precision) and
/// sweeps, eigenvalues sorted ascending, as LAPACK's syevd returns them.
struct syevj_settings {
  using type = syevjInfo_t;
  static cusolverStatus_t create(type* p) {
    const cusolverStatus_t s = cusolverDnCreateSyevjInfo(p);
    return s != CUSOLVER_STATUS_SUCCESS ? s : cusolverDnXsyevjSetSortEig(*p, 1);
  }
  static cusolverStatus_t destroy(type p) { return cusolverDnDestroySyevjInfo(p); }
  static cusolverStatus_t set_stream(type, cudaStream_t) { return CUSOLVER_STATUS_SUCCESS; }
};

/// gesvdj's settings (once per thread and device): default tolerance and sweeps, singular values
/// sorted descending, as LAPACK's gesvd returns them.
struct gesvdj_settings {
  using type = gesvdjInfo_t;
  static cusolverStatus_t create(type* p) {
    const cusolverStatus_t s = cusolverDnCreateGesvdjInfo(p);
    return s != CUSOLVER_STATUS_SUCCESS ? s : cusolverDnXgesvdjSetSortEig(*p, 1);
  }
  static cusolverStatus_t destroy(type p) { return cusolverDnDestroyGesvdjInfo(p); }
  static cusolverStatus_t set_stream(type, cudaStream_t) { return CUSOLVER_STATUS_SUCCESS; }
};

/// cuSOLVER's entry points of one element type: `type` (what the legacy calls take), `real` (their
/// real type: eigenvalues, singular values), and the CUDA data types of the 64-bit API
/// (`data_type` for matrices and the compute type, `real_data_type` for W and S).
template <class T>
struct solver_calls;
template <>
struct solver_calls<float> {
  using type = float;
  using real = float;
  static constexpr cudaDataType_t data_type = CUDA_R_32F, real_data_type = CUDA_R_32F;
  static constexpr auto potrf_batched = cusolverDnSpotrfBatched;
  static constexpr auto getrf_buffer_size = cusolverDnSgetrf_bufferSize;
  static constexpr auto getrf = cusolverDnSgetrf;
  static constexpr auto getrs = cusolverDnSgetrs;
  static constexpr auto ungqr_buffer_size = cusolverDnSorgqr_bufferSize;
  static constexpr auto ungqr = cusolverDnSorgqr;
  static constexpr auto heevj_batched_buffer_size = cusolverDnSsyevjBatched_bufferSize;
  static constexpr auto heevj_batched = cusolverDnSsyevjBatched;
  static constexpr auto gesvdj_buffer_size = cusolverDnSgesvdj_bufferSize;
  static constexpr auto gesvdj = cusolverDnSgesvdj;
  static constexpr auto gesvdj_batched_buffer_size = cusolverDnSgesvdjBatched_bufferSize;
  static constexpr auto gesvdj_batched = cusolverDnSgesvdjBatched;
};
template <>
struct solver_calls<double> {
  using type = double;
  using real = double;
  static constexpr cudaDataType_t data_type = CUDA_R_64F, real_data_type = CUDA_R_64F;
  static constexpr auto potrf_batched = cusolverDnDpotrfBatched;
  static constexpr auto getrf_buffer_size = cusolverDnDgetrf_bufferSize;
  static constexpr auto getrf = cusolverDnDgetrf;
  static constexpr auto getrs = cusolverDnDgetrs;
  static constexpr auto ungqr_buffer_size = cusolverDnDorgqr_bufferSize;
  static constexpr auto ungqr = cusolverDnDorgqr;
  static constexpr auto heevj_batched_buffer_size = cusolverDnDsyevjBatched_bufferSize;
  static constexpr auto heevj_batched = cusolverDnDsyevjBatched;
  static constexpr auto gesvdj_buffer_size = cusolverDnDgesvdj_bufferSize;
  static constexpr auto gesvdj = cusolverDnDgesvdj;
  static constexpr auto gesvdj_batched_buffer_size = cusolverDnDgesvdjBatched_bufferSize;
  static constexpr auto gesvdj_batched = cusolverDnDgesvdjBatched;
};
template <>
struct solver_calls<complex64> {
  using type = cuComplex;
  using real = float;
  static constexpr cudaDataType_t data_type = CUDA_C_32F, real_data_type = CUDA_R_32F;
  static constexpr auto potrf_batched = cusolverDnCpotrfBatched;
  static constexpr auto getrf_buffer_size = cusolverDnCgetrf_bufferSize;
  static constexpr auto getrf = cusolverDnCgetrf;
  static constexpr auto getrs = cusolverDnCgetrs;
  static constexpr auto ungqr_buffer_size = cusolverDnCungqr_bufferSize;
  static constexpr auto ungqr = cusolverDnCungqr;
  static constexpr auto heevj_batched_buffer_size = cusolverDnCheevjBatched_bufferSize;
  static constexpr auto heevj_batched = cusolverDnCheevjBatched;
  static constexpr auto gesvdj_buffer_size = cusolverDnCgesvdj_bufferSize;
  static constexpr auto gesvdj = cusolverDnCgesvdj;
  static constexpr auto gesvdj_batched_buffer_size = cusolverDnCgesvdjBatched_bufferSize;
  static constexpr auto gesvdj_batched = cusolverDnCgesvdjBatched;
};
template <>
struct solver_calls<complex128> {
  using type = cuDoubleComplex;
  using real = double;
  static constexpr cudaDataType_t data_type = CUDA_C_64F, real_data_type = CUDA_R_64F;
  static constexpr auto potrf_batched = cusolverDnZpotrfBatched;
  static constexpr auto getrf_buffer_size = cusolverDnZgetrf_bufferSize;
  static constexpr auto getrf = cusolverDnZgetrf;
  static constexpr auto getrs = cusolverDnZgetrs;
  static constexpr auto ungqr_buffer_size = cusolverDnZungqr_bufferSize;
  static constexpr auto ungqr = cusolverDnZungqr;
  static constexpr auto heevj_batched_buffer_size = cusolverDnZheevjBatched_bufferSize;
  static constexpr auto heevj_batched = cusolverDnZheevjBatched;
  static constexpr auto gesvdj_buffer_size = cusolverDnZgesvdj_bufferSize;
  static constexpr auto gesvdj = cusolverDnZgesvdj;
  static constexpr auto gesvdj_batched_buffer_size = cusolverDnZgesvdjBatched_bufferSize;
  static constexpr auto gesvdj_batched = cusolverDnZgesvdjBatched;
};

/// cuBLAS's batched LU of small square matrices (pointer arrays on the device; getrf's info per
/// matrix on the device, getrs's single argument check on the host).
template <class T>
struct batched_lu_calls;
template <>
struct batched_lu_calls<float> {
  static constexpr auto getrf = cublasSgetrfBatched;
  static constexpr auto getrs = cublasSgetrsBatched;
};
template <>
struct batched_lu_calls<double> {
  static constexpr auto getrf = cublasDgetrfBatched;
  static constexpr auto getrs = cublasDgetrsBatched;
};
template <>
struct batched_lu_calls<complex64> {
  static constexpr auto getrf = cublasCgetrfBatched;
  static constexpr auto getrs = cublasCgetrsBatched;
};
template <>
struct batched_lu_calls<complex128> {
  static constexpr auto getrf = cublasZgetrfBatched;
  static constexpr auto getrs = cublasZgetrsBatched;
};

/// xp's pointer as the pointer type cuSOLVER's legacy entry points of T take (xp::complex<R> has
/// cuComplex's layout: vendor/blas.hpp asserts it).
template <class T>
const typename solver_calls<T>::type* solver_ptr(const T* p) {
  return reinterpret_cast<const typename solver_calls<T>::type*>(p);
}
template <class T>
typename solver_calls<T>::type* solver_ptr(T* p) {
  return reinterpret_cast<typename solver_calls<T>::type*>(p);
}

}  // namespace xp::backends::cuda::vendor
