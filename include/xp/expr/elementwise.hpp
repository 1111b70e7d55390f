#pragma once
/// @file elementwise.hpp
/// @brief Lazy elementwise expressions over ndarrays and scalars, evaluated in one pass.
///
/// `auto e = x + y;` builds an unevaluated expression; it is evaluated (one kernel, whatever
/// its depth) when assigned to an ndarray, passed to xp::eval, or written into a view. Each
/// array leaf keeps its buffer alive, so an expression never dangles.
///
/// Evaluation turns the tree into a trivially copyable functor of the flat index and hands it
/// to the backend's `generate` primitive: backends implement no expression logic at all.
///
/// This file is the machinery (leaves, nodes, kernels, make_expr, eval) and the macros that
/// generate an op's public functions; the ops themselves, each followed by its generating
/// line, are in xp/expr/ops.hpp (included at the end, so either header gives both).

#include <algorithm>
#include <array>
#include <initializer_list>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "xp/core/config.hpp"
#include "xp/core/ndarray.hpp"

namespace xp {

namespace detail {

// ---- leaves --------------------------------------------------------------------------------
template <class T>
struct scalar_leaf {
  T value;
};

// Kernel-side forms: what the generated functor holds (trivially copyable).
template <class T>
struct scalar_kernel {
  static constexpr std::size_t load_bytes = 0;  // a value held by the kernel, not read from memory
  T value;
  XP_HD T operator()(index_t) const { return value; }
  XP_HD T at_contig(index_t) const { return value; }
  XP_HD T at2(index_t, index_t, int) const { return value; }
  template <int N>
  XP_HD lanes<T, N> load(index_t) const {
    lanes<T, N> r;
    for (int l = 0; l < N; ++l) r.v[l] = value;
    return r;
  }
  template <int N>
  XP_HD lanes<T, N> load2(index_t, index_t, int) const {
    return load<N>(0);
  }
  bool contiguous() const { return true; }
  bool aligned(int) const { return true; }
  // the line protocol (a walk with carried indices, backends/host/lines.hpp): the kernel
  // restricted to one line along `axis`, indexed by position on that line
  scalar_kernel line(const index_t*, int) const { return *this; }
  XP_HD T at_line(index_t) const { return value; }
  template <class P>
  bool all_views(const P&) const {
    return true;
  }
};
template <class T>
struct array_kernel {
  static constexpr std::size_t load_bytes = sizeof(T);
  strided_view<const T> view;
  XP_HD T operator()(index_t i) const { return view[i]; }
  XP_HD T at_contig(index_t i) const { return view.data[i]; }
  XP_HD T at2(index_t o, index_t r, int split) const { return view.at2(o, r, split); }
  /// N lanes at outputs o..o+N-1 of run position r (the output axis is unit-stride).
  template <int N>
  XP_HD lanes<T, N> load2(index_t o, index_t r, int split) const {
    return *reinterpret_cast<const lanes<T, N>*>(&view.at2(o, r, split));
  }
  template <int N>
  XP_HD lanes<T, N> load(index_t i) const {
    return *reinterpret_cast<const lanes<T, N>*>(view.data + i);
  }
  bool contiguous() const { return view.is_contiguous(); }
  bool aligned(int n) const { return pointer_aligned(view.data, sizeof(T) * n); }
  array_kernel line(const index_t* idx, int axis) const { return {view.line(idx, axis)}; }
  XP_HD T at_line(index_t i) const { return view.data[i * view.strides[0]]; }
  /// p(view) for every array leaf: what a backend asks of the leaves' strides before a walk.
  template <class P>
  bool all_views(const P& p) const {
    return p(view);
  }
};
template <class R, class Op, class... K>
struct node_kernel {
  using seq = std::index_sequence_for<K...>;
  static constexpr std::size_t load_bytes = std::max({std::size_t{0}, kernel_load_bytes<K>::value...});
  Op op;
  std::tuple<K...> args;  // trivially copyable members only: the kernel takes it by value

