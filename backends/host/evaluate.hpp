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
/// the vectorised loop, a broadcast source a fill. Through void pointers, so that one walk
/// (copy_walk, not a template) serves every dtype pair: libxp compiles 196 of them
/// (src/instantiate.cpp), and a walk per pair took its compile time from 37 to 89 s.
template <class T, class U>
void copy_line(void* dst, index_t ds, const void* src, index_t ss, index_t n) {
  T* __restrict d = static_cast<T*>(dst);
  const U* __restrict s = static_cast<const U*>(src);
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
using line_copier = void (*)(void*, index_t, const void*, index_t, index_t);

/// The side of the square tiles a transposing copy moves: 32 x 32 float32 is 4 KiB read and
/// 4 KiB written, in L1 together; a 4096 x 4096 float32 transpose took 197 ms line by line.
inline constexpr index_t transpose_tile = 32;

/// One side of a copy: its first element, element size, and strides (in elements) over the
/// shared merged shape.
struct copy_side {
  char* data;
  std::size_t element;
  const index_t* strides;
  char* at(const index_t* idx, int rank, int skip1, int skip2 = -1) const {
    index_t off = 0;
    for (int d = 0; d < rank; ++d)
      if (d != skip1 && d != skip2) off += idx[d] * strides[d];
    return data + off * static_cast<index_t>(element);
  }
};

/// dst = src over `shape` (rank >= 1), a line or a tile at a time, OpenMP over tasks: the flat
/// run of two contiguous sides cut into tasks; a source unit-stride along another axis than the
/// destination (a transpose) in square tiles, so both sides touch whole cache lines; else the
/// lines along the last axis.
inline void copy_walk(const copy_side& dst, const copy_side& src, const index_t* shape, int rank, index_t size,
                      bool contiguous, line_copier copy) {
  const auto step = [](const copy_side& side, index_t elements) {
    return side.data + elements * index_t(side.element);
  };
  if (contiguous) {
    const index_t tasks = (size + task_elements - 1) / task_elements;
#pragma omp parallel for schedule(static) if (size > parallel_threshold)
    for (index_t t = 0; t < tasks; ++t)
      copy(step(dst, t * task_elements), 1, step(src, t * task_elements), 1,
           std::min(task_elements, size - t * task_elements));
    return;
  }
  const int last = rank - 1;
  int p = -1;  // the source's unit-stride axis, when it is not the last
  if (src.strides[last] != 1 && dst.strides[last] == 1 && shape[last] >= transpose_tile)
    for (int d = 0; d < last && p < 0; ++d)
      if (src.strides[d] == 1 && shape[d] >= transpose_tile) p = d;
  if (p >= 0) {
    const line_walk planes{shape, rank, last, p};
    const index_t rows = shape[p], cols = shape[last];
    const index_t row_blocks = (rows + transpose_tile - 1) / transpose_tile;
    const index_t tasks = planes.count() * row_blocks;
    const index_t dsr = dst.strides[p], dsc = dst.strides[last], ssr = src.strides[p], ssc = src.strides[last];
#pragma omp parallel for schedule(static) if (size > parallel_threshold)
    for (index_t t = 0; t < tasks; ++t) {
      planes.run(t / row_blocks, t / row_blocks + 1, [&](const index_t* idx) {
        const copy_side d{dst.at(idx, rank, last, p), dst.element, dst.strides};
        const copy_side s{src.at(idx, rank, last, p), src.element, src.strides};
        const index_t r0 = t % row_blocks * transpose_tile, r1 = std::min(rows, r0 + transpose_tile);
        for (index_t c0 = 0; c0 < cols; c0 += transpose_tile) {
          const index_t m = std::min(cols, c0 + transpose_tile) - c0;
          for (index_t r = r0; r < r1; ++r) copy(step(d, r * dsr + c0 * dsc), dsc, step(s, r * ssr + c0 * ssc), ssc, m);
        }
      });
    }
    return;
  }
  const line_walk walk{shape, rank, last};
  walk.run_parallel([&](const index_t* idx) {
    copy(dst.at(idx, rank, last), dst.strides[last], src.at(idx, rank, last), src.strides[last], walk.length());
  });
}

/// d[0..n) (stride ds) = kernel k at positions first..first+n of one line, or of a contiguous
/// kernel's flat range: batches when k has a vector form and every leaf is unit-stride or
/// broadcast along the line, the contiguous loop when every leaf is unit-stride, else one
/// multiply per element and leaf. Every evaluation of an expression runs this one function, so a
/// program compiles one instance per expression.
template <class T, class K>
[[gnu::noinline]] void generate_line(T* d, index_t ds, const K k, index_t first, index_t n, bool unit_leaves,
                                     bool unit_or_broadcast_leaves) {
  if (ds == 1 && unit_or_broadcast_leaves && simd::try_evaluate_span(d, first, n, k, unit_leaves)) return;
  if (ds == 1 && unit_leaves) {
    if constexpr (sizeof(T) == 1) {
      // One-byte results (bool, int8, uint8): a store through a char-typed pointer may alias the
      // kernel's fields, so g++ reloads them after every element and does not vectorise (8x slower
      // than a loop over locals): blocks go through a local buffer.
      constexpr index_t block = 4096;  // 4 KiB on the stack: 1 KiB blocks ran 18% slower
      T buffer[block];
      for (index_t b = 0; b < n; b += block) {
        const index_t m = n - b < block ? n - b : block;
        for (index_t i = 0; i < m; ++i) buffer[i] = detail::convert<T>(k.at_contig(first + b + i));
        std::memcpy(d + b, buffer, static_cast<std::size_t>(m));
      }
    } else {
      T* __restrict out = d;
#pragma omp simd
      for (index_t i = 0; i < n; ++i) out[i] = detail::convert<T>(k.at_contig(first + i));
    }
    return;
  }
  for (index_t i = 0; i < n; ++i) d[i * ds] = detail::convert<T>(k.at_line(first + i));
}

}  // namespace backends::host

