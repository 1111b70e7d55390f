#pragma once
/// @file backends/cuda/lombscargle.hpp
/// @brief backend_impl<cuda>'s Lomb-Scargle primitive, precompiled for float and double in
/// libxp_cuda (backends/cuda/lombscargle.cu): a g++-only program can call it on device arrays.

#include "xp/signal/lombscargle_kernel.hpp"

namespace xp::backends::cuda {

struct lombscargle_impl {
  template <class R>
  static void lombscargle(const signal::detail::lombscargle_problem<R>& p);
};

extern template void lombscargle_impl::lombscargle<float>(const signal::detail::lombscargle_problem<float>&);
extern template void lombscargle_impl::lombscargle<double>(const signal::detail::lombscargle_problem<double>&);

}  // namespace xp::backends::cuda
