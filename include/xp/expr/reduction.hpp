#pragma once
/// @file reduction.hpp
/// @brief Reductions (sum, prod, min, max, mean, var, stddev, argmin, argmax, any, all,
/// count_nonzero, norm) and xp::reduction_kernel, CuPy's ReductionKernel as a template.
///
/// A reduction is `{identity, map, reduce, post}`: every input value is mapped, the mapped
/// values are combined with `reduce` starting from `identity`, and `post` turns the result
/// (and the number of values combined) into the output. The operand may be an array or any
/// elementwise expression; the expression is evaluated inside the reduction's single pass
/// over the data, never stored.
///
/// Axes: `(x)` reduces everything into a 0-d array, `(x, {axes...})` the listed axes
/// (negative ones count from the end), `(x, {axes...}, true)` keeps them as length 1.

#include <algorithm>
#include <numeric>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
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
  XP_HD A operator()(A a) const { return a; }
};

/// @brief The axes argument of a reduction: every axis (the default) or a list.
class axes_t {
 public:
  axes_t() = default;  // all axes
  axes_t(std::initializer_list<index_t> axes) : m_axes(std::vector<index_t>(axes)) {}
  axes_t(std::vector<index_t> axes) : m_axes(std::move(axes)) {}
  axes_t(index_t axis) : m_axes(std::vector<index_t>{axis}) {}
  axes_t(int axis) : m_axes(std::vector<index_t>{axis}) {}
  bool all() const { return !m_axes.has_value(); }
  const std::vector<index_t>& list() const { return *m_axes; }

