#pragma once
/// @file reduction.hpp
/// @brief Reductions (sum, prod, min, max, mean, var, stddev, argmin, argmax, any, all,
/// count_nonzero; nansum, nanprod, nanmin, nanmax, nanmean, nanargmin, nanargmax, ptp,
/// average, allclose) and xp::reduction_kernel, CuPy's ReductionKernel as a template.
///
/// A reduction is `{identity, map, reduce, post}`: every input value is mapped, the mapped
/// values are combined with `reduce` starting from `identity`, and `post` turns the result
/// (and the number of values combined) into the output. The operand may be an array or any
/// elementwise expression; the expression is evaluated inside the reduction's single pass
/// over the data, never stored.
///
/// Axes: `(x)` reduces everything into a 0-d array, `(x, {axes...})` the listed axes
/// (negative ones count from the end), `(x, {axes...}, true)` keeps them as length 1. Every
/// reduction takes out= last: `(x, {axes...}, keepdims, xp::out(o))` (var/stddev: after ddof).
///
/// Adding a reduction = one constant `detail::<name>_reduction<T>` made with make_reduction
/// (name, identity, map, reduce, post; `.without_identity()` when reducing nothing is an
/// error) and one `XP_REDUCTION(<name>, detail::<name>_reduction)` line, with its doc comment.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <numeric>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "xp/expr/elementwise.hpp"
#include "xp/expr/kernel.hpp"

namespace xp {

/// @brief The reduce operation of a sum (also usable in reduction_kernel).
using plus = ops::plus;
/// @brief A post-map that returns the reduced value unchanged.
struct identity {
  template <class A>
  XP_HD A operator()(A a) const {
    return a;
  }
};

namespace detail {

// The descriptor the backends run: identity, map (value or value + index within the run),
// reduce, post (value + count of values reduced).
template <class Acc, class Map, class Reduce, class Post>
struct reduction_desc {
  Acc identity;
  Map map;
  Reduce reduce;
  Post post;

