#pragma once
/// @file manipulation.hpp
/// @brief NumPy's array manipulation functions: concat/concatenate, stack, vstack, hstack,
/// unstack, split, array_split, flip, roll, repeat, tile, moveaxis, permute_dims,
/// broadcast_arrays, matrix_transpose, diff and pad. Written once for every backend above the
/// existing primitives: views (strides), the converting strided copy (view assignment) and
/// elementwise expressions (diff). Functions that return views say so; the others return new
/// C-contiguous arrays. Every copy into a result writes a whole input into the result's slice
/// in one strided copy (concat and stack of contiguous arrays run at copy bandwidth).

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "xp/array/join_primitive.hpp"
#include "xp/core/creation.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/expr/elementwise.hpp"

namespace xp {

namespace detail {

// A view of `a` restricted to [start, start + length) along `axis` (step 1).
template <class T, class B>
ndarray<T, B> axis_slice(const ndarray<T, B>& a, int axis, index_t start, index_t length) {
  shape_type shape = a.shape(), strides = a.strides();
  T* data = a.data();
  if (length > 0 && data) data += start * strides[axis];
  shape[axis] = length;
  return ndarray<T, B>(a.buffer(), data, std::move(shape), std::move(strides), a.writeable());
}

// The view a[..., i, ...] (position i of `axis`, that axis dropped).
template <class T, class B>
ndarray<T, B> axis_index(const ndarray<T, B>& a, int axis, index_t i) {
  shape_type shape = a.shape(), strides = a.strides();
  T* data = a.data();
  if (data) data += i * strides[axis];
  shape.erase(shape.begin() + axis);
  strides.erase(strides.begin() + axis);
  return ndarray<T, B>(a.buffer(), data, std::move(shape), std::move(strides), a.writeable());
}

// The result of concatenating arrays of the given shapes along `axis`, and the slice of it
// that each input fills. Checks NumPy's rules: at least one array, none 0-d, equal ranks, equal
// extents except along the axis.
template <class R, class B>
std::pair<ndarray<R, B>, std::vector<ndarray<R, B>>> concat_layout(const char* fn,
                                                                   const std::vector<shape_type>& shapes,
                                                                   index_t axis) {
  if (shapes.empty()) throw value_error(std::string(fn) + ": need at least one array to concatenate");
  const shape_type& first = shapes[0];
  if (first.empty()) throw value_error(std::string(fn) + ": zero-dimensional arrays cannot be concatenated");
  const int ax = normalize_axis(axis, first.size());
  shape_type out_shape = first;
  out_shape[ax] = 0;
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const shape_type& s = shapes[i];
    if (s.size() != first.size())
      throw shape_error(std::string(fn) +
                        ": all the input arrays must have the same number of dimensions, but the array at index 0 "
                        "has shape " +
                        to_string(first) + " and the array at index " + std::to_string(i) + " has shape " +
                        to_string(s));
    for (std::size_t d = 0; d < s.size(); ++d)
      if (static_cast<int>(d) != ax && s[d] != first[d])
        throw shape_error(std::string(fn) + ": the array at index " + std::to_string(i) + " has shape " + to_string(s) +
                          " and the array at index 0 has shape " + to_string(first) +
                          ": they must match in every dimension except the concatenation axis " + std::to_string(ax) +
                          " (dimension " + std::to_string(d) + " differs)");
    out_shape[ax] += s[ax];
  }
  ndarray<R, B> out(out_shape);
  std::vector<ndarray<R, B>> slices;
  slices.reserve(shapes.size());
  index_t pos = 0;
  for (const shape_type& s : shapes) {
    slices.push_back(axis_slice(out, ax, pos, s[ax]));
    pos += s[ax];
  }
  return {std::move(out), std::move(slices)};
}

// The result of stacking arrays of the given (equal) shapes along a new axis `axis`, and the
// view of it that each input fills.
template <class R, class B>
std::pair<ndarray<R, B>, std::vector<ndarray<R, B>>> stack_layout(const char* fn, const std::vector<shape_type>& shapes,
                                                                  index_t axis) {
  if (shapes.empty()) throw value_error(std::string(fn) + ": need at least one array to stack");
  const shape_type& first = shapes[0];
  for (std::size_t i = 1; i < shapes.size(); ++i)
    if (shapes[i] != first)
      throw shape_error(std::string(fn) +
                        ": all input arrays must have the same shape, but the array at index 0 has "
                        "shape " +
                        to_string(first) + " and the array at index " + std::to_string(i) + " has shape " +
                        to_string(shapes[i]));
  const int ax = normalize_axis(axis, first.size() + 1);
  shape_type out_shape = first;
  out_shape.insert(out_shape.begin() + ax, static_cast<index_t>(shapes.size()));
  ndarray<R, B> out(out_shape);
  std::vector<ndarray<R, B>> views;
  views.reserve(shapes.size());
  for (std::size_t i = 0; i < shapes.size(); ++i) views.push_back(axis_index(out, ax, static_cast<index_t>(i)));
  return {std::move(out), std::move(views)};
}

template <class T, class B>
std::vector<shape_type> shapes_of(const std::vector<ndarray<T, B>>& arrays) {
  std::vector<shape_type> shapes;
  shapes.reserve(arrays.size());
  for (const auto& a : arrays) shapes.push_back(a.shape());
  return shapes;
}

// np.atleast_1d / np.atleast_2d of one array, as views.
template <class T, class B>
ndarray<T, B> at_least_1d(const ndarray<T, B>& a) {
  if (a.ndim() >= 1) return a;
  return ndarray<T, B>(a.buffer(), a.data(), {1}, {0}, a.writeable());
}
template <class T, class B>
ndarray<T, B> at_least_2d(const ndarray<T, B>& a) {
  if (a.ndim() >= 2) return a;
  if (a.ndim() == 1) return ndarray<T, B>(a.buffer(), a.data(), {1, a.shape()[0]}, {0, a.strides()[0]}, a.writeable());
  return ndarray<T, B>(a.buffer(), a.data(), {1, 1}, {0, 0}, a.writeable());
}

// The views a[div[i]:div[i+1]] along axis (Python's clamped slices), split's common part.
template <class T, class B>
std::vector<ndarray<T, B>> split_at(const ndarray<T, B>& a, int ax, const std::vector<index_t>& bounds) {
  std::vector<ndarray<T, B>> parts;
  parts.reserve(bounds.size() - 1);
  const index_t n = a.shape()[ax];
  for (std::size_t i = 0; i + 1 < bounds.size(); ++i) {
    const auto r = adjust_slice(range_t{bounds[i], bounds[i + 1], 1}, n);
    parts.push_back(axis_slice(a, ax, r.start, r.length));
  }
  return parts;
}

// Rows narrower than this many bytes are joined in one pass (primitive::join); wider ones are
// copied source by source, each row a run of whole vectors (on the H100, concat along the last axis
// of 32 KiB rows ran at 91% of copy bandwidth that way, stack along a new last axis at 39%), except
// on a backend whose join takes wide rows too (join_wide_rows<B>: the host).
inline constexpr std::size_t join_narrow_row_bytes = 1024;

// Fills `out` (fresh, C-contiguous) with the arrays joined along its axis `ax` in one pass when
// their rows are narrow (any rows where join_wide_rows<B>), returning whether it did: rows are out's positions before
// `ax`, and each array contributes size / rows elements to every row (concat, and stack's new axis alike). Only
// C-contiguous inputs of out's dtype, at most max_join_sources of them.
template <class T, class B>
bool join_narrow_rows(ndarray<T, B>& out, const std::vector<ndarray<T, B>>& arrays, int ax) {
  if (out.size() == 0 || arrays.size() > static_cast<std::size_t>(max_join_sources)) return false;
  index_t rows = 1;
  for (int d = 0; d < ax; ++d) rows *= out.shape()[d];
  if (rows < 2) return false;  // one row: each source is one contiguous copy already
  join_problem p;
  p.out = out.data();
  p.rows = rows;
  p.element_bytes = static_cast<int>(sizeof(T));
  bool narrow = false;
  for (const auto& a : arrays) {
    if (!a.is_contiguous()) return false;
    const index_t width = a.size() / rows;
    if (width == 0) continue;
    narrow = narrow || static_cast<std::size_t>(width) * sizeof(T) < join_narrow_row_bytes;
    p.source[p.sources] = a.data();
    p.width[p.sources] = width;
    ++p.sources;
  }
  if (!narrow && !join_wide_rows<B>) return false;
  primitive::join<B>::run(p);
  return true;
}

}  // namespace detail

