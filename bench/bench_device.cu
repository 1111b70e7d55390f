// Device benchmarks: copies, elementwise, reductions, with CUB and a hand-written kernel as
// references. See bench_common.hpp.
#include "bench_common.hpp"

#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

namespace {
using namespace xp_bench;

void device_copy(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto a = xp::zeros<float, xp::cuda>({n}), b = xp::empty<float, xp::cuda>({n});
  device_loop(state, [&] {
    cudaMemcpyAsync(b.data(), a.data(), n * sizeof(float), cudaMemcpyDeviceToDevice,
                    xp::backends::cuda::current_stream());
  });
  state.SetBytesProcessed(state.iterations() * n * 2 * sizeof(float));
}
BENCHMARK(device_copy)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_add(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float, xp::cuda>({n}, -1.f, 1.f, 1),
       y = xp::random::uniform<float, xp::cuda>({n}, -1.f, 1.f, 2);
  auto z = xp::empty<float, xp::cuda>({n});
  device_loop(state, [&] { xp::eval(x + y, z); });
  state.SetBytesProcessed(state.iterations() * n * 3 * sizeof(float));
}
BENCHMARK(device_add)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_saxpy_trig(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float, xp::cuda>({n}, -3.f, 3.f, 1),
       y = xp::random::uniform<float, xp::cuda>({n}, -3.f, 3.f, 2);
  auto z = xp::empty<float, xp::cuda>({n});
  device_loop(state, [&] { xp::eval(xp::exp(0.5f * xp::sin(x) + xp::cos(y)), z); });
  state.SetBytesProcessed(state.iterations() * n * 3 * sizeof(float));
}
BENCHMARK(device_saxpy_trig)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_saxpy_trig_kernel(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float, xp::cuda>({n}, -3.f, 3.f, 1),
       y = xp::random::uniform<float, xp::cuda>({n}, -3.f, 3.f, 2);
  auto z = xp::empty<float, xp::cuda>({n});
  auto k = xp::elementwise_kernel(
      [] XP_HD(float a, float b, float s) { return xp::math::exp(s * xp::math::sin(a) + xp::math::cos(b)); });
  device_loop(state, [&] { k(x, y, 0.5f, xp::out(z)); });
  state.SetBytesProcessed(state.iterations() * n * 3 * sizeof(float));
}
BENCHMARK(device_saxpy_trig_kernel)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

// The hand-written reference: a float4 grid-stride kernel with U vectors in flight per thread,
// one resident wave of blocks. It shows what the fused path leaves on the table, if anything.
template <int U>
__global__ void __launch_bounds__(256)
    raw_saxpy_trig_kernel(const float4* x, const float4* y, float4* z, float a, int vectors) {
  const int step = gridDim.x * blockDim.x;
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  for (; v + (U - 1) * step < vectors; v += U * step) {
    float4 r[U];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      const float4 p = x[v + u * step], q = y[v + u * step];
      r[u] = make_float4(expf(a * sinf(p.x) + cosf(q.x)), expf(a * sinf(p.y) + cosf(q.y)),
                         expf(a * sinf(p.z) + cosf(q.z)), expf(a * sinf(p.w) + cosf(q.w)));
    }
#pragma unroll
    for (int u = 0; u < U; ++u) z[v + u * step] = r[u];
  }
  for (; v < vectors; v += step) {
    const float4 p = x[v], q = y[v];
    z[v] = make_float4(expf(a * sinf(p.x) + cosf(q.x)), expf(a * sinf(p.y) + cosf(q.y)),
                       expf(a * sinf(p.z) + cosf(q.z)), expf(a * sinf(p.w) + cosf(q.w)));
  }
}

template <int U>
void raw_saxpy_trig(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float, xp::cuda>({n}, -3.f, 3.f, 1),
       y = xp::random::uniform<float, xp::cuda>({n}, -3.f, 3.f, 2);
  auto z = xp::empty<float, xp::cuda>({n});
  int per_sm = 0, sms = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, raw_saxpy_trig_kernel<U>, 256, 0);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  device_loop(state, [&] {
    raw_saxpy_trig_kernel<U><<<per_sm * sms, 256, 0, xp::backends::cuda::current_stream()>>>(
        reinterpret_cast<const float4*>(x.data()), reinterpret_cast<const float4*>(y.data()),
        reinterpret_cast<float4*>(z.data()), 0.5f, static_cast<int>(n / 4));
  });
  state.SetBytesProcessed(state.iterations() * n * 3 * sizeof(float));
}
BENCHMARK(raw_saxpy_trig<1>)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(raw_saxpy_trig<2>)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(raw_saxpy_trig<4>)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_sum(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float, xp::cuda>({n}, 0.f, 1.f, 1);
  auto s = xp::empty<float, xp::cuda>({});
  device_loop(state, [&] { s = xp::sum(x); });
  state.SetBytesProcessed(state.iterations() * n * sizeof(float));
}
BENCHMARK(device_sum)->RangeMultiplier(4)->Range(1 << 12, 1 << 28)->UseManualTime()->Unit(benchmark::kMicrosecond);

