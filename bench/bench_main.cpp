// xp's benchmarks. Device times come from CUDA events around each iteration (manual time);
// bytes processed give GB/s. Reference points measured in the same run:
//   device_copy      cudaMemcpyAsync device-to-device (bytes read + written): the bandwidth limit
//   cub_sum          CUB DeviceReduce::Sum: the reduction to beat
//   cublas_direct_*  cublasSgemm/cublasDgemm called directly: the product to beat, and the
//                    baseline of xp's cuBLAS-engine overhead
// Products report flops (2 m n k per iteration) as items_per_second.
// Peers (NumPy, CuPy) run from bench/peers/peers.py; tools/bench-report.py prints the ratios.
#include <benchmark/benchmark.h>

#if defined(XP_HAS_CUDA)
#include <cublas_v2.h>

#include <cub/device/device_reduce.cuh>
#include <xp/cuda.hpp>
#else
#include <xp/xp.hpp>
#endif

namespace {

// An n x n matrix of random values: U[-1, 1) for floats, integers in [-50, 50) otherwise.
template <class T, class B>
xp::ndarray<T, B> bench_matrix(xp::index_t n, std::uint64_t seed) {
  if constexpr (std::is_floating_point_v<T>) return xp::random::uniform<T, B>({n, n}, T(-1), T(1), seed);
  else return xp::random::uniform<double, B>({n, n}, -50.0, 50.0, seed).template astype<T>();
}

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

// ---- Lomb-Scargle: 2^10 samples; 2^14 frequencies on the host, 2^20 on the device --------------
template <class T, class B>
struct ls_inputs {
  xp::ndarray<T, B> x = xp::random::uniform<T, B>({1 << 10}, T(0), T(100), 1);
  xp::ndarray<T, B> y = xp::random::normal<T, B>({1 << 10}, T(0), T(1), 2);
};
constexpr double ls_f0 = 0.01, ls_f1 = 10.0;

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

// ---- 2-D diffusion: n x n float32 (the seeds' 2000 x 2000), `steps` per iteration -------------
// Bytes: one read and one write of the field per step, what a kernel without temporal blocking
// moves (an "effective" bandwidth).
template <class B>
void diffusion_steps(benchmark::State& state, xp::index_t n, xp::index_t steps) {
  auto f = xp::random::uniform<float, B>({n, n}, 0.f, 1.f, 3);
  auto run = [&] { xp::pde::diffuse(f, 0.25, steps); };
  if constexpr (std::is_same_v<B, xp::host>) {
    for (auto _ : state) run();
  } else {
#if defined(XP_HAS_CUDA)
    device_loop(state, run);
#endif
  }
  state.SetBytesProcessed(state.iterations() * steps * n * n * 2 * sizeof(float));
}
void host_diffusion_100_steps(benchmark::State& state) { diffusion_steps<xp::host>(state, 2000, 100); }
BENCHMARK(host_diffusion_100_steps)->Unit(benchmark::kMillisecond)->UseRealTime();

// ---- host products: BLAS (automatic) and xp's blocked kernel (tiled) ------------------------------
constexpr auto automatic = xp::matmul_engine::automatic;
constexpr auto cublas = xp::matmul_engine::cublas;
constexpr auto tiled = xp::matmul_engine::tiled;

template <class T, xp::matmul_engine engine>
void host_matmul(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto a = bench_matrix<T, xp::host>(n, 1), b = bench_matrix<T, xp::host>(n, 2);
  auto c = xp::empty<T>({n, n});
  for (auto _ : state) xp::matmul(a, b, xp::out(c), {.engine = engine});
  state.SetItemsProcessed(state.iterations() * 2 * n * n * n);
}
BENCHMARK_TEMPLATE(host_matmul, float, automatic)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(host_matmul, float, tiled)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(host_matmul, std::int32_t, tiled)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

#if defined(XP_HAS_CUDA)
// ---- device workloads -----------------------------------------------------------------------
struct events {
  cudaEvent_t start, stop;
  events() {
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
  }
  ~events() {
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
  }
  template <class F>
  double seconds(F&& f) {
    cudaEventRecord(start, xp::backends::cuda::current_stream());
    f();
    cudaEventRecord(stop, xp::backends::cuda::current_stream());
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    return ms * 1e-3;
  }
};

template <class F>
void device_loop(benchmark::State& state, F&& f) {
  events ev;
  f();  // warm-up
  for (auto _ : state) state.SetIterationTime(ev.seconds(f));
}

void device_copy(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto a = xp::zeros<float, xp::cuda>({n}), b = xp::empty<float, xp::cuda>({n});
  device_loop(state, [&] {
    cudaMemcpyAsync(b.data(), a.data(), n * sizeof(float), cudaMemcpyDeviceToDevice, xp::backends::cuda::current_stream());
  });
  state.SetBytesProcessed(state.iterations() * n * 2 * sizeof(float));
}
BENCHMARK(device_copy)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_add(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float, xp::cuda>({n}, -1.f, 1.f, 1), y = xp::random::uniform<float, xp::cuda>({n}, -1.f, 1.f, 2);
  auto z = xp::empty<float, xp::cuda>({n});
  device_loop(state, [&] { xp::eval(x + y, z); });
  state.SetBytesProcessed(state.iterations() * n * 3 * sizeof(float));
}
BENCHMARK(device_add)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_saxpy_trig(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float, xp::cuda>({n}, -3.f, 3.f, 1), y = xp::random::uniform<float, xp::cuda>({n}, -3.f, 3.f, 2);
  auto z = xp::empty<float, xp::cuda>({n});
  device_loop(state, [&] { xp::eval(xp::exp(0.5f * xp::sin(x) + xp::cos(y)), z); });
  state.SetBytesProcessed(state.iterations() * n * 3 * sizeof(float));
}
BENCHMARK(device_saxpy_trig)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_saxpy_trig_kernel(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float, xp::cuda>({n}, -3.f, 3.f, 1), y = xp::random::uniform<float, xp::cuda>({n}, -3.f, 3.f, 2);
  auto z = xp::empty<float, xp::cuda>({n});
  auto k = xp::elementwise_kernel([] XP_HD(float a, float b, float s) {
    return xp::math::exp(s * xp::math::sin(a) + xp::math::cos(b));
  });
  device_loop(state, [&] { k(x, y, 0.5f, xp::out(z)); });
  state.SetBytesProcessed(state.iterations() * n * 3 * sizeof(float));
}
BENCHMARK(device_saxpy_trig_kernel)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

// The hand-written reference: a float4 grid-stride kernel with U vectors in flight per thread,
// one resident wave of blocks. It shows what the fused path leaves on the table, if anything.
template <int U>
__global__ void __launch_bounds__(256) raw_saxpy_trig_kernel(const float4* x, const float4* y, float4* z, float a, int vectors) {
  const int step = gridDim.x * blockDim.x;
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  for (; v + (U - 1) * step < vectors; v += U * step) {
    float4 r[U];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      const float4 p = x[v + u * step], q = y[v + u * step];
      r[u] = make_float4(expf(a * sinf(p.x) + cosf(q.x)), expf(a * sinf(p.y) + cosf(q.y)),
                         expf(a * sinf(p.z) + cosf(q.z)), expf(a * sinf(p.w) + cosf(q.w)));
    }
#pragma unroll
    for (int u = 0; u < U; ++u) z[v + u * step] = r[u];
  }
  for (; v < vectors; v += step) {
    const float4 p = x[v], q = y[v];
    z[v] = make_float4(expf(a * sinf(p.x) + cosf(q.x)), expf(a * sinf(p.y) + cosf(q.y)),
                       expf(a * sinf(p.z) + cosf(q.z)), expf(a * sinf(p.w) + cosf(q.w)));
  }
}