// ---- concat, stack and friends --------------------------------------------------------------

namespace detail {
// An element of a braced list of arrays whose dtypes differ (`{f32, f64}`), which no template can
// deduce: the overloads taking a list of these exist only to say which spelling works.
struct array_of_another_dtype {
  template <class T, class B>
  array_of_another_dtype(const ndarray<T, B>&) {}  // NOLINT(google-explicit-constructor)
};
}  // namespace detail
#define XP_MIXED_DTYPE_LIST_MESSAGE(fn)                                                   \
  fn ": a braced list of arrays of different dtypes ({a, b}) deduces no dtype; write " fn \
     "(std::tuple{a, "                                                                    \
     "b}), which promotes as NumPy does"

/// @brief np.concatenate(arrays, axis) / the array API's concat: the arrays joined along an
/// existing axis, in a new C-contiguous array; `axis = std::nullopt` joins the flattened arrays
/// (NumPy's axis=None). Each input is one strided copy into its slice of the result; rows
/// narrower than 1 KiB (of any width on the host) from up to 8 C-contiguous inputs are joined in
/// one pass instead.
/// @throws xp::value_error for no arrays or 0-d arrays; xp::shape_error naming both shapes and
///         the axis when ranks or the other extents differ; xp::index_error for an axis out of
///         range.
template <class T, class B>
ndarray<T, B> concat(const std::vector<ndarray<T, B>>& arrays, std::optional<index_t> axis = 0) {
  detail::op_range<B> range("xp::concat");
  if (!axis) {  // each input copied straight into its 1-D slice seen in the input's shape
    std::vector<shape_type> sizes;
    for (const auto& a : arrays) sizes.push_back({a.size()});
    auto [out, slices] = detail::concat_layout<T, B>("xp::concat", sizes, 0);
    for (std::size_t i = 0; i < arrays.size(); ++i) detail::assign(slices[i].reshape(arrays[i].shape()), arrays[i]);
    return out;
  }
  auto [out, slices] = detail::concat_layout<T, B>("xp::concat", detail::shapes_of(arrays), *axis);
  if (detail::join_narrow_rows(out, arrays, normalize_axis(*axis, out.ndim()))) return out;
  for (std::size_t i = 0; i < arrays.size(); ++i) detail::assign(slices[i], arrays[i]);
  return out;
}
/// @brief concat({a, b, c}, axis). @see concat
template <class T, class B>
ndarray<T, B> concat(std::initializer_list<ndarray<T, B>> arrays, std::optional<index_t> axis = 0) {
  return concat(std::vector<ndarray<T, B>>(arrays), axis);
}
/// @brief concat of arrays of different dtypes, `xp::concat(std::tuple{a, b}, axis)`: the result
/// has NumPy's result_type of all of them, each input converted in its one copy.
/// @throws as concat.
template <class B, class... Ts>
ndarray<result_type_t<Ts...>, B> concat(const std::tuple<ndarray<Ts, B>...>& arrays, std::optional<index_t> axis = 0) {
  using R = result_type_t<Ts...>;
  detail::op_range<B> range("xp::concat");
  if (!axis) return concat(std::apply([](const auto&... a) { return std::tuple{a.ravel()...}; }, arrays), index_t{0});
  const std::vector<shape_type> shapes =
      std::apply([](const auto&... a) { return std::vector<shape_type>{a.shape()...}; }, arrays);
  auto layout = detail::concat_layout<R, B>("xp::concat", shapes, *axis);
  const auto& slices = layout.second;  // not a structured binding: clang 14 cannot capture those
  std::size_t i = 0;
  std::apply([&](const auto&... a) { (detail::assign(slices[i++], a), ...); }, arrays);
  return layout.first;
}

