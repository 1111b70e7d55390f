/// @file backends/host/sort.cpp
/// @brief The host's sort primitive for every type of XP_SORT_TYPES: least-significant-digit
/// radix sorts of each row's keys (detail::sort_key: unsigned integers in NumPy's order) on the
/// OpenMP team (one long row: the team shares it; many rows: a row per thread), std::sort of
/// (key, index) pairs for short rows, and a radix selection for partitions.
///
/// How a row is sorted:
/// - One pass encodes the row and counts every digit of every key at once (a histogram per digit
///   and per thread), and looks for elements whose key is not exact (-0.0, a NaN that is not the
///   default one, a complex number with a NaN part). A digit that is the same in every key sorts
///   nothing: its pass is skipped.
/// - The passes scatter row -> A -> B -> A ... -> row: the first reads the elements and encodes
///   them, the last decodes into the row, so that the keys are never written out or read back in a
///   pass of their own. Descending sorts the complemented keys (~key): ascending order of ~key is
///   the reverse order with equal keys still in their input order, which is what is asked.
/// - Elements carry their index (uint32, the row being shorter than 2^32; widened to int64 as it
///   is written) only where positions are asked for or a complex row has an inexact element (then
///   gathered from a copy of the row). Floats need no index to keep their bits: the elements with
///   the zero key (+0.0, -0.0) and with the NaN key come out as one run each, in input order (the
///   sort is stable), so a copy of just those elements, taken in input order before the row is
///   written, is written over the two runs.
/// - Rows larger than the caches scatter through staged lines (staged_sink): each bucket's next
///   elements wait in a cache line of a small buffer, which goes out whole with streaming stores.
/// - With several threads on one row, each thread takes a contiguous chunk; thread t's offsets for
///   bucket d are the keys of smaller digits in the row plus those of digit d in the chunks before
///   t, which keeps the sort stable. A later pass's chunks hold other keys than the first count
///   counted: the pass before counts them as it writes them (census).
/// Partitions (kth_count > 0) select (select_row): the row is split stably by the 8 or 11 bits
/// below those where its keys differ (like a radix pass, most significant digit first), and only
/// the buckets holding a kth are split again, until they are small enough to sort. Every step is
/// stable, so each kth position holds the stable sort's element (index included), partition and
/// argpartition arrange a row the same way, and topk's 0..k-1 come out as the sort's first k.

#include <omp.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>

#define XP_INSTANTIATE_HOST_SORT  // the type list stays defined, and no extern declarations
#include "xp/array/sort_primitive.hpp"
#include "xp/backends/host/memory.hpp"

