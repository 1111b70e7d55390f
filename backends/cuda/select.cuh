#pragma once
/// @file backends/cuda/select.cuh
/// @brief The device sort primitive's radix selection (backends/cuda/sort.cuh includes it, after the key coding it
/// uses): a kth request (detail::sort_problem::kth) on long rows answered without sorting them. Per key width, not per
/// dtype: the kernels take the key coding (key_coding) at run time, so each width's unit instantiates them once.
///
/// 1. Thresholds: the key of each requested rank, found most-significant digit first. A pass reads the row, encodes
///    every key on the fly (sort_key, ~key for descending) and counts the next digit of the keys whose decided high
///    bits match a requested rank's prefix so far (one shared-memory histogram per distinct prefix, merged into global
///    counters); one block per row then picks the digit where the running count crosses each rank. 11-bit digits (3
///    passes for 32-bit keys, 6 for 64-bit ones) with up to select_wide_digit_max_kth ranks, else 8 bits (4 and 8
///    passes). Nothing is materialised: a pass is one read, and the host never waits (each row's state, the digits
///    picked and what comes next, stays on the device: the later kernels of a row that needs no more return at once).
/// 2. What is written:
///    - topk's request (kth = 0 ... k-1) with kth_only: as soon as the keys up to the rank's bucket number at most
///      select_head_max (pass 2 of 3 for 2^26 uniform float32: ~4100 keys), the next pass also gathers their indices
///      (those below the bucket and those in it), and one block sorts the candidates at or below the last pass's
///      prefix by (key, index), the stable order, and writes the first k with their positions: 3 reads of the row for
///      2^26 float32. When the ties at the threshold are too many to gather, a stable split of the row (below) writes
///      the first k indices instead.
///    - other kth lists with kth_only: one more read finds the lowest index of each threshold key; each kth position
///      gets that element (its original bits) and index.
///    - without kth_only: a stable split of the row by comparison with the distinct threshold keys u_0 < u_1 < ...
///      (classes: below u_0, equal to u_0, between u_0 and u_1, ...): one read counts each class in each warp's
///      contiguous piece of the row, one block per row scans the counts, one read and one write place every element.
///      An element equal to u_j lands at (elements below u_j) + (its rank among the equal ones by index): the stable
///      sort's place, so each kth position holds the stable sort's element and every other element is on the right
///      side of each kth (np.partition's guarantee), deterministically (partition and argpartition agree). For topk's
///      request the first k are then sorted by one block.
/// Elements are always copied from the row (never decoded from keys), so -0.0 and NaN payloads keep their bits.

#if !defined(__CUDACC__)
#error "xp/backends/cuda/select.cuh is for translation units compiled by nvcc"
#endif

