#pragma once
/// @file core/interop.hpp
/// @brief What adopting memory xp did not allocate shares between the backends: the check of a
/// foreign layout (shape, strides, pointer), DLPack's device type numbers and their names, and
/// the `dlpack_device` primitive through which each backend says which DLPack devices its arrays
/// live on. Needs neither dlpack.h nor CUDA: <xp/dlpack.hpp> (DLPack, host arrays) and
/// <xp/cuda/interop.hpp> (device arrays) build on it. See docs/interop.md.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "xp/core/backend.hpp"
#include "xp/core/error.hpp"
#include "xp/core/shape.hpp"

namespace xp {

/// @brief A DLPack device (DLDevice's two fields as plain ints, so that a backend's header needs
/// no dlpack.h): `type` is a DLDeviceType number (detail::dl_device), `id` the device's index.
struct dlpack_device_id {
  int type = 0;
  int id = 0;
};

namespace detail {

/// The DLDeviceType numbers xp's backends speak (dlpack.h's enum; <xp/dlpack.hpp> checks that
/// they agree with the header it is compiled with).
namespace dl_device {
inline constexpr int cpu = 1;            ///< kDLCPU
inline constexpr int cuda = 2;           ///< kDLCUDA
inline constexpr int cuda_host = 3;      ///< kDLCUDAHost: page-locked host memory (cudaMallocHost)
inline constexpr int rocm_host = 11;     ///< kDLROCMHost: page-locked host memory (hipMallocHost)
inline constexpr int cuda_managed = 13;  ///< kDLCUDAManaged: cudaMallocManaged memory
}  // namespace dl_device

/// DLPack's name of a device type with its number, as error messages write it: "kDLROCM (10)",
/// "unknown (99)".
inline std::string dlpack_device_type_name(int type) {
  constexpr std::string_view names[] = {
      "",          "kDLCPU",         "kDLCUDA",   "kDLCUDAHost", "kDLOpenCL", "",
      "",          "kDLVulkan",      "kDLMetal",  "kDLVPI",      "kDLROCM",   "kDLROCMHost",
      "kDLExtDev", "kDLCUDAManaged", "kDLOneAPI", "kDLWebGPU",   "kDLHexagon"};
  const bool known = type >= 0 && type < static_cast<int>(std::size(names)) && !names[type].empty();
  return (known ? std::string(names[type]) : std::string("unknown")) + " (" + std::to_string(type) + ")";
}

/// "device type kDLCUDA (2), device 0": a DLPack device in error messages.
inline std::string describe(dlpack_device_id d) {
  return "device type " + dlpack_device_type_name(d.type) + ", device " + std::to_string(d.id);
}

/// Checks the layout of memory xp is asked to adopt (DLPack, xp::cuda::wrap): every extent >= 0
/// and the element count's bytes fit (checked_size), one stride per axis, a non-null pointer
/// when there are elements, aligned for the element type, and the farthest element reachable
/// (sum of (extent - 1) * |stride|) within index_t in bytes, so that no offset xp computes can
/// overflow. Strides are in elements and may be negative or zero. `where` starts each message.
/// @throws xp::value_error naming the bad shape, strides or pointer.
inline void check_foreign_layout(const void* data, const shape_type& shape, const shape_type& strides,
                                 std::size_t itemsize, std::size_t alignment, const std::string& where) {
  for (index_t n : shape)
    if (n < 0) throw value_error(where + ": shape " + to_string(shape) + " has a negative extent");
  if (strides.size() != shape.size())
    throw value_error(where + ": strides " + to_string(strides) + " do not match shape " + to_string(shape) +
                      " (one stride per axis)");
  const index_t size = checked_size(shape, itemsize);
  if (size == 0) return;  // no element is ever addressed: any pointer and strides will do
  if (data == nullptr)
    throw value_error(where + ": the data pointer is null, but shape " + to_string(shape) + " has " +
                      std::to_string(size) + " elements");
  if (reinterpret_cast<std::uintptr_t>(data) % alignment != 0)
    throw value_error(where + ": the data pointer " + std::to_string(reinterpret_cast<std::uintptr_t>(data)) +
                      " is not aligned to " + std::to_string(alignment) + " bytes, as the element type needs");
  // the largest distance, in elements, from the first element to any other, in unsigned 64-bit
  // arithmetic with every step checked (a stride of INT64_MIN has no negation in index_t)
  std::uint64_t span = 0;
  bool overflow = false;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    const std::uint64_t magnitude = strides[d] < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(strides[d])
                                                   : static_cast<std::uint64_t>(strides[d]);
    std::uint64_t step = 0;
    overflow = overflow || __builtin_mul_overflow(static_cast<std::uint64_t>(shape[d] - 1), magnitude, &step) ||
               __builtin_add_overflow(span, step, &span);
  }
  std::uint64_t bytes = 0;
  overflow = overflow || __builtin_add_overflow(span, std::uint64_t{1}, &span) ||
             __builtin_mul_overflow(span, static_cast<std::uint64_t>(itemsize), &bytes) ||
             bytes > static_cast<std::uint64_t>(INT64_MAX);
  if (overflow)
    throw value_error(where + ": strides " + to_string(strides) + " with shape " + to_string(shape) +
                      " reach elements whose byte offsets do not fit in 64 bits");
}

}  // namespace detail

namespace primitive {
/// @brief Which DLPack devices a backend's arrays live on. A backend specialises it with
/// `static dlpack_device_id of(const void* data)`: the device a DLPack export reports for an
/// array whose first element is at `data` (null for an empty array); and
/// `static void check(dlpack_device_id device, const void* data, const std::string& where)`,
/// which throws xp::value_error (starting with `where`, naming the device with
/// detail::describe) unless memory of `device` at `data` can be one of the backend's arrays.
/// The host's is in <xp/backends/host/interop.hpp>, the device's in
/// <xp/backends/cuda/interop.hpp> (included by <xp/cuda.hpp>).
template <class B>
struct dlpack_device {
  XP_PRIMITIVE_NOT_VISIBLE(B, "dlpack_device");
};
}  // namespace primitive

}  // namespace xp
