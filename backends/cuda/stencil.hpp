#pragma once
/// @file backends/cuda/stencil.hpp
/// @brief The device's diffusion primitive, precompiled for float and double in libxp_cuda
/// (backends/cuda/stencil.cu): several steps per launch in register tiles with halos. Includes no
/// CUDA header: pde/stencil_primitive.hpp includes it on every build.

#include "xp/pde/stencil_primitive.hpp"

namespace xp {

namespace backends::cuda {

/// @brief The tile shape of the diffusion kernel, for benchmarks and tests that sweep it: steps
/// per launch (halo: 4 or 8, for float also 12 or 16; 0 = the default 8) and warps per block
/// (clamped to what the tile shape allows; 0 = chosen from the field's size).
struct stencil_launch {
  int halo = 0;
  int warps = 0;
};

/// @brief The primitive with an explicit tile shape (primitive::stencil_steps<cuda>::run is this
/// with the defaults); returns the buffer that holds the result.
/// @throws xp::value_error when the field needs more blocks than one launch takes; xp::cuda_error
/// when a launch fails.
template <class T>
T* stencil_steps_with(const pde::detail::stencil_problem<T>& p, stencil_launch launch);

}  // namespace backends::cuda

/// @brief The diffusion steps on the current stream, several per launch (temporal blocking).
template <>
struct primitive::stencil_steps<cuda> {
  /// @throws as backends::cuda::stencil_steps_with.
  template <class T>
  static T* run(const pde::detail::stencil_problem<T>& p) {
    return backends::cuda::stencil_steps_with(p, {});
  }
};

}  // namespace xp

// libxp_cuda's instances: every type of the primitive (stencil.cu asks for the instantiations)
#define XP_PRECOMPILED_LIST XP_STENCIL_TYPES
#define XP_PRECOMPILED_FUNCTION(T)                                                         \
  T* xp::backends::cuda::stencil_steps_with<T>(const xp::pde::detail::stencil_problem<T>&, \
                                               xp::backends::cuda::stencil_launch)
#define XP_PRECOMPILED_PRIMITIVE xp::primitive::stencil_steps<xp::cuda>
#if defined(XP_INSTANTIATE_STENCIL)
#define XP_PRECOMPILED_INSTANTIATE
#endif
#include "xp/backends/cuda/precompiled.hpp"
#undef XP_STENCIL_TYPES
