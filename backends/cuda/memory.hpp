#pragma once
/// @file backends/cuda/memory.hpp
/// @brief The CUDA backend's memory primitive, streams, and transfers.
///
/// Allocation asks the current device's memory resource (xp's stream-ordered pool unless the
/// user installed another: include/xp/cuda/memory_resource.hpp, backends/cuda/memory_pool.cpp).
/// A buffer is freed on the stream it was allocated on; the buffer keeps that stream alive.
/// Transfers are in backends/cuda/transfer.cpp.

#include <cuda_runtime_api.h>

#include <cstddef>
#include <memory>
#include <new>

#include "xp/backends/cuda/error.hpp"
#include "xp/core/backend.hpp"
#include "xp/cuda/api.hpp"

namespace xp {

/// @brief A CUDA stream (cupy.cuda.Stream): a new one that xp owns, or another library's
/// (wrap). A new stream is blocking by default, like CuPy's: it synchronises with the legacy
/// default stream.
class cuda::stream {
 public:
  explicit stream(bool non_blocking = false);
  /// @brief xp on a stream another library created (cupy.cuda.ExternalStream; PyTorch's
  /// torch.cuda.ExternalStream): make it current with stream_scope and xp's work, allocations
  /// included, is enqueued on it. xp never destroys `handle`. Arrays allocated while it is
  /// current are freed on it, and xp keeps freed small blocks for reuse on it (memory.hpp), so
  /// the stream must outlive xp's use of it: give `owner` (e.g. a shared_ptr whose deleter
  /// destroys the stream), which every such array and block keeps alive, or keep the stream
  /// for the rest of the program. The special handles 0 (the default stream),
  /// cudaStreamLegacy and cudaStreamPerThread are accepted as they are. Defined in libxp_cuda
  /// (backends/cuda/interop.cpp).
  /// @throws xp::value_error when CUDA does not recognise the handle (cudaStreamGetFlags fails;
  ///         a destroyed stream is not always detected).
  static stream wrap(cudaStream_t handle, std::shared_ptr<void> owner = {});
  /// @brief The calling thread's current stream (the one stream_scope set; the legacy default
  /// stream, get() == 0, when none is set): cupy.cuda.get_current_stream().
  static stream current() noexcept;
  /// The raw handle; valid while this object (or an array allocated on it) lives.
  cudaStream_t get() const noexcept { return m_handle.get(); }
  /// Waits for all work enqueued on this stream.
  void synchronize() const;
  const std::shared_ptr<CUstream_st>& handle() const noexcept { return m_handle; }

 private:
  struct from_handle {};
  stream(from_handle, std::shared_ptr<CUstream_st> handle) noexcept : m_handle(std::move(handle)) {}
  std::shared_ptr<CUstream_st> m_handle;
};

/// @brief Makes a stream current for this thread until the scope ends (`with stream:` in CuPy).
class cuda::stream_scope {
 public:
  explicit stream_scope(const cuda::stream& s);
  ~stream_scope();
  stream_scope(const stream_scope&) = delete;
  stream_scope& operator=(const stream_scope&) = delete;

 private:
  std::shared_ptr<CUstream_st> m_previous;
};

/// @brief Makes CUDA device `device` current for this thread until the scope ends (CuPy's
/// `with cp.cuda.Device(device):`): arrays created in the scope are allocated on that device and
/// xp's work runs there. Entering another device also makes its legacy default stream current
/// (the thread's stream belongs to the device it was made on); the previous device and stream
/// come back when the scope ends. Scopes nest. Defined in libxp_cuda (backends/cuda/runtime.cpp).
/// @throws xp::index_error unless 0 <= device < xp::cuda::device_count(), naming both;
///         xp::cuda_error when the driver refuses the switch.
class cuda::device_scope {
 public:
  explicit device_scope(int device);
  /// @brief For xp's memory layer, whose deallocations must not throw: makes `device` current
  /// with no range check, and leaves the thread's stream as it is (the caller names its stream
  /// explicitly, and a buffer freed while the thread exits must not touch thread-local state).
  /// When CUDA refuses the switch, the scope changes nothing.
  device_scope(int device, std::nothrow_t) noexcept;
  ~device_scope();
  device_scope(const device_scope&) = delete;
  device_scope& operator=(const device_scope&) = delete;
  /// The device made current.
  int device() const noexcept { return m_device; }

