#pragma once
// The definitions behind seed_field.hpp, included only by seed_field_{written,fused}_{host,cuda}.cpp
// (one function on one backend each).
#include "seed_field.hpp"

#include <xp/fft.hpp>
#include <xp/random.hpp>

#include <cstdint>

namespace seed_field {

constexpr std::uint64_t seed_key = 3966789;  // the seed's np.random.default_rng(3966789)
constexpr double power_law = -1.7;           // the filter: radius ** -1.7
constexpr double disc = 0.45;                // the disc: radius < 0.45 j
constexpr double kept_percentile = 70;       // the cut: values above the 70th percentile

// The seed's lines, one xp line each (NumPy's dtypes: the radius is float64, so the filtered
// spectrum is complex128).
template <class B>
xp::ndarray<double, B> as_written(xp::index_t j, xp::index_t k) {
  auto r = xp::random::default_rng<B>(seed_key);
  const xp::ndarray<float, B> noise = r.template random<float>({j, k});
  const xp::ndarray<xp::complex64, B> spectrum = xp::fft::fftshift(xp::fft::fft2(noise));
  const auto rows = xp::arange<double, B>(j).reshape({j, 1}) - double(j / 2);
  const auto cols = xp::arange<double, B>(k).reshape({1, k}) - double(k / 2);
  const xp::ndarray<double, B> radius = 1.0 + xp::sqrt(rows * rows + cols * cols);
  const xp::ndarray<xp::complex128, B> filtered = spectrum * xp::power(radius, power_law);
  const xp::ndarray<xp::complex128, B> smooth =
      xp::fft::ifft2(xp::fft::ifftshift(filtered)) * (radius < disc * double(j));
  const xp::ndarray<double, B> re = xp::real(smooth);
  return re * (re > xp::percentile(re, kept_percentile));
}

// The same field with three passes fewer: the filter is evaluated where fft2 puts each frequency
// (fftfreq(n, 1 / n) gives the signed bin numbers), so no shift is made, and the noise being real,
// rfft2 keeps half the spectrum. float32 throughout.
template <class B>
xp::ndarray<float, B> fused(xp::index_t j, xp::index_t k) {
  auto r = xp::random::default_rng<B>(seed_key);
  const xp::ndarray<float, B> noise = r.template random<float>({j, k});
  const auto fi = xp::fft::fftfreq<float, B>(j, 1.0 / double(j)).reshape({j, 1});
  const auto fk = xp::fft::rfftfreq<float, B>(k, 1.0 / double(k)).reshape({1, k / 2 + 1});
  xp::ndarray<xp::complex64, B> half = xp::fft::rfft2(noise);
  half *= xp::power(1.f + xp::sqrt(fi * fi + fk * fk), float(power_law));
  const xp::ndarray<float, B> smooth = xp::fft::irfft2(half, {j, k});
  const auto rows = xp::arange<float, B>(j).reshape({j, 1}) - float(j / 2);
  const auto cols = xp::arange<float, B>(k).reshape({1, k}) - float(k / 2);
  const float inside = float(disc * double(j) - 1);  // 1 + sqrt(r2) < 0.45 j
  const xp::ndarray<float, B> cut = smooth * (rows * rows + cols * cols < inside * inside);
  return cut * (cut > xp::percentile(cut, kept_percentile));
}

}  // namespace seed_field
