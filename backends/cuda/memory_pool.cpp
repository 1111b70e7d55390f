// Device and pinned memory: xp's stream-ordered pool per device, the registry of installed
// memory resources, the small-block cache in front of them, the pinned host pool and the
// adaptors (include/xp/cuda/memory_resource.hpp). docs/memory.md explains the choices.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/runtime.hpp"
#include "xp/cuda/memory_resource.hpp"

namespace xp {
namespace backends::cuda {
void run_preloaders() noexcept;  // runtime.cpp
}  // namespace backends::cuda

namespace {

// An eighth of the device: measured on an H100 (2026-11-24, docs/memory.md), taking memory back
// from the driver costs ~14 us per allocation of any size while the pool holds it, and 0.7 ms
// (256 MiB) to 10 ms (2 GiB) when it must be mapped again. Keeping an eighth keeps working sets
// of a few GiB at the fast rate, while an idle process leaves seven eighths to others.
constexpr std::size_t default_threshold_divisor = 8;
// A free this large on an idle stream synchronises that stream at once, so the pool gives back
// what is above the threshold now instead of at the process's next synchronisation, which an
// idle process may never reach. Smaller frees are left alone: checking costs a driver call.
constexpr std::size_t idle_trim_bytes = std::size_t{64} << 20;

std::string bytes_text(std::size_t n) { return std::to_string(n) + " bytes"; }

// XP_GPU_MEMORY_LIMIT (like CUPY_GPU_MEMORY_LIMIT): a byte count, or a percentage of the
// device ("50%"). Unset or unreadable: no limit.
std::size_t limit_from_environment(std::size_t total) {
  const char* v = std::getenv("XP_GPU_MEMORY_LIMIT");
  if (!v || !*v) return 0;
  char* end = nullptr;
  const double x = std::strtod(v, &end);
  if (end == v || x <= 0) return 0;
  if (*end == '%') return static_cast<std::size_t>(static_cast<double>(total) * std::min(x, 100.0) / 100.0);
  return static_cast<std::size_t>(x);
}

void add_to_high_water(std::atomic<std::size_t>& high, std::size_t now) noexcept {
  std::size_t seen = high.load(std::memory_order_relaxed);
  while (now > seen && !high.compare_exchange_weak(seen, now, std::memory_order_relaxed)) {}
}

}  // namespace

// ---- the device pool --------------------------------------------------------------------------

struct cuda::memory_pool::state {
  int device = 0;
  cudaMemPool_t pool = nullptr;
  std::size_t device_bytes = 0;
  std::atomic<std::size_t> used{0};
  std::atomic<std::size_t> high{0};
  std::atomic<std::size_t> limit{0};
};

namespace backends::cuda {
void clear_small_blocks() noexcept;  // below
}  // namespace backends::cuda

cuda::memory_pool::memory_pool(int device) : m(std::make_unique<state>()) {
  m->device = device;
  xp::cuda::device_scope on(device, std::nothrow);
  std::size_t free_now = 0;
  XP_CUDA_CHECK(cudaMemGetInfo(&free_now, &m->device_bytes));
  // A pool of xp's own, not the device's default one: its statistics and threshold are xp's
  // alone, and other code in the process that uses cudaMallocAsync is not affected.
  cudaMemPoolProps props{};
  props.allocType = cudaMemAllocationTypePinned;
  props.handleTypes = cudaMemHandleTypeNone;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = device;
  XP_CUDA_CHECK(cudaMemPoolCreate(&m->pool, &props));
  std::uint64_t threshold = m->device_bytes / default_threshold_divisor;
  XP_CUDA_CHECK(cudaMemPoolSetAttribute(m->pool, cudaMemPoolAttrReleaseThreshold, &threshold));
  m->limit = limit_from_environment(m->device_bytes);
}

cuda::memory_pool::~memory_pool() {
  if (m && m->pool) (void)cudaMemPoolDestroy(m->pool);
}

void* cuda::memory_pool::do_allocate(std::size_t bytes, cudaStream_t stream) {
  const std::size_t limit = m->limit.load(std::memory_order_relaxed);
  const std::size_t before = m->used.fetch_add(bytes, std::memory_order_relaxed);
  if (limit != 0 && before + bytes > limit) {
    m->used.fetch_sub(bytes, std::memory_order_relaxed);
    throw out_of_memory(bytes, before < limit ? limit - before : 0,
                        "the xp memory pool of device " + std::to_string(m->device) + " (its limit is " +
                            bytes_text(limit) + ", set_limit)");
  }
  add_to_high_water(m->high, before + bytes);
  xp::cuda::device_scope on(m->device, std::nothrow);
  void* p = nullptr;
  cudaError_t e = cudaMallocFromPoolAsync(&p, bytes, m->pool, stream);
  if (e == cudaErrorMemoryAllocation) {
    (void)cudaGetLastError();
    // Memory held for reuse may be what is missing: wait for pending frees, trim, retry.
    backends::cuda::clear_small_blocks();
    e = cudaDeviceSynchronize();
    if (e == cudaSuccess) e = cudaMemPoolTrimTo(m->pool, 0);
    if (e == cudaSuccess) e = cudaMallocFromPoolAsync(&p, bytes, m->pool, stream);
    if (e == cudaErrorMemoryAllocation) {
      (void)cudaGetLastError();
      m->used.fetch_sub(bytes, std::memory_order_relaxed);
      std::size_t free_bytes = 0, total = 0;
      (void)cudaMemGetInfo(&free_bytes, &total);
      throw out_of_memory(bytes, free_bytes, "cudaMallocAsync on device " + std::to_string(m->device));
    }
  }
  if (e != cudaSuccess) {
    m->used.fetch_sub(bytes, std::memory_order_relaxed);
    XP_CUDA_CHECK(e);
  }
  return p;
}

void cuda::memory_pool::do_deallocate(void* p, std::size_t bytes, cudaStream_t stream) noexcept {
  xp::cuda::device_scope on(m->device, std::nothrow);  // the legacy stream of the pool's device, when `stream` is null
  (void)cudaFreeAsync(p, stream);
  m->used.fetch_sub(bytes, std::memory_order_relaxed);
  if (bytes >= idle_trim_bytes && cudaStreamQuery(stream) == cudaSuccess) (void)cudaStreamSynchronize(stream);
}

std::size_t cuda::memory_pool::used_bytes() const noexcept { return m->used.load(std::memory_order_relaxed); }
std::size_t cuda::memory_pool::total_bytes() const {
  std::uint64_t reserved = 0;
  XP_CUDA_CHECK(cudaMemPoolGetAttribute(m->pool, cudaMemPoolAttrReservedMemCurrent, &reserved));
  return static_cast<std::size_t>(reserved);
}
std::size_t cuda::memory_pool::free_bytes() const {
  const std::size_t total = total_bytes(), used = used_bytes();
  return total > used ? total - used : 0;
}
std::size_t cuda::memory_pool::high_water_bytes() const noexcept { return m->high.load(std::memory_order_relaxed); }
void cuda::memory_pool::reset_high_water() noexcept { m->high.store(used_bytes(), std::memory_order_relaxed); }

void cuda::memory_pool::free_all_blocks() {
  backends::cuda::clear_small_blocks();
  xp::cuda::device_scope on(m->device, std::nothrow);
  XP_CUDA_CHECK(cudaDeviceSynchronize());
  XP_CUDA_CHECK(cudaMemPoolTrimTo(m->pool, 0));
}

void cuda::memory_pool::set_limit(std::size_t bytes) {
  const std::size_t used = used_bytes();
  if (bytes != 0 && bytes < used)
    throw value_error("xp::cuda::memory_pool::set_limit: the limit of " + bytes_text(bytes) + " is below the " +
                      bytes_text(used) + " in use on device " + std::to_string(m->device));
  m->limit.store(bytes, std::memory_order_relaxed);
}
void cuda::memory_pool::set_limit_fraction(double fraction) {
  if (!(fraction >= 0.0 && fraction <= 1.0))
    throw value_error("xp::cuda::memory_pool::set_limit_fraction: " + std::to_string(fraction) +
                      " is not a fraction in [0, 1]");
  set_limit(static_cast<std::size_t>(static_cast<double>(m->device_bytes) * fraction));
}
std::size_t cuda::memory_pool::limit() const noexcept { return m->limit.load(std::memory_order_relaxed); }

std::size_t cuda::memory_pool::release_threshold() const {
  std::uint64_t v = 0;
  XP_CUDA_CHECK(cudaMemPoolGetAttribute(m->pool, cudaMemPoolAttrReleaseThreshold, &v));
  return static_cast<std::size_t>(v);
}
void cuda::memory_pool::set_release_threshold(std::size_t bytes) {
  std::uint64_t v = bytes;
  XP_CUDA_CHECK(cudaMemPoolSetAttribute(m->pool, cudaMemPoolAttrReleaseThreshold, &v));
}
int cuda::memory_pool::device() const noexcept { return m->device; }
cudaMemPool_t cuda::memory_pool::native_handle() const noexcept { return m->pool; }

// ---- the registry: the resource of each device ---------------------------------------------------

namespace {
struct device_slot {
  cuda::memory_pool* pool = nullptr;                // created at first use, never destroyed
  std::shared_ptr<cuda::memory_resource> resource;  // null: the pool
  bool set_up = false;                              // preloaders have run
};
struct registry_t {
  std::mutex mutex;
  std::vector<device_slot> devices;
  std::atomic<unsigned> generation{1};  // changes with every set_memory_resource
};
// Never destroyed: buffers freed during static destruction still find their resource.
registry_t& registry() {
  static registry_t* r = new registry_t;
  return *r;
}

int resolve_device(int device, const char* who) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    (void)cudaGetLastError();
    count = 0;
  }
  if (device < 0) XP_CUDA_CHECK(cudaGetDevice(&device));
  if (device >= count)
    throw value_error(std::string(who) + ": device " + std::to_string(device) + " does not exist (" +
                      std::to_string(count) + " CUDA devices)");
  return device;
}

