#pragma once
/// @file cuda/api.hpp
/// @brief The API of the xp::cuda backend tag (declared in core/backend.hpp): streams, device
/// scopes, device queries, memory resources, raw-kernel launches, interop and profiling switches.
/// Declarations only, with no CUDA header, so a host program (g++, xp::xp alone) compiles it: the
/// device queries are defined in libxp and answer "no device" there; the rest is defined in
/// libxp_cuda and in the headers <xp/cuda.hpp> includes. A new xp::cuda feature is declared here.

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "xp/core/backend.hpp"
#include "xp/core/config.hpp"

namespace xp {

/// @brief The NVIDIA GPU backend. Its primitives are visible after `#include <xp/cuda.hpp>`.
/// Its streams and the raw-kernel launch helpers are defined in libxp_cuda (link xp::cuda). Every
/// non-template member function declared below is in libxp itself, so a host-only program (xp::xp
/// alone, g++, no CUDA toolkit) links it too: there the queries report no device, synchronize()
/// and the NVTX switch do nothing, and what needs a device throws a typed error saying "this
/// program is linked without xp::cuda" (src/cuda_queries.cpp forwards to libxp_cuda when it is
/// linked). The member templates (launch, max_active_blocks, kernel_attributes, wrap) are defined
/// in <xp/cuda/launch.hpp> and <xp/cuda/interop.hpp>, for programs built with xp::cuda.
struct cuda {
  class stream;            ///< a CUDA stream, xp's own or another library's (defined in <xp/cuda.hpp>)
  class stream_scope;      ///< makes a stream current for the enclosing scope
  class device_scope;      ///< makes a device current for the enclosing scope (<xp/cuda.hpp>)
  struct device_info;      ///< what device_properties() returns (defined below)
  struct memory_info;      ///< what mem_info() returns (defined below)
  struct launch_config;    ///< grid, block and dynamic shared memory of a launch (<xp/cuda/launch.hpp>)
  struct kernel_info;      ///< what kernel_attributes() returns (<xp/cuda/launch.hpp>)
  class event;             ///< a CUDA event: orders work across streams, times it (<xp/cuda/interop.hpp>)
  struct array_interface;  ///< a foreign device buffer in the CUDA Array Interface's terms (<xp/cuda/interop.hpp>)
  // memory (<xp/cuda/memory_resource.hpp>, included by <xp/cuda.hpp>)
  class memory_resource;              ///< the interface: allocate/deallocate on a stream
  class memory_pool;                  ///< xp's default: a stream-ordered pool per device
  class pinned_memory_pool;           ///< page-locked host memory for transfers
  class limiting_resource_adaptor;    ///< throws past a byte limit
  class statistics_resource_adaptor;  ///< counts bytes and allocations
  class logging_resource_adaptor;     ///< writes a CSV line per call
  template <class Resource>
  class foreign_resource;  ///< an RMM-style resource seen through xp's interface

  /// @brief True when xp::cuda is linked, a driver is installed and at least one CUDA device
  /// is present (device_count() > 0). Never throws; false in a program linked without xp::cuda.
  static bool available() noexcept;
  /// @brief Waits for all work on the current stream (cudaStreamSynchronize); does nothing in a
  /// program linked without xp::cuda (no device work exists there).
  /// @throws xp::cuda_error when the stream reports an error.
  static void synchronize();

  // ---- profiling (libxp_cuda: backends/cuda/trace.cpp; docs/profiling.md) --------------------
  /// @brief Turns the NVTX ranges around xp's device operations on or off for the whole process
  /// (each public operation on xp::cuda arrays, e.g. xp::sum, pushes a range of its name in the
  /// NVTX domain "xp"; PyTorch's torch.autograd.profiler.emit_nvtx() does the same for its ops).
  /// Operations already running keep their range. The start value is the environment variable
  /// XP_NVTX (1/on/true or 0/off/false), else the CMake option XP_NVTX_RANGES (default OFF).
  /// The switch is a plain flag that every operation reads without synchronisation (the price of
  /// its zero cost): call this while no other thread runs xp operations (at start, between phases).
  /// Does nothing in a program linked without xp::cuda.
  static void set_nvtx_ranges(bool on) noexcept;
  /// @brief True while device operations push NVTX ranges (see set_nvtx_ranges); always false
  /// in a program linked without xp::cuda.
  static bool nvtx_ranges() noexcept;