 private:
  int m_device = 0;
  int m_switched_from = -1;  // the device to make current again; -1: the scope did not switch
  bool m_restores_stream = false;
  std::shared_ptr<CUstream_st> m_previous_stream;
};

namespace backends::cuda {

/// The device that holds device memory `p` (cudaPointerGetAttributes), or -1 for memory that is
/// not a device's (host memory, an unregistered pointer).
int device_of_pointer(const void* p);
/// Copies `bytes` from `src` on `src_device` to `dst` on `dst_device` with cudaMemcpyPeerAsync on
/// the current stream (which must be `dst_device`'s), after waiting for all work queued on
/// `src_device` (the source may still be being written by any of its streams), and returns when
/// the copy is done.
/// @throws xp::cuda_error when a call fails.
void copy_peer(void* dst, int dst_device, const void* src, int src_device, std::size_t bytes);

/// The current thread's stream (the legacy default stream when none is set).
cudaStream_t current_stream() noexcept;
std::shared_ptr<CUstream_st> current_stream_handle() noexcept;

/// True when a CUDA device can be used (a driver and at least one device).
bool device_available() noexcept;

/// Per-stream scratch of full reductions: room for the block results, and a counter that is
/// zero between reductions.
struct reduction_scratch_t {
  void* partials;
  unsigned* counter;
};
constexpr std::size_t reduction_scratch_bytes = std::size_t{1} << 16;
reduction_scratch_t reduction_scratch(cudaStream_t stream);

/// Page-locked host memory from xp's pinned pool, for truly asynchronous transfers.
std::shared_ptr<void> allocate_pinned(std::size_t bytes);
/// True when a cudaMemcpyAsync from or to `p` needs no staging and returns before the copy is
/// done: page-locked host memory (cudaMallocHost, xp::empty_pinned, cudaHostRegister) and
/// managed memory (cudaMallocManaged: the driver copies from wherever its pages are, while a
/// host-side copy would fault them back to the host). False for pageable host memory, device
/// memory and null. Transfers and the chunked pipeline hand such memory to DMA in place.
bool is_pinned_or_managed(const void* p) noexcept;
/// memcpy on the OpenMP threads, one contiguous piece of at least 512 KiB per thread (one thread
/// below 1 MiB, and inside a parallel region); plain memcpy in a build without OpenMP.
void parallel_memcpy(void* dst, const void* src, std::size_t bytes) noexcept;
/// Enqueues a copy of `bytes` on `s` and returns at once.
void copy_async(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind, cudaStream_t s);

}  // namespace backends::cuda

/// @brief Device memory from the current device's memory resource, transfers on the current
/// stream. Defined in libxp_cuda (backends/cuda/memory_pool.cpp, transfer.cpp).
template <>
struct primitive::memory<cuda> {
  /// @brief `bytes` of device memory (null for 0), allocated and freed on the current stream.
  /// @throws xp::out_of_memory with the bytes requested and free; xp::cuda_error otherwise.
  static std::shared_ptr<void> allocate(std::size_t bytes);
  /// @brief Host -> device, ordered on the current stream; returns when the copy is done.
  /// Pinned sources go straight to DMA; large pageable ones through pinned staging buffers.
  /// @throws xp::cuda_error when the copy fails.
  static void upload(void* dst, const void* host_src, std::size_t bytes);
  /// @brief Device -> host on the current stream; waits for it.
  /// @throws xp::cuda_error when the copy (or earlier work on the stream) fails.
  static void download(void* host_dst, const void* src, std::size_t bytes);
  /// @brief Waits for the current stream.
  /// @throws xp::cuda_error when the stream reports an error.
  static void synchronize();
  /// @brief The operands of one kernel (`n` pointers, null ones skipped) all live on the current
  /// device or in memory every device reaches (managed, host). Free on a one-GPU process; with
  /// more GPUs, one cudaPointerGetAttributes per pointer.
  /// @throws xp::value_error naming `what`, the operand's device and the current one (CuPy: "Array
  ///         device must be same as the current device").
  static void check_same_device(const void* const* pointers, std::size_t n, const char* what);
};

namespace backends::cuda {
/// The device's memory primitive, by a name that does not clash with this namespace's own.
using device_memory = primitive::memory<xp::cuda>;
}  // namespace backends::cuda

}  // namespace xp
