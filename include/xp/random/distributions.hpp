#pragma once
/// @file random/distributions.hpp
/// @brief The samplers behind xp::random::Generator, shared by the host and the device: the
/// problems of the random_fill primitive (random/random_fill_primitive.hpp).
///
/// Counters. A Generator call draws from Philox 4x32-10 under key = seed, with the counter
/// (index lo, index hi, call number, 0x80000000 | substream). Substream 0 holds the "blocks":
/// block j gives four 32-bit words, which a sampler turns into K values (K = 4 for float32 and
/// 32-bit integers, 2 for float64 and 64-bit integers, 1 for the per-element rejection
/// samplers). Blocks map to elements in chunks of L = 32 blocks: element
/// i = (j / L) * L * K + k * L + j % L takes value k of block j, so that 32 consecutive blocks
/// fill K runs of 32 consecutive elements (host SIMD lanes; coalesced device stores). A sampler
/// that rejects draws more words from substreams 1, 2, ... of its own element index i. So every
/// value depends on (seed, call, i) only: the host and the device give the same values in any
/// launch geometry, bit for bit where the arithmetic is the same (see docs/random.md).

#include <cmath>
#include <cstdint>
#include <cstring>

#include "xp/core/backend.hpp"
#include "xp/core/config.hpp"
#include "xp/core/kernel_view.hpp"
#include "xp/random/philox.hpp"

