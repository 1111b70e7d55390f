#pragma once
/// @file backends/cuda/sort.cuh
/// @brief The device's sort primitive (declared in backends/cuda/sort.hpp) on xp's current stream: every dtype's
/// elements become unsigned keys of their width (detail::sort_key; `~key` for descending, so one ascending sort serves
/// both orders) and CUB sorts the keys. Compiled into libxp_cuda by one unit per key width, which holds that width's
/// dtypes and its CUB instantiations (sort_8bit.cu, sort_16bit.cu, sort_32bit.cu, sort_64bit.cu), and
/// sort_complex128.cu, whose two keys reuse the 64-bit unit's sorts.
///
/// Which sort sorts what (n = rows x length):
/// - rows of 2 ... block_sort_max_length<K> elements (16384 below 64-bit keys, 8192 for them; one row only up to
///   single_row_block_max_length): one thread block per row, cub::BlockRadixSort of the whole row in shared memory
///   (keys encoded as they are loaded, each key with its 16-bit position), then every element gathered from its
///   original place: one read and one write of the rows, no scratch, no host round trip. CUB's segmented sorts read a
///   row from global memory once per digit pass when it is longer than their one-block tile (5888 32-bit keys):
///   published CCCL benchmarks give DeviceSegmentedRadixSort 3.4 ms for 4096 x 16384 int32 keys on an H200 (the goal
///   here is 3 ms on an H100 with the encoding included), and DeviceSegmentedSort, over 500 segments, copies its
///   partition sizes to the host and synchronises.
/// - one longer row, or rows of at least row_by_row_min_length: cub::DeviceRadixSort on each row (onesweep) through a
///   DoubleBuffer, keys only unless positions are asked for or an element's bits would be lost (a -0.0, a NaN that is
///   not the default one: the encoding pass raises a flag, read back on the host), then one pass decodes the keys.
/// - many rows longer than a block's tile, and complex128 (two keys): least-significant-digit passes of
///   cub::DeviceRadixSort::SortPairs over all n with each element's flat index as the value (complex128: by the
///   imaginary key, then by the real key), then one stable pass by the row of each index, then a gather.
/// - a kth request (partition, topk, the order statistics) on rows of select_min_length (2^16) and more, at most
///   select_max_rows of them: a radix selection (select.cuh), a few reads of each row and no sort of it.
///
/// Every path reads the rows from `source` when the problem gives one (another buffer, never written) and writes only
/// `data`: a contiguous array is sorted into its result without being copied there first.
///
/// CUB is instantiated on unsigned keys only, three ways per width (SortKeys, SortPairs with uint32 and with uint64
/// values: 12 DeviceRadixSort instantiations in all), each in its width's unit (radix_sort_rows below, explicitly
/// instantiated there and declared extern everywhere else). Positions travel as uint32 while they fit (as uint64
/// beyond 2^32) and are widened to int64 by the last pass. Temporary storage comes from xp's pool on the current
/// stream. The host waits for the device only where it reads what the encoding pass learnt (the lost-bits flag and
/// which key bits vary), and only on the device-wide paths: when it must (keys only, of a float dtype) or when n is at
/// least bit_range_min_items, where skipping constant key bits saves more than the wait costs.

#if !defined(__CUDACC__)
#error "xp/backends/cuda/sort.cuh is for translation units compiled by nvcc"
#endif

#include <cuda_runtime.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>

#include "xp/backends/cuda/error.hpp"
#include "xp/backends/cuda/kernels.cuh"
#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/sort.hpp"
#include "xp/backends/cuda/vendor/cub.cuh"

