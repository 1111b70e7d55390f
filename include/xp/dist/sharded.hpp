#pragma once
/// @file dist/sharded.hpp
/// @brief xp::dist::sharded<T, B>: one array split along axis 0 across a communicator's ranks,
/// shard r on rank r (np.array_split's rows: the first n % p shards one row longer), and
/// xp::dist::replicated<T, B>: one array held whole by every rank. Written once over the two
/// communicators: B = xp::cuda runs on GPUs through NCCL (<xp/dist/communicator.hpp>), B =
/// xp::host runs the same algorithm on the CPU (xp::dist::local_communicator).
///
///     xp::dist::communicator comm;                              // every GPU of the process
///     auto x = xp::dist::scatter(comm, h);                      // h's rows split over the GPUs
///     auto y = xp::dist::map([](const auto& s) { return xp::sin(s) * 2; }, x);  // per shard
///     float total = xp::dist::sum(y).item();                    // shard sums + an all-reduce
///     xp::ndarray<float, xp::host> back = y.gather();           // np.asarray of the whole

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "xp/array/manipulation.hpp"
#include "xp/core/creation.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/dist/local.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/reduction.hpp"

namespace xp::dist {

/// @brief The communicator type of backend B's ranks.
template <class B>
using communicator_t = typename communicator_for<B>::type;

namespace detail {

/// np.array_split's rows: n rows over p ranks, the first n % p ranks one more.
inline std::vector<index_t> split_rows(index_t n, int p) {
  std::vector<index_t> rows(static_cast<std::size_t>(p), n / p);
  for (index_t r = 0; r < n % p; ++r) ++rows[static_cast<std::size_t>(r)];
  return rows;
}

/// `a` readable on rank r: `a` itself where it already is (a host array for the host
/// communicator, a device array on the rank's device), else a copy on the rank's device.
template <class B, class C, class T, class A>
ndarray<T, B> on_rank(const C& comm, int r, const ndarray<T, A>& a) {
  rank_scope<B> on(comm, r);
  if constexpr (std::is_same_v<B, host>) {
    static_assert(std::is_same_v<A, host>, "xp::dist: a host communicator takes host arrays");
    return a;
  } else if constexpr (std::is_same_v<A, host>) {
    return to_device(a);  // onto the current device: the rank's
  } else {
    if (a.size() == 0) return ndarray<T, B>(a.shape());
    return to_device(a, comm.device(r));  // `a` itself when it lives there
  }
}

/// A copy of `a` (host or device) owned by rank r: never `a`'s own memory, so that the shards and
/// the caller's array are apart.
template <class B, class C, class T, class A>
ndarray<T, B> copy_to_rank(const C& comm, int r, const ndarray<T, A>& a) {
  ndarray<T, B> x = on_rank<B>(comm, r, a);
  if (x.size() == 0 || static_cast<const void*>(x.data()) != static_cast<const void*>(a.data())) return x;
  rank_scope<B> on(comm, r);
  return x.copy();
}

/// f(r) on every rank with the rank's device current, collected in rank order.
template <class B, class C, class F>
auto for_ranks(const C& comm, F&& f) {
  using R = decltype(f(0));
  std::vector<R> out;
  out.reserve(static_cast<std::size_t>(comm.size()));
  for (int r = 0; r < comm.size(); ++r) {
    rank_scope<B> on(comm, r);
    out.push_back(f(r));
  }
  return out;
}

template <class C>
void check_single_process(const C& comm, const char* what) {
  if (comm.local_ranks() != comm.size())
    throw value_error(std::string("xp::dist::") + what + ": the communicator's " + std::to_string(comm.size()) +
                      " ranks are not all in this process (" + std::to_string(comm.local_ranks()) +
                      " are); a sharded array keeps every shard in one process");
}

// One array per rank, each on its rank's device, in a communicator of this process.
template <class C, class T, class B>
void check_one_per_rank(const C& comm, const std::vector<ndarray<T, B>>& parts, const char* what) {
  check_single_process(comm, what);
  if (static_cast<int>(parts.size()) != comm.size())
    throw value_error(std::string("xp::dist::") + what + ": " + std::to_string(parts.size()) + " arrays for " +
                      std::to_string(comm.size()) + " ranks (one each)");
  if constexpr (!std::is_same_v<B, host>) {
    for (int r = 0; r < comm.size(); ++r) {
      const auto& p = parts[static_cast<std::size_t>(r)];
      if (p.size() > 0 && device_of(p) != comm.device(r))
        throw value_error(std::string("xp::dist::") + what + ": the array of rank " + std::to_string(r) +
                          " lives on device " + std::to_string(device_of(p)) + ", the rank's device is " +
                          std::to_string(comm.device(r)));
    }
  }
}

// Two communicators over the same ranks (count, and devices on CUDA).
template <class C>
void check_same_ranks(const C& a, const C& b, const char* what) {
  bool same = a.size() == b.size();
  if constexpr (!std::is_same_v<typename C::backend_type, host>)
    for (int r = 0; same && r < a.size(); ++r) same = a.device(r) == b.device(r);
  if (!same)
    throw value_error(std::string("xp::dist::") + what +
                      ": the operands live on different ranks (communicators of other sizes or devices)");
}

}  // namespace detail

/// @brief One array held whole by every rank (part r on rank r's device), as a reduction along
/// axis 0 or replicate() leaves it. The parts are equal; each is read on its own device.
template <class T, class B = cuda>
class replicated {
 public:
  using value_type = T;
  using backend_type = B;
  using comm_type = communicator_t<B>;

