#pragma once
/// @file dist/local.hpp
/// @brief What xp::dist's two communicators share (reduce_op, message, rank_scope) and the host's
/// one: xp::dist::local_communicator, `p` ranks in this process whose parts are host arrays and
/// whose collectives are plain loops. It runs every sharded algorithm (xp/dist/sharded.hpp) on
/// the CPU with any number of ranks: the host fallback, and the oracle of the GPU runs.

#include <string>
#include <type_traits>
#include <vector>

#include "xp/array/manipulation.hpp"
#include "xp/core.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/ops.hpp"

namespace xp::dist {

/// @brief How a collective combines the ranks' elements (NCCL's ncclSum, ncclProd, ncclMin, ncclMax).
enum class reduce_op { sum, prod, min, max };

/// @brief One point-to-point transfer of an exchange: rank `from`'s `source` is copied into rank
/// `to`'s `destination` (C-contiguous, same size; NCCL's ncclSend/ncclRecv pair).
template <class T, class B>
struct message {
  int from = 0;
  ndarray<T, B> source;
  int to = 0;
  ndarray<T, B> destination;
};

/// @brief Makes rank `r`'s device current while it lives (specialised per backend: the host's
/// ranks share the CPU, the CUDA communicator's each have a device).
template <class B>
struct rank_scope;

template <>
struct rank_scope<host> {
  template <class C>
  rank_scope(const C&, int) {}
};

/// @brief The communicator of backend B's ranks (local_communicator on the host,
/// communicator, in <xp/dist/communicator.hpp>, on CUDA).
template <class B>
struct communicator_for;

namespace detail {

template <class Comm, class T, class B>
void check_messages(const Comm& comm, const std::vector<message<T, B>>& messages, const char* who) {
  for (std::size_t i = 0; i < messages.size(); ++i) {
    const auto& m = messages[i];
    const std::string at = std::string(who) + ": message " + std::to_string(i);
    if (m.from < 0 || m.from >= comm.size() || m.to < 0 || m.to >= comm.size())
      throw index_error(at + " goes from rank " + std::to_string(m.from) + " to rank " + std::to_string(m.to) +
                        ", out of range for " + std::to_string(comm.size()) + " ranks");
    if (m.source.size() != m.destination.size())
      throw shape_error(at + " sends " + std::to_string(m.source.size()) + " elements into a destination of " +
                        std::to_string(m.destination.size()));
    if (!m.source.is_contiguous() || !m.destination.is_contiguous())
      throw value_error(at + ": source and destination must be C-contiguous (NCCL sends a buffer)");
    if (!m.destination.writeable()) throw value_error(at + ": the destination is read-only");
  }
}

template <class Comm, class T, class B>
void check_local_parts(const Comm& comm, const std::vector<ndarray<T, B>>& parts, const char* what, bool in_place) {
  const std::string fn = std::string("xp::dist::local_communicator::") + what;
  if (static_cast<int>(parts.size()) != comm.size())
    throw value_error(fn + ": " + std::to_string(parts.size()) + " arrays for " + std::to_string(comm.size()) +
                      " ranks (one per rank)");
  for (std::size_t r = 0; r < parts.size(); ++r) {
    if (parts[r].shape() != parts[0].shape())
      throw shape_error(fn + ": the part of rank " + std::to_string(r) + " has shape " + to_string(parts[r].shape()) +
                        " and rank 0's " + to_string(parts[0].shape()));
    if (in_place && !parts[r].writeable())
      throw value_error(fn + ": the part of rank " + std::to_string(r) + " is read-only");
  }
}

}  // namespace detail

/// @brief `ranks` ranks in this process, all on the host: the same collectives as the CUDA
/// communicator (one part per rank, in place where NCCL's are), done by loops. Parts may be
/// strided. Nothing is asynchronous; synchronize() does nothing.
class local_communicator {
 public:
  using backend_type = host;
  /// @throws xp::value_error unless ranks >= 1.
  explicit local_communicator(int ranks = 1) : m_size(ranks) {
    if (ranks < 1) throw value_error("xp::dist::local_communicator: at least one rank; got " + std::to_string(ranks));
  }
  /// @brief The number of ranks (all local).
  int size() const noexcept { return m_size; }
  /// @brief The ranks this process drives: all of them.
  int local_ranks() const noexcept { return m_size; }

