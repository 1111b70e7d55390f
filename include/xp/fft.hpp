#pragma once
/// @file fft.hpp
/// @brief Discrete Fourier transforms with numpy.fft's functions and NumPy 2's dtypes: xp::fft::
/// fft, ifft, rfft, irfft, hfft, ihfft, fft2, ifft2, rfft2, irfft2, fftn, ifftn, rfftn, irfftn,
/// fftfreq, rfftfreq, fftshift, ifftshift; on every backend (host: FFTW when the build found it,
/// libfftw3-dev; device: cuFFT). Includes <xp/core.hpp>.

#include "xp/core.hpp"
#include "xp/fft/fft_primitive.hpp"
#include "xp/fft/helpers.hpp"
#include "xp/fft/transforms.hpp"
