#pragma once
/// @file backends/cuda/vendor/plan_cache.hpp
/// @brief Each CUDA device's plan cache (include/xp/core/plan_cache.hpp): one bounded LRU cache per
/// device, shared by every library's plans (cuFFT plans, cuSPARSE descriptors, ...) under
/// detail::plan_key keys. A plan holds its device's resources, so caches are per device. Defined
/// in backends/cuda/vendor/plan_cache.cpp. Includes no library header.

#include "xp/core/plan_cache.hpp"

namespace xp::backends::cuda::vendor {

/// The plan cache of `device` (-1: the current device).
/// @throws xp::index_error unless -1 <= device < xp::cuda::device_count().
xp::detail::shared_plan_cache& plan_cache(int device = -1);

}  // namespace xp::backends::cuda::vendor
