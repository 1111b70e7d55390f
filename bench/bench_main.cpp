// xp's host benchmarks and main (the device ones are in bench_device*.cu): see bench_common.hpp.
#include "bench_common.hpp"

namespace {
using namespace xp_bench;

// ---- host workloads --------------------------------------------------------------------------
void host_saxpy_trig(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float>({n}, -3.f, 3.f, 1), y = xp::random::uniform<float>({n}, -3.f, 3.f, 2);
  auto z = xp::empty<float>({n});
  for (auto _ : state) xp::eval(xp::exp(0.5f * xp::sin(x) + xp::cos(y)), z);
  state.SetBytesProcessed(state.iterations() * n * 3 * sizeof(float));
}
BENCHMARK(host_saxpy_trig)->Arg(1 << 24)->Unit(benchmark::kMillisecond)->UseRealTime();

void host_sum(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float>({n}, 0.f, 1.f, 1);
  for (auto _ : state) benchmark::DoNotOptimize(xp::sum(x).item());
  state.SetBytesProcessed(state.iterations() * n * sizeof(float));
}
BENCHMARK(host_sum)->Arg(1 << 24)->Unit(benchmark::kMillisecond)->UseRealTime();

// Generator.random / .standard_normal of float32 (NumPy's peers: bench/peers/peers.py "random")
template <bool Normal>
void host_random(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto g = xp::random::default_rng(1);
  for (auto _ : state) {
    auto a = Normal ? g.standard_normal<float>({n}) : g.random<float>({n});
    benchmark::DoNotOptimize(a.data());
  }
  state.SetBytesProcessed(state.iterations() * n * static_cast<std::int64_t>(sizeof(float)));
}
BENCHMARK_TEMPLATE(host_random, false)->Arg(1 << 26)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(host_random, true)->Arg(1 << 26)->Unit(benchmark::kMillisecond)->UseRealTime();

template <class T, bool Grid>
void host_lombscargle(benchmark::State& state) {
  const xp::index_t nf = state.range(0);
  ls_inputs<T, xp::host> in;
  const auto f = xp::linspace<T>(ls_f0, ls_f1, nf);
  const xp::signal::frequency_grid g{ls_f0, (ls_f1 - ls_f0) / double(nf - 1), nf};
  for (auto _ : state) {
    if constexpr (Grid) benchmark::DoNotOptimize(xp::signal::lombscargle(in.x, in.y, g).data());
    else benchmark::DoNotOptimize(xp::signal::lombscargle(in.x, in.y, f).data());
  }
}
BENCHMARK_TEMPLATE(host_lombscargle, float, false)->Arg(1 << 14)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(host_lombscargle, double, false)->Arg(1 << 14)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(host_lombscargle, float, true)->Arg(1 << 14)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(host_lombscargle, double, true)->Arg(1 << 14)->Unit(benchmark::kMillisecond)->UseRealTime();
void host_diffusion_100_steps(benchmark::State& state) { diffusion_steps<xp::host>(state, 2000, 100); }
BENCHMARK(host_diffusion_100_steps)->Unit(benchmark::kMillisecond)->UseRealTime();

// ---- host products: BLAS (automatic) and xp's blocked kernel (own) --------------------------------
template <class T, xp::engine engine>
void host_matmul(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto a = bench_matrix<T, xp::host>(n, 1), b = bench_matrix<T, xp::host>(n, 2);
  auto c = xp::empty<T>({n, n});
  for (auto _ : state) xp::matmul(a, b, xp::out(c), {.engine = engine});
  state.SetItemsProcessed(state.iterations() * 2 * n * n * n);
}
BENCHMARK_TEMPLATE(host_matmul, float, automatic)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(host_matmul, float, own)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(host_matmul, std::int32_t, own)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
