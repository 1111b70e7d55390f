#pragma once
/// @file backends/host/simd.hpp
/// @brief SIMD evaluation of elementwise expressions on the host with xsimd: a contiguous
/// float or double expression made of arithmetic and the common math functions is evaluated
/// a register (xsimd::batch) at a time, with xsimd's vectorised sin/cos/exp/log/...
/// Any other expression takes the scalar loop. The width is what the compiler targets
/// (-march=native gives AVX2/AVX-512 where the CPU has it).

#include <type_traits>

#include <xsimd/xsimd.hpp>

#include "xp/expr/ops.hpp"

namespace xp {
namespace detail {
template <class T>
struct scalar_kernel;
template <class T>
struct array_kernel;
template <class R, class Op, class... K>
struct node_kernel;
template <class R, class K>
struct cast_kernel;
}  // namespace detail

namespace backends::host::simd {

template <class T>
inline constexpr bool simd_type_v = std::is_same_v<T, float> || std::is_same_v<T, double>;

// Ops with a batch form, applied to batches of one dtype.
template <class Op>
struct batch_op : std::false_type {};
#define XP_SIMD_BINARY(op_type, expr)                                   \
  template <>                                                          \
  struct batch_op<op_type> : std::true_type {                          \
    template <class V>                                                 \
    static V apply(const V& a, const V& b) {                           \
      return expr;                                                     \
    }                                                                  \
  };
XP_SIMD_BINARY(ops::plus, a + b)
XP_SIMD_BINARY(ops::minus, a - b)
XP_SIMD_BINARY(ops::multiplies, a * b)
XP_SIMD_BINARY(ops::divides, a / b)
XP_SIMD_BINARY(ops::hypot, xsimd::hypot(a, b))
XP_SIMD_BINARY(ops::arctan2, xsimd::atan2(a, b))
#undef XP_SIMD_BINARY
#define XP_SIMD_UNARY(op_type, fn)                                      \
  template <>                                                          \
  struct batch_op<op_type> : std::true_type {                          \
    template <class V>                                                 \
    static V apply(const V& a) {                                       \
      return fn(a);                                                    \
    }                                                                  \
  };
XP_SIMD_UNARY(ops::negate, -)
XP_SIMD_UNARY(ops::sin, xsimd::sin)
XP_SIMD_UNARY(ops::cos, xsimd::cos)
XP_SIMD_UNARY(ops::tan, xsimd::tan)
XP_SIMD_UNARY(ops::exp, xsimd::exp)
XP_SIMD_UNARY(ops::exp2, xsimd::exp2)
XP_SIMD_UNARY(ops::expm1, xsimd::expm1)
XP_SIMD_UNARY(ops::log, xsimd::log)
XP_SIMD_UNARY(ops::log2, xsimd::log2)
XP_SIMD_UNARY(ops::log10, xsimd::log10)
XP_SIMD_UNARY(ops::log1p, xsimd::log1p)
XP_SIMD_UNARY(ops::sqrt, xsimd::sqrt)
XP_SIMD_UNARY(ops::cbrt, xsimd::cbrt)
XP_SIMD_UNARY(ops::sinh, xsimd::sinh)
XP_SIMD_UNARY(ops::cosh, xsimd::cosh)
XP_SIMD_UNARY(ops::tanh, xsimd::tanh)
XP_SIMD_UNARY(ops::arcsin, xsimd::asin)
XP_SIMD_UNARY(ops::arccos, xsimd::acos)
XP_SIMD_UNARY(ops::arctan, xsimd::atan)
XP_SIMD_UNARY(ops::absolute, xsimd::abs)
XP_SIMD_UNARY(ops::square, [](const auto& x) { return x * x; })
#undef XP_SIMD_UNARY

// Which kernel trees evaluate as batches of T.
template <class K, class T>
struct batchable : std::false_type {};
template <class T>
struct batchable<detail::scalar_kernel<T>, T> : std::bool_constant<simd_type_v<T>> {};
template <class T>
struct batchable<detail::array_kernel<T>, T> : std::bool_constant<simd_type_v<T>> {};
template <class T, class K>
struct batchable<detail::cast_kernel<T, K>, T> : batchable<K, T> {};
template <class T, class Op, class... K>
struct batchable<detail::node_kernel<T, Op, K...>, T>
    : std::bool_constant<simd_type_v<T> && batch_op<Op>::value && (batchable<K, T>::value && ...)> {};

template <class T>
using batch_t = xsimd::batch<T>;

// declared first: the overloads call each other down the tree
template <class T>
batch_t<T> load(const detail::scalar_kernel<T>& k, index_t);
template <class T>
batch_t<T> load(const detail::array_kernel<T>& k, index_t i);
template <class T, class K>
batch_t<T> load(const detail::cast_kernel<T, K>& k, index_t i);
template <class T, class Op, class... K>
batch_t<T> load(const detail::node_kernel<T, Op, K...>& k, index_t i);

template <class T>
batch_t<T> load(const detail::scalar_kernel<T>& k, index_t) {
  return batch_t<T>(k.value);
}
template <class T>
batch_t<T> load(const detail::array_kernel<T>& k, index_t i) {
  return batch_t<T>::load_unaligned(k.view.data + i);
}
template <class T, class K>
batch_t<T> load(const detail::cast_kernel<T, K>& k, index_t i) {
  return load(k.inner, i);
}
template <class T, class Op, class... K, std::size_t... I>
batch_t<T> load_node(const detail::node_kernel<T, Op, K...>& k, index_t i, std::index_sequence<I...>) {
  return batch_op<Op>::apply(load(std::get<I>(k.args), i)...);
}
template <class T, class Op, class... K>
batch_t<T> load(const detail::node_kernel<T, Op, K...>& k, index_t i) {
  return load_node(k, i, std::index_sequence_for<K...>{});
}

/// dst[0..n) = k at contiguous positions, a batch at a time; true when it applied.
template <class T, class K>
bool try_evaluate(T* dst, index_t n, const K& k, index_t parallel_threshold) {
  if constexpr (batchable<K, T>::value) {
    constexpr index_t w = static_cast<index_t>(batch_t<T>::size);
    const index_t full = n / w * w;
#pragma omp parallel for if (n > parallel_threshold)
    for (index_t i = 0; i < full; i += w) load(k, i).store_unaligned(dst + i);
    for (index_t i = full; i < n; ++i) dst[i] = k.at_contig(i);
    return true;
  } else {
    return false;
  }
}

}  // namespace backends::host::simd
}  // namespace xp
