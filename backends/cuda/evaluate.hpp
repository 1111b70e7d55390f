#pragma once
/// @file backends/cuda/evaluate.hpp
/// @brief The device's copy, generate and for_each primitives: kernels over views.
///
/// The built-in operations (copy between any two dtypes, fill, arange, linspace, eye, the
/// random generators) are precompiled into libxp_cuda, so a g++-only translation unit can use
/// them. Any other functor (a user expression or kernel) needs its translation unit compiled
/// by nvcc, which instantiates kernels.cuh right there.

#include <cuda_runtime_api.h>

#include <cstdint>
#include <type_traits>

#include "xp/backends/cuda/memory.hpp"
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

// The precompiled set, from dtype.hpp's one list (XP_DTYPES) so that declaration and
// instantiation cannot drift apart: converting copies between every pair of dtypes, fill, eye,
// arange and linspace for every dtype, the random generators for float and double.
#define XP_CUDA_GENERATE(T, Gen, prefix) \
  prefix template void launch_generate<T, Gen<T>>(strided_view<T>, Gen<T>, cudaStream_t);
// (the prefix, `extern` or nothing, travels as the variadic tail: an empty one may be omitted)
#define XP_CUDA_COPY_TO(U, c, n, k, npy, T, ...) \
  __VA_ARGS__ template void launch_copy<T, U>(strided_view<T>, strided_view<const U>, cudaStream_t);
#define XP_CUDA_COPY_FROM(T, c, n, k, npy, ...) XP_DTYPES_INNER(XP_CUDA_COPY_TO, T, __VA_ARGS__)

// Every precompiled generator, listed once: X(T, Gen, arg) for each dtype T it is compiled for.
#define XP_CUDA_DTYPE_GENERATORS(T, c, n, k, npy, X, arg) \
  X(T, ::xp::detail::constant_gen, arg)                   \
  X(T, ::xp::detail::eye_gen, arg)                        \
  X(T, ::xp::detail::arange_gen, arg)                     \
  X(T, ::xp::detail::linspace_gen, arg)
#define XP_CUDA_PRECOMPILED_GENERATORS(X, arg)      \
  XP_DTYPES(XP_CUDA_DTYPE_GENERATORS, X, arg)       \
  X(float, ::xp::random::detail::uniform_gen, arg)  \
  X(double, ::xp::random::detail::uniform_gen, arg) \
  X(float, ::xp::random::detail::normal_gen, arg)   \
  X(double, ::xp::random::detail::normal_gen, arg)

#define XP_CUDA_PRECOMPILED_COPIES(prefix) XP_DTYPES(XP_CUDA_COPY_FROM, prefix)
#define XP_CUDA_PRECOMPILED(prefix)                        \
  XP_CUDA_PRECOMPILED_GENERATORS(XP_CUDA_GENERATE, prefix) \
  XP_CUDA_PRECOMPILED_COPIES(prefix)

// Declared here, instantiated once in libxp_cuda (backends/cuda/core.cu).
XP_CUDA_PRECOMPILED(extern)

// Which generators a g++-compiled translation unit may run on the device, generated from that list.
template <class T, class G>
struct is_precompiled : std::false_type {};
#define XP_CUDA_MARK_PRECOMPILED(T, Gen, unused) \
  template <>                                    \
  struct is_precompiled<T, Gen<T>> : std::true_type {};
XP_CUDA_PRECOMPILED_GENERATORS(XP_CUDA_MARK_PRECOMPILED, )
#undef XP_CUDA_MARK_PRECOMPILED

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
    static_assert(backends::cuda::is_precompiled<T, G>::value,
                  "xp: this expression or functor runs on xp::cuda only from a translation unit compiled by "
                  "nvcc (a .cu file, or LANGUAGE CUDA in CMake); libxp_cuda precompiles xp's built-in "
                  "operations only");
#endif
    backends::cuda::launch_generate(dst, gen, backends::cuda::current_stream());
  }
};

}  // namespace xp
