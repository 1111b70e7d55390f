#pragma once
/// @file dist/communicator.hpp
/// @brief NCCL collectives on xp arrays (xp::dist::communicator). A communicator holds one rank
/// per GPU: every GPU of this process (ncclCommInitAll), or this process's one GPU among the
/// ranks of several processes that share a unique id (ncclCommInitRank; the id travels by MPI, a
/// file or an environment variable). A collective takes one array per rank this process drives
/// (its local ranks), each on its rank's device, and queues NCCL's kernels on each device's
/// current stream (the thread's stream for the device that is current, the legacy default stream
/// of the others): the calls return at once, and `communicator::synchronize()` waits for every
/// local rank before a result is read from another device.
/// Link xp::cuda; NCCL is found in the CUDA toolkit at configure time (XP_ENABLE_NCCL).

#include <array>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "xp/cuda.hpp"
#include "xp/dist/local.hpp"

namespace xp::dist {

/// NCCL's element types. Complex values travel as pairs of their real type (sum only).
enum class wire_type { int8, uint8, int32, uint32, int64, uint64, float16, float32, float64 };

namespace detail {
template <class T>
struct wire_of {
  static constexpr bool supported = false;
};
#define XP_DIST_WIRE(T, wire, n)                              \
  template <>                                                 \
  struct wire_of<T> {                                         \
    static constexpr bool supported = true;                   \
    static constexpr wire_type type = wire_type::wire;        \
    static constexpr int lanes = n; /* wire elements per T */ \
  };
XP_DIST_WIRE(std::int8_t, int8, 1)
XP_DIST_WIRE(std::uint8_t, uint8, 1)
XP_DIST_WIRE(std::int32_t, int32, 1)
XP_DIST_WIRE(std::uint32_t, uint32, 1)
XP_DIST_WIRE(std::int64_t, int64, 1)
XP_DIST_WIRE(std::uint64_t, uint64, 1)
XP_DIST_WIRE(xp::float16, float16, 1)
XP_DIST_WIRE(float, float32, 1)
XP_DIST_WIRE(double, float64, 1)
XP_DIST_WIRE(xp::complex64, float32, 2)
XP_DIST_WIRE(xp::complex128, float64, 2)
#undef XP_DIST_WIRE

// How a copy (broadcast, all_gather, send/recv) moves T: as its reduction type where NCCL has
// one, else as its bytes (bool, int8-like int16/uint16 pairs): nothing is combined.
template <class T>
constexpr wire_type copy_type() {
  if constexpr (wire_of<T>::supported) return wire_of<T>::type;
  else return wire_type::uint8;
}
template <class T>
constexpr int copy_lanes() {
  if constexpr (wire_of<T>::supported) return wire_of<T>::lanes;
  else return static_cast<int>(sizeof(T));
}

enum class collective { all_reduce, broadcast, all_gather, reduce_scatter };

/// The communicators of `devices`, one rank each (defined in libxp_cuda, backends/cuda/nccl.cpp).
/// @throws xp::value_error when xp was built without NCCL; xp::cuda_error when NCCL fails.
std::shared_ptr<void> init_all(const std::vector<int>& devices);
/// Rank `rank` of `size` on `device`, joining the processes that hold the same unique id.
/// @throws as init_all.
std::shared_ptr<void> init_rank(const unsigned char* id, int size, int rank, int device);
/// A new NCCL unique id (ncclGetUniqueId) into `id`. @throws as init_all.
void new_unique_id(unsigned char* id);
/// One collective over every local rank in one NCCL group: `count` wire elements sent per rank
/// (all_reduce, broadcast, all_gather) or received per rank (reduce_scatter).
/// @throws xp::cuda_error naming NCCL's status when a call fails.
void run(const void* state, collective what, const std::vector<const void*>& send, const std::vector<void*>& recv,
         std::size_t count, wire_type type, reduce_op op, int root);
/// One point-to-point operation of a group: local rank `local` sends `buffer` to or receives it
/// from global rank `peer`.
struct p2p_op {
  bool send = true;
  int local = 0;
  int peer = 0;
  void* buffer = nullptr;
  std::size_t count = 0;  // wire elements
};
/// Every operation in one NCCL group (ncclSend/ncclRecv). @throws as run.
void point_to_point(const void* state, const std::vector<p2p_op>& ops, wire_type type);
}  // namespace detail

/// @brief An NCCL unique id (ncclUniqueId): made by one process, handed to every process of a
/// communicator (by MPI, a file or an environment variable), which then joins with
/// `communicator(id, size, rank, device)`.
class unique_id {
 public:
  static constexpr std::size_t bytes = 128;  // NCCL_UNIQUE_ID_BYTES
  /// @brief A fresh id (ncclGetUniqueId; rank 0 makes it).
  /// @throws xp::value_error without NCCL; xp::cuda_error when NCCL fails.
  static unique_id create() {
    unique_id id;
    detail::new_unique_id(id.m_bytes.data());
    return id;
  }
  /// @brief The id as 256 hexadecimal digits (for an environment variable or a file).
  std::string hex() const {
    static constexpr char digits[] = "0123456789abcdef";
    std::string s;
    for (unsigned char b : m_bytes) {
      s.push_back(digits[b >> 4]);
      s.push_back(digits[b & 15]);
    }
    return s;
  }
  /// @brief The id written by hex(). @throws xp::value_error for anything else, naming it.
  static unique_id from_hex(const std::string& s) {
    auto digit = [&](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      throw value_error("xp::dist::unique_id::from_hex: '" + std::string(1, c) + "' is not a hexadecimal digit");
    };
    if (s.size() != 2 * bytes)
      throw value_error("xp::dist::unique_id::from_hex: " + std::to_string(s.size()) + " characters; an id has " +
                        std::to_string(2 * bytes) + " hexadecimal digits");
    unique_id id;
    for (std::size_t i = 0; i < bytes; ++i)
      id.m_bytes[i] = static_cast<unsigned char>(digit(s[2 * i]) * 16 + digit(s[2 * i + 1]));
    return id;
  }
  /// @brief The id in environment variable `name` as hex() wrote it (a launcher without MPI
  /// sets it for every process). @throws xp::value_error when it is unset or malformed.
  static unique_id from_env(const char* name) {
    const char* v = std::getenv(name);
    if (v == nullptr)
      throw value_error(std::string("xp::dist::unique_id::from_env: ") + name +
                        " is not set (rank 0 makes the id with unique_id::create().hex())");
    return from_hex(v);
  }
  /// @brief The raw bytes (MPI_Bcast them from rank 0).
  unsigned char* data() noexcept { return m_bytes.data(); }
  const unsigned char* data() const noexcept { return m_bytes.data(); }
  bool operator==(const unique_id&) const = default;

