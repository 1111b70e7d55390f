#pragma once
/// @file array/order_statistics.hpp
/// @brief NumPy's order statistics: median, percentile, quantile and their nan versions
/// (nanmedian, nanpercentile, nanquantile), with NumPy 2's 13 methods, on both backends through
/// the same code.
///
/// Method: the reduced axes are moved last and flattened into one C-contiguous copy (the only
/// full-size copy), whose rows the sort primitive (array/sort_primitive.hpp) partitions at the
/// positions the method needs, plus the last one (NaN sorts last: a row whose last element is NaN
/// held a NaN, and its result is NaN, as NumPy's). The positions are the same for every row, so
/// they are computed on the host, by NumPy's own index arithmetic (_QuantileMethods, _get_indexes,
/// _get_gamma), and the result is one elementwise expression over views of those positions
/// (gathered with xp::take_along_axis for a list of quantiles), with NumPy's _lerp. The nan
/// versions sort each row instead (only when the array holds a NaN: otherwise they are the
/// partition above): the NaNs then end the row, its count of them (a reduction) gives its own
/// length, and the same index arithmetic, now an elementwise expression over those counts, gives
/// per-row positions, read with xp::take_along_axis. Each functor below is written once, for the
/// host's arithmetic and for the expressions' kernels on either backend.
///
/// Result dtypes (NumPy 2's): median gives np.mean's dtype (floats and complex keep theirs,
/// integers and bool give float64). A quantile's dtype follows q: a C++ scalar q is NumPy's
/// Python float (a "weak" scalar), so float16/float32/float64 input keeps its dtype and integer
/// input gives float64; a std::vector<double> or an xp array of float dtype Q computes in Q and
/// gives the promotion of the input dtype with Q (float32 input with a vector of q: float64).
/// The discontinuous methods (inverted_cdf, closest_observation, lower, higher, nearest) return
/// the input's elements, in the input's dtype in NumPy; the method is a run-time value here, so
/// `quantile(a, q, axes, {.method = ...})` returns the continuous methods' dtype (holding those
/// elements converted) and `quantile<quantile_method::lower>(a, q, axes, keepdims)`, the method
/// known at compile time, returns NumPy's dtype exactly. bool takes only the discontinuous
/// methods (NumPy cannot subtract bools): its run-time form returns bool.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "xp/array/indexing.hpp"
#include "xp/array/manipulation.hpp"
#include "xp/array/sort_primitive.hpp"
#include "xp/array/sorting.hpp"
#include "xp/core/creation.hpp"
#include "xp/core/math.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/reduction.hpp"

