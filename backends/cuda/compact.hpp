#pragma once
/// @file backends/cuda/compact.hpp
/// @brief The device's stream compaction (boolean-mask indexing, nonzero, argwhere). Includes
/// no CUDA header: array/compact_primitive.hpp includes it on every build. The kernels are templates on the
/// caller's flag and writer functors (a mask expression is fused into them), so they are
/// instantiated in the caller's translation unit, which must be compiled by nvcc
/// (backends/cuda/compact.cuh); nothing is precompiled.

#include "xp/array/compact_primitive.hpp"
#include "xp/core/backend.hpp"
#include "xp/core/config.hpp"
#include "xp/cuda/api.hpp"

#if defined(__CUDACC__)
#include "xp/backends/cuda/compact.cuh"
#endif

namespace xp {

/// @brief Kernels on the current stream (per-tile counts, CUB's scan of the tile counts, the
/// ordered scatter) and, before the scatter, one synchronising device->host read of the count
/// (the result's size is needed to allocate it): the primitive's only host synchronisation.
/// Scratch (16 bytes per 4096 positions and CUB's few hundred) comes from xp's pool.
/// @throws xp::cuda_error when a launch fails; xp::out_of_memory from the allocations.
template <>
struct primitive::compact<cuda> {
  template <class Flag, class MakeWriter>
  static index_t run(index_t n, const Flag& flag, MakeWriter&& make_writer) {
#if defined(__CUDACC__)
    return backends::cuda::compact_run(n, flag, make_writer);
#else
    (void)n;
    (void)flag;
    (void)make_writer;
    static_assert(detail::dependent_false<Flag>,
                  "xp: boolean-mask indexing, nonzero and argwhere on xp::cuda run from a translation unit "
                  "compiled by nvcc (a .cu file, or LANGUAGE CUDA in CMake)");
    return 0;
#endif
  }
};

}  // namespace xp
