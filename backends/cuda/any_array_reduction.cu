// any_array's sum, prod, mean, min, max on the device (src/any_array_ops.hpp): sums through the
// precompiled np.sum of every dtype, the others through one run-time-op reduction of each of six
// dtypes (reduces_directly_v).
#define XP_ANY_REDUCTION_UNIT
#include "xp/cuda.hpp"
// (after the library it instantiates)
#include "../../src/any_array_ops.hpp"

namespace xp::detail {
XP_ANY_INSTANTIATE_REDUCTION(cuda)
}  // namespace xp::detail
