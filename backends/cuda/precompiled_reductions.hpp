#pragma once
/// @file backends/cuda/precompiled_reductions.hpp
/// @brief np.sum of a device array (not of an expression) for every dtype, declared here and
/// compiled once in libxp_cuda (backends/cuda/precompiled_reductions.cu). A reduction is a
/// template over its operand, so every nvcc unit that sums instantiates the reduce kernels (nine
/// variants: whole array, rows, columns, vector widths); for the most common call, the sum of an
/// array, they are the library's. In a hello-world with one fused expression and a sum that was
/// 2.2 s of the 6.9 s it took nvcc on the 2-core development machine. Included by <xp/cuda.hpp>,
/// after the reductions.

#include <type_traits>
#include <utility>

#include "xp/backends/cuda/reduce.hpp"
#include "xp/core/dtype.hpp"
#include "xp/expr/reduction.hpp"

namespace xp::backends::cuda {

/// The reduction a sum of T runs, and its result type.
template <class T>
using sum_desc_t = std::decay_t<decltype(::xp::detail::sum_reduction<T>.desc)>;
template <class T>
using sum_out_t = std::decay_t<decltype(std::declval<sum_desc_t<T>>().finish(
    std::declval<decltype(std::declval<sum_desc_t<T>>().identity)>(), index_t{1}))>;

// (the prefix, `extern` or nothing, travels as the variadic tail)
#define XP_CUDA_SUM_OF_ARRAY(T, c, n, k, npy, ...)                                                               \
  __VA_ARGS__ template void                                                                                      \
  launch_reduce<sum_out_t<T>, ::xp::detail::array_kernel<T>, sum_desc_t<T>, ::xp::detail::reduce_shape>(         \
      sum_out_t<T>*, index_t, index_t, ::xp::detail::array_kernel<T>, sum_desc_t<T>, ::xp::detail::reduce_shape, \
      cudaStream_t);

// precompiled_reductions.cu defines XP_CUDA_COMPILING_PRECOMPILED_REDUCTIONS before including
// this header and gets the instantiations; every other nvcc unit the declarations. Either way the
// helper is undefined below, so that it does not leak into users' code.
#if defined(XP_CUDA_COMPILING_PRECOMPILED_REDUCTIONS)
XP_DTYPES(XP_CUDA_SUM_OF_ARRAY)
#elif defined(__CUDACC__)
XP_DTYPES(XP_CUDA_SUM_OF_ARRAY, extern)
#endif
#undef XP_CUDA_SUM_OF_ARRAY

}  // namespace xp::backends::cuda
