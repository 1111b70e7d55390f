// primitive::histogram<cuda>: the extent and counting kernels, compiled once for every type of
// XP_HISTOGRAM_TYPES (array/histogram_primitive.hpp).
//
// Counting is one pass over the values, each thread loading 8 at a time in vectors of up to 16
// bytes (a search rule: one at a time), each value's bin computed in registers by the rule
// (bincount's value, NumPy's equal-width arithmetic against edges staged in shared memory, or a
// binary search of explicit edges) and added at once: into per-warp copies of the histogram in
// shared memory when the bins fit there (32-bit counters, or float64 sums; summed and added to
// the result with one global atomic per bin and block at the end), else straight into the
// result with global atomics (which live in L2: bincount of 2^20 bins is 8 MB of int64). No
// index array is written.
//
// The extent (minimum, maximum, count) reduces NumPy-order keys (array/sort_primitive.hpp's
// sort_key: unsigned integers, so one atomicMin/atomicMax per warp) and is read back.

// this unit holds the primitive's explicit instantiations (backends/cuda/precompiled.hpp)
#define XP_INSTANTIATE_HISTOGRAM

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "xp/backends/cuda/histogram.hpp"
#include "xp/backends/cuda/kernels.cuh"
#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/runtime.hpp"

namespace xp::backends::cuda {

namespace {

constexpr int hist_threads = block_threads;  // 8 warps: 8 private copies of a small histogram
constexpr int hist_warps = hist_threads / warp_size;
constexpr int max_load_bytes = 16;  // one uint4 per load at most
// values each thread loads (in vectors) before it counts them: enough bytes in flight to reach
// the memory's bandwidth (2048 threads x 32 bytes per SM for float32), and no more copies of the
// rule's code than that
constexpr int values_per_step = 8;
// dynamic shared memory a block may take without opting in
constexpr std::size_t shared_limit = 48 * 1024;
// bytes of the per-warp copies at most, so that several blocks share an SM
constexpr std::size_t copies_budget = 32 * 1024;
// values per bin below which private copies cost more (zeroing, flushing) than global atomics
constexpr index_t values_per_private_bin = 4;
// values per thread at least before another block is worth launching
constexpr index_t values_per_thread = 16;
// a block's 32-bit counters hold fewer values than this
constexpr index_t block_count_limit = index_t{1} << 31;

// ---- the rules: a table of edges the kernel may stage in shared memory, and the bin of a value

// `vectors`: the pass loads values_per_step values per thread and step (the rule's code is that
// many times in the kernel); a search, which reads its edges log2(bins) times per value, takes
// one value at a time (its latency is hidden by the SM's other warps, and the kernel stays small)
template <class T>
struct direct_rule {
  static constexpr bool vectors = true;
  using table_type = unsigned char;  // none
  const table_type* table;
  index_t table_size;
  index_t bins;
  __device__ index_t operator()(T x, const table_type*) const { return detail::direct_bin(bins, x); }
};

template <class T, class C>
struct uniform_rule {
  static constexpr bool vectors = true;
  using table_type = detail::uniform_edge_t<T>;
  const table_type* table;  // the bins + 1 edges
  index_t table_size;
  detail::uniform_bins<T> bins_of;
  index_t bins;
  __device__ index_t operator()(T x, const table_type* edges) const {
    return detail::uniform_bin<C>(bins_of, edges, bins, x);
  }
};

template <class T, class K>
struct search_rule {
  static constexpr bool vectors = false;
  using table_type = K;
  const table_type* table;  // the bins + 1 edges
  index_t table_size;
  __device__ index_t operator()(T x, const table_type* edges) const { return detail::search_bin(edges, table_size, x); }
};

// ---- the pass over the values

// An unsigned integer type of N bytes (8 or 16), for vector loads.
template <int N>
struct load_word;
template <>
struct load_word<8> {
  using type = uint2;
};
template <>
struct load_word<16> {
  using type = uint4;
};

// f(x) for every value, each thread loading values_per_step values in vectors of up to 16 bytes
// (after a head that reaches their alignment) before it uses any
template <class T, class F>
__device__ void visit_vectors(const T* __restrict__ v, index_t n, F& f) {
  constexpr int bytes = std::min(max_load_bytes, static_cast<int>(sizeof(T)) * values_per_step);
  using word = typename load_word<bytes>::type;
  constexpr int lanes = bytes / static_cast<int>(sizeof(T));
  constexpr int loads = values_per_step / lanes;
  const index_t stride = index_t{gridDim.x} * blockDim.x;
  const index_t t = index_t{blockIdx.x} * blockDim.x + threadIdx.x;
  const auto misalign = static_cast<index_t>(reinterpret_cast<std::uintptr_t>(v) % bytes);
  const index_t head = std::min<index_t>(n, (bytes - misalign) % bytes / static_cast<index_t>(sizeof(T)));
  if (t < head) f(v[t]);
  const word* body = reinterpret_cast<const word*>(v + head);
  const index_t vectors = (n - head) / lanes;
  for (index_t k = t; k < vectors; k += loads * stride) {
    word r[loads] = {};  // [loads]: the vectors in flight
    XP_UNROLL
    for (int j = 0; j < loads; ++j)
      if (k + j * stride < vectors) r[j] = __ldcs(body + k + j * stride);  // streamed: keep L2 for the bins
    XP_UNROLL
    for (int j = 0; j < loads; ++j) {
      if (k + j * stride >= vectors) break;
      T x[lanes];  // [lanes]: the vector's values
      std::memcpy(x, &r[j], bytes);
      XP_UNROLL
      for (int l = 0; l < lanes; ++l) f(x[l]);
    }
  }
  const index_t tail = head + vectors * lanes + t;
  if (tail < n) f(v[tail]);
}

// f(x) for every value, one load each
template <class T, class F>
__device__ void visit_scalars(const T* __restrict__ v, index_t n, F& f) {
  const index_t stride = index_t{gridDim.x} * blockDim.x;
  for (index_t i = index_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += stride) f(v[i]);
}

// f(x, w) for every value and its weight
template <class T, class F>
__device__ void visit_weighted(const T* __restrict__ v, const double* __restrict__ w, index_t n, F& f) {
  const index_t stride = index_t{gridDim.x} * blockDim.x;
  for (index_t i = index_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += stride) f(v[i], w[i]);
}

// a bin's count or sum into the result
template <bool Weighted, class T, class S>
__device__ void add_to_result(const detail::histogram_problem<T>& p, index_t b, S s) {
  if constexpr (Weighted) atomicAdd(p.sums + b, s);
  else atomicAdd(reinterpret_cast<unsigned long long*>(p.counts) + b, static_cast<unsigned long long>(s));
}

constexpr std::size_t aligned_bytes(std::size_t bytes) {
  return (bytes + max_load_bytes - 1) / max_load_bytes * max_load_bytes;
}

// copies > 0: `copies` per-warp histograms of Acc in shared memory, then the table (when
// staged); copies == 0: global atomics only (a uniform branch per value: one copy of the rule's
// code serves both)
template <class T, class Rule, bool Weighted>
__global__ void __launch_bounds__(hist_threads)
    count_kernel(detail::histogram_problem<T> p, Rule rule, int copies, bool stage_table) {
  using Acc = std::conditional_t<Weighted, double, unsigned>;
  using Table = typename Rule::table_type;
  extern __shared__ uint4 shared_words[];  // uint4: 16-byte aligned
  auto* shared = reinterpret_cast<unsigned char*>(shared_words);
  const index_t bins = p.bins;
  Acc* hist = reinterpret_cast<Acc*>(shared);
  const index_t counters = index_t{copies} * bins;
  const Table* table = rule.table;
  if (stage_table) {
    auto* staged = reinterpret_cast<Table*>(shared + aligned_bytes(static_cast<std::size_t>(counters) * sizeof(Acc)));
    for (index_t i = threadIdx.x; i < rule.table_size; i += blockDim.x) staged[i] = rule.table[i];
    table = staged;
  }
  for (index_t i = threadIdx.x; i < counters; i += blockDim.x) hist[i] = Acc(0);
  __syncthreads();
  const bool private_copies = copies > 0;
  Acc* mine = private_copies ? hist + (threadIdx.x / warp_size) % copies * bins : hist;
  auto add = [&](T x, double w) {
    const index_t b = rule(x, table);
    if (b < 0) return;
    if constexpr (Weighted) {
      if (private_copies) atomicAdd(mine + b, w);
      else add_to_result<true>(p, b, w);
    } else {
      if (private_copies) atomicAdd(mine + b, 1u);
      else add_to_result<false>(p, b, 1u);
    }
  };
  if constexpr (Weighted) {
    visit_weighted(p.values, p.weights, p.n, add);
  } else {
    auto one = [&add](T x) { add(x, 1.0); };
    if constexpr (Rule::vectors) visit_vectors(p.values, p.n, one);
    else visit_scalars(p.values, p.n, one);
  }
  if (!private_copies) return;
  __syncthreads();
  for (index_t b = threadIdx.x; b < bins; b += blockDim.x) {
    Acc s = 0;
    for (int c = 0; c < copies; ++c) s += hist[c * bins + b];
    if (s != Acc(0)) add_to_result<Weighted>(p, b, s);
  }
}

template <bool Weighted, class T, class Rule>
void launch_count(const detail::histogram_problem<T>& p, const Rule& rule) {
  using Acc = std::conditional_t<Weighted, double, unsigned>;
  using Table = typename Rule::table_type;
  constexpr auto kernel = count_kernel<T, Rule, Weighted>;
  const std::size_t one_copy = static_cast<std::size_t>(p.bins) * sizeof(Acc);
  int copies = 0;
  if (one_copy <= shared_limit && p.n >= values_per_private_bin * p.bins)
    copies = static_cast<int>(std::clamp<std::size_t>(copies_budget / one_copy, 1, hist_warps));
  const std::size_t counter_bytes = aligned_bytes(copies * one_copy);
  const std::size_t table_bytes = static_cast<std::size_t>(rule.table_size) * sizeof(Table);
  const bool stage = table_bytes > 0 && counter_bytes + table_bytes <= shared_limit;
  const std::size_t shared = counter_bytes + (stage ? table_bytes : 0);
  int per_sm = 0;
  XP_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, hist_threads, shared));
  index_t work = (p.n + hist_threads * values_per_thread - 1) / (hist_threads * values_per_thread);
  if (copies > 0) work = std::min(work, std::max<index_t>(1, p.n / (p.bins * values_per_private_bin)));
  const index_t least = (p.n + block_count_limit - 1) / block_count_limit;  // 32-bit block counters
  const auto grid = static_cast<unsigned>(std::max<index_t>(capped_grid(work, std::max(per_sm, 1)), least));
  kernel<<<grid, hist_threads, shared, current_stream()>>>(p, rule, copies, stage);
  XP_CUDA_CHECK(cudaGetLastError());
}

