// Device FFTs against CuPy (bench/peers/peers.py, workload "fft", the same sizes) and against
// cuFFT called directly (the floor: xp's plan cache, pool workspace and checks should cost nothing):
//   device_fft2<complex64>/4096       xp::fft::fft2 of a 4096 x 4096 complex64 array (CUDA events)
//   device_fft2_wall<complex64>/4096  the same by wall clock (host work and the final wait included)
//   device_rfft2<float>/4096          xp::fft::rfft2 of 4096 x 4096 float32 (events; _wall: wall clock)
//   cufft_direct_fft2/4096            cufftExecC2C with a plan made once (events)
//   cufft_direct_rfft2/4096           cufftExecR2C with a plan made once (events)
//   device_seed_field/2000            the seed's jagged start image, fused (examples/seed_field.hpp),
//                                     by wall clock; _as_written: line for line as the seed's NumPy
// See bench_common.hpp.
#include <cufft.h>

#include "bench_common.hpp"
#include "seed_field.hpp"

#include <xp/fft.hpp>

namespace {
using namespace xp_bench;

constexpr xp::index_t fft_side = 4096, field_side = 2000;

xp::ndarray<xp::complex64, xp::cuda> complex_square(xp::index_t n) {
  return (xp::random::uniform<float, xp::cuda>({n, n}, -1.f, 1.f, 5) +
          xp::complex64(0, 1) * xp::random::uniform<float, xp::cuda>({n, n}, -1.f, 1.f, 6));
}

// a 2-D transform reads and writes the array once per axis: the bytes a pass-per-axis FFT moves
void set_fft_bytes(benchmark::State& state, std::size_t in_bytes, std::size_t out_bytes) {
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(in_bytes + out_bytes));
}

void device_fft2(benchmark::State& state) {
  const auto z = complex_square(fft_side);
  xp::ndarray<xp::complex64, xp::cuda> r;
  device_loop(state, [&] { r = xp::fft::fft2(z); });
  set_fft_bytes(state, z.nbytes(), r.nbytes());
}
BENCHMARK(device_fft2)->Name("device_fft2<complex64>/4096")->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_fft2_wall(benchmark::State& state) {
  const auto z = complex_square(fft_side);
  auto r = xp::fft::fft2(z);
  xp::cuda::synchronize();
  for (auto _ : state) {
    r = xp::fft::fft2(z);
    xp::cuda::synchronize();
  }
  set_fft_bytes(state, z.nbytes(), r.nbytes());
}
BENCHMARK(device_fft2_wall)->Name("device_fft2_wall<complex64>/4096")->UseRealTime()->Unit(benchmark::kMicrosecond);

void device_rfft2(benchmark::State& state) {
  const auto x = xp::random::uniform<float, xp::cuda>({fft_side, fft_side}, -1.f, 1.f, 7);
  xp::ndarray<xp::complex64, xp::cuda> r;
  device_loop(state, [&] { r = xp::fft::rfft2(x); });
  set_fft_bytes(state, x.nbytes(), r.nbytes());
}
BENCHMARK(device_rfft2)->Name("device_rfft2<float>/4096")->UseManualTime()->Unit(benchmark::kMicrosecond);

void device_rfft2_wall(benchmark::State& state) {
  const auto x = xp::random::uniform<float, xp::cuda>({fft_side, fft_side}, -1.f, 1.f, 7);
  auto r = xp::fft::rfft2(x);
  xp::cuda::synchronize();
  for (auto _ : state) {
    r = xp::fft::rfft2(x);
    xp::cuda::synchronize();
  }
  set_fft_bytes(state, x.nbytes(), r.nbytes());
}
BENCHMARK(device_rfft2_wall)->Name("device_rfft2_wall<float>/4096")->UseRealTime()->Unit(benchmark::kMicrosecond);

// cuFFT alone: one plan, out of place, on xp's stream (what xp's call adds is the difference)
void cufft_direct(benchmark::State& state, bool real_input) {
  const int n = static_cast<int>(fft_side);
  const auto z = complex_square(fft_side);
  auto out = xp::empty<xp::complex64, xp::cuda>({fft_side, fft_side});
  cufftHandle plan;
  if (cufftPlan2d(&plan, n, n, real_input ? CUFFT_R2C : CUFFT_C2C) != CUFFT_SUCCESS) {
    state.SkipWithError("cufftPlan2d failed");
    return;
  }
  cufftSetStream(plan, xp::backends::cuda::current_stream());
  auto* in = reinterpret_cast<cufftComplex*>(const_cast<xp::complex64*>(z.data()));
  auto* o = reinterpret_cast<cufftComplex*>(out.data());
  device_loop(state, [&] {
    if (real_input) cufftExecR2C(plan, reinterpret_cast<cufftReal*>(in), o);
    else cufftExecC2C(plan, in, o, CUFFT_FORWARD);
  });
  cufftDestroy(plan);
}
BENCHMARK_CAPTURE(cufft_direct, c2c, false)
    ->Name("cufft_direct_fft2/4096")
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(cufft_direct, r2c, true)
    ->Name("cufft_direct_rfft2/4096")
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);

template <bool Fused>
void device_seed_field(benchmark::State& state) {
  auto make = [] {
    if constexpr (Fused) return seed_field::fused<xp::cuda>(field_side, field_side);
    else return seed_field::as_written<xp::cuda>(field_side, field_side);
  };
  auto f = make();
  xp::cuda::synchronize();
  for (auto _ : state) {
    f = make();
    xp::cuda::synchronize();
  }
}
BENCHMARK_TEMPLATE(device_seed_field, true)
    ->Name("device_seed_field/2000")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(device_seed_field, false)
    ->Name("device_seed_field_as_written/2000")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