  template <class V>
  XP_HD Acc map_at(V v, index_t r) const {
    if constexpr (std::is_invocable_v<const Map&, V, index_t>) return map(v, r);
    else return convert<Acc>(map(v));
  }
  XP_HD auto finish(Acc a, index_t count) const {
    if constexpr (std::is_invocable_v<const Post&, Acc, index_t>) return post(a, count);
    else return post(a);
  }
};

struct reduce_plan {
  shape_type out_shape;  // with or without the kept length-1 axes
  index_t outer = 1, inner = 1;
  reduce_layout layout = reduce_layout::full;
  shape_type iter_shape;             // merged: kept dims then reduced dims
  std::vector<shape_type> strides;   // [0] unused, then one per array leaf, in tree order
  int split = 0;                     // how many of iter_shape's dims are kept (output) dims
  index_t column_lane_multiple = 0;  // see reduce_shape
};

template <class X>
reduce_plan plan_reduction(const X& x, const axes_t& axes, bool keepdims) {
  const shape_type& shape = x.shape();
  checked_size(shape);  // an expression of broadcast views may be too big to count
  const std::size_t nd = shape.size();
  std::vector<bool> reduced(nd, axes.all());
  if (!axes.all()) {
    for (index_t a : axes.list()) {
      const int ax = normalize_axis(a, nd);
      if (reduced[ax]) throw value_error("xp: duplicate value in 'axis'");
      reduced[ax] = true;
    }
  }
  reduce_plan p;
  shape_type kept_shape, red_shape;
  for (std::size_t d = 0; d < nd; ++d) {
    if (reduced[d]) {
      red_shape.push_back(shape[d]);
      if (keepdims) p.out_shape.push_back(1);
    } else {
      kept_shape.push_back(shape[d]);
      p.out_shape.push_back(shape[d]);
    }
  }
  p.outer = size_of(kept_shape);
  p.inner = size_of(red_shape);

  leaf_layouts leaves{&shape, {}};
  leaves.collect(x);
  std::vector<shape_type> kept_strides(leaves.strides.size()), red_strides(leaves.strides.size());
  for (std::size_t k = 0; k < leaves.strides.size(); ++k)
    for (std::size_t d = 0; d < nd; ++d) (reduced[d] ? red_strides : kept_strides)[k].push_back(leaves.strides[k][d]);
  std::vector<const shape_type*> kp, rp;
  for (std::size_t k = 0; k < leaves.strides.size(); ++k) {
    kp.push_back(&kept_strides[k]);
    rp.push_back(&red_strides[k]);
  }
  const auto mk = merge_layout(kept_shape, kp);
  const auto mr = merge_layout(red_shape, rp);
  p.iter_shape = mk.shape;
  p.split = static_cast<int>(mk.shape.size());
  p.iter_shape.insert(p.iter_shape.end(), mr.shape.begin(), mr.shape.end());
  if (p.iter_shape.size() > XP_MAX_KERNEL_RANK)
    throw value_error("xp: this reduction needs more than " + std::to_string(XP_MAX_KERNEL_RANK) +
                      " non-mergeable dimensions, shape " + to_string(shape));
  p.strides.assign(1, shape_type{});
  for (std::size_t k = 0; k < leaves.strides.size(); ++k) {
    shape_type s = mk.strides[k];
    s.insert(s.end(), mr.strides[k].begin(), mr.strides[k].end());
    p.strides.push_back(std::move(s));
  }
  // Kernel choice from the first array leaf: is the reduced run unit-stride, or are
  // neighbouring outputs neighbours in memory?
  if (p.outer == 1) {
    p.layout = reduce_layout::full;
  } else if (!mr.shape.empty() && !leaves.strides.empty() && mr.strides[0].back() != 1 && !mk.shape.empty() &&
             mk.strides[0].back() == 1) {
    p.layout = reduce_layout::columns;
    // Lane loads need the output axis unit-stride in every operand; the gcd of the run
    // strides and the output count says how many lanes keep every load aligned.
    bool unit = true;
    index_t g = p.outer;
    for (std::size_t k = 0; k < leaves.strides.size(); ++k) {
      unit = unit && mk.strides[k].back() == 1 && mk.shape.size() == 1;
      for (index_t st : mr.strides[k]) g = std::gcd(g, st < 0 ? -st : st);
    }
    p.column_lane_multiple = unit ? g : 0;
  } else {
    p.layout = reduce_layout::rows;
  }
  return p;
}

/// Runs a reduction described by `desc` over operand x; the output dtype is Out.
template <class Out, class X, class Desc, class O = std::nullptr_t>
ndarray<Out, typename X::backend_type> run_reduction(const X& x, const axes_t& axes, bool keepdims, const Desc& desc,
                                                     const char* name, bool needs_values, const O& into = nullptr) {
  using B = typename X::backend_type;
  const reduce_plan p = plan_reduction(x, axes, keepdims);
  if (needs_values && p.inner == 0 && p.outer > 0)
    throw value_error(std::string("xp: zero-size array to reduction operation ") + name + " which has no identity");
  ndarray<Out, B> out;
  if constexpr (std::is_same_v<O, std::nullptr_t>) {
    out = ndarray<Out, B>(p.out_shape);
  } else {
    static_assert(std::is_same_v<std::decay_t<decltype(std::get<0>(into.arrays))>, ndarray<Out, B>>,
                  "xp: the out= array of a reduction must have the reduction's dtype and backend");
    out = std::get<0>(into.arrays);
    check_writeable(out);
    if (out.shape() != p.out_shape || !out.is_contiguous())
      throw shape_error(std::string("xp: out= of ") + name + " must be contiguous of shape " + to_string(p.out_shape) +
                        ", got " + to_string(out.shape()));
    if (output_overlaps(x, out, /*same_element_ok=*/false)) {
      // out= is one of the inputs' elements: reduce into a fresh array, then copy (NumPy's result)
      assign(out, run_reduction<Out>(x, axes, keepdims, desc, name, needs_values));
      return out;
    }
  }
  if (p.outer == 0) return out;
  kernel_builder kb{&p.iter_shape, &p.strides};
  const auto input = kb.build(x);
  debug::count_launch();
  primitive::reduce<B>::run(out.data(), p.outer, p.inner, input, desc,
                            reduce_shape{p.layout, p.split, p.column_lane_multiple});
  return out;
}

/// np.sum's result dtype: bool and signed integers give int64, unsigned ones uint64, floats
/// and complex their own.
template <class T>
using sum_result_t =
    std::conditional_t<is_inexact_v<T>, T, std::conditional_t<is_unsigned_integer_v<T>, std::uint64_t, std::int64_t>>;
/// What a sum accumulates in: its result dtype, except float16, which adds in float (NumPy's
/// half loops do) and rounds once at the end.
template <class T>
using sum_acc_t = std::conditional_t<std::is_same_v<T, float16>, float, sum_result_t<T>>;
/// The post step that rounds an accumulator to result dtype R (float -> float16), else nothing.
template <class R>
struct to_result {
  template <class A>
  XP_HD R operator()(A a) const {
    return convert<R>(a);
  }
};

template <class X>
using operand_value_t = typename value_of<std::decay_t<X>>::type;

struct take_sum {  // integers wrap like NumPy's, defined (convert.hpp)
  template <class A>
  XP_HD A operator()(A a, A b) const {
    return wrapping_add(a, b);
  }
};
struct take_prod {
  template <class A>
  XP_HD A operator()(A a, A b) const {
    return wrapping_mul(a, b);
  }
};
struct take_min {  // NaN wins, like np.min
  template <class A>
  XP_HD A operator()(A a, A b) const {
    static_assert(not_complex_v<A>, "xp::min / argmin do not order complex dtypes");
    return (math::isnan(a) || a <= b) ? a : b;
  }
};
struct take_max {
  template <class A>
  XP_HD A operator()(A a, A b) const {
    static_assert(not_complex_v<A>, "xp::max / argmax do not order complex dtypes");
    return (math::isnan(a) || a >= b) ? a : b;
  }
};
struct take_or {
  XP_HD bool operator()(bool a, bool b) const { return a || b; }
};
struct take_and {
  XP_HD bool operator()(bool a, bool b) const { return a && b; }
};

template <class T>
struct value_index {
  T value;
  index_t index;
};
struct make_value_index {
  template <class V>
  XP_HD value_index<V> operator()(V v, index_t r) const {
    return {v, r};
  }
};
// First NaN, else the extreme value, ties to the lower index: np.argmin / np.argmax.
template <bool Max>
struct take_arg {
  template <class T>
  XP_HD value_index<T> operator()(value_index<T> a, value_index<T> b) const {
    static_assert(not_complex_v<T>, "xp::argmin / argmax do not order complex dtypes");
    const bool an = math::isnan(a.value), bn = math::isnan(b.value);
    if (an || bn) {
      if (an && bn) return a.index <= b.index ? a : b;
      return an ? a : b;
    }
    const bool b_better = Max ? (b.value > a.value) : (b.value < a.value);
    if (b_better || (b.value == a.value && b.index < a.index)) return b;
    return a;
  }
};
struct take_index {
  template <class T>
  XP_HD std::int64_t operator()(value_index<T> a) const {
    return a.index;
  }
};
template <class Acc>
struct to_acc {
  template <class V>
  XP_HD Acc operator()(V v) const {
    return convert<Acc>(v);
  }
};
template <class Acc, class R = Acc>
struct divide_by_count {
  XP_HD R operator()(Acc a, index_t n) const { return convert<R>(a / static_cast<Acc>(n)); }
};
// NumPy divides by max(n - ddof, 0): inf (or NaN for 0/0) once ddof >= n, never a negative count
template <class Acc, class R = Acc>
struct divide_by_count_minus {
  index_t ddof;
  XP_HD R operator()(Acc a, index_t n) const {
    // n - ddof counted exactly (float32 cannot hold n - ddof for n past 2^24); a negative ddof
    // is the only way it could overflow int64, so that case counts in double
    const Acc dof = ddof >= n   ? Acc(0)
                    : ddof >= 0 ? static_cast<Acc>(n - ddof)
                                : static_cast<Acc>(static_cast<double>(n) - static_cast<double>(ddof));
    return convert<R>(a / dof);
  }
};
// |v|^2 in Acc: v*v for real values, re^2 + im^2 for complex (np.var of complex is real).
template <class Acc>
struct squared {
  template <class V>
  XP_HD Acc operator()(V v) const {
    if constexpr (is_complex_v<V>) {
      const Acc re = convert<Acc>(v.re), im = convert<Acc>(v.im);
      return re * re + im * im;
    } else {
      const Acc x = convert<Acc>(v);
      return x * x;
    }
  }
};
template <class R>
struct square_root {
  template <class A>
  XP_HD R operator()(A a) const {
    return convert<R>(math::sqrt(a));
  }
};
// example-begin count-nonzero
struct nonzero_count {
  template <class V>
  XP_HD std::int64_t operator()(V v) const {
    return convert<bool>(v) ? 1 : 0;
  }
};
// example-end count-nonzero
struct truthy {
  template <class V>
  XP_HD bool operator()(V v) const {
    return convert<bool>(v);
  }
};

template <class T>
constexpr T highest() {
  if constexpr (std::numeric_limits<T>::has_infinity) return std::numeric_limits<T>::infinity();
  else return std::numeric_limits<T>::max();
}
template <class T>
constexpr T lowest() {
  if constexpr (std::numeric_limits<T>::has_infinity) return -std::numeric_limits<T>::infinity();
  else return std::numeric_limits<T>::lowest();
}

// ---- the NaN-ignoring reductions, ptp ---------------------------------------------------
// NaN (either part of a complex value) mapped to Fill (0 for nansum, 1 for nanprod).
template <class Acc, int Fill>
struct nan_as {
  template <class V>
  XP_HD Acc operator()(V v) const {
    return math::isnan(v) ? convert<Acc>(Fill) : convert<Acc>(v);
  }
};
// What nanmax / nanmin start from: NaN where the dtype has one (so that an all-NaN run stays
// NaN and any number replaces it), else the extreme that every value replaces.
template <class T, bool Max>
constexpr T nan_or_extreme() {
  if constexpr (std::numeric_limits<T>::has_quiet_NaN) return std::numeric_limits<T>::quiet_NaN();
  else if constexpr (Max) return std::numeric_limits<T>::lowest();
  else return std::numeric_limits<T>::max();
}
// np.fmax / np.fmin: a NaN operand loses.
template <bool Max>
struct take_nan_extreme {
  template <class A>
  XP_HD A operator()(A a, A b) const {
    static_assert(not_complex_v<A>, "xp::nanmin / nanmax / nanargmin / nanargmax do not order complex dtypes");
    if (math::isnan(a)) return b;
    if (math::isnan(b)) return a;
    if constexpr (Max) return a >= b ? a : b;
    else return a <= b ? a : b;
  }
};
// np.nanargmin / nanargmax: NaN loses; the extreme value, ties to the lower index.
template <bool Max>
struct take_nan_arg {
  template <class T>
  XP_HD value_index<T> operator()(value_index<T> a, value_index<T> b) const {
    const bool an = math::isnan(a.value), bn = math::isnan(b.value);
    if (an && bn) return a.index <= b.index ? a : b;
    if (an) return b;
    if (bn) return a;
    return take_arg<Max>{}(a, b);
  }
};
// The index, or -1 for a run of NaN only (the caller raises NumPy's "All-NaN slice").
struct take_index_unless_nan {
  template <class T>
  XP_HD std::int64_t operator()(value_index<T> a) const {
    return math::isnan(a.value) ? std::int64_t(-1) : a.index;
  }
};
// np.nanmean: the sum of the non-NaN values and their count, in one pass.
template <class S>
struct sum_count {
  S sum;
  index_t count;
};
template <class S>
struct to_sum_count {
  template <class V>
  XP_HD sum_count<S> operator()(V v, index_t) const {
    if (math::isnan(v)) return {S(0), 0};
    return {convert<S>(v), 1};
  }
};
struct take_sum_count {
  template <class S>
  XP_HD sum_count<S> operator()(sum_count<S> a, sum_count<S> b) const {
    return {wrapping_add(a.sum, b.sum), a.count + b.count};
  }
};
// NumPy's nanmean divides the sum, rounded to R, by the count in float64 (complex128), then
// rounds to R; a count of 0 gives NaN.
template <class R>
struct divide_sum_by_count {
  template <class S>
  XP_HD R operator()(sum_count<S> a) const {
    const R total = convert<R>(a.sum);
    const double n = static_cast<double>(a.count);
    if constexpr (is_complex_v<R>)
      return R(static_cast<real_of_t<R>>(static_cast<double>(total.re) / n),
               static_cast<real_of_t<R>>(static_cast<double>(total.im) / n));
    else return convert<R>(static_cast<double>(total) / n);
  }
};
// np.ptp: the least and the greatest value in one pass, NaN propagating as np.min / np.max.
template <class T>
struct min_max {
  T lo, hi;
};
struct to_min_max {
  template <class V>
  XP_HD min_max<V> operator()(V v, index_t) const {
    return {v, v};
  }
};
struct take_min_max {
  template <class T>
  XP_HD min_max<T> operator()(min_max<T> a, min_max<T> b) const {
    return {take_min{}(a.lo, b.lo), take_max{}(a.hi, b.hi)};
  }
};
struct max_minus_min {  // in the dtype: integers wrap, as NumPy's subtract
  template <class T>
  XP_HD T operator()(min_max<T> a) const {
    static_assert(!std::is_same_v<T, bool>, "xp::ptp is not defined for bool (NumPy refuses the bool subtract)");
    return static_cast<T>(wrapping_sub(a.hi, a.lo));
  }
};

}  // namespace detail

namespace detail {

/// One reduction: the descriptor the backends run, NumPy's name (in messages) and its rules.
/// Each reduction below is one such constant (a variable template over the operand dtype T)
/// and one XP_REDUCTION line.
template <class Desc>
struct reduction {
  Desc desc;
  const char* name;
  bool needs_values = false;  // no identity: reducing nothing is an error (np.min, argmin)
  bool single_axis = false;   // all axes or one (np.argmin, argmax)