namespace xp::backends::cuda::sort_detail {

// ---- constants -----------------------------------------------------------------------------------------------------

/// Shortest rows selected rather than sorted. A selection is about 10 to 16 launches whatever the length (some 2 us
/// each when a row needs little) plus 3 to 5 reads of the row; the full sort of one row longer than a block's tile is
/// cub::DeviceRadixSort (5 to 10 launches, 4 onesweep passes that read and write keys and positions, an encoding and a
/// decoding pass). At 2^16 keys both are bound by their launches (some tens of microseconds: an estimate, not yet
/// measured); above it the selection reads and writes less. Rows up to 16384 keys are sorted in shared memory by one
/// block each (block_sort), which also serves many such rows at once (median of 4096 x 4096: 4096 blocks).
inline constexpr index_t select_min_length = index_t{1} << 16;
/// Longest rows selected: positions within a row travel as uint32, and 2^32 - 1 is the candidates' padding index.
inline constexpr index_t select_max_length = (index_t{1} << 32) - 1;
/// Most rows selected at once: each row has its own counters and candidates (up to 32 KiB each; 1024 rows: 64 MiB);
/// more rows of 2^16 and up are sorted (their n is then at least 2^26, where the full sort's cost per element is
/// lowest).
inline constexpr index_t select_max_rows = 1024;
/// Most kth positions of a general request (median: 3, a percentile: 3, 5 quantiles: 11): each is a rank whose
/// threshold key is searched, and the split has 2 x count + 1 classes. More are sorted.
inline constexpr int select_max_kth = 16;
/// Classes of the stable split: below, equal to and between the distinct threshold keys.
inline constexpr int select_max_classes = 2 * select_max_kth + 1;
/// Ranks up to which 11-bit digits are used (3 passes for 32-bit keys instead of 4): a prefix's shared histogram is
/// 2048 x 4 bytes, 4 of them 32 KiB; with more ranks 8-bit digits (16 x 1 KiB).
inline constexpr int select_wide_digit_max_kth = 4;
inline constexpr int select_wide_digit = 11;
inline constexpr int select_narrow_digit = 8;
/// The largest k of topk's request that is selected (more: sorted), and how many candidates one block sorts: 8192 keys
/// and indices in shared memory (96 KiB for 64-bit keys). A bucket of 2^26 uniform float32 after two 11-bit digits
/// holds ~4100 keys, so k = 100 is gathered in the last digit pass.
inline constexpr index_t select_head_max = 8192;
/// Threads of the sorting block (8 candidates each at most).
inline constexpr int select_head_threads = 1024;
inline constexpr int select_head_per_thread = static_cast<int>(select_head_max) / select_head_threads;
/// Threads of the pass kernels (8 warps: each warp owns a contiguous piece of the row in the split).
inline constexpr int select_threads = block_threads;
inline constexpr int select_warps = select_threads / warp_size;
/// Blocks of the pass kernels per SM over all rows (4 x 256 threads: half the SM's threads, each with 8 loads in flight
/// for 32-bit keys, which keeps ~32 KiB in flight per SM: more than the ~15 KiB that 3.35 TB/s at ~600 ns of latency
/// asks of each of 132 SMs), and the fewest elements a block takes (32 a thread), so that a short row does not spread
/// over blocks that each clear and flush 2048 counters for a few hundred keys (2^16 keys: 8 blocks; 4M: 512).
inline constexpr int select_blocks_per_sm = 4;
inline constexpr index_t select_min_block_chunk = 8192;
/// Threads of the one block per row that picks digits and scans the split's counts (2048 bins: 8 a thread).
inline constexpr int select_pick_threads = 256;
inline constexpr int select_pick_max_per_thread = (1 << select_wide_digit) / select_pick_threads;
/// Counts a thread of the split's scan adds up before the block scan (4096 counts an iteration).
inline constexpr int select_scan_per_thread = 16;
/// Keys a thread loads before it processes them (16 bytes' worth twice, at least 4, at most 16): 8 float32.
template <class K>
inline constexpr int select_items = static_cast<int>(std::clamp<std::size_t>(32 / sizeof(K), 4, 16));
/// The padding index of the candidates (past every position: rows are shorter than 2^32 - 1).
inline constexpr unsigned select_no_index = ~0u;

// ---- the state of each row's selection (device) --------------------------------------------------------------------

/// What a row's selection does next. histogram: count digits; collect: count digits and gather the candidates (topk);
/// collected: done, the candidates wait for the sort; fallback: too many ties to gather, the split writes the first k.
enum select_mode : int { select_histogram = 0, select_collect = 1, select_collected = 2, select_fallback = 3 };

/// One row's selection: for each requested rank (a slot) the key bits decided so far (right-aligned; after the last
/// pass its key), its rank among the keys of that prefix, the keys below the prefix and those in it; the distinct
/// prefixes (ascending: the ranks are) that the passes count, each slot's among them.
template <class K>
struct select_state {
  K prefix[select_max_kth];
  K group_prefix[select_max_kth];
  unsigned rank[select_max_kth];
  unsigned less[select_max_kth];
  unsigned bucket[select_max_kth];
  int group[select_max_kth];
  int groups;
  int mode;
  int collect_shift;  ///< the low bit of the digit of the pass that gathered the candidates
};

/// The requested ranks (or kth positions), passed by value to the kernels.
struct select_ranks {
  unsigned value[select_max_kth];
  int count;
};

/// A pass's digit: key bits [lo, hi), those above hi decided. `groups`: the most distinct prefixes the pass can have
/// (the shared histograms allocated).
struct select_pass {
  int hi;
  int lo;
  int groups;
};

/// Where a row's elements go among the blocks of the pass kernels: block b takes [b chunk, (b + 1) chunk), its warp w
/// the unit [(b warps + w) unit_chunk, ...): every kernel of one selection cuts the row alike.
struct select_geometry {
  unsigned blocks;
  index_t chunk;
  index_t unit_chunk;
  index_t units;
};

inline index_t ceil_div(index_t a, index_t b) { return (a + b - 1) / b; }

inline select_geometry select_geometry_of(index_t rows, index_t length) {
  const index_t target = std::max<index_t>(1, index_t{sm_count()} * select_blocks_per_sm / rows);
  const index_t wanted = std::clamp<index_t>(ceil_div(length, select_min_block_chunk), 1, target);
  const index_t unit_chunk = ceil_div(ceil_div(ceil_div(length, wanted), select_warps), warp_size) * warp_size;
  const index_t chunk = unit_chunk * select_warps;
  const index_t blocks = ceil_div(length, chunk);
  return {static_cast<unsigned>(blocks), chunk, unit_chunk, blocks * select_warps};
}

// ---- device helpers ------------------------------------------------------------------------------------------------

/// The key bits above bit `hi` (none when hi is the key's width).
template <class K>
__device__ __forceinline__ K bits_above(K key, int hi) {
  return hi >= std::numeric_limits<K>::digits ? K(0) : static_cast<K>(key >> hi);
}

__device__ __forceinline__ unsigned lane_id() { return threadIdx.x & (warp_size - 1); }
__device__ __forceinline__ unsigned lanes_below() { return (1u << lane_id()) - 1u; }

/// One count added to shared bin `bin` (< 0: none) by each lane, the warp's counts merged when they all go to one bin
/// (constant or sorted data would otherwise serialise 32 atomics on one address).
__device__ __forceinline__ void count_in_bin(unsigned* bins, int bin) {
  const unsigned active = __ballot_sync(full_warp_mask, bin >= 0);
  if (active == 0) return;
  const int first = __ffs(static_cast<int>(active)) - 1;
  const int first_bin = __shfl_sync(full_warp_mask, bin, first);
  if (__ballot_sync(full_warp_mask, bin == first_bin) == active) {
    if (static_cast<int>(lane_id()) == first) atomicAdd(&bins[first_bin], static_cast<unsigned>(__popc(active)));
  } else if (bin >= 0) {
    atomicAdd(&bins[bin], 1u);
  }
}

/// Appends each lane's `value` where `take`, at slots reserved by one atomic a warp on `cursor`; slots past `capacity`
/// are dropped.
__device__ __forceinline__ void append(bool take, unsigned value, unsigned* list, unsigned* cursor, unsigned capacity) {
  const unsigned mask = __ballot_sync(full_warp_mask, take);
  if (mask == 0) return;
  const int leader = __ffs(static_cast<int>(mask)) - 1;
  unsigned base = 0;
  if (static_cast<int>(lane_id()) == leader) base = atomicAdd(cursor, static_cast<unsigned>(__popc(mask)));
  base = __shfl_sync(full_warp_mask, base, leader);
  const unsigned at = base + static_cast<unsigned>(__popc(mask & lanes_below()));
  if (take && at < capacity) list[at] = value;
}

/// The lanes whose class equals this lane's (classes below 2^class_bits): one ballot per bit.
__device__ __forceinline__ unsigned class_peers(unsigned cls, int class_bits) {
  unsigned peers = full_warp_mask;
  for (int b = 0; b < class_bits; ++b) {
    const bool one = (cls >> b) & 1u;
    const unsigned ones = __ballot_sync(full_warp_mask, one);
    peers &= one ? ones : ~ones;
  }
  return peers;
}

/// The class of a key among the distinct ascending thresholds u[0 .. q): 2 i for keys between u[i - 1] and u[i]
/// (below u[0] for i = 0, above u[q - 1] for i = q), 2 i + 1 for a key equal to u[i].
template <class K>
__device__ __forceinline__ unsigned class_of(K key, const K* u, int q) {
  int lo = 0, hi = q;
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (u[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return static_cast<unsigned>(2 * lo + (lo < q && u[lo] == key ? 1 : 0));
}

// ---- kernels -------------------------------------------------------------------------------------------------------

/// Each row's state before the first pass: every slot at the empty prefix with its rank, one group.
template <class K>
__global__ void __launch_bounds__(block_threads)
    select_init_kernel(select_state<K>* __restrict__ states, index_t rows, select_ranks ranks) {
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t r = index_t{blockIdx.x} * blockDim.x + threadIdx.x; r < rows; r += step) {
    select_state<K>& s = states[r];
    for (int j = 0; j < ranks.count; ++j) {
      s.prefix[j] = K(0);
      s.rank[j] = ranks.value[j];
      s.less[j] = 0;
      s.bucket[j] = 0;
      s.group[j] = 0;
    }
    s.group_prefix[0] = K(0);
    s.groups = 1;
    s.mode = select_histogram;
    s.collect_shift = 0;
  }
}

/// One digit pass over block blockIdx.x's piece of row blockIdx.y: the digit [lo, hi) of every key whose bits above
/// hi match a group's prefix, counted in shared memory (one histogram of 2^(hi - lo) bins per group) and added to the
/// row's counters (`hist`: groups of `hist_group` bins, `hist_row` a row). In select_collect mode (topk) the indices
/// of the keys at or below the prefix are also appended to the row's candidates (`cand`, select_head_max a row).
template <class K>
__global__ void __launch_bounds__(select_threads)
    select_histogram_kernel(const K* __restrict__ src, index_t length, index_t chunk, key_coding c, select_pass pass,
                            const select_state<K>* __restrict__ states, unsigned* __restrict__ hist, index_t hist_row,
                            index_t hist_group, unsigned* __restrict__ cand, unsigned* __restrict__ cursor) {
  extern __shared__ unsigned select_bins[];
  __shared__ K prefixes[select_max_kth];
  constexpr int items = select_items<K>;
  const index_t row = blockIdx.y;
  const select_state<K>& state = states[row];
  const int mode = state.mode;
  if (mode != select_histogram && mode != select_collect) return;
  const int groups = min(state.groups, pass.groups);
  const int bins = 1 << (pass.hi - pass.lo);
  const auto digit_mask = static_cast<K>(bins - 1);
  const bool collect = mode == select_collect;
  const K limit = state.prefix[0];  // collect: the keys whose high bits are at most the prefix
  for (int i = static_cast<int>(threadIdx.x); i < groups * bins; i += select_threads) select_bins[i] = 0;
  if (static_cast<int>(threadIdx.x) < groups) prefixes[threadIdx.x] = state.group_prefix[threadIdx.x];
  __syncthreads();
  const K* const in = src + row * length;
  const index_t begin = index_t{blockIdx.x} * chunk, end = std::min(length, begin + chunk);
  for (index_t base = begin; base < end; base += index_t{select_threads} * items) {  // the same trips for every thread
    K bits[items];
#pragma unroll
    for (int u = 0; u < items; ++u) {
      const index_t i = base + index_t{u} * select_threads + threadIdx.x;
      bits[u] = i < end ? in[i] : K(0);
    }
#pragma unroll
    for (int u = 0; u < items; ++u) {
      const index_t i = base + index_t{u} * select_threads + threadIdx.x;
      const bool valid = i < end;
      const K key = encode_bits(bits[u], c);
      const K high = bits_above(key, pass.hi);
      int bin = -1;
      if (valid) {
        for (int g = 0; g < groups && prefixes[g] <= high; ++g)
          if (prefixes[g] == high) bin = g * bins + static_cast<int>(static_cast<K>(key >> pass.lo) & digit_mask);
      }
      count_in_bin(select_bins, bin);
      if (collect)
        append(valid && high <= limit, static_cast<unsigned>(i), cand + row * select_head_max, cursor + row,
               static_cast<unsigned>(select_head_max));
    }
  }
  __syncthreads();
  unsigned* const out = hist + row * hist_row;
  for (int i = static_cast<int>(threadIdx.x); i < groups * bins; i += select_threads) {
    const unsigned n = select_bins[i];
    if (n != 0) atomicAdd(&out[(i / bins) * hist_group + i % bins], n);
  }
}

/// After a pass, one block per row: for each slot the digit of its group's histogram where the running count crosses
/// its rank (the slot's prefix grows by it, its rank drops by the keys before it), the counters read cleared for the
/// next pass, the slots regrouped by prefix. topk (`topk`: one slot) gathers its candidates in the next pass once the
/// keys up to its bucket number at most select_head_max, else after the `last` digit it falls back to the split.
template <class K>
__global__ void __launch_bounds__(select_pick_threads)
    select_pick_kernel(select_state<K>* __restrict__ states, unsigned* __restrict__ hist, index_t hist_row,
                       index_t hist_group, select_pass pass, int slots, bool topk, bool last) {
  using scan_type = cub::BlockScan<unsigned, select_pick_threads>;
  __shared__ typename scan_type::TempStorage scan_storage;
  __shared__ int digit_of[select_max_kth];
  __shared__ unsigned below_of[select_max_kth], count_of[select_max_kth];
  const index_t row = blockIdx.x;
  const int thread = static_cast<int>(threadIdx.x);
  select_state<K>& state = states[row];
  const int mode = state.mode;
  const int groups = state.groups;
  __syncthreads();  // every thread has read the state before thread 0 writes it
  if (mode != select_histogram && mode != select_collect) return;
  const int width = pass.hi - pass.lo;
  const int bins = 1 << width;
  const int per = std::max(1, bins / select_pick_threads);
  if (thread < slots) {  // the defaults are never kept: each slot's rank is below its group's count
    digit_of[thread] = 0;
    below_of[thread] = 0;
    count_of[thread] = 0;
  }
  __syncthreads();  // the defaults are written before any pick
  unsigned* const counts = hist + row * hist_row;
  for (int g = 0; g < groups; ++g) {
    unsigned local[select_pick_max_per_thread];
    unsigned sum = 0;
#pragma unroll
    for (int q = 0; q < select_pick_max_per_thread; ++q) {
      const int b = thread * per + q;
      local[q] = q < per && b < bins ? counts[g * hist_group + b] : 0u;
      sum += local[q];
    }
    unsigned before = 0;
    scan_type(scan_storage).ExclusiveSum(sum, before);
    for (int j = 0; j < slots; ++j) {
      const unsigned rank = state.rank[j];
      if (state.group[j] != g || rank < before || rank - before >= sum) continue;
      unsigned cum = before;
#pragma unroll
      for (int q = 0; q < select_pick_max_per_thread; ++q) {
        if (q < per && rank - cum < local[q]) {
          digit_of[j] = thread * per + q;
          below_of[j] = cum;
          count_of[j] = local[q];
          break;
        }
        cum += local[q];
      }
    }
    __syncthreads();  // the scan's storage is reused; the picks are seen
  }
  for (int g = 0; g < groups; ++g)
    for (int b = thread; b < bins; b += select_pick_threads) counts[g * hist_group + b] = 0;
  if (thread != 0) return;
  for (int j = 0; j < slots; ++j) {
    state.prefix[j] = static_cast<K>((static_cast<unsigned long long>(state.prefix[j]) << width) |
                                     static_cast<unsigned long long>(digit_of[j]));
    state.rank[j] -= below_of[j];
    state.less[j] += below_of[j];
    state.bucket[j] = count_of[j];
  }
  int distinct = 0;
  for (int j = 0; j < slots; ++j) {
    if (j == 0 || state.prefix[j] != state.prefix[j - 1]) state.group_prefix[distinct++] = state.prefix[j];
    state.group[j] = distinct - 1;
  }
  state.groups = distinct;
  if (!topk) return;
  if (mode == select_collect) {
    state.mode = select_collected;
    state.collect_shift = pass.lo;
  } else if (static_cast<index_t>(state.less[0]) + state.bucket[0] <= select_head_max) {
    state.mode = select_collect;
  } else if (last) {
    state.mode = select_fallback;
  }
}

/// General kth_only requests, after the last pass: the lowest index of each threshold key (the groups' prefixes, now
/// whole keys) in the row, into `found` (select_max_kth a row, initially all ones).
template <class K>
__global__ void __launch_bounds__(select_threads)
    select_find_kernel(const K* __restrict__ src, index_t length, index_t chunk, key_coding c,
                       const select_state<K>* __restrict__ states, unsigned* __restrict__ found) {
  __shared__ K thresholds[select_max_kth];
  __shared__ unsigned lowest[select_max_kth];
  const index_t row = blockIdx.y;
  const int q = states[row].groups;
  if (static_cast<int>(threadIdx.x) < q) {
    thresholds[threadIdx.x] = states[row].group_prefix[threadIdx.x];
    lowest[threadIdx.x] = select_no_index;
  }
  __syncthreads();
  constexpr int items = select_items<K>;
  const K* const in = src + row * length;
  const index_t begin = index_t{blockIdx.x} * chunk, end = std::min(length, begin + chunk);
  unsigned seen = 0;  // the thresholds this thread has met: its indices only grow, so its first is its lowest
  for (index_t base = begin; base < end; base += index_t{select_threads} * items) {
    K bits[items];
#pragma unroll
    for (int u = 0; u < items; ++u) {  // every load issued before the keys are looked at
      const index_t i = base + index_t{u} * select_threads + threadIdx.x;
      bits[u] = i < end ? in[i] : K(0);
    }
#pragma unroll
    for (int u = 0; u < items; ++u) {
      const index_t i = base + index_t{u} * select_threads + threadIdx.x;
      const unsigned cls = i < end ? class_of(encode_bits(bits[u], c), thresholds, q) : 0u;
      const unsigned bit = 1u << (cls / 2);
      if ((cls & 1u) == 0 || (seen & bit) != 0) continue;
      seen |= bit;
      atomicMin(&lowest[cls / 2], static_cast<unsigned>(i));
    }
  }
  __syncthreads();
  if (static_cast<int>(threadIdx.x) < q && lowest[threadIdx.x] != select_no_index)
    atomicMin(&found[row * select_max_kth + threadIdx.x], lowest[threadIdx.x]);
}

/// General kth_only requests: each kth position of row blockIdx.x gets the element found for its threshold (its
/// original bits) and its index. One warp a row: every element is read before any is written (`src` may be `data`).
template <class K>
__global__ void __launch_bounds__(warp_size)
    select_write_kernel(const K* src, K* data, std::int64_t* positions, index_t length,
                        const select_state<K>* __restrict__ states, const unsigned* __restrict__ found,
                        select_ranks kth) {
  const index_t row = blockIdx.x;
  const int j = static_cast<int>(threadIdx.x);
  unsigned at = select_no_index;
  K bits{};
  if (j < kth.count) {
    at = found[row * select_max_kth + states[row].group[j]];
    if (at < length) bits = src[row * length + at];
  }
  __syncwarp();
  if (j < kth.count && at < length) {
    data[row * length + kth.value[j]] = bits;
    if (positions) positions[row * length + kth.value[j]] = at;
  }
}

/// The split's first read: each warp counts the classes (class_of the threshold keys) of its unit of the row, into
/// `counts` (a row: classes x units, class-major). With `only_on_fallback` only rows in select_fallback mode.
template <class K>
__global__ void __launch_bounds__(select_threads)
    select_count_kernel(const K* __restrict__ src, index_t length, index_t unit_chunk, key_coding c,
                        const select_state<K>* __restrict__ states, unsigned* __restrict__ counts, index_t counts_row,
                        index_t units, bool only_on_fallback) {
  __shared__ K thresholds[select_max_kth];
  __shared__ unsigned tally[select_warps][select_max_classes];
  constexpr int items = select_items<K>;
  const index_t row = blockIdx.y;
  const select_state<K>& state = states[row];
  if (only_on_fallback && state.mode != select_fallback) return;
  const int q = state.groups, classes = 2 * q + 1;
  const int class_bits = static_cast<int>(std::bit_width(static_cast<unsigned>(classes)));  // classes < 2^bits
  const int warp = static_cast<int>(threadIdx.x) / warp_size, lane = static_cast<int>(lane_id());
  if (static_cast<int>(threadIdx.x) < q) thresholds[threadIdx.x] = state.group_prefix[threadIdx.x];
  for (int k = lane; k < classes; k += warp_size) tally[warp][k] = 0;
  __syncthreads();
  const index_t unit = index_t{blockIdx.x} * select_warps + warp;
  const index_t begin = unit * unit_chunk, end = std::min(length, begin + unit_chunk);
  const K* const in = src + row * length;
  for (index_t base = begin; base < end; base += index_t{warp_size} * items) {  // the same trips for the warp
    K bits[items];
#pragma unroll
    for (int u = 0; u < items; ++u) {
      const index_t i = base + index_t{u} * warp_size + lane;
      bits[u] = i < end ? in[i] : K(0);
    }
#pragma unroll
    for (int u = 0; u < items; ++u) {
      const index_t i = base + index_t{u} * warp_size + lane;
      const unsigned cls = i < end ? class_of(encode_bits(bits[u], c), thresholds, q) : static_cast<unsigned>(classes);
      const unsigned peers = class_peers(cls, class_bits);
      if (cls < static_cast<unsigned>(classes) && lane == __ffs(static_cast<int>(peers)) - 1)
        atomicAdd(&tally[warp][cls], static_cast<unsigned>(__popc(peers)));
    }
  }
  __syncwarp();
  for (int k = lane; k < classes; k += warp_size) counts[row * counts_row + k * units + unit] = tally[warp][k];
}

/// The split's scan, one block per row: each count becomes the exclusive sum of the counts before it in class-major
/// order, the first position of that warp's elements of that class.
template <class K>
__global__ void __launch_bounds__(select_pick_threads)
    select_offsets_kernel(const select_state<K>* __restrict__ states, unsigned* __restrict__ counts, index_t counts_row,
                          index_t units, bool only_on_fallback) {
  using scan_type = cub::BlockScan<unsigned, select_pick_threads>;
  __shared__ typename scan_type::TempStorage scan_storage;
  const index_t row = blockIdx.x;
  const select_state<K>& state = states[row];
  if (only_on_fallback && state.mode != select_fallback) return;
  const index_t total = (2 * index_t{state.groups} + 1) * units;
  unsigned* const c = counts + row * counts_row;
  unsigned carry = 0;
  constexpr index_t per = select_scan_per_thread;
  for (index_t start = 0; start < total; start += per * select_pick_threads) {
    unsigned v[select_scan_per_thread];
    unsigned sum = 0;
    const index_t first = start + index_t{threadIdx.x} * per;
#pragma unroll
    for (int q = 0; q < select_scan_per_thread; ++q) {
      v[q] = first + q < total ? c[first + q] : 0u;
      sum += v[q];
    }
    unsigned before = 0, all = 0;
    scan_type(scan_storage).ExclusiveSum(sum, before, all);
    unsigned run = carry + before;
#pragma unroll
    for (int q = 0; q < select_scan_per_thread; ++q) {
      if (first + q < total) c[first + q] = run;
      run += v[q];
    }
    carry += all;
    __syncthreads();  // the scan's storage is reused
  }
}

/// The split's second read: each warp walks its unit in order and places every element at its class's next position
/// (the lanes of one class in lane order, one ballot per class bit): positions below `limit` get the element's bits
/// in `out`, its index in `positions` (int64) and `index_out` (uint32), each of them when given (a row: `out_row`).
template <class K>
__global__ void __launch_bounds__(select_threads)
    select_scatter_kernel(const K* __restrict__ src, index_t length, index_t unit_chunk, key_coding c,
                          const select_state<K>* __restrict__ states, const unsigned* __restrict__ offsets,
                          index_t counts_row, index_t units, K* __restrict__ out, std::int64_t* __restrict__ positions,
                          unsigned* __restrict__ index_out, index_t out_row, index_t limit, bool only_on_fallback) {
  __shared__ K thresholds[select_max_kth];
  __shared__ unsigned next[select_warps][select_max_classes];
  constexpr int items = select_items<K>;
  const index_t row = blockIdx.y;
  const select_state<K>& state = states[row];
  if (only_on_fallback && state.mode != select_fallback) return;
  const int q = state.groups, classes = 2 * q + 1;
  const int class_bits = static_cast<int>(std::bit_width(static_cast<unsigned>(classes)));
  const int warp = static_cast<int>(threadIdx.x) / warp_size, lane = static_cast<int>(lane_id());
  const index_t unit = index_t{blockIdx.x} * select_warps + warp;
  if (static_cast<int>(threadIdx.x) < q) thresholds[threadIdx.x] = state.group_prefix[threadIdx.x];
  for (int k = lane; k < classes; k += warp_size) next[warp][k] = offsets[row * counts_row + k * units + unit];
  __syncthreads();
  const index_t begin = unit * unit_chunk, end = std::min(length, begin + unit_chunk);
  const K* const in = src + row * length;
  for (index_t base = begin; base < end; base += index_t{warp_size} * items) {  // the same trips for the warp
    K bits[items];
#pragma unroll
    for (int u = 0; u < items; ++u) {
      const index_t i = base + index_t{u} * warp_size + lane;
      bits[u] = i < end ? in[i] : K(0);
    }
#pragma unroll
    for (int u = 0; u < items; ++u) {
      const index_t i = base + index_t{u} * warp_size + lane;
      const bool valid = i < end;
      const unsigned cls = valid ? class_of(encode_bits(bits[u], c), thresholds, q) : static_cast<unsigned>(classes);
      const unsigned peers = class_peers(cls, class_bits);
      const unsigned at = valid ? next[warp][cls] + static_cast<unsigned>(__popc(peers & lanes_below())) : 0u;
      __syncwarp();  // every lane has read its class's next position
      if (valid && lane == __ffs(static_cast<int>(peers)) - 1) next[warp][cls] += static_cast<unsigned>(__popc(peers));
      __syncwarp();  // and the leaders have moved it on
      if (valid && at < limit) {
        const index_t to = row * out_row + at;
        if (out) out[to] = bits[u];
        if (positions) positions[to] = i;
        if (index_out) index_out[to] = static_cast<unsigned>(i);
      }
    }
  }
}

/// Sorts a row's shared (key, entry) pairs of `size` (a power of two) ascending by key, then entry: a bitonic network.
template <class K>
__device__ void bitonic_sort(K* keys, unsigned* entries, unsigned size) {
  for (unsigned span = 2; span <= size; span <<= 1)
    for (unsigned stride = span >> 1; stride > 0; stride >>= 1) {
      for (unsigned t = threadIdx.x; t < size / 2; t += blockDim.x) {
        const unsigned i = 2 * t - (t & (stride - 1)), j = i + stride;  // i has the stride's bit clear
        const K ki = keys[i], kj = keys[j];
        const unsigned ei = entries[i], ej = entries[j];
        const bool ascending = (i & span) == 0;
        const bool greater = ki > kj || (ki == kj && ei > ej);
        if (greater == ascending) {
          keys[i] = kj;
          keys[j] = ki;
          entries[i] = ej;
          entries[j] = ei;
        }
      }
      __syncthreads();
    }
}

/// The first k positions of row blockIdx.x, sorted by one block. The entries: with `from_data`, the row's first k
/// elements (data, positions: the split's result), ordered by (key, place), the stable order since the split kept
/// equal keys in index order; else topk's candidates (indices into `src`): in select_collected mode those gathered,
/// less the keys above the gathering pass's prefix, in select_fallback mode the k the split wrote; ordered by (key,
/// index). Every element is read before any is written (`src` may be `data`).
template <class K>
__global__ void __launch_bounds__(select_head_threads)
    select_head_kernel(const K* src, K* data, std::int64_t* positions, index_t length, key_coding c,
                       const select_state<K>* __restrict__ states, const unsigned* __restrict__ cand,
                       const unsigned* __restrict__ cursor, index_t k, bool from_data) {
  extern __shared__ __align__(16) unsigned char head_bytes[];
  K* const keys = reinterpret_cast<K*>(head_bytes);
  unsigned* const entries = reinterpret_cast<unsigned*>(head_bytes + select_head_max * sizeof(K));
  __shared__ unsigned kept_count;
  const index_t row = blockIdx.x;
  const int thread = static_cast<int>(threadIdx.x);
  const select_state<K>& state = states[row];
  const bool collected = !from_data && state.mode == select_collected;
  const K* const from = (from_data ? data : src) + row * length;
  const unsigned count =
      collected ? min(cursor[row], static_cast<unsigned>(select_head_max)) : static_cast<unsigned>(k);
  const int shift = state.collect_shift;
  const K limit = state.prefix[0];
  if (thread == 0) kept_count = 0;
  __syncthreads();
  for (unsigned base = 0; base < count; base += select_head_threads) {  // the same trips for every thread
    const unsigned i = base + static_cast<unsigned>(thread);
    const unsigned e = i < count ? (from_data ? i : cand[row * select_head_max + i]) : 0u;
    const K key = i < count ? encode_bits(from[e], c) : K(0);
    const bool keep = i < count && (!collected || static_cast<K>(key >> shift) <= limit);
    const unsigned mask = __ballot_sync(full_warp_mask, keep);
    const int leader = mask != 0 ? __ffs(static_cast<int>(mask)) - 1 : 0;
    unsigned at = 0;
    if (mask != 0 && static_cast<int>(lane_id()) == leader)
      at = atomicAdd(&kept_count, static_cast<unsigned>(__popc(mask)));
    at = __shfl_sync(full_warp_mask, at, leader) + static_cast<unsigned>(__popc(mask & lanes_below()));
    if (keep) {
      keys[at] = key;
      entries[at] = e;
    }
  }
  __syncthreads();
  const unsigned kept = kept_count;
  unsigned size = 1;
  while (size < kept) size <<= 1;
  for (unsigned i = kept + static_cast<unsigned>(thread); i < size; i += select_head_threads) {
    keys[i] = static_cast<K>(~K(0));  // after every key, and after every equal one by its index
    entries[i] = select_no_index;
  }
  __syncthreads();
  bitonic_sort(keys, entries, size);
  K bits[select_head_per_thread];
  std::int64_t where[select_head_per_thread];
#pragma unroll
  for (int q = 0; q < select_head_per_thread; ++q) {
    const index_t r = index_t{q} * select_head_threads + thread;
    if (r < k && r < kept) {
      const unsigned e = entries[r];
      bits[q] = from[e];
      where[q] = from_data ? (positions ? positions[row * length + e] : 0) : std::int64_t{e};
    }
  }
  __syncthreads();  // every element read before any is written
#pragma unroll
  for (int q = 0; q < select_head_per_thread; ++q) {
    const index_t r = index_t{q} * select_head_threads + thread;
    if (r < k && r < kept) {
      data[row * length + r] = bits[q];
      if (positions) positions[row * length + r] = where[q];
    }
  }
}

// ---- the host side -------------------------------------------------------------------------------------------------

/// Whether the selection takes a kth request: long rows (select_min_length ... select_max_length), at most
/// select_max_rows of them, topk's request (0 ... k-1) with k up to select_head_max or at most select_max_kth others.
inline bool selects(index_t rows, index_t length, const index_t* kth, index_t kth_count) {
  if (kth_count <= 0 || length < select_min_length || length > select_max_length || rows > select_max_rows)
    return false;
  const bool topk = kth[kth_count - 1] == kth_count - 1;  // ascending and distinct: exactly 0 ... k-1
  return topk ? kth_count <= select_head_max : kth_count <= select_max_kth;
}

/// Launches a pass kernel over every row (blocks x rows) with `shared` bytes of dynamic shared memory.
template <class... Params, class... Args>
void launch_rows(void (*kernel)(Params...), dim3 grid, int threads, std::size_t shared, Args... args) {
  // the limit is on static and dynamic shared memory together; the kernels' static share is under 2 KiB
  constexpr std::size_t static_margin = 2048;
  if (shared + static_margin > default_shared_bytes)
    XP_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(shared)));
  kernel<<<grid, threads, shared, current_stream()>>>(args...);
  XP_CUDA_CHECK(cudaGetLastError());
}

