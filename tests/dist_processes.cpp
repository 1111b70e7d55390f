// Issue 20's multi-process bootstrap without MPI: this program makes an NCCL unique id, puts it
// in the environment (XP_NCCL_ID, as a launcher would) and starts itself twice, as ranks 0 and 1
// on GPUs 0 and 1. Each rank joins with communicator(unique_id::from_env(...), 2, rank, rank),
// then checks an all-reduce, an all-gather and a send/recv pair against values it computes on
// the host. NCCL takes one rank per GPU, so this needs two: exit 77 (skipped) with fewer.
#include <spawn.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <xp/dist/communicator.hpp>

extern char** environ;

namespace {

constexpr xp::index_t n = 1000;  // not a multiple of any NCCL chunk

// rank r's part: element i is r * 1000 + i
xp::ndarray<float, xp::host> part_of(int rank) {
  auto h = xp::empty<float>({n});
  for (xp::index_t i = 0; i < n; ++i) h.data()[i] = static_cast<float>(rank * 1000 + i);
  return h;
}

int rank_main(int rank) {
  const xp::dist::communicator comm(xp::dist::unique_id::from_env("XP_NCCL_ID"), 2, rank, rank);
  int failures = 0;
  auto expect = [&](bool ok, const char* what) {
    if (!ok) {
      std::fprintf(stderr, "rank %d: %s\n", rank, what);
      ++failures;
    }
  };
  xp::cuda::device_scope on(rank);
  std::vector<xp::ndarray<float, xp::cuda>> mine{xp::to_device(part_of(rank))};
  comm.all_reduce(mine);
  const auto gathered = comm.all_gather(std::vector<xp::ndarray<float, xp::cuda>>{xp::to_device(part_of(rank))});
  comm.synchronize();
  const auto sum = mine[0].copy_to_host(), all = gathered[0].copy_to_host();
  const auto p0 = part_of(0), p1 = part_of(1);
  for (xp::index_t i = 0; i < n; ++i) {
    expect(sum.data()[i] == p0.data()[i] + p1.data()[i], "all_reduce differs from the host's sum");
    expect(all.data()[i] == p0.data()[i] && all.data()[n + i] == p1.data()[i], "all_gather differs");
  }
  // rank 0 sends its part to rank 1
  if (rank == 0) {
    comm.send(xp::to_device(p0), 1);
  } else {
    xp::ndarray<float, xp::cuda> got({n});
    comm.recv(got, 0);
    comm.synchronize();
    const auto h = got.copy_to_host();
    for (xp::index_t i = 0; i < n; ++i) expect(h.data()[i] == p0.data()[i], "recv differs from rank 0's part");
  }
  comm.synchronize();
  std::printf("rank %d: %s\n", rank, failures == 0 ? "ok" : "FAILED");
  return failures == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    if (argc == 3 && std::string(argv[1]) == "--rank") return rank_main(std::atoi(argv[2]));
    if (xp::cuda::device_count() < 2) {
      std::printf("dist_processes: %d GPU(s); two ranks need two: skipped\n", xp::cuda::device_count());
      return 77;
    }
    setenv("XP_NCCL_ID", xp::dist::unique_id::create().hex().c_str(), 1);
    std::vector<pid_t> children;
    for (const char* rank : {"0", "1"}) {
      char* child_argv[] = {argv[0], const_cast<char*>("--rank"), const_cast<char*>(rank), nullptr};
      pid_t pid = 0;
      if (posix_spawn(&pid, argv[0], nullptr, nullptr, child_argv, environ) != 0) {
        std::fprintf(stderr, "dist_processes: could not start rank %s\n", rank);
        return 1;
      }
      children.push_back(pid);
    }
    int status = 0;
    for (pid_t pid : children) {
      int s = 0;
      if (waitpid(pid, &s, 0) != pid || !WIFEXITED(s) || WEXITSTATUS(s) != 0) status = 1;
    }
    return status;
  } catch (const xp::error& e) {
    std::fprintf(stderr, "dist_processes: %s\n", e.what());
    return 1;
  }
}
