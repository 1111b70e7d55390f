// Precompiled kernels of xp's built-in operations on xp::cuda: converting copies between
// every pair of dtypes, fill, eye, arange, linspace and the random generators. With these in
// libxp_cuda, a translation unit compiled by g++ alone can create, copy and convert device
// arrays.

#include "xp/backends/cuda/evaluate.hpp"

namespace xp::backends::cuda {
XP_CUDA_PRECOMPILED()
}  // namespace xp::backends::cuda
