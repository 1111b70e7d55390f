/// @file backends/cuda/sort_complex128.cu
/// @brief The device sort of complex128 (backends/cuda/sort.cuh): stable passes of 64-bit keys, by the imaginary
/// part, then by the real part, whose CUB radix sorts sort_64bit.cu instantiates.

// this unit's share of XP_SORT_TYPES (array/sort_primitive.hpp), instantiated here
#define XP_INSTANTIATE_SORT(X) X(::xp::complex128)
#include "xp/backends/cuda/sort.cuh"
