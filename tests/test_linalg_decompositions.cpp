// xp/linalg/decompositions.hpp: cholesky, qr, eigh, eigvalsh, eig, eigvals, svd, svdvals against
// NumPy (tests/golden/linalg/linalg_decompositions.npz, written by
// tests/golden/make_golden_linalg_decompositions.py) for float32, float64, complex64 and
// complex128: values against the goldens, vectors by their defining properties (A V = V diag(w),
// Q R = A, U diag(S) Vh = A, orthonormal columns), since their signs and phases are not unique;
// batches (an empty one too), empty matrices, transposed and step-sliced inputs, an
// ill-conditioned matrix, float16 and int32 promotion, matrices on both sides of the host's
// parallel-batch threshold, and every error. Everything is read back with values(), so the
// device build checks against the same goldens and properties.
#include <algorithm>
#include <cmath>
#include <complex>
#include <string>
#include <type_traits>
#include <vector>

#include "support.hpp"

using namespace xp_test;

namespace {

const xp::npz_file& goldens() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/linalg/linalg_decompositions.npz");
  return z;
}

template <class T>
using real_t = xp::detail::real_of_t<T>;
template <class T>
constexpr bool is_complex_v = !std::is_same_v<T, real_t<T>>;

template <class T>
std::string code_of() {
  if constexpr (std::is_same_v<T, float>) return "f4";
  else if constexpr (std::is_same_v<T, double>) return "f8";
  else if constexpr (std::is_same_v<T, xp::complex64>) return "c8";
  else return "c16";
}

template <class T>
xp::ndarray<T, B> input(const std::string& name) {
  return goldens().get<T, B>(code_of<T>() + "_" + name);
}

// Tolerance relative to the scale of the problem (its largest element or singular value) on the
// well-conditioned inputs (condition numbers below ~20): LAPACK's backward-stable routines err by
// a few hundred eps there; float32 1e-4, float64 1e-10 leave room for the device's other
// algorithms (cuSOLVER's Jacobi or QR iterations) and the O(n) growth of products' rounding.
template <class T>
constexpr double tolerance = std::is_same_v<real_t<T>, float> ? 1e-4 : 1e-10;

template <class T>
double magnitude(T v) {
  if constexpr (is_complex_v<T>) return std::hypot(double(v.real()), double(v.imag()));
  else return std::abs(double(v));
}

template <class T, class Bk>
double largest_magnitude(const xp::ndarray<T, Bk>& a) {
  double largest = 0;
  for (const T& v : values(a)) largest = std::max(largest, magnitude(v));
  return largest;
}

// Same shape and max |got - want| <= tol * max(1, max |want|).
template <class T, class B1, class B2>
void check_near(const xp::ndarray<T, B1>& got, const xp::ndarray<T, B2>& want, double tol) {
  REQUIRE(xp::to_string(got.shape()) == xp::to_string(want.shape()));
  const auto g = values(got), w = values(want);
  const double scale = std::max(1.0, largest_magnitude(want));
  double worst = 0;
  for (std::size_t i = 0; i < g.size(); ++i) worst = std::max(worst, magnitude(T(g[i] - w[i])));
  CHECK(worst <= tol * scale);
}

// The conjugate transpose of the last two axes.
template <class T>
xp::ndarray<T, B> adjoint(const xp::ndarray<T, B>& a) {
  return xp::ndarray<T, B>(xp::conj(xp::matrix_transpose(a)));
}

// Checks that the columns of `q` (..., m, k) are orthonormal: Q^H Q = I.
template <class T>
void check_orthonormal_columns(const xp::ndarray<T, B>& q) {
  const xp::index_t k = q.shape()[q.ndim() - 1];
  const xp::ndarray<T, B> gram = xp::matmul(adjoint(q), q);
  check_near(gram, xp::broadcast_to(xp::eye<T, B>(k), gram.shape()).copy(), tolerance<T>);
}

