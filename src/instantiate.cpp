// The host operations that xp/core/host_instances.hpp declares `extern template`, compiled
// here once for every dtype of XP_DTYPES (core/dtype.hpp) and every pair of them for the conversions
// (the same list, read with XP_INSTANTIATE_HOST = `template`).
#define XP_INSTANTIATE_HOST template
#include "xp/backends/host/backend.hpp"
#include "xp/core/host_instances.hpp"
