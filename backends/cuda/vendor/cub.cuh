#pragma once
/// @file backends/cuda/vendor/cub.cuh
/// @brief CUB for libxp_cuda's compiled sources: the one place its headers are included (not
/// installed: CUB's headers are 60,000 preprocessed lines that no user unit should parse). CUB's
/// device-wide calls return cudaError_t and take their temporary storage in two phases; run them
/// through vendor::with_temp_storage (vendor/scratch.hpp). A new algorithm adds its header here.

#if !defined(__CUDACC__)
#error "xp/backends/cuda/vendor/cub.cuh is for translation units compiled by nvcc"
#endif

#include <cub/device/device_scan.cuh>

#include "xp/backends/cuda/vendor/scratch.hpp"
