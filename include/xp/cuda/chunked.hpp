#pragma once
/// @file cuda/chunked.hpp
/// @brief Host arrays larger than the device: elementwise maps and reductions streamed through
/// the device in chunks of rows (xp::chunked_map, xp::chunked_reduce, xp::chunked_sum,
/// chunked_min, chunked_max), on a pipeline of streams that the out-of-core matrix product
/// (cuda/out_of_core_gemm.hpp) shares. Included by <xp/cuda.hpp>; docs/out_of_core.md describes
/// the scheme.
///
/// The pipeline: inputs are cut along axis 0 into chunks of whole rows. Chunk i goes to device
/// slot i % depth: a pinned, contiguous input is copied straight from its memory by DMA; any
/// other input is first packed (on several host threads) into that slot's pinned staging
/// buffer. Three streams of the calling thread carry the copies in (h2d), the user's function
/// (compute) and the copies out (d2h); events order each slot's reuse, so the copy of chunk
/// i + 1 runs while chunk i is computed and chunk i - 1 is copied back. Reductions copy each
/// chunk's one value into pinned memory and combine the values on the host (floats in double).
///
/// The user's function receives device arrays and runs on the compute stream (xp's current
/// stream inside it), so it must be compiled by nvcc whenever it launches xp kernels, as any
/// device expression must.

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "xp/backends/cuda/backend.hpp"
#include "xp/core.hpp"
#include "xp/cuda/interop.hpp"
#include "xp/cuda/memory_resource.hpp"
#include "xp/linalg.hpp"

namespace xp {

/// @brief How chunked_map and chunked_reduce cut their inputs:
/// `xp::chunked_sum(x, {.chunk_bytes = 16 << 20, .depth = 3})`.
struct chunked_options {
  /// The most bytes one input's chunk may have; a chunk is whole rows (along axis 0), as many as
  /// fit in the widest input. 0: automatic, 64 MiB or less when the device's free memory (or the pool's limit) is
  /// short.
  std::size_t chunk_bytes = 0;
  /// Chunks in flight: each input has this many device buffers (and pinned staging buffers
  /// unless it is pinned and contiguous). 2 overlaps the copy of chunk i + 1 with the
  /// computation of chunk i; 1 runs the chunks one after the other. At least 1.
  int depth = 2;
};

/// @brief How chunked_reduce combines the one value it gets from each chunk.
enum class chunk_combine {
  sum,  ///< floats added in double (compensated) and rounded once; integers wrap in their width; bool: or
  min,  ///< the smallest value; NaN propagates (np.min)
  max,  ///< the largest value; NaN propagates (np.max)
};

namespace detail::chunked {

inline constexpr std::size_t default_chunk_bytes = std::size_t{64} << 20;
inline constexpr std::size_t default_tile_bytes = std::size_t{256} << 20;

/// `n` events for ordering only: without timing, recording and waiting cost less.
inline std::vector<xp::cuda::event> ordering_events(int n) {
  std::vector<xp::cuda::event> events;
  for (int k = 0; k < n; ++k) events.emplace_back(false);  // each its own event (copies would share one)
  return events;
}

using backends::cuda::is_pinned_or_managed;
using backends::cuda::parallel_memcpy;

/// Device bytes xp may still allocate: what the driver has free plus what xp's pool holds unused,
/// bounded by the pool's limit when one is set (the automatic chunk and tile sizes).
inline std::size_t available_device_bytes() {
  auto& pool = xp::cuda::get_default_memory_pool();
  std::size_t bytes = xp::cuda::mem_info().free_bytes + pool.free_bytes();
  if (pool.limit() != 0)
    bytes = std::min(bytes, pool.limit() > pool.used_bytes() ? pool.limit() - pool.used_bytes() : std::size_t{0});
  return bytes;
}

/// Pinned staging buffers come from xp's pinned pool (xp::cuda::get_pinned_memory_pool()),
/// which keeps freed blocks by size: cudaHostAlloc costs about as much as copying the buffer over
/// the link, so the next call reuses them.
inline std::shared_ptr<void> acquire_staging(std::size_t bytes) {
  return xp::cuda::get_pinned_memory_pool().allocate(std::max<std::size_t>(bytes, 1));
}

/// The three streams of a pipeline: copies in, the computation, copies out. Non-blocking, so
/// that nothing on the legacy default stream serialises them. Each thread keeps one set for its
/// pipelines on the current device (xp keeps per-stream state that is never released, e.g. the
/// reduction scratch, so fresh streams per call would accumulate it), and a nested pipeline
/// (chunked_map called from inside the function of another) gets its own.
struct stream_set {
  xp::cuda::stream h2d{true}, compute{true}, d2h{true};
};

class stream_lease {
 public:
  stream_lease() {
    slot& mine = thread_slot();
    if (mine.busy) {
      m_own = std::make_unique<stream_set>();
      m_set = m_own.get();
    } else {
      int device = 0;
      XP_CUDA_CHECK(cudaGetDevice(&device));
      if (!mine.set || mine.device != device) {  // streams belong to the device current at their creation
        mine.set = std::make_unique<stream_set>();
        mine.device = device;
      }
      mine.busy = true;
      m_set = mine.set.get();
    }
  }
  ~stream_lease() {
    if (!m_own) thread_slot().busy = false;
  }
  stream_lease(const stream_lease&) = delete;
  stream_lease& operator=(const stream_lease&) = delete;
  stream_set& operator*() const noexcept { return *m_set; }
  stream_set* operator->() const noexcept { return m_set; }

