#pragma once
/// @file backends/host/reduce.hpp
/// @brief Host reductions: pairwise summation order (error growing with log n, like NumPy),
/// OpenMP over outputs, or over fixed-size chunks of a full reduction. The chunking does not
/// depend on the thread count, so results are the same on any machine.

#include <vector>

#include "xp/core/kernel_view.hpp"

namespace xp::backends::host {

struct reduce_impl {
  static constexpr index_t chunk = index_t{1} << 16;
  static constexpr index_t leaf = 128;

  template <bool Contig, class K, class D>
  static auto pairwise(const K& input, const D& desc, index_t base, index_t first, index_t n) {
    using Acc = decltype(desc.identity);
    if (n <= leaf) {
      Acc lanes[8] = {desc.identity, desc.identity, desc.identity, desc.identity,
                      desc.identity, desc.identity, desc.identity, desc.identity};
      index_t i = 0;
      for (; i + 8 <= n; i += 8)
        for (int l = 0; l < 8; ++l) {
          const index_t flat = base + first + i + l;
          lanes[l] = desc.reduce(lanes[l],
                                 desc.map_at(Contig ? detail::at_contig(input, flat) : input(flat), first + i + l));
        }
      Acc acc = desc.reduce(desc.reduce(desc.reduce(lanes[0], lanes[1]), desc.reduce(lanes[2], lanes[3])),
                            desc.reduce(desc.reduce(lanes[4], lanes[5]), desc.reduce(lanes[6], lanes[7])));
      for (; i < n; ++i) {
        const index_t flat = base + first + i;
        acc = desc.reduce(acc, desc.map_at(Contig ? detail::at_contig(input, flat) : input(flat), first + i));
      }
      return acc;
    }
    const index_t half = (n / 2 + 7) / 8 * 8;
    return desc.reduce(pairwise<Contig>(input, desc, base, first, half),
                       pairwise<Contig>(input, desc, base, first + half, n - half));
  }

  template <bool Contig, class Out, class K, class D>
  static void run(Out* out, index_t outer, index_t inner, const K& input, const D& desc) {
    using Acc = decltype(desc.identity);
    if (outer == 1 && inner > chunk) {
      const index_t chunks = (inner + chunk - 1) / chunk;
      std::vector<Acc> partial(static_cast<std::size_t>(chunks), desc.identity);
#pragma omp parallel for schedule(static)
      for (index_t c = 0; c < chunks; ++c) {
        const index_t first = c * chunk;
        partial[c] = pairwise<Contig>(input, desc, 0, first, first + chunk <= inner ? chunk : inner - first);
      }
      // combine the chunk results pairwise too
      for (index_t width = 1; width < chunks; width *= 2)
        for (index_t c = 0; c + width < chunks; c += 2 * width) partial[c] = desc.reduce(partial[c], partial[c + width]);
      out[0] = static_cast<Out>(desc.finish(partial[0], inner));
      return;
    }
#pragma omp parallel for schedule(static) if (outer * inner > chunk)
    for (index_t o = 0; o < outer; ++o)
      out[o] = static_cast<Out>(desc.finish(inner > 0 ? pairwise<Contig>(input, desc, o * inner, 0, inner) : desc.identity, inner));
  }

  /// out[o] = post(reduce over r of map(input(o * inner + r), r)), for o < outer.
  template <class Out, class K, class D, class Layout>
  static void reduce(Out* out, index_t outer, index_t inner, K input, D desc, Layout) {
    if (detail::kernel_contiguous(input)) run<true>(out, outer, inner, input, desc);
    else run<false>(out, outer, inner, input, desc);
  }
};

}  // namespace xp::backends::host