  /// @brief Adopts one part per rank, part r on rank r's device (not checked for equality).
  /// @throws xp::value_error for another number of parts than ranks, a part on another device or
  ///         a communicator spread over processes.
  replicated(comm_type comm, std::vector<ndarray<T, B>> parts) : m_comm(std::move(comm)), m_parts(std::move(parts)) {
    detail::check_one_per_rank(m_comm, m_parts, "replicated");
  }
  const comm_type& comm() const noexcept { return m_comm; }
  /// @brief Rank r's part. @throws xp::index_error for a rank out of range.
  const ndarray<T, B>& operator[](int r) const {
    if (r < 0 || r >= m_comm.size())
      throw index_error("xp::dist::replicated: rank " + std::to_string(r) + " is out of range for " +
                        std::to_string(m_comm.size()) + " ranks");
    return m_parts[static_cast<std::size_t>(r)];
  }
  const std::vector<ndarray<T, B>>& parts() const noexcept { return m_parts; }
  const shape_type& shape() const { return m_parts[0].shape(); }
  /// @brief The value of a one-element array (rank 0's); waits for its device.
  T item() const {
    rank_scope<B> on(m_comm, 0);
    return m_parts[0].item();
  }
  /// @brief Rank 0's part on the host.
  ndarray<T, host> to_host() const {
    rank_scope<B> on(m_comm, 0);
    return m_parts[0].copy_to_host();
  }

 private:
  comm_type m_comm;
  std::vector<ndarray<T, B>> m_parts;
};

/// @brief An array split along axis 0 across the ranks of a communicator whose ranks are all in
/// this process; shard r lives on rank r. Shards own their memory (scatter copies).
template <class T, class B = cuda>
class sharded {
 public:
  using value_type = T;
  using backend_type = B;
  using comm_type = communicator_t<B>;

