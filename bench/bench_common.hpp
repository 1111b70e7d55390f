#pragma once
// What xp's benchmark translation units share: the includes, the inputs and the device timing
// loop. The benchmarks are split over several translation units so that they compile in
// parallel (one TU of all of them took 70 s with nvcc):
//   bench_main.cpp             host workloads, and main
//   bench_device.cu            device elementwise, copies and reductions (with CUB)
//   bench_device_products.cu   device products (with cuBLAS called directly)
//   bench_device_signal.cu     device Lomb-Scargle and diffusion
//   bench_device_chunked.cu    host arrays streamed through the device (xp/cuda/chunked.hpp)
//   bench_device_manip.cu      device concat and stack (issue 19), against two cudaMemcpyAsync
// xp's benchmarks. Device times come from CUDA events around each iteration (manual time);
// bytes processed give GB/s. Reference points measured in the same run:
//   device_copy      cudaMemcpyAsync device-to-device (bytes read + written): the bandwidth limit
//   cub_sum          CUB DeviceReduce::Sum: the reduction to beat
//   cublas_direct_*  cublasSgemm/cublasDgemm called directly: the product to beat, and the
//                    baseline of xp's cuBLAS-engine overhead
// Products report flops (2 m n k per iteration) as items_per_second.
// Peers (NumPy, CuPy) run from bench/peers/peers.py; tools/bench-report.py prints the ratios.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <type_traits>

#if defined(XP_HAS_CUDA)
#include <xp/cuda.hpp>
#else
#include <xp/xp.hpp>
#endif

namespace xp_bench {

// An n x n matrix of random values: U[-1, 1) for floats, integers in [-50, 50) otherwise.
template <class T, class B>
xp::ndarray<T, B> bench_matrix(xp::index_t n, std::uint64_t seed) {
  if constexpr (std::is_floating_point_v<T>) return xp::random::uniform<T, B>({n, n}, T(-1), T(1), seed);
  else return xp::random::uniform<double, B>({n, n}, -50.0, 50.0, seed).template astype<T>();
}

#if defined(XP_HAS_CUDA)
// Device times: CUDA events around each iteration on the current stream.
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
#endif

// ---- Lomb-Scargle: 2^10 samples; 2^14 frequencies on the host, 2^20 on the device --------------
template <class T, class B>
struct ls_inputs {
  xp::ndarray<T, B> x = xp::random::uniform<T, B>({1 << 10}, T(0), T(100), 1);
  xp::ndarray<T, B> y = xp::random::normal<T, B>({1 << 10}, T(0), T(1), 2);
};
constexpr double ls_f0 = 0.01, ls_f1 = 10.0;

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

// ---- matmul engines ------------------------------------------------------------------------------
constexpr auto automatic = xp::engine::automatic;
constexpr auto vendor = xp::engine::vendor;  // cuBLAS on the device, CBLAS on the host
constexpr auto own = xp::engine::own;        // xp's tiled (device) and blocked (host) kernels

}  // namespace xp_bench
