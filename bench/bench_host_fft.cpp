// Host FFTs against NumPy (bench/peers/peers.py, workload "fft") and FFTW called directly with the
// plan flags xp uses (the bound: xp within 1.5x of it):
//   host_fft2<complex64>/2048          xp::fft::fft2 of a 2048 x 2048 complex64 array
//   host_fftw_direct_fft2<complex64>/2048  fftwf_plan_dft_2d once, with the flags xp plans this transform
//                                      with (FFTW_ESTIMATE | FFTW_UNALIGNED: see fftw.cpp) and its threads,
//                                      then fftwf_execute_dft per iteration into a fresh output
//   host_seed_field/2000               the seed's jagged start image, fused (examples/seed_field.hpp);
//                                      _as_written: line for line as the seed's NumPy
#include "bench_common.hpp"
#include "seed_field.hpp"

#include <xp/fft.hpp>

#if defined(XP_HAS_FFTW)
#include <fftw3.h>
#include <omp.h>
#endif

namespace {

constexpr xp::index_t host_fft_side = 2048, host_field_side = 2000;

xp::ndarray<xp::complex64, xp::host> host_complex_square(xp::index_t n) {
  return xp::random::uniform<float, xp::host>({n, n}, -1.f, 1.f, 5) +
         xp::complex64(0, 1) * xp::random::uniform<float, xp::host>({n, n}, -1.f, 1.f, 6);
}

void host_fft2(benchmark::State& state) {
  const auto z = host_complex_square(host_fft_side);
  for (auto _ : state) benchmark::DoNotOptimize(xp::fft::fft2(z));
}
BENCHMARK(host_fft2)->Name("host_fft2<complex64>/2048")->UseRealTime()->Unit(benchmark::kMillisecond);

#if defined(XP_HAS_FFTW)
void host_fftw_direct_fft2(benchmark::State& state) {
  const auto z = host_complex_square(host_fft_side);
  const int n = static_cast<int>(host_fft_side);
  auto* in = reinterpret_cast<fftwf_complex*>(const_cast<xp::complex64*>(z.data()));
  auto planned = xp::empty<xp::complex64, xp::host>({host_fft_side, host_fft_side});
  fftwf_init_threads();
  fftwf_plan_with_nthreads(omp_get_max_threads());
  fftwf_plan plan = fftwf_plan_dft_2d(n, n, in, reinterpret_cast<fftwf_complex*>(planned.data()), FFTW_FORWARD,
                                      FFTW_ESTIMATE | FFTW_UNALIGNED);
  for (auto _ : state) {
    auto out = xp::empty<xp::complex64, xp::host>({host_fft_side, host_fft_side});  // as xp allocates its result
    fftwf_execute_dft(plan, in, reinterpret_cast<fftwf_complex*>(out.data()));
    benchmark::DoNotOptimize(out.data());
  }
  fftwf_destroy_plan(plan);
}
BENCHMARK(host_fftw_direct_fft2)
    ->Name("host_fftw_direct_fft2<complex64>/2048")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
#endif

template <bool Fused>
void host_seed_field(benchmark::State& state) {
  for (auto _ : state) {
    if constexpr (Fused) benchmark::DoNotOptimize(seed_field::fused<xp::host>(host_field_side, host_field_side));
    else benchmark::DoNotOptimize(seed_field::as_written<xp::host>(host_field_side, host_field_side));
  }
}
BENCHMARK_TEMPLATE(host_seed_field, true)->Name("host_seed_field/2000")->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(host_seed_field, false)
    ->Name("host_seed_field_as_written/2000")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
