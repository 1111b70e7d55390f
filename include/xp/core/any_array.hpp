#pragma once
/// @file any_array.hpp
/// @brief `xp::any_array<B>`: an array whose dtype is known only at run time (what np.load
/// returns), holding an `ndarray<T, B>` of any of the 14 dtypes.
///
///     xp::any_array<> a = xp::load("a.npy");    // whatever the file holds
///     std::cout << a.dtype() << a.shape().size() << (a * 2 + 1).sum() << "\n";
///     xp::ndarray<float> f = a.as<float>();     // xp::dtype_error unless it is float32
///     xp::visit([](const auto& typed) { ... }, a);  // typed: ndarray<T, B>
///
/// Declarations only: the operators, reductions, conversions and printing dispatch at run time
/// to instantiations compiled once, for every dtype, in libxp (src/any_array*.cpp, xp::host)
/// and libxp_cuda (backends/cuda/any_array*.cu, xp::cuda), so that including this header costs
/// a caller no per-dtype template. Only xp::visit instantiates its functor for the 14 dtypes, in
/// the caller's unit. Binary operators promote both operands to NumPy 2's result dtype
/// (detail::promote_codes; scalars by the weak-scalar rule, detail::promote_weak) with a
/// converting copy, then run the operation of that one dtype.

#include <cstdint>
#include <cstring>
#include <iosfwd>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "xp/core/dtype.hpp"
#include "xp/core/error.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/print.hpp"
#include "xp/core/shape.hpp"
#include "xp/core/slicing.hpp"

namespace xp {

template <class B = host>
class any_array;

namespace detail {
/// The binary operations of any_array, one compiled dispatch each.
enum class any_array_op : std::uint8_t {
  add,
  subtract,
  multiply,
  divide,
  equal,
  not_equal,
  less,
  less_equal,
  greater,
  greater_equal
};
/// The reductions of any_array.
enum class any_array_reduction : std::uint8_t { sum, prod, mean, min, max };

/// A C++ scalar beside an any_array: its NumPy 2 weak kind and its value, stored as bool,
/// int64, uint64, float64 or complex128 (exact for every C++ scalar type).
struct any_scalar {
  char kind;
  dtype::code code;
  alignas(16) unsigned char bytes[16];
};
template <class S>
any_scalar make_any_scalar(S s) {
  static_assert(is_scalar_v<S>, "xp::any_array: a scalar operand is bool, an integer, a float or a complex number");
  any_scalar out{weak_kind<S>(), dtype::code::bool_, {}};
  auto store = [&out](auto v) {
    out.code = dtype::of<decltype(v)>().id();
    std::memcpy(out.bytes, &v, sizeof v);
  };
  if constexpr (std::is_same_v<S, bool>) store(s);
  else if constexpr (std::is_integral_v<S> && std::is_signed_v<S>) store(static_cast<std::int64_t>(s));
  else if constexpr (std::is_integral_v<S>) store(static_cast<std::uint64_t>(s));
  else if constexpr (is_real_floating_v<S>) store(static_cast<double>(s));
  else store(complex128(static_cast<double>(s.real()), static_cast<double>(s.imag())));
  return out;
}

// The compiled dispatch: instantiated for xp::host in libxp and for xp::cuda in libxp_cuda.
/// a.astype(to) (a copy, also when the dtype is already `to`).
template <class B>
any_array<B> any_astype(const any_array<B>& a, dtype to);
/// a op b, both promoted to their result dtype first; broadcasting as the typed operators.
template <class B>
any_array<B> any_binary(any_array_op op, const any_array<B>& a, const any_array<B>& b);
/// a op s (scalar_left: s op a) under the weak-scalar rule.
template <class B>
any_array<B> any_binary_scalar(any_array_op op, const any_array<B>& a, const any_scalar& s, bool scalar_left);
/// -a.
template <class B>
any_array<B> any_negative(const any_array<B>& a);
/// sum, prod, mean, min, max of a over axes.
template <class B>
any_array<B> any_reduce(any_array_reduction r, const any_array<B>& a, const axes_t& axes, bool keepdims);
/// A host copy (the array itself on the host).
template <class B>
any_array<host> any_to_host(const any_array<B>& a);
/// A device copy (libxp_cuda).
any_array<cuda> any_to_device(const any_array<host>& a);
/// The message of as<T>() on the wrong dtype (compiled).
[[noreturn]] void throw_any_dtype_mismatch(const char* what, dtype held, dtype wanted);
}  // namespace detail

/// @brief An ndarray of a dtype chosen at run time (NumPy's ndarray, whose dtype is a value):
/// any of the 14 dtypes on backend B. A handle, like ndarray: copies share the elements.
template <class B>
class any_array {
 public:
  using backend_type = B;

