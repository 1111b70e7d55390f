#pragma once
/// @file core/engine.hpp
/// @brief Which implementation serves an operation that has more than one, in one vocabulary for
/// every area (matmul today; FFT, solvers, sparse products and sorts as they arrive):
/// `xp::matmul(A, B, {.engine = xp::engine::own})`.

namespace xp {

/// @brief Which implementation serves an operation.
enum class engine {
  automatic,  ///< the backend picks: the vendor library where it serves the dtype and the
              ///< extents, else xp's own
  vendor,     ///< the backend's vendor library (matmul: cuBLAS on xp::cuda, CBLAS on xp::host);
              ///< an xp::dtype_error for a dtype it does not serve, and an xp::value_error where
              ///< this build has no such library or the extents exceed its limits
  own,        ///< xp's own code (matmul: shared-memory tiles on xp::cuda, cache blocks on xp::host)
};

/// @brief The engine's name ("automatic", "vendor", "own").
inline const char* engine_name(engine e) {
  switch (e) {
    case engine::automatic:
      return "automatic";
    case engine::vendor:
      return "vendor";
    case engine::own:
      return "own";
  }
  return "?";
}

}  // namespace xp