 private:
  std::array<unsigned char, bytes> m_bytes{};
};

/// @brief NCCL ranks on GPUs (CuPy's `cupy.cuda.nccl.NcclCommunicator`). Either every rank in this
/// process, one per device (`ncclCommInitAll`), or one rank of a communicator spread over several
/// processes (`ncclCommInitRank`, the id shared beforehand; see <xp/dist/mpi.hpp>). A collective
/// takes one part per local rank. Copies share the communicators.
class communicator {
 public:
  using backend_type = cuda;
  /// @brief Every CUDA device of the process, rank r on device r.
  /// @throws xp::value_error when there is no device or xp was built without NCCL;
  ///         xp::cuda_error when NCCL fails.
  communicator() : communicator(all_devices()) {}
  /// @brief Rank r on `devices[r]` (distinct devices), all in this process.
  /// @throws xp::value_error for an empty or repeated list, or without NCCL; xp::index_error for a
  ///         device out of range; xp::cuda_error when NCCL fails.
  explicit communicator(std::vector<int> devices) : m_devices(std::move(devices)) {
    if (m_devices.empty()) throw value_error("xp::dist::communicator: no devices");
    for (std::size_t i = 0; i < m_devices.size(); ++i) {
      check_device(m_devices[i]);
      for (std::size_t j = 0; j < i; ++j)
        if (m_devices[j] == m_devices[i])
          throw value_error("xp::dist::communicator: device " + std::to_string(m_devices[i]) +
                            " is listed twice (one rank each)");
    }
    m_size = static_cast<int>(m_devices.size());
    m_state = detail::init_all(m_devices);
  }
  /// @brief Rank `rank` of `size` ranks, this process's, on `device`: every process calls this
  /// with the same id (ncclCommInitRank; returns when all `size` ranks have joined).
  /// @throws xp::value_error unless 0 <= rank < size, or without NCCL; xp::index_error for a
  ///         device out of range; xp::cuda_error when NCCL fails.
  communicator(const unique_id& id, int size, int rank, int device) : m_devices{device}, m_size(size), m_first(rank) {
    if (size < 1 || rank < 0 || rank >= size)
      throw value_error("xp::dist::communicator: rank " + std::to_string(rank) + " of " + std::to_string(size) +
                        " ranks (need 0 <= rank < size)");
    check_device(device);
    m_state = detail::init_rank(id.data(), size, rank, device);
  }