// Checks that every golden eigenvalue has a computed one within tolerance, each used once: the
// two sets match whatever order the routine left them in.
template <class C>
void check_same_set(const xp::ndarray<C, B>& got, const xp::ndarray<C, xp::host>& want, double tol) {
  REQUIRE(xp::to_string(got.shape()) == xp::to_string(want.shape()));
  const xp::index_t n = want.shape().back();
  const auto g = values(got), w = values(want);
  const double scale = std::max(1.0, largest_magnitude(want));
  for (std::size_t start = 0; start < w.size(); start += static_cast<std::size_t>(n)) {
    std::vector<bool> used(static_cast<std::size_t>(n), false);
    for (std::size_t i = start; i < start + static_cast<std::size_t>(n); ++i) {
      std::size_t best = start;
      double best_distance = INFINITY;
      for (std::size_t j = start; j < start + static_cast<std::size_t>(n); ++j)
        if (!used[j - start] && magnitude(C(g[j] - w[i])) < best_distance) {
          best_distance = magnitude(C(g[j] - w[i]));
          best = j;
        }
      used[best - start] = true;
      INFO("eigenvalue " << i << ": " << w[i]);
      CHECK(best_distance <= tol * scale);
    }
  }
}

// Checks A V = V diag(w) for each matrix of the stack and that each column of V has unit norm.
template <class T, class C>
void check_eigenpairs(const xp::ndarray<T, B>& a, const xp::ndarray<C, B>& w, const xp::ndarray<C, B>& v) {
  const xp::ndarray<C, B> ac = a.template astype<C>();
  const xp::ndarray<C, B> av = xp::matmul(ac, v);
  const xp::ndarray<C, B> vw = v * xp::expand_dims(w, -2);
  check_near(av, vw, tolerance<T> * std::max(1.0, largest_magnitude(w)));
  const xp::ndarray<real_t<C>, B> norms = xp::linalg::vector_norm(v, {-2});
  check_near(norms, xp::ones<real_t<C>, B>(norms.shape()), tolerance<T>);
}

const auto reversed = xp::range(xp::none, xp::none, -1);
const auto step2 = xp::range(xp::none, xp::none, 2);

}  // namespace

TEST_CASE_TEMPLATE("linalg::cholesky matches NumPy, lower and upper, batched", T, float, double, xp::complex64,
                   xp::complex128) {
  const auto& z = goldens();
  for (const std::string name : {"spd", "spd_b"}) {
    INFO(name);
    const auto a = input<T>(name);
    const auto want = z.get<T>(code_of<T>() + "_" + name + "_chol_L");
    const xp::ndarray<T, B> lower = xp::linalg::cholesky(a);
    check_near(lower, want, tolerance<T>);
    check_near(xp::ndarray<T, B>(xp::matmul(lower, adjoint(lower))), a, tolerance<T>);
    // upper: U = L^H, U^H U = a, zeros below the diagonal
    const xp::ndarray<T, B> upper = xp::linalg::cholesky(a, true);
    check_near(upper, adjoint(xp::asarray<B>(want)), tolerance<T>);
    check_same(upper, xp::triu(upper));
    // only the named triangle is read: garbage in the other one changes nothing
    const xp::ndarray<T, B> garbage_above = xp::where(xp::triu(xp::ones<bool, B>(a.shape()), 1), T(1e3), a);
    check_same(xp::linalg::cholesky(garbage_above), lower);
    const xp::ndarray<T, B> garbage_below = xp::where(xp::tril(xp::ones<bool, B>(a.shape()), -1), T(-7), a);
    check_same(xp::linalg::cholesky(garbage_below, true), upper);
  }
}

