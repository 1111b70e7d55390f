#pragma once
/// @file linalg/gemm.hpp
/// @brief The matmul options and the backend primitive's problem description: a batch of
/// row-major products C[b] = A[b] · B[b] with arbitrary operand strides. Backends specialise
/// `xp::primitive::gemm<B>` (declared here) with `run(problem, options)`; linalg/matmul.hpp
/// builds problems from NumPy semantics.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

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
  /// implementation, xp/cuda/chunked.hpp) and link xp::cuda. See docs/out_of_core.md.
  bool out_of_core = false;
  /// With out_of_core: the most bytes of one device buffer (a row panel of A, a column panel of
  /// B, a tile of C); 0 picks it from the device's free memory (at most 256 MiB).
  std::size_t tile_bytes = 0;
};

namespace detail {

/// The element types the gemm primitive takes: float16, float, double, complex64, complex128,
/// int32, int64 (linalg/matmul.hpp computes the other integers and bool in int32 or int64).
template <class T>
inline constexpr bool is_gemm_type_v =
    std::is_same_v<T, float16> || std::is_same_v<T, float> || std::is_same_v<T, double> ||
    std::is_same_v<T, complex64> || std::is_same_v<T, complex128> || std::is_same_v<T, std::int32_t> ||
    std::is_same_v<T, std::int64_t>;

/// The element types the vendor engine multiplies (cuBLAS on xp::cuda, CBLAS on xp::host):
/// float16 (float32 sums), float, double, complex64, complex128.
template <class T>
inline constexpr bool is_vendor_gemm_type_v =
    std::is_same_v<T, float16> || std::is_same_v<T, float> || std::is_same_v<T, double> ||
    std::is_same_v<T, complex64> || std::is_same_v<T, complex128>;

/// The type products are summed in: T, or for integers the unsigned type of T's width, whose
/// wrap-around is NumPy's without signed overflow.
template <class T, bool = std::is_integral_v<T>>
struct gemm_wrap {
  using type = T;
};
template <class T>
struct gemm_wrap<T, true> {
  using type = std::make_unsigned_t<T>;
};
template <class T>
using gemm_wrap_t = typename gemm_wrap<T>::type;

/// One operand of a batched product: matrix b starts at data + b * batch_stride; element
/// (i, j) is at row_stride * i + col_stride * j. Strides are in elements and may be zero
/// (broadcast) or negative.
template <class T>
struct gemm_operand {
  const T* data;
  index_t row_stride, col_stride, batch_stride;
};

/// C[b] (m x n, row-major, contiguous, batch stride m * n) = A[b] (m x k) · B[b] (k x n),
/// for b < batch. m, n, k, batch >= 1.
template <class T>
struct gemm_problem {
  index_t m, n, k, batch;
  gemm_operand<T> a, b;
  T* c;
};

/// True when A (rows x cols, strides rs, cs) is a row-major matrix with leading dimension ld
/// (cs == 1) or, with `transposed`, a column-major one (rs == 1); extents of 1 take any stride.
struct blas_layout {
  bool ok;
  bool transposed;
  index_t ld;
};
inline blas_layout blas_layout_of(index_t rows, index_t cols, index_t rs, index_t cs) {
  if (rows == 1) rs = cols;  // a single row: its row stride never matters
  if (cols == 1) cs = 1;
  if (cs == 1 && rs >= cols && rs >= 1) return {true, false, rs};
  if (rows == 1 && cols == 1) return {true, false, 1};
  if (rs == 1 && cs >= rows && cs >= 1) return {true, true, cs};
  return {false, false, 0};
}

/// True when this build has a host BLAS for the vendor engine on xp::host (CMake found CBLAS).
inline constexpr bool host_has_vendor_blas =
#if defined(XP_HAS_CBLAS)
    true;
#else
    false;
#endif

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

/// @brief The gemm primitive: `run(const detail::gemm_problem<T>&, const matmul_options&)`
/// computes every C[b] = A[b] B[b] of the problem (T: detail::is_gemm_type_v: float16, float,
/// double, complex64, complex128, int32, int64; integers wrap around; float16 products are
/// summed in float32 and rounded once, as NumPy's). The options' policy was checked by check_matmul_options.
/// Specialised by each backend (backends/<backend>/matmul.hpp).
namespace primitive {
template <class B>
struct gemm {
  XP_PRIMITIVE_NOT_VISIBLE(B, "gemm");
};
}  // namespace primitive

}  // namespace xp
