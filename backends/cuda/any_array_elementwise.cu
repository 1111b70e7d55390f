// any_array's + - * / == != < <= > >= and unary - on the device (src/any_array_ops.hpp): the
// entry and the dtypes of even code; any_array_elementwise_odd.cu compiles the others.
#define XP_ANY_ELEMENTWISE_UNIT
#include "xp/cuda.hpp"
// (after the library it instantiates)
#include "../../src/any_array_ops.hpp"

namespace xp::detail {
XP_ANY_DECLARE_ELEMENTWISE_PART(cuda, 1)
XP_ANY_INSTANTIATE_ELEMENTWISE(cuda)
XP_ANY_INSTANTIATE_ELEMENTWISE_PART(cuda, 0)
}  // namespace xp::detail
