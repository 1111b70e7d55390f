#pragma once
/// @file dist.hpp
/// @brief More than one GPU in one process: NCCL collectives on xp arrays (xp::dist). A
/// communicator holds one rank per GPU (NCCL's ncclCommInitAll); a collective takes one array per
/// rank, each on its rank's device, and queues NCCL's kernels on each device's current stream (the
/// thread's stream for the device that is current, the legacy default stream of the others):
/// the calls return at once, and `communicator::synchronize()` waits for every rank before a
/// result is read from another device.
/// Link xp::cuda; NCCL is found in the CUDA toolkit at configure time (XP_ENABLE_NCCL).

#include <complex>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "xp/cuda.hpp"

namespace xp::dist {

/// @brief How a collective combines the ranks' elements (NCCL's ncclSum, ncclProd, ncclMin, ncclMax).
enum class reduce_op { sum, prod, min, max };

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

enum class collective { all_reduce, broadcast, all_gather, reduce_scatter };

/// The communicators of `devices`, one rank each (defined in libxp_cuda, backends/cuda/nccl.cpp).
/// @throws xp::value_error when xp was built without NCCL; xp::cuda_error when NCCL fails.
std::shared_ptr<void> init_all(const std::vector<int>& devices);
/// One collective over every rank in one NCCL group: `count` wire elements sent per rank
/// (all_reduce, broadcast, all_gather) or received per rank (reduce_scatter).
/// @throws xp::cuda_error naming NCCL's status when a call fails.
void run(const void* state, collective what, const std::vector<const void*>& send, const std::vector<void*>& recv,
         std::size_t count, wire_type type, reduce_op op, int root);
}  // namespace detail

/// @brief One NCCL rank per GPU of this process (`ncclCommInitAll`; CuPy's
/// `cupy.cuda.nccl.NcclCommunicator.initAll`). Copies share the communicators.
class communicator {
 public:
  /// @brief Every CUDA device of the process, rank r on device r.
  /// @throws xp::value_error when there is no device or xp was built without NCCL;
  ///         xp::cuda_error when NCCL fails.
  communicator() : communicator(all_devices()) {}
  /// @brief Rank r on `devices[r]` (distinct devices).
  /// @throws xp::value_error for an empty or repeated list, or without NCCL; xp::index_error for a
  ///         device out of range; xp::cuda_error when NCCL fails.
  explicit communicator(std::vector<int> devices) : m_devices(std::move(devices)) {
    if (m_devices.empty()) throw value_error("xp::dist::communicator: no devices");
    for (std::size_t i = 0; i < m_devices.size(); ++i) {
      const int d = m_devices[i];
      if (d < 0 || d >= cuda::device_count())
        throw index_error("xp::dist::communicator: device " + std::to_string(d) + " is out of range: this process " +
                          "sees " + std::to_string(cuda::device_count()) + " CUDA devices");
      for (std::size_t j = 0; j < i; ++j)
        if (m_devices[j] == d)
          throw value_error("xp::dist::communicator: device " + std::to_string(d) + " is listed twice (one rank each)");
    }
    m_state = detail::init_all(m_devices);
  }

  /// @brief The number of ranks.
  int size() const noexcept { return static_cast<int>(m_devices.size()); }
  /// @brief The device of rank `rank`. @throws xp::index_error for a rank out of range.
  int device(int rank) const {
    if (rank < 0 || rank >= size())
      throw index_error("xp::dist::communicator: rank " + std::to_string(rank) + " is out of range for " +
                        std::to_string(size()) + " ranks");
    return m_devices[static_cast<std::size_t>(rank)];
  }

  /// @brief Every part becomes the elementwise `op` of all parts (ncclAllReduce, in place).
  /// @throws xp::value_error unless there is one C-contiguous part per rank on its rank's device,
  ///         or for complex parts with another op than sum; xp::shape_error when shapes differ.
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
    (void)device(root);
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
    std::vector<ndarray<T, cuda>> out;
    for (int r = 0; r < size(); ++r) {
      cuda::device_scope on(device(r));
      out.push_back(ndarray<T, cuda>(shape));
    }
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
    std::vector<ndarray<T, cuda>> out;
    for (int r = 0; r < size(); ++r) {
      cuda::device_scope on(device(r));
      out.push_back(ndarray<T, cuda>(shape));
    }
    launch(packed(parts), out, detail::collective::reduce_scatter, out[0].size(), op, 0);
    return out;
  }
  /// @brief Waits for every rank's current stream.
  void synchronize() const {
    for (int r = 0; r < size(); ++r) {
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

  template <class T>
  void check_parts(const std::vector<ndarray<T, cuda>>& parts, const char* what, bool in_place) const {
    static_assert(detail::wire_of<T>::supported,
                  "xp::dist: NCCL moves int8, uint8, int32, uint32, int64, uint64, float16, float32, float64 and "
                  "complex64/complex128 arrays (no bool, int16 or uint16)");
    const std::string fn = std::string("xp::dist::communicator::") + what;
    if (static_cast<int>(parts.size()) != size())
      throw value_error(fn + ": " + std::to_string(parts.size()) + " arrays for " + std::to_string(size()) +
                        " ranks (one per rank)");
    for (int r = 0; r < size(); ++r) {
      const auto& p = parts[static_cast<std::size_t>(r)];
      if (p.shape() != parts[0].shape())
        throw shape_error(fn + ": the part of rank " + std::to_string(r) + " has shape " + to_string(p.shape()) +
                          " and rank 0's " + to_string(parts[0].shape()));
      if (p.size() > 0 && device_of(p) != device(r))
        throw value_error(fn + ": the part of rank " + std::to_string(r) + " lives on device " +
                          std::to_string(device_of(p)) + ", the rank's device is " + std::to_string(device(r)));
      if (in_place && !p.is_contiguous())
        throw value_error(fn + ": the part of rank " + std::to_string(r) +
                          " is not C-contiguous (the collective "
                          "writes it in place)");
      if (in_place && !p.writeable())
        throw value_error(fn + ": the part of rank " + std::to_string(r) + " is read-only");
    }
  }
  template <class T>
  static void check_op(reduce_op op, const char* what) {
    if (detail::wire_of<T>::lanes > 1 && op != reduce_op::sum)
      throw value_error(std::string("xp::dist::communicator::") + what +
                        ": complex parts reduce by sum only (NCCL reduces their real and imaginary parts apart)");
  }
  template <class T>
  std::vector<ndarray<T, cuda>> packed(const std::vector<ndarray<T, cuda>>& parts) const {
    std::vector<ndarray<T, cuda>> p;
    for (int r = 0; r < size(); ++r) {
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
    detail::run(m_state.get(), what, s, r, static_cast<std::size_t>(elements) * detail::wire_of<T>::lanes,
                detail::wire_of<T>::type, op, root);
  }

  std::vector<int> m_devices;
  std::shared_ptr<void> m_state;
};

}  // namespace xp::dist