namespace xp::backends::host {

namespace {

__extension__ typedef unsigned __int128 u128;  // complex128's two 64-bit keys joined

// ---- constants (measured on the 2-core Xeon development machine, 2^24 float32 and 4096 x 16384)

/// Rows shorter than this are sorted by std::sort of (key, index) pairs: a radix sort pays for
/// its histograms (256 buckets x passes) and for a pass per digit whatever the length; at 256
/// float32 the two take about the same time (~1.7 us), below it std::sort wins.
constexpr index_t small_row = 256;
/// Digit widths. 8 bits (256 buckets, 1 KiB of uint32 counters) keep every bucket's write
/// position in L1 and suit rows that fit L2; 11 bits (2048 buckets) sort 32-bit keys in 3 passes
/// instead of 4, and 64-bit ones in 6 instead of 8, which wins once a row is much larger than L2
/// (2 MiB here): 2^24 float32 took ~60 ms with 8 bits and ~48 ms with 11.
constexpr int narrow_digit = 8;
constexpr int wide_digit = 11;
constexpr int max_buckets = 1 << wide_digit;
/// Rows from this many elements on use wide digits: 4096 x 16384 float32 (64 KiB of keys a row)
/// ran faster with 8-bit digits, 2^20 with 11.
constexpr index_t wide_digit_row = index_t{1} << 12;
/// Whether 11-bit digits need fewer passes than 8-bit ones over `bits` bits (32 and 64 do; 16 not).
constexpr bool fewer_passes(int bits) {
  return (bits + wide_digit - 1) / wide_digit < (bits + narrow_digit - 1) / narrow_digit;
}
/// A row this long is sorted by the whole team when there are too few rows to give each thread
/// some: below it, the barriers and the count pass of each later digit cost more than the second
/// core gives (2^16 float32 sort in ~0.4 ms on one thread).
constexpr index_t team_row = index_t{1} << 17;
/// Rows from this many elements on scatter through staged lines: each bucket's next elements
/// wait in one cache line of a small buffer and go out as whole lines with streaming stores,
/// rather than a store per element into 2048 places far apart, each a cache and TLB miss; a pass
/// over 2^24 uint32 ran 5 ns an element that way and 13 ns scattering directly, while rows that
/// fit L2 (2 MiB) are faster without.
constexpr index_t staged_row = index_t{1} << 18;
/// A selection's split scatters through staged lines when its keys (or pairs) take more than
/// this: with the second buffer, 1 MiB of the 2 MiB L2.
constexpr std::size_t cache_bytes = std::size_t{512} << 10;
/// A selection sorts a bucket holding a kth once it has at most this many keys (std::sort), and
/// splits it again by the bits below those its keys share above it: a split (count, scatter, copy
/// back) costs about what one radix pass does, and leaves a bucket of a few keys to sort.
constexpr index_t select_sort_keys = 256;
/// A selection splits by 11 bits (2048 buckets) from this many keys on, by 8 below: a 4096-key
/// row (np.median along an axis of 4096) spends more on 2048 counters than on its keys.
constexpr index_t select_wide_keys = index_t{1} << 16;
/// The MSD window of a selection is placed from a sample of this many keys (the highest bit where
/// they differ); where the whole row differs higher, it is counted again.
constexpr index_t sample_keys = 1024;
/// ... and that many bits higher than where the sample's keys differ: the rare keys that the
/// sample missed (floats near 0 in [0, 1)) differ a few bits higher, and a window that covers
/// them needs no second count of the row (a window 3 bits too high makes 8 times larger buckets,
/// which the refinement splits again).
constexpr int sample_margin = 3;
/// The deepest refinement of a selection: one level for each 11 bits of a 128-bit key.
constexpr int max_levels = 12;
/// Rows sort in parallel (a row per thread) when they hold this many elements in all: starting
/// a team and waking it costs some microseconds, what sorting ~16K keys takes.
constexpr index_t parallel_elements = index_t{1} << 14;
/// The most threads on one row: the censuses take team x team x 2048 counters a pass.
constexpr int max_team = 16;
/// Chunk bounds are multiples of this many elements, so that no cache line of a buffer (64
/// bytes, at most 64 keys) is written by two threads' streaming stores.
constexpr index_t chunk_align = 64;
/// The most radix passes: a 128-bit key (complex128) in 8-bit digits.
constexpr int max_passes = 16;
/// Buffers are carved out of one allocation at this alignment (a cache line).
constexpr std::size_t line = 64;

std::size_t round_up(std::size_t bytes) { return (bytes + line - 1) / line * line; }

// ---- keys

/// The key of an element, its inverse, whether it is exact, and what kind of fix-up an inexact
/// element needs (floats: the zero and NaN runs; complex: a gather of the original elements).
template <class T>
struct key_of {
  using sk = detail::sort_key<T>;
  using K = typename sk::type;
  static constexpr bool is_float = !std::is_integral_v<T>;
  static constexpr bool is_complex = false;
  // Floats: sort_key's encoding without its branches (the same keys: the checker compares the
  // orders), so that the counting and first passes have no data-dependent jumps.
  static K encode(T x) {
    if constexpr (is_float) {
      constexpr int top = 8 * sizeof(K) - 1;
      const K b = sk::bits_of(x);
      const K magnitude = K(b & K(~sk::sign));
      const K negative = K(K(0) - K(b >> top));  // all ones for a negative number
      K k = K(b ^ K(negative | sk::sign));       // negative: ~b; positive: b with the sign bit
      k = magnitude == 0 ? K(sk::sign) : k;      // -0.0 sorts with +0.0
      return magnitude > sk::exponent_mask ? K(sk::nan_key) : k;
    } else {
      return sk::encode(x);
    }
  }
  static T decode(K k) {
    if constexpr (is_float) {
      constexpr int top = 8 * sizeof(K) - 1;
      const K positive = K(K(0) - K(k >> top));  // all ones for a key of a number >= +0.0
      const K b = K(k ^ K(K(~positive) | sk::sign));
      return sk::from_bits(k == sk::nan_key ? K(sk::default_nan) : b);
    } else {
      return sk::decode(k);
    }
  }
  static bool exact(T x) {
    if constexpr (is_float) {
      const K b = sk::bits_of(x);
      const K magnitude = K(b & K(~sk::sign));
      return !((b == sk::sign) | ((magnitude > sk::exponent_mask) & (b != sk::default_nan)));
    } else {
      return true;
    }
  }
  // the keys of zero and of NaN (floats only)
  static constexpr K zero_key() {
    if constexpr (is_float) return sk::sign;
    else return K(0);
  }
  static constexpr K nan_key() {
    if constexpr (is_float) return sk::nan_key;
    else return K(0);
  }
};

/// Complex numbers: complex_sort_key's (high, low) keys joined into one integer of twice the
/// width, so that its unsigned order is NumPy's order.
template <class R, class K_>
struct complex_key_of {
  using sk = detail::sort_key<R>;
  using part = typename sk::type;
  using K = K_;
  static constexpr int half = 8 * sizeof(part);
  static constexpr bool is_float = false;
  static constexpr bool is_complex = true;
  static K encode(complex<R> x) {
    part high, low;  // NumPy's order, with its classes of NaN parts (complex_sort_key)
    detail::complex_sort_key<R>::encode(x, high, low);
    return (K(high) << half) | K(low);
  }
  static complex<R> decode(K k) { return {key_of<R>::decode(part(k >> half)), key_of<R>::decode(part(k))}; }
  static bool exact(complex<R> x) { return detail::complex_sort_key<R>::exact(x); }
  static constexpr K zero_key() { return K(0); }
  static constexpr K nan_key() { return K(0); }
};
template <>
struct key_of<complex64> : complex_key_of<float, std::uint64_t> {};
template <>
struct key_of<complex128> : complex_key_of<double, u128> {};

template <class K>
inline unsigned digit_of(K k, int shift, unsigned mask) {
  return static_cast<unsigned>(k >> shift) & mask;
}

/// The highest set bit of a nonzero key.
template <class K>
inline int top_bit(K k) {
  if constexpr (sizeof(K) > 8) {
    const auto high = static_cast<std::uint64_t>(k >> 64);
    return high ? 127 - __builtin_clzll(high) : 63 - __builtin_clzll(static_cast<std::uint64_t>(k));
  } else {
    return 63 - __builtin_clzll(static_cast<std::uint64_t>(k));
  }
}

/// A key with its element's index in the row.
template <class K, class I>
struct keyed {
  K key;
  I idx;
};
// (key, index): the stable sort's order as a strict total order
template <class K, class I>
inline bool before(const keyed<K, I>& a, const keyed<K, I>& b) {
  return a.key < b.key || (a.key == b.key && a.idx < b.idx);
}

// ---- what a pass reads and writes

/// Reads the row's elements: the key (complemented for descending), the index is the position.
template <class T, class I>
struct from_data {
  using K = typename key_of<T>::K;
  const T* data;
  K flip;
  keyed<K, I> operator()(I i) const { return {K(key_of<T>::encode(data[i]) ^ flip), i}; }
};
/// Reads keys alone (no index carried).
template <class K, class I>
struct from_keys {
  const K* keys;
  keyed<K, I> operator()(I i) const { return {keys[i], I(0)}; }
};
/// Reads (key, index) pairs.
template <class K, class I>
struct from_pairs {
  const keyed<K, I>* pairs;
  keyed<K, I> operator()(I i) const { return pairs[i]; }
};

template <class K, class I>
struct to_keys {
  static constexpr int sinks = 1;
  K* keys;
  K value0(const keyed<K, I>& e) const { return e.key; }
  K* out0() const { return keys; }
  void operator()(I at, const keyed<K, I>& e) const { keys[at] = e.key; }
};
template <class K, class I>
struct to_pairs {
  static constexpr int sinks = 1;
  keyed<K, I>* pairs;
  keyed<K, I> value0(const keyed<K, I>& e) const { return e; }
  keyed<K, I>* out0() const { return pairs; }
  void operator()(I at, const keyed<K, I>& e) const { pairs[at] = e; }
};
/// Writes the decoded element.
template <class T, class I>
struct to_data {
  using K = typename key_of<T>::K;
  static constexpr int sinks = 1;
  T* data;
  K flip;
  T value0(const keyed<K, I>& e) const { return key_of<T>::decode(K(e.key ^ flip)); }
  T* out0() const { return data; }
  void operator()(I at, const keyed<K, I>& e) const { data[at] = value0(e); }
};
/// Writes the decoded element and its index.
template <class T, class I>
struct to_data_positions : to_data<T, I> {
  using K = typename key_of<T>::K;
  static constexpr int sinks = 2;
  std::int64_t* positions;
  std::int64_t value1(const keyed<K, I>& e) const { return static_cast<std::int64_t>(e.idx); }
  std::int64_t* out1() const { return positions; }
  void operator()(I at, const keyed<K, I>& e) const {
    this->data[at] = this->value0(e);
    positions[at] = value1(e);
  }
};
/// Writes the original element (from a copy of the row): complex rows with an inexact element.
template <class T, class I>
struct to_gathered {
  using K = typename key_of<T>::K;
  static constexpr int sinks = 1;
  T* data;
  const T* original;
  T value0(const keyed<K, I>& e) const { return original[e.idx]; }
  T* out0() const { return data; }
  void operator()(I at, const keyed<K, I>& e) const { data[at] = value0(e); }
};
template <class T, class I>
struct to_gathered_positions : to_gathered<T, I> {
  using K = typename key_of<T>::K;
  static constexpr int sinks = 2;
  std::int64_t* positions;
  std::int64_t value1(const keyed<K, I>& e) const { return static_cast<std::int64_t>(e.idx); }
  std::int64_t* out1() const { return positions; }
  void operator()(I at, const keyed<K, I>& e) const {
    this->data[at] = this->value0(e);
    positions[at] = value1(e);
  }
};

template <int D, class I, class Read, class Write>
void scatter(Read read, Write write, I begin, I end, int shift, I* offsets) {
  constexpr unsigned mask = (1u << D) - 1;
  for (I i = begin; i < end; ++i) {
    const auto e = read(i);
    write(offsets[digit_of(e.key, shift, mask)]++, e);
  }
}
template <class I, class Read, class Write>
void copy(Read read, Write write, I begin, I end) {
  for (I i = begin; i < end; ++i) write(i, read(i));
}

/// One cache line from `from` (aligned) to `to` (aligned) past the caches (a streaming store
/// writes the whole line without reading it first).
inline void stream_line(void* to, const void* from) {
#if defined(__SSE2__)
  const __m128i* f = static_cast<const __m128i*>(from);
  __m128i* t = static_cast<__m128i*>(to);
  _mm_stream_si128(t, _mm_load_si128(f));
  _mm_stream_si128(t + 1, _mm_load_si128(f + 1));
  _mm_stream_si128(t + 2, _mm_load_si128(f + 2));
  _mm_stream_si128(t + 3, _mm_load_si128(f + 3));
#else
  std::memcpy(to, from, line);
#endif
}
inline void stream_fence() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

template <class E>
struct is_keyed : std::false_type {};
template <class K, class I>
struct is_keyed<keyed<K, I>> : std::true_type {};
/// What a census can count: keys and pairs (the buffers between passes), not elements.
template <class E>
inline constexpr bool countable = std::is_integral_v<E> || std::is_same_v<E, u128> || is_keyed<E>::value;

template <class K>
inline K key_in(K k) {
  return k;
}
template <class K, class I>
inline K key_in(const keyed<K, I>& e) {
  return e.key;
}

/// Counts, while a pass writes, the next pass's digit in each chunk of its output (the chunk
/// that each thread reads next), so that the next pass needs no reading of its own to place the
/// threads' elements. Chunk bounds are multiples of chunk_align elements: a cache line of the
/// output is never split between two chunks.
template <class I>
struct census {
  I* counts;        // this thread's: team x max_buckets, by the chunk of the output
  const I* bounds;  // the team's chunks, team + 1
  int team;
  int shift;
  unsigned mask;
  int chunk_of(I at) const {
    int c = 0;
    while (c + 1 < team && at >= bounds[c + 1]) ++c;
    return c;
  }
  template <class E>
  void add(I at, const E& e) const {
    ++counts[std::size_t(chunk_of(at)) * max_buckets + digit_of(key_in(e), shift, mask)];
  }
  template <class E>
  void add_line(I at, const E* l, std::size_t count) const {
    I* const c = counts + std::size_t(chunk_of(at)) * max_buckets;
    for (std::size_t j = 0; j < count; ++j) ++c[digit_of(key_in(l[j]), shift, mask)];
  }
};

template <class I>
constexpr const census<I>* no_census() {
  return nullptr;
}

/// The destination of a staged scatter: each bucket's next elements wait in its own cache line
/// of `lines` until the line of the output they belong to is whole, which is then streamed out,
/// rather than a store per element into 2048 places far apart, each a cache and TLB miss (a pass
/// over 2^24 uint32: 3.0 ns a key staged, 6 ns direct). A line the bucket shares with what is
/// before it (its first) is written element by element, as another thread may be writing the rest
/// of it, and so is the unfinished line at its end. With a census, what goes out is counted.
template <class E, class I>
struct staged_sink {
  static constexpr std::size_t per_line = line / sizeof(E);
  static_assert(per_line >= 1 && line % sizeof(E) == 0);
  E* lines;    // buckets x per_line, 64-byte aligned
  E** next;    // a bucket's next place in its line
  E** target;  // where its line goes in the output (the line's start, maybe before `first`)
  E** first;   // its first place in the output in this pass
  E* out;
  const census<I>* tally;  // null: nothing counted
  void start(const I* offsets, unsigned buckets) const {
    for (unsigned d = 0; d < buckets; ++d) {
      E* at = out + offsets[d];
      const std::size_t slot = (reinterpret_cast<std::uintptr_t>(at) % line) / sizeof(E);
      next[d] = lines + std::size_t(d) * per_line + slot;
      target[d] = at - slot;
      first[d] = at;
    }
  }
  [[gnu::always_inline]] void put(unsigned d, const E& v) const {
    E* p = next[d];
    *p++ = v;
    if ((reinterpret_cast<std::uintptr_t>(p) % line) == 0) {
      p -= per_line;
      flush(d, p);
    }
    next[d] = p;
  }
  // the elements at [from, to) of the output from the line `l` that starts at `start`
  void write(E* from, E* to, E* start, const E* l) const {
    for (E* q = from; q < to; ++q) {
      *q = l[q - start];
      if constexpr (countable<E>)
        if (tally) tally->add(static_cast<I>(q - out), *q);
    }
  }
  [[gnu::noinline]] void flush(unsigned d, const E* l) const {
    E* to = target[d];
    if (to >= first[d]) {
      stream_line(to, l);
      if constexpr (countable<E>)
        if (tally) tally->add_line(static_cast<I>(to - out), l, per_line);
    } else {
      write(first[d], to + per_line, to, l);
    }
    target[d] = to + per_line;
  }
  void finish(unsigned buckets) const {
    for (unsigned d = 0; d < buckets; ++d) {
      const E* l = lines + std::size_t(d) * per_line;
      E* const to = target[d];
      write(std::max(to, first[d]), to + (next[d] - l), to, l);
    }
  }
};

/// The staging of one thread: for each of two sinks, its lines and the three pointers a bucket.
struct staging {
  unsigned char* lines[2];
  void** pointers[2];
  static constexpr std::size_t lines_bytes = std::size_t(max_buckets) * line;
  static constexpr std::size_t pointers_bytes = 3 * std::size_t(max_buckets) * sizeof(void*);
  static constexpr std::size_t bytes = 2 * (lines_bytes + pointers_bytes);
  static staging at(unsigned char* p) {
    return {{p, p + lines_bytes},
            {reinterpret_cast<void**>(p + 2 * lines_bytes),
             reinterpret_cast<void**>(p + 2 * lines_bytes + pointers_bytes)}};
  }
  template <class E, class I>
  staged_sink<E, I> sink(int i, E* out, const census<I>* tally) const {
    E** ptrs = reinterpret_cast<E**>(pointers[i]);
    return {reinterpret_cast<E*>(lines[i]), ptrs, ptrs + max_buckets, ptrs + 2 * max_buckets, out, tally};
  }
};

/// scatter through staged sinks (Write::sinks of them: out0, and out1 with two), counting the
/// first sink's output in `tally` (may be null)
template <int D, class I, class Read, class Write>
void scatter_staged(Read read, Write write, I begin, I end, int shift, const I* offsets, const staging& st,
                    const census<I>* tally) {
  constexpr unsigned mask = (1u << D) - 1;
  const auto s0 = st.sink<std::remove_pointer_t<decltype(write.out0())>, I>(0, write.out0(), tally);
  s0.start(offsets, mask + 1);
  if constexpr (Write::sinks == 1) {
    for (I i = begin; i < end; ++i) {
      const auto e = read(i);
      s0.put(digit_of(e.key, shift, mask), write.value0(e));
    }
  } else {
    const auto s1 = st.sink<std::remove_pointer_t<decltype(write.out1())>, I>(1, write.out1(), nullptr);
    s1.start(offsets, mask + 1);
    for (I i = begin; i < end; ++i) {
      const auto e = read(i);
      const unsigned d = digit_of(e.key, shift, mask);
      s0.put(d, write.value0(e));
      s1.put(d, write.value1(e));
    }
    s1.finish(mask + 1);
  }
  s0.finish(mask + 1);
  stream_fence();  // the streamed lines are seen by the other threads after the barrier
}

inline void barrier(int team) {
  if (team > 1) {
#pragma omp barrier
  }
}

/// What is learnt of a thread's chunk: whether an element is inexact, and (floats, when one is)
/// the number of elements of the zero key and of the NaN key.
template <class I>
struct chunk_stats {
  u128 diff = 0;  // a selection: the bits where the chunk's keys differ from the row's first
  I zeros = 0, nans = 0;
  bool inexact = false;
};

/// The scratch of one row's radix sort: two buffers of (key, index) pairs (or keys alone), the
/// copy of the elements to restore (floats: the zero and NaN keys' elements; complex: the row),
/// the counts (per thread: one histogram per digit; with a team, two censuses of team x buckets,
/// one written by a pass while the one of the pass before places it) and, for a staged scatter,
/// each thread's staging.
template <class T, class I>
struct radix_scratch {
  void* a;
  void* b;
  T* saved;
  I* histograms;           // team x max_passes x max_buckets
  I* censuses;             // 2 x team (writers) x team (chunks) x max_buckets
  I* bounds;               // team + 1
  I* levels;               // team x max_levels x (max_buckets + 1): a selection's buckets
  unsigned char* staging;  // team x staging::bytes
  chunk_stats<I>* stats;
};

template <class T, class I>
struct radix_layout {
  std::size_t a, b, saved, histograms, censuses, bounds, levels, stage, stats, total;
  radix_layout(I n, int team, bool staged, bool select = false) {
    using K = typename key_of<T>::K;
    const std::size_t items = static_cast<std::size_t>(n), threads = static_cast<std::size_t>(team);
    std::size_t at = 0;
    const auto take = [&](std::size_t bytes) {
      const std::size_t here = at;
      at += round_up(bytes);
      return here;
    };
    a = take(items * sizeof(keyed<K, I>));
    b = take(items * sizeof(keyed<K, I>));
    saved = take(items * sizeof(T));
    histograms = take(threads * max_passes * max_buckets * sizeof(I));
    censuses = take(team > 1 ? 2 * threads * threads * max_buckets * sizeof(I) : 0);
    bounds = take((threads + 1) * sizeof(I));
    levels = take(select ? threads * max_levels * (max_buckets + 1) * sizeof(I) : 0);
    // a selection stages its splits by its own measure (more than cache_bytes of keys or pairs),
    // which rows shorter than staged_row reach
    const bool select_stages = select && items * sizeof(keyed<K, I>) > cache_bytes;
    stage = take(staged || select_stages ? threads * staging::bytes : 0);
    stats = take(threads * sizeof(chunk_stats<I>));
    total = at;
  }
};
template <class T, class I>
radix_scratch<T, I> carve_radix_scratch(unsigned char* p, const radix_layout<T, I>& l) {
  return {p + l.a,
          p + l.b,
          reinterpret_cast<T*>(p + l.saved),
          reinterpret_cast<I*>(p + l.histograms),
          reinterpret_cast<I*>(p + l.censuses),
          reinterpret_cast<I*>(p + l.bounds),
          reinterpret_cast<I*>(p + l.levels),
          p + l.stage,
          reinterpret_cast<chunk_stats<I>*>(p + l.stats)};
}

/// One row's LSD radix sort in digits of D bits by a team of `team` threads: every thread t of
/// the team calls first_count(t), one of them plan(), then every thread run(t, plan) (a team of
/// one calls them outside any parallel region). A team scatters through staged lines, whose
/// census places the next pass.
template <class T, class I, int D>
struct radix_row {
  using KO = key_of<T>;
  using K = typename KO::K;
  using P = keyed<K, I>;
  static constexpr int key_bits = 8 * sizeof(K);
  static constexpr int passes = (key_bits + D - 1) / D;
  static constexpr int bits = D < key_bits ? D : key_bits;
  static constexpr unsigned buckets = 1u << bits;
  static constexpr unsigned mask = buckets - 1;
  static_assert(passes <= max_passes && buckets <= max_buckets);

