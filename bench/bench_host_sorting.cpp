// Host sorting, set functions and order statistics against NumPy (bench/peers/peers.py,
// workload "sorting", the same sizes):
//   host_sort / host_argsort     2^24 float32 U[0, 1)               (np.sort, np.argsort)
//   host_sort_rows               1024 x 16384 float32 along axis -1 (np.sort(m, axis=-1))
//   host_topk                    the 100 largest of 2^24 float32    (np.partition at n - 100)
//   host_unique                  2^24 int32 in [0, 2^20)            (np.unique)
//   host_percentile_field        percentile 70 of 2000 x 2000 float32 (np.percentile)
//   host_median_rows             median along axis 1 of 4096 x 4096 float32 (np.median)
//   host_histogram               2^24 float32 into 256 bins over [0, 1) (np.histogram)
//   host_bincount                2^24 int32 below 2^20              (np.bincount)
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

void host_unique(benchmark::State& state) {
  constexpr double values_below = 1 << 20;
  const auto v =
      xp::random::uniform<double, xp::host>({state.range(0)}, 0.0, values_below, host_sort_seed).astype<std::int32_t>();
  for (auto _ : state) benchmark::DoNotOptimize(xp::unique_values(v));
  set_sort_bytes(state, state.range(0));
}
BENCHMARK(host_unique)->Arg(host_sort_size)->Unit(benchmark::kMillisecond)->UseRealTime();

void host_percentile_field(benchmark::State& state) {
  constexpr xp::index_t side = 2000;
  constexpr double percent = 70;
  const auto field = host_floats({side, side});
  for (auto _ : state) benchmark::DoNotOptimize(xp::percentile(field, percent));
}
BENCHMARK(host_percentile_field)->Unit(benchmark::kMillisecond)->UseRealTime();

void host_median_rows(benchmark::State& state) {
  constexpr xp::index_t side = 4096;
  const auto m = host_floats({side, side});
  for (auto _ : state) benchmark::DoNotOptimize(xp::median(m, {1}));
}
BENCHMARK(host_median_rows)->Unit(benchmark::kMillisecond)->UseRealTime();

void host_histogram(benchmark::State& state) {
  const auto x = host_floats({state.range(0)});
  constexpr xp::index_t bins = 256;
  for (auto _ : state) benchmark::DoNotOptimize(xp::histogram(x, bins, {.range = std::pair{0.0, 1.0}}));
}
BENCHMARK(host_histogram)->Arg(host_sort_size)->Unit(benchmark::kMillisecond)->UseRealTime();

void host_bincount(benchmark::State& state) {
  constexpr double values_below = 1 << 20;
  const auto v =
      xp::random::uniform<double, xp::host>({state.range(0)}, 0.0, values_below, host_sort_seed).astype<std::int32_t>();
  for (auto _ : state) benchmark::DoNotOptimize(xp::bincount(v));
}
BENCHMARK(host_bincount)->Arg(host_sort_size)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
