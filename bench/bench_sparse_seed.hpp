#pragma once
// The seed's ridge-regression system and L-curve for bench_device_sparse.cu and
// bench_host_sparse.cpp: tutorial 12's own code (examples/sparse_lcurve.hpp). Peers:
// bench/peers/peers.py, workloads "sparse", "lcurve" (CuPy) and "lsmr_host" (SciPy).
#include "sparse_lcurve.hpp"

#include <vector>

namespace xp_bench {

constexpr xp::index_t seed_sparse_side = 15000;
constexpr double seed_sparse_density = 0.1;

/// The iteration counts of the L-curve over `coeffs`.
template <class B>
std::vector<xp::index_t> seed_lcurve(const sparse_lcurve::system<B>& s, const std::vector<double>& coeffs) {
  std::vector<xp::index_t> itn;
  for (const auto& p : sparse_lcurve::lcurve(s.a, s.data, coeffs)) itn.push_back(p.itn);
  return itn;
}

}  // namespace xp_bench
