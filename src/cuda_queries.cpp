// xp::cuda's device queries (available, device_count, device_properties, mem_info) and grid_for,
// compiled into libxp so that they exist in every program: a host-only one (xp::xp, g++, no CUDA
// toolkit) links them and is told there is no device.
//
// How the real answers get in when xp::cuda is linked. libxp cannot call CUDA, so it calls
// through a table of function pointers, `xp_cuda_runtime_hooks`, that libxp_cuda defines
// (backends/cuda/runtime.cpp). libxp declares that object *weak*: a weak undefined symbol
// resolves to address 0 when no object file defines it, and to the definition when one does,
// whatever order the libraries come on the link line. The other half is to make sure that the
// object file defining it is linked: from a static archive the linker takes a member only to
// resolve a strong undefined symbol, and a weak reference never pulls one in. So the xp::cuda
// CMake target (and the installed one, which exports it) adds `--undefined=xp_cuda_runtime_hooks`
// to every link that uses it: a program that links xp::cuda gets runtime.cpp's object, and the
// real answers, even when device_count() is all it calls.
//
// Considered and not taken: weak *definitions* here with strong ones in libxp_cuda (when libxp
// comes first on the line, the weak definition satisfies the reference and libxp_cuda's member
// is never pulled, unless something else pulls it: a silent "0 devices"); registration by a
// static constructor in libxp_cuda (the same dropped-member problem, plus static-initialisation
// order: a query from another static constructor could run before registration). The table is
// constant-initialised, so the queries are right from the first instruction of the program.
// ELF toolchains (GNU ld, gold, lld) are assumed, as everywhere in xp's CUDA build.
#include <string>

#include "xp/backends/cuda/runtime.hpp"
#include "xp/core/backend.hpp"
#include "xp/core/error.hpp"
#include "xp/cuda/api.hpp"

extern "C" {
// defined in libxp_cuda (backends/cuda/runtime.cpp); null in a program linked without it
extern const xp::backends::cuda::runtime_hooks xp_cuda_runtime_hooks __attribute__((weak));
}

namespace xp {
namespace {

const backends::cuda::runtime_hooks* hooks() noexcept { return &xp_cuda_runtime_hooks; }

}  // namespace

int cuda::device_count() noexcept {
  const backends::cuda::runtime_hooks* h = hooks();
  return h ? h->device_count() : 0;
}

bool cuda::available() noexcept { return device_count() > 0; }

cuda::device_info cuda::device_properties(int device) {
  const int n = device_count();
  if (device < 0 || device >= n)
    throw index_error(
        "xp::cuda::device_properties: device " + std::to_string(device) + " is out of range: " +
        (n == 0 ? std::string(hooks() ? "there is no CUDA device"
                                      : "this program is linked without xp::cuda, so it sees no device")
                : std::to_string(n) + " device" + (n == 1 ? "" : "s") + " (0 to " + std::to_string(n - 1) + ")"));
  return hooks()->device_properties(device);
}

cuda::memory_info cuda::mem_info() {
  if (device_count() == 0)
    throw value_error(std::string("xp::cuda::mem_info: ") + (hooks() ? "there is no CUDA device"
                                                                     : "this program is linked without xp::cuda, so "
                                                                       "it sees no device"));
  return hooks()->mem_info();
}

unsigned cuda::grid_for(index_t n, int block, int axis) {
  if (n < 0) throw value_error("xp::cuda::grid_for: n must be >= 0; got " + std::to_string(n));
  if (block < 1) throw value_error("xp::cuda::grid_for: block must be >= 1; got " + std::to_string(block));
  if (axis < 0 || axis > 2)
    throw value_error("xp::cuda::grid_for: axis must be 0 (x), 1 (y) or 2 (z); got " + std::to_string(axis));
  // CUDA's grid limits, the same on every device since compute capability 3.0
  constexpr index_t max_x = 2147483647, max_yz = 65535;
  const index_t limit = axis == 0 ? max_x : max_yz;
  const index_t blocks = n / block + (n % block != 0 ? 1 : 0);
  if (blocks > limit)
    throw value_error("xp::cuda::grid_for: " + std::to_string(n) + " threads in blocks of " + std::to_string(block) +
                      " need " + std::to_string(blocks) + " blocks; gridDim." + "xyz"[axis] + " takes at most " +
                      std::to_string(limit) + " (use larger blocks, another grid axis, or a grid-stride loop)");
  return static_cast<unsigned>(blocks);
}

}  // namespace xp
