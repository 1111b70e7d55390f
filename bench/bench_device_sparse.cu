// Device sparse products and LSMR on the seed's system (bench_sparse_seed.hpp) against CuPy
// (bench/peers/peers.py, workloads "sparse" and "lcurve"):
//   device_spmv_seed<float>          [A; 0.1 I] (30000 x 15000, 22.5 M nonzeros) float32 times a float32
//                                    vector (CUDA events; bytes: values, indices, row pointers, x, y)
//   device_spmv_seed<float, double>  the float32 matrix times a float64 vector (float64 sums)
//   device_spmv_seed<double>         the seed's own system: vstack of float32 A and float64 c I is float64
//   cusparse_spmv_seed<float>        the float32 product through cuSPARSE (engine::vendor: CSR ALG1)
//   device_chunked_spmv_seed         the float32 product with the matrix in host memory, streamed
//                                    through the device (chunked_matmul; bytes: the matrix's, over
//                                    the link; compare h2d_link in bench_device_chunked.cu)
//   device_lcurve_seed               the whole L-curve: 10 coefficients, vstack + lsmr each (wall clock);
//                                    counters: the iterations of the first and of all coefficients
// See bench_common.hpp; device_copy (bench_device.cu) is the bandwidth these are compared with.
#include "bench_common.hpp"
#include "bench_sparse_seed.hpp"

#include <xp/cuda/chunked_spmv.hpp>

namespace {
using namespace xp_bench;

template <class T, class X, xp::engine E = xp::engine::own>
void device_spmv_seed(benchmark::State& state) {
  const auto s = sparse_lcurve::make_system<xp::cuda>(seed_sparse_side, seed_sparse_density);
  const auto system = xp::sparse::vstack(s.a, xp::sparse::eye<float, xp::cuda>(seed_sparse_side) * 0.1f).astype<T>();
  const auto x = xp::random::uniform<X, xp::cuda>({seed_sparse_side}, X(-1), X(1), 7);
  xp::ndarray<xp::promote_t<T, X>, xp::cuda> y;
  device_loop(state, [&] { y = xp::sparse::matmul(system, x, {E}); });
  const auto bytes = system.nnz() * static_cast<std::int64_t>(sizeof(T) + sizeof(xp::sparse::index32)) +
                     (system.shape()[0] + 1) * 4 + seed_sparse_side * sizeof(X) + y.nbytes();
  state.SetBytesProcessed(state.iterations() * bytes);
}
BENCHMARK_TEMPLATE(device_spmv_seed, float, float)
    ->Name("device_spmv_seed<float>")
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_spmv_seed, float, double)
    ->Name("device_spmv_seed<float, double>")
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_spmv_seed, float, float, xp::engine::vendor)
    ->Name("cusparse_spmv_seed<float>")
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_spmv_seed, double, double)
    ->Name("device_spmv_seed<double>")
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);

void device_chunked_spmv_seed(benchmark::State& state) {
  const auto s = sparse_lcurve::make_system<xp::host>(seed_sparse_side, seed_sparse_density);
  const auto system = xp::sparse::vstack(s.a, xp::sparse::eye<float, xp::host>(seed_sparse_side) * 0.1f);
  const auto x = xp::random::uniform<float, xp::cuda>({seed_sparse_side}, -1.f, 1.f, 7);
  xp::ndarray<float, xp::cuda> y;
  device_loop(state, [&] { y = xp::sparse::chunked_matmul(system, x); });
  state.SetBytesProcessed(state.iterations() * system.nnz() *
                          static_cast<std::int64_t>(sizeof(float) + sizeof(xp::sparse::index32)));
}
BENCHMARK(device_chunked_spmv_seed)->UseManualTime()->Unit(benchmark::kMillisecond);

void device_lcurve_seed(benchmark::State& state) {
  const auto s = sparse_lcurve::make_system<xp::cuda>(seed_sparse_side, seed_sparse_density);
  const auto coeffs = sparse_lcurve::coefficients();
  std::vector<xp::index_t> itn = seed_lcurve(s, {coeffs.front()});  // warm-up: plans, pool, modules
  xp::cuda::synchronize();
  for (auto _ : state) {
    itn = seed_lcurve(s, coeffs);
    xp::cuda::synchronize();
  }
  xp::index_t total = 0;
  for (auto i : itn) total += i;
  state.counters["itn_first"] = static_cast<double>(itn.front());
  state.counters["itn_total"] = static_cast<double>(total);
}
BENCHMARK(device_lcurve_seed)->UseRealTime()->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