namespace xp {

namespace random::detail {

/// Blocks per chunk (see the file comment).
inline constexpr int chunk_lanes = 32;

/// One Generator call's stream: the key and the call number.
struct stream {
  std::uint64_t seed;
  std::uint32_t call;
  XP_HD philox4x32 bits(std::uint64_t index, std::uint32_t substream) const {
    return philox4x32_10(static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index >> 32), call,
                         0x80000000u | substream, static_cast<std::uint32_t>(seed),
                         static_cast<std::uint32_t>(seed >> 32));
  }
};

/// The element that takes value k of block j for a sampler of K values per block.
XP_HD inline std::uint64_t element_of(std::uint64_t j, int k, int K) {
  constexpr std::uint64_t L = chunk_lanes;
  return (j / L) * L * static_cast<std::uint64_t>(K) + static_cast<std::uint64_t>(k) * L + j % L;
}

// ---- arithmetic that rounds the same on both backends -------------------------------------------
// a * b + c fused (one rounding), on every backend: the device's FMA, the host's when the
// compiler may use the instruction (-mfma, -march=x86-64-v3 or native, every aarch64), else the
// C library's fma (correct, slower). Every multiply-add of the samplers goes through it, so no
// compiler's own contraction choice can change a bit.
XP_HD inline float fmadd(float a, float b, float c) {
#if XP_ON_DEVICE
  return __fmaf_rn(a, b, c);
#elif defined(__FMA__) || defined(__ARM_FEATURE_FMA)
  return __builtin_fmaf(a, b, c);
#else
  return std::fma(a, b, c);
#endif
}
XP_HD inline double fmadd(double a, double b, double c) {
#if XP_ON_DEVICE
  return __fma_rn(a, b, c);
#elif defined(__FMA__) || defined(__ARM_FEATURE_FMA)
  return __builtin_fma(a, b, c);
#else
  return std::fma(a, b, c);
#endif
}
XP_HD inline float fmul(float a, float b) {
#if XP_ON_DEVICE
  return __fmul_rn(a, b);  // never contracted into a following add
#else
  return a * b;
#endif
}

/// The correctly rounded square root of x >= 0 (sqrtss/sqrtps: no errno path that would stop
/// the host loop's vectorisation).
XP_HD inline float sqrt_rn(float x) {
#if XP_ON_DEVICE
  return __fsqrt_rn(x);
#elif defined(__GNUC__)
  return __builtin_sqrtf(__builtin_fabsf(x));
#else
  return std::sqrt(x);
#endif
}

XP_HD inline std::uint32_t float_bits(float x) {
  std::uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}
XP_HD inline float bits_float(std::uint32_t u) {
  float x;
  std::memcpy(&x, &u, sizeof x);
  return x;
}

/// ln(x) for a positive normal float: x = m 2^e with m in [sqrt(1/2), sqrt(2)), then
/// ln(1 + f) = f - f^2/2 + f^3 P(f) (P fitted to ln1p on that range, relative error ~2e-7) plus
/// e ln 2 in two parts. Only fmadd, so both backends give the same bits.
XP_HD inline float log_positive(float x) {
  const std::uint32_t u = float_bits(x);
  std::int32_t e = static_cast<std::int32_t>(u >> 23) - 127;
  const bool big = bits_float((u & 0x007fffffu) | 0x3f800000u) > 1.41421356f;  // mantissa in [1, 2)
  // m = mantissa / 2 when big, by its exponent bits: the same value as m * 0.5f, but a select
  // of integers, which the host loop if-converts (a float multiply under a condition "could
  // trap" with -ftrapping-math, so GCC keeps a branch and the loop stays scalar)
  const float m = bits_float((u & 0x007fffffu) | (big ? 0x3f000000u : 0x3f800000u));
  e = big ? e + 1 : e;
  const float f = m - 1.0f;  // exact (Sterbenz)
  float p = 0.08906206488609314f;
  p = fmadd(p, f, -0.13972166180610657f);
  p = fmadd(p, f, 0.14720435440540314f);
  p = fmadd(p, f, -0.1660931557416916f);
  p = fmadd(p, f, 0.1998373568058014f);
  p = fmadd(p, f, -0.2500055730342865f);
  p = fmadd(p, f, 0.33333417773246765f);
  const float f2 = fmul(f, f);
  const float f3 = fmul(f2, f);
  const float r = fmadd(f3, p, fmadd(-0.5f, f2, f));
  const float ef = static_cast<float>(e);
  return fmadd(ef, 0.693145751953125f, fmadd(ef, 1.428606765330187e-06f, r));  // ln 2 = hi + lo
}

/// sin(2 pi t) and cos(2 pi t) for t in [0, 1): t = (q + r) / 4 with q an integer and
/// |r| <= 1/2 (exact), odd/even polynomials of r for sin/cos(pi r / 2) (absolute error ~1e-7),
/// then the quadrant q's rotation.
XP_HD inline void sincos_turn(float t, float& s, float& c) {
  const float t4 = t * 4.0f;                                        // exact
  const float q = static_cast<float>(static_cast<int>(t4 + 0.5f));  // nearest quadrant, 0..4
  const float r = t4 - q;                                           // exact, [-1/2, 1/2]
  const float r2 = fmul(r, r);
  float ps = -0.0046039167791605f;
  ps = fmadd(ps, r2, 0.07968097180128098f);
  ps = fmadd(ps, r2, -0.6459635496139526f);
  ps = fmadd(ps, r2, 1.5707963705062866f);
  const float sr = fmul(ps, r);
  float pc = 0.0009037023992277682f;
  pc = fmadd(pc, r2, -0.02086012065410614f);
  pc = fmadd(pc, r2, 0.25366920232772827f);
  pc = fmadd(pc, r2, -1.2337005138397217f);
  const float cr = fmadd(pc, r2, 1.0f);
  const int quadrant = static_cast<int>(q) & 3;
  const float s1 = (quadrant & 1) ? cr : sr, c1 = (quadrant & 1) ? sr : cr;
  s = (quadrant & 2) ? -s1 : s1;
  c = ((quadrant + 1) & 2) ? -c1 : c1;
}

// ---- words to numbers ----------------------------------------------------------------------------
/// [0, 1) in steps of 2^-24.
XP_HD inline float unit_f(std::uint32_t w) { return static_cast<float>(w >> 8) * 0x1p-24f; }
/// (0, 1]: w 2^-32 + 2^-33, rounded (never 0; 1 only by rounding).
XP_HD inline float open_unit_f(std::uint32_t w) { return fmadd(static_cast<float>(w), 0x1p-32f, 0x1p-33f); }
/// [0, 1) in steps of 2^-53.
XP_HD inline double unit_d(std::uint32_t a, std::uint32_t b) {
  return static_cast<double>((static_cast<std::uint64_t>(a >> 5) << 26) | (b >> 6)) * 0x1p-53;
}
/// (0, 1] in steps of 2^-53.
XP_HD inline double open_unit_d(std::uint32_t a, std::uint32_t b) {
  return static_cast<double>(((static_cast<std::uint64_t>(a >> 5) << 26) | (b >> 6)) + 1) * 0x1p-53;
}

/// Words of one element beyond its block: substreams 1, 2, ... of its index, four words each.
struct element_words {
  stream s;
  std::uint64_t index;
  std::uint32_t substream = 0;
  int used = 4;
  philox4x32 cur{};
  XP_HD std::uint32_t next() {
    if (used == 4) {
      cur = s.bits(index, ++substream);
      used = 0;
    }
    return cur.v[used++];
  }
  XP_HD double unit() {
    const std::uint32_t a = next();
    return unit_d(a, next());
  }
  XP_HD double open_unit() {
    const std::uint32_t a = next();
    return open_unit_d(a, next());
  }
  XP_HD double normal() {  // Box-Muller, one of the pair
    const double u1 = open_unit(), u2 = unit();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }
  /// Marsaglia and Tsang's method (ACM TOMS 2000) for shape >= 1, the boost U^(1/shape) below.
  XP_HD double gamma(double shape) {
    if (shape <= 0) return 0.0;
    if (shape < 1.0) return gamma(shape + 1.0) * std::pow(open_unit(), 1.0 / shape);
    const double d = shape - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
    for (;;) {
      const double x = normal();
      double v = 1.0 + c * x;
      if (v <= 0) continue;
      v = v * v * v;
      const double u = open_unit();
      const double x2 = x * x;
      if (u < 1.0 - 0.0331 * x2 * x2) return d * v;
      if (std::log(u) < 0.5 * x2 + d * (1.0 - v + std::log(v))) return d * v;
    }
  }
};

// ---- the samplers: operator()(block j, its words) -> K values -------------------------------------

template <class T>
struct uniform_sampler {
  using value_type = T;
  static constexpr int per_block = sizeof(T) == 4 ? 4 : 2;
  stream s;
  T low, span, high;
  XP_HD T scale(T u) const {
    const T x = fmadd(span, u, low);
    return x == high ? low : x;  // rounding may reach high: keep [low, high)
  }
  XP_HD xp::detail::lanes<T, per_block> operator()(std::uint64_t, const philox4x32& w) const {
    xp::detail::lanes<T, per_block> o;
    if constexpr (per_block == 4) {
      for (int k = 0; k < 4; ++k) o.v[k] = scale(unit_f(w.v[k]));
    } else {
      o.v[0] = scale(static_cast<T>(unit_d(w.v[0], w.v[1])));
      o.v[1] = scale(static_cast<T>(unit_d(w.v[2], w.v[3])));
    }
    return o;
  }
};

/// Box-Muller: each pair of uniforms gives two normals (float32: log_positive and sincos_turn,
/// the same bits on both backends; float64: the C library's / CUDA's log, sin and cos).
template <class T>
struct normal_sampler {
  using value_type = T;
  static constexpr int per_block = sizeof(T) == 4 ? 4 : 2;
  stream s;
  T loc, scale;
  // float32 in three steps, which the host runs as three loops over a chunk's lanes (its
  // square roots as sqrtps, see backends/host/random.hpp): radius^2, sqrt_rn, then scale.
  XP_HD static float radius_squared(std::uint32_t a) { return -2.0f * log_positive(open_unit_f(a)); }
  XP_HD T scaled(float radius, float trig) const { return fmadd(scale, fmul(radius, trig), loc); }
  XP_HD void pair(std::uint32_t a, std::uint32_t b, T& z0, T& z1) const {
    const float radius = sqrt_rn(radius_squared(a));
    float sn, cs;
    sincos_turn(unit_f(b), sn, cs);
    z0 = scaled(radius, cs);
    z1 = scaled(radius, sn);
  }
  XP_HD xp::detail::lanes<T, per_block> operator()(std::uint64_t, const philox4x32& w) const {
    xp::detail::lanes<T, per_block> o;
    if constexpr (per_block == 4) {
      pair(w.v[0], w.v[1], o.v[0], o.v[1]);
      pair(w.v[2], w.v[3], o.v[2], o.v[3]);
    } else {
      const double radius = std::sqrt(-2.0 * std::log(open_unit_d(w.v[0], w.v[1])));
      const double angle = 6.283185307179586 * unit_d(w.v[2], w.v[3]);
      o.v[0] = fmadd(scale, radius * std::cos(angle), loc);
      o.v[1] = fmadd(scale, radius * std::sin(angle), loc);
    }
    return o;
  }
};

/// -scale ln(U), U in (0, 1].
template <class T>
struct exponential_sampler {
  using value_type = T;
  static constexpr int per_block = sizeof(T) == 4 ? 4 : 2;
  stream s;
  T scale;
  XP_HD xp::detail::lanes<T, per_block> operator()(std::uint64_t, const philox4x32& w) const {
    xp::detail::lanes<T, per_block> o;
    if constexpr (per_block == 4) {
      for (int k = 0; k < 4; ++k) o.v[k] = -(log_positive(open_unit_f(w.v[k])) * scale);
    } else {
      o.v[0] = -(std::log(open_unit_d(w.v[0], w.v[1])) * scale);
      o.v[1] = -(std::log(open_unit_d(w.v[2], w.v[3])) * scale);
    }
    return o;
  }
};

/// low + an unbiased integer in [0, range): Lemire's multiply-and-reject (ACM TOMACS 2019).
/// Wide = false: range <= 2^32 (range 0 means 2^32), one word per value; Wide = true: range
/// <= 2^64 (0 means 2^64), two words per value.
template <class T, bool Wide>
struct integers_sampler {
  using value_type = T;
  static constexpr int per_block = Wide ? 2 : 4;
  stream s;
  std::uint64_t range;
  std::uint64_t low;  // as unsigned: the result wraps into T
  XP_HD static std::uint64_t mul_hi(std::uint64_t a, std::uint64_t b) {
#if XP_ON_DEVICE
    return __umul64hi(a, b);
#else
    __extension__ using u128 = unsigned __int128;
    return static_cast<std::uint64_t>((static_cast<u128>(a) * b) >> 64);
#endif
  }
  XP_HD T narrow(std::uint64_t j, int k, std::uint32_t x) const {
    const auto r = static_cast<std::uint32_t>(range);
    if (r == 0) return static_cast<T>(low + x);
    std::uint64_t m = static_cast<std::uint64_t>(x) * r;
    if (static_cast<std::uint32_t>(m) < r) {
      const std::uint32_t threshold = (0u - r) % r;
      element_words more{s, element_of(j, k, 4)};
      while (static_cast<std::uint32_t>(m) < threshold) m = static_cast<std::uint64_t>(more.next()) * r;
    }
    return static_cast<T>(low + (m >> 32));
  }
  XP_HD T wide(std::uint64_t j, int k, std::uint64_t x) const {
    if (range == 0) return static_cast<T>(low + x);
    std::uint64_t lo = x * range;
    if (lo < range) {
      const std::uint64_t threshold = (0 - range) % range;
      element_words more{s, element_of(j, k, 2)};
      while (lo < threshold) {
        const std::uint64_t hi_word = more.next();
        x = (hi_word << 32) | more.next();
        lo = x * range;
      }
    }
    return static_cast<T>(low + mul_hi(x, range));
  }
  XP_HD xp::detail::lanes<T, per_block> operator()(std::uint64_t j, const philox4x32& w) const {
    xp::detail::lanes<T, per_block> o;
    if constexpr (Wide) {
      for (int k = 0; k < 2; ++k) o.v[k] = wide(j, k, (static_cast<std::uint64_t>(w.v[2 * k]) << 32) | w.v[2 * k + 1]);
    } else {
      for (int k = 0; k < 4; ++k) o.v[k] = narrow(j, k, w.v[k]);
    }
    return o;
  }
};

/// An index drawn with the weights whose normalised running sum is cdf[0..n) (cdf[n-1] = 1):
/// the first k with cdf[k] > U. A weight of 0 is never drawn.
struct cdf_sampler {
  using value_type = std::int64_t;
  static constexpr int per_block = 2;
  stream s;
  const double* cdf;
  std::int64_t n;
  XP_HD std::int64_t find(double u) const {
    std::int64_t lo = 0, hi = n - 1;  // the answer lies in [lo, hi]
    while (lo < hi) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      if (cdf[mid] > u) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
  XP_HD xp::detail::lanes<std::int64_t, 2> operator()(std::uint64_t, const philox4x32& w) const {
    return {{find(unit_d(w.v[0], w.v[1])), find(unit_d(w.v[2], w.v[3]))}};
  }
};

/// Gamma(shape, scale): Marsaglia-Tsang per element (rejection words from the element's substreams).
template <class T>
struct gamma_sampler {
  using value_type = T;
  static constexpr int per_block = 1;
  stream s;
  double shape, scale;
  XP_HD xp::detail::lanes<T, 1> operator()(std::uint64_t i, const philox4x32&) const {
    element_words words{s, i};
    return {{static_cast<T>(words.gamma(shape) * scale)}};
  }
};

/// Poisson(lam): Knuth's product of uniforms below lam = 10 (multiplications only: the same on
/// both backends), Hoermann's PTRS transformed rejection (1993) from 10 on.
struct poisson_sampler {
  using value_type = std::int64_t;
  static constexpr int per_block = 1;
  stream s;
  double lam, exp_neg_lam;                            // small lam
  double slam, loglam, a, b, inv_alpha, v_r, log_ia;  // PTRS constants
  XP_HD xp::detail::lanes<std::int64_t, 1> operator()(std::uint64_t i, const philox4x32&) const {
    element_words words{s, i};
    if (lam < 10.0) {
      std::int64_t k = 0;
      double prod = words.open_unit();
      while (prod > exp_neg_lam) {
        ++k;
        prod *= words.open_unit();
      }
      return {{k}};
    }
    for (;;) {
      const double u = words.unit() - 0.5, v = words.unit();
      const double us = 0.5 - std::fabs(u);
      const double k = std::floor((2.0 * a / us + b) * u + lam + 0.43);
      if (us >= 0.07 && v <= v_r) return {{static_cast<std::int64_t>(k)}};
      if (k < 0 || (us < 0.013 && v > us)) continue;
      if (std::log(v) + log_ia - std::log(a / (us * us) + b) <= -lam + k * loglam - std::lgamma(k + 1.0))
        return {{static_cast<std::int64_t>(k)}};
    }
  }
};

/// Binomial(n, p): while n min(p, 1-p) >= 30, Knuth's split by a Beta(a, n + 1 - a) order
/// statistic (TAOCP 3.4.1, two gamma draws, a = 1 + n/2), then inversion.
struct binomial_sampler {
  using value_type = std::int64_t;
  static constexpr int per_block = 1;
  stream s;
  std::int64_t n;
  double p;
  XP_HD static std::int64_t inversion(element_words& words, std::int64_t n, double p) {
    const bool flip = p > 0.5;
    const double pp = flip ? 1.0 - p : p;
    if (n == 0 || pp <= 0.0) return flip ? n : 0;
    const double q = 1.0 - pp, ratio = pp / q, a = static_cast<double>(n + 1) * ratio;
    const double r0 = std::pow(q, static_cast<double>(n));
    for (;;) {
      double u = words.unit(), r = r0;
      std::int64_t x = 0;
      while (u >= r && x <= n) {
        u -= r;
        ++x;
        r *= a / static_cast<double>(x) - ratio;
      }
      if (x <= n) return flip ? n - x : x;  // else U fell in the rounding slack: draw again
    }
  }
  XP_HD xp::detail::lanes<std::int64_t, 1> operator()(std::uint64_t i, const philox4x32&) const {
    element_words words{s, i};
    std::int64_t m = n, result = 0;
    double pm = p;
    while (static_cast<double>(m) * (pm < 0.5 ? pm : 1.0 - pm) >= 30.0) {
      const std::int64_t a = 1 + m / 2, b = m + 1 - a;
      const double ga = words.gamma(static_cast<double>(a)), gb = words.gamma(static_cast<double>(b));
      const double x = ga / (ga + gb);
      if (x >= pm) {
        m = a - 1;
        pm = pm / x;
      } else {
        result += a;
        m = b - 1;
        pm = (pm - x) / (1.0 - x);
      }
    }
    return {{result + inversion(words, m, pm)}};
  }
};

}  // namespace random::detail
}  // namespace xp
