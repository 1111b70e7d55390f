// The host-side part of the CUDA backend: streams, device limits, reduction scratch and the
// kernel preloaders' registry (memory is in memory_pool.cpp, transfers in transfer.cpp). Plain C++ against the CUDA
// runtime API; kernels live in the .cu files beside it.

#include <mutex>
#include <string>
#include <vector>

#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/runtime.hpp"
#include "xp/core/error.hpp"

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

std::shared_ptr<CUstream_st> make_stream(bool non_blocking) {
  cudaStream_t s = nullptr;
  XP_CUDA_CHECK(cudaStreamCreateWithFlags(&s, non_blocking ? cudaStreamNonBlocking : cudaStreamDefault));
  return std::shared_ptr<CUstream_st>(s, [](cudaStream_t q) { (void)cudaStreamDestroy(q); });
}

}  // namespace

cuda::stream::stream(bool non_blocking) : m_handle(make_stream(non_blocking)) {}
void cuda::stream::synchronize() const { XP_CUDA_CHECK(cudaStreamSynchronize(m_handle.get())); }

cuda::stream_scope::stream_scope(const cuda::stream& s) : m_previous(current) { current = s.handle(); }
cuda::stream_scope::~stream_scope() { current = m_previous; }

int backends::cuda::current_device_body() {
  int device = 0;
  XP_CUDA_CHECK(cudaGetDevice(&device));
  return device;
}

cuda::device_scope::device_scope(int device) : m_device(device), m_restores_stream(true), m_previous_stream(current) {
  const int count = cuda::device_count();
  if (device < 0 || device >= count)
    throw index_error("xp::cuda::device_scope: device " + std::to_string(device) + " is out of range: this process " +
                      "sees " + std::to_string(count) + " CUDA device" + (count == 1 ? "" : "s"));
  int previous = 0;
  XP_CUDA_CHECK(cudaGetDevice(&previous));
  if (device != previous) {
    XP_CUDA_CHECK(cudaSetDevice(device));
    m_switched_from = previous;
    current = nullptr;  // the thread's stream was made on the previous device
  }
}
cuda::device_scope::device_scope(int device, std::nothrow_t) noexcept : m_device(device) {
  int previous = 0;
  if (cudaGetDevice(&previous) != cudaSuccess) {
    (void)cudaGetLastError();  // not left for the next XP_CUDA_CHECK to report
    return;
  }
  if (device == previous) return;  // already current: no driver call
  if (cudaSetDevice(device) != cudaSuccess) {
    (void)cudaGetLastError();
    return;
  }
  m_switched_from = previous;
}
cuda::device_scope::~device_scope() {
  if (m_switched_from >= 0) (void)cudaSetDevice(m_switched_from);
  if (m_restores_stream) current = m_previous_stream;
}

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

int device_of_pointer(const void* p) {
  cudaPointerAttributes a{};
  XP_CUDA_CHECK(cudaPointerGetAttributes(&a, p));
  return a.type == cudaMemoryTypeDevice || a.type == cudaMemoryTypeManaged ? a.device : -1;
}

}  // namespace backends::cuda

void primitive::memory<cuda>::check_same_device(const void* const* pointers, std::size_t n, const char* what) {
  static const bool several = xp::cuda::device_count() > 1;  // a process's device count is fixed
  if (!several) return;
  const int current = xp::cuda::current_device();
  for (std::size_t i = 0; i < n; ++i) {
    if (pointers[i] == nullptr) continue;
    cudaPointerAttributes a{};
    XP_CUDA_CHECK(cudaPointerGetAttributes(&a, pointers[i]));
    if (a.type == cudaMemoryTypeDevice && a.device != current)
      throw value_error(std::string(what) + ": an operand lives on device " + std::to_string(a.device) +
                        " and the current device is " + std::to_string(current) + "; copy it with xp::to_device(a, " +
                        std::to_string(current) + ") or compute under xp::cuda::device_scope(" +
                        std::to_string(a.device) + ")");
  }
}

namespace backends::cuda {

void copy_peer(void* dst, int dst_device, const void* src, int src_device, std::size_t bytes) {
  {
    xp::cuda::device_scope source(src_device);
    XP_CUDA_CHECK(cudaDeviceSynchronize());
  }
  // xp's arrays come from stream-ordered pools: the driver copies between them whether or not the
  // devices map each other's memory (peer access to pool memory is cudaMemPoolSetAccess's, not set)
  XP_CUDA_CHECK(cudaMemcpyPeerAsync(dst, dst_device, src, src_device, bytes, current_stream()));
  // the copy done before returning, as an upload's: the caller may free or overwrite the source on
  // its own device's streams, which nothing orders after this one
  XP_CUDA_CHECK(cudaStreamSynchronize(current_stream()));
}

cudaStream_t current_stream() noexcept { return current.get(); }
std::shared_ptr<CUstream_st> current_stream_handle() noexcept { return current; }

bool device_available() noexcept {
  int n = 0;
  const cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) (void)cudaGetLastError();
  return e == cudaSuccess && n > 0;
}

// Runs every registered preloader, best effort: a preloader that fails (cudaFuncGetAttributes
// needs device memory to load a module, and another process may hold it all) leaves its kernels
// to load at their first launch, where a failure is reported as usual.
void run_preloaders() noexcept {
  std::vector<void (*)()> loaders;
  try {
    std::lock_guard<std::mutex> lock(preloaders().mutex);
    loaders = preloaders().loaders;
  } catch (...) {
    return;
  }
  for (void (*load)() : loaders) {
    try {
      load();
    } catch (...) {
      (void)cudaGetLastError();
    }
  }
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
void backends::cuda::synchronize_body() { primitive::memory<xp::cuda>::synchronize(); }

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
    &xp::backends::cuda::count_devices,
    &xp::backends::cuda::query_device,
    &xp::backends::cuda::query_memory,
    &xp::backends::cuda::current_device_body,
    &xp::backends::cuda::synchronize_body,
    &xp::backends::cuda::set_nvtx_ranges_body,
    &xp::backends::cuda::nvtx_ranges_body,
    &xp::backends::cuda::get_default_memory_pool_body,
    &xp::backends::cuda::set_memory_resource_body,
    &xp::backends::cuda::get_memory_resource_body,
    &xp::backends::cuda::get_pinned_memory_pool_body,
    &xp::backends::cuda::plan_cache_body};