  XP_HD R operator()(index_t i) const { return call(i, seq{}); }
  XP_HD R at_contig(index_t i) const { return call_contig(i, seq{}); }
  XP_HD R at2(index_t o, index_t r, int split) const { return call2(o, r, split, seq{}); }
  template <int N>
  XP_HD lanes<R, N> load2(index_t o, index_t r, int split) const {
    return load2_all<N>(o, r, split, seq{});
  }
  template <int N>
  XP_HD lanes<R, N> load(index_t i) const {
    return load_all<N>(i, seq{});
  }
  bool contiguous() const { return contiguous_all(seq{}); }
  bool aligned(int n) const { return aligned_all(n, seq{}); }
  node_kernel line(const index_t* idx, int axis) const { return line_all(idx, axis, seq{}); }
  XP_HD R at_line(index_t i) const { return call_line(i, seq{}); }
  template <class P>
  bool all_views(const P& p) const {
    return std::apply([&](const auto&... a) { return (a.all_views(p) && ... && true); }, args);
  }

 private:
  template <std::size_t... I>
  node_kernel line_all(const index_t* idx, int axis, std::index_sequence<I...>) const {
    return {op, {std::get<I>(args).line(idx, axis)...}};
  }
  template <std::size_t... I>
  XP_HD R call_line(index_t i, std::index_sequence<I...>) const {
    return static_cast<R>(op(std::get<I>(args).at_line(i)...));
  }
  template <std::size_t... I>
  XP_HD R call(index_t i, std::index_sequence<I...>) const {
    return static_cast<R>(op(std::get<I>(args)(i)...));
  }
  template <std::size_t... I>
  XP_HD R call_contig(index_t i, std::index_sequence<I...>) const {
    return static_cast<R>(op(std::get<I>(args).at_contig(i)...));
  }
  template <std::size_t... I>
  XP_HD R call2(index_t o, index_t r, int split, std::index_sequence<I...>) const {
    return static_cast<R>(op(std::get<I>(args).at2(o, r, split)...));
  }
  template <int N, std::size_t... I>
  XP_HD lanes<R, N> load2_all(index_t o, index_t r, int split, std::index_sequence<I...>) const {
    const auto in = std::make_tuple(std::get<I>(args).template load2<N>(o, r, split)...);
    lanes<R, N> out;
    XP_UNROLL
    for (int l = 0; l < N; ++l) out.v[l] = static_cast<R>(op(std::get<I>(in).v[l]...));
    return out;
  }
  template <int N, std::size_t... I>
  XP_HD lanes<R, N> load_all(index_t i, std::index_sequence<I...>) const {
    const auto in = std::make_tuple(std::get<I>(args).template load<N>(i)...);  // every load first
    lanes<R, N> r;
    XP_UNROLL
    for (int l = 0; l < N; ++l) r.v[l] = static_cast<R>(op(std::get<I>(in).v[l]...));
    return r;
  }
  template <std::size_t... I>
  bool contiguous_all(std::index_sequence<I...>) const {
    return (std::get<I>(args).contiguous() && ... && true);
  }
  template <std::size_t... I>
  bool aligned_all(int n, std::index_sequence<I...>) const {
    return (std::get<I>(args).aligned(n) && ... && true);
  }
};

template <class R, class K>
struct cast_kernel {
  static constexpr std::size_t load_bytes = kernel_load_bytes<K>::value;
  K inner;
  XP_HD R operator()(index_t i) const { return convert<R>(inner(i)); }
  XP_HD R at_contig(index_t i) const { return convert<R>(inner.at_contig(i)); }
  XP_HD R at2(index_t o, index_t r, int split) const { return convert<R>(inner.at2(o, r, split)); }
  template <int N>
  XP_HD lanes<R, N> load2(index_t o, index_t r, int split) const {
    const auto x = inner.template load2<N>(o, r, split);
    lanes<R, N> out;
    for (int l = 0; l < N; ++l) out.v[l] = convert<R>(x.v[l]);
    return out;
  }
  template <int N>
  XP_HD lanes<R, N> load(index_t i) const {
    const auto x = inner.template load<N>(i);
    lanes<R, N> r;
    XP_UNROLL
    for (int l = 0; l < N; ++l) r.v[l] = convert<R>(x.v[l]);
    return r;
  }
  bool contiguous() const { return inner.contiguous(); }
  bool aligned(int n) const { return inner.aligned(n); }
  cast_kernel line(const index_t* idx, int axis) const { return {inner.line(idx, axis)}; }
  XP_HD R at_line(index_t i) const { return convert<R>(inner.at_line(i)); }
  template <class P>
  bool all_views(const P& p) const {
    return inner.all_views(p);
  }
};

template <class X>
inline constexpr bool is_operand_v = is_ndarray_v<X> || is_expr<std::decay_t<X>>::value;

template <class X>
struct backend_of {
  using type = void;  // scalars live on every backend
};
template <class T, class B>
struct backend_of<ndarray<T, B>> {
  using type = B;
};

template <class X>
struct value_of {
  using type = X;
};
template <class T, class B>
struct value_of<ndarray<T, B>> {
  using type = T;
};

}  // namespace detail

namespace detail {
template <class... Bs>
struct common_backend;
template <>
struct common_backend<> {
  using type = void;
};
template <class B, class... Rest>
struct common_backend<B, Rest...> {
  using rest = typename common_backend<Rest...>::type;
  static constexpr bool ok = std::is_void_v<B> || std::is_void_v<rest> || std::is_same_v<B, rest>;
  static_assert(ok,
                "xp: an expression mixes xp::host and xp::cuda arrays; nothing crosses silently: move "
                "one side explicitly with xp::to_device(h) or d.copy_to_host()");
  using type = std::conditional_t<std::is_void_v<B>, rest, B>;
};

// Operands are stored as: ndarray (handle, keeps the buffer alive), expr node, or scalar_leaf.
template <class X>
using stored_t = std::conditional_t<is_operand_v<X>, std::decay_t<X>, scalar_leaf<std::decay_t<X>>>;

template <class X>
struct leaf_value {
  using type = typename value_of<X>::type;
};
template <class T>
struct leaf_value<scalar_leaf<T>> {
  using type = T;
};
}  // namespace detail

/// @brief An unevaluated elementwise operation `Op(args...)` over arrays, nodes and scalars;
/// what the operators on arrays return. Convert to an ndarray (or call xp::eval) to evaluate.
///
/// It behaves like a read-only array: `e.shape()`, `e.ndim()`, `e.dtype()`, the reductions as
/// methods (`e.sum()`, fused into one pass), and, by evaluating it, `e(i, j)`, `e.item()`,
/// `e.astype<U>()`, `e.reshape(...)`, `e.T()`, printing, `if (e)` and every function that
/// takes an array. `auto e = ...` stays lazy until then, so chained ops still fuse.
template <class Op, class... Args>
class elementwise_expr : public detail::array_methods<elementwise_expr<Op, Args...>> {
 public:
  using backend_type = typename detail::common_backend<typename detail::backend_of<Args>::type...>::type;
  using value_type =
      std::decay_t<decltype(std::declval<Op>()(std::declval<typename detail::leaf_value<Args>::type>()...))>;
  static_assert(!std::is_void_v<backend_type>, "xp: an expression needs at least one array operand");

