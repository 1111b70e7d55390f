// any_array's device operations on the dtypes of odd code (int8, int16, ...): the other part of
// any_array_elementwise.cu (src/any_array_ops.hpp).
#define XP_ANY_ELEMENTWISE_UNIT
#include "xp/cuda.hpp"
// (after the library it instantiates)
#include "../../src/any_array_ops.hpp"

namespace xp::detail {
XP_ANY_INSTANTIATE_ELEMENTWISE_PART(cuda, 1)
}  // namespace xp::detail
