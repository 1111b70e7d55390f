#pragma once
// The seed's ridge-regression system and L-curve for bench_device_sparse.cu and
// bench_host_sparse.cpp: tutorial 12's own code (examples/sparse_lcurve.hpp). Peers:
// bench/peers/peers.py, workloads "sparse", "lcurve" (CuPy) and "lsmr_host" (SciPy).
#include "sparse_lcurve.hpp"

#include <cmath>
#include <vector>

namespace xp_bench {

constexpr xp::index_t seed_sparse_side = 15000;
constexpr double seed_sparse_density = 0.1;

/// The seed's 10 coefficients, np.geomspace(1e-1, 5e3, 10).
inline std::vector<double> seed_coefficients() {
  std::vector<double> c;
  for (int i = 0; i < 10; ++i) c.push_back(1e-1 * std::pow(5e4, i / 9.0));
  return c;
}

/// The iteration counts of the L-curve over `coeffs`.
template <class B>
std::vector<xp::index_t> seed_lcurve(const sparse_lcurve::system<B>& s, const std::vector<double>& coeffs) {
  std::vector<xp::index_t> itn;
  for (const auto& p : sparse_lcurve::lcurve(s.a, s.data, coeffs)) itn.push_back(p.itn);
  return itn;
}

}  // namespace xp_bench
