#pragma once
/// @file backends/host/reduce.hpp
/// @brief Host reductions that follow the layout. The iteration space is the kept axes, then
/// the reduced ones (xp/expr/reduction.hpp plans it); a reduction walks it a line at a time
/// with carried indices (lines.hpp), never dividing per element:
/// - rows (the reduced run is the inner axis, or everything is reduced): each run is summed
///   pairwise along its lines, leaves of `lanes` independent accumulators;
/// - columns (neighbouring outputs are neighbours in memory, the reduced axes are strided):
///   whole rows of outputs are accumulated at once (NumPy's axis-0 strategy), in blocks whose
///   sums are combined pairwise;
/// - argmin/argmax (and the NaN-skipping ones) scan in index order with separate value and
///   index accumulators, a compare and two selects per element.
///
/// Accuracy: a sum of n values is built from runs of at most `block` values added in order,
/// combined pairwise, so its error is at most about (block + log2 n) * eps * sum|x| (NumPy's
/// pairwise bound; tests/test_host_iteration.cpp checks (16 + log2 n) * eps * sum|x| against
/// float64 references). Parallel tasks have a fixed size, so a result does not depend on the
/// thread count.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "xp/backends/host/lines.hpp"
#include "xp/backends/host/simd.hpp"
#include "xp/core/backend.hpp"
#include "xp/core/kernel_view.hpp"

namespace xp::detail {
template <bool Max>
struct take_arg;
template <bool Max>
struct take_nan_arg;
struct make_value_index;
}  // namespace xp::detail

namespace xp::backends::host {

/// Scans in index order for argmin/argmax: `better(v, best)` is true when a later value v
/// replaces the best so far (strictly, so ties keep the first index).
template <class Reduce>
struct arg_scan {
  static constexpr bool known = false;
};
template <bool Max>
struct arg_scan<detail::take_arg<Max>> {  // NaN wins, the first one (np.argmax)
  static constexpr bool known = true;
  template <class T>
  static bool better(T v, T best) {
    const bool beats = Max ? v > best : v < best;
    if constexpr (std::is_floating_point_v<T>) return beats || (v != v && best == best);
    else return beats;
  }
};
template <bool Max>
struct arg_scan<detail::take_nan_arg<Max>> {  // NaN loses (np.nanargmax)
  static constexpr bool known = true;
  template <class T>
  static bool better(T v, T best) {
    const bool beats = Max ? v > best : v < best;
    if constexpr (std::is_floating_point_v<T>) return beats || (best != best && v == v);
    else return beats;
  }
};

/// True when D is an arg-reduction of the kind arg_scan knows, over value/index pairs of a
/// built-in arithmetic type (float16 and friends take the general pairwise path).
template <class D>
constexpr bool arg_scan_applies() {
  using Reduce = std::decay_t<decltype(std::declval<D>().reduce)>;
  if constexpr (!arg_scan<Reduce>::known) return false;
  else
    return std::is_same_v<std::decay_t<decltype(std::declval<D>().map)>, detail::make_value_index> &&
           std::is_arithmetic_v<decltype(std::declval<D>().identity.value)>;
}
template <class D>
inline constexpr bool is_arg_scan_v = arg_scan_applies<D>();

/// The iteration shape every view of kernel K shares (the reduction plan's kept + reduced axes).
struct iteration_shape {
  const index_t* shape = nullptr;
  int rank = 0;
};
template <class K>
iteration_shape shape_of(const K& k) {
  iteration_shape s;
  k.all_views([&](const auto& v) {
    s = {v.shape, v.rank};
    return false;  // the first view is enough
  });
  return s;
}

/// Partial results combined pairwise as they arrive: level k holds the combination of 2^k
/// consecutive partials while bit k of the count is set (a binary counter). Earlier partials
/// stay on the left of every combine, which argmin/argmax need for their ties.
template <class Acc, class D>
struct pairwise_counter {
  static constexpr int max_levels = 64;
  const D* desc;
  Acc level[max_levels];
  std::uint64_t bits = 0;
  explicit pairwise_counter(const D& d) : desc(&d) {
    for (Acc& a : level) a = d.identity;
  }
  void add(Acc v) {
    int k = 0;
    for (; bits >> k & 1U; ++k) {
      v = desc->reduce(level[k], v);
      bits &= ~(std::uint64_t{1} << k);
    }
    level[k] = v;
    bits |= std::uint64_t{1} << k;
  }
  Acc total() const {
    Acc acc = desc->identity;
    bool any = false;
    for (int k = max_levels - 1; k >= 0; --k) {
      if (!(bits >> k & 1U)) continue;
      acc = any ? desc->reduce(acc, level[k]) : level[k];
      any = true;
    }
    return acc;
  }
};

struct layout_reducer {
  /// Elements per parallel task of one output's reduction: fixed, so the order (and the result)
  /// does not depend on the thread count.
  static constexpr index_t chunk = index_t{1} << 16;
  /// Values each leaf accumulator adds in order before the leaves are combined pairwise: the
  /// `block` of the error bound.
  static constexpr index_t block = 16;
  /// Independent accumulators of a leaf: 128 bytes' worth of the accumulator (32 float lanes,
  /// 16 double), two 64-byte vectors: enough add chains in flight that a leaf runs at the load
  /// rate, not the add latency (one 8-lane chain: sum(x) of 2^24 float32 in 7.5 ms, 16 lanes
  /// 1.67 ms; one 16-lane AVX-512 chain ran at half the rate of two).
  static constexpr std::size_t lane_bytes = 128;
  template <class Acc>
  static constexpr int lanes = sizeof(Acc) >= lane_bytes ? 1 : static_cast<int>(lane_bytes / sizeof(Acc));
  /// Outputs per tile of the columns walk: 8 KiB of accumulators per row of the counter, a
  /// 2048-float row segment read per reduced position (a whole 4096-float row costs the
  /// counter's rows more than L2 holds).
  template <class Acc>
  static constexpr index_t column_tile = std::max<index_t>(64, index_t{8192} / static_cast<index_t>(sizeof(Acc)));

