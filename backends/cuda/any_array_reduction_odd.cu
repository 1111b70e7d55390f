// any_array's reductions on the device of the dtypes of odd code (int8, int16, int32, ...): half
// of any_array_reduction.cu's work, so that neither unit comes near nvcc's budget
// (src/any_array_ops.hpp).
#define XP_ANY_REDUCTION_UNIT
#include "xp/cuda.hpp"
// (after the library it instantiates)
#include "../../src/any_array_ops.hpp"

namespace xp::detail {
XP_ANY_INSTANTIATE_REDUCTION_HALF(cuda, 1)
}  // namespace xp::detail
