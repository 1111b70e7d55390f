#pragma once
/// @file backends/host/random.hpp
/// @brief The host's random_fill primitive: OpenMP over chunks of 32 Philox blocks, the ten
/// rounds computed for the 32 counters of a chunk side by side (the compiler's SIMD lanes),
/// then each block's words turned into values by the sampler.

#include <algorithm>
#include <cstdint>

#include "xp/backends/host/evaluate.hpp"
#include "xp/random/distributions.hpp"

namespace xp {

namespace backends::host {

/// Philox 4x32-10 of the counters (j0 + l, call, 0x80000000) for l < chunk_lanes, as
/// random::philox4x32_10 computes each, in structure-of-arrays form.
inline void philox_chunk(const random::detail::stream& s, std::uint64_t j0, std::uint32_t (&x0)[32],
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

/// One chunk: values [0, K * 32) of chunk c into out.
template <class D>
inline void random_chunk(const D& d, std::uint64_t c, typename D::value_type* __restrict out) {
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

}  // namespace backends::host

/// @brief dst[i] = value i of the sampler d, for i < n, dst contiguous.
template <>
struct primitive::random_fill<host> {
  template <class D>
  static void run(typename D::value_type* dst, index_t n, const D& d) {
    using T = typename D::value_type;
    constexpr index_t C = index_t{random::detail::chunk_lanes} * D::per_block;
    const index_t full = n / C;
#pragma omp parallel for schedule(static) if (n > backends::host::parallel_threshold)
    for (index_t c = 0; c < full; ++c) backends::host::random_chunk(d, static_cast<std::uint64_t>(c), dst + c * C);
    if (full * C < n) {
      T tail[C];
      backends::host::random_chunk(d, static_cast<std::uint64_t>(full), tail);
      std::copy(tail, tail + (n - full * C), dst + full * C);
    }
  }
};

}  // namespace xp
