#pragma once
/// @file backends/cuda/matmul.hpp
/// @brief The device's gemm primitive: cuBLAS (float16 through cublasGemmEx with float32 sums,
/// float, double, complex64, complex128) and xp's tiled shared-memory kernel (every type of the
/// primitive; float16 widened to float32 for it). Both are compiled into libxp_cuda (backends/cuda/matmul.cu), so
/// a g++-only translation unit can multiply device arrays. Includes no CUDA header:
/// linalg/gemm_primitive.hpp includes it on every build.

#include "xp/linalg/gemm_primitive.hpp"

namespace xp {

/// @brief Every product of the problem on the current stream, through the engine the options
/// select (automatic: the vendor engine, cuBLAS, for float16, float, double, complex64 and
/// complex128 when every extent fits in int, else the own, tiled, engine).
template <>
struct primitive::gemm<cuda> {
  /// @throws xp::value_error when the extents exceed what the chosen engine takes; xp::cuda_error
  /// on a failed cuBLAS or CUDA call.
  template <class T>
  static void run(const xp::detail::gemm_problem<T>& p, const matmul_options& options);
};

}  // namespace xp

// libxp_cuda's instances: every type of the primitive (matmul.cu asks for the instantiations)
#define XP_PRECOMPILED_LIST XP_GEMM_TYPES
#define XP_PRECOMPILED_FUNCTION(T) \
  void xp::primitive::gemm<xp::cuda>::run<T>(const xp::detail::gemm_problem<T>&, const xp::matmul_options&)
#define XP_PRECOMPILED_PRIMITIVE xp::primitive::gemm<xp::cuda>
#if defined(XP_INSTANTIATE_GEMM)
#define XP_PRECOMPILED_INSTANTIATE
#endif
#include "xp/backends/cuda/precompiled.hpp"
#undef XP_GEMM_TYPES