namespace xp::backends::cuda {
namespace sort_detail {

// ---- constants ---------------------------------------------------------------------------------------------------

/// Longest single row sorted by one block (block_sort below) rather than by cub::DeviceRadixSort: up to a 4096-key
/// tile the one launch beats CUB's several (encode, sort, decode) and needs no host round trip; beyond it CUB's
/// onesweep spreads the row over every SM.
inline constexpr index_t single_row_block_max_length = 4096;
/// Shortest rows that cub::DeviceRadixSort sorts one call per row when there are several: each call then has 2^20
/// keys or more, enough to fill the GPU, so its launches (5 to 10) cost little; shorter rows go through the
/// flat-index passes, which sort all rows at once.
inline constexpr index_t row_by_row_min_length = index_t{1} << 20;
/// Fewest keys for which the device-wide paths read back which key bits vary (one host wait, some 10 to 20 us) when
/// they do not need the lost-bits flag anyway: one onesweep pass over 2^20 32-bit keys takes about as long, and
/// integer data often leaves whole bytes constant (int64 below 2^24: 3 passes instead of 8).
inline constexpr index_t bit_range_min_items = index_t{1} << 20;
/// Shared memory a kernel may use without opting in (cudaFuncAttributeMaxDynamicSharedMemorySize).
inline constexpr std::size_t default_shared_bytes = 48 * 1024;
/// The most rows or elements whose indices (0 ... count - 1) uint32 holds; beyond it indices travel as uint64.
inline constexpr index_t max_uint32_count = index_t{1} << 32;

// ---- keys ----------------------------------------------------------------------------------------------------------

/// Which sort_key of its width an element's bits go through.
enum class key_kind : unsigned char { unsigned_integer, signed_integer, floating, complex_float };

/// How a problem's elements become keys: their kind, and `descending` (the key inverted).
struct key_coding {
  key_kind kind;
  bool descending;
};

/// The signed and floating dtypes of each key width (void: none).
template <class K>
struct width_dtypes;
template <>
struct width_dtypes<std::uint8_t> {
  using signed_type = std::int8_t;
  using float_type = void;
};
template <>
struct width_dtypes<std::uint16_t> {
  using signed_type = std::int16_t;
  using float_type = ::xp::float16;
};
template <>
struct width_dtypes<std::uint32_t> {
  using signed_type = std::int32_t;
  using float_type = float;
};
template <>
struct width_dtypes<std::uint64_t> {
  using signed_type = std::int64_t;
  using float_type = double;
};

/// The unsigned key type of dtype T (complex64: its two float keys joined, real key in the high half).
template <class T>
struct key_of {
  using type = typename detail::sort_key<T>::type;
};
template <>
struct key_of<complex64> {
  using type = std::uint64_t;
};
template <class T>
using key_of_t = typename key_of<T>::type;

/// The kind of dtype T's keys.
template <class T>
constexpr key_kind kind_of() {
  if constexpr (std::is_same_v<T, complex64>) return key_kind::complex_float;
  else if constexpr (std::is_same_v<T, bool> || std::is_unsigned_v<T>) return key_kind::unsigned_integer;
  else if constexpr (std::is_integral_v<T>) return key_kind::signed_integer;
  else return key_kind::floating;
}

/// Whether keys of this kind can lose an element's bits (floats: -0.0 sorts as +0.0, every NaN as one NaN).
inline bool may_lose_bits(key_kind kind) { return kind == key_kind::floating || kind == key_kind::complex_float; }

/// The T whose bit pattern is `bits` (of T's width).
template <class T, class B>
__device__ __forceinline__ T from_bits(B bits) {
  static_assert(sizeof(T) == sizeof(B));
  T x;
  memcpy(&x, &bits, sizeof x);
  return x;
}
/// The bit pattern of x as the unsigned integer B of its width.
template <class B, class T>
__device__ __forceinline__ B to_bits(T x) {
  static_assert(sizeof(T) == sizeof(B));
  B bits;
  memcpy(&bits, &x, sizeof bits);
  return bits;
}

// complex64's halves: the real part in the low 32 bits (its first 4 bytes), the imaginary part in the high ones
using half_key = detail::sort_key<float>;
using complex_key = detail::complex_sort_key<float>;
constexpr int half_bits = std::numeric_limits<std::uint32_t>::digits;

/// detail::sort_key<F>::encode of a float's bits without a branch: selects, not jumps, for the NaNs and the zeros, so
/// that a loop over keys does not branch per key (the selection's passes run at ~20 instructions a key).
template <class F, class K>
__device__ __forceinline__ K float_key(K bits) {
  using key = detail::sort_key<F>;
  const K magnitude = static_cast<K>(bits & static_cast<K>(~key::sign));
  const K ordered = (bits & key::sign) ? static_cast<K>(~bits) : static_cast<K>(bits | key::sign);
  const K zero_or_ordered = magnitude == 0 ? key::sign : ordered;  // -0.0 with +0.0
  return magnitude > key::exponent_mask ? key::nan_key
                                        : zero_or_ordered;  // every NaN: exponent all ones, mantissa not 0
}

/// The key of an element's bits (its dtype told by `c.kind`), inverted for a descending sort.
template <class K>
__device__ __forceinline__ K encode_bits(K bits, key_coding c) {
  using S = typename width_dtypes<K>::signed_type;
  using F = typename width_dtypes<K>::float_type;
  K key = bits;  // unsigned integers and bool are their own keys
  if (c.kind == key_kind::signed_integer) key = detail::sort_key<S>::encode(from_bits<S>(bits));
  if constexpr (!std::is_void_v<F>) {
    if (c.kind == key_kind::floating) key = float_key<F>(bits);
  }
  if constexpr (std::is_same_v<K, std::uint64_t>) {
    if (c.kind == key_kind::complex_float) {
      const auto re = static_cast<std::uint32_t>(bits), im = static_cast<std::uint32_t>(bits >> half_bits);
      std::uint32_t high, low;  // NumPy's order, with its classes of NaN parts (complex_sort_key)
      complex_key::encode(complex64(from_bits<float>(re), from_bits<float>(im)), high, low);
      key = (std::uint64_t{high} << half_bits) | low;
    }
  }
  return c.descending ? static_cast<K>(~key) : key;
}

/// The bits of the element a key stands for (+0.0 for the zero key, the default NaN for the NaN key).
template <class K>
__device__ __forceinline__ K decode_bits(K key, key_coding c) {
  using S = typename width_dtypes<K>::signed_type;
  using F = typename width_dtypes<K>::float_type;
  const K k = c.descending ? static_cast<K>(~key) : key;
  if (c.kind == key_kind::signed_integer) return to_bits<K>(detail::sort_key<S>::decode(k));
  if constexpr (!std::is_void_v<F>) {
    if (c.kind == key_kind::floating) return to_bits<K>(detail::sort_key<F>::decode(k));
  }
  if constexpr (std::is_same_v<K, std::uint64_t>) {
    if (c.kind == key_kind::complex_float) {
      const auto re = to_bits<std::uint32_t>(half_key::decode(static_cast<std::uint32_t>(k >> half_bits)));
      const auto im = to_bits<std::uint32_t>(half_key::decode(static_cast<std::uint32_t>(k)));
      return (std::uint64_t{im} << half_bits) | re;
    }
  }
  return k;
}

/// Whether decode_bits(encode_bits(bits)) gives the element's bits back.
template <class K>
__device__ __forceinline__ bool exact_bits(K bits, key_coding c) {
  using F = typename width_dtypes<K>::float_type;
  if constexpr (!std::is_void_v<F>) {
    if (c.kind == key_kind::floating) return detail::sort_key<F>::exact(from_bits<F>(bits));
  }
  if constexpr (std::is_same_v<K, std::uint64_t>) {
    if (c.kind == key_kind::complex_float)
      return complex_key::exact(complex64(from_bits<float>(static_cast<std::uint32_t>(bits)),
                                          from_bits<float>(static_cast<std::uint32_t>(bits >> half_bits))));
  }
  return true;
}

/// Whether a float key is one that several bit patterns share (the zeros', the NaNs').
template <class Key, class Part>
__device__ __forceinline__ bool shared_float_key(Part k) {
  return k == Key::sign || k == Key::nan_key;
}

/// Whether a key may stand for an element whose bits it does not keep (every inexact element has such a key).
template <class K>
__device__ __forceinline__ bool special_key(K key, key_coding c) {
  using F = typename width_dtypes<K>::float_type;
  const K k = c.descending ? static_cast<K>(~key) : key;
  if constexpr (!std::is_void_v<F>) {
    if (c.kind == key_kind::floating) return shared_float_key<detail::sort_key<F>>(k);
  }
  if constexpr (std::is_same_v<K, std::uint64_t>) {
    if (c.kind == key_kind::complex_float) {
      const auto high = static_cast<std::uint32_t>(k >> half_bits);
      return shared_float_key<half_key>(high) || high == complex_key::imag_nan_class ||
             high == complex_key::real_nan_class || shared_float_key<half_key>(static_cast<std::uint32_t>(k));
    }
  }
  return false;
}

// ---- what the encoding pass learns ---------------------------------------------------------------------------------

/// Read back by the host after the encoding pass: which key bits vary, and whether an element's bits would be lost.
struct key_summary {
  unsigned long long all_and;  ///< the bits set in every key (zero-extended)
  unsigned long long all_or;   ///< the bits set in some key
  unsigned int inexact;        ///< nonzero when some element is not sort_key::exact
};

/// The key bits a radix sort looks at: [begin, end); begin == end when every key is the same.
struct key_range {
  int begin;
  int end;
};

/// Every bit of a K.
template <class K>
constexpr key_range full_range{0, std::numeric_limits<K>::digits};

/// The bits that vary among the keys summarised (constant bits order nothing).
template <class K>
key_range range_of(const key_summary& s) {
  const auto varying = static_cast<K>((s.all_and ^ s.all_or) & std::numeric_limits<K>::max());
  if (varying == 0) return {0, 0};
  return {std::countr_zero(varying), static_cast<int>(std::bit_width(varying))};
}

/// One warp's share of the summary: its lanes' AND and OR folded by shuffles, one atomic each from lane 0.
__device__ __forceinline__ void summarize(key_summary* s, unsigned long long all_and, unsigned long long all_or,
                                          bool inexact) {
  for (int offset = warp_size / 2; offset > 0; offset /= 2) {
    all_and &= __shfl_xor_sync(full_warp_mask, all_and, offset);
    all_or |= __shfl_xor_sync(full_warp_mask, all_or, offset);
  }
  const bool any_inexact = __any_sync(full_warp_mask, inexact);
  if ((threadIdx.x & (warp_size - 1)) == 0) {
    atomicAnd(&s->all_and, all_and);
    atomicOr(&s->all_or, all_or);
    if (any_inexact) atomicOr(&s->inexact, 1u);
  }
}

/// A summary on the device, initialised (stream-ordered) to "no key seen".
class summary_buffer {
 public:
  summary_buffer() : m_buffer(vendor::scratch(sizeof(key_summary))) {
    const cudaStream_t stream = current_stream();
    // all_and starts with every bit set (bytes 0xff), all_or and inexact clear
    constexpr int all_bits_set = 0xff;
    XP_CUDA_CHECK(cudaMemsetAsync(get(), all_bits_set, sizeof(unsigned long long), stream));
    XP_CUDA_CHECK(cudaMemsetAsync(&get()->all_or, 0, sizeof(key_summary) - offsetof(key_summary, all_or), stream));
  }
  key_summary* get() const { return static_cast<key_summary*>(m_buffer.get()); }
  /// What the kernels wrote: waits for the current stream.
  key_summary read() const {
    key_summary s{};
    const cudaStream_t stream = current_stream();
    XP_CUDA_CHECK(cudaMemcpyAsync(&s, get(), sizeof s, cudaMemcpyDeviceToHost, stream));
    XP_CUDA_CHECK(cudaStreamSynchronize(stream));
    return s;
  }

