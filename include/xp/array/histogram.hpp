#pragma once
/// @file array/histogram.hpp
/// @brief NumPy's counting functions: np.bincount, np.histogram (and its density),
/// np.histogram_bin_edges and np.digitize. The counting is the histogram primitive
/// (array/histogram_primitive.hpp: one pass, NumPy's bin arithmetic), precompiled in libxp_cuda,
/// so bincount, histogram and histogram_bin_edges run on device arrays from a g++-only program;
/// digitize is searchsorted's functor, which a device caller compiles with nvcc.
///
/// The bin edges, the checks and the density are computed on the host: they are bins + 1 values,
/// and NumPy's rules for them (linspace in the dtype of the outer edges, then a cast) are plain
/// scalar arithmetic. An inferred range is one extent pass over the data before the count.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "xp/array/histogram_primitive.hpp"
#include "xp/array/searchsorted.hpp"
#include "xp/array/transfer.hpp"
#include "xp/core/creation.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/expr/reduction.hpp"

namespace xp {

/// @brief np.histogram's range= : the outer edges of equal-width bins (default: the data's
/// minimum and maximum). Explicit edges ignore it, as in NumPy.
struct histogram_options {
  std::optional<std::pair<double, double>> range;
};

/// @brief What np.histogram returns: the counts (int64), weighted sums (the weights' dtype) or
/// densities (float64), and the bins + 1 edges (float data: its dtype; integer data: float64;
/// explicit edges: theirs).
template <class H, class E, class B>
struct histogram_result {
  ndarray<H, B> hist;
  ndarray<E, B> bin_edges;
};

namespace detail {

/// The dtype the primitive counts a dtype in: NumPy converts bool data to uint8.
template <class T>
using histogram_value_t = std::conditional_t<std::is_same_v<T, bool>, std::uint8_t, T>;

/// The edges' dtype of equal-width bins over a (np.histogram's bin_type).
template <class T>
using histogram_edge_t = uniform_edge_t<histogram_value_t<T>>;

/// a flattened in C order, contiguous (a itself when it is), as the primitive's dtype.
template <class T, class B>
struct flat_values {
  using V = histogram_value_t<T>;
  ndarray<T, B> array;
  const V* data() const { return reinterpret_cast<const V*>(array.data()); }
  index_t size() const { return array.size(); }
};
template <class T, class B>
flat_values<T, B> flatten_values(const ndarray<T, B>& a) {
  static_assert(!is_complex_v<T>,
                "xp: histograms of complex numbers are not defined (NumPy compares them "
                "lexicographically; xp gives them no order)");
  return {a.is_contiguous() ? a : a.copy()};
}

/// NumPy's first_edge and last_edge (_get_outer_edges) and where they came from: the data's
/// minimum and maximum (a's dtype: NumPy scalars, which keep it), or a given range or the empty
/// data's (0, 1) (Python numbers: float64). Already widened by 0.5 each way when equal.
template <class V>
struct outer_edges {
  bool from_data;
  V min, max;          // from_data: the data's extent
  bool widened;        // min == max, so first and last are min - 0.5 and max + 0.5
  double first, last;  // !from_data, or from_data with integer V and widened
  V first_v, last_v;   // from_data with float V (in V, widened in V)
};

inline std::string histogram_number(double v) {
  char text[32];  // %g of a double: at most 13 characters
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

template <class V, class B>
outer_edges<V> outer_edges_of(const char* fn, const V* data, index_t n, const histogram_options& opt) {
  outer_edges<V> o{};
  if (opt.range) {
    auto [first, last] = *opt.range;
    if (first > last) throw value_error(std::string(fn) + ": max must be larger than min in range parameter");
    if (!(std::isfinite(first) && std::isfinite(last)))
      throw value_error(std::string(fn) + ": supplied range of [" + histogram_number(first) + ", " +
                        histogram_number(last) + "] is not finite");
    o.widened = first == last;
    if (o.widened) first -= 0.5, last += 0.5;
    o.first = first;
    o.last = last;
    return o;
  }
  if (n == 0) {  // NumPy's (0, 1) for empty data
    o.first = 0;
    o.last = 1;
    return o;
  }
  const auto e = primitive::histogram<B>::extent(histogram_extent_problem<V>{data, n, false, {}, {}});
  o.from_data = true;
  o.min = e.min;
  o.max = e.max;
  const double lo = static_cast<double>(e.min), hi = static_cast<double>(e.max);
  if (!(std::isfinite(lo) && std::isfinite(hi)))  // a NaN is the maximum: NumPy's min and max are both NaN
    throw value_error(std::string(fn) + ": autodetected range of [" + histogram_number(hi != hi ? hi : lo) + ", " +
                      histogram_number(hi) + "] is not finite");
  o.widened = e.min == e.max;
  if constexpr (is_real_floating_v<V>) {
    const V half = static_cast<V>(0.5);
    o.first_v = o.widened ? static_cast<V>(e.min - half) : e.min;
    o.last_v = o.widened ? static_cast<V>(e.max + half) : e.max;
  } else {
    o.first = o.widened ? lo - 0.5 : lo;
    o.last = o.widened ? hi + 0.5 : hi;
  }
  return o;
}

/// NumPy's np.linspace(start, stop, bins + 1, dtype=E) computed in D (the dtype of start and
/// stop): y = arange(num) * step + start in D, the last value exactly stop, then cast to E.
template <class D, class E>
std::vector<E> linspace_edges(D start, D stop, index_t bins) {
  std::vector<E> out(static_cast<std::size_t>(bins + 1));
  const D delta = static_cast<D>(stop - start);
  const D div = static_cast<D>(bins);
  const D step = static_cast<D>(delta / div);
  const bool step_zero = static_cast<double>(step) == 0.0;  // NumPy's denormal case: y / div * delta
  for (index_t i = 0; i <= bins; ++i) {
    D y = static_cast<D>(i);
    if (step_zero) y = y / div * delta + start;
    else if constexpr (std::is_same_v<D, float16>) y = y * step + start;  // each operation rounds to float16
    else y = mul_add_rounded(y, step, start);
    out[static_cast<std::size_t>(i)] = convert<E>(y);
  }
  out[static_cast<std::size_t>(bins)] = convert<E>(stop);
  return out;
}

/// The bins the primitive counts into, the edges histogram returns and what keeps their
/// memory alive (edges uploaded to B).
template <class V, class E, class B>
struct prepared_bins {
  ndarray<E, B> edges;
  histogram_problem<V> problem{};
  ndarray<double, B> search_keys;  // rule search
  ndarray<V, B> exact_keys;        // rule search_exact
};

template <class E, class B>
ndarray<E, B> upload_edges(const std::vector<E>& h) {
  ndarray<E, host> a(shape_type{static_cast<index_t>(h.size())});
  for (std::size_t i = 0; i < h.size(); ++i) a.data()[i] = h[i];
  return asarray<B>(a);
}

/// Equal-width bins over the outer edges (np.histogram's uniform_bins and its fast path).
template <class V, class B>
prepared_bins<V, uniform_edge_t<V>, B> uniform_bins_of(const char* fn, const outer_edges<V>& o, index_t bins) {
  using E = uniform_edge_t<V>;
  prepared_bins<V, E, B> out;
  auto& u = out.problem.uniform;
  std::vector<E> edges;
  if (o.from_data && is_real_floating_v<V>) {
    if constexpr (is_real_floating_v<V>) {
      // first_edge and last_edge are NumPy scalars of a's dtype: everything in it
      const V first = o.first_v, last = o.last_v;
      edges = linspace_edges<V, E>(first, last, bins);
      u.lo = first;
      u.hi = last;
      u.first = first;
      u.denom = static_cast<double>(static_cast<V>(last - first));
      u.scale = static_cast<double>(static_cast<V>(bins));
      out.problem.rule = std::is_same_v<V, double> ? histogram_rule::uniform_in_double : histogram_rule::uniform;
    }
  } else {
    // Python floats (a range, the empty data's 0 and 1) or integer data: float64, except that
    // the kept range and the subtraction are in the edges' dtype (NumPy casts the Python float)
    edges = linspace_edges<double, E>(o.first, o.last, bins);
    u.lo = convert<E>(o.first);
    u.hi = convert<E>(o.last);
    u.first = u.lo;
    if constexpr (std::is_integral_v<V>) {
      // _unsigned_subtract of the integer extent: max - min in the unsigned dtype of V's width
      using U = std::make_unsigned_t<V>;
      u.denom = o.from_data && !o.widened
                    ? static_cast<double>(static_cast<U>(static_cast<U>(o.max) - static_cast<U>(o.min)))
                    : o.last - o.first;
    } else {
      u.denom = o.last - o.first;
    }
    u.scale = static_cast<double>(bins);
    out.problem.rule = histogram_rule::uniform_in_double;
  }
  for (index_t i = 0; i < bins; ++i)
    if (!(edges[static_cast<std::size_t>(i)] < edges[static_cast<std::size_t>(i + 1)]))
      throw value_error(std::string(fn) + ": Too many bins for data range. Cannot create " + std::to_string(bins) +
                        " finite-sized bins.");
  out.edges = upload_edges<E, B>(edges);
  u.edges = out.edges.data();
  out.problem.bins = bins;
  return out;
}

/// Explicit edges (np.histogram's searchsorted path): checked, and converted to the dtype the
/// values compare in (NumPy's promotion; float64 for every pair where that gives the same
/// order, the 64-bit integer itself where float64 would round).
template <class V, class EB, class B>
prepared_bins<V, EB, B> explicit_bins_of(const char* fn, const ndarray<EB, B>& edges) {
  static_assert(!is_complex_v<EB>, "xp: complex bin edges have no order");
  if (edges.ndim() != 1)
    throw shape_error(std::string(fn) +
                      ": `bins` must be 1d, when an array (a bin count is an integer), not of shape " +
                      to_string(edges.shape()));
  const auto h = edges.copy_to_host();
  const EB* e = h.data();
  const index_t m = h.size();
  for (index_t i = 0; i + 1 < m; ++i)
    if (e[i] > e[i + 1]) throw value_error(std::string(fn) + ": `bins` must increase monotonically, when an array");
  using P = promote_t<V, EB>;
  constexpr bool exact = std::is_integral_v<V> && sizeof(V) == 8 && std::is_integral_v<P>;
  using K = std::conditional_t<exact, V, double>;
  std::vector<K> keys(static_cast<std::size_t>(m));
  for (index_t i = 0; i < m; ++i) keys[static_cast<std::size_t>(i)] = convert<K>(convert<P>(e[i]));
  // NumPy's check lets a NaN through anywhere; its counts are then not a histogram unless every
  // NaN edge is at the end (NaN sorts last), which is what xp takes
  for (index_t i = 0; i + 1 < m; ++i)
    if (histogram_before(keys[static_cast<std::size_t>(i + 1)], keys[static_cast<std::size_t>(i)]))
      throw value_error(std::string(fn) +
                        ": `bins` must increase monotonically, when an array (a NaN edge "
                        "may only be followed by NaN edges)");
  prepared_bins<V, EB, B> out;
  out.edges = edges;
  out.problem.bins = m > 0 ? m - 1 : 0;
  if constexpr (exact) {
    out.exact_keys = upload_edges<V, B>(keys);
    out.problem.exact_edges = out.exact_keys.data();
    out.problem.rule = histogram_rule::search_exact;
  } else {
    out.search_keys = upload_edges<double, B>(keys);
    out.problem.search_edges = out.search_keys.data();
    out.problem.rule = histogram_rule::search;
  }
  return out;
}

/// np.histogram_bin_edges' estimators that need only the extent and the size of the data in
/// range ("sqrt", "sturges", "rice"), to NumPy's dtypes; the others are refused.
template <class V, class B>
index_t estimated_bins(const char* fn, std::string_view name, const V* data, index_t n, const outer_edges<V>& o) {
  const bool sqrt_rule = name == "sqrt", sturges = name == "sturges", rice = name == "rice";
  if (!(sqrt_rule || sturges || rice)) {
    constexpr std::string_view numpy_only[] = {"auto", "fd", "doane", "scott", "stone"};
    for (auto known : numpy_only)
      if (name == known)
        throw value_error(std::string(fn) + ": the bin estimator '" + std::string(name) +
                          "' is not available in xp (it needs the data's percentiles or moments); use "
                          "'sqrt', 'sturges', 'rice' or a bin count");
    throw value_error(std::string(fn) + ": '" + std::string(name) + "' is not a valid estimator for `bins`");
  }
  // the data in range (NumPy trims it when a range is given) and its extent
  histogram_extent<V> e{};
  if (o.from_data) e = {o.min, o.max, n};
  else if (n > 0) {
    using E = uniform_edge_t<V>;
    e = primitive::histogram<B>::extent(
        histogram_extent_problem<V>{data, n, true, convert<E>(o.first), convert<E>(o.last)});
  }
  if (e.count == 0) return 1;
  // _ptp: max - min in V (floats) or in the unsigned dtype of V's width (integers)
  double ptp;
  V ptp_v{};
  if constexpr (is_real_floating_v<V>) {
    ptp_v = static_cast<V>(e.max - e.min);
    ptp = static_cast<double>(ptp_v);
  } else {
    using U = std::make_unsigned_t<V>;
    ptp = static_cast<double>(static_cast<U>(static_cast<U>(e.max) - static_cast<U>(e.min)));
  }
  const double size = static_cast<double>(e.count);
  // "rice" divides a NumPy scalar of V by a Python float: in V for float data
  const bool in_v = rice && is_real_floating_v<V>;
  double width;
  V width_v{};
  if (sqrt_rule) width = ptp / std::sqrt(size);
  else if (sturges) width = ptp / (std::log2(size) + 1.0);
  else if constexpr (is_real_floating_v<V>) {
    width_v = static_cast<V>(ptp_v / static_cast<V>(2.0 * std::pow(size, 1.0 / 3)));
    width = static_cast<double>(width_v);
  } else {
    width = ptp / (2.0 * std::pow(size, 1.0 / 3));
  }
  if (width == 0) return 1;  // e.g. every value equal
  if (std::is_integral_v<V> && width < 1) width = 1;
  // _unsigned_subtract(last_edge, first_edge) over width, in NumPy's promoted dtype, ceil
  double bins;
  if constexpr (is_real_floating_v<V>) {
    if (in_v && o.from_data) {
      bins = static_cast<double>(static_cast<V>(static_cast<V>(o.last_v - o.first_v) / width_v));
    } else {
      const double delta = o.from_data ? static_cast<double>(static_cast<V>(o.last_v - o.first_v)) : o.last - o.first;
      bins = delta / width;
    }
  } else {
    using U = std::make_unsigned_t<V>;
    const double delta = o.from_data && !o.widened
                             ? static_cast<double>(static_cast<U>(static_cast<U>(o.max) - static_cast<U>(o.min)))
                             : o.last - o.first;
    bins = delta / width;
  }
  bins = std::ceil(bins);
  constexpr double max_bins = 4611686018427387904.0;  // 2^62: beyond, no array of bins could be allocated
  if (!(bins < max_bins)) throw value_error(std::string(fn) + ": the estimated number of bins is too large");
  return std::max<index_t>(1, static_cast<index_t>(bins));
}

// the bins of each kind of `bins` argument
template <class V, class B>
prepared_bins<V, uniform_edge_t<V>, B> bins_of(const char* fn, const V* data, index_t n, index_t bins,
                                               const histogram_options& opt) {
  if (bins < 1) throw value_error(std::string(fn) + ": `bins` must be positive, when an integer");
  return uniform_bins_of<V, B>(fn, outer_edges_of<V, B>(fn, data, n, opt), bins);
}
template <class V, class B>
prepared_bins<V, uniform_edge_t<V>, B> bins_of(const char* fn, const V* data, index_t n, std::string_view estimator,
                                               const histogram_options& opt) {
  const auto o = outer_edges_of<V, B>(fn, data, n, opt);
  return uniform_bins_of<V, B>(fn, o, estimated_bins<V, B>(fn, estimator, data, n, o));
}
template <class V, class B, class EB>
prepared_bins<V, EB, B> bins_of(const char* fn, const V*, index_t, const ndarray<EB, B>& edges,
                                const histogram_options&) {
  return explicit_bins_of<V>(fn, edges);
}

/// Counts (int64) or float64 sums of weights into the prepared bins.
template <class Acc, class V, class E, class B>
ndarray<Acc, B> count_into_bins(const prepared_bins<V, E, B>& bins, const V* values, index_t n, const double* weights) {
  histogram_problem<V> p = bins.problem;
  p.values = values;
  p.n = n;
  p.weighted = std::is_same_v<Acc, double>;
  p.weights = weights;
  ndarray<Acc, B> out(shape_type{p.bins});
  if constexpr (std::is_same_v<Acc, double>) p.sums = out.data();
  else p.counts = out.data();
  primitive::histogram<B>::count(p);
  return out;
}

/// Weights as contiguous float64 (what NumPy's bincount sums them in).
template <class W, class B>
ndarray<double, B> weights_as_double(const ndarray<W, B>& w) {
  static_assert(!is_complex_v<W>, "xp: complex weights are not supported (NumPy's bincount refuses them too)");
  if constexpr (std::is_same_v<W, double>) return w.is_contiguous() ? w : w.copy();
  else return w.template astype<double>();
}

/// float64 sums as the weights' dtype: NumPy's `bincount(...).astype(ntype)`; integers through
/// int64, so that narrower ones wrap as NumPy's cast does.
template <class W, class B>
ndarray<W, B> sums_as(const ndarray<double, B>& s) {
  if constexpr (std::is_same_v<W, double>) return s;
  else if constexpr (is_integer_v<W> && !std::is_same_v<W, std::int64_t>)
    return s.template astype<std::int64_t>().template astype<W>();
  else return s.template astype<W>();
}

/// np.histogram's density: n / diff(edges) (the difference in the edges' dtype, then float64) /
/// n.sum() (in n's dtype), computed on the host (bins values) and returned on B.
template <class H, class E, class B>
ndarray<double, B> density_of(const char* fn, const ndarray<H, B>& hist, const ndarray<E, B>& edges) {
  static_assert(!std::is_same_v<E, bool>, "xp: density needs edges that subtract (NumPy: boolean subtract)");
  (void)fn;
  const auto n = hist.copy_to_host();
  const auto e = edges.copy_to_host();
  const double total = static_cast<double>(xp::sum(n).item());
  ndarray<double, host> d(n.shape());
  for (index_t i = 0; i < n.size(); ++i) {
    double width;
    if constexpr (is_integer_v<E>) width = static_cast<double>(wrapping_sub(e.data()[i + 1], e.data()[i]));
    else width = static_cast<double>(static_cast<E>(e.data()[i + 1] - e.data()[i]));
    d.data()[i] = static_cast<double>(n.data()[i]) / width / total;
  }
  return asarray<B>(d);
}

template <class T, class W, class B>
void check_weights_shape(const char* fn, const ndarray<T, B>& a, const ndarray<W, B>& w) {
  if (a.shape() != w.shape())
    throw shape_error(std::string(fn) + ": weights should have the same shape as a: " + to_string(w.shape()) + " vs " +
                      to_string(a.shape()));
}

template <class Bins>
struct bins_edge;
template <>
struct bins_edge<index_t> {
  template <class T>
  using type = histogram_edge_t<T>;
};
template <>
struct bins_edge<std::string_view> {
  template <class T>
  using type = histogram_edge_t<T>;
};
template <class EB, class B>
struct bins_edge<ndarray<EB, B>> {
  template <class T>
  using type = EB;
};
template <class T, class Bins>
using bins_edge_t = typename bins_edge<Bins>::template type<T>;

/// np.histogram, weighted when W is not void; `Density` gives float64 densities.
template <bool Density, class W, class T, class B, class Bins>
auto histogram_of(const ndarray<T, B>& a, const Bins& bins,
                  std::type_identity_t<const ndarray<std::conditional_t<std::is_void_v<W>, double, W>, B>*> weights,
                  const histogram_options& opt) {
  constexpr const char* fn = "xp::histogram";
  using V = histogram_value_t<T>;
  using E = bins_edge_t<T, Bins>;
  using H = std::conditional_t<Density, double, std::conditional_t<std::is_void_v<W>, std::int64_t, W>>;
  const auto values = flatten_values(a);
  if constexpr (!std::is_void_v<W>) {
    check_weights_shape(fn, a, *weights);
    if constexpr (std::is_same_v<W, bool> && !std::is_same_v<Bins, index_t> && !std::is_same_v<Bins, std::string_view>)
      throw dtype_error(std::string(fn) +
                        ": bool weights with explicit edges: NumPy's cumulative sums cannot be "
                        "cast back to bool (a UFuncTypeError there)");
  }
  const auto prepared = bins_of<V, B>(fn, values.data(), values.size(), bins, opt);
  ndarray<H, B> hist;
  if constexpr (std::is_void_v<W>) {
    auto counts = count_into_bins<std::int64_t>(prepared, values.data(), values.size(), nullptr);
    if constexpr (Density) hist = density_of(fn, counts, prepared.edges);
    else hist = counts;
  } else {
    const auto w = weights_as_double(*weights);
    const auto sums = sums_as<W>(count_into_bins<double>(prepared, values.data(), values.size(), w.data()));
    if constexpr (Density) hist = density_of(fn, sums, prepared.edges);
    else hist = sums;
  }
  return histogram_result<H, E, B>{hist, prepared.edges};
}

template <class T, class B, class Bins>
auto histogram_bin_edges_of(const ndarray<T, B>& a, const Bins& bins, const histogram_options& opt) {
  constexpr const char* fn = "xp::histogram_bin_edges";
  const auto values = flatten_values(a);
  return bins_of<histogram_value_t<T>, B>(fn, values.data(), values.size(), bins, opt).edges;
}

/// NumPy's _monotonicity (check_array_monotonic, on the edges as float64): 1 increasing (also
/// empty or all equal), -1 decreasing, 0 neither.
inline int edges_monotonicity(const std::vector<double>& a) {
  const std::size_t n = a.size();
  if (n == 0) return 1;
  std::size_t i = 1;
  double last = a[0];
  while (i < n && a[i] == last) ++i;
  if (i == n) return 1;
  double next = a[i];
  if (last < next) {
    for (++i; i < n; ++i) {
      last = next;
      next = a[i];
      if (last > next) return 0;
    }
    return 1;
  }
  for (++i; i < n; ++i) {
    last = next;
    next = a[i];
    if (last < next) return 0;
  }
  return -1;
}

}  // namespace detail

/// @brief np.bincount(x, minlength=0): how many times each value 0, 1, ..., max(x) occurs in the
/// 1-D array x of non-negative integers (bool counts as 0 and 1): int64, of length
/// max(max(x) + 1, minlength) (minlength for an empty x).
/// @throws xp::shape_error when x is not 1-D; xp::value_error when a value is negative or
/// minlength is. Float x does not compile (NumPy: TypeError).
template <class T, class B>
ndarray<std::int64_t, B> bincount(const ndarray<T, B>& x, index_t minlength = 0);

/// @brief np.bincount(x, weights, minlength=0): the sum of the weights of each value, float64
/// (NumPy sums the weights in float64 whatever their dtype).
/// @throws as bincount(x), and xp::shape_error when weights is not of x's shape.
template <class T, class W, class B>
ndarray<double, B> bincount(const ndarray<T, B>& x, const ndarray<W, B>& weights, index_t minlength = 0);

namespace detail {
template <class Acc, class T, class W, class B>
ndarray<Acc, B> bincount_of(const ndarray<T, B>& x, const ndarray<W, B>* weights, index_t minlength) {
  static_assert(std::is_integral_v<T>,
                "xp::bincount: x must hold non-negative integers (NumPy: cannot cast "
                "float to int64 under the 'safe' rule)");
  constexpr const char* fn = "xp::bincount";
  detail::op_range<B> trace(fn);
  if (x.ndim() != 1) throw shape_error(std::string(fn) + ": x must be 1-D, not of shape " + to_string(x.shape()));
  if (weights && weights->shape() != x.shape())
    throw shape_error(std::string(fn) + ": the weights and list don't have the same length (" +
                      to_string(weights->shape()) + " vs " + to_string(x.shape()) + ")");
  if (minlength < 0) throw value_error(std::string(fn) + ": 'minlength' must not be negative");
  using V = histogram_value_t<T>;
  const auto values = flatten_values(x);
  index_t length = minlength;
  if (values.size() > 0) {
    const auto e =
        primitive::histogram<B>::extent(histogram_extent_problem<V>{values.data(), values.size(), false, {}, {}});
    if constexpr (std::is_signed_v<V>)
      if (e.min < 0) throw value_error(std::string(fn) + ": 'list' argument must have no negative elements");
    constexpr auto largest = static_cast<std::uint64_t>(std::numeric_limits<index_t>::max() - 1);
    if (static_cast<std::uint64_t>(e.max) > largest)
      throw value_error(std::string(fn) + ": the largest value is too large for an array of counts");
    length = std::max(length, static_cast<index_t>(e.max) + 1);
  }
  prepared_bins<V, double, B> bins;
  bins.problem.bins = length;
  bins.problem.rule = histogram_rule::direct;
  if constexpr (std::is_same_v<Acc, double>) {
    const auto w = weights_as_double(*weights);
    return count_into_bins<double>(bins, values.data(), values.size(), w.data());
  } else {
    return count_into_bins<std::int64_t>(bins, values.data(), values.size(), nullptr);
  }
}
}  // namespace detail

template <class T, class B>
ndarray<std::int64_t, B> bincount(const ndarray<T, B>& x, index_t minlength) {
  return detail::bincount_of<std::int64_t, T, double>(x, static_cast<const ndarray<double, B>*>(nullptr), minlength);
}

template <class T, class W, class B>
ndarray<double, B> bincount(const ndarray<T, B>& x, const ndarray<W, B>& weights, index_t minlength) {
  return detail::bincount_of<double>(x, &weights, minlength);
}

/// @brief np.histogram(a, bins=10, range): the counts of the flattened a in `bins` equal-width
/// bins over `options.range` or, by default, [a.min(), a.max()] (widened by 0.5 each way when
/// they are equal), with NumPy's edges (np.linspace in the outer edges' dtype, cast to a's float
/// dtype or float64 for integer a) and NumPy's bin of every value (its fast path's arithmetic,
/// so a value on an edge counts where NumPy counts it). Every bin is half-open but the last,
/// which is closed; values outside the range (NaN too) are not counted. Returns
/// {hist (int64), bin_edges}. bool data counts as 0 and 1.
/// @throws xp::value_error when bins < 1, the range is reversed or not finite, the inferred
/// range is not finite (a NaN or an infinity in a), or the bins are too many for the range's
/// precision ("Too many bins for data range").
template <class T, class B>
histogram_result<std::int64_t, detail::histogram_edge_t<T>, B> histogram(const ndarray<T, B>& a, index_t bins = 10,
                                                                         const histogram_options& options = {}) {
  detail::op_range<B> trace("xp::histogram");
  return detail::histogram_of<false, void>(a, bins, nullptr, options);
}

/// @brief np.histogram(a, bins=edges): counts between explicit edges (a 1-D array,
/// non-decreasing: the last bin is closed, the others half-open; searchsorted's comparisons in
/// the promoted dtype). bin_edges is `edges` itself. options.range is ignored, as in NumPy.
/// @throws xp::shape_error when edges is not 1-D; xp::value_error when they decrease (or a NaN
/// edge is followed by a number: NumPy lets that through and its counts are then not a
/// histogram).
template <class T, class EB, class B>
histogram_result<std::int64_t, EB, B> histogram(const ndarray<T, B>& a, const ndarray<EB, B>& edges,
                                                const histogram_options& options = {}) {
  detail::op_range<B> trace("xp::histogram");
  return detail::histogram_of<false, void>(a, edges, nullptr, options);
}

/// @brief np.histogram(a, bins="sqrt" | "sturges" | "rice"): equal-width bins whose number NumPy's
/// estimator picks from the data in range (histogram_bin_edges' rules); as histogram(a, bins).
/// @throws xp::value_error for an unknown estimator, and for NumPy's "auto", "fd", "doane",
/// "scott" and "stone", which xp does not have (they need percentiles or moments).
template <class T, class B>
histogram_result<std::int64_t, detail::histogram_edge_t<T>, B> histogram(const ndarray<T, B>& a,
                                                                         std::string_view estimator,
                                                                         const histogram_options& options = {}) {
  detail::op_range<B> trace("xp::histogram");
  return detail::histogram_of<false, void>(a, estimator, nullptr, options);
}

/// @brief np.histogram(a, bins, range, weights=weights): each value adds its weight (weights of
/// a's shape) instead of 1; hist has the weights' dtype (NumPy sums in float64, then casts, as
/// its fast path does: integer sums are exact to 2^53). NumPy's estimators refuse weights, so
/// there is no estimator overload.
/// @throws as histogram(a, bins), and xp::shape_error when weights is not of a's shape.
template <class T, class W, class B>
histogram_result<W, detail::histogram_edge_t<T>, B> histogram(const ndarray<T, B>& a, index_t bins,
                                                              const ndarray<W, B>& weights,
                                                              const histogram_options& options = {}) {
  detail::op_range<B> trace("xp::histogram");
  return detail::histogram_of<false, W>(a, bins, &weights, options);
}

/// @brief np.histogram(a, bins=edges, weights=weights): weighted sums between explicit edges.
/// @throws as histogram(a, edges); xp::shape_error for weights not of a's shape; xp::dtype_error
/// for bool weights (NumPy's explicit-edges path cannot cast its sums back to bool).
template <class T, class EB, class W, class B>
histogram_result<W, EB, B> histogram(const ndarray<T, B>& a, const ndarray<EB, B>& edges, const ndarray<W, B>& weights,
                                     const histogram_options& options = {}) {
  detail::op_range<B> trace("xp::histogram");
  return detail::histogram_of<false, W>(a, edges, &weights, options);
}

/// @brief np.histogram(a, bins, range, density=True): the counts divided by their sum and by each
/// bin's width (float64), so that the density integrates to 1 over the range (NaN everywhere
/// when nothing is counted, as NumPy's 0/0). A function of its own because it changes hist's dtype.
/// @throws as histogram(a, bins).
template <class T, class B>
histogram_result<double, detail::histogram_edge_t<T>, B> histogram_density(const ndarray<T, B>& a, index_t bins = 10,
                                                                           const histogram_options& options = {}) {
  detail::op_range<B> trace("xp::histogram");
  return detail::histogram_of<true, void>(a, bins, nullptr, options);
}

/// @brief np.histogram(a, bins=edges, density=True). Bool edges do not compile (NumPy cannot
/// subtract them).
/// @throws as histogram(a, edges).
template <class T, class EB, class B>
histogram_result<double, EB, B> histogram_density(const ndarray<T, B>& a, const ndarray<EB, B>& edges,
                                                  const histogram_options& options = {}) {
  detail::op_range<B> trace("xp::histogram");
  return detail::histogram_of<true, void>(a, edges, nullptr, options);
}

/// @brief np.histogram(a, bins=estimator, density=True).
/// @throws as histogram(a, estimator).
template <class T, class B>
histogram_result<double, detail::histogram_edge_t<T>, B> histogram_density(const ndarray<T, B>& a,
                                                                           std::string_view estimator,
                                                                           const histogram_options& options = {}) {
  detail::op_range<B> trace("xp::histogram");
  return detail::histogram_of<true, void>(a, estimator, nullptr, options);
}

/// @brief np.histogram(a, bins, range, weights=weights, density=True): the weighted sums
/// normalised the same way (float64).
/// @throws as histogram(a, bins, weights).
template <class T, class W, class B>
histogram_result<double, detail::histogram_edge_t<T>, B> histogram_density(const ndarray<T, B>& a, index_t bins,
                                                                           const ndarray<W, B>& weights,
                                                                           const histogram_options& options = {}) {
  detail::op_range<B> trace("xp::histogram");
  return detail::histogram_of<true, W>(a, bins, &weights, options);
}

/// @brief np.histogram(a, bins=edges, weights=weights, density=True).
/// @throws as histogram(a, edges, weights).
template <class T, class EB, class W, class B>
histogram_result<double, EB, B> histogram_density(const ndarray<T, B>& a, const ndarray<EB, B>& edges,
                                                  const ndarray<W, B>& weights, const histogram_options& options = {}) {
  detail::op_range<B> trace("xp::histogram");
  return detail::histogram_of<true, W>(a, edges, &weights, options);
}

/// @brief np.histogram_bin_edges(a, bins=10, range): the edges histogram(a, bins, options) uses.
/// @throws as histogram(a, bins).
template <class T, class B>
ndarray<detail::histogram_edge_t<T>, B> histogram_bin_edges(const ndarray<T, B>& a, index_t bins = 10,
                                                            const histogram_options& options = {}) {
  detail::op_range<B> trace("xp::histogram_bin_edges");
  return detail::histogram_bin_edges_of(a, bins, options);
}

/// @brief np.histogram_bin_edges(a, bins=estimator, range): "sqrt", "sturges" or "rice" (see
/// histogram(a, estimator)).
/// @throws as histogram(a, estimator).
template <class T, class B>
ndarray<detail::histogram_edge_t<T>, B> histogram_bin_edges(const ndarray<T, B>& a, std::string_view estimator,
                                                            const histogram_options& options = {}) {
  detail::op_range<B> trace("xp::histogram_bin_edges");
  return detail::histogram_bin_edges_of(a, estimator, options);
}

/// @brief np.histogram_bin_edges(a, bins=edges): the edges themselves, once checked.
/// @throws as histogram(a, edges).
template <class T, class EB, class B>
ndarray<EB, B> histogram_bin_edges(const ndarray<T, B>& a, const ndarray<EB, B>& edges,
                                   const histogram_options& options = {}) {
  detail::op_range<B> trace("xp::histogram_bin_edges");
  return detail::histogram_bin_edges_of(a, edges, options);
}

/// @brief np.histogram_bin_edges(a, bins, range, weights): NumPy only checks the weights' shape
/// (and refuses them with an estimator: no such overload here).
/// @throws as histogram_bin_edges(a, bins), and xp::shape_error when weights is not of a's shape.
template <class T, class W, class B>
ndarray<detail::histogram_edge_t<T>, B> histogram_bin_edges(const ndarray<T, B>& a, index_t bins,
                                                            const ndarray<W, B>& weights,
                                                            const histogram_options& options = {}) {
  detail::op_range<B> trace("xp::histogram_bin_edges");
  detail::check_weights_shape("xp::histogram_bin_edges", a, weights);
  return detail::histogram_bin_edges_of(a, bins, options);
}

/// @brief np.digitize(x, bins, right=false): for each element of x (any shape), the index i of
/// its bin: bins[i - 1] <= x < bins[i] for increasing bins (bins[i - 1] < x <= bins[i] with
/// `right`), bins[i - 1] > x >= bins[i] for decreasing bins (with `right`: > and >=
/// exchanged); 0 or len(bins) beyond them. int64, x's shape. Monotonicity is NumPy's (checked
/// in float64; equal neighbours allowed); the search is searchsorted's (NaN last), so on
/// xp::cuda the caller's unit is compiled by nvcc.
/// @throws xp::shape_error when bins is not 1-D; xp::value_error when bins are neither
/// increasing nor decreasing. Complex x or bins do not compile (NumPy: TypeError).
template <class T, class E, class B>
ndarray<std::int64_t, B> digitize(const ndarray<T, B>& x, const ndarray<E, B>& bins, bool right = false) {
  static_assert(!detail::is_complex_v<T> && !detail::is_complex_v<E>, "xp::digitize: x may not be complex");
  detail::op_range<B> trace("xp::digitize");
  if (bins.ndim() != 1) throw shape_error("xp::digitize: bins must be 1-D, not of shape " + to_string(bins.shape()));
  const auto h = bins.copy_to_host();
  std::vector<double> as_double(static_cast<std::size_t>(h.size()));
  for (index_t i = 0; i < h.size(); ++i) as_double[static_cast<std::size_t>(i)] = detail::convert<double>(h.data()[i]);
  const int mono = detail::edges_monotonicity(as_double);
  if (mono == 0) throw value_error("xp::digitize: bins must be monotonically increasing or decreasing");
  // NumPy's sides are swapped: right=False is searchsorted's 'right'
  const side which = right ? side::left : side::right;
  if (mono == 1) return searchsorted(bins, x, which);
  // decreasing: len(bins) - searchsorted(bins[::-1], x)
  const auto reversed = searchsorted(bins(xp::range(none, none, -1)), x, which);
  return ndarray<std::int64_t, B>(static_cast<std::int64_t>(bins.size()) - reversed);
}

/// @brief bincount, histogram and digitize of expressions: each is evaluated into an array first.
template <class E>
requires detail::is_expr<E>::value auto bincount(const E& x, index_t minlength = 0) {
  return bincount(detail::materialize(x), minlength);
}
template <class E>
requires detail::is_expr<E>::value auto histogram(const E& a, index_t bins = 10,
                                                  const histogram_options& options = {}) {
  return histogram(detail::materialize(a), bins, options);
}
template <class L, class R>
requires detail::has_expression_operand<L, R>
auto digitize(const L& x, const R& bins, bool right = false) {
  return digitize(detail::materialize_operand(x), detail::materialize_operand(bins), right);
}

// what evaluates to an array (an expression, a selection) in an array's place
XP_EVALUATING_OVERLOAD(histogram_bin_edges)

}  // namespace xp
