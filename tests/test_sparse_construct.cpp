// xp/sparse/construct.hpp against SciPy 1.10 (tests/golden/sparse/construct.npz, written by
// tests/golden/make_golden_sparse_construct.py): coo_matrix with duplicates and explicit zeros,
// tocoo, hstack, block_diag, kron, diags, A + B and A - B, sum, diagonal, row slices and the
// sparse x sparse product: each result's toarray and nnz against SciPy's, empty blocks, mixed
// dtypes, and every error as a typed exception.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <xp/sparse.hpp>

#include "support.hpp"

using namespace xp_test;
using xp::sparse::csr_matrix;
using xp::sparse::index32;

namespace {

using shape2 = std::array<xp::index_t, 2>;

const xp::npz_file& goldens() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/sparse/construct.npz");
  return z;
}

template <class T = double>
xp::ndarray<T, B> gold(const std::string& key) {
  return goldens().get<double, B>(key).template astype<T>();
}

xp::index_t gold_nnz(const std::string& name) { return goldens().get<std::int64_t, xp::host>(name + "_nnz").item(); }

template <class T = double>
csr_matrix<T, B> gold_matrix(const std::string& name) {
  const auto s = goldens().get<std::int64_t, xp::host>(name + "_shape");
  return csr_matrix<T, B>(gold<T>(name + "_data"), goldens().get<index32, B>(name + "_indices"),
                          goldens().get<index32, B>(name + "_indptr"), {s.data()[0], s.data()[1]});
}

/// The result's toarray (as float64) and nnz are SciPy's <name>_dense and <name>_nnz.
template <class T>
void check_scipy(const csr_matrix<T, B>& got, const std::string& name) {
  INFO(name);
  CHECK(got.nnz() == gold_nnz(name));
  check_close(got.toarray().template astype<double>(), gold(name + "_dense"), 1e-12);
}

/// Every row's columns strictly ascending (canonical CSR: sorted, no duplicates).
template <class T>
bool canonical(const csr_matrix<T, B>& a) {
  const auto ip = values(a.indptr()), ix = values(a.indices());
  for (std::size_t r = 0; r + 1 < ip.size(); ++r)
    for (index32 k = ip[r] + 1; k < ip[r + 1]; ++k)
      if (ix[static_cast<std::size_t>(k)] <= ix[static_cast<std::size_t>(k) - 1]) return false;
  return true;
}

xp::ndarray<index32, B> idx(std::initializer_list<index32> v) { return xp::asarray<B>(xp::array<index32>(v)); }

}  // namespace

TEST_CASE_TEMPLATE("sparse construct: coo_matrix sums duplicates and sorts rows, as SciPy", T, float, double) {
  const xp::sparse::coo_matrix<T, B> coo(gold<T>("coo_data"), goldens().get<index32, B>("coo_row"),
                                         goldens().get<index32, B>("coo_col"), {4, 5});
  CHECK(coo.nnz() == 8);
  const auto c = coo.tocsr();
  check_scipy(c, "coo");  // a sum that cancels stays an explicit zero
  check_same(c.indices(), goldens().get<index32, B>("coo_csr_indices"));
  check_same(c.indptr(), goldens().get<index32, B>("coo_csr_indptr"));
  check_close(coo.toarray().template astype<double>(), gold("coo_dense"), 0.0);
  // tocoo keeps the stored entries in order, so tocsr of it is the matrix again
  const auto back = xp::sparse::tocoo(c);
  CHECK(back.nnz() == c.nnz());
  check_same(back.row(), xp::asarray<B>(xp::array<index32>({0, 0, 1, 2, 3, 3})));
  check_scipy(back.tocsr(), "coo");
  // empty
  const xp::sparse::coo_matrix<T, B> none(xp::zeros<T, B>({0}), idx({}), idx({}), {3, 2});
  CHECK(none.tocsr().nnz() == 0);
  check_close(none.toarray(), xp::zeros<T, B>({3, 2}), 0.0);
  CHECK(xp::sparse::tocoo(csr_matrix<T, B>()).nnz() == 0);
}

TEST_CASE("sparse construct: hstack, block_diag and kron are SciPy's") {
  const auto a = gold_matrix("a"), b = gold_matrix("b"), c = gold_matrix("c"), s = gold_matrix("s");
  const csr_matrix<double, B> empty_cols(xp::zeros<double, B>({4, 0}));
  const auto h = xp::sparse::hstack(std::vector{a, empty_cols, b});
  CHECK(h.shape() == shape2{4, 10});
  check_scipy(h, "hstack");
  const csr_matrix<double, B> no_rows(xp::zeros<double, B>({0, 2}));
  const auto d = xp::sparse::block_diag(std::vector{a, no_rows, c, s});
  CHECK(d.shape() == shape2{11, 12});
  check_scipy(d, "block_diag");
  CHECK(canonical(d));
  check_scipy(xp::sparse::kron(a, c), "kron_ac");  // A's explicit zeros make explicit zeros
  check_scipy(xp::sparse::kron(s, a), "kron_sa");
  CHECK(xp::sparse::kron(no_rows, a).shape() == shape2{0, 10});
  const auto h0 = xp::sparse::hstack(std::vector{no_rows, no_rows});
  CHECK(h0.shape() == shape2{0, 4});
  CHECK(h0.nnz() == 0);
  // mixed dtypes promote: float32 with float64 is float64, complex64 with float32 complex64
  const csr_matrix<double, B> h2 = xp::sparse::hstack(a.astype<float>(), b);
  check_scipy(h2, "hstack");
  const csr_matrix<xp::complex64, B> k2 = xp::sparse::kron(s.astype<xp::complex64>(), a.astype<float>());
  CHECK(k2.nnz() == gold_nnz("kron_sa"));
  check_close(xp::ndarray<float, B>(xp::real(k2.toarray())), gold<float>("kron_sa_dense"), 0.0);
}