device_slot& slot(registry_t& r, int device) {  // r.mutex held
  if (r.devices.size() <= static_cast<std::size_t>(device)) r.devices.resize(static_cast<std::size_t>(device) + 1);
  return r.devices[static_cast<std::size_t>(device)];
}

cuda::memory_pool& pool_of(device_slot& s, int device) {  // r.mutex held
  if (!s.pool) s.pool = new cuda::memory_pool(device);
  return *s.pool;
}

std::shared_ptr<cuda::memory_resource> not_owned(cuda::memory_pool& pool) {
  return std::shared_ptr<cuda::memory_resource>(std::shared_ptr<void>{}, &pool);
}

// The resource xp allocates from on `device`; the first call for a device also runs the kernel
// preloaders there (best effort: a failure leaves the kernels to load at first use).
std::shared_ptr<cuda::memory_resource> resource_for(int device) {
  registry_t& r = registry();
  thread_local int cached_device = -1;
  thread_local unsigned cached_generation = 0;
  thread_local std::shared_ptr<cuda::memory_resource> cached;
  const unsigned generation = r.generation.load(std::memory_order_acquire);
  if (cached_device == device && cached_generation == generation) return cached;
  bool preload = false;
  std::shared_ptr<cuda::memory_resource> result;
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    device_slot& s = slot(r, device);
    result = s.resource ? s.resource : not_owned(pool_of(s, device));
    preload = !s.set_up;
    s.set_up = true;
  }
  // before the first allocation on the device, while memory is still to be had
  if (preload) backends::cuda::run_preloaders();
  cached_device = device;
  cached_generation = generation;
  cached = result;
  return result;
}
}  // namespace

