#pragma once
/// @file cuda/memory_resource.hpp
/// @brief Where xp's device memory comes from, and how much of it xp keeps: the memory-resource
/// interface (RMM's `device_memory_resource`, `std::pmr::memory_resource` with a stream),
/// xp's default stream-ordered pool with CuPy's controls (`cupy.get_default_memory_pool()`),
/// the pinned host pool (`cupy.get_default_pinned_memory_pool()`), and adaptors that limit,
/// count or log what passes through them. Included by <xp/cuda.hpp>; link xp::cuda.
///
///     auto& pool = xp::cuda::get_default_memory_pool();
///     pool.set_limit(8ull << 30);            // allocations past 8 GiB throw xp::out_of_memory
///     ... pool.used_bytes(), pool.total_bytes(), pool.high_water_bytes() ...
///     pool.free_all_blocks();                // give what no array uses back to the driver
///
/// docs/memory.md explains the default release threshold, the limits and how to plug in RMM.

#include <cuda_runtime_api.h>

#include <concepts>
#include <cstddef>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <new>

#include "xp/core/backend.hpp"
#include "xp/core/error.hpp"
#include "xp/cuda/api.hpp"

namespace xp {

/// @brief The interface every source of device memory implements (RMM's
/// `device_memory_resource`): allocation and deallocation ordered on a stream. xp asks the
/// current device's resource for every device buffer and gives the buffer back on the stream
/// it was allocated on, with the same size.
class cuda::memory_resource {
 public:
  virtual ~memory_resource() = default;
  /// @brief `bytes` (> 0) of device memory, usable by work enqueued on `stream` from now on.
  /// @throws xp::out_of_memory when the memory cannot be had.
  void* allocate(std::size_t bytes, cudaStream_t stream) { return do_allocate(bytes, stream); }
  /// @brief Gives back `p` (from allocate with the same `bytes`) once the work enqueued on
  /// `stream` so far is done with it.
  void deallocate(void* p, std::size_t bytes, cudaStream_t stream) noexcept { do_deallocate(p, bytes, stream); }

 private:
  virtual void* do_allocate(std::size_t bytes, cudaStream_t stream) = 0;
  virtual void do_deallocate(void* p, std::size_t bytes, cudaStream_t stream) noexcept = 0;
};

/// @brief xp's default device memory: one stream-ordered pool per device (cudaMallocAsync from
/// a cudaMemPool of xp's own), with CuPy's `MemoryPool` controls. Freed memory stays in the pool
/// up to the release threshold and is reused at once; what is above it goes back to the driver
/// at the next synchronisation, so that an idle process does not starve others.
class cuda::memory_pool final : public memory_resource {
 public:
  /// @brief The pool of `device` (created on first use). Use get_default_memory_pool().
  explicit memory_pool(int device);
  ~memory_pool() override;
  memory_pool(const memory_pool&) = delete;
  memory_pool& operator=(const memory_pool&) = delete;

  /// @brief Bytes in arrays that are alive (cupy MemoryPool.used_bytes).
  std::size_t used_bytes() const noexcept;
  /// @brief Bytes the pool holds from the driver, used or free (cupy MemoryPool.total_bytes).
  std::size_t total_bytes() const;
  /// @brief total_bytes() - used_bytes(): held, ready for reuse (cupy MemoryPool.free_bytes).
  std::size_t free_bytes() const;
  /// @brief The most used_bytes() seen since creation or reset_high_water().
  std::size_t high_water_bytes() const noexcept;
  void reset_high_water() noexcept;
  /// @brief Waits for the device, then returns every byte no array uses to the driver
  /// (cupy MemoryPool.free_all_blocks).
  /// @throws xp::cuda_error when waiting reports an earlier error.
  void free_all_blocks();
  /// @brief Same as free_all_blocks().
  void release() { free_all_blocks(); }

  /// @brief At most `bytes` in use at once; an allocation past it throws xp::out_of_memory
  /// naming the limit. 0 removes the limit (cupy MemoryPool.set_limit(size=...)).
  /// @throws xp::value_error when more than `bytes` is in use now.
  void set_limit(std::size_t bytes);
  /// @brief The limit as a fraction of the device's memory (cupy set_limit(fraction=...)).
  /// @throws xp::value_error outside [0, 1], or when more is in use now.
  void set_limit_fraction(double fraction);
  /// @brief The limit in bytes; 0 when there is none (cupy MemoryPool.get_limit).
  std::size_t limit() const noexcept;

  /// @brief Bytes the pool keeps after a synchronisation when they are free (default: an
  /// eighth of the device's memory; see docs/memory.md).
  std::size_t release_threshold() const;
  /// @brief Sets the release threshold (cudaMemPoolAttrReleaseThreshold). 0 gives every free
  /// byte back at each synchronisation; SIZE_MAX keeps everything, as CuPy does.
  void set_release_threshold(std::size_t bytes);

  int device() const noexcept;
  /// @brief The underlying cudaMemPool_t (for cudaMallocFromPoolAsync by other code).
  cudaMemPool_t native_handle() const noexcept;

  struct state;  ///< defined in backends/cuda/memory_pool.cpp

 private:
  void* do_allocate(std::size_t bytes, cudaStream_t stream) override;
  void do_deallocate(void* p, std::size_t bytes, cudaStream_t stream) noexcept override;
  std::unique_ptr<state> m;
};

/// @brief Page-locked host memory for transfers (cupy's PinnedMemoryPool): blocks freed are kept
/// by size and handed out again, because cudaHostAlloc costs milliseconds. xp::empty_pinned and
/// the staging buffers of xp's transfers come from here.
class cuda::pinned_memory_pool {
 public:
  pinned_memory_pool();
  ~pinned_memory_pool();
  pinned_memory_pool(const pinned_memory_pool&) = delete;
  pinned_memory_pool& operator=(const pinned_memory_pool&) = delete;