  /// @brief An empty float64 array of shape (0,).
  any_array() = default;
  /// @brief Holds `a` (no copy: shares its elements).
  template <class T>
  any_array(const ndarray<T, B>& a)  // NOLINT(google-explicit-constructor): typed arrays convert
      : m_dtype(::xp::dtype::of<T>()),
        m_buffer(a.buffer()),
        m_data(a.data()),
        m_shape(a.shape()),
        m_strides(a.strides()),
        m_writeable(a.writeable()) {}

  /// @brief Holds the array an elementwise expression of backend B evaluates to (evaluated here,
  /// in the caller's unit, as `ndarray<T, B> a = expr;`).
  template <class E>
  requires(detail::is_expr<E>::value&& std::is_same_v<typename E::backend_type, B>)
      any_array(const E& e)  // NOLINT(google-explicit-constructor): as an ndarray is made from one
      : any_array(ndarray<typename E::value_type, B>(e)) {}

  /// @brief The dtype held (a.dtype).
  ::xp::dtype dtype() const noexcept { return m_dtype; }
  const shape_type& shape() const noexcept { return m_shape; }
  /// @brief Strides in elements, as ndarray's.
  const shape_type& strides() const noexcept { return m_strides; }
  index_t ndim() const noexcept { return static_cast<index_t>(m_shape.size()); }
  index_t size() const noexcept {
    index_t n = 1;
    for (index_t d : m_shape) n *= d;
    return n;
  }
  std::size_t itemsize() const noexcept { return m_dtype.itemsize(); }
  std::size_t nbytes() const noexcept { return static_cast<std::size_t>(size()) * itemsize(); }
  bool writeable() const noexcept { return m_writeable; }
  /// @brief The first element's address (in B's memory).
  void* data() const noexcept { return m_data; }
  const std::shared_ptr<void>& buffer() const noexcept { return m_buffer; }

  /// @brief The typed array held (shares its elements).
  /// @throws xp::dtype_error naming both dtypes when it holds another dtype than T.
  template <class T>
  ndarray<T, B> as() const {
    static_assert(is_dtype_v<T>, "xp::any_array::as<T>: T must be " XP_ONE_OF_THE_DTYPES);
    if (m_dtype != ::xp::dtype::of<T>()) detail::throw_any_dtype_mismatch("as", m_dtype, ::xp::dtype::of<T>());
    return ndarray<T, B>(m_buffer, static_cast<T*>(m_data), m_shape, m_strides, m_writeable);
  }
  /// @brief a.astype(T): a converted copy as the typed array (NumPy's conversions).
  template <class T>
  ndarray<T, B> astype() const {
    static_assert(is_dtype_v<T>, "xp::any_array::astype<T>: T must be " XP_ONE_OF_THE_DTYPES);
    return detail::any_astype(*this, ::xp::dtype::of<T>()).template as<T>();
  }
  /// @brief a.astype(dtype): a converted copy.
  any_array astype(::xp::dtype to) const { return detail::any_astype(*this, to); }
  /// @brief A contiguous copy of the same dtype.
  any_array copy() const { return detail::any_astype(*this, m_dtype); }
  /// @brief A host copy (this array itself on the host).
  any_array<host> copy_to_host() const { return detail::any_to_host(*this); }