// the same with the result read back, as a caller of .item() waits for it (tutorial 04's
// "device" column measures this)
void device_sum_item(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float, xp::cuda>({n}, 0.f, 1.f, 1);
  float total = 0;
  device_loop(state, [&] { total = xp::sum(x).item(); });
  benchmark::DoNotOptimize(total);
  state.SetBytesProcessed(state.iterations() * n * sizeof(float));
}
BENCHMARK(device_sum_item)->RangeMultiplier(8)->Range(1 << 12, 1 << 27)->UseManualTime()->Unit(benchmark::kMicrosecond);

// the same with the 0-d result preallocated, as CUB's benchmark below has it
void device_sum_out(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float, xp::cuda>({n}, 0.f, 1.f, 1);
  auto s = xp::empty<float, xp::cuda>({});
  device_loop(state, [&] { xp::sum(x, {}, false, xp::out(s)); });
  state.SetBytesProcessed(state.iterations() * n * sizeof(float));
}
BENCHMARK(device_sum_out)->RangeMultiplier(16)->Range(1 << 12, 1 << 28)->UseManualTime()->Unit(benchmark::kMicrosecond);

void cub_sum(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float, xp::cuda>({n}, 0.f, 1.f, 1);
  auto s = xp::empty<float, xp::cuda>({1});
  std::size_t temp_bytes = 0;
  cub::DeviceReduce::Sum(nullptr, temp_bytes, x.data(), s.data(), n);
  auto temp = xp::empty<std::uint8_t, xp::cuda>({static_cast<xp::index_t>(temp_bytes)});
  device_loop(state, [&] {
    cub::DeviceReduce::Sum(temp.data(), temp_bytes, x.data(), s.data(), n, xp::backends::cuda::current_stream());
  });
  state.SetBytesProcessed(state.iterations() * n * sizeof(float));
}
BENCHMARK(cub_sum)->RangeMultiplier(4)->Range(1 << 12, 1 << 28)->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_row_sum(benchmark::State& state) {
  auto m = xp::random::uniform<float, xp::cuda>({8192, 8192}, 0.f, 1.f, 1);
  xp::ndarray<float, xp::cuda> r;
  device_loop(state, [&] { r = xp::sum(m, {1}); });
  state.SetBytesProcessed(state.iterations() * 8192 * 8192 * sizeof(float));
}
BENCHMARK(device_row_sum)->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_column_sum(benchmark::State& state) {
  auto m = xp::random::uniform<float, xp::cuda>({8192, 8192}, 0.f, 1.f, 1);
  xp::ndarray<float, xp::cuda> c;
  device_loop(state, [&] { c = xp::sum(m, {0}); });
  state.SetBytesProcessed(state.iterations() * 8192 * 8192 * sizeof(float));
}
BENCHMARK(device_column_sum)->UseManualTime()->Unit(benchmark::kMicrosecond);

// np.cumsum of a contiguous 1-D array: one read and one write per element is the floor
// (bytes as device_copy's), so GB/s here compares with device_copy directly.
template <class T>
void device_cumsum(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float, xp::cuda>({n}, -1.f, 1.f, 1).astype<T>();
  xp::ndarray<T, xp::cuda> c;
  device_loop(state, [&] { c = xp::cumsum(x); });
  state.SetBytesProcessed(state.iterations() * n * 2 * sizeof(T));
}
BENCHMARK(device_cumsum<float>)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(device_cumsum<double>)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

// CUB's DeviceScan::InclusiveSum alone (temporary storage allocated once, outside the loop): the
// rate device_cumsum<float> builds on
void cub_cumsum(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float, xp::cuda>({n}, -1.f, 1.f, 1);
  auto c = xp::empty<float, xp::cuda>({n});
  std::size_t temp_bytes = 0;
  cub::DeviceScan::InclusiveSum(nullptr, temp_bytes, x.data(), c.data(), n);
  auto temp = xp::empty<std::uint8_t, xp::cuda>({static_cast<xp::index_t>(temp_bytes)});
  device_loop(state, [&] {
    cub::DeviceScan::InclusiveSum(temp.data(), temp_bytes, x.data(), c.data(), n, xp::backends::cuda::current_stream());
  });
  state.SetBytesProcessed(state.iterations() * n * 2 * sizeof(float));
}
BENCHMARK(cub_cumsum)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

}  // namespace
