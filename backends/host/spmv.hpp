#pragma once
/// @file backends/host/spmv.hpp
/// @brief The host's SpMV primitive: OpenMP threads over row ranges of equal nonzero counts (a
/// matrix whose rows differ in length still splits evenly), two running sums per row.

#include <omp.h>

#include <algorithm>

#include "xp/sparse/spmv_primitive.hpp"

namespace xp::backends::host {

/// Below this many nonzeros one thread computes the product: starting the team costs more.
inline constexpr index_t spmv_parallel_nnz = index_t{1} << 15;

template <class T, class X>
void spmv_rows(const sparse::detail::spmv_problem<T, X>& p, index_t column, index_t first, index_t last) {
  using R = typename sparse::detail::spmv_problem<T, X>::result_type;
  const auto& a = p.a;
  const X* x = p.x + column * p.x_column_stride;
  R* y = p.y + column * p.y_column_stride;
  for (index_t r = first; r < last; ++r) {
    const index_t b = a.indptr[r], e = a.indptr[r + 1];
    // two independent sums: the adds of one row overlap instead of waiting on each other
    R even{}, odd{};
    index_t k = b;
    for (; k + 1 < e; k += 2) {
      even += R(a.data[k]) * R(x[index_t{a.indices[k]} * p.x_stride]);
      odd += R(a.data[k + 1]) * R(x[index_t{a.indices[k + 1]} * p.x_stride]);
    }
    if (k < e) even += R(a.data[k]) * R(x[index_t{a.indices[k]} * p.x_stride]);
    y[r * p.y_stride] = even + odd;
  }
}

}  // namespace xp::backends::host

namespace xp {
template <>
struct primitive::spmv<host> {
  template <class T, class X>
  static void run(const sparse::detail::spmv_problem<T, X>& p) {
    const auto& a = p.a;
    if (a.rows == 0 || p.columns == 0) return;
    const int threads = a.nnz < backends::host::spmv_parallel_nnz ? 1 : omp_get_max_threads();
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
