#pragma once
// The definitions behind sparse_lcurve.hpp, included only by sparse_lcurve_host.cpp and
// sparse_lcurve_cuda.cpp (one backend's instances each).
#include "sparse_lcurve.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace sparse_lcurve {

template <class B>
system<B> make_system(xp::index_t n, double density) {
  return {xp::sparse::random<float, B>(n, n, density, seed_key),
          xp::random::normal<double, B>({n}, 3.0, 1.0, seed_key)};
}

template <class B>
std::vector<point> lcurve(const xp::sparse::csr_matrix<float, B>& a, const xp::ndarray<double, B>& data,
                          const std::vector<double>& coeffs) {
  const xp::index_t rows = a.shape()[0], cols = a.shape()[1];
  const auto extended = xp::concat({data, xp::zeros<double, B>({cols})});
  std::vector<point> out;
  for (double c : coeffs) {
    const auto start = std::chrono::steady_clock::now();
    const auto reg = xp::sparse::eye<double, B>(rows) * c;  // float64, as scipy.sparse.eye
    const auto system = xp::sparse::vstack(a, reg);         // float32 and float64 blocks: float64
    const auto result = xp::sparse::linalg::lsmr(system, extended);
    const xp::ndarray<double, B> model = result.x(xp::range(0, rows));
    const double residual = std::sqrt(xp::sum(xp::square(xp::sparse::matmul(a, model) - data)).item());
    const double reg_norm = std::sqrt(xp::sum(xp::square(xp::sparse::matmul(reg, model))).item()) / c;
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    out.push_back({c, residual, reg_norm, result.itn, result.istop, ms});
  }
  return out;
}

template <class B>
double product_ms(const xp::sparse::csr_matrix<float, B>& a) {
  constexpr int warmup = 2, runs = 15;
  const auto system = xp::sparse::vstack(a, xp::sparse::eye<double, B>(a.shape()[0]) * 0.1);
  const auto x = xp::random::uniform<double, B>({a.shape()[1]}, -1.0, 1.0, 7);
  auto wait = [] {
    if constexpr (!std::is_same_v<B, xp::host>) xp::cuda::synchronize();
  };
  std::vector<double> ms;
  for (int i = 0; i < warmup + runs; ++i) {
    wait();
    const auto start = std::chrono::steady_clock::now();
    (void)xp::sparse::matmul(system, x);
    wait();
    if (i >= warmup)
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

}  // namespace sparse_lcurve
