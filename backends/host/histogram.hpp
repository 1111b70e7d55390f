#pragma once
/// @file backends/host/histogram.hpp
/// @brief The host's histogram primitive: one pass over the values, OpenMP over parts of them,
/// each counting into its own private histogram, merged part by part in order at the end. Counts
/// take a part per thread (any split gives the same integers); weighted sums a split that
/// depends only on the sizes, so that their rounding does not depend on the thread count. Where
/// private histograms would cost more than the pass (many bins for the values), counts go
/// straight into the result with relaxed atomic adds, and weighted sums run on one thread.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#if defined(_OPENMP)
#include <omp.h>
#endif

#include "xp/array/histogram_primitive.hpp"

namespace xp::backends::host {

/// The histogram kernels of the host (templates: each instance is compiled where it is used).
struct histogram_engine {
  // values per private histogram at least (below, one part: the pass is too short to share)
  static constexpr index_t min_part = index_t{1} << 15;
  // weighted sums' private histograms at most: enough parts to balance any thread count xp meets
  // on a host
  static constexpr index_t max_parts = 64;
  // bytes the private histograms may take together
  static constexpr index_t private_bytes = index_t{32} << 20;

  template <class T>
  static detail::histogram_extent<T> extent(const detail::histogram_extent_problem<T>& p) {
    // compared as float for float16; NaN flagged, not compared, so that the loops vectorise
    using A = detail::histogram_arith<T>;
    using W = typename A::type;
    using E = detail::uniform_edge_t<T>;
    W lo = std::numeric_limits<W>::has_infinity ? std::numeric_limits<W>::infinity() : std::numeric_limits<W>::max();
    W hi =
        std::numeric_limits<W>::has_infinity ? -std::numeric_limits<W>::infinity() : std::numeric_limits<W>::lowest();
    bool nan = false;
    index_t count = 0;
    const T* v = p.values;
    const index_t n = p.n;
    if (p.filtered) {
      using AE = detail::histogram_arith<E>;
      const auto kept_lo = AE::widen(p.lo), kept_hi = AE::widen(p.hi);
#pragma omp parallel for schedule(static) reduction(min : lo) reduction(max : hi) reduction(+ : count) if (n >= min_part)
      for (index_t i = 0; i < n; ++i) {
        const auto e = AE::widen(static_cast<E>(v[i]));
        if (!(e >= kept_lo && e <= kept_hi)) continue;  // NaN too
        const W x = A::widen(v[i]);
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
        ++count;
      }
    } else {
#pragma omp parallel for schedule(static) reduction(min : lo) reduction(max : hi) reduction(|| : nan) if (n >= min_part)
      for (index_t i = 0; i < n; ++i) {
        const W x = A::widen(v[i]);
        nan = nan || x != x;
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
      }
      count = n;
    }
    if constexpr (!std::is_integral_v<T>) {  // float16, float32, float64
      lo = lo + W(0);                        // -0.0 and +0.0 are one value: +0.0, as the device's keys give it
      hi = hi + W(0);
      if (nan) hi = std::numeric_limits<W>::quiet_NaN();
    }
    return {static_cast<T>(lo), static_cast<T>(hi), count};
  }

