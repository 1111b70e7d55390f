// xp/array/grids_and_matrices.hpp's matrix functions against NumPy (tests/golden/linalg/einsum.npz,
// members mf_*, written by tests/golden/make_golden_einsum.py): diagonal (a read-only view, any
// axes and offsets), trace (NumPy's sum dtype), kron (N-d, mixed ranks), cross (3- and 2-vectors,
// NumPy 1.24's z component for two 2-vectors, broadcasting, another axis), and every error.
#include <string>

#include "support.hpp"

using namespace xp_test;

namespace {

const xp::npz_file& goldens() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/linalg/einsum.npz");
  return z;
}
xp::ndarray<double, B> golden_of(const std::string& name) { return goldens().get<double, B>("mf_" + name); }

}  // namespace

TEST_CASE("diagonal: a read-only view of NumPy's diagonal, any axes and offsets") {
  const auto m = golden_of("m"), b = golden_of("b");
  const auto d = xp::diagonal(m);
  CHECK(d.data() == m.data());  // a view
  CHECK_FALSE(d.writeable());
  check_same(d, golden_of("diagonal_m"));
  check_same(xp::diagonal(m, 1), golden_of("diagonal_m_1"));
  check_same(xp::diagonal(m, -2), golden_of("diagonal_m_m2"));
  check_same(xp::diagonal(m, 5), golden_of("diagonal_m_5"));  // empty
  check_same(xp::diagonal(b, 0, 1, 2), golden_of("diagonal_b_12"));
  check_same(xp::diagonal(b, 1, 2, 0), golden_of("diagonal_b_20_1"));
  check_same(xp::diagonal(b, -1, -1, -3), golden_of("diagonal_b_m1m3"));
  check_same(xp::diagonal(xp::transpose(m), -1), golden_of("diagonal_m_1"));  // m.T's -1 is m's 1
}

TEST_CASE("trace: the diagonal's sum with NumPy's dtype") {
  const auto m = golden_of("m"), b = golden_of("b");
  check_same(xp::trace(m), golden_of("trace_m"));
  check_same(xp::trace(m, 1), golden_of("trace_m_1"));
  check_same(xp::trace(b, 0, 1, 2), golden_of("trace_b_12"));
  check_same(xp::trace(b, -1, 2, 1), golden_of("trace_b_m1_21"));
  const auto t8 = xp::trace(goldens().get<std::int8_t, B>("mf_mi8"));
  static_assert(std::is_same_v<decltype(t8)::value_type, std::int64_t>);  // no int8 wrap
  check_same(t8, goldens().get<std::int64_t>("mf_trace_mi8"));
}

TEST_CASE("kron: NumPy's Kronecker product of any ranks") {
  const auto k1 = golden_of("k1"), k2 = golden_of("k2"), k3 = golden_of("k3"), k4 = golden_of("k4");
  check_same(xp::kron(k1, k2), golden_of("kron_k1_k2"));
  check_same(xp::kron(k3, k1), golden_of("kron_k3_k1"));
  check_same(xp::kron(k1, k4), golden_of("kron_k1_k4"));
  check_same(xp::kron(k3, k3), golden_of("kron_k3_k3"));
  check_same(xp::kron(xp::transpose(k1), xp::transpose(k2)),
             xp::transpose(golden_of("kron_k1_k2")));  // kron(A.T, B.T) = kron(A, B).T: strided operands
  const auto mixed = xp::kron(goldens().get<std::int8_t, B>("mf_mi8"), k3);
  static_assert(std::is_same_v<decltype(mixed)::value_type, double>);
  CHECK(mixed.shape() == xp::shape_type{3, 6});
}

TEST_CASE("cross: 3- and 2-vectors, broadcast, along another axis") {
  const auto v3 = golden_of("v3"), w3 = golden_of("w3"), v2 = golden_of("v2"), w2 = golden_of("w2");
  check_same(xp::cross(v3, w3), golden_of("cross_33"));
  check_same(xp::cross(v3, v2), golden_of("cross_32"));
  check_same(xp::cross(v2, w3), golden_of("cross_23"));
  check_same(xp::cross(v2, w2), golden_of("cross_22"));  // NumPy 1.24: the z component, shape (2, 4)
  check_same(xp::cross(xp::transpose(v3), xp::transpose(w3), 0), golden_of("cross_axis0"));
  check_same(xp::cross(golden_of("cross_bcast_a"), w3), golden_of("cross_bcast"));
}

TEST_CASE("diagonal, trace, kron, cross: errors") {
  const auto m = xp::zeros<double, B>({3, 4}), v = xp::zeros<double, B>({4});
  CHECK_THROWS_AS(xp::diagonal(v), xp::value_error);
  CHECK_THROWS_AS(xp::diagonal(m, 0, 1, 1), xp::value_error);
  CHECK_THROWS_AS(xp::diagonal(m, 0, 0, -2), xp::value_error);  // the same axis
  CHECK_THROWS_AS(xp::diagonal(m, 0, 0, 2), xp::axis_error);
  CHECK_THROWS_AS(xp::trace(m, 0, -3, 1), xp::axis_error);
  try {
    (void)xp::cross(m, xp::zeros<double, B>({3, 3}));
    FAIL("no exception");
  } catch (const xp::value_error& e) {
    const std::string what = e.what();
    CHECK(what.find("sizes 4 and 3") != std::string::npos);
  }
  CHECK_THROWS_AS(xp::cross(xp::zeros<double, B>({3}), xp::zeros<double, B>({3}), 1), xp::axis_error);
  CHECK_THROWS_AS(xp::cross(xp::zeros<double, B>({2, 3}), xp::zeros<double, B>({4, 3})), xp::shape_error);
}
