// Device random numbers: xp::random's samplers beside cuRAND's Philox4_32_10 host API
// (curandGenerateUniform / curandGenerateNormal) in the same run, 2^26 float32, written into a
// preallocated array (the generation alone), and Generator's calls (allocation included).
#include <curand.h>

#include "bench_common.hpp"

namespace {
using namespace xp_bench;
namespace rd = xp::random::detail;

constexpr xp::index_t random_n = xp::index_t{1} << 26;

template <bool Normal>
void device_random_xp(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto out = xp::empty<float, xp::cuda>({n});
  std::uint32_t call = 0;
  device_loop(state, [&] {
    if constexpr (Normal)
      xp::primitive::random_fill<xp::cuda>::run(out.data(), n, rd::normal_sampler<float>{{1, call++}, 0.f, 1.f});
    else
      xp::primitive::random_fill<xp::cuda>::run(out.data(), n, rd::uniform_sampler<float>{{1, call++}, 0.f, 1.f, 1.f});
  });
  state.SetBytesProcessed(state.iterations() * n * static_cast<std::int64_t>(sizeof(float)));
}
BENCHMARK_TEMPLATE(device_random_xp, false)->Arg(random_n)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_random_xp, true)->Arg(random_n)->UseManualTime()->Unit(benchmark::kMicrosecond);

template <bool Normal>
void device_random_curand(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto out = xp::empty<float, xp::cuda>({n});
  curandGenerator_t gen;
  if (curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_PHILOX4_32_10) != CURAND_STATUS_SUCCESS) {
    state.SkipWithError("curandCreateGenerator failed");
    return;
  }
  curandSetPseudoRandomGeneratorSeed(gen, 1);
  curandSetStream(gen, xp::backends::cuda::current_stream());
  device_loop(state, [&] {
    if constexpr (Normal) curandGenerateNormal(gen, out.data(), static_cast<std::size_t>(n), 0.f, 1.f);
    else curandGenerateUniform(gen, out.data(), static_cast<std::size_t>(n));
  });
  curandDestroyGenerator(gen);
  state.SetBytesProcessed(state.iterations() * n * static_cast<std::int64_t>(sizeof(float)));
}
BENCHMARK_TEMPLATE(device_random_curand, false)->Arg(random_n)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_random_curand, true)->Arg(random_n)->UseManualTime()->Unit(benchmark::kMicrosecond);

// The public calls, as CuPy's cp.random.default_rng(1).random(n, dtype=float32) is timed
template <bool Normal>
void device_generator(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto g = xp::random::default_rng<xp::cuda>(1);
  xp::ndarray<float, xp::cuda> out;
  device_loop(state, [&] { out = Normal ? g.standard_normal<float>({n}) : g.random<float>({n}); });
  state.SetBytesProcessed(state.iterations() * n * static_cast<std::int64_t>(sizeof(float)));
}
BENCHMARK_TEMPLATE(device_generator, false)->Arg(random_n)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_generator, true)->Arg(random_n)->UseManualTime()->Unit(benchmark::kMicrosecond);

}  // namespace