TEST_CASE_TEMPLATE("linalg::qr: Q R = A with orthonormal Q, |R| as NumPy's, every mode", T, float, double,
                   xp::complex64, xp::complex128) {
  using R = real_t<T>;
  const auto& z = goldens();
  for (const std::string name : {"gen", "wide"}) {
    INFO(name);
    const auto a = input<T>(name);
    const xp::index_t m = a.shape()[0], n = a.shape()[1], k = std::min(m, n);
    const auto [q, r] = xp::linalg::qr(a);
    CHECK(q.shape() == xp::shape_type{m, k});
    CHECK(r.shape() == xp::shape_type{k, n});
    check_orthonormal_columns(q);
    check_same(r, xp::triu(r));
    check_near(xp::ndarray<T, B>(xp::matmul(q, r)), a, tolerance<T>);
    // R's rows are fixed up to a sign (phase): their magnitudes are NumPy's
    const auto r_golden = z.get<T>(code_of<T>() + "_r_" + name);
    check_near(xp::ndarray<R, B>(xp::abs(r)), xp::ndarray<R, xp::host>(xp::real(r_golden)), tolerance<T>);
    const auto r_only = xp::linalg::qr(a, xp::linalg::qr_mode::r);
    CHECK(r_only.Q.size() == 0);
    check_near(r_only.R, r, tolerance<T>);
    const auto [qc, rc] = xp::linalg::qr(a, xp::linalg::qr_mode::complete);
    CHECK(qc.shape() == xp::shape_type{m, m});
    CHECK(rc.shape() == xp::shape_type{m, n});
    check_orthonormal_columns(qc);
    check_same(rc, xp::triu(rc));
    check_near(xp::ndarray<T, B>(xp::matmul(qc, rc)), a, tolerance<T>);
  }
  // a batch of wide matrices
  const auto b = input<T>("svd_b");
  const auto [qb, rb] = xp::linalg::qr(b);
  CHECK(qb.shape() == xp::shape_type{2, 4, 4});
  CHECK(rb.shape() == xp::shape_type{2, 4, 6});
  check_orthonormal_columns(qb);
  check_near(xp::ndarray<T, B>(xp::matmul(qb, rb)), b, tolerance<T>);
}

TEST_CASE_TEMPLATE("linalg::eigh and eigvalsh match NumPy; A V = V diag(w); one triangle read", T, float, double,
                   xp::complex64, xp::complex128) {
  using R = real_t<T>;
  const auto& z = goldens();
  for (const std::string name : {"herm", "herm_b"}) {
    INFO(name);
    const auto a = input<T>(name);
    const auto want = z.get<R>(code_of<T>() + "_" + name + "_w");
    const auto [w, v] = xp::linalg::eigh(a);
    static_assert(std::is_same_v<typename decltype(w)::value_type, R>, "eigenvalues are real");
    check_near(w, want, tolerance<T>);
    check_orthonormal_columns(v);
    check_near(xp::ndarray<T, B>(xp::matmul(a, v)), xp::ndarray<T, B>(v * xp::expand_dims(w, -2)), tolerance<T>);
    check_near(xp::linalg::eigvalsh(a), want, tolerance<T>);
    // UPLO: garbage in the triangle not named changes nothing
    const xp::ndarray<T, B> garbage_below = xp::where(xp::tril(xp::ones<bool, B>(a.shape()), -1), T(99), a);
    check_same(xp::linalg::eigvalsh(garbage_below, 'U'), xp::linalg::eigvalsh(a, 'U'));
    check_near(xp::linalg::eigh(garbage_below, 'U').eigenvalues, want, tolerance<T>);
    const xp::ndarray<T, B> garbage_above = xp::where(xp::triu(xp::ones<bool, B>(a.shape()), 1), T(99), a);
    check_same(xp::linalg::eigvalsh(garbage_above), xp::linalg::eigvalsh(a));
  }
  // the eigenvalues are distinct: each vector is NumPy's up to a phase, |V^H V_numpy| = I
  const auto a = input<T>("herm");
  const auto v_golden = xp::asarray<B>(z.get<T>(code_of<T>() + "_herm_vectors"));
  const xp::ndarray<T, B> overlap = xp::matmul(adjoint(xp::linalg::eigh(a).eigenvectors), v_golden);
  check_near(xp::ndarray<R, B>(xp::abs(overlap)), xp::eye<R, B>(6), tolerance<T>);
}

