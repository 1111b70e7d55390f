#pragma once
/// @file backends/host/random.hpp
/// @brief The host's random_fill primitive: OpenMP over chunks of 32 Philox blocks, the ten
/// rounds computed for the 32 counters of a chunk side by side (the compiler's SIMD lanes),
/// then each block's words turned into values by the sampler.
///
/// Two things keep these loops vectorised (both measured, see docs/random.md):
/// - float32 normals take their square roots in a loop of their own, as sqrtps: a sqrtf inside
///   the sampler's loop keeps the C library call that sets errno for a negative argument
///   (-fmath-errno, the default), and that branch stops GCC's and clang's vectorisation;
/// - on x86-64 compiled without FMA (xp's default flags: baseline x86-64), the chunk loop is also
///   compiled for AVX2 + FMA and chosen at run time when the CPU has them, since fmadd there is
///   otherwise the C library's fma, a call per multiply-add. The values are the same bits on
///   either path (correctly rounded +, *, fma and sqrt only).

#include <algorithm>
#include <cstdint>

#include "xp/backends/host/evaluate.hpp"
#include "xp/random/random_fill_primitive.hpp"

#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64)
#include <xmmintrin.h>
#define XP_RANDOM_SQRT_SSE 1
#elif defined(__aarch64__)
#include <arm_neon.h>
#define XP_RANDOM_SQRT_NEON 1
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !(defined(__AVX2__) && defined(__FMA__))
#define XP_RANDOM_DISPATCH_AVX2 1
#define XP_RANDOM_INLINE        inline __attribute__((always_inline))
#else
#define XP_RANDOM_INLINE inline
#endif

// `omp simd` asks for vectorisation; clang reports the loops it cannot vectorise (-Wpass-failed:
// float64 samplers calling the C library's log/cos, the rejection samplers), which is expected.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpass-failed"
#endif

