#pragma once
/// @file array_methods.hpp
/// @brief NumPy's array methods (`a.sum()`, `a.T()`, `a.argmax()`, `a.clip(0, 1)`, ...), written
/// once for both things that behave like arrays: `xp::ndarray` and the lazy elementwise
/// expressions (`(x * 2).sum()`, `xp::cos(x).max()`). Each method is the free function of
/// the same name (`a.sum({0})` is `xp::sum(a, {0})`), so both spellings give one result.
///
/// An expression is evaluated where a method needs stored elements (indexing, reshape,
/// transposes, item, astype); reductions take the expression itself, which keeps the map
/// fused into the reduction.

#include <cstddef>
#include <optional>
#include <type_traits>
#include <utility>

#include "xp/core/backend.hpp"
#include "xp/core/config.hpp"
#include "xp/core/dtype.hpp"
#include "xp/core/shape.hpp"
#include "xp/core/slicing.hpp"

namespace xp {

template <class T, class B>
class ndarray;

namespace detail {

template <class X>
struct is_ndarray;

/// Throws NumPy's "truth value of an array ... is ambiguous" (xp::value_error). Compiled in
/// src/core.cpp.
[[noreturn]] void throw_ambiguous_truth(index_t size);

// The methods call the free functions through these forwarders. The free functions are
// declared in later headers (reductions in xp/expr/reduction.hpp, transposes after ndarray);
// an unqualified call with an xp argument finds them by argument-dependent lookup where a
// method is used, so this header needs none of them.
namespace method_call {
#define XP_METHOD_FORWARDER(fn)             \
  template <class X, class... A>            \
  auto fn##_of(const X& x, const A&... a) { \
    return fn(x, a...);                     \
  }
XP_METHOD_FORWARDER(sum)
XP_METHOD_FORWARDER(prod)
XP_METHOD_FORWARDER(mean)
XP_METHOD_FORWARDER(min)
XP_METHOD_FORWARDER(max)
XP_METHOD_FORWARDER(argmin)
XP_METHOD_FORWARDER(argmax)
XP_METHOD_FORWARDER(any)
XP_METHOD_FORWARDER(all)
XP_METHOD_FORWARDER(var)
XP_METHOD_FORWARDER(stddev)
XP_METHOD_FORWARDER(cumsum)
XP_METHOD_FORWARDER(cumprod)
XP_METHOD_FORWARDER(transpose)
XP_METHOD_FORWARDER(swapaxes)
XP_METHOD_FORWARDER(matrix_transpose)
XP_METHOD_FORWARDER(squeeze)
XP_METHOD_FORWARDER(clip)
XP_METHOD_FORWARDER(round)
XP_METHOD_FORWARDER(sort)
XP_METHOD_FORWARDER(argsort)
XP_METHOD_FORWARDER(partition)
XP_METHOD_FORWARDER(argpartition)
#undef XP_METHOD_FORWARDER
}  // namespace method_call

/// @brief The methods shared by ndarray and elementwise expressions (CRTP base: D is the
/// array or expression type; it provides shape(), size(), value_type and backend_type).
template <class D>
class array_methods {
 public:
  // ---- reductions: the free functions of the same name ----------------------------------
  /// @brief a.sum(axis, keepdims): xp::sum. @throws as xp::sum.
  auto sum(const axes_t& axes = {}, bool keepdims = false) const { return method_call::sum_of(self(), axes, keepdims); }
  /// @brief a.prod(axis, keepdims): xp::prod.
  auto prod(const axes_t& axes = {}, bool keepdims = false) const {
    return method_call::prod_of(self(), axes, keepdims);
  }
  /// @brief a.mean(axis, keepdims): xp::mean.
  auto mean(const axes_t& axes = {}, bool keepdims = false) const {
    return method_call::mean_of(self(), axes, keepdims);
  }
  /// @brief a.min(axis, keepdims): xp::min. @throws xp::value_error on an empty reduction.
  auto min(const axes_t& axes = {}, bool keepdims = false) const { return method_call::min_of(self(), axes, keepdims); }
  /// @brief a.max(axis, keepdims): xp::max. @throws xp::value_error on an empty reduction.
  auto max(const axes_t& axes = {}, bool keepdims = false) const { return method_call::max_of(self(), axes, keepdims); }
  /// @brief a.argmin(axis, keepdims): xp::argmin (int64; the flat index without an axis).
  auto argmin(const axes_t& axes = {}, bool keepdims = false) const {
    return method_call::argmin_of(self(), axes, keepdims);
  }
  /// @brief a.argmax(axis, keepdims): xp::argmax.
  auto argmax(const axes_t& axes = {}, bool keepdims = false) const {
    return method_call::argmax_of(self(), axes, keepdims);
  }
  /// @brief a.any(axis, keepdims): xp::any.
  auto any(const axes_t& axes = {}, bool keepdims = false) const { return method_call::any_of(self(), axes, keepdims); }
  /// @brief a.all(axis, keepdims): xp::all.
  auto all(const axes_t& axes = {}, bool keepdims = false) const { return method_call::all_of(self(), axes, keepdims); }
  /// @brief a.var(axis, keepdims, ddof): xp::var.
  auto var(const axes_t& axes = {}, bool keepdims = false, index_t ddof = 0) const {
    return method_call::var_of(self(), axes, keepdims, ddof);
  }
  /// @brief a.std(axis, keepdims, ddof): xp::stddev (NumPy's ndarray.std).
  auto std(const axes_t& axes = {}, bool keepdims = false, index_t ddof = 0) const {
    return method_call::stddev_of(self(), axes, keepdims, ddof);
  }
  /// @brief a.cumsum(): xp::cumsum of the flattened array; a.cumsum(axis) along one axis.
  auto cumsum() const { return method_call::cumsum_of(self()); }
  auto cumsum(index_t axis) const { return method_call::cumsum_of(self(), axis); }
  /// @brief a.cumprod(), a.cumprod(axis): xp::cumprod.
  auto cumprod() const { return method_call::cumprod_of(self()); }
  auto cumprod(index_t axis) const { return method_call::cumprod_of(self(), axis); }

  // ---- sorting (xp/array/sorting.hpp) --------------------------------------------------------
  /// @brief a.argsort(axis, options): xp::argsort (int64 indices along the axis; std::nullopt:
  /// of the flattened array).
  template <class... O>
  auto argsort(std::optional<index_t> axis = -1, const O&... options) const {
    return method_call::argsort_of(array(), axis, options...);
  }
  /// @brief a.argpartition(kth, axis): xp::argpartition.
  template <class K>
  auto argpartition(const K& kth, std::optional<index_t> axis = -1) const {
    return method_call::argpartition_of(array(), kth, axis);
  }
  /// @brief a.sort(axis, options): NumPy's ndarray.sort, in place: the array's own elements are
  /// sorted (a view's are written through to what it views) and nothing is returned. The sorted
  /// copy is xp::sort(a). An expression owns no elements, so it has no sort method.
  /// @throws as xp::sort.
  template <class... O>
  void sort(index_t axis = -1, const O&... options) const {
    static_assert(is_ndarray<D>::value,
                  "a.sort() sorts an array's own elements in place (NumPy's ndarray.sort); an expression has none: "
                  "xp::sort(e) gives a sorted copy");
    D elements = self();
    std::move(elements) = method_call::sort_of(self(), axis, options...);
  }
  /// @brief a.partition(kth, axis): NumPy's ndarray.partition, in place (see sort).
  /// @throws as xp::partition.
  template <class K>
  void partition(const K& kth, index_t axis = -1) const {
    static_assert(is_ndarray<D>::value,
                  "a.partition() works in place (NumPy's ndarray.partition); an expression has no elements of its own: "
                  "xp::partition(e, kth) gives a partitioned copy");
    D elements = self();
    std::move(elements) = method_call::partition_of(self(), kth, axis);
  }

  // ---- elementwise: lazy, like the free functions -----------------------------------------
  /// @brief a.clip(lo, hi): xp::clip (lazy).
  template <class L, class H>
  auto clip(const L& lo, const H& hi) const {
    return method_call::clip_of(self(), lo, hi);
  }
  /// @brief a.round(decimals): xp::round (lazy; half to even, like NumPy).
  auto round(int decimals = 0) const { return method_call::round_of(self(), decimals); }

