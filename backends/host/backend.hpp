#pragma once
/// @file backends/host/backend.hpp
/// @brief backend_impl<host>: the host primitives gathered under the dispatch point.

#include "xp/backends/host/evaluate.hpp"
#include "xp/backends/host/lombscargle.hpp"
#include "xp/backends/host/matmul.hpp"
#include "xp/backends/host/memory.hpp"
#include "xp/backends/host/reduce.hpp"
#include "xp/backends/host/stencil.hpp"
#include "xp/core/backend.hpp"

namespace xp {
template <>
struct backend_impl<host> : backends::host::memory, backends::host::evaluate, backends::host::reduce_impl,
                             backends::host::matmul_impl,
                             backends::host::lombscargle_impl,
                             backends::host::stencil_impl {};
}  // namespace xp
