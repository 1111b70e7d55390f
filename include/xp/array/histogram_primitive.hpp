#pragma once
/// @file array/histogram_primitive.hpp
/// @brief The histogram primitive behind xp::bincount, xp::histogram and histogram_bin_edges
/// (xp/array/histogram.hpp): a scatter-add that counts values (or sums their weights) into bins
/// in one pass over contiguous values, and the extent pass (minimum, maximum, count) that
/// NumPy's inferred ranges and bincount's length need. Also the bin rules both backends share,
/// written once here: bincount's value-is-the-bin, NumPy's equal-width arithmetic
/// (numpy/lib/_histograms_impl.py: f_indices, then one decrement or increment against the
/// edges) and the search of explicit edges (np.searchsorted's left/right, NaN last).

#include <cstdint>
#include <type_traits>

#include "xp/array/sort_primitive.hpp"
#include "xp/core/backend.hpp"
#include "xp/core/config.hpp"
#include "xp/core/float16.hpp"

namespace xp::detail {

/// @brief NumPy's bin-edge dtype for equal-width bins over values of T (`bin_type` in
/// np.histogram): the float dtype itself, float64 for integers.
template <class T>
using uniform_edge_t = std::conditional_t<std::is_integral_v<T>, double, T>;

/// @brief How a value finds its bin.
enum class histogram_rule : int {
  direct,             ///< np.bincount: the value is the bin (non-negative integers)
  uniform,            ///< equal-width bins, f_indices computed in the edges' dtype (float data, inferred range)
  uniform_in_double,  ///< equal-width bins, f_indices computed in float64 (a given range, integer data)
  search,             ///< explicit edges, compared in float64
  search_exact        ///< explicit edges, compared in T (64-bit integer data with integer edges)
};

/// @brief np.histogram's equal-width bins over T: what its fast path computes per value.
/// `lo`/`hi` are the kept range (`keep = (a >= first_edge) & (a <= last_edge)`, compared in the
/// edges' dtype, which is T for float data), `first` is subtracted in that dtype, `denom` and
/// `scale` (the bin count) are exact values of the computing type (T or float64, by the rule),
/// and `edges` (bins + 1 of them, NumPy's linspace) correct the estimate by one bin either way.
template <class T>
struct uniform_bins {
  using edge_type = uniform_edge_t<T>;
  edge_type lo, hi;
  edge_type first;
  double denom;
  double scale;
  const edge_type* edges;
};

/// @brief One call of the counting primitive: n contiguous values and, when `weighted`, their
/// float64 weights (contiguous, n of them), `bins` bins. Unweighted, `counts` (int64) receives
/// the counts, weighted `sums` (float64) the sums; the primitive writes every bin (zeros included).
/// `search_edges` (rule search: float64) or `exact_edges` (rule search_exact: T) hold bins + 1
/// explicit edges, non-decreasing in NumPy's order (NaN last).
template <class T>
struct histogram_problem {
  const T* values;
  index_t n;
  bool weighted;
  const double* weights;
  std::int64_t* counts;
  double* sums;
  index_t bins;
  histogram_rule rule;
  uniform_bins<T> uniform;
  const double* search_edges;
  const T* exact_edges;
};

/// @brief One call of the extent primitive: n contiguous values; with `filtered`, only those
/// with lo <= x <= hi (compared in uniform_edge_t<T>, as np.histogram's `keep`) take part.
template <class T>
struct histogram_extent_problem {
  const T* values;
  index_t n;
  bool filtered;
  uniform_edge_t<T> lo, hi;
};

/// @brief What the extent primitive returns: how many values took part and, when any did, the
/// smallest and largest in NumPy's order (NaN largest: `max` is NaN when any value is NaN; -0.0
/// and +0.0 are one value and come back as +0.0).
template <class T>
struct histogram_extent {
  T min;
  T max;
  index_t count;
};

/// How the bin arithmetic holds a value of dtype E: float16 as float (NumPy's half loops compute
/// in float and round each result to float16: `round`), every other dtype as itself. On the
/// device the float16 conversions are the bare instructions: the values here are never NaN, so
/// float16's own NaN-preserving paths (a branch at every conversion) are not needed.
template <class E>
struct histogram_arith {
  using type = E;
  XP_HD static E widen(E x) { return x; }
  XP_HD static E round(E x) { return x; }
};
template <>
struct histogram_arith<float16> {
  using type = float;
  XP_HD static float widen(float16 h) {
#if defined(__CUDA_ARCH__)
    float f;
    asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h.bits));
    return f;
#else
    return static_cast<float>(h);
#endif
  }
  XP_HD static float round(float f) {
#if defined(__CUDA_ARCH__)
    unsigned short h;
    asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
    return widen(float16::from_bits(h));
#else
    return static_cast<float>(float16(f));
#endif
  }
};

