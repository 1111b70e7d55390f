// any_array's sum, prod, mean, min, max on the device: the entry, and the reductions of the dtypes
// of even code (bool, uint8, uint16, ...); any_array_reduction_odd.cu compiles the others
// (src/any_array_ops.hpp).
#define XP_ANY_REDUCTION_UNIT
#include "xp/cuda.hpp"
// (after the library it instantiates)
#include "../../src/any_array_ops.hpp"

namespace xp::detail {
XP_ANY_DECLARE_REDUCTION_HALF(cuda, 1)
XP_ANY_INSTANTIATE_REDUCTION(cuda)
XP_ANY_INSTANTIATE_REDUCTION_HALF(cuda, 0)
}  // namespace xp::detail
