// The host-side checks and messages of xp::cuda::launch (include/xp/cuda/launch.hpp): plain C++
// against the CUDA runtime API, compiled once into libxp_cuda.
#include <string>

#include "xp/backends/cuda/runtime.hpp"
#include "xp/cuda/launch.hpp"

namespace xp::backends::cuda {
namespace {

std::string dims(const dim3& d) {
  return "(" + std::to_string(d.x) + ", " + std::to_string(d.y) + ", " + std::to_string(d.z) + ")";
}

std::string describe(const xp::cuda::launch_config& c) {
  return "xp::cuda::launch(grid " + dims(c.grid) + ", block " + dims(c.block) + ", " + std::to_string(c.shared_bytes) +
         " bytes of dynamic shared memory)";
}

}  // namespace

void check_launch(const xp::cuda::launch_config& c) {
  auto fail = [&c](const std::string& why) { throw value_error(describe(c) + ": " + why); };
  const unsigned block[3] = {c.block.x, c.block.y, c.block.z};
  const unsigned grid[3] = {c.grid.x, c.grid.y, c.grid.z};
  for (int k = 0; k < 3; ++k)
    if (block[k] == 0) fail("the block is empty (blockDim." + std::string(1, "xyz"[k]) + " is 0)");
  const device_limits limits = current_device_limits();
  const unsigned long long threads = 1ull * c.block.x * c.block.y * c.block.z;
  if (threads > static_cast<unsigned long long>(limits.max_threads_per_block))
    fail("the block has " + std::to_string(threads) + " threads; this device takes at most " +
         std::to_string(limits.max_threads_per_block) + " per block");
  for (int k = 0; k < 3; ++k) {
    const std::string axis(1, "xyz"[k]);
    if (block[k] > static_cast<unsigned>(limits.max_block[k]))
      fail("blockDim." + axis + " is " + std::to_string(block[k]) + "; this device takes at most " +
           std::to_string(limits.max_block[k]));
    if (grid[k] > static_cast<unsigned>(limits.max_grid[k]))
      fail("gridDim." + axis + " is " + std::to_string(grid[k]) + "; this device takes at most " +
           std::to_string(limits.max_grid[k]) + " (xp::cuda::grid_for checks this, or use a grid-stride loop)");
  }
  if (c.shared_bytes > limits.max_shared_optin)
    fail("this device gives a block at most " + std::to_string(limits.max_shared_optin) +
         " bytes of shared memory (static and dynamic together)");
}

void launch_failed(cudaError_t status, const xp::cuda::launch_config& c, const void* kernel) {
  (void)cudaGetLastError();  // the launch's error is in `status`; clear it before asking more
  std::string call = describe(c);
  // what the kernel itself allows, which check_launch could not know without a query per launch
  cudaFuncAttributes a{};
  if (cudaFuncGetAttributes(&a, kernel) == cudaSuccess) {
    const unsigned long long threads = 1ull * c.block.x * c.block.y * c.block.z;
    if (threads > static_cast<unsigned long long>(a.maxThreadsPerBlock))
      call += ": this kernel launches with at most " + std::to_string(a.maxThreadsPerBlock) +
              " threads per block (its " + std::to_string(a.numRegs) +
              " registers per thread or its __launch_bounds__; see xp::cuda::kernel_attributes)";
    if (c.shared_bytes > static_cast<std::size_t>(a.maxDynamicSharedSizeBytes))
      call += ": this kernel takes at most " + std::to_string(a.maxDynamicSharedSizeBytes) +
              " bytes of dynamic shared memory; more needs cudaFuncSetAttribute(kernel, "
              "cudaFuncAttributeMaxDynamicSharedMemorySize, bytes) first";
  } else {
    (void)cudaGetLastError();
  }
  throw cuda_error(cudaGetErrorName(status), cudaGetErrorString(status), call, __FILE__, __LINE__);
}

}  // namespace xp::backends::cuda
