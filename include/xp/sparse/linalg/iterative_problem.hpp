#pragma once
/// @file sparse/linalg/iterative_problem.hpp
/// @brief The iterative solvers' options, results and problems (one solve's operator and vectors,
/// checked and in the computing dtype), shared by the public functions, the primitive and the
/// loops.

#include <array>
#include <optional>

#include "xp/core/ndarray.hpp"
#include "xp/sparse/linalg/linear_operator.hpp"

namespace xp::sparse::linalg {

/// @brief lsmr's keyword arguments (SciPy's names and defaults; maxiter: min(m, n) when not given).
struct lsmr_options {
  double damp = 0;
  double atol = 1e-6;
  double btol = 1e-6;
  double conlim = 1e8;
  std::optional<index_t> maxiter = std::nullopt;
  /// Print SciPy's summary (istop's message and the estimates) when the solve ends.
  bool show = false;
  /// The most iterations between two reads of the stop flag by the host (the first bursts are 1,
  /// 2, 4, ... long). Iterations past the stop are frozen on the device: this changes the time,
  /// not the answer.
  index_t check_every = 16;
};

/// @brief lsqr's keyword arguments (iter_lim: 2 n when not given).
struct lsqr_options {
  double damp = 0;
  double atol = 1e-6;
  double btol = 1e-6;
  double conlim = 1e8;
  std::optional<index_t> iter_lim = std::nullopt;
  bool show = false;
  /// Estimate the diagonal of (A^H A + damp^2 I)^-1 in `var` (else var is zeros).
  bool calc_var = false;
  index_t check_every = 16;
};

/// @brief cg's and gmres's keyword arguments: stop when |b - A x| <= max(atol, rtol |b|) (SciPy
/// >= 1.12 names rtol; 1.10 names it tol). maxiter: cg's iterations (default 10 n), gmres's
/// restart cycles (default 10 n). restart: gmres's inner iterations per cycle (min(restart, n)).
struct krylov_options {
  double rtol = 1e-5;
  double atol = 0;
  std::optional<index_t> maxiter = std::nullopt;
  index_t restart = 20;
  index_t check_every = 16;
};

/// @brief lsmr's result, SciPy's tuple by name (and in its order for structured bindings): x,
/// istop (0: x = 0 or x0 is exact; 1: A x - b small enough for atol, btol; 2: the least-squares
/// solution good enough for atol; 3: cond(A) beyond conlim; 4-6: as 1-3 at machine precision;
/// 7: maxiter reached), itn, and the estimates |b - A x|, |A^H (b - A x)|, |A|_F, cond(A), |x|.
template <class R, class B>
struct lsmr_result {
  ndarray<R, B> x;
  int istop = 0;
  index_t itn = 0;
  double normr = 0, normar = 0, norma = 0, conda = 0, normx = 0;
};

/// @brief lsqr's result, SciPy's tuple: x, istop, itn, r1norm (|b - A x|), r2norm (with damp:
/// sqrt(r1norm^2 + damp^2 |x|^2)), anorm, acond, arnorm, xnorm, var (zeros unless calc_var).
template <class R, class B>
struct lsqr_result {
  ndarray<R, B> x;
  int istop = 0;
  index_t itn = 0;
  double r1norm = 0, r2norm = 0, anorm = 0, acond = 0, arnorm = 0, xnorm = 0;
  ndarray<R, B> var;
};

/// @brief cg's and gmres's result: x and info (0: converged; > 0: not converged after that
/// many iterations (cg) or restart cycles (gmres)).
template <class R, class B>
struct krylov_result {
  ndarray<R, B> x;
  int info = 0;
};

namespace detail {

/// SciPy's messages for istop 0 to 7 (show).
inline const char* const stop_messages[] = {
    "The exact solution is x = 0, or x = x0",
    "Ax - b is small enough, given atol, btol",
    "The least-squares solution is good enough, given atol",
    "The estimate of cond(Abar) has exceeded conlim",
    "Ax - b is small enough for this machine",
    "The least-squares solution is good enough for this machine",
    "Cond(Abar) seems to be too large for this machine",
    "The iteration limit has been reached",
};

/// One solve: the operator and vectors already in the computing dtype R and checked.
template <class R, class B, class Options>
struct iterative_problem {
  linear_operator<R, B> op;
  ndarray<R, B> b;                         // shape (m,)
  std::optional<ndarray<R, B>> x0;         // shape (n,)
  std::optional<linear_operator<R, B>> m;  // cg's, gmres's preconditioner M (~ A^-1)
  Options options;
};
template <class R, class B>
using lsmr_problem = iterative_problem<R, B, lsmr_options>;
template <class R, class B>
using lsqr_problem = iterative_problem<R, B, lsqr_options>;
template <class R, class B>
using krylov_problem = iterative_problem<R, B, krylov_options>;

}  // namespace detail
}  // namespace xp::sparse::linalg
