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
class ndarray;              // xp/core/ndarray.hpp
class plan_cache_controls;  // xp/core/plan_cache.hpp

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

  // ---- plans of vendor libraries (libxp: backends/host/vendor/plan_cache.cpp) ---------------
  /// @brief The host's cache of library plans (FFTW's, ...): bound, size, clear, hits and misses
  /// (docs/memory.md). Include <xp/core/plan_cache.hpp> to use the result: it is left out of
  /// <xp/core.hpp>, whose preprocessed lines its containers and mutex grew by 10 %.
  static plan_cache_controls plan_cache();
};

/// @brief The NVIDIA GPU backend. Its API (streams, device queries, memory resources, raw
/// launches, interop) is declared in <xp/cuda/api.hpp>, which <xp/core.hpp> includes, so that it
/// grows in the CUDA layer's own header: the core layer names the tag and nothing more. Its
/// primitives are visible after `#include <xp/cuda.hpp>`.
struct cuda;

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
