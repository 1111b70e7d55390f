#pragma once
/// @file philox.hpp
/// @brief Philox 4x32-10, the counter-based generator of Salmon et al. (SC'11), and the
/// index -> value functors of xp::random. A value depends only on (seed, flat index), so the
/// host and the device produce the same stream for the same seed, in any launch geometry.

#include <array>
#include <cmath>
#include <cstdint>

#include "xp/core/config.hpp"
#include "xp/core/convert.hpp"

namespace xp::random {

/// @brief Four 32-bit outputs of Philox 4x32 with 10 rounds for a 128-bit counter and 64-bit key.
struct philox4x32 {
  std::uint32_t v[4];
};

XP_HD inline philox4x32 philox4x32_10(std::uint32_t c0, std::uint32_t c1, std::uint32_t c2, std::uint32_t c3,
                                      std::uint32_t k0, std::uint32_t k1) {
  constexpr std::uint32_t m0 = 0xD2511F53u, m1 = 0xCD9E8D57u;
  constexpr std::uint32_t w0 = 0x9E3779B9u, w1 = 0xBB67AE85u;
  for (int round = 0; round < 10; ++round) {
    const std::uint64_t p0 = static_cast<std::uint64_t>(m0) * c0;
    const std::uint64_t p1 = static_cast<std::uint64_t>(m1) * c2;
    const std::uint32_t hi0 = static_cast<std::uint32_t>(p0 >> 32), lo0 = static_cast<std::uint32_t>(p0);
    const std::uint32_t hi1 = static_cast<std::uint32_t>(p1 >> 32), lo1 = static_cast<std::uint32_t>(p1);
    c0 = hi1 ^ c1 ^ k0;
    c1 = lo1;
    c2 = hi0 ^ c3 ^ k1;
    c3 = lo0;
    k0 += w0;
    k1 += w1;
  }
  return {{c0, c1, c2, c3}};
}

namespace detail {

// Element i draws from counter (i, stream, 0, 0) under key = seed: no state, no skip-ahead.
XP_HD inline philox4x32 draw(std::uint64_t seed, std::uint32_t stream, std::int64_t i) {
  const auto u = static_cast<std::uint64_t>(i);
  return philox4x32_10(static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(u >> 32), stream, 0u,
                       static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32));
}

// [0, 1) with the full mantissa of T.
template <class T>
XP_HD inline T unit_interval(const philox4x32& r) {
  if constexpr (sizeof(T) == 4) {
    return static_cast<T>(r.v[0] >> 8) * T(1.0 / 16777216.0);  // 24 bits
  } else {
    const std::uint64_t bits = (static_cast<std::uint64_t>(r.v[0] >> 5) << 26) | (r.v[1] >> 6);  // 53 bits
    return static_cast<T>(bits) * T(1.0 / 9007199254740992.0);
  }
}

template <class T>
struct uniform_gen {
  std::uint64_t seed;
  T low, high;
  XP_HD T operator()(std::int64_t i) const {
    const T u = unit_interval<T>(draw(seed, 0u, i));
    const T x = xp::detail::mul_add_rounded(high - low, u, low);
    return x < high ? x : low;  // rounding of low + (high-low)*u may reach high; keep [low, high)
  }
};

// Box-Muller in float64 for both dtypes: the float32 stream then agrees between backends
// (the double result rounds to the same float), the float64 stream to within an ulp or two
// (CUDA's and glibc's log/sin/cos differ in the last bit).
template <class T>
struct normal_gen {
  std::uint64_t seed;
  T mean, stddev;
  XP_HD T operator()(std::int64_t i) const {
    const philox4x32 r = draw(seed, 1u, i);
    const std::uint64_t a = (static_cast<std::uint64_t>(r.v[0] >> 5) << 26) | (r.v[1] >> 6);
    const std::uint64_t b = (static_cast<std::uint64_t>(r.v[2] >> 5) << 26) | (r.v[3] >> 6);
    const double u1 = (static_cast<double>(a) + 1.0) * (1.0 / 9007199254740992.0);  // (0, 1]
    const double u2 = static_cast<double>(b) * (1.0 / 9007199254740992.0);
    const double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    return xp::detail::convert<T>(
        xp::detail::mul_add_rounded(static_cast<double>(stddev), z, static_cast<double>(mean)));
  }
};

}  // namespace detail
}  // namespace xp::random