  /// @brief Adopts one shard per rank, as they are: shard r on rank r's device, every shard of
  /// the same shape past axis 0 (rows may differ, zero included).
  /// @throws xp::value_error for another number of shards than ranks, a communicator spread
  ///         over processes, 0-d shards or a shard on another device; xp::shape_error when the
  ///         shards differ past axis 0.
  sharded(comm_type comm, std::vector<ndarray<T, B>> shards) : m_comm(std::move(comm)), m_shards(std::move(shards)) {
    detail::check_one_per_rank(m_comm, m_shards, "sharded");
    index_t rows = 0;
    for (std::size_t r = 0; r < m_shards.size(); ++r) {
      const auto& s = m_shards[r];
      if (s.ndim() == 0) throw value_error("xp::dist::sharded: 0-d shards (shards split axis 0)");
      if (!std::equal(s.shape().begin() + 1, s.shape().end(), m_shards[0].shape().begin() + 1,
                      m_shards[0].shape().end()))
        throw shape_error("xp::dist::sharded: shard " + std::to_string(r) + " has shape " + to_string(s.shape()) +
                          " and shard 0 " + to_string(m_shards[0].shape()) + ": they may differ on axis 0 only");
      m_offsets.push_back(rows);
      rows += s.shape(0);
    }
    m_shape = m_shards[0].shape();
    m_shape[0] = rows;
  }

  const comm_type& comm() const noexcept { return m_comm; }
  /// @brief The whole array's shape.
  const shape_type& shape() const noexcept { return m_shape; }
  /// @brief The whole array's extent along `axis` (negative counts from the end).
  /// @throws xp::index_error for an axis out of range.
  index_t shape(index_t axis) const {
    if (axis < -ndim() || axis >= ndim())
      throw index_error("xp::dist::sharded::shape: axis " + std::to_string(axis) +
                        " is out of bounds for an array of dimension " + std::to_string(ndim()));
    return m_shape[static_cast<std::size_t>(axis < 0 ? axis + ndim() : axis)];
  }
  index_t ndim() const noexcept { return static_cast<index_t>(m_shape.size()); }
  index_t size() const { return size_of(m_shape); }
  int num_shards() const noexcept { return static_cast<int>(m_shards.size()); }
  /// @brief Rank r's shard (a handle: writing into it writes the sharded array).
  /// @throws xp::index_error for a rank out of range.
  const ndarray<T, B>& shard(int r) const { return m_shards.at(check_rank(r)); }
  /// @brief The first row of rank r's shard in the whole array.
  index_t offset(int r) const { return m_offsets.at(check_rank(r)); }
  const std::vector<ndarray<T, B>>& shards() const noexcept { return m_shards; }

  /// @brief The whole array on the host (np.asarray; cupy's get()); waits for every rank.
  ndarray<T, host> gather() const {
    std::vector<ndarray<T, host>> pieces = detail::for_ranks<B>(m_comm, [&](int r) { return shard(r).copy_to_host(); });
    return concat(pieces, 0);
  }
  /// @brief The whole array on rank `rank`'s device (a host array for the host communicator).
  /// @throws xp::index_error for a rank out of range.
  ndarray<T, B> gather(int rank) const {
    check_rank(rank);
    std::vector<ndarray<T, B>> pieces;
    for (int r = 0; r < num_shards(); ++r) pieces.push_back(detail::on_rank<B>(m_comm, rank, shard(r)));
    rank_scope<B> on(m_comm, rank);
    return concat(pieces, 0);
  }

 private:
  std::size_t check_rank(int r) const {
    if (r < 0 || r >= num_shards())
      throw index_error("xp::dist::sharded: rank " + std::to_string(r) + " is out of range for " +
                        std::to_string(num_shards()) + " shards");
    return static_cast<std::size_t>(r);
  }