cuda::memory_pool& backends::cuda::get_default_memory_pool_body(int device) {
  device = resolve_device(device, "xp::cuda::get_default_memory_pool");
  registry_t& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  return pool_of(slot(r, device), device);
}

void backends::cuda::set_memory_resource_body(std::shared_ptr<xp::cuda::memory_resource> resource, int device) {
  device = resolve_device(device, "xp::cuda::set_memory_resource");
  registry_t& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  slot(r, device).resource = std::move(resource);
  r.generation.fetch_add(1, std::memory_order_acq_rel);
}

std::shared_ptr<cuda::memory_resource> backends::cuda::get_memory_resource_body(int device) {
  device = resolve_device(device, "xp::cuda::get_memory_resource");
  registry_t& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  device_slot& s = slot(r, device);
  return s.resource ? s.resource : not_owned(pool_of(s, device));
}

// ---- the small-block cache and xp's allocation primitive ---------------------------------------

namespace backends::cuda {
namespace {
// Small buffers (0-d results, reduction outputs, scalars) are kept by the host when freed and
// handed back to the next request of the same size class on the same device, stream and resource.
// Work on one stream runs in order, so a buffer freed there may be reused there at once; this
// spares the two driver calls (allocation and free, about 1 us together) that otherwise
// dominate small operations. Bounded; emptied by free_all_blocks and when memory runs out. The
// blocks it keeps count as used by the resource they came from.
class small_block_cache {
 public:
  static constexpr std::size_t largest = 4096;
  static constexpr std::size_t capacity = 64;  // at most 64 x 4 KiB = 256 KiB held
  static std::size_t class_bytes(std::size_t bytes) {
    std::size_t c = 256;
    while (c < bytes) c *= 2;
    return c;
  }
  struct block {
    std::shared_ptr<xp::cuda::memory_resource> resource;
    int device = -1;
    std::shared_ptr<CUstream_st> stream;  // keeps the stream alive while the block waits here
    std::size_t bytes = 0;
    void* ptr = nullptr;
  };
  void* take(const xp::cuda::memory_resource* resource, int device, cudaStream_t stream, std::size_t cls) {
    std::lock_guard<std::mutex> lock(m_mutex);
    for (std::size_t i = m_blocks.size(); i-- > 0;) {
      block& b = m_blocks[i];
      if (b.resource.get() == resource && b.device == device && b.stream.get() == stream && b.bytes == cls) {
        void* p = b.ptr;
        m_blocks.erase(m_blocks.begin() + static_cast<std::ptrdiff_t>(i));
        return p;
      }
    }
    return nullptr;
  }
  void give(block b) noexcept {
    block evicted;
    try {
      std::lock_guard<std::mutex> lock(m_mutex);
      if (m_blocks.size() == capacity) {
        evicted = std::move(m_blocks.front());
        m_blocks.erase(m_blocks.begin());
      }
      m_blocks.push_back(std::move(b));
    } catch (...) {
      evicted = std::move(b);
    }
    if (evicted.ptr) release(evicted);
  }
  void clear() noexcept {
    std::vector<block> all;
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      all.swap(m_blocks);
    }
    for (block& b : all) release(b);
  }