namespace xp {

namespace backends::host {

/// Philox 4x32-10 of the counters (j0 + l, call, 0x80000000) for l < chunk_lanes, as
/// random::philox4x32_10 computes each, in structure-of-arrays form.
XP_RANDOM_INLINE void philox_chunk(const random::detail::stream& s, std::uint64_t j0, std::uint32_t (&x0)[32],
                                   std::uint32_t (&x1)[32], std::uint32_t (&x2)[32], std::uint32_t (&x3)[32]) {
  constexpr int L = random::detail::chunk_lanes;
  static_assert(L == 32);
  for (int l = 0; l < L; ++l) {
    const std::uint64_t j = j0 + static_cast<std::uint64_t>(l);
    x0[l] = static_cast<std::uint32_t>(j);
    x1[l] = static_cast<std::uint32_t>(j >> 32);
    x2[l] = s.call;
    x3[l] = 0x80000000u;
  }
  std::uint32_t k0 = static_cast<std::uint32_t>(s.seed), k1 = static_cast<std::uint32_t>(s.seed >> 32);
  for (int round = 0; round < 10; ++round) {
#pragma omp simd
    for (int l = 0; l < L; ++l) {
      const std::uint64_t p0 = std::uint64_t{0xD2511F53u} * x0[l];
      const std::uint64_t p1 = std::uint64_t{0xCD9E8D57u} * x2[l];
      const std::uint32_t y0 = static_cast<std::uint32_t>(p1 >> 32) ^ x1[l] ^ k0;
      const std::uint32_t y2 = static_cast<std::uint32_t>(p0 >> 32) ^ x3[l] ^ k1;
      x1[l] = static_cast<std::uint32_t>(p1);
      x3[l] = static_cast<std::uint32_t>(p0);
      x0[l] = y0;
      x2[l] = y2;
    }
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
}

/// x[i] = sqrt(|x[i]|) for i < N (N a multiple of 4), as random::detail::sqrt_rn rounds it.
template <int N>
XP_RANDOM_INLINE void sqrt_lanes(float (&x)[N]) {
  static_assert(N % 4 == 0);
#if defined(XP_RANDOM_SQRT_SSE)
  const __m128 sign = _mm_set1_ps(-0.0f);
  for (int i = 0; i < N; i += 4) _mm_store_ps(x + i, _mm_sqrt_ps(_mm_andnot_ps(sign, _mm_load_ps(x + i))));
#elif defined(XP_RANDOM_SQRT_NEON)
  for (int i = 0; i < N; i += 4) vst1q_f32(x + i, vsqrtq_f32(vabsq_f32(vld1q_f32(x + i))));
#else
  for (int i = 0; i < N; ++i) x[i] = random::detail::sqrt_rn(x[i]);
#endif
}

/// One chunk: values [0, K * 32) of chunk c into out.
template <class D>
XP_RANDOM_INLINE void random_chunk(const D& d, std::uint64_t c, typename D::value_type* __restrict out) {
  constexpr int L = random::detail::chunk_lanes, K = D::per_block;
  alignas(64) std::uint32_t x0[L], x1[L], x2[L], x3[L];
  const std::uint64_t j0 = c * L;
  philox_chunk(d.s, j0, x0, x1, x2, x3);
#pragma omp simd
  for (int l = 0; l < L; ++l) {
    const auto o = d(j0 + static_cast<std::uint64_t>(l), random::philox4x32{{x0[l], x1[l], x2[l], x3[l]}});
    for (int k = 0; k < K; ++k) out[k * L + l] = o.v[k];
  }
}

/// One chunk of float32 normals: normal_sampler::pair for the 2 x 32 pairs, in three loops.
XP_RANDOM_INLINE void random_chunk(const random::detail::normal_sampler<float>& d, std::uint64_t c,
                                   float* __restrict out) {
  using sampler = random::detail::normal_sampler<float>;
  constexpr int L = random::detail::chunk_lanes;
  alignas(64) std::uint32_t x0[L], x1[L], x2[L], x3[L];
  alignas(64) float radius[2 * L], sn[2 * L], cs[2 * L];
  const std::uint64_t j0 = c * L;
  philox_chunk(d.s, j0, x0, x1, x2, x3);
#pragma omp simd
  for (int l = 0; l < L; ++l) {  // pair (words 0, 1) in lane l, pair (words 2, 3) in lane L + l
    radius[l] = sampler::radius_squared(x0[l]);
    radius[L + l] = sampler::radius_squared(x2[l]);
    random::detail::sincos_turn(random::detail::unit_f(x1[l]), sn[l], cs[l]);
    random::detail::sincos_turn(random::detail::unit_f(x3[l]), sn[L + l], cs[L + l]);
  }
  sqrt_lanes(radius);
#pragma omp simd
  for (int l = 0; l < L; ++l) {
    out[l] = d.scaled(radius[l], cs[l]);
    out[L + l] = d.scaled(radius[l], sn[l]);
    out[2 * L + l] = d.scaled(radius[L + l], cs[L + l]);
    out[3 * L + l] = d.scaled(radius[L + l], sn[L + l]);
  }
}

/// Chunks [c0, c1) into dst (chunk c at dst + c * K * 32).
template <class D>
inline void random_chunks(const D& d, typename D::value_type* dst, index_t c0, index_t c1) {
  constexpr index_t C = index_t{random::detail::chunk_lanes} * D::per_block;
  for (index_t c = c0; c < c1; ++c) random_chunk(d, static_cast<std::uint64_t>(c), dst + c * C);
}

#if defined(XP_RANDOM_DISPATCH_AVX2)
/// random_chunks compiled for AVX2 + FMA (random_chunk and what it calls are inlined here, so
/// fmadd's std::fma becomes the instruction).
template <class D>
__attribute__((target("avx2,fma"))) void random_chunks_avx2(const D& d, typename D::value_type* dst, index_t c0,
                                                            index_t c1) {
  constexpr index_t C = index_t{random::detail::chunk_lanes} * D::per_block;
  for (index_t c = c0; c < c1; ++c) random_chunk(d, static_cast<std::uint64_t>(c), dst + c * C);
}
#endif

/// random_chunks, on the AVX2 + FMA path where it is compiled and the CPU has both.
template <class D>
inline void random_chunks_best(const D& d, typename D::value_type* dst, index_t c0, index_t c1) {
#if defined(XP_RANDOM_DISPATCH_AVX2)
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
    random_chunks_avx2(d, dst, c0, c1);
    return;
  }
#endif
  random_chunks(d, dst, c0, c1);
}

}  // namespace backends::host

/// @brief dst[i] = value i of the sampler d, for i < n, dst contiguous.
template <>
struct primitive::random_fill<host> {
  template <class D>
  static void run(typename D::value_type* dst, index_t n, const D& d) {
    using T = typename D::value_type;
    constexpr index_t C = index_t{random::detail::chunk_lanes} * D::per_block;
    constexpr index_t G = 64;  // chunks per OpenMP iteration
    const index_t full = n / C, groups = (full + G - 1) / G;
#pragma omp parallel for schedule(static) if (n > backends::host::parallel_threshold)
    for (index_t g = 0; g < groups; ++g) backends::host::random_chunks_best(d, dst, g * G, std::min(full, (g + 1) * G));
    if (full * C < n) {
      T tail[C];
      backends::host::random_chunk(d, static_cast<std::uint64_t>(full), tail);
      std::copy(tail, tail + (n - full * C), dst + full * C);
    }
  }
};

}  // namespace xp

#if defined(__clang__)
#pragma clang diagnostic pop
#endif

#undef XP_RANDOM_SQRT_SSE
#undef XP_RANDOM_SQRT_NEON
#undef XP_RANDOM_DISPATCH_AVX2
#undef XP_RANDOM_INLINE