  // ---- device queries (libxp: they link, and answer "no device", without xp::cuda) ----------
  /// @brief The number of CUDA devices this program can use (cupy.cuda.runtime.getDeviceCount(),
  /// len(numba.cuda.gpus)). 0 when there is no driver or device, on any error, and in a program
  /// linked without xp::cuda (nothing could run on a device there); never throws.
  static int device_count() noexcept;
  /// @brief The calling thread's current device (cupy.cuda.Device().id; cudaGetDevice): 0 until a
  /// device_scope selects another.
  /// @throws xp::cuda_error when there is no device or the driver fails to answer;
  ///         xp::value_error in a program linked without xp::cuda.
  static int current_device();
  /// @brief Name, compute capability, SM count, memory, clocks and limits of device `device`
  /// (cupy.cuda.runtime.getDeviceProperties(i), numba.cuda.gpus[i]). Queried on each call.
  /// @throws xp::index_error unless 0 <= device < device_count() (always without a device);
  ///         xp::cuda_error when the driver fails to answer.
  static device_info device_properties(int device);
  /// @brief Free and total bytes of the current device's memory as the driver sees them
  /// (cupy.cuda.runtime.memGetInfo()). Memory that xp's pool keeps for reuse after arrays are
  /// freed counts as used here, as with CuPy's pool.
  /// @throws xp::value_error when there is no device (device_count() == 0, always in a program
  ///         linked without xp::cuda); xp::cuda_error when the driver fails to answer.
  static memory_info mem_info();

  // ---- raw kernels (<xp/cuda/launch.hpp>, included by <xp/cuda.hpp>) -------------------------
  /// @brief Blocks of `block` threads that cover `n` threads along one grid axis: ceil(n / block)
  /// (Numba's blockspergrid = (n + threadsperblock - 1) // threadsperblock); 0 for n == 0, and
  /// launch() runs nothing for an empty grid. `axis` picks the limit the count is checked
  /// against: 0 (gridDim.x, at most 2^31 - 1) or 1, 2 (gridDim.y, gridDim.z: at most 65535).
  /// Plain arithmetic: defined in libxp, usable without a device.
  /// @throws xp::value_error for n < 0, block < 1, an axis outside 0..2, or a count past the limit.
  static unsigned grid_for(index_t n, int block, int axis = 0);
  /// @brief Launches the user's `__global__` function on xp's current stream with `config`
  /// (CuPy's RawKernel `kernel(grid, block, args, shared_mem=...)`, Numba's
  /// `kernel[grid, block, stream, shared](args)`). Arguments are converted to the kernel's
  /// parameter types (so an `array_view<T>` passes where `array_view<const T>` is declared) and
  /// copied, as with `kernel<<<...>>>(args)`. Returns at once: the kernel runs asynchronously.
  /// A grid with a zero extent launches nothing. Defined in <xp/cuda/launch.hpp>.
  /// @throws xp::value_error when the block is empty or past the device's limits (threads per
  ///         block, block or grid extents, shared memory), before anything runs;
  ///         xp::cuda_error (status, description, the launch's grid/block/shared memory) when
  ///         CUDA refuses the launch, or an earlier kernel on the device failed.
  template <class... Params, class... Args>
  static void launch(void (*kernel)(Params...), const launch_config& config, Args&&... args);
  /// @brief Blocks of `kernel` that fit on one SM at once with `block_threads` threads and
  /// `shared_bytes` of dynamic shared memory each (cudaOccupancyMaxActiveBlocksPerMultiprocessor;
  /// Numba: kernel.max_cooperative_grid_blocks / SMs). Defined in <xp/cuda/launch.hpp>.
  /// @throws xp::cuda_error when CUDA cannot answer (e.g. no device).
  template <class... Params>
  static int max_active_blocks(void (*kernel)(Params...), int block_threads, std::size_t shared_bytes = 0);
  /// @brief Registers per thread, static shared and local (spilled) memory, and the largest
  /// block `kernel` can be launched with (cudaFuncGetAttributes; CuPy's RawKernel.num_regs,
  /// .max_threads_per_block, ...). Defined in <xp/cuda/launch.hpp>.
  /// @throws xp::cuda_error when CUDA cannot answer (e.g. no device).
  template <class... Params>
  static kernel_info kernel_attributes(void (*kernel)(Params...));