TEST_CASE("sparse construct: diags is SciPy's") {
  const std::vector<xp::ndarray<double, B>> ds{gold("diag_d0"), gold("diag_d1"), gold("diag_dm2")};
  const auto d = xp::sparse::diags(ds, {0, 1, -2}, {4, 5});
  CHECK(d.shape() == shape2{4, 5});
  check_scipy(d, "diags");  // the zero of d0 is not stored
  const auto sq = xp::sparse::diags(std::vector{gold("diag_d1"), gold("diag_dm2")}, {0, 2});
  CHECK(sq.shape() == shape2{4, 4});
  check_scipy(sq, "diags_square");
  check_scipy(xp::sparse::diags(std::vector{xp::full<double, B>({1}, 7.0)}, {-1}, {3, 4}), "diags_bcast");
  // float32 diagonals make a float32 matrix; an offset just past the corner is an empty diagonal
  const auto f = xp::sparse::diags(std::vector{xp::ones<float, B>({0})}, {3}, {3, 3});
  CHECK(f.nnz() == 0);
}

TEST_CASE("sparse construct: A + B and A - B drop zero sums, as SciPy") {
  const auto a = gold_matrix("a"), b = gold_matrix("b");
  check_scipy(a + b, "add");
  check_scipy(a - b, "sub");
  check_scipy(a - a, "sub_self");
  check_scipy(xp::sparse::add(a, csr_matrix<double, B>(xp::zeros<double, B>({4, 5}))), "add_empty");
  CHECK(canonical(a + b));
  // float32 + float64 is float64; complex128 - float32 complex128
  const csr_matrix<double, B> mixed = a.astype<float>() + b;
  check_scipy(mixed, "add");
  const csr_matrix<xp::complex128, B> z = b.astype<xp::complex128>() - a.astype<float>();
  CHECK(z.nnz() == gold_nnz("sub"));
  check_close(xp::ndarray<double, B>(xp::real(z.toarray())), xp::ndarray<double, B>(-gold("sub_dense")), 0.0);
}

TEST_CASE_TEMPLATE("sparse construct: sum, diagonal and row slices are SciPy's", T, float, double) {
  const auto a = gold_matrix<T>("a");
  const auto total = xp::sparse::sum(a);
  CHECK(total.ndim() == 0);
  CHECK(double(total.item()) == doctest::Approx(gold("sum_all").copy_to_host().data()[0]));
  check_close(xp::sparse::sum(a, 0), gold<T>("sum_0"), ulps<T>(4));
  check_close(xp::sparse::sum(a, 1), gold<T>("sum_1"), ulps<T>(4));
  check_close(xp::sparse::sum(a, -1), gold<T>("sum_1"), ulps<T>(4));
  CHECK(xp::sparse::sum(csr_matrix<T, B>()).item() == T(0));
  CHECK(xp::sparse::sum(csr_matrix<T, B>(xp::zeros<T, B>({0, 3})), 0).size() == 3);
  for (int k : {0, 1, -2, 4, 5, -4}) {
    INFO("k = " << k);
    check_close(xp::sparse::diagonal(a, k),
                gold<T>("diagonal_" + std::string(k < 0 ? "m" : "") + std::to_string(k < 0 ? -k : k)), 0.0);
  }
  check_scipy(xp::sparse::rows(a, 1, 3), "rows_1_3");
  check_scipy(xp::sparse::rows(a, -2, 10), "rows_m2_10");
  const auto none = xp::sparse::rows(a, 3, 1);
  CHECK(none.shape() == shape2{0, 5});
  check_scipy(none, "rows_3_1");
}

