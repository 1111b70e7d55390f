#pragma once
/// @file backends/cuda/spmv.hpp
/// @brief The device's SpMV primitive, precompiled for XP_SPMV_TYPES in libxp_cuda
/// (backends/cuda/spmv.cu): a g++-only program can multiply device matrices. Includes no CUDA
/// header: sparse/spmv_primitive.hpp includes it on every build.

#include "xp/sparse/spmv_primitive.hpp"

namespace xp {

namespace backends::cuda {
/// @brief y = A x on the current stream (no wait). Rows go to groups of 2, 8 or 32 lanes by the
/// mean row length; each lane reads 4 values and 4 column indices per 16-byte load.
/// @throws xp::cuda_error when the launch fails.
template <class T, class X>
void spmv(const sparse::detail::spmv_problem<T, X>& p);
}  // namespace backends::cuda

template <>
struct primitive::spmv<cuda> {
  template <class T, class X>
  static void run(const sparse::detail::spmv_problem<T, X>& p) {
    backends::cuda::spmv(p);
  }
};

}  // namespace xp

// libxp_cuda's instances: every pair of the list (spmv.cu asks for the instantiations)
#define XP_PRECOMPILED_LIST           XP_SPMV_TYPES
#define XP_PRECOMPILED_FUNCTION(T, X) void xp::backends::cuda::spmv<T, X>(const xp::sparse::detail::spmv_problem<T, X>&)
#define XP_PRECOMPILED_PRIMITIVE      xp::primitive::spmv<xp::cuda>
#if defined(XP_INSTANTIATE_SPMV)
#define XP_PRECOMPILED_INSTANTIATE
#endif
#include "xp/backends/cuda/precompiled.hpp"
#undef XP_SPMV_TYPES
