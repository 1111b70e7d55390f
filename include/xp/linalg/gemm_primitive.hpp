#pragma once
/// @file linalg/gemm_primitive.hpp
/// @brief The gemm primitive: its problem (a batch of row-major products C[b] = A[b] · B[b] with
/// arbitrary operand strides), its primary template, the types it takes (each precompiled in
/// libxp_cuda) and both backends' specialisations. linalg/matmul.hpp builds problems from NumPy
/// semantics.

#include <cstdint>
#include <type_traits>

#include "xp/core/backend.hpp"
#include "xp/core/complex.hpp"
#include "xp/core/config.hpp"
#include "xp/core/float16.hpp"
#include "xp/linalg/gemm.hpp"

namespace xp {
namespace detail {

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

/// The types the primitive takes, X(T) each (qualified: expanded at global scope too): float16, float, double,
/// complex64, complex128, int32, int64 (linalg/matmul.hpp computes the other integers and bool in int32 or int64). The
/// one list: is_gemm_type_v below, and backends/cuda/matmul.hpp's declarations and instantiations.
#define XP_GEMM_TYPES(X) \
  X(::xp::float16) X(float) X(double) X(::xp::complex64) X(::xp::complex128) X(std::int32_t) X(std::int64_t)

namespace detail {
/// True for the element types of the gemm primitive (XP_GEMM_TYPES).
#define XP_GEMM_TYPE_IS(T) std::is_same_v<U, T> ||
template <class U>
inline constexpr bool is_gemm_type_v = XP_GEMM_TYPES(XP_GEMM_TYPE_IS) false;
#undef XP_GEMM_TYPE_IS
}  // namespace detail

}  // namespace xp

// each backend's specialisation (the CUDA one declares what libxp_cuda compiles, from XP_GEMM_TYPES,
// and undefines it)
#include "xp/backends/cuda/matmul.hpp"
#include "xp/backends/host/matmul.hpp"
