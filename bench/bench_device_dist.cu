// Issue 20's scaling workloads on 1 GPU and on every GPU of the machine (the first argument is
// the number of ranks; a run on a machine with fewer GPUs reports the case skipped). Times are
// wall-clock from the call to every rank's stream drained (`comm.synchronize()`), collectives
// included. The speed-up is the 1-rank time over the p-rank time of the same workload.
//   dist_sum             sum of 2^31 float32 (8 GiB), shard sums + an all-reduce
//   dist_lombscargle     2^10 samples x 2^22 frequencies (float32 grid), split over frequencies
//   dist_diffuse         8000 x 8000 float32, 1000 steps; second argument: halo depth
//   dist_matmul          16384^2 float32 (A split by rows, B replicated beforehand)
//   dist_all_reduce      NCCL all-reduce of `bytes` per rank; counters algbw and busbw as
//                        nccl-tests defines them (busbw = algbw * 2 (p - 1) / p)
#include "bench_common.hpp"

#if defined(XP_HAS_NCCL)
#include <xp/dist.hpp>

#include <chrono>
#include <optional>
#include <vector>

namespace {
using namespace xp_bench;

// The communicator of the first p devices, or nothing when the machine has fewer.
std::optional<xp::dist::communicator> first_devices(benchmark::State& state, int p) {
  if (p > xp::cuda::device_count()) {
    state.SkipWithError("fewer GPUs than ranks");
    return std::nullopt;
  }
  std::vector<int> devices(static_cast<std::size_t>(p));
  for (int i = 0; i < p; ++i) devices[static_cast<std::size_t>(i)] = i;
  return xp::dist::communicator(devices);
}

// Shards of `shape` rows split over the ranks, filled on each device (no 8 GiB upload).
xp::dist::sharded<float, xp::cuda> device_shards(const xp::dist::communicator& comm, const xp::shape_type& shape,
                                                 std::uint64_t seed) {
  const auto rows = xp::dist::detail::split_rows(shape[0], comm.size());
  std::vector<xp::ndarray<float, xp::cuda>> shards;
  for (int r = 0; r < comm.size(); ++r) {
    xp::dist::rank_scope<xp::cuda> on(comm, r);
    xp::shape_type s = shape;
    s[0] = rows[static_cast<std::size_t>(r)];
    shards.push_back(xp::random::uniform<float, xp::cuda>(s, 0.f, 1.f, seed + static_cast<std::uint64_t>(r)));
  }
  return {comm, std::move(shards)};
}

// Wall-clock per iteration, every rank drained at both ends.
template <class F>
void wall_loop(benchmark::State& state, const xp::dist::communicator& comm, F&& f) {
  f();  // warm-up: NCCL's first use sets up its channels
  comm.synchronize();
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    comm.synchronize();
    state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  state.counters["ranks"] = comm.size();
}

void dist_sum(benchmark::State& state) {
  const auto comm = first_devices(state, static_cast<int>(state.range(0)));
  if (!comm) return;
  const xp::index_t n = xp::index_t{1} << 31;
  const auto x = device_shards(*comm, {n}, 1);
  wall_loop(state, *comm, [&] { benchmark::DoNotOptimize(xp::dist::sum(x)); });
  state.SetBytesProcessed(state.iterations() * n * xp::index_t{sizeof(float)});
}
BENCHMARK(dist_sum)->Arg(1)->Arg(2)->Arg(8)->UseManualTime()->Unit(benchmark::kMillisecond);

void dist_lombscargle(benchmark::State& state) {
  const auto comm = first_devices(state, static_cast<int>(state.range(0)));
  if (!comm) return;
  const ls_inputs<float, xp::cuda> in;
  const xp::signal::frequency_grid grid{ls_f0, (ls_f1 - ls_f0) / double((1 << 22) - 1), 1 << 22};
  // the samples' copies to each rank are part of the call, as a user's call would make them
  wall_loop(state, *comm, [&] { benchmark::DoNotOptimize(xp::dist::lombscargle(*comm, in.x, in.y, grid)); });
}
BENCHMARK(dist_lombscargle)->Arg(1)->Arg(2)->Arg(8)->UseManualTime()->Unit(benchmark::kMillisecond);

void dist_diffuse(benchmark::State& state) {
  const auto comm = first_devices(state, static_cast<int>(state.range(0)));
  if (!comm) return;
  const auto f = device_shards(*comm, {8000, 8000}, 3);
  wall_loop(state, *comm, [&] { xp::dist::diffuse(f, 0.25, 1000, {.halo = state.range(1)}); });
}
BENCHMARK(dist_diffuse)
    ->ArgsProduct({{1, 2, 8}, {1, 8}})
    ->UseManualTime()
    ->Iterations(3)
    ->Unit(benchmark::kMillisecond);

void dist_matmul(benchmark::State& state) {
  const auto comm = first_devices(state, static_cast<int>(state.range(0)));
  if (!comm) return;
  constexpr xp::index_t n = 16384;
  const auto a = device_shards(*comm, {n, n}, 5);
  const auto b = xp::dist::replicate(*comm, xp::random::uniform<float, xp::cuda>({n, n}, 0.f, 1.f, 6));
  wall_loop(state, *comm, [&] { benchmark::DoNotOptimize(xp::dist::matmul(a, b)); });
  state.counters["TFLOPS"] =
      benchmark::Counter(2.0 * n * n * n * 1e-12 * double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(dist_matmul)->Arg(1)->Arg(2)->Arg(8)->UseManualTime()->Unit(benchmark::kMillisecond);

void dist_all_reduce(benchmark::State& state) {
  const auto comm = first_devices(state, static_cast<int>(state.range(0)));
  if (!comm) return;
  const xp::index_t bytes = state.range(1);
  std::vector<xp::ndarray<float, xp::cuda>> parts;
  for (int r = 0; r < comm->size(); ++r) {
    xp::dist::rank_scope<xp::cuda> on(*comm, r);
    parts.push_back(xp::ones<float, xp::cuda>({bytes / xp::index_t{sizeof(float)}}));
  }
  wall_loop(state, *comm, [&] { comm->all_reduce(parts); });
  const double p = comm->size();
  state.counters["algbw_GBps"] =
      benchmark::Counter(double(bytes) * 1e-9 * double(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["busbw_GBps"] = benchmark::Counter(double(bytes) * 1e-9 * double(state.iterations()) * 2 * (p - 1) / p,
                                                    benchmark::Counter::kIsRate);
}
BENCHMARK(dist_all_reduce)
    ->ArgsProduct({{1, 2, 8}, {1 << 20, 1 << 28}})
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);

}  // namespace
#endif
