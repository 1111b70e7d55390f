#pragma once
/// @file kernel_view.hpp
/// @brief The trivially copyable, non-owning view that kernels take by value (pointer +
/// shape + strides), and the merging of dimensions that keeps kernel views short.

#include <vector>
#include <string>
#include <type_traits>

#include "xp/core/config.hpp"
#include "xp/core/error.hpp"
#include "xp/core/shape.hpp"

namespace xp {

/// @brief A strided view of at most XP_MAX_KERNEL_RANK dimensions, passed to kernels by value.
/// `v[i]` is the element at row-major flat position i of the view's shape.
template <class T>
struct strided_view {
  T* data;
  index_t size;  ///< number of elements
  int rank;      ///< 0 for a single element (0-d array), 1 for a contiguous run when stride 1
  index_t shape[XP_MAX_KERNEL_RANK];
  index_t strides[XP_MAX_KERNEL_RANK];  ///< in elements; 0 on broadcast dimensions

  /// Offset in elements of flat position i.
  XP_HD index_t offset(index_t flat) const {
    index_t off = 0;
    for (int d = rank - 1; d > 0; --d) {
      const index_t q = flat / shape[d];
      off += (flat - q * shape[d]) * strides[d];
      flat = q;
    }
    return rank > 0 ? off + flat * strides[0] : off;
  }
  XP_HD T& operator[](index_t flat) const { return data[offset(flat)]; }
  /// One unit-stride run: kernels can index data[i] directly.
  XP_HD bool is_contiguous() const { return rank == 0 || (rank == 1 && strides[0] == 1); }
};

static_assert(std::is_trivially_copyable_v<strided_view<float>>);

namespace detail {

/// Merges dimensions jointly for operands that share one iteration shape: drops extent-1
/// dimensions and fuses neighbours where every operand steps through them as one run.
/// Flat position i means the same element before and after, for every operand.
struct merged_layout {
  shape_type shape;
  std::vector<shape_type> strides;  // one list per operand, in the order given
};

inline merged_layout merge_layout(const shape_type& shape, const std::vector<const shape_type*>& strides) {
  const std::size_t n = strides.size();
  merged_layout out{{}, std::vector<shape_type>(n)};
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == 1) continue;
    if (!out.shape.empty()) {
      bool fuse = true;
      for (std::size_t k = 0; k < n; ++k) fuse = fuse && out.strides[k].back() == (*strides[k])[d] * shape[d];
      if (fuse) {
        out.shape.back() *= shape[d];
        for (std::size_t k = 0; k < n; ++k) out.strides[k].back() = (*strides[k])[d];
        continue;
      }
    }
    out.shape.push_back(shape[d]);
    for (std::size_t k = 0; k < n; ++k) out.strides[k].push_back((*strides[k])[d]);
  }
  if (out.shape.size() > XP_MAX_KERNEL_RANK)
    throw value_error("xp: this operation handles at most " + std::to_string(XP_MAX_KERNEL_RANK) +
                      " non-mergeable dimensions, got shape " + to_string(shape));
  return out;
}

template <class T>
strided_view<T> make_strided_view(T* data, const shape_type& shape, const shape_type& strides) {
  strided_view<T> v{};
  v.data = data;
  v.rank = static_cast<int>(shape.size());
  v.size = 1;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    v.shape[d] = shape[d];
    v.strides[d] = strides[d];
    v.size *= shape[d];
  }
  return v;
}

}  // namespace detail
}  // namespace xp