  T* data;
  std::int64_t* positions;
  I n;
  K flip;
  int team;
  bool staged;  // scatter through staged lines (rows larger than the caches; every team)
  radix_scratch<T, I> s;

  // the chunks' bounds, multiples of chunk_align elements (a cache line of a buffer is in one
  // chunk), written by set_bounds once the team is known
  void set_bounds() {
    for (int t = 0; t <= team; ++t) {
      const I even = static_cast<I>(static_cast<u128>(n) * static_cast<unsigned>(t) / static_cast<unsigned>(team));
      s.bounds[t] = t == team ? n : even / I(chunk_align) * I(chunk_align);
    }
  }
  I chunk_begin(int t) const { return s.bounds[t]; }
  I* histogram(int t, int pass) const {
    return s.histograms + (static_cast<std::size_t>(t) * max_passes + static_cast<std::size_t>(pass)) * max_buckets;
  }
  // the census `which` written by thread w, its counts for chunk c
  I* census_of(int which, int w, int c) const {
    return s.censuses + ((static_cast<std::size_t>(which) * team + static_cast<std::size_t>(w)) * team +
                         static_cast<std::size_t>(c)) *
                            max_buckets;
  }

  // the keys, counted for every digit at once, over the chunk of thread t
  void first_count(int t) {
    I* const h = histogram(t, 0);
    for (int p = 0; p < passes; ++p) std::fill_n(h + std::size_t(p) * max_buckets, buckets, I(0));
    bool inexact = false;
    const T* const row = data;
    const K f = flip;
    const I begin = chunk_begin(t), end = chunk_begin(t + 1);
    for (I i = begin; i < end; ++i) {
      const T x = row[i];
      const K k = K(KO::encode(x) ^ f);
#pragma GCC unroll 16
      for (int p = 0; p < passes; ++p) ++h[std::size_t(p) * max_buckets + digit_of(k, p * D, mask)];
      if constexpr (KO::is_float || KO::is_complex) inexact |= !KO::exact(x);
    }
    s.stats[t].inexact = inexact;
  }

