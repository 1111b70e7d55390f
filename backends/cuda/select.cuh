#pragma once
/// @file backends/cuda/select.cuh
/// @brief The device sort primitive's radix selection (backends/cuda/sort.cuh includes it, after the key coding it
/// uses): a kth request (detail::sort_problem::kth) on long rows answered without sorting them. Per key width, not per
/// dtype: the kernels take the key coding (key_coding) at run time, so each width's unit instantiates them once.
///
/// 1. Thresholds: the key of each requested rank, found most-significant digit first. A pass reads the row, encodes
///    every key on the fly (sort_key, ~key for descending) and counts the next digit of the keys whose decided high
///    bits match a requested rank's prefix so far (one shared-memory histogram per distinct prefix, merged into global
///    counters); the block of the row that finishes the pass last then picks the digit where the running count crosses
///    each rank. 11-bit digits (3 passes for 32-bit keys, 6 for 64-bit ones) with up to select_wide_digit_max_kth
///    ranks, else 8 bits (4 and 8 passes). Keys are read as 16-byte vectors and encoded without branches. Nothing is
///    materialised: a pass is one read and one launch, and the host never waits (each row's state, the digits picked
///    and what comes next, stays on the device: the later kernels of a row that needs no more return at once).
/// 2. What is written:
///    - topk's request (kth = 0 ... k-1) with kth_only: as soon as the keys up to the rank's bucket number at most
///      select_head_max (pass 2 of 3 for 2^26 uniform float32: ~4100 keys), the next pass also gathers their indices
///      (those below the bucket and those in it), and one block sorts the candidates at or below the last pass's
///      prefix by (key, index), the stable order, and writes the first k with their positions: 3 reads of the row for
///      2^26 float32. When the ties at the threshold are too many to gather, a stable split of the row (below) writes
///      the first k indices instead.
///    - other kth lists with kth_only: the last pass also keeps the lowest index of each bin's keys (a bin of the last
///      digit holds one key), so each kth position gets that element (its original bits) and index from one more
///      small launch: 3 reads of the row for float32, 4 kernels and 2 memsets in all.
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

/// Shortest rows selected rather than sorted. A selection is 5 to 10 launches whatever the length (some 2 us each when
/// a row needs little) plus 3 to 5 reads of the row; the full sort of one row longer than a block's tile is
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
/// Counts a thread of the block that scans the split's counts adds up before the block scan (4096 counts an iteration:
/// 3 classes x 4224 warps of one row of 2^26 in 4).
inline constexpr int select_scan_per_thread = 16;
/// Keys a thread of the split loads before it processes them (32 bytes' worth, at least 4, at most 16): 8 float32.
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

/// Keys of K in one 16-byte load.
template <class K>
inline constexpr int select_lanes = static_cast<int>(16 / sizeof(K));
/// 16-byte loads a thread issues before it looks at their keys: 8 keys (16 of 8 bits), 32 bytes a thread, 32 KiB in
/// flight on an SM of 4 blocks (select_blocks_per_sm).
template <class K>
inline constexpr int select_loads = std::max(1, 8 / select_lanes<K>);

