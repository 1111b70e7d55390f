#pragma once
/// @file backends/cuda/reduce.hpp
/// @brief backend_impl<cuda>'s reduce primitive. Reductions are templates over the operand
/// expression and the reduction, so they are instantiated in the user's nvcc-compiled
/// translation unit.

#include "xp/backends/cuda/memory.hpp"
#include "xp/core/kernel_view.hpp"

#if defined(__CUDACC__)
#include "xp/backends/cuda/reduce.cuh"
#endif

namespace xp::backends::cuda {

struct reduce_impl {
  template <class Out, class K, class D, class Shape>
  static void reduce(Out* out, index_t outer, index_t inner, K input, D desc, Shape shape) {
#if defined(__CUDACC__)
    launch_reduce(out, outer, inner, input, desc, shape, current_stream());
#else
    static_assert(xp::detail::dependent_false<K>,
                  "xp: reductions on xp::cuda run from a translation unit compiled by nvcc (a .cu file, or "
                  "LANGUAGE CUDA in CMake)");
#endif
  }
};

}  // namespace xp::backends::cuda
