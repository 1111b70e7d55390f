// any_array's sum, prod, mean, min, max on the device (src/any_array_ops.hpp): sums through the
// precompiled np.sum of every dtype, the others through one run-time-op reduction of each of six
// dtypes (reduces_directly_v); here those of even code (uint64, float32, complex64),
// any_array_reduction_odd.cu the others, so that neither unit nears nvcc's budget.
#define XP_ANY_REDUCTION_UNIT
#include "xp/cuda.hpp"
// (after the library it instantiates)
#include "../../src/any_array_ops.hpp"

namespace xp::detail {
XP_ANY_DECLARE_REDUCTION_PART(cuda, 1)
XP_ANY_INSTANTIATE_REDUCTION(cuda)
XP_ANY_INSTANTIATE_REDUCTION_PART(cuda, 0)
}  // namespace xp::detail
