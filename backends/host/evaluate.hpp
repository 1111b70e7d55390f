#pragma once
/// @file backends/host/evaluate.hpp
/// @brief The host's copy, generate and for_each primitives over kernel views, OpenMP-parallel
/// above a size threshold; contiguous float/double expressions go through xsimd batches.

#include <cstring>

#include "xp/backends/host/simd.hpp"
#include "xp/core/backend.hpp"
#include "xp/core/convert.hpp"
#include "xp/core/kernel_view.hpp"

namespace xp {

namespace backends::host {
/// Loops of at least this many elements run on OpenMP threads; shorter ones cost less than
/// waking the team.
inline constexpr index_t parallel_threshold = index_t{1} << 15;
}  // namespace backends::host

/// @brief dst[i] = U -> T conversion of src[i], for every flat position i (same merged layout).
template <>
struct primitive::copy<host> {
  template <class T, class U>
  static void run(strided_view<T> dst, strided_view<const U> src) {
    using backends::host::parallel_threshold;
    debug::count_launch();
    const index_t n = dst.size;
    if (dst.is_contiguous() && src.is_contiguous()) {
      T* __restrict d = dst.data;
      const U* __restrict s = src.data;
#pragma omp parallel for simd if (n > parallel_threshold)
      for (index_t i = 0; i < n; ++i) d[i] = detail::convert<T>(s[i]);
      return;
    }
#pragma omp parallel for if (n > parallel_threshold)
    for (index_t i = 0; i < n; ++i) dst[i] = detail::convert<T>(src[i]);
  }
};

/// @brief f(i) for i in [0, n): the most general primitive (multi-output kernels).
template <>
struct primitive::for_each<host> {
  template <class F>
  static void run(index_t n, F f) {
    using backends::host::parallel_threshold;
#pragma omp parallel for if (n > parallel_threshold)
    for (index_t i = 0; i < n; ++i) f(i);
  }
};

/// @brief dst[i] = gen(i) for every flat position i.
template <>
struct primitive::generate<host> {
  template <class T, class G>
  static void run(strided_view<T> dst, G gen) {
    using backends::host::parallel_threshold;
    debug::count_launch();
    const index_t n = dst.size;
    if (dst.is_contiguous() && detail::kernel_contiguous(gen)) {
      if (backends::host::simd::try_evaluate(dst.data, n, gen, parallel_threshold)) return;
      T* __restrict d = dst.data;
      if constexpr (sizeof(T) == 1) {
        // One-byte results (bool, int8, uint8): a store through a char-typed pointer may alias the
        // kernel's own fields, so g++ reloads them after every element and does not vectorise (8x
        // slower than a loop over locals). Blocks are computed into a local buffer, then copied.
        constexpr index_t block = 4096;  // 4 KiB on the stack: on the 2-core test machine 1 KiB blocks ran 18% slower
#pragma omp parallel for if (n > parallel_threshold)
        for (index_t b = 0; b < n; b += block) {
          T buffer[block];
          const index_t m = n - b < block ? n - b : block;
          for (index_t i = 0; i < m; ++i) buffer[i] = detail::convert<T>(detail::at_contig(gen, b + i));
          std::memcpy(d + b, buffer, static_cast<std::size_t>(m));
        }
        return;
      }
#pragma omp parallel for simd if (n > parallel_threshold)
      for (index_t i = 0; i < n; ++i) d[i] = detail::convert<T>(detail::at_contig(gen, i));
      return;
    }
#pragma omp parallel for if (n > parallel_threshold)
    for (index_t i = 0; i < n; ++i) dst[i] = detail::convert<T>(gen(i));
  }
};

}  // namespace xp
