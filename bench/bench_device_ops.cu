// Device benchmarks of NumPy's everyday elementwise functions (bench_elementwise_functions.hpp), 2^26 float32,
// beside CuPy's (bench/peers/peers.py, workload "newops"); device_copy is the limit.
#include "bench_elementwise_functions.hpp"

namespace {
using namespace xp_bench;

#define XP_DEVICE_OP_BENCH(name, operands, expr)                                                         \
  void device_op_##name(benchmark::State& state) {                                                       \
    const new_op_inputs<xp::cuda> in(state.range(0));                                                    \
    const auto& x = in.x;                                                                                \
    const auto& y = in.y;                                                                                \
    (void)y;                                                                                             \
    auto out = xp::eval(expr);                                                                           \
    device_loop(state, [&] { xp::eval(expr, out); });                                                    \
    state.SetBytesProcessed(state.iterations() * state.range(0) * (4 * operands + sizeof(*out.data()))); \
  }                                                                                                      \
  BENCHMARK(device_op_##name)->Arg(1 << 26)->UseManualTime()->Unit(benchmark::kMicrosecond);
XP_BENCH_NEW_OPS(XP_DEVICE_OP_BENCH)
#undef XP_DEVICE_OP_BENCH

}  // namespace
