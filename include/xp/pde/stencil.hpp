#pragma once
/// @file pde/stencil.hpp
/// @brief The backends' 2-D diffusion primitive: one explicit step of the 5-point Laplacian on a
/// contiguous rows x cols field, neighbours outside the grid counting as 0 (the seeds' rule).

#include "xp/core/config.hpp"

namespace xp::pde::detail {

/// out = in - coeff * lap(in) (when out is not null) and lap_out = lap(in) (when not null), where
/// lap(f)[i, j] = 4 f[i, j] - f[i-1, j] - f[i+1, j] - f[i, j-1] - f[i, j+1]. in, out and lap_out
/// are distinct contiguous buffers: every step reads only the previous one.
template <class T>
struct stencil_problem {
  const T* in;
  T* out;
  T* lap_out;
  index_t rows, cols;
  T coeff;
};

template <class T>
XP_HD inline T laplacian_at(const T* f, index_t rows, index_t cols, index_t i, index_t j) {
  const T* row = f + i * cols;
  const T up = i > 0 ? row[j - cols] : T(0), down = i + 1 < rows ? row[j + cols] : T(0);
  const T left = j > 0 ? row[j - 1] : T(0), right = j + 1 < cols ? row[j + 1] : T(0);
  return T(4) * row[j] - up - down - left - right;
}

}  // namespace xp::pde::detail
