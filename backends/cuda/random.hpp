#pragma once
/// @file backends/cuda/random.hpp
/// @brief The device's random_fill primitive, precompiled in libxp_cuda (backends/cuda/random.cu)
/// for every sampler of xp::random::Generator: a g++-only program can draw on device arrays.
/// Includes no CUDA header: random/random_fill_primitive.hpp includes it on every build.

#include "xp/random/random_fill_primitive.hpp"

namespace xp {

namespace backends::cuda {

/// @brief dst[i] = value i of the sampler d for i < n, on the current stream: one thread per
/// Philox block (its K values land in K coalesced runs of 32 elements).
/// @throws xp::cuda_error when the launch fails.
template <class D>
void random_fill(typename D::value_type* dst, index_t n, const D& d);

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

// libxp_cuda's instances: every sampler of the primitive (random.cu asks for the instantiations)
#define XP_PRECOMPILED_LIST XP_RANDOM_FILL_SAMPLERS
#define XP_PRECOMPILED_FUNCTION(...) \
  void xp::backends::cuda::random_fill<__VA_ARGS__>(typename __VA_ARGS__::value_type*, xp::index_t, const __VA_ARGS__&)
#define XP_PRECOMPILED_PRIMITIVE xp::primitive::random_fill<xp::cuda>
#if defined(XP_INSTANTIATE_RANDOM_FILL)
#define XP_PRECOMPILED_INSTANTIATE
#endif
#include "xp/backends/cuda/precompiled.hpp"
#undef XP_RANDOM_FILL_SAMPLERS
#undef XP_RANDOM_FILL_INTEGERS
