#pragma once
/// @file backends/cuda/interop.hpp
/// @brief The CUDA backend's side of adopting foreign memory: its DLPack devices
/// (primitive::dlpack_device<cuda>), the pointer check of xp::cuda::wrap, and the stream-to-stream
/// wait of the CUDA Array Interface. Defined in libxp_cuda (backends/cuda/interop.cpp), so that
/// g++-compiled code uses them too; needs no dlpack.h.

#include <cuda_runtime_api.h>

#include <string>

#include "xp/core/backend.hpp"
#include "xp/core/interop.hpp"
#include "xp/cuda/api.hpp"

namespace xp {

/// @brief A device array is kDLCUDA memory of the current device, or kDLCUDAManaged memory
/// (cudaMallocManaged: reachable from every device). Page-locked host memory (kDLCUDAHost) is
/// host memory: it is imported as a host array.
template <>
struct primitive::dlpack_device<cuda> {
  /// kDLCUDA and the memory's device (cudaPointerGetAttributes), kDLCUDAManaged for managed
  /// memory; for an empty array (null data) kDLCUDA and the current device.
  /// @throws xp::cuda_error when CUDA cannot answer.
  static dlpack_device_id of(const void* data);
  /// @throws xp::value_error for another device type, a kDLCUDA device other than the current
  ///         one (both named), or a pointer that is not device or managed memory of that device.
  static void check(dlpack_device_id device, const void* data, const std::string& where);
};

namespace backends::cuda {

/// Checks that `p` is device memory of the current device or managed memory
/// (cudaPointerGetAttributes), for xp::cuda::wrap and from_dlpack.
/// @throws xp::value_error naming what `p` is instead (host memory, pinned or not, or another
///         device's memory); xp::cuda_error when CUDA cannot answer.
void check_device_pointer(const void* p, const std::string& where);

/// Makes xp's current stream wait for the work enqueued on `producer` so far (an event recorded
/// there, cudaStreamWaitEvent), and returns at once. Nothing when they are the same stream.
/// @throws xp::cuda_error when CUDA refuses.
void wait_for_stream(cudaStream_t producer);

}  // namespace backends::cuda
}  // namespace xp
