#pragma once
/// @file cuda/interop.hpp
/// @brief Device memory and streams that other libraries own, and events: `xp::cuda::wrap`
/// (a raw device pointer, or the CUDA Array Interface's fields, as an xp array without a copy),
/// `xp::cuda::stream::wrap` (xp on another library's stream), `xp::cuda::event` (order xp's
/// work and foreign work across streams, time them), and the device side of DLPack
/// (primitive::dlpack_device<cuda>: with <xp/dlpack.hpp> included too, `from_dlpack<T, xp::cuda>`
/// and `to_dlpack` of device arrays). Included by <xp/cuda.hpp>; link xp::cuda. Compiles with
/// g++ (no kernel here) and needs no dlpack.h. See docs/interop.md.
///
///     thrust::device_vector<float> v(n);
///     auto x = xp::cuda::wrap(thrust::raw_pointer_cast(v.data()), {n});  // no copy
///     float total = xp::sum(x * 2.f).item();

#include <cuda_runtime_api.h>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "xp/backends/cuda/interop.hpp"
#include "xp/backends/cuda/memory.hpp"
#include "xp/core/dtype.hpp"
#include "xp/core/error.hpp"
#include "xp/core/interop.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/shape.hpp"

namespace xp {

/// @brief A CUDA event (cupy.cuda.Event): marks a point in a stream's work, so that another
/// stream (or the host) waits for exactly that much, and times the work between two events.
/// Copies share one event. Defined in libxp_cuda (backends/cuda/interop.cpp).
///
///     xp::cuda::event done;
///     done.record(foreign);   // after the work enqueued on `foreign` so far
///     done.wait();            // xp's current stream waits for it (the host does not)
class cuda::event {
 public:
  /// @brief A new event on the current device (cudaEventCreateWithFlags). `timing = false`
  /// (cudaEventDisableTiming; CuPy's disable_timing=True) makes recording and waiting cheaper,
  /// and elapsed_ms() unusable.
  /// @throws xp::cuda_error when CUDA refuses (no device, say).
  explicit event(bool timing = true);

  /// @brief Records the event on `s` (Event.record(stream)): it completes when the work enqueued
  /// there so far has. Recording again moves it.
  /// @throws xp::cuda_error when CUDA refuses (a stream of another device, say).
  void record(const stream& s = stream::current()) const;
  /// @brief Makes `s` wait for the event before running what is enqueued on it afterwards
  /// (cudaStreamWaitEvent; CuPy's stream.wait_event(e)). Returns at once; the host does not wait.
  /// An event never recorded is complete: the wait is nothing.
  /// @throws xp::cuda_error when CUDA refuses.
  void wait(const stream& s = stream::current()) const;
  /// @brief record() and wait() on a raw stream handle (another library's, or a stream object's
  /// get()), with no stream::wrap and its check of the handle on each call.
  /// @throws xp::cuda_error when CUDA refuses.
  void record(cudaStream_t s) const;
  void wait(cudaStream_t s) const;
  /// @brief The host waits for the event (Event.synchronize()).
  /// @throws xp::cuda_error when CUDA reports an error, also one of the work it waited for.
  void synchronize() const;
  /// @brief True when the event has completed (or was never recorded): Event.done.
  /// @throws xp::cuda_error when CUDA reports an error.
  bool query() const;
  /// @brief Milliseconds between two recorded events (cupy.cuda.get_elapsed_time(start, end)),
  /// about 0.5 us resolution; waits for `end` first.
  /// @throws xp::value_error when either event was made with timing = false; xp::cuda_error when
  ///         CUDA refuses (an event not recorded yet, say).
  static float elapsed_ms(const event& start, const event& end);

  /// @brief The raw handle, for cudaStreamWaitEvent and the like; valid while this event lives.
  cudaEvent_t get() const noexcept { return m_handle.get(); }
  /// @brief False for an event made with timing = false.
  bool timing() const noexcept { return m_timing; }

 private:
  std::shared_ptr<CUevent_st> m_handle;
  bool m_timing = true;
};

/// @brief A device buffer in the terms of the CUDA Array Interface (version 3,
/// `__cuda_array_interface__`), for xp::cuda::wrap and from xp arrays (of()). `mask` and `descr`
/// are not supported: a buffer with a mask is not an array xp can adopt.
struct cuda::array_interface {
  void* data = nullptr;        ///< "data"[0]: the first element (device or managed memory)
  bool read_only = false;      ///< "data"[1]: an adopted array refuses writes
  std::vector<index_t> shape;  ///< "shape"
  /// "strides", in bytes (the interface's unit; ndarray strides are in elements); empty (None):
  /// C-contiguous.
  std::vector<index_t> strides;
  /// "typestr": byte order ('<' little-endian, '|' not applicable, '=' native), kind and size:
  /// "<f4" float, "<f8" double, "<i4" int32, "<i8" int64, "|u1" uint8, "|b1" bool (typestr<T>()).
  std::string typestr;
  /// "stream": std::nullopt (None) when the data is ready; else the stream whose work so far
  /// produces it: a cudaStream_t, or cudaStreamLegacy (the interface's 1) and cudaStreamPerThread
  /// (its 2). The interface forbids 0.
  std::optional<cudaStream_t> stream;

