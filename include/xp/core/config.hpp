#pragma once
/// @file config.hpp
/// @brief Compiler glue shared by every xp header: XP_HD and the kernel rank limit.

#include <cstdint>

/// Marks a function (or lambda) callable from host and device code. Expands to
/// `__host__ __device__` only when the translation unit is compiled by nvcc, so the host
/// build never needs CUDA.
#if defined(__CUDACC__)
#define XP_HD __host__ __device__
#define XP_DEVICE_COMPILE 1
#else
#define XP_HD
#define XP_DEVICE_COMPILE 0
#endif

#if defined(__CUDA_ARCH__)
#define XP_ON_DEVICE 1
#else
#define XP_ON_DEVICE 0
#endif

#ifndef XP_MAX_KERNEL_RANK
/// Kernels see at most this many dimensions after contiguous dimensions are merged.
/// An ndarray itself has no rank limit; only an elementwise pass over an operand whose
/// layout cannot be merged below this rank throws xp::value_error.
#define XP_MAX_KERNEL_RANK 8
#endif

namespace xp {
using index_t = std::int64_t;  ///< shapes, strides (in elements) and flat indices
}  // namespace xp
