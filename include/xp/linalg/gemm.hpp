#pragma once
/// @file linalg/gemm.hpp
/// @brief The matmul options and their policy, the same for every backend. The gemm primitive's
/// problem is in linalg/gemm_primitive.hpp; linalg/matmul.hpp builds problems from NumPy semantics.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "xp/backends/host/vendor/blas.hpp"
#include "xp/core/backend.hpp"
#include "xp/core/complex.hpp"
#include "xp/core/config.hpp"
#include "xp/core/engine.hpp"
#include "xp/core/error.hpp"
#include "xp/core/float16.hpp"

namespace xp {

/// @brief The arithmetic of float32 products.
enum class matmul_precision {
  highest,  ///< true float32 / float64 products and sums (NumPy's results to rounding)
  tf32,     ///< float32 inputs rounded to TF32 on tensor cores (cuBLAS only; opt-in, ~1e-3 relative)
};

/// @brief Options of xp::matmul: `xp::matmul(A, B, {.engine = xp::engine::own})`.
struct matmul_options {
  /// automatic: cuBLAS on xp::cuda, CBLAS on xp::host (when this build has it) for float16,
  /// float32, float64, complex64 and complex128 where the extents allow, xp's kernel otherwise;
  /// vendor: cuBLAS / CBLAS only (those dtypes); own: xp's kernel (shared-memory tiles on
  /// xp::cuda, cache blocks on xp::host), every dtype.
  xp::engine engine = xp::engine::automatic;
  matmul_precision precision = matmul_precision::highest;
  /// Host operands only: the product runs on the CUDA device tile by tile, the operands streamed
  /// through it in panels, so that they may be larger than device memory (engine and precision
  /// then apply to the device's tiles). The program must include <xp/cuda.hpp> (it provides the
  /// implementation, xp/cuda/out_of_core_gemm.hpp) and link xp::cuda. See docs/out_of_core.md.
  bool out_of_core = false;
  /// With out_of_core: the most bytes of one device buffer (a row panel of A, a column panel of
  /// B, a tile of C); 0 picks it from the device's free memory (at most 256 MiB).
  std::size_t tile_bytes = 0;
};

namespace detail {

/// The element types the vendor engine multiplies (cuBLAS on xp::cuda, CBLAS on xp::host):
/// float16 (float32 sums), float, double, complex64, complex128.
template <class T>
inline constexpr bool is_vendor_gemm_type_v =
    std::is_same_v<T, float16> || std::is_same_v<T, float> || std::is_same_v<T, double> ||
    std::is_same_v<T, complex64> || std::is_same_v<T, complex128>;

/// True when this build has a host BLAS for the vendor engine on xp::host (CMake found CBLAS;
/// the one definition is the host vendor layer's).
inline constexpr bool host_has_vendor_blas = backends::host::vendor::has_blas;

/// The engine/precision policy, the same for every backend: tf32 is for float32 products, and
/// the vendor engine for float16, float32, float64, complex64 and complex128 products (cuBLAS on
/// xp::cuda, CBLAS on xp::host).
/// @throws xp::dtype_error naming the engine, the dtype and the backend; xp::value_error for the
///         vendor engine on xp::host in a build without CBLAS.
template <class T>
void check_matmul_options(const matmul_options& opt, bool on_cuda, std::string_view dtype) {
  if (opt.precision == matmul_precision::tf32 && !std::is_same_v<T, float>)
    throw dtype_error("xp::matmul: precision tf32 applies to float32 products, not " + std::string(dtype));
  if (opt.engine != engine::vendor) return;
  if (!is_vendor_gemm_type_v<T>)
    throw dtype_error(std::string("xp::matmul: engine ") + engine_name(opt.engine) + " cannot multiply " +
                      std::string(dtype) + " arrays on " + (on_cuda ? "xp::cuda" : "xp::host") +
                      " (vendor: cuBLAS on xp::cuda, CBLAS on xp::host: float16, float32, float64, complex64, "
                      "complex128; own and automatic: every dtype on both backends)");
  if (!on_cuda && !host_has_vendor_blas)
    throw value_error(
        "xp::matmul: engine vendor on xp::host needs a CBLAS library, and this xp was built without one "
        "(OpenBLAS was not found when it was configured; see XP_ENABLE_BLAS)");
}

}  // namespace detail

}  // namespace xp
