#pragma once
/// @file backends/cuda/scan.hpp
/// @brief The device's scan primitive, precompiled for every accumulator of XP_SCAN_TYPES (expr/scan_primitive.hpp) in
/// libxp_cuda (backends/cuda/scan_*.cu, a share of the list each). Includes no CUDA header: expr/scan_primitive.hpp
/// includes it on every build.

#include "xp/expr/scan_primitive.hpp"

namespace xp {

namespace backends::cuda {
/// @brief The inclusive scan of each row on the current stream.
/// @throws xp::cuda_error when the scan fails.
template <class Acc>
void scan_rows(const detail::scan_problem<Acc>& p);
}  // namespace backends::cuda

template <>
struct primitive::scan<cuda> {
  template <class Acc>
  static void run(const detail::scan_problem<Acc>& p) {
    backends::cuda::scan_rows(p);
  }
};

}  // namespace xp

// libxp_cuda's instances: every accumulator; a scan_*.cu unit names its share of the list in
// XP_INSTANTIATE_SCAN and gets the instantiations of that share
#if defined(XP_INSTANTIATE_SCAN)
#define XP_PRECOMPILED_LIST XP_INSTANTIATE_SCAN
#define XP_PRECOMPILED_INSTANTIATE
#else
#define XP_PRECOMPILED_LIST XP_SCAN_TYPES
#endif
#define XP_PRECOMPILED_FUNCTION(Acc) void xp::backends::cuda::scan_rows<Acc>(const xp::detail::scan_problem<Acc>&)
#define XP_PRECOMPILED_PRIMITIVE     xp::primitive::scan<xp::cuda>
#include "xp/backends/cuda/precompiled.hpp"
#undef XP_SCAN_TYPES
#undef XP_SCAN_INTEGERS
#undef XP_SCAN_FLOAT16
#undef XP_SCAN_FLOAT_DOUBLE
#undef XP_SCAN_COMPLEX
