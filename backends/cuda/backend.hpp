#pragma once
/// @file backends/cuda/backend.hpp
/// @brief The CUDA backend's core primitives (memory, copy, generate, for_each, reduce). The
/// primitives of library functions (gemm, lombscargle, stencil_steps, ...) are included by the
/// functions' own public headers, so this file does not change when a function is added.
/// trace.hpp: the NVTX ranges of device operations (`detail::op_range<cuda>`).

#include "xp/backends/cuda/evaluate.hpp"
#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/reduce.hpp"
#include "xp/backends/cuda/trace.hpp"
