// Host arrays streamed through the device (xp/cuda/chunked.hpp): the chunked sum of 2^28 float32
// (1 GiB) end to end, from pinned and from pageable memory, beside the host-to-device link
// rate measured in the same run; and the out-of-core product of 8192^2 float32 host matrices
// beside the in-core device product. See bench_common.hpp and docs/out_of_core.md.
//
// Counters: "GB/s" is bytes of input over the end-to-end time (the call returns with the
// result on the host); "link_ratio" divides it by h2d_link's GB/s of this run (the goal is
// >= 0.8 for pinned input). Products report flops (2 n^3) as items_per_second.
#include "bench_common.hpp"

#include <algorithm>
#include <chrono>

namespace {
using namespace xp_bench;

constexpr xp::index_t link_bytes = xp::index_t{256} << 20;
constexpr xp::index_t sum_elements = xp::index_t{1} << 28;  // 1 GiB of float32

// Host-to-device cudaMemcpyAsync of a pinned buffer (the DMA engine's rate over the link), in
// bytes per second: the best of 5 copies, measured once per run.
double h2d_link_rate() {
  static const double rate = [] {
    auto src = xp::empty_pinned<std::uint8_t>({link_bytes});
    std::fill(src.data(), src.data() + link_bytes, std::uint8_t{1});
    auto dst = xp::empty<std::uint8_t, xp::cuda>({link_bytes});
    events ev;
    double best = 1e30;
    for (int i = 0; i < 5; ++i)
      best = std::min(best, ev.seconds([&] {
        cudaMemcpyAsync(dst.data(), src.data(), link_bytes, cudaMemcpyHostToDevice,
                        xp::backends::cuda::current_stream());
      }));
    return static_cast<double>(link_bytes) / best;
  }();
  return rate;
}

void h2d_link(benchmark::State& state) {
  auto src = xp::empty_pinned<std::uint8_t>({link_bytes});
  std::fill(src.data(), src.data() + link_bytes, std::uint8_t{1});
  auto dst = xp::empty<std::uint8_t, xp::cuda>({link_bytes});
  double total = 0;
  events ev;
  for (auto _ : state) {
    const double s = ev.seconds([&] {
      cudaMemcpyAsync(dst.data(), src.data(), link_bytes, cudaMemcpyHostToDevice, xp::backends::cuda::current_stream());
    });
    total += s;
    state.SetIterationTime(s);
  }
  state.SetBytesProcessed(state.iterations() * link_bytes);
  state.counters["GB/s"] = static_cast<double>(link_bytes) * static_cast<double>(state.iterations()) / total / 1e9;
}
BENCHMARK(h2d_link)->UseManualTime()->Unit(benchmark::kMillisecond);

// Wall-clock time of a synchronous call (it returns with its result on the host).
template <class F>
void host_loop(benchmark::State& state, double bytes, F&& f) {
  f();  // warm-up: streams, pinned staging buffers, the device pool
  double total = 0;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    total += s;
    state.SetIterationTime(s);
  }
  const double rate = bytes * static_cast<double>(state.iterations()) / total;
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
  state.counters["GB/s"] = rate / 1e9;
  state.counters["link_ratio"] = rate / h2d_link_rate();
}

// Arg: chunk_bytes in MiB (0: automatic).
void chunked_sum_pinned(benchmark::State& state) {
  const auto h = xp::random::normal<float, xp::host>({sum_elements}, 0.f, 10.f, 1);
  auto x = xp::empty_pinned<float>({sum_elements});
  x(xp::all) = h;
  const xp::chunked_options o{.chunk_bytes = static_cast<std::size_t>(state.range(0)) << 20};
  float s = 0;
  host_loop(state, static_cast<double>(x.nbytes()), [&] { s = xp::chunked_sum(x, o); });
  benchmark::DoNotOptimize(s);
}
BENCHMARK(chunked_sum_pinned)->Arg(0)->Arg(16)->Arg(128)->UseManualTime()->Unit(benchmark::kMillisecond);

void chunked_sum_pageable(benchmark::State& state) {
  const auto x = xp::random::normal<float, xp::host>({sum_elements}, 0.f, 10.f, 1);
  const xp::chunked_options o{.chunk_bytes = static_cast<std::size_t>(state.range(0)) << 20};
  float s = 0;
  host_loop(state, static_cast<double>(x.nbytes()), [&] { s = xp::chunked_sum(x, o); });
  benchmark::DoNotOptimize(s);
}
BENCHMARK(chunked_sum_pageable)->Arg(0)->Arg(16)->Arg(128)->UseManualTime()->Unit(benchmark::kMillisecond);

// An elementwise map, 1 GiB in and 1 GiB out (pageable), for the copy back's share.
void chunked_map_pageable(benchmark::State& state) {
  const auto x = xp::random::normal<float, xp::host>({sum_elements}, 0.f, 10.f, 1);
  xp::ndarray<float, xp::host> y;
  host_loop(state, static_cast<double>(x.nbytes()),
            [&] { y = xp::chunked_map([](const auto& c) { return xp::abs(c) * 0.5f; }, {}, x); });
}
BENCHMARK(chunked_map_pageable)->UseManualTime()->Unit(benchmark::kMillisecond);

// ---- out-of-core product: host operands, device tiles -----------------------------------------
constexpr xp::index_t matmul_n = 8192;

// Arg: tile_bytes in MiB (0: automatic).
void matmul_out_of_core(benchmark::State& state) {
  const auto a = bench_matrix<float, xp::host>(matmul_n, 1), b = bench_matrix<float, xp::host>(matmul_n, 2);
  const xp::matmul_options o{.out_of_core = true, .tile_bytes = static_cast<std::size_t>(state.range(0)) << 20};
  xp::ndarray<float, xp::host> c;
  host_loop(state, static_cast<double>(a.nbytes() + b.nbytes()), [&] { c = xp::matmul(a, b, o); });
  state.SetItemsProcessed(state.iterations() * 2 * matmul_n * matmul_n * matmul_n);
}
BENCHMARK(matmul_out_of_core)->Arg(0)->Arg(64)->UseManualTime()->Unit(benchmark::kMillisecond);

// The same product of host operands in core: both copied to the device, multiplied, copied back.
void matmul_host_operands_in_core(benchmark::State& state) {
  const auto a = bench_matrix<float, xp::host>(matmul_n, 1), b = bench_matrix<float, xp::host>(matmul_n, 2);
  xp::ndarray<float, xp::host> c;
  host_loop(state, static_cast<double>(a.nbytes() + b.nbytes()),
            [&] { c = xp::matmul(xp::to_device(a), xp::to_device(b)).copy_to_host(); });
  state.SetItemsProcessed(state.iterations() * 2 * matmul_n * matmul_n * matmul_n);
}
BENCHMARK(matmul_host_operands_in_core)->UseManualTime()->Unit(benchmark::kMillisecond);

// The device product alone (operands and result on the device): the bound for the two above.
void matmul_device_in_core(benchmark::State& state) {
  const auto a = bench_matrix<float, xp::cuda>(matmul_n, 1), b = bench_matrix<float, xp::cuda>(matmul_n, 2);
  xp::ndarray<float, xp::cuda> c;
  device_loop(state, [&] { c = xp::matmul(a, b); });
  state.SetItemsProcessed(state.iterations() * 2 * matmul_n * matmul_n * matmul_n);
}
BENCHMARK(matmul_device_in_core)->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace
