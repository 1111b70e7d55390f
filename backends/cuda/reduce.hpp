#pragma once
/// @file backends/cuda/reduce.hpp
/// @brief The device's reduce primitive. Reductions are templates over the operand
/// expression and the reduction, so they are instantiated in the user's nvcc-compiled
/// translation unit.

#include "xp/backends/cuda/memory.hpp"
#include "xp/core/kernel_view.hpp"

#if defined(__CUDACC__)
#include "xp/backends/cuda/reduce.cuh"
#endif

namespace xp {

/// @brief A reduction on the current stream (see reduce.cuh for the kernels). The operand and the
/// reduction are templates, so the calling translation unit is compiled by nvcc.
/// @throws xp::cuda_error when a launch fails; xp::out_of_memory for a split's partial results.
template <>
struct primitive::reduce<cuda> {
  template <class Out, class K, class D, class Shape>
  static void run(Out* out, index_t outer, index_t inner, K input, D desc, Shape shape) {
#if defined(__CUDACC__)
    backends::cuda::launch_reduce(out, outer, inner, input, desc, shape, backends::cuda::current_stream());
#else
    (void)out, (void)outer, (void)inner, (void)input, (void)desc, (void)shape;
    static_assert(xp::detail::dependent_false<K>,
                  "xp: reductions on xp::cuda run from a translation unit compiled by nvcc (a .cu file, or "
                  "LANGUAGE CUDA in CMake)");
#endif
  }
};

}  // namespace xp