template <class Unused = void>
void concat(std::initializer_list<detail::array_of_another_dtype>, std::optional<index_t> = 0) {
  static_assert(detail::dependent_false<Unused>, XP_MIXED_DTYPE_LIST_MESSAGE("xp::concat"));
}

/// @brief np.concatenate: NumPy's name of concat. @see concat
template <class T, class B>
ndarray<T, B> concatenate(const std::vector<ndarray<T, B>>& arrays, std::optional<index_t> axis = 0) {
  return concat(arrays, axis);
}
template <class T, class B>
ndarray<T, B> concatenate(std::initializer_list<ndarray<T, B>> arrays, std::optional<index_t> axis = 0) {
  return concat(std::vector<ndarray<T, B>>(arrays), axis);
}
template <class B, class... Ts>
ndarray<result_type_t<Ts...>, B> concatenate(const std::tuple<ndarray<Ts, B>...>& arrays,
                                             std::optional<index_t> axis = 0) {
  return concat(arrays, axis);
}

template <class Unused = void>
void concatenate(std::initializer_list<detail::array_of_another_dtype>, std::optional<index_t> = 0) {
  static_assert(detail::dependent_false<Unused>, XP_MIXED_DTYPE_LIST_MESSAGE("xp::concatenate"));
}

/// @brief np.stack(arrays, axis): arrays of one shape joined along a new axis (negative axes
/// count in the result's ndim + 1 axes). Each input is one strided copy, or, for rows narrower
/// than 1 KiB (of any width on the host) from up to 8 C-contiguous inputs, one pass joins them
/// all.
/// @throws xp::value_error for no arrays; xp::shape_error naming the differing shapes;
///         xp::index_error for an axis out of range.
template <class T, class B>
ndarray<T, B> stack(const std::vector<ndarray<T, B>>& arrays, index_t axis = 0) {
  detail::op_range<B> range("xp::stack");
  auto [out, views] = detail::stack_layout<T, B>("xp::stack", detail::shapes_of(arrays), axis);
  if (detail::join_narrow_rows(out, arrays, normalize_axis(axis, out.ndim()))) return out;
  for (std::size_t i = 0; i < arrays.size(); ++i) detail::assign(views[i], arrays[i]);
  return out;
}
template <class T, class B>
ndarray<T, B> stack(std::initializer_list<ndarray<T, B>> arrays, index_t axis = 0) {
  return stack(std::vector<ndarray<T, B>>(arrays), axis);
}
/// @brief stack of arrays of different dtypes (`xp::stack(std::tuple{a, b})`): NumPy's
/// result_type. @throws as stack.
template <class B, class... Ts>
ndarray<result_type_t<Ts...>, B> stack(const std::tuple<ndarray<Ts, B>...>& arrays, index_t axis = 0) {
  using R = result_type_t<Ts...>;
  detail::op_range<B> range("xp::stack");
  const std::vector<shape_type> shapes =
      std::apply([](const auto&... a) { return std::vector<shape_type>{a.shape()...}; }, arrays);
  auto layout = detail::stack_layout<R, B>("xp::stack", shapes, axis);
  const auto& views = layout.second;
  std::size_t i = 0;
  std::apply([&](const auto&... a) { (detail::assign(views[i++], a), ...); }, arrays);
  return layout.first;
}

template <class Unused = void>
void stack(std::initializer_list<detail::array_of_another_dtype>, index_t = 0) {
  static_assert(detail::dependent_false<Unused>, XP_MIXED_DTYPE_LIST_MESSAGE("xp::stack"));
}

