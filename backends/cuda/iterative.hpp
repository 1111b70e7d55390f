#pragma once
/// @file backends/cuda/iterative.hpp
/// @brief primitive::iterative<cuda>: the solvers' loops compiled once per type of their list
/// (XP_ITERATIVE_LEAST_SQUARES_TYPES: lsmr, lsqr; XP_ITERATIVE_TYPES: cg, gmres) in libxp_cuda
/// (backends/cuda/iterative_least_squares.cu, iterative_krylov.cu), so that a g++-only program
/// solves with device arrays (its operator type-erased as a linear_operator). Includes no CUDA
/// header: sparse/linalg/iterative_primitive.hpp includes it on every build.

#include "xp/sparse/linalg/iterative_primitive.hpp"

namespace xp {

namespace backends::cuda {

/// @brief The solves on the current stream (libxp_cuda's instances; see the list below).
template <class R>
sparse::linalg::lsmr_result<R, ::xp::cuda> lsmr_solve(const sparse::linalg::detail::lsmr_problem<R, ::xp::cuda>& p);
template <class R>
sparse::linalg::lsqr_result<R, ::xp::cuda> lsqr_solve(const sparse::linalg::detail::lsqr_problem<R, ::xp::cuda>& p);
template <class R>
sparse::linalg::krylov_result<R, ::xp::cuda> cg_solve(const sparse::linalg::detail::krylov_problem<R, ::xp::cuda>& p);
template <class R>
sparse::linalg::krylov_result<R, ::xp::cuda> gmres_solve(
    const sparse::linalg::detail::krylov_problem<R, ::xp::cuda>& p);

}  // namespace backends::cuda

/// @brief The solvers on the device.
template <>
struct primitive::iterative<cuda> {
  template <class R>
  static sparse::linalg::lsmr_result<R, cuda> lsmr(const sparse::linalg::detail::lsmr_problem<R, cuda>& p) {
    return backends::cuda::lsmr_solve(p);
  }
  template <class R>
  static sparse::linalg::lsqr_result<R, cuda> lsqr(const sparse::linalg::detail::lsqr_problem<R, cuda>& p) {
    return backends::cuda::lsqr_solve(p);
  }
  template <class R>
  static sparse::linalg::krylov_result<R, cuda> cg(const sparse::linalg::detail::krylov_problem<R, cuda>& p) {
    return backends::cuda::cg_solve(p);
  }
  template <class R>
  static sparse::linalg::krylov_result<R, cuda> gmres(const sparse::linalg::detail::krylov_problem<R, cuda>& p) {
    return backends::cuda::gmres_solve(p);
  }
};

}  // namespace xp

// libxp_cuda's instances: every solver for every type of the list (iterative_least_squares.cu and
// iterative_krylov.cu ask for the instantiations); the list is written once per solver because precompiled.hpp
// undefines it
#define XP_PRECOMPILED_LIST XP_ITERATIVE_LEAST_SQUARES_TYPES
#define XP_PRECOMPILED_FUNCTION(R)                                                \
  xp::sparse::linalg::lsmr_result<R, xp::cuda> xp::backends::cuda::lsmr_solve<R>( \
      const xp::sparse::linalg::detail::lsmr_problem<R, xp::cuda>&)
#if defined(XP_INSTANTIATE_ITERATIVE_LEAST_SQUARES)
#define XP_PRECOMPILED_INSTANTIATE
#endif
#include "xp/backends/cuda/precompiled.hpp"
#define XP_PRECOMPILED_LIST XP_ITERATIVE_LEAST_SQUARES_TYPES
#define XP_PRECOMPILED_FUNCTION(R)                                                \
  xp::sparse::linalg::lsqr_result<R, xp::cuda> xp::backends::cuda::lsqr_solve<R>( \
      const xp::sparse::linalg::detail::lsqr_problem<R, xp::cuda>&)
#if defined(XP_INSTANTIATE_ITERATIVE_LEAST_SQUARES)
#define XP_PRECOMPILED_INSTANTIATE
#endif
#include "xp/backends/cuda/precompiled.hpp"
#define XP_PRECOMPILED_LIST XP_ITERATIVE_TYPES
#define XP_PRECOMPILED_FUNCTION(R)                                                \
  xp::sparse::linalg::krylov_result<R, xp::cuda> xp::backends::cuda::cg_solve<R>( \
      const xp::sparse::linalg::detail::krylov_problem<R, xp::cuda>&)
#if defined(XP_INSTANTIATE_ITERATIVE_KRYLOV)
#define XP_PRECOMPILED_INSTANTIATE
#endif
#include "xp/backends/cuda/precompiled.hpp"
#define XP_PRECOMPILED_LIST XP_ITERATIVE_TYPES
#define XP_PRECOMPILED_FUNCTION(R)                                                   \
  xp::sparse::linalg::krylov_result<R, xp::cuda> xp::backends::cuda::gmres_solve<R>( \
      const xp::sparse::linalg::detail::krylov_problem<R, xp::cuda>&)
#if defined(XP_INSTANTIATE_ITERATIVE_KRYLOV)
#define XP_PRECOMPILED_INSTANTIATE
#endif
#include "xp/backends/cuda/precompiled.hpp"
#undef XP_ITERATIVE_TYPES
#undef XP_ITERATIVE_LEAST_SQUARES_TYPES