  /// @brief The interface's typestr of T ("<f4" for float).
  template <class T>
  static std::string typestr_of() {
    constexpr dtype d = dtype::of<T>();
    return std::string(1, d.itemsize() == 1 ? '|' : '<') + d.kind() + std::to_string(d.itemsize());
  }

  /// @brief The interface of an xp device array, for a library that adopts it: strides in bytes,
  /// read_only for a broadcast view, and xp's current stream (cudaStreamLegacy for the legacy
  /// default stream), on which xp's pending work on the array runs. The memory stays valid while
  /// `a` (or another handle of its buffer) lives: keep one alive as the consumer's owner.
  template <class T>
  static array_interface of(const ndarray<T, xp::cuda>& a) {
    array_interface i;
    i.data = static_cast<void*>(a.data());
    i.read_only = !a.writeable();
    i.shape = a.shape();
    for (index_t s : a.strides()) i.strides.push_back(s * static_cast<index_t>(sizeof(T)));
    i.typestr = typestr_of<T>();
    cudaStream_t s = backends::cuda::current_stream();
    i.stream = s == nullptr ? cudaStreamLegacy : s;
    return i;
  }
};

namespace detail {

// The one body of every xp::cuda::wrap overload.
template <class T>
ndarray<T, cuda> wrap_device(const void* data, shape_type shape, shape_type strides, std::shared_ptr<void> owner,
                             bool writeable, const std::string& where) {
  if (strides.empty()) strides = contiguous_strides(shape);
  check_foreign_layout(data, shape, strides, sizeof(T), alignof(T), where);
  if (checked_size(shape, sizeof(T)) > 0) backends::cuda::check_device_pointer(data, where);
  T* first = const_cast<T*>(static_cast<const T*>(data));
  // the buffer's pointer is the adopted pointer itself (kept alive by `owner`, if any), so two
  // arrays adopted from one pointer compare as one buffer (xp's overlap rule)
  return ndarray<T, cuda>(std::shared_ptr<void>(std::move(owner), const_cast<void*>(data)), first, std::move(shape),
                          std::move(strides), writeable);
}

template <class T>
std::string wrap_name() {
  return "xp::cuda::wrap<" + std::string(dtype_name<T>()) + ">";
}

}  // namespace detail

template <class T>
ndarray<T, cuda> cuda::wrap(T* data, std::vector<index_t> shape, std::vector<index_t> strides,
                            std::shared_ptr<void> owner) {
  return detail::wrap_device<T>(data, std::move(shape), std::move(strides), std::move(owner), true,
                                detail::wrap_name<T>());
}

template <class T>
ndarray<T, cuda> cuda::wrap(const T* data, std::vector<index_t> shape, std::vector<index_t> strides,
                            std::shared_ptr<void> owner) {
  return detail::wrap_device<T>(data, std::move(shape), std::move(strides), std::move(owner), false,
                                detail::wrap_name<T>());
}

template <class T>
ndarray<T, cuda> cuda::wrap(void* data, std::vector<index_t> shape, std::vector<index_t> strides,
                            std::shared_ptr<void> owner) {
  return detail::wrap_device<T>(data, std::move(shape), std::move(strides), std::move(owner), true,
                                detail::wrap_name<T>());
}

template <class T>
ndarray<T, cuda> cuda::wrap(const void* data, std::vector<index_t> shape, std::vector<index_t> strides,
                            std::shared_ptr<void> owner) {
  return detail::wrap_device<T>(data, std::move(shape), std::move(strides), std::move(owner), false,
                                detail::wrap_name<T>());
}

template <class T>
ndarray<T, cuda> cuda::wrap(const array_interface& interface, std::shared_ptr<void> owner) {
  const std::string where = detail::wrap_name<T>() + "(array_interface)";
  const std::string want = array_interface::typestr_of<T>();
  const std::string& got = interface.typestr;
  const bool order_ok = !got.empty() && (got[0] == '<' || got[0] == '=' || got[0] == '|');
  if (!order_ok || got.compare(1, std::string::npos, want, 1, std::string::npos) != 0)
    throw dtype_error(where + ": typestr \"" + got + "\" is not " + std::string(dtype_name<T>()) + "'s \"" + want +
                      "\"" + (!got.empty() && got[0] == '>' ? " (big-endian data)" : ""));
  if (interface.stream && *interface.stream == nullptr)
    throw value_error(where +
                      ": stream 0 is ambiguous and the CUDA Array Interface forbids it; give "
                      "cudaStreamLegacy (1), cudaStreamPerThread (2), a stream, or none");
  std::vector<index_t> strides;
  for (index_t bytes : interface.strides) {
    if (bytes % static_cast<index_t>(sizeof(T)) != 0)
      throw value_error(where + ": byte strides " + to_string(interface.strides) + " are not multiples of " +
                        std::string(dtype_name<T>()) + "'s " + std::to_string(sizeof(T)) + " bytes");
    strides.push_back(bytes / static_cast<index_t>(sizeof(T)));
  }
  if (!interface.strides.empty() && strides.size() != interface.shape.size())
    throw value_error(where + ": byte strides " + to_string(interface.strides) + " do not match shape " +
                      to_string(interface.shape));
  auto a = detail::wrap_device<T>(interface.data, interface.shape, std::move(strides), std::move(owner),
                                  !interface.read_only, where);
  if (interface.stream) backends::cuda::wait_for_stream(*interface.stream);
  return a;
}

}  // namespace xp