  template <class T>
  static void count(const detail::histogram_problem<T>& p) {
    using detail::histogram_rule;
    const auto& u = p.uniform;
    const index_t bins = p.bins;
    // the rules that apply to T (others never come: array/histogram.hpp picks them), and one
    // instance where two coincide (f_indices in float64 is the edges' own dtype for float64 and
    // integer data)
    using E = detail::uniform_edge_t<T>;
    switch (p.rule) {
      case histogram_rule::direct:
        if constexpr (std::is_integral_v<T>) scatter(p, [bins](T x) { return detail::direct_bin(bins, x); });
        break;
      case histogram_rule::uniform:
      case histogram_rule::uniform_in_double:
        if constexpr (!std::is_same_v<E, double>)
          if (p.rule == histogram_rule::uniform) {
            scatter(p, [&u, bins](T x) { return detail::uniform_bin<E>(u, u.edges, bins, x); });
            break;
          }
        scatter(p, [&u, bins](T x) { return detail::uniform_bin<double>(u, u.edges, bins, x); });
        break;
      case histogram_rule::search:
        scatter(p, [&p, bins](T x) { return detail::search_bin(p.search_edges, bins + 1, x); });
        break;
      case histogram_rule::search_exact:
        if constexpr (std::is_integral_v<T> && sizeof(T) == 8)
          scatter(p, [&p, bins](T x) { return detail::search_bin(p.exact_edges, bins + 1, x); });
        break;
    }
  }

 private:
  static index_t threads() {
#if defined(_OPENMP)
    return omp_in_parallel() ? 1 : omp_get_max_threads();
#else
    return 1;
#endif
  }

  template <class T, class Bin>
  static void scatter(const detail::histogram_problem<T>& p, const Bin& bin) {
    if (p.weighted) run<double>(p, p.sums, bin, [w = p.weights](index_t i) { return w[i]; });
    else run<std::int64_t>(p, p.counts, bin, [](index_t) { return std::int64_t{1}; });
  }

  template <class Acc, class T, class Bin, class Weight>
  static void run(const detail::histogram_problem<T>& p, Acc* out, const Bin& bin, const Weight& weight) {
    const index_t n = p.n, bins = p.bins;
    const T* v = p.values;
    std::fill(out, out + bins, Acc(0));
    if (bins == 0) return;
    // parts that each own a private histogram: no more than the memory allows or the values pay
    // for in merging
    index_t parts = std::is_integral_v<Acc> ? threads() : max_parts;
    parts = std::min({parts, n / min_part, private_bytes / (bins * index_t{sizeof(Acc)}), n / bins});
    if (parts >= 2) {
      std::vector<Acc> priv(static_cast<std::size_t>(parts * bins), Acc(0));  // [parts][bins]
      const index_t part = (n + parts - 1) / parts;
#pragma omp parallel for schedule(static)
      for (index_t k = 0; k < parts; ++k) {
        Acc* h = priv.data() + k * bins;
        const index_t end = std::min(n, (k + 1) * part);
        for (index_t i = k * part; i < end; ++i) {
          const index_t b = bin(v[i]);
          if (b >= 0) h[b] += weight(i);
        }
      }
#pragma omp parallel for schedule(static)
      for (index_t b = 0; b < bins; ++b) {
        Acc s = 0;
        for (index_t k = 0; k < parts; ++k) s += priv[static_cast<std::size_t>(k * bins + b)];
        out[b] = s;
      }
      return;
    }
    if constexpr (std::is_integral_v<Acc>) {
      if (threads() > 1 && n >= 2 * min_part) {
        // many bins: counts added in place (integers: the order does not change the result)
#pragma omp parallel for schedule(static)
        for (index_t i = 0; i < n; ++i) {
          const index_t b = bin(v[i]);
          if (b >= 0) std::atomic_ref<Acc>(out[b]).fetch_add(weight(i), std::memory_order_relaxed);
        }
        return;
      }
    }
    for (index_t i = 0; i < n; ++i) {
      const index_t b = bin(v[i]);
      if (b >= 0) out[b] += weight(i);
    }
  }
};

}  // namespace xp::backends::host

namespace xp {
/// @brief The host's histogram primitive (backends::host::histogram_engine).
template <>
struct primitive::histogram<host> {
  template <class T>
  static detail::histogram_extent<T> extent(const detail::histogram_extent_problem<T>& p) {
    return backends::host::histogram_engine::extent(p);
  }
  template <class T>
  static void count(const detail::histogram_problem<T>& p) {
    backends::host::histogram_engine::count(p);
  }
};
}  // namespace xp
