#pragma once
/// @file array/compact_primitive.hpp
/// @brief The stream-compaction primitive behind boolean-mask indexing, nonzero, argwhere and
/// flatnonzero (xp/array/indexing.hpp): select the flat positions whose flag is set, in order.
/// Its primary template and both backends' specialisations; no type list: it takes the caller's
/// flag and writer functors, so its kernels are instantiated in the caller's translation unit
/// (nvcc for xp::cuda), not precompiled.

#include "xp/core/backend.hpp"

namespace xp::primitive {

/// @brief `index_t run(index_t n, Flag flag, MakeWriter make_writer)`: counts the positions
/// i < n with `flag(i)` true, calls `make_writer(count)` once on the host (it allocates the
/// outputs and returns a writer), then calls `writer(k, i)` for the k-th selected position i
/// (k counts in increasing i), and returns the count. Flag and the writer are trivially
/// copyable functors callable on the backend (`XP_HD`). On xp::cuda the count is read back to
/// the host before `make_writer` runs: that read is the primitive's one synchronisation with
/// the device.
template <class B>
struct compact {
  XP_PRIMITIVE_NOT_VISIBLE(B, "compact");
};

}  // namespace xp::primitive

// each backend's specialisation (the CUDA one includes its kernels only under nvcc)
#include "xp/backends/cuda/compact.hpp"
#include "xp/backends/host/compact.hpp"
