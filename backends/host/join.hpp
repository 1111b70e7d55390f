#pragma once
/// @file backends/host/join.hpp
/// @brief The host's join primitive: output rows in parallel, each row's pieces copied in order,
/// wide pieces by memcpy. The host joins rows of any width this way (join_wide_rows<host>):
/// concatenate([a, b], axis=1) of two 4096 x 4096 float32 took 320 ms through one strided copy
/// per source on the 2-core machine, against NumPy's 30-50 ms.

#include <cstring>

#include "xp/array/join_primitive.hpp"
#include "xp/core/config.hpp"
#include "xp/core/kernel_view.hpp"

namespace xp {

/// The host's join takes wide rows as well: a memcpy per row piece runs at copy bandwidth.
template <>
inline constexpr bool detail::join_wide_rows<host> = true;

template <>
struct primitive::join<host> {
  // below this many elements one thread copies: a parallel region costs more
  static constexpr index_t parallel_threshold = index_t{1} << 15;
  // pieces of at least this many bytes go through memcpy; shorter ones are an element loop, whose
  // call-free body beats memcpy's dispatch on a few elements (stack along a new last axis: pieces
  // of one element)
  static constexpr std::size_t memcpy_min_bytes = 64;

  static void run(const detail::join_problem& p) {
    debug::count_launch();
    detail::visit_element_bytes(p.element_bytes, [&](auto u) {
      using U = decltype(u);
      bool single = true;  // one element per source and row: stack along a new last axis
      for (int s = 0; s < p.sources; ++s) single = single && p.width[s] == 1;
      if (single && p.sources == 2) interleave<U, 2>(p);
      else if (single && p.sources == 3) interleave<U, 3>(p);
      else if (single && p.sources == 4) interleave<U, 4>(p);
      else rows<U>(p);
    });
  }

 private:
  // out[r * S + s] = source s's element r, the S known to the compiler: the row walk's per-piece
  // loop cost more than the copy (stack([a, b], axis=-1) of two 4096 x 4096 float32: 47-98 ms
  // that way, NumPy's 43-70 ms).
  template <class U, int S>
  static void interleave(const detail::join_problem& p) {
    const U* src[S];
    for (int s = 0; s < S; ++s) src[s] = static_cast<const U*>(p.source[s]);
    U* out = static_cast<U*>(p.out);
#pragma omp parallel for if (p.rows * S > parallel_threshold)
    for (index_t r = 0; r < p.rows; ++r)
      for (int s = 0; s < S; ++s) out[r * S + s] = src[s][r];
  }

  template <class U>
  static void rows(const detail::join_problem& p) {
    const index_t out_width = p.row_width();
    U* out = static_cast<U*>(p.out);
#pragma omp parallel for if (p.rows * out_width > parallel_threshold)
    for (index_t r = 0; r < p.rows; ++r) {
      U* o = out + r * out_width;
      for (int s = 0; s < p.sources; ++s) {
        const index_t w = p.width[s];
        const U* src = static_cast<const U*>(p.source[s]) + r * w;
        const std::size_t bytes = static_cast<std::size_t>(w) * sizeof(U);
        if (bytes >= memcpy_min_bytes) {
          std::memcpy(o, src, bytes);
        } else {
          for (index_t c = 0; c < w; ++c) o[c] = src[c];
        }
        o += w;
      }
    }
  }
};

}  // namespace xp
