// Host benchmarks of NumPy's everyday elementwise functions (bench_elementwise_functions.hpp), 2^24 float32, both
// cores, beside NumPy's (bench/peers/peers.py, workload "newops").
#include "bench_elementwise_functions.hpp"

namespace {
using namespace xp_bench;

#define XP_HOST_OP_BENCH(name, operands, expr)                                                           \
  void host_op_##name(benchmark::State& state) {                                                         \
    const new_op_inputs<xp::host> in(state.range(0));                                                    \
    const auto& x = in.x;                                                                                \
    const auto& y = in.y;                                                                                \
    (void)y;                                                                                             \
    auto out = xp::eval(expr);                                                                           \
    for (auto _ : state) xp::eval(expr, out);                                                            \
    state.SetBytesProcessed(state.iterations() * state.range(0) * (4 * operands + sizeof(*out.data()))); \
  }                                                                                                      \
  BENCHMARK(host_op_##name)->Arg(1 << 24)->Unit(benchmark::kMillisecond)->UseRealTime();
XP_BENCH_NEW_OPS(XP_HOST_OP_BENCH)
#undef XP_HOST_OP_BENCH

}  // namespace
