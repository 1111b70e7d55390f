#pragma once
/// @file indexing.hpp
/// @brief NumPy's indexing by arrays, on both backends: `take`, `take_along_axis`, `put`,
/// integer-array indexing `a(idx)`, `a(idx, xp::all)`, `a(xp::all, idx)`, `a(i0, i1)`,
/// boolean-mask indexing `a(mask)`, `a(x > 0) = v`, and `nonzero`, `argwhere`,
/// `flatnonzero`, one-argument `where`.
///
/// `a[idx]`, `a[mask]` (NumPy's square brackets: ndarray::operator[]) are `a(idx)`, `a(mask)`.
/// They return an `xp::indexed` proxy. Read, it is NumPy's copy taken where it
/// is written: `auto r = a(mask);`, `xp::ndarray<float, B> r = a(mask);` and `return a(idx);`
/// hold the elements selected at the end of that statement, and a later write to `a` does not
/// show in them. Assigned to (`a(mask) = 0.f`, `a(idx) = v`, NumPy's `a[mask] = 0`), it writes
/// `a` in place in one pass and no copy is made. The statement is a guard, a defaulted last
/// argument of ndarray::operator() that lives until the caller's `;` (detail::selection_statement);
/// for the brackets, the converted subscript (detail::array_subscript) holds it.
/// Everywhere an array is read (`sel.shape()`, `sel.sum()`, `sel * 2`, `std::cout << sel`,
/// `xp::sort(sel)`) the selection is the array it holds: it is an operand (detail::is_operand_v)
/// and materializes as that array. `a[mask] += v` (every compound operator) is NumPy's
/// `a[mask] = a[mask] + v`: read once, computed, written back through the selection.
/// A mask of the wrong shape and an index out of range throw in the statement that writes the
/// selection, on both backends.
///
/// Masks and nonzero go through the stream-compaction primitive (array/compact_primitive.hpp); a mask
/// that is an expression (`a(a > 0.f)`) is fused into it, no boolean array is stored. On
/// xp::cuda the only host synchronisation is reading the number of selected elements (the
/// result's size). Reading through index arrays in raise mode (take, a(idx)) checks the bounds
/// in the gather kernel, which raises a flag that is read back (one synchronisation); writing
/// through them (a(idx) = v, put) checks first, with the indices' min and max (two), so that
/// nothing is written before the error.
/// Index arrays and masks on xp::cuda need the calling translation unit compiled by nvcc.

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "xp/array/compact_primitive.hpp"
#include "xp/core/config.hpp"
#include "xp/core/convert.hpp"
#include "xp/core/creation.hpp"
#include "xp/core/error.hpp"
#include "xp/core/kernel_view.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/shape.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/reduction.hpp"

namespace xp {

/// @brief How take and put treat an index out of range (NumPy's `mode=`): `raise` (the
/// default: xp::index_error), `wrap` (modulo the extent), `clip` (to [0, extent - 1]; negative
/// indices clip to 0, as NumPy's).
enum class take_mode { raise, wrap, clip };

namespace detail {

// ---- the kernels' functors ------------------------------------------------------------------

// Contiguous: every leaf is one unit-stride run, read without index arithmetic per position (on
// the H100 the general form made the count pass of `x(x > 0)` 1.8x slower).
template <class K, bool Contiguous>
struct truth_flag {
  K kernel;
  XP_HD bool operator()(index_t i) const {
    if constexpr (Contiguous) return convert<bool>(at_contig(kernel, i));
    else return convert<bool>(kernel(i));
  }
};

// The k-th selected flat position i of `shape` as coordinates: out[k * k_stride + d * d_stride].
struct coords_writer {
  std::int64_t* out;
  int rank;
  index_t k_stride, d_stride;
  index_t shape[XP_MAX_KERNEL_RANK];
  XP_HD void operator()(index_t k, index_t i) const {
    for (int d = rank - 1; d > 0; --d) {
      const index_t q = i / shape[d];
      out[k * k_stride + d * d_stride] = i - q * shape[d];
      i = q;
    }
    if (rank > 0) out[k * k_stride] = i;  // i < shape[0]: the first coordinate needs no division
  }
};

// out[k * inner + j] = src[i * inner + j]: a mask over the leading axes selects runs of `inner`.
// Src is a strided_view<const T>, or a `const T*` where the source is contiguous (no index
// arithmetic per element).
template <class T, class Src>
struct select_writer {
  T* out;
  Src src;
  index_t inner;
  XP_HD void operator()(index_t k, index_t i) const {
    if (inner == 1) out[k] = src[i];
    else
      for (index_t j = 0; j < inner; ++j) out[k * inner + j] = src[i * inner + j];
  }
};

// dst[i * inner + j] = values[k * inner + j] (values viewed over (count,) + the rest).
template <class T>
struct masked_store {
  strided_view<T> dst;
  strided_view<const T> values;
  index_t inner;
  XP_HD void operator()(index_t k, index_t i) const {
    for (index_t j = 0; j < inner; ++j) dst[i * inner + j] = values[k * inner + j];
  }
};

template <class T, class Flag>
struct masked_fill {
  Flag flag;
  strided_view<T> dst;
  T value;
  index_t inner;
  XP_HD void operator()(index_t i) const {
    if (flag(i))
      for (index_t j = 0; j < inner; ++j) dst[i * inner + j] = value;
  }
};

XP_HD inline index_t fix_index(index_t v, index_t extent, take_mode mode) {
  if (mode == take_mode::wrap) {
    const index_t r = v % extent;
    return r < 0 ? r + extent : r;
  }
  if (mode == take_mode::clip) return v < 0 ? 0 : (v >= extent ? extent - 1 : v);
  return v < 0 ? v + extent : v;  // raise: checked before the kernel, or by gather_map's flag
}

// Marks an index out of range (any thread may; they all store 1).
XP_HD inline void raise_flag(int* flag) {
#if defined(__CUDA_ARCH__)
  *flag = 1;
#else
  __atomic_store_n(flag, 1, __ATOMIC_RELAXED);
#endif
}

// Where output element o of an advanced index reads: the output's axes are the source view's
// axes not indexed by arrays, with the broadcast index shape's axes inserted as one block.
struct gather_map {
  int out_rank = 0;
  int n_arrays = 0;
  take_mode mode = take_mode::raise;
  index_t out_shape[XP_MAX_KERNEL_RANK] = {};
  int src_axis[XP_MAX_KERNEL_RANK] = {};  // per output axis: the source axis, or -1 (index block)
  index_t src_strides[XP_MAX_KERNEL_RANK] = {};
  int array_axis[XP_MAX_KERNEL_RANK] = {};
  index_t array_extent[XP_MAX_KERNEL_RANK] = {};
  strided_view<const std::int64_t> index[XP_MAX_KERNEL_RANK] = {};  // each over the broadcast shape
  /// raise mode without a check beforehand: an index out of range sets *error and reads
  /// element 0 instead (the caller throws)
  int* error = nullptr;

