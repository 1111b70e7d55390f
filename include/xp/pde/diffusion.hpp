#pragma once
/// @file pde/diffusion.hpp
/// @brief xp::pde: the 5-point Laplacian and explicit 2-D diffusion on both backends (the seeds'
/// custom-kernel example), written once over the backends' `stencil_steps` primitive.
///
///     auto lap = xp::pde::laplacian(f);                          // neighbours outside count as 0
///     xp::pde::diffuse(f, 0.25, 10000, {.laplacian = &last});    // in place, race-free

#include <string>
#include <type_traits>
#include <utility>

#include "xp/core/creation.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/pde/stencil_primitive.hpp"

namespace xp::pde {

/// @brief Options of diffuse: `.laplacian` receives the Laplacian of the last step's input
/// (of f itself when steps is 0); it is reshaped/reallocated to f's shape.
template <class T, class B>
struct diffuse_options {
  ndarray<T, B>* laplacian = nullptr;
};

namespace detail {

template <class T, class B>
void check_field(const ndarray<T, B>& f, const char* what) {
  static_assert(std::is_floating_point_v<T>, "xp::pde: fields are float or double");
  if (f.ndim() != 2)
    throw shape_error(std::string("xp::pde::") + what + ": the field must be 2-D; got shape " + to_string(f.shape()));
}

inline void check_coeff(double coeff, const char* what) {
  if (!(coeff > 0 && coeff <= 0.25))
    throw value_error(std::string("xp::pde::") + what + ": coeff must be in (0, 0.25] (above 0.25 the explicit " +
                      "scheme is unstable); got " + std::to_string(coeff));
}

}  // namespace detail

/// @brief The 5-point Laplacian 4 f[i,j] - f[i-1,j] - f[i+1,j] - f[i,j-1] - f[i,j+1], where a
/// neighbour outside the grid counts as 0. Any strides; the result is a new contiguous array.
/// @throws xp::shape_error when f is not 2-D.
template <class T, class B>
ndarray<T, B> laplacian(const ndarray<T, B>& f) {
  ::xp::detail::op_range<B> range("xp::pde::laplacian");
  detail::check_field(f, "laplacian");
  const auto in = f.is_contiguous() ? f : f.copy();
  auto out = empty<T, B>(f.shape());
  // steps == 0: the primitive only reads the field
  primitive::stencil_steps<B>::run(
      pde::detail::stencil_problem<T>{const_cast<T*>(in.data()), nullptr, out.data(), f.shape(0), f.shape(1), T(0), 0});
  return out;
}

/// @brief The Laplacian of an expression (evaluated first).
template <class E>
requires ::xp::detail::is_expr<E>::value auto laplacian(const E& f) { return laplacian(::xp::detail::materialize(f)); }

/// @brief `steps` explicit diffusion steps f <- f - coeff * laplacian(f), in place for the
/// caller: f's elements (a view's too) hold the result. Every step reads only the previous
/// step's field (two buffers), never a half-updated one. steps == 0 leaves f untouched.
/// @throws xp::shape_error when f is not 2-D; xp::value_error when coeff is outside (0, 0.25],
/// steps < 0, f is read-only, or `.laplacian` overlaps f (f is left unchanged).
template <class T, class B>
void diffuse(const ndarray<T, B>& f, double coeff, index_t steps, const diffuse_options<T, B>& options = {}) {
  ::xp::detail::op_range<B> range("xp::pde::diffuse");
  detail::check_field(f, "diffuse");
  detail::check_coeff(coeff, "diffuse");
  if (steps < 0) throw value_error("xp::pde::diffuse: steps must be >= 0; got " + std::to_string(steps));
  xp::detail::check_writeable(f);  // f is updated in place (a broadcast view is read-only)
  // a .laplacian of f's shape and contiguous is written in place; any other is reallocated
  const bool laplacian_fits =
      options.laplacian && options.laplacian->shape() == f.shape() && options.laplacian->is_contiguous();
  if (options.laplacian &&
      (options.laplacian == &f || (laplacian_fits && xp::detail::output_overlaps(f, *options.laplacian, false))))
    throw value_error("xp::pde::diffuse: the .laplacian output overlaps the field f; give it an array of its own");
  if (steps == 0) {
    if (options.laplacian) *options.laplacian = laplacian(f);
    return;
  }
  const index_t rows = f.shape(0), cols = f.shape(1);
  if (options.laplacian && !(laplacian_fits && options.laplacian->writeable()))
    *options.laplacian = empty<T, B>(f.shape());
  if (f.size() == 0) return;
  // two buffers: f's own when it is contiguous (no copy in), else a contiguous copy
  ndarray<T, B> a = f.is_contiguous() ? f : f.copy(), b = empty<T, B>(f.shape());
  T* lap = options.laplacian ? options.laplacian->data() : nullptr;
  T* result = primitive::stencil_steps<B>::run(
      pde::detail::stencil_problem<T>{a.data(), b.data(), lap, rows, cols, static_cast<T>(coeff), steps});
  if (result != a.data()) std::swap(a, b);
  if (a.data() != f.data()) xp::detail::assign(f, a);
}

/// @brief One step of diffuse (f <- f - coeff * laplacian(f), in place).
/// @throws as diffuse.
template <class T, class B>
void diffusion_step(const ndarray<T, B>& f, double coeff) {
  ::xp::detail::op_range<B> range("xp::pde::diffusion_step");
  diffuse(f, coeff, 1);
}

}  // namespace xp::pde
