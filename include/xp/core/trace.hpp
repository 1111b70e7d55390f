#pragma once
/// @file trace.hpp
/// @brief `detail::op_range<B>`: the profiler range around one public operation, named like the
/// function ("xp::sum", "xp::signal::lombscargle"). One line at the top of each public function
/// that does work on the backend: `detail::op_range<B> range("xp::sum");`.
///
/// For xp::host it is an empty object that compiles away: the ranges mark device work. The
/// xp::cuda specialisation (backends/cuda/trace.hpp, included with the CUDA backend) pushes an
/// NVTX range in the "xp" domain while it lives, when ranges are on (XP_NVTX=1, the CMake option
/// XP_NVTX_RANGES, or xp::cuda::set_nvtx_ranges(true)); off, it costs one read of a global flag.
/// docs/profiling.md lists the names and shows the ranges in Nsight Systems.

#include <type_traits>

#include "xp/core/backend.hpp"

namespace xp::detail {

/// @brief The range of one public operation on backend B while the object lives (RAII; it ends
/// when the function returns or throws). `name` is a string that outlives the object (a literal).
/// Ranges nest: an operation that calls another public operation shows it as a child range.
template <class B>
class op_range {
 public:
  constexpr explicit op_range(const char*) noexcept {
    static_assert(!std::is_same_v<B, cuda>,
                  "xp: op_range<xp::cuda> is specialised in <xp/backends/cuda/trace.hpp> (#include <xp/cuda.hpp>)");
  }
  // user-provided, so compilers treat the object as a scope guard: no unused-variable warning
  constexpr ~op_range() {}
  op_range(const op_range&) = delete;
  op_range& operator=(const op_range&) = delete;
};

}  // namespace xp::detail