  XP_HD index_t offset(index_t o) const {
    index_t off = 0, b = 0, b_scale = 1;
    for (int d = out_rank - 1; d >= 0; --d) {
      index_t c = o;  // the outermost coordinate needs no division
      if (d > 0) {
        const index_t q = o / out_shape[d];
        c = o - q * out_shape[d];
        o = q;
      }
      if (src_axis[d] >= 0) {
        off += c * src_strides[src_axis[d]];
      } else {
        b += c * b_scale;
        b_scale *= out_shape[d];
      }
    }
    for (int a = 0; a < n_arrays; ++a) {
      index_t v = index[a][b];
      if (error != nullptr) {
        if (v < 0) v += array_extent[a];
        if (v < 0 || v >= array_extent[a]) {
          raise_flag(error);
          v = 0;
        }
      } else {
        v = fix_index(v, array_extent[a], mode);
      }
      off += v * src_strides[array_axis[a]];
    }
    return off;
  }
};

// out[o] = src[offset(o)] (one for_each kernel: the reads are a gather whatever the layout)
template <class T>
struct gather_store {
  gather_map map;
  const T* src;
  T* out;
  XP_HD void operator()(index_t o) const { out[o] = src[map.offset(o)]; }
};

/// Vectors one call of the run gather moves, a warp's width apart: one lookup of the run's
/// offset serves them all and a warp's loads stay contiguous (on the H100, take of 8192 whole rows
/// of 32 KiB ran at 77% of copy bandwidth with a lookup per vector).
inline constexpr int gather_run_batch = 4;
inline constexpr int gather_run_lanes = 32;  // a warp: calls v and v + 1 run on neighbouring lanes

// The output's trailing axes are one contiguous run in the source too (take of whole rows): the
// copy is vector loads and stores of N elements. Calls come in groups of gather_run_lanes; a group
// moves gather_run_batch x gather_run_lanes consecutive vectors of one run, call v the vectors
// v % lanes + k lanes of its group, all loads before the stores. `map` indexes runs (the output's
// axes before the run).
template <class T, int N>
struct gather_run_store {
  gather_map map;
  const T* src;
  T* out;
  index_t run_vectors;     // vectors of N elements per run
  index_t groups_per_run;  // run_vectors / (batch x lanes), rounded up
  XP_HD void operator()(index_t v) const {
    using vec = lanes<T, N>;
    constexpr index_t group_vectors = index_t{gather_run_batch} * gather_run_lanes;
    const index_t group = v / gather_run_lanes, lane = v - group * gather_run_lanes;
    const index_t r = group / groups_per_run, first = (group - r * groups_per_run) * group_vectors + lane;
    const T* from = src + map.offset(r);
    T* to = out + r * run_vectors * N;
    vec value[gather_run_batch]{};
    XP_UNROLL
    for (int k = 0; k < gather_run_batch; ++k) {
      const index_t c = first + index_t{k} * gather_run_lanes;
      if (c < run_vectors) value[k] = *reinterpret_cast<const vec*>(from + c * N);
    }
    XP_UNROLL
    for (int k = 0; k < gather_run_batch; ++k) {
      const index_t c = first + index_t{k} * gather_run_lanes;
      if (c < run_vectors) *reinterpret_cast<vec*>(to + c * N) = value[k];
    }
  }
};

template <class T>
struct scatter_store {
  gather_map map;
  T* dst;
  strided_view<const T> values;  // over the output shape
  XP_HD void operator()(index_t o) const { dst[map.offset(o)] = values[o]; }
};

template <class T>
struct put_store {
  strided_view<T> dst;  // a's merged layout: flat positions in C order
  strided_view<const std::int64_t> index;
  strided_view<const T> values;
  index_t extent;
  take_mode mode;
  XP_HD void operator()(index_t k) const { dst[fix_index(index[k], extent, mode)] = values[k % values.size]; }
};

// ---- host-side helpers ------------------------------------------------------------------------

template <class X>
using operand_value_t = typename value_of<std::decay_t<X>>::type;

template <class X>
inline constexpr bool is_mask_operand_v = is_operand_v<X>&& std::is_same_v<operand_value_t<X>, bool>;
template <class X>
inline constexpr bool is_integer_index_operand_v =
    is_operand_v<X> && !std::is_same_v<operand_value_t<X>, bool> && std::is_integral_v<operand_value_t<X>>;

inline void check_kernel_rank(std::size_t rank, const char* what) {
  if (rank > XP_MAX_KERNEL_RANK)
    throw value_error(std::string("xp::") + what + ": at most " + std::to_string(XP_MAX_KERNEL_RANK) +
                      " dimensions are supported, got " + std::to_string(rank));
}

// The flat C-order values of an array or an expression as a kernel functor.
template <class X>
auto flat_kernel(const X& x) {
  return build_kernel(x, x.shape(), contiguous_strides(x.shape())).kernel;
}

// f(flag) with the truth flag of x's flat positions: the contiguous form when x's kernel allows
// it (one instantiation of f per form).
template <class X, class F>
decltype(auto) with_truth_flag(const X& x, F&& f) {
  const auto k = flat_kernel(x);
  if (kernel_contiguous(k)) return f(truth_flag<decltype(k), true>{k});
  return f(truth_flag<decltype(k), false>{k});
}

// A's strided view over its own merged layout (flat positions in C order).
template <class T, class B>
strided_view<T> flat_view(const ndarray<T, B>& a) {
  const auto merged = merge_layout(a.shape(), {&a.strides()});
  return make_strided_view(a.data(), merged.shape, merged.strides[0]);
}

template <class T>
strided_view<const T> as_const_view(const strided_view<T>& v) {
  strided_view<const T> c{};
  c.data = v.data;
  c.size = v.size;
  c.rank = v.rank;
  for (int d = 0; d < v.rank; ++d) {
    c.shape[d] = v.shape[d];
    c.strides[d] = v.strides[d];
  }
  return c;
}

// An index operand as int64 on its backend (a handle when it is one already).
template <class X>
auto as_int64_index(const X& x) {
  using B = typename backend_of<std::decay_t<X>>::type;
  if constexpr (std::is_same_v<X, ndarray<std::int64_t, B>>) return x;
  else return ndarray<std::int64_t, B>(materialize(x).template astype<std::int64_t>());
}

/// Throws xp::index_error naming the first bound an index array passes (its smallest or
/// largest value) and the extent, as NumPy's "index 5 is out of bounds for axis 0 with size 3".
template <class B>
void check_index_bounds(const ndarray<std::int64_t, B>& idx, index_t extent, index_t axis, const char* what) {
  if (idx.size() == 0) return;
  const std::int64_t lo = xp::min(idx).item(), hi = xp::max(idx).item();
  const std::int64_t bad = hi >= extent ? hi : (lo < -extent ? lo : 0);
  if (hi >= extent || lo < -extent)
    throw index_error(std::string("xp::") + what + ": index " + std::to_string(bad) + " is out of bounds for axis " +
                      std::to_string(axis) + " with size " + std::to_string(extent));
}

/// An advanced index, resolved: the source view (basic indices applied), the view axes the
/// index arrays index, the arrays (int64, each over the broadcast shape), where the broadcast
/// block goes, and the output shape.
template <class T, class B>
struct gather_plan {
  ndarray<T, B> src;
  std::vector<ndarray<std::int64_t, B>> arrays;  // keeps the index buffers alive
  gather_map map;
  shape_type out_shape;
  std::vector<index_t> extents;  // of the indexed axes
  const char* what;
};

template <class T, class B>
gather_plan<T, B> plan_gather(const ndarray<T, B>& src, const std::vector<int>& array_axes,
                              const std::vector<ndarray<std::int64_t, B>>& arrays, int block_at, take_mode mode,
                              const char* what, bool check_first) {
  gather_plan<T, B> p{src, {}, {}, {}, {}, what};
  shape_type bshape{};
  for (const auto& a : arrays) bshape = broadcast_shapes(bshape, a.shape());
  check_kernel_rank(src.ndim(), what);
  check_kernel_rank(bshape.size(), what);
  std::vector<bool> indexed(src.ndim(), false);
  for (std::size_t k = 0; k < arrays.size(); ++k) {
    const int ax = array_axes[k];
    indexed[ax] = true;
    const index_t extent = src.shape()[ax];
    p.extents.push_back(extent);
    if (mode == take_mode::raise) {
      // an assignment must not write anything before it throws; a gather checks in its kernel
      if (check_first || (extent == 0 && size_of(bshape) > 0)) check_index_bounds(arrays[k], extent, ax, what);
    } else if (extent == 0 && size_of(bshape) > 0) {
      throw index_error(std::string("xp::") + what + ": cannot do a non-empty take from an empty axis " +
                        std::to_string(ax));
    }
  }
  // output axes: the source's unindexed axes, the broadcast block inserted at block_at
  std::vector<int> out_axes;
  int unindexed_seen = 0;
  bool block_placed = false;
  for (int d = 0; d <= static_cast<int>(src.ndim()); ++d) {
    if (!block_placed && unindexed_seen == block_at) {
      for (std::size_t b = 0; b < bshape.size(); ++b) out_axes.push_back(-1);
      block_placed = true;
    }
    if (d < static_cast<int>(src.ndim()) && !indexed[d]) {
      out_axes.push_back(d);
      ++unindexed_seen;
    }
  }
  check_kernel_rank(out_axes.size(), what);
  gather_map& m = p.map;
  m.mode = mode;
  m.out_rank = static_cast<int>(out_axes.size());
  std::size_t b = 0;
  for (std::size_t d = 0; d < out_axes.size(); ++d) {
    m.src_axis[d] = out_axes[d];
    m.out_shape[d] = out_axes[d] >= 0 ? src.shape()[out_axes[d]] : bshape[b++];
    p.out_shape.push_back(m.out_shape[d]);
  }
  for (std::size_t d = 0; d < src.ndim(); ++d) m.src_strides[d] = src.strides()[d];
  m.n_arrays = static_cast<int>(arrays.size());
  for (std::size_t k = 0; k < arrays.size(); ++k) {
    p.arrays.push_back(arrays[k]);
    m.array_axis[k] = array_axes[k];
    m.array_extent[k] = src.shape()[array_axes[k]];
    m.index[k] = make_strided_view(static_cast<const std::int64_t*>(arrays[k].data()), bshape,
                                   broadcast_strides(arrays[k].shape(), arrays[k].strides(), bshape));
  }
  return p;
}

// Runs shorter than this many bytes are gathered element by element: a vector per lookup pays
// only when the run is a few vectors long.
inline constexpr std::size_t gather_run_min_bytes = 64;

// ---- the host's gather: the output walked with carried coordinates ------------------------------

// Output positions per chunk of the host's gather: a chunk is one thread's work, and its first
// position is the only one split into coordinates by division.
inline constexpr index_t host_gather_chunk = index_t{1} << 14;
// How far ahead a gather by one index array prefetches its source elements: random reads are
// latency-bound, and the prefetches keep more of them in flight (take of 2^22 random indices from
// 2^24 float32: 40-46 ms with, 74-99 ms without, NumPy 42-45 ms, in the same runs).
inline constexpr index_t gather_prefetch_distance = 32;
// Gathers of fewer elements run on one thread: waking the OpenMP team costs more (the host's
// elementwise threshold).
inline constexpr index_t host_gather_parallel_elements = index_t{1} << 15;

// The walk of an advanced index's output on the host: per walked output axis, the step of the
// source offset and of each index array's offset. gather_map::offset divides once per output axis
// for every element (take of 2^22 random int64 indices from 2^24 float32: 150-200 ms on the 2-core
// machine, NumPy 28-55 ms); walking the axes in C order carries them instead.
struct host_gather_walk {
  int rank = 1;     // walked axes (at least one: a 0-d output walks one axis of extent 1)
  index_t run = 1;  // contiguous source elements per walked position (the merged trailing axes)
  index_t shape[XP_MAX_KERNEL_RANK] = {};
  index_t src_step[XP_MAX_KERNEL_RANK] = {};
  index_t index_step[XP_MAX_KERNEL_RANK][XP_MAX_KERNEL_RANK] = {};  // [axis][array]
};

inline host_gather_walk plan_host_gather_walk(const gather_map& m, std::size_t element_bytes) {
  host_gather_walk w;
  int rank = m.out_rank;
  // trailing output axes that are one contiguous source run are copied whole, when the run is long
  // enough for memcpy to pay (gather_run_min_bytes)
  index_t run = 1;
  while (rank > 1 && m.src_axis[rank - 1] >= 0 && m.src_strides[m.src_axis[rank - 1]] == run) {
    run *= m.out_shape[rank - 1];
    --rank;
  }
  if (static_cast<std::size_t>(run) * element_bytes < gather_run_min_bytes) {
    rank = m.out_rank;
    run = 1;
  }
  w.run = run;
  w.rank = rank > 0 ? rank : 1;
  if (rank == 0) w.shape[0] = 1;  // steps stay 0
  int block = 0;                  // the broadcast index shape's axis that output axis d walks
  for (int d = 0; d < rank; ++d) {
    w.shape[d] = m.out_shape[d];
    if (m.src_axis[d] >= 0) {
      w.src_step[d] = m.src_strides[m.src_axis[d]];
    } else {
      for (int a = 0; a < m.n_arrays; ++a) w.index_step[d][a] = m.index[a].strides[block];
      ++block;
    }
  }
  return w;
}

// out[j] = src[index[j] * stride] for j < n, indices in raise mode (an index out of range reads
// element 0 and makes the result true), each source element asked for gather_prefetch_distance
// positions ahead (integer arithmetic: an index out of range only prefetches a wrong address,
// which cannot fault).
template <class T>
bool gather_line(const T* __restrict src, const std::int64_t* __restrict index, index_t n, index_t extent,
                 index_t stride, T* __restrict out) {
  bool bad = false;
  const auto read = [&](index_t j) {
    index_t v = index[j];
    v += v < 0 ? extent : 0;
    const bool out_of_range = static_cast<std::uint64_t>(v) >= static_cast<std::uint64_t>(extent);
    bad |= out_of_range;
    out[j] = src[(out_of_range ? 0 : v) * stride];
  };
  const std::uintptr_t base = reinterpret_cast<std::uintptr_t>(src);
  index_t j = 0;
  for (; j + gather_prefetch_distance < n; ++j) {
    index_t ahead = index[j + gather_prefetch_distance];
    ahead += ahead < 0 ? extent : 0;
    __builtin_prefetch(reinterpret_cast<const void*>(base + static_cast<std::uintptr_t>(ahead * stride) * sizeof(T)));
    read(j);
  }
  for (; j < n; ++j) read(j);
  return bad;
}

// The walk over [0, positions) in chunks; Arrays > 0 is m.n_arrays known at compile time (take,
// a(idx): one), 0 any number. Run: whether each position copies `w.run` elements. Raise: indices
// are checked (raise mode), a chunk's error kept in a local and flagged once. Everything the inner
// loop reads is a local: through `m` every store would reload it (the flag's store may alias it),
// which made take 1.7x slower than the plain loop.
template <int Arrays, bool Run, bool Raise, class T>
void host_gather_run(const gather_map& m, const host_gather_walk& w, const T* __restrict src, T* __restrict out) {
  constexpr int max_arrays = Arrays > 0 ? Arrays : XP_MAX_KERNEL_RANK;
  const int rank = w.rank, last = rank - 1, n_arrays = Arrays > 0 ? Arrays : m.n_arrays;
  index_t positions = 1;
  for (int d = 0; d < rank; ++d) positions *= w.shape[d];
  const index_t chunks = (positions + host_gather_chunk - 1) / host_gather_chunk;
  const std::size_t run_bytes = static_cast<std::size_t>(w.run) * sizeof(T);
  const take_mode mode = m.mode;
  const std::int64_t* index_data[max_arrays] = {};
  index_t extent[max_arrays] = {}, array_stride[max_arrays] = {}, index_inner[max_arrays] = {};
  for (int a = 0; a < n_arrays; ++a) {
    index_data[a] = m.index[a].data;
    extent[a] = m.array_extent[a];
    array_stride[a] = m.src_strides[m.array_axis[a]];
    index_inner[a] = w.index_step[last][a];
  }
  const index_t src_inner = w.src_step[last], line = w.shape[last], run = w.run;
  int* const error = m.error;
#pragma omp parallel for schedule(static) if (positions * run > host_gather_parallel_elements)
  for (index_t c = 0; c < chunks; ++c) {
    index_t pos = c * host_gather_chunk;
    const index_t end = pos + host_gather_chunk < positions ? pos + host_gather_chunk : positions;
    index_t coord[XP_MAX_KERNEL_RANK];
    for (index_t d = last, q = pos; d >= 0; --d) {  // the chunk's one division per axis
      coord[d] = q % w.shape[d];
      q /= w.shape[d];
    }
    bool bad = false;
    while (pos < end) {
      // a line: the last walked axis from coord[last], with the outer axes' offsets fixed
      index_t src_base = 0;
      const std::int64_t* index_line[max_arrays];
      for (int a = 0; a < n_arrays; ++a) index_line[a] = index_data[a];
      for (int d = 0; d < last; ++d) {
        src_base += coord[d] * w.src_step[d];
        for (int a = 0; a < n_arrays; ++a) index_line[a] += coord[d] * w.index_step[d][a];
      }
      index_t j0 = coord[last];
      const index_t j1 = end - pos < line - j0 ? j0 + (end - pos) : line;
      const index_t line_start = j0;
      T* o = out + pos * run;
      if constexpr (Arrays == 1 && !Run && Raise) {
        if (src_inner == 0 && index_inner[0] == 1) {  // take, a(idx): a run of indices
          bad |= gather_line(src + src_base, index_line[0] + j0, j1 - j0, extent[0], array_stride[0], o);
          j0 = j1;
        }
      }
      for (index_t j = j0; j < j1; ++j) {
        index_t off = src_base + j * src_inner;
        for (int a = 0; a < n_arrays; ++a) {
          index_t v = index_line[a][j * index_inner[a]];
          if constexpr (Raise) {
            v += v < 0 ? extent[a] : 0;
            const bool out_of_range = static_cast<std::uint64_t>(v) >= static_cast<std::uint64_t>(extent[a]);
            bad |= out_of_range;
            v = out_of_range ? 0 : v;
          } else {
            v = fix_index(v, extent[a], mode);
          }
          off += v * array_stride[a];
        }
        if constexpr (Run) {
          std::memcpy(o, src + off, run_bytes);
          o += run;
        } else {
          *o++ = src[off];
        }
      }
      pos += j1 - line_start;
      coord[last] = j1;
      for (int d = last; d > 0 && coord[d] == w.shape[d]; --d) {  // carry into the outer axes
        coord[d] = 0;
        ++coord[d - 1];
      }
    }
    if (bad) raise_flag(error);
  }
}

template <class T>
void host_gather(const gather_map& m, const T* src, T* out) {
  const host_gather_walk w = plan_host_gather_walk(m, sizeof(T));
  const auto with_arrays = [&](auto arrays, auto raise) {
    constexpr int A = decltype(arrays)::value;
    constexpr bool R = decltype(raise)::value;
    if (w.run > 1) host_gather_run<A, true, R>(m, w, src, out);
    else host_gather_run<A, false, R>(m, w, src, out);
  };
  const auto with_mode = [&](auto arrays) {
    if (m.error != nullptr) with_arrays(arrays, std::true_type{});
    else with_arrays(arrays, std::false_type{});
  };
  if (m.n_arrays == 1) with_mode(std::integral_constant<int, 1>{});
  else if (m.n_arrays == 2) with_mode(std::integral_constant<int, 2>{});  // take_along_axis of a matrix
  else with_mode(std::integral_constant<int, 0>{});
}

// The device's gather kernel: runs of whole vectors when the output's trailing unindexed axes are
// contiguous in the source and every run starts on a vector boundary, else element by element.
template <class T, class B>
void run_device_gather(const gather_plan<T, B>& p, const gather_map& map, ndarray<T, B>& out) {
  constexpr int N = vector_lanes<T>;  // a gathered run moves whole 16-byte vectors
  gather_map runs = map;
  index_t run = 1;
  while (runs.out_rank > 1 && runs.src_axis[runs.out_rank - 1] >= 0 &&
         runs.src_strides[runs.src_axis[runs.out_rank - 1]] == run) {
    run *= runs.out_shape[runs.out_rank - 1];
    --runs.out_rank;
  }
  bool vectors = run != 1 && static_cast<std::size_t>(run) * sizeof(T) >= gather_run_min_bytes && run % N == 0 &&
                 pointer_aligned(p.src.data(), sizeof(T) * N) && pointer_aligned(out.data(), sizeof(T) * N);
  for (int d = 0; vectors && d < runs.out_rank; ++d)
    vectors = runs.src_axis[d] < 0 || runs.src_strides[runs.src_axis[d]] % N == 0;
  for (int a = 0; vectors && a < runs.n_arrays; ++a) vectors = runs.src_strides[runs.array_axis[a]] % N == 0;
  if (vectors) {
    const index_t run_vectors = run / N, group_vectors = index_t{gather_run_batch} * gather_run_lanes;
    const index_t groups_per_run = (run_vectors + group_vectors - 1) / group_vectors;
    primitive::for_each<B>::run(out.size() / run * groups_per_run * gather_run_lanes,
                                gather_run_store<T, N>{runs, p.src.data(), out.data(), run_vectors, groups_per_run});
  } else {
    primitive::for_each<B>::run(out.size(), gather_store<T>{map, p.src.data(), out.data()});
  }
}

// The gather's kernel: the host's walk, or the device's.
template <class T, class B>
void run_gather(const gather_plan<T, B>& p, const gather_map& map, ndarray<T, B>& out) {
  if constexpr (std::is_same_v<B, host>) {
    host_gather(map, static_cast<const T*>(p.src.data()), out.data());
  } else {
    run_device_gather(p, map, out);
  }
}

template <class T, class B>
ndarray<T, B> gather(const gather_plan<T, B>& p) {
  ndarray<T, B> out(p.out_shape);
  if (out.size() == 0) return out;
  if (p.map.mode != take_mode::raise) {
    run_gather(p, p.map, out);
    return out;
  }
  // raise: the kernel flags an index out of range (one pass over the indices, one read of
  // the flag); only then are the indices searched for the one to name
  const auto flag = zeros<std::int32_t, B>({1});
  gather_map map = p.map;
  map.error = flag.data();
  run_gather(p, map, out);
  if (flag.item() != 0) {
    for (std::size_t k = 0; k < p.arrays.size(); ++k)
      check_index_bounds(p.arrays[k], p.extents[k], p.map.array_axis[k], p.what);
    throw index_error(std::string("xp::") + p.what + ": an index is out of bounds");  // not reached
  }
  return out;
}

// values (an array, converted to T) written at every position of the plan's output shape
template <class T, class B, class U>
void scatter(const gather_plan<T, B>& p, const ndarray<U, B>& values) {
  check_writeable(p.src);
  ndarray<T, B> v = values.template astype<T>();  // a fresh array: no overlap with p.src
  gather_map map = p.map;
  std::vector<ndarray<std::int64_t, B>> copies;  // index arrays that share a's memory are read from copies
  for (std::size_t k = 0; k < p.arrays.size(); ++k)
    if (may_overlap(p.arrays[k], p.src)) {
      copies.push_back(p.arrays[k].copy());
      map.index[k].data = copies.back().data();
      const auto& shape = copies.back().shape();
      shape_type bshape(map.index[k].shape, map.index[k].shape + map.index[k].rank);
      const auto strides = broadcast_strides(shape, copies.back().strides(), bshape);
      for (int d = 0; d < map.index[k].rank; ++d) map.index[k].strides[d] = strides[d];
    }
  const auto strides = broadcast_strides(v.shape(), v.strides(), p.out_shape);
  const index_t n = size_of(p.out_shape);
  if (n == 0) return;
  const auto store =
      scatter_store<T>{map, p.src.data(), make_strided_view(static_cast<const T*>(v.data()), p.out_shape, strides)};
  if constexpr (std::is_same_v<B, host>) {
    for (index_t o = 0; o < n; ++o) store(o);  // in order: with repeated indices the last value wins (NumPy)
  } else {
    primitive::for_each<B>::run(n, store);
  }
}

/// Checks that a mask's shape is a's shape or a leading part of it; returns the elements each
/// mask position selects (the product of the remaining extents).
inline index_t mask_inner(const shape_type& a, const shape_type& mask) {
  bool ok = mask.size() <= a.size();
  for (std::size_t d = 0; ok && d < mask.size(); ++d) ok = mask[d] == a[d];
  if (!ok)
    throw shape_error("xp: boolean index of shape " + to_string(mask) + " does not match the indexed array of shape " +
                      to_string(a) + " (the mask's shape must be the array's, or its leading axes')");
  index_t inner = 1;
  for (std::size_t d = mask.size(); d < a.size(); ++d) inner *= a[d];
  return inner;
}

template <class T, class B, class M>
ndarray<T, B> mask_select(const ndarray<T, B>& a, const M& mask) {
  static_assert(std::is_same_v<typename backend_of<M>::type, B>,
                "xp: the mask and the array live on different backends; move one with xp::to_device or copy_to_host");
  op_range<B> range("xp::mask_select");
  const index_t inner = mask_inner(a.shape(), mask.shape());
  shape_type rest(a.shape().begin() + static_cast<std::ptrdiff_t>(mask.shape().size()), a.shape().end());
  const strided_view<const T> view = as_const_view(flat_view(a));
  ndarray<T, B> out;
  const auto select = [&](const auto& flag, auto src) {
    primitive::compact<B>::run(size_of(mask.shape()), flag, [&](index_t count) {
      shape_type shape{count};
      shape.insert(shape.end(), rest.begin(), rest.end());
      out = ndarray<T, B>(shape);
      return select_writer<T, decltype(src)>{out.data(), src, inner};
    });
  };
  with_truth_flag(mask, [&](const auto& flag) {
    if (view.is_contiguous()) select(flag, view.data);
    else select(flag, view);
  });
  return out;
}

template <class T, class B, class M, class U>
void mask_assign(const ndarray<T, B>& a, const M& mask, const ndarray<U, B>& values) {
  op_range<B> range("xp::mask_assign");
  check_writeable(a);
  const index_t inner = mask_inner(a.shape(), mask.shape());
  shape_type rest(a.shape().begin() + static_cast<std::ptrdiff_t>(mask.shape().size()), a.shape().end());
  const auto flag = truth_flag<decltype(flat_kernel(mask)), false>{flat_kernel(mask)};
  const auto dst = flat_view(a);
  ndarray<T, B> v = values.template astype<T>();  // a fresh array: no overlap with a
  primitive::compact<B>::run(size_of(mask.shape()), flag, [&](index_t count) {
    shape_type shape{count};
    shape.insert(shape.end(), rest.begin(), rest.end());
    // NumPy: "NumPy boolean array indexing assignment cannot assign 3 input values to the 2
    // output values where the mask is true" for values that do not broadcast
    shape_type strides;
    try {
      strides = broadcast_strides(v.shape(), v.strides(), shape);
    } catch (const shape_error&) {
      throw shape_error("xp: boolean index assignment cannot assign values of shape " + to_string(v.shape()) +
                        " to the " + to_string(shape) + " selected elements");
    }
    check_kernel_rank(shape.size(), "mask assignment");
    return masked_store<T>{dst, make_strided_view(static_cast<const T*>(v.data()), shape, strides), inner};
  });
}

template <class T, class B, class M>
void mask_fill(const ndarray<T, B>& a, const M& mask, T value) {
  op_range<B> range("xp::mask_assign");
  check_writeable(a);
  const index_t inner = mask_inner(a.shape(), mask.shape());
  const index_t n = size_of(mask.shape());
  if (n == 0 || inner == 0) return;
  with_truth_flag(mask, [&](const auto& flag) {
    primitive::for_each<B>::run(n, masked_fill<T, std::decay_t<decltype(flag)>>{flag, flat_view(a), value, inner});
  });
}

// ---- the selections a proxy holds ----------------------------------------------------------------

template <class M>
struct mask_selection {
  M mask;
  template <class T, class B>
  ndarray<T, B> get(const ndarray<T, B>& a) const {
    return mask_select(a, mask);
  }
  template <class T, class B, class U>
  void set(const ndarray<T, B>& a, const ndarray<U, B>& v) const {
    if (v.size() == 1 && v.ndim() <= 1) mask_fill(a, mask, convert<T>(v.item()));
    else mask_assign(a, mask, v);
  }
  template <class T, class B>
  void fill(const ndarray<T, B>& a, T v) const {
    mask_fill(a, mask, v);
  }
};

template <class B>
struct array_selection {
  std::vector<int> axes;  // of the source view
  std::vector<ndarray<std::int64_t, B>> arrays;
  int block_at;
  template <class T>
  ndarray<T, B> get(const ndarray<T, B>& src) const {
    op_range<B> range("xp::take");
    return gather(plan_gather(src, axes, arrays, block_at, take_mode::raise, "index", false));
  }
  template <class T, class U>
  void set(const ndarray<T, B>& src, const ndarray<U, B>& v) const {
    op_range<B> range("xp::put");
    scatter(plan_gather(src, axes, arrays, block_at, take_mode::raise, "index", true), v);
  }
  template <class T>
  void fill(const ndarray<T, B>& src, T v) const {
    set(src, full<T, B>({}, v));
  }
};

// What `a[x]` selects with one array: a mask or an index array, known when the brackets run.
template <class B>
struct subscript_selection {
  std::variant<mask_selection<ndarray<bool, B>>, array_selection<B>> which;
  template <class T>
  ndarray<T, B> get(const ndarray<T, B>& a) const {
    return std::visit([&](const auto& s) { return s.get(a); }, which);
  }
  template <class T, class U>
  void set(const ndarray<T, B>& a, const ndarray<U, B>& v) const {
    std::visit([&](const auto& s) { s.set(a, v); }, which);
  }
  template <class T>
  void fill(const ndarray<T, B>& a, T v) const {
    std::visit([&](const auto& s) { s.fill(a, v); }, which);
  }
};

/// The argument of `a[idx]` / `a[mask]`: converted from the index where the caller writes the
/// brackets, so that it, and the statement guard it holds, live until the caller's `;` (a
/// subscript operator cannot have the defaulted guard parameter operator() has).
template <class B>
class array_subscript {
 public:
  template <class A>
  requires is_array_index_v<A> array_subscript(const A& index) {  // NOLINT: implicit by design
    static_assert(std::is_same_v<typename backend_of<std::decay_t<A>>::type, B>,
                  "xp: an index array or a mask must live on the indexed array's backend");
    if constexpr (is_mask_operand_v<A>) {
      m_index.template emplace<ndarray<bool, B>>(materialize(index));
    } else {
      static_assert(is_integer_index_operand_v<A>, "xp: an index array holds integers or booleans (a mask)");
      m_index.template emplace<ndarray<std::int64_t, B>>(as_int64_index(index));
    }
  }
  array_subscript(const array_subscript&) = delete;
  array_subscript& operator=(const array_subscript&) = delete;