template <bool Weighted, class T>
void dispatch_count(const detail::histogram_problem<T>& p) {
  using detail::histogram_rule;
  using E = detail::uniform_edge_t<T>;
  const index_t edges = p.bins + 1;
  switch (p.rule) {
    case histogram_rule::direct:
      // (signed values come here as their unsigned type: histogram_count)
      if constexpr (std::is_unsigned_v<T>) launch_count<Weighted>(p, direct_rule<T>{nullptr, 0, p.bins});
      break;
    case histogram_rule::uniform:
      // computed in the edges' dtype: float16 and float32 data; for float64 and integers that is float64
      if constexpr (std::is_same_v<E, double>)
        launch_count<Weighted>(p, uniform_rule<T, double>{p.uniform.edges, edges, p.uniform, p.bins});
      else launch_count<Weighted>(p, uniform_rule<T, E>{p.uniform.edges, edges, p.uniform, p.bins});
      break;
    case histogram_rule::uniform_in_double:
      launch_count<Weighted>(p, uniform_rule<T, double>{p.uniform.edges, edges, p.uniform, p.bins});
      break;
    case histogram_rule::search:
      launch_count<Weighted>(p, search_rule<T, double>{p.search_edges, edges});
      break;
    case histogram_rule::search_exact:
      if constexpr (std::is_integral_v<T> && sizeof(T) == 8)
        launch_count<Weighted>(p, search_rule<T, T>{p.exact_edges, edges});
      break;
  }
}

