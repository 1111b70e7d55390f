#pragma once
/// @file backends/cuda/runtime.hpp
/// @brief Per-device services of the CUDA runtime layer (backends/cuda/runtime.cpp): the
/// device's limits, queried once per device and cached, and the registry of kernel preloaders
/// that run when xp first sets a device up; and the hooks through which libxp's device queries
/// reach this library. Includes no CUDA header (libxp's src/cuda_queries.cpp includes it).

#include <cstddef>
#include <memory>

#include "xp/core/backend.hpp"
#include "xp/cuda/api.hpp"

namespace xp::backends::cuda {

/// @brief What kernels size their launches from, and what xp::cuda::launch checks a launch
/// against; one entry per device, read once.
struct device_limits {
  int sm_count;                      ///< streaming multiprocessors (cudaDevAttrMultiProcessorCount)
  int max_threads_per_sm;            ///< resident threads per SM (cudaDevAttrMaxThreadsPerMultiProcessor)
  long long resident_threads;        ///< sm_count * max_threads_per_sm: the most threads in flight at once
  int max_threads_per_block;         ///< cudaDevAttrMaxThreadsPerBlock (1024)
  int max_block[3];                  ///< cudaDevAttrMaxBlockDimX/Y/Z (1024, 1024, 64)
  int max_grid[3];                   ///< cudaDevAttrMaxGridDimX/Y/Z (2^31 - 1, 65535, 65535)
  std::size_t max_shared_per_block;  ///< dynamic + static shared memory without opting in (48 KiB)
  std::size_t max_shared_optin;      ///< ... after cudaFuncSetAttribute(MaxDynamicSharedMemorySize)
};

/// @brief The device queries of xp::cuda (declared in core/backend.hpp) as libxp_cuda answers
/// them. libxp defines xp::cuda::device_count() and friends (src/cuda_queries.cpp) and calls
/// through the object `xp_cuda_runtime_hooks` of this type, which runtime.cpp defines; libxp
/// refers to it weakly, so that without libxp_cuda it is null and the queries say "no device".
/// See src/cuda_queries.cpp for why this is robust under static linking.
struct runtime_hooks {
  int (*device_count)() noexcept;
  xp::cuda::device_info (*device_properties)(int device);  ///< device already range-checked
  xp::cuda::memory_info (*mem_info)();                     ///< device_count() > 0 already checked
  // The other non-template members of xp::cuda (api.hpp), so that each links in every program;
  // the functions below are their bodies in libxp_cuda.
  int (*current_device)();
  void (*synchronize)();
  void (*set_nvtx_ranges)(bool on) noexcept;
  bool (*nvtx_ranges)() noexcept;
  xp::cuda::memory_pool& (*get_default_memory_pool)(int device);
  void (*set_memory_resource)(std::shared_ptr<xp::cuda::memory_resource> resource, int device);
  std::shared_ptr<xp::cuda::memory_resource> (*get_memory_resource)(int device);
  xp::cuda::pinned_memory_pool& (*get_pinned_memory_pool)();
  plan_cache_controls (*plan_cache)(int device);
};

/// The bodies of xp::cuda::current_device, synchronize (runtime.cpp), set_nvtx_ranges,
/// nvtx_ranges (trace.cpp), get_default_memory_pool, set_memory_resource, get_memory_resource,
/// get_pinned_memory_pool (memory_pool.cpp) and plan_cache (vendor/plan_cache.cpp), which libxp
/// defines and forwards here through xp_cuda_runtime_hooks (src/cuda_queries.cpp).
int current_device_body();
void synchronize_body();
void set_nvtx_ranges_body(bool on) noexcept;
bool nvtx_ranges_body() noexcept;
xp::cuda::memory_pool& get_default_memory_pool_body(int device);
void set_memory_resource_body(std::shared_ptr<xp::cuda::memory_resource> resource, int device);
std::shared_ptr<xp::cuda::memory_resource> get_memory_resource_body(int device);
xp::cuda::pinned_memory_pool& get_pinned_memory_pool_body();
plan_cache_controls plan_cache_body(int device);

/// @brief The current device's limits (queried once per device, then cached; thread-safe).
/// @throws xp::cuda_error when the device cannot be queried.
device_limits current_device_limits();

/// @brief Registers a kernel preloader: a function that loads kernels (e.g. with
/// cudaFuncGetAttributes) so that their first launch does not pay CUDA's lazy module loading.
/// xp's runtime calls every registered preloader once per device, when it first allocates there.
/// Declare one at namespace scope in the .cu file whose kernels it loads:
///
///     const kernel_preloader preload_mine{[] { cudaFuncAttributes a; XP_CUDA_CHECK(cudaFuncGetAttributes(&a, k));
///     }};
///
/// In a static libxp_cuda an object file that nothing references is not linked, and its
/// preloader never registers: its kernels are not needed then.
class kernel_preloader {
 public:
  explicit kernel_preloader(void (*load)()) noexcept;
};

}  // namespace xp::backends::cuda
