// Host sorting, set functions and order statistics against NumPy (bench/peers/peers.py,
// workload "sorting", the same sizes):
//   host_sort / host_argsort     2^24 float32 U[0, 1)               (np.sort, np.argsort)
//   host_sort_rows               1024 x 16384 float32 along axis -1 (np.sort(m, axis=-1))
//   host_topk                    the 100 largest of 2^24 float32    (np.partition at n - 100)
// Bytes processed: one read and one write of the input. See bench_common.hpp.
#include "bench_common.hpp"

namespace {

constexpr xp::index_t host_sort_size = xp::index_t{1} << 24;
constexpr std::uint64_t host_sort_seed = 32;

xp::ndarray<float> host_floats(const xp::shape_type& shape) {
  return xp::random::uniform<float, xp::host>(shape, 0.f, 1.f, host_sort_seed);
}

void set_sort_bytes(benchmark::State& state, xp::index_t elements) {
  state.SetBytesProcessed(state.iterations() * elements * 2 * static_cast<std::int64_t>(sizeof(float)));
}

void host_sort(benchmark::State& state) {
  const auto x = host_floats({state.range(0)});
  for (auto _ : state) benchmark::DoNotOptimize(xp::sort(x));
  set_sort_bytes(state, state.range(0));
}
BENCHMARK(host_sort)->Arg(host_sort_size)->Unit(benchmark::kMillisecond)->UseRealTime();

void host_argsort(benchmark::State& state) {
  const auto x = host_floats({state.range(0)});
  for (auto _ : state) benchmark::DoNotOptimize(xp::argsort(x));
  set_sort_bytes(state, state.range(0));
}
BENCHMARK(host_argsort)->Arg(host_sort_size)->Unit(benchmark::kMillisecond)->UseRealTime();

void host_sort_rows(benchmark::State& state) {
  const auto m = host_floats({state.range(0), state.range(1)});
  for (auto _ : state) benchmark::DoNotOptimize(xp::sort(m, -1));
  set_sort_bytes(state, state.range(0) * state.range(1));
}
BENCHMARK(host_sort_rows)->Args({1024, 16384})->Unit(benchmark::kMillisecond)->UseRealTime();

void host_topk(benchmark::State& state) {
  const auto x = host_floats({state.range(0)});
  for (auto _ : state) benchmark::DoNotOptimize(xp::topk(x, 100));
  state.SetBytesProcessed(state.iterations() * state.range(0) * static_cast<std::int64_t>(sizeof(float)));
}
BENCHMARK(host_topk)->Arg(host_sort_size)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