template <int U>
void raw_saxpy_trig(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float, xp::cuda>({n}, -3.f, 3.f, 1), y = xp::random::uniform<float, xp::cuda>({n}, -3.f, 3.f, 2);
  auto z = xp::empty<float, xp::cuda>({n});
  int per_sm = 0, sms = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, raw_saxpy_trig_kernel<U>, 256, 0);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  device_loop(state, [&] {
    raw_saxpy_trig_kernel<U><<<per_sm * sms, 256, 0, xp::backends::cuda::current_stream()>>>(
        reinterpret_cast<const float4*>(x.data()), reinterpret_cast<const float4*>(y.data()),
        reinterpret_cast<float4*>(z.data()), 0.5f, static_cast<int>(n / 4));
  });
  state.SetBytesProcessed(state.iterations() * n * 3 * sizeof(float));
}
BENCHMARK(raw_saxpy_trig<1>)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(raw_saxpy_trig<2>)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(raw_saxpy_trig<4>)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_sum(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float, xp::cuda>({n}, 0.f, 1.f, 1);
  auto s = xp::empty<float, xp::cuda>({});
  device_loop(state, [&] { s = xp::sum(x); });
  state.SetBytesProcessed(state.iterations() * n * sizeof(float));
}
BENCHMARK(device_sum)->RangeMultiplier(4)->Range(1 << 12, 1 << 28)->UseManualTime()->Unit(benchmark::kMicrosecond);