  // ---- runs: value i of a run is get(first + i), its position in the reduction r0 + i -------

  /// Leaf: `lanes` accumulators, each adding `block` values in order, combined pairwise.
  template <class Get, class D>
  static auto leaf(const Get& get, const D& desc, index_t r0, index_t first, index_t n) {
    using Acc = decltype(desc.identity);
    constexpr int L = lanes<Acc>;
    Acc lane[L];
    for (int l = 0; l < L; ++l) lane[l] = desc.identity;
    const index_t groups = n / L;
    // (g++ -O3 unrolls this loop completely, 16 copies of a 32-lane body per instance, for no
    // gain in speed: one copy keeps libxp's instantiations small)
#if defined(__GNUC__) && !defined(__clang__) && !defined(__NVCC__)  // (nvcc refuses the pragma)
#pragma GCC unroll 1
#endif
    for (index_t g = 0; g < groups; ++g) {
      const index_t i = g * L;
#if defined(__GNUC__) && !defined(__clang__)
      // g++ 12's loop vectoriser miscompiles this loop for 1-byte elements widened into 8-byte
      // lanes at -O3 (int8 sums of 16 or more elements came out wrong): an empty asm keeps it
      // from vectorising across groups for those types only
      if constexpr (sizeof(std::decay_t<decltype(get(index_t{}))>) == 1) asm volatile("" ::: "memory");
#endif
      for (int l = 0; l < L; ++l) lane[l] = desc.reduce(lane[l], desc.map_at(get(first + i + l), r0 + i + l));
    }
    for (int width = 1; width < L; width *= 2)
      for (int l = 0; l + width < L; l += 2 * width) lane[l] = desc.reduce(lane[l], lane[l + width]);
    Acc acc = lane[0];
    for (index_t j = groups * L; j < n; ++j) acc = desc.reduce(acc, desc.map_at(get(first + j), r0 + j));
    return acc;
  }

  /// A run reduced pairwise down to leaves of lanes * block values.
  template <class Get, class D>
  static auto pairwise(const Get& get, const D& desc, index_t r0, index_t first, index_t n) {
    using Acc = decltype(desc.identity);
    constexpr index_t leaf_size = lanes<Acc> * block;
    if (n <= leaf_size) return leaf(get, desc, r0, first, n);
    const index_t half = (n / 2 + leaf_size - 1) / leaf_size * leaf_size;  // whole leaves on the left
    return desc.reduce(pairwise(get, desc, r0, first, half), pairwise(get, desc, r0 + half, first + half, n - half));
  }

