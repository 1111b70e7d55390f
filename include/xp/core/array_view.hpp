#pragma once
/// @file array_view.hpp
/// @brief `xp::array_view<T>`: the indexed, strided view of an array that a user's kernel takes by
/// value (`a.view()`, `ndarray<T, B>::view_type`): Numba's device array inside a `@cuda.jit`
/// kernel, CuPy's `CArray<T, ndim>` inside a RawKernel.
///
///     __global__ void scale(xp::array_view<float> y, xp::array_view<const float> x, float s) {
///       const auto i = blockIdx.x * blockDim.x + threadIdx.x;
///       if (i < y.shape(0)) y(i) = s * x(i);
///     }
///     xp::cuda::launch(scale, {xp::cuda::grid_for(n, 256), 256}, y.view(), x.view(), 2.f);
///
/// Unlike xp's internal kernel view (strided_view, whose dimensions are merged for speed), an
/// array_view keeps the array's own dimensions, so `v(i, j)` means what `a(i, j)` means.

#include <cstdio>
#include <string>
#include <type_traits>

#include "xp/core/config.hpp"
#include "xp/core/error.hpp"
#include "xp/core/shape.hpp"

#ifndef XP_VIEW_CHECKS
/// Define as 1 (for every translation unit of a program) to check array_view indices: an index
/// count other than ndim() or an index outside [0, shape(k)) throws xp::index_error on the host
/// and, in a kernel, prints the index and traps (the launch then fails with cudaErrorLaunchFailure
/// as xp::cuda_error at the next synchronising call). Off by default: indexing is then one
/// multiply-add per index. A configuration switch (docs/raw_kernels.md), not a helper: it stays
/// defined, for code that tests it with #if.
#define XP_VIEW_CHECKS 0
#endif

namespace xp {

/// @brief A non-owning view of at most XP_MAX_KERNEL_RANK (8) dimensions: pointer, shape and
/// strides in elements, trivially copyable, so kernels take it by value. Made by
/// `ndarray::view()` (`array_view<T>`) or `ndarray::cview()` (`array_view<const T>`); an
/// `array_view<T>` converts to `array_view<const T>`.
///
/// Any layout: slices, transposes and negative strides index correctly. The elements live where
/// the array does: a device array's view is read in device code (kernels), a host array's on the
/// host. The view does not keep the buffer alive: keep the array until the kernel has finished
/// (a launch returns at once; `item()`, `copy_to_host()` or `xp::cuda::synchronize()` wait).
///
/// Indices are not checked (define XP_VIEW_CHECKS to 1 to check them) and negative indices are
/// not counted from the end: `v(i, j)` is `data()[i * stride(0) + j * stride(1)]`, as with
/// CuPy's CArray. Pass exactly ndim() indices.
template <class T>
class array_view {
 public:
  using element_type = T;                     ///< T, const included
  using value_type = std::remove_const_t<T>;  ///< the array's dtype

  /// @brief An empty view (no data, 0-d).
  array_view() = default;

  /// @brief A view of `ndim = shape.size()` dimensions of elements at `data` (host code).
  /// @throws xp::value_error when shape and strides differ in length, or for more than
  ///         XP_MAX_KERNEL_RANK dimensions (an indexed view never merges dimensions).
  array_view(T* data, const shape_type& shape, const shape_type& strides) : m_data(data) {
    if (shape.size() != strides.size())
      throw value_error("xp::array_view: " + std::to_string(shape.size()) + " extents but " +
                        std::to_string(strides.size()) + " strides");
    if (shape.size() > XP_MAX_KERNEL_RANK)
      throw value_error("xp: view() of an array of shape " + to_string(shape) + ": array views hold at most " +
                        std::to_string(XP_MAX_KERNEL_RANK) +
                        " dimensions (XP_MAX_KERNEL_RANK); index or reshape the array first");
    m_ndim = static_cast<int>(shape.size());
    m_size = 1;
    for (int d = 0; d < m_ndim; ++d) {
      m_shape[d] = shape[static_cast<std::size_t>(d)];
      m_strides[d] = strides[static_cast<std::size_t>(d)];
      m_size *= m_shape[d];
    }
  }

