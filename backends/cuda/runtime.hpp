#pragma once
/// @file backends/cuda/runtime.hpp
/// @brief Per-device services of the CUDA runtime layer (backends/cuda/runtime.cpp): the
/// device's limits, queried once per device and cached, and the registry of kernel preloaders
/// that run when xp first sets a device up.

namespace xp::backends::cuda {

/// @brief What kernels size their launches from; one entry per device, read once.
struct device_limits {
  int sm_count;                ///< streaming multiprocessors (cudaDevAttrMultiProcessorCount)
  int max_threads_per_sm;      ///< resident threads per SM (cudaDevAttrMaxThreadsPerMultiProcessor)
  long long resident_threads;  ///< sm_count * max_threads_per_sm: the most threads in flight at once
};

/// @brief The current device's limits (queried once per device, then cached; thread-safe).
/// @throws xp::cuda_error when the device cannot be queried.
device_limits current_device_limits();

/// @brief Registers a kernel preloader: a function that loads kernels (e.g. with
/// cudaFuncGetAttributes) so that their first launch does not pay CUDA's lazy module loading.
/// xp's runtime calls every registered preloader once per device, when it first allocates there.
/// Declare one at namespace scope in the .cu file whose kernels it loads:
///
///     const kernel_preloader preload_mine{[] { cudaFuncAttributes a; XP_CUDA_CHECK(cudaFuncGetAttributes(&a, k)); }};
///
/// In a static libxp_cuda an object file that nothing references is not linked, and its
/// preloader never registers: its kernels are not needed then.
class kernel_preloader {
 public:
  explicit kernel_preloader(void (*load)()) noexcept;
};

}  // namespace xp::backends::cuda
