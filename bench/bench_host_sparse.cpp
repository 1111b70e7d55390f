// Host sparse products and LSMR on the seed's system (bench_sparse_seed.hpp) against SciPy
// (bench/peers/peers.py, workload "lsmr_host": its first coefficient, as the issue times it):
//   host_spmv_seed<float, double>  [A; 0.1 I] float32 times a float64 vector
//   host_lsmr_seed_first           lsmr of the first coefficient (c = 0.1; SciPy: over a minute),
//                                  one run; counter: its iterations
#include "bench_common.hpp"
#include "bench_sparse_seed.hpp"

namespace {
using namespace xp_bench;

void host_spmv_seed(benchmark::State& state) {
  const auto s = sparse_lcurve::make_system<xp::host>(seed_sparse_side, seed_sparse_density);
  const auto system = xp::sparse::vstack(s.a, xp::sparse::eye<float, xp::host>(seed_sparse_side) * 0.1f);
  const auto x = xp::random::uniform<double, xp::host>({seed_sparse_side}, -1.0, 1.0, 7);
  for (auto _ : state) benchmark::DoNotOptimize(xp::sparse::matmul(system, x));
  state.SetBytesProcessed(state.iterations() * system.nnz() * 8);
}
BENCHMARK(host_spmv_seed)->Name("host_spmv_seed<float, double>")->UseRealTime()->Unit(benchmark::kMillisecond);

void host_lsmr_seed_first(benchmark::State& state) {
  const auto s = sparse_lcurve::make_system<xp::host>(seed_sparse_side, seed_sparse_density);
  std::vector<xp::index_t> itn;
  for (auto _ : state) itn = seed_lcurve(s, {sparse_lcurve::coefficients().front()});
  state.counters["itn"] = static_cast<double>(itn.front());
}
BENCHMARK(host_lsmr_seed_first)->UseRealTime()->Unit(benchmark::kSecond)->Iterations(1);

}  // namespace
