#pragma once
/// @file backends/cuda/stencil.hpp
/// @brief backend_impl<cuda>'s diffusion steps, precompiled for float and double in libxp_cuda
/// (backends/cuda/stencil.cu): several steps per launch in register tiles with halos.

#include "xp/pde/stencil.hpp"

namespace xp::backends::cuda {

struct stencil_impl {
  template <class T>
  static T* stencil_steps(const pde::detail::stencil_problem<T>& p);
};

extern template float* stencil_impl::stencil_steps<float>(const pde::detail::stencil_problem<float>&);
extern template double* stencil_impl::stencil_steps<double>(const pde::detail::stencil_problem<double>&);

/// Loads the default diffusion kernels (called once per device by xp's runtime).
void preload_stencil_kernels();

/// For benchmarks: force the steps per launch (halo: 4 or 8, for float also 12 or 16; 0 = the
/// default 8) and the warps per block (1-16; 0 = chosen from the field's size).
struct stencil_tuning {
  int halo = 0, warps = 0;
};
void set_stencil_tuning(stencil_tuning t);

}  // namespace xp::backends::cuda
