#pragma once
/// @file backends/cuda/vendor/handles.hpp
/// @brief A CUDA library's handle for the calling thread on the current device, created on first
/// use, bound to xp's current stream on every acquisition, destroyed when the thread ends. Written
/// once for every library; a library supplies a traits struct (vendor/blas.hpp's blas_handle):
///
///     struct solver_handle {
///       using type = cusolverDnHandle_t;
///       static cusolverStatus_t create(type* h) { return cusolverDnCreate(h); }
///       static cusolverStatus_t destroy(type h) { return cusolverDnDestroy(h); }
///       static cusolverStatus_t set_stream(type h, cudaStream_t s) { return cusolverDnSetStream(h, s); }
///     };
///     cusolverDnHandle_t h = vendor::handle<solver_handle>();
///
/// Per thread because cuBLAS, cuSOLVER and cuSPARSE handles are not to be shared between threads
/// that call at the same time; per device because a handle belongs to the device current when it
/// was created. The status types need a status_traits specialisation (vendor/status.hpp).
/// Includes no library header.

#include <cstddef>
#include <vector>

#include "xp/backends/cuda/error.hpp"
#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/vendor/status.hpp"

namespace xp::backends::cuda::vendor {

/// One thread's handles of one library, indexed by device.
template <class Traits>
class thread_handles {
 public:
  using handle_type = typename Traits::type;
  thread_handles() = default;
  thread_handles(const thread_handles&) = delete;
  thread_handles& operator=(const thread_handles&) = delete;
  ~thread_handles() {
    // the thread (or the program) ends: a failure can only be ignored here
    for (handle_type h : m_by_device)
      if (h != handle_type{}) (void)Traits::destroy(h);
  }
  handle_type on(int device) {
    if (m_by_device.size() <= static_cast<std::size_t>(device))
      m_by_device.resize(static_cast<std::size_t>(device) + 1, handle_type{});
    handle_type& h = m_by_device[static_cast<std::size_t>(device)];
    if (h == handle_type{}) XP_VENDOR_CHECK(Traits::create(&h));
    return h;
  }

 private:
  std::vector<handle_type> m_by_device;
};

/// The calling thread's handle of the library on the current device, bound to the current stream.
/// @throws xp::cuda_error when the library cannot create the handle or set its stream.
template <class Traits>
typename Traits::type handle() {
  thread_local thread_handles<Traits> handles;
  int device = 0;
  XP_CUDA_CHECK(cudaGetDevice(&device));
  const typename Traits::type h = handles.on(device);
  XP_VENDOR_CHECK(Traits::set_stream(h, current_stream()));
  return h;
}

}  // namespace xp::backends::cuda::vendor