  // the plan, the same for every thread: which digits differ between keys, what is carried
  struct plan_t {
    int active[max_passes];
    int count = 0;
    bool carry = false;   // (key, index) pairs rather than keys alone
    bool fix_up = false;  // floats: rewrite the zero and NaN runs from `saved`
    bool gather = false;  // complex: the last pass writes the elements from `saved` (a copy)
  };
  plan_t plan() const {
    plan_t pl;
    const K k0 = K(KO::encode(data[0]) ^ flip);
    for (int p = 0; p < passes; ++p) {
      I same = 0;  // the keys whose digit is the first key's: all of them when the pass sorts nothing
      const unsigned d = digit_of(k0, p * D, mask);
      for (int t = 0; t < team; ++t) same += histogram(t, p)[d];
      if (same != n) pl.active[pl.count++] = p;
    }
    bool inexact = false;
    for (int t = 0; t < team; ++t) inexact |= s.stats[t].inexact;
    pl.fix_up = KO::is_float && inexact;
    pl.gather = KO::is_complex && inexact;
    pl.carry = positions != nullptr || pl.gather;
    return pl;
  }

  // thread t's write positions for the pass: the keys of smaller digits in the whole row, plus
  // those of the same digit in the chunks before t (`before(d)`)
  template <class Before>
  void offsets(int pass, Before before, I* out) const {
    I sum = 0;
    for (unsigned d = 0; d < buckets; ++d) {
      I total = 0;
      for (int u = 0; u < team; ++u) total += histogram(u, pass)[d];
      out[d] = sum + before(d);
      sum += total;
    }
  }