  const std::variant<ndarray<bool, B>, ndarray<std::int64_t, B>>& index() const { return m_index; }
  selection_statement& statement() const { return m_statement; }

 private:
  std::variant<ndarray<bool, B>, ndarray<std::int64_t, B>> m_index;
  mutable selection_statement m_statement;
};

}  // namespace detail

/// @brief The result of `a(idx)` / `a(mask)` (NumPy's advanced indexing), made by
/// ndarray::operator() in the statement that writes it. Either
/// - the selected elements' copy, taken at the end of that statement (`auto r = a(mask);`,
///   NumPy's `r = a[mask]`; a selection a function returns is the copy taken at its `return`),
///   or where the statement converts it (`xp::ndarray<T, B> r = a(mask);`, `a(mask).copy()`):
///   a later write to `a` never shows in it; or
/// - the target of an assignment (`a(mask) = v`: a scalar, an array broadcast to the selection's
///   shape, an expression, or another selection), which writes `a` in place, in one pass, with
///   no copy of the selection.
///
/// Once it holds its copy it is that array and no longer holds `a`: it converts to it (sharing
/// it, as a copy of an ndarray handle does), `.copy()` is a new array, and an assignment writes
/// the copy, not `a`. Copying the proxy copies the handle.
template <class T, class B, class S>
class [[nodiscard]] indexed : public detail::array_methods<indexed<T, B, S>> {
 public:
  using value_type = T;
  using backend_type = B;