 private:
  std::shared_ptr<void> m_buffer;
};

// ---- elementwise kernels (grid-stride) -----------------------------------------------------------------------------

/// The position of flat element i within its row (rows of `length`; length == n: one row).
template <class I>
__device__ __forceinline__ I position_in_row(index_t i, index_t n, index_t length) {
  return static_cast<I>(length == n ? i : i % length);
}

/// keys[i] = the key of data[i]; index[i] (when given) = i's position in its row; the summary (when given).
template <class K, class I>
__global__ void __launch_bounds__(block_threads)
    encode_kernel(const K* __restrict__ data, K* __restrict__ keys, I* __restrict__ index, index_t n, index_t length,
                  key_coding c, key_summary* summary) {
  unsigned long long all_and = ~0ull, all_or = 0;
  bool inexact = false;
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t i = index_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += step) {
    const K bits = data[i];
    const K key = encode_bits(bits, c);
    keys[i] = key;
    if (index) index[i] = position_in_row<I>(i, n, length);
    all_and &= key;
    all_or |= key;
    inexact |= !exact_bits(bits, c);
  }
  if (summary) summarize(summary, all_and, all_or, inexact);
}

/// index[i] = i's position in its row.
template <class I>
__global__ void __launch_bounds__(block_threads) iota_kernel(I* __restrict__ index, index_t n, index_t length) {
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t i = index_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += step)
    index[i] = position_in_row<I>(i, n, length);
}

/// For each sorted key that may have lost its element's bits: stash[i] = that element's original bits, gathered from
/// the untouched data by its position (a separate pass, so that the decoding pass may write the data in place).
template <class K, class I>
__global__ void __launch_bounds__(block_threads)
    stash_kernel(const K* __restrict__ keys, const I* __restrict__ index, const K* __restrict__ data,
                 K* __restrict__ stash, index_t n, index_t length, key_coding c) {
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t i = index_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += step)
    if (special_key(keys[i], c)) stash[i] = data[(length == n ? 0 : i - i % length) + static_cast<index_t>(index[i])];
}

