#pragma once
/// @file fft/helpers.hpp
/// @brief numpy.fft's helpers: fftfreq, rfftfreq (the sample frequencies of a transform's bins)
/// and fftshift, ifftshift (the zero frequency moved to the centre and back), built on xp's
/// creation and roll; no primitive of their own.

#include <cstdint>
#include <string>
#include <vector>

#include "xp/array/manipulation.hpp"
#include "xp/array/transfer.hpp"
#include "xp/core/error.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/slicing.hpp"
#include "xp/core/trace.hpp"

namespace xp::fft {

namespace detail {

/// NumPy's helpers' values: the integer bin numbers times 1 / (n d), computed in float64 as
/// NumPy's (an int64 array times a float64 scalar), then converted to T and moved to B.
template <class T, class B>
ndarray<T, B> bins_times(const std::vector<std::int64_t>& bins, index_t n, double d, const char* fn) {
  if (n < 1) throw value_error(std::string(fn) + ": n must be at least 1, got " + std::to_string(n));
  if (d == 0) throw value_error(std::string(fn) + ": the sample spacing d must not be 0");
  const double val = 1.0 / (static_cast<double>(n) * d);
  ndarray<T, host> h(shape_type{static_cast<index_t>(bins.size())});
  for (std::size_t i = 0; i < bins.size(); ++i) h.data()[i] = static_cast<T>(static_cast<double>(bins[i]) * val);
  return asarray<B>(h);
}

/// fftshift's (sign 1) and ifftshift's (sign -1) roll: half of each listed axis.
template <class T, class B>
ndarray<T, B> shift_half(const ndarray<T, B>& x, const axes_t& axes, int sign) {
  std::vector<index_t> list;
  if (axes.all())
    for (std::size_t d = 0; d < x.ndim(); ++d) list.push_back(static_cast<index_t>(d));
  else list = axes.list();
  if (list.empty()) return x.copy();
  std::vector<index_t> shifts;
  for (index_t axis : list) shifts.push_back(sign * (x.shape()[normalize_axis(axis, x.ndim())] / 2));
  return roll(x, shifts, list);
}

}  // namespace detail

/// @brief np.fft.fftfreq(n, d): the sample frequencies of fft's n bins for spacing d,
/// [0, 1, ..., (n - 1) / 2, -(n / 2), ..., -1] / (d n), as T (default float64) on B (default the
/// host): `xp::fft::fftfreq(8, 0.1)`, `xp::fft::fftfreq<float, xp::cuda>(8)`.
/// @throws xp::value_error for n < 1 or d == 0 (NumPy: ValueError, ZeroDivisionError).
template <class T = double, class B = host>
ndarray<T, B> fftfreq(index_t n, double d = 1.0) {
  ::xp::detail::op_range<B> range("xp::fft::fftfreq");
  std::vector<std::int64_t> bins;
  const index_t positive = (n - 1) / 2 + 1;
  for (index_t i = 0; i < positive; ++i) bins.push_back(i);
  for (index_t i = -(n / 2); i < 0; ++i) bins.push_back(i);
  return detail::bins_times<T, B>(bins, n, d, "xp::fft::fftfreq");
}

/// @brief np.fft.rfftfreq(n, d): the sample frequencies of rfft's n / 2 + 1 bins,
/// [0, 1, ..., n / 2] / (d n), as T (default float64) on B (default the host).
/// @throws as fftfreq.
template <class T = double, class B = host>
ndarray<T, B> rfftfreq(index_t n, double d = 1.0) {
  ::xp::detail::op_range<B> range("xp::fft::rfftfreq");
  std::vector<std::int64_t> bins;
  for (index_t i = 0; i < n / 2 + 1; ++i) bins.push_back(i);
  return detail::bins_times<T, B>(bins, n, d, "xp::fft::rfftfreq");
}

/// @brief np.fft.fftshift(x, axes): the zero-frequency bin moved to the centre of each listed
/// axis (default all): a roll by n / 2 along each. A new array. A repeated axis is rolled again,
/// as NumPy does.
/// @throws xp::index_error for an axis out of range.
template <class T, class B>
ndarray<T, B> fftshift(const ndarray<T, B>& x, const axes_t& axes = {}) {
  ::xp::detail::op_range<B> range("xp::fft::fftshift");
  return detail::shift_half(x, axes, 1);
}

/// @brief np.fft.ifftshift(x, axes): the inverse of fftshift (a roll by -(n / 2)), which differs
/// from it for odd lengths.
/// @throws xp::index_error for an axis out of range.
template <class T, class B>
ndarray<T, B> ifftshift(const ndarray<T, B>& x, const axes_t& axes = {}) {
  ::xp::detail::op_range<B> range("xp::fft::ifftshift");
  return detail::shift_half(x, axes, -1);
}

// what evaluates to an array (an expression, a selection) in an array's place
XP_EVALUATING_OVERLOAD(fftshift)
XP_EVALUATING_OVERLOAD(ifftshift)

}  // namespace xp::fft
