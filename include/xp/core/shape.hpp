#pragma once
/// @file shape.hpp
/// @brief Shapes, strides and NumPy's broadcasting rules. The functions that are not inline are
/// compiled once into the xp library (src/core.cpp).

#include <cstddef>
#include <initializer_list>
#include <string>
#include <vector>

#include "xp/core/config.hpp"
#include "xp/core/error.hpp"

namespace xp {

/// @brief A shape or a list of strides (in elements), one int64 per dimension.
using shape_type = std::vector<index_t>;

/// @brief "(2, 3)" / "(5,)" / "()": NumPy's spelling of a shape, used in error messages.
std::string to_string(const shape_type& s);

/// @brief The element count of a shape, checked: the one function every shape-taking entry
/// point (creation, reshape, broadcast, random, load, transfers) sizes arrays with.
/// Like NumPy, zero extents are left out of the product the overflow check multiplies (so
/// (0, 2^40) is a valid empty shape of float, while (0, 2^62, 2^62) is still too big).
/// @throws xp::value_error on a negative extent, or when the element count times `itemsize`
///         does not fit in std::ptrdiff_t ("array is too big", as NumPy says).
index_t checked_size(const shape_type& shape, std::size_t itemsize = 1);

/// @brief The length of an axis made of non-negative parts (an extent and what xp::pad adds to
/// it), checked like checked_size: their sum, computed without overflow.
/// @throws xp::value_error ("array is too big", as checked_size) when the sum does not fit index_t.
index_t checked_extent_sum(std::initializer_list<index_t> parts);

/// @brief Number of elements of a shape. @see checked_size
/// @throws xp::value_error on a negative extent or an element count that overflows.
inline index_t size_of(const shape_type& shape) { return checked_size(shape); }

/// @brief Row-major (C order) strides in elements for a shape.
inline shape_type contiguous_strides(const shape_type& shape) {
  shape_type strides(shape.size());
  index_t s = 1;
  for (std::size_t i = shape.size(); i-- > 0;) {
    strides[i] = s;
    s *= shape[i] > 0 ? shape[i] : 1;
  }
  return strides;
}

/// @brief The broadcast shape of two shapes (np.broadcast_shapes); throws xp::shape_error
/// naming both shapes when they do not broadcast.
shape_type broadcast_shapes(const shape_type& a, const shape_type& b);

/// @brief Maps a possibly negative axis into [0, ndim); throws xp::index_error (NumPy's AxisError).
int normalize_axis(index_t axis, std::size_t ndim);

}  // namespace xp