  comm_type m_comm;
  std::vector<ndarray<T, B>> m_shards;
  std::vector<index_t> m_offsets;
  shape_type m_shape;
};

/// @brief `a`'s rows split over the communicator's ranks (np.array_split along axis 0), each
/// shard copied onto its rank (host arrays or, for the CUDA communicator, an array on any device
/// or the host).
/// @throws xp::value_error for a 0-d array or a communicator spread over processes.
template <class C, class T, class A>
auto scatter(const C& comm, const ndarray<T, A>& a) {
  using B = typename C::backend_type;
  detail::check_single_process(comm, "scatter");
  if (a.ndim() == 0) throw value_error("xp::dist::scatter: a 0-d array has no axis 0 to split");
  const std::vector<index_t> rows = detail::split_rows(a.shape(0), comm.size());
  std::vector<ndarray<T, B>> shards;
  index_t first = 0;
  for (int r = 0; r < comm.size(); ++r) {
    const index_t n = rows[static_cast<std::size_t>(r)];
    shards.push_back(detail::copy_to_rank<B>(comm, r, a(range(first, first + n))));
    first += n;
  }
  return sharded<T, B>(comm, std::move(shards));
}

/// @brief `a` copied whole onto every rank (matmul's right operand, lombscargle's samples): onto
/// rank 0, then one broadcast (NCCL's pipelined ring between GPUs).
template <class C, class T, class A>
replicated<T, typename C::backend_type> replicate(const C& comm, const ndarray<T, A>& a) {
  using B = typename C::backend_type;
  detail::check_single_process(comm, "replicate");
  auto parts = detail::for_ranks<B>(
      comm, [&](int r) { return r == 0 ? detail::copy_to_rank<B>(comm, 0, a) : ndarray<T, B>(a.shape()); });
  comm.broadcast(parts, 0);
  return {comm, std::move(parts)};
}

namespace detail {

template <class T, class U, class B>
void check_same_split(const sharded<T, B>& a, const sharded<U, B>& b, const char* what) {
  check_same_ranks(a.comm(), b.comm(), what);
  if (a.ndim() != b.ndim())  // per shard, broadcasting would align other axes than NumPy's
    throw shape_error(std::string("xp::dist::") + what + ": sharded arrays of shapes " + to_string(a.shape()) +
                      " and " + to_string(b.shape()) +
                      " differ in dimensions; shards broadcast only past axis 0 (replicate the smaller operand "
                      "and use it inside map)");
  bool same = a.num_shards() == b.num_shards();
  for (int r = 0; same && r < a.num_shards(); ++r) same = a.shard(r).shape(0) == b.shard(r).shape(0);
  if (!same)
    throw shape_error(std::string("xp::dist::") + what + ": sharded arrays of shapes " + to_string(a.shape()) +
                      " and " + to_string(b.shape()) + " are not split into the same rows");
}

/// The sharded array of one materialised result per rank; each keeps its rank's rows of `like`.
template <class B, class T, class F>
auto sharded_from(const sharded<T, B>& like, F&& f, const char* what) {
  auto parts = for_ranks<B>(like.comm(), [&](int r) { return ::xp::detail::materialize(f(r)); });
  using R = typename decltype(parts)::value_type::value_type;
  for (int r = 0; r < like.num_shards(); ++r) {
    const auto& p = parts[static_cast<std::size_t>(r)];
    if (p.ndim() == 0 || p.shape(0) != like.shard(r).shape(0))
      throw shape_error(std::string("xp::dist::") + what + ": the result on rank " + std::to_string(r) + " has shape " +
                        to_string(p.shape()) + "; it must keep the shard's " + std::to_string(like.shard(r).shape(0)) +
                        " rows");
  }
  return sharded<R, B>(like.comm(), std::move(parts));
}

}  // namespace detail

/// @brief `f(shard_r, other_shard_r...)` on every rank with its device current (dask's
/// map_blocks): f returns an xp array or expression that keeps the shard's rows, evaluated in
/// one kernel per shard. The arrays must be split into the same rows.
/// @throws xp::shape_error when the splits differ or a result changes the rows; whatever f throws.
template <class F, class T, class B, class... U>
auto map(F&& f, const sharded<T, B>& a, const sharded<U, B>&... rest) {
  (detail::check_same_split(a, rest, "map"), ...);
  return detail::sharded_from(
      a, [&](int r) { return f(a.shard(r), rest.shard(r)...); }, "map");
}

// a op b between sharded arrays split alike, and with a scalar: one kernel per shard per
// operator (map with one lambda fuses a longer expression)
#define XP_DIST_OPERATOR(op)                                               \
  template <class T, class U, class B>                                     \
  auto operator op(const sharded<T, B>& a, const sharded<U, B>& b) {       \
    return map([](const auto& x, const auto& y) { return x op y; }, a, b); \
  }                                                                        \
  template <class T, class B, class S>                                     \
  requires ::xp::detail::is_scalar_v<S>                                    \
  auto operator op(const sharded<T, B>& a, S s) {                          \
    return map([s](const auto& x) { return x op s; }, a);                  \
  }                                                                        \
  template <class S, class T, class B>                                     \
  requires ::xp::detail::is_scalar_v<S>                                    \
  auto operator op(S s, const sharded<T, B>& a) {                          \
    return map([s](const auto& x) { return s op x; }, a);                  \
  }
XP_DIST_OPERATOR(+)
XP_DIST_OPERATOR(-)
XP_DIST_OPERATOR(*)
XP_DIST_OPERATOR(/)
#undef XP_DIST_OPERATOR

namespace detail {

// The reduction's axes, checked: every axis, or a list that holds axis 0 (reductions along other
// axes alone stay sharded: map them).
template <class T, class B>
void check_reduce_axes(const sharded<T, B>& a, const axes_t& axes, const char* what) {
  if (axes.all()) return;
  bool has0 = false;
  for (index_t ax : axes.list()) {
    if (ax < -a.ndim() || ax >= a.ndim())
      throw index_error(std::string("xp::dist::") + what + ": axis " + std::to_string(ax) +
                        " is out of bounds for an array of dimension " + std::to_string(a.ndim()));
    has0 = has0 || ax == 0 || ax == -a.ndim();
  }
  if (!has0)
    throw value_error(std::string("xp::dist::") + what +
                      ": the axes do not include axis 0, so every shard keeps its rows: reduce per shard with "
                      "xp::dist::map([](const auto& s) { return xp::" +
                      what + "(s, axes); }, a)");
}

// The number of elements each result element reduces.
template <class T, class B>
index_t reduced_count(const sharded<T, B>& a, const axes_t& axes) {
  if (axes.all()) return a.size();
  index_t n = 1;
  std::vector<bool> seen(static_cast<std::size_t>(a.ndim()), false);
  for (index_t ax : axes.list()) {
    const index_t k = ax < 0 ? ax + a.ndim() : ax;
    if (!seen[static_cast<std::size_t>(k)]) n *= a.shape(k);
    seen[static_cast<std::size_t>(k)] = true;
  }
  return n;
}

// max and min: each non-empty shard's partial, the neutral value for an empty one, gathered from
// every rank and reduced again (xp's own max/min: NaN propagates as in NumPy, whatever NCCL's
// max does with NaN).
template <bool Max, class T, class B>
replicated<T, B> extreme(const sharded<T, B>& a, const axes_t& axes, bool keepdims, const char* what) {
  static_assert(!::xp::detail::is_complex_v<T>, "xp::dist::max/min: complex arrays have no order");
  check_reduce_axes(a, axes, what);
  auto reduce = [&](const auto& x, const axes_t& ax, bool keep) {
    if constexpr (Max) return ::xp::max(x, ax, keep);
    else return ::xp::min(x, ax, keep);
  };
  int first = -1;  // a shard with rows
  for (int r = 0; r < a.num_shards() && first < 0; ++r)
    if (a.shard(r).shape(0) > 0) first = r;
  if (first < 0) {  // no rows anywhere: xp's own error for an empty reduction (NumPy: no identity)
    rank_scope<B> on(a.comm(), 0);
    (void)reduce(a.shard(0), axes, keepdims);
    throw value_error(std::string("xp::dist::") + what + ": zero-size array to a reduction with no identity");
  }
  // each shard with rows reduces its own; the others hold the neutral value in that shape
  auto partials = for_ranks<B>(a.comm(), [&](int r) {
    const auto& s = a.shard(r);
    return s.shape(0) > 0 ? ndarray<T, B>(::xp::detail::materialize(reduce(s, axes, keepdims))) : ndarray<T, B>();
  });
  T neutral;
  if constexpr (std::is_same_v<T, bool>) neutral = !Max;
  else if constexpr (std::is_integral_v<T>)
    neutral = Max ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
  else neutral = static_cast<T>(Max ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity());
  const shape_type partial_shape = partials[static_cast<std::size_t>(first)].shape();
  shape_type stacked{1};
  stacked.insert(stacked.end(), partial_shape.begin(), partial_shape.end());
  for (int r = 0; r < a.num_shards(); ++r) {
    rank_scope<B> on(a.comm(), r);
    auto& p = partials[static_cast<std::size_t>(r)];
    if (a.shard(r).shape(0) == 0) p = ::xp::full<T, B>(partial_shape, neutral);
    p = p.reshape(stacked);
  }
  const auto gathered = a.comm().all_gather(partials);
  return {a.comm(), for_ranks<B>(a.comm(), [&](int r) {
            return ::xp::detail::materialize(reduce(gathered[static_cast<std::size_t>(r)], axes_t{0}, false));
          })};
}

}  // namespace detail

/// @brief np.sum over every axis or over axes that include 0: each shard's sum, then an
/// all-reduce; every rank holds the result. The dtype is xp::sum's (int64 for integers and bool).
/// @throws xp::value_error when the axes leave axis 0 out (map a per-shard sum instead);
///         xp::index_error for an axis out of range.
template <class T, class B>
auto sum(const sharded<T, B>& a, const axes_t& axes = {}, bool keepdims = false) {
  detail::check_reduce_axes(a, axes, "sum");
  auto parts = detail::for_ranks<B>(
      a.comm(), [&](int r) { return ::xp::detail::materialize(::xp::sum(a.shard(r), axes, keepdims)); });
  a.comm().all_reduce(parts, reduce_op::sum);
  using S = typename decltype(parts)::value_type::value_type;
  return replicated<S, B>(a.comm(), std::move(parts));
}

/// @brief np.mean over every axis or over axes that include 0: the shards' sums in the mean's
/// accumulator (float32 for float32 and float16, float64 otherwise, as xp::mean), all-reduced and
/// divided by the count, in xp::mean's dtype; NaN when empty.
/// @throws as sum.
template <class T, class B>
auto mean(const sharded<T, B>& a, const axes_t& axes = {}, bool keepdims = false) {
  detail::check_reduce_axes(a, axes, "mean");
  using A = ::xp::detail::mean_acc_t<T>;
  using M = ::xp::detail::mean_result_t<T>;
  auto sums = detail::for_ranks<B>(a.comm(), [&](int r) {
    if constexpr (std::is_same_v<A, T>) return ::xp::detail::materialize(::xp::sum(a.shard(r), axes, keepdims));
    else return ::xp::detail::materialize(::xp::sum(::xp::astype<A>(a.shard(r)), axes, keepdims));
  });
  a.comm().all_reduce(sums, reduce_op::sum);
  const A n = static_cast<A>(detail::reduced_count(a, axes));
  return replicated<M, B>(a.comm(), detail::for_ranks<B>(a.comm(), [&](int r) {
                            return ::xp::detail::materialize(::xp::astype<M>(sums[static_cast<std::size_t>(r)] / n));
                          }));
}

/// @brief np.max over every axis or over axes that include 0: NaN propagates; every rank holds
/// the result.
/// @throws as sum; xp::value_error when the reduction is empty (NumPy: no identity).
template <class T, class B>
replicated<T, B> max(const sharded<T, B>& a, const axes_t& axes = {}, bool keepdims = false) {
  return detail::extreme<true>(a, axes, keepdims, "max");
}

/// @brief np.min. @see max
template <class T, class B>
replicated<T, B> min(const sharded<T, B>& a, const axes_t& axes = {}, bool keepdims = false) {
  return detail::extreme<false>(a, axes, keepdims, "min");
}

}  // namespace xp::dist