namespace xp {

/// @brief NumPy 2's quantile methods (np.quantile's `method`), in its order: the three
/// discontinuous ones of Hyndman and Fan (1996), their six continuous ones, and NumPy's own
/// four. `linear` (H&F 7) is the default.
enum class quantile_method {
  inverted_cdf,               ///< H&F 1: the smallest element whose empirical CDF reaches q
  averaged_inverted_cdf,      ///< H&F 2: inverted_cdf, averaged where the CDF is flat
  closest_observation,        ///< H&F 3: the nearest element, ties to the even order statistic
  interpolated_inverted_cdf,  ///< H&F 4: alpha = 0, beta = 1
  hazen,                      ///< H&F 5: alpha = beta = 1/2
  weibull,                    ///< H&F 6: alpha = beta = 0
  linear,                     ///< H&F 7: alpha = beta = 1 (index (n - 1) q)
  median_unbiased,            ///< H&F 8: alpha = beta = 1/3
  normal_unbiased,            ///< H&F 9: alpha = beta = 3/8
  lower,                      ///< the element at floor((n - 1) q)
  higher,                     ///< the element at ceil((n - 1) q)
  nearest,                    ///< the element at (n - 1) q rounded half to even
  midpoint,                   ///< the mean of lower's and higher's elements
};

/// @brief quantile's and percentile's options: the method and NumPy's keepdims (the reduced
/// axes kept with length 1, after q's axes).
struct quantile_options {
  quantile_method method = quantile_method::linear;
  bool keepdims = false;
};

namespace detail {

/// True for the methods that return an element of the input (NumPy's fix_gamma is None).
XP_HD constexpr bool is_discontinuous(quantile_method m) {
  return m == quantile_method::inverted_cdf || m == quantile_method::closest_observation ||
         m == quantile_method::lower || m == quantile_method::higher || m == quantile_method::nearest;
}

/// Hyndman and Fan's plotting position constants of the continuous methods that take them
/// (NumPy's _compute_virtual_index); linear and midpoint compute their index directly. A function,
/// not constants: device code reads no namespace-scope object of class type.
struct plotting_position {
  double alpha, beta;
};
XP_HD constexpr plotting_position plotting_position_of(quantile_method m) {
  switch (m) {
    case quantile_method::interpolated_inverted_cdf:
      return {0.0, 1.0};
    case quantile_method::hazen:
      return {0.5, 0.5};
    case quantile_method::weibull:
      return {0.0, 0.0};
    case quantile_method::median_unbiased:
      return {1 / 3.0, 1 / 3.0};
    default:
      return {3 / 8.0, 3 / 8.0};  // normal_unbiased
  }
}

/// Where one quantile lies in a sorted row of n elements: the positions of its two neighbours
/// (in [0, n - 1]; equal for the discontinuous methods, whose element is `prev`) and the weight
/// of `next`, in the dtype G that NumPy's index arithmetic runs in.
template <class G>
struct quantile_point {
  std::int64_t prev, next;
  G gamma;
};

template <class G>
XP_HD double as_double(G x) {
  return convert<double>(x);
}

/// Python's x % 2 (the divisor's sign) of an integral-valued x.
template <class G>
XP_HD double python_mod2(G x) {
  const double r = math::fmod(as_double(x), 2.0);
  return r < 0 ? r + 2.0 : r;
}

XP_HD inline std::int64_t clamp_position(std::int64_t i, std::int64_t n) { return i < 0 ? 0 : (i > n - 1 ? n - 1 : i); }

/// NumPy's _discrete_interpolation_to_boundaries: floor(index) where the fractional part is 0
/// (and, for closest_observation, floor(index) is odd), else floor(index) + 1; negatives to 0.
template <class G>
XP_HD std::int64_t boundary_position(G index, bool closest, std::int64_t n) {
  const G previous = math::floor(index);
  const G gamma = index - previous;
  bool take_previous = as_double(gamma) == 0.0;
  if (closest) take_previous = take_previous && python_mod2(previous) == 1.0;
  const G chosen = take_previous ? previous : previous + convert<G>(1.0);
  return clamp_position(convert<std::int64_t>(chosen), n);
}

/// NumPy's virtual index and its neighbours for quantile q of a row of n elements (n >= 1), in
/// G's arithmetic (each operation rounded to G, as NumPy's arrays of G compute; n and the
/// constants are Python scalars, so they take G). Written once for the host (the partition's
/// positions) and for an elementwise expression (the nan versions' per-row positions).
template <class G>
XP_HD quantile_point<G> quantile_position(quantile_method method, std::int64_t n, G q) {
  const G one = convert<G>(1.0);
  const G half = convert<G>(0.5);
  const G count = convert<G>(n);
  const G last = convert<G>(n - 1);
  auto element = [n](std::int64_t i) {
    const std::int64_t at = clamp_position(i, n);
    return quantile_point<G>{at, at, G(0)};
  };
  G v;  // the virtual index: a fractional position in the sorted row
  switch (method) {
    case quantile_method::inverted_cdf:
      return element(boundary_position<G>(count * q - one, false, n));
    case quantile_method::closest_observation:
      return element(boundary_position<G>(count * q - one - half, true, n));
    case quantile_method::lower:
      return element(convert<std::int64_t>(math::floor(last * q)));
    case quantile_method::higher:
      return element(convert<std::int64_t>(math::ceil(last * q)));
    case quantile_method::nearest:
      return element(convert<std::int64_t>(math::round(last * q)));
    case quantile_method::averaged_inverted_cdf:
      v = count * q - one;
      break;
    case quantile_method::linear:
      v = last * q;  // NumPy's form, not alpha = beta = 1's (equal, without its rounding)
      break;
    case quantile_method::midpoint:
      v = half * (math::floor(last * q) + math::ceil(last * q));
      break;
    default: {
      const plotting_position p = plotting_position_of(method);
      v = count * q + (convert<G>(p.alpha) + q * convert<G>(1 - p.alpha - p.beta)) - one;
    }
  }
  // _get_indexes: from the last position on, the last element (its position counted as -1 in
  // gamma, as NumPy's); below the first, the first
  std::int64_t prev_raw;
  if (as_double(v) >= as_double(last)) prev_raw = -1;
  else if (as_double(v) < 0.0) prev_raw = 0;
  else prev_raw = convert<std::int64_t>(math::floor(v));
  G gamma = convert<G>(as_double(v) - static_cast<double>(prev_raw));
  if (method == quantile_method::averaged_inverted_cdf) gamma = convert<G>(as_double(gamma) == 0.0 ? 0.5 : 1.0);
  else if (method == quantile_method::midpoint) gamma = convert<G>(math::fmod(as_double(v), 1.0) == 0.0 ? 0.0 : 0.5);
  const std::int64_t prev = prev_raw == -1 ? n - 1 : prev_raw;
  const std::int64_t next = prev_raw == -1 ? n - 1 : (as_double(v) < 0.0 ? 0 : prev_raw + 1);
  return {clamp_position(prev, n), clamp_position(next, n), gamma};
}

/// The nan versions' per-row positions: a sorted row of `length` elements with `nans` NaNs
/// starts with its length - nans numbers (an all-NaN row reads its first element, a NaN).
template <class G>
struct quantile_position_op {
  quantile_method method;
  index_t length;
  bool next;
  template <class Q>
  XP_HD std::int64_t operator()(std::int64_t nans, Q q) const {
    if (nans == length) return 0;
    const quantile_point<G> p = quantile_position<G>(method, length - nans, convert<G>(q));
    return next ? p.next : p.prev;
  }
};
template <class G>
struct quantile_gamma_op {
  quantile_method method;
  index_t length;
  template <class Q>
  XP_HD G operator()(std::int64_t nans, Q q) const {
    return nans == length ? G(0) : quantile_position<G>(method, length - nans, convert<G>(q)).gamma;
  }
};

/// NumPy's _lerp in the result dtype R: b - a in the input dtype (integers wrap, as NumPy's),
/// then a + d t below t = 0.5 and b - d (1 - t) from it on (1 - t in t's dtype G). A NaN `last`
/// (the row's last element after a partition) gives NaN: the row held one. (One form for every
/// caller, so that each dtype compiles one kernel: integers pass `a`, the nan versions too.)
template <class R>
struct quantile_lerp {
  template <class T, class G>
  XP_HD R operator()(T a, T b, G t, T last) const {
    if (math::isnan(last)) return convert<R>(last);
    const T d = ops::minus{}(b, a);
    if (as_double(t) >= 0.5)
      return ops::minus{}(convert<R>(b), ops::multiplies{}(convert<R>(d), convert<R>(ops::minus{}(G(1), t))));
    return ops::plus{}(convert<R>(a), ops::multiplies{}(convert<R>(d), convert<R>(t)));
  }
};

/// A discontinuous method's element in R (NaN where the row held one; as quantile_lerp's `last`).
template <class R>
struct quantile_pick {
  template <class T>
  XP_HD R operator()(T a, T last) const {
    return convert<R>(math::isnan(last) ? last : a);
  }
};

/// The median from a row's middle elements as np.mean computes it (in Acc, then R): lo alone
/// for an odd count of numbers (`length` - `nans`), (lo + hi) / 2 for an even one; NaN where the
/// row held one (`last`, as quantile_lerp's).
template <class R, class Acc>
struct middle_mean {
  index_t length;
  template <class T>
  XP_HD R operator()(T lo, T hi, std::int64_t nans, T last) const {
    if (math::isnan(last)) return convert<R>(last);
    if ((length - nans) % 2 == 1) return convert<R>(ops::divides{}(convert<Acc>(lo), convert<Acc>(1.0)));
    return convert<R>(ops::divides{}(ops::plus{}(convert<Acc>(lo), convert<Acc>(hi)), convert<Acc>(2.0)));
  }
};

/// The position of a sorted row's lower (or upper) middle number: `length` - `nans` lead it.
struct middle_position_op {
  index_t length;
  bool upper;
  XP_HD std::int64_t operator()(std::int64_t nans) const {
    const std::int64_t count = length - nans;
    if (count == 0) return 0;
    return upper ? count / 2 : (count - 1) / 2;
  }
};

/// NaN in R (both parts of a complex R, as np.mean's 0 / 0).
template <class R>
R nan_of() {
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  if constexpr (is_complex_v<R>) return R(nan, nan);
  else return convert<R>(nan);
}

/// Whether the rows hold a NaN, and then each row's count of them (one reduction, compiled once:
/// over every axis, then along the rows).
template <class T, class B>
bool count_nans(const ndarray<T, B>& rows, ndarray<std::int64_t, B>& per_row) {
  if (count_nonzero(isnan(rows)).item() == 0) return false;
  per_row = count_nonzero(isnan(rows), {-1});
  return true;
}

/// The reduction's layout: the axes kept (in order) and the reduced ones, the kept extents, the
/// keepdims shape and the number of elements reduced per result.
struct reduced_layout {
  std::vector<index_t> order;  // kept axes, then reduced ones: the transpose that makes rows
  shape_type kept;
  shape_type kept_with_ones;
  index_t length = 1;
};

inline reduced_layout reduce_axes_layout(const char* fn, const shape_type& shape, const axes_t& axes) {
  const std::size_t ndim = shape.size();
  std::vector<bool> reduced(ndim, axes.all());
  if (!axes.all())
    for (int ax : normalize_axes(fn, axes.list(), ndim)) reduced[static_cast<std::size_t>(ax)] = true;
  reduced_layout l;
  for (std::size_t d = 0; d < ndim; ++d) {
    l.kept_with_ones.push_back(reduced[d] ? 1 : shape[d]);
    if (reduced[d]) continue;
    l.order.push_back(static_cast<index_t>(d));
    l.kept.push_back(shape[d]);
  }
  for (std::size_t d = 0; d < ndim; ++d)
    if (reduced[d]) {
      l.order.push_back(static_cast<index_t>(d));
      l.length *= shape[d];
    }
  return l;
}

/// The rows to partition or sort: the reduced axes last and flattened, C-contiguous (one copy).
template <class T, class B>
ndarray<T, B> rows_of(const ndarray<T, B>& a, const reduced_layout& l) {
  shape_type rows_shape = l.kept;
  rows_shape.push_back(l.length);
  return transpose(a, l.order).copy().reshape(rows_shape);
}

/// Partitions (kth: ascending, distinct positions) or, with no kth, sorts each row in place.
template <class T, class B>
void order_rows(const ndarray<T, B>& rows, const std::vector<index_t>& kth) {
  if (rows.size() == 0) return;
  const index_t length = rows.shape().back();
  const sort_problem<T> p{rows.data(), nullptr, rows.size() / length, length, false, kth.empty() ? nullptr : kth.data(),
                          static_cast<index_t>(kth.size()), nullptr,
                          // only the kth positions are read: a selection need not place the rest
                          !kth.empty()};
  primitive::sort<B>::run(p);
}

/// shape + `count` trailing ones: q's values broadcast against the rows' kept axes.
inline shape_type with_trailing_ones(shape_type shape, std::size_t count) {
  shape.insert(shape.end(), count, 1);
  return shape;
}

inline shape_type concat_shapes(shape_type a, const shape_type& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

/// The sorted rows' elements at per-row positions (q_shape + kept, int64; kept may be ones,
/// the same positions for every row): q_shape + the rows' kept shape.
template <class T, class B>
ndarray<T, B> at_row_positions(const ndarray<T, B>& rows, const ndarray<std::int64_t, B>& positions) {
  const std::size_t kept = rows.ndim() - 1;
  shape_type flat(positions.shape().end() - static_cast<std::ptrdiff_t>(kept), positions.shape().end());
  flat.insert(flat.begin(), -1);
  shape_type out(positions.shape().begin(), positions.shape().end() - static_cast<std::ptrdiff_t>(kept));
  out.insert(out.end(), rows.shape().begin(), rows.shape().end() - 1);
  return take_along_axis(moveaxis(rows, -1, 0), positions.reshape(flat), 0).reshape(out);
}

/// The rows' elements at one position per quantile, the same for every row: q_shape + kept (a
/// view for a 0-d q).
template <class T, class B>
ndarray<T, B> at_positions(const ndarray<T, B>& rows, const std::vector<std::int64_t>& positions,
                           const shape_type& q_shape) {
  if (q_shape.empty()) return rows(ellipsis, positions.front());
  return at_row_positions(rows, array<std::int64_t, B>(positions, with_trailing_ones(q_shape, rows.ndim() - 1)));
}

/// The quantiles of every row of a C-contiguous (kept..., n) array: R the result dtype, G the
/// index arithmetic's, `q` in G (validated), of shape q_shape. With `skip_nan` (the nan
/// versions) NaNs are left out of each row. Result: q_shape + kept.
template <class R, class G, class T, class B>
ndarray<R, B> quantile_rows(const ndarray<T, B>& rows, const std::vector<G>& q, const shape_type& q_shape,
                            quantile_method method, bool skip_nan, const char* fn) {
  const index_t n = rows.shape().back();
  const bool discontinuous = is_discontinuous(method);
  constexpr bool may_hold_nan = is_real_floating_v<T>;
  const shape_type kept(rows.shape().begin(), rows.shape().end() - 1);
  if constexpr (may_hold_nan) {
    ndarray<std::int64_t, B> nans;
    if (skip_nan && count_nans(rows, nans)) {
      order_rows(rows, {});  // NaN last: each row's numbers lead it
      const auto q_values = array<G, B>(q, with_trailing_ones(q_shape, kept.size()));
      const auto position = [&](bool upper) {
        return at_row_positions(rows, eval(make_expr(quantile_position_op<G>{method, n, upper}, nans, q_values)));
      };
      // an all-NaN row reads its NaN as `a`, which stands for `last` here
      const ndarray<T, B> a = position(false);
      if (discontinuous) return ndarray<R, B>(make_expr(quantile_pick<R>{}, a, a));
      const auto gamma = eval(make_expr(quantile_gamma_op<G>{method, n}, nans, q_values));
      return ndarray<R, B>(make_expr(quantile_lerp<R>{}, a, position(true), gamma, a));
    }
  }
  std::vector<std::int64_t> prev(q.size()), next(q.size());
  std::vector<G> gamma(q.size());
  std::vector<index_t> kth;
  for (std::size_t i = 0; i < q.size(); ++i) {
    const quantile_point<G> p = quantile_position<G>(method, n, q[i]);
    prev[i] = p.prev;
    next[i] = p.next;
    gamma[i] = p.gamma;
    kth.push_back(p.prev);
    if (!discontinuous) kth.push_back(p.next);
  }
  if constexpr (may_hold_nan) kth.push_back(n - 1);
  order_rows(rows, normalize_kth(fn, kth, n));
  const ndarray<T, B> a = at_positions(rows, prev, q_shape);
  // integers hold no NaN: `a` stands for the last element
  const ndarray<T, B> last = may_hold_nan ? rows(ellipsis, n - 1) : a;
  if constexpr (std::is_same_v<T, bool>) {
    return ndarray<R, B>(make_expr(quantile_pick<R>{}, a, last));  // only the discontinuous methods reach here
  } else {
    if (discontinuous) return ndarray<R, B>(make_expr(quantile_pick<R>{}, a, last));
    const auto t = array<G, B>(gamma, with_trailing_ones(q_shape, kept.size()));
    return ndarray<R, B>(make_expr(quantile_lerp<R>{}, a, at_positions(rows, next, q_shape), t, last));
  }
}

/// What a q argument is: NumPy's weak Python scalar (an arithmetic C++ scalar), a list
/// (std::vector<double>), or an array (an xp array or expression of B). G: the dtype of the
/// index arithmetic; `percent`: percentile's q, divided by 100 in G (integer arrays divide in
/// float64, as np.true_divide).
template <class Q, class B, bool Percent, class = void>
struct quantile_q {
  static constexpr bool valid = false;  // (the members below only keep the error message alone)
  static constexpr bool weak = false;
  using G = double;
};
template <class Q, class B, bool Percent>
struct quantile_q<Q, B, Percent, std::enable_if_t<std::is_arithmetic_v<Q> && !std::is_same_v<Q, bool>>> {
  static constexpr bool valid = true;
  static constexpr bool weak = true;
  using G = double;
  static shape_type shape(const Q&) { return {}; }
  static std::vector<G> values(const Q& q) { return {static_cast<G>(q)}; }
};
template <class B, bool Percent>
struct quantile_q<std::vector<double>, B, Percent> {
  static constexpr bool valid = true;
  static constexpr bool weak = false;
  using G = double;
  static shape_type shape(const std::vector<double>& q) { return {static_cast<index_t>(q.size())}; }
  static std::vector<G> values(const std::vector<double>& q) { return q; }
};
template <class Q, class B, bool Percent>
struct quantile_q<Q, B, Percent, std::enable_if_t<is_operand_v<Q>>> {
  using V = typename value_of<Q>::type;
  static constexpr bool valid = std::is_same_v<typename backend_of<Q>::type, B> && !is_complex_v<V>;
  static constexpr bool weak = false;
  using G = std::conditional_t<is_real_floating_v<V>, V, double>;
  static_assert(Percent || is_real_floating_v<V> || is_complex_v<V>,
                "xp::quantile: q as an integer or bool array is not taken (NumPy then indexes with it, so that the "
                "result keeps the input dtype); pass a float array, e.g. q.astype<double>()");
  static shape_type shape(const Q& q) { return q.shape(); }
  static std::vector<G> values(const Q& q) {
    const auto h = materialize(q).copy_to_host();  // C-contiguous
    std::vector<G> out(static_cast<std::size_t>(h.size()));
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = convert<G>(h.data()[i]);
    return out;
  }
};

/// np.quantile's result dtype for the continuous methods: a weak q keeps float input's dtype and
/// gives float64 for integers; an array q promotes the input dtype with its own.
template <class T, class G, bool Weak>
using quantile_continuous_t =
    std::conditional_t<Weak, std::conditional_t<is_real_floating_v<T>, T, double>, promote_t<T, G>>;

/// The q values in G, checked against [0, 1] (percentile: [0, 100], compared after the division
/// by 100 in G, as NumPy's); q must be at most 2-D (NumPy's limit).
template <class G>
std::vector<G> checked_quantiles(const char* fn, std::vector<G> q, const shape_type& shape, bool percent) {
  if (shape.size() > 2) throw value_error(std::string(fn) + ": q must be a scalar or 1d");
  for (G& v : q) {
    if (percent) v = ops::divides{}(v, convert<G>(100.0));
    const double x = as_double(v);
    if (!(x >= 0.0 && x <= 1.0))  // NaN too
      throw value_error(std::string(fn) + (percent ? ": Percentiles must be in the range [0, 100]"
                                                   : ": Quantiles must be in the range [0, 1]"));
  }
  return q;
}

/// quantile, percentile and the nan versions: the checks (before anything is computed), NumPy's
/// empty cases, the rows, then quantile_rows.
template <class R, bool Percent, class T, class B, class Q>
ndarray<R, B> quantile_of(const char* fn, const ndarray<T, B>& a, const Q& q, const axes_t& axes,
                          quantile_method method, bool keepdims, bool skip_nan) {
  using spec = quantile_q<Q, B, Percent>;
  using G = typename spec::G;
  if (static_cast<int>(method) < 0 || static_cast<int>(method) > static_cast<int>(quantile_method::midpoint))
    throw value_error(std::string(fn) + ": not a quantile method (" + std::to_string(static_cast<int>(method)) + ")");
  if (std::is_same_v<T, bool> && !is_discontinuous(method))
    throw dtype_error(std::string(fn) +
                      ": bool input takes only the discontinuous methods (inverted_cdf, closest_observation, lower, "
                      "higher, nearest): NumPy's interpolation subtracts elements");
  const shape_type q_shape = spec::shape(q);
  const std::vector<G> qs = checked_quantiles<G>(fn, spec::values(q), q_shape, Percent);
  const reduced_layout l = reduce_axes_layout(fn, a.shape(), axes);
  // NumPy's nan versions answer an empty array with np.nanmean: NaN, q's axes dropped
  if (skip_nan && a.size() == 0) return full<R, B>(keepdims ? l.kept_with_ones : l.kept, nan_of<R>());
  if (l.length == 0) throw index_error(std::string(fn) + ": index -1 is out of bounds for axis 0 with size 0");
  const ndarray<R, B> r = quantile_rows<R, G>(rows_of(a, l), qs, q_shape, method, skip_nan, fn);
  return r.reshape(concat_shapes(q_shape, keepdims ? l.kept_with_ones : l.kept));
}

/// median and nanmedian: the middle one or two elements of each row (partitioned; sorted for
/// nanmedian when the array holds a NaN), averaged as np.mean does.
template <class T, class B>
ndarray<mean_result_t<T>, B> median_of(const char* fn, const ndarray<T, B>& a, const axes_t& axes, bool keepdims,
                                       bool skip_nan) {
  using R = mean_result_t<T>;
  using Acc = mean_acc_t<T>;
  const reduced_layout l = reduce_axes_layout(fn, a.shape(), axes);
  const shape_type out_shape = keepdims ? l.kept_with_ones : l.kept;
  // an empty row: np.mean's NaN (and np.nanmean's, nanmedian's answer to an empty array)
  if (l.length == 0 || (skip_nan && a.size() == 0)) return full<R, B>(out_shape, nan_of<R>());
  const ndarray<T, B> rows = rows_of(a, l);
  const index_t n = l.length;
  if constexpr (is_real_floating_v<T>) {
    ndarray<std::int64_t, B> nans;
    if (skip_nan && count_nans(rows, nans)) {
      order_rows(rows, {});
      const auto lo = at_row_positions(rows, eval(make_expr(middle_position_op{n, false}, nans)));
      const auto hi = at_row_positions(rows, eval(make_expr(middle_position_op{n, true}, nans)));
      // an all-NaN row reads its NaN as `lo`, which stands for `last` here
      return ndarray<R, B>(make_expr(middle_mean<R, Acc>{n}, lo, hi, nans, lo)).reshape(out_shape);
    }
  }
  std::vector<index_t> kth{(n - 1) / 2, n / 2};
  if constexpr (is_inexact_v<T>) kth.push_back(n - 1);
  order_rows(rows, normalize_kth(fn, kth, n));
  const ndarray<T, B> lo = rows(ellipsis, (n - 1) / 2);
  const ndarray<T, B> hi = rows(ellipsis, n / 2);
  const auto no_nans = full<std::int64_t, B>({}, 0);
  // integers hold no NaN: `lo` stands for the last element
  const ndarray<T, B> last = is_inexact_v<T> ? rows(ellipsis, n - 1) : lo;
  return ndarray<R, B>(make_expr(middle_mean<R, Acc>{n}, lo, hi, no_nans, last)).reshape(out_shape);
}

/// The result dtype of quantile and percentile: with the method known at compile time
/// (`Known`, M), NumPy's (the input dtype for a discontinuous method); with a run-time method,
/// the continuous methods' (bool: bool, which takes only the discontinuous ones).
template <class T, class G, bool Weak, bool Known, quantile_method M>
using quantile_result_t =
    std::conditional_t<Known ? is_discontinuous(M) : std::is_same_v<T, bool>, T, quantile_continuous_t<T, G, Weak>>;

/// The public functions' common body: the compile-time checks, then quantile_of.
template <bool Percent, bool SkipNaN, bool Known, quantile_method M, class X, class Q>
auto quantile_entry(const char* fn, const X& a, const Q& q, const axes_t& axes, quantile_method method, bool keepdims) {
  using T = operand_value_t<X>;
  using B = typename backend_of<X>::type;
  using spec = quantile_q<Q, B, Percent>;
  static_assert(!is_complex_v<T>,
                "xp::quantile, percentile and their nan versions: a must be an array of real numbers (NumPy 2 "
                "raises TypeError for complex input)");
  static_assert(spec::valid,
                "xp::quantile, percentile and their nan versions: q is a real scalar, a std::vector<double> or a "
                "real xp array (or expression) on a's backend");
  static_assert(!Known || is_discontinuous(M) || !std::is_same_v<T, bool>,
                "xp::quantile: bool input takes only the discontinuous methods (inverted_cdf, "
                "closest_observation, lower, higher, nearest): NumPy's interpolation subtracts elements");
  using R = quantile_result_t<T, typename spec::G, spec::weak, Known, M>;
  op_range<B> range(fn);
  return quantile_of<R, Percent>(fn, materialize(a), q, axes, method, keepdims, SkipNaN);
}

}  // namespace detail

/// @brief np.median(a, axis, keepdims): the middle element of each reduced slice, or the mean
/// of the middle two (as np.mean computes it), over every axis by default, one, or a list
/// (moved last and flattened). One partition per slice. NaN where a slice holds a NaN; an empty
/// slice gives NaN (np.mean of nothing; NumPy also warns). Result dtype np.mean's: floats and
/// complex keep theirs, integers and bool give float64.
/// @throws xp::axis_error for an axis out of range; xp::value_error for a repeated axis;
///         xp::out_of_memory.
template <detail::array_operand X>
auto median(const X& a, const axes_t& axes = {}, bool keepdims = false) {
  detail::op_range<typename detail::backend_of<X>::type> range("xp::median");
  return detail::median_of("xp::median", detail::materialize(a), axes, keepdims, false);
}

/// @brief np.nanmedian(a, axis, keepdims): median with the NaNs left out; NaN for a slice of
/// NaNs only, np.nanmean's answer for an empty array (NumPy's). Integer and bool input: median.
/// Not for complex input (a compile-time error). (NumPy sums a float16 pair in float16 for slices
/// shorter than 600 along one axis of a 2-D or more array, overflowing where np.mean does not;
/// xp computes as np.mean everywhere.)
/// @throws as median.
template <detail::array_operand X>
auto nanmedian(const X& a, const axes_t& axes = {}, bool keepdims = false) {
  static_assert(!detail::is_complex_v<detail::operand_value_t<X>>,
                "xp::nanmedian: complex input is not taken (its NaNs do not sort last)");
  detail::op_range<typename detail::backend_of<X>::type> range("xp::nanmedian");
  return detail::median_of("xp::nanmedian", detail::materialize(a), axes, keepdims, true);
}

/// @brief np.quantile(a, q, axis, method, keepdims): the q-th quantiles (q in [0, 1]) of each
/// reduced slice (every axis by default, one, or a list), by NumPy 2's method (quantile_method;
/// `linear` by default), with its index arithmetic and interpolation exactly. q: a scalar (the
/// result has the kept axes' shape), a std::vector<double>, or a float xp array of at most 2
/// dimensions on a's backend (q's axes lead the result). One partition per slice at the
/// positions the method needs. A slice holding a NaN gives NaN. Result dtype: a scalar q keeps
/// a float input's dtype (integers give float64); a vector or an array q promotes the input
/// dtype with q's (float64 for a vector); bool input gives bool (file comment: the discontinuous
/// methods' dtype, and the compile-time form that gives NumPy's).
/// @throws xp::value_error for q outside [0, 1] or NaN, or q of more than 2 dimensions, or a
///         repeated axis; xp::index_error for a reduced length of 0 (NumPy's IndexError);
///         xp::axis_error for an axis out of range; xp::dtype_error for a continuous method on
///         bool input; xp::out_of_memory. Complex input does not compile (NumPy: TypeError).
template <detail::array_operand X, class Q = std::vector<double>>
auto quantile(const X& a, const Q& q, const axes_t& axes = {}, quantile_options options = {}) {
  return detail::quantile_entry<false, false, false, quantile_method::linear>("xp::quantile", a, q, axes,
                                                                              options.method, options.keepdims);
}
/// @brief np.quantile with the method M known at compile time: NumPy's result dtype exactly
/// (a discontinuous method returns the input dtype). @throws as quantile.
template <quantile_method M, detail::array_operand X, class Q = std::vector<double>>
auto quantile(const X& a, const Q& q, const axes_t& axes = {}, bool keepdims = false) {
  return detail::quantile_entry<false, false, true, M>("xp::quantile", a, q, axes, M, keepdims);
}

/// @brief np.percentile(a, q, axis, method, keepdims): quantile of q / 100 (the division in q's
/// dtype, as NumPy's; an integer array q divides in float64), q in [0, 100].
/// @throws xp::value_error for q outside [0, 100] or NaN; otherwise as quantile.
template <detail::array_operand X, class Q = std::vector<double>>
auto percentile(const X& a, const Q& q, const axes_t& axes = {}, quantile_options options = {}) {
  return detail::quantile_entry<true, false, false, quantile_method::linear>("xp::percentile", a, q, axes,
                                                                             options.method, options.keepdims);
}
/// @brief np.percentile with the method M known at compile time (NumPy's dtype exactly).
/// @throws as percentile.
template <quantile_method M, detail::array_operand X, class Q = std::vector<double>>
auto percentile(const X& a, const Q& q, const axes_t& axes = {}, bool keepdims = false) {
  return detail::quantile_entry<true, false, true, M>("xp::percentile", a, q, axes, M, keepdims);
}

/// @brief np.nanquantile(a, q, axis, method, keepdims): quantile with the NaNs of each slice left
/// out (each slice sorted, when the array holds a NaN); NaN for a slice of NaNs only. An empty
/// array gives np.nanmean(a, axis, keepdims), q's axes dropped, as NumPy does. (NumPy gives the
/// dtype of its first slice's answer to every slice when q is an array: float32 input whose first
/// slice is all NaN then comes back float32; xp keeps quantile's dtype.)
/// @throws as quantile, except for a reduced length of 0 in an empty array (the case above).
template <detail::array_operand X, class Q = std::vector<double>>
auto nanquantile(const X& a, const Q& q, const axes_t& axes = {}, quantile_options options = {}) {
  return detail::quantile_entry<false, true, false, quantile_method::linear>("xp::nanquantile", a, q, axes,
                                                                             options.method, options.keepdims);
}
/// @brief np.nanquantile with the method M known at compile time. @throws as nanquantile.
template <quantile_method M, detail::array_operand X, class Q = std::vector<double>>
auto nanquantile(const X& a, const Q& q, const axes_t& axes = {}, bool keepdims = false) {
  return detail::quantile_entry<false, true, true, M>("xp::nanquantile", a, q, axes, M, keepdims);
}

/// @brief np.nanpercentile(a, q, axis, method, keepdims): nanquantile of q / 100.
/// @throws as percentile and nanquantile.
template <detail::array_operand X, class Q = std::vector<double>>
auto nanpercentile(const X& a, const Q& q, const axes_t& axes = {}, quantile_options options = {}) {
  return detail::quantile_entry<true, true, false, quantile_method::linear>("xp::nanpercentile", a, q, axes,
                                                                            options.method, options.keepdims);
}
/// @brief np.nanpercentile with the method M known at compile time. @throws as nanpercentile.
template <quantile_method M, detail::array_operand X, class Q = std::vector<double>>
auto nanpercentile(const X& a, const Q& q, const axes_t& axes = {}, bool keepdims = false) {
  return detail::quantile_entry<true, true, true, M>("xp::nanpercentile", a, q, axes, M, keepdims);
}

}  // namespace xp