/// @brief np.vstack: 0-d and 1-D inputs become rows (1, n), then concat along axis 0.
/// @throws as concat.
template <class T, class B>
ndarray<T, B> vstack(const std::vector<ndarray<T, B>>& arrays) {
  std::vector<ndarray<T, B>> rows;
  rows.reserve(arrays.size());
  for (const auto& a : arrays) rows.push_back(detail::at_least_2d(a));
  return concat(rows, index_t{0});
}
template <class T, class B>
ndarray<T, B> vstack(std::initializer_list<ndarray<T, B>> arrays) {
  return vstack(std::vector<ndarray<T, B>>(arrays));
}
/// @brief vstack of arrays of different dtypes, `xp::vstack(std::tuple{a, b})`: NumPy's
/// result_type of all of them, each input converted in its one copy (as concat's tuple form).
/// @throws as concat.
template <class B, class... Ts>
ndarray<result_type_t<Ts...>, B> vstack(const std::tuple<ndarray<Ts, B>...>& arrays) {
  return concat(std::apply([](const auto&... a) { return std::tuple{detail::at_least_2d(a)...}; }, arrays), index_t{0});
}
template <class Unused = void>
void vstack(std::initializer_list<detail::array_of_another_dtype>) {
  static_assert(detail::dependent_false<Unused>, XP_MIXED_DTYPE_LIST_MESSAGE("xp::vstack"));
}

/// @brief np.hstack: 0-d inputs become 1-D; 1-D inputs join along axis 0, others along axis 1.
/// @throws as concat.
template <class T, class B>
ndarray<T, B> hstack(const std::vector<ndarray<T, B>>& arrays) {
  std::vector<ndarray<T, B>> cols;
  cols.reserve(arrays.size());
  for (const auto& a : arrays) cols.push_back(detail::at_least_1d(a));
  return concat(cols, index_t{!cols.empty() && cols[0].ndim() == 1 ? 0 : 1});
}
template <class T, class B>
ndarray<T, B> hstack(std::initializer_list<ndarray<T, B>> arrays) {
  return hstack(std::vector<ndarray<T, B>>(arrays));
}
/// @brief hstack of arrays of different dtypes, `xp::hstack(std::tuple{a, b})`: NumPy's
/// result_type of all of them (as concat's tuple form). @throws as concat.
template <class B, class T0, class... Ts>
ndarray<result_type_t<T0, Ts...>, B> hstack(const std::tuple<ndarray<T0, B>, ndarray<Ts, B>...>& arrays) {
  const auto cols = std::apply([](const auto&... a) { return std::tuple{detail::at_least_1d(a)...}; }, arrays);
  return concat(cols, index_t{std::get<0>(cols).ndim() == 1 ? 0 : 1});
}
template <class Unused = void>
void hstack(std::initializer_list<detail::array_of_another_dtype>) {
  static_assert(detail::dependent_false<Unused>, XP_MIXED_DTYPE_LIST_MESSAGE("xp::hstack"));
}
#undef XP_MIXED_DTYPE_LIST_MESSAGE

/// @brief np.unstack(a, axis) (array API): the views a[..., i, ...] along `axis`, in order.
/// @throws xp::value_error for a 0-d array; xp::index_error for an axis out of range.
template <class T, class B>
std::vector<ndarray<T, B>> unstack(const ndarray<T, B>& a, index_t axis = 0) {
  if (a.ndim() == 0) throw value_error("xp::unstack: input array must be at least 1-d, got a 0-d array");
  const int ax = normalize_axis(axis, a.ndim());
  std::vector<ndarray<T, B>> parts;
  parts.reserve(static_cast<std::size_t>(a.shape()[ax]));
  for (index_t i = 0; i < a.shape()[ax]; ++i) parts.push_back(detail::axis_index(a, ax, i));
  return parts;
}

// ---- split ----------------------------------------------------------------------------------

