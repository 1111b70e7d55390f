// any_array's + - * / == != < <= > >= and unary - on the device, for every dtype (src/any_array_ops.hpp).
#define XP_ANY_ELEMENTWISE_UNIT
#include "xp/cuda.hpp"
// (after the library it instantiates)
#include "../../src/any_array_ops.hpp"

namespace xp::detail {
XP_ANY_INSTANTIATE_ELEMENTWISE(cuda)
}  // namespace xp::detail