/// data[i] = the element of sorted key i (its stashed bits where the key may have lost them); positions[i] (when
/// given) = its original position, widened. `keys` may be `data` itself (each element is read before it is written).
template <class K, class I>
__global__ void __launch_bounds__(block_threads)
    decode_kernel(const K* keys, const I* __restrict__ index, const K* __restrict__ stash, K* data,
                  std::int64_t* __restrict__ positions, index_t n, key_coding c) {
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t i = index_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += step) {
    const K key = keys[i];
    data[i] = stash && special_key(key, c) ? stash[i] : decode_bits(key, c);
    if (positions) positions[i] = static_cast<std::int64_t>(index[i]);
  }
}

/// rows_of[i] = the row of flat index index[i].
template <class R, class I>
__global__ void __launch_bounds__(block_threads)
    row_key_kernel(const I* __restrict__ index, R* __restrict__ rows_of, index_t n, index_t length) {
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t i = index_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += step)
    rows_of[i] = static_cast<R>(static_cast<index_t>(index[i]) / length);
}

/// out[i] = data[index[i]] (flat indices, each in the row of i); positions[i] (when given) = index[i]'s position in its
/// row.
template <class E, class I>
__global__ void __launch_bounds__(block_threads)
    gather_kernel(const E* __restrict__ data, const I* __restrict__ index, E* __restrict__ out,
                  std::int64_t* __restrict__ positions, index_t n, index_t length) {
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t i = index_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += step) {
    const auto from = static_cast<index_t>(index[i]);
    out[i] = data[from];
    if (positions) positions[i] = length == n ? from : from - (i - i % length);
  }
}

/// complex128's keys, one part at a time: keys[i] = the key of the real or imaginary part of data[from[i]] (from: null
/// for i itself), inverted for a descending sort; index[i] (when given) = i; the summary (when given).
template <class I>
__global__ void __launch_bounds__(block_threads)
    encode_part_kernel(const complex128* __restrict__ data, const I* __restrict__ from,
                       std::uint64_t* __restrict__ keys, I* __restrict__ index, index_t n, bool imaginary,
                       bool descending, key_summary* summary) {
  unsigned long long all_and = ~0ull, all_or = 0;
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t i = index_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += step) {
    const complex128 z = data[from ? static_cast<index_t>(from[i]) : i];
    std::uint64_t high, low;  // NumPy's order, with its classes of NaN parts (complex_sort_key)
    detail::complex_sort_key<double>::encode(z, high, low);
    const std::uint64_t part = imaginary ? low : high;
    const std::uint64_t key = descending ? ~part : part;
    keys[i] = key;
    if (index) index[i] = static_cast<I>(i);
    all_and &= key;
    all_or |= key;
  }
  if (summary) summarize(summary, all_and, all_or, false);
}

/// Launches an elementwise kernel over n elements on the current stream.
template <class... Params, class... Args>
void launch_elementwise(void (*kernel)(Params...), index_t n, Args... args) {
  kernel<<<grid_for(n), block_threads, 0, current_stream()>>>(args...);
  XP_CUDA_CHECK(cudaGetLastError());
}

// ---- one block per row ---------------------------------------------------------------------------------------------

/// One row per thread block: Threads threads of Items keys each. Digits of 6 bits (4 for 8-bit keys, which take two
/// passes either way): 6 passes for 32-bit keys instead of 8 at CUB's default of 4 bits. The digit counters then take
/// as much shared memory as the keys' exchange (66 KiB each at 512 threads and 16384 keys), so they cost no occupancy.
/// The outer scan is not memoized: that would keep 33 more registers a thread at 6 bits, and the large tiles already
/// use all 128.
template <class K, int Threads, int Items>
struct block_tile {
  static constexpr int threads = Threads;
  static constexpr int items = Items;
  static constexpr int size = Threads * Items;
  static constexpr int radix_bits = sizeof(K) == 1 ? 4 : 6;
  static constexpr bool memoize_outer_scan = false;
  // positions within a row travel as 16-bit values
  static_assert(size <= std::numeric_limits<std::uint16_t>::max());
  using sort_type = cub::BlockRadixSort<K, Threads, Items, std::uint16_t, radix_bits, memoize_outer_scan>;
  using load_type = cub::BlockLoad<K, Threads, Items, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using reduce_type = cub::BlockReduce<K, Threads>;
  struct shared {
    union {
      typename load_type::TempStorage load;
      typename sort_type::TempStorage sort;
      struct {
        typename reduce_type::TempStorage all_and, all_or;
      } reduce;
    } phase;
    K varying;  // the key bits that vary in the row
  };
};

/// The block reductions' operators: the bits set in every key, in some key.
struct bit_and {
  template <class K>
  __device__ K operator()(K a, K b) const {
    return static_cast<K>(a & b);
  }
};
struct bit_or {
  template <class K>
  __device__ K operator()(K a, K b) const {
    return static_cast<K>(a | b);
  }
};

/// The bits that vary in a row's keys (`varying`: their AND xor their OR) as a block sort's range. When every key is
/// the same, one pass over bit 0, which keeps the order (and gives the sort's striped arrangement).
template <class K>
__device__ __forceinline__ key_range varying_range(K varying) {
  if (varying == 0) return {0, 1};
  if constexpr (sizeof(K) == sizeof(unsigned long long)) {
    const auto v = static_cast<long long>(varying);
    return {__ffsll(v) - 1, std::numeric_limits<unsigned long long>::digits - __clzll(v)};
  } else {
    const auto v = static_cast<int>(varying);
    return {__ffs(v) - 1, std::numeric_limits<unsigned int>::digits - __clz(v)};
  }
}

