#pragma once
/// @file linalg/matmul.hpp
/// @brief Matrix products with NumPy's semantics: matmul (batched, broadcast), dot, vdot,
/// inner, outer, tensordot, vecdot. Written once over the backends' `gemm` primitive.
///
///     auto C  = xp::matmul(A, B);                                        // np.matmul / A @ B
///     auto C2 = xp::matmul(A, B, {.engine = xp::engine::own});           // force xp's kernel
///     xp::matmul(A, B, xp::out(C));                                      // np.matmul(A, B, out=C)

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "xp/core/creation.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/kernel.hpp"
#include "xp/linalg/gemm_primitive.hpp"

namespace xp {

namespace detail {

// The type a product is computed in (a type of the gemm primitive, detail::is_gemm_type_v):
// float16, float32, float64, complex64, complex128, int32, int64 as themselves; the narrower
// integers and bool in int32 (sums modulo 2^32 reduce to their own wrap-around; bool as 0/1
// counts), uint32 in int32 and uint64 in int64 (the same bits: their memory is reinterpreted).
template <class R>
struct gemm_compute {
  using type = R;
};
template <class R>
requires(std::is_same_v<R, bool> || (std::is_integral_v<R> && sizeof(R) <= 4)) struct gemm_compute<R> {
  using type = std::int32_t;
};
template <>
struct gemm_compute<std::uint64_t> {
  using type = std::int64_t;
};
template <class R>
using gemm_compute_t = typename gemm_compute<R>::type;

// True when an array of T is an array of W in memory: the same type, or integers of one width
// (signed and unsigned variants may alias each other).
template <class T, class W>
inline constexpr bool same_bits_v = std::is_same_v<T, W> ||
                                    (is_integer_v<T> && is_integer_v<W> && sizeof(T) == sizeof(W));

template <class W, class T, class B>
ndarray<W, B> as_compute(const ndarray<T, B>& a) {
  if constexpr (std::is_same_v<W, T>) return a;
  else if constexpr (same_bits_v<T, W>)  // uint32 as int32, uint64 as int64: a view, no copy
    return ndarray<W, B>(a.buffer(), reinterpret_cast<W*>(a.data()), a.shape(), a.strides(), a.writeable());
  else return a.template astype<W>();
}

inline shape_type drop_last(const shape_type& s, std::size_t n) {
  return shape_type(s.begin(), s.end() - static_cast<std::ptrdiff_t>(n));
}

// c (contiguous, shape batch + (m, n)) = a @ b, where a has shape batch_a + (m, k) and b has
// batch_b + (k, n) and both batches broadcast to `batch`. One primitive call per group of batch
// axes that collapse to a single stride per operand (usually one call in all).
template <class W, class B>
void matmul_into(const ndarray<W, B>& a, const ndarray<W, B>& b, const ndarray<W, B>& c, const shape_type& batch,
                 const matmul_options& opt) {
  check_matmul_options<W>(opt, std::is_same_v<B, cuda>, dtype_name<W>());
  const std::size_t r = batch.size();
  const index_t m = a.shape(-2), k = a.shape(-1), n = b.shape(-1);
  if (c.size() == 0) return;
  if (k == 0) {  // empty sums
    c.fill(W{});
    return;
  }
  shape_type a_full = batch, b_full = batch;
  a_full.insert(a_full.end(), {m, k});
  b_full.insert(b_full.end(), {k, n});
  const auto ab = broadcast_to(a, a_full), bb = broadcast_to(b, b_full);
  // the innermost batch axes that merge into one strided batch
  std::size_t first = r;
  index_t count = 1, sa = 0, sb = 0;
  while (first > 0) {
    const std::size_t d = first - 1;
    const index_t len = batch[d];
    if (len != 1) {
      if (count == 1) {
        sa = ab.strides()[d];
        sb = bb.strides()[d];
      } else if (ab.strides()[d] != sa * count || bb.strides()[d] != sb * count) {
        break;
      }
      count *= len;
    }
    first = d;
  }
  // the remaining outer axes, walked with an odometer
  const index_t outer = size_of(shape_type(batch.begin(), batch.begin() + static_cast<std::ptrdiff_t>(first)));
  shape_type idx(first, 0);
  for (index_t o = 0; o < outer; ++o) {
    index_t off_a = 0, off_b = 0, off_c = 0;
    for (std::size_t d = 0; d < first; ++d) {
      off_a += idx[d] * ab.strides()[d];
      off_b += idx[d] * bb.strides()[d];
      off_c += idx[d] * c.strides()[d];
    }
    gemm_problem<W> p{m,
                      n,
                      k,
                      count,
                      {ab.data() + off_a, ab.strides()[r], ab.strides()[r + 1], sa},
                      {bb.data() + off_b, bb.strides()[r], bb.strides()[r + 1], sb},
                      c.data() + off_c};
    primitive::gemm<B>::run(p, opt);
    for (std::size_t d = first; d-- > 0;) {
      if (++idx[d] < batch[d]) break;
      idx[d] = 0;
    }
  }
}

struct matmul_plan {
  shape_type batch, full, result;
};

// Checks shapes per np.matmul and returns the broadcast batch, the shape computed
// (batch + (m, n)) and the shape returned (without the axes of 1-D operands).
template <class T, class U, class B>
matmul_plan plan_matmul(const ndarray<T, B>& a, const ndarray<U, B>& b) {
  if (a.ndim() == 0 || b.ndim() == 0)
    throw value_error(std::string("xp::matmul: input operand ") + (a.ndim() == 0 ? "0" : "1") +
                      " is 0-d (shape ()); matmul needs at least one dimension (multiply scalars with *)");
  const index_t k_a = a.shape(-1);
  const index_t k_b = b.ndim() == 1 ? b.shape(0) : b.shape(-2);
  if (k_a != k_b)
    throw shape_error("xp::matmul: shapes " + to_string(a.shape()) + " and " + to_string(b.shape()) +
                      " do not align: " + std::to_string(k_a) + " (last axis of the first) != " + std::to_string(k_b) +
                      " (" + (b.ndim() == 1 ? "only" : "second-last") + " axis of the second)");
  const shape_type batch_a = a.ndim() > 2 ? drop_last(a.shape(), 2) : shape_type{};
  const shape_type batch_b = b.ndim() > 2 ? drop_last(b.shape(), 2) : shape_type{};
  matmul_plan plan;
  try {
    plan.batch = broadcast_shapes(batch_a, batch_b);
  } catch (const shape_error&) {
    throw shape_error("xp::matmul: the batch axes of " + to_string(a.shape()) + " and " + to_string(b.shape()) +
                      " do not broadcast (" + to_string(batch_a) + " vs " + to_string(batch_b) + ")");
  }
  const index_t m = a.ndim() == 1 ? 1 : a.shape(-2), n = b.ndim() == 1 ? 1 : b.shape(-1);
  plan.full = plan.batch;
  plan.full.insert(plan.full.end(), {m, n});
  plan.result = plan.batch;
  if (a.ndim() > 1) plan.result.push_back(m);
  if (b.ndim() > 1) plan.result.push_back(n);
  return plan;
}

/// The out-of-core product of host matrices, c (m x n, contiguous) = a (m x k) b (k x n), on the
/// CUDA device: matmul_options::out_of_core. This header knows nothing of CUDA, so the
/// implementation is reached through this pointer, which <xp/cuda.hpp> (xp/cuda/out_of_core_gemm.hpp)
/// sets before main for W = float, double, int32, int64; it stays null in a program that never
/// includes that header. The same code therefore runs in every translation unit (no ODR trap).
template <class W>
using out_of_core_gemm_fn = void (*)(const ndarray<W, host>& a, const ndarray<W, host>& b, const ndarray<W, host>& c,
                                     const matmul_options& options);
template <class W>
inline out_of_core_gemm_fn<W> out_of_core_gemm_hook = nullptr;

template <class W, class B>
void run_out_of_core(const ndarray<W, B>& a, const ndarray<W, B>& b, const ndarray<W, B>& c, const shape_type& batch,
                     const matmul_options& opt) {
  if constexpr (!std::is_same_v<B, host>) {
    (void)a, (void)b, (void)c, (void)batch, (void)opt;
    throw value_error("xp::matmul: out_of_core streams host operands through the device; these are device arrays");
  } else {
    if (!batch.empty())
      throw value_error("xp::matmul: out_of_core multiplies matrices (1-D or 2-D operands), got batch axes " +
                        to_string(batch));
    check_matmul_options<W>(opt, true, dtype_name<W>());  // the tiles run on the device
    if constexpr (!(std::is_same_v<W, float> || std::is_same_v<W, double> || std::is_same_v<W, std::int32_t> ||
                    std::is_same_v<W, std::int64_t>))
      throw dtype_error("xp::matmul: out_of_core multiplies float32, float64, integer and bool arrays; not " +
                        std::string(dtype_name<W>()));
    if (!out_of_core_gemm_hook<W>)
      throw value_error(
          "xp::matmul: out_of_core runs on the CUDA backend: include <xp/cuda.hpp> in the program "
          "and link xp::cuda");
    out_of_core_gemm_hook<W>(a, b, c, opt);
  }
}

// Computes into `c` (contiguous, of type W, shape plan.full).
template <class W, class T, class U, class B>
void run_matmul(const ndarray<T, B>& a, const ndarray<U, B>& b, const ndarray<W, B>& c, const shape_type& batch,
                const matmul_options& opt) {
  auto aw = as_compute<W>(a);
  auto bw = as_compute<W>(b);
  if (aw.ndim() == 1) aw = expand_dims(aw, 0);
  if (bw.ndim() == 1) bw = expand_dims(bw, 1);
  if (opt.out_of_core) run_out_of_core(aw, bw, c, batch, opt);
  else matmul_into(aw, bw, c, batch, opt);
}

}  // namespace detail

/// @brief The matrix product with NumPy's rules (np.matmul, `a @ b`): 2-D operands multiply as
/// matrices; a 1-D first (second) operand is a row (column) vector whose axis is removed from
/// the result; N-D operands are stacks of matrices in the last two axes, broadcast over the
/// leading axes ((3,1,4,5) @ (2,5,6) -> (3,2,4,6)). Types promote like NumPy (promote_t);
/// integers wrap; every dtype is served. float16 products are summed in float32 and rounded
/// once, as NumPy's; complex products are plain (no conjugation).
/// On xp::cuda float16/float32/float64/complex64/complex128 products go to cuBLAS (transposed and
/// strided views through its op flags and leading dimensions, batches through its
/// strided-batched call; float16 through cublasGemmEx with float32 sums), the others to xp's
/// tiled kernel; on xp::host float32/float64/complex go to CBLAS (sgemm, dgemm, cgemm, zgemm)
/// when the build found it, the others to xp's blocked kernel.
/// @param options `{.engine = automatic | vendor | own, .precision = highest | tf32,
/// .out_of_core = false | true, .tile_bytes = 0}`. `.out_of_core = true` with host operands
/// computes on the CUDA device tile by tile, streaming A's row panels and B's column panels
/// through it, for products larger than device memory (<xp/cuda.hpp>, docs/out_of_core.md).
/// @throws xp::shape_error when the inner dimensions differ or the batch axes do not
/// broadcast (naming both shapes); xp::value_error for a 0-d operand; xp::dtype_error when the
/// engine cannot serve the dtype (vendor: float16/32/64 and complex) or tf32 is asked of a
/// non-float32 product; xp::value_error for the vendor engine on xp::host without CBLAS. With out_of_core:
/// xp::value_error for device operands, batch axes, a tile_bytes smaller than one row of A, or a program without
/// <xp/cuda.hpp>; xp::dtype_error for float16 and complex products.
template <class T, class U, class B>
ndarray<promote_t<T, U>, B> matmul(const ndarray<T, B>& a, const ndarray<U, B>& b, const matmul_options& options = {}) {
  detail::op_range<B> range("xp::matmul");
  using R = promote_t<T, U>;
  using W = detail::gemm_compute_t<R>;
  const auto plan = detail::plan_matmul(a, b);
  if constexpr (detail::same_bits_v<R, W>) {  // computed in the result's own memory
    auto c = empty<R, B>(plan.full);
    detail::run_matmul(a, b, detail::as_compute<W>(c), plan.batch, options);
    return c.reshape(plan.result);
  } else {
    auto c = empty<W, B>(plan.full);
    detail::run_matmul(a, b, c, plan.batch, options);
    if constexpr (std::is_same_v<R, bool>) return ndarray<bool, B>(c != W{0}).reshape(plan.result);
    else return c.template astype<R>().reshape(plan.result);
  }
}

/// @brief np.matmul(a, b, out=o): writes the product into `o`, which must have exactly the
/// result's shape; its dtype may differ (the product is converted). Returns `o`.
/// @throws as matmul, xp::shape_error when `o` has another shape, xp::value_error when `o` is
///         read-only. An `o` that overlaps a or b receives the product through a temporary.
template <class T, class U, class O, class B>
ndarray<O, B> matmul(const ndarray<T, B>& a, const ndarray<U, B>& b, const out_t<ndarray<O, B>>& out,
                     const matmul_options& options = {}) {
  detail::op_range<B> range("xp::matmul");
  using R = promote_t<T, U>;
  using W = detail::gemm_compute_t<R>;
  const ndarray<O, B>& o = std::get<0>(out.arrays);
  detail::check_writeable(o);
  const auto plan = detail::plan_matmul(a, b);
  if (o.shape() != plan.result)
    throw shape_error("xp::matmul: out has shape " + to_string(o.shape()) + ", the product of " + to_string(a.shape()) +
                      " and " + to_string(b.shape()) + " has " + to_string(plan.result));
  if constexpr (detail::same_bits_v<O, W> && detail::same_bits_v<R, W>) {
    if (o.is_contiguous() && !detail::output_overlaps(a, o, false) && !detail::output_overlaps(b, o, false)) {
      detail::run_matmul(a, b, detail::as_compute<W>(o.reshape(plan.full)), plan.batch, options);
      return o;
    }
  }
  const auto c = matmul(a, b, options);
  detail::assign(o, c);
  return o;
}

/// @brief np.dot: for 0-d operands the product a * b; for 1-D and 2-D operands (and any
/// N-D a with 1-D or 2-D b) the same as matmul; for N-D b, a sum product over the last axis
/// of a and the second-last of b, result shape a.shape[:-1] + b.shape[:-2] + b.shape[-1:].
/// @throws xp::shape_error when those axes differ.
template <class T, class U, class B>
ndarray<promote_t<T, U>, B> dot(const ndarray<T, B>& a, const ndarray<U, B>& b, const matmul_options& options = {}) {
  detail::op_range<B> range("xp::dot");
  using R = promote_t<T, U>;
  if (a.ndim() == 0 || b.ndim() == 0) return ndarray<R, B>(a * b);
  if (b.ndim() <= 2) {
    const index_t k_b = b.ndim() == 1 ? b.shape(0) : b.shape(-2);
    if (a.shape(-1) != k_b)
      throw shape_error("xp::dot: shapes " + to_string(a.shape()) + " and " + to_string(b.shape()) +
                        " not aligned: " + std::to_string(a.shape(-1)) + " != " + std::to_string(k_b));
    return matmul(a, b, options);
  }
  const index_t k = a.shape(-1);
  if (b.shape(-2) != k)
    throw shape_error("xp::dot: shapes " + to_string(a.shape()) + " and " + to_string(b.shape()) + " not aligned: " +
                      std::to_string(k) + " (last axis of the first) != " + std::to_string(b.shape(-2)) +
                      " (second-last axis of the second)");
  // b (..., k, n) -> (k, ..., n) -> (k, q): one plain matrix product
  std::vector<index_t> axes;
  axes.push_back(static_cast<index_t>(b.ndim()) - 2);
  for (index_t d = 0; d < static_cast<index_t>(b.ndim()); ++d)
    if (d != static_cast<index_t>(b.ndim()) - 2) axes.push_back(d);
  shape_type b_rest = b.shape();
  b_rest.erase(b_rest.end() - 2);
  const auto b2 = transpose(b, axes).reshape({k, size_of(b_rest)});
  const auto a2 = a.reshape({size_of(detail::drop_last(a.shape(), 1)), k});
  shape_type result = detail::drop_last(a.shape(), 1);
  const auto& bs = b.shape();
  result.insert(result.end(), bs.begin(), bs.end() - 2);
  result.push_back(bs.back());
  return matmul(a2, b2, options).reshape(result);
}

/// @brief np.vdot: both flattened, sum(conj(a) * b) as a 0-d array (the first operand is
/// conjugated when it is complex, as NumPy's).
/// @throws xp::shape_error when the sizes differ.
template <class T, class U, class B>
ndarray<promote_t<T, U>, B> vdot(const ndarray<T, B>& a, const ndarray<U, B>& b, const matmul_options& options = {}) {
  detail::op_range<B> range("xp::vdot");
  if (a.size() != b.size())
    throw shape_error("xp::vdot: the operands have " + std::to_string(a.size()) + " and " + std::to_string(b.size()) +
                      " elements (shapes " + to_string(a.shape()) + " and " + to_string(b.shape()) + ")");
  if constexpr (detail::is_complex_v<T>) return matmul(ndarray<T, B>(conj(a)).ravel(), b.ravel(), options);
  else return matmul(a.ravel(), b.ravel(), options);
}

/// @brief np.inner: a sum product over the last axes; result shape a.shape[:-1] + b.shape[:-1];
/// for 0-d operands the product a * b.
/// @throws xp::shape_error when the last axes differ.
template <class T, class U, class B>
ndarray<promote_t<T, U>, B> inner(const ndarray<T, B>& a, const ndarray<U, B>& b, const matmul_options& options = {}) {
  detail::op_range<B> range("xp::inner");
  using R = promote_t<T, U>;
  if (a.ndim() == 0 || b.ndim() == 0) return ndarray<R, B>(a * b);
  const index_t k = a.shape(-1);
  if (b.shape(-1) != k)
    throw shape_error("xp::inner: shapes " + to_string(a.shape()) + " and " + to_string(b.shape()) +
                      " not aligned: last axes " + std::to_string(k) + " != " + std::to_string(b.shape(-1)));
  const index_t p = size_of(detail::drop_last(a.shape(), 1)), q = size_of(detail::drop_last(b.shape(), 1));
  shape_type result = detail::drop_last(a.shape(), 1);
  const auto rb = detail::drop_last(b.shape(), 1);
  result.insert(result.end(), rb.begin(), rb.end());
  return matmul(a.reshape({p, k}), transpose(b.reshape({q, k})), options).reshape(result);
}

/// @brief np.outer: both flattened; result[i, j] = a[i] * b[j], shape (a.size, b.size).
template <class T, class U, class B>
ndarray<promote_t<T, U>, B> outer(const ndarray<T, B>& a, const ndarray<U, B>& b) {
  detail::op_range<B> range("xp::outer");
  using R = promote_t<T, U>;
  return ndarray<R, B>(expand_dims(a.ravel(), 1) * expand_dims(b.ravel(), 0));
}

/// @brief np.tensordot(a, b, axes=N): the sum product over the last N axes of a and the first
/// N of b; result shape a.shape[:-N] + b.shape[N:] (the array API's tensordot).
/// @throws xp::shape_error when the contracted extents differ; xp::value_error for N < 0 or
/// N above either rank.
template <class T, class U, class B>
ndarray<promote_t<T, U>, B> tensordot(const ndarray<T, B>& a, const ndarray<U, B>& b, index_t axes = 2) {
  const auto na = static_cast<index_t>(a.ndim()), nb = static_cast<index_t>(b.ndim());
  if (axes < 0 || axes > na || axes > nb)
    throw value_error("xp::tensordot: axes=" + std::to_string(axes) + " for operands of shapes " +
                      to_string(a.shape()) + " and " + to_string(b.shape()));
  std::vector<index_t> from_a, from_b;
  for (index_t i = 0; i < axes; ++i) {
    from_a.push_back(na - axes + i);
    from_b.push_back(i);
  }
  return tensordot(a, b, from_a, from_b);
}

/// @brief np.tensordot(a, b, axes=(axes_a, axes_b)): the sum product over a's axes `axes_a`
/// paired in order with b's `axes_b` (negative axes count from the end); result shape a's other
/// axes then b's other axes, each in order.
/// @throws xp::shape_error when the lists differ in length or a pair's extents differ;
/// xp::index_error for an axis out of range; xp::value_error for an axis named twice.
template <class T, class U, class B>
ndarray<promote_t<T, U>, B> tensordot(const ndarray<T, B>& a, const ndarray<U, B>& b,
                                      const std::vector<index_t>& axes_a, const std::vector<index_t>& axes_b) {
  detail::op_range<B> range("xp::tensordot");
  if (axes_a.size() != axes_b.size())
    throw shape_error("xp::tensordot: " + std::to_string(axes_a.size()) + " axes of the first operand paired with " +
                      std::to_string(axes_b.size()) + " of the second");
  // a's free axes then its contracted ones; b's contracted ones then its free ones
  auto split = [](const auto& x, const std::vector<index_t>& axes, bool contracted_last) {
    std::vector<index_t> contracted, free;
    std::vector<bool> used(x.ndim(), false);
    for (index_t ax : axes) {
      const int d = normalize_axis(ax, x.ndim());
      if (used[d]) throw value_error("xp::tensordot: axis " + std::to_string(ax) + " is named twice");
      used[d] = true;
      contracted.push_back(d);
    }
    for (std::size_t d = 0; d < x.ndim(); ++d)
      if (!used[d]) free.push_back(static_cast<index_t>(d));
    std::vector<index_t> order = contracted_last ? free : contracted;
    const auto& rest = contracted_last ? contracted : free;
    order.insert(order.end(), rest.begin(), rest.end());
    return std::pair{order, free};
  };
  const auto [order_a, free_a] = split(a, axes_a, true);
  const auto [order_b, free_b] = split(b, axes_b, false);
  index_t k = 1;
  for (std::size_t i = 0; i < axes_a.size(); ++i) {
    const index_t ea = a.shape()[order_a[free_a.size() + i]], eb = b.shape()[order_b[i]];
    if (ea != eb)
      throw shape_error("xp::tensordot: shapes " + to_string(a.shape()) + " and " + to_string(b.shape()) +
                        " not aligned: axis " + std::to_string(axes_a[i]) + " (" + std::to_string(ea) + ") and axis " +
                        std::to_string(axes_b[i]) + " (" + std::to_string(eb) + ")");
    k *= ea;
  }
  shape_type result;
  index_t rows = 1, cols = 1;
  for (index_t d : free_a) {
    result.push_back(a.shape()[d]);
    rows *= a.shape()[d];
  }
  for (index_t d : free_b) {
    result.push_back(b.shape()[d]);
    cols *= b.shape()[d];
  }
  const auto a2 = transpose(a, order_a).reshape({rows, k});
  const auto b2 = transpose(b, order_b).reshape({k, cols});
  return matmul(a2, b2).reshape(result);
}

/// @brief The array API's vecdot(x1, x2, axis=-1): sum(conj(x1) * x2) along `axis`, the other
/// axes broadcast (np.vecdot). `axis` counts in the broadcast shape; the contracted extents
/// must be equal (they are not broadcast).
/// @throws xp::shape_error when the contracted extents differ or the other axes do not
/// broadcast; xp::index_error when `axis` is outside an operand.
template <class T, class U, class B>
ndarray<promote_t<T, U>, B> vecdot(const ndarray<T, B>& x1, const ndarray<U, B>& x2, index_t axis = -1) {
  detail::op_range<B> range("xp::vecdot");
  const auto rank = static_cast<index_t>(std::max(x1.ndim(), x2.ndim()));
  const index_t from_end = axis < 0 ? axis : axis - rank;  // -1 is the last axis
  if (from_end >= 0 || -from_end > static_cast<index_t>(std::min(x1.ndim(), x2.ndim())))
    throw index_error("xp::vecdot: axis " + std::to_string(axis) + " is out of range for operands of shapes " +
                      to_string(x1.shape()) + " and " + to_string(x2.shape()));
  // the contracted axis moved last in each, then (..., 1, n) @ (..., n, 1)
  auto last = [from_end](const auto& x) {
    const auto d = static_cast<index_t>(x.ndim()) + from_end;
    std::vector<index_t> order;
    for (index_t i = 0; i < static_cast<index_t>(x.ndim()); ++i)
      if (i != d) order.push_back(i);
    order.push_back(d);
    return transpose(x, order);
  };
  const auto a = last(x1);
  const auto b = last(x2);
  if (a.shape(-1) != b.shape(-1))
    throw shape_error("xp::vecdot: shapes " + to_string(x1.shape()) + " and " + to_string(x2.shape()) +
                      " differ along axis " + std::to_string(axis) + ": " + std::to_string(a.shape(-1)) +
                      " != " + std::to_string(b.shape(-1)));
  ndarray<promote_t<T, U>, B> product;
  if constexpr (detail::is_complex_v<T>) product = matmul(expand_dims(ndarray<T, B>(conj(a)), -2), expand_dims(b, -1));
  else product = matmul(expand_dims(a, -2), expand_dims(b, -1));
  return squeeze(squeeze(product, -1), -1);
}

/// @brief matmul, dot, vdot, inner and outer of expressions (`xp::matmul(a.T(), b * 2)`):
/// each expression is evaluated into an array first, then multiplied as arrays are.
template <class L, class R>
requires detail::has_expression_operand<L, R>
auto matmul(const L& a, const R& b, const matmul_options& options = {}) {
  return matmul(detail::materialize(a), detail::materialize(b), options);
}
template <class L, class R, class O>
requires detail::has_expression_operand<L, R>
auto matmul(const L& a, const R& b, const out_t<O>& out, const matmul_options& options = {}) {
  return matmul(detail::materialize(a), detail::materialize(b), out, options);
}
template <class L, class R>
requires detail::has_expression_operand<L, R>
auto dot(const L& a, const R& b, const matmul_options& options = {}) {
  return dot(detail::materialize(a), detail::materialize(b), options);
}
template <class L, class R>
requires detail::has_expression_operand<L, R>
auto vdot(const L& a, const R& b, const matmul_options& options = {}) {
  return vdot(detail::materialize(a), detail::materialize(b), options);
}
template <class L, class R>
requires detail::has_expression_operand<L, R>
auto inner(const L& a, const R& b, const matmul_options& options = {}) {
  return inner(detail::materialize(a), detail::materialize(b), options);
}
template <class L, class R>
requires detail::has_expression_operand<L, R>
auto outer(const L& a, const R& b) { return outer(detail::materialize(a), detail::materialize(b)); }
template <class L, class R>
requires detail::has_expression_operand<L, R>
auto tensordot(const L& a, const R& b, index_t axes = 2) {
  return tensordot(detail::materialize(a), detail::materialize(b), axes);
}
template <class L, class R>
requires detail::has_expression_operand<L, R>
auto vecdot(const L& a, const R& b, index_t axis = -1) {
  return vecdot(detail::materialize(a), detail::materialize(b), axis);
}

}  // namespace xp
