#pragma once
/// @file float16.hpp
/// @brief xp::float16, NumPy's float16 (IEEE 754 binary16): 16 bits of storage whose
/// arithmetic runs in float and rounds back, as NumPy's half loops do.
///
/// On the device the conversions are the hardware's (`cvt.rn.f16.f32`, the instruction behind
/// `__float2half_rn`) except for NaN, whose payload and sign the hardware drops; on the host
/// they are the bit manipulation below, rounding to nearest even, overflow to infinity, NaN
/// kept NaN with its sign and top payload bits (NumPy's rule). Both give the same bits for
/// every input.

#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "xp/core/config.hpp"

namespace xp {

namespace detail {
// binary16: 1 sign bit, 5 exponent bits (bias 15), 10 mantissa bits.
inline constexpr int half_mantissa_bits = 10;
inline constexpr int half_exponent_bias = 15;
inline constexpr std::uint16_t half_infinity_bits = 0x7c00;
inline constexpr std::uint16_t half_quiet_nan_bits = 0x7e00;

// Rounds an IEEE binary float (mantissa `M` bits, bias `Bias`, bits in U) to binary16 bits,
// to nearest even; written once for float and double sources so that double -> float16 rounds
// once (through float it could round twice).
template <class U, int M, int Bias>
constexpr std::uint16_t binary_to_half_bits(U x) {
  constexpr int width = 8 * sizeof(U);
  const auto sign = static_cast<std::uint16_t>((x >> (width - 16)) & 0x8000u);
  const U magnitude = x & ~(U(1) << (width - 1));
  const int exponent_field = static_cast<int>(magnitude >> M);
  constexpr int all_ones = (1 << (width - 1 - M)) - 1;
  const U mantissa = magnitude & ((U(1) << M) - 1);
  if (exponent_field == all_ones) {  // inf stays inf; NaN stays a quiet NaN with its sign
    if (mantissa == 0) return static_cast<std::uint16_t>(sign | half_infinity_bits);
    return static_cast<std::uint16_t>(sign | half_quiet_nan_bits | (mantissa >> (M - half_mantissa_bits)));
  }
  if (exponent_field == 0) return sign;                      // zero, or a subnormal of float/double: far below 2^-25
  const int e = exponent_field - Bias + half_exponent_bias;  // the biased binary16 exponent
  if (e >= 31) return static_cast<std::uint16_t>(sign | half_infinity_bits);
  // The significand with its leading 1, shifted to binary16's 11 bits (fewer for a subnormal).
  const U significand = mantissa | (U(1) << M);
  const int shift = M - half_mantissa_bits + (e <= 0 ? 1 - e : 0);
  if (shift > M + 1) return sign;  // below half the smallest subnormal: rounds to zero
  U q = significand >> shift;
  const U rest = significand & ((U(1) << shift) - 1), halfway = U(1) << (shift - 1);
  if (rest > halfway || (rest == halfway && (q & 1))) ++q;  // a carry may reach the exponent: correct
  if (e <= 0) return static_cast<std::uint16_t>(sign | q);
  return static_cast<std::uint16_t>(sign | ((static_cast<U>(e) << half_mantissa_bits) + (q - (U(1) << 10))));
}

constexpr std::uint16_t float_to_half_bits(float f) {
  return binary_to_half_bits<std::uint32_t, 23, 127>(std::bit_cast<std::uint32_t>(f));
}
constexpr std::uint16_t double_to_half_bits(double d) {
  return binary_to_half_bits<std::uint64_t, 52, 1023>(std::bit_cast<std::uint64_t>(d));
}
// Exact: every binary16 value is a float.
constexpr float half_bits_to_float(std::uint16_t h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
  if (e == 0) {  // zero or subnormal: m * 2^-24
    const float v = static_cast<float>(m) * 5.9604644775390625e-8f;
    return sign ? -v : v;
  }
  if (e == 31) return std::bit_cast<float>(sign | 0x7f800000u | (m << 13));
  return std::bit_cast<float>(sign | ((e - half_exponent_bias + 127) << 23) | (m << 13));
}
}  // namespace detail

/// @brief NumPy's float16 (np.float16, np.half): IEEE binary16 storage. Converts to float
/// implicitly (so it works in any float expression), from float and double explicitly
/// (rounding to nearest even); `+ - * /` of two float16 compute in float and round, like
/// NumPy's. Trivially copyable and 2 bytes, so arrays of it are what `<f2` files and CUDA's
/// `__half` hold.
///
///     xp::float16 h(0.1f);       // np.float16(0.1)
///     float f = h;               // 0.0999755859375
struct float16 {
  std::uint16_t bits;  ///< The binary16 bit pattern (public: it is the whole state, as in `__half_raw`).

