#pragma once
/// @file backend.hpp
/// @brief Backend tags, and the primitives every backend provides (memory, copy, generate,
/// for_each, reduce) as one trait template each in namespace xp::primitive.
///
/// A primitive is a class template `xp::primitive::name<B>` with static members; each backend
/// specialises it for its tag in its own file (backends/<backend>/<file>.hpp), and callers write
/// `primitive::name<B>::run(...)`. Nothing gathers the primitives in one list: a library function
/// with a kernel of its own declares its primitive's primary template beside its problem type
/// (e.g. linalg/gemm.hpp, signal/lombscargle_kernel.hpp, pde/stencil.hpp) and its public header
/// includes each backend's specialisation. The primary templates stop the build with a message
/// naming the primitive (and, for xp::cuda, the header to include).

#include <type_traits>

namespace xp {

/// @brief The CPU backend: memory from the heap, kernels as (OpenMP) loops. The default.
struct host {};

/// @brief The NVIDIA GPU backend. Its primitives are visible after `#include <xp/cuda.hpp>`.
/// Its members are defined in libxp_cuda (link xp::cuda).
struct cuda {
  class stream;        ///< an owning CUDA stream (defined in <xp/cuda.hpp>)
  class stream_scope;  ///< makes a stream current for the enclosing scope
  /// @brief True when a driver and at least one CUDA device are present.
  static bool available() noexcept;
  /// @brief Waits for all work on the current stream (cudaStreamSynchronize).
  /// @throws xp::cuda_error when the stream reports an error.
  static void synchronize();
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
