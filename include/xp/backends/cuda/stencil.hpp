#pragma once
/// @file backends/cuda/stencil.hpp
/// @brief backend_impl<cuda>'s diffusion step, precompiled for float and double in libxp_cuda
/// (backends/cuda/stencil.cu).

#include "xp/pde/stencil.hpp"

namespace xp::backends::cuda {

struct stencil_impl {
  template <class T>
  static void stencil_step(const pde::detail::stencil_problem<T>& p);
};

extern template void stencil_impl::stencil_step<float>(const pde::detail::stencil_problem<float>&);
extern template void stencil_impl::stencil_step<double>(const pde::detail::stencil_problem<double>&);

}  // namespace xp::backends::cuda