  /// argmin/argmax of a run: first best value and its position, scanned in order. Each lane
  /// keeps its best value and the group it came from as a 32-bit count, the width of a float:
  /// compare, then two selects of one register each (64-bit positions took twice as long).
  template <class Get, class D>
  static auto arg_run(const Get& get, const D& desc, index_t r0, index_t first, index_t n) {
    using Acc = decltype(desc.identity);
    using T = decltype(Acc{}.value);
    using scan = arg_scan<std::decay_t<decltype(desc.reduce)>>;
    constexpr int L = lanes<T> < 8 ? 8 : lanes<T>;
    Acc acc = desc.identity;
    const index_t groups = n / L;
    if (groups > 0) {
      // each lane starts at a value of its own (the identity could tie with an equal extreme)
      T best[L];
      std::int32_t group[L] = {};
      for (int l = 0; l < L; ++l) best[l] = get(first + l);
      for (std::int32_t g = 1; g < groups; ++g)
        for (int l = 0; l < L; ++l) {
          const T v = get(first + index_t{g} * L + l);
          const bool b = scan::better(v, best[l]);
          best[l] = b ? v : best[l];
          group[l] = b ? g : group[l];
        }
      for (int l = 0; l < L; ++l) acc = desc.reduce(acc, Acc{best[l], r0 + index_t{group[l]} * L + l});  // ties: lower
    }
    for (index_t i = groups * L; i < n; ++i) acc = desc.reduce(acc, Acc{get(first + i), r0 + i});
    return acc;
  }

  template <class Get, class D>
  static auto run_of(const Get& get, const D& desc, index_t r0, index_t first, index_t n) {
    if constexpr (is_arg_scan_v<D>) return arg_run(get, desc, r0, first, n);
    else return pairwise(get, desc, r0, first, n);
  }

  /// How the leaves of a kernel step along its lines.
  enum class line_kind {
    unit,               ///< every leaf unit-stride
    unit_or_broadcast,  ///< unit-stride or stride 0 (a leaf broadcast along the line: var's mean)
    strided,
  };
  template <class K>
  static line_kind kind_of(const K& input, int axis) {
    if (input.all_views([&](const auto& v) { return v.strides[axis] == 1; })) return line_kind::unit;
    if (input.all_views([&](const auto& v) { return v.strides[axis] == 1 || v.strides[axis] == 0; }))
      return line_kind::unit_or_broadcast;
    return line_kind::strided;
  }

  /// A line's values are staged in blocks of this many on the stack (4 KiB of float), then
  /// reduced from there, unless they already lie unit-stride in one array. The reduction itself
  /// reads a pointer, so it is compiled once per reduction and value type, not once per kernel
  /// and stride class (see value_source). An expression of float or double computes its values
  /// a register at a time: sum(exp(x)) gets xsimd's exp, and var's deviations (a leaf broadcast
  /// along the line) vector loads, where the element loop gets neither.
  static constexpr index_t staged_block = 1024;

  template <class V, class K>
  static void stage(V* block, const K& line, line_kind kind, index_t first, index_t m) {
    if constexpr (simd::batchable<K, V>::value) {
      if (kind != line_kind::strided) {
        (void)simd::try_evaluate_span(block, first, m, line, kind == line_kind::unit);  // batchable: true
        return;
      }
    }
    if (kind == line_kind::unit) {
      for (index_t i = 0; i < m; ++i) block[i] = line.at_contig(first + i);
    } else {
      for (index_t i = 0; i < m; ++i) block[i] = line.at_line(first + i);
    }
  }

  /// Where a reduction's values come from: `fetch` gives m values of the line along `axis`
  /// through `idx`, from position `first` on: a pointer into the array itself when they lie
  /// there unit-stride, else into `block`, where it stages them. It is the only part compiled
  /// per kernel type; the walks, counters and accumulators are compiled per reduction and value
  /// type (test_reduction.cpp at -O3 took 44 s of g++ with everything per kernel, 17 s before
  /// the layout-following walks).
  template <class V>
  struct value_source {
    using fetch_fn = const V* (*)(const void*, line_kind, const index_t*, int, index_t, index_t, V*);
    const void* kernel;
    line_kind kind;
    iteration_shape shape;
    fetch_fn fetch;
    bool direct;  ///< the values lie in the array itself: any span is one pointer, nothing staged
    const V* get(const index_t* idx, int axis, index_t first, index_t m, V* block) const {
      return fetch(kernel, kind, idx, axis, first, m, block);
    }
  };
  template <class K, class V>
  static const V* fetch_values(const void* kernel, line_kind kind, const index_t* idx, int axis, index_t first,
                               index_t m, V* block) {
    const K line = static_cast<const K*>(kernel)->line(idx, axis);
    if constexpr (std::is_same_v<K, detail::array_kernel<V>>) {
      if (kind == line_kind::unit) return line.view.data + first;
    }
    stage(block, line, kind, first, m);
    return block;
  }

