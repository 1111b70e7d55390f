#pragma once
/// @file backends/host/iterative.hpp
/// @brief primitive::iterative<host>: the solvers' loops (sparse/linalg/iterative_loops.hpp),
/// instantiated in the caller's unit; the scalar recurrence runs in the same one-element
/// for_each steps as on the device, so both backends take the same path.

#include "xp/sparse/linalg/iterative_loops.hpp"
#include "xp/sparse/linalg/iterative_primitive.hpp"

namespace xp {

/// @brief The solvers on the host.
template <>
struct primitive::iterative<host> {
  template <class R>
  static sparse::linalg::lsmr_result<R, host> lsmr(const sparse::linalg::detail::lsmr_problem<R, host>& p) {
    return sparse::linalg::detail::lsmr_loop(p);
  }
  template <class R>
  static sparse::linalg::lsqr_result<R, host> lsqr(const sparse::linalg::detail::lsqr_problem<R, host>& p) {
    return sparse::linalg::detail::lsqr_loop(p);
  }
  template <class R>
  static sparse::linalg::krylov_result<R, host> cg(const sparse::linalg::detail::krylov_problem<R, host>& p) {
    return sparse::linalg::detail::cg_loop(p);
  }
  template <class R>
  static sparse::linalg::krylov_result<R, host> gmres(const sparse::linalg::detail::krylov_problem<R, host>& p) {
    return sparse::linalg::detail::gmres_loop(p);
  }
};

}  // namespace xp
