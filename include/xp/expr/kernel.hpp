#pragma once
/// @file kernel.hpp
/// @brief xp::elementwise_kernel: CuPy's ElementwiseKernel as a functor template compiled
/// ahead of time. The functor takes one value per operand and returns one value, or a
/// std::tuple of values for several outputs:
///
///     auto saxpy_trig = xp::elementwise_kernel([] XP_HD (float x, float y, float a) {
///       return xp::math::exp(a * xp::math::sin(x) + xp::math::cos(y)); });
///     auto out = saxpy_trig(dx, dy, 0.5f);            // broadcasting, scalars
///     saxpy_trig(dx, dy, 0.5f, xp::out(existing));     // writes into an existing array
///
/// The same functor (an XP_HD lambda or a struct) runs on both backends; on xp::cuda the
/// call must be compiled by nvcc.
///
/// A functor that says so is also called on the host with xsimd batches, a register of 8 or 16
/// floats at a time, as the library's own ops are: a struct with a template operator() and
/// `static constexpr bool vectorize = true;`, or a generic lambda wrapped as
/// `xp::vectorized([](auto x) {...})`. Its body must then hold for registers, which arithmetic
/// and the xp::math functions do and a branch on a value does not (which is why it is asked
/// for, not guessed: a template body with a branch would stop compiling). Any other functor is
/// called an element at a time; tutorial 03 measures the difference (about 12x on the CPU).
/// Host code compiled by nvcc calls every functor an element at a time.

#include <concepts>
#include <tuple>
#include <type_traits>
#include <utility>

#include "xp/expr/elementwise.hpp"

namespace xp {

/// @brief Marks the destination(s) of an elementwise_kernel call: `k(x, y, xp::out(o))`.
template <class... A>
struct out_t {
  std::tuple<A...> arrays;
};
template <class... T, class... B>
out_t<ndarray<T, B>...> out(const ndarray<T, B>&... arrays) {
  return {{arrays...}};
}

/// @brief A functor (typically a generic lambda) marked as valid on xsimd registers, so that
/// elementwise_kernel calls it a register at a time on the host (see the file comment).
template <class F>
struct vectorized_fn : F {
  static constexpr bool vectorize = true;
};
template <class F>
vectorized_fn<F> vectorized(F f) {
  return vectorized_fn<F>{f};
}

namespace detail {
template <class F>
struct user_op {
  F f;
  template <class... A>
  XP_HD auto operator()(A... a) const {
    return f(a...);
  }
#if !defined(__CUDACC__)
  /// The vector form (host): the functor itself on registers of the operands' float type, when
  /// it is generic and gives a register back. A functor with typed parameters has none and is
  /// called an element at a time. Not where nvcc compiles the call: it compiles an XP_HD body for
  /// the device too and warns (an error under -Werror) where it calls xsimd's host functions,
  /// even for an instance that only the host uses; that host code keeps the element loop.
  template <math::vector_value V, class... W>
  requires(std::same_as<V, W>&&...) && requires { requires static_cast<bool>(F::vectorize); }
  &&requires(const F& g, const V& v, const W&... w) {
    { g(v, w...) } -> std::same_as<V>;
  }
  V simd(const V& v, const W&... w) const { return f(v, w...); }
#endif
};

template <class X>
struct is_out : std::false_type {};
template <class... A>
struct is_out<out_t<A...>> : std::true_type {};

template <class X>
struct is_tuple : std::false_type {};
template <class... A>
struct is_tuple<std::tuple<A...>> : std::true_type {};

// Writes each element of the functor's tuple result into the matching contiguous output.
template <class K, class... T>
struct scatter_outputs {
  K kernel;
  std::tuple<T*...> outs;
  XP_HD void operator()(index_t i) const { write(i, kernel(i), std::index_sequence_for<T...>{}); }
  template <class R, std::size_t... I>
  XP_HD void write(index_t i, const R& r, std::index_sequence<I...>) const {
    ((std::get<I>(outs)[i] = convert<T>(std::get<I>(r))), ...);
  }
};
}  // namespace detail

/// @brief A callable elementwise kernel made from a functor. @see kernel.hpp
template <class F>
class elementwise_kernel {
 public:
  explicit elementwise_kernel(F f) : m_op{f} {}

  /// Applies the functor to the broadcast operands (arrays, views, expressions, scalars);
  /// returns the new array, or a std::tuple of arrays for a tuple-returning functor. A last
  /// argument xp::out(o...) writes into existing arrays and returns them instead.
  /// @throws xp::shape_error when the operands (or outputs) do not broadcast.
  template <class... Args>
  auto operator()(const Args&... args) const {
    using B = typename detail::common_backend<typename detail::backend_of<std::decay_t<Args>>::type...>::type;
    detail::op_range<B> range("xp::elementwise_kernel");
    constexpr std::size_t n = sizeof...(Args);
    if constexpr (n > 0 && detail::is_out<std::decay_t<std::tuple_element_t<n - 1, std::tuple<Args...>>>>::value) {
      return call_with_out(std::forward_as_tuple(args...), std::make_index_sequence<n - 1>{});
    } else {
      return evaluate(detail::make_expr(m_op, args...));
    }
  }

 private:
  template <class Tuple, std::size_t... I>
  auto call_with_out(const Tuple& t, std::index_sequence<I...>) const {
    const auto expr = detail::make_expr(m_op, std::get<I>(t)...);
    const auto& o = std::get<sizeof...(I)>(t);
    using R = typename std::decay_t<decltype(expr)>::value_type;
    if constexpr (detail::is_tuple<R>::value) {
      static_assert(std::tuple_size_v<R> == std::tuple_size_v<std::decay_t<decltype(o.arrays)>>,
                    "xp::elementwise_kernel: give one xp::out array per output of the functor");
      std::apply([&](const auto&... outs) { scatter(expr, outs...); }, o.arrays);
      return o.arrays;
    } else {
      static_assert(std::tuple_size_v<std::decay_t<decltype(o.arrays)>> == 1,
                    "xp::elementwise_kernel: this functor has one output");
      const auto& dst = std::get<0>(o.arrays);
      detail::assign_expr(dst, expr);
      return dst;
    }
  }

  template <class E>
  auto evaluate(const E& expr) const {
    using R = typename E::value_type;
    using B = typename E::backend_type;
    if constexpr (detail::is_tuple<R>::value) {
      auto outs =
          std::apply([&](auto... tag) { return std::make_tuple(fresh<decltype(tag), B>(expr.shape())...); }, R{});
      std::apply([&](const auto&... o) { scatter(expr, o...); }, outs);
      return outs;
    } else {
      return eval(expr);
    }
  }

  template <class T, class B>
  static ndarray<T, B> fresh(const shape_type& shape) {
    return ndarray<T, B>(shape);
  }

  // Outputs are written through scatter_outputs; each must be contiguous of the broadcast shape.
  template <class E, class... O>
  static void scatter(const E& expr, const O&... outs) {
    using B = typename E::backend_type;
    const shape_type shape = expr.shape();
    ((outs.shape() == shape && outs.is_contiguous()
          ? void()
          : throw shape_error("xp::elementwise_kernel: every output must be contiguous of shape " + to_string(shape) +
                              ", got " + to_string(outs.shape()))),
     ...);
    (detail::check_writeable(outs), ...);
    const index_t n = size_of(shape);
    if (n == 0) return;
    if ((detail::output_overlaps(expr, outs, /*same_element_ok=*/true) || ...) || outputs_overlap(outs...)) {
      // an output overlaps an operand elsewhere, or another output: compute into fresh arrays,
      // then copy them out one after the other (deterministic, as NumPy's sequential loop)
      const auto fresh_outs = std::make_tuple(ndarray<typename O::value_type, B>(shape)...);
      std::apply([&](const auto&... f) { scatter(expr, f...); }, fresh_outs);
      std::apply([&](const auto&... f) { (detail::assign(outs, f), ...); }, fresh_outs);
      return;
    }
    const auto b = detail::build_kernel(expr, shape, contiguous_strides(shape));
    debug::count_launch();
    primitive::for_each<B>::run(n, detail::scatter_outputs<std::decay_t<decltype(b.kernel)>, typename O::value_type...>{
                                       b.kernel, {outs.data()...}});
  }

  template <class O0, class... Rest>
  static bool outputs_overlap(const O0& first, const Rest&... rest) {
    if constexpr (sizeof...(Rest) == 0) return false;
    else return (detail::may_overlap(first, rest) || ...) || outputs_overlap(rest...);
  }

  detail::user_op<F> m_op;
};

}  // namespace xp
