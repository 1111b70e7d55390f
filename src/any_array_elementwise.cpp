// any_array's + - * / == != < <= > >= and unary - on the host, for every dtype
// (src/any_array_ops.hpp).
#define XP_ANY_ELEMENTWISE_UNIT
#include "xp/core.hpp"
// (after the library it instantiates)
#include "any_array_ops.hpp"

namespace xp::detail {
XP_ANY_INSTANTIATE_ELEMENTWISE(host)
XP_ANY_INSTANTIATE_ELEMENTWISE_PART(host, 0)
XP_ANY_INSTANTIATE_ELEMENTWISE_PART(host, 1)
}  // namespace xp::detail
