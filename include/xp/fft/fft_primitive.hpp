#pragma once
/// @file fft/fft_primitive.hpp
/// @brief The FFT primitive: a batch of strided complex-to-complex (forward or inverse),
/// real-to-complex or complex-to-real discrete Fourier transforms over 1 to 3 axes, its primary
/// template, the types it takes and both backends' specialisations. NumPy's semantics (n and s,
/// crop and zero-pad, axes, norm, dtypes, more than 3 axes as successive passes) are written once
/// above it, in fft/transforms.hpp: a backend only calls its library (FFTW, cuFFT).

#include <cstdint>

#include "xp/core/backend.hpp"
#include "xp/core/complex.hpp"
#include "xp/core/config.hpp"
#include "xp/core/dtype.hpp"

namespace xp::fft::detail {

/// Which transform: complex to complex, real to complex (the half spectrum, n / 2 + 1 values
/// along the last transform axis), complex to real (its inverse).
enum class fft_kind : std::int32_t { c2c, r2c, c2r };

/// The most transform axes one problem holds (FFTW's and cuFFT's fast plans stop at 3; the
/// layers above do more as successive passes).
inline constexpr int fft_max_rank = 3;
/// The most batch axes one problem holds, after the layers above merged what they could.
inline constexpr int fft_max_batch_rank = XP_MAX_KERNEL_RANK;

/// One axis of a problem: its length and the input's and output's strides along it, in elements
/// of the input's and the output's types. For a transform axis `n` is the logical length (the
/// real length for r2c and c2r); the complex side of r2c and c2r stores n / 2 + 1 elements along
/// the last transform axis.
struct fft_axis {
  index_t n = 1;
  index_t in_stride = 0;
  index_t out_stride = 0;
};

/// A batch of transforms. The input is `complex<R>` (c2c, c2r) or `R` (r2c), the output
/// `complex<R>` (c2c, r2c) or `R` (c2r); both are in the backend's memory and do not overlap.
/// Strides may be anything, negative and 0 (a broadcast input) included. The input is never
/// written (a backend whose library overwrites c2r's input copies it first).
/// After the transform every output element is multiplied by `scale` (NumPy's norm), and with
/// `conjugate` the input of c2r or the output of r2c is conjugated (np.fft.hfft and ihfft).
template <class R>
struct fft_problem {
  fft_kind kind = fft_kind::c2c;
  bool forward = true;  ///< c2c's direction: exp(-2 pi i jk / n) forward; r2c is forward, c2r inverse
  int rank = 1;         ///< transform axes, 1..fft_max_rank, the last one the fastest-varying
  fft_axis axes[fft_max_rank];
  int batch_rank = 0;  ///< batch axes, 0..fft_max_batch_rank
  fft_axis batch[fft_max_batch_rank];
  const void* in = nullptr;
  void* out = nullptr;
  R scale = 1;
  bool conjugate = false;

  /// Elements stored along transform axis d on the input and the output side.
  [[nodiscard]] index_t in_length(int d) const noexcept {
    return kind == fft_kind::c2r && d == rank - 1 ? axes[d].n / 2 + 1 : axes[d].n;
  }
  [[nodiscard]] index_t out_length(int d) const noexcept {
    return kind == fft_kind::r2c && d == rank - 1 ? axes[d].n / 2 + 1 : axes[d].n;
  }
  /// Transforms in the batch.
  [[nodiscard]] index_t batch_count() const noexcept {
    index_t count = 1;
    for (int b = 0; b < batch_rank; ++b) count *= batch[b].n;
    return count;
  }
};

}  // namespace xp::fft::detail

namespace xp::primitive {
/// @brief The FFT primitive: `static void run(const fft::detail::fft_problem<R>&)` for R in
/// XP_FFT_TYPES runs the problem's batch of transforms on the backend (the device's current
/// stream), and `static constexpr bool available` is false where the build has no library for it
/// (a host build without FFTW: then run throws xp::value_error saying how to build it in).
/// Specialised by each backend (backends/<backend>/fft.hpp).
template <class B>
struct fft {
  XP_PRIMITIVE_NOT_VISIBLE(B, "fft");
};
}  // namespace xp::primitive

/// The types the primitive takes, X(R) each (the real type; the complex side is complex<R>): the
/// layers above compute float16 in float and integers and bool in double, as NumPy 2 does. The
/// one list: the backends' declarations and instantiations.
#define XP_FFT_TYPES(X) X(float) X(double)

// each backend's specialisation (the CUDA one declares what libxp_cuda compiles, from XP_FFT_TYPES)
#include "xp/backends/cuda/fft.hpp"
#include "xp/backends/host/fft.hpp"

// libxp's and libxp_cuda's sources instantiate the primitive from the list; nothing else keeps it
#if !defined(XP_INSTANTIATE_FFT) && !defined(XP_INSTANTIATE_CUDA_FFT)
#undef XP_FFT_TYPES
#endif
