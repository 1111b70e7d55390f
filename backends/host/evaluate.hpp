#pragma once
/// @file backends/host/evaluate.hpp
/// @brief The host's copy, generate and for_each primitives over kernel views, OpenMP-parallel
/// above a size threshold; contiguous float/double expressions go through xsimd batches.

#include <algorithm>
#include <cstring>

#include "xp/backends/host/lines.hpp"
#include "xp/backends/host/simd.hpp"
#include "xp/core/backend.hpp"
#include "xp/core/convert.hpp"
#include "xp/core/kernel_view.hpp"

namespace xp {

namespace backends::host {

/// dst[0..n) = convert(src[i * ss]) for a line with destination stride ds: unit strides get
/// the vectorised loop, a broadcast source a fill.
template <class T, class U>
void copy_line(T* __restrict d, index_t ds, const U* __restrict s, index_t ss, index_t n) {
  if (ds == 1 && ss == 1) {
#pragma omp simd
    for (index_t i = 0; i < n; ++i) d[i] = detail::convert<T>(s[i]);
  } else if (ds == 1 && ss == 0) {
    const T v = detail::convert<T>(s[0]);
    for (index_t i = 0; i < n; ++i) d[i] = v;
  } else {
    for (index_t i = 0; i < n; ++i) d[i * ds] = detail::convert<T>(s[i * ss]);
  }
}

/// The side of the square tiles a transposing copy moves: 32 x 32 float32 is 4 KiB read and
/// 4 KiB written, in L1 together; a 4096 x 4096 float32 transpose took 197 ms line by line.
inline constexpr index_t transpose_tile = 32;

/// dst = src where src is unit-stride along axis p and dst along the last axis (a transposed
/// or Fortran-order source): square tiles, so both sides touch whole cache lines.
template <class T, class U>
void copy_tiled(const strided_view<T>& dst, const strided_view<const U>& src, int p) {
  const int last = dst.rank - 1;
  const line_walk planes{dst.shape, dst.rank, last, p};
  const index_t rows = dst.shape[p], cols = dst.shape[last];
  const index_t row_blocks = (rows + transpose_tile - 1) / transpose_tile;
  const index_t tasks = planes.count() * row_blocks;
  const index_t dsr = dst.strides[p], dsc = dst.strides[last], ssr = src.strides[p], ssc = src.strides[last];
#pragma omp parallel for schedule(static) if (dst.size > parallel_threshold)
  for (index_t t = 0; t < tasks; ++t) {
    planes.run(t / row_blocks, t / row_blocks + 1, [&](const index_t* idx) {
      T* d = dst.data + dst.line_offset(idx, last);
      const U* s = src.data + src.line_offset(idx, last);
      const index_t r0 = t % row_blocks * transpose_tile, r1 = std::min(rows, r0 + transpose_tile);
      for (index_t c0 = 0; c0 < cols; c0 += transpose_tile) {
        const index_t c1 = std::min(cols, c0 + transpose_tile);
        for (index_t r = r0; r < r1; ++r)
          for (index_t c = c0; c < c1; ++c) d[r * dsr + c * dsc] = detail::convert<T>(s[r * ssr + c * ssc]);
      }
    });
  }
}

/// d[0..n) (stride ds) = kernel k on one line: batches when k has a vector form and every leaf
/// is unit-stride or broadcast along the line, the contiguous loop when every leaf is
/// unit-stride, else one multiply per element and leaf.
template <class T, class K>
void generate_line(T* d, index_t ds, const K k, index_t n, bool unit_leaves, bool unit_or_broadcast_leaves) {
  if (ds == 1 && unit_or_broadcast_leaves && simd::try_evaluate_line(d, n, k)) return;
  if (ds == 1 && unit_leaves) {
    T* __restrict out = d;
#pragma omp simd
    for (index_t i = 0; i < n; ++i) out[i] = detail::convert<T>(k.at_contig(i));
    return;
  }
  for (index_t i = 0; i < n; ++i) d[i * ds] = detail::convert<T>(k.at_line(i));
}

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
    if (dst.rank == 0) {
      dst.data[0] = detail::convert<T>(src.data[0]);
      return;
    }
    const int last = dst.rank - 1;
    if (src.strides[last] != 1 && dst.strides[last] == 1 && dst.shape[last] >= backends::host::transpose_tile) {
      for (int p = 0; p < last; ++p)
        if (src.strides[p] == 1 && dst.shape[p] >= backends::host::transpose_tile) {
          backends::host::copy_tiled(dst, src, p);
          return;
        }
    }
    const backends::host::line_walk walk{dst.shape, dst.rank, last};
    const index_t ds = dst.strides[walk.axis], ss = src.strides[walk.axis];
    walk.run_parallel([&](const index_t* idx) {
      backends::host::copy_line(dst.data + dst.line_offset(idx, walk.axis), ds,
                                src.data + src.line_offset(idx, walk.axis), ss, walk.length());
    });
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
    if constexpr (detail::has_contig_protocol<G>::value) {
      if (dst.rank > 0) {
        // an expression kernel: walk the lines, each leaf at its own stride
        const backends::host::line_walk walk{dst.shape, dst.rank, dst.rank - 1};
        const int axis = walk.axis;
        const index_t ds = dst.strides[axis];
        const bool unit = gen.all_views([&](const auto& v) { return v.strides[axis] == 1; });
        const bool unit_or_broadcast =
            gen.all_views([&](const auto& v) { return v.strides[axis] == 1 || v.strides[axis] == 0; });
        walk.run_parallel([&](const index_t* idx) {
          backends::host::generate_line(dst.data + dst.line_offset(idx, axis), ds, gen.line(idx, axis), walk.length(),
                                        unit, unit_or_broadcast);
        });
        return;
      }
    }
#pragma omp parallel for if (n > parallel_threshold)
    for (index_t i = 0; i < n; ++i) dst[i] = detail::convert<T>(gen(i));
  }
};

}  // namespace xp