/// @brief dst[i] = U -> T conversion of src[i], for every flat position i (same merged layout).
template <>
struct primitive::copy<host> {
  template <class T, class U>
  static void run(strided_view<T> dst, strided_view<const U> src) {
    debug::count_launch();
    const index_t n = dst.size;
    if (dst.rank == 0) {
      dst.data[0] = detail::convert<T>(src.data[0]);
      return;
    }
    backends::host::copy_walk({reinterpret_cast<char*>(dst.data), sizeof(T), dst.strides},
                              {const_cast<char*>(reinterpret_cast<const char*>(src.data)), sizeof(U), src.strides},
                              dst.shape, dst.rank, n, dst.is_contiguous() && src.is_contiguous(),
                              &backends::host::copy_line<T, U>);
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
    if constexpr (detail::has_contig_protocol<G>::value) {  // an expression kernel
      using backends::host::generate_line;
      if (dst.is_contiguous() && gen.contiguous()) {  // one flat line, cut into tasks
        using backends::host::task_elements;
        const index_t tasks = (n + task_elements - 1) / task_elements;
#pragma omp parallel for schedule(static) if (n > parallel_threshold)
        for (index_t t = 0; t < tasks; ++t)
          generate_line(dst.data + t * task_elements, 1, gen, t * task_elements,
                        std::min(task_elements, n - t * task_elements), true, true);
        return;
      }
      if (dst.rank > 0) {  // walk the lines, each leaf at its own stride
        const backends::host::line_walk walk{dst.shape, dst.rank, dst.rank - 1};
        const int axis = walk.axis;
        const index_t ds = dst.strides[axis];
        const bool unit = gen.all_views([&](const auto& v) { return v.strides[axis] == 1; });
        const bool unit_or_broadcast =
            gen.all_views([&](const auto& v) { return v.strides[axis] == 1 || v.strides[axis] == 0; });
        walk.run_parallel([&](const index_t* idx) {
          generate_line(dst.data + dst.line_offset(idx, axis), ds, gen.line(idx, axis), 0, walk.length(), unit,
                        unit_or_broadcast);
        });
        return;
      }
    } else if (dst.is_contiguous()) {  // an index generator (arange, linspace, eye, random)
      T* __restrict d = dst.data;
#pragma omp parallel for simd if (n > parallel_threshold)
      for (index_t i = 0; i < n; ++i) d[i] = detail::convert<T>(gen(i));
      return;
    }
#pragma omp parallel for if (n > parallel_threshold)
    for (index_t i = 0; i < n; ++i) dst[i] = detail::convert<T>(gen(i));
  }
};

}  // namespace xp