  float16() = default;
  /// @brief np.float16(f): rounds to nearest even; beyond 65520 gives infinity.
  XP_HD explicit float16(float f) : bits(from_float(f)) {}
  /// @brief np.float16(d): rounds once, directly from double.
  XP_HD explicit float16(double d) : bits(from_double(d)) {}
  /// @brief An integer's value, rounded (beyond 65520: infinity).
  template <class I>
  requires(std::numeric_limits<I>::is_integer) XP_HD explicit float16(I i) : float16(static_cast<float>(i)) {}

  /// @brief The float16 with bit pattern `b` (np.uint16(b).view(np.float16)).
  static constexpr float16 from_bits(std::uint16_t b) noexcept {
    float16 h{};
    h.bits = b;
    return h;
  }
  /// @brief The exact value as a float.
  XP_HD operator float() const {
#if defined(__CUDA_ARCH__)
    // the instruction makes every NaN canonical: a NaN keeps its payload and sign the host's way
    if ((bits & 0x7c00u) == 0x7c00u && (bits & 0x3ffu) != 0) return detail::half_bits_to_float(bits);
    float f;
    asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(bits));
    return f;
#else
    return detail::half_bits_to_float(bits);
#endif
  }

  friend XP_HD float16 operator+(float16 a, float16 b) { return float16(float(a) + float(b)); }
  friend XP_HD float16 operator-(float16 a, float16 b) { return float16(float(a) - float(b)); }
  friend XP_HD float16 operator*(float16 a, float16 b) { return float16(float(a) * float(b)); }
  friend XP_HD float16 operator/(float16 a, float16 b) { return float16(float(a) / float(b)); }
  friend XP_HD constexpr float16 operator-(float16 a) {
    return from_bits(static_cast<std::uint16_t>(a.bits ^ 0x8000u));
  }
  XP_HD float16& operator+=(float16 o) { return *this = *this + o; }
  XP_HD float16& operator-=(float16 o) { return *this = *this - o; }
  XP_HD float16& operator*=(float16 o) { return *this = *this * o; }
  XP_HD float16& operator/=(float16 o) { return *this = *this / o; }

 private:
  XP_HD static std::uint16_t from_float(float f) {
#if defined(__CUDA_ARCH__)
    if (f != f) return detail::float_to_half_bits(f);  // NaN: payload and sign as on the host
    unsigned short h;
    asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
    return h;
#else
    return detail::float_to_half_bits(f);
#endif
  }
  XP_HD static std::uint16_t from_double(double d) {
#if defined(__CUDA_ARCH__)
    if (d != d) return detail::double_to_half_bits(d);
    unsigned short h;
    asm("cvt.rn.f16.f64 %0, %1;" : "=h"(h) : "d"(d));
    return h;
#else
    return detail::double_to_half_bits(d);
#endif
  }
};
static_assert(sizeof(float16) == 2 && std::is_trivially_copyable_v<float16>);

}  // namespace xp

/// numeric_limits of binary16, as np.finfo(np.float16) gives them.
template <>
struct std::numeric_limits<xp::float16> {
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr bool is_iec559 = true;
  static constexpr bool is_bounded = true;
  static constexpr int digits = 11;
  static constexpr int digits10 = 3;
  static constexpr int max_digits10 = 5;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -13;
  static constexpr int max_exponent = 16;
  static constexpr float_round_style round_style = round_to_nearest;
  static constexpr xp::float16 min() noexcept { return xp::float16::from_bits(0x0400); }  // 2^-14
  static constexpr xp::float16 max() noexcept { return xp::float16::from_bits(0x7bff); }  // 65504
  static constexpr xp::float16 lowest() noexcept { return xp::float16::from_bits(0xfbff); }
  static constexpr xp::float16 epsilon() noexcept { return xp::float16::from_bits(0x1400); }  // 2^-10
  static constexpr xp::float16 round_error() noexcept { return xp::float16::from_bits(0x3800); }
  static constexpr xp::float16 infinity() noexcept { return xp::float16::from_bits(0x7c00); }
  static constexpr xp::float16 quiet_NaN() noexcept { return xp::float16::from_bits(0x7e00); }
  static constexpr xp::float16 signaling_NaN() noexcept { return xp::float16::from_bits(0x7d00); }
  static constexpr xp::float16 denorm_min() noexcept { return xp::float16::from_bits(0x0001); }  // 2^-24
};
