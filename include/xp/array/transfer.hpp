#pragma once
/// @file transfer.hpp
/// @brief Explicit moves between the host and the device. Nothing crosses silently: these
/// functions are the only way data changes backend.

#include <optional>
#include <string>
#include <type_traits>

#include "xp/core/ndarray.hpp"
#include "xp/expr/elementwise.hpp"

namespace xp {

/// @brief Copies a host array to the device (cupy.asarray / numba.cuda.to_device). The result
/// is C-contiguous; a non-contiguous source is packed on the host first.
template <class T>
ndarray<T, cuda> to_device(const ndarray<T, host>& h) {
  detail::op_range<detail::dependent_t<cuda, T>> range("xp::to_device");
  const ndarray<T, host> src = h.is_contiguous() ? h : h.copy();
  ndarray<T, cuda> d(h.shape());
  if (d.size() > 0) primitive::memory<detail::dependent_t<cuda, T>>::upload(d.data(), src.data(), d.nbytes());
  return d;
}

template <class T>
ndarray<T, cuda> to_device(const ndarray<T, cuda>&) {
  static_assert(detail::dependent_false<T>, "xp::to_device: this array is already on the device");
  return {};
}

/// @brief Copies an array to the host (cupy.asnumpy); waits for the device.
template <class T, class B>
ndarray<T, host> to_host(const ndarray<T, B>& a) {
  return a.copy_to_host();
}

/// @brief Copies a device array into an existing host array of the same shape
/// (`d.get(out=out)` in CuPy); waits for the device. Any strides on either side.
/// @throws xp::shape_error when the shapes differ; xp::value_error when `out` is read-only.
template <class T>
void copy_to_host(const ndarray<T, cuda>& d, const ndarray<T, host>& out) {
  detail::op_range<detail::dependent_t<cuda, T>> range("xp::copy_to_host");
  detail::check_writeable(out);
  if (d.shape() != out.shape())
    throw shape_error("xp::copy_to_host: shapes " + to_string(d.shape()) + " and " + to_string(out.shape()) +
                      " differ");
  if (d.size() == 0) return;
  const ndarray<T, cuda> src = d.is_contiguous() ? d : d.copy();
  if (out.is_contiguous()) {
    primitive::memory<detail::dependent_t<cuda, T>>::download(out.data(), src.data(), out.nbytes());
  } else {
    detail::assign(out, src.copy_to_host());
  }
}

namespace detail {
// asarray's template arguments, `<To>`, `<U>` or `<U, To>` (the dtype first, as xp::zeros<float,
// xp::cuda>): the backend and dtype of the result of converting an ndarray<T, From>.
template <class First, class Second, class T, class From>
struct asarray_target {
  static_assert(!is_backend_v<First> || std::is_void_v<Second>,
                "xp::asarray: the dtype comes first, then the backend: xp::asarray<float, xp::cuda>(a)");
  static_assert(std::is_void_v<Second> || is_backend_v<Second>,
                "xp::asarray<U, B>: B is a backend (xp::host or xp::cuda)");
  using backend =
      std::conditional_t<is_backend_v<First>, First, std::conditional_t<std::is_void_v<Second>, From, Second>>;
  using dtype = std::conditional_t<is_backend_v<First> || std::is_void_v<First>, T, First>;
};
}  // namespace detail

/// @brief np.asarray(a, dtype, copy) / cupy.asarray, the array API's asarray: `a` on backend To
/// in dtype U, the same array (no copy) when it already is that. Spellings: `xp::asarray<To>(a)`
/// (another backend), `xp::asarray<U>(a)` (another dtype, here), `xp::asarray<U, To>(a)` (both;
/// the dtype first, as xp::zeros<U, B>). `copy` is the array API's: std::nullopt (the default)
/// copies only when the dtype or backend differs; true always gives a new array; false never
/// copies. A conversion of dtype and backend together converts on the source, then moves.
/// @throws xp::value_error when copy is false and the dtype or the backend differs.
template <class First = void, class Second = void, class T, class From>
auto asarray(const ndarray<T, From>& a, std::optional<bool> copy = std::nullopt) {
  using target = detail::asarray_target<First, Second, T, From>;
  using To = typename target::backend;
  using U = typename target::dtype;
  static_assert(is_dtype_v<U>, "xp::asarray<U>: the dtype must be " XP_ONE_OF_THE_DTYPES);
  constexpr bool same = std::is_same_v<To, From> && std::is_same_v<U, T>;
  if constexpr (same) {
    return copy.value_or(false) ? a.copy() : a;
  } else {
    if (copy.has_value() && !*copy) {
      std::string what;
      if constexpr (!std::is_same_v<U, T>) what = std::string(dtype_name<T>()) + " to " + std::string(dtype_name<U>());
      if constexpr (!std::is_same_v<U, T> && !std::is_same_v<To, From>) what += " and ";
      if constexpr (!std::is_same_v<To, From>) what += std::is_same_v<To, host> ? "device to host" : "host to device";
      throw value_error("xp::asarray: copy=false, but " + what + " needs a copy");
    }
    if constexpr (std::is_same_v<To, From>) {
      return a.template astype<U>();
    } else {
      const ndarray<U, From> converted = [&] {
        if constexpr (std::is_same_v<U, T>) return a;
        else return a.template astype<U>();
      }();
      if constexpr (std::is_same_v<To, host>) return converted.copy_to_host();
      else return to_device(converted);
    }
  }
}

/// @brief The transfers of an expression: evaluated on its backend, then moved
/// (`xp::to_device(xp::sin(h))`, `xp::to_host(d * 2)`).
template <class E>
requires detail::is_expr<E>::value auto to_device(const E& e) { return to_device(detail::materialize(e)); }
template <class E>
requires detail::is_expr<E>::value auto to_host(const E& e) { return detail::materialize(e).copy_to_host(); }
/// asarray of an expression: evaluated into a new array (in U on the expression's backend when
/// that is all that changes), then moved. @throws xp::value_error when copy is false (an
/// expression has no array to return uncopied).
template <class First = void, class Second = void, class E>
requires detail::is_expr<E>::value auto asarray(const E& e, std::optional<bool> copy = std::nullopt) {
  if (copy.has_value() && !*copy)
    throw value_error("xp::asarray: copy=false, but an expression is evaluated into a new array");
  return asarray<First, Second>(detail::materialize(e));
}

}  // namespace xp
