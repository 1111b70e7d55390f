#pragma once
/// @file transfer.hpp
/// @brief Explicit moves between the host and the device. Nothing crosses silently: these
/// functions are the only way data changes backend.

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

/// @brief np.asarray / cupy.asarray: the same array when it already lives on To, else a copy
/// on To.
template <class To, class T, class From>
ndarray<T, To> asarray(const ndarray<T, From>& a) {
  if constexpr (std::is_same_v<To, From>) {
    return a;
  } else if constexpr (std::is_same_v<To, host>) {
    return a.copy_to_host();
  } else {
    return to_device(a);
  }
}

/// @brief The transfers of an expression: evaluated on its backend, then moved
/// (`xp::to_device(xp::sin(h))`, `xp::to_host(d * 2)`).
template <class E>
requires detail::is_expr<E>::value auto to_device(const E& e) { return to_device(detail::materialize(e)); }
template <class E>
requires detail::is_expr<E>::value auto to_host(const E& e) { return detail::materialize(e).copy_to_host(); }
template <class To, class E>
requires detail::is_expr<E>::value auto asarray(const E& e) { return asarray<To>(detail::materialize(e)); }

}  // namespace xp