/// @brief np.split(a, sections, axis): `sections` equal views along the axis.
/// @throws xp::value_error when sections is not positive or does not divide the axis (naming
///         both); xp::index_error for an axis out of range.
template <class T, class B>
std::vector<ndarray<T, B>> split(const ndarray<T, B>& a, index_t sections, index_t axis = 0) {
  const int ax = normalize_axis(axis, a.ndim());
  const index_t n = a.shape()[ax];
  if (sections <= 0)
    throw value_error("xp::split: number of sections must be larger than 0, got " + std::to_string(sections));
  if (n % sections != 0)
    throw value_error("xp::split: array split does not result in an equal division: axis " + std::to_string(ax) +
                      " of length " + std::to_string(n) + " into " + std::to_string(sections) + " sections");
  std::vector<index_t> bounds;
  for (index_t i = 0; i <= sections; ++i) bounds.push_back(i * (n / sections));
  return detail::split_at(a, ax, bounds);
}
/// @brief np.split(a, indices, axis): views a[:i0], a[i0:i1], ..., a[ik:] along the axis, the
/// indices as Python slice bounds (negative from the end, clamped; a decreasing pair gives an
/// empty part).
/// @throws xp::index_error for an axis out of range.
template <class T, class B>
std::vector<ndarray<T, B>> split(const ndarray<T, B>& a, const std::vector<index_t>& indices, index_t axis = 0) {
  const int ax = normalize_axis(axis, a.ndim());
  std::vector<index_t> bounds{0};
  bounds.insert(bounds.end(), indices.begin(), indices.end());
  bounds.push_back(a.shape()[ax]);
  return detail::split_at(a, ax, bounds);
}
/// @brief np.array_split(a, sections, axis): like split, but sections need not divide the
/// axis: the first n % sections parts have one element more.
/// @throws xp::value_error when sections is not positive; xp::index_error for a bad axis.
template <class T, class B>
std::vector<ndarray<T, B>> array_split(const ndarray<T, B>& a, index_t sections, index_t axis = 0) {
  const int ax = normalize_axis(axis, a.ndim());
  if (sections <= 0)
    throw value_error("xp::array_split: number of sections must be larger than 0, got " + std::to_string(sections));
  const index_t n = a.shape()[ax], each = n / sections, extras = n % sections;
  std::vector<index_t> bounds{0};
  for (index_t i = 0; i < sections; ++i) bounds.push_back(bounds.back() + each + (i < extras ? 1 : 0));
  return detail::split_at(a, ax, bounds);
}
/// @brief np.array_split(a, indices, axis): the same as split with indices.
template <class T, class B>
std::vector<ndarray<T, B>> array_split(const ndarray<T, B>& a, const std::vector<index_t>& indices, index_t axis = 0) {
  return split(a, indices, axis);
}

// ---- views: flip, moveaxis, permute_dims, matrix_transpose, broadcast_arrays -----------------

namespace detail {
// The listed axes, normalised, each at most once ("repeated axis" otherwise, as NumPy).
inline std::vector<int> normalize_axes(const char* fn, const std::vector<index_t>& axes, std::size_t ndim) {
  std::vector<int> out;
  std::vector<bool> seen(ndim, false);
  for (index_t axis : axes) {
    const int ax = normalize_axis(axis, ndim);
    if (seen[ax]) throw value_error(std::string(fn) + ": repeated axis " + std::to_string(axis));
    seen[ax] = true;
    out.push_back(ax);
  }
  return out;
}
}  // namespace detail

/// @brief np.flip(a, axis): a view with the order of the elements reversed along the given
/// axes (every axis by default) through negative strides; no copy.
/// @throws xp::index_error for an axis out of range; xp::value_error for a repeated axis.
template <class T, class B>
ndarray<T, B> flip(const ndarray<T, B>& a, const axes_t& axes = {}) {
  std::vector<index_t> list;
  if (axes.all())
    for (std::size_t d = 0; d < a.ndim(); ++d) list.push_back(static_cast<index_t>(d));
  else list = axes.list();
  shape_type strides = a.strides();
  T* data = a.data();
  for (int ax : detail::normalize_axes("xp::flip", list, a.ndim())) {
    if (a.shape()[ax] > 1 && data) data += (a.shape()[ax] - 1) * strides[ax];
    strides[ax] = -strides[ax];
  }
  return ndarray<T, B>(a.buffer(), data, a.shape(), std::move(strides), a.writeable());
}

/// @brief np.moveaxis(a, source, destination): a view with the axes `source` moved to the
/// positions `destination`, the others keeping their order.
/// @throws xp::value_error when the lists differ in length or repeat an axis; xp::index_error
///         for an axis out of range.
template <class T, class B>
ndarray<T, B> moveaxis(const ndarray<T, B>& a, const std::vector<index_t>& source,
                       const std::vector<index_t>& destination) {
  if (source.size() != destination.size())
    throw value_error("xp::moveaxis: `source` and `destination` arguments must have the same number of elements, got " +
                      std::to_string(source.size()) + " and " + std::to_string(destination.size()));
  const auto src = detail::normalize_axes("xp::moveaxis", source, a.ndim());
  const auto dst = detail::normalize_axes("xp::moveaxis", destination, a.ndim());
  std::vector<index_t> order;
  for (std::size_t d = 0; d < a.ndim(); ++d)
    if (std::find(src.begin(), src.end(), static_cast<int>(d)) == src.end()) order.push_back(static_cast<index_t>(d));
  std::vector<std::pair<int, int>> moves;
  for (std::size_t i = 0; i < src.size(); ++i) moves.emplace_back(dst[i], src[i]);
  std::sort(moves.begin(), moves.end());
  for (const auto& [to, from] : moves) order.insert(order.begin() + to, from);
  return transpose(a, order);
}
/// @brief np.moveaxis(a, source, destination) for one axis. @see moveaxis
template <class T, class B>
ndarray<T, B> moveaxis(const ndarray<T, B>& a, index_t source, index_t destination) {
  return moveaxis(a, std::vector<index_t>{source}, std::vector<index_t>{destination});
}

/// @brief The array API's permute_dims(a, axes): transpose(a, axes), a view.
/// @throws as transpose.
template <class T, class B>
ndarray<T, B> permute_dims(const ndarray<T, B>& a, const std::vector<index_t>& axes) {
  return transpose(a, axes);
}

