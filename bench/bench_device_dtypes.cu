// Every dtype on the device (issue 18): `x + y` and `sum(x)` of 2^26 elements for each of the
// 14 dtypes, float16 arithmetic computed in float, and complex64 `x * y + z` and `sum` beside the
// float32 kernels, per byte moved. bench/peers/peers.py ("dtypes") times CuPy on the same arrays;
// device_copy (bench_device.cu) is the bandwidth they are measured against.
#include "bench_common.hpp"

namespace {
using namespace xp_bench;
constexpr xp::index_t n_dtype = xp::index_t{1} << 26;

// Inputs of any dtype from uniform floats: values that stay finite and nonzero where it matters.
template <class T>
xp::ndarray<T, xp::cuda> input(unsigned seed) {
  return xp::random::uniform<float, xp::cuda>({n_dtype}, 1.f, 100.f, seed).astype<T>();
}

template <class T>
void device_add_dtype(benchmark::State& state) {
  const auto x = input<T>(1), y = input<T>(2);
  using R = xp::promote_t<T, T>;
  auto z = xp::empty<R, xp::cuda>({n_dtype});
  device_loop(state, [&] { xp::eval(x + y, z); });
  state.SetBytesProcessed(state.iterations() * n_dtype * (2 * sizeof(T) + sizeof(R)));
  state.SetLabel(std::string(xp::dtype_name<T>()));
}

template <class T>
void device_sum_dtype(benchmark::State& state) {
  const auto x = input<T>(1);
  using R = decltype(xp::sum(x))::value_type;
  auto s = xp::empty<R, xp::cuda>({});
  device_loop(state, [&] { xp::sum(x, {}, false, xp::out(s)); });
  state.SetBytesProcessed(state.iterations() * n_dtype * sizeof(T));
  state.SetLabel(std::string(xp::dtype_name<T>()) + " -> " + std::string(xp::dtype_name<R>()));
}

// x * y + z: one fused kernel, 3 reads and a write; complex64 moves twice float32's bytes
template <class T>
void device_fma_dtype(benchmark::State& state) {
  const auto x = input<T>(1), y = input<T>(2), w = input<T>(3);
  auto z = xp::empty<T, xp::cuda>({n_dtype});
  device_loop(state, [&] { xp::eval(x * y + w, z); });
  state.SetBytesProcessed(state.iterations() * n_dtype * 4 * sizeof(T));
  state.SetLabel(std::string(xp::dtype_name<T>()));
}

#define XP_DTYPE_BENCH(T, c, name, kind, npy)                                                                     \
  BENCHMARK(device_add_dtype<T>)->Name("device_add_dtype/" name)->UseManualTime()->Unit(benchmark::kMicrosecond); \
  BENCHMARK(device_sum_dtype<T>)->Name("device_sum_dtype/" name)->UseManualTime()->Unit(benchmark::kMicrosecond);
XP_DTYPES(XP_DTYPE_BENCH)
#undef XP_DTYPE_BENCH
BENCHMARK(device_fma_dtype<float>)->Name("device_fma_dtype/float32")->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(device_fma_dtype<xp::complex64>)
    ->Name("device_fma_dtype/complex64")
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(device_fma_dtype<xp::float16>)
    ->Name("device_fma_dtype/float16")
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);

}  // namespace