// ---- the extent

// NumPy-order keys, widened to 64 bits for the atomics, and the count
struct extent_words {
  unsigned long long min_key;
  unsigned long long max_key;
  unsigned long long count;
};

template <class T>
__global__ void __launch_bounds__(hist_threads)
    extent_kernel(detail::histogram_extent_problem<T> p, extent_words* out) {
  using key = detail::sort_key<T>;
  using E = detail::uniform_edge_t<T>;
  using A = detail::histogram_arith<E>;
  const auto kept_lo = A::widen(p.lo), kept_hi = A::widen(p.hi);
  unsigned long long lo = ~0ull, hi = 0, count = 0;
  auto take = [&](T x) {
    if (p.filtered) {
      const auto e = A::widen(static_cast<E>(x));
      if (!(e >= kept_lo && e <= kept_hi)) return;
    }
    const unsigned long long k = key::encode(x);
    lo = k < lo ? k : lo;
    hi = k > hi ? k : hi;
    ++count;
  };
  visit_vectors(p.values, p.n, take);
  XP_UNROLL
  for (int offset = warp_size / 2; offset > 0; offset /= 2) {
    lo = std::min(lo, __shfl_xor_sync(full_warp_mask, lo, offset));
    hi = std::max(hi, __shfl_xor_sync(full_warp_mask, hi, offset));
    count += __shfl_xor_sync(full_warp_mask, count, offset);
  }
  if (threadIdx.x % warp_size == 0 && count > 0) {
    atomicMin(&out->min_key, lo);
    atomicMax(&out->max_key, hi);
    atomicAdd(&out->count, count);
  }
}

