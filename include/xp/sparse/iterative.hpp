#pragma once
/// @file sparse/iterative.hpp
/// @brief scipy.sparse.linalg's LSMR (xp::sparse::linalg::lsmr) and the linear operators it
/// takes: a CSR matrix, a dense matrix, or two callables (linear_operator).
///
/// The iteration stays on the device. SciPy's recurrence of scalars (Fong and Saunders' rotations,
/// the estimates of |r|, |A^T r|, |A|, cond(A) and |x|, the stopping tests) runs in a one-thread
/// kernel on a small array of doubles in the backend's memory; the vector updates read their
/// coefficients from it; once a stopping test holds, the kernels freeze (every later update leaves
/// the vectors as they are), so x is the one SciPy returns although the host learns of the stop
/// only when it next reads the array, every `check_every` iterations. CuPy reads the norms on the
/// host every iteration (a wait each time).
///
/// On xp::cuda the solver's kernels are the caller's functors (primitive::for_each), so the calling
/// translation unit is compiled by nvcc.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>

#include "xp/core/creation.hpp"
#include "xp/core/error.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/trace.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/reduction.hpp"
#include "xp/linalg/matmul.hpp"
#include "xp/sparse/csr.hpp"

namespace xp::sparse::linalg {

/// @brief scipy.sparse.linalg.LinearOperator: an m x n operator given by y = A x (`matvec`) and
/// y = A^T x (`rmatvec`, the adjoint), on vectors of R (float or double) on backend B. Each writes
/// its result into y, which has the result's length.
template <class R, class B = host>
struct linear_operator {
  using value_type = R;
  using apply = std::function<void(const ndarray<R, B>& x, ndarray<R, B>& y)>;
  std::array<index_t, 2> shape{0, 0};
  apply matvec;
  apply rmatvec;
};

/// @brief aslinearoperator(A) for a CSR matrix: products through the SpMV primitive, A^T made once
/// here (so each rmatvec is a row-wise product too). A float32 matrix with float64 vectors is read
/// as float32.
template <class R, class T, class B>
linear_operator<R, B> aslinearoperator(const csr_matrix<T, B>& a) {
  static_assert(!::xp::detail::is_complex_v<T>, "xp::sparse::linalg: complex operators are not supported yet");
  const auto at = std::make_shared<csr_matrix<T, B>>(a.transpose());
  const auto am = std::make_shared<csr_matrix<T, B>>(a);
  linear_operator<R, B> op;
  op.shape = a.shape();
  op.matvec = [am](const ndarray<R, B>& x, ndarray<R, B>& y) { sparse::detail::spmv_into(*am, x, y); };
  op.rmatvec = [at](const ndarray<R, B>& x, ndarray<R, B>& y) { sparse::detail::spmv_into(*at, x, y); };
  return op;
}

/// @brief aslinearoperator(A) for a dense 2-D array: xp::matmul with A and with A's transposed view.
template <class R, class T, class B>
linear_operator<R, B> aslinearoperator(const ndarray<T, B>& a) {
  static_assert(!::xp::detail::is_complex_v<T>, "xp::sparse::linalg: complex operators are not supported yet");
  if (a.ndim() != 2)
    throw shape_error("xp::sparse::linalg: a dense operator must be 2-D, got shape " + to_string(a.shape()));
  const ndarray<R, B> ar = a.template astype<R>();
  linear_operator<R, B> op;
  op.shape = {a.shape()[0], a.shape()[1]};
  op.matvec = [ar](const ndarray<R, B>& x, ndarray<R, B>& y) { ::xp::detail::assign(y, ::xp::matmul(ar, x)); };
  op.rmatvec = [ar](const ndarray<R, B>& x, ndarray<R, B>& y) {
    ::xp::detail::assign(y, ::xp::matmul(::xp::transpose(ar), x));
  };
  return op;
}

/// @brief aslinearoperator of an operator: itself.
template <class R, class B>
linear_operator<R, B> aslinearoperator(const linear_operator<R, B>& a) {
  return a;
}

/// @brief lsmr's result, SciPy's tuple by name (and in its order for structured bindings):
/// the solution x, istop (0: x = 0 or x0 is exact; 1: Ax - b small enough for atol, btol; 2: the
/// least-squares solution is good enough for atol; 3: cond(A) exceeded conlim; 4-6: as 1-3 at
/// machine precision; 7: maxiter reached), itn, and the estimates normr = |b - Ax|, normar =
/// |A^T (b - Ax)|, norma = |A| (Frobenius), conda = cond(A), normx = |x|.
template <class R, class B>
struct lsmr_result {
  ndarray<R, B> x;
  int istop = 0;
  index_t itn = 0;
  double normr = 0, normar = 0, norma = 0, conda = 0, normx = 0;
};

/// @brief lsmr's options: SciPy's keyword arguments (maxiter: min(m, n) when not given).
struct lsmr_options {
  double damp = 0;
  double atol = 1e-6;
  double btol = 1e-6;
  double conlim = 1e8;
  std::optional<index_t> maxiter;
  /// How often the host reads the stopping flag, at most (iterations between waits; the first
  /// bursts are 1, 2, 4, ... long): the iterations run past the stop are frozen, so this changes
  /// the time, not the answer.
  index_t check_every = 16;
};

namespace detail {

/// SciPy's _sym_ortho(a, b): the Givens rotation (c, s) and r with [c s; -s c] [a; b] = [r; 0].
struct sym_ortho_result {
  double c, s, r;
};
XP_HD inline double sign_of(double v) { return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0); }
XP_HD inline sym_ortho_result sym_ortho(double a, double b) {
  if (b == 0) return {sign_of(a), 0, ::fabs(a)};
  if (a == 0) return {0, sign_of(b), ::fabs(b)};
  if (::fabs(b) > ::fabs(a)) {
    const double tau = a / b, s = sign_of(b) / ::sqrt(1 + tau * tau);
    return {s * tau, s, b / s};
  }
  const double tau = b / a, c = sign_of(a) / ::sqrt(1 + tau * tau);
  return {c, c * tau, a / c};
}

/// LSMR's scalars, kept in the backend's memory (one-thread kernels update them). Names as SciPy's.
struct lsmr_state {
  // set up by the host
  double damp, atol, btol, ctol, normb;
  double maxiter;
  // the recurrence
  double alpha, beta, inv_beta, inv_alpha;
  double zetabar, alphabar, rho, rhobar, cbar, sbar;
  double betadd, betad, rhodold, tautildeold, thetatilde, zeta, d;
  double normA2, maxrbar, minrbar, normA, condA, normx, normr, normar;
  // this iteration's vector coefficients
  double hbar_coef, x_coef, h_coef;
  double itn, istop, stopped;
};
inline constexpr index_t lsmr_state_doubles = sizeof(lsmr_state) / sizeof(double);

/// After u = A v - alpha u: beta = |u| and 1 / beta (0 when beta is 0: u is then left as is).
template <class S>
struct lsmr_after_u {
  lsmr_state* st;
  const S* sum_u;  // |u|^2
  XP_HD void operator()(index_t) const {
    if (st->stopped != 0) return;
    st->itn += 1;
    st->beta = ::sqrt(static_cast<double>(*sum_u));
    st->inv_beta = st->beta > 0 ? 1 / st->beta : 0;
  }
};

/// After v = A^T u - beta v (when beta > 0): alpha, then SciPy's whole scalar recurrence for this
/// iteration, ending with the coefficients of the h, hbar and x updates.
template <class S>
struct lsmr_after_v {
  lsmr_state* st;
  const S* sum_v;  // |v|^2
  XP_HD void operator()(index_t) const {
    lsmr_state& s = *st;
    if (s.stopped != 0) return;
    if (s.beta > 0) s.alpha = ::sqrt(static_cast<double>(*sum_v));
    s.inv_alpha = s.beta > 0 && s.alpha > 0 ? 1 / s.alpha : 1;
    const double alpha = s.alpha, beta = s.beta;
    const sym_ortho_result hat = sym_ortho(s.alphabar, s.damp);  // chat, shat, alphahat
    const double rhoold = s.rho;
    const sym_ortho_result q = sym_ortho(hat.r, beta);  // c, s, rho
    s.rho = q.r;
    const double thetanew = q.s * alpha;
    s.alphabar = q.c * alpha;
    const double rhobarold = s.rhobar, zetaold = s.zeta;
    const double thetabar = s.sbar * s.rho, rhotemp = s.cbar * s.rho;
    const sym_ortho_result bar = sym_ortho(s.cbar * s.rho, thetanew);
    s.cbar = bar.c;
    s.sbar = bar.s;
    s.rhobar = bar.r;
    s.zeta = s.cbar * s.zetabar;
    s.zetabar = -s.sbar * s.zetabar;
    s.hbar_coef = -(thetabar * s.rho / (rhoold * rhobarold));
    s.x_coef = s.zeta / (s.rho * s.rhobar);
    s.h_coef = -(thetanew / s.rho);
    // |r|
    const double betaacute = hat.c * s.betadd, betacheck = -hat.s * s.betadd;
    const double betahat = q.c * betaacute;
    s.betadd = -q.s * betaacute;
    const double thetatildeold = s.thetatilde;
    const sym_ortho_result tilde = sym_ortho(s.rhodold, thetabar);
    s.thetatilde = tilde.s * s.rhobar;
    s.rhodold = tilde.c * s.rhobar;
    s.betad = -tilde.s * s.betad + tilde.c * betahat;
    s.tautildeold = (zetaold - thetatildeold * s.tautildeold) / tilde.r;
    const double taud = (s.zeta - s.thetatilde * s.tautildeold) / s.rhodold;
    s.d = s.d + betacheck * betacheck;
    s.normr = ::sqrt(s.d + (s.betad - taud) * (s.betad - taud) + s.betadd * s.betadd);
    // |A|, cond(A), |A^T r|
    s.normA2 = s.normA2 + beta * beta;
    s.normA = ::sqrt(s.normA2);
    s.normA2 = s.normA2 + alpha * alpha;
    s.maxrbar = s.maxrbar > rhobarold ? s.maxrbar : rhobarold;
    if (s.itn > 1) s.minrbar = s.minrbar < rhobarold ? s.minrbar : rhobarold;
    const double top = s.maxrbar > rhotemp ? s.maxrbar : rhotemp, bottom = s.minrbar < rhotemp ? s.minrbar : rhotemp;
    s.condA = top / bottom;
    s.normar = ::fabs(s.zetabar);
  }
};

/// After x's update: |x| and SciPy's stopping tests; a test that holds freezes the iteration.
template <class S>
struct lsmr_after_x {
  lsmr_state* st;
  const S* sum_x;  // |x|^2
  XP_HD void operator()(index_t) const {
    lsmr_state& s = *st;
    if (s.stopped != 0) return;
    s.normx = ::sqrt(static_cast<double>(*sum_x));
    const double test1 = s.normr / s.normb;
    const double test2 = s.normA * s.normr != 0 ? s.normar / (s.normA * s.normr) : HUGE_VAL;
    const double test3 = 1 / s.condA;
    const double t1 = test1 / (1 + s.normA * s.normx / s.normb);
    const double rtol = s.btol + s.atol * s.normA * s.normx / s.normb;
    int istop = 0;
    if (s.itn >= s.maxiter) istop = 7;
    if (1 + test3 <= 1) istop = 6;
    if (1 + test2 <= 1) istop = 5;
    if (1 + t1 <= 1) istop = 4;
    if (test3 <= s.ctol) istop = 3;
    if (test2 <= s.atol) istop = 2;
    if (test1 <= rtol) istop = 1;
    s.istop = istop;
    if (istop > 0) s.stopped = 1;
  }
};

/// u = t - alpha u.
template <class R>
struct lsmr_update_u {
  const lsmr_state* st;
  const R* t;
  R* u;
  XP_HD void operator()(index_t i) const {
    if (st->stopped != 0) return;
    u[i] = t[i] - static_cast<R>(st->alpha) * u[i];
  }
};
/// u /= beta (u = 0 stays 0 when beta is 0).
template <class R>
struct lsmr_scale_u {
  const lsmr_state* st;
  R* u;
  XP_HD void operator()(index_t i) const {
    if (st->stopped != 0 || st->beta == 0) return;
    u[i] *= static_cast<R>(st->inv_beta);
  }
};
/// v = w - beta v, when beta > 0.
template <class R>
struct lsmr_update_v {
  const lsmr_state* st;
  const R* w;
  R* v;
  XP_HD void operator()(index_t i) const {
    if (st->stopped != 0 || st->beta == 0) return;
    v[i] = w[i] - static_cast<R>(st->beta) * v[i];
  }
};
/// v /= alpha; hbar = h + c hbar; x += c' hbar; h = v + c'' h (SciPy's order, elementwise).
template <class R>
struct lsmr_update_x {
  const lsmr_state* st;
  R* v;
  R* h;
  R* hbar;
  R* x;
  XP_HD void operator()(index_t i) const {
    if (st->stopped != 0) return;
    const R vi = v[i] * static_cast<R>(st->inv_alpha);
    v[i] = vi;
    const R hb = hbar[i] * static_cast<R>(st->hbar_coef) + h[i];
    hbar[i] = hb;
    x[i] += static_cast<R>(st->x_coef) * hb;
    h[i] = h[i] * static_cast<R>(st->h_coef) + vi;
  }
};

template <class R, class B>
double norm2_of(const ndarray<R, B>& v) {
  return std::sqrt(static_cast<double>(::xp::sum(v * v).item()));
}

}  // namespace detail

