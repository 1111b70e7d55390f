#pragma once
/// @file config.hpp
/// @brief Compiler glue shared by every xp header: XP_HD and the kernel rank limit.

#include <cstdint>

/// Marks a function (or lambda) callable from host and device code. Expands to
/// `__host__ __device__` only when the translation unit is compiled by nvcc, so the host
/// build never needs CUDA.
#if defined(__CUDACC__)
#define XP_HD             __host__ __device__
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

/// Asks the compiler to unroll the next loop (nvcc and g++ spell it differently).
#if defined(__CUDA_ARCH__)
#define XP_UNROLL _Pragma("unroll")
#elif defined(__CUDACC__)
#define XP_UNROLL /* nvcc's host pass: leave it to the host compiler's defaults */
#elif defined(__clang__)
#define XP_UNROLL _Pragma("clang loop unroll(enable)")
#else
#define XP_UNROLL _Pragma("GCC unroll 16")
#endif

#ifndef XP_MAX_KERNEL_RANK
/// Kernels see at most this many dimensions after contiguous dimensions are merged.
/// An ndarray itself has no rank limit; only an elementwise pass over an operand whose
/// layout cannot be merged below this rank throws xp::value_error.
#define XP_MAX_KERNEL_RANK 8
#endif

#include <type_traits>

namespace xp {
using index_t = std::int64_t;  ///< shapes, strides (in elements) and flat indices

namespace detail {
/// a * b + c with the product rounded before the sum on every backend. nvcc contracts
/// `a * b + c` into one FMA by default; generators that must give the same bits on the host
/// and the device (and NumPy's bits) use this instead.
template <class T>
XP_HD inline T mul_add_rounded(T a, T b, T c) {
#if XP_ON_DEVICE
  if constexpr (std::is_same_v<T, float>) return __fadd_rn(__fmul_rn(a, b), c);
  else if constexpr (std::is_same_v<T, double>) return __dadd_rn(__dmul_rn(a, b), c);
  else return a * b + c;
#else
  return a * b + c;
#endif
}
}  // namespace detail
}  // namespace xp
