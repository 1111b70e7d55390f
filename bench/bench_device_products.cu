// Device products: xp::matmul's engines, with cuBLAS called directly as the reference. See
// bench_common.hpp.
#include "bench_common.hpp"

#include <cublas_v2.h>

namespace {
using namespace xp_bench;

// ---- device products ------------------------------------------------------------------------------
template <class T, xp::engine engine>
void device_matmul(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto a = bench_matrix<T, xp::cuda>(n, 1), b = bench_matrix<T, xp::cuda>(n, 2);
  xp::ndarray<T, xp::cuda> c;
  device_loop(state, [&] { c = xp::matmul(a, b, {.engine = engine}); });
  state.SetItemsProcessed(state.iterations() * 2 * n * n * n);
}
BENCHMARK_TEMPLATE(device_matmul, float, vendor)
    ->Arg(64)
    ->Arg(1024)
    ->Arg(4096)
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_matmul, float, own)
    ->Arg(64)
    ->Arg(1024)
    ->Arg(4096)
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_matmul, double, vendor)->Arg(4096)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_matmul, double, own)->Arg(4096)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_matmul, std::int32_t, own)->Arg(4096)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_matmul, std::int64_t, own)->Arg(4096)->UseManualTime()->Unit(benchmark::kMicrosecond);

// The same float product with TF32 tensor cores allowed (opt-in precision).
void device_matmul_tf32(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto a = bench_matrix<float, xp::cuda>(n, 1), b = bench_matrix<float, xp::cuda>(n, 2);
  xp::ndarray<float, xp::cuda> c;
  device_loop(state, [&] { c = xp::matmul(a, b, {.precision = xp::matmul_precision::tf32}); });
  state.SetItemsProcessed(state.iterations() * 2 * n * n * n);
}
BENCHMARK(device_matmul_tf32)->Arg(4096)->UseManualTime()->Unit(benchmark::kMicrosecond);

// cuBLAS called directly on preallocated buffers: what xp's cuBLAS engine adds is the difference.
template <class T>
void cublas_direct(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  auto a = bench_matrix<T, xp::cuda>(n, 1), b = bench_matrix<T, xp::cuda>(n, 2);
  auto c = xp::empty<T, xp::cuda>({n, n});
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, xp::backends::cuda::current_stream());
  const T one = 1, zero = 0;
  device_loop(state, [&] {
    if constexpr (std::is_same_v<T, float>)
      cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, b.data(), n, a.data(), n, &zero, c.data(), n);
    else cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, b.data(), n, a.data(), n, &zero, c.data(), n);
  });
  cublasDestroy(h);
  state.SetItemsProcessed(state.iterations() * 2 * std::int64_t{n} * n * n);
}
BENCHMARK(cublas_direct<float>)->Arg(64)->Arg(1024)->Arg(4096)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(cublas_direct<double>)->Arg(4096)->UseManualTime()->Unit(benchmark::kMicrosecond);

}  // namespace
