#pragma once
/// @file sparse/linalg/iterative_loops.hpp
/// @brief The iterative solvers' loops, written once for both backends and included only by the
/// backends (backends/host/iterative.hpp; backends/cuda/iterative_least_squares.cu and iterative_krylov.cu, which nvcc
/// compiles).
///
/// Each solver keeps SciPy's scalar recurrence (rotations, norms' estimates, stopping tests, the
/// stop flag, istop and itn) in a small array of doubles in the backend's memory, updated by
/// one-thread for_each steps; the vector updates read their coefficients from it, and become
/// no-ops once the stop flag is set, so x is SciPy's although the host reads the flag only after
/// bursts of 1, 2, 4, ... up to check_every iterations (the one wait per burst). An lsmr
/// iteration: 2 products, 3 sums (each one reduction), 2 one-thread steps and 2 vector updates;
/// every vector and 0-d sum it uses is made before the loop, so the host only launches (and waits
/// once per burst). gmres is the exception: the host reads the residual once per restart cycle, and
/// its Arnoldi step makes its products' arrays each inner iteration.

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "xp/array/transfer.hpp"
#include "xp/backends/host/backend.hpp"  // the state is made on the host
#include "xp/core/backend.hpp"
#include "xp/core/creation.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/reduction.hpp"
#include "xp/linalg/matmul.hpp"
#include "xp/sparse/linalg/iterative_problem.hpp"

