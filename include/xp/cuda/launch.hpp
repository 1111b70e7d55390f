#pragma once
/// @file cuda/launch.hpp
/// @brief Raw CUDA kernels on xp arrays (CuPy's RawKernel, Numba's @cuda.jit, in C++): the
/// launch configuration, `xp::cuda::launch` on xp's current stream with its checks, occupancy
/// and kernel attributes. Included by <xp/cuda.hpp>; link xp::cuda.
///
///     __global__ void add_one(xp::ndarray<float, xp::cuda>::view_type a) {
///       const auto i = blockIdx.x * blockDim.x + threadIdx.x;
///       if (i < a.shape(0)) a(i) += 1.f;
///     }
///     auto a = xp::zeros<float, xp::cuda>({n});
///     xp::cuda::launch(add_one, {xp::cuda::grid_for(n, 256), 256}, a.view());
///
/// A `__global__` function can only be written in a translation unit compiled by nvcc; this
/// header itself compiles with g++ too (it launches through cudaLaunchKernel).

#include <cuda_runtime_api.h>

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "xp/backends/cuda/error.hpp"
#include "xp/backends/cuda/memory.hpp"
#include "xp/core/backend.hpp"
#include "xp/cuda/api.hpp"

namespace xp {

/// @brief A launch's shape: `{grid, block}` or `{grid, block, shared_bytes}` (Numba's
/// `kernel[grid, block, stream, shared]`, CuPy's `kernel(grid, block, args, shared_mem=)`).
/// dim3 converts from one unsigned, so `{blocks, threads}` is a 1-D launch.
struct cuda::launch_config {
  dim3 grid;                     ///< blocks per grid (x, y, z); a zero extent launches nothing
  dim3 block;                    ///< threads per block (x, y, z); x * y * z <= 1024
  std::size_t shared_bytes = 0;  ///< dynamic shared memory per block (`extern __shared__`)
};

/// @brief What cudaFuncGetAttributes says about a compiled kernel: the numbers seed 000's
/// tables track when tuning with __launch_bounds__ and -maxrregcount.
struct cuda::kernel_info {
  int registers_per_thread = 0;            ///< 32-bit registers each thread uses
  std::size_t static_shared_bytes = 0;     ///< `__shared__` arrays of fixed size, per block
  std::size_t local_bytes_per_thread = 0;  ///< local memory: register spills and indexed arrays
  std::size_t constant_bytes = 0;          ///< `__constant__` memory the kernel uses
  int max_threads_per_block = 0;           ///< the largest block it launches with (registers, bounds)
  int ptx_version = 0;                     ///< virtual architecture it was compiled for, e.g. 90
  int binary_version = 0;                  ///< SASS architecture it runs as, e.g. 90
};

namespace backends::cuda {

/// Checks a launch configuration against the current device's limits (threads per block, block
/// and grid extents, shared memory). Compiled in libxp_cuda (backends/cuda/launch.cpp).
/// @throws xp::value_error naming the limit.
void check_launch(const xp::cuda::launch_config& config);

/// Throws the xp::cuda_error of a refused launch: the status, its description, the launch's grid,
/// block and shared memory, and what the kernel allows where the launch asked for more.
[[noreturn]] void launch_failed(cudaError_t status, const xp::cuda::launch_config& config, const void* kernel);

template <class Tuple, std::size_t... I>
void launch_packed(const void* kernel, const xp::cuda::launch_config& config, Tuple& values,
                   std::index_sequence<I...>) {
  // what kernel<<<...>>>(args) compiles to: one pointer per argument, to a value of the
  // parameter's type (the trailing null keeps the array non-empty for a kernel of no parameters)
  void* arguments[] = {static_cast<void*>(&std::get<I>(values))..., nullptr};
  const cudaError_t status =
      cudaLaunchKernel(kernel, config.grid, config.block, arguments, config.shared_bytes, current_stream());
  if (status != cudaSuccess) launch_failed(status, config, kernel);
}

template <class... Params>
const void* kernel_handle(void (*kernel)(Params...)) {
  // the runtime API names a __global__ function by its host-side address (as cuda_runtime.h does)
  return reinterpret_cast<const void*>(kernel);
}

}  // namespace backends::cuda

template <class... Params, class... Args>
void cuda::launch(void (*kernel)(Params...), const launch_config& config, Args&&... args) {
  static_assert(sizeof...(Params) == sizeof...(Args),
                "xp::cuda::launch: the number of arguments differs from the kernel's parameters");
  static_assert((std::is_trivially_copyable_v<Params> && ...),
                "xp::cuda::launch: kernel parameters are copied to the device byte for byte, so each must be "
                "trivially copyable: pass an array as a.view() (ndarray<T, xp::cuda>::view_type), not the ndarray");
  static_assert((std::is_convertible_v<Args&&, Params> && ...),
                "xp::cuda::launch: an argument does not convert implicitly to the kernel's parameter type");
  if (kernel == nullptr) throw value_error("xp::cuda::launch: the kernel is a null pointer");
  backends::cuda::check_launch(config);
  if (config.grid.x == 0 || config.grid.y == 0 || config.grid.z == 0) return;  // nothing to run
  std::tuple<Params...> values{std::forward<Args>(args)...};  // converted as kernel<<<...>>>(args) would
  backends::cuda::launch_packed(backends::cuda::kernel_handle(kernel), config, values,
                                std::index_sequence_for<Params...>{});
}

template <class... Params>
int cuda::max_active_blocks(void (*kernel)(Params...), int block_threads, std::size_t shared_bytes) {
  int blocks = 0;
  XP_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, backends::cuda::kernel_handle(kernel),
                                                              block_threads, shared_bytes));
  return blocks;
}

template <class... Params>
cuda::kernel_info cuda::kernel_attributes(void (*kernel)(Params...)) {
  cudaFuncAttributes a{};
  XP_CUDA_CHECK(cudaFuncGetAttributes(&a, backends::cuda::kernel_handle(kernel)));
  kernel_info k;
  k.registers_per_thread = a.numRegs;
  k.static_shared_bytes = a.sharedSizeBytes;
  k.local_bytes_per_thread = a.localSizeBytes;
  k.constant_bytes = a.constSizeBytes;
  k.max_threads_per_block = a.maxThreadsPerBlock;
  k.ptx_version = a.ptxVersion;
  k.binary_version = a.binaryVersion;
  return k;
}

}  // namespace xp
