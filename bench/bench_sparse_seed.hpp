#pragma once
// The seed's ridge-regression system (examples/12_sparse_lcurve.cpp): A, 15000 x 15000 float32 of
// density 0.1 from xp::sparse::random, data from N(3, 1), and the L-curve's loop, for
// bench_device_sparse.cu and bench_host_sparse.cpp. Peers: bench/peers/peers.py, workloads
// "sparse", "lcurve" (CuPy) and "lsmr_host" (SciPy).
#include <xp/sparse.hpp>

#include <cmath>
#include <vector>

namespace xp_bench {

constexpr xp::index_t seed_sparse_side = 15000;
constexpr double seed_sparse_density = 0.1;

template <class B>
struct seed_sparse_system {
  xp::sparse::csr_matrix<float, B> a =
      xp::sparse::random<float, B>(seed_sparse_side, seed_sparse_side, seed_sparse_density, 1234);
  xp::ndarray<double, B> data = xp::random::normal<double, B>({seed_sparse_side}, 3.0, 1.0, 1234);
};

/// The seed's 10 coefficients, np.geomspace(1e-1, 5e3, 10).
inline std::vector<double> seed_coefficients() {
  std::vector<double> c;
  for (int i = 0; i < 10; ++i) c.push_back(1e-1 * std::pow(5e4, i / 9.0));
  return c;
}

/// lsmr of vstack([A, c I]) for each coefficient (the seed's loop); returns the iteration counts.
template <class B>
std::vector<xp::index_t> seed_lcurve(const seed_sparse_system<B>& s, const std::vector<double>& coeffs) {
  const auto extended = xp::concat({s.data, xp::zeros<double, B>({seed_sparse_side})});
  std::vector<xp::index_t> itn;
  for (double c : coeffs) {
    const auto system = xp::sparse::vstack(s.a, xp::sparse::eye<double, B>(seed_sparse_side) * c);
    itn.push_back(xp::sparse::linalg::lsmr(system, extended).itn);
  }
  return itn;
}

}  // namespace xp_bench
