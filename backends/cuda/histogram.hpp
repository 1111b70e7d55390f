#pragma once
/// @file backends/cuda/histogram.hpp
/// @brief The device's histogram primitive, precompiled for every type of XP_HISTOGRAM_TYPES
/// (array/histogram_primitive.hpp) in libxp_cuda (backends/cuda/histogram.cu): a g++-only
/// program can call it on device arrays. Includes no CUDA header: array/histogram_primitive.hpp
/// includes it on every build.

#include "xp/array/histogram_primitive.hpp"

namespace xp {

namespace backends::cuda {

/// @brief The extent of the values (see detail::histogram_extent) on the current stream; waits
/// for the device to read it back.
/// @throws xp::cuda_error when a launch or the read-back fails.
template <class T>
detail::histogram_extent<T> histogram_extent_of(const detail::histogram_extent_problem<T>& p);

/// @brief Counts (or sums weights) into the problem's bins on the current stream: per-block
/// histograms in shared memory when the bins fit there, global atomics otherwise.
/// @throws xp::cuda_error when a launch fails.
template <class T>
void histogram_count(const detail::histogram_problem<T>& p);

}  // namespace backends::cuda

template <>
struct primitive::histogram<cuda> {
  template <class T>
  static detail::histogram_extent<T> extent(const detail::histogram_extent_problem<T>& p) {
    return backends::cuda::histogram_extent_of(p);
  }
  template <class T>
  static void count(const detail::histogram_problem<T>& p) {
    backends::cuda::histogram_count(p);
  }
};

}  // namespace xp

// libxp_cuda's instances: every type, both entry points (histogram.cu asks for the
// instantiations); the trait is written once, with the second
#define XP_PRECOMPILED_LIST XP_HISTOGRAM_TYPES
#define XP_PRECOMPILED_FUNCTION(T)                                            \
  xp::detail::histogram_extent<T> xp::backends::cuda::histogram_extent_of<T>( \
      const xp::detail::histogram_extent_problem<T>&)
#if defined(XP_INSTANTIATE_HISTOGRAM)
#define XP_PRECOMPILED_INSTANTIATE
#endif
#include "xp/backends/cuda/precompiled.hpp"

#define XP_PRECOMPILED_LIST        XP_HISTOGRAM_TYPES
#define XP_PRECOMPILED_FUNCTION(T) void xp::backends::cuda::histogram_count<T>(const xp::detail::histogram_problem<T>&)
#define XP_PRECOMPILED_PRIMITIVE   xp::primitive::histogram<xp::cuda>
#if defined(XP_INSTANTIATE_HISTOGRAM)
#define XP_PRECOMPILED_INSTANTIATE
#endif
#include "xp/backends/cuda/precompiled.hpp"
#undef XP_HISTOGRAM_TYPES
