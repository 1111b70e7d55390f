// np.sum of a device array for every dtype (declared in backends/cuda/precompiled_reductions.hpp).
#define XP_CUDA_COMPILING_PRECOMPILED_REDUCTIONS
#include "xp/backends/cuda/precompiled_reductions.hpp"

namespace xp::backends::cuda {
XP_DTYPES(XP_CUDA_SUM_OF_ARRAY)
}  // namespace xp::backends::cuda