/// Each row (of `length` <= the tile) sorted by one block: its elements loaded from `src` (coalesced) and encoded, the
/// tile's tail padded with the largest key (which sorts after every element, and after equal ones by its later
/// position), the bits that vary in the row found by two block reductions, the (key, position) pairs sorted in shared
/// memory, then each element gathered from its original place in `src` (every gather before any store: `src` may be
/// `data`, the row sorted in place) and stored in `data` with its position.
template <class K, int Threads, int Items>
__global__ void __launch_bounds__(Threads)
    block_sort_kernel(const K* src, K* data, std::int64_t* positions, index_t rows, index_t length, key_coding c) {
  using tile = block_tile<K, Threads, Items>;
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  auto& shared = *reinterpret_cast<typename tile::shared*>(shared_bytes);
  const int valid = static_cast<int>(length);
  const int thread = static_cast<int>(threadIdx.x);
  constexpr K pad = static_cast<K>(~K(0));
  for (index_t row = blockIdx.x; row < rows; row += gridDim.x) {
    const K* const row_src = src + row * length;
    K* const row_data = data + row * length;
    K keys[Items];
    std::uint16_t index[Items];
    typename tile::load_type(shared.phase.load).Load(row_src, keys, valid, pad);
    K all_and = pad, all_or = 0;
#pragma unroll
    for (int i = 0; i < Items; ++i) {
      const int j = thread * Items + i;  // blocked: thread t holds the row's items t * Items ...
      index[i] = static_cast<std::uint16_t>(j);
      if (j < valid) {
        keys[i] = encode_bits(keys[i], c);
        all_and &= keys[i];
        all_or |= keys[i];
      } else {
        keys[i] = pad;
      }
    }
    __syncthreads();  // the load's storage is the reductions'
    const K row_and = typename tile::reduce_type(shared.phase.reduce.all_and).Reduce(all_and, bit_and{});
    const K row_or = typename tile::reduce_type(shared.phase.reduce.all_or).Reduce(all_or, bit_or{});
    if (thread == 0) shared.varying = static_cast<K>(row_and ^ row_or);
    __syncthreads();  // the reductions' storage is the sort's; `varying` is read below
    const key_range bits = varying_range(shared.varying);
    typename tile::sort_type(shared.phase.sort).SortBlockedToStriped(keys, index, bits.begin, bits.end);
    // striped: thread t holds sorted items t, t + Threads, ...; the first `length` are the row's (pads sort last)
    K sorted[Items];
#pragma unroll
    for (int i = 0; i < Items; ++i)
      if (i * Threads + thread < valid) sorted[i] = row_src[index[i]];
    __syncthreads();  // every element of the row gathered before any is overwritten; the sort's storage is free
#pragma unroll
    for (int i = 0; i < Items; ++i) {
      const int r = i * Threads + thread;
      if (r < valid) {
        row_data[r] = sorted[i];
        if (positions) positions[row * length + r] = index[i];
      }
    }
  }
}

/// The block sort's tiles, each 4 times the last, so that a row pads to less than 4 times its length (and 4096, the
/// median-like rows, is a tile of its own). The largest is 512 threads x 32 keys; 32 64-bit keys and their positions
/// would exceed the 128 registers a thread of a 512-thread block has, so 64-bit keys stop at x 16. Registers a thread
/// on sm_90 (ptxas), tiny to largest: 32-bit keys 64, 40, 56, 128, and 128 with 216 bytes of spills (held in L1);
/// 64-bit keys 64, 46, 72, 128 with 12 bytes of spills, 128 with 20.
template <class K>
using tiny_tile = block_tile<K, 32, 2>;
template <class K>
using small_tile = block_tile<K, 64, 4>;
template <class K>
using medium_tile = block_tile<K, 128, 8>;
template <class K>
using large_tile = block_tile<K, 256, 16>;
template <class K>
using largest_tile = std::conditional_t<sizeof(K) == 8, block_tile<K, 512, 16>, block_tile<K, 512, 32>>;

/// Longest row one thread block sorts in shared memory (16384 keys, 8192 of 64 bits).
template <class K>
inline constexpr index_t block_sort_max_length = largest_tile<K>::size;

template <class Tile, class K>
void launch_block_sort(const K* src, K* data, std::int64_t* positions, index_t rows, index_t length, key_coding c) {
  static_assert(std::is_same_v<Tile, block_tile<K, Tile::threads, Tile::items>>);
  constexpr std::size_t shared_bytes = sizeof(typename Tile::shared);
  const auto kernel = block_sort_kernel<K, Tile::threads, Tile::items>;
  // per call: the attribute belongs to the current device's context
  if constexpr (shared_bytes > default_shared_bytes)
    XP_CUDA_CHECK(
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(shared_bytes)));
  const auto grid = static_cast<unsigned>(std::min<index_t>(rows, max_grid_x));
  kernel<<<grid, Tile::threads, shared_bytes, current_stream()>>>(src, data, positions, rows, length, c);
  XP_CUDA_CHECK(cudaGetLastError());
}

/// Rows of 2 ... block_sort_max_length<K>, one block each, in the smallest tile that holds a row.
template <class K>
void block_sort(const K* src, K* data, std::int64_t* positions, index_t rows, index_t length, key_coding c) {
  if (length <= tiny_tile<K>::size) launch_block_sort<tiny_tile<K>>(src, data, positions, rows, length, c);
  else if (length <= small_tile<K>::size) launch_block_sort<small_tile<K>>(src, data, positions, rows, length, c);
  else if (length <= medium_tile<K>::size) launch_block_sort<medium_tile<K>>(src, data, positions, rows, length, c);
  else if (length <= large_tile<K>::size) launch_block_sort<large_tile<K>>(src, data, positions, rows, length, c);
  else launch_block_sort<largest_tile<K>>(src, data, positions, rows, length, c);
}

// ---- CUB's device-wide radix sort, one instantiation per key width and value type -----------------------------------

/// Which buffer of each pair holds a sort's result: 0 the first given, 1 the other.
struct sorted_in {
  int keys = 0;
  int values = 0;
};

