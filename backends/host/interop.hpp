#pragma once
/// @file backends/host/interop.hpp
/// @brief The host's DLPack devices (primitive::dlpack_device<host>): an exported host array is
/// kDLCPU memory; a host array may adopt kDLCPU memory and page-locked host memory of a GPU
/// runtime (kDLCUDAHost, kDLROCMHost), which the CPU reads like any other, as NumPy's
/// from_dlpack does.

#include <string>

#include "xp/core/backend.hpp"
#include "xp/core/error.hpp"
#include "xp/core/interop.hpp"

namespace xp {

template <>
struct primitive::dlpack_device<host> {
  static dlpack_device_id of(const void*) noexcept { return {detail::dl_device::cpu, 0}; }

  /// @throws xp::value_error for any other device type (device memory, managed memory included,
  ///         is imported as an xp::cuda array).
  static void check(dlpack_device_id device, const void*, const std::string& where) {
    namespace dl = detail::dl_device;
    if (device.type == dl::cpu || device.type == dl::cuda_host || device.type == dl::rocm_host) return;
    std::string hint;
    if (device.type == dl::cuda || device.type == dl::cuda_managed)
      hint = " (import CUDA memory as an xp::cuda array: from_dlpack<T, xp::cuda>)";
    throw value_error(where + ": the tensor is on " + detail::describe(device) +
                      "; a host array takes kDLCPU (1), kDLCUDAHost (3) or kDLROCMHost (11) memory" + hint);
  }
};

}  // namespace xp