  /// @brief The number of ranks, in every process.
  int size() const noexcept { return m_size; }
  /// @brief The ranks this process drives (one part each in a collective): size() for a
  /// communicator of this process's devices, 1 for one rank of several processes.
  int local_ranks() const noexcept { return static_cast<int>(m_devices.size()); }
  /// @brief The global rank of local rank `local`.
  int rank(int local = 0) const { return m_first + check_local(local, "rank"); }
  /// @brief The device of local rank `local`. @throws xp::index_error for a rank out of range.
  int device(int local) const { return m_devices[static_cast<std::size_t>(check_local(local, "device"))]; }

  /// @brief Every part becomes the elementwise `op` of all parts (ncclAllReduce, in place).
  /// @throws xp::value_error unless there is one C-contiguous part per local rank on its rank's
  ///         device, or for complex parts with another op than sum; xp::shape_error when shapes
  ///         differ.
  template <class T>
  void all_reduce(const std::vector<ndarray<T, cuda>>& parts, reduce_op op = reduce_op::sum) const {
    check_parts(parts, "all_reduce", true);
    check_op<T>(op, "all_reduce");
    launch(parts, parts, detail::collective::all_reduce, parts[0].size(), op, 0);
  }
  /// @brief Every part becomes rank `root`'s part (ncclBroadcast, in place).
  /// @throws as all_reduce; xp::index_error for a root out of range.
  template <class T>
  void broadcast(const std::vector<ndarray<T, cuda>>& parts, int root = 0) const {
    if (root < 0 || root >= size())
      throw index_error("xp::dist::communicator::broadcast: root " + std::to_string(root) + " is out of range for " +
                        std::to_string(size()) + " ranks");
    check_parts(parts, "broadcast", true);
    launch(parts, parts, detail::collective::broadcast, parts[0].size(), reduce_op::sum, root);
  }
  /// @brief Each rank's copy of all parts joined along axis 0, rank order (ncclAllGather;
  /// torch.distributed.all_gather_into_tensor): parts of shape (n, ...) give (size() * n, ...).
  /// @throws as all_reduce (a strided part is packed first), and xp::value_error for 0-d parts.
  template <class T>
  std::vector<ndarray<T, cuda>> all_gather(const std::vector<ndarray<T, cuda>>& parts) const {
    check_parts(parts, "all_gather", false);
    if (parts[0].ndim() == 0) throw value_error("xp::dist::communicator::all_gather: 0-d parts (gather along axis 0)");
    shape_type shape = parts[0].shape();
    shape[0] *= size();
    auto out = allocate<T>(shape);
    launch(packed(parts), out, detail::collective::all_gather, parts[0].size(), reduce_op::sum, 0);
    return out;
  }
  /// @brief Rank r's block r of the elementwise `op` of all parts, blocks along axis 0
  /// (ncclReduceScatter): parts of shape (size() * n, ...) give (n, ...).
  /// @throws as all_reduce; xp::shape_error when axis 0 does not divide by size().
  template <class T>
  std::vector<ndarray<T, cuda>> reduce_scatter(const std::vector<ndarray<T, cuda>>& parts,
                                               reduce_op op = reduce_op::sum) const {
    check_parts(parts, "reduce_scatter", false);
    check_op<T>(op, "reduce_scatter");
    if (parts[0].ndim() == 0 || parts[0].shape()[0] % size() != 0)
      throw shape_error("xp::dist::communicator::reduce_scatter: parts of shape " + to_string(parts[0].shape()) +
                        " do not split into " + std::to_string(size()) + " equal blocks along axis 0");
    shape_type shape = parts[0].shape();
    shape[0] /= size();
    auto out = allocate<T>(shape);
    launch(packed(parts), out, detail::collective::reduce_scatter, out[0].size(), op, 0);
    return out;
  }
  /// @brief Every message's source copied into its destination, all in one NCCL group (an
  /// ncclSend on the source rank's stream and an ncclRecv on the destination's); a message
  /// within one rank is a copy on its device. Ranks are local (a communicator of this
  /// process's devices); sources and destinations must not overlap.
  /// @throws xp::value_error for a communicator spread over processes (use send/recv), a part
  ///         not on its rank's device, a strided or read-only buffer; xp::index_error for a rank
  ///         out of range; xp::shape_error for a size mismatch; xp::cuda_error when NCCL fails.
  template <class T>
  void exchange(const std::vector<message<T, cuda>>& messages) const {
    if (local_ranks() != size())
      throw value_error("xp::dist::communicator::exchange: this communicator spans processes; use send/recv");
    detail::check_messages(*this, messages, "xp::dist::communicator::exchange");
    for (const auto& m : messages) {  // every message checked before any is copied
      check_on(m.source, m.from, "exchange");
      check_on(m.destination, m.to, "exchange");
    }
    std::vector<detail::p2p_op> ops;
    for (const auto& m : messages) {
      if (m.source.size() == 0) continue;
      if (m.from == m.to) {
        cuda::device_scope on(device(m.to));
        ::xp::detail::assign(m.destination, m.source.reshape(m.destination.shape()));
        continue;
      }
      const std::size_t count = static_cast<std::size_t>(m.source.size()) * detail::copy_lanes<T>();
      ops.push_back({true, m.from, m.to, const_cast<T*>(m.source.data()), count});
      ops.push_back({false, m.to, m.from, m.destination.data(), count});
    }
    if (!ops.empty()) detail::point_to_point(m_state.get(), ops, detail::copy_type<T>());
  }
  /// @brief Sends this process's C-contiguous `part` to rank `peer` (ncclSend on the device's
  /// current stream); the peer process calls recv. For a communicator spread over processes.
  /// @throws xp::value_error for a communicator with more than one local rank (use exchange),
  ///         a strided part or one on another device; xp::index_error for a peer out of range.
  template <class T>
  void send(const ndarray<T, cuda>& part, int peer) const {
    one_sided(part, peer, true, "send");
  }
  /// @brief Receives into this process's C-contiguous `part` what rank `peer` sends (ncclRecv).
  /// @throws as send, and xp::value_error for a read-only part.
  template <class T>
  void recv(const ndarray<T, cuda>& part, int peer) const {
    if (!part.writeable()) throw value_error("xp::dist::communicator::recv: the part is read-only");
    one_sided(part, peer, false, "recv");
  }
  /// @brief Waits for every local rank's current stream.
  void synchronize() const {
    for (int r = 0; r < local_ranks(); ++r) {
      cuda::device_scope on(device(r));
      cuda::synchronize();
    }
  }

