#pragma once
/// @file backends/host/matmul.hpp
/// @brief The host's gemm primitive: CBLAS (OpenBLAS, when CMake found it: the vendor engine,
/// through backends/host/vendor/blas.hpp) for float/double/complex64/complex128 (sgemm, dgemm,
/// cgemm, zgemm), and a cache-blocked, OpenMP-parallel kernel for everything else (the host's
/// own engine; integers wrap around like NumPy's). float16 products are computed in float32
/// (either way) and rounded once.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "xp/backends/host/vendor/blas.hpp"
#include "xp/core/error.hpp"
#include "xp/linalg/gemm_primitive.hpp"

namespace xp::backends::host {

namespace detail_matmul {

// Integers multiply and add in the unsigned type of the same width: wrap-around as in NumPy,
// without signed overflow.
template <class T>
using wrap_t = xp::detail::gemm_wrap_t<T>;

constexpr xp::index_t kc = 256;  // k extent of a packed block: a B block row is 1 KiB (float)
constexpr xp::index_t nc = 256;  // n extent: a kc x nc block of B (256 KiB float) stays in L2
// rows of A per task: its mc x kc block lives on the task's stack, at most 64 KiB (complex128:
// 16 rows)
template <class W>
constexpr xp::index_t mc_of = sizeof(W) > 8 ? 16 : 32;

// C (m x n, row-major, contiguous) = A · B for one matrix of the batch.
template <class T>
void blocked_gemm(const xp::detail::gemm_operand<T>& a, const xp::detail::gemm_operand<T>& b, T* c_out, xp::index_t m,
                  xp::index_t n, xp::index_t k) {
  using W = wrap_t<T>;
  constexpr xp::index_t mc = mc_of<W>;
  W* c = reinterpret_cast<W*>(c_out);
  std::fill(c, c + m * n, W{});
  std::vector<W> b_block(static_cast<std::size_t>(kc * nc));  // [kc][nc]
  for (xp::index_t j0 = 0; j0 < n; j0 += nc) {
    const xp::index_t nb = std::min(nc, n - j0);
    for (xp::index_t k0 = 0; k0 < k; k0 += kc) {
      const xp::index_t kb = std::min(kc, k - k0);
      for (xp::index_t kk = 0; kk < kb; ++kk)
        for (xp::index_t j = 0; j < nb; ++j)
          b_block[kk * nc + j] = static_cast<W>(b.data[(k0 + kk) * b.row_stride + (j0 + j) * b.col_stride]);
#pragma omp parallel for schedule(dynamic)
      for (xp::index_t i0 = 0; i0 < m; i0 += mc) {
        const xp::index_t ib = std::min(mc, m - i0);
        W a_block[mc * kc];  // [mc][kc]
        for (xp::index_t i = 0; i < ib; ++i)
          for (xp::index_t kk = 0; kk < kb; ++kk)
            a_block[i * kc + kk] = static_cast<W>(a.data[(i0 + i) * a.row_stride + (k0 + kk) * a.col_stride]);
        xp::index_t i = 0;
        for (; i + 4 <= ib; i += 4) {  // four rows of C share every load of B
          W* c0 = c + (i0 + i) * n + j0;
          W* c1 = c0 + n;
          W* c2 = c1 + n;
          W* c3 = c2 + n;
          for (xp::index_t kk = 0; kk < kb; ++kk) {
            const W a0 = a_block[i * kc + kk], a1 = a_block[(i + 1) * kc + kk];
            const W a2 = a_block[(i + 2) * kc + kk], a3 = a_block[(i + 3) * kc + kk];
            const W* brow = &b_block[kk * nc];
#pragma omp simd
            for (xp::index_t j = 0; j < nb; ++j) {
              const W bj = brow[j];
              c0[j] += a0 * bj;
              c1[j] += a1 * bj;
              c2[j] += a2 * bj;
              c3[j] += a3 * bj;
            }
          }
        }
        for (; i < ib; ++i) {
          W* c0 = c + (i0 + i) * n + j0;
          for (xp::index_t kk = 0; kk < kb; ++kk) {
            const W a0 = a_block[i * kc + kk];
            const W* brow = &b_block[kk * nc];
#pragma omp simd
            for (xp::index_t j = 0; j < nb; ++j) c0[j] += a0 * brow[j];
          }
        }
      }
    }
  }
}

// CBLAS takes extents and leading dimensions as int.
constexpr xp::index_t blas_int_max = std::numeric_limits<int>::max();

// C = A B through the host's BLAS when it is there and takes the operands' layout (a unit
// stride on either axis, extents and leading dimensions that fit in int); false otherwise.
template <class T>
bool blas_gemm(const xp::detail::gemm_operand<T>& a, const xp::detail::gemm_operand<T>& b, T* c, xp::index_t m,
               xp::index_t n, xp::index_t k) {
  if constexpr (!vendor::has_blas) {
    return false;
  } else {
    const auto la = xp::detail::blas_layout_of(m, k, a.row_stride, a.col_stride);
    const auto lb = xp::detail::blas_layout_of(k, n, b.row_stride, b.col_stride);
    if (!la.ok || !lb.ok || std::max({m, n, k, la.ld, lb.ld}) > blas_int_max) return false;
    // one row of A, or one column of B: a matrix-vector product (gemv reads the matrix once;
    // gemm would pack all of it first). The vector's elements need a positive stride.
    if (m == 1 && a.col_stride >= 1 && a.col_stride <= blas_int_max) {
      // c = B^T a: B row-major (k x n) is transposed; a column-major B is B^T row-major (n x k)
      if (lb.transposed)
        vendor::gemv(vendor::blas_op::none, int(n), int(k), b.data, int(lb.ld), a.data, int(a.col_stride), c);
      else vendor::gemv(vendor::blas_op::transpose, int(k), int(n), b.data, int(lb.ld), a.data, int(a.col_stride), c);
      return true;
    }
    if (n == 1 && b.row_stride >= 1 && b.row_stride <= blas_int_max) {
      // c = A b: A row-major (m x k) as it is; a column-major A is A^T row-major (k x m)
      if (la.transposed)
        vendor::gemv(vendor::blas_op::transpose, int(k), int(m), a.data, int(la.ld), b.data, int(b.row_stride), c);
      else vendor::gemv(vendor::blas_op::none, int(m), int(k), a.data, int(la.ld), b.data, int(b.row_stride), c);
      return true;
    }
    // a column-major operand is the transpose (not the conjugate transpose) of a row-major one
    const auto op_a = la.transposed ? vendor::blas_op::transpose : vendor::blas_op::none;
    const auto op_b = lb.transposed ? vendor::blas_op::transpose : vendor::blas_op::none;
    vendor::gemm(op_a, op_b, int(m), int(n), int(k), T(1), a.data, int(la.ld), b.data, int(lb.ld), T(0), c, int(n));
    return true;
  }
}

// Matrix x (rows x cols, any strides) as a contiguous row-major matrix.
template <class T>
std::vector<T> packed(const xp::detail::gemm_operand<T>& x, xp::index_t rows, xp::index_t cols) {
  std::vector<T> dst(static_cast<std::size_t>(rows * cols));
  for (xp::index_t i = 0; i < rows; ++i)
    for (xp::index_t j = 0; j < cols; ++j) dst[i * cols + j] = x.data[i * x.row_stride + j * x.col_stride];
  return dst;
}

// The vendor engine asked for by name: BLAS, the operands packed first when their layout is not
// BLAS's (neither stride 1, or a leading dimension past int).
// @throws xp::value_error when the extents exceed int (CBLAS's integers).
template <class T>
void vendor_gemm(const xp::detail::gemm_operand<T>& a, const xp::detail::gemm_operand<T>& b, T* c, xp::index_t m,
                 xp::index_t n, xp::index_t k) {
  if (blas_gemm(a, b, c, m, n, k)) return;
  if (std::max({m, n, k}) > blas_int_max)
    throw value_error("xp::matmul: the host BLAS takes extents up to 2^31 - 1; got " + std::to_string(m) + " x " +
                      std::to_string(k) + " @ " + std::to_string(k) + " x " + std::to_string(n));
  const std::vector<T> a_packed = packed(a, m, k), b_packed = packed(b, k, n);
  (void)blas_gemm<T>({a_packed.data(), k, 1, 0}, {b_packed.data(), n, 1, 0}, c, m, n, k);
}

// Matrix x (rows x cols, any strides) of float16 as a contiguous row-major float32 matrix in dst.
inline void widen_half(const xp::detail::gemm_operand<xp::float16>& x, xp::index_t rows, xp::index_t cols, float* dst) {
  for (xp::index_t i = 0; i < rows; ++i)
    for (xp::index_t j = 0; j < cols; ++j)
      dst[i * cols + j] = static_cast<float>(x.data[i * x.row_stride + j * x.col_stride]);
}

}  // namespace detail_matmul

}  // namespace xp::backends::host

