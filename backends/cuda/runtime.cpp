// The host-side part of the CUDA backend: memory pool, streams, transfers, device limits and
// the kernel preloaders' registry. Plain C++ against the CUDA runtime API; kernels live in the
// .cu files beside it.

#include <cstdint>
#include <mutex>
#include <vector>

#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/runtime.hpp"

namespace xp {
namespace {
thread_local std::shared_ptr<CUstream_st> current;  // null: the legacy default stream

// The registered kernel preloaders. Filled during static initialisation (one registrar object per
// .cu file that wants it), read at each device's setup; a function-local static, so that it
// exists before the first registrar of any translation unit runs.
struct preloader_registry {
  std::mutex mutex;
  std::vector<void (*)()> loaders;
};
preloader_registry& preloaders() {
  static preloader_registry* r = new preloader_registry;  // never destroyed: used until exit
  return *r;
}

void run_preloaders() {
  std::vector<void (*)()> loaders;
  {
    std::lock_guard<std::mutex> lock(preloaders().mutex);
    loaders = preloaders().loaders;
  }
  for (void (*load)() : loaders) load();
}

std::shared_ptr<CUstream_st> make_stream(bool non_blocking) {
  cudaStream_t s = nullptr;
  XP_CUDA_CHECK(cudaStreamCreateWithFlags(&s, non_blocking ? cudaStreamNonBlocking : cudaStreamDefault));
  return std::shared_ptr<CUstream_st>(s, [](cudaStream_t q) { (void)cudaStreamDestroy(q); });
}

// Sets up each device once, at its first allocation (before any of xp's kernels can run on it):
// raises the release threshold of its default pool, so that memory freed back to the pool stays
// there for the next allocation instead of going to the driver, and runs the registered kernel
// preloaders: library kernels whose first use would otherwise pay CUDA's lazy loading (about 5 ms
// measured for the first Lomb-Scargle call on the H100).
cudaMemPool_t configured_pool(int device) {
  static std::mutex m;
  static std::vector<cudaMemPool_t> pools;
  std::lock_guard<std::mutex> lock(m);
  if (pools.size() <= static_cast<std::size_t>(device)) pools.resize(device + 1, nullptr);
  if (!pools[device]) {
    cudaMemPool_t pool = nullptr;
    XP_CUDA_CHECK(cudaDeviceGetDefaultMemPool(&pool, device));
    std::uint64_t threshold = UINT64_MAX;
    XP_CUDA_CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));
    run_preloaders();
    pools[device] = pool;
  }
  return pools[device];
}
}  // namespace

cuda::stream::stream(bool non_blocking) : m_handle(make_stream(non_blocking)) {}
void cuda::stream::synchronize() const { XP_CUDA_CHECK(cudaStreamSynchronize(m_handle.get())); }

cuda::stream_scope::stream_scope(const cuda::stream& s) : m_previous(current) { current = s.handle(); }
cuda::stream_scope::~stream_scope() { current = m_previous; }

namespace backends::cuda {

kernel_preloader::kernel_preloader(void (*load)()) noexcept {
  try {
    std::lock_guard<std::mutex> lock(preloaders().mutex);
    preloaders().loaders.push_back(load);
  } catch (...) {
    // out of memory during static initialisation: the kernels then load lazily, at first use
  }
}

device_limits current_device_limits() {
  int device = 0;
  XP_CUDA_CHECK(cudaGetDevice(&device));
  // a thread's last answer, so that a launch normally takes no lock
  thread_local int cached_device = -1;
  thread_local device_limits cached{};
  if (device == cached_device) return cached;
  static std::mutex m;
  static std::vector<device_limits> table;  // [device]; sm_count 0: not queried yet
  std::lock_guard<std::mutex> lock(m);
  if (table.size() <= static_cast<std::size_t>(device)) table.resize(static_cast<std::size_t>(device) + 1, {});
  device_limits& d = table[static_cast<std::size_t>(device)];
  if (d.sm_count == 0) {
    auto attribute = [device](cudaDeviceAttr what) {
      int v = 0;
      XP_CUDA_CHECK(cudaDeviceGetAttribute(&v, what, device));
      return v;
    };
    device_limits q{};
    q.sm_count = attribute(cudaDevAttrMultiProcessorCount);
    q.max_threads_per_sm = attribute(cudaDevAttrMaxThreadsPerMultiProcessor);
    q.resident_threads = static_cast<long long>(q.sm_count) * q.max_threads_per_sm;
    q.max_threads_per_block = attribute(cudaDevAttrMaxThreadsPerBlock);
    q.max_block[0] = attribute(cudaDevAttrMaxBlockDimX);
    q.max_block[1] = attribute(cudaDevAttrMaxBlockDimY);
    q.max_block[2] = attribute(cudaDevAttrMaxBlockDimZ);
    q.max_grid[0] = attribute(cudaDevAttrMaxGridDimX);
    q.max_grid[1] = attribute(cudaDevAttrMaxGridDimY);
    q.max_grid[2] = attribute(cudaDevAttrMaxGridDimZ);
    q.max_shared_per_block = static_cast<std::size_t>(attribute(cudaDevAttrMaxSharedMemoryPerBlock));
    q.max_shared_optin = static_cast<std::size_t>(attribute(cudaDevAttrMaxSharedMemoryPerBlockOptin));
    d = q;
  }
  cached_device = device;
  cached = d;
  return d;
}

cudaStream_t current_stream() noexcept { return current.get(); }
std::shared_ptr<CUstream_st> current_stream_handle() noexcept { return current; }

bool device_available() noexcept {
  int n = 0;
  const cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) (void)cudaGetLastError();
  return e == cudaSuccess && n > 0;
}

