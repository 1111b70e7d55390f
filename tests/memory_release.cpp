// The acceptance test of the pool's release threshold: an idle xp process that once
// used most of the GPU leaves room for another process. This process allocates and frees 60 GB
// (three quarters of a smaller device) with xp, stays alive, and starts a child (this program
// again, with --child) that allocates 80% of the device with plain cudaMalloc. Then it shows
// the test can fail: with the threshold at "keep everything" (what CuPy's pool does) the same
// child cannot allocate. Exit 77 (skipped) without a GPU. Run alone (RUN_SERIAL in CTest).
#include <spawn.h>
#include <sys/wait.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include <xp/cuda.hpp>

extern char** environ;

namespace {

int child(std::size_t bytes) {
  void* p = nullptr;
  if (cudaMalloc(&p, bytes) != cudaSuccess) return 1;
  if (cudaMemset(p, 1, bytes) != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) return 2;
  return 0;
}

// Runs this program as the child; its exit status.
int run_child(const char* self, std::size_t bytes) {
  std::string amount = std::to_string(bytes);
  char* argv[] = {const_cast<char*>(self), const_cast<char*>("--child"), amount.data(), nullptr};
  pid_t pid = 0;
  if (posix_spawn(&pid, self, nullptr, nullptr, argv, environ) != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) return -1;
  return WEXITSTATUS(status);
}

// Uses `bytes` (a multiple of 1 MiB) of device memory through xp, written and read back, and
// frees it.
void use_and_free(std::size_t bytes) {
  const xp::index_t rows = static_cast<xp::index_t>(bytes >> 20);
  auto a = xp::ones<std::uint8_t, xp::cuda>({rows, xp::index_t{1} << 20});
  if (a(rows - 1, 7).item() != 1) throw std::runtime_error("wrong value");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "--child") return child(std::stoull(argv[2]));
  if (!xp::cuda::available()) {
    std::puts("no CUDA device: skipped");
    return 77;
  }
  const std::size_t total = xp::cuda::mem_info().total_bytes;
  const std::size_t used = std::min<std::size_t>(std::size_t{60} << 30, total / 4 * 3) >> 20 << 20;
  const std::size_t wanted = static_cast<std::size_t>(static_cast<double>(total) * 0.8);
  auto& pool = xp::cuda::get_default_memory_pool();

  use_and_free(used);
  std::printf("xp used %zu bytes and freed them; the pool holds %zu (threshold %zu); the device has %zu free\n", used,
              pool.total_bytes(), pool.release_threshold(), xp::cuda::mem_info().free_bytes);
  const int with_default = run_child(argv[0], wanted);
  std::printf("a second process allocating %zu bytes (80%%): %s\n", wanted, with_default == 0 ? "succeeded" : "failed");

  pool.set_release_threshold(SIZE_MAX);  // keep everything, as CuPy's pool does
  use_and_free(used);
  xp::cuda::synchronize();
  std::printf("threshold SIZE_MAX: the pool holds %zu bytes; the device has %zu free\n", pool.total_bytes(),
              xp::cuda::mem_info().free_bytes);
  const int keeping_all = run_child(argv[0], wanted);
  std::printf("a second process allocating %zu bytes: %s\n", wanted, keeping_all == 0 ? "succeeded" : "failed");

  if (with_default != 0) {
    std::puts("FAIL: the idle xp process starved the second one");
    return 1;
  }
  if (keeping_all == 0) {
    std::puts("FAIL: the check cannot fail: the child succeeded although xp kept everything");
    return 1;
  }
  std::puts("PASS");
  return 0;
}