/// cub::DeviceRadixSort over each of `rows` consecutive rows of `length` (SortKeys when V is void, else SortPairs), on
/// bits [bits.begin, bits.end) of the keys, through DoubleBuffers (the other buffer of each pair is overwritten). One
/// temporary storage serves every row (queried once, so that an allocation failure leaves every row unchanged); a row
/// whose result lands in the other buffer than the first row's is copied over, so that one answer holds for all.
/// Defined once per key width: explicitly instantiated in that width's unit, extern everywhere else.
template <class K, class V>
sorted_in radix_sort_rows(K* keys, K* keys_alt, V* values, V* values_alt, index_t rows, index_t length,
                          key_range bits) {
  constexpr bool keys_only = std::is_void_v<V>;
  constexpr const char* what = keys_only ? "cub::DeviceRadixSort::SortKeys" : "cub::DeviceRadixSort::SortPairs";
  if (bits.begin == bits.end) return {};  // every key equal: the stable order is the order they are in
  const cudaStream_t stream = current_stream();
  auto run = [&](void* storage, std::size_t& bytes, index_t offset, sorted_in& where) {
    cub::DoubleBuffer<K> k(keys + offset, keys_alt + offset);
    cudaError_t status;
    if constexpr (keys_only) {
      status = cub::DeviceRadixSort::SortKeys(storage, bytes, k, std::int64_t{length}, bits.begin, bits.end, stream);
    } else {
      cub::DoubleBuffer<V> v(values + offset, values_alt + offset);
      status =
          cub::DeviceRadixSort::SortPairs(storage, bytes, k, v, std::int64_t{length}, bits.begin, bits.end, stream);
      where.values = v.selector;
    }
    where.keys = k.selector;
    return status;
  };
  // vendor::with_temp_storage's two phases, the storage kept for every row
  std::size_t bytes = 0;
  sorted_in first;
  vendor::check<cudaError_t>(run(nullptr, bytes, 0, first), what, __FILE__, __LINE__);
  constexpr std::size_t least_bytes = 1;  // a null storage is CUB's size query
  const std::shared_ptr<void> storage = vendor::scratch(std::max(bytes, least_bytes));
  for (index_t r = 0; r < rows; ++r) {
    const index_t offset = r * length;
    sorted_in where;
    vendor::check<cudaError_t>(run(storage.get(), bytes, offset, where), what, __FILE__, __LINE__);
    if (r == 0) {
      first = where;
      continue;
    }
    K* const key_buffers[2] = {keys, keys_alt};
    if (where.keys != first.keys)
      XP_CUDA_CHECK(cudaMemcpyAsync(key_buffers[first.keys] + offset, key_buffers[where.keys] + offset,
                                    static_cast<std::size_t>(length) * sizeof(K), cudaMemcpyDeviceToDevice, stream));
    if constexpr (!keys_only) {
      V* const value_buffers[2] = {values, values_alt};
      if (where.values != first.values)
        XP_CUDA_CHECK(cudaMemcpyAsync(value_buffers[first.values] + offset, value_buffers[where.values] + offset,
                                      static_cast<std::size_t>(length) * sizeof(V), cudaMemcpyDeviceToDevice, stream));
    }
  }
  return first;
}

// The 12 instantiations (4 key widths x keys only, uint32 and uint64 values): PREFIX is `extern template` here and
// `template` in the width's unit. The use supplies the last semicolon.
#define XP_SORT_RADIX_INSTANCES(PREFIX, K)                                                                     \
  PREFIX sorted_in radix_sort_rows<K, void>(K*, K*, void*, void*, index_t, index_t, key_range);                \
  PREFIX sorted_in radix_sort_rows<K, std::uint32_t>(K*, K*, std::uint32_t*, std::uint32_t*, index_t, index_t, \
                                                     key_range);                                               \
  PREFIX sorted_in radix_sort_rows<K, std::uint64_t>(K*, K*, std::uint64_t*, std::uint64_t*, index_t, index_t, \
                                                     key_range)
XP_SORT_RADIX_INSTANCES(extern template, std::uint8_t);
XP_SORT_RADIX_INSTANCES(extern template, std::uint16_t);
XP_SORT_RADIX_INSTANCES(extern template, std::uint32_t);
XP_SORT_RADIX_INSTANCES(extern template, std::uint64_t);

/// `count` elements of T from xp's pool on the current stream.
template <class T>
std::shared_ptr<void> scratch_of(index_t count) {
  return vendor::scratch(static_cast<std::size_t>(count) * sizeof(T));
}

// ---- the device-wide paths -----------------------------------------------------------------------------------------

