// xp/sparse/linalg/iterative.hpp: lsmr against scipy.sparse.linalg.lsmr (tests/golden/sparse/lsmr.npz,
// written by tests/golden/make_golden_sparse.py): overdetermined, underdetermined, damped, tight
// tolerances, maxiter, badly conditioned, x0 and consistent systems, through a dense matrix, a CSR
// matrix and a linear_operator (products into given vectors); float32 (solved in float64, as
// SciPy); b = 0; b of shape (m, 1); every error. istop and itn are SciPy's; on the device, whose
// sums run in another order, itn may differ by one at a test's edge.
#include <algorithm>
#include <cstdint>
#include <string>

#include <xp/sparse.hpp>

#include "support.hpp"

using namespace xp_test;
namespace spl = xp::sparse::linalg;

namespace {

const xp::npz_file& lsmr_goldens() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/sparse/lsmr.npz");
  return z;
}

xp::ndarray<double, B> gold(const std::string& key) { return lsmr_goldens().get<double, B>(key); }

spl::lsmr_options options_of(const std::string& name) {
  const auto o = lsmr_goldens().get<double, xp::host>("opts_" + name);
  spl::lsmr_options opt;
  opt.damp = o.at(0);
  opt.atol = o.at(1);
  opt.btol = o.at(2);
  opt.conlim = o.at(3);
  if (o.at(4) >= 0) opt.maxiter = static_cast<xp::index_t>(o.at(4));
  return opt;
}

// The estimates' tolerances (relative): |r| and |x| converge with x; |A^T r| is a small difference;
// |A| and cond(A) add up the Lanczos alphas and betas, which after some twenty iterations carry
// the rounding of each norm (SciPy's BLAS nrm2 against xp's sums): 3e-4 and 3% apart on "tall" on the
// host, |A| 0.7% apart on "tight" (40 iterations) through cuBLAS on an H200.
constexpr double normr_tol = 1e-6, normar_tol = 0.05, norma_tol = 1e-2, conda_tol = 0.2;

template <class R, class Bk>
void check_like_scipy(const spl::lsmr_result<R, Bk>& r, const std::string& name, double tol) {
  const auto stats = lsmr_goldens().get<double, xp::host>("stats_" + name);
  INFO(name << ": istop " << r.istop << " itn " << r.itn << " (SciPy " << stats.at(0) << ", " << stats.at(1) << ")");
  CHECK(r.istop == static_cast<int>(stats.at(0)));
  CHECK(std::abs(r.itn - static_cast<xp::index_t>(stats.at(1))) <= 1);
  // a badly conditioned system's iterates carry the rounding of every step: its residual only
  if (name == "ill") {
    CHECK(std::abs(r.normr - stats.at(2)) <= 1e-3 * stats.at(2));
    return;
  }
  // one iteration more or less moves x by about what the stopping tolerances (1e-6) allow
  if (r.itn != static_cast<xp::index_t>(stats.at(1))) tol = std::max(tol, 1e-4);
  check_close(r.x.template astype<double>(), gold("x_" + name), tol);
  const double got[] = {r.normr, r.normar, r.norma, r.conda, r.normx};
  const double rel[] = {normr_tol, normar_tol, norma_tol, conda_tol, normr_tol};
  const bool same_itn = r.itn == static_cast<xp::index_t>(stats.at(1));
  if (!same_itn && r.istop == 1) {
    // a consistent system stopped an iteration apart: |r| is still falling fast, so the two agree
    // only in meeting the stopping test |r| <= btol |b| + atol |A| |x| (SciPy's |A| and |x|)
    const auto o = options_of(name);
    const double bound = o.btol * xp::linalg::norm(gold("b_" + name)).item() + o.atol * stats.at(4) * stats.at(6);
    INFO("|r| " << r.normr << " against the stopping bound " << bound << " (SciPy's |r| " << stats.at(2) << ")");
    CHECK(r.normr <= bound);
    CHECK(stats.at(2) <= bound);
  }
  for (int k = 0; k < 5; ++k) {
    if (!same_itn && k != 0 && k != 4) continue;        // |A|, cond(A) and |A^T r| sum the iterations
    if (!same_itn && k == 0 && r.istop == 1) continue;  // checked against the stopping bound above
    INFO("estimate " << k << ": " << got[k] << " against " << stats.at(k + 2));
    CHECK(std::abs(got[k] - stats.at(k + 2)) <= std::max(rel[k], tol) * std::abs(stats.at(k + 2)) + tol);
  }
}

