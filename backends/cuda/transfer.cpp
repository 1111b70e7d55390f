// Host <-> device copies of xp's memory primitive. Pinned memory goes straight to DMA; large
// pageable copies go through pinned staging buffers in a pipeline, the host side of each chunk
// copied by several threads while the DMA engine moves the previous one. docs/memory.md has the
// measurements behind the constants.

#include <algorithm>
#include <cstring>

#include "xp/backends/cuda/memory.hpp"
#include "xp/cuda/memory_resource.hpp"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace xp {
namespace {

// Below this the driver's own staging is as fast (and one call): a 4 KiB copy is latency only.
constexpr std::size_t staged_min_bytes = std::size_t{1} << 20;
// A chunk: large enough that the per-chunk costs (an event, a DMA launch, a fork/join of the
// copying threads: a few us) stay under 5% of its time at 50 GB/s, small enough that the
// pipeline fills at once and the staging buffers stay small (depth x chunk = 24 MiB pinned).
constexpr std::size_t chunk_bytes = std::size_t{8} << 20;
constexpr int pipeline_depth = 3;  // buffers in flight: one copied by the host, two by DMA
// Each thread of parallel_memcpy copies at least this much, as one contiguous piece: 512 KiB
// takes a thread about 90 us (5.7 GB/s pageable -> pinned on the 16-core H100 machine, 16 threads
// 33 GB/s: docs/memory.md), so waking the team (a few us) costs under 5%; one piece per thread
// needs no scheduling and spreads the first touch of fresh destination pages over the threads.
constexpr std::size_t bytes_per_thread = std::size_t{512} << 10;

// The staging buffers and their events for one staged transfer (pinned blocks come from the
// pinned pool, so after the first transfer they cost no driver call).
struct staging {
  cudaStream_t stream;
  std::shared_ptr<void> buffer[pipeline_depth];
  cudaEvent_t done[pipeline_depth] = {};
  explicit staging(cudaStream_t s) : stream(s) {
    for (int k = 0; k < pipeline_depth; ++k) {
      buffer[k] = cuda::get_pinned_memory_pool().allocate(chunk_bytes);
      XP_CUDA_CHECK(cudaEventCreateWithFlags(&done[k], cudaEventDisableTiming));
    }
  }
  ~staging() {
    // after an error mid-way DMA may still target the buffers: they return to the pool only
    // once it is over (on the normal path the stream is idle here already)
    (void)cudaStreamSynchronize(stream);
    for (cudaEvent_t e : done)
      if (e) (void)cudaEventDestroy(e);
  }
  staging(const staging&) = delete;
  staging& operator=(const staging&) = delete;
  char* operator[](int k) const { return static_cast<char*>(buffer[k].get()); }
};

void staged_upload(char* dst, const char* src, std::size_t bytes, cudaStream_t s) {
  staging st(s);
  const std::size_t chunks = (bytes + chunk_bytes - 1) / chunk_bytes;
  for (std::size_t i = 0; i < chunks; ++i) {
    const int k = static_cast<int>(i % pipeline_depth);
    const std::size_t offset = i * chunk_bytes, n = std::min(chunk_bytes, bytes - offset);
    if (i >= pipeline_depth) XP_CUDA_CHECK(cudaEventSynchronize(st.done[k]));  // its DMA of chunk i - depth is done
    backends::cuda::parallel_memcpy(st[k], src + offset, n);
    XP_CUDA_CHECK(cudaMemcpyAsync(dst + offset, st[k], n, cudaMemcpyHostToDevice, s));
    XP_CUDA_CHECK(cudaEventRecord(st.done[k], s));
  }
  // the staging buffers go back to the pool for reuse: their last DMA must be over
  XP_CUDA_CHECK(cudaStreamSynchronize(s));
}

void staged_download(char* dst, const char* src, std::size_t bytes, cudaStream_t s) {
  staging st(s);
  const std::size_t chunks = (bytes + chunk_bytes - 1) / chunk_bytes;
  auto enqueue = [&](std::size_t i) {
    const int k = static_cast<int>(i % pipeline_depth);
    const std::size_t offset = i * chunk_bytes, n = std::min(chunk_bytes, bytes - offset);
    XP_CUDA_CHECK(cudaMemcpyAsync(st[k], src + offset, n, cudaMemcpyDeviceToHost, s));
    XP_CUDA_CHECK(cudaEventRecord(st.done[k], s));
  };
  for (std::size_t i = 0; i < std::min<std::size_t>(chunks, pipeline_depth); ++i) enqueue(i);
  for (std::size_t i = 0; i < chunks; ++i) {
    const int k = static_cast<int>(i % pipeline_depth);
    const std::size_t offset = i * chunk_bytes, n = std::min(chunk_bytes, bytes - offset);
    XP_CUDA_CHECK(cudaEventSynchronize(st.done[k]));
    backends::cuda::parallel_memcpy(dst + offset, st[k], n);
    if (i + pipeline_depth < chunks) enqueue(i + pipeline_depth);
  }
}

}  // namespace

namespace backends::cuda {

bool is_pinned_or_managed(const void* p) noexcept {
  if (p == nullptr) return false;
  cudaPointerAttributes a{};
  if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
    (void)cudaGetLastError();  // not a pointer CUDA knows: pageable
    return false;
  }
  return a.type == cudaMemoryTypeHost || a.type == cudaMemoryTypeManaged;
}

void parallel_memcpy(void* dst, const void* src, std::size_t bytes) noexcept {
#ifdef _OPENMP
  const int threads = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(omp_get_max_threads()),
                                                             std::max<std::size_t>(1, bytes / bytes_per_thread)));
  if (threads > 1 && !omp_in_parallel()) {
    const std::size_t piece = (bytes + static_cast<std::size_t>(threads) - 1) / static_cast<std::size_t>(threads);
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int t = 0; t < threads; ++t) {
      const std::size_t begin = std::min(bytes, piece * static_cast<std::size_t>(t));
      const std::size_t end = std::min(bytes, begin + piece);
      std::memcpy(static_cast<char*>(dst) + begin, static_cast<const char*>(src) + begin, end - begin);
    }
    return;
  }
#endif
  std::memcpy(dst, src, bytes);
}

}  // namespace backends::cuda

void primitive::memory<cuda>::upload(void* dst, const void* host_src, std::size_t bytes) {
  const cudaStream_t s = backends::cuda::current_stream();
  if (bytes < staged_min_bytes || backends::cuda::is_pinned_or_managed(host_src)) {
    XP_CUDA_CHECK(cudaMemcpyAsync(dst, host_src, bytes, cudaMemcpyHostToDevice, s));
    // A pinned source would still be read after return: wait, so the caller may free it.
    XP_CUDA_CHECK(cudaStreamSynchronize(s));
    return;
  }
  staged_upload(static_cast<char*>(dst), static_cast<const char*>(host_src), bytes, s);
}

void primitive::memory<cuda>::download(void* host_dst, const void* src, std::size_t bytes) {
  const cudaStream_t s = backends::cuda::current_stream();
  if (bytes < staged_min_bytes || backends::cuda::is_pinned_or_managed(host_dst)) {
    XP_CUDA_CHECK(cudaMemcpyAsync(host_dst, src, bytes, cudaMemcpyDeviceToHost, s));
    XP_CUDA_CHECK(cudaStreamSynchronize(s));
    return;
  }
  staged_download(static_cast<char*>(host_dst), static_cast<const char*>(src), bytes, s);
}

void primitive::memory<cuda>::synchronize() { XP_CUDA_CHECK(cudaStreamSynchronize(backends::cuda::current_stream())); }

}  // namespace xp
