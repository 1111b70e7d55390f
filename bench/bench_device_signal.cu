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
BENCHMARK_TEMPLATE(device_lombscargle, double, false, false)
    ->Arg(1 << 20)
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_lombscargle, float, false, false)
    ->Arg(1 << 20)
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_lombscargle, float, false, true)
    ->Arg(1 << 20)
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_lombscargle, double, true, false)
    ->Arg(1 << 20)
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_lombscargle, float, true, false)
    ->Arg(1 << 20)
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_lombscargle, float, true, true)->Arg(1 << 20)->UseManualTime()->Unit(benchmark::kMicrosecond);
// the listed and grid kernels' knobs: frequencies per thread (listed; 0 = default) and blocks per SM
// (0 = one resident wave)
// (the primitive itself with explicit launch parameters: no precentering, the output allocated once)
template <class T, bool Grid, bool Fast>
void device_lombscargle_tuning(benchmark::State& state) {
  const xp::index_t nf = state.range(0);
  const xp::backends::cuda::lombscargle_launch launch{static_cast<int>(state.range(1)),
                                                      static_cast<int>(state.range(2))};
  ls_inputs<T, xp::cuda> in;
  const auto f = xp::linspace<T, xp::cuda>(ls_f0, ls_f1, nf);
  const xp::signal::frequency_grid g{ls_f0, (ls_f1 - ls_f0) / double(nf - 1), nf};
  auto out = xp::empty<T, xp::cuda>({nf});
  const xp::signal::detail::lombscargle_problem<T> p{
      in.x.data(), in.y.data(), in.x.size(), Grid ? nullptr : f.data(), Grid ? g : xp::signal::frequency_grid{0, 0, nf},
      nf,          out.data(),  Fast};
  device_loop(state, [&] { xp::backends::cuda::lombscargle_with(p, launch); });
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
  constexpr xp::index_t n = 2000, steps = 1000;
  const xp::backends::cuda::stencil_launch launch{static_cast<int>(state.range(0)), static_cast<int>(state.range(1))};
  auto a = xp::random::uniform<float, xp::cuda>({n, n}, 0.f, 1.f, 3), b = xp::empty<float, xp::cuda>({n, n});
  const xp::pde::detail::stencil_problem<float> p{a.data(), b.data(), nullptr, n, n, 0.25f, steps};
  device_loop(state, [&] { xp::backends::cuda::stencil_steps_with(p, launch); });
  state.SetBytesProcessed(state.iterations() * steps * n * n * 2 * sizeof(float));
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