 private:
  struct slot {
    std::unique_ptr<stream_set> set;
    int device = -1;
    bool busy = false;
  };
  static slot& thread_slot() {
    thread_local slot s;
    return s;
  }
  std::unique_ptr<stream_set> m_own;
  stream_set* m_set = nullptr;
};

/// Streams and, per slot, the events that order its reuse: `loaded` (the copy into the slot
/// finished: its staging buffer is free again, its device buffer is filled), `computed` (the
/// computation that read the slot finished), `stored` (the copy out of the slot finished).
struct pipeline {
  stream_lease streams;
  cudaStream_t h2d, compute, d2h;
  std::vector<xp::cuda::event> loaded, computed, stored;

  explicit pipeline(int depth)
      : h2d(streams->h2d.get()),
        compute(streams->compute.get()),
        d2h(streams->d2h.get()),
        loaded(ordering_events(depth)),
        computed(ordering_events(depth)),
        stored(ordering_events(depth)) {}
  /// The computation waits for the work the caller enqueued so far on its current stream (the
  /// user's function may read device arrays that are still being written there).
  void follow_caller() {
    const xp::cuda::event e(false);
    e.record(backends::cuda::current_stream());
    e.wait(compute);
  }
  /// Buffers allocated on the compute stream may be used by the copy streams from here on.
  void publish_allocations() {
    const xp::cuda::event e(false);
    e.record(compute);
    e.wait(h2d);
    e.wait(d2h);
  }
  /// Waits for all three streams; reports their errors.
  void finish() {
    XP_CUDA_CHECK(cudaStreamSynchronize(h2d));
    XP_CUDA_CHECK(cudaStreamSynchronize(compute));
    XP_CUDA_CHECK(cudaStreamSynchronize(d2h));
  }
  /// finish() without errors, for unwinding: no copy may still run into a buffer being freed.
  void drain() noexcept {
    (void)cudaStreamSynchronize(h2d);
    (void)cudaStreamSynchronize(compute);
    (void)cudaStreamSynchronize(d2h);
  }
};

/// Declared after the buffers a pipeline uses, so that it is destroyed first: on any exit the
/// streams are idle before staging and device buffers are released.
struct drain_on_exit {
  pipeline& p;
  ~drain_on_exit() { p.drain(); }
};

/// Copies between contiguous memory `flat` (C order) and the host array `a` (any layout):
/// `to_array` false reads `a` into `flat` (packing), true writes `flat` into `a` (unpacking).
/// Runs of unit stride go by memcpy on several threads; other layouts through xp's strided copy.
template <class T>
void copy_layout(T* flat, const ndarray<T, host>& a, bool to_array) {
  const index_t n = a.size();
  if (n == 0) return;
  if (a.is_contiguous()) {
    if (to_array) parallel_memcpy(a.data(), flat, static_cast<std::size_t>(n) * sizeof(T));
    else parallel_memcpy(flat, a.data(), static_cast<std::size_t>(n) * sizeof(T));
    return;
  }
  const auto merged = merge_layout(a.shape(), {&a.strides()});
  const shape_type& shape = merged.shape;
  const shape_type& strides = merged.strides[0];
  if (shape.empty() || strides.back() != 1 || shape.back() < 8) {  // no unit-stride runs worth a memcpy
    const ndarray<T, host> f(std::shared_ptr<void>(), flat, a.shape(), contiguous_strides(a.shape()));
    if (to_array) assign(a, f);
    else assign(f, a);
    return;
  }
  const index_t run = shape.back();
  const std::size_t outer_rank = shape.size() - 1;
  const index_t runs = n / run;
  T* base = a.data();
#if defined(_OPENMP)
#pragma omp parallel for schedule(static) if (n > (index_t{1} << 16))
#endif
  for (index_t r = 0; r < runs; ++r) {
    index_t off = 0, rest = r;
    for (std::size_t d = outer_rank; d-- > 0;) {
      off += (rest % shape[d]) * strides[d];
      rest /= shape[d];
    }
    T* f = flat + r * run;
    if (to_array) std::memcpy(base + off, f, static_cast<std::size_t>(run) * sizeof(T));
    else std::memcpy(f, base + off, static_cast<std::size_t>(run) * sizeof(T));
  }
}

/// What the user's function returned, as a device array (an expression is evaluated).
template <class X>
auto as_device_array(const X& x) {
  if constexpr (is_ndarray_v<X>) {
    static_assert(std::is_same_v<typename X::backend_type, xp::cuda>,
                  "xp::chunked_map/chunked_reduce: the function must return a device array (xp::cuda)");
    return x;
  } else if constexpr (is_expr<X>::value) {
    static_assert(std::is_same_v<typename backend_of<X>::type, xp::cuda>,
                  "xp::chunked_map/chunked_reduce: the function must return a device array or expression");
    return materialize(x);
  } else {
    static_assert(dependent_false<X>,
                  "xp::chunked_map/chunked_reduce: the function must return an xp::ndarray<T, xp::cuda> or an "
                  "elementwise expression of device arrays");
  }
}

/// The dtype of what f returns for device chunks of the inputs' dtypes.
template <class F, class... T>
using result_value_t =
    typename decltype(as_device_array(std::declval<F&>()(std::declval<const ndarray<T, xp::cuda>&>()...)))::value_type;

/// How the rows of the inputs are cut.
struct plan {
  index_t rows = 0;            // extent of axis 0
  index_t rows_per_chunk = 0;  // at least 1 unless empty
  index_t chunks = 0;
  bool empty = false;  // no elements: the function runs once on the whole (empty) inputs
};

inline index_t row_elements(const shape_type& shape) {
  index_t n = 1;
  for (std::size_t d = 1; d < shape.size(); ++d) n *= shape[d];
  return n;
}

/// Checks the options and inputs of `fn` and cuts the rows. `outputs` is the number of buffers
/// per slot besides the inputs' (for the automatic chunk size).
template <class T0, class... T>
plan make_plan(const char* fn, const chunked_options& o, int outputs, const ndarray<T0, host>& x0,
               const ndarray<T, host>&... xs) {
  if (o.depth < 1) throw value_error(std::string(fn) + ": depth must be at least 1, got " + std::to_string(o.depth));
  if (x0.ndim() == 0)
    throw value_error(std::string(fn) +
                      ": the inputs are cut along axis 0, so they need at least one dimension; got a "
                      "0-d array (reshape it to (1,))");
  [[maybe_unused]] int k = 0;
  (
      [&](const auto& x) {
        ++k;
        if (x.shape() != x0.shape())
          throw shape_error(std::string(fn) + ": the inputs must have one shape: input 0 has " + to_string(x0.shape()) +
                            ", input " + std::to_string(k) + " has " + to_string(x.shape()));
      }(xs),
      ...);
  plan p;
  p.rows = x0.shape(0);
  const index_t row = row_elements(x0.shape());
  if (p.rows == 0 || row == 0) {
    p.empty = true;
    return p;
  }
  const std::size_t row_bytes = static_cast<std::size_t>(row) * std::max({sizeof(T0), sizeof(T)...});
  std::size_t chunk = o.chunk_bytes;
  if (chunk == 0) {
    const std::size_t free_bytes = available_device_bytes();
    const std::size_t buffers =
        static_cast<std::size_t>(o.depth) * (1 + sizeof...(T) + static_cast<std::size_t>(outputs));
    chunk = std::max(row_bytes, std::min(default_chunk_bytes, free_bytes / (4 * buffers)));
  } else if (chunk < row_bytes) {
    throw value_error(std::string(fn) + ": chunk_bytes = " + std::to_string(chunk) +
                      " is smaller than one row of the inputs (" + std::to_string(row_bytes) + " bytes: shape " +
                      to_string(x0.shape()) + " cut along axis 0)");
  }
  p.rows_per_chunk = std::min<index_t>(p.rows, static_cast<index_t>(chunk / row_bytes));
  p.chunks = (p.rows + p.rows_per_chunk - 1) / p.rows_per_chunk;
  return p;
}

/// One input's side of a row pipeline: per slot a device buffer of one chunk and, unless the
/// input is pinned and contiguous (then the DMA reads it in place), a pinned staging buffer.
template <class T>
class input_lane {
 public:
  explicit input_lane(const ndarray<T, host>& x)
      : m_x(x), m_row(row_elements(x.shape())), m_direct(x.is_contiguous() && is_pinned_or_managed(x.data())) {}