  // ---- memory (<xp/cuda/memory_resource.hpp>; docs/memory.md) -------------------------------
  /// @brief The pool of `device` (the current device by default; cupy.get_default_memory_pool()):
  /// the resource xp uses on that device unless set_memory_resource installed another. Lives
  /// until the process ends.
  /// @throws xp::value_error for a device that does not exist (any, without xp::cuda).
  static memory_pool& get_default_memory_pool(int device = -1);
  /// @brief Installs `resource` for `device` (the current device by default): every later device
  /// allocation of xp there asks it. Buffers allocated before go back to the resource they came
  /// from. A null `resource` reinstalls the default pool (rmm::mr::set_current_device_resource).
  /// @throws xp::value_error for a device that does not exist (any, without xp::cuda).
  static void set_memory_resource(std::shared_ptr<memory_resource> resource, int device = -1);
  /// @brief The resource xp allocates from on `device` (the current device by default).
  /// @throws xp::value_error for a device that does not exist (any, without xp::cuda).
  static std::shared_ptr<memory_resource> get_memory_resource(int device = -1);
  /// @brief The process's pinned host pool (cupy.get_default_pinned_memory_pool()).
  /// @throws xp::value_error in a program linked without xp::cuda (page-locking is CUDA's).
  static pinned_memory_pool& get_pinned_memory_pool();

  // ---- plans of vendor libraries (libxp_cuda: backends/cuda/vendor/plan_cache.cpp) ----------
  /// @brief Device `device`'s cache of library plans (cuFFT plans, cuSPARSE descriptors, ...;
  /// -1: the current device): bound, size, clear, hits and misses, as cupy.fft.config.
  /// get_plan_cache() (docs/memory.md). Include <xp/core/plan_cache.hpp> to use the result.
  /// @throws xp::index_error unless -1 <= device < device_count() (always without xp::cuda).
  static plan_cache_controls plan_cache(int device = -1);