namespace detail {

template <class R, class B>
lsmr_result<R, B> lsmr_run(const linear_operator<R, B>& op, ndarray<R, B> b, const lsmr_options& o,
                           const std::optional<ndarray<R, B>>& x0) {
  const char* fn = "xp::sparse::linalg::lsmr";
  const index_t m = op.shape[0], n = op.shape[1];
  if (b.ndim() == 2 && b.shape()[1] == 1) b = b.reshape({b.shape()[0]});
  if (b.ndim() != 1 || b.shape()[0] != m)
    throw shape_error(std::string(fn) + ": A is " + std::to_string(m) + " x " + std::to_string(n) +
                      ", so b must have shape (" + std::to_string(m) + ",), got " + to_string(b.shape()));
  if (!(o.damp >= 0) || !(o.atol >= 0) || !(o.btol >= 0) || !(o.conlim >= 0) || (o.maxiter && *o.maxiter < 0) ||
      o.check_every < 1)
    throw value_error(std::string(fn) + ": damp, atol, btol, conlim and maxiter must be non-negative");
  const index_t maxiter = o.maxiter.value_or(std::min(m, n));

  lsmr_result<R, B> res;
  ndarray<R, B> u = b.copy();
  const double normb = norm2_of(b);
  double beta;
  if (x0) {
    if (x0->ndim() != 1 || x0->shape()[0] != n)
      throw shape_error(std::string(fn) + ": x0 must have shape (" + std::to_string(n) + ",), got " +
                        to_string(x0->shape()));
    res.x = x0->copy();
    ndarray<R, B> ax({m});
    op.matvec(res.x, ax);
    u = ndarray<R, B>(b - ax);
    beta = norm2_of(u);
  } else {
    res.x = zeros<R, B>({n});
    beta = normb;
  }
  ndarray<R, B> v = zeros<R, B>({n});
  double alpha = 0;
  if (beta > 0) {
    u = ndarray<R, B>(u * static_cast<R>(1 / beta));
    op.rmatvec(u, v);
    alpha = norm2_of(v);
  }
  if (alpha > 0) v = ndarray<R, B>(v * static_cast<R>(1 / alpha));

  lsmr_state s{};
  s.damp = o.damp;
  s.atol = o.atol;
  s.btol = o.btol;
  s.ctol = o.conlim > 0 ? 1 / o.conlim : 0;
  s.normb = normb;
  s.maxiter = static_cast<double>(maxiter);
  s.alpha = alpha;
  s.beta = beta;
  s.zetabar = alpha * beta;
  s.alphabar = alpha;
  s.rho = s.rhobar = s.cbar = 1;
  s.betadd = beta;
  s.rhodold = 1;
  s.normA2 = alpha * alpha;
  s.minrbar = 1e100;
  s.normA = std::sqrt(s.normA2);
  s.condA = 1;
  s.normr = beta;
  s.normar = alpha * beta;
  res.normr = s.normr;
  res.normar = s.normar;
  res.norma = s.normA;
  res.conda = s.condA;
  if (s.normar == 0) return res;  // x = 0 (or x0) is exact
  if (normb == 0) {
    res.x = zeros<R, B>({n});
    return res;
  }

  // the scalars in the backend's memory
  ndarray<double, host> host_state({lsmr_state_doubles});
  std::memcpy(host_state.data(), &s, sizeof s);
  ndarray<double, B> state = asarray<B>(host_state);
  auto* st = reinterpret_cast<lsmr_state*>(state.data());
  ndarray<R, B> h = v.copy(), hbar = zeros<R, B>({n}), t({m}), w({n});
  const auto stopped_view = state(index_t{offsetof(lsmr_state, stopped) / sizeof(double)});
  // bursts of 1, 2, 4, ... up to check_every iterations between reads of the flag: a solve that
  // stops after a few iterations runs few frozen ones (a product of the seed's system is 78 us)
  index_t next_burst = 1;
  for (index_t itn = 0; itn < maxiter;) {
    const index_t burst = std::min({next_burst, o.check_every, maxiter - itn});
    next_burst *= 2;
    for (index_t k = 0; k < burst; ++k) {
      op.matvec(v, t);
      primitive::for_each<B>::run(m, lsmr_update_u<R>{st, t.data(), u.data()});
      const auto sum_u = ::xp::sum(u * u);
      primitive::for_each<B>::run(1, lsmr_after_u<R>{st, sum_u.data()});
      primitive::for_each<B>::run(m, lsmr_scale_u<R>{st, u.data()});
      op.rmatvec(u, w);
      primitive::for_each<B>::run(n, lsmr_update_v<R>{st, w.data(), v.data()});
      const auto sum_v = ::xp::sum(v * v);
      primitive::for_each<B>::run(1, lsmr_after_v<R>{st, sum_v.data()});
      primitive::for_each<B>::run(n, lsmr_update_x<R>{st, v.data(), h.data(), hbar.data(), res.x.data()});
      const auto sum_x = ::xp::sum(res.x * res.x);
      primitive::for_each<B>::run(1, lsmr_after_x<R>{st, sum_x.data()});
    }
    itn += burst;
    if (stopped_view.item() != 0) break;  // the one wait per burst
  }
  const auto done = state.copy_to_host();
  std::memcpy(&s, done.data(), sizeof s);
  res.istop = static_cast<int>(s.istop);
  res.itn = static_cast<index_t>(s.itn);
  res.normr = s.normr;
  res.normar = s.normar;
  res.norma = s.normA;
  res.conda = s.condA;
  res.normx = s.normx;
  return res;
}

}  // namespace detail

