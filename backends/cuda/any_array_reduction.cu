// any_array's sum, prod, mean, min, max on the device, for every dtype (src/any_array_ops.hpp).
#define XP_ANY_REDUCTION_UNIT
#include "xp/cuda.hpp"
// (after the library it instantiates)
#include "../../src/any_array_ops.hpp"

namespace xp::detail {
XP_ANY_INSTANTIATE_REDUCTION(cuda)
}  // namespace xp::detail
