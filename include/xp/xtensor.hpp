#pragma once
/// @file xtensor.hpp
/// @brief Zero-copy interop with xtensor: xp::to_xtensor (an xtensor adaptor of a host array)
/// and xp::from_xtensor (an xtensor expression evaluated into a host array). The only xp
/// header that includes xtensor, so xtensor's headers are parsed only where they are used;
/// <xp/xp.hpp> does not include it. Includes <xp/core.hpp>.

#include <algorithm>
#include <cstddef>
#include <memory>
#include <vector>

#include <xtensor/xadapt.hpp>
#include <xtensor/xarray.hpp>
#include <xtensor/xbuffer_adaptor.hpp>

#include "xp/core.hpp"

namespace xp {

/// @brief A zero-copy xtensor adaptor of a C-contiguous, writeable host array or view
/// (the counterpart of `np.asarray` between libraries): reads and writes reach the array's
/// buffer, and the adaptor shares ownership of that buffer. xtensor treats an adaptor's
/// storage as `size()` consecutive elements (fill, assignment), so a strided or broadcast view
/// cannot be adapted safely: pass `a.copy()`.
/// @throws xp::value_error for a non-contiguous or read-only array.
template <class T>
auto to_xtensor(const ndarray<T, host>& a) {
  if (!a.is_contiguous())
    throw value_error("xp::to_xtensor: a zero-copy adaptor needs a C-contiguous array, got strides " +
                      to_string(a.strides()) + " for shape " + to_string(a.shape()) + "; adapt a.copy()");
  detail::check_writeable(a);
  using buffer_t = xt::xbuffer_adaptor<T*, xt::smart_ownership, std::shared_ptr<void>>;
  std::vector<std::size_t> shape(a.shape().begin(), a.shape().end());
  std::vector<std::ptrdiff_t> strides(a.strides().begin(), a.strides().end());
  for (std::size_t d = 0; d < shape.size(); ++d)
    if (shape[d] == 1) strides[d] = 0;  // xtensor's convention for length-1 axes
  return xt::adapt(buffer_t(a.data(), static_cast<std::size_t>(a.size()), a.buffer()), std::move(shape),
                   std::move(strides));
}

/// @brief The adaptor of an evaluated host expression (`xp::to_xtensor(x * 2)`): the new array
/// it owns lives as long as the adaptor.
template <class E>
requires detail::is_expr<E>::value && std::is_same_v<typename E::backend_type, host>
auto to_xtensor(const E& e) { return to_xtensor(detail::materialize(e)); }

/// @brief Evaluates an xtensor expression into a new C-contiguous host array of its value
/// type (np.array(x) of another library's array).
template <class E>
auto from_xtensor(const xt::xexpression<E>& expr) {
  using T = typename E::value_type;
  static_assert(is_dtype_v<T>, "xp::from_xtensor: the expression's value type must be " XP_ONE_OF_THE_DTYPES);
  const xt::xarray<T, xt::layout_type::row_major> tmp = expr.derived_cast();
  ndarray<T, host> out(shape_type(tmp.shape().begin(), tmp.shape().end()));
  std::copy(tmp.cbegin(), tmp.cend(), out.data());
  return out;
}

}  // namespace xp