  // ---- layout: views of an array (an expression is evaluated first) -------------------------
  /// @brief a.T: the axes reversed (a view).
  auto T() const { return method_call::transpose_of(array()); }
  /// @brief a.mT: the last two axes swapped (a view; the matrix transpose of a stack):
  /// xp::matrix_transpose. @throws xp::value_error for fewer than two dimensions.
  auto mT() const { return method_call::matrix_transpose_of(array()); }
  /// @brief a.transpose(axes): xp::transpose (a view).
  auto transpose(const std::vector<index_t>& axes) const { return method_call::transpose_of(array(), axes); }
  /// @brief a.squeeze(): the axes of length 1 dropped (a view).
  auto squeeze() const { return method_call::squeeze_of(array()); }
  /// @brief a.squeeze(axis). @throws xp::value_error when that axis is not of length 1.
  auto squeeze(index_t axis) const { return method_call::squeeze_of(array(), axis); }
  /// @brief a.flatten(): a 1-D C-order copy (always a copy, unlike ravel).
  auto flatten() const {
    if constexpr (is_ndarray<D>::value) return self().copy().reshape({-1});
    else return array().reshape({-1});  // evaluating made a fresh array already
  }

  // ---- attributes --------------------------------------------------------------------------
  /// @brief a.dtype: the element type as a value (`a.dtype() == "float32"`, prints `float32`).
  constexpr xp::dtype dtype() const noexcept { return xp::dtype::of<typename D::value_type>(); }
  /// @brief a.ndim.
  std::size_t ndim() const { return self().shape().size(); }
  /// @brief a.itemsize.
  constexpr std::size_t itemsize() const noexcept { return sizeof(typename D::value_type); }

  /// @brief `if (a(3) > 2.0)`: the truth of a one-element array or expression (waits for the
  /// device).
  /// @throws xp::value_error as NumPy does for more than one element ("The truth value of an
  ///         array with more than one element is ambiguous. Use a.any() or a.all()") and for
  ///         none.
  explicit operator bool() const {
    const index_t n = size_of(self().shape());
    if (n != 1) throw_ambiguous_truth(n);
    return array().item() != typename D::value_type(0);
  }

  // ---- what an expression gains by evaluation (an ndarray has its own) ---------------------
  /// @brief The value of a one-element expression. @throws xp::value_error when size() != 1.
  auto item() const { return array().item(); }
  /// @brief The evaluated expression converted to U (one pass, no intermediate of its own dtype).
  template <class U>
  auto astype() const {
    return ndarray<U, typename D::backend_type>(self());  // the converting evaluation
  }
  /// @brief The evaluated expression, reshaped. @see ndarray::reshape
  auto reshape(shape_type shape) const { return array().reshape(std::move(shape)); }
  /// @brief The evaluated expression as a 1-D array.
  auto ravel() const { return array().reshape({-1}); }
  /// @brief The evaluated expression (a new C-contiguous array).
  auto copy() const { return array(); }
  /// @brief The evaluated expression, on the host (waits for the device).
  auto copy_to_host() const { return array().copy_to_host(); }
  /// @brief `e(i, j)`, `e(xp::all, 0)`: indexes the evaluated expression (NumPy's `(x * 2)[i, j]`).
  /// With an index array or a mask the xp::indexed proxy takes its copy at this `return`: the
  /// evaluated array is no one else's, so nothing can write it before the caller's `;`.
  template <class... A>
  auto operator()(const A&... args) const {
    return array()(args...);
  }
  /// @brief `e[i]`, `e[mask]`: the square brackets of the evaluated expression (see
  /// ndarray::operator[]).
  template <class A>
  auto operator[](const A& index) const {
    return array()[index];
  }

 protected:
  array_methods() = default;
  ~array_methods() = default;

 private:
  const D& self() const { return static_cast<const D&>(*this); }
  // The stored elements: the array itself (a handle copy), or the expression evaluated into a
  // new array. (Members see D only once it is complete, so everything naming D's types is
  // inside function bodies.)
  auto array() const { return ndarray<typename D::value_type, typename D::backend_type>(self()); }
};

}  // namespace detail
}  // namespace xp
