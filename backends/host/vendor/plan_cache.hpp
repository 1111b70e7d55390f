#pragma once
/// @file backends/host/vendor/plan_cache.hpp
/// @brief The host's plan cache (include/xp/core/plan_cache.hpp): one bounded LRU cache shared
/// by every host library's plans (FFTW plans, ...) under detail::plan_key keys. Defined in
/// backends/host/vendor/plan_cache.cpp. Includes no library header.

#include "xp/core/plan_cache.hpp"

namespace xp::backends::host::vendor {

/// The host's plan cache.
xp::detail::shared_plan_cache& plan_cache();

}  // namespace xp::backends::host::vendor
