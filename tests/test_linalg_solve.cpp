// xp/linalg/solve.hpp: solve, inv, det, slogdet, lstsq, pinv, matrix_rank, matrix_power, cond,
// multi_dot, tensorsolve and tensorinv against NumPy (tests/golden/linalg/linalg_solve.npz, written
// by tests/golden/make_golden_linalg_solve.py) in the four linalg dtypes where the dtype matters,
// with batches, broadcasting, transposed and step-sliced views, empty stacks, singular matrices,
// the result dtypes and every error.
#include <complex>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "support.hpp"

using namespace xp_test;

namespace {

const xp::npz_file& solve_goldens() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/linalg/linalg_solve.npz");
  return z;
}

// A golden member as W on the backend under test (float64 and complex128 members convert).
template <class W>
xp::ndarray<W, B> golden_as(const std::string& key) {
  const auto& z = solve_goldens();
  if (z.dtype(key) == "complex128") return z.get<xp::complex128, B>(key).template astype<W>();
  if (z.dtype(key) == "float32") return z.get<float, B>(key).template astype<W>();
  if (z.dtype(key) == "int64") return z.get<std::int64_t, B>(key).template astype<W>();
  return z.get<double, B>(key).template astype<W>();
}

// Relative tolerance of a well-conditioned (condition number about 10) problem's result: a few
// hundred ulps of the computing precision covers LAPACK's and cuSOLVER's different orders.
template <class W>
constexpr double tolerance = std::is_same_v<xp::detail::real_of_t<W>, float> ? 2e-4 : 1e-10;

template <class W>
std::complex<double> as_std_complex(W v) {
  if constexpr (xp::detail::is_complex_v<W>) return {double(v.real()), double(v.imag())};
  else return {double(v), 0.0};
}

// Same shape and every element within tol * (|want| + 1) (real and imaginary parts alike).
template <class W>
void check_near(const xp::ndarray<W, B>& got, const xp::ndarray<W, B>& want, double tol) {
  REQUIRE(xp::to_string(got.shape()) == xp::to_string(want.shape()));
  const auto g = values(got), w = values(want);
  for (std::size_t i = 0; i < g.size(); ++i) {
    const std::complex<double> gi = as_std_complex(g[i]), wi = as_std_complex(w[i]);
    INFO("flat index " << i << ": got " << gi << ", want " << wi);
    if (std::isinf(wi.real())) {
      CHECK(gi.real() == wi.real());
    } else {
      CHECK(std::abs(gi - wi) <= tol * (std::abs(wi) + 1));
    }
  }
}

template <class W>
void check_golden(const xp::ndarray<W, B>& got, const std::string& key, double tol = tolerance<W>) {
  INFO(key);
  check_near(got, golden_as<W>(key), tol);
}

template <class W>
constexpr bool is_complex_v = xp::detail::is_complex_v<W>;

}  // namespace

#define XP_LINALG_DTYPES \
  xp_test::on<float>, xp_test::on<double>, xp_test::on<xp::complex64>, xp_test::on<xp::complex128>

TEST_CASE_TEMPLATE("linalg::solve and inv match NumPy, batched and broadcast", P, XP_LINALG_DTYPES) {
  using W = typename P::type;
  const auto a = golden_as<W>("solve_a");
  // example-begin linalg-solve
  const auto x = xp::linalg::solve(a, golden_as<W>("solve_b1"));  // np.linalg.solve(a, b), b 1-D
  // example-end linalg-solve
  static_assert(std::is_same_v<typename decltype(x)::value_type, W>);
  check_golden(x, "solve_b1_x");
  check_golden(xp::linalg::solve(a, golden_as<W>("solve_b2")), "solve_b2_x");
  // a (2, 3, 7, 7) against b (3, 7, 2): the batch axes broadcast
  check_golden(xp::linalg::solve(golden_as<W>("solve_ab"), golden_as<W>("solve_bb")), "solve_bb_x");
  check_golden(xp::linalg::inv(golden_as<W>("inv_a")), "inv_a_x");
  if constexpr (is_complex_v<W>) {
    check_golden(xp::linalg::solve(golden_as<W>("solve_ac"), golden_as<W>("solve_bc")), "solve_c_x");
    check_golden(xp::linalg::inv(golden_as<W>("inv_ac")), "inv_ac_x");
  }
  // a transposed view: solve(a.T, b) is the system of the transpose
  const auto at = xp::matrix_transpose(a);
  const auto xt = xp::linalg::solve(at, golden_as<W>("solve_b2"));
  check_near(xp::matmul(at, xt), golden_as<W>("solve_b2"), 10 * tolerance<W>);
}

