// Each CUDA device's plan cache (backends/cuda/vendor/plan_cache.hpp) and xp::cuda::plan_cache.
#include "xp/backends/cuda/vendor/plan_cache.hpp"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "xp/backends/cuda/error.hpp"
#include "xp/backends/cuda/runtime.hpp"
#include "xp/core/backend.hpp"
#include "xp/core/error.hpp"
#include "xp/cuda/api.hpp"

namespace xp::backends::cuda::vendor {

xp::detail::shared_plan_cache& plan_cache(int device) {
  constexpr int current_device = -1;
  if (device == current_device) XP_CUDA_CHECK(cudaGetDevice(&device));
  const int count = xp::cuda::device_count();
  if (device < 0 || device >= count)
    throw index_error("xp::cuda::plan_cache: device " + std::to_string(device) + " is out of range: this process " +
                      "sees " + std::to_string(count) + " CUDA device" + (count == 1 ? "" : "s"));
  // Never destroyed: a plan destroyed at exit, after the CUDA runtime has unloaded, would fail;
  // the process's end releases everything.
  static auto* caches =
      new std::vector<std::unique_ptr<xp::detail::shared_plan_cache>>(static_cast<std::size_t>(count));
  static std::mutex creating;
  std::lock_guard lock(creating);
  auto& cache = (*caches)[static_cast<std::size_t>(device)];
  if (!cache) cache = std::make_unique<xp::detail::shared_plan_cache>();
  return *cache;
}

}  // namespace xp::backends::cuda::vendor

namespace xp {

plan_cache_controls backends::cuda::plan_cache_body(int device) {
  return plan_cache_controls(backends::cuda::vendor::plan_cache(device));
}

}  // namespace xp
