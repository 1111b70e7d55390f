// Device sorting, selection, set functions and order statistics (CuPy's peers in
// bench/peers/peers.py, workload "sorting"; the same sizes as the peers):
//   device_sort / device_argsort            2^26 float32 U[0, 1)            (cp.sort, cp.argsort)
//   device_sort_rows                        4096 x 16384 float32, axis -1   (cp.sort(m, axis=-1))
//   device_sort_columns                     16384 x 4096 float32, axis 0    (cp.sort(m, axis=0))
//   device_unique                           2^26 int32 in [0, 2^20)         (cp.unique)
//   device_topk / device_partition_top100   the 100 largest of 2^26 float32 (cp.partition, cp.argpartition)
//   device_percentile_field                 percentile 70 of 2000 x 2000 float32 (cp.percentile)
//   device_median_rows                      median along axis 1 of 4096 x 4096 float32 (cp.median)
//   device_histogram                        2^26 float32 into 256 uniform bins (cp.histogram)
//   device_bincount                         2^26 int32 below 2^20 (cp.bincount)
// Reference points measured in the same run: cub_sort_keys / cub_sort_pairs (CUB's
// DeviceRadixSort on float32 keys, and with int32 values, called directly with its storage
// allocated once: the vendor's sort, what xp's sorts add their NumPy order, copies and
// allocation to) and device_copy (bench_device.cu: the bandwidth floor).
// Bytes processed: one read and one write of the input for the sorts (what a single pass moves:
// their fraction of device_copy's bandwidth is their fraction of the floor), one read for the
// selections, histograms and order statistics. See bench_common.hpp.
#include <cub/device/device_radix_sort.cuh>

#include "bench_common.hpp"

