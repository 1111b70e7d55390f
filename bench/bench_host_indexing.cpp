// Host boolean-mask assignment, 2^22 float32, `x > 0` over U[-1, 1) (about half selected). An
// assignment through a selection writes `a` in one pass and never takes the selection's copy:
//   host_mask_fill      a(x > 0.f) = 0.f          (one pass, no count)
//   host_mask_where     a = where(x > 0.f, 0.f, a) (the one-pass alternative without a mask)
//   host_mask_assign    a(x > 0.f) = v            (count, scan, store)
//   host_mask_select    r = x(x > 0.f)            (the selection's copy)
//   host_mask_select_then_assign                  (both: what an assignment that took the
//                                                  selection's copy first would cost)
// See bench_common.hpp.
#include "bench_common.hpp"

namespace {

constexpr xp::index_t mask_bench_size = xp::index_t{1} << 22;
constexpr std::uint64_t mask_bench_seed = 19;

struct mask_inputs {
  explicit mask_inputs(xp::index_t n)
      : x(xp::random::uniform<float, xp::host>({n}, -1.f, 1.f, mask_bench_seed)),
        a(x.copy()),
        selected(xp::count_nonzero(x > 0.f).item()),
        values(xp::arange<float, xp::host>(selected)) {}
  xp::ndarray<float> x, a;
  xp::index_t selected;
  xp::ndarray<float> values;  // one per selected element
};

// bytes of a pass that reads x and reads and writes a
std::int64_t mask_pass_bytes(benchmark::State& state) {
  return state.iterations() * state.range(0) * 3 * static_cast<std::int64_t>(sizeof(float));
}

void host_mask_fill(benchmark::State& state) {
  mask_inputs in(state.range(0));
  for (auto _ : state) in.a(in.x > 0.f) = 0.f;
  state.SetBytesProcessed(mask_pass_bytes(state));
}
BENCHMARK(host_mask_fill)->Arg(mask_bench_size)->Unit(benchmark::kMicrosecond)->UseRealTime();

void host_mask_where(benchmark::State& state) {
  mask_inputs in(state.range(0));
  for (auto _ : state) xp::eval(xp::where(in.x > 0.f, 0.f, in.a), in.a);
  state.SetBytesProcessed(mask_pass_bytes(state));
}
BENCHMARK(host_mask_where)->Arg(mask_bench_size)->Unit(benchmark::kMicrosecond)->UseRealTime();

void host_mask_assign(benchmark::State& state) {
  mask_inputs in(state.range(0));
  for (auto _ : state) in.a(in.x > 0.f) = in.values;
  state.counters["selected"] = static_cast<double>(in.selected);
}
BENCHMARK(host_mask_assign)->Arg(mask_bench_size)->Unit(benchmark::kMicrosecond)->UseRealTime();

void host_mask_select(benchmark::State& state) {
  mask_inputs in(state.range(0));
  xp::ndarray<float> r;
  for (auto _ : state) {
    r = in.x(in.x > 0.f);
    benchmark::DoNotOptimize(r.data());
  }
  state.counters["selected"] = static_cast<double>(r.size());
}
BENCHMARK(host_mask_select)->Arg(mask_bench_size)->Unit(benchmark::kMicrosecond)->UseRealTime();

void host_mask_select_then_assign(benchmark::State& state) {
  mask_inputs in(state.range(0));
  xp::ndarray<float> r;
  for (auto _ : state) {
    r = in.a(in.x > 0.f);
    in.a(in.x > 0.f) = in.values;
    benchmark::DoNotOptimize(r.data());
  }
  state.counters["selected"] = static_cast<double>(in.selected);
}
BENCHMARK(host_mask_select_then_assign)->Arg(mask_bench_size)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace
