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

#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "xp/core/config.hpp"
#include "xp/core/ndarray.hpp"

namespace xp {

/// Stateless operation functors, callable on host and device.
namespace ops {
struct plus {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const { return a + b; }
};
struct minus {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const { return a - b; }
};
struct multiplies {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const { return a * b; }
};
struct divides {
  template <class A, class B>
  XP_HD auto operator()(A a, B b) const { return a / b; }
};
struct negate {
  template <class A>
  XP_HD auto operator()(A a) const { return -a; }
};
}  // namespace ops

namespace detail {

// ---- leaves --------------------------------------------------------------------------------
template <class T>
struct scalar_leaf {
  T value;
};

// Kernel-side forms: what the generated functor holds (trivially copyable).
template <class T>
struct scalar_kernel {
  T value;
  XP_HD T operator()(index_t) const { return value; }
};
template <class T>
struct array_kernel {
  strided_view<const T> view;
  XP_HD T operator()(index_t i) const { return view[i]; }
};
template <class R, class Op, class... K>
struct node_kernel {
  Op op;
  std::tuple<K...> args;  // not thrust::tuple: only trivially copyable members on the device
  XP_HD R operator()(index_t i) const { return call(i, std::index_sequence_for<K...>{}); }
  template <std::size_t... I>
  XP_HD R call(index_t i, std::index_sequence<I...>) const {
    return static_cast<R>(op(std::get<I>(args)(i)...));
  }
};

template <class R, class K>
struct cast_kernel {
  K inner;
  XP_HD R operator()(index_t i) const { return static_cast<R>(inner(i)); }
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
template <class Op, class... Args>
class elementwise_expr {
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

// Collects the array leaves' strides (broadcast to the output shape) in tree order.
struct leaf_layouts {
  const shape_type* out_shape;
  std::vector<shape_type> strides;
  template <class X>
  void collect(const X& x) {
    if constexpr (is_ndarray_v<X>) {
      strides.push_back(broadcast_strides(x.shape(), x.strides(), *out_shape));
    } else if constexpr (is_expr<X>::value) {
      std::apply([&](const auto&... a) { (collect(a), ...); }, x.args());
    }
  }
};

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

template <class X, class T, class B>
bool any_leaf_overlaps(const X& x, const ndarray<T, B>& dst) {
  if constexpr (is_ndarray_v<X>) {
    // Reading exactly the element about to be written is safe; any other overlap is not.
    const bool same_layout = x.data() == static_cast<const void*>(dst.data()) && x.shape() == dst.shape() &&
                             x.strides() == dst.strides() && sizeof(typename X::value_type) == sizeof(T);
    return !same_layout && may_overlap(x, dst);
  } else if constexpr (is_expr<X>::value) {
    return std::apply([&](const auto&... a) { return (any_leaf_overlaps(a, dst) || ... || false); }, x.args());
  } else {
    return false;
  }
}

/// dst[...] = expr, expr broadcast to dst's shape: one generate() pass.
template <class T, class B, class E>
void assign_expr(const ndarray<T, B>& dst, const E& e) {
  static_assert(std::is_same_v<typename E::backend_type, B>,
                "xp: the expression and the destination live on different backends; move one explicitly "
                "with xp::to_device(h) or d.copy_to_host()");
  broadcast_strides(e.shape(), contiguous_strides(e.shape()), dst.shape());  // shape check
  if (dst.size() == 0) return;
  if (any_leaf_overlaps(e, dst)) {
    ndarray<typename E::value_type, B> tmp(e.shape());
    assign_expr(tmp, e);
    assign(dst, tmp);
    return;
  }
  leaf_layouts leaves{&dst.shape(), {}};
  leaves.collect(e);
  std::vector<const shape_type*> all{&dst.strides()};
  for (const auto& s : leaves.strides) all.push_back(&s);
  const auto merged = merge_layout(dst.shape(), all);
  kernel_builder kb{&merged.shape, &merged.strides};
  const auto kernel = kb.build(e);
  backend_impl<B>::generate(make_strided_view(dst.data(), merged.shape, merged.strides[0]),
                            cast_kernel<T, decltype(kernel)>{kernel});
}

}  // namespace detail

/// @brief Evaluates an expression into a new C-contiguous array (a no-op handle copy for an
/// ndarray).
template <class E, std::enable_if_t<detail::is_expr<E>::value, int> = 0>
ndarray<typename E::value_type, typename E::backend_type> eval(const E& e) {
  ndarray<typename E::value_type, typename E::backend_type> out(e.shape());
  detail::assign_expr(out, e);
  return out;
}
template <class T, class B>
ndarray<T, B> eval(const ndarray<T, B>& a) {
  return a;
}

namespace detail {
template <class L, class R>
inline constexpr bool binary_operands_v =
    (is_operand_v<L> && (is_operand_v<R> || std::is_arithmetic_v<std::decay_t<R>>)) ||
    (is_operand_v<R> && std::is_arithmetic_v<std::decay_t<L>>);

// The dtype a scalar operand takes next to the array side (NumPy 2's weak scalars).
template <class Other, class S>
auto as_operand(const S& s) {
  if constexpr (is_operand_v<S>) {
    return s;
  } else {
    using T = typename Other::value_type;
    return scalar_leaf<promote_scalar_t<T, S>>{static_cast<promote_scalar_t<T, S>>(s)};
  }
}

template <class Op, class L, class R>
auto make_binary(const L& l, const R& r) {
  auto a = as_operand<std::conditional_t<is_operand_v<L>, L, R>>(l);
  auto b = as_operand<std::conditional_t<is_operand_v<R>, R, L>>(r);
  return elementwise_expr<Op, decltype(a), decltype(b)>(Op{}, std::move(a), std::move(b));
}
}  // namespace detail

#define XP_BINARY_OPERATOR(sym, op)                                                       \
  template <class L, class R, std::enable_if_t<detail::binary_operands_v<L, R>, int> = 0> \
  auto operator sym(const L& l, const R& r) {                                             \
    return detail::make_binary<op>(l, r);                                                 \
  }
XP_BINARY_OPERATOR(+, ops::plus)
XP_BINARY_OPERATOR(-, ops::minus)
XP_BINARY_OPERATOR(*, ops::multiplies)
XP_BINARY_OPERATOR(/, ops::divides)
#undef XP_BINARY_OPERATOR

/// @brief In-place arithmetic (`x += y`, NumPy's in-place operators): writes through the
/// handle, so it also updates views (`m(xp::all, 0) *= 2`). The result keeps x's dtype.
#define XP_COMPOUND_OPERATOR(sym, op)                                                        \
  template <class T, class B, class R,                                                       \
            std::enable_if_t<detail::binary_operands_v<ndarray<T, B>, R>, int> = 0>          \
  const ndarray<T, B>& operator sym(const ndarray<T, B>& x, const R& r) {                     \
    detail::assign_expr(x, detail::make_binary<op>(x, r));                                   \
    return x;                                                                                \
  }
XP_COMPOUND_OPERATOR(+=, ops::plus)
XP_COMPOUND_OPERATOR(-=, ops::minus)
XP_COMPOUND_OPERATOR(*=, ops::multiplies)
XP_COMPOUND_OPERATOR(/=, ops::divides)
#undef XP_COMPOUND_OPERATOR

/// @brief Unary minus of an array or expression.
template <class X, std::enable_if_t<detail::is_operand_v<X>, int> = 0>
auto operator-(const X& x) {
  return elementwise_expr<ops::negate, X>(ops::negate{}, x);
}

}  // namespace xp
