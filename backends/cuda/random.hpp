#pragma once
/// @file backends/cuda/random.hpp
/// @brief The device's random_fill primitive, precompiled in libxp_cuda (backends/cuda/random.cu)
/// for every sampler of xp::random::Generator: a g++-only program can draw on device arrays.
/// Includes no CUDA header: the public random/generator.hpp includes it on every build.

#include <cstdint>

#include "xp/random/distributions.hpp"

namespace xp {

namespace backends::cuda {

/// @brief dst[i] = value i of the sampler d for i < n, on the current stream: one thread per
/// Philox block (its K values land in K coalesced runs of 32 elements).
/// @throws xp::cuda_error when the launch fails.
template <class D>
void random_fill(typename D::value_type* dst, index_t n, const D& d);

// The samplers libxp_cuda compiles: X(sampler type) for each.
#define XP_CUDA_RANDOM_INTEGERS(X, T)                 \
  X(::xp::random::detail::integers_sampler<T, false>) \
  X(::xp::random::detail::integers_sampler<T, true>)
#define XP_CUDA_RANDOM_SAMPLERS(X)                     \
  X(::xp::random::detail::uniform_sampler<float>)      \
  X(::xp::random::detail::uniform_sampler<double>)     \
  X(::xp::random::detail::normal_sampler<float>)       \
  X(::xp::random::detail::normal_sampler<double>)      \
  X(::xp::random::detail::exponential_sampler<float>)  \
  X(::xp::random::detail::exponential_sampler<double>) \
  X(::xp::random::detail::gamma_sampler<float>)        \
  X(::xp::random::detail::gamma_sampler<double>)       \
  X(::xp::random::detail::cdf_sampler)                 \
  X(::xp::random::detail::poisson_sampler)             \
  X(::xp::random::detail::binomial_sampler)            \
  XP_CUDA_RANDOM_INTEGERS(X, std::int8_t)              \
  XP_CUDA_RANDOM_INTEGERS(X, std::uint8_t)             \
  XP_CUDA_RANDOM_INTEGERS(X, std::int16_t)             \
  XP_CUDA_RANDOM_INTEGERS(X, std::uint16_t)            \
  XP_CUDA_RANDOM_INTEGERS(X, std::int32_t)             \
  XP_CUDA_RANDOM_INTEGERS(X, std::uint32_t)            \
  XP_CUDA_RANDOM_INTEGERS(X, std::int64_t)             \
  XP_CUDA_RANDOM_INTEGERS(X, std::uint64_t)

#define XP_CUDA_RANDOM_EXTERN(...) \
  extern template void random_fill<__VA_ARGS__>(typename __VA_ARGS__::value_type*, index_t, const __VA_ARGS__&);
XP_CUDA_RANDOM_SAMPLERS(XP_CUDA_RANDOM_EXTERN)
#undef XP_CUDA_RANDOM_EXTERN

}  // namespace backends::cuda

/// @brief dst[i] = value i of the sampler d (dst contiguous device memory) on the current stream.
template <>
struct primitive::random_fill<cuda> {
  /// @throws xp::cuda_error when the launch fails.
  template <class D>
  static void run(typename D::value_type* dst, index_t n, const D& d) {
    backends::cuda::random_fill(dst, n, d);
  }
};

}  // namespace xp