namespace {
// Small buffers (0-d results, reduction outputs, scalars) are kept by the host when freed and
// handed back to the next request of the same size class on the same device and stream. Work
// on one stream runs in order, so a buffer freed there may be reused there at once; this
// spares the two driver calls (cudaMallocAsync + cudaFreeAsync, about 1 us together) that
// otherwise dominate small operations. Bounded, and emptied when memory runs out.
class small_block_cache {
 public:
  static constexpr std::size_t largest = 4096;
  static constexpr std::size_t capacity = 64;
  static std::size_t class_bytes(std::size_t bytes) {
    std::size_t c = 256;
    while (c < bytes) c *= 2;
    return c;
  }
  void* take(int device, cudaStream_t stream, std::size_t cls) {
    std::lock_guard<std::mutex> lock(m_mutex);
    for (std::size_t i = m_blocks.size(); i-- > 0;) {
      block& b = m_blocks[i];
      if (b.device == device && b.stream.get() == stream && b.bytes == cls) {
        void* p = b.ptr;
        m_blocks.erase(m_blocks.begin() + static_cast<std::ptrdiff_t>(i));
        return p;
      }
    }
    return nullptr;
  }
  void give(int device, std::shared_ptr<CUstream_st> stream, std::size_t cls, void* p) {
    block evicted{};
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      if (m_blocks.size() == capacity) {
        evicted = std::move(m_blocks.front());
        m_blocks.erase(m_blocks.begin());
      }
      m_blocks.push_back(block{device, std::move(stream), cls, p});
    }
    if (evicted.ptr) release(evicted);
  }
  void clear() {
    std::vector<block> all;
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      all.swap(m_blocks);
    }
    for (block& b : all) release(b);
  }

 private:
  struct block {
    int device;
    std::shared_ptr<CUstream_st> stream;
    std::size_t bytes;
    void* ptr;
  };
  static void release(block& b) {
    int current_device = 0;
    (void)cudaGetDevice(&current_device);
    if (current_device != b.device) (void)cudaSetDevice(b.device);
    (void)cudaFreeAsync(b.ptr, b.stream.get());
    if (current_device != b.device) (void)cudaSetDevice(current_device);
  }
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

}  // namespace backends::cuda

std::shared_ptr<void> primitive::memory<cuda>::allocate(std::size_t bytes) {
  using backends::cuda::small_block_cache;
  using backends::cuda::small_blocks;
  if (bytes == 0) return {};
  std::shared_ptr<CUstream_st> stream = current;
  int device = 0;
  XP_CUDA_CHECK(cudaGetDevice(&device));
  const bool small = bytes <= small_block_cache::largest;
  if (small) {
    bytes = small_block_cache::class_bytes(bytes);
    if (void* p = small_blocks().take(device, stream.get(), bytes))
      return std::shared_ptr<void>(p,
                                   [device, stream, bytes](void* q) { small_blocks().give(device, stream, bytes, q); });
  }
  // a cached small buffer above came from this path, so the device was set up before it
  cudaMemPool_t pool = configured_pool(device);
  void* p = nullptr;
  cudaError_t e = cudaMallocAsync(&p, bytes, stream.get());
  if (e == cudaErrorMemoryAllocation) {
    (void)cudaGetLastError();
    // Memory cached in the pool may be what is missing: wait for pending frees, trim, retry.
    small_blocks().clear();
    XP_CUDA_CHECK(cudaDeviceSynchronize());
    XP_CUDA_CHECK(cudaMemPoolTrimTo(pool, 0));
    e = cudaMallocAsync(&p, bytes, stream.get());
    if (e == cudaErrorMemoryAllocation) {
      (void)cudaGetLastError();
      std::size_t free_bytes = 0, total = 0;
      XP_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total));
      throw out_of_memory(bytes, free_bytes, "cudaMallocAsync on device " + std::to_string(device));
    }
  }
  XP_CUDA_CHECK(e);
  // The deleter holds the stream, so the stream outlives every buffer allocated on it.
  if (small)
    return std::shared_ptr<void>(p,
                                 [device, stream, bytes](void* q) { small_blocks().give(device, stream, bytes, q); });
  return std::shared_ptr<void>(p, [stream](void* q) { (void)cudaFreeAsync(q, stream.get()); });
}

void primitive::memory<cuda>::upload(void* dst, const void* host_src, std::size_t bytes) {
  XP_CUDA_CHECK(cudaMemcpyAsync(dst, host_src, bytes, cudaMemcpyHostToDevice, backends::cuda::current_stream()));
  // A pinned source would still be read after return: wait, so the caller may free it.
  XP_CUDA_CHECK(cudaStreamSynchronize(backends::cuda::current_stream()));
}

