#pragma once
/// @file backends/cuda/trace.hpp
/// @brief The device's operation ranges: `detail::op_range<cuda>` pushes an NVTX range named
/// like the operation ("xp::sum") in the NVTX domain "xp" while it lives, when ranges are on.
///
/// Off (the default), an operation pays one read of a global bool and a branch; the NVTX calls
/// are compiled once, in libxp_cuda (backends/cuda/trace.cpp), so this header includes no NVTX
/// header. The flag starts as the build's default (the CMake option XP_NVTX_RANGES, OFF unless
/// set), then the environment variable XP_NVTX decides when it is set at process start (1/on/
/// true, 0/off/false); xp::cuda::set_nvtx_ranges changes it at run time.

#include "xp/core/trace.hpp"

namespace xp {

namespace backends::cuda {
/// True while operations push NVTX ranges. Defined in libxp_cuda (trace.cpp); written during
/// static initialisation and by xp::cuda::set_nvtx_ranges only.
///
/// A plain bool, not std::atomic<bool>: g++ 12 treats an atomic load, even a relaxed one, as
/// possibly changing memory whose address escaped, and then reports -Wmaybe-uninitialized false
/// positives in the caller's code around it (e.g. `xp::argmin(x)`, whose default axes_t holds a
/// disengaged std::optional), which -Werror builds of users' programs would turn into errors.
extern bool nvtx_ranges_on;
/// Pushes the range `name` (ASCII) in the "xp" domain on this thread. Never throws.
void nvtx_push(const char* name) noexcept;
/// Ends this thread's innermost range of the "xp" domain. Never throws.
void nvtx_pop() noexcept;
}  // namespace backends::cuda

/// @brief An NVTX range around one device operation while ranges are on. Whether it pushed is
/// decided once, at construction, so a range always ends, also when the flag changes meanwhile
/// or the operation throws.
template <>
class detail::op_range<cuda> {
 public:
  explicit op_range(const char* name) noexcept : m_pushed(backends::cuda::nvtx_ranges_on) {
    if (m_pushed) [[unlikely]]
      backends::cuda::nvtx_push(name);
  }
  ~op_range() {
    if (m_pushed) [[unlikely]]
      backends::cuda::nvtx_pop();
  }
  op_range(const op_range&) = delete;
  op_range& operator=(const op_range&) = delete;

 private:
  bool m_pushed;
};

}  // namespace xp
