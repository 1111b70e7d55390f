// primitive::iterative<cuda>'s cg and gmres, compiled once for every type of XP_ITERATIVE_TYPES
// (float, double; sparse/linalg/iterative_primitive.hpp), so that a program compiled by g++ solves
// with device arrays. The loops are sparse/linalg/iterative_loops.hpp's (the host's own). A unit of
// its own beside iterative_least_squares.cu: the four solvers in one unit took 70 s of nvcc on the
// 16-core GPU machine (the budget is 60 s a unit).

// this unit holds cg's and gmres's explicit instantiations (backends/cuda/precompiled.hpp)
#define XP_INSTANTIATE_ITERATIVE_KRYLOV

#include "xp/backends/cuda/backend.hpp"
#include "xp/backends/cuda/iterative.hpp"
#include "xp/sparse/linalg/iterative_loops.hpp"

namespace xp::backends::cuda {

template <class R>
sparse::linalg::krylov_result<R, ::xp::cuda> cg_solve(const sparse::linalg::detail::krylov_problem<R, ::xp::cuda>& p) {
  return sparse::linalg::detail::cg_loop(p);
}
template <class R>
sparse::linalg::krylov_result<R, ::xp::cuda> gmres_solve(
    const sparse::linalg::detail::krylov_problem<R, ::xp::cuda>& p) {
  return sparse::linalg::detail::gmres_loop(p);
}

}  // namespace xp::backends::cuda
