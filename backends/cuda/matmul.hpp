#pragma once
/// @file backends/cuda/matmul.hpp
/// @brief The device's gemm primitive: cuBLAS (float16 through cublasGemmEx with float32 sums,
/// float, double, complex64, complex128) and xp's tiled shared-memory kernel (every type of the
/// primitive; float16 widened to float32 for it). Both are compiled into libxp_cuda (backends/cuda/matmul.cu), so
/// a g++-only translation unit can multiply device arrays. Includes no CUDA header: the public
/// linalg/matmul.hpp includes it on every build.

#include <cstdint>

#include "xp/linalg/gemm.hpp"

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

extern template void primitive::gemm<cuda>::run<float>(const xp::detail::gemm_problem<float>&, const matmul_options&);
extern template void primitive::gemm<cuda>::run<double>(const xp::detail::gemm_problem<double>&, const matmul_options&);
extern template void primitive::gemm<cuda>::run<std::int32_t>(const xp::detail::gemm_problem<std::int32_t>&,
                                                              const matmul_options&);
extern template void primitive::gemm<cuda>::run<std::int64_t>(const xp::detail::gemm_problem<std::int64_t>&,
                                                              const matmul_options&);
extern template void primitive::gemm<cuda>::run<float16>(const xp::detail::gemm_problem<float16>&,
                                                         const matmul_options&);
extern template void primitive::gemm<cuda>::run<complex64>(const xp::detail::gemm_problem<complex64>&,
                                                           const matmul_options&);
extern template void primitive::gemm<cuda>::run<complex128>(const xp::detail::gemm_problem<complex128>&,
                                                            const matmul_options&);

}  // namespace xp