  // ---- device memory xp did not allocate (<xp/cuda/interop.hpp>, included by <xp/cuda.hpp>) --
  /// @brief An xp array over device memory that another library allocated (a
  /// thrust::device_vector, a cuBLAS output, a cudaMalloc'd buffer), without a copy: CuPy's
  /// `ndarray(shape, dtype, cupy.cuda.MemoryPointer(cupy.cuda.UnownedMemory(ptr, size, owner), 0),
  /// strides)`. `strides` are in elements (empty: C-contiguous). The array and every view of it
  /// keep `owner` alive (give it the shared_ptr that owns the memory, or one whose deleter frees
  /// it); with an empty owner the caller keeps the memory valid while xp may use it. A `const T*`
  /// (or a `const void*`) gives a read-only array. Nothing is synchronised: order the producer's
  /// pending work before xp's (xp::cuda::event). Defined in <xp/cuda/interop.hpp>.
  /// @throws xp::value_error when the pointer is not memory of the current device nor managed
  ///         memory (cudaPointerGetAttributes: host memory, pinned or not, is refused), for a
  ///         negative extent, strides that do not match the shape, a null pointer with elements, a
  ///         pointer misaligned for T, or strides whose byte offsets overflow; xp::cuda_error when
  ///         CUDA cannot answer.
  template <class T>
  static ndarray<T, cuda> wrap(T* data, std::vector<index_t> shape, std::vector<index_t> strides = {},
                               std::shared_ptr<void> owner = {});
  template <class T>
  static ndarray<T, cuda> wrap(const T* data, std::vector<index_t> shape, std::vector<index_t> strides = {},
                               std::shared_ptr<void> owner = {});
  template <class T>
  static ndarray<T, cuda> wrap(void* data, std::vector<index_t> shape, std::vector<index_t> strides = {},
                               std::shared_ptr<void> owner = {});
  template <class T>
  static ndarray<T, cuda> wrap(const void* data, std::vector<index_t> shape, std::vector<index_t> strides = {},
                               std::shared_ptr<void> owner = {});
  /// @brief wrap() of a buffer described by the CUDA Array Interface's fields (Numba's
  /// `cuda.from_cuda_array_interface`, CuPy's `cupy.asarray(obj)` of an object with
  /// `__cuda_array_interface__`): strides in bytes, `typestr` checked against T, `read_only`
  /// honoured, and, when `stream` is given, xp's current stream made to wait for the work
  /// enqueued on it so far (an event, as the interface asks of a consumer).
  /// @throws what wrap() throws; xp::dtype_error when `typestr` is not T's (e.g. "<f8" for
  ///         float); xp::value_error for byte strides that are not a multiple of sizeof(T), or the
  ///         stream value 0, which the interface forbids.
  template <class T>
  static ndarray<T, cuda> wrap(const array_interface& interface, std::shared_ptr<void> owner = {});
};

/// @brief One CUDA device, as device_properties() reports it (a plain struct; the fields of
/// cudaDeviceProp and cudaDeviceGetAttribute that size launches and estimate speed).
struct cuda::device_info {
  int index = 0;                                     ///< the device's number (cudaSetDevice's argument)
  std::string name;                                  ///< e.g. "NVIDIA H100 80GB HBM3"
  int major = 0;                                     ///< compute capability, major (9 for Hopper)
  int minor = 0;                                     ///< compute capability, minor
  int multiprocessor_count = 0;                      ///< streaming multiprocessors (SMs)
  std::size_t total_memory_bytes = 0;                ///< global memory
  int memory_clock_khz = 0;                          ///< peak memory clock
  int memory_bus_width_bits = 0;                     ///< global memory bus width
  int clock_khz = 0;                                 ///< peak SM clock
  int warp_size = 0;                                 ///< threads per warp (32)
  int max_threads_per_block = 0;                     ///< 1024 on every current GPU
  int max_threads_per_multiprocessor = 0;            ///< resident threads per SM
  int max_block_dims[3] = {0, 0, 0};                 ///< blockDim.x, .y, .z limits
  int max_grid_dims[3] = {0, 0, 0};                  ///< gridDim.x, .y, .z limits
  int registers_per_block = 0;                       ///< 32-bit registers one block may use
  std::size_t shared_memory_per_block = 0;           ///< bytes a block gets without opting in (48 KiB)
  std::size_t shared_memory_per_block_optin = 0;     ///< bytes after cudaFuncSetAttribute (opt-in)
  std::size_t shared_memory_per_multiprocessor = 0;  ///< bytes per SM, shared by its blocks
  int l2_cache_bytes = 0;                            ///< L2 cache size

  /// @brief Peak global-memory bandwidth in bytes per second from the memory clock and bus width
  /// (two transfers per clock, as NVIDIA's data sheets count it): the ceiling a
  /// memory-bound kernel is measured against.
  double peak_bandwidth() const noexcept {
    return 2.0 * static_cast<double>(memory_clock_khz) * 1e3 * static_cast<double>(memory_bus_width_bits) / 8.0;
  }
};

/// @brief Free and total bytes of the current device's memory (mem_info()).
struct cuda::memory_info {
  std::size_t free_bytes = 0;
  std::size_t total_bytes = 0;
};

}  // namespace xp
