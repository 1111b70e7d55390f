// No #pragma once: included once per list, right after the list is written.
/// @file backends/cuda/precompiled.hpp
/// @brief Turns one list of the instances libxp_cuda compiles into everything that must agree
/// with it: the `extern template` declarations every translation unit sees, the explicit
/// instantiations in the one libxp_cuda unit that asks for them, and the trait
/// `backends::cuda::is_precompiled<Primitive, Args...>`. The list is written once, in the
/// primitive's header, so declarations, instantiations and trait cannot drift apart. A CUDA
/// header because only libxp_cuda precompiles by list: the host backend's kernels are templates
/// in its headers (src/instantiate.cpp compiles a few common ones, core/host_instances.hpp).
///
/// What is precompiled and what is instantiated in the caller's unit. A primitive whose
/// arguments are plain data of a type from a fixed list (gemm, scan, lombscargle, stencil_steps,
/// random_fill over Generator's samplers, the out-of-core product, copy between any two dtypes,
/// generate of xp's own generators: fill, eye, arange, linspace, uniform, normal) is compiled
/// once in libxp_cuda for every entry of its list, so a g++-only program can call it. A primitive
/// that takes the caller's functor or expression (generate of an expression, for_each, reduce,
/// compact's flag and writer) cannot be, and is instantiated in the caller's translation unit,
/// which must then be compiled by nvcc: its backend header includes the kernels under __CUDACC__
/// and, from g++, stops at a static_assert that says so.
///
/// Usage, at global scope (the inputs name everything from there: `xp::...`), in the primitive's
/// CUDA header after its declarations; all inputs are undefined by the include, so no list
/// outlives the header that wrote it. Included with no list, it only declares the trait.
/// - `XP_PRECOMPILED_LIST(X)`: `X(args...)` for each instance.
/// - `XP_PRECOMPILED_FUNCTION(args...)`: the declaration of one instance, without `template`.
/// - `XP_PRECOMPILED_PRIMITIVE` (optional): the trait's first argument, a tag (e.g.
///   `xp::primitive::gemm<xp::cuda>`); the instance's args follow it. Without it, no trait.
/// - `XP_PRECOMPILED_INSTANTIATE` (optional): explicit instantiations instead of `extern`
///   declarations. The header defines it when `XP_INSTANTIATE_<NAME>` is defined, which the
///   libxp_cuda unit holding the definitions does before its first include.

#include <type_traits>

#ifndef XP_BACKENDS_CUDA_PRECOMPILED_TRAIT
#define XP_BACKENDS_CUDA_PRECOMPILED_TRAIT
namespace xp::backends::cuda {
/// @brief True when libxp_cuda compiles primitive `Primitive` for `Args...` (from the lists).
template <class Primitive, class... Args>
struct is_precompiled : std::false_type {};
template <class Primitive, class... Args>
inline constexpr bool is_precompiled_v = is_precompiled<Primitive, Args...>::value;
}  // namespace xp::backends::cuda
#endif

// Included without a list: the trait only (for a header that uses it before writing its list).
#if defined(XP_PRECOMPILED_LIST)

#if defined(XP_PRECOMPILED_INSTANTIATE)
#define XP_PRECOMPILED_ONE(...) template XP_PRECOMPILED_FUNCTION(__VA_ARGS__);
#else
#define XP_PRECOMPILED_ONE(...) extern template XP_PRECOMPILED_FUNCTION(__VA_ARGS__);
#endif
XP_PRECOMPILED_LIST(XP_PRECOMPILED_ONE)
#undef XP_PRECOMPILED_ONE

#if defined(XP_PRECOMPILED_PRIMITIVE)
#define XP_PRECOMPILED_MARK(...) \
  template <>                    \
  struct xp::backends::cuda::is_precompiled<XP_PRECOMPILED_PRIMITIVE, __VA_ARGS__> : std::true_type {};
XP_PRECOMPILED_LIST(XP_PRECOMPILED_MARK)
#undef XP_PRECOMPILED_MARK
#endif

#undef XP_PRECOMPILED_LIST
#undef XP_PRECOMPILED_FUNCTION
#undef XP_PRECOMPILED_PRIMITIVE
#undef XP_PRECOMPILED_INSTANTIATE
#endif