 private:
  static std::vector<int> all_devices() {
    const int n = cuda::device_count();
    if (n == 0) throw value_error("xp::dist::communicator: no CUDA device");
    std::vector<int> d(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) d[static_cast<std::size_t>(i)] = i;
    return d;
  }
  static void check_device(int d) {
    if (d < 0 || d >= cuda::device_count())
      throw index_error("xp::dist::communicator: device " + std::to_string(d) + " is out of range: this process " +
                        "sees " + std::to_string(cuda::device_count()) + " CUDA devices");
  }
  int check_local(int local, const char* what) const {
    if (local < 0 || local >= local_ranks())
      throw index_error(std::string("xp::dist::communicator::") + what + ": local rank " + std::to_string(local) +
                        " is out of range for " + std::to_string(local_ranks()) + " local ranks");
    return local;
  }
  template <class T>
  void check_on(const ndarray<T, cuda>& p, int local, const char* what) const {
    if (p.size() > 0 && device_of(p) != device(local))
      throw value_error(std::string("xp::dist::communicator::") + what + ": the part of rank " +
                        std::to_string(rank(local)) + " lives on device " + std::to_string(device_of(p)) +
                        ", the rank's device is " + std::to_string(device(local)));
  }
  template <class T>
  std::vector<ndarray<T, cuda>> allocate(const shape_type& shape) const {
    std::vector<ndarray<T, cuda>> out;
    for (int r = 0; r < local_ranks(); ++r) {
      cuda::device_scope on(device(r));
      out.push_back(ndarray<T, cuda>(shape));
    }
    return out;
  }