 private:
  static void release(block& b) noexcept { b.resource->deallocate(b.ptr, b.bytes, b.stream.get()); }
  std::mutex m_mutex;
  std::vector<block> m_blocks;
};

// Never destroyed: at exit the driver reclaims the memory, and freeing after the context is
// gone would fail.
small_block_cache& small_blocks() {
  static small_block_cache* cache = new small_block_cache;
  return *cache;
}
}  // namespace

void clear_small_blocks() noexcept { small_blocks().clear(); }

}  // namespace backends::cuda

std::shared_ptr<void> primitive::memory<cuda>::allocate(std::size_t bytes) {
  using backends::cuda::small_block_cache;
  if (bytes == 0) return {};
  std::shared_ptr<CUstream_st> stream = backends::cuda::current_stream_handle();
  int device = 0;
  XP_CUDA_CHECK(cudaGetDevice(&device));
  std::shared_ptr<cuda::memory_resource> resource = resource_for(device);
  if (bytes <= small_block_cache::largest) {
    bytes = small_block_cache::class_bytes(bytes);
    void* p = backends::cuda::small_blocks().take(resource.get(), device, stream.get(), bytes);
    if (!p) p = resource->allocate(bytes, stream.get());
    return std::shared_ptr<void>(p, [resource, device, stream, bytes](void* q) mutable {
      backends::cuda::small_blocks().give({std::move(resource), device, std::move(stream), bytes, q});
    });
  }
  void* p = resource->allocate(bytes, stream.get());
  // The deleter holds the stream, so the stream outlives every buffer allocated on it, and the
  // resource, so the buffer goes back where it came from after another one is installed.
  return std::shared_ptr<void>(
      p, [resource = std::move(resource), stream, bytes](void* q) { resource->deallocate(q, bytes, stream.get()); });
}

// ---- the pinned host pool -------------------------------------------------------------------------

struct cuda::pinned_memory_pool::state {
  std::mutex mutex;
  std::multimap<std::size_t, void*> free_blocks;  // by size
  std::size_t used = 0, total = 0, high = 0, limit = 0;