  /// Bound to `statement`, which makes it take its copy at the end of the statement unless an
  /// assignment or a conversion comes first.
  indexed(ndarray<T, B> a, S selection, detail::selection_statement& statement)
      : m_state(std::in_place_type<source>, source{std::move(a), std::move(selection)}), m_statement(&statement) {
    statement.bind(this, &end_of_statement);
  }
  /// The copy of a proxy that has not taken its copy takes it first (it may outlive the statement).
  indexed(const indexed& other) : m_state(std::in_place_type<ndarray<T, B>>, other.selected()) {}
  ~indexed() { release_statement(); }

  /// @brief The selected elements (a new array).
  ndarray<T, B> copy() const {
    if (const auto* pending = std::get_if<source>(&m_state)) return pending->selection.get(pending->array);
    return selected().copy();
  }
  /// @brief The selected elements: the copy this proxy holds (taken now if it was not).
  operator ndarray<T, B>() const { return selected(); }
  /// @brief The selected elements as an array: the copy this proxy holds (taken now if it was
  /// not). Read anywhere an array is read (`sel.shape()`, `sel.sum()`, `sel * 2`, printing,
  /// `xp::sort(sel)`), the selection is this array.
  const ndarray<T, B>& array() const { return selected(); }
  /// The selected elements as U: the copy itself, or converted.
  template <class U>
  ndarray<U, B> array_as() const {
    if constexpr (std::is_same_v<U, T>) return selected();
    else return selected().template astype<U>();
  }
  /// @brief The selection's shape ((count,) for a full mask; the index's shape for an index array).
  const shape_type& shape() const { return selected().shape(); }
  /// @brief The number of selected elements.
  index_t size() const { return selected().size(); }
  /// @brief A new array of the selected elements converted to U (NumPy's astype copies).
  template <class U>
  ndarray<U, B> astype() const {
    return selected().template astype<U>();
  }