  // the i-th active pass: from `read` to `write`; with a census for the next pass unless `last`
  template <class Read, class Write>
  void pass(int t, const plan_t& pl, int i, bool last, Read read, Write write) {
    const int p = pl.active[i];
    I offs[buckets];
    if (i == 0) {  // the first count's chunks are this pass's
      offsets(
          p,
          [&](unsigned d) {
            I c = 0;
            for (int u = 0; u < t; ++u) c += histogram(u, p)[d];
            return c;
          },
          offs);
    } else if (team == 1) {
      offsets(
          p, [](unsigned) { return I(0); }, offs);
    } else {  // the census of the pass before: chunk c's keys of digit d, from every writer
      offsets(
          p,
          [&](unsigned d) {
            I c = 0;
            for (int w = 0; w < team; ++w)
              for (int u = 0; u < t; ++u) c += census_of((i - 1) % 2, w, u)[d];
            return c;
          },
          offs);
    }
    const I begin = chunk_begin(t), end = chunk_begin(t + 1);
    // staged rows (large ones, every team) take the wide digits where those save a pass: the
    // narrow sort of such keys is never staged (not compiled so)
    constexpr bool may_stage = D == wide_digit || !fewer_passes(key_bits);
    if constexpr (may_stage) {
      if (staged) {
        census<I> next{census_of(i % 2, t, 0), s.bounds, team, last ? 0 : pl.active[i + 1] * D, mask};
        const bool counted = team > 1 && !last;
        if (counted) std::fill_n(next.counts, std::size_t(team) * max_buckets, I(0));
        scatter_staged<bits>(read, write, begin, end, p * D, offs,
                             staging::at(s.staging + std::size_t(t) * staging::bytes), counted ? &next : nullptr);
        barrier(team);
        return;
      }
    }
    scatter<bits>(read, write, begin, end, p * D, offs);
    barrier(team);
  }

  // the elements to restore, taken before the row is written (floats: those of the zero and the
  // NaN key, each in input order; complex: the row)
  void save(int t, const plan_t& pl) {
    const I begin = chunk_begin(t), end = chunk_begin(t + 1);
    if (pl.gather) {
      std::copy(data + begin, data + end, s.saved + begin);
    } else if (pl.fix_up) {
      const K zero = K(KO::zero_key() ^ flip), nan = K(KO::nan_key() ^ flip);
      I zeros = 0, nans = 0;
      for (I i = begin; i < end; ++i) {
        const K k = K(KO::encode(data[i]) ^ flip);
        zeros += I(k == zero);
        nans += I(k == nan);
      }
      s.stats[t].zeros = zeros;
      s.stats[t].nans = nans;
      barrier(team);
      I z = 0, q = 0;
      for (int u = 0; u < team; ++u) {
        q += s.stats[u].zeros;
        if (u < t) z += s.stats[u].zeros, q += s.stats[u].nans;
      }
      for (I i = begin; i < end; ++i) {
        const K k = K(KO::encode(data[i]) ^ flip);
        if (k == zero) s.saved[z++] = data[i];
        else if (k == nan) s.saved[q++] = data[i];
      }
    }
  }

  // the zero run and the NaN run of the sorted row, found by their keys, rewritten
  void fix_up() {
    const K zero = K(KO::zero_key() ^ flip), nan = K(KO::nan_key() ^ flip);
    I zeros = 0, nans = 0;
    for (int u = 0; u < team; ++u) zeros += s.stats[u].zeros, nans += s.stats[u].nans;
    const auto start = [&](K key) {
      return static_cast<I>(
          std::partition_point(data, data + n, [&](const T& x) { return K(KO::encode(x) ^ flip) < key; }) - data);
    };
    const I zero_at = start(zero), nan_at = start(nan);
    std::copy(s.saved, s.saved + zeros, data + zero_at);
    std::copy(s.saved + zeros, s.saved + zeros + nans, data + nan_at);
  }

  // the active passes: `source` (the row) -> A -> B -> A ... -> `last` (the row), through
  // `buffers` (keys or pairs); one pass goes to A and is copied to the row
  template <class Source, class Buffers, class Last>
  void passes_through(int t, const plan_t& pl, Source source, Buffers buffers, Last last) {
    for (int i = 0; i < pl.count; ++i) {
      const auto into = buffers.write(i % 2);
      const bool final = i == pl.count - 1;
      if (i == 0) {
        pass(t, pl, i, final, source, into);
      } else {
        const auto from = buffers.read((i - 1) % 2);
        if (final) pass(t, pl, i, true, from, last);
        else pass(t, pl, i, false, from, into);
      }
    }
    if (pl.count == 1) {
      copy(buffers.read(0), last, chunk_begin(t), chunk_begin(t + 1));
      barrier(team);
    }
  }

  struct key_buffers {
    K* ab[2];
    from_keys<K, I> read(int i) const { return {ab[i]}; }
    to_keys<K, I> write(int i) const { return {ab[i]}; }
  };
  struct pair_buffers {
    P* ab[2];
    from_pairs<K, I> read(int i) const { return {ab[i]}; }
    to_pairs<K, I> write(int i) const { return {ab[i]}; }
  };