  void give_back(void* p, std::size_t bytes) noexcept {
    try {
      std::lock_guard<std::mutex> lock(mutex);
      free_blocks.emplace(bytes, p);
      used -= bytes;
    } catch (...) {  // no room to remember it: free it
      (void)cudaFreeHost(p);
      std::lock_guard<std::mutex> lock(mutex);
      used -= bytes;
      total -= bytes;
    }
  }
  void free_cached() noexcept {  // mutex held
    for (auto& [bytes, p] : free_blocks) {
      (void)cudaFreeHost(p);
      total -= bytes;
    }
    free_blocks.clear();
  }
};

namespace {
// Pinned blocks are handed out in multiples of a page, so that sizes that differ a little share
// cached blocks.
constexpr std::size_t pinned_granule = 4096;
}  // namespace

cuda::pinned_memory_pool::pinned_memory_pool() : m(std::make_shared<state>()) {}
cuda::pinned_memory_pool::~pinned_memory_pool() {
  std::lock_guard<std::mutex> lock(m->mutex);
  m->free_cached();
}

std::shared_ptr<void> cuda::pinned_memory_pool::allocate(std::size_t bytes) {
  if (bytes == 0) return {};
  const std::size_t rounded = (bytes + pinned_granule - 1) / pinned_granule * pinned_granule;
  void* p = nullptr;
  {
    std::lock_guard<std::mutex> lock(m->mutex);
    if (m->limit != 0 && m->used + rounded > m->limit)
      throw out_of_memory(bytes, m->limit - m->used,
                          "the xp pinned memory pool (its limit is " + bytes_text(m->limit) + ", set_limit)");
    auto it = m->free_blocks.find(rounded);
    if (it != m->free_blocks.end()) {
      p = it->second;
      m->free_blocks.erase(it);
    } else {
      cudaError_t e = cudaHostAlloc(&p, rounded, cudaHostAllocPortable);
      if (e == cudaErrorMemoryAllocation) {
        (void)cudaGetLastError();
        m->free_cached();
        e = cudaHostAlloc(&p, rounded, cudaHostAllocPortable);
        if (e == cudaErrorMemoryAllocation) {
          (void)cudaGetLastError();
          throw out_of_memory(bytes, 0, "cudaHostAlloc (pinned host memory)");
        }
      }
      XP_CUDA_CHECK(e);
      m->total += rounded;
    }
    m->used += rounded;
    m->high = std::max(m->high, m->used);
  }
  return std::shared_ptr<void>(p, [s = m, rounded](void* q) { s->give_back(q, rounded); });
}

std::size_t cuda::pinned_memory_pool::used_bytes() const noexcept {
  std::lock_guard<std::mutex> lock(m->mutex);
  return m->used;
}
std::size_t cuda::pinned_memory_pool::total_bytes() const noexcept {
  std::lock_guard<std::mutex> lock(m->mutex);
  return m->total;
}
std::size_t cuda::pinned_memory_pool::free_bytes() const noexcept {
  std::lock_guard<std::mutex> lock(m->mutex);
  return m->total - m->used;
}
std::size_t cuda::pinned_memory_pool::high_water_bytes() const noexcept {
  std::lock_guard<std::mutex> lock(m->mutex);
  return m->high;
}
void cuda::pinned_memory_pool::reset_high_water() noexcept {
  std::lock_guard<std::mutex> lock(m->mutex);
  m->high = m->used;
}
void cuda::pinned_memory_pool::free_all_blocks() {
  std::lock_guard<std::mutex> lock(m->mutex);
  m->free_cached();
}
void cuda::pinned_memory_pool::set_limit(std::size_t bytes) {
  std::lock_guard<std::mutex> lock(m->mutex);
  if (bytes != 0 && bytes < m->used)
    throw value_error("xp::cuda::pinned_memory_pool::set_limit: the limit of " + bytes_text(bytes) + " is below the " +
                      bytes_text(m->used) + " in use");
  m->limit = bytes;
}
std::size_t cuda::pinned_memory_pool::limit() const noexcept {
  std::lock_guard<std::mutex> lock(m->mutex);
  return m->limit;
}

cuda::pinned_memory_pool& backends::cuda::get_pinned_memory_pool_body() {
  static xp::cuda::pinned_memory_pool* pool = new xp::cuda::pinned_memory_pool;  // never destroyed, as the device pools
  return *pool;
}

