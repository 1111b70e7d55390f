// any_array's + - * / == != < <= > >= and unary - on the host, for every dtype (src/any_array_ops.hpp).
#define XP_ANY_ELEMENTWISE_UNIT
#include "xp/core.hpp"
// (after the library it instantiates)
#include "any_array_ops.hpp"

namespace xp::detail {
XP_ANY_INSTANTIATE_ELEMENTWISE(host)
}  // namespace xp::detail
