#pragma once
/// @file backends/cuda/vendor/fft.hpp
/// @brief cuFFT through the vendor layer: status_traits<cufftResult> (cuFFT has no function that
/// names its statuses: the names and texts are written here) and its entry points by precision
/// as data. Private: includes <cufft.h>, so only libxp_cuda's compiled sources include it (it is
/// excluded from the install in CMakeLists.txt).

#include <cufft.h>

#include "xp/backends/cuda/vendor/status.hpp"

namespace xp::backends::cuda::vendor {

template <>
struct status_traits<cufftResult> {
  static constexpr const char* library = "cuFFT";
  static bool ok(cufftResult s) noexcept { return s == CUFFT_SUCCESS; }
  static const char* name(cufftResult s) noexcept {
    switch (s) {
      case CUFFT_SUCCESS:
        return "CUFFT_SUCCESS";
      case CUFFT_INVALID_PLAN:
        return "CUFFT_INVALID_PLAN";
      case CUFFT_ALLOC_FAILED:
        return "CUFFT_ALLOC_FAILED";
      case CUFFT_INVALID_TYPE:
        return "CUFFT_INVALID_TYPE";
      case CUFFT_INVALID_VALUE:
        return "CUFFT_INVALID_VALUE";
      case CUFFT_INTERNAL_ERROR:
        return "CUFFT_INTERNAL_ERROR";
      case CUFFT_EXEC_FAILED:
        return "CUFFT_EXEC_FAILED";
      case CUFFT_SETUP_FAILED:
        return "CUFFT_SETUP_FAILED";
      case CUFFT_INVALID_SIZE:
        return "CUFFT_INVALID_SIZE";
      case CUFFT_UNALIGNED_DATA:
        return "CUFFT_UNALIGNED_DATA";
      case CUFFT_INVALID_DEVICE:
        return "CUFFT_INVALID_DEVICE";
      case CUFFT_NO_WORKSPACE:
        return "CUFFT_NO_WORKSPACE";
      case CUFFT_NOT_IMPLEMENTED:
        return "CUFFT_NOT_IMPLEMENTED";
      case CUFFT_NOT_SUPPORTED:
        return "CUFFT_NOT_SUPPORTED";
      case CUFFT_MISSING_DEPENDENCY:
        return "CUFFT_MISSING_DEPENDENCY";
      case CUFFT_NVRTC_FAILURE:
        return "CUFFT_NVRTC_FAILURE";
      case CUFFT_NVJITLINK_FAILURE:
        return "CUFFT_NVJITLINK_FAILURE";
      case CUFFT_NVSHMEM_FAILURE:
        return "CUFFT_NVSHMEM_FAILURE";
    }
    return "an unknown cufftResult";
  }
  static const char* text(cufftResult s) noexcept {
    switch (s) {
      case CUFFT_SUCCESS:
        return "the operation completed successfully";
      case CUFFT_INVALID_PLAN:
        return "the plan handle is not valid";
      case CUFFT_ALLOC_FAILED:
        return "cuFFT failed to allocate GPU or CPU memory";
      case CUFFT_INVALID_TYPE:
        return "the transform type is not supported";
      case CUFFT_INVALID_VALUE:
        return "a pointer or parameter is not valid";
      case CUFFT_INTERNAL_ERROR:
        return "a driver or internal cuFFT library error";
      case CUFFT_EXEC_FAILED:
        return "cuFFT failed to execute the transform on the GPU";
      case CUFFT_SETUP_FAILED:
        return "the cuFFT library failed to initialise";
      case CUFFT_INVALID_SIZE:
        return "a transform size or stride is not valid";
      case CUFFT_UNALIGNED_DATA:
        return "the data are not aligned";
      case CUFFT_INVALID_DEVICE:
        return "the plan was made on another device";
      case CUFFT_NO_WORKSPACE:
        return "no work area was set for the plan";
      case CUFFT_NOT_IMPLEMENTED:
        return "the feature is not implemented";
      case CUFFT_NOT_SUPPORTED:
        return "the operation is not supported for these parameters";
      case CUFFT_MISSING_DEPENDENCY:
        return "a library cuFFT depends on is missing";
      case CUFFT_NVRTC_FAILURE:
        return "NVRTC failed (a callback's compilation)";
      case CUFFT_NVJITLINK_FAILURE:
        return "nvJitLink failed (a callback's link)";
      case CUFFT_NVSHMEM_FAILURE:
        return "NVSHMEM failed";
    }
    return "cuFFT returned a status xp does not know";
  }
};

/// cuFFT's types and entry points by precision: C2C/Z2Z, R2C/D2Z, C2R/Z2D.
template <class R>
struct fft_calls;
template <>
struct fft_calls<float> {
  using complex = cufftComplex;
  using real = cufftReal;
  static constexpr cufftType c2c = CUFFT_C2C, r2c = CUFFT_R2C, c2r = CUFFT_C2R;
  static cufftResult exec_c2c(cufftHandle h, complex* in, complex* out, int dir) {
    return cufftExecC2C(h, in, out, dir);
  }
  static cufftResult exec_r2c(cufftHandle h, real* in, complex* out) { return cufftExecR2C(h, in, out); }
  static cufftResult exec_c2r(cufftHandle h, complex* in, real* out) { return cufftExecC2R(h, in, out); }
};
template <>
struct fft_calls<double> {
  using complex = cufftDoubleComplex;
  using real = cufftDoubleReal;
  static constexpr cufftType c2c = CUFFT_Z2Z, r2c = CUFFT_D2Z, c2r = CUFFT_Z2D;
  static cufftResult exec_c2c(cufftHandle h, complex* in, complex* out, int dir) {
    return cufftExecZ2Z(h, in, out, dir);
  }
  static cufftResult exec_r2c(cufftHandle h, real* in, complex* out) { return cufftExecD2Z(h, in, out); }
  static cufftResult exec_c2r(cufftHandle h, complex* in, real* out) { return cufftExecZ2D(h, in, out); }
};

}  // namespace xp::backends::cuda::vendor