TEST_CASE_TEMPLATE("linalg::det and slogdet match NumPy", P, XP_LINALG_DTYPES) {
  using W = typename P::type;
  using R = xp::detail::real_of_t<W>;
  const auto a = golden_as<W>("det_a");
  check_golden(xp::linalg::det(a), "det_a_x");
  const auto [sign, logabsdet] = xp::linalg::slogdet(a);
  static_assert(std::is_same_v<typename decltype(logabsdet)::value_type, R>);
  check_golden(sign, "det_a_sign");
  check_golden(logabsdet, "det_a_logabs");
  check_golden(xp::linalg::det(golden_as<W>("det_perm")), "det_perm_x");
  if constexpr (is_complex_v<W>) {
    check_golden(xp::linalg::det(golden_as<W>("det_ac")), "det_ac_x");
    const auto c = xp::linalg::slogdet(golden_as<W>("det_ac"));
    check_golden(c.sign, "det_ac_sign");
    check_golden(c.logabsdet, "det_ac_logabs");
  }
  // a step-sliced view: the determinant of every other matrix of a stack of three
  const auto every_other = a(xp::range(xp::none, xp::none, 2));
  const auto want = golden_as<W>("det_a_x")(xp::range(xp::none, xp::none, 2));
  check_near(xp::linalg::det(every_other), xp::ndarray<W, B>(want.copy()), tolerance<W>);
}

TEST_CASE("linalg::det of singular, empty and overflowing matrices") {
  // a singular matrix: det 0, slogdet (0, -inf), as NumPy
  const auto singular = xp::array<double, B>({1, 2, 2, 4}, {2, 2});
  CHECK(xp::linalg::det(singular).item() == 0.0);
  const auto s = xp::linalg::slogdet(singular);
  CHECK(s.sign.item() == 0.0);
  CHECK(s.logabsdet.item() == -std::numeric_limits<double>::infinity());
  // the determinant of a (0, 0) matrix is 1; an empty stack gives an empty result
  CHECK(xp::linalg::det(xp::zeros<double, B>({0, 0})).item() == 1.0);
  CHECK(xp::linalg::det(xp::zeros<double, B>({0, 3, 3})).shape() == xp::shape_type{0});
  // float32: the determinant overflows to inf, its log does not (slogdet's reason to exist)
  const auto big = solve_goldens().get<float, B>("det_big_f");
  check_golden(xp::linalg::slogdet(big).logabsdet, "det_big_f_logabs", 1e-4);
  check_golden(xp::linalg::slogdet(big).sign, "det_big_f_sign", 0.0);
  CHECK(std::isinf(xp::linalg::det(big).item()));
  // integers compute in float64, float16 in float32 (NumPy's linalg dtypes)
  const auto ints = xp::array<std::int32_t, B>({2, 1, 1, 3}, {2, 2});
  static_assert(std::is_same_v<decltype(xp::linalg::det(ints))::value_type, double>);
  CHECK(xp::linalg::det(ints).item() == doctest::Approx(5.0));
  static_assert(std::is_same_v<decltype(xp::linalg::det(ints.astype<xp::float16>()))::value_type, float>);
}

