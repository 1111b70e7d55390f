// Host <-> device transfers (a CUDA build only; plain C++: transfers need no kernel). Wall-clock
// time of each call, which returns when its copy is done. References in the same run: the
// pinned link rate (cudaMemcpyAsync between a pinned buffer and the device), both ways. The
// peers are CuPy's cp.asarray / cp.asnumpy / ndarray.get(out=) (bench/peers/peers.py).
#include <chrono>
#include <cstring>

#include "bench_common.hpp"

namespace {

constexpr xp::index_t small_elements = 1024;     // 4 KiB of float32
constexpr xp::index_t large_elements = 1 << 26;  // 256 MiB of float32

template <class F>
void wall_loop(benchmark::State& state, F&& f) {
  f();  // warm-up: pools and staging buffers are set up, as in any program past its first copy
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  state.SetBytesProcessed(state.iterations() * state.range(0) * static_cast<std::int64_t>(sizeof(float)));
}

// the reference: DMA between pinned host memory and the device, nothing else
void link_pinned_h2d(benchmark::State& state) {
  auto h = xp::empty_pinned<float>({state.range(0)});
  std::memset(h.data(), 1, h.nbytes());
  auto d = xp::empty<float, xp::cuda>({state.range(0)});
  const cudaStream_t s = xp::backends::cuda::current_stream();
  wall_loop(state, [&] {
    cudaMemcpyAsync(d.data(), h.data(), h.nbytes(), cudaMemcpyHostToDevice, s);
    cudaStreamSynchronize(s);
  });
}
void link_pinned_d2h(benchmark::State& state) {
  auto h = xp::empty_pinned<float>({state.range(0)});
  auto d = xp::zeros<float, xp::cuda>({state.range(0)});
  const cudaStream_t s = xp::backends::cuda::current_stream();
  wall_loop(state, [&] {
    cudaMemcpyAsync(h.data(), d.data(), h.nbytes(), cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
  });
}

// xp::to_device from pageable memory (an ordinary host array) and from pinned memory
void to_device_pageable(benchmark::State& state) {
  auto h = xp::random::uniform<float>({state.range(0)}, 0.f, 1.f, 1);
  wall_loop(state, [&] { benchmark::DoNotOptimize(xp::to_device(h)); });
}
void to_device_pinned(benchmark::State& state) {
  auto h = xp::empty_pinned<float>({state.range(0)});
  std::memset(h.data(), 0, h.nbytes());
  wall_loop(state, [&] { benchmark::DoNotOptimize(xp::to_device(h)); });
}

// copy_to_host into a new host array each time (cp.asnumpy): with xp's host cache, the buffer
// the previous iteration freed is reused
void to_host_new(benchmark::State& state) {
  auto d = xp::random::uniform<float, xp::cuda>({state.range(0)}, 0.f, 1.f, 2);
  wall_loop(state, [&] { benchmark::DoNotOptimize(d.copy_to_host()); });
}
// ... and with the host cache off: every array is fresh memory, first touch included
void to_host_new_cold(benchmark::State& state) {
  auto d = xp::random::uniform<float, xp::cuda>({state.range(0)}, 0.f, 1.f, 2);
  const std::size_t limit = xp::host::cache_limit();
  xp::host::set_cache_limit(0);
  wall_loop(state, [&] { benchmark::DoNotOptimize(d.copy_to_host()); });
  xp::host::set_cache_limit(limit);
}
// into an existing pageable array (d.get(out=out)), and into a pinned one
void to_host_existing(benchmark::State& state) {
  auto d = xp::random::uniform<float, xp::cuda>({state.range(0)}, 0.f, 1.f, 2);
  auto h = xp::zeros<float>({state.range(0)});
  wall_loop(state, [&] { xp::copy_to_host(d, h); });
}
void to_host_pinned(benchmark::State& state) {
  auto d = xp::random::uniform<float, xp::cuda>({state.range(0)}, 0.f, 1.f, 2);
  auto h = xp::empty_pinned<float>({state.range(0)});
  wall_loop(state, [&] { xp::copy_to_host(d, h); });
}

#define XP_TRANSFER_BENCH(f) \
  BENCHMARK(f)->Arg(small_elements)->Arg(large_elements)->UseManualTime()->Unit(benchmark::kMicrosecond)
XP_TRANSFER_BENCH(link_pinned_h2d);
XP_TRANSFER_BENCH(link_pinned_d2h);
XP_TRANSFER_BENCH(to_device_pageable);
XP_TRANSFER_BENCH(to_device_pinned);
XP_TRANSFER_BENCH(to_host_new);
XP_TRANSFER_BENCH(to_host_new_cold);
XP_TRANSFER_BENCH(to_host_existing);
XP_TRANSFER_BENCH(to_host_pinned);

}  // namespace
