#pragma once
// Shared test helpers. Each test file is compiled twice: into xp_tests_host with
// XP_TEST_BACKEND = xp::host, and into xp_tests_cuda (by nvcc) with XP_TEST_BACKEND = xp::cuda,
// where the host result is the oracle for the device result.

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#ifdef XP_TEST_CUDA
#include <xp/cuda.hpp>
#define XP_TEST_BACKEND xp::cuda
#else
#include <xp/xp.hpp>
#define XP_TEST_BACKEND xp::host
#endif

namespace xp_test {

using B = XP_TEST_BACKEND;
inline const char* backend_name() { return std::is_same_v<B, xp::host> ? "host" : "cuda"; }

/// A pair of (element type, backend) for TEST_CASE_TEMPLATE.
template <class T>
struct on {
  using type = T;
  using backend = B;
};

// Six common dtypes (xp's first: float32, float64, int32, int64, uint8, bool), for the tests of
// behaviour that does not change with the dtype; the tests over all 14 (XP_DTYPES in
// core/dtype.hpp) use dtype_support.hpp's XP_EVERY_DTYPE.
#define XP_COMMON_DTYPES                                                                         \
  xp_test::on<float>, xp_test::on<double>, xp_test::on<std::int32_t>, xp_test::on<std::int64_t>, \
      xp_test::on<std::uint8_t>, xp_test::on<bool>
#define XP_NUMBER_DTYPES                                                                         \
  xp_test::on<float>, xp_test::on<double>, xp_test::on<std::int32_t>, xp_test::on<std::int64_t>, \
      xp_test::on<std::uint8_t>
#define XP_FLOAT_DTYPES xp_test::on<float>, xp_test::on<double>

inline std::string golden(const std::string& name) { return std::string(XP_GOLDEN_DIR) + "/" + name + ".npy"; }

/// tests/golden/<area>/edge_<name>.npy (make_golden_edges.py) on B.
template <class T>
xp::ndarray<T, B> load_edge(const std::string& area, const std::string& name) {
  return xp::load_npy<T, B>(golden(area + "/edge_" + name));
}

/// Elements of any array in C order, read on the host.
template <class T, class Bk>
std::vector<T> values(const xp::ndarray<T, Bk>& a) {
  const auto h = a.copy_to_host();
  return std::vector<T>(h.data(), h.data() + h.size());
}

/// Same shape and the same values (exactly).
template <class T, class B1, class B2>
void check_same(const xp::ndarray<T, B1>& got, const xp::ndarray<T, B2>& want) {
  REQUIRE(xp::to_string(got.shape()) == xp::to_string(want.shape()));
  const auto g = values(got), w = values(want);
  for (std::size_t i = 0; i < g.size(); ++i) {
    INFO("flat index " << i);
    CHECK(g[i] == w[i]);
  }
}

/// The array `base` of the golden script: arange(24).reshape(2, 3, 4) as int64.
inline xp::ndarray<std::int64_t, B> base() { return xp::arange<std::int64_t, B>(24).reshape({2, 3, 4}); }

template <class T>
xp::ndarray<T, xp::host> random_host(const xp::shape_type& shape, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-100, 100);
  auto a = xp::empty<T, xp::host>(shape);
  for (xp::index_t i = 0; i < a.size(); ++i) a.data()[i] = static_cast<T>(u(gen));
  return a;
}

}  // namespace xp_test

namespace xp_test {
/// Same shape; |got - want| <= tol * (|want| + 1) elementwise, NaN only where want is NaN.
template <class T, class B1, class B2>
void check_close(const xp::ndarray<T, B1>& got, const xp::ndarray<T, B2>& want, double tol) {
  REQUIRE(xp::to_string(got.shape()) == xp::to_string(want.shape()));
  const auto g = values(got), w = values(want);
  for (std::size_t i = 0; i < g.size(); ++i) {
    INFO("flat index " << i << ": got " << g[i] << ", want " << w[i]);
    if (std::isnan(double(w[i]))) {
      CHECK(std::isnan(double(g[i])));
    } else if (std::isinf(double(w[i]))) {
      CHECK(g[i] == w[i]);
    } else {
      CHECK(std::abs(double(g[i]) - double(w[i])) <= tol * (std::abs(double(w[i])) + 1));
    }
  }
}
template <class T>
constexpr double ulps(int n) {
  return n * static_cast<double>(std::numeric_limits<T>::epsilon());
}
}  // namespace xp_test