TEST_CASE("linalg::solve and inv: singular matrices name the matrix; shapes are checked") {
  auto stack = xp::zeros<double, B>({2, 3, 3, 3});
  stack(xp::all, xp::all) = xp::eye<double, B>(3);
  stack(1, 2) = 0.0;  // matrix (1, 2) of the stack is singular
  try {
    (void)xp::linalg::inv(stack);
    FAIL("no error");
  } catch (const xp::linalg_error& e) {
    const std::string what = e.what();
    CHECK(what.find("Singular matrix") != std::string::npos);
    CHECK(what.find("(1, 2)") != std::string::npos);
  }
  CHECK_THROWS_AS((void)xp::linalg::solve(xp::zeros<double, B>({3, 3}), xp::ones<double, B>({3})), xp::linalg_error);
  // linalg_error is NumPy's LinAlgError, a ValueError
  CHECK_THROWS_AS((void)xp::linalg::inv(xp::zeros<double, B>({2, 2})), xp::value_error);
  CHECK_THROWS_AS((void)xp::linalg::inv(xp::ones<double, B>({2, 3})), xp::shape_error);
  CHECK_THROWS_AS((void)xp::linalg::inv(xp::ones<double, B>({3})), xp::value_error);
  CHECK_THROWS_AS((void)xp::linalg::solve(xp::eye<double, B>(3), xp::ones<double, B>({4})), xp::shape_error);
  CHECK_THROWS_AS((void)xp::linalg::solve(xp::eye<double, B>(3), xp::ones<double, B>({})), xp::value_error);
  CHECK_THROWS_AS((void)xp::linalg::solve(xp::ones<double, B>({2, 3, 3}), xp::ones<double, B>({4, 3, 1})),
                  xp::shape_error);
  CHECK_THROWS_AS((void)xp::linalg::det(xp::ones<double, B>({3, 2})), xp::shape_error);
  // empty stacks and empty matrices are no error
  CHECK(xp::linalg::inv(xp::zeros<double, B>({0, 4, 4})).shape() == xp::shape_type{0, 4, 4});
  CHECK(xp::linalg::solve(xp::zeros<double, B>({0, 0}), xp::zeros<double, B>({0})).shape() == xp::shape_type{0});
}

TEST_CASE_TEMPLATE("linalg::lstsq matches NumPy: over- and underdetermined, rank deficient", P, xp_test::on<float>,
                   xp_test::on<double>, xp_test::on<xp::complex128>) {
  using W = typename P::type;
  using R = xp::detail::real_of_t<W>;
  const double tol = 10 * tolerance<W>;
  for (const std::string name : {"over", "under"}) {
    const auto a = golden_as<W>("lstsq_" + name + "_a");
    const auto b = golden_as<W>("lstsq_" + name + "_b");
    const auto r1 = xp::linalg::lstsq(a, xp::ndarray<W, B>(b(xp::all, 0).copy()));
    check_golden(r1.x, "lstsq_" + name + "_b1_x", tol);
    check_golden(r1.residuals, "lstsq_" + name + "_b1_res", tol);
    check_golden(r1.s, "lstsq_" + name + "_b1_s", tol);
    CHECK(r1.rank == solve_goldens().get<std::int64_t>("lstsq_" + name + "_b1_rank").item());
    const auto r2 = xp::linalg::lstsq(a, b);
    check_golden(r2.x, "lstsq_" + name + "_b2_x", tol);
    check_golden(r2.residuals, "lstsq_" + name + "_b2_res", tol);
  }
  const auto d = xp::linalg::lstsq(golden_as<W>("lstsq_deficient_a"), golden_as<W>("lstsq_deficient_b"));
  CHECK(d.rank == 4);
  check_golden(d.x, "lstsq_deficient_x", tol);  // the minimum-norm solution
  CHECK(d.residuals.size() == 0);               // rank < n: NumPy leaves the residuals empty
  static_assert(std::is_same_v<typename decltype(d.s)::value_type, R>);
  if constexpr (is_complex_v<W>) {
    const auto c = xp::linalg::lstsq(golden_as<W>("lstsq_c_a"), golden_as<W>("lstsq_c_b"));
    check_golden(c.x, "lstsq_c_x", tol);
    check_golden(c.residuals, "lstsq_c_res", tol);
  }
  CHECK_THROWS_AS((void)xp::linalg::lstsq(xp::ones<W, B>({2, 3, 3}), xp::ones<W, B>({3})), xp::value_error);
  CHECK_THROWS_AS((void)xp::linalg::lstsq(xp::ones<W, B>({4, 3}), xp::ones<W, B>({3})), xp::shape_error);
}