/// Rows sorted one cub::DeviceRadixSort call each (one row, or rows of row_by_row_min_length and more); I holds a
/// position within a row. The rows are read from `src` (may be `data`). Keys only when no positions are asked for and
/// no element's bits would be lost (the data is then the keys' other buffer); otherwise (key, position) pairs, the lost
/// bits stashed from the untouched `src`.
template <class K, class I>
void sort_rows_by_cub(const K* src, K* data, std::int64_t* positions, index_t rows, index_t length, key_coding c) {
  const index_t n = rows * length;
  const bool keys_only = positions == nullptr;
  bool inexact = may_lose_bits(c.kind);  // until the summary says otherwise
  const bool read_back = (keys_only && inexact) || n >= bit_range_min_items;
  // everything allocated before the data is first written, so that running out of memory leaves the rows unchanged
  const std::shared_ptr<void> keys_buffer = scratch_of<K>(n);
  std::shared_ptr<void> index_buffer, index_alt_buffer;
  if (!keys_only) {
    index_buffer = scratch_of<I>(n);
    index_alt_buffer = scratch_of<I>(n);
  }
  std::unique_ptr<summary_buffer> summary;
  if (read_back) summary = std::make_unique<summary_buffer>();
  K* const keys = static_cast<K*>(keys_buffer.get());
  launch_elementwise(encode_kernel<K, I>, n, src, keys, static_cast<I*>(index_buffer.get()), n, length, c,
                     summary ? summary->get() : nullptr);
  key_range bits = full_range<K>;
  if (read_back) {
    const key_summary s = summary->read();
    bits = range_of<K>(s);
    inexact = s.inexact != 0;
  }
  if (keys_only && !inexact) {
    const sorted_in where = radix_sort_rows<K, void>(keys, data, nullptr, nullptr, rows, length, bits);
    launch_elementwise(decode_kernel<K, I>, n, where.keys ? data : keys, static_cast<const I*>(nullptr),
                       static_cast<const K*>(nullptr), data, static_cast<std::int64_t*>(nullptr), n, c);
    return;
  }
  if (keys_only) {  // an element would lose its bits: carry positions after all
    index_buffer = scratch_of<I>(n);
    index_alt_buffer = scratch_of<I>(n);
    launch_elementwise(iota_kernel<I>, n, static_cast<I*>(index_buffer.get()), n, length);
  }
  // exact keys need no original element: the data is then the keys' other buffer
  std::shared_ptr<void> keys_alt_buffer;
  if (inexact) keys_alt_buffer = scratch_of<K>(n);
  K* const key_buffers[2] = {keys, inexact ? static_cast<K*>(keys_alt_buffer.get()) : data};
  I* const index_buffers[2] = {static_cast<I*>(index_buffer.get()), static_cast<I*>(index_alt_buffer.get())};
  const sorted_in where =
      radix_sort_rows<K, I>(key_buffers[0], key_buffers[1], index_buffers[0], index_buffers[1], rows, length, bits);
  const K* const sorted = key_buffers[where.keys];
  const I* const index = index_buffers[where.values];
  K* const stash = inexact ? key_buffers[1 - where.keys] : nullptr;  // the keys' other buffer is free now
  if (stash) launch_elementwise(stash_kernel<K, I>, n, sorted, index, src, stash, n, length, c);
  launch_elementwise(decode_kernel<K, I>, n, sorted, index, static_cast<const K*>(stash), data, positions, n, c);
}

/// Sorts flat indices (each in its row) stably by their row; returns the buffer that holds them then. R: the row type.
template <class R, class I>
I* sort_by_row_as(I* index, I* index_alt, index_t n, index_t rows, index_t length) {
  const std::shared_ptr<void> rows_buffer = scratch_of<R>(n), rows_alt_buffer = scratch_of<R>(n);
  R* const rows_of = static_cast<R*>(rows_buffer.get());
  launch_elementwise(row_key_kernel<R, I>, n, static_cast<const I*>(index), rows_of, n, length);
  const key_range bits{0, static_cast<int>(std::bit_width(static_cast<std::uint64_t>(rows - 1)))};
  const sorted_in where =
      radix_sort_rows<R, I>(rows_of, static_cast<R*>(rows_alt_buffer.get()), index, index_alt, 1, n, bits);
  return where.values ? index_alt : index;
}

template <class I>
I* sort_by_row(I* index, I* index_alt, index_t n, index_t rows, index_t length) {
  if (rows == 1) return index;
  if (rows <= max_uint32_count) return sort_by_row_as<std::uint32_t>(index, index_alt, n, rows, length);
  return sort_by_row_as<std::uint64_t>(index, index_alt, n, rows, length);
}

/// Many rows longer than a block's tile: all n (key, flat index) pairs sorted at once, then stably by row, then every
/// element gathered from `src` (into `data` when `src` is another buffer; in place, into the free keys buffer, copied
/// back). I holds a flat index.
template <class K, class I>
void sort_rows_flat(const K* src, K* data, std::int64_t* positions, index_t rows, index_t length, key_coding c) {
  const index_t n = rows * length;
  const cudaStream_t stream = current_stream();
  const bool read_back = n >= bit_range_min_items;
  const std::shared_ptr<void> keys_buffer = scratch_of<K>(n), keys_alt_buffer = scratch_of<K>(n);
  const std::shared_ptr<void> index_buffer = scratch_of<I>(n), index_alt_buffer = scratch_of<I>(n);
  std::unique_ptr<summary_buffer> summary;
  if (read_back) summary = std::make_unique<summary_buffer>();
  K* const keys = static_cast<K*>(keys_buffer.get());
  I* const index_buffers[2] = {static_cast<I*>(index_buffer.get()), static_cast<I*>(index_alt_buffer.get())};
  // length n: the index is flat
  launch_elementwise(encode_kernel<K, I>, n, src, keys, index_buffers[0], n, n, c, summary ? summary->get() : nullptr);
  const key_range bits = read_back ? range_of<K>(summary->read()) : full_range<K>;
  const sorted_in where = radix_sort_rows<K, I>(keys, static_cast<K*>(keys_alt_buffer.get()), index_buffers[0],
                                                index_buffers[1], 1, n, bits);
  const I* const index = sort_by_row(index_buffers[where.values], index_buffers[1 - where.values], n, rows, length);
  if (src != data) {
    launch_elementwise(gather_kernel<K, I>, n, src, index, data, positions, n, length);
    return;
  }
  // in place: the keys are spent, their buffer takes the gathered elements
  launch_elementwise(gather_kernel<K, I>, n, src, index, keys, positions, n, length);
  XP_CUDA_CHECK(cudaMemcpyAsync(data, keys, static_cast<std::size_t>(n) * sizeof(K), cudaMemcpyDeviceToDevice, stream));
}

/// The rows of a dtype whose key is K (read from `src`, which may be `data`), by the path for their shape (see the
/// file's comment).
template <class K>
void sort_bits(const K* src, K* data, std::int64_t* positions, index_t rows, index_t length, key_coding c) {
  if (length <= block_sort_max_length<K> && (rows > 1 || length <= single_row_block_max_length)) {
    block_sort(src, data, positions, rows, length, c);
  } else if (rows == 1 || length >= row_by_row_min_length) {
    if (length <= max_uint32_count) sort_rows_by_cub<K, std::uint32_t>(src, data, positions, rows, length, c);
    else sort_rows_by_cub<K, std::uint64_t>(src, data, positions, rows, length, c);
  } else {
    if (rows * length <= max_uint32_count) sort_rows_flat<K, std::uint32_t>(src, data, positions, rows, length, c);
    else sort_rows_flat<K, std::uint64_t>(src, data, positions, rows, length, c);
  }
}