TEST_CASE_TEMPLATE("linalg::eig and eigvals: NumPy's eigenvalues, A v = w v with unit vectors", T, float, double,
                   xp::complex64, xp::complex128) {
  using C = xp::complex<real_t<T>>;
  const auto& z = goldens();
  for (const std::string name : {"sq", "sq_b"}) {
    INFO(name);
    const auto a = input<T>(name);
    const auto want = z.get<C>(code_of<T>() + "_" + name + "_ev");
    const auto [w, v] = xp::linalg::eig(a);
    static_assert(std::is_same_v<typename decltype(w)::value_type, C>, "eig's results are complex");
    check_same_set(w, want, tolerance<T>);
    check_eigenpairs(a, w, v);
    check_same_set(xp::linalg::eigvals(a), want, tolerance<T>);
  }
}

TEST_CASE_TEMPLATE("linalg::svd and svdvals match NumPy; U diag(S) Vh = A, full and reduced", T, float, double,
                   xp::complex64, xp::complex128) {
  using R = real_t<T>;
  const auto& z = goldens();
  for (const std::string name : {"gen", "wide", "svd_b"}) {
    INFO(name);
    const auto a = input<T>(name);
    const xp::index_t nd = a.ndim(), m = a.shape()[nd - 2], n = a.shape()[nd - 1], k = std::min(m, n);
    const auto want = z.get<R>(code_of<T>() + "_" + name + "_s");
    check_near(xp::linalg::svdvals(a), want, tolerance<T>);
    const auto [u, s, vh] = xp::linalg::svd(a, false);
    check_near(s, want, tolerance<T>);
    CHECK(u.shape().back() == k);
    CHECK(vh.shape()[static_cast<std::size_t>(nd - 2)] == k);
    check_orthonormal_columns(u);
    check_orthonormal_columns(adjoint(vh));
    check_near(xp::ndarray<T, B>(xp::matmul(u * xp::expand_dims(s, -2), vh)), a, tolerance<T>);
    const auto full = xp::linalg::svd(a);
    CHECK(full.U.shape().back() == m);
    CHECK(full.Vh.shape().back() == n);
    check_orthonormal_columns(full.U);
    check_orthonormal_columns(adjoint(full.Vh));
    // U[..., :k] diag(S) Vh[..., :k, :] = A
    const xp::ndarray<T, B> u_k = full.U(xp::ellipsis, xp::all, xp::range(0, k));
    const xp::ndarray<T, B> vh_k = full.Vh(xp::ellipsis, xp::range(0, k), xp::all);
    check_near(xp::ndarray<T, B>(xp::matmul(u_k * xp::expand_dims(full.S, -2), vh_k)), a, tolerance<T>);
  }
  // ill-conditioned (the Hilbert matrix, condition 5e8): each singular value within the
  // backward error eps * s_max (a tolerance of s_max's scale: the small ones have no relative
  // accuracy in float32)
  const auto hilbert = input<T>("hilb");
  const auto want = z.get<double>(code_of<T>() + "_hilb_s");
  check_near(xp::linalg::svdvals(hilbert).template astype<double>(), want, tolerance<T>);
  check_near(xp::linalg::eigvalsh(hilbert).template astype<double>(), z.get<double>(code_of<T>() + "_hilb_w"),
             tolerance<T>);
}