TEST_CASE("sparse construct: the product of two sparse matrices is SciPy's") {
  const auto a = gold_matrix("a"), b = gold_matrix("b"), c = gold_matrix("c");
  const auto ac = xp::sparse::matmul(a, c);
  CHECK(ac.shape() == shape2{4, 3});
  check_scipy(ac, "matmul_ac");
  check_scipy(xp::sparse::matmul(b, c), "matmul_bc");
  CHECK(canonical(xp::sparse::matmul(b, c)));
  const csr_matrix<double, B> x(xp::asarray<B>(xp::array<double>({{1.0, 1.0}, {0.0, 0.0}})));
  const csr_matrix<double, B> y(xp::asarray<B>(xp::array<double>({{1.0, 0.0}, {-1.0, 0.0}})));
  check_scipy(xp::sparse::matmul(x, y), "matmul_cancel");
  const csr_matrix<double, B> e1(xp::zeros<double, B>({3, 0})), e2(xp::zeros<double, B>({0, 2}));
  check_scipy(xp::sparse::matmul(e1, e2), "matmul_empty");
  // float32 @ float64 is float64, as the dense product
  const csr_matrix<double, B> mixed = xp::sparse::matmul(a.astype<float>(), c);
  check_close(mixed.toarray(), gold("matmul_ac_dense"), 1e-6);
  // complex64: the product of (1 + 2i) A and (1 - 2i) C is 5 A C
  const auto za = a.astype<xp::complex64>(), zc = c.astype<xp::complex64>();
  const auto ia = za.with_data(xp::ndarray<xp::complex64, B>(za.data() * xp::complex64(1, 2)));
  const auto ic = zc.with_data(xp::ndarray<xp::complex64, B>(zc.data() * xp::complex64(1, -2)));
  const auto zp = xp::sparse::matmul(ia, ic);
  CHECK(zp.nnz() == gold_nnz("matmul_ac"));
  check_close(xp::ndarray<float, B>(xp::real(zp.toarray())),
              xp::ndarray<float, B>(gold<float>("matmul_ac_dense") * 5.f), 1e-5);
  check_close(xp::ndarray<float, B>(xp::imag(zp.toarray())), xp::zeros<float, B>({4, 3}), 0.0);
}

TEST_CASE("sparse construct: bad input is a typed error") {
  using Coo = xp::sparse::coo_matrix<double, B>;
  const auto d = xp::ones<double, B>({2});
  CHECK_THROWS_AS(Coo(d, idx({0}), idx({0, 0}), {3, 3}), xp::shape_error);  // lengths differ
  CHECK_THROWS_AS(Coo(d, idx({0, 0}), idx({0}), {3, 3}), xp::shape_error);
  CHECK_THROWS_AS(Coo(xp::ones<double, B>({2, 1}), idx({0, 0}), idx({0, 0}), {3, 3}), xp::shape_error);
  CHECK_THROWS_AS(Coo(d, idx({0, 3}), idx({0, 0}), {3, 3}), xp::value_error);   // row index too large
  CHECK_THROWS_AS(Coo(d, idx({0, 0}), idx({0, 3}), {3, 3}), xp::value_error);   // column index too large
  CHECK_THROWS_AS(Coo(d, idx({0, -1}), idx({0, 0}), {3, 3}), xp::value_error);  // negative
  CHECK_THROWS_AS(Coo(d, idx({0, 0}), idx({-1, 0}), {3, 3}), xp::value_error);
  CHECK_THROWS_AS(Coo(d, idx({0, 0}), idx({0, 0}), {-1, 3}), xp::value_error);
  CHECK_NOTHROW(Coo(d, idx({0, 2}), idx({2, 0}), {3, 3}));
  const auto a = gold_matrix("a"), c = gold_matrix("c");
  using M = csr_matrix<double, B>;
  CHECK_THROWS_AS(xp::sparse::hstack(a, c), xp::shape_error);  // 4 and 5 rows
  CHECK_THROWS_AS(xp::sparse::hstack(std::vector<M>{}), xp::shape_error);
  CHECK_THROWS_AS(xp::sparse::block_diag(std::vector<M>{}), xp::shape_error);
  CHECK_THROWS_AS(xp::sparse::kron(xp::sparse::eye<double, B>(70000), xp::sparse::eye<double, B>(70000)),
                  xp::value_error);  // 4.9e9 rows
  const auto v = xp::ones<double, B>({3});
  CHECK_THROWS_AS(xp::sparse::diags(std::vector{v, v}, {0}), xp::value_error);             // counts differ
  CHECK_THROWS_AS(xp::sparse::diags(std::vector{v, v}, {1, 1}, {4, 4}), xp::value_error);  // repeated offset
  CHECK_THROWS_AS(xp::sparse::diags(std::vector{v}, {5}, {3, 3}), xp::value_error);        // outside
  CHECK_THROWS_AS(xp::sparse::diags(std::vector{xp::ones<double, B>({2})}, {0}, {3, 3}), xp::value_error);  // short
  CHECK_THROWS_AS(xp::sparse::diags(std::vector{xp::ones<double, B>({3, 1})}, {0}, {3, 3}), xp::shape_error);
  CHECK_THROWS_AS(xp::sparse::diags(std::vector<xp::ndarray<double, B>>{}, {}), xp::value_error);
  CHECK_THROWS_AS(a + c, xp::shape_error);
  CHECK_THROWS_AS(a - c, xp::shape_error);
  CHECK_THROWS_AS(xp::sparse::sum(a, 2), xp::axis_error);
  CHECK_THROWS_AS(xp::sparse::sum(a, -3), xp::shape_error);
  CHECK_THROWS_AS(xp::sparse::matmul(a, a), xp::shape_error);  // (4, 5) @ (4, 5)
  CHECK_NOTHROW(xp::sparse::matmul(a, c));
}
