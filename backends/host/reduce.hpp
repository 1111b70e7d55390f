#pragma once
/// @file backends/host/reduce.hpp
/// @brief Host reductions: pairwise summation order (error growing with log n, like NumPy),
/// OpenMP over outputs, or over fixed-size chunks of a full reduction. The chunking does not
/// depend on the thread count, so results are the same on any machine.

#include <type_traits>
#include <vector>

#include "xp/core/backend.hpp"
#include "xp/core/kernel_view.hpp"

namespace xp::backends::host {

// The pairwise order of the host's reductions (helpers of primitive::reduce<host>).
struct pairwise_reducer {
  // elements per parallel task of a full reduction: fixed, so the order (and result) does not
  // depend on the thread count
  static constexpr index_t chunk = index_t{1} << 16;
  // runs of at most this many elements are summed in 8 interleaved lanes, longer ones are halved
  static constexpr index_t leaf = 128;
  static constexpr int lanes = 8;  // independent accumulators of a leaf: 8 chains in flight

  template <bool Contig, class K, class D>
  static auto pairwise(const K& input, const D& desc, index_t base, index_t first, index_t n) {
    using Acc = decltype(desc.identity);
    if (n <= leaf) {
      static_assert(lanes == 8, "the combine below is written for 8 lanes");
      Acc lane[lanes] = {desc.identity, desc.identity, desc.identity, desc.identity,
                         desc.identity, desc.identity, desc.identity, desc.identity};
      index_t i = 0;
      for (; i + lanes <= n; i += lanes) {
#if defined(__GNUC__) && !defined(__clang__)
        // g++ 12's loop vectoriser miscompiles this loop for 1-byte elements widened into 8-byte
        // lanes at -O3 (int8 sums of 16 or more elements came out wrong): an empty asm keeps it
        // from vectorising across groups for those types only
        if constexpr (sizeof(std::decay_t<decltype(input(index_t{}))>) == 1) asm volatile("" ::: "memory");
#endif
        for (int l = 0; l < lanes; ++l) {
          const index_t flat = base + first + i + l;
          lane[l] =
              desc.reduce(lane[l], desc.map_at(Contig ? detail::at_contig(input, flat) : input(flat), first + i + l));
        }
      }
      Acc acc = desc.reduce(desc.reduce(desc.reduce(lane[0], lane[1]), desc.reduce(lane[2], lane[3])),
                            desc.reduce(desc.reduce(lane[4], lane[5]), desc.reduce(lane[6], lane[7])));
      for (; i < n; ++i) {
        const index_t flat = base + first + i;
        acc = desc.reduce(acc, desc.map_at(Contig ? detail::at_contig(input, flat) : input(flat), first + i));
      }
      return acc;
    }
    const index_t half = (n / 2 + lanes - 1) / lanes * lanes;  // a whole number of lane groups
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
        for (index_t c = 0; c + width < chunks; c += 2 * width)
          partial[c] = desc.reduce(partial[c], partial[c + width]);
      out[0] = static_cast<Out>(desc.finish(partial[0], inner));
      return;
    }
#pragma omp parallel for schedule(static) if (outer * inner > chunk)
    for (index_t o = 0; o < outer; ++o)
      out[o] = static_cast<Out>(
          desc.finish(inner > 0 ? pairwise<Contig>(input, desc, o * inner, 0, inner) : desc.identity, inner));
  }
};

}  // namespace xp::backends::host

namespace xp {
/// @brief out[o] = post(reduce over r of map(input(o * inner + r), r)), for o < outer, in
/// pairwise order; the layout hint is not needed on the host.
template <>
struct primitive::reduce<host> {
  template <class Out, class K, class D, class Layout>
  static void run(Out* out, index_t outer, index_t inner, K input, D desc, Layout) {
    using backends::host::pairwise_reducer;
    if (detail::kernel_contiguous(input)) pairwise_reducer::run<true>(out, outer, inner, input, desc);
    else pairwise_reducer::run<false>(out, outer, inner, input, desc);
  }
};
}  // namespace xp