TEST_CASE("linalg decompositions of transposed and step-sliced views") {
  const auto& z = goldens();
  const double tol = tolerance<double>;
  // a real symmetric matrix is its transpose
  const auto spd = input<double>("spd");
  check_near(xp::linalg::cholesky(xp::matrix_transpose(spd)), z.get<double>("f8_spd_chol_L"), tol);
  // reversing rows and columns of a Hermitian matrix is a permutation similarity: same eigenvalues
  const auto herm = input<xp::complex128>("herm");
  check_near(xp::linalg::eigvalsh(herm(reversed, reversed)), z.get<double>("c16_herm_w"), tol);
  // a row permutation keeps R^H R = A^H A, so |R| and the singular values are NumPy's
  const auto gen = input<double>("gen");
  check_near(xp::ndarray<double, B>(xp::abs(xp::linalg::qr(gen(reversed, xp::all), xp::linalg::qr_mode::r).R)),
             z.get<double>("f8_r_gen"), tol);
  check_near(xp::linalg::svdvals(gen(reversed, xp::all)), z.get<double>("f8_gen_s"), tol);
  check_near(xp::linalg::svdvals(xp::matrix_transpose(gen)), z.get<double>("f8_gen_s"), tol);
  // A^T has A's eigenvalues
  const auto sq = input<double>("sq");
  check_same_set(xp::linalg::eigvals(xp::matrix_transpose(sq)), z.get<xp::complex128>("f8_sq_ev"), tol);
  // every other matrix of a stack, every other row and column: the same as of its copy
  const auto big = xp::asarray<B>(random_host<double>({4, 9, 9}, 7));
  const auto sliced = big(step2, step2, step2);
  const auto [u, s, vh] = xp::linalg::svd(sliced, false);
  check_near(xp::ndarray<double, B>(xp::matmul(u * xp::expand_dims(s, -2), vh)), sliced.copy(), tol);
  check_same(xp::linalg::svdvals(sliced), xp::linalg::svdvals(sliced.copy()));
  const auto [q, r] = xp::linalg::qr(sliced);
  check_near(xp::ndarray<double, B>(xp::matmul(q, r)), sliced.copy(), tol);
}

TEST_CASE("linalg decompositions: matrices on both sides of the parallel-batch threshold") {
  // orders 33 and 130 (not multiples of any block size): a batch of small ones runs matrix per
  // thread on the host, the large ones one after another with LAPACK's threads
  for (const xp::index_t order : {xp::index_t{33}, xp::index_t{130}}) {
    INFO("order " << order);
    const auto a = xp::asarray<B>(random_host<double>({3, order, order}, 11));
    const xp::ndarray<double, B> h = (a + xp::matrix_transpose(a)) * 0.5;
    const auto [w, v] = xp::linalg::eigh(h);
    const double scale = largest_magnitude(w);
    check_near(xp::ndarray<double, B>(xp::matmul(h, v)), xp::ndarray<double, B>(v * xp::expand_dims(w, -2)),
               tolerance<double> * scale);
    const auto [u, s, vh] = xp::linalg::svd(a, false);
    check_near(xp::ndarray<double, B>(xp::matmul(u * xp::expand_dims(s, -2), vh)), a, tolerance<double> * scale);
    const xp::ndarray<double, B> spd =
        xp::matmul(a, xp::matrix_transpose(a)) + double(order) * xp::eye<double, B>(order);
    const auto l = xp::linalg::cholesky(spd);
    check_near(xp::ndarray<double, B>(xp::matmul(l, xp::matrix_transpose(l))), spd,
               tolerance<double> * largest_magnitude(spd));
  }
}

