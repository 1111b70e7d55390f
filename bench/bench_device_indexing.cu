// Device indexing (issue 19): boolean-mask select with the mask expression fused, assignment
// through a mask, nonzero, take.
// Inputs: xp::random::uniform in [-1, 1) (seed 19), so `x > 0` selects about half. CuPy's peers
// (bench/peers/peers.py, workload "indexing"): x[x > 0], cp.nonzero(x > 0), cp.take(x, idx).
// See bench_common.hpp.
#include "bench_common.hpp"

namespace {
using namespace xp_bench;

xp::ndarray<float, xp::cuda> indexing_input(xp::index_t n) {
  return xp::random::uniform<float, xp::cuda>({n}, -1.0f, 1.0f, 19);
}

// x(x > 0): count, scan, one read of the count, scatter; no boolean array
void device_mask_select(benchmark::State& state) {
  const auto x = indexing_input(state.range(0));
  xp::ndarray<float, xp::cuda> r;
  device_loop(state, [&] { r = x(x > 0.f); });
  state.counters["selected"] = static_cast<double>(r.size());
}
BENCHMARK(device_mask_select)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

// Assignment through the same mask (a copy of x, so the mask stays put): it writes in one pass
// and never takes the selection's copy (device_mask_select is what that copy costs).
// a(x > 0) = 0: one pass, no count
void device_mask_fill(benchmark::State& state) {
  const auto x = indexing_input(state.range(0));
  const auto a = x.copy();
  device_loop(state, [&] { a(x > 0.f) = 0.f; });
}
BENCHMARK(device_mask_fill)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

// a = where(x > 0, 0, a): the one-pass alternative without a mask
void device_mask_where(benchmark::State& state) {
  const auto x = indexing_input(state.range(0));
  const auto a = x.copy();
  device_loop(state, [&] { xp::eval(xp::where(x > 0.f, 0.f, a), a); });
}
BENCHMARK(device_mask_where)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

// a(x > 0) = v, one value per selected element: count, scan, one read of the count, store
void device_mask_assign(benchmark::State& state) {
  const auto x = indexing_input(state.range(0));
  const auto a = x.copy();
  const auto v = xp::arange<float, xp::cuda>(xp::count_nonzero(x > 0.f).item());
  device_loop(state, [&] { a(x > 0.f) = v; });
  state.counters["selected"] = static_cast<double>(v.size());
}
BENCHMARK(device_mask_assign)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

// both: what an assignment that took the selection's copy first would cost
void device_mask_select_then_assign(benchmark::State& state) {
  const auto x = indexing_input(state.range(0));
  const auto a = x.copy();
  const auto v = xp::arange<float, xp::cuda>(xp::count_nonzero(x > 0.f).item());
  xp::ndarray<float, xp::cuda> r;
  device_loop(state, [&] {
    r = a(x > 0.f);
    a(x > 0.f) = v;
  });
}
BENCHMARK(device_mask_select_then_assign)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

// nonzero of the same mask expression (int64 indices of the selected half)
void device_nonzero(benchmark::State& state) {
  const auto x = indexing_input(state.range(0));
  std::vector<xp::ndarray<std::int64_t, xp::cuda>> r;
  device_loop(state, [&] { r = xp::nonzero(x > 0.f); });
}
BENCHMARK(device_nonzero)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

// take of 2^25 random int64 indices from 2^26 float32 (raise mode: the bounds check included)
void device_take(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  const auto x = indexing_input(n);
  const auto idx = xp::random::uniform<double, xp::cuda>({n / 2}, 0.0, double(n), 7).astype<std::int64_t>();
  xp::ndarray<float, xp::cuda> r;
  device_loop(state, [&] { r = xp::take(x, idx); });
}
BENCHMARK(device_take)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

// the same without the bounds check (mode=wrap, as CuPy's take, which does not check)
void device_take_wrap(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  const auto x = indexing_input(n);
  const auto idx = xp::random::uniform<double, xp::cuda>({n / 2}, 0.0, double(n), 7).astype<std::int64_t>();
  xp::ndarray<float, xp::cuda> r;
  device_loop(state, [&] { r = xp::take(x, idx, std::nullopt, xp::take_mode::wrap); });
}
BENCHMARK(device_take_wrap)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

// The random-gather limit beside device_take: the simplest gather kernel, out[i] = x[idx[i]] for
// the same 2^25 indices (no bounds check), one thread per index in a grid-stride loop.
__global__ void plain_gather(float* __restrict__ out, const float* __restrict__ x, const std::int64_t* __restrict__ idx,
                             xp::index_t n) {
  for (xp::index_t i = xp::index_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n;
       i += xp::index_t{gridDim.x} * blockDim.x)
    out[i] = x[idx[i]];
}
void device_take_limit(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  const auto x = indexing_input(n);
  const auto idx = xp::random::uniform<double, xp::cuda>({n / 2}, 0.0, double(n), 7).astype<std::int64_t>();
  xp::ndarray<float, xp::cuda> r({n / 2});
  constexpr int threads = 256, blocks_per_sm = 8;  // a full H100 wave: 2048 threads per SM
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  device_loop(state, [&] {
    plain_gather<<<sms * blocks_per_sm, threads, 0, xp::backends::cuda::current_stream()>>>(r.data(), x.data(),
                                                                                            idx.data(), n / 2);
  });
}
BENCHMARK(device_take_limit)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

// take of 8192 random whole rows of a (8192, 8192) float32 array along axis 0 (raise mode): one
// read and one write of 256 MiB, bytes as device_copy's
void device_take_rows(benchmark::State& state) {
  const xp::index_t n = 8192;
  const auto x = xp::random::uniform<float, xp::cuda>({n, n}, -1.f, 1.f, 1);
  const auto idx = xp::random::uniform<double, xp::cuda>({n}, 0.0, double(n), 7).astype<std::int64_t>();
  xp::ndarray<float, xp::cuda> r;
  device_loop(state, [&] { r = xp::take(x, idx, 0); });
  state.SetBytesProcessed(state.iterations() * n * n * 2 * static_cast<std::int64_t>(sizeof(float)));
}
BENCHMARK(device_take_rows)->UseManualTime()->Unit(benchmark::kMicrosecond);

}  // namespace
