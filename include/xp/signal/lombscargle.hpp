#pragma once
/// @file signal/lombscargle.hpp
/// @brief xp::signal::lombscargle: scipy.signal.lombscargle (SciPy 1.10's classic formula, default
/// weights) on both backends. Argument handling is written once here; the kernels are the
/// backends' `lombscargle` primitive.
///
///     auto p = xp::signal::lombscargle(t, y, freqs);                                  // listed
///     auto q = xp::signal::lombscargle(t, y, xp::signal::frequency_grid{0.01, 0.01, 1 << 20});

#include <cmath>
#include <string>
#include <type_traits>

#include "xp/core/creation.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/reduction.hpp"
#include "xp/signal/lombscargle_primitive.hpp"

namespace xp::signal {

namespace detail {

// float when every input is float32, else float64 (SciPy computes in float64 throughout).
template <class... T>
using lombscargle_t = std::conditional_t<(std::is_same_v<T, float> && ...), float, double>;

template <class R, class T, class B>
ndarray<R, B> contiguous_as(const ndarray<T, B>& a) {
  if constexpr (std::is_same_v<R, T>) return a.is_contiguous() ? a : a.copy();
  else return a.template astype<R>();
}

template <class T, class U, class B>
void check_samples(const ndarray<T, B>& x, const ndarray<U, B>& y) {
  if (x.ndim() != 1 || y.ndim() != 1 || x.size() != y.size())
    throw shape_error("xp::signal::lombscargle: x and y must be 1-D of equal length; got " + to_string(x.shape()) +
                      " and " + to_string(y.shape()));
  if (x.size() == 0) throw value_error("xp::signal::lombscargle: x and y are empty");
}

template <class R, class T, class U, class B>
ndarray<R, B> run_lombscargle(const ndarray<T, B>& x, const ndarray<U, B>& y, const R* freqs, frequency_grid grid,
                              index_t nf, const lombscargle_options& options) {
  const auto xr = contiguous_as<R>(x);
  const auto y_given = contiguous_as<R>(y);
  auto out = empty<R, B>({nf});
  if (nf == 0) return out;
  ndarray<R, B> yr = y_given;
  if (options.precenter) yr = eval(y_given - mean(y_given).item());
  lombscargle_problem<R> p{xr.data(), yr.data(), xr.size(), freqs, grid, nf, out.data(), options.fast_math};
  if (primitive::lombscargle<B>::run(p))
    throw value_error("xp::signal::lombscargle: freqs contains 0; the periodogram divides by the frequency");
  if (options.normalize) out *= R(2) / sum(y_given * y_given).item();
  return out;
}

}  // namespace detail

/// @brief The Lomb-Scargle periodogram at the angular frequencies `freqs` (scipy.signal.lombscargle
/// with default weights): x sample times, y values, both 1-D of equal length. The result is 1-D
/// with freqs' length, on the inputs' backend; float when every input is float, else double.
/// @param options `{.precenter, .normalize}` as SciPy's keywords; `.fast_math` (float on CUDA).
/// @throws xp::shape_error when x and y are not 1-D of equal length or freqs is not 1-D;
/// xp::value_error for empty x and y or a zero frequency (SciPy divides by it). Empty freqs give
/// an empty result; NaN in y propagates.
template <class T, class U, class V, class B>
ndarray<detail::lombscargle_t<T, U, V>, B> lombscargle(const ndarray<T, B>& x, const ndarray<U, B>& y,
                                                       const ndarray<V, B>& freqs,
                                                       const lombscargle_options& options = {}) {
  ::xp::detail::op_range<B> range("xp::signal::lombscargle");
  using R = detail::lombscargle_t<T, U, V>;
  detail::check_samples(x, y);
  if (freqs.ndim() != 1)
    throw shape_error("xp::signal::lombscargle: freqs must be 1-D; got " + to_string(freqs.shape()));
  const auto f = detail::contiguous_as<R>(freqs);
  return detail::run_lombscargle<R>(x, y, f.data(), frequency_grid{0, 0, f.size()}, f.size(), options);
}

/// @brief The periodogram on the evenly spaced grid f0 + i df, i < n, without materialising it:
/// runs of frequencies share one sin/cos per sample and advance by exact rotation, re-seeded
/// every 16 frequencies (relative error ~1e-15 in double).
/// @throws as the listed form; xp::value_error when n < 0 or a grid point is 0.
template <class T, class U, class B>
ndarray<detail::lombscargle_t<T, U>, B> lombscargle(const ndarray<T, B>& x, const ndarray<U, B>& y,
                                                    const frequency_grid& grid,
                                                    const lombscargle_options& options = {}) {
  ::xp::detail::op_range<B> range("xp::signal::lombscargle");
  using R = detail::lombscargle_t<T, U>;
  detail::check_samples(x, y);
  if (grid.n < 0) throw value_error("xp::signal::lombscargle: frequency_grid.n is negative");
  if (!std::isfinite(grid.f0) || !std::isfinite(grid.df))
    throw value_error("xp::signal::lombscargle: frequency_grid f0 and df must be finite");
  if (grid.n > 0) {
    const bool zero = grid.df == 0 ? grid.f0 == 0 : [&] {
      const double i = -grid.f0 / grid.df;
      return i >= 0 && i <= static_cast<double>(grid.n - 1) && grid.at(static_cast<index_t>(std::llround(i))) == 0;
    }();
    if (zero)
      throw value_error("xp::signal::lombscargle: the frequency grid contains 0; the periodogram divides by it");
  }
  return detail::run_lombscargle<R>(x, y, static_cast<const R*>(nullptr), grid, grid.n, options);
}

/// @brief The periodogram of expressions (`lombscargle(t, xp::sin(1.7 * t), grid)`): x, y and
/// a listed freqs may be expressions, evaluated first.
template <class X, class Y, class F, class... Options>
requires ::xp::detail::has_expression_operand<X, Y> ||
    (::xp::detail::is_operand_v<X>&& ::xp::detail::is_operand_v<Y>&& ::xp::detail::is_expr<F>::value) auto lombscargle(
        const X& x, const Y& y, const F& freqs_or_grid, const Options&... options) {
  return lombscargle(::xp::detail::materialize(x), ::xp::detail::materialize(y),
                     ::xp::detail::materialize_operand(freqs_or_grid), options...);
}

}  // namespace xp::signal