// SciPy's iteration counts are exact on the host through a dense matrix (BLAS products, as SciPy's),
// within one where the products sum in another order (CSR rows, the device).
template <class R, class Bk>
void check_exact_itn(const spl::lsmr_result<R, Bk>& r, const std::string& name) {
  if constexpr (std::is_same_v<Bk, xp::host>)
    CHECK(r.itn == static_cast<xp::index_t>(lsmr_goldens().get<double, xp::host>("stats_" + name).at(1)));
}

}  // namespace

TEST_CASE("lsmr: SciPy's answers through a dense matrix") {
  for (const char* name : {"tall", "wide", "damped", "tight", "maxiter", "ill", "consistent"}) {
    const auto r = spl::lsmr(gold(std::string("a_") + name), gold(std::string("b_") + name), options_of(name));
    check_like_scipy(r, name, 1e-7);
    check_exact_itn(r, name);
  }
  const auto r = spl::lsmr(gold("a_x0"), gold("b_x0"), options_of("x0"), gold("x0_x0"));
  check_like_scipy(r, "x0", 1e-7);
}

TEST_CASE("lsmr: SciPy's answers through a CSR matrix and a linear operator") {
  for (const char* name : {"tall", "wide", "damped"}) {
    const xp::sparse::csr_matrix<double, B> a(gold(std::string("a_") + name));
    check_like_scipy(spl::lsmr(a, gold(std::string("b_") + name), options_of(name)), name, 1e-7);
  }
  const auto dense = gold("a_tall");
  const spl::linear_operator<double, B> op(
      {dense.shape()[0], dense.shape()[1]},
      [&](const xp::ndarray<double, B>& x, xp::ndarray<double, B>& y) { y = xp::matmul(dense, x); },
      [&](const xp::ndarray<double, B>& x, xp::ndarray<double, B>& y) { y = xp::matmul(xp::transpose(dense), x); });
  // b as a column (m, 1), as SciPy squeezes it
  const auto b = gold("b_tall").reshape({60, 1});
  check_like_scipy(spl::lsmr(op, b, options_of("tall")), "tall", 1e-7);
}

TEST_CASE("lsmr: float32 problems solve in float64 (SciPy's result_type(A, b, float)) and agree with float64") {
  const auto a = gold("a_tall").template astype<float>();
  const auto b = gold("b_tall").template astype<float>();
  const auto r = spl::lsmr(a, b);
  static_assert(std::is_same_v<decltype(r.x), xp::ndarray<double, B>>);
  // float32 data (A and b rounded to float32) moves the stopping point by a few iterations
  CHECK(r.istop == 2);
  check_close(r.x.template astype<double>(), gold("x_tall"), 1e-3);
  // a float32 matrix with float64 data computes in float64 (the seed's case)
  const xp::sparse::csr_matrix<float, B> s(a);
  const auto r64 = spl::lsmr(s, gold("b_tall"));
  static_assert(std::is_same_v<decltype(r64.x), xp::ndarray<double, B>>);
  CHECK(r64.istop == 2);
}

TEST_CASE("lsmr: b = 0 gives x = 0 at once; bad arguments are typed errors") {
  const auto a = gold("a_tall");
  const auto r = spl::lsmr(a, xp::zeros<double, B>({60}));
  CHECK(r.itn == 0);
  CHECK(r.istop == 0);
  check_close(r.x, xp::zeros<double, B>({40}), 0.0);
  CHECK_THROWS_AS(spl::lsmr(a, xp::zeros<double, B>({59})), xp::shape_error);
  CHECK_THROWS_AS(spl::lsmr(a, xp::zeros<double, B>({60, 2})), xp::shape_error);
  spl::lsmr_options bad;
  bad.damp = -1;
  CHECK_THROWS_AS(spl::lsmr(a, gold("b_tall"), bad), xp::value_error);
  CHECK_THROWS_AS(spl::lsmr(a, gold("b_tall"), {}, xp::zeros<double, B>({39})), xp::shape_error);
  CHECK_THROWS_AS(spl::lsmr(xp::zeros<double, B>({3, 4, 5}), xp::zeros<double, B>({3})), xp::shape_error);
}
