#pragma once
/// @file backends/cuda/lombscargle.hpp
/// @brief The device's Lomb-Scargle primitive, precompiled for float and double in libxp_cuda
/// (backends/cuda/lombscargle.cu): a g++-only program can call it on device arrays. Includes no
/// CUDA header: signal/lombscargle_primitive.hpp includes it on every build.

#include "xp/signal/lombscargle_primitive.hpp"

namespace xp {

namespace backends::cuda {

/// @brief The launch parameters of the periodogram kernels, for benchmarks that sweep them:
/// listed frequencies per thread (1, 2 or 4; 0 = the default: 4 for double, 2 for float) and
/// blocks per SM (0 = the default: 20 for listed, one resident wave for the grid).
struct lombscargle_launch {
  int per_thread = 0;
  int blocks_per_sm = 0;
};

/// @brief The primitive with explicit launch parameters (primitive::lombscargle<cuda>::run is
/// this with the defaults). Returns true when a listed frequency is 0.
/// @throws xp::cuda_error when a launch or the flag's read-back fails.
template <class R>
bool lombscargle_with(const signal::detail::lombscargle_problem<R>& p, lombscargle_launch launch);

}  // namespace backends::cuda

/// @brief The periodogram on the current stream; returns true when a listed frequency is 0 (the
/// kernel raises a device flag, read back after it).
template <>
struct primitive::lombscargle<cuda> {
  /// @throws xp::cuda_error when a launch or the flag's read-back fails.
  template <class R>
  static bool run(const signal::detail::lombscargle_problem<R>& p) {
    return backends::cuda::lombscargle_with(p, {});
  }
};

}  // namespace xp

// example-begin precompiled-list
// libxp_cuda's instances: every type of the primitive (lombscargle.cu asks for the instantiations)
#define XP_PRECOMPILED_LIST XP_LOMBSCARGLE_TYPES
#define XP_PRECOMPILED_FUNCTION(R)                                                                \
  bool xp::backends::cuda::lombscargle_with<R>(const xp::signal::detail::lombscargle_problem<R>&, \
                                               xp::backends::cuda::lombscargle_launch)
#define XP_PRECOMPILED_PRIMITIVE xp::primitive::lombscargle<xp::cuda>
#if defined(XP_INSTANTIATE_LOMBSCARGLE)
#define XP_PRECOMPILED_INSTANTIATE
#endif
#include "xp/backends/cuda/precompiled.hpp"
#undef XP_LOMBSCARGLE_TYPES
// example-end precompiled-list
