#pragma once
/// @file backends/cuda/evaluate.hpp
/// @brief backend_impl<cuda>'s kernels over views: converting strided copy and generators.
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

// The precompiled set, as X-macros so that declaration and instantiation cannot drift apart.
#define XP_CUDA_FOR_EACH_DTYPE(X, ...) \
  X(float, __VA_ARGS__)                \
  X(double, __VA_ARGS__)               \
  X(std::int32_t, __VA_ARGS__)         \
  X(std::int64_t, __VA_ARGS__)         \
  X(std::uint8_t, __VA_ARGS__)         \
  X(bool, __VA_ARGS__)
#define XP_CUDA_FOR_EACH_DTYPE_INNER(X, ...) /* a second copy: a macro cannot nest itself */ \
  X(float, __VA_ARGS__)                                                                       \
  X(double, __VA_ARGS__)                                                                      \
  X(std::int32_t, __VA_ARGS__)                                                                \
  X(std::int64_t, __VA_ARGS__)                                                                \
  X(std::uint8_t, __VA_ARGS__)                                                                \
  X(bool, __VA_ARGS__)
#define XP_CUDA_FOR_EACH_NUMBER(X, ...) \
  X(float, __VA_ARGS__)                 \
  X(double, __VA_ARGS__)                \
  X(std::int32_t, __VA_ARGS__)          \
  X(std::int64_t, __VA_ARGS__)          \
  X(std::uint8_t, __VA_ARGS__)
#define XP_CUDA_FOR_EACH_FLOAT(X, ...) \
  X(float, __VA_ARGS__)                \
  X(double, __VA_ARGS__)

#define XP_CUDA_GENERATE(T, Gen, prefix) \
  prefix template void launch_generate<T, Gen<T>>(strided_view<T>, Gen<T>, cudaStream_t);
#define XP_CUDA_COPY_TO(U, T, prefix) \
  prefix template void launch_copy<T, U>(strided_view<T>, strided_view<const U>, cudaStream_t);
#define XP_CUDA_COPY_FROM(T, prefix) XP_CUDA_FOR_EACH_DTYPE_INNER(XP_CUDA_COPY_TO, T, prefix)

#define XP_CUDA_PRECOMPILED(prefix)                                                \
  XP_CUDA_FOR_EACH_DTYPE(XP_CUDA_GENERATE, ::xp::detail::constant_gen, prefix)     \
  XP_CUDA_FOR_EACH_DTYPE(XP_CUDA_GENERATE, ::xp::detail::eye_gen, prefix)          \
  XP_CUDA_FOR_EACH_NUMBER(XP_CUDA_GENERATE, ::xp::detail::arange_gen, prefix)      \
  XP_CUDA_FOR_EACH_NUMBER(XP_CUDA_GENERATE, ::xp::detail::linspace_gen, prefix)    \
  XP_CUDA_FOR_EACH_FLOAT(XP_CUDA_GENERATE, ::xp::random::detail::uniform_gen, prefix) \
  XP_CUDA_FOR_EACH_FLOAT(XP_CUDA_GENERATE, ::xp::random::detail::normal_gen, prefix)  \
  XP_CUDA_FOR_EACH_DTYPE(XP_CUDA_COPY_FROM, prefix)

// Declared here, instantiated once in libxp_cuda (backends/cuda/core.cu).
XP_CUDA_PRECOMPILED(extern)

template <class T, class G>
struct is_precompiled : std::false_type {};
template <class T, template <class> class Gen>
struct is_precompiled<T, Gen<T>>
    : std::bool_constant<std::is_same_v<Gen<T>, ::xp::detail::constant_gen<T>> ||
                         std::is_same_v<Gen<T>, ::xp::detail::eye_gen<T>> ||
                         (!std::is_same_v<T, bool> && (std::is_same_v<Gen<T>, ::xp::detail::arange_gen<T>> ||
                                                       std::is_same_v<Gen<T>, ::xp::detail::linspace_gen<T>>)) ||
                         (std::is_floating_point_v<T> &&
                          (std::is_same_v<Gen<T>, ::xp::random::detail::uniform_gen<T>> ||
                           std::is_same_v<Gen<T>, ::xp::random::detail::normal_gen<T>>))> {};

struct evaluate {
  template <class T, class U>
  static void copy(strided_view<T> dst, strided_view<const U> src) {
    launch_copy(dst, src, current_stream());
  }

  template <class F>
  static void for_each(index_t n, F f) {
#if defined(__CUDACC__)
    launch_for_each(n, f, current_stream());
#else
    static_assert(xp::detail::dependent_false<F>,
                  "xp: user kernels on xp::cuda run from a translation unit compiled by nvcc");
#endif
  }

  template <class T, class G>
  static void generate(strided_view<T> dst, G gen) {
#if !defined(__CUDACC__)
    static_assert(is_precompiled<T, G>::value,
                  "xp: this expression or functor runs on xp::cuda only from a translation unit compiled by "
                  "nvcc (a .cu file, or LANGUAGE CUDA in CMake); libxp_cuda precompiles xp's built-in "
                  "operations only");
#endif
    launch_generate(dst, gen, current_stream());
  }
};

}  // namespace xp::backends::cuda