  template <class T>
  void check_parts(const std::vector<ndarray<T, cuda>>& parts, const char* what, bool in_place) const {
    const std::string fn = std::string("xp::dist::communicator::") + what;
    if (static_cast<int>(parts.size()) != local_ranks())
      throw value_error(fn + ": " + std::to_string(parts.size()) + " arrays for " + std::to_string(local_ranks()) +
                        " local ranks (one per rank)");
    for (int r = 0; r < local_ranks(); ++r) {
      const auto& p = parts[static_cast<std::size_t>(r)];
      if (p.shape() != parts[0].shape())
        throw shape_error(fn + ": the part of rank " + std::to_string(rank(r)) + " has shape " + to_string(p.shape()) +
                          " and rank " + std::to_string(rank(0)) + "'s " + to_string(parts[0].shape()));
      check_on(p, r, what);
      if (in_place && !p.is_contiguous())
        throw value_error(fn + ": the part of rank " + std::to_string(rank(r)) +
                          " is not C-contiguous (the collective writes it in place)");
      if (in_place && !p.writeable())
        throw value_error(fn + ": the part of rank " + std::to_string(rank(r)) + " is read-only");
    }
  }
  template <class T>
  static void check_op(reduce_op op, const char* what) {
    static_assert(detail::wire_of<T>::supported,
                  "xp::dist: NCCL reduces int8, uint8, int32, uint32, int64, uint64, float16, float32, float64 and "
                  "complex64/complex128 arrays (no bool, int16 or uint16; copies move any dtype)");
    if (detail::wire_of<T>::lanes > 1 && op != reduce_op::sum)
      throw value_error(std::string("xp::dist::communicator::") + what +
                        ": complex parts reduce by sum only (NCCL reduces their real and imaginary parts apart)");
  }
  template <class T>
  std::vector<ndarray<T, cuda>> packed(const std::vector<ndarray<T, cuda>>& parts) const {
    std::vector<ndarray<T, cuda>> p;
    for (int r = 0; r < local_ranks(); ++r) {
      const auto& a = parts[static_cast<std::size_t>(r)];
      if (a.is_contiguous()) {
        p.push_back(a);
      } else {
        cuda::device_scope on(device(r));
        p.push_back(a.copy());
      }
    }
    return p;
  }
  template <class T>
  void launch(const std::vector<ndarray<T, cuda>>& send, const std::vector<ndarray<T, cuda>>& recv,
              detail::collective what, index_t elements, reduce_op op, int root) const {
    if (elements == 0) return;
    std::vector<const void*> s;
    std::vector<void*> r;
    for (std::size_t i = 0; i < send.size(); ++i) {
      s.push_back(send[i].data());
      r.push_back(recv[i].data());
    }
    detail::run(m_state.get(), what, s, r, static_cast<std::size_t>(elements) * detail::copy_lanes<T>(),
                detail::copy_type<T>(), op, root);
  }
  template <class T>
  void one_sided(const ndarray<T, cuda>& part, int peer, bool is_send, const char* what) const {
    const std::string fn = std::string("xp::dist::communicator::") + what;
    if (local_ranks() != 1)
      throw value_error(fn + ": this process drives " + std::to_string(local_ranks()) +
                        " ranks; a send needs its receive in the same group: use exchange");
    if (peer < 0 || peer >= size())
      throw index_error(fn + ": peer " + std::to_string(peer) + " is out of range for " + std::to_string(size()) +
                        " ranks");
    if (peer == rank())
      throw value_error(fn + ": peer " + std::to_string(peer) +
                        " is this rank (a send to itself waits for a receive that never comes; copy instead)");
    if (!part.is_contiguous()) throw value_error(fn + ": the part is not C-contiguous");
    check_on(part, 0, what);
    if (part.size() == 0) return;
    detail::point_to_point(m_state.get(),
                           {{is_send, 0, peer, const_cast<T*>(part.data()),
                             static_cast<std::size_t>(part.size()) * detail::copy_lanes<T>()}},
                           detail::copy_type<T>());
  }

  std::vector<int> m_devices;  // of the local ranks
  int m_size = 0;
  int m_first = 0;  // the global rank of local rank 0
  std::shared_ptr<void> m_state;
};

template <>
struct rank_scope<cuda> {
  cuda::device_scope scope;
  rank_scope(const communicator& comm, int local) : scope(comm.device(local)) {}
};

template <>
struct communicator_for<cuda> {
  using type = communicator;
};

}  // namespace xp::dist