/// The kth request of detail::sort_problem on rows of K keys (selects() said yes): reads `src` (== data: in place),
/// writes `data` and `positions` (may be null). See the file's comment.
template <class K>
void select_rows(const K* src, K* data, std::int64_t* positions, index_t rows, index_t length, key_coding c,
                 const index_t* kth, index_t kth_count, bool kth_only) {
  const cudaStream_t stream = current_stream();
  const bool topk = kth[kth_count - 1] == kth_count - 1;
  const int slots = topk ? 1 : static_cast<int>(kth_count);
  select_ranks ranks{};
  ranks.count = slots;
  for (int j = 0; j < slots; ++j) ranks.value[j] = static_cast<unsigned>(topk ? kth_count - 1 : kth[j]);
  const bool collect = topk && kth_only;
  const bool split = !kth_only || collect;  // collect: the split is topk's fallback (it runs only on that mode)
  const bool in_place = src == data;
  const select_geometry geo = select_geometry_of(rows, length);
  constexpr int key_bits = std::numeric_limits<K>::digits;
  const int digit = sizeof(K) >= 4 && slots <= select_wide_digit_max_kth ? select_wide_digit : select_narrow_digit;
  const int passes = (key_bits + digit - 1) / digit;
  const index_t hist_group = index_t{1} << digit, hist_row = slots * hist_group;
  const index_t counts_row = (2 * index_t{slots} + 1) * geo.units;
  // everything allocated before the data is first written, so that running out of memory leaves the rows unchanged
  const std::shared_ptr<void> states_buffer = scratch_of<select_state<K>>(rows);
  const std::shared_ptr<void> hist_buffer = scratch_of<unsigned>(rows * hist_row);
  std::shared_ptr<void> cand_buffer, cursor_buffer, found_buffer, counts_buffer, out_buffer;
  if (collect) {
    cand_buffer = scratch_of<unsigned>(rows * select_head_max);
    cursor_buffer = scratch_of<unsigned>(rows);
  }
  if (kth_only && !topk) found_buffer = scratch_of<unsigned>(rows * select_max_kth);
  if (split) counts_buffer = scratch_of<unsigned>(rows * counts_row);
  if (!kth_only && in_place) out_buffer = scratch_of<K>(rows * length);
  auto* const states = static_cast<select_state<K>*>(states_buffer.get());
  auto* const hist = static_cast<unsigned*>(hist_buffer.get());
  auto* const cand = static_cast<unsigned*>(cand_buffer.get());
  auto* const cursor = static_cast<unsigned*>(cursor_buffer.get());
  auto* const found = static_cast<unsigned*>(found_buffer.get());
  auto* const counts = static_cast<unsigned*>(counts_buffer.get());
  XP_CUDA_CHECK(cudaMemsetAsync(hist, 0, static_cast<std::size_t>(rows * hist_row) * sizeof(unsigned), stream));
  if (cursor) XP_CUDA_CHECK(cudaMemsetAsync(cursor, 0, static_cast<std::size_t>(rows) * sizeof(unsigned), stream));
  constexpr int all_ones = 0xff;  // select_no_index in every byte
  if (found)
    XP_CUDA_CHECK(
        cudaMemsetAsync(found, all_ones, static_cast<std::size_t>(rows * select_max_kth) * sizeof(unsigned), stream));
  launch_elementwise(select_init_kernel<K>, rows, states, rows, ranks);

  const dim3 pass_grid(geo.blocks, static_cast<unsigned>(rows));
  const auto rows_grid = static_cast<unsigned>(rows);
  auto run_pass = [&](select_pass pass, bool last) {
    const std::size_t shared =
        static_cast<std::size_t>(pass.groups) * (std::size_t{1} << (pass.hi - pass.lo)) * sizeof(unsigned);
    launch_rows(select_histogram_kernel<K>, pass_grid, select_threads, shared, src, length, geo.chunk, c, pass,
                static_cast<const select_state<K>*>(states), hist, hist_row, hist_group, cand, cursor);
    launch_rows(select_pick_kernel<K>, dim3(rows_grid), select_pick_threads, 0, states, hist, hist_row, hist_group,
                pass, slots, collect, last);
  };
  for (int p = 0; p < passes; ++p) {
    const int hi = key_bits - p * digit;
    run_pass({hi, std::max(0, hi - digit), p == 0 ? 1 : slots}, p == passes - 1);
  }
  // topk's gathering pass when the last digit's pick called for it (a bucket of one key: the keys up to the threshold)
  if (collect) run_pass({0, 0, 1}, true);

  const auto* const const_states = static_cast<const select_state<K>*>(states);
  if (kth_only && !topk) {
    launch_rows(select_find_kernel<K>, pass_grid, select_threads, 0, src, length, geo.chunk, c, const_states, found);
    select_ranks positions_of{};
    positions_of.count = slots;
    for (int j = 0; j < slots; ++j) positions_of.value[j] = static_cast<unsigned>(kth[j]);
    launch_rows(select_write_kernel<K>, dim3(rows_grid), warp_size, 0, src, data, positions, length, const_states,
                static_cast<const unsigned*>(found), positions_of);
    return;
  }
  if (split) {
    K* const out = collect ? nullptr : in_place ? static_cast<K*>(out_buffer.get()) : data;
    launch_rows(select_count_kernel<K>, pass_grid, select_threads, 0, src, length, geo.unit_chunk, c, const_states,
                counts, counts_row, geo.units, collect);
    launch_rows(select_offsets_kernel<K>, dim3(rows_grid), select_pick_threads, 0, const_states, counts, counts_row,
                geo.units, collect);
    launch_rows(select_scatter_kernel<K>, pass_grid, select_threads, 0, src, length, geo.unit_chunk, c, const_states,
                static_cast<const unsigned*>(counts), counts_row, geo.units, out, collect ? nullptr : positions,
                collect ? cand : nullptr, collect ? index_t{select_head_max} : length, collect ? kth_count : length,
                collect);
    if (!collect && in_place)
      XP_CUDA_CHECK(cudaMemcpyAsync(data, out, static_cast<std::size_t>(rows * length) * sizeof(K),
                                    cudaMemcpyDeviceToDevice, stream));
  }
  if (topk) {
    const std::size_t shared = static_cast<std::size_t>(select_head_max) * (sizeof(K) + sizeof(unsigned));
    launch_rows(select_head_kernel<K>, dim3(rows_grid), select_head_threads, shared, src, data, positions, length, c,
                const_states, static_cast<const unsigned*>(cand), static_cast<const unsigned*>(cursor), kth_count,
                !kth_only);
  }
}

}  // namespace xp::backends::cuda::sort_detail
