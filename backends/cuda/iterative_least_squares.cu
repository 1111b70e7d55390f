// primitive::iterative<cuda>'s lsmr and lsqr, compiled once for every type of
// XP_ITERATIVE_LEAST_SQUARES_TYPES (double, complex128; sparse/linalg/iterative_primitive.hpp), so
// that a program compiled by g++ solves with device arrays. The loops are
// sparse/linalg/iterative_loops.hpp's (the host's own); here nvcc compiles their one-thread steps,
// vector updates and sums. cg and gmres are iterative_krylov.cu's.

// this unit holds lsmr's and lsqr's explicit instantiations (backends/cuda/precompiled.hpp)
#define XP_INSTANTIATE_ITERATIVE_LEAST_SQUARES

#include "xp/backends/cuda/backend.hpp"
#include "xp/backends/cuda/iterative.hpp"
#include "xp/sparse/linalg/iterative_loops.hpp"

namespace xp::backends::cuda {

template <class R>
sparse::linalg::lsmr_result<R, ::xp::cuda> lsmr_solve(const sparse::linalg::detail::lsmr_problem<R, ::xp::cuda>& p) {
  return sparse::linalg::detail::lsmr_loop(p);
}
template <class R>
sparse::linalg::lsqr_result<R, ::xp::cuda> lsqr_solve(const sparse::linalg::detail::lsqr_problem<R, ::xp::cuda>& p) {
  return sparse::linalg::detail::lsqr_loop(p);
}

}  // namespace xp::backends::cuda
