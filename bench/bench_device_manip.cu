// Device manipulation (issue 19): concat and stack of two 2^25 float32 arrays, against the
// copy floor measured in the same run (two cudaMemcpyAsync into the result's halves). Bytes
// processed count each element read once and written once, so GB/s compares with device_copy.
// Target: >= 85% of copy bandwidth. See bench_common.hpp.
#include "bench_common.hpp"

namespace {
using namespace xp_bench;

constexpr xp::index_t half = xp::index_t{1} << 25;

// The floor: the two inputs copied into the halves of a preallocated result.
void device_concat_memcpy(benchmark::State& state) {
  auto a = xp::random::uniform<float, xp::cuda>({half}, -1.f, 1.f, 1);
  auto b = xp::random::uniform<float, xp::cuda>({half}, -1.f, 1.f, 2);
  auto out = xp::empty<float, xp::cuda>({2 * half});
  const auto stream = xp::backends::cuda::current_stream();
  device_loop(state, [&] {
    cudaMemcpyAsync(out.data(), a.data(), half * sizeof(float), cudaMemcpyDeviceToDevice, stream);
    cudaMemcpyAsync(out.data() + half, b.data(), half * sizeof(float), cudaMemcpyDeviceToDevice, stream);
  });
  state.SetBytesProcessed(state.iterations() * 2 * half * 2 * sizeof(float));
}
BENCHMARK(device_concat_memcpy)->UseManualTime()->Unit(benchmark::kMicrosecond);

// xp::concat({a, b}) of 1-D arrays: a new result and one copy per input (the allocation is
// xp's pool, reused across iterations).
void device_concat(benchmark::State& state) {
  auto a = xp::random::uniform<float, xp::cuda>({half}, -1.f, 1.f, 1);
  auto b = xp::random::uniform<float, xp::cuda>({half}, -1.f, 1.f, 2);
  xp::ndarray<float, xp::cuda> out;
  device_loop(state, [&] { out = xp::concat({a, b}); });
  state.SetBytesProcessed(state.iterations() * 2 * half * 2 * sizeof(float));
}
BENCHMARK(device_concat)->UseManualTime()->Unit(benchmark::kMicrosecond);

// concat along the last axis of (2^12, 2^13) matrices: each input lands in a strided slice.
void device_concat_axis1(benchmark::State& state) {
  const xp::index_t rows = 1 << 12, cols = half / rows;
  auto a = xp::random::uniform<float, xp::cuda>({rows, cols}, -1.f, 1.f, 1);
  auto b = xp::random::uniform<float, xp::cuda>({rows, cols}, -1.f, 1.f, 2);
  xp::ndarray<float, xp::cuda> out;
  device_loop(state, [&] { out = xp::concat({a, b}, 1); });
  state.SetBytesProcessed(state.iterations() * 2 * half * 2 * sizeof(float));
}
BENCHMARK(device_concat_axis1)->UseManualTime()->Unit(benchmark::kMicrosecond);

// xp::stack({a, b}) along a new first axis (the result's two contiguous halves) and along a new
// last axis (interleaved: every write has stride 2).
void device_stack(benchmark::State& state) {
  const auto axis = static_cast<xp::index_t>(state.range(0));
  auto a = xp::random::uniform<float, xp::cuda>({half}, -1.f, 1.f, 1);
  auto b = xp::random::uniform<float, xp::cuda>({half}, -1.f, 1.f, 2);
  xp::ndarray<float, xp::cuda> out;
  device_loop(state, [&] { out = xp::stack({a, b}, axis); });
  state.SetBytesProcessed(state.iterations() * 2 * half * 2 * sizeof(float));
}
BENCHMARK(device_stack)->Arg(0)->Arg(-1)->UseManualTime()->Unit(benchmark::kMicrosecond);

}  // namespace
