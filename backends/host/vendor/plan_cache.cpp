// The host's plan cache (backends/host/vendor/plan_cache.hpp) and xp::host::plan_cache.
#include "xp/backends/host/vendor/plan_cache.hpp"

#include "xp/core/backend.hpp"

namespace xp::backends::host::vendor {

xp::detail::shared_plan_cache& plan_cache() {
  static xp::detail::shared_plan_cache cache;
  return cache;
}

}  // namespace xp::backends::host::vendor

namespace xp {

plan_cache_controls host::plan_cache() { return plan_cache_controls(backends::host::vendor::plan_cache()); }

}  // namespace xp
