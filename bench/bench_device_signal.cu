// Device Lomb-Scargle and diffusion, with their tuning knobs. See bench_common.hpp.
#include "bench_common.hpp"

namespace {
using namespace xp_bench;

template <class T, bool Grid, bool Fast>
void device_lombscargle(benchmark::State& state) {
  const xp::index_t nf = state.range(0);
  ls_inputs<T, xp::cuda> in;
  const auto f = xp::linspace<T, xp::cuda>(ls_f0, ls_f1, nf);
  const xp::signal::frequency_grid g{ls_f0, (ls_f1 - ls_f0) / double(nf - 1), nf};
  xp::ndarray<T, xp::cuda> p;
  device_loop(state, [&] {
    if constexpr (Grid) p = xp::signal::lombscargle(in.x, in.y, g, {.fast_math = Fast});
    else p = xp::signal::lombscargle(in.x, in.y, f, {.fast_math = Fast});
  });
}
BENCHMARK_TEMPLATE(device_lombscargle, double, false, false)->Arg(1 << 20)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_lombscargle, float, false, false)->Arg(1 << 20)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_lombscargle, float, false, true)->Arg(1 << 20)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_lombscargle, double, true, false)->Arg(1 << 20)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_lombscargle, float, true, false)->Arg(1 << 20)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_lombscargle, float, true, true)->Arg(1 << 20)->UseManualTime()->Unit(benchmark::kMicrosecond);
// the listed and grid kernels' knobs: frequencies per thread (listed; 0 = default) and blocks per SM
// (0 = one resident wave)
template <class T, bool Grid, bool Fast>
void device_lombscargle_tuning(benchmark::State& state) {
  xp::backends::cuda::set_lombscargle_tuning({static_cast<int>(state.range(1)), static_cast<int>(state.range(2))});
  device_lombscargle<T, Grid, Fast>(state);
  xp::backends::cuda::set_lombscargle_tuning({});
}
BENCHMARK_TEMPLATE(device_lombscargle_tuning, double, false, false)
    ->ArgsProduct({{1 << 20}, {1, 2, 4}, {0, 20}})
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_lombscargle_tuning, float, false, true)
    ->ArgsProduct({{1 << 20}, {1, 2, 4}, {0, 20}})
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_lombscargle_tuning, double, true, false)
    ->ArgsProduct({{1 << 20}, {0}, {0, 4, 8}})
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
void device_diffusion_10000_steps(benchmark::State& state) { diffusion_steps<xp::cuda>(state, 2000, 10000); }
BENCHMARK(device_diffusion_10000_steps)->UseManualTime()->Unit(benchmark::kMillisecond);
// the tile shape's knobs: steps per launch (halo) and warps per block, 0 = default; 1000 steps
void device_diffusion_tuning(benchmark::State& state) {
  xp::backends::cuda::set_stencil_tuning({static_cast<int>(state.range(0)), static_cast<int>(state.range(1))});
  diffusion_steps<xp::cuda>(state, 2000, 1000);
  xp::backends::cuda::set_stencil_tuning({});
}
BENCHMARK(device_diffusion_tuning)
    ->ArgsProduct({{4, 8, 12, 16}, {8}})
    ->ArgsProduct({{8}, {0, 4, 6}})
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
// a small field, where launches rather than memory set the pace: 10,000 steps
void device_diffusion_small(benchmark::State& state) { diffusion_steps<xp::cuda>(state, state.range(0), 10000); }
BENCHMARK(device_diffusion_small)->Arg(64)->Arg(256)->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace
