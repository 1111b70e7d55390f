#pragma once
/// @file backends/cuda/vendor/nccl.hpp
/// @brief NCCL for libxp_cuda's compiled sources (not installed: it includes nccl.h): its status
/// for XP_VENDOR_CHECK. Only compiled where CMake found NCCL (XP_HAS_NCCL).

#include <nccl.h>

#include "xp/backends/cuda/vendor/status.hpp"

namespace xp::backends::cuda::vendor {

template <>
struct status_traits<ncclResult_t> {
  static constexpr const char* library = "NCCL";
  static bool ok(ncclResult_t s) noexcept { return s == ncclSuccess; }
  static const char* text(ncclResult_t s) noexcept { return ncclGetErrorString(s); }
  // NCCL has no name function: its enumerators' names, by hand
  static const char* name(ncclResult_t s) noexcept {
    switch (s) {
      case ncclSuccess:
        return "ncclSuccess";
      case ncclUnhandledCudaError:
        return "ncclUnhandledCudaError";
      case ncclSystemError:
        return "ncclSystemError";
      case ncclInternalError:
        return "ncclInternalError";
      case ncclInvalidArgument:
        return "ncclInvalidArgument";
      case ncclInvalidUsage:
        return "ncclInvalidUsage";
      case ncclRemoteError:
        return "ncclRemoteError";
      case ncclInProgress:
        return "ncclInProgress";
      default:
        return "ncclResult_t";
    }
  }
};

}  // namespace xp::backends::cuda::vendor
