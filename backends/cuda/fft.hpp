#pragma once
/// @file backends/cuda/fft.hpp
/// @brief The device's FFT primitive: cuFFT, called in libxp_cuda's backends/cuda/fft.cu through
/// the vendor layer (vendor/fft.hpp: status names; plans in the device's plan cache, their work
/// area from xp's pool), precompiled for every type of XP_FFT_TYPES, so a g++-only program can
/// transform device arrays. Includes no CUDA header: fft/fft_primitive.hpp includes it on every
/// build.

#include "xp/fft/fft_primitive.hpp"

namespace xp {

namespace backends::cuda {

/// @brief The transforms of problem `p` on the current stream (primitive::fft<cuda>::run).
/// @throws xp::cuda_error when cuFFT or a copy fails; xp::out_of_memory.
template <class R>
void fft_run(const ::xp::fft::detail::fft_problem<R>& p);

}  // namespace backends::cuda

/// @brief See primitive::fft (fft/fft_primitive.hpp); every pointer is in device memory.
template <>
struct primitive::fft<cuda> {
  static constexpr bool available = true;
  /// @throws xp::cuda_error when cuFFT or a copy fails; xp::out_of_memory.
  template <class R>
  static void run(const ::xp::fft::detail::fft_problem<R>& p) {
    backends::cuda::fft_run(p);
  }
};

}  // namespace xp

// libxp_cuda's instances: every type of the primitive (fft.cu asks for the instantiations with XP_INSTANTIATE_CUDA_FFT)
#define XP_PRECOMPILED_LIST        XP_FFT_TYPES
#define XP_PRECOMPILED_FUNCTION(R) void xp::backends::cuda::fft_run<R>(const xp::fft::detail::fft_problem<R>&)
#define XP_PRECOMPILED_PRIMITIVE   xp::primitive::fft<xp::cuda>
#if defined(XP_INSTANTIATE_CUDA_FFT)
#define XP_PRECOMPILED_INSTANTIATE
#endif
#include "xp/backends/cuda/precompiled.hpp"
