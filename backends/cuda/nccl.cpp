// xp::dist's NCCL calls (include/xp/dist/communicator.hpp): the communicators of one process's
// GPUs or of one rank among processes, one collective or one exchange per NCCL group. Compiled on every CUDA build;
// without NCCL (XP_HAS_NCCL unset at configure time) creating a communicator throws xp::value_error saying so.
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "xp/backends/cuda/error.hpp"
#include "xp/backends/cuda/memory.hpp"
#include "xp/core/error.hpp"
#include "xp/dist/communicator.hpp"

#if defined(XP_HAS_NCCL)
#include "xp/backends/cuda/vendor/nccl.hpp"
#endif

namespace xp::dist::detail {

#if defined(XP_HAS_NCCL)
namespace {

struct communicators {
  std::vector<int> devices;
  std::vector<ncclComm_t> comms;
  // Finalising is collective across the ranks: one thread that holds every rank finalises them in
  // one group (destroying them one by one could wait on a rank not yet reached), then frees each.
  ~communicators() {
    if (ncclGroupStart() == ncclSuccess) {
      for (ncclComm_t c : comms)
        if (c != nullptr) (void)ncclCommFinalize(c);
      (void)ncclGroupEnd();
    }
    for (ncclComm_t c : comms)
      if (c != nullptr) (void)ncclCommDestroy(c);
  }
};

// NCCL's names of wire_type's and reduce_op's values, in their declaration order
ncclDataType_t nccl_type(wire_type t) {
  constexpr ncclDataType_t types[] = {ncclInt8,   ncclUint8,   ncclInt32,   ncclUint32, ncclInt64,
                                      ncclUint64, ncclFloat16, ncclFloat32, ncclFloat64};
  return types[static_cast<int>(t)];
}
ncclRedOp_t nccl_op(reduce_op op) {
  constexpr ncclRedOp_t ops[] = {ncclSum, ncclProd, ncclMin, ncclMax};
  return ops[static_cast<int>(op)];
}

// Each local rank's stream (its device's current stream), found before a group opens so that
// only NCCL calls run inside it: anything else that threw there would leave some ranks' calls
// unqueued and the queued ones waiting for them.
std::vector<cudaStream_t> local_streams(const communicators& c) {
  std::vector<cudaStream_t> streams;
  for (int device : c.devices) {
    xp::cuda::device_scope on(device);
    streams.push_back(backends::cuda::current_stream());
  }
  return streams;
}

// call(i, failed) for i < n inside one NCCL group, stopping at the first failure (each call returns
// NCCL's status and names itself in `failed`); the group is closed either way, then the failure
// or the group's own is thrown.
template <class F>
void in_group(std::size_t n, F&& call) {
  XP_VENDOR_CHECK(ncclGroupStart());
  ncclResult_t status = ncclSuccess;
  const char* failed = nullptr;
  for (std::size_t i = 0; i < n && status == ncclSuccess; ++i) status = call(i, failed);
  const ncclResult_t end = ncclGroupEnd();
  backends::cuda::vendor::check(status, failed, __FILE__, __LINE__);
  XP_VENDOR_CHECK(end);
}

}  // namespace

std::shared_ptr<void> init_all(const std::vector<int>& devices) {
  auto c = std::make_shared<communicators>();
  c->devices = devices;
  c->comms.resize(devices.size());
  XP_VENDOR_CHECK(ncclCommInitAll(c->comms.data(), static_cast<int>(devices.size()), devices.data()));
  return c;
}

std::shared_ptr<void> init_rank(const unsigned char* id, int size, int rank, int device) {
  ncclUniqueId u;
  static_assert(sizeof(u.internal) == unique_id::bytes, "NCCL's unique id changed size");
  std::memcpy(u.internal, id, sizeof(u.internal));
  auto c = std::make_shared<communicators>();
  c->devices = {device};
  c->comms.resize(1);
  xp::cuda::device_scope on(device);
  XP_VENDOR_CHECK(ncclCommInitRank(&c->comms[0], size, u, rank));
  return c;
}

void new_unique_id(unsigned char* id) {
  ncclUniqueId u;
  XP_VENDOR_CHECK(ncclGetUniqueId(&u));
  std::memcpy(id, u.internal, sizeof(u.internal));
}

void point_to_point(const void* state, const std::vector<p2p_op>& ops, wire_type type) {
  const auto& c = *static_cast<const communicators*>(state);
  const ncclDataType_t t = nccl_type(type);
  const std::vector<cudaStream_t> streams = local_streams(c);
  in_group(ops.size(), [&](std::size_t i, const char*& failed) {
    const p2p_op& op = ops[i];
    const auto local = static_cast<std::size_t>(op.local);
    failed = op.send ? "ncclSend" : "ncclRecv";
    return op.send ? ncclSend(op.buffer, op.count, t, op.peer, c.comms[local], streams[local])
                   : ncclRecv(op.buffer, op.count, t, op.peer, c.comms[local], streams[local]);
  });
}

void run(const void* state, collective what, const std::vector<const void*>& send, const std::vector<void*>& recv,
         std::size_t count, wire_type type, reduce_op op, int root) {
  const auto& c = *static_cast<const communicators*>(state);
  const ncclDataType_t t = nccl_type(type);
  const std::vector<cudaStream_t> streams = local_streams(c);
  in_group(c.comms.size(), [&](std::size_t r, const char*& failed) {
    const cudaStream_t s = streams[r];
    switch (what) {
      case collective::all_reduce:
        failed = "ncclAllReduce";
        return ncclAllReduce(send[r], recv[r], count, t, nccl_op(op), c.comms[r], s);
      case collective::broadcast:
        failed = "ncclBroadcast";
        return ncclBroadcast(send[r], recv[r], count, t, root, c.comms[r], s);
      case collective::all_gather:
        failed = "ncclAllGather";
        return ncclAllGather(send[r], recv[r], count, t, c.comms[r], s);
      case collective::reduce_scatter:
        failed = "ncclReduceScatter";
        return ncclReduceScatter(send[r], recv[r], count, t, nccl_op(op), c.comms[r], s);
    }
    failed = "an unknown collective";
    return ncclInvalidArgument;
  });
}

#else

std::shared_ptr<void> init_all(const std::vector<int>&) {
  throw value_error(
      "xp::dist::communicator: this xp was built without NCCL (nccl.h and libnccl were not found when it was "
      "configured; see XP_ENABLE_NCCL)");
}

void run(const void*, collective, const std::vector<const void*>&, const std::vector<void*>&, std::size_t, wire_type,
         reduce_op, int) {
  throw value_error("xp::dist: this xp was built without NCCL");
}

std::shared_ptr<void> init_rank(const unsigned char*, int, int, int) { return init_all({}); }

void new_unique_id(unsigned char*) { (void)init_all({}); }

void point_to_point(const void*, const std::vector<p2p_op>&, wire_type) {
  throw value_error("xp::dist: this xp was built without NCCL");
}

#endif

}  // namespace xp::dist::detail