namespace backends::cuda {
std::shared_ptr<void> allocate_pinned(std::size_t bytes) { return xp::cuda::get_pinned_memory_pool().allocate(bytes); }
}  // namespace backends::cuda

// ---- adaptors -------------------------------------------------------------------------------------

namespace {
std::shared_ptr<cuda::memory_resource> checked_upstream(std::shared_ptr<cuda::memory_resource> upstream,
                                                        const char* who) {
  if (!upstream) throw value_error(std::string(who) + ": the upstream resource is null");
  return upstream;
}
}  // namespace

cuda::limiting_resource_adaptor::limiting_resource_adaptor(std::shared_ptr<memory_resource> upstream, std::size_t limit)
    : m_upstream(checked_upstream(std::move(upstream), "xp::cuda::limiting_resource_adaptor")), m_limit(limit) {}

std::size_t cuda::limiting_resource_adaptor::used_bytes() const noexcept {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_used;
}

void* cuda::limiting_resource_adaptor::do_allocate(std::size_t bytes, cudaStream_t stream) {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_used + bytes > m_limit)
      throw out_of_memory(bytes, m_limit > m_used ? m_limit - m_used : 0,
                          "xp::cuda::limiting_resource_adaptor (its limit is " + bytes_text(m_limit) + ")");
    m_used += bytes;
  }
  try {
    return m_upstream->allocate(bytes, stream);
  } catch (...) {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_used -= bytes;
    throw;
  }
}

void cuda::limiting_resource_adaptor::do_deallocate(void* p, std::size_t bytes, cudaStream_t stream) noexcept {
  m_upstream->deallocate(p, bytes, stream);
  std::lock_guard<std::mutex> lock(m_mutex);
  m_used -= bytes;
}

cuda::statistics_resource_adaptor::statistics_resource_adaptor(std::shared_ptr<memory_resource> upstream)
    : m_upstream(checked_upstream(std::move(upstream), "xp::cuda::statistics_resource_adaptor")) {}

cuda::statistics_resource_adaptor::counters cuda::statistics_resource_adaptor::statistics() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_counters;
}

void* cuda::statistics_resource_adaptor::do_allocate(std::size_t bytes, cudaStream_t stream) {
  void* p = m_upstream->allocate(bytes, stream);
  std::lock_guard<std::mutex> lock(m_mutex);
  m_counters.current_bytes += bytes;
  m_counters.peak_bytes = std::max(m_counters.peak_bytes, m_counters.current_bytes);
  m_counters.total_bytes += bytes;
  ++m_counters.current_allocations;
  ++m_counters.total_allocations;
  return p;
}

void cuda::statistics_resource_adaptor::do_deallocate(void* p, std::size_t bytes, cudaStream_t stream) noexcept {
  m_upstream->deallocate(p, bytes, stream);
  std::lock_guard<std::mutex> lock(m_mutex);
  m_counters.current_bytes -= bytes;
  --m_counters.current_allocations;
}

cuda::logging_resource_adaptor::logging_resource_adaptor(std::shared_ptr<memory_resource> upstream, std::ostream& out)
    : m_upstream(checked_upstream(std::move(upstream), "xp::cuda::logging_resource_adaptor")), m_out(&out) {}

void* cuda::logging_resource_adaptor::do_allocate(std::size_t bytes, cudaStream_t stream) {
  void* p = nullptr;
  try {
    p = m_upstream->allocate(bytes, stream);
  } catch (...) {
    std::lock_guard<std::mutex> lock(m_mutex);
    *m_out << "allocate-failed,," << bytes << ',' << static_cast<const void*>(stream) << '\n';
    throw;
  }
  std::lock_guard<std::mutex> lock(m_mutex);
  *m_out << "allocate," << p << ',' << bytes << ',' << static_cast<const void*>(stream) << '\n';
  return p;
}

void cuda::logging_resource_adaptor::do_deallocate(void* p, std::size_t bytes, cudaStream_t stream) noexcept {
  try {
    std::lock_guard<std::mutex> lock(m_mutex);
    *m_out << "deallocate," << p << ',' << bytes << ',' << static_cast<const void*>(stream) << '\n';
  } catch (...) {  // a failing log must not leak the memory
  }
  m_upstream->deallocate(p, bytes, stream);
}

}  // namespace xp
