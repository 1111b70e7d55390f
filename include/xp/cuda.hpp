#pragma once
/// @file cuda.hpp
/// @brief The CUDA backend: `xp::ndarray<T, xp::cuda>`, streams, pinned memory and
/// asynchronous transfers, raw kernels (`xp::cuda::launch`, <xp/cuda/launch.hpp>), foreign
/// device memory, foreign streams and events (`xp::cuda::wrap`, `xp::cuda::stream::wrap`,
/// `xp::cuda::event`, <xp/cuda/interop.hpp>; DLPack with <xp/dlpack.hpp>). Link the xp::cuda
/// target.
///
/// A g++-compiled translation unit may use everything xp precompiles (creation, copies,
/// transfers, random numbers, library functions); elementwise expressions, user functors
/// and `__global__` kernels on the device need the translation unit compiled by nvcc.

#include "xp/backends/cuda/backend.hpp"
#include "xp/cuda/chunked.hpp"
#include "xp/cuda/devices.hpp"
#include "xp/cuda/interop.hpp"
#include "xp/cuda/launch.hpp"
#include "xp/cuda/memory_resource.hpp"
#include "xp/cuda/out_of_core_gemm.hpp"
#include "xp/xp.hpp"
// after the reductions it declares precompiled instances of
#include "xp/backends/cuda/precompiled_reductions.hpp"

namespace xp {

/// @brief An uninitialised host array in page-locked memory (cupyx.empty_pinned), so that
/// transfers from and to it run asynchronously and at the link's rate. From xp's pinned pool
/// (xp::cuda::get_pinned_memory_pool()).
template <class T>
ndarray<T, host> empty_pinned(const shape_type& shape) {
  auto buffer = backends::cuda::allocate_pinned(static_cast<std::size_t>(checked_size(shape, sizeof(T))) * sizeof(T));
  T* data = static_cast<T*>(buffer.get());
  return ndarray<T, host>(std::move(buffer), data, shape, contiguous_strides(shape));
}

/// @brief Enqueues a host-to-device copy on `s` and returns at once with the device array
/// (allocated on `s`). Asynchronous for a pinned, contiguous source (see empty_pinned); the
/// caller keeps `h` alive and unchanged until `s.synchronize()`.
/// @throws xp::value_error for a non-contiguous source (pack it with .copy() first).
template <class T>
ndarray<T, cuda> to_device_async(const ndarray<T, host>& h, const cuda::stream& s) {
  detail::op_range<cuda> range("xp::to_device_async");
  if (!h.is_contiguous()) throw value_error("xp::to_device_async: the source must be contiguous");
  cuda::stream_scope scope(s);
  ndarray<T, cuda> d(h.shape());
  if (d.size() > 0) backends::cuda::copy_async(d.data(), h.data(), d.nbytes(), cudaMemcpyHostToDevice, s.get());
  return d;
}

/// @brief Enqueues a device-to-host copy of `d` into `out` on `s` and returns at once; read
/// `out` after `s.synchronize()`.
/// @throws xp::shape_error when the shapes differ; xp::value_error unless both are contiguous,
///         or when `out` is read-only.
template <class T>
void copy_to_host_async(const ndarray<T, cuda>& d, const ndarray<T, host>& out, const cuda::stream& s) {
  detail::op_range<cuda> range("xp::copy_to_host_async");
  detail::check_writeable(out);
  if (d.shape() != out.shape())
    throw shape_error("xp::copy_to_host_async: shapes " + to_string(d.shape()) + " and " + to_string(out.shape()) +
                      " differ");
  if (!d.is_contiguous() || !out.is_contiguous())
    throw value_error("xp::copy_to_host_async: both arrays must be contiguous");
  if (d.size() > 0) backends::cuda::copy_async(out.data(), d.data(), d.nbytes(), cudaMemcpyDeviceToHost, s.get());
}

}  // namespace xp
