// any_array's sum, prod, mean, min, max on the host, for every dtype (src/any_array_ops.hpp).
#define XP_ANY_REDUCTION_UNIT
#include "xp/core.hpp"
// (after the library it instantiates)
#include "any_array_ops.hpp"

namespace xp::detail {
XP_ANY_INSTANTIATE_REDUCTION(host)
XP_ANY_INSTANTIATE_REDUCTION_PART(host, 0)
XP_ANY_INSTANTIATE_REDUCTION_PART(host, 1)
}  // namespace xp::detail
