// any_array's == != < <= > >= on the device, for every dtype (src/any_array_ops.hpp).
#define XP_ANY_COMPARISON_UNIT
#include "xp/cuda.hpp"
// (after the library it instantiates)
#include "../../src/any_array_ops.hpp"

namespace xp::detail {
XP_ANY_INSTANTIATE_COMPARISON(cuda)
}  // namespace xp::detail