  // thread t's share of the sort, after first_count and plan
  void run(int t, const plan_t& pl) {
    const I begin = chunk_begin(t), end = chunk_begin(t + 1);
    if (pl.count == 0) {  // every key equal: the row stays as it is
      if (positions)
        for (I i = begin; i < end; ++i) positions[i] = static_cast<std::int64_t>(i);
      return;
    }
    save(t, pl);
    barrier(team);
    const from_data<T, I> source{data, flip};
    const to_data<T, I> decoded{data, flip};
    if (!pl.carry) {
      passes_through(t, pl, source, key_buffers{{static_cast<K*>(s.a), static_cast<K*>(s.b)}}, decoded);
    } else {
      const pair_buffers pairs{{static_cast<P*>(s.a), static_cast<P*>(s.b)}};
      if constexpr (KO::is_complex) {
        if (pl.gather) {
          const to_gathered<T, I> gathered{data, s.saved};
          if (positions) passes_through(t, pl, source, pairs, to_gathered_positions<T, I>{gathered, positions});
          else passes_through(t, pl, source, pairs, gathered);
          return;
        }
      }
      if (positions) passes_through(t, pl, source, pairs, to_data_positions<T, I>{decoded, positions});
      else passes_through(t, pl, source, pairs, decoded);
    }
    if (pl.fix_up && t == 0) fix_up();
  }
};

/// Sorts one row on a team of `team` threads (started here), or alone with a team of one.
template <class T, class I, int D>
void radix_sort_row(T* data, std::int64_t* positions, I n, typename key_of<T>::K flip, int team, bool staged,
                    const radix_scratch<T, I>& s) {
  radix_row<T, I, D> row{data, positions, n, flip, team, staged || team > 1, s};
  if (team == 1) {
    row.set_bounds();
    row.first_count(0);
    row.run(0, row.plan());
    return;
  }
  typename radix_row<T, I, D>::plan_t pl;
#pragma omp parallel num_threads(team)
  {
    // the team may be smaller than asked for: the chunks follow the team actually running
#pragma omp single
    {
      row.team = omp_get_num_threads();
      row.set_bounds();
    }
    row.first_count(omp_get_thread_num());
#pragma omp barrier
#pragma omp single
    pl = row.plan();
    row.run(omp_get_thread_num(), pl);
  }
}

/// A short row: std::sort of (key, index) pairs (a strict total order: the stable order), then
/// the elements gathered from a copy.
template <class T, class I>
void sort_short(T* data, std::int64_t* positions, I n, typename key_of<T>::K flip,
                keyed<typename key_of<T>::K, I>* pairs, T* saved) {
  using K = typename key_of<T>::K;
  for (I i = 0; i < n; ++i) {
    pairs[i] = {K(key_of<T>::encode(data[i]) ^ flip), i};
    saved[i] = data[i];
  }
  std::sort(pairs, pairs + n, before<K, I>);
  for (I i = 0; i < n; ++i) data[i] = saved[pairs[i].idx];
  if (positions)
    for (I i = 0; i < n; ++i) positions[i] = static_cast<std::int64_t>(pairs[i].idx);
}

template <class I, class K>
from_keys<K, I> reader(K* p) {
  return {p};
}
template <class I, class K>
from_pairs<K, I> reader(keyed<K, I>* p) {
  return {p};
}
template <class I, class K>
to_keys<K, I> writer(K* p) {
  return {p};
}
template <class I, class K>
to_pairs<K, I> writer(keyed<K, I>* p) {
  return {p};
}
template <class K>
inline bool less_element(K a, K b) {
  return a < b;
}
template <class K, class I>
inline bool less_element(const keyed<K, I>& a, const keyed<K, I>& b) {
  return before(a, b);
}

/// What a thread's selections use: a histogram a digit and the buckets' bounds of each level.
template <class I>
struct select_scratch {
  I* histograms;  // max_passes x max_buckets
  I* levels;      // max_levels x (max_buckets + 1)
  staging stage;
};

template <int D, class I, class E>
void sort_range_lsd(E* a, E* tmp, I m, int bits, I* h) {
  constexpr unsigned buckets = 1u << D, mask = buckets - 1;
  const int passes = (bits + D - 1) / D;
  for (int p = 0; p < passes; ++p) std::fill_n(h + std::size_t(p) * max_buckets, buckets, I(0));
  for (I i = 0; i < m; ++i) {
    const auto k = key_in(a[i]);
    for (int p = 0; p < passes; ++p) ++h[std::size_t(p) * max_buckets + digit_of(k, p * D, mask)];
  }
  const auto k0 = key_in(a[0]);
  E* from = a;
  E* into = tmp;
  I offs[buckets];
  for (int p = 0; p < passes; ++p) {
    const I* c = h + std::size_t(p) * max_buckets;
    if (c[digit_of(k0, p * D, mask)] == m) continue;  // the same digit in every key
    I sum = 0;
    for (unsigned d = 0; d < buckets; ++d) offs[d] = sum, sum += c[d];
    scatter<D>(reader<I>(from), writer<I>(into), I(0), m, p * D, offs);
    std::swap(from, into);
  }
  if (from != a) std::copy(from, from + m, a);
}

/// Sorts m keys or pairs at `a` on their `bits` low bits (those above are the same in all), with
/// `tmp` as room: std::sort below small_row, else LSD passes in cache.
template <class I, class E>
void sort_range(E* a, E* tmp, I m, int bits, I* histograms) {
  if (m < 2 || bits <= 0) return;
  if (m < static_cast<I>(small_row)) std::sort(a, a + m, [](const E& x, const E& y) { return less_element(x, y); });
  else if (m >= static_cast<I>(wide_digit_row) && fewer_passes(bits))
    sort_range_lsd<wide_digit>(a, tmp, m, bits, histograms);
  else sort_range_lsd<narrow_digit>(a, tmp, m, bits, histograms);
}

/// The bits of a selection's split of m keys: 11 (2048 buckets) from select_wide_keys keys on,
/// 8 below, where 2048 buckets' counters would outnumber the keys.
template <class I>
int select_window(I m) {
  return m >= static_cast<I>(select_wide_keys) ? wide_digit : narrow_digit;
}

/// The kth positions of m keys or pairs at `a` (row positions base..base+m; kth in [kb, ke),
/// sorted) settled as a stable sort would settle them, stably, on their `bits` low bits: a split
/// by the window below the bits where the keys differ (an MSD pass, stable), then again in each
/// bucket holding a kth, until a bucket is small enough to sort.
template <class I, class E>
void select_range(E* a, E* tmp, I m, int bits, const index_t* kb, const index_t* ke, index_t base,
                  const select_scratch<I>& ss, int level) {
  if (kb == ke || m < 2 || bits <= 0) return;
  if (m <= static_cast<I>(select_sort_keys) || level == max_levels) {
    sort_range(a, tmp, m, bits, ss.histograms);
    return;
  }
  const auto k0 = key_in(a[0]);
  std::remove_const_t<decltype(k0)> diff = 0;
  for (I i = 0; i < m; ++i) diff |= key_in(a[i]) ^ k0;
  if (diff == 0) return;
  const int window = select_window(m);
  const int shift = std::max(0, top_bit(diff) + 1 - window);
  const unsigned buckets = 1u << window, mask = buckets - 1;
  I* const h = ss.histograms;
  I* const bounds = ss.levels + std::size_t(level) * (max_buckets + 1);
  std::fill_n(h, buckets, I(0));
  for (I i = 0; i < m; ++i) ++h[digit_of(key_in(a[i]), shift, mask)];
  I sum = 0;
  for (unsigned d = 0; d < buckets; ++d) bounds[d] = sum, sum += h[d];
  bounds[buckets] = m;
  std::copy(bounds, bounds + buckets, h);  // the scatter's offsets
  if (static_cast<std::size_t>(m) * sizeof(E) > cache_bytes) {
    if (window == wide_digit)
      scatter_staged<wide_digit>(reader<I>(a), writer<I>(tmp), I(0), m, shift, h, ss.stage, no_census<I>());
    else scatter_staged<narrow_digit>(reader<I>(a), writer<I>(tmp), I(0), m, shift, h, ss.stage, no_census<I>());
  } else {
    if (window == wide_digit) scatter<wide_digit>(reader<I>(a), writer<I>(tmp), I(0), m, shift, h);
    else scatter<narrow_digit>(reader<I>(a), writer<I>(tmp), I(0), m, shift, h);
  }
  std::copy(tmp, tmp + m, a);
  for (unsigned d = 0; d < buckets; ++d) {
    const I b = bounds[d], e = bounds[d + 1];
    const index_t* const from = std::lower_bound(kb, ke, base + static_cast<index_t>(b));
    const index_t* const to = std::lower_bound(from, ke, base + static_cast<index_t>(e));
    if (from != to) select_range(a + b, tmp + b, e - b, shift, from, to, base + static_cast<index_t>(b), ss, level + 1);
  }
}

/// A partition of one row by a team of `team` threads (one: called alone): a stable split of the
/// row by the window below the bits where its keys differ, each thread its chunk (as a radix
/// sort's first pass), then the buckets holding a kth refined (select_range), each by the first
/// free thread, and the row written back. Every step is stable, so the row's arrangement is the
/// same whether indices are carried (argpartition) or not (partition) and whatever the team.
template <class T, class I>
struct select_row {
  using KO = key_of<T>;
  using K = typename KO::K;
  using P = keyed<K, I>;