  /// @brief `a(mask) op= v`, `a[idx] += 1` (the compound operators call this): NumPy's
  /// `a[sel] = a[sel] op v`, the selection read once, computed, and written back through it.
  /// A repeated index is read once and written once per repeat with the same value, so, as
  /// NumPy's buffered `a[[0, 0]] += 1`, it adds once (np.add.at accumulates). On a selection
  /// that holds its copy (`auto r = a(mask); r += 1;`) it updates that copy.
  template <class Op, class R>
  void update(Op op, const R& r) {
    if (const auto* target = assigned_source()) {
      const ndarray<T, B> current = target->selection.get(target->array);
      target->selection.set(target->array, ndarray<T, B>(detail::make_expr(op, current, r)));
    } else {
      const ndarray<T, B>& copy = selected();
      detail::assign_expr(copy, detail::make_expr(op, copy, r));
    }
  }
  /// @brief The selected elements on the host.
  ndarray<T, host> copy_to_host() const { return selected().copy_to_host(); }

  /// @brief `a(mask) = v`: every selected element set to v (converted to T).
  /// @throws xp::value_error when `a` is read-only.
  template <class V>
  requires detail::is_scalar_v<V>
  void operator=(V v) && {
    const T value = detail::convert<T>(static_cast<detail::scalar_storage_t<V>>(v));
    if (const auto* target = assigned_source()) target->selection.fill(target->array, value);
    else selected().fill(value);
  }
  /// @brief `a(mask) = values`: values broadcast to the selection's shape ((count,) for a full
  /// mask), converted to T. @throws xp::shape_error when they do not broadcast.
  template <class U>
  void operator=(const ndarray<U, B>& v) && {
    assign(v);
  }
  template <class E>
  requires detail::is_expr<E>::value void operator=(const E& e) && { assign(detail::materialize(e)); }
  void operator=(const indexed& other) && { assign(other.selected()); }
  template <class U, class S2>
  void operator=(const indexed<U, B, S2>& other) && {
    assign(static_cast<ndarray<U, B>>(other));
  }
  indexed& operator=(const indexed&) & = delete;