// the kernels most programs call first, loaded when xp sets a device up (see runtime.hpp)
const kernel_preloader preload_histogram{[] {
  cudaFuncAttributes a;
  XP_CUDA_CHECK(cudaFuncGetAttributes(&a, extent_kernel<float>));
  XP_CUDA_CHECK(cudaFuncGetAttributes(&a, count_kernel<float, uniform_rule<float, float>, false>));
  XP_CUDA_CHECK(cudaFuncGetAttributes(&a, count_kernel<float, uniform_rule<float, double>, false>));
  XP_CUDA_CHECK(cudaFuncGetAttributes(&a, extent_kernel<std::int32_t>));
  XP_CUDA_CHECK(cudaFuncGetAttributes(&a, count_kernel<std::uint32_t, direct_rule<std::uint32_t>, false>));
}};

}  // namespace

template <class T>
detail::histogram_extent<T> histogram_extent_of(const detail::histogram_extent_problem<T>& p) {
  using key = detail::sort_key<T>;
  if (p.n == 0) return {T{}, T{}, 0};
  std::shared_ptr<void> buffer = device_memory::allocate(sizeof(extent_words));
  auto* words = static_cast<extent_words*>(buffer.get());
  cudaStream_t stream = current_stream();
  XP_CUDA_CHECK(cudaMemsetAsync(&words->min_key, 0xff, sizeof words->min_key, stream));  // the largest key
  XP_CUDA_CHECK(cudaMemsetAsync(&words->max_key, 0, sizeof words->max_key + sizeof words->count, stream));
  const index_t work = (p.n + hist_threads * values_per_thread - 1) / (hist_threads * values_per_thread);
  extent_kernel<T><<<resident_grid<extent_kernel<T>>(work), hist_threads, 0, stream>>>(p, words);
  XP_CUDA_CHECK(cudaGetLastError());
  extent_words h{};
  XP_CUDA_CHECK(cudaMemcpyAsync(&h, words, sizeof h, cudaMemcpyDeviceToHost, stream));
  XP_CUDA_CHECK(cudaStreamSynchronize(stream));
  using K = typename key::type;
  return {key::decode(static_cast<K>(h.min_key)), key::decode(static_cast<K>(h.max_key)),
          static_cast<index_t>(h.count)};
}

template <class T>
void histogram_count(const detail::histogram_problem<T>& p) {
  if (p.bins == 0) return;
  static_assert(sizeof(double) == sizeof(std::int64_t), "counts and sums take the same bytes per bin");
  void* out = p.weighted ? static_cast<void*>(p.sums) : static_cast<void*>(p.counts);
  XP_CUDA_CHECK(cudaMemsetAsync(out, 0, static_cast<std::size_t>(p.bins) * sizeof(std::int64_t), current_stream()));
  if (p.n == 0) return;
  if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    // bincount's values were checked non-negative: their unsigned type's kernels count them
    if (p.rule == detail::histogram_rule::direct) {
      using U = std::make_unsigned_t<T>;
      detail::histogram_problem<U> q{};
      q.values = reinterpret_cast<const U*>(p.values);
      q.n = p.n;
      q.weighted = p.weighted;
      q.weights = p.weights;
      q.counts = p.counts;
      q.sums = p.sums;
      q.bins = p.bins;
      q.rule = p.rule;
      if (q.weighted) dispatch_count<true>(q);
      else dispatch_count<false>(q);
      return;
    }
  }
  if (p.weighted) dispatch_count<true>(p);
  else dispatch_count<false>(p);
}

}  // namespace xp::backends::cuda