  constexpr reduction without_identity() const {
    reduction r = *this;
    r.needs_values = true;
    return r;
  }
  constexpr reduction over_one_axis() const {
    reduction r = *this;
    r.single_axis = true;
    return r;
  }
};
/// The reduction {identity, map, reduce, post} named `name` (see reduction_desc).
template <class Acc, class Map, class Reduce, class Post>
constexpr reduction<reduction_desc<Acc, Map, Reduce, Post>> make_reduction(const char* name, Acc identity, Map map,
                                                                           Reduce reduce, Post post) {
  return {{identity, map, reduce, post}, name};
}

/// Runs reduction `r` over operand x: the output dtype is what its post returns; `into` is
/// nullptr or xp::out(array) (the out= form).
template <class Desc, class X, class O>
auto reduce_with(const reduction<Desc>& r, const X& x, const axes_t& axes, bool keepdims, const O& into) {
  if (r.single_axis && !axes.all() && axes.list().size() != 1)
    throw value_error(std::string("xp::") + r.name + ": takes all axes or one axis");
  using Acc = decltype(r.desc.identity);
  using Out = std::decay_t<decltype(r.desc.finish(std::declval<Acc>(), index_t{1}))>;
  check_same_device<typename backend_of<X>::type>(x, nullptr, "xp: a reduction");
  return run_reduction<Out>(x, axes, keepdims, r.desc, r.name, r.needs_values, into);
}

/// np.mean's result dtype: floats and complex keep theirs, the rest give float64.
template <class T>
using mean_result_t = std::conditional_t<is_inexact_v<T>, T, double>;
/// What a mean accumulates in: float16 in float (NumPy's float32 intermediate), else its result.
template <class T>
using mean_acc_t = std::conditional_t<std::is_same_v<T, float16>, float, mean_result_t<T>>;
/// np.var / np.std: the real dtype of the mean (complex64 -> float32), accumulated like mean.
template <class T>
using var_result_t = real_of_t<mean_result_t<T>>;
template <class T>
using var_acc_t = real_of_t<mean_acc_t<T>>;

// np.std's post: the square root of var's.
template <class Acc, class R = Acc>
struct root_of_divide_by_count_minus {
  index_t ddof;
  XP_HD R operator()(Acc a, index_t n) const { return convert<R>(math::sqrt(divide_by_count_minus<Acc>{ddof}(a, n))); }
};

// ---- the reductions: {identity, map, reduce, post} --------------------------------------
template <class T>
inline constexpr auto sum_reduction = make_reduction("sum", sum_acc_t<T>(0), to_acc<sum_acc_t<T>>{}, take_sum{},
                                                     to_result<sum_result_t<T>>{});
template <class T>
inline constexpr auto prod_reduction = make_reduction("prod", sum_acc_t<T>(1), to_acc<sum_acc_t<T>>{}, take_prod{},
                                                      to_result<sum_result_t<T>>{});
template <class T>
inline constexpr auto min_reduction =
    make_reduction("minimum", highest<T>(), to_acc<T>{}, take_min{}, identity{}).without_identity();
template <class T>
inline constexpr auto max_reduction =
    make_reduction("maximum", lowest<T>(), to_acc<T>{}, take_max{}, identity{}).without_identity();
template <class T>
inline constexpr auto mean_reduction = make_reduction("mean", mean_acc_t<T>(0), to_acc<mean_acc_t<T>>{}, take_sum{},
                                                      divide_by_count<mean_acc_t<T>, mean_result_t<T>>{});
// var and std: the second pass, over x - mean(x) (in mean's accumulator dtype); xp::var /
// xp::stddev set ddof
template <class T>
inline constexpr auto var_reduction = make_reduction("var", var_acc_t<T>(0), squared<var_acc_t<T>>{}, take_sum{},
                                                     divide_by_count_minus<var_acc_t<T>, var_result_t<T>>{0});
template <class T>
inline constexpr auto std_reduction = make_reduction("std", var_acc_t<T>(0), squared<var_acc_t<T>>{}, take_sum{},
                                                     root_of_divide_by_count_minus<var_acc_t<T>, var_result_t<T>>{0});
template <class T>
inline constexpr auto argmin_reduction = make_reduction("argmin",
                                                        value_index<T>{highest<T>(),
                                                                       std::numeric_limits<index_t>::max()},
                                                        make_value_index{}, take_arg<false>{}, take_index{})
                                             .without_identity()
                                             .over_one_axis();
template <class T>
inline constexpr auto argmax_reduction = make_reduction("argmax",
                                                        value_index<T>{lowest<T>(),
                                                                       std::numeric_limits<index_t>::max()},
                                                        make_value_index{}, take_arg<true>{}, take_index{})
                                             .without_identity()
                                             .over_one_axis();
template <class T>
inline constexpr auto any_reduction = make_reduction("any", false, truthy{}, take_or{}, identity{});
template <class T>
inline constexpr auto all_reduction = make_reduction("all", true, truthy{}, take_and{}, identity{});
// example-begin count-nonzero
template <class T>
inline constexpr auto count_nonzero_reduction = make_reduction("count_nonzero", std::int64_t(0), nonzero_count{},
                                                               take_sum{}, identity{});
// example-end count-nonzero
template <class T>
inline constexpr auto nansum_reduction = make_reduction("nansum", sum_acc_t<T>(0), nan_as<sum_acc_t<T>, 0>{},
                                                        take_sum{}, to_result<sum_result_t<T>>{});
template <class T>
inline constexpr auto nanprod_reduction = make_reduction("nanprod", sum_acc_t<T>(1), nan_as<sum_acc_t<T>, 1>{},
                                                         take_prod{}, to_result<sum_result_t<T>>{});
template <class T>
inline constexpr auto nanmin_reduction = make_reduction("fmin", nan_or_extreme<T, false>(), to_acc<T>{},
                                                        take_nan_extreme<false>{}, identity{})
                                             .without_identity();
template <class T>
inline constexpr auto nanmax_reduction = make_reduction("fmax", nan_or_extreme<T, true>(), to_acc<T>{},
                                                        take_nan_extreme<true>{}, identity{})
                                             .without_identity();
template <class T>
inline constexpr auto nanmean_reduction = make_reduction("nanmean", sum_count<mean_acc_t<T>>{mean_acc_t<T>(0), 0},
                                                         to_sum_count<mean_acc_t<T>>{}, take_sum_count{},
                                                         divide_sum_by_count<mean_result_t<T>>{});
template <class T>
inline constexpr auto nanargmin_reduction =
    make_reduction("nanargmin", value_index<T>{nan_or_extreme<T, false>(), std::numeric_limits<index_t>::max()},
                   make_value_index{}, take_nan_arg<false>{}, take_index_unless_nan{})
        .without_identity()
        .over_one_axis();
template <class T>
inline constexpr auto nanargmax_reduction =
    make_reduction("nanargmax", value_index<T>{nan_or_extreme<T, true>(), std::numeric_limits<index_t>::max()},
                   make_value_index{}, take_nan_arg<true>{}, take_index_unless_nan{})
        .without_identity()
        .over_one_axis();
template <class T>
inline constexpr auto ptp_reduction = make_reduction("ptp", min_max<T>{highest<T>(), lowest<T>()}, to_min_max{},
                                                     take_min_max{}, max_minus_min{})
                                          .without_identity();

// var / std: the mean (kept axes), then the reduction `r` (with ddof) of the deviations.
template <class Desc, class X, class O>
auto deviation_reduction(reduction<Desc> r, const X& x, const axes_t& axes, bool keepdims, index_t ddof,
                         const O& into) {
  using T = operand_value_t<X>;
  using M = mean_acc_t<T>;  // the deviations in the mean's accumulator (complex stays complex)
  r.desc.post.ddof = ddof;
  const auto m =
      reduce_with(make_reduction("mean", M(0), to_acc<M>{}, take_sum{}, divide_by_count<M>{}), x, axes, true, nullptr);
  return reduce_with(r, astype<M>(x) - m, axes, keepdims, into);
}

}  // namespace detail

/// The public generator of reductions, used here and by any later header (it stays defined):
/// generates the public function of reduction `spec` (a variable template over the value type,
/// made with detail::make_reduction):
/// `name(x, axes = all, keepdims = false, into = nullptr)`, `into` being xp::out(array), in the
/// profiler range "xp::name".
#define XP_REDUCTION(name, spec)                                                                   \
  template <detail::array_operand X, class O = std::nullptr_t>                                     \
  auto name(const X& x, const axes_t& axes = {}, bool keepdims = false, const O& into = nullptr) { \
    detail::op_range<typename detail::backend_of<X>::type> range("xp::" #name);                    \
    return detail::reduce_with(spec<detail::operand_value_t<X>>, x, axes, keepdims, into);         \
  }

// Every reduction takes out= as its last argument, xp::out(array): the array must be
// contiguous, of the result's shape, dtype (else it does not compile) and backend, and
// writeable; when it overlaps the operand the result is computed first, then copied (NumPy's
// result). Each function below throws xp::shape_error for an out= array of another shape (or
// not contiguous), xp::value_error for a read-only out= array or a repeated axis, and
// xp::index_error (NumPy's AxisError) for an axis out of range.

/// @brief np.sum(x, axis, keepdims, out): integers and bool accumulate in int64, floats in
/// their own dtype (tree order on the device, pairwise on the host).
/// @throws xp::shape_error / xp::value_error for a bad out= or axis (see above).
XP_REDUCTION(sum, detail::sum_reduction)

/// @brief np.prod: integers and bool multiply in int64 (wrapping), floats in their own dtype.
/// @throws xp::shape_error / xp::value_error for a bad out= or axis (see above).
XP_REDUCTION(prod, detail::prod_reduction)

/// @brief np.min (np.amin): NaN propagates.
/// @throws xp::value_error on an empty reduction; for out= / axes as above.
XP_REDUCTION(min, detail::min_reduction)

/// @brief np.max (np.amax): NaN propagates.
/// @throws xp::value_error on an empty reduction; for out= / axes as above.
XP_REDUCTION(max, detail::max_reduction)

/// @brief np.mean: float32 stays float32, everything else averages in float64. The mean of
/// an empty reduction is NaN, like NumPy (which also warns).
/// @throws xp::shape_error / xp::value_error for a bad out= or axis (see above).
XP_REDUCTION(mean, detail::mean_reduction)

/// @brief np.argmin: the flat index over all axes, or the index along one axis (int64).
/// @throws xp::value_error for an empty reduction or more than one axis; for out= as above.
XP_REDUCTION(argmin, detail::argmin_reduction)

/// @brief np.argmax. @see argmin
XP_REDUCTION(argmax, detail::argmax_reduction)

/// @brief np.any (bool). @throws xp::shape_error / xp::value_error for a bad out= or axis.
XP_REDUCTION(any, detail::any_reduction)

/// @brief np.count_nonzero (int64). @throws xp::shape_error / xp::value_error for a bad out= or axis.
// example-begin count-nonzero
XP_REDUCTION(count_nonzero, detail::count_nonzero_reduction)
// example-end count-nonzero

// ---- NaN-ignoring reductions, ptp, average, allclose (NumPy's everyday statistics) ----------

/// @brief np.nansum: np.sum with NaN counted as zero (a complex value with a NaN part too);
/// the same dtypes as xp::sum; for integer and bool arrays it is xp::sum.
/// @throws xp::shape_error / xp::value_error for a bad out= or axis (see above).
XP_REDUCTION(nansum, detail::nansum_reduction)

/// @brief np.nanprod: np.prod with NaN counted as one; for integer and bool arrays it is xp::prod.
/// @throws xp::shape_error / xp::value_error for a bad out= or axis (see above).
XP_REDUCTION(nanprod, detail::nanprod_reduction)

/// @brief np.nanmin: the least non-NaN value; NaN for a run of NaN only (NumPy also warns);
/// for integer and bool arrays it is xp::min. Complex refuses (as xp::min).
/// @throws xp::value_error on an empty reduction; for out= / axes as above.
XP_REDUCTION(nanmin, detail::nanmin_reduction)

/// @brief np.nanmax: the greatest non-NaN value; NaN for a run of NaN only. @see nanmin
/// @throws xp::value_error on an empty reduction; for out= / axes as above.
XP_REDUCTION(nanmax, detail::nanmax_reduction)

/// @brief np.nanmean: the mean of the non-NaN values (one pass: their sum and count), in
/// xp::mean's dtype; NaN where every value is NaN or the run is empty (NumPy warns); for
/// integer and bool arrays it is xp::mean.
/// @throws xp::shape_error / xp::value_error for a bad out= or axis (see above).
XP_REDUCTION(nanmean, detail::nanmean_reduction)

/// @brief np.ptp (peak to peak): max - min in the array's dtype, in one pass (integers wrap,
/// as NumPy's subtract: int8 [-100, 100] gives -56); NaN propagates. bool and complex refuse
/// at compile time (NumPy refuses bool; xp orders no complex values).
/// @throws xp::value_error on an empty reduction; for out= / axes as above.
XP_REDUCTION(ptp, detail::ptp_reduction)

namespace detail {
// nanargmin / nanargmax: the reduction, then NumPy's error for a run of NaN only (a second,
// small pass over the int64 result; on the device it waits for that one bool).
template <class Desc, class X, class O>
auto nan_arg_reduction(const reduction<Desc>& r, const X& x, const axes_t& axes, bool keepdims, const O& into) {
  auto result = reduce_with(r, x, axes, keepdims, into);
  if constexpr (is_real_floating_v<operand_value_t<X>>) {
    if (result.size() > 0 && any(result < std::int64_t(0)).item())
      throw value_error(std::string("xp::") + r.name + ": All-NaN slice encountered");
  }
  return result;
}
}  // namespace detail

/// @brief np.nanargmin: the index of the least non-NaN value (int64), over all axes (flat
/// index) or one axis; for integer and bool arrays it is xp::argmin.
/// @throws xp::value_error "All-NaN slice encountered" when a run holds only NaN (NumPy's
///         ValueError), for an empty reduction and for more than one axis; out= as above.
template <detail::array_operand X, class O = std::nullptr_t>
auto nanargmin(const X& x, const axes_t& axes = {}, bool keepdims = false, const O& into = nullptr) {
  detail::op_range<typename detail::backend_of<X>::type> range("xp::nanargmin");
  return detail::nan_arg_reduction(detail::nanargmin_reduction<detail::operand_value_t<X>>, x, axes, keepdims, into);
}

/// @brief np.nanargmax. @see nanargmin
/// @throws xp::value_error as nanargmin.
template <detail::array_operand X, class O = std::nullptr_t>
auto nanargmax(const X& x, const axes_t& axes = {}, bool keepdims = false, const O& into = nullptr) {
  detail::op_range<typename detail::backend_of<X>::type> range("xp::nanargmax");
  return detail::nan_arg_reduction(detail::nanargmax_reduction<detail::operand_value_t<X>>, x, axes, keepdims, into);
}

namespace detail {
/// np.average's result dtype with weights: np.result_type(a, w), and for integer or bool `a`
/// np.result_type(a, w, float64).
template <class T, class W>
using average_result_t = std::conditional_t<is_inexact_v<T>, promote_t<T, W>, promote_t<promote_t<T, W>, double>>;
}  // namespace detail

/// @brief np.average(a, axis) without weights: xp::mean.
/// @throws as xp::mean.
template <detail::array_operand X>
auto average(const X& a, const axes_t& axes = {}, bool keepdims = false) {
  return mean(a, axes, keepdims);
}

/// @brief np.average(a, axis, weights, keepdims): sum(a * w) / sum(w) over the axes, in
/// np.result_type(a, w) (with float64 for integer or bool `a`). `weights` has a's shape, or is
/// 1-D with the length of the one axis given (NumPy's rule); it may be an expression.
/// @throws xp::shape_error when the weights' shape is neither (naming both shapes and the axis);
///         xp::value_error "weights sum to zero" when a sum of weights is zero (NumPy's
///         ZeroDivisionError), and for more than one axis with 1-D weights; xp::index_error
///         for an axis out of range.
template <detail::array_operand X, detail::array_operand W>
auto average(const X& a, const axes_t& axes, const W& weights, bool keepdims = false) {
  using Bk = typename detail::backend_of<X>::type;
  detail::op_range<Bk> range("xp::average");
  using R = detail::average_result_t<detail::operand_value_t<X>, detail::operand_value_t<W>>;
  const auto w = detail::materialize_operand(weights);
  ndarray<R, Bk> num, scl;
  if (w.shape() == a.shape()) {
    scl = sum(astype<R>(w), axes, keepdims);
    num = sum(astype<R>(a) * astype<R>(w), axes, keepdims);
  } else {
    const std::string shapes = "a of shape " + to_string(a.shape()) + ", weights of shape " + to_string(w.shape());
    if (axes.all())
      throw shape_error("xp::average: an axis must be given when the shapes of a and weights differ: " + shapes);
    if (w.ndim() != 1)
      throw shape_error("xp::average: 1-D weights expected when the shapes of a and weights differ: " + shapes);
    if (axes.list().size() != 1)
      throw value_error("xp::average: 1-D weights go with one axis, got " + std::to_string(axes.list().size()) +
                        " axes (" + shapes + ")");
    const int ax = normalize_axis(*axes.list().begin(), a.ndim());
    if (w.shape()[0] != a.shape()[ax])
      throw shape_error("xp::average: the length of the weights does not match axis " + std::to_string(ax) + ": " +
                        shapes);
    shape_type along(a.ndim(), 1);
    along[ax] = w.shape()[0];
    scl = sum(astype<R>(w));
    num = sum(astype<R>(a) * astype<R>(broadcast_to(w.reshape(along), a.shape())), axes, keepdims);
  }
  if (any(scl == R(0)).item()) throw value_error("xp::average: weights sum to zero, can't be normalized");
  return ndarray<R, Bk>(num / scl);
}

/// @brief np.allclose(a, b, rtol, atol, equal_nan): whether xp::isclose holds everywhere
/// (true for empty arrays). One reduction; on the device it waits for its result.
/// @throws xp::shape_error when a and b do not broadcast.
template <class L, class R>
requires detail::binary_operands<L, R>
bool allclose(const L& a, const R& b, double rtol = 1e-5, double atol = 1e-8, bool equal_nan = false) {
  return all(isclose(a, b, rtol, atol, equal_nan)).item();
}

/// @brief np.all, spelled `xp::all(x)` / `xp::all(x, {axes}, keepdims, xp::out(o))`: the same
/// object as the `:` index `xp::all`, called.
/// @throws xp::shape_error / xp::value_error for out= as the other reductions.
template <class X, class O>
auto all_t::operator()(const X& x, const axes_t& axes, bool keepdims, const O& into) const {
  static_assert(detail::is_operand_v<X>, "xp::all(x): x must be an array or an expression");
  detail::op_range<typename detail::backend_of<X>::type> range("xp::all");
  return detail::reduce_with(detail::all_reduction<detail::operand_value_t<X>>, x, axes, keepdims, into);
}
template <class X>
auto all_t::operator()(const X& x) const {
  return (*this)(x, axes_t{}, false);
}

/// @brief np.var(x, axis, ddof, keepdims, out): the mean of squared deviations from the mean
/// (two passes: the mean, then the deviations), divided by max(n - ddof, 0). float32 stays
/// float32, everything else gives float64.
/// @throws xp::shape_error / xp::value_error for out= as the other reductions.
template <detail::array_operand X, class O = std::nullptr_t>
auto var(const X& x, const axes_t& axes = {}, bool keepdims = false, index_t ddof = 0, const O& into = nullptr) {
  detail::op_range<typename detail::backend_of<X>::type> range("xp::var");
  return detail::deviation_reduction(detail::var_reduction<detail::operand_value_t<X>>, x, axes, keepdims, ddof, into);
}

/// @brief np.std (named stddev: a function named std would shadow namespace std inside xp):
/// the square root of xp::var, in the same passes.
/// @throws xp::shape_error / xp::value_error for out= as the other reductions.
template <detail::array_operand X, class O = std::nullptr_t>
auto stddev(const X& x, const axes_t& axes = {}, bool keepdims = false, index_t ddof = 0, const O& into = nullptr) {
  detail::op_range<typename detail::backend_of<X>::type> range("xp::stddev");
  return detail::deviation_reduction(detail::std_reduction<detail::operand_value_t<X>>, x, axes, keepdims, ddof, into);
}

/// @brief CuPy's ReductionKernel: `map` each value (or value and its index within the
/// reduced run), combine with `reduce` from `identity`, then `post` (given the reduced
/// value, or the value and the count). Call it as `k(x)`, `k(x, {axes})`, `k(x, {axes}, true)`.
///
///     auto abssum = xp::reduction_kernel([] XP_HD (float x) { return x < 0 ? -x : x; },
///                                        xp::plus{}, xp::identity{}, 0.f);
template <class Map, class Reduce, class Post, class Acc>
class reduction_kernel {
 public:
  reduction_kernel(Map map, Reduce reduce, Post post, Acc identity) : m_desc{identity, map, reduce, post} {}

  template <detail::array_operand X>
  auto operator()(const X& x, const axes_t& axes = {}, bool keepdims = false) const {
    detail::op_range<typename detail::backend_of<X>::type> range("xp::reduction_kernel");
    using Out = std::decay_t<decltype(m_desc.finish(std::declval<Acc>(), index_t{1}))>;
    return detail::run_reduction<Out>(x, axes, keepdims, m_desc, "reduction_kernel", false);
  }

 private:
  detail::reduction_desc<Acc, Map, Reduce, Post> m_desc;
};

}  // namespace xp
