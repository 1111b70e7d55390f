// any_array's + - * / and unary - on the host, for every dtype (src/any_array_ops.hpp).
#define XP_ANY_ARITHMETIC_UNIT
#include "xp/xp.hpp"
// (after the library it instantiates)
#include "any_array_ops.hpp"

namespace xp::detail {
XP_ANY_INSTANTIATE_ARITHMETIC(host)
}  // namespace xp::detail
