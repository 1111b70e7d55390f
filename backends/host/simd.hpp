#pragma once
/// @file backends/host/simd.hpp
/// @brief SIMD evaluation of elementwise expressions on the host with xsimd: a contiguous
/// float or double expression made of arithmetic and the common math functions is evaluated
/// a register (xsimd::batch) at a time, with xsimd's vectorised sin/cos/exp/log/...
/// An op takes part when it declares a vector form (`V simd(const V&...)`, detected by
/// has_simd_form); a tree with any other op, or any non-float leaf, takes the scalar loop. The width is what the
/// compiler targets
/// (-march=native gives AVX2/AVX-512 where the CPU has it).

#include <concepts>
#include <type_traits>

#include <xsimd/xsimd.hpp>

#include "xp/core/config.hpp"

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

template <class T>
using batch_t = xsimd::batch<T>;

/// An op with a vector form: `op.simd(v...)` on batches V (one per operand) gives a V. The
/// ops declare it next to their scalar form (xp/expr/ops.hpp; static there), a user's generic
/// functor through its wrapper (xp/expr/kernel.hpp; a member, for the functor's state);
/// nothing here lists them.
template <class Op, class... V>
concept has_simd_form = sizeof...(V) > 0 && requires(const Op& op, const V&... v) {
  { op.simd(v...) } -> std::same_as<std::common_type_t<V...>>;
};

template <class T, class K>
struct batch_for {  // one batch per operand kernel K
  using type = batch_t<T>;
};

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
constexpr bool node_batchable() {
  if constexpr (!simd_type_v<T>) return false;  // batches of float/double only: ask no more
  // the leaves first: asking for the vector form compiles a user's generic functor on batches
  else if constexpr (!(batchable<K, T>::value && ...)) return false;
  else return has_simd_form<Op, typename batch_for<T, K>::type...>;
}
template <class T, class Op, class... K>
struct batchable<detail::node_kernel<T, Op, K...>, T> : std::bool_constant<node_batchable<T, Op, K...>()> {};

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
  // a leaf broadcast along a line (stride 0: `a + col`) is one value; the branch goes the same
  // way for a whole line
  if (k.view.strides[k.view.rank > 0 ? k.view.rank - 1 : 0] == 0) return batch_t<T>(k.view.data[0]);
  return batch_t<T>::load_unaligned(k.view.data + i);
}
template <class T, class K>
batch_t<T> load(const detail::cast_kernel<T, K>& k, index_t i) {
  return load(k.inner, i);
}
template <class T, class Op, class... K, std::size_t... I>
batch_t<T> load_node(const detail::node_kernel<T, Op, K...>& k, index_t i, std::index_sequence<I...>) {
  return k.op.simd(load(std::get<I>(k.args), i)...);
}
template <class T, class Op, class... K>
batch_t<T> load(const detail::node_kernel<T, Op, K...>& k, index_t i) {
  return load_node(k, i, std::index_sequence_for<K...>{});
}

/// dst[0..n) = k at positions first..first+n, a register at a time, on the calling thread: of one
/// line of a walk (leaves unit-stride or broadcast along it), or of a contiguous kernel's flat
/// range (`unit`: every leaf unit-stride, so the tail may index directly); true when k has a
/// vector form.
template <class T, class K>
bool try_evaluate_span(T* dst, index_t first, index_t n, const K& k, bool unit) {
  if constexpr (batchable<K, T>::value) {
    constexpr index_t w = static_cast<index_t>(batch_t<T>::size);
    const index_t full = n / w * w;
    for (index_t i = 0; i < full; i += w) load(k, first + i).store_unaligned(dst + i);
    for (index_t i = full; i < n; ++i) dst[i] = unit ? k.at_contig(first + i) : k.at_line(first + i);
    return true;
  } else {
    return false;
  }
}

}  // namespace backends::host::simd
}  // namespace xp
