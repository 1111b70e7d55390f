#pragma once
/// @file cuda/devices.hpp
/// @brief More than one GPU in one process: the device an array lives on and copies between
/// devices (CuPy's `a.device`, `cp.asarray(a)` under another `cp.cuda.Device`; the array API's
/// `to_device`). `xp::cuda::device_scope` selects the device that new arrays and work go to.

#include "xp/array/transfer.hpp"
#include "xp/backends/cuda/memory.hpp"
#include "xp/core/ndarray.hpp"

namespace xp {

/// @brief The CUDA device that holds `a` (cupy.ndarray.device.id). An empty array, which holds
/// no memory, reports the current device.
/// @throws xp::cuda_error when the driver fails to answer.
template <class T>
int device_of(const ndarray<T, cuda>& a) {
  if (a.data() == nullptr) return cuda::current_device();
  return backends::cuda::device_of_pointer(a.data());
}

/// @brief `a` on CUDA device `device` (the array API's `to_device`, CuPy's `cp.asarray(a)` inside
/// `with cp.cuda.Device(device):`): `a` itself when it lives there already, else a C-contiguous
/// copy made with cudaMemcpyPeerAsync. Waits for the work queued on `a`'s device before copying
/// (a strided `a` is packed first, on the calling thread's stream when `a` lives on the current
/// device) and returns when the copy is done, as an upload does.
/// @throws xp::index_error for a device out of range; xp::value_error when `a` is not in device
///         memory; xp::cuda_error when a copy fails.
template <class T>
ndarray<T, cuda> to_device(const ndarray<T, cuda>& a, int device) {
  detail::op_range<cuda> range("xp::to_device");
  const int from = device_of(a);
  if (from < 0)
    throw value_error(
        "xp::to_device: the array is not in device memory (host or pinned memory seen as a device "
        "array); copy it with xp::to_host first");
  if (from == device) return a;
  ndarray<T, cuda> src = a;
  if (!a.is_contiguous()) {
    if (from == cuda::current_device()) {
      src = a.copy();  // on the caller's stream, which orders a's pending writes
    } else {
      cuda::device_scope source(from);
      src = a.copy();
    }
  }
  cuda::device_scope target(device);
  ndarray<T, cuda> out(a.shape());
  if (out.size() > 0) backends::cuda::copy_peer(out.data(), device, src.data(), from, out.nbytes());
  return out;
}

/// @brief A host array copied to CUDA device `device` (to_device(h) with that device current).
/// @throws xp::index_error for a device out of range; xp::cuda_error when the copy fails.
template <class T>
ndarray<T, cuda> to_device(const ndarray<T, host>& h, int device) {
  cuda::device_scope target(device);
  return to_device(h);
}

namespace detail {
template <>
struct move_to_device<cuda> {
  template <class T>
  static ndarray<T, cuda> run(const ndarray<T, cuda>& a, int device) {
    return ::xp::to_device(a, device);
  }
};
template <>
struct move_to_device<host> {
  template <class T>
  static ndarray<T, cuda> run(const ndarray<T, host>& h, int device) {
    return ::xp::to_device(h, device);
  }
};
}  // namespace detail

}  // namespace xp
