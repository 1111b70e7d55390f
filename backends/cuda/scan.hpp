#pragma once
/// @file backends/cuda/scan.hpp
/// @brief The device's scan primitive, precompiled for every accumulator of XP_SCAN_TYPES (expr/scan_primitive.hpp) in
/// libxp_cuda (backends/cuda/scan_*.cu, a share of the list each). Includes no CUDA header: expr/scan_primitive.hpp
/// includes it on every build.

#include "xp/expr/scan_primitive.hpp"

namespace xp {

namespace backends::cuda {
/// @brief The inclusive sum (scan_rows_sum) or product (scan_rows_product) of each row on the
/// current stream; two functions, so that a type's two scans may be compiled in units of their own.
/// @throws xp::cuda_error when the scan fails.
template <class Acc>
void scan_rows_sum(const detail::scan_problem<Acc>& p);
template <class Acc>
void scan_rows_product(const detail::scan_problem<Acc>& p);
}  // namespace backends::cuda

template <>
struct primitive::scan<cuda> {
  template <class Acc>
  static void run(const detail::scan_problem<Acc>& p) {
    if (p.lines == 0 || p.length == 0) return;
    if (p.op == detail::scan_op::sum) backends::cuda::scan_rows_sum(p);
    else backends::cuda::scan_rows_product(p);
  }
};

}  // namespace xp

// libxp_cuda's instances: every accumulator's sum and product; a scan_*.cu unit names its share of
// the list in XP_INSTANTIATE_SCAN_SUM and XP_INSTANTIATE_SCAN_PRODUCT and gets those instantiations
#if defined(XP_INSTANTIATE_SCAN_SUM)
#define XP_PRECOMPILED_LIST XP_INSTANTIATE_SCAN_SUM
#define XP_PRECOMPILED_INSTANTIATE
#else
#define XP_PRECOMPILED_LIST XP_SCAN_TYPES
#endif
#define XP_PRECOMPILED_FUNCTION(Acc) void xp::backends::cuda::scan_rows_sum<Acc>(const xp::detail::scan_problem<Acc>&)
#define XP_PRECOMPILED_PRIMITIVE     xp::primitive::scan<xp::cuda>
#include "xp/backends/cuda/precompiled.hpp"
#if defined(XP_INSTANTIATE_SCAN_PRODUCT)
#define XP_PRECOMPILED_LIST XP_INSTANTIATE_SCAN_PRODUCT
#define XP_PRECOMPILED_INSTANTIATE
#else
#define XP_PRECOMPILED_LIST XP_SCAN_TYPES
#endif
#define XP_PRECOMPILED_FUNCTION(Acc) \
  void xp::backends::cuda::scan_rows_product<Acc>(const xp::detail::scan_problem<Acc>&)
#include "xp/backends/cuda/precompiled.hpp"
#undef XP_SCAN_TYPES
#undef XP_SCAN_INTEGERS
#undef XP_SCAN_FLOAT16
#undef XP_SCAN_FLOAT_DOUBLE
#undef XP_SCAN_COMPLEX
