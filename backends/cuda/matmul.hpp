#pragma once
/// @file backends/cuda/matmul.hpp
/// @brief backend_impl<cuda>'s gemm primitive: cuBLAS (float/double) and xp's tiled
/// shared-memory kernel (float, double, int32, int64). Both are compiled into libxp_cuda
/// (backends/cuda/matmul.cu), so a g++-only translation unit can multiply device arrays.

#include <cstdint>

#include "xp/linalg/gemm.hpp"

namespace xp::backends::cuda {

struct matmul_impl {
  /// @throws xp::dtype_error when the engine cannot serve T; xp::cuda_error on a failed
  /// cuBLAS or CUDA call.
  template <class T>
  static void gemm(const xp::detail::gemm_problem<T>& p, const matmul_options& options);
};

extern template void matmul_impl::gemm<float>(const xp::detail::gemm_problem<float>&, const matmul_options&);
extern template void matmul_impl::gemm<double>(const xp::detail::gemm_problem<double>&, const matmul_options&);
extern template void matmul_impl::gemm<std::int32_t>(const xp::detail::gemm_problem<std::int32_t>&, const matmul_options&);
extern template void matmul_impl::gemm<std::int64_t>(const xp::detail::gemm_problem<std::int64_t>&, const matmul_options&);

}  // namespace xp::backends::cuda
