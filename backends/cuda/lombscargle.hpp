#pragma once
/// @file backends/cuda/lombscargle.hpp
/// @brief backend_impl<cuda>'s Lomb-Scargle primitive, precompiled for float and double in
/// libxp_cuda (backends/cuda/lombscargle.cu): a g++-only program can call it on device arrays.

#include "xp/signal/lombscargle_kernel.hpp"

namespace xp::backends::cuda {

struct lombscargle_impl {
  template <class R>
  static bool lombscargle(const signal::detail::lombscargle_problem<R>& p);
};

extern template bool lombscargle_impl::lombscargle<float>(const signal::detail::lombscargle_problem<float>&);
extern template bool lombscargle_impl::lombscargle<double>(const signal::detail::lombscargle_problem<double>&);

/// Loads the periodogram kernels (called once per device by xp's runtime, so that the first call
/// does not pay CUDA's lazy loading).
void preload_lombscargle_kernels();

/// For benchmarks: listed frequencies per thread (1, 2 or 4; 0 = the default: 4 for double, 2
/// for float) and blocks per SM (0 = the default: 20 for listed, one resident wave for the grid).
struct lombscargle_tuning {
  int per_thread = 0, blocks_per_sm = 0;
};
void set_lombscargle_tuning(lombscargle_tuning t);

}  // namespace xp::backends::cuda