// the same with the 0-d result preallocated, as CUB's benchmark below has it
void device_sum_out(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float, xp::cuda>({n}, 0.f, 1.f, 1);
  auto s = xp::empty<float, xp::cuda>({});
  device_loop(state, [&] { xp::sum(x, {}, false, xp::out(s)); });
  state.SetBytesProcessed(state.iterations() * n * sizeof(float));
}
BENCHMARK(device_sum_out)->RangeMultiplier(16)->Range(1 << 12, 1 << 28)->UseManualTime()->Unit(benchmark::kMicrosecond);

void cub_sum(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto x = xp::random::uniform<float, xp::cuda>({n}, 0.f, 1.f, 1);
  auto s = xp::empty<float, xp::cuda>({1});
  std::size_t temp_bytes = 0;
  cub::DeviceReduce::Sum(nullptr, temp_bytes, x.data(), s.data(), n);
  auto temp = xp::empty<std::uint8_t, xp::cuda>({static_cast<xp::index_t>(temp_bytes)});
  device_loop(state, [&] {
    cub::DeviceReduce::Sum(temp.data(), temp_bytes, x.data(), s.data(), n, xp::backends::cuda::current_stream());
  });
  state.SetBytesProcessed(state.iterations() * n * sizeof(float));
}
BENCHMARK(cub_sum)->RangeMultiplier(4)->Range(1 << 12, 1 << 28)->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_row_sum(benchmark::State& state) {
  auto m = xp::random::uniform<float, xp::cuda>({8192, 8192}, 0.f, 1.f, 1);
  xp::ndarray<float, xp::cuda> r;
  device_loop(state, [&] { r = xp::sum(m, {1}); });
  state.SetBytesProcessed(state.iterations() * 8192 * 8192 * sizeof(float));
}
BENCHMARK(device_row_sum)->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_column_sum(benchmark::State& state) {
  auto m = xp::random::uniform<float, xp::cuda>({8192, 8192}, 0.f, 1.f, 1);
  xp::ndarray<float, xp::cuda> c;
  device_loop(state, [&] { c = xp::sum(m, {0}); });
  state.SetBytesProcessed(state.iterations() * 8192 * 8192 * sizeof(float));
}
BENCHMARK(device_column_sum)->UseManualTime()->Unit(benchmark::kMicrosecond);
// ---- device products ------------------------------------------------------------------------------
template <class T, xp::matmul_engine engine>
void device_matmul(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  auto a = bench_matrix<T, xp::cuda>(n, 1), b = bench_matrix<T, xp::cuda>(n, 2);
  xp::ndarray<T, xp::cuda> c;
  device_loop(state, [&] { c = xp::matmul(a, b, {.engine = engine}); });
  state.SetItemsProcessed(state.iterations() * 2 * n * n * n);
}
BENCHMARK_TEMPLATE(device_matmul, float, cublas)->Arg(64)->Arg(1024)->Arg(4096)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_matmul, float, tiled)->Arg(64)->Arg(1024)->Arg(4096)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_matmul, double, cublas)->Arg(4096)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_matmul, double, tiled)->Arg(4096)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_matmul, std::int32_t, tiled)->Arg(4096)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK_TEMPLATE(device_matmul, std::int64_t, tiled)->Arg(4096)->UseManualTime()->Unit(benchmark::kMicrosecond);

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
    else
      cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, b.data(), n, a.data(), n, &zero, c.data(), n);
  });
  cublasDestroy(h);
  state.SetItemsProcessed(state.iterations() * 2 * std::int64_t{n} * n * n);
}
BENCHMARK(cublas_direct<float>)->Arg(64)->Arg(1024)->Arg(4096)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(cublas_direct<double>)->Arg(4096)->UseManualTime()->Unit(benchmark::kMicrosecond);
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
// (the primitive itself with explicit launch parameters: no precentering, the output allocated once)
template <class T, bool Grid, bool Fast>
void device_lombscargle_tuning(benchmark::State& state) {
  const xp::index_t nf = state.range(0);
  const xp::backends::cuda::lombscargle_launch launch{static_cast<int>(state.range(1)), static_cast<int>(state.range(2))};
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
// (the primitive itself with an explicit tile shape, on the two buffers diffuse would hand it)
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
#endif

}  // namespace

BENCHMARK_MAIN();
