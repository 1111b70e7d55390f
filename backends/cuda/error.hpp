#pragma once
/// @file backends/cuda/error.hpp
/// @brief XP_CUDA_CHECK: every CUDA runtime call goes through it and fails as xp::cuda_error
/// (status name, description, the call's text, file:line).

#include <cuda_runtime_api.h>

#include "xp/core/error.hpp"

namespace xp::backends::cuda {

inline void check(cudaError_t status, const char* call, const char* file, int line) {
  if (status != cudaSuccess) {
    (void)cudaGetLastError();  // clear a non-sticky error so the program can go on
    throw cuda_error(cudaGetErrorName(status), cudaGetErrorString(status), call, file, line);
  }
}

}  // namespace xp::backends::cuda

#define XP_CUDA_CHECK(call) ::xp::backends::cuda::check((call), #call, __FILE__, __LINE__)
