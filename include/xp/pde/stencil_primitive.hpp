#pragma once
/// @file pde/stencil_primitive.hpp
/// @brief The 2-D diffusion primitive `stencil_steps`: explicit steps of the 5-point Laplacian on
/// a contiguous rows x cols field, neighbours outside the grid counting as 0 (the seeds' rule). A
/// whole run of steps is one call, so that a backend can keep several steps in fast memory
/// (temporal blocking) and batch its launches. Its problem, primary template, the types it takes
/// (each precompiled in libxp_cuda) and both backends' specialisations.

#include "xp/core/backend.hpp"
#include "xp/core/config.hpp"

namespace xp::pde::detail {

/// `steps` updates f <- f - coeff * lap(f), where
/// lap(f)[i, j] = 4 f[i, j] - f[i-1, j] - f[i+1, j] - f[i, j-1] - f[i, j+1].
/// field holds the initial field and scratch a second buffer of the same size (both contiguous,
/// distinct): every step reads only the previous step's buffer. stencil_steps returns the one of
/// the two that holds the result (field is left untouched when steps == 0). When lap_out is not
/// null it receives lap of the last step's input (of field itself when steps == 0; scratch may
/// then be null).
template <class T>
struct stencil_problem {
  T* field;
  T* scratch;
  T* lap_out;
  index_t rows, cols;
  T coeff;
  index_t steps;
};

template <class T>
XP_HD inline T laplacian_at(const T* f, index_t rows, index_t cols, index_t i, index_t j) {
  const T* row = f + i * cols;
  const T up = i > 0 ? row[j - cols] : T(0), down = i + 1 < rows ? row[j + cols] : T(0);
  const T left = j > 0 ? row[j - 1] : T(0), right = j + 1 < cols ? row[j + 1] : T(0);
  return T(4) * row[j] - up - down - left - right;
}

}  // namespace xp::pde::detail

namespace xp::primitive {
/// @brief The diffusion primitive: `T* run(const pde::detail::stencil_problem<T>&)` runs the
/// problem's steps (T: XP_STENCIL_TYPES) and returns the buffer that holds the result. Specialised
/// by each backend (backends/<backend>/stencil.hpp).
/// @throws xp::value_error where a backend cannot take the field's size in one launch.
template <class B>
struct stencil_steps {
  XP_PRIMITIVE_NOT_VISIBLE(B, "stencil_steps");
};
}  // namespace xp::primitive

// The types the primitive takes, X(T) each: the one list.
#define XP_STENCIL_TYPES(X) X(float) X(double)

// each backend's specialisation (the CUDA one declares what libxp_cuda compiles, from
// XP_STENCIL_TYPES, and undefines it)
#include "xp/backends/cuda/stencil.hpp"
#include "xp/backends/host/stencil.hpp"