  /// @brief The read-only view of a writeable one (`array_view<float>` -> `array_view<const float>`).
  template <class U>
  requires(std::is_same_v<const U, T> && !std::is_same_v<U, T>) XP_HD array_view(const array_view<U>& other)
      : m_data(other.m_data), m_size(other.m_size), m_ndim(other.m_ndim) {
    for (int d = 0; d < XP_MAX_KERNEL_RANK; ++d) {
      m_shape[d] = other.m_shape[d];
      m_strides[d] = other.m_strides[d];
    }
  }

  /// @brief The element at (idx...): exactly ndim() integer indices, each in [0, shape(k)) (not
  /// checked unless XP_VIEW_CHECKS; negative indices are not wrapped). A 0-d view takes none.
  template <class... I>
  XP_HD T& operator()(I... idx) const {
    static_assert((std::is_integral_v<I> && ...), "xp::array_view: indices are integers");
    static_assert(sizeof...(I) <= XP_MAX_KERNEL_RANK, "xp::array_view: more indices than XP_MAX_KERNEL_RANK");
    constexpr int count = static_cast<int>(sizeof...(I));
    const index_t at[] = {static_cast<index_t>(idx)..., 0};  // the 0 keeps the array non-empty for 0-d
#if XP_VIEW_CHECKS
    check(count, at);
#endif
    index_t offset = 0;
    XP_UNROLL
    for (int k = 0; k < count; ++k) offset += at[k] * m_strides[k];
    return m_data[offset];
  }

  /// @brief Pointer to element (0, ..., 0) (device memory for a device array's view).
  XP_HD T* data() const { return m_data; }
  /// @brief The number of dimensions (0 to XP_MAX_KERNEL_RANK).
  XP_HD int ndim() const { return m_ndim; }
  /// @brief The number of elements (the product of the extents).
  XP_HD index_t size() const { return m_size; }
  /// @brief The extent of dimension k, 0 <= k < ndim() (not checked).
  XP_HD index_t shape(int k) const { return m_shape[k]; }
  /// @brief The stride of dimension k in elements (NumPy's are in bytes); 0 on a broadcast
  /// dimension, negative on a reversed one. 0 <= k < ndim() (not checked).
  XP_HD index_t stride(int k) const { return m_strides[k]; }
  /// @brief True when the elements lie in C order without gaps: element (i0, ..., in) is then
  /// data()[flat index], which a kernel may use for coalesced 1-D loops.
  XP_HD bool is_contiguous() const {
    index_t expect = 1;
    for (int d = m_ndim - 1; d >= 0; --d) {
      if (m_shape[d] == 0) return true;
      if (m_shape[d] != 1 && m_strides[d] != expect) return false;
      expect *= m_shape[d];
    }
    return true;
  }

 private:
  template <class>
  friend class array_view;

  // Defined whether or not XP_VIEW_CHECKS is on, so that the class is the same in every
  // translation unit; only operator() calls them, and only with the checks on.
  XP_HD void check(int count, const index_t* idx) const {
    if (count != m_ndim) {
      fail(-1, count);
      return;  // (fail does not return; idx holds only `count` indices)
    }
    for (int d = 0; d < m_ndim; ++d)
      if (idx[d] < 0 || idx[d] >= m_shape[d]) fail(d, idx[d]);
  }
  // axis -1: the index count was wrong (value = the count)
  XP_HD void fail(int axis, index_t value) const {
#if XP_ON_DEVICE
    if (axis < 0)
      printf("xp::array_view (XP_VIEW_CHECKS): %lld indices for a view of %d dimensions\n",
             static_cast<long long>(value), m_ndim);
    else
      printf("xp::array_view (XP_VIEW_CHECKS): index %lld is out of range for axis %d with extent %lld\n",
             static_cast<long long>(value), axis, static_cast<long long>(m_shape[axis]));
    __trap();
#else
    if (axis < 0)
      throw index_error("xp::array_view: " + std::to_string(value) + " indices for a view of " +
                        std::to_string(m_ndim) + " dimensions");
    throw index_error("xp::array_view: index " + std::to_string(value) + " is out of range for axis " +
                      std::to_string(axis) + " with extent " + std::to_string(m_shape[axis]));
#endif
  }

  T* m_data = nullptr;
  index_t m_size = 1;
  int m_ndim = 0;
  index_t m_shape[XP_MAX_KERNEL_RANK] = {};
  index_t m_strides[XP_MAX_KERNEL_RANK] = {};
};

static_assert(std::is_trivially_copyable_v<array_view<float>>);
static_assert(std::is_trivially_copyable_v<array_view<const double>>);

}  // namespace xp