namespace {
using namespace xp_bench;

constexpr xp::index_t sort_size = xp::index_t{1} << 26;
constexpr std::uint64_t sort_seed = 32;

xp::ndarray<float, xp::cuda> uniform_floats(const xp::shape_type& shape, std::uint64_t seed = sort_seed) {
  return xp::random::uniform<float, xp::cuda>(shape, 0.f, 1.f, seed);
}

void set_bytes(benchmark::State& state, xp::index_t elements, int passes) {
  state.SetBytesProcessed(state.iterations() * elements * passes * static_cast<std::int64_t>(sizeof(float)));
}

void device_sort(benchmark::State& state) {
  const auto x = uniform_floats({state.range(0)});
  xp::ndarray<float, xp::cuda> r;
  device_loop(state, [&] { r = xp::sort(x); });
  set_bytes(state, state.range(0), 2);
}
BENCHMARK(device_sort)->Arg(sort_size)->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_argsort(benchmark::State& state) {
  const auto x = uniform_floats({state.range(0)});
  xp::ndarray<std::int64_t, xp::cuda> r;
  device_loop(state, [&] { r = xp::argsort(x); });
  set_bytes(state, state.range(0), 2);
}
BENCHMARK(device_argsort)->Arg(sort_size)->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_sort_rows(benchmark::State& state) {
  const xp::index_t rows = state.range(0), cols = state.range(1);
  const auto m = uniform_floats({rows, cols});
  xp::ndarray<float, xp::cuda> r;
  device_loop(state, [&] { r = xp::sort(m, -1); });
  set_bytes(state, rows * cols, 2);
}
BENCHMARK(device_sort_rows)->Args({4096, 16384})->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_sort_columns(benchmark::State& state) {
  const xp::index_t rows = state.range(0), cols = state.range(1);
  const auto m = uniform_floats({rows, cols});
  xp::ndarray<float, xp::cuda> r;
  device_loop(state, [&] { r = xp::sort(m, 0); });
  set_bytes(state, rows * cols, 2);
}
BENCHMARK(device_sort_columns)->Args({16384, 4096})->UseManualTime()->Unit(benchmark::kMicrosecond);

// the k largest with their indices, in order
void device_topk(benchmark::State& state) {
  const auto x = uniform_floats({state.range(0)});
  constexpr xp::index_t k = 100;
  xp::topk_result<float, xp::cuda> r;
  device_loop(state, [&] { r = xp::topk(x, k); });
  set_bytes(state, state.range(0), 1);
}
BENCHMARK(device_topk)->Arg(sort_size)->UseManualTime()->Unit(benchmark::kMicrosecond);

// NumPy's spelling of the same: partition at n - 100 (the 100 largest after it)
void device_partition_top100(benchmark::State& state) {
  const auto x = uniform_floats({state.range(0)});
  xp::ndarray<float, xp::cuda> r;
  device_loop(state, [&] { r = xp::partition(x, state.range(0) - 100); });
  set_bytes(state, state.range(0), 1);
}
BENCHMARK(device_partition_top100)->Arg(sort_size)->UseManualTime()->Unit(benchmark::kMicrosecond);

// sorted distinct values of 2^26 int32 in [0, 2^20)
void device_unique(benchmark::State& state) {
  constexpr double values_below = 1 << 20;
  const auto v =
      xp::random::uniform<double, xp::cuda>({state.range(0)}, 0.0, values_below, sort_seed).astype<std::int32_t>();
  xp::ndarray<std::int32_t, xp::cuda> r;
  device_loop(state, [&] { r = xp::unique_values(v); });
  set_bytes(state, state.range(0), 2);
}
BENCHMARK(device_unique)->Arg(sort_size)->UseManualTime()->Unit(benchmark::kMicrosecond);

// the seed's cut of its diffusion start image: np.percentile(field, 70) of 2000 x 2000 float32
void device_percentile_field(benchmark::State& state) {
  constexpr xp::index_t side = 2000;
  constexpr double percent = 70;
  const auto field = uniform_floats({side, side});
  xp::ndarray<float, xp::cuda> r;
  device_loop(state, [&] { r = xp::percentile(field, percent); });
  set_bytes(state, side * side, 1);
}
BENCHMARK(device_percentile_field)->UseManualTime()->Unit(benchmark::kMicrosecond);

// median along axis 1 of 4096 x 4096 float32 (one partition per row)
void device_median_rows(benchmark::State& state) {
  constexpr xp::index_t side = 4096;
  const auto m = uniform_floats({side, side});
  xp::ndarray<float, xp::cuda> r;
  device_loop(state, [&] { r = xp::median(m, {1}); });
  set_bytes(state, side * side, 1);
}
BENCHMARK(device_median_rows)->UseManualTime()->Unit(benchmark::kMicrosecond);

// 256 equal-width bins over [0, 1) (the range given, as the peer: one pass, no min/max first)
void device_histogram(benchmark::State& state) {
  const auto x = uniform_floats({state.range(0)});
  constexpr xp::index_t bins = 256;
  decltype(xp::histogram(x, bins)) r;
  device_loop(state, [&] { r = xp::histogram(x, bins, {.range = std::pair{0.0, 1.0}}); });
  set_bytes(state, state.range(0), 1);
}
BENCHMARK(device_histogram)->Arg(sort_size)->UseManualTime()->Unit(benchmark::kMicrosecond);

// int32 values below 2^20 (bins = max + 1, about 2^20)
void device_bincount(benchmark::State& state) {
  constexpr double values_below = 1 << 20;
  const auto v =
      xp::random::uniform<double, xp::cuda>({state.range(0)}, 0.0, values_below, sort_seed).astype<std::int32_t>();
  xp::ndarray<std::int64_t, xp::cuda> r;
  device_loop(state, [&] { r = xp::bincount(v); });
  set_bytes(state, state.range(0), 1);
}
BENCHMARK(device_bincount)->Arg(sort_size)->UseManualTime()->Unit(benchmark::kMicrosecond);

// CUB's radix sort alone, keys in place through a DoubleBuffer (the storage kept across calls)
void cub_sort_keys(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto keys = uniform_floats({n});
  auto alternate = xp::empty<float, xp::cuda>({n});
  cub::DoubleBuffer<float> buffers(keys.data(), alternate.data());
  std::size_t temp_bytes = 0;
  cub::DeviceRadixSort::SortKeys(nullptr, temp_bytes, buffers, n);
  auto temp = xp::empty<std::uint8_t, xp::cuda>({static_cast<xp::index_t>(temp_bytes)});
  device_loop(state, [&] {
    cub::DeviceRadixSort::SortKeys(temp.data(), temp_bytes, buffers, n, 0, 32, xp::backends::cuda::current_stream());
  });
  set_bytes(state, n, 2);
}
BENCHMARK(cub_sort_keys)->Arg(sort_size)->UseManualTime()->Unit(benchmark::kMicrosecond);

// the same with int32 values (argsort's pairs)
void cub_sort_pairs(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto keys = uniform_floats({n});
  auto alternate = xp::empty<float, xp::cuda>({n});
  auto values = xp::arange<std::int32_t, xp::cuda>(static_cast<std::int32_t>(n));
  auto alternate_values = xp::empty<std::int32_t, xp::cuda>({n});
  cub::DoubleBuffer<float> key_buffers(keys.data(), alternate.data());
  cub::DoubleBuffer<std::int32_t> value_buffers(values.data(), alternate_values.data());
  std::size_t temp_bytes = 0;
  cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, key_buffers, value_buffers, n);
  auto temp = xp::empty<std::uint8_t, xp::cuda>({static_cast<xp::index_t>(temp_bytes)});
  device_loop(state, [&] {
    cub::DeviceRadixSort::SortPairs(temp.data(), temp_bytes, key_buffers, value_buffers, n, 0, 32,
                                    xp::backends::cuda::current_stream());
  });
  set_bytes(state, n, 2);
}
BENCHMARK(cub_sort_pairs)->Arg(sort_size)->UseManualTime()->Unit(benchmark::kMicrosecond);

}  // namespace