  /// The values at `values[0..n)`, positions r0.. of the reduction.
  template <class V, class D>
  static auto values_run(const V* values, const D& desc, index_t r0, index_t n) {
    return run_of([values](index_t i) { return values[i]; }, desc, r0, 0, n);
  }

  /// Values first..first+n of the line along `axis` through idx.
  template <class V, class D>
  static auto span_run(const value_source<V>& src, const index_t* idx, int axis, const D& desc, index_t r0,
                       index_t first, index_t n) {
    using Acc = decltype(desc.identity);
    // one pairwise run over values in place (blocks and their counter cost sum(x) of 2^24 float32
    // 9.3 ms against 4.1 in one run)
    if (src.direct) return values_run(src.get(idx, axis, first, n, nullptr), desc, r0, n);
    alignas(64) V block[staged_block];
    if (n <= staged_block) return values_run(src.get(idx, axis, first, n, block), desc, r0, n);
    pairwise_counter<Acc, D> counter(desc);
    for (index_t b0 = 0; b0 < n; b0 += staged_block) {
      const index_t m = std::min(staged_block, n - b0);
      counter.add(values_run(src.get(idx, axis, first + b0, m, block), desc, r0 + b0, m));
    }
    return counter.total();
  }

  // ---- rows: each output reduces the trailing axes -------------------------------------------

  /// Output o's reduction: the reduced axes [split, rank) at kept multi-index idx[0..split).
  template <class V, class D>
  static auto reduce_output(const value_source<V>& src, int split, index_t* idx, const D& desc, index_t first_line,
                            index_t last_line) {
    using Acc = decltype(desc.identity);
    const iteration_shape& s = src.shape;
    const int axis = s.rank - 1;
    const index_t len = s.shape[axis];
    if (split == axis) return span_run(src, idx, axis, desc, 0, 0, len);  // one reduced axis: one line
    pairwise_counter<Acc, D> counter(desc);
    const line_walk reduced{s.shape + split, s.rank - split, axis - split};
    reduced.run(first_line, last_line, [&](const index_t* r) {
      for (int d = split; d < axis; ++d) idx[d] = r[d - split];
      idx[axis] = 0;
      index_t flat = 0;  // the line's first position in the run (argmin/argmax report it)
      for (int d = split; d <= axis; ++d) flat = flat * s.shape[d] + idx[d];
      counter.add(span_run(src, idx, axis, desc, flat, 0, len));
    });
    return counter.total();
  }

  template <class Out, class V, class D>
  static void run_rows(Out* out, index_t outer, index_t inner, const value_source<V>& src, const D& desc, int split) {
    using Acc = decltype(desc.identity);
    const iteration_shape& s = src.shape;
    if (s.rank == split) {  // the reduced axes all had length 1 (merged away): one value per output
      one_value_each(out, src, desc);
      return;
    }
    const int axis = s.rank - 1;
    const index_t len = s.shape[axis], lines = inner / len;
    if (outer == 1 && inner > chunk) {
      // one output: fixed tasks of whole lines (a contiguous input is one line of everything)
      const index_t per_task = std::max<index_t>(1, chunk / len);
      const index_t tasks = (lines + per_task - 1) / per_task;
      if (tasks > 1 || len > chunk) {
        const index_t pieces = tasks > 1 ? tasks : (len + chunk - 1) / chunk;
        // an array, not std::vector: a std::vector<bool> would share words between threads
        const std::unique_ptr<Acc[]> partial(new Acc[static_cast<std::size_t>(pieces)]);
#pragma omp parallel for schedule(static)
        for (index_t t = 0; t < pieces; ++t) {
          index_t idx[XP_MAX_KERNEL_RANK] = {};
          if (tasks > 1) {
            partial[t] = reduce_output(src, split, idx, desc, t * per_task, std::min(lines, (t + 1) * per_task));
          } else {  // one long line, cut into pieces
            const index_t first = t * chunk;
            partial[t] = span_run(src, idx, axis, desc, first, first, std::min(len - first, chunk));
          }
        }
        pairwise_counter<Acc, D> counter(desc);
        for (index_t t = 0; t < pieces; ++t) counter.add(partial[t]);
        out[0] = static_cast<Out>(desc.finish(counter.total(), inner));
        return;
      }
    }
    const line_walk kept{s.shape, split, split};  // the kept axes, every one walked
#pragma omp parallel for schedule(static) if (outer * inner > chunk)
    for (index_t o = 0; o < outer; ++o) {
      index_t idx[XP_MAX_KERNEL_RANK] = {};
      if (split > 0) kept.run(o, o + 1, [&](const index_t* k) { std::copy(k, k + split, idx); });
      out[o] = static_cast<Out>(desc.finish(reduce_output(src, split, idx, desc, 0, lines), inner));
    }
  }

