#pragma once
/// @file backends/host/stencil.hpp
/// @brief The host's diffusion primitive: one pass per step, OpenMP over rows; interior rows
/// run a branch-free loop the compiler vectorises, edge cells and the first and last rows take the
/// boundary rule; two buffers swapped.

#include <utility>

#include "xp/pde/stencil_primitive.hpp"

namespace xp::backends::host {

struct stencil_pass {
  // out_field = in - coeff * lap(in) and lap_field = lap(in), each skipped when null
  template <class T>
  static void step(const T* in, T* out_field, T* lap_field, const pde::detail::stencil_problem<T>& p) {
    const index_t rows = p.rows, cols = p.cols;
#pragma omp parallel for schedule(static)
    for (index_t i = 0; i < rows; ++i) {
      const T* c = in + i * cols;
      const T* up = i > 0 ? c - cols : nullptr;
      const T* down = i + 1 < rows ? c + cols : nullptr;
      T* out = out_field ? out_field + i * cols : nullptr;
      T* lap = lap_field ? lap_field + i * cols : nullptr;
      auto edge = [&](index_t j) {
        const T l = pde::detail::laplacian_at(in, rows, cols, i, j);
        if (out) out[j] = c[j] - p.coeff * l;
        if (lap) lap[j] = l;
      };
      if (!up || !down || cols < 3) {  // first and last rows, narrow fields: cell by cell
        for (index_t j = 0; j < cols; ++j) edge(j);
        continue;
      }
      edge(0);
      edge(cols - 1);
      if (out && lap) {
#pragma omp simd
        for (index_t j = 1; j < cols - 1; ++j) {
          const T l = T(4) * c[j] - up[j] - down[j] - c[j - 1] - c[j + 1];
          lap[j] = l;
          out[j] = c[j] - p.coeff * l;
        }
      } else if (out) {
#pragma omp simd
        for (index_t j = 1; j < cols - 1; ++j)
          out[j] = c[j] - p.coeff * (T(4) * c[j] - up[j] - down[j] - c[j - 1] - c[j + 1]);
      } else {
#pragma omp simd
        for (index_t j = 1; j < cols - 1; ++j) lap[j] = T(4) * c[j] - up[j] - down[j] - c[j - 1] - c[j + 1];
      }
    }
  }
};

}  // namespace xp::backends::host

namespace xp {
/// @brief The host's diffusion steps: one pass per step, two buffers swapped.
template <>
struct primitive::stencil_steps<host> {
  template <class T>
  static T* run(const pde::detail::stencil_problem<T>& p) {
    using backends::host::stencil_pass;
    T* in = p.field;
    T* out = p.scratch;
    if (p.steps == 0 && p.lap_out) stencil_pass::step<T>(in, nullptr, p.lap_out, p);
    for (index_t s = 0; s < p.steps; ++s) {
      stencil_pass::step<T>(in, out, s + 1 == p.steps ? p.lap_out : nullptr, p);
      std::swap(in, out);
    }
    return in;
  }
};
}  // namespace xp