/// @brief np.matrix_transpose(a) (the array API's; a.mT): the last two axes swapped, a view.
/// @throws xp::value_error for fewer than two dimensions.
template <class T, class B>
ndarray<T, B> matrix_transpose(const ndarray<T, B>& a) {
  if (a.ndim() < 2)
    throw value_error("xp::matrix_transpose: input array must be at least 2-dimensional, got shape " +
                      to_string(a.shape()));
  return swapaxes(a, index_t{-1}, index_t{-2});
}

/// @brief np.broadcast_arrays(a, b, ...): every array broadcast to the common shape. An array
/// that already has that shape is returned as it is; the others are read-only views
/// (broadcast_to's), as writing through NumPy's is deprecated.
/// @throws xp::shape_error naming the shapes that do not broadcast.
template <class B, class... Ts>
std::tuple<ndarray<Ts, B>...> broadcast_arrays(const ndarray<Ts, B>&... arrays) {
  shape_type shape;
  ((shape = broadcast_shapes(shape, arrays.shape())), ...);
  return {(arrays.shape() == shape ? arrays : broadcast_to(arrays, shape))...};
}
/// @brief np.broadcast_arrays(*arrays) for a list of one dtype. @see broadcast_arrays
template <class T, class B>
std::vector<ndarray<T, B>> broadcast_arrays(const std::vector<ndarray<T, B>>& arrays) {
  shape_type shape;
  for (const auto& a : arrays) shape = broadcast_shapes(shape, a.shape());
  std::vector<ndarray<T, B>> out;
  out.reserve(arrays.size());
  for (const auto& a : arrays) out.push_back(a.shape() == shape ? a : broadcast_to(a, shape));
  return out;
}

// ---- copies: roll, repeat, tile, diff, pad -----------------------------------------------------

/// @brief np.roll(a, shift, axis) for several axes: elements shifted along each axis (shifts
/// and axes are lists of one length, or one of them has one entry; shifts of a repeated axis
/// add up), those leaving one end entering at the other. A new array: one strided copy per
/// block (at most 2^k for k rolled axes).
/// @throws xp::value_error when the lists do not broadcast; xp::index_error for a bad axis.
template <class T, class B>
ndarray<T, B> roll(const ndarray<T, B>& a, const std::vector<index_t>& shifts, const std::vector<index_t>& axes) {
  detail::op_range<B> range("xp::roll");
  const std::size_t k = std::max(shifts.size(), axes.size());
  if ((shifts.size() != k && shifts.size() != 1) || (axes.size() != k && axes.size() != 1))
    throw value_error("xp::roll: 'shift' of length " + std::to_string(shifts.size()) + " and 'axis' of length " +
                      std::to_string(axes.size()) + " do not broadcast");
  shape_type offset(a.ndim(), 0);
  for (std::size_t i = 0; i < k; ++i) {
    const int ax = normalize_axis(axes[axes.size() == 1 ? 0 : i], a.ndim());
    const index_t n = a.shape()[ax];
    if (n > 0) offset[ax] = ((offset[ax] + shifts[shifts.size() == 1 ? 0 : i] % n) % n + n) % n;
  }
  ndarray<T, B> out(a.shape());
  if (out.size() == 0) return out;
  std::vector<int> rolled;
  for (std::size_t d = 0; d < a.ndim(); ++d)
    if (offset[d] != 0) rolled.push_back(static_cast<int>(d));
  // block `mask`: along rolled axis j, bit j set takes the source's tail [n - o, n) into [0, o)
  for (std::size_t mask = 0; mask < (std::size_t{1} << rolled.size()); ++mask) {
    ndarray<T, B> dst = out, src = a;
    for (std::size_t j = 0; j < rolled.size(); ++j) {
      const int ax = rolled[j];
      const index_t n = a.shape()[ax], o = offset[ax];
      if (mask & (std::size_t{1} << j)) {
        dst = detail::axis_slice(dst, ax, 0, o);
        src = detail::axis_slice(src, ax, n - o, o);
      } else {
        dst = detail::axis_slice(dst, ax, o, n - o);
        src = detail::axis_slice(src, ax, 0, n - o);
      }
    }
    detail::assign(dst, src);
  }
  return out;
}
/// @brief np.roll(a, shift, axis) along one axis. @see roll
template <class T, class B>
ndarray<T, B> roll(const ndarray<T, B>& a, index_t shift, index_t axis) {
  return roll(a, std::vector<index_t>{shift}, std::vector<index_t>{axis});
}
/// @brief np.roll(a, shift): the flattened array rolled, in a's shape.
template <class T, class B>
ndarray<T, B> roll(const ndarray<T, B>& a, index_t shift) {
  return roll(a.ravel(), shift, 0).reshape(a.shape());
}