TEST_CASE_TEMPLATE("linalg::pinv, matrix_rank and cond match NumPy", P, xp_test::on<float>, xp_test::on<double>,
                   xp_test::on<xp::complex64>) {
  using W = typename P::type;
  const double tol = 10 * tolerance<W>;
  check_golden(xp::linalg::pinv(golden_as<W>("pinv_a")), "pinv_a_x", tol);
  check_golden(xp::linalg::pinv(golden_as<W>("pinv_ab")), "pinv_ab_x", tol);
  if constexpr (is_complex_v<W>) check_golden(xp::linalg::pinv(golden_as<W>("pinv_ac")), "pinv_ac_x", tol);
  const auto ranks = xp::linalg::matrix_rank(golden_as<W>("rank_a"));
  check_same(ranks, solve_goldens().get<std::int64_t, B>("rank_a_x"));
  check_same(xp::linalg::matrix_rank(golden_as<W>("rank_a"), 1.0), solve_goldens().get<std::int64_t, B>("rank_tol_x"));
  const auto a = golden_as<W>("cond_a");
  const std::vector<std::pair<std::string, xp::linalg::norm_order>> orders = {
      {"none", {}}, {"2", 2},         {"m2", -2},         {"1", 1},
      {"m1", -1},   {"inf", xp::inf}, {"minf", -xp::inf}, {"fro", xp::linalg::fro}};
  for (const auto& [key, p] : orders) check_golden(xp::linalg::cond(a, p), "cond_a_" + key, 100 * tolerance<W>);
  check_golden(xp::linalg::cond(golden_as<W>("cond_rect")), "cond_rect_none", tol);
}

TEST_CASE("linalg::matrix_rank, pinv and cond: edge cases") {
  // 1-D and 0-d: rank 1 unless every element is 0 (NumPy)
  CHECK(xp::linalg::matrix_rank(xp::zeros<double, B>({4})).item() == 0);
  CHECK(xp::linalg::matrix_rank(xp::ones<double, B>({4})).item() == 1);
  CHECK(xp::linalg::pinv(xp::zeros<double, B>({0, 3})).shape() == xp::shape_type{3, 0});
  // a singular matrix's condition number is inf for the norm orders, as NumPy
  const auto singular = xp::array<double, B>({1, 2, 2, 4}, {1, 2, 2});
  const auto stack = xp::concatenate({xp::ndarray<double, B>(xp::eye<double, B>(2).reshape({1, 2, 2})), singular});
  const auto c = values(xp::linalg::cond(stack, 1));
  CHECK(c[0] == doctest::Approx(1.0));
  CHECK(std::isinf(c[1]));
  CHECK_THROWS_AS((void)xp::linalg::cond(xp::ones<double, B>({2, 3}), 1), xp::shape_error);
  CHECK_THROWS_AS((void)xp::linalg::cond(xp::ones<double, B>({3}), 1), xp::value_error);
}

TEST_CASE("linalg::matrix_power matches NumPy") {
  const auto ints = solve_goldens().get<std::int64_t, B>("power_i");
  check_same(xp::linalg::matrix_power(ints, 5), solve_goldens().get<std::int64_t, B>("power_i_5"));
  const auto a = golden_as<double>("power_a");
  check_golden(xp::linalg::matrix_power(a, 7), "power_a_7", 1e-12);
  check_golden(xp::linalg::matrix_power(a, -3), "power_a_m3", 1e-12);
  check_same(
      xp::linalg::matrix_power(ints, 0),
      xp::ndarray<std::int64_t, B>(xp::broadcast_to(xp::eye<std::int64_t, B>(3), xp::shape_type{2, 3, 3}).copy()));
  CHECK_THROWS_AS((void)xp::linalg::matrix_power(ints, -1), xp::dtype_error);
  CHECK_THROWS_AS((void)xp::linalg::matrix_power(xp::ones<double, B>({2, 3}), 2), xp::shape_error);
}