  T* data;
  std::int64_t* positions;
  I n;
  K flip;
  const index_t* kth;
  index_t kth_count;
  int team;
  radix_scratch<T, I> s;
  std::atomic<unsigned> next_bucket{0};  // the next bucket for a free thread

  void set_bounds() {
    for (int t = 0; t <= team; ++t) {
      const I even = static_cast<I>(static_cast<u128>(n) * static_cast<unsigned>(t) / static_cast<unsigned>(team));
      s.bounds[t] = t == team ? n : even / I(chunk_align) * I(chunk_align);
    }
  }
  I chunk_begin(int t) const { return s.bounds[t]; }
  I* histogram(int t) const { return s.histograms + static_cast<std::size_t>(t) * max_passes * max_buckets; }
  select_scratch<I> scratch_of(int t) const {
    return {histogram(t), s.levels + static_cast<std::size_t>(t) * max_levels * (max_buckets + 1),
            staging::at(s.staging + std::size_t(t) * staging::bytes)};
  }
  K key(I i) const { return K(KO::encode(data[i]) ^ flip); }

  // the window's shift guessed from a sample: sample_margin bits above the highest bit where
  // sample_keys keys differ (a window higher than the row's differing bits splits it as well,
  // only into fewer buckets; a lower one is counted again)
  int guess(int window) const {
    const K k0 = key(0);
    K diff = 0;
    const I step = std::max<I>(1, n / static_cast<I>(sample_keys));
    for (I i = 0; i < n; i += step) diff |= K(key(i) ^ k0);
    diff |= K(key(n - 1) ^ k0);
    const int top = std::min(8 * static_cast<int>(sizeof(K)) - 1, (diff == 0 ? 0 : top_bit(diff)) + sample_margin);
    return std::max(0, top + 1 - window);
  }
  // thread t's chunk: the bits where keys differ, exactness, the histogram of the window at `shift`
  void count(int t, int shift, unsigned mask) {
    I* const h = histogram(t);
    std::fill_n(h, mask + 1, I(0));
    const T* const row = data;
    const K f = flip, k0 = key(0);
    K diff = 0;
    bool inexact = false;
    const I begin = chunk_begin(t), end = chunk_begin(t + 1);
    for (I i = begin; i < end; ++i) {
      const T x = row[i];
      const K k = K(KO::encode(x) ^ f);
      ++h[digit_of(k, shift, mask)];
      diff |= K(k ^ k0);
      if constexpr (KO::is_float || KO::is_complex) inexact |= !KO::exact(x);
    }
    s.stats[t].diff = diff;
    s.stats[t].inexact = inexact;
  }

  template <class E>
  void split(int t, E* a, E* b, int window, int shift, bool staged) {
    const unsigned buckets = 1u << window;
    const select_scratch<I> ss = scratch_of(t);
    // the offsets of this thread's chunk, and the buckets' bounds (every thread its own copy),
    // both from the threads' histograms now: after the split's barrier a thread that is done
    // refines its buckets, and its select_range counts into its histogram again
    I* const bounds = ss.levels;
    I offs[max_buckets];
    I sum = 0;
    for (unsigned d = 0; d < buckets; ++d) {
      I before = 0, total = 0;
      for (int u = 0; u < team; ++u) {
        const I c = histogram(u)[d];
        total += c;
        if (u < t) before += c;
      }
      bounds[d] = sum;
      offs[d] = sum + before;
      sum += total;
    }
    bounds[buckets] = n;
    const from_data<T, I> source{data, flip};
    const I begin = chunk_begin(t), end = chunk_begin(t + 1);
    if (staged) {
      if (window == wide_digit)
        scatter_staged<wide_digit>(source, writer<I>(a), begin, end, shift, offs, ss.stage, no_census<I>());
      else scatter_staged<narrow_digit>(source, writer<I>(a), begin, end, shift, offs, ss.stage, no_census<I>());
    } else {
      if (window == wide_digit) scatter<wide_digit>(source, writer<I>(a), begin, end, shift, offs);
      else scatter<narrow_digit>(source, writer<I>(a), begin, end, shift, offs);
    }
    barrier(team);
    // the buckets holding a kth, refined, each by the first free thread
    const index_t* const kth_end = kth + kth_count;
    for (unsigned d = next_bucket.fetch_add(1); d < buckets; d = next_bucket.fetch_add(1)) {
      const I lo = bounds[d], hi = bounds[d + 1];
      const index_t* const from = std::lower_bound(kth, kth_end, static_cast<index_t>(lo));
      const index_t* const to = std::lower_bound(from, kth_end, static_cast<index_t>(hi));
      if (from != to) select_range(a + lo, b + lo, hi - lo, shift, from, to, static_cast<index_t>(lo), ss, 1);
    }
    barrier(team);
  }

