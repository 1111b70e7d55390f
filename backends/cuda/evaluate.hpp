#pragma once
/// @file backends/cuda/evaluate.hpp
/// @brief The device's copy, generate and for_each primitives: kernels over views.
///
/// The built-in operations (copy between any two dtypes, fill, arange, linspace, eye, the
/// random generators) are precompiled into libxp_cuda, so a g++-only translation unit can use
/// them: the two lists at the end of this file. Any other functor (a user expression or kernel)
/// needs its translation unit compiled by nvcc, which instantiates kernels.cuh right there.

#include <cuda_runtime_api.h>

#include <cstdint>
#include <type_traits>

#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/precompiled.hpp"
#include "xp/core/generators.hpp"
#include "xp/core/kernel_view.hpp"
#include "xp/random/philox.hpp"

#if defined(__CUDACC__)
#include "xp/backends/cuda/kernels.cuh"
#endif

namespace xp::backends::cuda {

#if !defined(__CUDACC__)
template <class T, class G>
void launch_generate(strided_view<T> dst, G gen, cudaStream_t stream);
template <class T, class U>
void launch_copy(strided_view<T> dst, strided_view<const U> src, cudaStream_t stream);
#endif

}  // namespace xp::backends::cuda

namespace xp {

/// @brief dst[i] = convert<T>(src[i]) on the current stream; every dtype pair is precompiled.
/// @throws xp::cuda_error when the launch fails.
template <>
struct primitive::copy<cuda> {
  template <class T, class U>
  static void run(strided_view<T> dst, strided_view<const U> src) {
    backends::cuda::launch_copy(dst, src, backends::cuda::current_stream());
  }
};

/// @brief f(i) for i < n on the current stream; F must be device-callable, so the calling
/// translation unit is compiled by nvcc.
/// @throws xp::cuda_error when the launch fails.
template <>
struct primitive::for_each<cuda> {
  template <class F>
  static void run(index_t n, F f) {
#if defined(__CUDACC__)
    backends::cuda::launch_for_each(n, f, backends::cuda::current_stream());
#else
    (void)n;
    (void)f;
    static_assert(xp::detail::dependent_false<F>,
                  "xp: user kernels on xp::cuda run from a translation unit compiled by nvcc");
#endif
  }
};

/// @brief dst[i] = convert<T>(gen(i)) on the current stream. xp's built-in generators are
/// precompiled; any other functor needs the calling translation unit compiled by nvcc.
/// @throws xp::cuda_error when the launch fails.
template <>
struct primitive::generate<cuda> {
  template <class T, class G>
  static void run(strided_view<T> dst, G gen) {
#if !defined(__CUDACC__)
    static_assert(backends::cuda::is_precompiled_v<primitive::generate<cuda>, T, G>,
                  "xp: this expression or functor runs on xp::cuda only from a translation unit compiled by "
                  "nvcc (a .cu file, or LANGUAGE CUDA in CMake); libxp_cuda precompiles xp's built-in "
                  "operations only");
#endif
    backends::cuda::launch_generate(dst, gen, backends::cuda::current_stream());
  }
};

}  // namespace xp

// The precompiled generators: fill, eye, arange and linspace for every dtype (dtype.hpp's list),
// the random generators for float and double. Instantiated in precompiled_generators.cu.
#define XP_CUDA_DTYPE_GENERATORS(T, c, n, k, npy, X) \
  X(T, ::xp::detail::constant_gen<T>)                \
  X(T, ::xp::detail::eye_gen<T>)                     \
  X(T, ::xp::detail::arange_gen<T>)                  \
  X(T, ::xp::detail::linspace_gen<T>)
#define XP_PRECOMPILED_LIST(X)                         \
  XP_DTYPES(XP_CUDA_DTYPE_GENERATORS, X)               \
  X(float, ::xp::random::detail::uniform_gen<float>)   \
  X(double, ::xp::random::detail::uniform_gen<double>) \
  X(float, ::xp::random::detail::normal_gen<float>)    \
  X(double, ::xp::random::detail::normal_gen<double>)
#define XP_PRECOMPILED_FUNCTION(T, ...) \
  void xp::backends::cuda::launch_generate<T, __VA_ARGS__>(xp::strided_view<T>, __VA_ARGS__, cudaStream_t)
#define XP_PRECOMPILED_PRIMITIVE xp::primitive::generate<xp::cuda>
#if defined(XP_INSTANTIATE_GENERATORS)
#define XP_PRECOMPILED_INSTANTIATE
#endif
#include "xp/backends/cuda/precompiled.hpp"
#undef XP_CUDA_DTYPE_GENERATORS

// The precompiled converting copies: every pair of dtypes. Instantiated in copy.cu.
#define XP_CUDA_COPY_TO(U, c, n, k, npy, T, X) X(T, U)
#define XP_CUDA_COPY_FROM(T, c, n, k, npy, X)  XP_DTYPES_INNER(XP_CUDA_COPY_TO, T, X)
#define XP_PRECOMPILED_LIST(X)                 XP_DTYPES(XP_CUDA_COPY_FROM, X)
#define XP_PRECOMPILED_FUNCTION(T, U) \
  void xp::backends::cuda::launch_copy<T, U>(xp::strided_view<T>, xp::strided_view<const U>, cudaStream_t)
#if defined(XP_INSTANTIATE_COPIES)
#define XP_PRECOMPILED_INSTANTIATE
#endif
#include "xp/backends/cuda/precompiled.hpp"
#undef XP_CUDA_COPY_FROM
#undef XP_CUDA_COPY_TO