  elementwise_expr(Op op, Args... args) : m_op(op), m_args(std::move(args)...) {
    m_shape = {};
    std::apply([&](const auto&... a) { ((m_shape = merge_shape(m_shape, a)), ...); }, m_args);
  }

  const shape_type& shape() const { return m_shape; }
  index_t size() const { return size_of(m_shape); }
  const Op& op() const { return m_op; }
  const std::tuple<Args...>& args() const { return m_args; }

 private:
  template <class A>
  static shape_type merge_shape(const shape_type& s, const A& a) {
    if constexpr (detail::is_operand_v<A>) return broadcast_shapes(s, a.shape());
    else return s;
  }
  Op m_op;
  std::tuple<Args...> m_args;
  shape_type m_shape;
};

namespace detail {
template <class Op, class... Args>
struct is_expr<elementwise_expr<Op, Args...>> : std::true_type {};
template <class Op, class... Args>
struct backend_of<elementwise_expr<Op, Args...>> {
  using type = typename elementwise_expr<Op, Args...>::backend_type;
};
template <class Op, class... Args>
struct value_of<elementwise_expr<Op, Args...>> {
  using type = typename elementwise_expr<Op, Args...>::value_type;
};

/// f(array) for every array leaf of `x` (an array or an expression; scalars have none), in tree
/// order: the one walk over an expression's arrays.
template <class X, class F>
void for_each_leaf(const X& x, F&& f) {
  if constexpr (is_ndarray_v<X>) f(x);
  else if constexpr (is_selection<X>::value) f(x.array());
  else if constexpr (is_expr<X>::value) std::apply([&](const auto&... a) { (for_each_leaf(a, f), ...); }, x.args());
}

/// The number of array leaves of X, known at compile time.
template <class X>
struct leaf_count : std::integral_constant<std::size_t, is_ndarray_v<X> || is_selection<X>::value ? 1 : 0> {};
template <class Op, class... Args>
struct leaf_count<elementwise_expr<Op, Args...>>
    : std::integral_constant<std::size_t, (leaf_count<Args>::value + ... + 0)> {};

// Collects the array leaves' strides (broadcast to the output shape) in tree order.
struct leaf_layouts {
  const shape_type* out_shape;
  std::vector<shape_type> strides;
  template <class X>
  void collect(const X& x) {
    for_each_leaf(x, [&](const auto& a) { strides.push_back(broadcast_strides(a.shape(), a.strides(), *out_shape)); });
  }
};

/// Every array of `x` (an array or an expression) and `dst` on the current device, for a
/// backend whose arrays live on one of several (CuPy's check before each kernel). The pointers
/// go in a fixed-size array: nothing is allocated per expression.
/// @throws xp::value_error naming `what` and both devices otherwise.
template <class B, class X, class D = std::nullptr_t>
void check_same_device(const X& x, const D& dst, const char* what) {
  if constexpr (!std::is_same_v<B, host>) {
    std::array<const void*, leaf_count<X>::value + 1> pointers{};  // + dst (null when there is none)
    std::size_t n = 0;
    for_each_leaf(x, [&](const auto& a) { pointers[n++] = a.data(); });
    if constexpr (is_ndarray_v<D>) pointers[n] = dst.data();
    primitive::memory<B>::check_same_device(pointers.data(), pointers.size(), what);
  }
}

// Builds the kernel functor, consuming merged strides in the same tree order.
struct kernel_builder {
  const shape_type* shape;
  const std::vector<shape_type>* strides;
  std::size_t next = 1;  // strides[0] is the output's
  template <class X>
  auto build(const X& x) {
    if constexpr (is_ndarray_v<X>) {
      using T = typename X::value_type;
      return array_kernel<T>{make_strided_view(static_cast<const T*>(x.data()), *shape, (*strides)[next++])};
    } else if constexpr (is_selection<X>::value) {
      return build(x.array());
    } else if constexpr (is_expr<X>::value) {
      return std::apply(
          [&](const auto&... a) {
            using R = typename X::value_type;
            return node_kernel<R, std::decay_t<decltype(x.op())>, decltype(build(a))...>{x.op(), {build(a)...}};
          },
          x.args());
    } else {
      return scalar_kernel<decltype(x.value)>{x.value};
    }
  }
};

template <class K>
struct built_kernel {
  merged_layout layout;
  K kernel;
};

/// The kernel of expression e evaluated over `shape` into an output with `out_strides`: the
/// layout merged jointly with every array leaf (strides[0] is the output's) and the functor.
template <class E>
auto build_kernel(const E& e, const shape_type& shape, const shape_type& out_strides) {
  leaf_layouts leaves{&shape, {}};
  leaves.collect(e);
  std::vector<const shape_type*> all{&out_strides};
  for (const auto& st : leaves.strides) all.push_back(&st);
  merged_layout layout = merge_layout(shape, all);
  kernel_builder kb{&layout.shape, &layout.strides};
  auto kernel = kb.build(e);  // holds copies of the views: independent of `layout`'s storage
  return built_kernel<decltype(kernel)>{std::move(layout), kernel};
}

/// dst[...] = expr, expr broadcast to dst's shape: one generate() pass. Every evaluation of an
/// expression comes here (ndarray(expr), eval, view and compound assignment), in the profiler
/// range "xp::elementwise".
template <class T, class B, class E>
void assign_expr(const ndarray<T, B>& dst, const E& e) {
  static_assert(std::is_same_v<typename E::backend_type, B>,
                "xp: the expression and the destination live on different backends; move one explicitly "
                "with xp::to_device(h) or d.copy_to_host()");
  if constexpr (is_selection<E>::value) {
    assign(dst, e.array());  // a selection holds its elements: a copy, not an expression pass
    return;
  }
  op_range<B> range("xp::elementwise");
  check_writeable(dst);
  if (broadcast_shapes(e.shape(), dst.shape()) != dst.shape())  // e's shape may be too big to count
    throw shape_error("xp: could not broadcast input array from shape " + to_string(e.shape()) + " into shape " +
                      to_string(dst.shape()));
  if (dst.size() == 0) return;
  check_same_device<B>(e, dst, "xp: an elementwise expression");
  if (output_overlaps(e, dst, /*same_element_ok=*/e.shape() == dst.shape())) {
    ndarray<typename E::value_type, B> tmp(e.shape());
    assign_expr(tmp, e);
    assign(dst, tmp);
    return;
  }
  const auto b = build_kernel(e, dst.shape(), dst.strides());
  primitive::generate<B>::run(make_strided_view(dst.data(), b.layout.shape, b.layout.strides[0]),
                              cast_kernel<T, std::decay_t<decltype(b.kernel)>>{b.kernel});
}

}  // namespace detail

namespace detail {
/// An array operand as stored elements: an ndarray itself (a handle), an expression evaluated
/// into a new array. How functions that need memory (matmul, save_npy, transfers, the library
/// functions) take expressions.
template <class X>
requires is_operand_v<X>
auto materialize(const X& x) {
  if constexpr (is_selection<X>::value) return x.array();  // its copy, shared
  else return ndarray<typename value_of<X>::type, typename backend_of<X>::type>(x);
}
/// An argument passed on by the expression overloads: arrays and expressions as stored
/// elements, anything else (options, grids, scalars) unchanged.
template <class X>
decltype(auto) materialize_operand(const X& x) {
  if constexpr (is_expr<X>::value) return materialize(x);
  else return (x);
}
/// True when at least one of Xs is an expression and every one is an array or an expression:
/// the overloads that evaluate their expression arguments, then call the array form.
template <class... Xs>
concept has_expression_operand = (is_operand_v<Xs> && ...) && (is_expr<std::decay_t<Xs>>::value || ...);
}  // namespace detail

/// @brief The overloads by which a function of arrays also takes what evaluates to one: an
/// expression or a selection (`xp::unique(x(x > 0.f))`, `xp::linalg::inv(a * 2)`) in place of its
/// first array, or of its second after an array. It evaluates that argument and calls the
/// array form, passing the other arguments as they are (a braced list of integers second, such as
/// axes, passes as std::vector<index_t>; any other braced argument cannot pass through a template
/// parameter: name its type, `xp::unique(e, xp::unique_options{...})`). One line after
/// the array form, in its namespace; an overload exists only where the array form accepts the
/// arguments.
#define XP_EVALUATING_OVERLOAD(name)                                                                        \
  template <class X, class E, class... A>                                                                   \
  requires(::xp::is_ndarray_v<X> && ::xp::detail::is_expr<E>::value) auto name(const X& x, const E& e,      \
                                                                               const A&... args)            \
      ->decltype(name(x, ::xp::detail::materialize(e), args...)) {                                          \
    return name(x, ::xp::detail::materialize(e), args...);                                                  \
  }                                                                                                         \
  template <class E, class... A>                                                                            \
  requires ::xp::detail::is_expr<E>::value auto name(const E& e, const A&... args)                          \
      ->decltype(name(::xp::detail::materialize(e), args...)) {                                             \
    return name(::xp::detail::materialize(e), args...);                                                     \
  }                                                                                                         \
  template <class E, class... A>                                                                            \
  requires ::xp::detail::is_expr<E>::value auto name(const E& e, std::initializer_list<::xp::index_t> list, \
                                                     const A&... args)                                      \
      ->decltype(name(::xp::detail::materialize(e), std::vector<::xp::index_t>(list), args...)) {           \
    return name(::xp::detail::materialize(e), std::vector<::xp::index_t>(list), args...);                   \
  }

// The layout functions take an expression by evaluating it (the result is a view of the new
// array): xp::transpose(x * 2), xp::reshape(xp::sin(x), {2, 3}).
template <class E>
requires detail::is_expr<E>::value auto transpose(const E& e) { return transpose(detail::materialize(e)); }
template <class E>
requires detail::is_expr<E>::value auto transpose(const E& e, const std::vector<index_t>& axes) {
  return transpose(detail::materialize(e), axes);
}
template <class E>
requires detail::is_expr<E>::value auto swapaxes(const E& e, index_t axis1, index_t axis2) {
  return swapaxes(detail::materialize(e), axis1, axis2);
}
template <class E>
requires detail::is_expr<E>::value auto reshape(const E& e, shape_type shape) {
  return detail::materialize(e).reshape(std::move(shape));
}
template <class E>
requires detail::is_expr<E>::value auto ravel(const E& e) { return detail::materialize(e).ravel(); }
template <class E>
requires detail::is_expr<E>::value auto squeeze(const E& e) { return squeeze(detail::materialize(e)); }
template <class E>
requires detail::is_expr<E>::value auto squeeze(const E& e, index_t axis) {
  return squeeze(detail::materialize(e), axis);
}
template <class E>
requires detail::is_expr<E>::value auto expand_dims(const E& e, index_t axis) {
  return expand_dims(detail::materialize(e), axis);
}
template <class E>
requires detail::is_expr<E>::value auto broadcast_to(const E& e, const shape_type& shape) {
  return broadcast_to(detail::materialize(e), shape);
}

/// @brief Evaluates an expression into a new C-contiguous array (a no-op handle copy for an
/// ndarray).
template <class E>
requires detail::is_expr<E>::value ndarray<typename E::value_type, typename E::backend_type> eval(const E& e) {
  ndarray<typename E::value_type, typename E::backend_type> out(e.shape());
  detail::assign_expr(out, e);
  return out;
}
template <class T, class B>
ndarray<T, B> eval(const ndarray<T, B>& a) {
  return a;
}

/// @brief The `out=` form: evaluates an expression into an existing array or view (the
/// expression broadcasts to its shape; its values convert to its dtype); returns `out`.
/// @throws xp::shape_error when the expression does not broadcast to out's shape.
template <class E, class T, class B>
requires detail::is_operand_v<E>
const ndarray<T, B>& eval(const E& e, const ndarray<T, B>& out) {
  if constexpr (is_ndarray_v<E>) detail::assign(out, e);
  else detail::assign_expr(out, e);
  return out;
}

namespace detail {
/// An array or an elementwise expression (what an op's array argument may be).
template <class X>
concept array_operand = is_operand_v<X>;
/// Two operands of a binary op: arrays/expressions, or one of them an arithmetic scalar.
template <class L, class R>
concept binary_operands = (array_operand<L> && (array_operand<R> || is_scalar_v<std::decay_t<R>>)) ||
                          (array_operand<R> && is_scalar_v<std::decay_t<L>>);

// The dtype a scalar operand takes next to the reference operand (NumPy 2's weak scalars).
template <class Ref, class S>
auto as_operand(const S& s) {
  if constexpr (is_selection<S>::value) {
    return s.array();  // an expression holds the selection's copy (a handle), not the proxy
  } else if constexpr (is_operand_v<S>) {
    return s;
  } else {
    static_assert(is_scalar_v<S>,
                  "xp: an operand is an ndarray, an expression or a scalar (arithmetic, xp::float16, complex)");
    using T = typename value_of<std::decay_t<Ref>>::type;
    using P = promote_scalar_t<T, S>;
    if constexpr (is_wrapping_integer_v<P> && std::is_integral_v<S> && !std::is_same_v<S, bool>) {
      // NumPy 2 (NEP 50): a weak integer scalar must fit the array's dtype (uint8 % -1 is an error)
      if (!std::in_range<P>(s))
        throw value_error("xp: Python integer " + std::to_string(s) + " out of bounds for " +
                          std::string(dtype_name<P>()));
    }
    return scalar_leaf<P>{convert<P>(static_cast<scalar_storage_t<S>>(s))};
  }
}

// The first array/expression among Args from position First on (else from 0): the operand
// whose dtype weak scalars follow.
template <std::size_t First, class... Args>
struct reference_operand {
  using list = std::tuple<Args...>;
  template <std::size_t I>
  static constexpr std::size_t find() {
    if constexpr (I >= sizeof...(Args)) return sizeof...(Args);
    else if constexpr (is_operand_v<std::tuple_element_t<I, list>>) return I;
    else return find<I + 1>();
  }
  static constexpr std::size_t index = find<First>() < sizeof...(Args) ? find<First>() : find<0>();
  static_assert(index < sizeof...(Args), "xp: an elementwise operation needs at least one array operand");
  using type = std::decay_t<std::tuple_element_t<index, list>>;
};

template <class Op, std::size_t First = 0, class... Args>
auto make_expr(Op op, const Args&... args) {
  using Ref = typename reference_operand<First, Args...>::type;
  return elementwise_expr<Op, decltype(as_operand<Ref>(args))...>(op, as_operand<Ref>(args)...);
}
}  // namespace detail

// ---- generating an op's public functions -------------------------------------------------
/// XP_UNARY_FUNCTION(name, op) and XP_BINARY_FUNCTION(name, op) are the public generators of
/// elementwise functions: one line right after a functor, at namespace xp scope, in
/// xp/expr/ops.hpp or in any later header (a library area adding an op of its own). Each
/// generates `name(x)` / `name(l, r)` returning the lazy elementwise_expr; dtypes follow the
/// functor (and as_operand for scalars). They stay defined; the operator macros below serve
/// ops.hpp alone, which undefines them.
#define XP_UNARY_FUNCTION(name, op)          \
  template <::xp::detail::array_operand X>   \
  auto name(const X& x) {                    \
    return ::xp::detail::make_expr(op{}, x); \
  }
#define XP_BINARY_FUNCTION(name, op)           \
  template <class L, class R>                  \
  requires ::xp::detail::binary_operands<L, R> \
  auto name(const L& l, const R& r) { return ::xp::detail::make_expr(op{}, l, r); }
#define XP_UNARY_OPERATOR(sym, op)  XP_UNARY_FUNCTION(operator sym, op)
#define XP_BINARY_OPERATOR(sym, op) XP_BINARY_FUNCTION(operator sym, op)
/// `x sym= y` (NumPy's in-place operators): writes through the handle, so it also updates
/// views (`m(xp::all, 0) *= 2`); the result keeps x's dtype.
#define XP_COMPOUND_OPERATOR(sym, op)                                                   \
  template <class T, class B, class R>                                                  \
  requires ::xp::detail::binary_operands<::xp::ndarray<T, B>, R>                        \
  const ::xp::ndarray<T, B>& operator sym(const ::xp::ndarray<T, B>& x, const R& r) {   \
    ::xp::detail::assign_expr(x, ::xp::detail::make_expr(op{}, x, r));                  \
    return x;                                                                           \
  }                                                                                     \
  template <class T, class B, class S, class R>                                         \
  requires ::xp::detail::binary_operands<::xp::ndarray<T, B>, R>                        \
  void operator sym(::xp::indexed<T, B, S>&& x, const R& r) { x.update(op{}, r); }      \
  template <class T, class B, class S, class R>                                         \
  requires(::xp::detail::binary_operands<::xp::ndarray<T, B>, R>)::xp::indexed<T, B, S> \
  &operator sym(::xp::indexed<T, B, S>& x, const R& r) {                                \
    x.update(op{}, r);                                                                  \
    return x;                                                                           \
  }
/// `x sym y` and `x sym= y` (sym##= pastes the compound token: + and = give +=).
#define XP_OPERATOR_AND_COMPOUND(sym, op) \
  XP_BINARY_OPERATOR(sym, op)             \
  XP_COMPOUND_OPERATOR(sym## =, op)

}  // namespace xp

// The ops and their public functions (ops.hpp includes this file first: the machinery above
// is what its generating lines need).
#include "xp/expr/ops.hpp"
