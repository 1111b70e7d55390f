// any_array's sum, prod, mean, min, max on the host, for every dtype (src/any_array_ops.hpp).
#define XP_ANY_REDUCTION_UNIT
#include "xp/core.hpp"
// (after the library it instantiates)
#include "any_array_ops.hpp"

namespace xp::detail {
XP_ANY_INSTANTIATE_REDUCTION(host)
}  // namespace xp::detail