/// @brief np.repeat(a, repeats, axis): each element repeated `repeats` times along the axis
/// (the flattened array without an axis). One strided copy.
/// @throws xp::value_error for a negative count (naming it); xp::index_error for a bad axis.
template <class T, class B>
ndarray<T, B> repeat(const ndarray<T, B>& a, index_t repeats, std::optional<index_t> axis = std::nullopt) {
  detail::op_range<B> range("xp::repeat");
  if (repeats < 0)
    throw value_error("xp::repeat: negative dimensions are not allowed (repeats " + std::to_string(repeats) + ")");
  if (!axis) return repeat(a.ravel(), repeats, index_t{0});
  const int ax = normalize_axis(*axis, a.ndim());
  shape_type shape = a.shape();
  shape[ax] *= repeats;
  ndarray<T, B> out(shape);
  // out seen as (..., n, repeats, ...) is a broadcast of a with a new axis of length 1
  shape_type split_shape = a.shape();
  split_shape.insert(split_shape.begin() + ax + 1, repeats);
  detail::assign(out.reshape(split_shape), expand_dims(a, ax + 1));
  return out;
}
/// @brief np.repeat(a, counts, axis): element i along the axis repeated counts[i] times (one
/// count: every element that often).
/// @throws xp::value_error for a negative count; xp::shape_error when the counts' length is
///         neither 1 nor the axis' length; xp::index_error for a bad axis.
template <class T, class B>
ndarray<T, B> repeat(const ndarray<T, B>& a, const std::vector<index_t>& repeats,
                     std::optional<index_t> axis = std::nullopt) {
  detail::op_range<B> range("xp::repeat");
  if (!axis) return repeat(a.ravel(), repeats, index_t{0});
  if (repeats.size() == 1) return repeat(a, repeats[0], axis);
  const int ax = normalize_axis(*axis, a.ndim());
  const index_t n = a.shape()[ax];
  if (static_cast<index_t>(repeats.size()) != n)
    throw shape_error("xp::repeat: " + std::to_string(repeats.size()) + " counts for axis " + std::to_string(ax) +
                      " of length " + std::to_string(n) + " (shape " + to_string(a.shape()) + ")");
  index_t total = 0;
  for (index_t r : repeats) {
    if (r < 0) throw value_error("xp::repeat: negative dimensions are not allowed (repeats " + std::to_string(r) + ")");
    total += r;
  }
  shape_type shape = a.shape();
  shape[ax] = total;
  ndarray<T, B> out(shape);
  index_t pos = 0;
  for (index_t i = 0; i < n; ++i) {
    if (repeats[i] > 0) detail::assign(detail::axis_slice(out, ax, pos, repeats[i]), detail::axis_slice(a, ax, i, 1));
    pos += repeats[i];
  }
  return out;
}

/// @brief np.tile(a, reps): a repeated reps[d] times along each axis; a shorter reps is padded
/// with leading 1s, a shorter a with leading axes of length 1. One strided copy.
/// @throws xp::value_error for a negative repetition.
template <class T, class B>
ndarray<T, B> tile(const ndarray<T, B>& a, const std::vector<index_t>& reps) {
  detail::op_range<B> range("xp::tile");
  for (index_t r : reps)
    if (r < 0) throw value_error("xp::tile: negative dimensions are not allowed (reps " + std::to_string(r) + ")");
  const std::size_t d = std::max(reps.size(), a.ndim());
  shape_type r(d - reps.size(), 1), s(d - a.ndim(), 1), st(d - a.ndim(), 0);
  r.insert(r.end(), reps.begin(), reps.end());
  s.insert(s.end(), a.shape().begin(), a.shape().end());
  st.insert(st.end(), a.strides().begin(), a.strides().end());
  // the result as (r0, s0, r1, s1, ...): a broadcast of a with an axis of length 1 before each
  shape_type wide, src_shape, src_strides, result;
  for (std::size_t i = 0; i < d; ++i) {
    wide.insert(wide.end(), {r[i], s[i]});
    src_shape.insert(src_shape.end(), {1, s[i]});
    src_strides.insert(src_strides.end(), {0, st[i]});
    result.push_back(r[i] * s[i]);
  }
  ndarray<T, B> out(wide);
  detail::assign(out, ndarray<T, B>(a.buffer(), a.data(), src_shape, src_strides, false));
  return out.reshape(result);
}
/// @brief np.tile(a, reps) with one repetition count (the last axis). @see tile
template <class T, class B>
ndarray<T, B> tile(const ndarray<T, B>& a, index_t reps) {
  return tile(a, std::vector<index_t>{reps});
}

/// @brief np.diff(a, n, axis, prepend, append): the n-th discrete difference along the axis,
/// a[i+1] - a[i] in a's dtype (unsigned integers wrap, as NumPy's), `!=` for bool.
/// `prepend` / `append` are joined to a along the axis first (0-d ones broadcast to one slice).
/// n = 0 returns a itself.
/// @throws xp::value_error for a negative n or a 0-d a; xp::index_error for a bad axis;
///         xp::shape_error when prepend/append do not fit a's other extents.
template <class T, class B>
ndarray<T, B> diff(const ndarray<T, B>& a, index_t n = 1, index_t axis = -1,
                   const std::type_identity_t<std::optional<ndarray<T, B>>>& prepend = std::nullopt,
                   const std::type_identity_t<std::optional<ndarray<T, B>>>& append = std::nullopt) {
  detail::op_range<B> range("xp::diff");
  if (n < 0) throw value_error("xp::diff: order must be non-negative but got " + std::to_string(n));
  if (a.ndim() == 0) throw value_error("xp::diff: diff requires input that is at least one dimensional");
  const int ax = normalize_axis(axis, a.ndim());
  if (n == 0) return a;
  ndarray<T, B> x = a;
  if (prepend || append) {
    auto edge = [&](const ndarray<T, B>& e) {
      if (e.ndim() > 0) return e;
      shape_type s = a.shape();
      s[ax] = 1;
      return broadcast_to(e, s);
    };
    std::vector<ndarray<T, B>> parts;
    if (prepend) parts.push_back(edge(*prepend));
    parts.push_back(a);
    if (append) parts.push_back(edge(*append));
    x = concat(parts, index_t{ax});
  }
  for (index_t k = 0; k < n; ++k) {
    const index_t len = x.shape()[ax];
    if (len == 0) break;
    const auto hi = detail::axis_slice(x, ax, 1, len - 1), lo = detail::axis_slice(x, ax, 0, len - 1);
    if constexpr (std::is_same_v<T, bool>) x = ndarray<T, B>(hi != lo);
    else x = ndarray<T, B>(hi - lo);
  }
  return x;
}

