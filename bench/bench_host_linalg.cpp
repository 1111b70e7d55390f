// Host einsum and linalg against NumPy (bench/peers/peers.py, workload "linalg", the same sizes),
// with LAPACK called directly as the reference of the solve:
//   host_einsum_seed       np.einsum('ij,jk->...k', A, B) at a fifth of the seed's extents:
//                          A 2000 x 1000, B 1000 x 1400 float32
//   host_matmul_sum_seed   matmul(A, B).sum(axis 0) on the same operands (the goal: einsum
//                          within 2x of this; NumPy's einsum without optimize does not parallelise)
//   host_solve/4096        one 4096 x 4096 float64 system, b (4096,)
//   lapack_dgesv/4096      LAPACK's dgesv on a copy of the same system (the goal: xp's
//                          solve within 10% of it)
// See bench_common.hpp.
#include "bench_common.hpp"

#if defined(XP_HAS_LAPACK)
#include <lapack.h>
#endif

#include <algorithm>
#include <vector>

namespace {

constexpr xp::index_t host_seed_rows = 2000, host_seed_inner = 1000, host_seed_cols = 1400;

struct host_seed_operands {
  xp::ndarray<float> a = xp::random::uniform<float, xp::host>({host_seed_rows, host_seed_inner}, 0.f, 1.f, 41);
  xp::ndarray<float> b = xp::random::uniform<float, xp::host>({host_seed_inner, host_seed_cols}, 0.f, 1.f, 42);
};

void host_einsum_seed(benchmark::State& state) {
  host_seed_operands s;
  for (auto _ : state) benchmark::DoNotOptimize(xp::einsum("ij,jk->...k", s.a, s.b));
}
BENCHMARK(host_einsum_seed)->Unit(benchmark::kMillisecond)->UseRealTime();

void host_matmul_sum_seed(benchmark::State& state) {
  host_seed_operands s;
  for (auto _ : state) benchmark::DoNotOptimize(xp::sum(xp::matmul(s.a, s.b), {0}));
}
BENCHMARK(host_matmul_sum_seed)->Unit(benchmark::kMillisecond)->UseRealTime();

xp::ndarray<double> host_system(xp::index_t n) {
  return xp::random::uniform<double, xp::host>({n, n}, -1.0, 1.0, 8) +
         static_cast<double>(n) * xp::eye<double, xp::host>(n);
}

void host_solve(benchmark::State& state) {
  const xp::index_t n = state.range(0);
  const auto a = host_system(n);
  const auto b = xp::random::uniform<double, xp::host>({n}, -1.0, 1.0, 9);
  for (auto _ : state) benchmark::DoNotOptimize(xp::linalg::solve(a, b));
}
BENCHMARK(host_solve)->Arg(4096)->Unit(benchmark::kMillisecond)->UseRealTime();

#if defined(XP_HAS_LAPACK)
// dgesv on copies of the row-major matrix (its transpose in LAPACK's order, so the system solved is
// A^T x = b: the same work) and of b, made in each iteration as xp's solve makes its own.
void lapack_dgesv(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const auto a = host_system(n);
  const auto b = xp::random::uniform<double, xp::host>({n}, -1.0, 1.0, 9);
  std::vector<double> lu(static_cast<std::size_t>(n) * n), x(static_cast<std::size_t>(n));
  std::vector<int> pivots(static_cast<std::size_t>(n));
  const int one = 1;
  for (auto _ : state) {
    std::copy(a.data(), a.data() + a.size(), lu.begin());
    std::copy(b.data(), b.data() + b.size(), x.begin());
    int info = 0;
    LAPACK_dgesv(&n, &one, lu.data(), &n, pivots.data(), x.data(), &n, &info);
    benchmark::DoNotOptimize(info);
  }
}
BENCHMARK(lapack_dgesv)->Arg(4096)->Unit(benchmark::kMillisecond)->UseRealTime();
#endif

}  // namespace