  void run(int t) {
    const int window = select_window(n);
    const unsigned mask = (1u << window) - 1;
    const int guessed = guess(window);
    count(t, guessed, mask);
    barrier(team);
    K diff = 0;
    bool inexact = false;
    for (int u = 0; u < team; ++u) diff |= s.stats[u].diff, inexact |= s.stats[u].inexact;
    const I begin = chunk_begin(t), end = chunk_begin(t + 1);
    if (diff == 0) {  // every key equal: the row stays as it is
      if (positions)
        for (I i = begin; i < end; ++i) positions[i] = static_cast<std::int64_t>(i);
      return;
    }
    int shift = guessed;
    if (top_bit(diff) >= guessed + window) {  // the row differs above the window: count again
      shift = std::max(0, top_bit(diff) + 1 - window);
      barrier(team);  // every thread has read the stats
      count(t, shift, mask);
      barrier(team);
    }
    if (inexact) std::copy(data + begin, data + end, s.saved + begin);  // gathered from at the end
    const bool carry = positions != nullptr || inexact;
    const bool staged = static_cast<std::size_t>(n) * (carry ? sizeof(P) : sizeof(K)) > cache_bytes;
    if (carry) {
      P* const a = static_cast<P*>(s.a);
      split(t, a, static_cast<P*>(s.b), window, shift, staged);
      for (I i = begin; i < end; ++i) {
        data[i] = inexact ? s.saved[a[i].idx] : KO::decode(K(a[i].key ^ flip));
        if (positions) positions[i] = static_cast<std::int64_t>(a[i].idx);
      }
    } else {
      K* const a = static_cast<K*>(s.a);
      split(t, a, static_cast<K*>(s.b), window, shift, staged);
      for (I i = begin; i < end; ++i) data[i] = KO::decode(K(a[i] ^ flip));
    }
  }
};

/// Partitions one row on a team of `team` threads (started here), or alone with a team of one.
template <class T, class I>
void select_one_row(T* data, std::int64_t* positions, I n, typename key_of<T>::K flip, const index_t* kth,
                    index_t kth_count, int team, const radix_scratch<T, I>& s) {
  select_row<T, I> row{data, positions, n, flip, kth, kth_count, team, s};
  if (team == 1) {
    row.set_bounds();
    row.run(0);
    return;
  }
#pragma omp parallel num_threads(team)
  {
#pragma omp single
    {
      row.team = omp_get_num_threads();
      row.set_bounds();
    }
    row.run(omp_get_thread_num());
  }
}

/// Scratch from the host's memory primitive (its reuse cache for large buffers), so that a
/// failure is an xp::out_of_memory before any row is touched.
std::shared_ptr<void> scratch(std::size_t bytes) { return primitive::memory<::xp::host>::allocate(bytes); }

template <class T, class I>
void sort_rows_with(const detail::sort_problem<T>& p) {
  using KO = key_of<T>;
  using K = typename KO::K;
  using P = keyed<K, I>;
  const I n = static_cast<I>(p.length);
  const K flip = p.descending ? K(~K(0)) : K(0);
  const int threads = omp_in_parallel() ? 1 : std::max(1, omp_get_max_threads());
  const bool partition = p.kth_count > 0;
  constexpr int key_bits = 8 * sizeof(K);
  const bool wide = p.length >= wide_digit_row && fewer_passes(key_bits);
  const bool staged = p.length >= staged_row;
  const auto row_data = [&](index_t r) { return p.data + r * p.length; };
  const auto row_positions = [&](index_t r) { return p.positions ? p.positions + r * p.length : nullptr; };
  const auto radix = [&](index_t r, int team, const radix_scratch<T, I>& s) {
    if constexpr (fewer_passes(key_bits)) {
      if (wide) return radix_sort_row<T, I, wide_digit>(row_data(r), row_positions(r), n, flip, team, staged, s);
    }
    radix_sort_row<T, I, narrow_digit>(row_data(r), row_positions(r), n, flip, team, staged, s);
  };

  // one row at a time on the whole team: long rows, fewer than two a thread (a row a thread would
  // leave a thread idle for the last ones)
  if (threads > 1 && p.length >= team_row && p.rows < 2 * threads) {
    const int members = std::min(threads, max_team);
    const radix_layout<T, I> layout(n, members, true, partition);
    const auto block = scratch(layout.total);
    const radix_scratch<T, I> s = carve_radix_scratch<T, I>(static_cast<unsigned char*>(block.get()), layout);
    for (index_t r = 0; r < p.rows; ++r) {
      if (partition) select_one_row<T, I>(row_data(r), row_positions(r), n, flip, p.kth, p.kth_count, members, s);
      else radix(r, members, s);
    }
    return;
  }

  // a row per thread (one thread for little work: a team's start and wake-ups cost more)
  const int team = p.rows * p.length < parallel_elements ? 1 : static_cast<int>(std::min<index_t>(threads, p.rows));
  const bool short_rows = p.length < small_row;
  const radix_layout<T, I> layout(n, 1, staged, partition);
  const std::size_t per_thread =
      short_rows ? round_up(static_cast<std::size_t>(n) * sizeof(P)) + round_up(static_cast<std::size_t>(n) * sizeof(T))
                 : layout.total;
  const auto block = scratch(per_thread * static_cast<std::size_t>(team));
  unsigned char* const base = static_cast<unsigned char*>(block.get());
#pragma omp parallel num_threads(team) if (team > 1)
  {
    unsigned char* const mine = base + per_thread * static_cast<std::size_t>(omp_get_thread_num());
    P* const pairs = reinterpret_cast<P*>(mine);
    T* const saved = reinterpret_cast<T*>(mine + round_up(static_cast<std::size_t>(n) * sizeof(P)));
#pragma omp for schedule(dynamic)
    for (index_t r = 0; r < p.rows; ++r) {
      if (short_rows) sort_short<T, I>(row_data(r), row_positions(r), n, flip, pairs, saved);
      else if (partition)
        select_one_row<T, I>(row_data(r), row_positions(r), n, flip, p.kth, p.kth_count, 1,
                             carve_radix_scratch<T, I>(mine, layout));
      else radix(r, 1, carve_radix_scratch<T, I>(mine, layout));
    }
  }
}

/// Rows longer than uint32 indices reach (2^32 elements and more): std::sort of (key, uint64
/// index) pairs, or std::nth_element on them for each kth, a row at a time. Rare enough not to
/// be worth the radix sorts' code a second time (it would double this file's compile time).
template <class T>
void sort_huge_rows(const detail::sort_problem<T>& p) {
  using K = typename key_of<T>::K;
  using P = keyed<K, std::uint64_t>;
  const std::size_t n = static_cast<std::size_t>(p.length);
  const auto pairs_block = scratch(n * sizeof(P));
  const auto saved_block = scratch(n * sizeof(T));
  P* const pairs = static_cast<P*>(pairs_block.get());
  T* const saved = static_cast<T*>(saved_block.get());
  const K flip = p.descending ? K(~K(0)) : K(0);
  for (index_t r = 0; r < p.rows; ++r) {
    T* const data = p.data + r * p.length;
    for (std::size_t i = 0; i < n; ++i) {
      pairs[i] = {K(key_of<T>::encode(data[i]) ^ flip), i};
      saved[i] = data[i];
    }
    if (p.kth_count == 0) {
      std::sort(pairs, pairs + n, before<K, std::uint64_t>);
    } else {
      std::size_t from = 0;
      for (index_t i = 0; i < p.kth_count; ++i) {
        const std::size_t at = static_cast<std::size_t>(p.kth[i]);
        std::nth_element(pairs + from, pairs + at, pairs + n, before<K, std::uint64_t>);
        from = at + 1;
      }
    }
    for (std::size_t i = 0; i < n; ++i) data[i] = saved[pairs[i].idx];
    if (p.positions)
      for (std::size_t i = 0; i < n; ++i)
        p.positions[r * p.length + static_cast<index_t>(i)] = static_cast<std::int64_t>(pairs[i].idx);
  }
}

}  // namespace

template <class T>
void sort_rows(const detail::sort_problem<T>& p) {
  if (p.rows <= 0 || p.length <= 0) return;
  if (p.source && p.source != p.data) {
    // rows given apart from their output: copied there, then sorted in place (the radix passes
    // read their keys from the row, so the copy is the first pass's read either way)
    const index_t n = p.rows * p.length;
    constexpr index_t parallel_copy = index_t{1} << 16;  // below 256 KiB of floats one thread copies faster
#pragma omp parallel for schedule(static) if (n >= parallel_copy)
    for (index_t i = 0; i < n; ++i) p.data[i] = p.source[i];
    auto in_place = p;
    in_place.source = nullptr;
    sort_rows(in_place);
    return;
  }
  if (p.length <= static_cast<index_t>(std::numeric_limits<std::uint32_t>::max())) sort_rows_with<T, std::uint32_t>(p);
  else sort_huge_rows(p);
}

#define XP_HOST_SORT_INSTANCE(T) template void sort_rows<T>(const detail::sort_problem<T>&);
XP_SORT_TYPES(XP_HOST_SORT_INSTANCE)
#undef XP_HOST_SORT_INSTANCE
#undef XP_SORT_TYPES

}  // namespace xp::backends::host
