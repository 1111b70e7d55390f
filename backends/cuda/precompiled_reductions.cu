// np.sum of a device array for every dtype: the explicit instantiations that
// backends/cuda/precompiled_reductions.hpp declares `extern` elsewhere, made by the header itself
// in this unit (its list and helper macro stay in one place).
#define XP_CUDA_COMPILING_PRECOMPILED_REDUCTIONS
#include "xp/backends/cuda/precompiled_reductions.hpp"
