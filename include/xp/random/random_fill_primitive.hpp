#pragma once
/// @file random/random_fill_primitive.hpp
/// @brief The random_fill primitive behind xp::random::Generator: its primary template, the
/// samplers it takes (random/distributions.hpp; each precompiled in libxp_cuda) and both backends'
/// specialisations.

#include <cstdint>

#include "xp/core/backend.hpp"
#include "xp/core/config.hpp"
#include "xp/random/distributions.hpp"

namespace xp::primitive {
/// @brief `run(typename D::value_type* dst, index_t n, const D& d)`: dst[i] = value i of sampler D
/// (XP_RANDOM_FILL_SAMPLERS) for i < n, dst contiguous: see random/distributions.hpp.
template <class B>
struct random_fill {
  XP_PRIMITIVE_NOT_VISIBLE(B, "random_fill");
};
}  // namespace xp::primitive

// The samplers the primitive takes, X(sampler type) each: the one list.
#define XP_RANDOM_FILL_INTEGERS(X, T)                 \
  X(::xp::random::detail::integers_sampler<T, false>) \
  X(::xp::random::detail::integers_sampler<T, true>)
#define XP_RANDOM_FILL_SAMPLERS(X)                     \
  X(::xp::random::detail::uniform_sampler<float>)      \
  X(::xp::random::detail::uniform_sampler<double>)     \
  X(::xp::random::detail::normal_sampler<float>)       \
  X(::xp::random::detail::normal_sampler<double>)      \
  X(::xp::random::detail::exponential_sampler<float>)  \
  X(::xp::random::detail::exponential_sampler<double>) \
  X(::xp::random::detail::gamma_sampler<float>)        \
  X(::xp::random::detail::gamma_sampler<double>)       \
  X(::xp::random::detail::cdf_sampler)                 \
  X(::xp::random::detail::poisson_sampler)             \
  X(::xp::random::detail::binomial_sampler)            \
  XP_RANDOM_FILL_INTEGERS(X, std::int8_t)              \
  XP_RANDOM_FILL_INTEGERS(X, std::uint8_t)             \
  XP_RANDOM_FILL_INTEGERS(X, std::int16_t)             \
  XP_RANDOM_FILL_INTEGERS(X, std::uint16_t)            \
  XP_RANDOM_FILL_INTEGERS(X, std::int32_t)             \
  XP_RANDOM_FILL_INTEGERS(X, std::uint32_t)            \
  XP_RANDOM_FILL_INTEGERS(X, std::int64_t)             \
  XP_RANDOM_FILL_INTEGERS(X, std::uint64_t)

// each backend's specialisation (the CUDA one declares what libxp_cuda compiles, from
// XP_RANDOM_FILL_SAMPLERS, and undefines the list)
#include "xp/backends/cuda/random.hpp"
#include "xp/backends/host/random.hpp"