 private:
  struct source {
    ndarray<T, B> array;
    S selection;
  };
  // The source until the copy is taken; the copy; nothing where its statement failed (the
  // exception leaves the proxy's scope, and a compiler may then skip its destructor, as Clang 14
  // does for a variable whose initialiser's temporaries throw: holding nothing, it leaks nothing).
  mutable std::variant<source, ndarray<T, B>, std::monostate> m_state;
  mutable detail::selection_statement* m_statement = nullptr;

  // The copy, taken now if it was not.
  const ndarray<T, B>& selected() const {
    if (const auto* pending = std::get_if<source>(&m_state)) {
      ndarray<T, B> copy = pending->selection.get(pending->array);
      release_statement();
      m_state.template emplace<ndarray<T, B>>(std::move(copy));
    }
    if (const auto* copy = std::get_if<ndarray<T, B>>(&m_state)) return *copy;
    throw value_error("xp: this selection holds nothing: the statement that wrote it failed");
  }
  // An assignment writes `a` while the proxy has not taken its copy, and then it never takes it.
  const source* assigned_source() {
    release_statement();
    return std::get_if<source>(&m_state);
  }
  template <class U>
  void assign(const ndarray<U, B>& v) {
    if (const auto* target = assigned_source()) {
      target->selection.set(target->array, v);
    } else {
      ndarray<T, B> copy = selected();
      std::move(copy) = v;  // through the handle: writes the copy's elements
    }
  }
  void release_statement() const noexcept {
    if (m_statement != nullptr) std::exchange(m_statement, nullptr)->release();
  }
  // The guard's call at the end of the statement (it has forgotten this proxy already). Where
  // the statement failed (the gather threw, or it is unwinding), nothing reads the proxy again.
  static void end_of_statement(void* proxy, bool take_copy) {
    const auto& self = *static_cast<const indexed*>(proxy);
    self.m_statement = nullptr;
    if (take_copy) {
      try {
        self.selected();
        return;
      } catch (...) {
        self.m_state.template emplace<std::monostate>();
        throw;
      }
    }
    self.m_state.template emplace<std::monostate>();
  }
};

namespace detail {
// A selection is read as the array it holds: an operand of expressions, reductions and every
// function that takes an array (is_operand_v), materialized as that array.
template <class T, class B, class S>
struct is_expr<indexed<T, B, S>> : std::true_type {};
template <class T, class B, class S>
struct is_selection<indexed<T, B, S>> : std::true_type {};
template <class T, class B, class S>
struct backend_of<indexed<T, B, S>> {
  using type = B;
};
template <class T, class B, class S>
struct value_of<indexed<T, B, S>> {
  using type = T;
};

template <class A>
inline constexpr bool is_advanced_index_v = is_operand_v<A>;

// ndarray::operator() with an array among its arguments comes here.
template <class T, class B>
struct advanced_indexer {
  template <class... A>
  static auto apply(const ndarray<T, B>& a, selection_statement& statement, const A&... args) {
    constexpr std::size_t n_masks = (std::size_t{is_mask_operand_v<A>} + ... + 0);
    if constexpr (n_masks > 0) {
      static_assert(sizeof...(A) == 1,
                    "xp: a boolean mask indexes alone (a(mask)); mixing it with other indices is not supported");
      return indexed<T, B, mask_selection<std::decay_t<A>...>>(a, mask_selection<std::decay_t<A>...>{args...},
                                                               statement);
    } else {
      static_assert(((is_integer_index_operand_v<A> || is_index_arg_v<A>)&&...),
                    "xp: an index is an integer, xp::range, xp::all, xp::newaxis, xp::ellipsis, an integer array "
                    "or a boolean mask");
      static_assert(((is_operand_v<A> ? std::is_same_v<typename backend_of<A>::type, B> : true) && ...),
                    "xp: an index array must live on the indexed array's backend");
      // basic indices first, each array replaced by xp::all
      const ndarray<T, B> view = a(replace_array(args)...);
      array_selection<B> sel{{}, {}, 0};
      // where each argument lands in the view; ints and arrays are the advanced positions
      constexpr std::size_t consuming =
          ((std::is_same_v<A, newaxis_t> || std::is_same_v<A, ellipsis_t> ? 0 : 1) + ... + 0);
      const std::size_t ellipsis_axes = a.ndim() >= consuming ? a.ndim() - consuming : 0;
      int view_axis = 0, position = 0, first_advanced = -1, last_advanced = -1, n_advanced = 0, block_at = -1;
      auto visit = [&](const auto& x) {
        using X = std::decay_t<decltype(x)>;
        if constexpr (is_operand_v<X>) {
          sel.axes.push_back(view_axis);
          sel.arrays.push_back(as_int64_index(x));
          if (block_at < 0) block_at = view_axis - static_cast<int>(sel.axes.size() - 1);
          ++view_axis;
        } else if constexpr (std::is_integral_v<X>) {
          if (block_at < 0) block_at = view_axis - static_cast<int>(sel.axes.size());
        } else if constexpr (std::is_same_v<X, ellipsis_t>) {
          view_axis += static_cast<int>(ellipsis_axes);
        } else {
          ++view_axis;
        }
        if constexpr (is_operand_v<X> || std::is_integral_v<X>) {
          if (first_advanced < 0) first_advanced = position;
          last_advanced = position;
          ++n_advanced;
        }
        ++position;
      };
      (visit(args), ...);
      // NumPy: advanced indices next to each other put the broadcast block where they stand;
      // separated ones put it first
      sel.block_at = last_advanced - first_advanced + 1 == n_advanced ? block_at : 0;
      return indexed<T, B, array_selection<B>>(view, std::move(sel), statement);
    }
  }
  // a[mask], a[idx]: the same selections, chosen at run time from the subscript's index.
  static auto subscript(const ndarray<T, B>& a, const array_subscript<B>& s) {
    using selection = subscript_selection<B>;
    if (const auto* mask = std::get_if<ndarray<bool, B>>(&s.index()))
      return indexed<T, B, selection>(a, selection{mask_selection<ndarray<bool, B>>{*mask}}, s.statement());
    const auto& idx = std::get<ndarray<std::int64_t, B>>(s.index());
    return indexed<T, B, selection>(a(all_t{}), selection{array_selection<B>{{0}, {idx}, 0}}, s.statement());
  }