  /// @brief `bytes` of pinned memory; the buffer returns to the pool when the last owner drops it.
  /// @throws xp::out_of_memory when cudaHostAlloc fails or the limit would be passed.
  std::shared_ptr<void> allocate(std::size_t bytes);
  std::size_t used_bytes() const noexcept;
  std::size_t total_bytes() const noexcept;
  std::size_t free_bytes() const noexcept;
  std::size_t high_water_bytes() const noexcept;
  void reset_high_water() noexcept;
  /// @brief Frees every cached block (cupy PinnedMemoryPool.free_all_blocks).
  void free_all_blocks();
  void release() { free_all_blocks(); }
  /// @brief At most `bytes` in use at once (0: no limit).
  /// @throws xp::value_error when more is in use now.
  void set_limit(std::size_t bytes);
  std::size_t limit() const noexcept;

  struct state;

 private:
  std::shared_ptr<state> m;  // shared with the deleters of the buffers it handed out
};

// ---- adaptors ---------------------------------------------------------------------------------

/// @brief Passes allocations to `upstream` while fewer than `limit` bytes are in use through
/// it; past that throws xp::out_of_memory naming the limit (RMM's limiting_resource_adaptor).
class cuda::limiting_resource_adaptor final : public memory_resource {
 public:
  /// @throws xp::value_error for a null upstream.
  limiting_resource_adaptor(std::shared_ptr<memory_resource> upstream, std::size_t limit);
  std::size_t used_bytes() const noexcept;
  std::size_t limit() const noexcept { return m_limit; }
  const std::shared_ptr<memory_resource>& upstream() const noexcept { return m_upstream; }

 private:
  void* do_allocate(std::size_t bytes, cudaStream_t stream) override;
  void do_deallocate(void* p, std::size_t bytes, cudaStream_t stream) noexcept override;
  std::shared_ptr<memory_resource> m_upstream;
  std::size_t m_limit;
  mutable std::mutex m_mutex;
  std::size_t m_used = 0;
};

/// @brief Counts what passes through to `upstream` (RMM's statistics_resource_adaptor).
class cuda::statistics_resource_adaptor final : public memory_resource {
 public:
  struct counters {
    std::size_t current_bytes = 0;  ///< allocated and not yet deallocated
    std::size_t peak_bytes = 0;     ///< the most current_bytes seen
    std::size_t total_bytes = 0;    ///< everything ever allocated
    std::size_t current_allocations = 0;
    std::size_t total_allocations = 0;
  };
  /// @throws xp::value_error for a null upstream.
  explicit statistics_resource_adaptor(std::shared_ptr<memory_resource> upstream);
  counters statistics() const;
  const std::shared_ptr<memory_resource>& upstream() const noexcept { return m_upstream; }

 private:
  void* do_allocate(std::size_t bytes, cudaStream_t stream) override;
  void do_deallocate(void* p, std::size_t bytes, cudaStream_t stream) noexcept override;
  std::shared_ptr<memory_resource> m_upstream;
  mutable std::mutex m_mutex;
  counters m_counters;
};

/// @brief Writes one CSV line per call to `out` (`allocate,<ptr>,<bytes>,<stream>` and
/// `deallocate,...`; failed allocations as `allocate-failed,,<bytes>,<stream>`) and passes it
/// on to `upstream` (RMM's logging_resource_adaptor). `out` must outlive the adaptor.
class cuda::logging_resource_adaptor final : public memory_resource {
 public:
  /// @throws xp::value_error for a null upstream.
  logging_resource_adaptor(std::shared_ptr<memory_resource> upstream, std::ostream& out);
  const std::shared_ptr<memory_resource>& upstream() const noexcept { return m_upstream; }

 private:
  void* do_allocate(std::size_t bytes, cudaStream_t stream) override;
  void do_deallocate(void* p, std::size_t bytes, cudaStream_t stream) noexcept override;
  std::shared_ptr<memory_resource> m_upstream;
  std::ostream* m_out;
  std::mutex m_mutex;
};

/// @brief Adapts any object with RMM's member functions `allocate(bytes, stream)` and
/// `deallocate(p, bytes, stream)` — an `rmm::mr::device_memory_resource*`, for one — to xp's
/// interface, without xp depending on it. The object must outlive the adaptor.
///
///     auto* rmm_mr = rmm::mr::get_current_device_resource();
///     xp::cuda::set_memory_resource(std::make_shared<xp::cuda::foreign_resource<rmm::mr::device_memory_resource>>(rmm_mr));
template <class Resource>
class cuda::foreign_resource final : public memory_resource {
  static_assert(
      requires(Resource & r, void* p, std::size_t n, cudaStream_t s) {
        { r.allocate(n, s) } -> std::convertible_to<void*>;
        r.deallocate(p, n, s);
      },
      "xp::cuda::foreign_resource<R>: R needs allocate(bytes, stream) -> void* and deallocate(p, bytes, stream)");

 public:
  explicit foreign_resource(Resource* resource) : m_resource(resource) {}

 private:
  void* do_allocate(std::size_t bytes, cudaStream_t stream) override {
    try {
      return m_resource->allocate(bytes, stream);
    } catch (const std::bad_alloc&) {  // rmm::bad_alloc and rmm::out_of_memory derive from it
      throw out_of_memory(bytes, 0, "the foreign memory resource");
    }
  }
  void do_deallocate(void* p, std::size_t bytes, cudaStream_t stream) noexcept override {
    m_resource->deallocate(p, bytes, stream);
  }
  Resource* m_resource;
};

}  // namespace xp
