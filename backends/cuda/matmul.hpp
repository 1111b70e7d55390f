#pragma once
/// @file backends/cuda/matmul.hpp
/// @brief The device's gemm primitive: cuBLAS (float/double) and xp's tiled shared-memory kernel
/// (float, double, int32, int64). Both are compiled into libxp_cuda (backends/cuda/matmul.cu), so
/// a g++-only translation unit can multiply device arrays. Includes no CUDA header: the public
/// linalg/matmul.hpp includes it on every build.

#include <cstdint>

#include "xp/linalg/gemm.hpp"

namespace xp {

/// @brief Every product of the problem on the current stream, through the engine the options
/// select (automatic: cuBLAS for float/double when every extent fits in int, else tiled).
template <>
struct primitive::gemm<cuda> {
  /// @throws xp::value_error when the extents exceed what the chosen engine takes; xp::cuda_error
  /// on a failed cuBLAS or CUDA call.
  template <class T>
  static void run(const xp::detail::gemm_problem<T>& p, const matmul_options& options);
};

extern template void primitive::gemm<cuda>::run<float>(const xp::detail::gemm_problem<float>&, const matmul_options&);
extern template void primitive::gemm<cuda>::run<double>(const xp::detail::gemm_problem<double>&, const matmul_options&);
extern template void primitive::gemm<cuda>::run<std::int32_t>(const xp::detail::gemm_problem<std::int32_t>&,
                                                              const matmul_options&);
extern template void primitive::gemm<cuda>::run<std::int64_t>(const xp::detail::gemm_problem<std::int64_t>&,
                                                              const matmul_options&);

}  // namespace xp