  template <class Out, class V, class D>
  static void one_value_each(Out* out, const value_source<V>& src, const D& desc) {
    const iteration_shape& s = src.shape;
    const line_walk outputs{s.shape, s.rank, s.rank - 1};
    outputs.run_parallel([&](const index_t* idx) {
      index_t o = 0;  // the line's first output (row-major over the kept axes)
      for (int d = 0; d < s.rank; ++d) o = o * s.shape[d] + (d == s.rank - 1 ? 0 : idx[d]);
      alignas(64) V block[staged_block];
      for (index_t b0 = 0; b0 < outputs.length(); b0 += staged_block) {
        const index_t m = std::min(staged_block, outputs.length() - b0);
        const V* v = src.get(idx, s.rank - 1, b0, m, block);
        for (index_t j = 0; j < m; ++j)
          out[o + b0 + j] = static_cast<Out>(desc.finish(desc.reduce(desc.identity, desc.map_at(v[j], 0)), 1));
      }
    });
  }

  // ---- columns: the last kept axis is unit-stride, the reduced axes are strided ----------------

  template <class Out, class V, class D>
  static void run_columns(Out* out, index_t outer, index_t inner, const value_source<V>& src, const D& desc,
                          int split) {
    using Acc = decltype(desc.identity);
    constexpr index_t tile = column_tile<Acc>;
    const iteration_shape& s = src.shape;
    const int axis = split - 1;  // the outputs' unit-stride axis
    const index_t width_all = s.shape[axis];
    const index_t tiles = (width_all + tile - 1) / tile;
    const index_t groups = outer / width_all;  // the other kept axes
    const line_walk kept{s.shape, split, axis};
    const line_walk reduced{s.shape + split, s.rank - split, -1};  // no line axis: every position
#pragma omp parallel for schedule(static) if (outer * inner > chunk)
    for (index_t t = 0; t < groups * tiles; ++t) {
      index_t idx[XP_MAX_KERNEL_RANK] = {};
      if (split > 1) kept.run(t / tiles, t / tiles + 1, [&](const index_t* k) { std::copy(k, k + split, idx); });
      const index_t o0 = t % tiles * tile, width = std::min(tile, width_all - o0);
      Out* dst = out + t / tiles * width_all + o0;
      if constexpr (is_arg_scan_v<D>) {
        columns_arg(dst, width, src, split, idx, o0, desc, reduced, inner);
      } else {
        columns_sum(dst, width, src, split, idx, o0, desc, reduced, inner);
      }
    }
  }

  template <class Out, class V, class D>
  static void columns_sum(Out* dst, index_t width, const value_source<V>& src, int split, index_t* idx, index_t o0,
                          const D& desc, const line_walk& reduced, index_t inner) {
    using Acc = decltype(desc.identity);
    constexpr index_t tile = column_tile<Acc>;
    const int axis = split - 1;
    // level[k] holds 2^k blocks' sums while bit k of the block count is set
    int levels = 1;
    while ((index_t{1} << levels) <= (inner + block - 1) / block) ++levels;
    // (arrays, not std::vector: Acc may be bool)
    const std::unique_ptr<Acc[]> level(new Acc[static_cast<std::size_t>(levels * tile)]);
    const std::unique_ptr<Acc[]> acc(new Acc[static_cast<std::size_t>(tile)]);
    const std::unique_ptr<V[]> staged(new V[static_cast<std::size_t>(tile)]);
    std::fill(acc.get(), acc.get() + width, desc.identity);
    std::uint64_t bits = 0;
    index_t in_block = 0;
    auto carry = [&] {
      int k = 0;
      for (; bits >> k & 1U; ++k) {
        const Acc* lk = &level[static_cast<std::size_t>(k * tile)];
        for (index_t j = 0; j < width; ++j) acc[j] = desc.reduce(lk[j], acc[j]);
        bits &= ~(std::uint64_t{1} << k);
      }
      std::copy(acc.get(), acc.get() + width, level.get() + k * tile);
      bits |= std::uint64_t{1} << k;
      std::fill(acc.get(), acc.get() + width, desc.identity);
      in_block = 0;
    };
    index_t r = 0;
    reduced.run(0, reduced.count(), [&](const index_t* ri) {
      for (int d = split; d < src.shape.rank; ++d) idx[d] = ri[d - split];
      const V* v = src.get(idx, axis, o0, width, staged.get());
      Acc* a = acc.get();
      // (omp simd: the accumulators never alias the values; without it -O2 does not vectorise)
#pragma omp simd
      for (index_t j = 0; j < width; ++j) a[j] = desc.reduce(a[j], desc.map_at(v[j], r));
      ++r;
      if (++in_block == block) carry();
    });
    if (in_block > 0) carry();
    // the remaining levels, the oldest (highest) on the left
    bool any = false;
    for (int k = levels - 1; k >= 0; --k) {
      if (!(bits >> k & 1U)) continue;
      const Acc* lk = &level[static_cast<std::size_t>(k * tile)];
      for (index_t j = 0; j < width; ++j) acc[j] = any ? desc.reduce(acc[j], lk[j]) : lk[j];
      any = true;
    }
    for (index_t j = 0; j < width; ++j) dst[j] = static_cast<Out>(desc.finish(acc[j], inner));
  }

