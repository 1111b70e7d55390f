// The host-side part of xp's CUDA interop (include/xp/cuda/interop.hpp): events, wrapped
// streams, the pointer checks of xp::cuda::wrap and of DLPack imports. Plain C++ against the
// CUDA runtime API, compiled once into libxp_cuda.

#include "xp/backends/cuda/interop.hpp"

#include <cstdio>
#include <string>

#include "xp/backends/cuda/error.hpp"
#include "xp/backends/cuda/memory.hpp"
#include "xp/cuda/interop.hpp"

namespace xp {
namespace {

int current_device() {
  int device = 0;
  XP_CUDA_CHECK(cudaGetDevice(&device));
  return device;
}

cudaPointerAttributes attributes_of(const void* p) {
  cudaPointerAttributes a{};
  XP_CUDA_CHECK(cudaPointerGetAttributes(&a, p));
  return a;
}

std::string address(const void* p) {
  char text[32];
  std::snprintf(text, sizeof text, "%p", p);
  return text;
}

}  // namespace

// ---- streams ---------------------------------------------------------------------------------------

cuda::stream cuda::stream::wrap(cudaStream_t handle, std::shared_ptr<void> owner) {
  const bool special = handle == nullptr || handle == cudaStreamLegacy || handle == cudaStreamPerThread;
  if (!special) {
    unsigned flags = 0;
    const cudaError_t e = cudaStreamGetFlags(handle, &flags);
    if (e != cudaSuccess) {
      (void)cudaGetLastError();
      throw value_error("xp::cuda::stream::wrap: CUDA does not recognise stream " + address(handle) + " (" +
                        cudaGetErrorName(e) + ": " + cudaGetErrorString(e) + ")");
    }
  }
  // never destroyed by xp: the deleter only releases the owner, which the caller chose
  return stream(from_handle{}, std::shared_ptr<CUstream_st>(handle, [owner = std::move(owner)](CUstream_st*) {}));
}

cuda::stream cuda::stream::current() noexcept { return stream(from_handle{}, backends::cuda::current_stream_handle()); }

// ---- events ----------------------------------------------------------------------------------------

cuda::event::event(bool timing) : m_timing(timing) {
  cudaEvent_t e = nullptr;
  XP_CUDA_CHECK(cudaEventCreateWithFlags(&e, timing ? cudaEventDefault : cudaEventDisableTiming));
  m_handle = std::shared_ptr<CUevent_st>(e, [](cudaEvent_t q) { (void)cudaEventDestroy(q); });
}

void cuda::event::record(const stream& s) const { record(s.get()); }
void cuda::event::record(cudaStream_t s) const { XP_CUDA_CHECK(cudaEventRecord(m_handle.get(), s)); }

void cuda::event::wait(const stream& s) const { wait(s.get()); }
void cuda::event::wait(cudaStream_t s) const { XP_CUDA_CHECK(cudaStreamWaitEvent(s, m_handle.get(), 0)); }

void cuda::event::synchronize() const { XP_CUDA_CHECK(cudaEventSynchronize(m_handle.get())); }

bool cuda::event::query() const {
  const cudaError_t e = cudaEventQuery(m_handle.get());
  if (e == cudaErrorNotReady) return false;
  XP_CUDA_CHECK(e);
  return true;
}

float cuda::event::elapsed_ms(const event& start, const event& end) {
  if (!start.timing() || !end.timing())
    throw value_error(std::string("xp::cuda::event::elapsed_ms: the ") + (start.timing() ? "end" : "start") +
                      " event was made with timing = false (cudaEventDisableTiming)");
  XP_CUDA_CHECK(cudaEventSynchronize(end.get()));
  float ms = 0;
  XP_CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), end.get()));
  return ms;
}

// ---- DLPack devices --------------------------------------------------------------------------------

dlpack_device_id primitive::dlpack_device<cuda>::of(const void* data) {
  if (data != nullptr) {
    const cudaPointerAttributes a = attributes_of(data);
    if (a.type == cudaMemoryTypeManaged) return {detail::dl_device::cuda_managed, a.device};
    if (a.type == cudaMemoryTypeDevice) return {detail::dl_device::cuda, a.device};
  }
  return {detail::dl_device::cuda, current_device()};
}

void primitive::dlpack_device<cuda>::check(dlpack_device_id device, const void* data, const std::string& where) {
  namespace dl = detail::dl_device;
  if (device.type == dl::cuda) {
    const int current = current_device();
    if (device.id != current)
      throw value_error(where + ": the tensor is on " + detail::describe(device) + ", but the current device is " +
                        std::to_string(current) + " (call cudaSetDevice(" + std::to_string(device.id) +
                        ") before importing it)");
  } else if (device.type != dl::cuda_managed) {
    std::string hint;
    if (device.type == dl::cpu || device.type == dl::cuda_host || device.type == dl::rocm_host)
      hint = " (import host memory as a host array: from_dlpack<T, xp::host>, then xp::to_device to copy it)";
    throw value_error(where + ": the tensor is on " + detail::describe(device) +
                      "; an xp::cuda array takes kDLCUDA (2) memory of the current device or kDLCUDAManaged (13) "
                      "memory" +
                      hint);
  }
  if (data != nullptr) backends::cuda::check_device_pointer(data, where);
}

namespace backends::cuda {

void check_device_pointer(const void* p, const std::string& where) {
  const cudaPointerAttributes a = attributes_of(p);
  if (a.type == cudaMemoryTypeManaged) return;
  if (a.type == cudaMemoryTypeDevice) {
    const int current = current_device();
    if (a.device != current)
      throw value_error(where + ": pointer " + address(p) + " is memory of device " + std::to_string(a.device) +
                        ", but the current device is " + std::to_string(current) + " (call cudaSetDevice(" +
                        std::to_string(a.device) + ") first)");
    return;
  }
  const std::string what = a.type == cudaMemoryTypeHost
                               ? "page-locked host memory (cudaMemoryTypeHost)"
                               : "host memory that CUDA does not know (cudaMemoryTypeUnregistered)";
  throw value_error(where + ": pointer " + address(p) + " is " + what +
                    ", not device memory; an xp::cuda array takes device or managed memory (copy host data with "
                    "xp::to_device)");
}

void wait_for_stream(cudaStream_t producer) {
  const cudaStream_t consumer = current_stream();
  if (producer == consumer) return;
  cudaEvent_t e = nullptr;
  XP_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
  const cudaError_t recorded = cudaEventRecord(e, producer);
  const cudaError_t waited = recorded == cudaSuccess ? cudaStreamWaitEvent(consumer, e, 0) : recorded;
  (void)cudaEventDestroy(e);  // released once the wait has been satisfied, as CUDA documents
  XP_CUDA_CHECK(waited);
}

}  // namespace backends::cuda
}  // namespace xp
