#pragma once
/// @file sparse/linalg/iterative_primitive.hpp
/// @brief The iterative solvers' primitive: `primitive::iterative<B>` with `lsmr`, `lsqr`, `cg`
/// and `gmres`, each running one whole solve of its problem (R: XP_ITERATIVE_TYPES, XP_ITERATIVE_LEAST_SQUARES_TYPES)
/// on backend B. The loops are written once (sparse/linalg/iterative_loops.hpp); the host instantiates them in the
/// caller's unit, libxp_cuda compiles them once per type (backends/cuda/iterative_least_squares.cu,
/// iterative_krylov.cu), so a g++-only program solves with device arrays.

#include "xp/core/backend.hpp"
#include "xp/sparse/linalg/iterative_problem.hpp"

namespace xp::primitive {
/// @brief The iterative solvers: `lsmr(p)`, `lsqr(p)`, `cg(p)`, `gmres(p)` on problems of
/// sparse::linalg::detail (R: XP_ITERATIVE_LEAST_SQUARES_TYPES for lsmr and lsqr,
/// XP_ITERATIVE_TYPES for cg and gmres), each one whole solve. Specialised by each
/// backend (backends/<backend>/iterative.hpp).
template <class B>
struct iterative {
  XP_PRIMITIVE_NOT_VISIBLE(B, "iterative");
};
}  // namespace xp::primitive

// The types the primitive takes, X(R) each: cg and gmres, and lsmr and lsqr (whose x is at least
// float64: SciPy's result_type(A, b, float)).
#define XP_ITERATIVE_TYPES(X)               X(float) X(double)
#define XP_ITERATIVE_LEAST_SQUARES_TYPES(X) X(double) X(::xp::complex128)

// each backend's specialisation (the CUDA one declares what libxp_cuda compiles, from
// XP_ITERATIVE_TYPES, and undefines it)
#include "xp/backends/cuda/iterative.hpp"
#include "xp/backends/host/iterative.hpp"