/// @brief scipy.sparse.linalg.lsmr(A, b, damp, atol, btol, conlim, maxiter): the least-squares
/// solution of A x = b (of [A; damp I] x = [b; 0] with damp), by Fong and Saunders' algorithm as
/// SciPy writes it, so istop and itn are SciPy's. A: a csr_matrix, a dense 2-D array or a
/// linear_operator; b of shape (m,) or (m, 1). x is float32 when A and b are, else float64 (SciPy's
/// result_type(A, b, float)).
/// @throws xp::shape_error when b does not match A; xp::value_error for a negative damp, atol,
///         btol, conlim or maxiter.
template <class A, class Tb, class B>
auto lsmr(const A& a, const ndarray<Tb, B>& b, lsmr_options options = {}) {
  ::xp::detail::op_range<B> range("xp::sparse::linalg::lsmr");
  using R = promote_t<typename A::value_type, promote_t<Tb, float>>;
  static_assert(std::is_same_v<R, float> || std::is_same_v<R, double>,
                "xp::sparse::linalg::lsmr: real float32 or float64 problems (complex ones are not supported yet)");
  const linear_operator<R, B> op = aslinearoperator<R>(a);
  return detail::lsmr_run<R, B>(op, b.template astype<R>(), options, std::nullopt);
}

/// @brief lsmr(A, b, options, x0): as lsmr, starting from x0 (shape (n,)); x in result_type(A, b,
/// x0, float).
/// @throws as lsmr, and xp::shape_error when x0 does not match A.
template <class A, class Tb, class T0, class B>
auto lsmr(const A& a, const ndarray<Tb, B>& b, lsmr_options options, const ndarray<T0, B>& x0) {
  ::xp::detail::op_range<B> range("xp::sparse::linalg::lsmr");
  using R = promote_t<promote_t<typename A::value_type, T0>, promote_t<Tb, float>>;
  static_assert(std::is_same_v<R, float> || std::is_same_v<R, double>,
                "xp::sparse::linalg::lsmr: real float32 or float64 problems (complex ones are not supported yet)");
  const linear_operator<R, B> op = aslinearoperator<R>(a);
  return detail::lsmr_run<R, B>(op, b.template astype<R>(), options, x0.template astype<R>());
}

}  // namespace xp::sparse::linalg