  template <class Out, class V, class D>
  static void columns_arg(Out* dst, index_t width, const value_source<V>& src, int split, index_t* idx, index_t o0,
                          const D& desc, const line_walk& reduced, index_t inner) {
    using Acc = decltype(desc.identity);
    using scan = arg_scan<std::decay_t<decltype(desc.reduce)>>;
    const int axis = split - 1;
    const std::unique_ptr<V[]> best(new V[static_cast<std::size_t>(width)]);
    const std::unique_ptr<index_t[]> at(new index_t[static_cast<std::size_t>(width)]());
    const std::unique_ptr<V[]> staged(new V[static_cast<std::size_t>(width)]);
    index_t r = 0;
    reduced.run(0, reduced.count(), [&](const index_t* ri) {
      for (int d = split; d < src.shape.rank; ++d) idx[d] = ri[d - split];
      const V* v = src.get(idx, axis, o0, width, staged.get());
      V* b = best.get();
      index_t* a = at.get();
      if (r == 0) {  // the first position starts every output (the identity could tie)
        std::copy(v, v + width, b);
      } else {
#pragma omp simd
        for (index_t j = 0; j < width; ++j) {
          const bool better = scan::better(v[j], b[j]);
          b[j] = better ? v[j] : b[j];
          a[j] = better ? r : a[j];
        }
      }
      ++r;
    });
    for (index_t j = 0; j < width; ++j) dst[j] = static_cast<Out>(desc.finish(Acc{best[j], at[j]}, inner));
  }
};

}  // namespace xp::backends::host

namespace xp {
/// @brief out[o] = post(reduce over r of map(input(o, r), r)), for o < outer, following the
/// layout the planner found (see backends/host/reduce.hpp).
template <>
struct primitive::reduce<host> {
  template <class Out, class K, class D>
  static void run(Out* out, index_t outer, index_t inner, K input, D desc, detail::reduce_shape shape) {
    using backends::host::layout_reducer;
    using V = std::decay_t<decltype(input.at_line(0))>;
    if (inner == 0) {  // every output reduces nothing (the planner refused this where it is an error)
      for (index_t o = 0; o < outer; ++o) out[o] = static_cast<Out>(desc.finish(desc.identity, 0));
      return;
    }
    const backends::host::iteration_shape s = backends::host::shape_of(input);
    if (s.rank == 0) {  // one element (a 0-d operand, or every axis of length 1)
      out[0] = static_cast<Out>(desc.finish(desc.reduce(desc.identity, desc.map_at(input.at_contig(0), 0)), 1));
      return;
    }
    const bool columns = shape.layout == detail::reduce_layout::columns && shape.split > 0 && shape.split < s.rank;
    const int axis = columns ? shape.split - 1 : s.rank - 1;  // the axis the values are fetched along
    const auto kind = layout_reducer::kind_of(input, axis);
    const layout_reducer::value_source<V> src{
        &input, kind, s, &layout_reducer::fetch_values<K, V>,
        std::is_same_v<K, detail::array_kernel<V>> && kind == layout_reducer::line_kind::unit};
    if (columns) layout_reducer::run_columns(out, outer, inner, src, desc, shape.split);
    else layout_reducer::run_rows(out, outer, inner, src, desc, shape.split);
  }
};
}  // namespace xp