TEST_CASE("linalg::multi_dot, tensorsolve and tensorinv match NumPy") {
  const auto& z = solve_goldens();
  std::vector<xp::ndarray<double, B>> chain;
  for (int i = 0; i < 5; ++i) chain.push_back(z.get<double, B>("chain_" + std::to_string(i)));
  check_golden(xp::linalg::multi_dot(chain), "chain_x", 1e-12);
  check_golden(xp::linalg::multi_dot(std::vector<xp::ndarray<double, B>>(chain.begin() + 1, chain.begin() + 4)),
               "chain_mid_x", 1e-12);
  CHECK_THROWS_AS((void)xp::linalg::multi_dot(std::vector<xp::ndarray<double, B>>{chain[1]}), xp::value_error);
  CHECK_THROWS_AS((void)xp::linalg::multi_dot(std::vector<xp::ndarray<double, B>>{chain[1], chain[1]}),
                  xp::shape_error);
  const auto a = z.get<double, B>("tsolve_a");
  check_golden(xp::linalg::tensorsolve(a, z.get<double, B>("tsolve_b")), "tsolve_x", 1e-12);
  check_golden(xp::linalg::tensorsolve(xp::moveaxis(a, 2, 0), z.get<double, B>("tsolve_b"), {0}), "tsolve_axes_x",
               1e-12);
  check_golden(xp::linalg::tensorinv(z.get<double, B>("tinv_a"), 2), "tinv_x", 1e-12);
  CHECK_THROWS_AS((void)xp::linalg::tensorinv(z.get<double, B>("tinv_a"), 1), xp::shape_error);
  CHECK_THROWS_AS((void)xp::linalg::tensorsolve(a, xp::ones<double, B>({5, 4})), xp::shape_error);
}

TEST_CASE("linalg: NumPy's answers at the edges (overflow, NaN, empty, negative rcond, extreme powers)") {
  // det multiplies no partial product: 1e200 * 1e200 * 1e-300 is 1e100, not inf
  const auto big = xp::array<double, B>({1e200, 0, 0, 0, 1e200, 0, 0, 0, 1e-300}, {3, 3});
  CHECK(xp::linalg::det(big).item() == doctest::Approx(1e100).epsilon(1e-12));
  // slogdet of a real matrix with NaN: the sign stays +-1, not NaN (only a negative factor flips
  // it, as NumPy's); which of the two depends on how the LU pivots past a NaN, which LAPACK and
  // cuSOLVER do differently (1 on the host, as NumPy; -1 on an H200)
  const auto with_nan = xp::array<double, B>({std::numeric_limits<double>::quiet_NaN(), 1, 1, 1}, {2, 2});
  const auto s = xp::linalg::slogdet(with_nan);
  CHECK(std::abs(s.sign.item()) == 1.0);
  CHECK(std::isnan(s.logabsdet.item()));
  // cond: a zero matrix is inf for every order (NaN from singular input becomes inf); an empty matrix has none
  for (const xp::linalg::norm_order& p :
       {xp::linalg::norm_order{}, xp::linalg::norm_order(-2), xp::linalg::norm_order(1)})
    CHECK(std::isinf(xp::linalg::cond(xp::zeros<double, B>({2, 2}), p).item()));
  CHECK_THROWS_WITH_AS((void)xp::linalg::cond(xp::zeros<double, B>({0, 0})), doctest::Contains("empty"),
                       xp::linalg_error);
  CHECK(xp::linalg::cond(xp::zeros<double, B>({0, 2, 2})).shape() == xp::shape_type{0});
  // lstsq's negative rcond is machine precision (gelsd's rule; NumPy 1's default): rank 1 here
  const auto r = xp::linalg::lstsq(golden_as<double>("lstsq_neg_a"), xp::ones<double, B>({3}), -1.0);
  CHECK(r.rank == solve_goldens().get<std::int64_t>("lstsq_neg_rank").item());
  check_golden(r.x, "lstsq_neg_x", 1e-10);
  // matrix_power's most negative exponent: -INT64_MIN does not fit, the identity's power is the identity
  check_same(xp::linalg::matrix_power(xp::eye<double, B>(2), std::numeric_limits<std::int64_t>::min()),
             xp::eye<double, B>(2));
  CHECK_THROWS_AS((void)xp::linalg::matrix_rank(xp::eye<double, B>(2), 1.0, 1.0), xp::value_error);
}