/// Calls `visit(keys, count, at)` for every key of a block's piece in[0, n): keys[0 .. count) are in[at ...] (count up
/// to select_lanes<K>, 0 for a thread with nothing this time). Every thread makes the same calls in the same order, so
/// the visitor may use warp collectives, and a thread's `at` only grows. The keys before the first 16-byte boundary and
/// after the last one come one a thread; the rest as 16-byte loads, select_loads<K> of them issued before any is
/// visited.
template <class K, class Visit>
__device__ __forceinline__ void for_each_run(const K* in, unsigned n, Visit&& visit) {
  constexpr int lanes = select_lanes<K>, loads = select_loads<K>;
  constexpr unsigned vector_bytes = 16;
  const unsigned t = threadIdx.x;
  const auto address = reinterpret_cast<std::uintptr_t>(in);
  unsigned head = n;  // a pointer not aligned to its keys' width (never from an allocation) is read one key at a time
  if (address % sizeof(K) == 0)
    head = std::min(n, static_cast<unsigned>((vector_bytes - address % vector_bytes) % vector_bytes / sizeof(K)));
  const unsigned vectors = (n - head) / lanes, tail = head + vectors * lanes;
  K keys[lanes] = {};
  for (unsigned first = 0; first < head; first += select_threads) {  // the same trips for every thread
    const bool valid = first + t < head;
    keys[0] = valid ? in[first + t] : K(0);
    visit(keys, valid ? 1 : 0, first + t);
  }
  const auto* const vin = reinterpret_cast<const uint4*>(in + head);
  for (unsigned base = 0; base < vectors; base += select_threads * loads) {
    uint4 raw[loads];
#pragma unroll
    for (int u = 0; u < loads; ++u) {
      const unsigned v = base + u * select_threads + t;
      raw[u] = v < vectors ? vin[v] : uint4{};
    }
#pragma unroll
    for (int u = 0; u < loads; ++u) {
      const unsigned v = base + u * select_threads + t;
      memcpy(keys, &raw[u], sizeof raw[u]);
      visit(keys, v < vectors ? lanes : 0, head + v * lanes);
    }
  }
  {  // fewer than `lanes` keys
    const bool valid = tail + t < n;
    keys[0] = valid ? in[tail + t] : K(0);
    visit(keys, valid ? 1 : 0, tail + t);
  }
}

/// The shared memory of the digit pick (select_pick).
struct select_pick_shared {
  cub::BlockScan<unsigned, select_threads>::TempStorage scan;
  int digit[select_max_kth];
  unsigned below[select_max_kth];
  unsigned count[select_max_kth];
};

