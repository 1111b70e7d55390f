// Device linalg against CuPy (bench/peers/peers.py, workload "linalg", the same sizes), with
// cuSOLVER called directly as the reference of the large solve:
//   device_solve_batched/8       10^4 systems of 8 x 8 float64, b (10^4, 8, 1)
//   device_inv_batched/8         10^4 inverses of 8 x 8 float64
//   device_solve/8192            one 8192 x 8192 float64 system, b (8192,)
//   cusolver_getrf_getrs/8192    cusolverDnDgetrf + Dgetrs called directly on the same system
//   cusolver_xgetrf_getrs<A>     the 64-bit API's Xgetrf + Xgetrs with algorithm A (0, 1)
//   cusolver_xpotrf<A>/8192      Xpotrf with algorithm A: the reference of cholesky
//   device_cholesky/8192         float64, positive definite
//   device_svd/4096              float32, full_matrices (square: the same as reduced)
//   device_eigh/4096             float64, symmetric
// See bench_common.hpp.
#include <cusolverDn.h>

#include "bench_common.hpp"

#include <vector>

namespace {
using namespace xp_bench;

constexpr xp::index_t small_systems = 10000;

// n * I + U[-1, 1): well conditioned, so every solve succeeds
xp::ndarray<double, xp::cuda> well_conditioned(const xp::shape_type& shape, std::uint64_t seed) {
  const xp::index_t n = shape.back();
  return xp::random::uniform<double, xp::cuda>(shape, -1.0, 1.0, seed) +
         static_cast<double>(n) * xp::eye<double, xp::cuda>(n);
}

void device_solve_batched(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  const auto a = well_conditioned({small_systems, n, n}, 5);
  const auto b = xp::random::uniform<double, xp::cuda>({small_systems, n, 1}, -1.0, 1.0, 6);
  xp::ndarray<double, xp::cuda> x;
  device_loop(state, [&] { x = xp::linalg::solve(a, b); });
}
BENCHMARK(device_solve_batched)->Arg(8)->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_inv_batched(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  const auto a = well_conditioned({small_systems, n, n}, 7);
  xp::ndarray<double, xp::cuda> x;
  device_loop(state, [&] { x = xp::linalg::inv(a); });
}
BENCHMARK(device_inv_batched)->Arg(8)->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_solve(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  const auto a = well_conditioned({n, n}, 8);
  const auto b = xp::random::uniform<double, xp::cuda>({n}, -1.0, 1.0, 9);
  xp::ndarray<double, xp::cuda> x;
  device_loop(state, [&] { x = xp::linalg::solve(a, b); });
  state.SetItemsProcessed(state.iterations() * 2 * n * n * n / 3);
}
BENCHMARK(device_solve)->Arg(8192)->UseManualTime()->Unit(benchmark::kMillisecond);

// getrf + getrs on a copy of the matrix (getrf overwrites it), with the workspace allocated once:
// the floor of what xp's solve adds around cuSOLVER (its column-major copy and its pool's workspace).
void cusolver_getrf_getrs(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const auto a = well_conditioned({n, n}, 8);
  const auto b = xp::random::uniform<double, xp::cuda>({n}, -1.0, 1.0, 9);
  auto lu = xp::empty<double, xp::cuda>({n, n});
  auto x = xp::empty<double, xp::cuda>({n});
  auto pivots = xp::empty<std::int32_t, xp::cuda>({n});
  auto info = xp::empty<std::int32_t, xp::cuda>({1});
  cusolverDnHandle_t h;
  cusolverDnCreate(&h);
  cusolverDnSetStream(h, xp::backends::cuda::current_stream());
  int lwork = 0;
  cusolverDnDgetrf_bufferSize(h, n, n, lu.data(), n, &lwork);
  auto work = xp::empty<double, xp::cuda>({lwork});
  const cudaStream_t stream = xp::backends::cuda::current_stream();
  // a row-major matrix is its transpose in cuSOLVER's column-major order: getrs solves with op T
  device_loop(state, [&] {
    cudaMemcpyAsync(lu.data(), a.data(), sizeof(double) * n * n, cudaMemcpyDeviceToDevice, stream);
    cudaMemcpyAsync(x.data(), b.data(), sizeof(double) * n, cudaMemcpyDeviceToDevice, stream);
    cusolverDnDgetrf(h, n, n, lu.data(), n, work.data(), pivots.data(), info.data());
    cusolverDnDgetrs(h, CUBLAS_OP_T, n, 1, lu.data(), n, pivots.data(), x.data(), n, info.data());
  });
  cusolverDnDestroy(h);
  state.SetItemsProcessed(state.iterations() * 2 * std::int64_t{n} * n * n / 3);
}
BENCHMARK(cusolver_getrf_getrs)->Arg(8192)->UseManualTime()->Unit(benchmark::kMillisecond);

// The same system through the 64-bit API (cusolverDnXgetrf/Xgetrs) with algorithm `Alg` of
// cusolverDnSetAdvOptions: which of cuSOLVER's LU algorithms is fastest here.
template <int Alg>
void cusolver_xgetrf_getrs(benchmark::State& state) {
  const std::int64_t n = state.range(0);
  const auto a = well_conditioned({n, n}, 8);
  const auto b = xp::random::uniform<double, xp::cuda>({n}, -1.0, 1.0, 9);
  auto lu = xp::empty<double, xp::cuda>({n, n});
  auto x = xp::empty<double, xp::cuda>({n});
  auto pivots = xp::empty<std::int64_t, xp::cuda>({n});
  auto info = xp::empty<std::int32_t, xp::cuda>({1});
  cusolverDnHandle_t h;
  cusolverDnCreate(&h);
  cusolverDnSetStream(h, xp::backends::cuda::current_stream());
  cusolverDnParams_t params;
  cusolverDnCreateParams(&params);
  cusolverDnSetAdvOptions(params, CUSOLVERDN_GETRF, static_cast<cusolverAlgMode_t>(Alg));
  std::size_t device_bytes = 0, host_bytes = 0;
  cusolverDnXgetrf_bufferSize(h, params, n, n, CUDA_R_64F, lu.data(), n, CUDA_R_64F, &device_bytes, &host_bytes);
  auto work = xp::empty<std::uint8_t, xp::cuda>({static_cast<xp::index_t>(device_bytes) + 1});
  std::vector<char> host_work(host_bytes + 1);
  const cudaStream_t stream = xp::backends::cuda::current_stream();
  device_loop(state, [&] {
    cudaMemcpyAsync(lu.data(), a.data(), sizeof(double) * n * n, cudaMemcpyDeviceToDevice, stream);
    cudaMemcpyAsync(x.data(), b.data(), sizeof(double) * n, cudaMemcpyDeviceToDevice, stream);
    cusolverDnXgetrf(h, params, n, n, CUDA_R_64F, lu.data(), n, pivots.data(), CUDA_R_64F, work.data(), device_bytes,
                     host_work.data(), host_bytes, info.data());
    cusolverDnXgetrs(h, params, CUBLAS_OP_T, n, 1, CUDA_R_64F, lu.data(), n, pivots.data(), CUDA_R_64F, x.data(), n,
                     info.data());
  });
  cusolverDnDestroyParams(params);
  cusolverDnDestroy(h);
}
BENCHMARK_TEMPLATE(cusolver_xgetrf_getrs, 0)->Arg(8192)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(cusolver_xgetrf_getrs, 1)->Arg(8192)->UseManualTime()->Unit(benchmark::kMillisecond);

// cusolverDnXpotrf with algorithm `Alg`: the reference of xp's cholesky.
template <int Alg>
void cusolver_xpotrf(benchmark::State& state) {
  const std::int64_t n = state.range(0);
  const auto g = xp::random::uniform<double, xp::cuda>({n, n}, -1.0, 1.0, 10);
  const xp::ndarray<double, xp::cuda> spd =
      (g + xp::matrix_transpose(g)) + 2.0 * static_cast<double>(n) * xp::eye<double, xp::cuda>(n);
  auto l = xp::empty<double, xp::cuda>({n, n});
  auto info = xp::empty<std::int32_t, xp::cuda>({1});
  cusolverDnHandle_t h;
  cusolverDnCreate(&h);
  cusolverDnSetStream(h, xp::backends::cuda::current_stream());
  cusolverDnParams_t params;
  cusolverDnCreateParams(&params);
  cusolverDnSetAdvOptions(params, CUSOLVERDN_POTRF, static_cast<cusolverAlgMode_t>(Alg));
  std::size_t device_bytes = 0, host_bytes = 0;
  cusolverDnXpotrf_bufferSize(h, params, CUBLAS_FILL_MODE_LOWER, n, CUDA_R_64F, l.data(), n, CUDA_R_64F, &device_bytes,
                              &host_bytes);
  auto work = xp::empty<std::uint8_t, xp::cuda>({static_cast<xp::index_t>(device_bytes) + 1});
  std::vector<char> host_work(host_bytes + 1);
  const cudaStream_t stream = xp::backends::cuda::current_stream();
  device_loop(state, [&] {
    cudaMemcpyAsync(l.data(), spd.data(), sizeof(double) * n * n, cudaMemcpyDeviceToDevice, stream);
    cusolverDnXpotrf(h, params, CUBLAS_FILL_MODE_LOWER, n, CUDA_R_64F, l.data(), n, CUDA_R_64F, work.data(),
                     device_bytes, host_work.data(), host_bytes, info.data());
  });
  cusolverDnDestroyParams(params);
  cusolverDnDestroy(h);
}
BENCHMARK_TEMPLATE(cusolver_xpotrf, 0)->Arg(8192)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(cusolver_xpotrf, 1)->Arg(8192)->UseManualTime()->Unit(benchmark::kMillisecond);

void device_cholesky(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  const auto g = xp::random::uniform<double, xp::cuda>({n, n}, -1.0, 1.0, 10);
  const xp::ndarray<double, xp::cuda> spd =
      (g + xp::matrix_transpose(g)) + 2.0 * static_cast<double>(n) * xp::eye<double, xp::cuda>(n);
  xp::ndarray<double, xp::cuda> l;
  device_loop(state, [&] { l = xp::linalg::cholesky(spd); });
}
BENCHMARK(device_cholesky)->Arg(8192)->UseManualTime()->Unit(benchmark::kMillisecond);

void device_svd(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  const auto a = xp::random::uniform<float, xp::cuda>({n, n}, -1.f, 1.f, 11);
  device_loop(state, [&] { benchmark::DoNotOptimize(xp::linalg::svd(a)); });
}
BENCHMARK(device_svd)->Arg(4096)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(3);

void device_eigh(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  const auto g = xp::random::uniform<double, xp::cuda>({n, n}, -1.0, 1.0, 12);
  const xp::ndarray<double, xp::cuda> sym = g + xp::matrix_transpose(g);
  device_loop(state, [&] { benchmark::DoNotOptimize(xp::linalg::eigh(sym)); });
}
BENCHMARK(device_eigh)->Arg(4096)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(5);

}  // namespace
