// The out-of-core matrix product of include/xp/cuda/chunked.hpp (matmul_options::out_of_core),
// instantiated once for the types products are computed in; the header declares them extern.
// Plain C++ against the CUDA runtime API and what libxp_cuda precompiles (the device gemm,
// copies): compiled by the C++ compiler.
#define XP_OUT_OF_CORE_INSTANTIATE
#include "xp/cuda/chunked.hpp"

namespace xp::detail::chunked {
template void out_of_core_gemm<float>(const ndarray<float, host>&, const ndarray<float, host>&,
                                      const ndarray<float, host>&, const matmul_options&);
template void out_of_core_gemm<double>(const ndarray<double, host>&, const ndarray<double, host>&,
                                       const ndarray<double, host>&, const matmul_options&);
template void out_of_core_gemm<std::int32_t>(const ndarray<std::int32_t, host>&, const ndarray<std::int32_t, host>&,
                                             const ndarray<std::int32_t, host>&, const matmul_options&);
template void out_of_core_gemm<std::int64_t>(const ndarray<std::int64_t, host>&, const ndarray<std::int64_t, host>&,
                                             const ndarray<std::int64_t, host>&, const matmul_options&);
}  // namespace xp::detail::chunked