/// np.histogram's fast-path bin of x (numpy/lib/_histograms_impl.py), or -1 when x is outside
/// the kept range: f_indices = ((x - first_edge) / norm_denom) * n_equal_bins in C, truncated,
/// the value n pulled into the last bin, then one decrement when x is below its bin's left edge
/// or one increment when it is at or beyond the right edge (not from the last bin, which is
/// closed). Every operation rounds in its NumPy dtype (float16 through float32, as NumPy's
/// loops), so an element on or next to an edge lands where NumPy puts it.
template <class C, class T>
XP_HD index_t uniform_bin(const uniform_bins<T>& u, const uniform_edge_t<T>* edges, index_t bins, T x) {
  using E = uniform_edge_t<T>;
  using AE = histogram_arith<E>;
  using AC = histogram_arith<C>;
  using WC = typename AC::type;
  const auto e = AE::widen(static_cast<E>(x));
  if (!(e >= AE::widen(u.lo) && e <= AE::widen(u.hi))) return -1;  // NaN fails both
  const auto diff = AE::round(e - AE::widen(u.first));
  const WC f = AC::round(AC::round(static_cast<WC>(diff) / static_cast<WC>(u.denom)) * static_cast<WC>(u.scale));
  const double fd = static_cast<double>(f);
  index_t i = fd >= static_cast<double>(bins) ? bins - 1 : static_cast<index_t>(fd);  // x == last_edge
  if (i < 0) i = 0;
  if (i > 0 && e < AE::widen(edges[i])) --i;
  else if (i != bins - 1 && e >= AE::widen(edges[i + 1])) ++i;
  return i;
}

/// NumPy's order for the search of edges: NaN after every number.
template <class K>
XP_HD bool histogram_before(K a, K b) {
  return a < b || (b != b && a == a);
}

/// The bin of x among `count` explicit edges (np.histogram's cumulative counts: searchsorted
/// 'left' at every edge but the last, 'right' at the last, so the last bin is closed), or -1
/// when x is outside them. Edges non-decreasing in NumPy's order.
template <class K, class T>
XP_HD index_t search_bin(const K* edges, index_t count, T x) {
  const K v = static_cast<K>(histogram_arith<T>::widen(x));
  // the first of edges[0 .. count - 2] that v sorts before
  index_t lo = 0, hi = count - 1;
  while (lo < hi) {
    const index_t mid = lo + (hi - lo) / 2;
    if (histogram_before(v, edges[mid])) hi = mid;
    else lo = mid + 1;
  }
  if (lo == count - 1) return histogram_before(edges[count - 1], v) ? -1 : count - 2;
  return lo - 1;
}

/// bincount's bin: the value itself (the caller has checked that no value is negative).
template <class T>
XP_HD index_t direct_bin(index_t bins, T x) {
  const auto u = static_cast<std::make_unsigned_t<T>>(x);
  return u < static_cast<std::make_unsigned_t<index_t>>(bins) ? static_cast<index_t>(u) : -1;
}

}  // namespace xp::detail

namespace xp::primitive {
/// @brief The histogram primitive: `histogram_extent<T> extent(const histogram_extent_problem<T>&)`
/// (see detail::histogram_extent) and `void count(const histogram_problem<T>&)` (see
/// detail::histogram_problem), for T in XP_HISTOGRAM_TYPES. Specialised by each backend
/// (backends/<backend>/histogram.hpp); precompiled in libxp_cuda, so a g++-only program counts
/// device arrays too.
template <class B>
struct histogram {
  XP_PRIMITIVE_NOT_VISIBLE(B, "histogram");
};
}  // namespace xp::primitive

// The value types the primitive takes (bool is counted as uint8), X(T) each: the one list.
#define XP_HISTOGRAM_TYPES(X) \
  X(float)                    \
  X(double)                   \
  X(::xp::float16)            \
  X(std::int8_t)              \
  X(std::uint8_t) X(std::int16_t) X(std::uint16_t) X(std::int32_t) X(std::uint32_t) X(std::int64_t) X(std::uint64_t)

// each backend's specialisation (the CUDA one declares what libxp_cuda compiles, from
// XP_HISTOGRAM_TYPES, and undefines it)
#include "xp/backends/cuda/histogram.hpp"
#include "xp/backends/host/histogram.hpp"
