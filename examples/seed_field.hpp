#pragma once
// The seed's jagged start image for the diffusion example (tutorial 09 and bench/ time the same
// code): white noise smoothed by a power law in Fourier space, cut to a disc and to its hottest 30%.
// Declared here and compiled once per backend and version (seed_field_{written,fused}_{host,cuda}.cpp): the FFTs,
// the complex expressions and the percentile of both versions on both backends made tutorial 09
// one 143 s nvcc unit on the 16-core GPU machine.
#if defined(XP_HAS_CUDA)
#include <xp/cuda.hpp>
#else
#include <xp/xp.hpp>
#endif

namespace seed_field {

/// The seed's lines, one xp line each (NumPy's dtypes: the filtered spectrum is complex128).
template <class B>
xp::ndarray<double, B> as_written(xp::index_t j, xp::index_t k);

/// The same field with the shifts folded into the filter and half the spectrum (rfft2), float32.
template <class B>
xp::ndarray<float, B> fused(xp::index_t j, xp::index_t k);

extern template xp::ndarray<double, xp::host> as_written<xp::host>(xp::index_t, xp::index_t);
extern template xp::ndarray<float, xp::host> fused<xp::host>(xp::index_t, xp::index_t);
#if defined(XP_HAS_CUDA)
extern template xp::ndarray<double, xp::cuda> as_written<xp::cuda>(xp::index_t, xp::index_t);
extern template xp::ndarray<float, xp::cuda> fused<xp::cuda>(xp::index_t, xp::index_t);
#endif

}  // namespace seed_field