void primitive::memory<cuda>::download(void* host_dst, const void* src, std::size_t bytes) {
  XP_CUDA_CHECK(cudaMemcpyAsync(host_dst, src, bytes, cudaMemcpyDeviceToHost, backends::cuda::current_stream()));
  XP_CUDA_CHECK(cudaStreamSynchronize(backends::cuda::current_stream()));
}

void primitive::memory<cuda>::synchronize() { XP_CUDA_CHECK(cudaStreamSynchronize(backends::cuda::current_stream())); }

namespace backends::cuda {

std::shared_ptr<void> allocate_pinned(std::size_t bytes) {
  if (bytes == 0) return {};
  void* p = nullptr;
  const cudaError_t e = cudaMallocHost(&p, bytes);
  if (e == cudaErrorMemoryAllocation) {
    (void)cudaGetLastError();
    throw out_of_memory(bytes, 0, "cudaMallocHost (pinned host memory)");
  }
  XP_CUDA_CHECK(e);
  return std::shared_ptr<void>(p, [](void* q) { (void)cudaFreeHost(q); });
}

// One scratch block per stream, allocated once and kept: work on one stream is ordered, so
// consecutive reductions on it can share the block, and the counter is left at zero by the
// kernel that used it.
reduction_scratch_t reduction_scratch(cudaStream_t stream) {
  static std::mutex m;
  static std::vector<std::pair<std::pair<int, cudaStream_t>, reduction_scratch_t>> table;
  int device = 0;
  XP_CUDA_CHECK(cudaGetDevice(&device));
  std::lock_guard<std::mutex> lock(m);
  for (const auto& e : table)
    if (e.first.first == device && e.first.second == stream) return e.second;
  constexpr std::size_t bytes = reduction_scratch_bytes + 256;
  void* p = nullptr;
  XP_CUDA_CHECK(cudaMalloc(&p, bytes));
  XP_CUDA_CHECK(cudaMemset(p, 0, bytes));
  reduction_scratch_t s{p, reinterpret_cast<unsigned*>(static_cast<char*>(p) + reduction_scratch_bytes)};
  table.push_back({{device, stream}, s});
  return s;
}

void copy_async(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind, cudaStream_t s) {
  XP_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, kind, s));
}

}  // namespace backends::cuda
}  // namespace xp

namespace xp {
void cuda::synchronize() { primitive::memory<cuda>::synchronize(); }

namespace backends::cuda {
namespace {

int count_devices() noexcept {
  int n = 0;
  const cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return n;
}

xp::cuda::device_info query_device(int device) {
  cudaDeviceProp p{};
  XP_CUDA_CHECK(cudaGetDeviceProperties(&p, device));
  auto attribute = [device](cudaDeviceAttr what) {
    int v = 0;
    XP_CUDA_CHECK(cudaDeviceGetAttribute(&v, what, device));
    return v;
  };
  xp::cuda::device_info d;
  d.index = device;
  d.name = p.name;
  d.major = p.major;
  d.minor = p.minor;
  d.multiprocessor_count = p.multiProcessorCount;
  d.total_memory_bytes = p.totalGlobalMem;
  // the clocks left cudaDeviceProp in CUDA 13; the attributes have them on every version
  d.memory_clock_khz = attribute(cudaDevAttrMemoryClockRate);
  d.memory_bus_width_bits = p.memoryBusWidth;
  d.clock_khz = attribute(cudaDevAttrClockRate);
  d.warp_size = p.warpSize;
  d.max_threads_per_block = p.maxThreadsPerBlock;
  d.max_threads_per_multiprocessor = p.maxThreadsPerMultiProcessor;
  for (int k = 0; k < 3; ++k) {
    d.max_block_dims[k] = p.maxThreadsDim[k];
    d.max_grid_dims[k] = p.maxGridSize[k];
  }
  d.registers_per_block = p.regsPerBlock;
  d.shared_memory_per_block = p.sharedMemPerBlock;
  d.shared_memory_per_block_optin = p.sharedMemPerBlockOptin;
  d.shared_memory_per_multiprocessor = p.sharedMemPerMultiprocessor;
  d.l2_cache_bytes = p.l2CacheSize;
  return d;
}

xp::cuda::memory_info query_memory() {
  xp::cuda::memory_info m;
  XP_CUDA_CHECK(cudaMemGetInfo(&m.free_bytes, &m.total_bytes));
  return m;
}

}  // namespace
}  // namespace backends::cuda
}  // namespace xp

// The strong definition that libxp's weak reference finds (src/cuda_queries.cpp). xp::cuda's
// CMake target links with --undefined=xp_cuda_runtime_hooks, so this object file is part of
// every program that links xp::cuda, even one that calls nothing else of the library.
extern "C" const xp::backends::cuda::runtime_hooks xp_cuda_runtime_hooks = {
    &xp::backends::cuda::count_devices, &xp::backends::cuda::query_device, &xp::backends::cuda::query_memory};
