// xp::cuda's device queries (available, device_count, device_properties, mem_info), grid_for and
// every other non-template member that <xp/cuda/api.hpp> declares (current_device, synchronize,
// the NVTX switch, the memory resources, plan_cache), compiled into libxp so that they exist in
// every program: a host-only one (xp::xp, g++, no CUDA toolkit) links them and is told there is
// no device ("this program is linked without xp::cuda", in a typed error where one is thrown).
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
#include <memory>
#include <string>

#include "xp/backends/cuda/runtime.hpp"
#include "xp/core/backend.hpp"
#include "xp/core/error.hpp"
#include "xp/core/plan_cache.hpp"
#include "xp/cuda/api.hpp"

extern "C" {
// defined in libxp_cuda (backends/cuda/runtime.cpp); null in a program linked without it
extern const xp::backends::cuda::runtime_hooks xp_cuda_runtime_hooks __attribute__((weak));
}

namespace xp {
namespace {

const backends::cuda::runtime_hooks* hooks() noexcept { return &xp_cuda_runtime_hooks; }

constexpr const char* without_cuda = "this program is linked without xp::cuda, so it sees no device";

// The hook of a member that needs a device; in a program without xp::cuda, E(fn: reason).
template <class E = value_error>
const backends::cuda::runtime_hooks& hooks_or_throw(const char* fn) {
  const backends::cuda::runtime_hooks* h = hooks();
  if (!h) throw E(std::string(fn) + ": " + without_cuda);
  return *h;
}

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

int cuda::current_device() {
  // (with xp::cuda and no device, cudaGetDevice's cuda_error; without it, no CUDA status to report)
  return hooks_or_throw<value_error>("xp::cuda::current_device").current_device();
}

void cuda::synchronize() {
  const backends::cuda::runtime_hooks* h = hooks();
  if (h) h->synchronize();  // without xp::cuda no device work exists: nothing to wait for
}

void cuda::set_nvtx_ranges(bool on) noexcept {
  const backends::cuda::runtime_hooks* h = hooks();
  if (h) h->set_nvtx_ranges(on);  // without xp::cuda there are no device operations to mark
}

bool cuda::nvtx_ranges() noexcept {
  const backends::cuda::runtime_hooks* h = hooks();
  return h ? h->nvtx_ranges() : false;
}

cuda::memory_pool& cuda::get_default_memory_pool(int device) {
  return hooks_or_throw("xp::cuda::get_default_memory_pool").get_default_memory_pool(device);
}

void cuda::set_memory_resource(std::shared_ptr<memory_resource> resource, int device) {
  hooks_or_throw("xp::cuda::set_memory_resource").set_memory_resource(std::move(resource), device);
}

std::shared_ptr<cuda::memory_resource> cuda::get_memory_resource(int device) {
  return hooks_or_throw("xp::cuda::get_memory_resource").get_memory_resource(device);
}

cuda::pinned_memory_pool& cuda::get_pinned_memory_pool() {
  return hooks_or_throw("xp::cuda::get_pinned_memory_pool").get_pinned_memory_pool();
}

plan_cache_controls cuda::plan_cache(int device) {
  // as with a device number out of range: there is no device 0 (or current device) here
  return hooks_or_throw<index_error>("xp::cuda::plan_cache").plan_cache(device);
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