namespace xp {

/// @brief The host's gemm: each matrix of the batch through CBLAS (automatic engine: float,
/// double, complex64 and complex128, when the operands' layout suits it; vendor engine: always,
/// packing the operands when needed) or the blocked kernel (own engine, and every other case);
/// float16 through the float32 path, rounded once.
template <>
struct primitive::gemm<host> {
  /// True when automatic float/double/complex products go to a BLAS library on this build.
  static constexpr bool has_blas = backends::host::vendor::has_blas;

  template <class T>
  static void run(const xp::detail::gemm_problem<T>& p, [[maybe_unused]] const matmul_options& opt) {
    namespace detail_matmul = backends::host::detail_matmul;
    static_assert(xp::detail::is_gemm_type_v<T>,
                  "xp: the host gemm primitive serves float16, float, double, complex64, complex128, int32 and int64");
    if constexpr (std::is_same_v<T, float16>) {
      run_half(p, opt);
    } else {
      for (xp::index_t bi = 0; bi < p.batch; ++bi) {
        xp::detail::gemm_operand<T> a = p.a, b = p.b;
        a.data += bi * p.a.batch_stride;
        b.data += bi * p.b.batch_stride;
        T* c = p.c + bi * p.m * p.n;
        if constexpr (has_blas && xp::detail::is_vendor_gemm_type_v<T>) {  // float, double, complex64, complex128
          if (opt.engine == engine::vendor) {
            detail_matmul::vendor_gemm(a, b, c, p.m, p.n, p.k);
            continue;
          }
          if (opt.engine == engine::automatic && detail_matmul::blas_gemm(a, b, c, p.m, p.n, p.k)) continue;
        }
        detail_matmul::blocked_gemm(a, b, c, p.m, p.n, p.k);
      }
    }
  }