/// @brief np.pad(a, pad_width, mode): a with widths[d] = (before, after) elements added along
/// each axis d (one pair: every axis). mode "constant" fills them with `value` (NumPy's
/// constant_values, one scalar), "edge" repeats the edge element.
/// @throws xp::value_error for a negative width (naming it), an unknown mode, widths of neither 1
///         nor ndim pairs, mode "edge" extending an empty axis, or a padded shape too big to index
///         ("array is too big", as checked_size).
template <class T, class B, class S = int>
requires detail::is_scalar_v<S> ndarray<T, B> pad(const ndarray<T, B>& a,
                                                  const std::vector<std::pair<index_t, index_t>>& widths,
                                                  std::string_view mode = "constant", S value = 0) {
  detail::op_range<B> range("xp::pad");
  const bool edge = mode == "edge";
  if (!edge && mode != "constant")
    throw value_error("xp::pad: mode '" + std::string(mode) + "' is not supported (constant or edge)");
  if (widths.size() != 1 && widths.size() != a.ndim())
    throw value_error("xp::pad: " + std::to_string(widths.size()) + " (before, after) pairs for an array of shape " +
                      to_string(a.shape()) + " (give 1 or one per axis)");
  std::vector<std::pair<index_t, index_t>> w(a.ndim());
  shape_type shape = a.shape();
  for (std::size_t d = 0; d < a.ndim(); ++d) {
    w[d] = widths[widths.size() == 1 ? 0 : d];
    if (w[d].first < 0 || w[d].second < 0)
      throw value_error("xp::pad: index can't contain negative values (pad width (" + std::to_string(w[d].first) +
                        ", " + std::to_string(w[d].second) + ") for axis " + std::to_string(d) + ")");
    if (edge && a.shape()[d] == 0 && (w[d].first > 0 || w[d].second > 0))
      throw value_error("xp::pad: can't extend empty axis " + std::to_string(d) + " using modes other than 'constant'");
    shape[d] = checked_extent_sum({shape[d], w[d].first, w[d].second});
  }
  ndarray<T, B> out(shape);
  if (!edge) out.fill(detail::convert<T>(static_cast<detail::scalar_storage_t<S>>(value)));
  ndarray<T, B> inner = out;
  for (std::size_t d = 0; d < a.ndim(); ++d)
    inner = detail::axis_slice(inner, static_cast<int>(d), w[d].first, a.shape()[d]);
  detail::assign(inner, a);
  if (edge) {
    // axis by axis: over the whole extent of the axes already padded and the interior of the
    // later ones (the only elements written so far), so the corners take the corner values
    for (std::size_t d = 0; d < a.ndim(); ++d) {
      const int ax = static_cast<int>(d);
      const auto [before, after] = w[d];
      ndarray<T, B> written = out;
      for (std::size_t k = d + 1; k < a.ndim(); ++k)
        written = detail::axis_slice(written, static_cast<int>(k), w[k].first, a.shape()[k]);
      if (before > 0)
        detail::assign(detail::axis_slice(written, ax, 0, before), detail::axis_slice(written, ax, before, 1));
      if (after > 0)
        detail::assign(detail::axis_slice(written, ax, before + a.shape()[d], after),
                       detail::axis_slice(written, ax, before + a.shape()[d] - 1, 1));
    }
  }
  return out;
}
/// @brief np.pad(a, width, mode): the same (before, after) = (width, width) on every axis.
template <class T, class B, class S = int>
requires detail::is_scalar_v<S> ndarray<T, B> pad(const ndarray<T, B>& a, index_t width,
                                                  std::string_view mode = "constant", S value = 0) {
  return pad(a, std::vector<std::pair<index_t, index_t>>{{width, width}}, mode, value);
}

// what evaluates to an array (an expression, a selection) in an array's place
XP_EVALUATING_OVERLOAD(flip)
XP_EVALUATING_OVERLOAD(roll)
XP_EVALUATING_OVERLOAD(repeat)
XP_EVALUATING_OVERLOAD(tile)
XP_EVALUATING_OVERLOAD(pad)
XP_EVALUATING_OVERLOAD(diff)
XP_EVALUATING_OVERLOAD(split)
XP_EVALUATING_OVERLOAD(array_split)
XP_EVALUATING_OVERLOAD(moveaxis)
XP_EVALUATING_OVERLOAD(permute_dims)
XP_EVALUATING_OVERLOAD(matrix_transpose)
XP_EVALUATING_OVERLOAD(unstack)

}  // namespace xp
