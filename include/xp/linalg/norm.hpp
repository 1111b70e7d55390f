#pragma once
/// @file linalg/norm.hpp
/// @brief Vector and matrix norms with NumPy's semantics: xp::linalg::norm (np.linalg.norm, with
/// its ord, axis and keepdims), and the array API's linalg extension, xp::linalg::vector_norm and
/// xp::linalg::matrix_norm. Written with the reductions and elementwise functions, so they run on
/// every backend with no kernel of their own; an expression operand is reduced where it is.
///
///     xp::linalg::norm(v);                          // np.linalg.norm(v): the 2-norm
///     xp::linalg::norm(m, 1);                       // np.linalg.norm(m, 1): the largest column sum of |m|
///     xp::linalg::norm(m, xp::linalg::fro);         // np.linalg.norm(m, 'fro')
///     xp::linalg::norm(b, xp::inf, {1, 2});         // np.linalg.norm(b, np.inf, axis=(1, 2))
///     xp::linalg::norm(m, {}, 1);                   // np.linalg.norm(m, axis=1): the rows' 2-norms
///     xp::linalg::vector_norm(b, {}, false, 3);     // np.linalg.vector_norm(b, ord=3)
///     xp::linalg::matrix_norm(b, false, xp::inf);   // np.linalg.matrix_norm(b, ord=np.inf)
///
/// Results have NumPy's dtype: the real dtype of a float or complex input (float16 stays float16,
/// complex64 gives float32), float64 for integers and bool.

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include "xp/core/dtype_info.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/shape.hpp"
#include "xp/core/slicing.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/power.hpp"
#include "xp/expr/reduction.hpp"
#include "xp/linalg/decompositions.hpp"

namespace xp::detail {
/// np.linalg.norm's result dtype: the real dtype of a float or complex input (float16 stays
/// float16, complex64 gives float32); integers and bool are computed in float64, as NumPy's
/// x.astype(float).
template <class T>
using norm_result_t = std::conditional_t<is_inexact_v<T>, real_of_t<T>, double>;
template <class T>
using norm_acc_t = std::conditional_t<std::is_same_v<norm_result_t<T>, float16>, float, norm_result_t<T>>;
// The 2-norm (Frobenius norm) over the reduced axes in one pass: sqrt of the sum of |x|^2, made
// with the reductions' public generator (make_reduction). Not a public function itself:
// xp::linalg::norm takes NumPy's ord and axis, and runs this for ord None, 2 and 'fro'.
template <class T>
inline constexpr auto norm_reduction = make_reduction("norm", norm_acc_t<T>(0), squared<norm_acc_t<T>>{}, take_sum{},
                                                      square_root<norm_result_t<T>>{});
}  // namespace xp::detail

namespace xp::linalg {

/// @brief What a norm_order is: none (NumPy's ord=None), a number p, or a named matrix norm.
enum class norm_kind : std::uint8_t { none, number, frobenius, nuclear };

/// @brief np.linalg.norm's `ord`: none (the default, ord=None: the 2-norm of vectors, the
/// Frobenius norm of matrices), a number (`2`, `1`, `-1`, `0`, `0.5`, `xp::inf`, `-xp::inf`: an
/// int or a double converts), or xp::linalg::fro ('fro') or xp::linalg::nuc ('nuc').
class norm_order {
 public:
  /// @brief ord=None.
  constexpr norm_order() noexcept = default;
  /// @brief ord=p; implicit, so that `norm(m, 1)` and `norm(m, xp::inf)` read as NumPy's.
  constexpr norm_order(double p) noexcept : m_kind(norm_kind::number), m_p(p) {}
  /// @brief ord='fro' (xp::linalg::fro).
  static constexpr norm_order frobenius() noexcept { return norm_order(norm_kind::frobenius); }
  /// @brief ord='nuc' (xp::linalg::nuc).
  static constexpr norm_order nuclear() noexcept { return norm_order(norm_kind::nuclear); }

  constexpr norm_kind kind() const noexcept { return m_kind; }
  constexpr bool is_none() const noexcept { return m_kind == norm_kind::none; }
  /// @brief True for the number `p` (NumPy's `ord == p`).
  constexpr bool is(double p) const noexcept { return m_kind == norm_kind::number && m_p == p; }
  /// @brief The number (0 unless kind() is number).
  constexpr double p() const noexcept { return m_p; }
  /// @brief Python's spelling, for messages: `None`, `'fro'`, `'nuc'`, `2`, `0.5`, `inf`, `-inf`.
  std::string str() const {
    switch (m_kind) {
      case norm_kind::none:
        return "None";
      case norm_kind::frobenius:
        return "'fro'";
      case norm_kind::nuclear:
        return "'nuc'";
      case norm_kind::number:
        break;
    }
    // the shortest spelling that reads back, as Python's repr (2, 0.5, inf); the longest,
    // -2.2250738585072014e-308, has 24 characters
    constexpr std::size_t longest_spelling = 24;
    char text[longest_spelling];
    return std::string(text, std::to_chars(text, text + longest_spelling, m_p).ptr);
  }

 private:
  constexpr explicit norm_order(norm_kind k) noexcept : m_kind(k) {}
  norm_kind m_kind = norm_kind::none;
  double m_p = 0;
};

/// @brief ord='fro': the Frobenius norm of matrices, sqrt of the sum of |x|^2.
inline constexpr norm_order fro = norm_order::frobenius();
/// @brief ord='nuc': the nuclear norm (the sum of the singular values).
inline constexpr norm_order nuc = norm_order::nuclear();

namespace detail {
using ::xp::detail::norm_result_t;
using ::xp::detail::operand_value_t;

// The result of a norm of operand X: NumPy's dtype (norm_result_t) on X's backend.
template <class X>
using norm_array_t = ndarray<norm_result_t<operand_value_t<X>>, typename ::xp::detail::backend_of<X>::type>;

// NumPy computes the norms of integers and bool in float64 (x.astype(float)); floats and complex
// stay as they are.
template <class X>
auto as_inexact(const X& x) {
  if constexpr (::xp::detail::is_inexact_v<operand_value_t<X>>) return x;
  else return astype<double>(x);
}

// np.linalg.norm's vector norms over `axes` (one axis from norm, any for vector_norm).
template <class X>
norm_array_t<X> vector_norm_over(const X& x, const axes_t& axes, bool keepdims, const norm_order& ord, const char* fn) {
  using R = norm_result_t<operand_value_t<X>>;
  if (!ord.is_none() && ord.kind() != norm_kind::number)
    throw value_error(std::string(fn) + ": Invalid norm order " + ord.str() + " for vectors");
  if (ord.is_none() || ord.is(2))
    return ::xp::detail::reduce_with(::xp::detail::norm_reduction<operand_value_t<X>>, x, axes, keepdims, nullptr);
  const auto magnitude = abs(as_inexact(x));  // real: |z| of complex
  if (ord.is(inf)) return max(magnitude, axes, keepdims);
  if (ord.is(-inf)) return min(magnitude, axes, keepdims);
  if (ord.is(0)) return astype<R>(count_nonzero(x, axes, keepdims));  // NumPy counts in the result dtype
  if (ord.is(1)) return sum(magnitude, axes, keepdims);
  // sum(|x|^p)^(1/p); the exponents are weak scalars, so float32 stays float32, as in NumPy
  const norm_array_t<X> powers = sum(power(magnitude, ord.p()), axes, keepdims);
  return power(powers, 1.0 / ord.p());
}

// np.linalg.norm's matrix norms of the matrices spanned by axes `row` and `col`.
template <class X>
norm_array_t<X> matrix_norm_over(const X& x, index_t row, index_t col, bool keepdims, const norm_order& ord,
                                 const char* fn) {
  const std::size_t nd = x.shape().size();
  const int r = normalize_axis(row, nd), c = normalize_axis(col, nd);
  if (r == c) throw value_error(std::string(fn) + ": Duplicate axes given.");
  if (ord.is(2) || ord.is(-2) || ord.kind() == norm_kind::nuclear) {
    // functions of the singular values: the largest, the least, their sum (NumPy's svd(x, compute_uv=False))
    using R = norm_result_t<operand_value_t<X>>;
    const auto m = ::xp::detail::materialize(x);
    const auto sv = svdvals(moveaxis(m, std::vector<index_t>{r, c}, std::vector<index_t>{-2, -1}));
    using S = typename std::remove_cvref_t<decltype(sv)>::value_type;
    const ndarray<S, typename ::xp::detail::backend_of<X>::type> reduced = ord.is(2)    ? max(sv, {-1})
                                                                           : ord.is(-2) ? min(sv, {-1})
                                                                                        : sum(sv, {-1});
    if (!keepdims) return reduced.template astype<R>();
    shape_type kept = x.shape();
    kept[static_cast<std::size_t>(r)] = kept[static_cast<std::size_t>(c)] = 1;
    return reduced.template astype<R>().reshape(kept);
  }
  if (ord.is_none() || ord.kind() == norm_kind::frobenius)
    return ::xp::detail::reduce_with(::xp::detail::norm_reduction<operand_value_t<X>>, x, axes_t{r, c}, keepdims,
                                     nullptr);
  // NumPy: add.reduce(abs(x), axis=row).max(axis=col) for ord=1. The summed axis is kept (length
  // 1), so the second reduction may name both axes: no renumbering, and keepdims as NumPy's.
  const auto magnitude = abs(as_inexact(x));
  if (ord.is(1)) return max(sum(magnitude, {r}, true), {r, c}, keepdims);
  if (ord.is(-1)) return min(sum(magnitude, {r}, true), {r, c}, keepdims);
  if (ord.is(inf)) return max(sum(magnitude, {c}, true), {r, c}, keepdims);
  if (ord.is(-inf)) return min(sum(magnitude, {c}, true), {r, c}, keepdims);
  throw value_error(std::string(fn) + ": Invalid norm order " + ord.str() + " for matrices.");
}
}  // namespace detail

/// @brief np.linalg.norm(x, ord, axis, keepdims). With no axis: ord none is the 2-norm of all
/// of x flattened, of any ndim (0-d included); another ord needs x 1-D (a vector norm) or 2-D (a
/// matrix norm). One axis: vector norms along it; two: matrix norms of the matrices they span.
/// Vector orders: none and 2 (sqrt of the sum of |x|^2), inf (max |x|), -inf (min |x|), 0 (the
/// count of non-zeros), 1 (sum |x|), any other p (sum(|x|^p)^(1/p)). Matrix orders: none and fro
/// (Frobenius), 1 and -1 (the largest and least column sum of |x|), inf and -inf (of row sums),
/// 2 and -2 (the largest and least singular value), nuc (their sum; both through svdvals).
/// The result has NumPy's dtype (see the file's comment); keepdims leaves the normed axes as 1.
/// @throws xp::value_error for a matrix ord not listed ("Invalid norm order ... for matrices."), fro or
///         nuc for vectors, an ord without axis for x neither 1-D nor 2-D or more than two axes
///         ("Improper number of dimensions to norm."), repeated axes ("Duplicate axes given."),
///         and for inf, -inf, 1, -1 of nothing (the maximum or minimum of an empty run, as NumPy);
///         xp::index_error (NumPy's AxisError) for an axis out of range.
template <::xp::detail::array_operand X>
detail::norm_array_t<X> norm(const X& x, const norm_order& ord = {}, const axes_t& axis = {}, bool keepdims = false) {
  ::xp::detail::op_range<typename ::xp::detail::backend_of<X>::type> range("xp::linalg::norm");
  constexpr const char* fn = "xp::linalg::norm";
  const std::size_t nd = x.shape().size();
  if (axis.all() && ord.is_none())
    return ::xp::detail::reduce_with(::xp::detail::norm_reduction<detail::operand_value_t<X>>, x, axis, keepdims,
                                     nullptr);
  const std::size_t count = axis.all() ? nd : axis.list().size();
  if (count == 1) return detail::vector_norm_over(x, axis.all() ? axes_t{0} : axis, keepdims, ord, fn);
  if (count == 2)
    return axis.all() ? detail::matrix_norm_over(x, 0, 1, keepdims, ord, fn)
                      : detail::matrix_norm_over(x, axis.list()[0], axis.list()[1], keepdims, ord, fn);
  throw value_error(std::string(fn) + ": Improper number of dimensions to norm. (ord=" + ord.str() + " over " +
                    std::to_string(count) + " axes of an array of shape " + to_string(x.shape()) +
                    "; a norm takes one axis or two)");
}

/// @brief The array API's linalg.vector_norm(x, /, *, axis=None, keepdims=False, ord=2) (NumPy
/// 2's np.linalg.vector_norm): the vector norm of order `ord` (as xp::linalg::norm's vector
/// orders, inf and -inf included) over all of x flattened (no axis) or over the listed axes
/// taken together, any number of them; keepdims leaves them as 1.
/// @throws xp::value_error for a repeated axis, and for inf or -inf of nothing;
///         xp::index_error for an axis out of range.
template <::xp::detail::array_operand X>
detail::norm_array_t<X> vector_norm(const X& x, const axes_t& axis = {}, bool keepdims = false, double ord = 2) {
  ::xp::detail::op_range<typename ::xp::detail::backend_of<X>::type> range("xp::linalg::vector_norm");
  return detail::vector_norm_over(x, axis, keepdims, norm_order(ord), "xp::linalg::vector_norm");
}

/// @brief The array API's linalg.matrix_norm(x, /, *, keepdims=False, ord='fro') (NumPy 2's
/// np.linalg.matrix_norm): xp::linalg::norm(x, ord, {-2, -1}, keepdims), the matrix norms of the
/// last two axes (a batch of matrices for ndim > 2).
/// @throws as xp::linalg::norm for two axes: xp::index_error for x of fewer than 2 dimensions.
template <::xp::detail::array_operand X>
detail::norm_array_t<X> matrix_norm(const X& x, bool keepdims = false, const norm_order& ord = fro) {
  ::xp::detail::op_range<typename ::xp::detail::backend_of<X>::type> range("xp::linalg::matrix_norm");
  return detail::matrix_norm_over(x, -2, -1, keepdims, ord, "xp::linalg::matrix_norm");
}

}  // namespace xp::linalg