  bool staged() const noexcept { return !m_direct; }

  /// Device buffers (on the current stream) and staging buffers for `depth` chunks of `rows`.
  void allocate(index_t rows, int depth) {
    const std::size_t bytes = static_cast<std::size_t>(rows * m_row) * sizeof(T);
    for (int s = 0; s < depth; ++s) {
      m_device.push_back(primitive::memory<xp::cuda>::allocate(bytes));
      if (!m_direct) m_staging.push_back(acquire_staging(bytes));
    }
  }
  /// Host: packs rows [r0, r1) into slot s's staging buffer (its last DMA must have finished).
  void pack(int s, index_t r0, index_t r1) {
    if (!m_direct) copy_layout(static_cast<T*>(m_staging[s].get()), m_x(range(r0, r1)), false);
  }
  /// Enqueues the copy of rows [r0, r1) into slot s on `h2d`; returns the device chunk.
  ndarray<T, xp::cuda> upload(int s, index_t r0, index_t r1, cudaStream_t h2d) {
    shape_type shape = m_x.shape();
    shape[0] = r1 - r0;
    const std::size_t bytes = static_cast<std::size_t>((r1 - r0) * m_row) * sizeof(T);
    const void* src = m_direct ? static_cast<const void*>(m_x.data() + r0 * m_row) : m_staging[s].get();
    T* dst = static_cast<T*>(m_device[s].get());
    backends::cuda::copy_async(dst, src, bytes, cudaMemcpyHostToDevice, h2d);
    auto strides = contiguous_strides(shape);
    return ndarray<T, xp::cuda>(m_device[s], dst, std::move(shape), std::move(strides));
  }