 private:
  std::optional<std::vector<index_t>> m_axes;
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
  shape_type out_shape;       // with or without the kept length-1 axes
  index_t outer = 1, inner = 1;
  reduce_layout layout = reduce_layout::full;
  shape_type iter_shape;               // merged: kept dims then reduced dims
  std::vector<shape_type> strides;     // [0] unused, then one per array leaf, in tree order
  int split = 0;                       // how many of iter_shape's dims are kept (output) dims
  index_t column_lane_multiple = 0;    // see reduce_shape
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
ndarray<Out, typename X::backend_type> run_reduction(const X& x, const axes_t& axes, bool keepdims,
                                                     const Desc& desc, const char* name, bool needs_values,
                                                     const O& into = nullptr) {
  using B = typename X::backend_type;
  const reduce_plan p = plan_reduction(x, axes, keepdims);
  if (needs_values && p.inner == 0 && p.outer > 0)
    throw value_error(std::string("xp: zero-size array to reduction operation ") + name +
                      " which has no identity");
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
  primitive::reduce<B>::run(out.data(), p.outer, p.inner, input, desc, reduce_shape{p.layout, p.split, p.column_lane_multiple});
  return out;
}

template <class T>
using sum_acc_t = std::conditional_t<std::is_floating_point_v<T>, T, std::int64_t>;

template <class X>
using operand_value_t = typename value_of<std::decay_t<X>>::type;

struct take_sum {  // integers wrap like NumPy's, defined (convert.hpp)
  template <class A>
  XP_HD A operator()(A a, A b) const { return wrapping_add(a, b); }
};
struct take_prod {
  template <class A>
  XP_HD A operator()(A a, A b) const { return wrapping_mul(a, b); }
};
struct take_min {  // NaN wins, like np.min
  template <class A>
  XP_HD A operator()(A a, A b) const { return (math::isnan(a) || a <= b) ? a : b; }
};
struct take_max {
  template <class A>
  XP_HD A operator()(A a, A b) const { return (math::isnan(a) || a >= b) ? a : b; }
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
  XP_HD value_index<V> operator()(V v, index_t r) const { return {v, r}; }
};
// First NaN, else the extreme value, ties to the lower index: np.argmin / np.argmax.
template <bool Max>
struct take_arg {
  template <class T>
  XP_HD value_index<T> operator()(value_index<T> a, value_index<T> b) const {
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
  XP_HD std::int64_t operator()(value_index<T> a) const { return a.index; }
};
template <class Acc>
struct to_acc {
  template <class V>
  XP_HD Acc operator()(V v) const { return static_cast<Acc>(v); }
};
template <class Acc>
struct divide_by_count {
  XP_HD Acc operator()(Acc a, index_t n) const { return a / static_cast<Acc>(n); }
};
// NumPy divides by max(n - ddof, 0): inf (or NaN for 0/0) once ddof >= n, never a negative count
template <class Acc>
struct divide_by_count_minus {
  index_t ddof;
  XP_HD Acc operator()(Acc a, index_t n) const {
    // n - ddof counted exactly (float32 cannot hold n - ddof for n past 2^24); a negative ddof
    // is the only way it could overflow int64, so that case counts in double
    const Acc dof = ddof >= n ? Acc(0)
                    : ddof >= 0 ? static_cast<Acc>(n - ddof)
                                : static_cast<Acc>(static_cast<double>(n) - static_cast<double>(ddof));
    return a / dof;
  }
};
template <class Acc>
struct squared {
  template <class V>
  XP_HD Acc operator()(V v) const { return static_cast<Acc>(v) * static_cast<Acc>(v); }
};
struct square_root {
  template <class A>
  XP_HD A operator()(A a) const { return math::sqrt(a); }
};
struct nonzero_count {
  template <class V>
  XP_HD std::int64_t operator()(V v) const { return v != V(0) ? 1 : 0; }
};
struct truthy {
  template <class V>
  XP_HD bool operator()(V v) const { return static_cast<bool>(v); }
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

}  // namespace detail

#define XP_REDUCTION_OPERAND(X) std::enable_if_t<detail::is_operand_v<X>, int> = 0

/// @brief np.sum: integers and bool accumulate in int64, floats in their own dtype (tree
/// order on the device, pairwise on the host).
template <class X, class O = std::nullptr_t, XP_REDUCTION_OPERAND(X)>
auto sum(const X& x, const axes_t& axes = {}, bool keepdims = false, const O& into = nullptr) {
  using Acc = detail::sum_acc_t<detail::operand_value_t<X>>;
  return detail::run_reduction<Acc>(
      x, axes, keepdims, detail::reduction_desc<Acc, detail::to_acc<Acc>, detail::take_sum, identity>{Acc(0), {}, {}, {}},
      "sum", false, into);
}

/// @brief np.prod.
template <class X, class O = std::nullptr_t, XP_REDUCTION_OPERAND(X)>
auto prod(const X& x, const axes_t& axes = {}, bool keepdims = false, const O& into = nullptr) {
  using Acc = detail::sum_acc_t<detail::operand_value_t<X>>;
  return detail::run_reduction<Acc>(
      x, axes, keepdims,
      detail::reduction_desc<Acc, detail::to_acc<Acc>, detail::take_prod, identity>{Acc(1), {}, {}, {}}, "prod", false, into);
}

/// @brief np.min (np.amin): NaN propagates. @throws xp::value_error on an empty reduction.
template <class X, class O = std::nullptr_t, XP_REDUCTION_OPERAND(X)>
auto min(const X& x, const axes_t& axes = {}, bool keepdims = false, const O& into = nullptr) {
  using T = detail::operand_value_t<X>;
  return detail::run_reduction<T>(
      x, axes, keepdims,
      detail::reduction_desc<T, detail::to_acc<T>, detail::take_min, identity>{detail::highest<T>(), {}, {}, {}},
      "minimum", true, into);
}

/// @brief np.max (np.amax): NaN propagates. @throws xp::value_error on an empty reduction.
template <class X, class O = std::nullptr_t, XP_REDUCTION_OPERAND(X)>
auto max(const X& x, const axes_t& axes = {}, bool keepdims = false, const O& into = nullptr) {
  using T = detail::operand_value_t<X>;
  return detail::run_reduction<T>(
      x, axes, keepdims,
      detail::reduction_desc<T, detail::to_acc<T>, detail::take_max, identity>{detail::lowest<T>(), {}, {}, {}},
      "maximum", true, into);
}

/// @brief np.mean: float32 stays float32, everything else averages in float64. The mean of
/// an empty reduction is NaN, like NumPy (which also warns).
template <class X, class O = std::nullptr_t, XP_REDUCTION_OPERAND(X)>
auto mean(const X& x, const axes_t& axes = {}, bool keepdims = false, const O& into = nullptr) {
  using Acc = std::conditional_t<std::is_same_v<detail::operand_value_t<X>, float>, float, double>;
  return detail::run_reduction<Acc>(
      x, axes, keepdims,
      detail::reduction_desc<Acc, detail::to_acc<Acc>, detail::take_sum, detail::divide_by_count<Acc>>{
          Acc(0), {}, {}, {}},
      "mean", false, into);
}

/// @brief np.var(x, axis, ddof): the mean of squared deviations from the mean (two passes).
template <class X, XP_REDUCTION_OPERAND(X)>
auto var(const X& x, const axes_t& axes = {}, bool keepdims = false, index_t ddof = 0) {
  using Acc = std::conditional_t<std::is_same_v<detail::operand_value_t<X>, float>, float, double>;
  const auto m = mean(x, axes, true);
  const auto dev = astype<Acc>(x) - m;
  return detail::run_reduction<Acc>(
      dev, axes, keepdims,
      detail::reduction_desc<Acc, detail::squared<Acc>, detail::take_sum, detail::divide_by_count_minus<Acc>>{
          Acc(0), {}, {}, {ddof}}, "var",
      false);
}

/// @brief np.std (named stddev: a function named std would shadow namespace std inside xp).
template <class X, XP_REDUCTION_OPERAND(X)>
auto stddev(const X& x, const axes_t& axes = {}, bool keepdims = false, index_t ddof = 0) {
  return eval(sqrt(var(x, axes, keepdims, ddof)));
}

namespace detail {
// np.argmin (Max = false) / np.argmax (Max = true).
template <bool Max, class X, class O>
auto arg_reduction(const X& x, const axes_t& axes, bool keepdims, const O& into, const char* name) {
  using T = operand_value_t<X>;
  if (!axes.all() && axes.list().size() != 1)
    throw value_error(std::string("xp::") + name + ": takes all axes or one axis");
  using Acc = value_index<T>;
  const Acc start{Max ? lowest<T>() : highest<T>(), std::numeric_limits<index_t>::max()};
  return run_reduction<std::int64_t>(
      x, axes, keepdims, reduction_desc<Acc, make_value_index, take_arg<Max>, take_index>{start, {}, {}, {}}, name,
      true, into);
}
}  // namespace detail

/// @brief np.argmin: the flat index over all axes, or the index along one axis (int64).
/// @throws xp::value_error for an empty reduction or more than one axis.
template <class X, class O = std::nullptr_t, XP_REDUCTION_OPERAND(X)>
auto argmin(const X& x, const axes_t& axes = {}, bool keepdims = false, const O& into = nullptr) {
  return detail::arg_reduction<false>(x, axes, keepdims, into, "argmin");
}

/// @brief np.argmax. @see argmin
template <class X, class O = std::nullptr_t, XP_REDUCTION_OPERAND(X)>
auto argmax(const X& x, const axes_t& axes = {}, bool keepdims = false, const O& into = nullptr) {
  return detail::arg_reduction<true>(x, axes, keepdims, into, "argmax");
}

/// @brief np.any.
template <class X, class O = std::nullptr_t, XP_REDUCTION_OPERAND(X)>
auto any(const X& x, const axes_t& axes = {}, bool keepdims = false, const O& into = nullptr) {
  return detail::run_reduction<bool>(
      x, axes, keepdims, detail::reduction_desc<bool, detail::truthy, detail::take_or, identity>{false, {}, {}, {}},
      "any", false, into);
}

/// @brief np.all, spelled `xp::all(x)` / `xp::all(x, {axes}, keepdims)`: the same object as
/// the `:` index `xp::all`, called.
template <class X>
auto all_t::operator()(const X& x, const axes_t& axes, bool keepdims) const {
  static_assert(detail::is_operand_v<X>, "xp::all(x): x must be an array or an expression");
  return detail::run_reduction<bool>(
      x, axes, keepdims, detail::reduction_desc<bool, detail::truthy, detail::take_and, identity>{true, {}, {}, {}},
      "all", false);
}
template <class X>
auto all_t::operator()(const X& x) const {
  return (*this)(x, axes_t{}, false);
}

/// @brief np.count_nonzero (int64).
template <class X, class O = std::nullptr_t, XP_REDUCTION_OPERAND(X)>
auto count_nonzero(const X& x, const axes_t& axes = {}, bool keepdims = false, const O& into = nullptr) {
  return detail::run_reduction<std::int64_t>(
      x, axes, keepdims,
      detail::reduction_desc<std::int64_t, detail::nonzero_count, detail::take_sum, identity>{0, {}, {}, {}},
      "count_nonzero", false, into);
}

/// @brief np.linalg.norm of the flattened array (2-norm / Frobenius), or along axes.
template <class X, class O = std::nullptr_t, XP_REDUCTION_OPERAND(X)>
auto norm(const X& x, const axes_t& axes = {}, bool keepdims = false, const O& into = nullptr) {
  using Acc = detail::float_of_t<detail::operand_value_t<X>>;
  return detail::run_reduction<Acc>(
      x, axes, keepdims,
      detail::reduction_desc<Acc, detail::squared<Acc>, detail::take_sum, detail::square_root>{Acc(0), {}, {}, {}},
      "norm", false, into);
}

/// @brief np.power(x, y) (x ** y), lazy like every elementwise function. Integer powers wrap
/// like NumPy's. It lives beside the reductions because refusing a negative integer exponent
/// array, as NumPy does, takes one (a pass over y, and for xp::cuda a wait for its result).
/// @throws xp::value_error when both operands are integers and an exponent is negative
///         ("Integers to negative integer powers are not allowed.").
template <class L, class R, std::enable_if_t<detail::binary_operands_v<L, R>, int> = 0>
auto power(const L& l, const R& r) {
  auto e = detail::make_expr(ops::power{}, l, r);
  using Result = typename decltype(e)::value_type;
  using Exponent = std::conditional_t<detail::is_operand_v<R>, detail::operand_value_t<R>, R>;
  if constexpr (std::is_integral_v<Result> && std::is_signed_v<Exponent> && !std::is_same_v<Exponent, bool>) {
    bool negative;
    if constexpr (detail::is_operand_v<R>) negative = any(r < Exponent(0)).item();
    else negative = r < R(0);
    if (negative) throw value_error("xp::power: Integers to negative integer powers are not allowed.");
  }
  return e;
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
  reduction_kernel(Map map, Reduce reduce, Post post, Acc identity)
      : m_desc{identity, map, reduce, post} {}

  template <class X, XP_REDUCTION_OPERAND(X)>
  auto operator()(const X& x, const axes_t& axes = {}, bool keepdims = false) const {
    using Out = std::decay_t<decltype(m_desc.finish(std::declval<Acc>(), index_t{1}))>;
    return detail::run_reduction<Out>(x, axes, keepdims, m_desc, "reduction_kernel", false);
  }

 private:
  detail::reduction_desc<Acc, Map, Reduce, Post> m_desc;
};

#undef XP_REDUCTION_OPERAND

}  // namespace xp
