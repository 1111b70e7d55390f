// Precompiled kernels of xp's built-in generators on xp::cuda: fill, eye, arange, linspace for
// every dtype and the random generators. With these (and copy.cu's conversions) in libxp_cuda,
// a translation unit compiled by g++ alone can create, copy and convert device arrays. The list
// is evaluate.hpp's; this unit asks for its instantiations.

#define XP_INSTANTIATE_GENERATORS
#include "xp/backends/cuda/evaluate.hpp"
