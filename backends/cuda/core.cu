// Precompiled kernels of xp's built-in generators on xp::cuda: fill, eye, arange, linspace for
// every dtype and the random generators. With these (and copy.cu's conversions) in libxp_cuda,
// a translation unit compiled by g++ alone can create, copy and convert device arrays.

#include "xp/backends/cuda/evaluate.hpp"

namespace xp::backends::cuda {
XP_CUDA_PRECOMPILED_GENERATORS(XP_CUDA_GENERATE, )
}  // namespace xp::backends::cuda
