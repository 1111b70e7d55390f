#pragma once
/// @file backends/cuda/error.hpp
/// @brief XP_CUDA_CHECK: every CUDA runtime call goes through it and fails as xp::cuda_error
/// (status name, description, the call's text, file:line). It is the vendor layer's check
/// (backends/cuda/vendor/status.hpp) held to cudaError_t, so a library's status cannot reach it
/// by mistake.

#include <cuda_runtime_api.h>

#include "xp/backends/cuda/vendor/status.hpp"

#define XP_CUDA_CHECK(call) ::xp::backends::cuda::vendor::check<cudaError_t>((call), #call, __FILE__, __LINE__)