/// The bits a complex128 part's keys vary in, when read back (n >= bit_range_min_items), else all 64.
inline key_range part_range(const summary_buffer* summary) {
  return summary ? range_of<std::uint64_t>(summary->read()) : full_range<std::uint64_t>;
}

/// complex128's rows (NumPy's lexicographic order: real part, then imaginary), read from `src` (may be `data`): stable
/// passes over all n (key, flat index) pairs by the imaginary key, then by the real key, then by row; then every
/// element gathered (into `data`, or in place into a buffer copied back). I holds a flat index.
template <class I>
void sort_complex128_as(const complex128* src, complex128* data, std::int64_t* positions, index_t rows, index_t length,
                        bool descending) {
  using K = std::uint64_t;
  const index_t n = rows * length;
  const cudaStream_t stream = current_stream();
  const bool read_back = n >= bit_range_min_items;
  const std::shared_ptr<void> keys_buffer = scratch_of<K>(n), keys_alt_buffer = scratch_of<K>(n);
  const std::shared_ptr<void> index_buffer = scratch_of<I>(n), index_alt_buffer = scratch_of<I>(n);
  const bool in_place = src == data;
  std::shared_ptr<void> out_buffer;
  if (in_place) out_buffer = scratch_of<complex128>(n);
  std::unique_ptr<summary_buffer> summary;
  if (read_back) summary = std::make_unique<summary_buffer>();
  K* const key_buffers[2] = {static_cast<K*>(keys_buffer.get()), static_cast<K*>(keys_alt_buffer.get())};
  I* const index_buffers[2] = {static_cast<I*>(index_buffer.get()), static_cast<I*>(index_alt_buffer.get())};
  launch_elementwise(encode_part_kernel<I>, n, src, static_cast<const I*>(nullptr), key_buffers[0], index_buffers[0], n,
                     true, descending, summary ? summary->get() : nullptr);
  sorted_in where = radix_sort_rows<K, I>(key_buffers[0], key_buffers[1], index_buffers[0], index_buffers[1], 1, n,
                                          part_range(summary.get()));
  I* index = index_buffers[where.values];
  I* index_alt = index_buffers[1 - where.values];
  // the imaginary keys are spent: the first buffer takes the real ones, in the order sorted so far
  if (read_back) summary = std::make_unique<summary_buffer>();
  launch_elementwise(encode_part_kernel<I>, n, src, static_cast<const I*>(index), key_buffers[0],
                     static_cast<I*>(nullptr), n, false, descending, summary ? summary->get() : nullptr);
  where = radix_sort_rows<K, I>(key_buffers[0], key_buffers[1], index, index_alt, 1, n, part_range(summary.get()));
  if (where.values) std::swap(index, index_alt);
  const I* const sorted = sort_by_row(index, index_alt, n, rows, length);
  auto* const out = in_place ? static_cast<complex128*>(out_buffer.get()) : data;
  launch_elementwise(gather_kernel<complex128, I>, n, src, sorted, out, positions, n, length);
  if (in_place)
    XP_CUDA_CHECK(
        cudaMemcpyAsync(data, out, static_cast<std::size_t>(n) * sizeof(complex128), cudaMemcpyDeviceToDevice, stream));
}

inline void sort_complex128(const complex128* src, const detail::sort_problem<complex128>& p) {
  if (p.rows * p.length <= max_uint32_count)
    sort_complex128_as<std::uint32_t>(src, p.data, p.positions, p.rows, p.length, p.descending);
  else sort_complex128_as<std::uint64_t>(src, p.data, p.positions, p.rows, p.length, p.descending);
}

}  // namespace sort_detail
}  // namespace xp::backends::cuda

// the radix selection of kth requests on long rows (uses the key coding and the launches above)
#include "xp/backends/cuda/select.cuh"

namespace xp::backends::cuda {

template <class T>
void sort_rows(const detail::sort_problem<T>& p) {
  if (p.rows <= 0 || p.length <= 0) return;
  // `source` (when it is another buffer) is read and `data` written; otherwise the rows are sorted in place
  const T* const src = p.source ? p.source : p.data;
  const cudaStream_t stream = current_stream();
  if (p.length == 1) {  // every row is sorted: the elements stay, each at position 0
    if (src != p.data)
      XP_CUDA_CHECK(
          cudaMemcpyAsync(p.data, src, static_cast<std::size_t>(p.rows) * sizeof(T), cudaMemcpyDeviceToDevice, stream));
    if (p.positions)
      XP_CUDA_CHECK(cudaMemsetAsync(p.positions, 0, static_cast<std::size_t>(p.rows) * sizeof(std::int64_t), stream));
    return;
  }
  if constexpr (std::is_same_v<T, complex128>) {
    sort_detail::sort_complex128(src, p);  // a kth request (two keys an element) is served by the full sort
  } else {
    using K = sort_detail::key_of_t<T>;
    static_assert(sizeof(K) == sizeof(T), "an element's key has its width");
    const sort_detail::key_coding c{sort_detail::kind_of<T>(), p.descending};
    const K* const src_keys = reinterpret_cast<const K*>(src);
    K* const data_keys = reinterpret_cast<K*>(p.data);
    // a kth request on long rows is selected (select.cuh); on others it is served by the full sort
    if (sort_detail::selects(p.rows, p.length, p.kth, p.kth_count)) {
      sort_detail::select_rows<K>(src_keys, data_keys, p.positions, p.rows, p.length, c, p.kth, p.kth_count,
                                  p.kth_only);
      return;
    }
    sort_detail::sort_bits<K>(src_keys, data_keys, p.positions, p.rows, p.length, c);
  }
}

}  // namespace xp::backends::cuda