 private:
  template <class X>
  static decltype(auto) replace_array(const X& x) {
    if constexpr (is_operand_v<X>) return all_t{};
    else return (x);
  }
};

}  // namespace detail

// ---- functions ---------------------------------------------------------------------------------

/// @brief np.take(a, indices, axis, mode): the elements of `a` at `indices` along `axis`
/// (without an axis: of the flattened a). The result's shape is a.shape[:axis] +
/// indices.shape + a.shape[axis+1:]. Negative indices count from the end (raise mode).
/// @throws xp::index_error for an index out of range in raise mode (naming the index and the
///         extent), for a non-empty take from an empty axis in wrap/clip mode, and for an axis
///         out of range.
template <class T, class B, class I>
requires detail::is_integer_index_operand_v<I> ndarray<T, B> take(const ndarray<T, B>& a, const I& indices,
                                                                  std::optional<index_t> axis = std::nullopt,
                                                                  take_mode mode = take_mode::raise) {
  detail::op_range<B> range("xp::take");
  const ndarray<T, B> src = axis ? a : a.reshape({-1});
  const int ax = axis ? normalize_axis(*axis, a.ndim()) : 0;
  return detail::gather(detail::plan_gather(src, {ax}, {detail::as_int64_index(indices)}, ax, mode, "take", false));
}
template <class E, class I>
requires detail::is_expr<E>::value && detail::is_integer_index_operand_v<I>
auto take(const E& a, const I& indices, std::optional<index_t> axis = std::nullopt, take_mode mode = take_mode::raise) {
  return take(detail::materialize(a), indices, axis, mode);
}

/// @brief np.take_along_axis(a, indices, axis): out[..., j, ...] = a[..., indices[..., j, ...],
/// ...] along `axis`; indices has a's number of dimensions and broadcasts with a along the
/// other axes. Without an axis, a is flattened and indices must be 1-D.
/// @throws xp::value_error when the numbers of dimensions differ; xp::index_error for an index
///         or an axis out of range; xp::shape_error when the shapes do not broadcast.
template <class T, class B, class I>
requires detail::is_integer_index_operand_v<I> ndarray<T, B> take_along_axis(const ndarray<T, B>& a, const I& indices,
                                                                             std::optional<index_t> axis) {
  detail::op_range<B> range("xp::take_along_axis");
  const ndarray<T, B> src = axis ? a : a.reshape({-1});
  auto idx = detail::as_int64_index(indices);
  if (idx.ndim() != src.ndim())
    throw value_error("xp::take_along_axis: `indices` and `arr` must have the same number of dimensions (" +
                      std::to_string(idx.ndim()) + " and " + std::to_string(src.ndim()) + ")");
  const int ax = axis ? normalize_axis(*axis, a.ndim()) : 0;
  std::vector<int> axes;
  std::vector<ndarray<std::int64_t, B>> arrays;
  for (int d = 0; d < static_cast<int>(src.ndim()); ++d) {
    axes.push_back(d);
    if (d == ax) {
      arrays.push_back(idx);
    } else {
      shape_type s(src.ndim(), 1);
      s[d] = src.shape()[d];
      arrays.push_back(arange<std::int64_t, B>(src.shape()[d]).reshape(s));
    }
  }
  return detail::gather(detail::plan_gather(src, axes, arrays, 0, take_mode::raise, "take_along_axis", false));
}

/// @brief np.put(a, indices, values, mode): a.flat[indices] = values, values repeated when
/// there are fewer of them than indices (converted to a's dtype). With a repeated index the
/// last value wins on the host (NumPy); on the device which one is unspecified.
/// @throws xp::index_error for an index out of range in raise mode, or any index into an
///         empty array; xp::value_error when `a` is read-only or values is empty while indices is not.
template <class T, class B, class I, class V>
requires detail::is_integer_index_operand_v<I>
void put(const ndarray<T, B>& a, const I& indices, const V& values, take_mode mode = take_mode::raise) {
  detail::op_range<B> range("xp::put");
  detail::check_writeable(a);
  auto idx = detail::as_int64_index(indices);
  if (detail::may_overlap(idx, a)) idx = idx.copy();  // indices read from a's own memory
  ndarray<T, B> v;
  if constexpr (detail::is_operand_v<V>) v = detail::materialize(values).template astype<T>();
  else v = full<T, B>({1}, detail::convert<T>(static_cast<detail::scalar_storage_t<V>>(values)));
  const index_t n = idx.size();
  if (n == 0) return;
  if (a.size() == 0) throw index_error("xp::put: cannot replace elements of an empty array");
  if (v.size() == 0) throw value_error("xp::put: no values to put at " + std::to_string(n) + " indices");
  if (mode == take_mode::raise) detail::check_index_bounds(idx, a.size(), 0, "put");
  const detail::put_store<T> store{detail::flat_view(a), detail::as_const_view(detail::flat_view(idx)),
                                   detail::as_const_view(detail::flat_view(v)), a.size(), mode};
  if constexpr (std::is_same_v<B, host>) {
    for (index_t k = 0; k < n; ++k) store(k);
  } else {
    primitive::for_each<B>::run(n, store);
  }
}

/// @brief np.nonzero(a): one int64 array per dimension holding the coordinates of the
/// non-zero (true) elements, in C order. `a` may be an expression (fused, not stored).
/// On xp::cuda: one synchronisation, reading the count.
/// @throws xp::value_error for a 0-d input (NumPy 2 refuses it: use atleast_1d) or more than
///         XP_MAX_KERNEL_RANK dimensions.
template <class X>
requires detail::is_operand_v<X> std::vector<ndarray<std::int64_t, typename detail::backend_of<X>::type>> nonzero(
    const X& a) {
  using B = typename detail::backend_of<X>::type;
  detail::op_range<B> range("xp::nonzero");
  const shape_type& shape = a.shape();
  if (shape.empty())
    throw value_error("xp::nonzero: calling nonzero on 0d arrays is not allowed; use xp::flatnonzero or a 1-d array");
  detail::check_kernel_rank(shape.size(), "nonzero");
  std::vector<ndarray<std::int64_t, B>> out;
  detail::with_truth_flag(a, [&](const auto& flag) {
    primitive::compact<B>::run(size_of(shape), flag, [&](index_t count) {
      const index_t rank = static_cast<index_t>(shape.size());
      ndarray<std::int64_t, B> all_coords({rank * count});
      for (index_t d = 0; d < rank; ++d)
        out.emplace_back(all_coords.buffer(), all_coords.data() + d * count, shape_type{count}, shape_type{1});
      detail::coords_writer w{all_coords.data(), static_cast<int>(rank), 1, count, {}};
      for (index_t d = 0; d < rank; ++d) w.shape[d] = shape[d];
      return w;
    });
  });
  return out;
}

/// @brief np.where(condition) with one argument: nonzero(condition).
template <class X>
requires detail::is_operand_v<X>
auto where(const X& condition) { return nonzero(condition); }

/// @brief np.argwhere(a): the coordinates of the non-zero elements as an (N, a.ndim) int64
/// array (C-contiguous); a 0-d input gives shape (1, 0) or (0, 0), as NumPy's.
/// @throws xp::value_error for more than XP_MAX_KERNEL_RANK dimensions.
template <class X>
requires detail::is_operand_v<X> ndarray<std::int64_t, typename detail::backend_of<X>::type> argwhere(const X& a) {
  using B = typename detail::backend_of<X>::type;
  detail::op_range<B> range("xp::argwhere");
  const shape_type& shape = a.shape();
  detail::check_kernel_rank(shape.size(), "argwhere");
  ndarray<std::int64_t, B> out;
  detail::with_truth_flag(a, [&](const auto& flag) {
    primitive::compact<B>::run(size_of(shape), flag, [&](index_t count) {
      const index_t rank = static_cast<index_t>(shape.size());
      out = ndarray<std::int64_t, B>({count, rank});
      detail::coords_writer w{out.data(), static_cast<int>(rank), rank, 1, {}};
      for (index_t d = 0; d < rank; ++d) w.shape[d] = shape[d];
      return w;
    });
  });
  return out;
}

/// @brief np.flatnonzero(a): the flat (C-order) indices of the non-zero elements, int64.
template <class X>
requires detail::is_operand_v<X> ndarray<std::int64_t, typename detail::backend_of<X>::type> flatnonzero(const X& a) {
  using B = typename detail::backend_of<X>::type;
  detail::op_range<B> range("xp::flatnonzero");
  const index_t n = size_of(a.shape());
  ndarray<std::int64_t, B> out;
  detail::with_truth_flag(a, [&](const auto& flag) {
    primitive::compact<B>::run(n, flag, [&](index_t count) {
      out = ndarray<std::int64_t, B>({count});
      detail::coords_writer w{out.data(), 1, 1, 0, {}};
      w.shape[0] = n > 0 ? n : 1;
      return w;
    });
  });
  return out;
}

}  // namespace xp
