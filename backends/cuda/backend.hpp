#pragma once
/// @file backends/cuda/backend.hpp
/// @brief backend_impl<cuda>: the CUDA primitives gathered under the dispatch point.

#include "xp/backends/cuda/evaluate.hpp"
#include "xp/backends/cuda/lombscargle.hpp"
#include "xp/backends/cuda/matmul.hpp"
#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/reduce.hpp"
#include "xp/backends/cuda/stencil.hpp"
#include "xp/core/backend.hpp"

namespace xp {
template <>
struct backend_impl<cuda> : backends::cuda::memory, backends::cuda::evaluate, backends::cuda::reduce_impl,
                             backends::cuda::matmul_impl,
                             backends::cuda::lombscargle_impl,
                             backends::cuda::stencil_impl {};
}  // namespace xp