/// After a pass, by the whole block that finished it last: for each slot the digit of its group's histogram (`counts`:
/// groups of `hist_group` bins) where the running count crosses its rank (the slot's prefix grows by it, its rank drops
/// by the keys before it), the counters cleared for the next pass, the slots regrouped by prefix. topk (`topk`: one
/// slot) gathers its candidates in the next pass once the keys up to its bucket number at most select_head_max, else
/// after the `last` digit it falls back to the split. `mode`: the row's mode during the pass. With `lowest` (the last
/// pass of a general kth_only request: the lowest index of each bin's keys, laid out as `counts`), each slot's element
/// index goes to `found` (a slot each).
template <class K>
__device__ void select_pick(select_state<K>& state, unsigned* counts, index_t hist_group, select_pass pass, int mode,
                            int slots, bool topk, bool last, const unsigned* lowest, unsigned* found,
                            select_pick_shared& shared) {
  const int thread = static_cast<int>(threadIdx.x);
  const int groups = state.groups;
  const int width = pass.hi - pass.lo;
  const int bins = 1 << width;
  const int per = std::max(1, bins / select_threads);
  constexpr int max_per = (1 << select_wide_digit) / select_threads;
  if (thread < slots) {  // the defaults are never kept: each slot's rank is below its group's count
    shared.digit[thread] = 0;
    shared.below[thread] = 0;
    shared.count[thread] = 0;
  }
  __syncthreads();  // the defaults are written before any pick
  for (int g = 0; g < groups; ++g) {
    unsigned local[max_per];
    unsigned sum = 0;
#pragma unroll
    for (int q = 0; q < max_per; ++q) {
      const int b = thread * per + q;
      local[q] = q < per && b < bins ? __ldcg(&counts[g * hist_group + b]) : 0u;  // the other blocks' atomics: in L2
      sum += local[q];
    }
    unsigned before = 0;
    cub::BlockScan<unsigned, select_threads>(shared.scan).ExclusiveSum(sum, before);
    for (int j = 0; j < slots; ++j) {
      const unsigned rank = state.rank[j];
      if (state.group[j] != g || rank < before || rank - before >= sum) continue;
      unsigned cum = before;
#pragma unroll
      for (int q = 0; q < max_per; ++q) {
        if (q < per && rank - cum < local[q]) {
          shared.digit[j] = thread * per + q;
          shared.below[j] = cum;
          shared.count[j] = local[q];
          break;
        }
        cum += local[q];
      }
    }
    __syncthreads();  // the scan's storage is reused; the picks are seen
  }
  for (int g = 0; g < groups; ++g)
    for (int b = thread; b < bins; b += select_threads) counts[g * hist_group + b] = 0;
  if (thread != 0) return;
  for (int j = 0; j < slots; ++j) {
    if (lowest) found[j] = __ldcg(&lowest[state.group[j] * hist_group + shared.digit[j]]);
    state.prefix[j] = static_cast<K>((static_cast<unsigned long long>(state.prefix[j]) << width) |
                                     static_cast<unsigned long long>(shared.digit[j]));
    state.rank[j] -= shared.below[j];
    state.less[j] += shared.below[j];
    state.bucket[j] = shared.count[j];
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

// ---- kernels -------------------------------------------------------------------------------------------------------

/// One digit pass over block blockIdx.x's piece of row blockIdx.y: the digit [lo, hi) of every key whose bits above hi
/// match a group's prefix, counted in shared memory (one histogram of 2^(hi - lo) bins per group; the keys of one
/// 16-byte load that share a bin count once: constant or sorted data still sends a warp's atomics to one address,
/// a fourth to an eighth as many as one a key; not yet measured on such data) and added to the row's counters (`hist`:
/// groups of `hist_group` bins, `hist_row` a row). In select_collect mode (topk) the indices of the keys at or below
/// the prefix are also appended to the row's candidates (`cand`, select_head_max a row). With `lowest` (the last pass
/// of a general kth_only request, laid out as `hist`, initially all ones) the lowest index of each bin's keys is kept
/// too (a second shared array): a bin of the last digit holds the keys equal to one key, so the element of each kth is
/// known without another read of the row. The block that finishes last (`done` counts them, a row) picks the digits
/// (select_pick) and writes each slot's index to `found` (select_max_kth a row): no launch of its own, no wait. The
/// `first` pass reads no state: it starts every row's (the ranks: `ranks`).
template <class K>
__global__ void __launch_bounds__(select_threads)
    select_pass_kernel(const K* __restrict__ src, index_t length, index_t chunk, key_coding c, select_pass pass,
                       select_state<K>* __restrict__ states, unsigned* __restrict__ hist, index_t hist_row,
                       index_t hist_group, unsigned* __restrict__ done, unsigned* __restrict__ cand,
                       unsigned* __restrict__ cursor, unsigned* __restrict__ lowest, unsigned* __restrict__ found,
                       select_ranks ranks, bool first, bool topk, bool last) {
  constexpr int lanes = select_lanes<K>;
  extern __shared__ unsigned select_bins[];
  __shared__ K prefixes[select_max_kth];
  __shared__ select_pick_shared pick_shared;
  __shared__ bool finished_last;
  const index_t row = blockIdx.y;
  select_state<K>& state = states[row];
  const int mode = first ? int{select_histogram} : state.mode;
  if (mode != select_histogram && mode != select_collect) return;  // the whole row: no block counts itself done
  const int groups = first ? 1 : min(state.groups, pass.groups);
  const int bins = 1 << (pass.hi - pass.lo);
  const auto digit_mask = static_cast<K>(bins - 1);
  const bool collect = mode == select_collect;
  const K limit = first ? K(0) : state.prefix[0];            // collect: the keys whose high bits are at most the prefix
  unsigned* const bin_lowest = select_bins + groups * bins;  // with `lowest` only
  for (int i = static_cast<int>(threadIdx.x); i < groups * bins; i += select_threads) {
    select_bins[i] = 0;
    if (lowest) bin_lowest[i] = select_no_index;
  }
  if (static_cast<int>(threadIdx.x) < groups) prefixes[threadIdx.x] = first ? K(0) : state.group_prefix[threadIdx.x];
  __syncthreads();
  const K prefix0 = prefixes[0];
  const index_t begin = index_t{blockIdx.x} * chunk;
  const auto n = static_cast<unsigned>(std::min(chunk, length - begin));
  unsigned* const row_cand = collect ? cand + row * select_head_max : nullptr;
  for_each_run(src + row * length + begin, n, [&](const K(&bits)[lanes], int count, unsigned at) {
    int bin[lanes];
    bool take[lanes];
#pragma unroll
    for (int e = 0; e < lanes; ++e) {
      const K key = encode_bits(bits[e], c);
      const K high = bits_above(key, pass.hi);
      const int digit = static_cast<int>(static_cast<K>(key >> pass.lo) & digit_mask);
      bin[e] = -1;
      if (e < count) {
        if (groups == 1) {
          if (high == prefix0) bin[e] = digit;
        } else {
          for (int g = 0; g < groups && prefixes[g] <= high; ++g)
            if (prefixes[g] == high) bin[e] = g * bins + digit;
        }
      }
      take[e] = e < count && high <= limit;
    }
    bool same = count == lanes;
#pragma unroll
    for (int e = 1; e < lanes; ++e) same = same && bin[e] == bin[0];
    const unsigned index = static_cast<unsigned>(begin) + at;  // of keys[0]; the others follow it
    if (same && bin[0] >= 0) {
      atomicAdd(&select_bins[bin[0]], static_cast<unsigned>(lanes));
      if (lowest) atomicMin(&bin_lowest[bin[0]], index);
    } else {
#pragma unroll
      for (int e = 0; e < lanes; ++e) {
        if (bin[e] < 0) continue;
        atomicAdd(&select_bins[bin[e]], 1u);
        if (lowest) atomicMin(&bin_lowest[bin[e]], index + e);
      }
    }
    if (collect) {
#pragma unroll
      for (int e = 0; e < lanes; ++e)
        append(take[e], index + e, row_cand, cursor + row, static_cast<unsigned>(select_head_max));
    }
  });
  __syncthreads();
  unsigned* const counts = hist + row * hist_row;
  unsigned* const row_lowest = lowest ? lowest + row * hist_row : nullptr;
  for (int i = static_cast<int>(threadIdx.x); i < groups * bins; i += select_threads) {
    const unsigned v = select_bins[i];
    if (v == 0) continue;
    const index_t at = (i / bins) * hist_group + i % bins;
    atomicAdd(&counts[at], v);
    if (row_lowest) atomicMin(&row_lowest[at], bin_lowest[i]);
  }
  // the last block of the row to finish picks the digits (the threadfence pattern: each block's counts are in L2
  // before it counts itself done)
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) finished_last = atomicAdd(&done[row], 1u) == gridDim.x - 1;
  __syncthreads();
  if (!finished_last) return;
  __threadfence();
  if (threadIdx.x == 0) {
    done[row] = 0;  // for the next pass
    if (first) {
      for (int j = 0; j < ranks.count; ++j) {
        state.prefix[j] = K(0);
        state.rank[j] = ranks.value[j];
        state.less[j] = 0;
        state.bucket[j] = 0;
        state.group[j] = 0;
      }
      state.group_prefix[0] = K(0);
      state.groups = 1;
      state.mode = select_histogram;
      state.collect_shift = 0;
    }
  }
  __syncthreads();  // the state started
  select_pick(state, counts, hist_group, pass, mode, ranks.count, topk, last, row_lowest,
              lowest ? found + row * select_max_kth : nullptr, pick_shared);
}

/// General kth_only requests: each kth position of row blockIdx.x gets the element found for it (the lowest index of
/// its key: its original bits) and that index. One warp a row: every element is read before any is written (`src` may
/// be `data`).
template <class K>
__global__ void __launch_bounds__(warp_size)
    select_write_kernel(const K* src, K* data, std::int64_t* positions, index_t length,
                        const unsigned* __restrict__ found, select_ranks kth) {
  const index_t row = blockIdx.x;
  const int j = static_cast<int>(threadIdx.x);
  unsigned at = select_no_index;
  K bits{};
  if (j < kth.count) {
    at = found[row * select_max_kth + j];
    if (at < length) bits = src[row * length + at];
  }
  __syncwarp();
  if (j < kth.count && at < length) {
    data[row * length + kth.value[j]] = bits;
    if (positions) positions[row * length + kth.value[j]] = at;
  }
}

/// The split's scan, by the block of the row that counted last: each count becomes the exclusive sum of the counts
/// before it in class-major order, the first position of that warp's elements of that class.
__device__ __forceinline__ void select_offsets(unsigned* counts, index_t total,
                                               cub::BlockScan<unsigned, select_threads>::TempStorage& storage) {
  unsigned carry = 0;
  constexpr index_t per = select_scan_per_thread;
  for (index_t start = 0; start < total; start += per * select_threads) {
    unsigned v[select_scan_per_thread];
    unsigned sum = 0;
    const index_t first = start + index_t{threadIdx.x} * per;
#pragma unroll
    for (int q = 0; q < select_scan_per_thread; ++q) {
      v[q] = first + q < total ? __ldcg(&counts[first + q]) : 0u;  // the other blocks' counts: in L2
      sum += v[q];
    }
    unsigned before = 0, all = 0;
    cub::BlockScan<unsigned, select_threads>(storage).ExclusiveSum(sum, before, all);
    unsigned run = carry + before;
#pragma unroll
    for (int q = 0; q < select_scan_per_thread; ++q) {
      if (first + q < total) counts[first + q] = run;
      run += v[q];
    }
    carry += all;
    __syncthreads();  // the scan's storage is reused
  }
}

/// The split's first read: each warp counts the classes (class_of the threshold keys) of its unit of the row, into
/// `counts` (a row: classes x units, class-major); the block of the row that finishes last (`done`) turns the counts
/// into offsets (select_offsets). With one threshold (3 classes: one kth, or topk's fallback) each lane counts in
/// registers and the warp adds them up once; with more, the lanes of one class add up at each step (one ballot per
/// class bit). With `only_on_fallback` only rows in select_fallback mode.
template <class K>
__global__ void __launch_bounds__(select_threads)
    select_count_kernel(const K* __restrict__ src, index_t length, index_t unit_chunk, key_coding c,
                        const select_state<K>* __restrict__ states, unsigned* __restrict__ counts, index_t counts_row,
                        index_t units, unsigned* __restrict__ done, bool only_on_fallback) {
  __shared__ K thresholds[select_max_kth];
  __shared__ unsigned tally[select_warps][select_max_classes];
  __shared__ cub::BlockScan<unsigned, select_threads>::TempStorage scan_storage;
  __shared__ bool finished_last;
  constexpr int items = select_items<K>;
  constexpr int one_threshold_classes = 3;
  const index_t row = blockIdx.y;
  const select_state<K>& state = states[row];
  if (only_on_fallback && state.mode != select_fallback) return;  // the whole row: no block counts itself done
  const int q = state.groups, classes = 2 * q + 1;
  const int class_bits = static_cast<int>(std::bit_width(static_cast<unsigned>(classes)));  // classes < 2^bits
  const int warp = static_cast<int>(threadIdx.x) / warp_size, lane = static_cast<int>(lane_id());
  if (static_cast<int>(threadIdx.x) < q) thresholds[threadIdx.x] = state.group_prefix[threadIdx.x];
  for (int k = lane; k < classes; k += warp_size) tally[warp][k] = 0;
  __syncthreads();
  const index_t unit = index_t{blockIdx.x} * select_warps + warp;
  const index_t begin = unit * unit_chunk, end = std::min(length, begin + unit_chunk);
  const K* const in = src + row * length;
  unsigned below = 0, equal = 0, seen = 0;  // one threshold: this lane's keys below it, equal to it, in all
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
      if (classes == one_threshold_classes) {
        below += cls == 0 ? 1u : 0u;
        equal += cls == 1 ? 1u : 0u;
        seen += i < end ? 1u : 0u;
      } else {
        const unsigned peers = class_peers(cls, class_bits);
        if (cls < static_cast<unsigned>(classes) && lane == __ffs(static_cast<int>(peers)) - 1)
          atomicAdd(&tally[warp][cls], static_cast<unsigned>(__popc(peers)));
      }
    }
  }
  if (classes == one_threshold_classes) {
    below = __reduce_add_sync(full_warp_mask, below);
    equal = __reduce_add_sync(full_warp_mask, equal);
    seen = __reduce_add_sync(full_warp_mask, seen);
    if (lane == 0) {
      tally[warp][0] = below;
      tally[warp][1] = equal;
      tally[warp][2] = seen - below - equal;
    }
  }
  __syncwarp();
  unsigned* const row_counts = counts + row * counts_row;
  for (int k = lane; k < classes; k += warp_size) row_counts[k * units + unit] = tally[warp][k];
  // the last block of the row to finish scans the counts (the threadfence pattern, as in select_pass_kernel)
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) finished_last = atomicAdd(&done[row], 1u) == gridDim.x - 1;
  __syncthreads();
  if (!finished_last) return;
  __threadfence();
  if (threadIdx.x == 0) done[row] = 0;
  select_offsets(row_counts, classes * units, scan_storage);
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
  // everything allocated before the data is first written, so that running out of memory leaves the rows unchanged;
  // the counters that start at zero (each row's histograms, its blocks done, its candidates) in one buffer, one memset
  const index_t zeroed_row = hist_row + 2;
  const std::shared_ptr<void> states_buffer = scratch_of<select_state<K>>(rows);
  const std::shared_ptr<void> zeroed_buffer = scratch_of<unsigned>(rows * zeroed_row);
  std::shared_ptr<void> cand_buffer, found_buffer, counts_buffer, out_buffer;
  if (collect) cand_buffer = scratch_of<unsigned>(rows * select_head_max);
  // a general kth_only request: each bin's lowest index in the last pass, then each slot's (initially all ones)
  const bool find = kth_only && !topk;
  if (find) found_buffer = scratch_of<unsigned>(rows * (hist_row + select_max_kth));
  if (split) counts_buffer = scratch_of<unsigned>(rows * counts_row);
  if (!kth_only && in_place) out_buffer = scratch_of<K>(rows * length);
  auto* const states = static_cast<select_state<K>*>(states_buffer.get());
  auto* const hist = static_cast<unsigned*>(zeroed_buffer.get());
  unsigned* const done = hist + rows * hist_row;
  unsigned* const cursor = done + rows;
  auto* const cand = static_cast<unsigned*>(cand_buffer.get());
  auto* const lowest = static_cast<unsigned*>(found_buffer.get());
  unsigned* const found = find ? lowest + rows * hist_row : nullptr;
  auto* const counts = static_cast<unsigned*>(counts_buffer.get());
  XP_CUDA_CHECK(cudaMemsetAsync(hist, 0, static_cast<std::size_t>(rows * zeroed_row) * sizeof(unsigned), stream));
  constexpr int all_ones = 0xff;  // select_no_index in every byte
  if (find)
    XP_CUDA_CHECK(cudaMemsetAsync(
        lowest, all_ones, static_cast<std::size_t>(rows * (hist_row + select_max_kth)) * sizeof(unsigned), stream));

  const dim3 pass_grid(geo.blocks, static_cast<unsigned>(rows));
  const auto rows_grid = static_cast<unsigned>(rows);
  auto run_pass = [&](select_pass pass, bool first, bool last) {
    const bool find_now = find && last;  // the bins' lowest indices: a second shared array
    const std::size_t shared = static_cast<std::size_t>(pass.groups) * (std::size_t{1} << (pass.hi - pass.lo)) *
                               sizeof(unsigned) * (find_now ? 2 : 1);
    launch_rows(select_pass_kernel<K>, pass_grid, select_threads, shared, src, length, geo.chunk, c, pass, states, hist,
                hist_row, hist_group, done, cand, cursor, find_now ? lowest : nullptr, found, ranks, first, collect,
                last);
  };
  for (int p = 0; p < passes; ++p) {
    const int hi = key_bits - p * digit;
    run_pass({hi, std::max(0, hi - digit), p == 0 ? 1 : slots}, p == 0, p == passes - 1);
  }
  // topk's gathering pass when the last digit's pick called for it (a bucket of one key: the keys up to the threshold)
  if (collect) run_pass({0, 0, 1}, false, true);

  const auto* const const_states = static_cast<const select_state<K>*>(states);
  if (find) {
    select_ranks positions_of{};
    positions_of.count = slots;
    for (int j = 0; j < slots; ++j) positions_of.value[j] = static_cast<unsigned>(kth[j]);
    launch_rows(select_write_kernel<K>, dim3(rows_grid), warp_size, 0, src, data, positions, length,
                static_cast<const unsigned*>(found), positions_of);
    return;
  }
  if (split) {
    K* const out = collect ? nullptr : in_place ? static_cast<K*>(out_buffer.get()) : data;
    launch_rows(select_count_kernel<K>, pass_grid, select_threads, 0, src, length, geo.unit_chunk, c, const_states,
                counts, counts_row, geo.units, done, collect);
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