 private:
  ndarray<T, host> m_x;
  index_t m_row;
  bool m_direct;
  std::vector<std::shared_ptr<void>> m_device, m_staging;
};

template <class... T>
using lanes_t = std::tuple<input_lane<T>...>;

template <class... L>
void allocate_lanes(std::tuple<L...>& lanes, index_t rows, int depth) {
  std::apply([&](auto&... l) { (l.allocate(rows, depth), ...); }, lanes);
}

/// Host part and copy of chunk i into slot s: waits until the slot's staging buffers are free,
/// packs, and enqueues the copies after `wait_for` (the events that free the device buffers).
/// Returns the device chunks.
template <class... L>
auto load_chunk(std::tuple<L...>& lanes, pipeline& p, int s, index_t r0, index_t r1,
                std::initializer_list<const xp::cuda::event*> wait_for) {
  const bool staged = std::apply([](const auto&... l) { return (l.staged() || ...); }, lanes);
  if (staged) p.loaded[s].synchronize();
  std::apply([&](auto&... l) { (l.pack(s, r0, r1), ...); }, lanes);
  for (const xp::cuda::event* e : wait_for) e->wait(p.h2d);
  auto chunks = std::apply([&](auto&... l) { return std::make_tuple(l.upload(s, r0, r1, p.h2d)...); }, lanes);
  p.loaded[s].record(p.h2d);
  p.loaded[s].wait(p.compute);
  return chunks;
}

/// Shape (rows,) + tail, as text for messages.
inline shape_type with_rows(index_t rows, const shape_type& tail) {
  shape_type s{rows};
  s.insert(s.end(), tail.begin(), tail.end());
  return s;
}

/// The row pipeline of chunked_map: the result of chunk i is copied into rows [r0, r1) of the
/// output (allocated at the first chunk, or `given`).
template <class O, class F, class T0, class... T>
ndarray<O, host> run_map(F& f, const chunked_options& o, std::optional<ndarray<O, host>> given,
                         const ndarray<T0, host>& x0, const ndarray<T, host>&... xs) {
  constexpr const char* fn = "xp::chunked_map";
  const plan pl = make_plan(fn, o, 1, x0, xs...);
  auto device_result = [](auto&& r) {
    auto d = as_device_array(r);
    if constexpr (std::is_same_v<typename decltype(d)::value_type, O>) return d;
    else return d.template astype<O>();
  };
  auto check_rows = [&](const auto& r, index_t rows) {
    if (r.ndim() == 0 || r.shape(0) != rows)
      throw shape_error(std::string(fn) + ": the function returned shape " + to_string(r.shape()) + " for a chunk of " +
                        std::to_string(rows) + " rows; its result must keep the rows (axis 0) of its inputs");
  };
  auto use_output = [&](const shape_type& shape) {
    if (!given) return ndarray<O, host>(shape);
    if (given->shape() != shape)
      throw shape_error(std::string(fn) + ": out has shape " + to_string(given->shape()) + ", the result has " +
                        to_string(shape));
    return *given;
  };

  if (pl.empty) {  // the function sees the whole (empty) inputs once; its result may still have elements
    ndarray<O, xp::cuda> r = device_result(f(ndarray<T0, xp::cuda>(x0.shape()), ndarray<T, xp::cuda>(xs.shape())...));
    check_rows(r, pl.rows);
    auto out = use_output(r.shape());
    assign(out, r.copy_to_host());
    return out;
  }

  pipeline p(o.depth);
  p.follow_caller();
  lanes_t<T0, T...> lanes{input_lane<T0>(x0), input_lane<T>(xs)...};
  {
    xp::cuda::stream_scope scope(p.streams->compute);
    allocate_lanes(lanes, pl.rows_per_chunk, o.depth);
  }
  p.publish_allocations();
  ndarray<O, host> out;
  bool direct = false;
  shape_type tail;
  index_t out_row = 0;
  std::vector<std::shared_ptr<void>> staging(o.depth);
  std::vector<ndarray<O, xp::cuda>> hold(o.depth);  // results kept until copied out
  std::vector<index_t> pending(o.depth, -1);        // first row of the chunk in each slot
  std::vector<index_t> pending_end(o.depth, -1);
  drain_on_exit guard{p};

  // Host: the copy out of slot s finished; unpack its staging buffer and let its result go.
  auto retire = [&](int s) {
    if (pending[s] < 0) return;
    p.stored[s].synchronize();
    if (!direct) copy_layout(static_cast<O*>(staging[s].get()), out(range(pending[s], pending_end[s])), true);
    hold[s] = ndarray<O, xp::cuda>();
    pending[s] = pending_end[s] = -1;
  };

  for (index_t i = 0; i < pl.chunks; ++i) {
    const int s = static_cast<int>(i % o.depth);
    const index_t r0 = i * pl.rows_per_chunk, r1 = std::min(pl.rows, r0 + pl.rows_per_chunk);
    // the device buffers of slot s are free once chunk i - depth was computed and copied out
    // (the result may be a view of an input chunk)
    auto chunks = load_chunk(lanes, p, s, r0, r1, {&p.computed[s], &p.stored[s]});
    // chunk i - depth: the copy just enqueued waits for its copy out anyway, and its result is
    // freed before f allocates the next one (device memory: depth results, not depth + 1)
    retire(s);
    ndarray<O, xp::cuda> r;
    {
      xp::cuda::stream_scope scope(p.streams->compute);
      r = device_result(std::apply(f, chunks));
      check_rows(r, r1 - r0);
      if (i == 0) {
        tail.assign(r.shape().begin() + 1, r.shape().end());
        out_row = row_elements(r.shape());
        out = use_output(with_rows(pl.rows, tail));
        direct = out.is_contiguous() && is_pinned_or_managed(out.data());
        const std::size_t bytes = static_cast<std::size_t>(pl.rows_per_chunk * out_row) * sizeof(O);
        if (!direct && bytes > 0)
          for (auto& b : staging) b = acquire_staging(bytes);
      } else if (r.ndim() != tail.size() + 1 || !std::equal(tail.begin(), tail.end(), r.shape().begin() + 1)) {
        throw shape_error(std::string(fn) + ": the function returned shape " + to_string(r.shape()) +
                          " for one chunk and " + to_string(with_rows(pl.rows_per_chunk, tail)) +
                          " for the first; its result shape must depend on the rows only");
      }
      if (!r.is_contiguous()) r = r.copy();
    }
    p.computed[s].record(p.compute);
    p.computed[s].wait(p.d2h);
    const std::size_t bytes = static_cast<std::size_t>((r1 - r0) * out_row) * sizeof(O);
    if (bytes > 0) {
      void* dst = direct ? static_cast<void*>(out.data() + r0 * out_row) : staging[s].get();
      backends::cuda::copy_async(dst, r.data(), bytes, cudaMemcpyDeviceToHost, p.d2h);
    }
    p.stored[s].record(p.d2h);
    hold[s] = std::move(r);
    pending[s] = r0;
    pending_end[s] = r1;
  }
  for (index_t i = std::max<index_t>(0, pl.chunks - o.depth); i < pl.chunks; ++i) retire(static_cast<int>(i % o.depth));
  p.finish();
  return out;
}

/// chunked_reduce's combination of the per-chunk values.
template <class R>
R combine(chunk_combine how, const R* v, index_t n) {
  if (how == chunk_combine::sum) {
    if constexpr (std::is_same_v<R, bool>) {
      return std::any_of(v, v + n, [](bool b) { return b; });
    } else if constexpr (std::is_integral_v<R>) {
      using U = std::make_unsigned_t<R>;
      U acc = 0;
      for (index_t i = 0; i < n; ++i) acc = static_cast<U>(acc + static_cast<U>(v[i]));
      return static_cast<R>(acc);
    } else {  // Neumaier's compensated sum in double
      double s = 0, c = 0;
      for (index_t i = 0; i < n; ++i) {
        const double x = static_cast<double>(v[i]), t = s + x;
        c += std::abs(s) >= std::abs(x) ? (s - t) + x : (x - t) + s;
        s = t;
      }
      return static_cast<R>(std::isfinite(s) ? s + c : s);
    }
  }
  const bool smallest = how == chunk_combine::min;
  R best = v[0];
  for (index_t i = 0; i < n; ++i) {
    if constexpr (std::is_floating_point_v<R>) {
      if (std::isnan(v[i])) return v[i];
    }
    if (smallest ? v[i] < best : best < v[i]) best = v[i];
  }
  return best;
}

/// The row pipeline of chunked_reduce: each chunk's one value is copied into pinned memory on
/// the compute stream right after it is computed; the host combines them at the end.
template <class R, class F, class T0, class... T>
R run_reduce(F& f, chunk_combine how, const chunked_options& o, const ndarray<T0, host>& x0,
             const ndarray<T, host>&... xs) {
  constexpr const char* fn = "xp::chunked_reduce";
  const plan pl = make_plan(fn, o, 0, x0, xs...);
  auto check_one = [&](const auto& r) {
    if (r.size() != 1)
      throw shape_error(std::string(fn) + ": the function must return one value per chunk (a 0-d array), got shape " +
                        to_string(r.shape()));
  };
  if (pl.empty) {  // the function's own answer for empty inputs (0 for sum, an error for min)
    const auto r = as_device_array(f(ndarray<T0, xp::cuda>(x0.shape()), ndarray<T, xp::cuda>(xs.shape())...));
    check_one(r);
    return r.item();
  }
  pipeline p(o.depth);
  p.follow_caller();
  lanes_t<T0, T...> lanes{input_lane<T0>(x0), input_lane<T>(xs)...};
  {
    xp::cuda::stream_scope scope(p.streams->compute);
    allocate_lanes(lanes, pl.rows_per_chunk, o.depth);
  }
  p.publish_allocations();
  const auto partials_memory = acquire_staging(static_cast<std::size_t>(pl.chunks) * sizeof(R));
  R* partials = static_cast<R*>(partials_memory.get());
  drain_on_exit guard{p};
  for (index_t i = 0; i < pl.chunks; ++i) {
    const int s = static_cast<int>(i % o.depth);
    const index_t r0 = i * pl.rows_per_chunk, r1 = std::min(pl.rows, r0 + pl.rows_per_chunk);
    auto chunks = load_chunk(lanes, p, s, r0, r1, {&p.computed[s]});
    {
      xp::cuda::stream_scope scope(p.streams->compute);
      const auto r = as_device_array(std::apply(f, chunks));
      check_one(r);
      // on the stream that computed it, so r may be freed (there) right after
      backends::cuda::copy_async(partials + i, r.data(), sizeof(R), cudaMemcpyDeviceToHost, p.compute);
    }
    p.computed[s].record(p.compute);
  }
  p.finish();
  return combine(how, partials, pl.chunks);
}

}  // namespace detail::chunked

/// @brief Applies `f` to host arrays larger than the device by streaming them through it in
/// chunks of rows (along axis 0): `f` receives the chunks as device arrays (`const
/// xp::ndarray<T, xp::cuda>&`, one per input, the same rows of each) and returns a device array
/// or an elementwise expression whose axis 0 is those rows; the results are copied back into one
/// host array of shape (rows,) + the rest of f's result shape. Elementwise functions
/// (`[](const auto& x, const auto& y) { return xp::sin(x) * y; }`) give the inputs' shape;
/// row-wise reductions (`xp::sum(x, {1})`) fewer axes. There is no NumPy/CuPy function for it
/// (Dask's `map_blocks` over row blocks is the nearest).
///
/// Copies in, the computation and copies out of consecutive chunks overlap on three streams
/// (docs/out_of_core.md). Pinned contiguous inputs (xp::empty_pinned) are read by DMA in place;
/// other inputs, non-contiguous ones included, are packed chunk by chunk into pinned staging
/// buffers on several host threads. `f` runs on xp's current stream set to the pipeline's
/// compute stream, which first waits for the caller's current stream; it must not keep the
/// chunks (their device buffers are reused). The call returns when the result is on the host.
/// @param options `{.chunk_bytes = 0 (automatic, 64 MiB or less), .depth = 2}`.
/// @throws xp::shape_error when the inputs' shapes differ (naming them), or f's result does not
///         keep the chunk's rows; xp::value_error for 0-d inputs, depth < 1 or a chunk_bytes
///         smaller than one row; xp::out_of_memory when a chunk's buffers do not fit.
template <class F, class T0, class... T>
ndarray<detail::chunked::result_value_t<F, T0, T...>, host> chunked_map(F&& f, const chunked_options& options,
                                                                        const ndarray<T0, host>& x0,
                                                                        const ndarray<T, host>&... xs) {
  using R = detail::chunked::result_value_t<F, T0, T...>;
  return detail::chunked::run_map<R>(f, options, std::nullopt, x0, xs...);
}

/// @brief chunked_map into an existing host array `out` (`xp::out(y)`), of the result's shape;
/// f's result is converted to its dtype. A pinned contiguous `out` receives the chunks by DMA;
/// `out` may be an input itself (in place). Returns `out`.
/// @throws as chunked_map; xp::shape_error when `out` has another shape; xp::value_error when it
///         is read-only.
template <class F, class O, class T0, class... T>
ndarray<O, host> chunked_map(F&& f, const chunked_options& options, const out_t<ndarray<O, host>>& out,
                             const ndarray<T0, host>& x0, const ndarray<T, host>&... xs) {
  const ndarray<O, host>& o = std::get<0>(out.arrays);
  detail::check_writeable(o);
  // writing a row may not change a row that a later chunk reads: only the very same layout is safe
  const bool overlaps = (detail::output_overlaps(x0, o, true) || ... || detail::output_overlaps(xs, o, true));
  if (overlaps) {
    detail::assign(o, detail::chunked::run_map<O>(f, options, std::nullopt, x0, xs...));
    return o;
  }
  return detail::chunked::run_map<O>(f, options, o, x0, xs...);
}

/// @brief Reduces host arrays larger than the device chunk by chunk: `f` maps the device chunks
/// (as in chunked_map) to one value, a 0-d device array (`[](const auto& x) { return
/// xp::sum(x * x); }`), and the values are combined on the host by `combine`. Floats are added
/// in double, so the result is as accurate as f's per-chunk reduction. For inputs without
/// elements f runs once on them, and its value is the result (0 for a sum; np.min's error for a
/// min). Returns the value (of f's dtype).
/// @throws as chunked_map; xp::shape_error when f returns more than one value.
template <class F, class T0, class... T>
detail::chunked::result_value_t<F, T0, T...> chunked_reduce(F&& f, chunk_combine combine,
                                                            const chunked_options& options, const ndarray<T0, host>& x0,
                                                            const ndarray<T, host>&... xs) {
  using R = detail::chunked::result_value_t<F, T0, T...>;
  return detail::chunked::run_reduce<R>(f, combine, options, x0, xs...);
}

/// @brief np.sum(x) of a host array streamed through the device (chunked_reduce of xp::sum):
/// integers and bool in int64, floats in their dtype per chunk, combined in double.
/// @throws as chunked_reduce.
template <class T>
auto chunked_sum(const ndarray<T, host>& x, const chunked_options& options = {}) {
  return chunked_reduce([](const ndarray<T, xp::cuda>& c) { return xp::sum(c); }, chunk_combine::sum, options, x);
}

/// @brief np.min(x) of a host array streamed through the device; NaN propagates.
/// @throws as chunked_reduce; xp::value_error for an empty x.
template <class T>
T chunked_min(const ndarray<T, host>& x, const chunked_options& options = {}) {
  return chunked_reduce([](const ndarray<T, xp::cuda>& c) { return xp::min(c); }, chunk_combine::min, options, x);
}

/// @brief np.max(x) of a host array streamed through the device; NaN propagates.
/// @throws as chunked_reduce; xp::value_error for an empty x.
template <class T>
T chunked_max(const ndarray<T, host>& x, const chunked_options& options = {}) {
  return chunked_reduce([](const ndarray<T, xp::cuda>& c) { return xp::max(c); }, chunk_combine::max, options, x);
}

}  // namespace xp