 private:
  // NumPy's float16 matmul: products summed in float32, each element rounded to float16 once.
  // Each matrix of the batch is widened to float32, multiplied through the float32 path (the
  // engine the options name), and rounded.
  static void run_half(const xp::detail::gemm_problem<float16>& p, const matmul_options& opt) {
    namespace detail_matmul = backends::host::detail_matmul;
    std::vector<float> a32(static_cast<std::size_t>(p.m * p.k)), b32(static_cast<std::size_t>(p.k * p.n)),
        c32(static_cast<std::size_t>(p.m * p.n));
    for (xp::index_t bi = 0; bi < p.batch; ++bi) {
      xp::detail::gemm_operand<float16> a = p.a, b = p.b;
      a.data += bi * p.a.batch_stride;
      b.data += bi * p.b.batch_stride;
      detail_matmul::widen_half(a, p.m, p.k, a32.data());
      detail_matmul::widen_half(b, p.k, p.n, b32.data());
      const xp::detail::gemm_problem<float> q{p.m,       p.n, p.k, 1, {a32.data(), p.k, 1, 0}, {b32.data(), p.n, 1, 0},
                                              c32.data()};
      run(q, opt);
      float16* c = p.c + bi * p.m * p.n;
      for (std::size_t i = 0; i < c32.size(); ++i) c[i] = float16(c32[i]);
    }
  }
};

}  // namespace xp