  /// @brief Every part becomes the elementwise `op` of all parts, in rank order.
  /// @throws xp::value_error for another number of parts than ranks or a read-only part;
  ///         xp::shape_error when shapes differ.
  template <class T>
  void all_reduce(const std::vector<ndarray<T, host>>& parts, reduce_op op = reduce_op::sum) const {
    detail::check_local_parts(*this, parts, "all_reduce", true);
    const ndarray<T, host> acc = reduced(parts, op, "all_reduce");
    for (const auto& p : parts) ::xp::detail::assign(p, acc);
  }
  /// @brief Every part becomes rank `root`'s part. @throws as all_reduce; xp::index_error for a
  /// root out of range.
  template <class T>
  void broadcast(const std::vector<ndarray<T, host>>& parts, int root = 0) const {
    detail::check_local_parts(*this, parts, "broadcast", true);
    if (root < 0 || root >= size())
      throw index_error("xp::dist::local_communicator::broadcast: root " + std::to_string(root) +
                        " is out of range for " + std::to_string(size()) + " ranks");
    const ndarray<T, host> from = parts[static_cast<std::size_t>(root)].copy();
    for (const auto& p : parts) ::xp::detail::assign(p, from);
  }
  /// @brief Each rank's copy of all parts joined along axis 0, rank order.
  /// @throws as all_reduce, and xp::value_error for 0-d parts.
  template <class T>
  std::vector<ndarray<T, host>> all_gather(const std::vector<ndarray<T, host>>& parts) const {
    detail::check_local_parts(*this, parts, "all_gather", false);
    if (parts[0].ndim() == 0)
      throw value_error("xp::dist::local_communicator::all_gather: 0-d parts (gather along axis 0)");
    const ndarray<T, host> all = concat(parts, 0);
    std::vector<ndarray<T, host>> out{all};
    for (int r = 1; r < size(); ++r) out.push_back(all.copy());
    return out;
  }
  /// @brief Rank r's block r of the elementwise `op` of all parts, blocks along axis 0.
  /// @throws as all_reduce; xp::shape_error when axis 0 does not divide by size().
  template <class T>
  std::vector<ndarray<T, host>> reduce_scatter(const std::vector<ndarray<T, host>>& parts,
                                               reduce_op op = reduce_op::sum) const {
    detail::check_local_parts(*this, parts, "reduce_scatter", false);
    if (parts[0].ndim() == 0 || parts[0].shape()[0] % size() != 0)
      throw shape_error("xp::dist::local_communicator::reduce_scatter: parts of shape " + to_string(parts[0].shape()) +
                        " do not split into " + std::to_string(size()) + " equal blocks along axis 0");
    const ndarray<T, host> acc = reduced(parts, op, "reduce_scatter");
    const index_t block = parts[0].shape()[0] / size();
    std::vector<ndarray<T, host>> out;
    for (int r = 0; r < size(); ++r) out.push_back(acc(range(r * block, (r + 1) * block)).copy());
    return out;
  }
  /// @brief Every message's source copied into its destination. Sources and destinations must
  /// not overlap (as in one NCCL group, nothing orders the copies among themselves).
  /// @throws xp::index_error for a rank out of range; xp::shape_error for a size mismatch;
  ///         xp::value_error for a strided or read-only buffer.
  template <class T>
  void exchange(const std::vector<message<T, host>>& messages) const {
    detail::check_messages(*this, messages, "xp::dist::local_communicator::exchange");
    for (const auto& m : messages) ::xp::detail::assign(m.destination, m.source.reshape(m.destination.shape()));
  }
  /// @brief Nothing to wait for on the host.
  void synchronize() const noexcept {}

 private:
  // The elementwise `op` of all parts, in rank order, in a new array.
  template <class T>
  static ndarray<T, host> reduced(const std::vector<ndarray<T, host>>& parts, reduce_op op, const char* what) {
    if constexpr (::xp::detail::is_complex_v<T>) {
      if (op == reduce_op::min || op == reduce_op::max)
        throw value_error(std::string("xp::dist::local_communicator::") + what + ": complex parts have no min or max");
    }
    ndarray<T, host> acc = parts[0].copy();
    for (std::size_t r = 1; r < parts.size(); ++r) {
      switch (op) {
        case reduce_op::sum:
          acc = eval(acc + parts[r]);
          break;
        case reduce_op::prod:
          acc = eval(acc * parts[r]);
          break;
        case reduce_op::min:
        case reduce_op::max:
          if constexpr (!::xp::detail::is_complex_v<T>)
            acc = op == reduce_op::min ? eval(minimum(acc, parts[r])) : eval(maximum(acc, parts[r]));
          break;
      }
    }
    return acc;
  }

  int m_size;
};

template <>
struct communicator_for<host> {
  using type = local_communicator;
};

}  // namespace xp::dist
