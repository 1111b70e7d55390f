// any_array's device reductions of the dtypes of odd code (int64, float64, complex128): the other
// part of any_array_reduction.cu (src/any_array_ops.hpp).
#define XP_ANY_REDUCTION_UNIT
#include "xp/cuda.hpp"
// (after the library it instantiates)
#include "../../src/any_array_ops.hpp"

namespace xp::detail {
XP_ANY_INSTANTIATE_REDUCTION_PART(cuda, 1)
}  // namespace xp::detail
