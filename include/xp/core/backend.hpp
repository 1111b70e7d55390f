#pragma once
/// @file backend.hpp
/// @brief Backend tags and the compile-time dispatch point `backend_impl<B>`.
///
/// A backend is an empty tag type. Everything a backend must provide (allocation, transfers,
/// strided copy, generators, elementwise evaluation, ...) lives in one specialisation of
/// `backend_impl<B>` per backend; everything else in xp is written once on top of it.

#include <type_traits>

namespace xp {

/// @brief The CPU backend: memory from the heap, kernels as (OpenMP) loops. The default.
struct host {};

/// @brief The NVIDIA GPU backend. Its primitives are visible after `#include <xp/cuda.hpp>`.
/// Its members are defined in libxp_cuda (link xp::cuda).
struct cuda {
  class stream;        ///< an owning CUDA stream (defined in <xp/cuda.hpp>)
  class stream_scope;  ///< makes a stream current for the enclosing scope
  /// True when a driver and at least one CUDA device are present.
  static bool available() noexcept;
  /// Waits for all work on the current stream (cudaStreamSynchronize).
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
}

/// @brief The primitives of backend B. Specialised by each backend; using a backend whose
/// specialisation is not visible stops the build with a message naming the header to include.
template <class B>
struct backend_impl {
  static_assert(detail::dependent_false<B>,
                "xp: the primitives of this backend are not visible here; for xp::cuda, "
                "#include <xp/cuda.hpp> and link xp::cuda");
};

/// @brief True for xp's backend tags.
template <class B>
inline constexpr bool is_backend_v = std::is_same_v<B, host> || std::is_same_v<B, cuda>;

}  // namespace xp
