#pragma once
/// @file signal/lombscargle_primitive.hpp
/// @brief The Lomb-Scargle primitive: the options, the evenly spaced frequency grid, the
/// per-frequency finish of SciPy's classic formula (scipy.signal.lombscargle, SciPy 1.10) that
/// the host and CUDA kernels share, the problem, the primary template, the types it takes (each
/// precompiled in libxp_cuda) and both backends' specialisations.

#include "xp/core/backend.hpp"
#include "xp/core/config.hpp"
#include "xp/core/math.hpp"

namespace xp::signal {

/// @brief Options of xp::signal::lombscargle (SciPy's keywords, plus fast_math).
struct lombscargle_options {
  bool precenter = false;  ///< subtract the mean of y first
  bool normalize = false;  ///< scale by 2 / dot(y, y) (y as given, as SciPy does)
  /// float on xp::cuda only: the hardware sin/cos approximations (__sincosf), relative error of
  /// the periodogram about 1e-4 instead of 1e-6 for inputs like the tutorial's; double ignores it.
  bool fast_math = false;
};

/// @brief Evenly spaced angular frequencies f0, f0 + df, ..., f0 + (n - 1) df.
struct frequency_grid {
  double f0;
  double df;
  index_t n;
  XP_HD double at(index_t i) const { return f0 + static_cast<double>(i) * df; }
};

namespace detail {

/// The periodogram at angular frequency `freq` from the five sums over the samples:
/// xc = sum y cos, xs = sum y sin, cc = sum cos^2, ss = sum sin^2, cs = sum cos sin.
template <class R>
XP_HD R lombscargle_finish(R freq, R xc, R xs, R cc, R ss, R cs) {
  const R tau = math::arctan2(R(2) * cs, cc - ss) / (R(2) * freq);
  const R c_tau = math::cos(freq * tau), s_tau = math::sin(freq * tau);
  const R c_tau2 = c_tau * c_tau, s_tau2 = s_tau * s_tau, cs_tau = R(2) * c_tau * s_tau;
  const R p = c_tau * xc + s_tau * xs, q = c_tau * xs - s_tau * xc;
  return R(0.5) *
         (p * p / (c_tau2 * cc + cs_tau * cs + s_tau2 * ss) + q * q / (c_tau2 * ss - cs_tau * cs + s_tau2 * cc));
}

/// One call of the backends' primitive: n samples (x, y contiguous), nf frequencies, either
/// listed (freqs contiguous) or, when freqs is null, from `grid`. The primitive returns true when
/// a listed frequency is 0 (the result is then unspecified): the kernels check the frequencies
/// they read anyway, which saves a separate pass (and, on CUDA, a kernel of its own).
template <class R>
struct lombscargle_problem {
  const R* x;
  const R* y;
  index_t n;
  const R* freqs;
  frequency_grid grid;
  index_t nf;
  R* out;
  bool fast_math;
};

/// Frequencies per exact seed on the frequency_grid path: between seeds, (cos, sin) of f x
/// advance by the angle-addition rotation with the per-sample step (cos df x, sin df x). On the
/// H100, 16 ran faster than 4, 8 and 32 for float and double (32 spills the double sums).
constexpr int grid_run = 16;

}  // namespace detail
}  // namespace xp::signal

// example-begin primitive-declaration
namespace xp::primitive {
/// @brief The Lomb-Scargle primitive: `bool run(const signal::detail::lombscargle_problem<R>&)`
/// writes the periodogram of the problem (R: XP_LOMBSCARGLE_TYPES) and returns true when a listed
/// frequency is 0. Specialised by each backend (backends/<backend>/lombscargle.hpp).
template <class B>
struct lombscargle {
  XP_PRIMITIVE_NOT_VISIBLE(B, "lombscargle");
};
}  // namespace xp::primitive

// The types the primitive takes, X(R) each: the one list.
#define XP_LOMBSCARGLE_TYPES(X) X(float) X(double)

// each backend's specialisation (the CUDA one declares what libxp_cuda compiles, from
// XP_LOMBSCARGLE_TYPES, and undefines it)
#include "xp/backends/cuda/lombscargle.hpp"
#include "xp/backends/host/lombscargle.hpp"
// example-end primitive-declaration
