#pragma once
/// @file backends/cuda/vendor/cub.cuh
/// @brief CUB for libxp_cuda's compiled sources: the one place its headers are included (not
/// installed: CUB's headers are 60,000 preprocessed lines that no user unit should parse). CUB's
/// device-wide calls return cudaError_t and take their temporary storage in two phases; run them
/// through vendor::with_temp_storage (vendor/scratch.hpp), or, where one storage serves several calls (the sort's
/// row-by-row radix sorts, backends/cuda/sort.cuh), the same two phases with vendor::scratch. A new algorithm adds its
/// header here.

#if !defined(__CUDACC__)
#error "xp/backends/cuda/vendor/cub.cuh is for translation units compiled by nvcc"
#endif

#include <cub/block/block_load.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include "xp/backends/cuda/vendor/scratch.hpp"
