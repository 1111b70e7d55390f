#pragma once
// The seed's ridge-regression L-curve (tutorial 12; bench/ times the same code): the system and
// the loop of lsmr solves, declared here and compiled once per backend (sparse_lcurve_host.cpp,
// sparse_lcurve_cuda.cpp), so that tutorial 12's unit does not compile the solver twice.
#if defined(XP_HAS_CUDA)
#include <xp/cuda.hpp>
#else
#include <xp/xp.hpp>
#endif
#include <xp/sparse.hpp>

#include <cstdint>
#include <vector>

namespace sparse_lcurve {

/// The seed's keys: its matrix and data (np.random.default_rng(1234)).
constexpr std::uint64_t seed_key = 1234;

/// One coefficient's point: |A x - b|, |x| (the seed's |c I x| / c), lsmr's count and reason, and
/// the wall time of the vstack, the solve and the two norms.
struct point {
  double coeff, residual, reg_norm;
  xp::index_t itn;
  int istop;
  double ms;
};

/// The seed's regularisation coefficients, np.geomspace(1e-1, 5e3, 10).
inline std::vector<double> coefficients() {
  const auto c = xp::geomspace<double, xp::host>(1e-1, 5e3, 10);
  return std::vector<double>(c.data(), c.data() + c.size());
}

/// The seed's system: A (n x n float32 of the density, xp::sparse::random) and data from N(3, 1).
template <class B>
struct system {
  xp::sparse::csr_matrix<float, B> a;
  xp::ndarray<double, B> data;
};
template <class B>
system<B> make_system(xp::index_t n, double density);

/// The seed's loop: for each coefficient, lsmr of vstack([A, c I]) with the data padded by zeros.
template <class B>
std::vector<point> lcurve(const xp::sparse::csr_matrix<float, B>& a, const xp::ndarray<double, B>& data,
                          const std::vector<double>& coeffs);

/// The median time of one product with [A; 0.1 I] (float64, as the seed's vstack makes it), in ms.
template <class B>
double product_ms(const xp::sparse::csr_matrix<float, B>& a);

#define XP_SPARSE_LCURVE_INSTANCES(EXTERN, B)                                                                          \
  EXTERN template system<B> make_system<B>(xp::index_t, double);                                                       \
  EXTERN template std::vector<point> lcurve<B>(const xp::sparse::csr_matrix<float, B>&, const xp::ndarray<double, B>&, \
                                               const std::vector<double>&);                                            \
  EXTERN template double product_ms<B>(const xp::sparse::csr_matrix<float, B>&);
XP_SPARSE_LCURVE_INSTANCES(extern, xp::host)
#if defined(XP_HAS_CUDA)
XP_SPARSE_LCURVE_INSTANCES(extern, xp::cuda)
#endif

}  // namespace sparse_lcurve