namespace xp::sparse::linalg {
namespace detail {

// ---- shared pieces ---------------------------------------------------------------------------

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

/// |v|^2 as a 0-d array (one reduction; complex: the sum of re^2 + im^2, real).
template <class E>
auto sum_squares(const E& e) {
  if constexpr (::xp::detail::is_complex_v<typename E::value_type>) return ::xp::sum(::xp::real(e * ::xp::conj(e)));
  else return ::xp::sum(::xp::square(e));
}

/// |v|^2's dtype (R's real type): what the loops' sums are kept in.
template <class R, class B>
using sum_squares_t = typename decltype(sum_squares(std::declval<const ndarray<R, B>&>()))::value_type;

/// |e|^2 into `out`, a 0-d array made once before the loop (the loop allocates no result).
template <class E, class S, class B>
void sum_squares_into(const E& e, const ndarray<S, B>& out) {
  if constexpr (::xp::detail::is_complex_v<typename E::value_type>)
    ::xp::sum(::xp::real(e * ::xp::conj(e)), {}, false, ::xp::out(out));
  else ::xp::sum(::xp::square(e), {}, false, ::xp::out(out));
}

/// A 0-d array for one of the loop's sums.
template <class S, class B>
ndarray<S, B> scalar_slot() {
  return empty<S, B>({});
}

/// |v| read by the host (the setup's few waits, before the loop).
template <class E>
double norm_on_host(const E& e) {
  return std::sqrt(static_cast<double>(sum_squares(e).item()));
}

/// A struct of doubles copied into the backend's memory, and its typed pointer there.
template <class State, class B>
ndarray<double, B> state_array(const State& s) {
  static_assert(sizeof(State) % sizeof(double) == 0);
  ndarray<double, host> h({static_cast<index_t>(sizeof(State) / sizeof(double))});
  std::memcpy(h.data(), &s, sizeof s);
  return asarray<B>(h);
}
template <class State, class B>
State state_on_host(const ndarray<double, B>& a) {
  State s;
  const auto h = a.copy_to_host();
  std::memcpy(&s, h.data(), sizeof s);
  return s;
}
/// The 0-d view of one field (a device scalar for expressions).
#define XP_STATE_FIELD(array, State, field) (array)(static_cast<index_t>(offsetof(State, field) / sizeof(double)))

/// A burst's end with nothing to run before the host reads the flag.
struct nothing_pending {
  void operator()() const {}
};

/// Runs `iteration()` up to `count` times in bursts of 1, 2, 4, ... up to check_every, reading
/// `flag` (a 0-d view) after each burst: the one wait per burst. `settle()` runs (on the device)
/// before each read: the loops whose last iteration's test waits for the next iteration's step
/// run it there, so a stop in a burst's last iteration is seen at that burst's end, not one burst
/// later.
template <class B, class F, class G = nothing_pending>
void in_bursts(index_t count, index_t check_every, const ndarray<double, B>& flag, F&& iteration, G&& settle = {}) {
  index_t next = 1;
  for (index_t done = 0; done < count;) {
    const index_t burst = std::min({next, check_every, count - done});
    next *= 2;
    for (index_t k = 0; k < burst; ++k) iteration();
    done += burst;
    settle();
    if (flag.item() != 0) break;
  }
}

/// SciPy's istop from the tests (the last that holds wins, as SciPy's order of ifs).
XP_HD inline int istop_of(double itn, double maxiter, double test1, double test2, double test3, double t1, double rtol,
                          double atol, double ctol) {
  int istop = 0;
  if (itn >= maxiter) istop = 7;
  if (1 + test3 <= 1) istop = 6;
  if (1 + test2 <= 1) istop = 5;
  if (1 + t1 <= 1) istop = 4;
  if (test3 <= ctol) istop = 3;
  if (test2 <= atol) istop = 2;
  if (test1 <= rtol) istop = 1;
  return istop;
}

// ---- LSMR ------------------------------------------------------------------------------------

/// LSMR's scalars (SciPy's names), in the backend's memory.
struct lsmr_state {
  double damp, atol, btol, ctol, normb, maxiter;
  double alpha, beta, u_scale, v_scale;
  double zetabar, alphabar, rho, rhobar, cbar, sbar;
  double betadd, betad, rhodold, tautildeold, thetatilde, zeta, d;
  double normA2, maxrbar, minrbar, normA, condA, normx, normr, normar;
  double hbar_coef, x_coef, h_coef;
  double itn, istop, stopped, pending;  // pending: the last iteration's tests are still to run
};

/// The tests of the iteration that ended with |x|^2 = sum_x (SciPy's, after its x update).
XP_HD inline void lsmr_test(lsmr_state& s, double sum_x) {
  s.pending = 0;
  s.normx = ::sqrt(sum_x);
  const double test1 = s.normr / s.normb;
  const double test2 = s.normA * s.normr != 0 ? s.normar / (s.normA * s.normr) : HUGE_VAL;
  const double test3 = 1 / s.condA;
  const double t1 = test1 / (1 + s.normA * s.normx / s.normb);
  const double rtol = s.btol + s.atol * s.normA * s.normx / s.normb;
  const int istop = istop_of(s.itn, s.maxiter, test1, test2, test3, t1, rtol, s.atol, s.ctol);
  s.istop = istop;
  if (istop > 0) s.stopped = 1;
}

/// Step 1 (after t = A v and |t - alpha u|^2): the previous iteration's tests (they need its |x|),
/// then itn and beta. A stop here freezes this iteration before any vector changes.
template <class SU, class SX>
struct lsmr_step_u {
  lsmr_state* st;
  const SU* sum_u;
  const SX* sum_x;
  XP_HD void operator()(index_t) const {
    lsmr_state& s = *st;
    if (s.stopped != 0) return;
    if (s.pending != 0) {
      lsmr_test(s, static_cast<double>(*sum_x));
      if (s.stopped != 0) return;
    }
    s.itn += 1;
    s.beta = ::sqrt(static_cast<double>(*sum_u));
    s.u_scale = s.beta > 0 ? 1 / s.beta : 1;  // SciPy leaves u unscaled when beta is 0
  }
};

/// The last iteration's tests, still due at a burst's end (run there, once per burst).
template <class SX>
struct lsmr_finish {
  lsmr_state* st;
  const SX* sum_x;
  XP_HD void operator()(index_t) const {
    if (st->stopped == 0 && st->pending != 0) lsmr_test(*st, static_cast<double>(*sum_x));
  }
};

/// Step 2 (after w = A^H u and |w - beta v|^2): alpha, then SciPy's whole recurrence, ending with
/// the coefficients of the h, hbar and x updates.
template <class SV>
struct lsmr_step_v {
  lsmr_state* st;
  const SV* sum_v;
  XP_HD void operator()(index_t) const {
    lsmr_state& s = *st;
    if (s.stopped != 0) return;
    const double beta = s.beta;
    if (beta > 0) {
      s.alpha = ::sqrt(static_cast<double>(*sum_v));
      s.v_scale = s.alpha > 0 ? 1 / s.alpha : 1;
    }
    const double alpha = s.alpha;
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
    // |A|, cond(A), |A^H r|
    s.normA2 = s.normA2 + beta * beta;
    s.normA = ::sqrt(s.normA2);
    s.normA2 = s.normA2 + alpha * alpha;
    s.maxrbar = s.maxrbar > rhobarold ? s.maxrbar : rhobarold;
    if (s.itn > 1) s.minrbar = s.minrbar < rhobarold ? s.minrbar : rhobarold;
    const double top = s.maxrbar > rhotemp ? s.maxrbar : rhotemp;
    const double bottom = s.minrbar < rhotemp ? s.minrbar : rhotemp;
    s.condA = top / bottom;
    s.normar = ::fabs(s.zetabar);
    s.pending = 1;
  }
};

/// u = (t - alpha u) / beta.
template <class R>
struct lsmr_update_u {
  const lsmr_state* st;
  const R* t;
  R* u;
  XP_HD void operator()(index_t i) const {
    if (st->stopped != 0) return;
    const R ui = t[i] - static_cast<R>(st->alpha) * u[i];
    u[i] = ui * static_cast<R>(st->u_scale);
  }
};

/// v = (w - beta v) / alpha (when beta > 0); hbar = h + c hbar; x += c' hbar; h = v + c'' h.
template <class R>
struct lsmr_update_x {
  const lsmr_state* st;
  const R* w;
  R* v;
  R* h;
  R* hbar;
  R* x;
  XP_HD void operator()(index_t i) const {
    const lsmr_state& s = *st;
    if (s.stopped != 0) return;
    R vi = v[i];
    if (s.beta > 0) {
      vi = w[i] - static_cast<R>(s.beta) * vi;
      vi = vi * static_cast<R>(s.v_scale);
      v[i] = vi;
    }
    const R hb = hbar[i] * static_cast<R>(s.hbar_coef) + h[i];
    hbar[i] = hb;
    x[i] += static_cast<R>(s.x_coef) * hb;
    h[i] = h[i] * static_cast<R>(s.h_coef) + vi;
  }
};

template <class R, class B>
lsmr_result<R, B> lsmr_loop(const lsmr_problem<R, B>& p) {
  const linear_operator<R, B>& op = p.op;
  const lsmr_options& o = p.options;
  const index_t m = op.shape()[0], n = op.shape()[1];
  const index_t maxiter = o.maxiter.value_or(std::min(m, n));
  lsmr_result<R, B> res;
  const double normb = norm_on_host(p.b);
  ndarray<R, B> u = p.b;
  double beta = normb;
  if (p.x0) {
    res.x = p.x0->copy();
    u = ndarray<R, B>(p.b - op.matvec(res.x));
    beta = norm_on_host(u);
  } else {
    res.x = zeros<R, B>({n});
  }
  ndarray<R, B> v;
  double alpha = 0;
  if (beta > 0) {
    u = ndarray<R, B>(u * static_cast<R>(1 / beta));
    v = op.rmatvec(u);
    alpha = norm_on_host(v);
  } else {
    v = zeros<R, B>({n});
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
  s.u_scale = s.v_scale = 1;
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

  ndarray<double, B> state = state_array<lsmr_state, B>(s);
  auto* st = reinterpret_cast<lsmr_state*>(state.data());
  const ndarray<double, B> alpha_view = XP_STATE_FIELD(state, lsmr_state, alpha);
  const ndarray<double, B> beta_view = XP_STATE_FIELD(state, lsmr_state, beta);
  ndarray<R, B> h = v.copy(), hbar = zeros<R, B>({n});
  // every array the loop touches is made here: the products write into t_buf and w_buf (or, from a
  // callable that returns new arrays, replace them for one iteration), the sums into their slots
  const ndarray<R, B> t_buf({m}), w_buf({n});
  using S = sum_squares_t<R, B>;
  const ndarray<S, B> sum_u = scalar_slot<S, B>(), sum_v = scalar_slot<S, B>(), sum_x = scalar_slot<S, B>();
  sum_squares_into(res.x, sum_x);
  in_bursts(
      maxiter, o.check_every, XP_STATE_FIELD(state, lsmr_state, stopped),
      [&] {
        const ndarray<R, B> t = op.matvec(v, t_buf);
        sum_squares_into(t - alpha_view * u, sum_u);
        primitive::for_each<B>::run(1, lsmr_step_u<S, S>{st, sum_u.data(), sum_x.data()});
        primitive::for_each<B>::run(m, lsmr_update_u<R>{st, t.data(), u.data()});
        const ndarray<R, B> w = op.rmatvec(u, w_buf);
        sum_squares_into(w - beta_view * v, sum_v);
        primitive::for_each<B>::run(1, lsmr_step_v<S>{st, sum_v.data()});
        primitive::for_each<B>::run(n, lsmr_update_x<R>{st, w.data(), v.data(), h.data(), hbar.data(), res.x.data()});
        sum_squares_into(res.x, sum_x);
      },
      [&] {
        primitive::for_each<B>::run(1, lsmr_finish<S>{st, sum_x.data()});
      });
  s = state_on_host<lsmr_state>(state);
  res.istop = static_cast<int>(s.istop);
  res.itn = static_cast<index_t>(s.itn);
  res.normr = s.normr;
  res.normar = s.normar;
  res.norma = s.normA;
  res.conda = s.condA;
  res.normx = s.normx;
  return res;
}

// ---- LSQR ------------------------------------------------------------------------------------

/// LSQR's scalars (SciPy's names), in the backend's memory.
struct lsqr_state {
  double damp, dampsq, atol, btol, ctol, bnorm, iter_lim;
  double alfa, beta, u_scale, v_scale;
  double rhobar, phibar, anorm, acond, ddnorm, res2, xnorm, xxnorm, z, cs2, sn2;
  double rnorm, r1norm, r2norm, arnorm;
  double t1, t2, inv_rho;
  double itn, istop, stopped, frozen;  // frozen: stopped before this iteration began
};

/// Step 1 (after t = A v and |t - alfa u|^2): itn, beta and |A|'s estimate.
template <class SU>
struct lsqr_step_u {
  lsqr_state* st;
  const SU* sum_u;
  XP_HD void operator()(index_t) const {
    lsqr_state& s = *st;
    if (s.stopped != 0) {
      s.frozen = 1;
      return;
    }
    s.itn += 1;
    s.beta = ::sqrt(static_cast<double>(*sum_u));
    s.u_scale = s.beta > 0 ? 1 / s.beta : 1;
    if (s.beta > 0) s.anorm = ::sqrt(s.anorm * s.anorm + s.alfa * s.alfa + s.beta * s.beta + s.dampsq);
  }
};

/// Step 2 (after w2 = A^H u, |w2 - beta v|^2 and |w|^2): alfa, SciPy's recurrence and its tests.
template <class SV, class SW>
struct lsqr_step_v {
  lsqr_state* st;
  const SV* sum_v;
  const SW* sum_w;
  XP_HD void operator()(index_t) const {
    lsqr_state& s = *st;
    if (s.frozen != 0) return;
    if (s.beta > 0) {
      s.alfa = ::sqrt(static_cast<double>(*sum_v));
      s.v_scale = s.alfa > 0 ? 1 / s.alfa : 1;
    }
    double rhobar1 = s.rhobar, psi = 0;
    if (s.damp > 0) {
      rhobar1 = ::sqrt(s.rhobar * s.rhobar + s.dampsq);
      const double cs1 = s.rhobar / rhobar1, sn1 = s.damp / rhobar1;
      psi = sn1 * s.phibar;
      s.phibar = cs1 * s.phibar;
    }
    const sym_ortho_result q = sym_ortho(rhobar1, s.beta);
    const double rho = q.r, theta = q.s * s.alfa;
    s.rhobar = -q.c * s.alfa;
    const double phi = q.c * s.phibar;
    s.phibar = q.s * s.phibar;
    const double tau = q.s * phi;
    s.t1 = phi / rho;
    s.t2 = -theta / rho;
    s.inv_rho = 1 / rho;
    s.ddnorm = s.ddnorm + static_cast<double>(*sum_w) * (s.inv_rho * s.inv_rho);  // |w / rho|^2
    const double delta = s.sn2 * rho, gambar = -s.cs2 * rho;
    const double rhs = phi - delta * s.z, zbar = rhs / gambar;
    s.xnorm = ::sqrt(s.xxnorm + zbar * zbar);
    const double gamma = ::sqrt(gambar * gambar + theta * theta);
    s.cs2 = gambar / gamma;
    s.sn2 = theta / gamma;
    s.z = rhs / gamma;
    s.xxnorm = s.xxnorm + s.z * s.z;
    s.acond = s.anorm * ::sqrt(s.ddnorm);
    const double res1 = s.phibar * s.phibar;
    s.res2 = s.res2 + psi * psi;
    s.rnorm = ::sqrt(res1 + s.res2);
    s.arnorm = s.alfa * ::fabs(tau);
    if (s.damp > 0) {
      const double r1sq = s.rnorm * s.rnorm - s.dampsq * s.xxnorm;
      s.r1norm = ::sqrt(::fabs(r1sq));
      if (r1sq < 0) s.r1norm = -s.r1norm;
    } else {
      s.r1norm = s.rnorm;
    }
    s.r2norm = s.rnorm;
    const double eps = DBL_EPSILON;  // SciPy's np.finfo(np.float64).eps
    const double test1 = s.rnorm / s.bnorm;
    const double test2 = s.arnorm / (s.anorm * s.rnorm + eps);
    const double test3 = 1 / (s.acond + eps);
    const double t1 = test1 / (1 + s.anorm * s.xnorm / s.bnorm);
    const double rtol = s.btol + s.atol * s.anorm * s.xnorm / s.bnorm;
    const int istop = istop_of(s.itn, s.iter_lim, test1, test2, test3, t1, rtol, s.atol, s.ctol);
    s.istop = istop;
    if (istop > 0) s.stopped = 1;  // this iteration's vectors still update (SciPy's x includes it)
  }
};

/// u = (t - alfa u) / beta.
template <class R>
struct lsqr_update_u {
  const lsqr_state* st;
  const R* t;
  R* u;
  XP_HD void operator()(index_t i) const {
    if (st->frozen != 0) return;
    const R ui = t[i] - static_cast<R>(st->alfa) * u[i];
    u[i] = ui * static_cast<R>(st->u_scale);
  }
};

/// v = (w2 - beta v) / alfa (when beta > 0); var += (w / rho)^2; x += t1 w; w = v + t2 w.
template <class R>
struct lsqr_update_x {
  const lsqr_state* st;
  const R* w2;
  R* v;
  R* w;
  R* x;
  R* var;  // null without calc_var
  XP_HD void operator()(index_t i) const {
    const lsqr_state& s = *st;
    if (s.frozen != 0) return;
    R vi = v[i];
    if (s.beta > 0) {
      vi = w2[i] - static_cast<R>(s.beta) * vi;
      vi = vi * static_cast<R>(s.v_scale);
      v[i] = vi;
    }
    const R wi = w[i];
    if (var != nullptr) {
      const R dk = static_cast<R>(s.inv_rho) * wi;
      var[i] += dk * dk;
    }
    x[i] = x[i] + static_cast<R>(s.t1) * wi;
    w[i] = vi + static_cast<R>(s.t2) * wi;
  }
};

template <class R, class B>
lsqr_result<R, B> lsqr_loop(const lsqr_problem<R, B>& p) {
  const linear_operator<R, B>& op = p.op;
  const lsqr_options& o = p.options;
  const index_t m = op.shape()[0], n = op.shape()[1];
  const index_t iter_lim = o.iter_lim.value_or(2 * n);
  lsqr_result<R, B> res;
  res.var = zeros<R, B>({n});
  const double bnorm = norm_on_host(p.b);
  ndarray<R, B> u = p.b;
  double beta = bnorm;
  if (p.x0) {
    res.x = p.x0->copy();
    u = ndarray<R, B>(p.b - op.matvec(res.x));
    beta = norm_on_host(u);
  } else {
    res.x = zeros<R, B>({n});
  }
  ndarray<R, B> v;
  double alfa = 0;
  if (beta > 0) {
    u = ndarray<R, B>(u * static_cast<R>(1 / beta));
    v = op.rmatvec(u);
    alfa = norm_on_host(v);
  } else {
    v = res.x.copy();
  }
  if (alfa > 0) v = ndarray<R, B>(v * static_cast<R>(1 / alfa));
  ndarray<R, B> w = v.copy();

  lsqr_state s{};
  s.damp = o.damp;
  s.dampsq = o.damp * o.damp;
  s.atol = o.atol;
  s.btol = o.btol;
  s.ctol = o.conlim > 0 ? 1 / o.conlim : 0;
  s.bnorm = bnorm;
  s.iter_lim = static_cast<double>(iter_lim);
  s.alfa = alfa;
  s.beta = beta;
  s.u_scale = s.v_scale = 1;
  s.cs2 = -1;
  s.rhobar = alfa;
  s.phibar = beta;
  s.rnorm = s.r1norm = s.r2norm = beta;
  s.arnorm = alfa * beta;
  res.r1norm = res.r2norm = beta;
  res.arnorm = s.arnorm;
  if (s.arnorm == 0) return res;

  ndarray<double, B> state = state_array<lsqr_state, B>(s);
  auto* st = reinterpret_cast<lsqr_state*>(state.data());
  const ndarray<double, B> alfa_view = XP_STATE_FIELD(state, lsqr_state, alfa);
  const ndarray<double, B> beta_view = XP_STATE_FIELD(state, lsqr_state, beta);
  R* var = o.calc_var ? res.var.data() : nullptr;
  // as lsmr's: the loop's vectors and sums are made here, once
  const ndarray<R, B> t_buf({m}), w2_buf({n});
  using S = sum_squares_t<R, B>;
  const ndarray<S, B> sum_u = scalar_slot<S, B>(), sum_v = scalar_slot<S, B>(), sum_w = scalar_slot<S, B>();
  in_bursts(iter_lim, o.check_every, XP_STATE_FIELD(state, lsqr_state, stopped), [&] {
    const ndarray<R, B> t = op.matvec(v, t_buf);
    sum_squares_into(t - alfa_view * u, sum_u);
    primitive::for_each<B>::run(1, lsqr_step_u<S>{st, sum_u.data()});
    primitive::for_each<B>::run(m, lsqr_update_u<R>{st, t.data(), u.data()});
    const ndarray<R, B> w2 = op.rmatvec(u, w2_buf);
    sum_squares_into(w2 - beta_view * v, sum_v);
    sum_squares_into(w, sum_w);
    primitive::for_each<B>::run(1, lsqr_step_v<S, S>{st, sum_v.data(), sum_w.data()});
    primitive::for_each<B>::run(n, lsqr_update_x<R>{st, w2.data(), v.data(), w.data(), res.x.data(), var});
  });
  s = state_on_host<lsqr_state>(state);
  res.istop = static_cast<int>(s.istop);
  res.itn = static_cast<index_t>(s.itn);
  res.r1norm = s.r1norm;
  res.r2norm = s.r2norm;
  res.anorm = s.anorm;
  res.acond = s.acond;
  res.arnorm = s.arnorm;
  res.xnorm = s.xnorm;
  return res;
}

// ---- CG --------------------------------------------------------------------------------------

/// CG's scalars, in the backend's memory.
struct cg_state {
  double threshold, maxiter;
  double rho, rho_prev, beta, alpha;
  double itn, info, stopped, pending;  // pending: the last update's residual is still to test
};

/// The residual test of the last update: converged (info 0), or out of iterations (info maxiter).
XP_HD inline void cg_test(cg_state& s, double sum_r) {
  s.pending = 0;
  if (::sqrt(sum_r) <= s.threshold) {
    s.stopped = 1;
    s.info = 0;
  } else if (s.itn >= s.maxiter) {
    s.stopped = 1;
    s.info = s.maxiter;
  }
}

/// Step 1 (after z = M r, r.z and |r|^2): the residual test, then rho and beta.
template <class SZ, class SR>
struct cg_step_z {
  cg_state* st;
  const SZ* rz;
  const SR* rr;
  XP_HD void operator()(index_t) const {
    cg_state& s = *st;
    if (s.stopped != 0) return;
    if (s.pending != 0) {
      cg_test(s, static_cast<double>(*rr));
      if (s.stopped != 0) return;
    }
    s.rho = static_cast<double>(*rz);
    s.beta = s.itn > 0 ? s.rho / s.rho_prev : 0;
    s.rho_prev = s.rho;
  }
};

/// Step 2 (after q = A p and p.q): alpha.
template <class SQ>
struct cg_step_q {
  cg_state* st;
  const SQ* pq;
  XP_HD void operator()(index_t) const {
    cg_state& s = *st;
    if (s.stopped != 0) return;
    s.alpha = s.rho / static_cast<double>(*pq);
    s.itn += 1;
    s.pending = 1;
  }
};

/// The last update's residual test, at a burst's end.
template <class SR>
struct cg_finish {
  cg_state* st;
  const SR* rr;
  XP_HD void operator()(index_t) const {
    if (st->stopped == 0 && st->pending != 0) cg_test(*st, static_cast<double>(*rr));
  }
};

/// p = z + beta p.
template <class R>
struct cg_update_p {
  const cg_state* st;
  const R* z;
  R* p;
  XP_HD void operator()(index_t i) const {
    if (st->stopped != 0) return;
    p[i] = z[i] + static_cast<R>(st->beta) * p[i];
  }
};

/// x += alpha p; r -= alpha q.
template <class R>
struct cg_update_x {
  const cg_state* st;
  const R* p;
  const R* q;
  R* x;
  R* r;
  XP_HD void operator()(index_t i) const {
    if (st->stopped != 0) return;
    const R a = static_cast<R>(st->alpha);
    x[i] += a * p[i];
    r[i] -= a * q[i];
  }
};

template <class R, class B>
krylov_result<R, B> cg_loop(const krylov_problem<R, B>& p) {
  const linear_operator<R, B>& op = p.op;
  const krylov_options& o = p.options;
  const index_t n = op.shape()[1];
  const index_t maxiter = o.maxiter.value_or(10 * n);
  krylov_result<R, B> res;
  const double bnorm = norm_on_host(p.b);
  if (bnorm == 0) {  // SciPy returns b itself
    res.x = zeros<R, B>({n});
    return res;
  }
  res.x = p.x0 ? p.x0->copy() : zeros<R, B>({n});
  ndarray<R, B> r = p.x0 ? ndarray<R, B>(p.b - op.matvec(res.x)) : p.b.copy();
  cg_state s{};
  s.threshold = std::max(o.atol, o.rtol * bnorm);
  s.maxiter = static_cast<double>(maxiter);
  s.pending = 1;  // the first step tests x0's residual
  ndarray<double, B> state = state_array<cg_state, B>(s);
  auto* st = reinterpret_cast<cg_state*>(state.data());
  ndarray<R, B> pv = zeros<R, B>({n});
  // the loop's vectors and sums, made once (cg is real: its sums are in R)
  const ndarray<R, B> z_buf({n}), q_buf({n});
  const ndarray<R, B> rr = scalar_slot<R, B>(), rz = scalar_slot<R, B>(), pq = scalar_slot<R, B>();
  sum_squares_into(r, rr);
  in_bursts(
      maxiter + 1, o.check_every, XP_STATE_FIELD(state, cg_state, stopped),
      [&] {
        const ndarray<R, B> z = p.m ? p.m->matvec(r, z_buf) : r;
        if (p.m) {
          ::xp::sum(r * z, {}, false, ::xp::out(rz));
          primitive::for_each<B>::run(1, cg_step_z<R, R>{st, rz.data(), rr.data()});
        } else {
          primitive::for_each<B>::run(1, cg_step_z<R, R>{st, rr.data(), rr.data()});
        }
        primitive::for_each<B>::run(n, cg_update_p<R>{st, z.data(), pv.data()});
        const ndarray<R, B> q = op.matvec(pv, q_buf);
        ::xp::sum(pv * q, {}, false, ::xp::out(pq));
        primitive::for_each<B>::run(1, cg_step_q<R>{st, pq.data()});
        primitive::for_each<B>::run(n, cg_update_x<R>{st, pv.data(), q.data(), res.x.data(), r.data()});
        sum_squares_into(r, rr);
      },
      [&] {
        primitive::for_each<B>::run(1, cg_finish<R>{st, rr.data()});
      });
  s = state_on_host<cg_state>(state);
  res.info = s.stopped != 0 ? static_cast<int>(s.info) : static_cast<int>(maxiter);
  return res;
}

// ---- GMRES -----------------------------------------------------------------------------------

/// GMRES's cycle state in the backend's memory: [threshold, active, k, 1 / h(j+1, j)], then the
/// Hessenberg matrix H ((restart + 1) x restart, column-major), the rotations' c and s, and g.
struct gmres_layout {
  index_t restart;
  static constexpr index_t header = 4;
  XP_HD index_t h(index_t i, index_t j) const { return header + i + j * (restart + 1); }
  XP_HD index_t c(index_t j) const { return header + (restart + 1) * restart + j; }
  XP_HD index_t s(index_t j) const { return c(restart) + j; }
  XP_HD index_t g(index_t i) const { return s(restart) + i; }
  index_t size() const { return g(restart + 1); }
};

/// Inner step j (after w = A M v_j orthogonalised: h1, h2 its two Gram-Schmidt passes' coefficients
/// and ww = |w|^2): column j of H, its rotation, g, the residual estimate and the freeze.
template <class SH, class SW>
struct gmres_step {
  double* st;
  gmres_layout at;
  index_t j;
  const SH* h1;
  const SH* h2;
  const SW* ww;
  XP_HD void operator()(index_t) const {
    double* s = st;
    if (s[1] == 0) return;
    for (index_t i = 0; i <= j; ++i) s[at.h(i, j)] = static_cast<double>(h1[i]) + static_cast<double>(h2[i]);
    const double hn = ::sqrt(static_cast<double>(*ww));
    s[at.h(j + 1, j)] = hn;
    for (index_t i = 0; i < j; ++i) {
      const double a = s[at.h(i, j)], b = s[at.h(i + 1, j)];
      s[at.h(i, j)] = s[at.c(i)] * a + s[at.s(i)] * b;
      s[at.h(i + 1, j)] = -s[at.s(i)] * a + s[at.c(i)] * b;
    }
    const double a = s[at.h(j, j)], b = s[at.h(j + 1, j)];
    const double r = ::hypot(a, b);
    const double c = r > 0 ? a / r : 1, sn = r > 0 ? b / r : 0;
    s[at.c(j)] = c;
    s[at.s(j)] = sn;
    s[at.h(j, j)] = r;
    s[at.h(j + 1, j)] = 0;
    s[at.g(j + 1)] = -sn * s[at.g(j)];
    s[at.g(j)] = c * s[at.g(j)];
    s[2] = static_cast<double>(j + 1);
    s[3] = hn > 0 ? 1 / hn : 0;
    if (::fabs(s[at.g(j + 1)]) <= s[0] || hn == 0) s[1] = 0;  // converged, or the space is invariant
  }
};

/// V[j + 1] = w / h(j+1, j) while the cycle runs, else 0 (so frozen steps never feed NaN in).
template <class R>
struct gmres_next_basis {
  const double* st;
  const R* w;
  R* v;
  XP_HD void operator()(index_t i) const { v[i] = st[1] != 0 ? w[i] * static_cast<R>(st[3]) : R(0); }
};

/// y = H[:k, :k]^-1 g[:k] (back substitution), zeros past k.
template <class R>
struct gmres_solve_y {
  const double* st;
  gmres_layout at;
  R* y;
  XP_HD void operator()(index_t) const {
    const double* s = st;
    const auto k = static_cast<index_t>(s[2]);
    for (index_t i = at.restart - 1; i >= 0; --i) {
      if (i >= k) {
        y[i] = R(0);
        continue;
      }
      double acc = s[at.g(i)];
      for (index_t l = i + 1; l < k; ++l) acc -= s[at.h(i, l)] * static_cast<double>(y[l]);
      y[i] = static_cast<R>(acc / s[at.h(i, i)]);
    }
  }
};

template <class R, class B>
krylov_result<R, B> gmres_loop(const krylov_problem<R, B>& p) {
  const linear_operator<R, B>& op = p.op;
  const krylov_options& o = p.options;
  const index_t n = op.shape()[1];
  const index_t maxiter = o.maxiter.value_or(10 * n);
  const index_t restart = std::max<index_t>(1, std::min(o.restart, n));
  krylov_result<R, B> res;
  const double bnorm = norm_on_host(p.b);
  if (bnorm == 0) {
    res.x = zeros<R, B>({n});
    return res;
  }
  res.x = p.x0 ? p.x0->copy() : zeros<R, B>({n});
  const double threshold = std::max(o.atol, o.rtol * bnorm);
  const gmres_layout at{restart};
  std::vector<double> cycle(static_cast<std::size_t>(at.size()), 0.0);
  ndarray<R, B> basis({restart + 1, n});
  ndarray<R, B> y({restart});
  for (index_t outer = 0; outer < maxiter; ++outer) {
    const ndarray<R, B> r(p.b - op.matvec(res.x));
    const double beta = norm_on_host(r);  // the one wait per cycle
    if (beta <= threshold) return res;
    std::fill(cycle.begin(), cycle.end(), 0.0);
    cycle[0] = threshold;
    cycle[1] = 1;
    cycle[static_cast<std::size_t>(at.g(0))] = beta;
    ndarray<double, host> hs({at.size()});
    std::copy(cycle.begin(), cycle.end(), hs.data());
    const ndarray<double, B> state = asarray<B>(hs);
    double* st = state.data();
    ::xp::detail::assign(basis(0), ndarray<R, B>(r * static_cast<R>(1 / beta)));
    for (index_t j = 0; j < restart; ++j) {
      const ndarray<R, B> vj = basis(j);
      const ndarray<R, B> z = p.m ? p.m->matvec(vj) : vj;
      ndarray<R, B> w = op.matvec(z);
      // classical Gram-Schmidt twice: two products with the basis, not j + 1 dots
      const ndarray<R, B> vs = basis(::xp::range(0, j + 1));
      const ndarray<R, B> h1 = ::xp::matmul(vs, w);
      w = ndarray<R, B>(w - ::xp::matmul(::xp::transpose(vs), h1));
      const ndarray<R, B> h2 = ::xp::matmul(vs, w);
      w = ndarray<R, B>(w - ::xp::matmul(::xp::transpose(vs), h2));
      const auto ww = sum_squares(w);
      primitive::for_each<B>::run(
          1, gmres_step<R, typename decltype(ww)::value_type>{st, at, j, h1.data(), h2.data(), ww.data()});
      primitive::for_each<B>::run(n, gmres_next_basis<R>{st, w.data(), basis(j + 1).data()});
    }
    primitive::for_each<B>::run(1, gmres_solve_y<R>{st, at, y.data()});
    ndarray<R, B> dx = ::xp::matmul(::xp::transpose(basis(::xp::range(0, restart))), y);
    if (p.m) dx = p.m->matvec(dx);
    res.x = ndarray<R, B>(res.x + dx);
  }
  const ndarray<R, B> r(p.b - op.matvec(res.x));
  res.info = norm_on_host(r) <= threshold ? 0 : static_cast<int>(maxiter);
  return res;
}

#undef XP_STATE_FIELD

}  // namespace detail
}  // namespace xp::sparse::linalg
