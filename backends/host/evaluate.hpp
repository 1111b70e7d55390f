#pragma once
/// @file backends/host/evaluate.hpp
/// @brief Host primitives over kernel views: converting strided copy and generators,
/// OpenMP-parallel above a size threshold.

#include "xp/backends/host/simd.hpp"
#include "xp/core/convert.hpp"
#include "xp/core/kernel_view.hpp"

namespace xp::backends::host {

struct evaluate {
  static constexpr index_t parallel_threshold = index_t{1} << 15;

  /// dst[i] = U -> T conversion of src[i], for every flat position i (same merged layout).
  template <class T, class U>
  static void copy(strided_view<T> dst, strided_view<const U> src) {
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

  /// f(i) for i in [0, n): the most general primitive (multi-output kernels).
  template <class F>
  static void for_each(index_t n, F f) {
#pragma omp parallel for if (n > parallel_threshold)
    for (index_t i = 0; i < n; ++i) f(i);
  }

  /// dst[i] = gen(i) for every flat position i.
  template <class T, class G>
  static void generate(strided_view<T> dst, G gen) {
    debug::count_launch();
    const index_t n = dst.size;
    if (dst.is_contiguous() && detail::kernel_contiguous(gen)) {
      if (simd::try_evaluate(dst.data, n, gen, parallel_threshold)) return;
      T* __restrict d = dst.data;
#pragma omp parallel for simd if (n > parallel_threshold)
      for (index_t i = 0; i < n; ++i) d[i] = detail::convert<T>(detail::at_contig(gen, i));
      return;
    }
#pragma omp parallel for if (n > parallel_threshold)
    for (index_t i = 0; i < n; ++i) dst[i] = detail::convert<T>(gen(i));
  }
};

}  // namespace xp::backends::host
