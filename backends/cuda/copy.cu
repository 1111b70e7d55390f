// Precompiled converting copies on xp::cuda between every pair of the 14 dtypes (196 pairs,
// a contiguous and a strided kernel each): astype, assignment between dtypes and transfers of
// views need them from g++-compiled code. Their own translation unit, so that a parallel build
// compiles them beside the generators (precompiled_generators.cu). The list is evaluate.hpp's.

#define XP_INSTANTIATE_COPIES
#include "xp/backends/cuda/evaluate.hpp"
