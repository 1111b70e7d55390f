#pragma once
/// @file backend.hpp
/// @brief Backend tags, and the primitives every backend provides (memory, copy, generate,
/// for_each, reduce) as one trait template each in namespace xp::primitive.
///
/// A primitive is a class template `xp::primitive::name<B>` with static members; each backend
/// specialises it for its tag in its own file (backends/<backend>/<file>.hpp), and callers write
/// `primitive::name<B>::run(...)`. Nothing gathers the primitives in one list: a library function
/// with a kernel of its own has one `<area>/<name>_primitive.hpp` (e.g. linalg/gemm_primitive.hpp,
/// signal/lombscargle_primitive.hpp) holding its problem type, primary template, type list and the
/// includes of each backend's specialisation. The primary templates stop the build with a message
/// naming the primitive (and, for xp::cuda, the header to include).

#include <cstddef>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "xp/core/config.hpp"

namespace xp {

template <class T, class B>
class ndarray;  // xp/core/ndarray.hpp

/// @brief The CPU backend: memory from the heap, kernels as (OpenMP) loops. The default.
///
/// Large buffers (1 MiB and more) that arrays free are kept in a bounded cache and handed to
/// the next array of the same size class: a fresh buffer costs a page fault per 4 KiB on first
/// write (about 1 GB/s on one core), a reused one nothing (docs/memory.md). The functions below
/// see and bound that cache; they are defined in libxp.
struct host {
  /// @brief Bytes the cache holds now (free buffers waiting for reuse).
  static std::size_t cached_bytes() noexcept;
  /// @brief The most the cache holds (default: 1 GiB, or an eighth of the physical memory when
  /// that is less; 0 under AddressSanitizer, so that use-after-free is still caught). 0 turns
  /// the cache off. Lowering it frees what is above at once.
  static void set_cache_limit(std::size_t bytes) noexcept;
  static std::size_t cache_limit() noexcept;
  /// @brief Returns every cached buffer to the system allocator.
  static void free_cached_blocks() noexcept;
};

/// @brief The NVIDIA GPU backend. Its primitives are visible after `#include <xp/cuda.hpp>`.
/// Its streams, synchronize() and the raw-kernel launch helpers are defined in libxp_cuda (link
/// xp::cuda). The device queries (available, device_count, device_properties, mem_info) and
/// grid_for are in libxp itself, so a host-only program (xp::xp alone, g++, no CUDA toolkit)
/// links them too: there they report no device (see src/cuda_queries.cpp).
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
  /// @brief Waits for all work on the current stream (cudaStreamSynchronize).
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
  static void set_nvtx_ranges(bool on) noexcept;
  /// @brief True while device operations push NVTX ranges (see set_nvtx_ranges).
  static bool nvtx_ranges() noexcept;

  // ---- device queries (libxp: they link, and answer "no device", without xp::cuda) ----------
  /// @brief The number of CUDA devices this program can use (cupy.cuda.runtime.getDeviceCount(),
  /// len(numba.cuda.gpus)). 0 when there is no driver or device, on any error, and in a program
  /// linked without xp::cuda (nothing could run on a device there); never throws.
  static int device_count() noexcept;
  /// @brief The calling thread's current device (cupy.cuda.Device().id; cudaGetDevice): 0 until a
  /// device_scope selects another. Defined in libxp_cuda (backends/cuda/runtime.cpp).
  /// @throws xp::cuda_error when there is no device or the driver fails to answer.
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
  /// @throws xp::value_error for a device that does not exist.
  static memory_pool& get_default_memory_pool(int device = -1);
  /// @brief Installs `resource` for `device` (the current device by default): every later device
  /// allocation of xp there asks it. Buffers allocated before go back to the resource they came
  /// from. A null `resource` reinstalls the default pool (rmm::mr::set_current_device_resource).
  /// @throws xp::value_error for a device that does not exist.
  static void set_memory_resource(std::shared_ptr<memory_resource> resource, int device = -1);
  /// @brief The resource xp allocates from on `device` (the current device by default).
  /// @throws xp::value_error for a device that does not exist.
  static std::shared_ptr<memory_resource> get_memory_resource(int device = -1);
  /// @brief The process's pinned host pool (cupy.get_default_pinned_memory_pool()).
  static pinned_memory_pool& get_pinned_memory_pool();

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

namespace detail {
template <class...>
inline constexpr bool dependent_false = false;
// Names X in a way that depends on Ts, so a template that uses a backend fixed by name
// (e.g. to_device using xp::cuda) is only checked when it is instantiated.
template <class X, class... Ts>
struct dependent_type {
  using type = X;
};
template <class X, class... Ts>
using dependent_t = typename dependent_type<X, Ts...>::type;
}  // namespace detail

/// @brief True for xp's backend tags.
template <class B>
inline constexpr bool is_backend_v = std::is_same_v<B, host> || std::is_same_v<B, cuda>;

}  // namespace xp

/// The body of a primitive's primary template: used with a backend whose specialisation is not
/// visible, it stops the build naming the primitive; for xp::cuda it names the header to include.
/// `name` is a string literal (the primitive's name).
#define XP_PRIMITIVE_NOT_VISIBLE(B, name)                                                                             \
  static_assert(!std::is_same_v<B, ::xp::cuda>, "xp: the " name                                                       \
                                                " primitive of xp::cuda is not visible here; #include <xp/cuda.hpp> " \
                                                "and link xp::cuda");                                                 \
  static_assert(std::is_same_v<B, ::xp::cuda>, "xp: this backend does not provide the " name                          \
                                               " primitive (specialise "                                              \
                                               "xp::primitive::" name "<B> in the backend's file)")

/// @brief The primitives every backend provides. Each is specialised by each backend.
namespace xp::primitive {

/// @brief Memory and transfers: `allocate(bytes)` (a reference-counted buffer,
/// std::shared_ptr<void>; throws xp::out_of_memory), `upload(dst, host_src, bytes)`,
/// `download(host_dst, src, bytes)` (contiguous bytes; return when the host side may be reused),
/// `synchronize()` (wait for the backend's pending work). Required: no default, since a no-op
/// synchronize on an asynchronous backend would be a silent race.
template <class B>
struct memory {
  XP_PRIMITIVE_NOT_VISIBLE(B, "memory");
};

/// @brief `run(strided_view<T> dst, strided_view<const U> src)`: dst[i] = convert<T>(src[i]) for
/// every flat index i of two views of one merged layout (astype, copy, view assignment, packing).
template <class B>
struct copy {
  XP_PRIMITIVE_NOT_VISIBLE(B, "copy");
};

/// @brief `run(strided_view<T> dst, G gen)`: dst[i] = convert<T>(gen(i)) for every flat index i.
/// Carries fill, arange, linspace, eye, the random generators and every elementwise expression.
template <class B>
struct generate {
  XP_PRIMITIVE_NOT_VISIBLE(B, "generate");
};

/// @brief `run(n, f)`: f(i) for every i < n, in any order (multi-output kernels).
template <class B>
struct for_each {
  XP_PRIMITIVE_NOT_VISIBLE(B, "for_each");
};

/// @brief `run(out, outer, inner, input, desc, shape)`: out[o] = desc.finish(reduce over r < inner
/// of desc.map_at(input(o * inner + r), r), inner) for o < outer; `shape` is the planner's
/// layout hint (reduce_shape).
template <class B>
struct reduce {
  XP_PRIMITIVE_NOT_VISIBLE(B, "reduce");
};

}  // namespace xp::primitive