TEST_CASE("linalg decompositions: empty batches and empty matrices have NumPy's shapes") {
  using S = xp::shape_type;
  const auto empty_batch = xp::zeros<double, B>({0, 3, 3});
  CHECK(xp::linalg::cholesky(empty_batch).shape() == S{0, 3, 3});
  CHECK(xp::linalg::eigvalsh(empty_batch).shape() == S{0, 3});
  CHECK(xp::linalg::eigh(empty_batch).eigenvectors.shape() == S{0, 3, 3});
  CHECK(xp::linalg::eig(empty_batch).eigenvectors.shape() == S{0, 3, 3});
  CHECK(xp::linalg::eigvals(empty_batch).shape() == S{0, 3});
  CHECK(xp::linalg::svdvals(empty_batch).shape() == S{0, 3});
  const auto svd_batch = xp::linalg::svd(empty_batch);
  CHECK(svd_batch.U.shape() == S{0, 3, 3});
  CHECK(svd_batch.Vh.shape() == S{0, 3, 3});
  CHECK(xp::linalg::qr(empty_batch).Q.shape() == S{0, 3, 3});
  // a (0, 0) matrix
  const auto none = xp::zeros<float, B>({0, 0});
  CHECK(xp::linalg::cholesky(none).shape() == S{0, 0});
  CHECK(xp::linalg::eigh(none).eigenvalues.shape() == S{0});
  CHECK(xp::linalg::eigvals(none).shape() == S{0});
  // np.linalg.svd of (0, 3) and (3, 0): identities for the full vectors, empty reduced ones
  const auto no_rows = xp::zeros<double, B>({0, 3}), no_cols = xp::zeros<double, B>({3, 0});
  const auto full_rows = xp::linalg::svd(no_rows);
  CHECK(full_rows.U.shape() == S{0, 0});
  CHECK(full_rows.S.shape() == S{0});
  check_same(full_rows.Vh, xp::eye<double, B>(3));
  const auto full_cols = xp::linalg::svd(no_cols);
  check_same(full_cols.U, xp::eye<double, B>(3));
  CHECK(full_cols.Vh.shape() == S{0, 0});
  CHECK(xp::linalg::svd(no_rows, false).Vh.shape() == S{0, 3});
  CHECK(xp::linalg::svd(no_cols, false).U.shape() == S{3, 0});
  CHECK(xp::linalg::svd(xp::zeros<double, B>({2, 0, 3})).Vh.shape() == S{2, 3, 3});
  // np.linalg.qr of (0, 3) and (3, 0)
  CHECK(xp::linalg::qr(no_rows).Q.shape() == S{0, 0});
  CHECK(xp::linalg::qr(no_rows).R.shape() == S{0, 3});
  CHECK(xp::linalg::qr(no_cols).Q.shape() == S{3, 0});
  CHECK(xp::linalg::qr(no_cols).R.shape() == S{0, 0});
  check_same(xp::linalg::qr(no_cols, xp::linalg::qr_mode::complete).Q, xp::eye<double, B>(3));
  CHECK(xp::linalg::qr(no_cols, xp::linalg::qr_mode::complete).R.shape() == S{3, 0});
  CHECK(xp::linalg::qr(no_cols, xp::linalg::qr_mode::r).R.shape() == S{0, 0});
}

TEST_CASE("linalg decompositions: int32 computes in float64, float16 in float32") {
  const auto& z = goldens();
  const auto sq = z.get<std::int32_t, B>("i4_sq");
  const auto herm = z.get<std::int32_t, B>("i4_herm");
  const xp::ndarray<xp::complex128, B> ev = xp::linalg::eigvals(sq);
  check_same_set(ev, z.get<xp::complex128>("i4_sq_ev"), tolerance<double>);
  const xp::ndarray<double, B> w = xp::linalg::eigvalsh(herm);
  check_near(w, z.get<double>("i4_herm_w"), tolerance<double>);
  const xp::ndarray<double, B> s = xp::linalg::svdvals(sq);
  check_near(s, z.get<double>("i4_sq_s"), tolerance<double>);
  const xp::ndarray<double, B> l = xp::linalg::cholesky(xp::ndarray<std::int32_t, B>(xp::eye<std::int32_t, B>(3) * 4));
  check_same(l, xp::ndarray<double, B>(xp::eye<double, B>(3) * 2.0));
  const xp::ndarray<xp::complex64, B> ev16 = xp::linalg::eigvals(z.get<xp::float16, B>("f2_herm"));
  const auto w16 = xp::linalg::eigh(z.get<xp::float16, B>("f2_herm")).eigenvalues;
  static_assert(std::is_same_v<decltype(w16), const xp::ndarray<float, B>>, "float16 computes in float32");
  check_near(w16, z.get<float>("f2_herm_w"), tolerance<float>);
  // a symmetric matrix: eig's eigenvalues are eigh's, with zero imaginary parts
  check_same_set(ev16, z.get<float>("f2_herm_w").astype<xp::complex64>(), tolerance<float>);
}

