#pragma once
/// @file kernel_view.hpp
/// @brief The trivially copyable, non-owning view that kernels take by value (pointer +
/// shape + strides), and the merging of dimensions that keeps kernel views short.

#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

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
  /// Element (o, r) where o indexes the first `split` dimensions and r the rest (row-major
  /// each): a reduction's output index and position in its run, without one long division.
  XP_HD T& at2(index_t o, index_t r, int split) const {
    index_t off = 0;
    for (int d = rank - 1; d >= split; --d) {
      if (d == split) {
        off += r * strides[d];
      } else {
        const index_t q = r / shape[d];
        off += (r - q * shape[d]) * strides[d];
        r = q;
      }
    }
    for (int d = split - 1; d >= 0; --d) {
      if (d == 0) {
        off += o * strides[0];
      } else {
        const index_t q = o / shape[d];
        off += (o - q * shape[d]) * strides[d];
        o = q;
      }
    }
    return data[off];
  }
  /// Offset in elements of the element at multi-index `idx`, dimension `axis` left out (its
  /// entry is ignored): the start of one line along `axis`.
  XP_HD index_t line_offset(const index_t* idx, int axis) const {
    index_t off = 0;
    for (int d = 0; d < rank; ++d)
      if (d != axis) off += idx[d] * strides[d];
    return off;
  }
  /// The line along `axis` through multi-index `idx` as a rank-1 view: walking it costs one
  /// multiply per element, where operator[] divides once per dimension.
  XP_HD strided_view line(const index_t* idx, int axis) const {
    strided_view v = *this;  // only the rank-1 fields are read after this
    v.data = data + line_offset(idx, axis);
    v.rank = 1;
    v.size = shape[axis];
    v.shape[0] = shape[axis];
    v.strides[0] = strides[axis];
    return v;
  }
  /// C-contiguous: kernels can index data[i] directly.
  XP_HD bool is_contiguous() const {
    index_t expect = 1;
    for (int d = rank - 1; d >= 0; --d) {
      if (shape[d] != 1 && strides[d] != expect) return false;
      expect *= shape[d];
    }
    return true;
  }
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

/// @throws xp::value_error when more than XP_MAX_KERNEL_RANK dimensions remain. Compiled in
/// src/core.cpp.
merged_layout merge_layout(const shape_type& shape, const std::vector<const shape_type*>& strides);

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

#include <atomic>
#include <cstdint>

namespace xp {

/// @brief Debug counters. `launch_count()` counts elementwise/reduction passes started by xp
/// on every backend (one per kernel launch on the device): a test asserts that a fused
/// expression costs exactly one.
namespace debug {
inline std::atomic<std::int64_t>& launch_counter() {
  static std::atomic<std::int64_t> counter{0};
  return counter;
}
inline std::int64_t launch_count() { return launch_counter().load(); }
inline void count_launch() { launch_counter().fetch_add(1, std::memory_order_relaxed); }
}  // namespace debug

namespace detail {

/// N lanes of T, aligned for one (or, past 16 bytes, a few) vector load.
template <class T, int N>
struct alignas(sizeof(T) * N < 16 ? sizeof(T) * N : 16) lanes {
  T v[N];
};

// The kernel protocol. A kernel functor K maps a flat index to a value: K(i) works for any
// layout. Expression kernels also offer at_contig(i) (every leaf is one unit-stride run),
// load<N>(i) (N lanes at once, aligned), and host-side checks contiguous() and aligned(N).
// Plain index generators have none of these; the helpers below fall back to K(i).
template <class K, class = void>
struct has_contig_protocol : std::false_type {};
template <class K>
struct has_contig_protocol<K, std::void_t<decltype(std::declval<const K&>().contiguous())>> : std::true_type {};

/// The widest element a kernel K reads from memory (its `load_bytes`; 0 for kernels that read
/// nothing, such as scalars and index generators). A vector launch sizes its lanes by this as
/// well as by the output: N lanes of bool written from two float operands would otherwise be
/// 16 floats per operand and step, registers that cost a third of the bandwidth.
template <class K, class = void>
struct kernel_load_bytes : std::integral_constant<std::size_t, 0> {};
template <class K>
struct kernel_load_bytes<K, std::void_t<decltype(K::load_bytes)>> : std::integral_constant<std::size_t, K::load_bytes> {
};

template <class K>
XP_HD auto at_contig(const K& k, index_t i) {
  if constexpr (has_contig_protocol<K>::value) return k.at_contig(i);
  else return k(i);
}
template <int N, class K>
XP_HD auto load_lanes(const K& k, index_t i) {
  if constexpr (has_contig_protocol<K>::value) {
    return k.template load<N>(i);
  } else {
    lanes<std::decay_t<decltype(k(i))>, N> r;
    for (int l = 0; l < N; ++l) r.v[l] = k(i + l);
    return r;
  }
}
template <class K>
XP_HD auto at2(const K& k, index_t o, index_t r, index_t inner, int split) {
  if constexpr (has_contig_protocol<K>::value) return k.at2(o, r, split);
  else return k(o * inner + r);
}
template <class K>
bool kernel_contiguous(const K& k) {
  if constexpr (has_contig_protocol<K>::value) return k.contiguous();
  else return true;  // an index generator reads nothing
}
template <class K>
bool kernel_aligned(const K& k, int n) {
  if constexpr (has_contig_protocol<K>::value) return k.aligned(n);
  else return true;
}
/// Where the reduced values lie for a backend's kernel choice.
enum class reduce_layout {
  full,     ///< one output: reduce everything
  rows,     ///< each output reduces a run that is unit-stride in memory (or an arbitrary layout)
  columns,  ///< consecutive outputs read consecutive addresses; the reduced axis is strided
};

/// What a backend's reduce primitive is told about the iteration space.
struct reduce_shape {
  reduce_layout layout;
  int split;  ///< leading iteration dims that index outputs (for at2)
  /// columns layout only: every array operand steps through outputs with stride 1 and
  /// through the run in multiples of this many elements (0: no lane loads)
  index_t column_lane_multiple = 0;
};

/// The widest load or store one thread issues: 16 bytes (ld.global.v4.b32 on the device, one SSE
/// register on the host).
inline constexpr int vector_bytes = 16;
/// Elements of T per vector: 16 bytes' worth, or 1 for types at least that wide.
template <class T>
inline constexpr int vector_lanes = sizeof(T) >= vector_bytes ? 1 : vector_bytes / static_cast<int>(sizeof(T));

inline bool pointer_aligned(const void* p, std::size_t bytes) {
  return reinterpret_cast<std::uintptr_t>(p) % (bytes < 16 ? bytes : 16) == 0;
}

}  // namespace detail
}  // namespace xp
