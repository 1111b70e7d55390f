#pragma once
/// @file backends/cuda/stencil.hpp
/// @brief The device's diffusion primitive, precompiled for float and double in libxp_cuda
/// (backends/cuda/stencil.cu): several steps per launch in register tiles with halos. Includes no
/// CUDA header: the public pde/diffusion.hpp includes it on every build.

#include "xp/pde/stencil.hpp"

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

extern template float* stencil_steps_with<float>(const pde::detail::stencil_problem<float>&, stencil_launch);
extern template double* stencil_steps_with<double>(const pde::detail::stencil_problem<double>&, stencil_launch);

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
