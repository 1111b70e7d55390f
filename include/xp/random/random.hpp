#pragma once
/// @file random.hpp
/// @brief xp::random: uniform and normal arrays from Philox 4x32-10. The same seed gives the
/// same numbers on xp::host and xp::cuda (uniform: bit for bit; normal: see philox.hpp), and
/// NumPy's Generator API (random/generator.hpp: xp::random::default_rng).

#include <cstdint>
#include <type_traits>

#include "xp/core/creation.hpp"
#include "xp/random/generator.hpp"
#include "xp/random/philox.hpp"

namespace xp::random {

/// @brief Samples of U[low, high) (numpy.random.Generator.uniform), float or double.
template <class T, class B = host>
ndarray<T, B> uniform(const shape_type& shape, T low = T(0), T high = T(1), std::uint64_t seed = 0) {
  static_assert(std::is_floating_point_v<T>, "xp::random::uniform: T must be float or double");
  xp::detail::op_range<B> range("xp::random::uniform");
  if (!(low <= high)) throw value_error("xp::random::uniform: low must not exceed high");
  ndarray<T, B> a(shape);
  xp::detail::generate(a, detail::uniform_gen<T>{seed, low, high});
  return a;
}

/// @brief Samples of N(mean, stddev^2) (numpy.random.Generator.normal), float or double.
/// @throws xp::value_error for a negative stddev.
template <class T, class B = host>
ndarray<T, B> normal(const shape_type& shape, T mean = T(0), T stddev = T(1), std::uint64_t seed = 0) {
  static_assert(std::is_floating_point_v<T>, "xp::random::normal: T must be float or double");
  xp::detail::op_range<B> range("xp::random::normal");
  if (!(stddev >= T(0))) throw value_error("xp::random::normal: stddev must be non-negative");
  ndarray<T, B> a(shape);
  xp::detail::generate(a, detail::normal_gen<T>{seed, mean, stddev});
  return a;
}

}  // namespace xp::random
