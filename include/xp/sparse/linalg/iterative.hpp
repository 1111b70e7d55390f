#pragma once
/// @file sparse/linalg/iterative.hpp
/// @brief scipy.sparse.linalg's iterative solvers: lsmr, lsqr (least squares, SciPy's algorithms
/// step for step, so istop and itn are SciPy's), cg (symmetric positive definite) and gmres
/// (restarted, Givens rotations). A: a dense 2-D array, a csr_matrix or a linear_operator; b of
/// shape (m,) or (m, 1).
///
/// The iteration stays on the device: the scalar recurrence and the stopping tests run in
/// one-thread steps on a small state array in the backend's memory, the vector updates read their
/// coefficients from it and freeze once the stop flag is set, and the host reads the flag only
/// after bursts of 1, 2, 4, ... up to check_every iterations (gmres: once per restart cycle). The
/// loops are precompiled in libxp_cuda (float, double), so a g++-only program solves with device
/// arrays; only making the operator may need nvcc (a CSR matrix's transpose on the device).

#include <cstdio>
#include <optional>
#include <string>
#include <type_traits>

#include "xp/core/error.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/trace.hpp"
#include "xp/sparse/linalg/iterative_primitive.hpp"
#include "xp/sparse/linalg/linear_operator.hpp"

namespace xp::sparse::linalg {
namespace detail {

template <class X>
struct value_of {
  using type = typename X::value_type;
};
template <>
struct value_of<std::nullopt_t> {
  using type = float;  // adds nothing to a promotion with float
};
template <class X>
using value_of_t = typename value_of<X>::type;

/// SciPy's result_type(A, b, x0, float) for lsmr and lsqr: float64 (complex128) at least.
template <class A, class Tb, class X0>
using least_squares_t = promote_t<promote_t<value_of_t<A>, value_of_t<X0>>, promote_t<Tb, double>>;
/// cg's and gmres's: A's, b's and x0's common dtype, at least float32 (SciPy's make_system).
template <class A, class Tb, class X0>
using krylov_t = promote_t<promote_t<value_of_t<A>, value_of_t<X0>>, promote_t<Tb, float>>;

inline void check_non_negative(double v, const char* what, const char* fn) {
  if (!(v >= 0)) throw value_error(std::string(fn) + ": " + what + " must be non-negative, got " + std::to_string(v));
}

/// b as (m,) in R ((m, 1) squeezed, as SciPy), x0 as (n,) in R, checked against the operator.
template <class R, class B, class Tb, class X0>
void vectors_of(ndarray<R, B>& b_out, std::optional<ndarray<R, B>>& x0_out, const std::array<index_t, 2>& shape,
                const ndarray<Tb, B>& b, const X0& x0, const char* fn) {
  ndarray<Tb, B> bb = b;
  if (bb.ndim() == 2 && bb.shape()[1] == 1) bb = bb.reshape({bb.shape()[0]});
  if (bb.ndim() != 1 || bb.shape()[0] != shape[0])
    throw shape_error(std::string(fn) + ": A is " + std::to_string(shape[0]) + " x " + std::to_string(shape[1]) +
                      ", so b must have shape (" + std::to_string(shape[0]) + ",) or (" + std::to_string(shape[0]) +
                      ", 1), got " + to_string(b.shape()));
  if constexpr (std::is_same_v<Tb, R>) b_out = bb;
  else b_out = bb.template astype<R>();
  if constexpr (!std::is_same_v<X0, std::nullopt_t>) {
    auto xx = x0;
    if (xx.ndim() == 2 && xx.shape()[1] == 1) xx = xx.reshape({xx.shape()[0]});
    if (xx.ndim() != 1 || xx.shape()[0] != shape[1])
      throw shape_error(std::string(fn) + ": A is " + std::to_string(shape[0]) + " x " + std::to_string(shape[1]) +
                        ", so x0 must have shape (" + std::to_string(shape[1]) + ",), got " + to_string(x0.shape()));
    x0_out = xx.template astype<R>();
  }
}

template <class R, class B, class Options, class A, class Tb, class X0, class M = std::nullopt_t>
iterative_problem<R, B, Options> problem_of(const A& a, const ndarray<Tb, B>& b, const Options& options, const X0& x0,
                                            const char* fn, const M& m = std::nullopt) {
  iterative_problem<R, B, Options> p{as_operator<R>(a), {}, std::nullopt, std::nullopt, options};
  vectors_of(p.b, p.x0, p.op.shape(), b, x0, fn);
  if (options.check_every < 1)
    throw value_error(std::string(fn) + ": check_every must be positive, got " + std::to_string(options.check_every));
  if constexpr (!std::is_same_v<M, std::nullopt_t>) {
    p.m = as_operator<R>(m);
    const auto ms = p.m->shape();
    if (ms[0] != p.op.shape()[1] || ms[1] != p.op.shape()[1])
      throw shape_error(std::string(fn) + ": M must be " + std::to_string(p.op.shape()[1]) + " x " +
                        std::to_string(p.op.shape()[1]) + ", got " + std::to_string(ms[0]) + " x " +
                        std::to_string(ms[1]));
  }
  return p;
}

inline void check_least_squares(double damp, double atol, double btol, double conlim,
                                const std::optional<index_t>& maxiter, const char* fn) {
  check_non_negative(damp, "damp", fn);
  check_non_negative(atol, "atol", fn);
  check_non_negative(btol, "btol", fn);
  check_non_negative(conlim, "conlim", fn);
  if (maxiter) check_non_negative(static_cast<double>(*maxiter), "maxiter", fn);
}

inline void check_krylov(const krylov_options& o, const char* fn) {
  check_non_negative(o.rtol, "rtol", fn);
  check_non_negative(o.atol, "atol", fn);
  if (o.maxiter) check_non_negative(static_cast<double>(*o.maxiter), "maxiter", fn);
  if (o.restart < 1)
    throw value_error(std::string(fn) + ": restart must be positive, got " + std::to_string(o.restart));
}

/// cg's and gmres's checked problem: real R, a square operator, options and vectors checked.
template <class A, class Tb, class B, class X0, class M>
auto square_problem_of(const A& a, const ndarray<Tb, B>& b, const krylov_options& options, const X0& x0, const M& m,
                       const char* fn) {
  using R = krylov_t<A, Tb, X0>;
  static_assert(std::is_same_v<R, float> || std::is_same_v<R, double>,
                "xp::sparse::linalg: cg and gmres take real float32 or float64 problems (complex ones are not "
                "supported yet)");
  check_krylov(options, fn);
  auto p = problem_of<R, B>(a, b, options, x0, fn, m);
  if (p.op.shape()[0] != p.op.shape()[1])
    throw shape_error(std::string(fn) + ": A must be square, got " + std::to_string(p.op.shape()[0]) + " x " +
                      std::to_string(p.op.shape()[1]));
  return p;
}

}  // namespace detail

/// @brief scipy.sparse.linalg.lsmr(A, b, damp, atol, btol, conlim, maxiter, show, x0): the
/// least-squares solution of A x = b (of [A; damp I] x = [b; 0] with damp), Fong and Saunders'
/// algorithm as SciPy writes it, so istop and itn are SciPy's. x is float64 for real problems,
/// complex128 for complex ones (SciPy's result_type(A, b, x0, float)): a float32 CSR matrix with float64 b multiplies
/// as float32 with float64 vectors. x0: std::nullopt or an array of shape (n,).
/// @throws xp::shape_error when b or x0 does not match A; xp::value_error for a negative damp,
///         atol, btol, conlim or maxiter.
template <class A, class Tb, class B, class X0 = std::nullopt_t>
auto lsmr(const A& a, const ndarray<Tb, B>& b, const lsmr_options& options = {}, const X0& x0 = std::nullopt) {
  ::xp::detail::op_range<B> range("xp::sparse::linalg::lsmr");
  constexpr const char* fn = "xp::sparse::linalg::lsmr";
  using R = detail::least_squares_t<A, Tb, X0>;
  static_assert(std::is_same_v<R, double> || std::is_same_v<R, complex128>,
                "xp::sparse::linalg::lsmr: float or complex problems (solved in float64 or complex128)");
  detail::check_least_squares(options.damp, options.atol, options.btol, options.conlim, options.maxiter, fn);
  auto res = primitive::iterative<B>::lsmr(detail::problem_of<R, B>(a, b, options, x0, fn));
  if (options.show)
    std::printf(
        "LSMR finished\n%s\nistop = %8d    normr = %8.1e\n    normA = %8.1e    normAr = %8.1e\nitn   = "
        "%8lld    condA = %8.1e\n    normx = %8.1e\n",
        detail::stop_messages[res.istop], res.istop, res.normr, res.norma, res.normar, static_cast<long long>(res.itn),
        res.conda, res.normx);
  return res;
}

/// @brief scipy.sparse.linalg.lsqr(A, b, damp, atol, btol, conlim, iter_lim, show, calc_var, x0):
/// Paige and Saunders' LSQR as SciPy writes it (istop and itn are SciPy's); x float64 for real
/// problems (SciPy's x = zeros(n)), complex128 for complex ones. var: zeros unless options.calc_var.
/// @throws as lsmr.
template <class A, class Tb, class B, class X0 = std::nullopt_t>
auto lsqr(const A& a, const ndarray<Tb, B>& b, const lsqr_options& options = {}, const X0& x0 = std::nullopt) {
  ::xp::detail::op_range<B> range("xp::sparse::linalg::lsqr");
  constexpr const char* fn = "xp::sparse::linalg::lsqr";
  using R = detail::least_squares_t<A, Tb, X0>;
  static_assert(std::is_same_v<R, double> || std::is_same_v<R, complex128>,
                "xp::sparse::linalg::lsqr: float or complex problems (solved in float64 or complex128)");
  detail::check_least_squares(options.damp, options.atol, options.btol, options.conlim, options.iter_lim, fn);
  auto res = primitive::iterative<B>::lsqr(detail::problem_of<R, B>(a, b, options, x0, fn));
  if (options.show)
    std::printf(
        "LSQR finished\n%s\nistop =%8d   r1norm =%8.1e   anorm =%8.1e   arnorm =%8.1e\nitn   =%8lld   r2norm "
        "=%8.1e   acond =%8.1e   xnorm  =%8.1e\n",
        detail::stop_messages[res.istop], res.istop, res.r1norm, res.anorm, res.arnorm, static_cast<long long>(res.itn),
        res.r2norm, res.acond, res.xnorm);
  return res;
}

/// @brief scipy.sparse.linalg.cg(A, b, x0, rtol, atol, maxiter, M): conjugate gradients for a
/// symmetric (Hermitian) positive definite A, stopping when |b - A x| <= max(atol, rtol |b|);
/// M (std::nullopt or an operator ~ A^-1) preconditions. x in A's, b's and x0's common dtype
/// (at least float32). info: 0 converged, else maxiter.
/// @throws xp::shape_error when A is not square or b, x0 or M does not match it;
///         xp::value_error for a negative rtol, atol or maxiter.
template <class A, class Tb, class B, class X0 = std::nullopt_t, class M = std::nullopt_t>
auto cg(const A& a, const ndarray<Tb, B>& b, const krylov_options& options = {}, const X0& x0 = std::nullopt,
        const M& m = std::nullopt) {
  ::xp::detail::op_range<B> range("xp::sparse::linalg::cg");
  constexpr const char* fn = "xp::sparse::linalg::cg";
  const auto p = detail::square_problem_of(a, b, options, x0, m, fn);
  return primitive::iterative<B>::cg(p);
}

/// @brief scipy.sparse.linalg.gmres(A, b, x0, rtol, atol, restart, maxiter, M): restarted GMRES
/// (restart inner iterations per cycle, Arnoldi by classical Gram-Schmidt twice, Givens
/// rotations), stopping when |b - A x| <= max(atol, rtol |b|); M right-preconditions. maxiter
/// counts restart cycles (default 10 n); info: 0 converged, else maxiter. The host reads the
/// residual once per cycle.
/// @throws as cg; xp::value_error for restart < 1.
template <class A, class Tb, class B, class X0 = std::nullopt_t, class M = std::nullopt_t>
auto gmres(const A& a, const ndarray<Tb, B>& b, const krylov_options& options = {}, const X0& x0 = std::nullopt,
           const M& m = std::nullopt) {
  ::xp::detail::op_range<B> range("xp::sparse::linalg::gmres");
  constexpr const char* fn = "xp::sparse::linalg::gmres";
  const auto p = detail::square_problem_of(a, b, options, x0, m, fn);
  return primitive::iterative<B>::gmres(p);
}

}  // namespace xp::sparse::linalg