TEST_CASE("linalg decompositions: every error") {
  const auto vector = xp::ones<double, B>({3});
  const auto wide = xp::ones<double, B>({2, 3});
  // fewer than 2 dimensions: value_error; non-square where square is needed: shape_error
  CHECK_THROWS_AS((void)xp::linalg::cholesky(vector), xp::value_error);
  CHECK_THROWS_AS((void)xp::linalg::qr(vector), xp::value_error);
  CHECK_THROWS_AS((void)xp::linalg::eigh(vector), xp::value_error);
  CHECK_THROWS_AS((void)xp::linalg::eigvalsh(vector), xp::value_error);
  CHECK_THROWS_AS((void)xp::linalg::eig(vector), xp::value_error);
  CHECK_THROWS_AS((void)xp::linalg::eigvals(vector), xp::value_error);
  CHECK_THROWS_AS((void)xp::linalg::svd(vector), xp::value_error);
  CHECK_THROWS_AS((void)xp::linalg::svdvals(vector), xp::value_error);
  CHECK_THROWS_AS((void)xp::linalg::cholesky(wide), xp::shape_error);
  CHECK_THROWS_AS((void)xp::linalg::eigh(wide), xp::shape_error);
  CHECK_THROWS_AS((void)xp::linalg::eigvalsh(wide), xp::shape_error);
  CHECK_THROWS_AS((void)xp::linalg::eig(wide), xp::shape_error);
  CHECK_THROWS_AS((void)xp::linalg::eigvals(wide), xp::shape_error);
  CHECK_THROWS_WITH_AS((void)xp::linalg::eigh(xp::eye<double, B>(2), 'l'),
                       doctest::Contains("UPLO argument must be 'L' or 'U'"), xp::value_error);
  // not positive definite: the first failing matrix is named (matrices 1 and 2 both fail)
  xp::ndarray<double, B> stack = xp::broadcast_to(xp::eye<double, B>(3), {3, 3, 3}).copy();
  stack(1, 2, 2) = -1.0;
  stack(2, 0, 0) = 0.0;
  CHECK_THROWS_WITH_AS((void)xp::linalg::cholesky(stack),
                       "xp::linalg::cholesky: Matrix is not positive definite (matrix 1 of the stack)",
                       xp::linalg_error);
  CHECK_THROWS_WITH_AS((void)xp::linalg::cholesky(stack.reshape({3, 1, 3, 3})),
                       doctest::Contains("(matrix (1, 0) of the stack)"), xp::linalg_error);
  CHECK_THROWS_AS((void)xp::linalg::cholesky(xp::zeros<double, B>({2, 2})), xp::value_error);  // LinAlgError is one
  // non-finite input, as NumPy 1.24: svd and svdvals refuse NaN, eig and eigvals NaN and inf,
  // eigvalsh does not converge on either
  xp::ndarray<double, B> bad = xp::eye<double, B>(3);
  bad(1, 1) = NAN;
  CHECK_THROWS_WITH_AS((void)xp::linalg::svd(bad), "xp::linalg::svd: SVD did not converge", xp::linalg_error);
  CHECK_THROWS_AS((void)xp::linalg::svdvals(bad), xp::linalg_error);
  CHECK_THROWS_WITH_AS((void)xp::linalg::eig(bad), "xp::linalg::eig: Array must not contain infs or NaNs",
                       xp::linalg_error);
  CHECK_THROWS_AS((void)xp::linalg::eigvalsh(bad), xp::linalg_error);
  bad(1, 1) = INFINITY;
  CHECK_THROWS_AS((void)xp::linalg::eigvals(bad), xp::linalg_error);
  CHECK_THROWS_AS((void)xp::linalg::eigvalsh(bad), xp::linalg_error);
  CHECK_NOTHROW((void)xp::linalg::svdvals(bad));  // NumPy returns (NaN) values for inf
}