  /// @name Reductions, as the typed ones (NumPy's result dtypes).
  /// @{
  any_array sum(const axes_t& axes = {}, bool keepdims = false) const {
    return detail::any_reduce(detail::any_array_reduction::sum, *this, axes, keepdims);
  }
  any_array prod(const axes_t& axes = {}, bool keepdims = false) const {
    return detail::any_reduce(detail::any_array_reduction::prod, *this, axes, keepdims);
  }
  any_array mean(const axes_t& axes = {}, bool keepdims = false) const {
    return detail::any_reduce(detail::any_array_reduction::mean, *this, axes, keepdims);
  }
  any_array min(const axes_t& axes = {}, bool keepdims = false) const {
    return detail::any_reduce(detail::any_array_reduction::min, *this, axes, keepdims);
  }
  any_array max(const axes_t& axes = {}, bool keepdims = false) const {
    return detail::any_reduce(detail::any_array_reduction::max, *this, axes, keepdims);
  }
  /// @}

 protected:
  /// For xp::loaded of an .npz archive, which is no array: a dtype code past the 14, so that every
  /// use as an array (an op, a reduction, printing, as<T>) throws xp::dtype_error instead of
  /// computing with an empty array.
  void hold_no_array() noexcept { m_dtype = ::xp::dtype(static_cast<::xp::dtype::code>(::xp::dtype::count)); }

 private:
  ::xp::dtype m_dtype = ::xp::dtype::of<double>();
  std::shared_ptr<void> m_buffer;
  void* m_data = nullptr;
  shape_type m_shape{0};
  shape_type m_strides{1};
  bool m_writeable = true;
};

/// @brief Calls `f(a.as<T>())` with T the dtype `a` holds: f is instantiated for the 14 dtypes
/// in the caller's unit (as std::visit; every instance must return the same type).
template <class F, class B>
decltype(auto) visit(F&& f, const any_array<B>& a) {
  switch (a.dtype().id()) {
#define XP_ANY_VISIT_CASE(T, c, n, k, npy) \
  case dtype::code::c:                     \
    return std::forward<F>(f)(a.template as<T>());
    XP_DTYPES(XP_ANY_VISIT_CASE)
#undef XP_ANY_VISIT_CASE
  }
  throw dtype_error("xp::visit: the any_array holds no valid dtype");
}

// Operators: any_array with any_array, with a C++ scalar (NumPy 2's weak-scalar rule) and with
// a typed array of the same backend.
#define XP_ANY_BINARY_OPERATOR_(sym, op)                                                              \
  template <class B>                                                                                  \
  any_array<B> operator sym(const any_array<B>& a, const any_array<B>& b) {                           \
    return detail::any_binary(detail::any_array_op::op, a, b);                                        \
  }                                                                                                   \
  template <class B, class S>                                                                         \
  requires detail::is_scalar_v<S> any_array<B>                                                        \
  operator sym(const any_array<B>& a, S s) {                                                          \
    return detail::any_binary_scalar(detail::any_array_op::op, a, detail::make_any_scalar(s), false); \
  }                                                                                                   \
  template <class B, class S>                                                                         \
  requires detail::is_scalar_v<S> any_array<B>                                                        \
  operator sym(S s, const any_array<B>& a) {                                                          \
    return detail::any_binary_scalar(detail::any_array_op::op, a, detail::make_any_scalar(s), true);  \
  }                                                                                                   \
  template <class B, class T>                                                                         \
  any_array<B> operator sym(const any_array<B>& a, const ndarray<T, B>& b) {                          \
    return detail::any_binary(detail::any_array_op::op, a, any_array<B>(b));                          \
  }                                                                                                   \
  template <class B, class T>                                                                         \
  any_array<B> operator sym(const ndarray<T, B>& a, const any_array<B>& b) {                          \
    return detail::any_binary(detail::any_array_op::op, any_array<B>(a), b);                          \
  }
XP_ANY_BINARY_OPERATOR_(+, add)
XP_ANY_BINARY_OPERATOR_(-, subtract)
XP_ANY_BINARY_OPERATOR_(*, multiply)
XP_ANY_BINARY_OPERATOR_(/, divide)
XP_ANY_BINARY_OPERATOR_(==, equal)
XP_ANY_BINARY_OPERATOR_(!=, not_equal)
XP_ANY_BINARY_OPERATOR_(<, less)
XP_ANY_BINARY_OPERATOR_(<=, less_equal)
XP_ANY_BINARY_OPERATOR_(>, greater)
XP_ANY_BINARY_OPERATOR_(>=, greater_equal)
#undef XP_ANY_BINARY_OPERATOR_

/// @brief -a (np.negative; bool refuses, as NumPy's `-` does).
template <class B>
any_array<B> operator-(const any_array<B>& a) {
  return detail::any_negative(a);
}

/// @name np.sum, np.prod, np.mean, np.min, np.max of an any_array (axes and keepdims as the
/// typed reductions; NumPy's result dtypes: integer sums in int64, integer means in float64).
/// @{
template <class B>
any_array<B> sum(const any_array<B>& a, const axes_t& axes = {}, bool keepdims = false) {
  return a.sum(axes, keepdims);
}
template <class B>
any_array<B> prod(const any_array<B>& a, const axes_t& axes = {}, bool keepdims = false) {
  return a.prod(axes, keepdims);
}
template <class B>
any_array<B> mean(const any_array<B>& a, const axes_t& axes = {}, bool keepdims = false) {
  return a.mean(axes, keepdims);
}
template <class B>
any_array<B> min(const any_array<B>& a, const axes_t& axes = {}, bool keepdims = false) {
  return a.min(axes, keepdims);
}
template <class B>
any_array<B> max(const any_array<B>& a, const axes_t& axes = {}, bool keepdims = false) {
  return a.max(axes, keepdims);
}
/// @}

/// @brief np.astype(a, dtype) of an any_array.
template <class B>
any_array<B> astype(const any_array<B>& a, dtype to) {
  return a.astype(to);
}

/// @brief Copies a host any_array to the device (libxp_cuda).
inline any_array<cuda> to_device(const any_array<host>& a) { return detail::any_to_device(a); }
/// @brief Copies an any_array to the host.
template <class B>
any_array<host> to_host(const any_array<B>& a) {
  return a.copy_to_host();
}

namespace detail {
inline std::string format_any(const any_array<host>& h, print_style style, const print_options_update* overrides) {
  if (static_cast<int>(h.dtype().id()) >= dtype::count)
    throw dtype_error("xp::any_array: it holds no array (an .npz archive from xp::load: take a member, z[\"x\"])");
  return format_array(h.data(), h.dtype().id(), h.shape().data(), h.strides().data(), h.shape().size(), style,
                      overrides);
}
}  // namespace detail

/// @brief NumPy's str(a), as for the typed array (a device array is copied to the host).
template <class B>
std::string array_str(const any_array<B>& a, const print_options_update& overrides = {}) {
  return detail::format_any(a.copy_to_host(), detail::print_style::str, &overrides);
}
/// @brief NumPy's repr(a), as for the typed array.
template <class B>
std::string repr(const any_array<B>& a, const print_options_update& overrides = {}) {
  return detail::format_any(a.copy_to_host(), detail::print_style::repr, &overrides);
}
/// @brief print(a), as for the typed array.
template <class B>
std::ostream& operator<<(std::ostream& os, const any_array<B>& a) {
  const any_array<host> h = a.copy_to_host();
  return detail::write_array(os, h.data(), h.dtype().id(), h.shape().data(), h.strides().data(), h.shape().size());
}

}  // namespace xp
