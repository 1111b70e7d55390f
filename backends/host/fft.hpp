#pragma once
/// @file backends/host/fft.hpp
/// @brief The host's FFT primitive: FFTW's guru64 interface (strides and batch axes as they come),
/// called in backends/host/vendor/fftw.cpp, the one source that includes <fftw3.h>; plans are kept
/// in the host plan cache. Without FFTW (XP_HAS_FFTW unset) `available` is false and run throws.
/// Includes no vendor header.

#include "xp/fft/fft_primitive.hpp"

namespace xp {

/// @brief See primitive::fft (fft/fft_primitive.hpp); every pointer is in host memory.
template <>
struct primitive::fft<host> {
  static constexpr bool available =
#if defined(XP_HAS_FFTW)
      true;
#else
      false;
#endif
  /// @throws xp::value_error without FFTW, or when FFTW cannot plan the problem.
  template <class R>
  static void run(const ::xp::fft::detail::fft_problem<R>& p);
};

}  // namespace xp
