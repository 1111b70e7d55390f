#pragma once
/// @file backends/host/backend.hpp
/// @brief The host backend's core primitives (memory, copy, generate, for_each, reduce). The
/// primitives of library functions (gemm, lombscargle, stencil_steps, ...) are included by the
/// functions' own public headers, so this file does not change when a function is added.

#include "xp/backends/host/evaluate.hpp"
#include "xp/backends/host/memory.hpp"
#include "xp/backends/host/reduce.hpp"
