// primitive::gemm<cuda>: the vendor engine, cuBLAS (float16 through cublasGemmEx with float32 sums,
// float, double, complex64, complex128; backends/cuda/vendor/blas.hpp), and xp's own tiled engine (float, double,
// complex64, complex128, int32, int64; float16 widened to float32 and rounded once), compiled once into libxp_cuda
// for every type of XP_GEMM_TYPES (linalg/gemm_primitive.hpp).

// this unit holds the primitive's explicit instantiations (backends/cuda/precompiled.hpp)
#define XP_INSTANTIATE_GEMM

#include <algorithm>
#include <climits>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>

#include "xp/backends/cuda/kernels.cuh"
#include "xp/backends/cuda/matmul.hpp"
#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/runtime.hpp"
#include "xp/backends/cuda/trace.hpp"
#include "xp/backends/cuda/vendor/blas.hpp"
#include "xp/core/dtype.hpp"

namespace xp::backends::cuda {

namespace {

// ---- the tiled engine ---------------------------------------------------------------------------
//
// A block computes a BM x BN tile of C from BK-deep slices of A and B staged in shared memory;
// each of its gemm_threads = 256 threads owns a TM x TN register tile of C, split into 2 x 2 chunks half a
// block tile apart so that the fragment reads from shared memory are 16-byte vectors without
// bank conflicts. The next slices are fetched into registers (16-byte loads when the operands
// allow) while the current ones are multiplied: two shared-memory buffers, one barrier per slice.

template <int Bytes>
struct tile_shape;
template <>
struct tile_shape<4> {  // float, int32
  static constexpr int bm = 128, bn = 128, bk = 8, tm = 8, tn = 8, min_blocks = 2;
};
template <>
struct tile_shape<8> {  // double, int64, complex64
  static constexpr int bm = 64, bn = 64, bk = 16, tm = 4, tn = 4, min_blocks = 2;
};
template <>
struct tile_shape<16> {  // complex128: one element per 16-byte vector, a 2 x 2 register tile
  static constexpr int bm = 32, bn = 32, bk = 8, tm = 2, tn = 2, min_blocks = 2;
};

// The tiled kernel's block size: fixed by its tile shapes, (BM / TM) x (BN / TN) = 16 x 16 threads
// (asserted in the kernel), not the default block size.
constexpr int gemm_threads = 256;

// Integers multiply and add in the unsigned type of their width: NumPy's wrap-around.
template <class T>
using wrap_t = xp::detail::gemm_wrap_t<T>;

template <class T, int N>
struct alignas(sizeof(T) * N) vec_t {
  T v[N];
};

// Two blocks (16 warps) per SM: with one, two warps per scheduler could not hide the latency
// of the shared-memory reads (measured: 72 % of cuBLAS against 77 %). That takes at most 128
// registers a thread without spilling, hence BK = 8 for 4-byte types, per-thread source pointers
// fixed before the K loop, and one matrix of the batch per blockIdx.z.
template <class T>
__global__ void __launch_bounds__(gemm_threads, tile_shape<sizeof(T)>::min_blocks)
    tiled_gemm_kernel(xp::detail::gemm_problem<T> p, bool a_vector, bool b_vector, bool c_vector) {
  using S = tile_shape<sizeof(T)>;
  using W = wrap_t<T>;
  constexpr int BM = S::bm, BN = S::bn, BK = S::bk, TM = S::tm, TN = S::tn;
  constexpr int V = vector_lanes<T>;                   // elements per 16-byte vector
  constexpr int a_loads = BM * BK / V / gemm_threads;  // vectors of A per thread per slice
  constexpr int b_loads = BK * BN / V / gemm_threads;
  static_assert(TM / 2 == V && TN / 2 == V, "fragment chunks are one 16-byte vector");
  static_assert((BM / TM) * (BN / TN) == gemm_threads, "one thread per register tile");

  __shared__ alignas(16) W a_tile[2][BK][BM];  // [buffer][k][m]: A transposed, m contiguous
  __shared__ alignas(16) W b_tile[2][BK][BN];  // [buffer][k][n]

  const int tid = threadIdx.x;
  const int ty = tid / (BN / TN), tx = tid % (BN / TN);
  const index_t m0 = index_t{blockIdx.y} * BM, n0 = index_t{blockIdx.x} * BN;
  const index_t M = p.m, N = p.n, K = p.k;
  const index_t slices = (K + BK - 1) / BK;

  {  // one matrix of the batch per blockIdx.z (the host splits batches beyond max_grid_yz)
    const index_t batch = blockIdx.z;
    const T* A = p.a.data + batch * p.a.batch_stride;
    const T* B = p.b.data + batch * p.b.batch_stride;
    T* C = p.c + batch * M * N;

    vec_t<W, V> a_next[a_loads];  // [a_loads] vectors: a row's V consecutive k
    vec_t<W, V> b_next[b_loads];  // [b_loads] vectors: a k-row's V consecutive n

    // Each thread's source of every load, fixed for the whole K loop: a pointer that moves by
    // BK per slice, and whether its row (A) or its columns (B) lie inside the matrix.
    const T* a_src[a_loads];
    const T* b_src[b_loads];
    bool a_row_in[a_loads], b_cols_in[b_loads];
    int a_k[a_loads], b_k[b_loads];  // k offset within a slice
    XP_UNROLL
    for (int l = 0; l < a_loads; ++l) {
      const int v = tid + l * gemm_threads;
      const index_t row = m0 + v % BM;
      a_row_in[l] = row < M;
      a_k[l] = (v / BM) * V;
      a_src[l] = A + (a_row_in[l] ? row : 0) * p.a.row_stride + a_k[l] * p.a.col_stride;
    }
    XP_UNROLL
    for (int l = 0; l < b_loads; ++l) {
      const int v = tid + l * gemm_threads;
      const index_t col = n0 + (v % (BN / V)) * V;
      b_cols_in[l] = col + V <= N;
      b_k[l] = v / (BN / V);
      b_src[l] = B + b_k[l] * p.b.row_stride + (col < N ? col : 0) * p.b.col_stride;
    }
    const index_t n_left = N - n0;  // columns of B from this block's first on

    auto fetch = [&](index_t k0) {  // the slice starting at k0; a_src/b_src point at it
      XP_UNROLL
      for (int l = 0; l < a_loads; ++l) {
        const index_t k = k0 + a_k[l];
        if (a_vector && a_row_in[l] && k + V <= K) {
          const auto x = *reinterpret_cast<const vec_t<T, V>*>(a_src[l]);
          XP_UNROLL
          for (int e = 0; e < V; ++e) a_next[l].v[e] = static_cast<W>(x.v[e]);
        } else {
          XP_UNROLL
          for (int e = 0; e < V; ++e)
            a_next[l].v[e] = a_row_in[l] && k + e < K ? static_cast<W>(a_src[l][e * p.a.col_stride]) : W{};
        }
        a_src[l] += BK * p.a.col_stride;
      }
      XP_UNROLL
      for (int l = 0; l < b_loads; ++l) {
        const index_t k = k0 + b_k[l];
        if (b_vector && b_cols_in[l] && k < K) {
          const auto x = *reinterpret_cast<const vec_t<T, V>*>(b_src[l]);
          XP_UNROLL
          for (int e = 0; e < V; ++e) b_next[l].v[e] = static_cast<W>(x.v[e]);
        } else {
          const index_t col = (tid + l * gemm_threads) % (BN / V) * V;
          XP_UNROLL
          for (int e = 0; e < V; ++e)
            b_next[l].v[e] = k < K && col + e < n_left ? static_cast<W>(b_src[l][e * p.b.col_stride]) : W{};
        }
        b_src[l] += BK * p.b.row_stride;
      }
    };
    auto stash = [&](int buffer) {
      XP_UNROLL
      for (int l = 0; l < a_loads; ++l) {
        const int v = tid + l * gemm_threads;
        XP_UNROLL
        for (int e = 0; e < V; ++e) a_tile[buffer][(v / BM) * V + e][v % BM] = a_next[l].v[e];
      }
      XP_UNROLL
      for (int l = 0; l < b_loads; ++l) {
        const int v = tid + l * gemm_threads;
        *reinterpret_cast<vec_t<W, V>*>(&b_tile[buffer][v / (BN / V)][(v % (BN / V)) * V]) = b_next[l];
      }
    };

    W acc[TM][TN];  // [TM][TN]: rows ty*V + i (+ BM/2), columns tx*V + j (+ BN/2)
    XP_UNROLL
    for (int i = 0; i < TM; ++i) XP_UNROLL
    for (int j = 0; j < TN; ++j) acc[i][j] = W{};

    fetch(0);
    stash(0);
    __syncthreads();
    for (index_t s = 0; s < slices; ++s) {
      const int buffer = static_cast<int>(s & 1);
      if (s + 1 < slices) fetch((s + 1) * BK);  // global loads in flight during the math below
      XP_UNROLL
      for (int kk = 0; kk < BK; ++kk) {
        W a_frag[TM], b_frag[TN];  // [TM], [TN]
        const auto a_lo = *reinterpret_cast<const vec_t<W, V>*>(&a_tile[buffer][kk][ty * V]);
        const auto a_hi = *reinterpret_cast<const vec_t<W, V>*>(&a_tile[buffer][kk][BM / 2 + ty * V]);
        const auto b_lo = *reinterpret_cast<const vec_t<W, V>*>(&b_tile[buffer][kk][tx * V]);
        const auto b_hi = *reinterpret_cast<const vec_t<W, V>*>(&b_tile[buffer][kk][BN / 2 + tx * V]);
        XP_UNROLL
        for (int e = 0; e < V; ++e) {
          a_frag[e] = a_lo.v[e];
          a_frag[V + e] = a_hi.v[e];
          b_frag[e] = b_lo.v[e];
          b_frag[V + e] = b_hi.v[e];
        }
        XP_UNROLL
        for (int i = 0; i < TM; ++i) XP_UNROLL
        for (int j = 0; j < TN; ++j) acc[i][j] += a_frag[i] * b_frag[j];
      }
      if (s + 1 < slices) stash(buffer ^ 1);
      __syncthreads();
    }

    // epilogue: 16-byte stores where a chunk lies inside C and rows are vector-aligned
    XP_UNROLL
    for (int i = 0; i < TM; ++i) {
      const index_t row = m0 + (i < V ? ty * V + i : BM / 2 + ty * V + i - V);
      if (row >= M) continue;
      XP_UNROLL
      for (int half = 0; half < 2; ++half) {
        const index_t col = n0 + half * (BN / 2) + tx * V;
        if (c_vector && col + V <= N) {
          vec_t<T, V> out;
          XP_UNROLL
          for (int e = 0; e < V; ++e) out.v[e] = static_cast<T>(acc[i][half * V + e]);
          *reinterpret_cast<vec_t<T, V>*>(C + row * N + col) = out;
        } else {
          XP_UNROLL
          for (int e = 0; e < V; ++e)
            if (col + e < N) C[row * N + col + e] = static_cast<T>(acc[i][half * V + e]);
        }
      }
    }
  }
}

template <class T>
bool vector_operand(const xp::detail::gemm_operand<T>& x, index_t batch) {
  constexpr index_t V = vector_lanes<T>;
  return x.col_stride == 1 && x.row_stride % V == 0 && (batch == 1 || x.batch_stride % V == 0) &&
         xp::detail::pointer_aligned(x.data, vector_bytes);
}

template <class T>
void launch_tiled(const xp::detail::gemm_problem<T>& p) {
  using S = tile_shape<sizeof(T)>;
  const index_t tiles_n = (p.n + S::bn - 1) / S::bn, tiles_m = (p.m + S::bm - 1) / S::bm;
  if (tiles_n > INT_MAX || tiles_m > index_t{max_grid_yz})
    throw value_error("xp::matmul: the tiled engine takes at most " + std::to_string(index_t{max_grid_yz} * S::bm) +
                      " rows; got " + std::to_string(p.m));
  const bool a_vector = vector_operand(p.a, p.batch), b_vector = vector_operand(p.b, p.batch);
  const bool c_vector = p.n % vector_lanes<T> == 0 && xp::detail::pointer_aligned(p.c, vector_bytes);
  // grid (column tiles, row tiles, matrices of the batch): the batch goes in parts of max_grid_yz
  for (index_t first = 0; first < p.batch; first += max_grid_yz) {
    xp::detail::gemm_problem<T> part = p;
    part.batch = std::min<index_t>(p.batch - first, max_grid_yz);
    part.a.data += first * p.a.batch_stride;
    part.b.data += first * p.b.batch_stride;
    part.c += first * p.m * p.n;
    const dim3 grid(static_cast<unsigned>(tiles_n), static_cast<unsigned>(tiles_m), static_cast<unsigned>(part.batch));
    ::xp::debug::count_launch();
    tiled_gemm_kernel<T><<<grid, gemm_threads, 0, current_stream()>>>(part, a_vector, b_vector, c_vector);
  }
  XP_CUDA_CHECK(cudaGetLastError());
}

// ---- the cuBLAS engine --------------------------------------------------------------------------

// Copies a batch of strided matrices into a contiguous row-major buffer of U (T itself, or
// float32 for float16's tiled products), for operands whose layout cuBLAS cannot take (neither
// axis of unit stride, or negative strides).
template <class U, class T>
__global__ void pack_kernel(U* dst, xp::detail::gemm_operand<T> src, index_t rows, index_t cols, index_t total) {
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t i = index_t{blockIdx.x} * blockDim.x + threadIdx.x; i < total; i += step) {
    const index_t b = i / (rows * cols), r = (i / cols) % rows, c = i % cols;
    dst[i] = xp::detail::convert<U>(src.data[b * src.batch_stride + r * src.row_stride + c * src.col_stride]);
  }
}

template <class U = void, class T>
auto packed(const xp::detail::gemm_operand<T>& x, index_t rows, index_t cols, index_t batch,
            std::shared_ptr<void>& keep) {
  using D = std::conditional_t<std::is_void_v<U>, T, U>;
  const index_t total = rows * cols * batch;
  keep = device_memory::allocate(static_cast<std::size_t>(total) * sizeof(D));
  D* dst = static_cast<D*>(keep.get());
  pack_kernel<<<grid_for(total), block_threads, 0, current_stream()>>>(dst, x, rows, cols, total);
  XP_CUDA_CHECK(cudaGetLastError());
  return xp::detail::gemm_operand<D>{dst, cols, 1, rows * cols};
}

// dst[i] = src[i] rounded to float16 (the tiled engine's float16 products).
__global__ void round_to_half_kernel(float16* dst, const float* src, index_t total) {
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t i = index_t{blockIdx.x} * blockDim.x + threadIdx.x; i < total; i += step) dst[i] = float16(src[i]);
}

// float16 on the tiled engine: both operands widened to contiguous float32, the float32 kernel,
// each element of C rounded once (NumPy's float16 matmul sums in float32 too).
void launch_tiled_half(const xp::detail::gemm_problem<float16>& p) {
  std::shared_ptr<void> keep_a, keep_b, keep_c;  // released once everything is enqueued
  const auto a = packed<float>(p.a, p.m, p.k, p.batch, keep_a);
  const auto b = packed<float>(p.b, p.k, p.n, p.batch, keep_b);
  const index_t total = p.m * p.n * p.batch;
  keep_c = device_memory::allocate(static_cast<std::size_t>(total) * sizeof(float));
  float* c = static_cast<float*>(keep_c.get());
  launch_tiled(xp::detail::gemm_problem<float>{p.m, p.n, p.k, p.batch, a, b, c});
  round_to_half_kernel<<<grid_for(total), block_threads, 0, current_stream()>>>(p.c, c, total);
  XP_CUDA_CHECK(cudaGetLastError());
}

using vendor::blas_calls;
using vendor::blas_ptr;

template <class T>
void cublas_gemm(xp::detail::gemm_problem<T> p, matmul_precision precision) {
  std::shared_ptr<void> keep_a, keep_b;  // packed copies live until the call is enqueued
  auto la = xp::detail::blas_layout_of(p.m, p.k, p.a.row_stride, p.a.col_stride);
  auto lb = xp::detail::blas_layout_of(p.k, p.n, p.b.row_stride, p.b.col_stride);
  if (!la.ok || la.ld > INT_MAX || p.a.batch_stride < 0) {
    p.a = packed(p.a, p.m, p.k, p.batch, keep_a);
    la = xp::detail::blas_layout_of(p.m, p.k, p.a.row_stride, p.a.col_stride);
  }
  if (!lb.ok || lb.ld > INT_MAX || p.b.batch_stride < 0) {
    p.b = packed(p.b, p.k, p.n, p.batch, keep_b);
    lb = xp::detail::blas_layout_of(p.k, p.n, p.b.row_stride, p.b.col_stride);
  }
  // Row-major C = A B is column-major C^T = B^T A^T: B goes first. A row-major operand is its
  // own transpose in column-major terms (op N); a column-major one needs op T.
  const cublasOperation_t op_b = lb.transposed ? CUBLAS_OP_T : CUBLAS_OP_N;
  const cublasOperation_t op_a = la.transposed ? CUBLAS_OP_T : CUBLAS_OP_N;
  const int m = static_cast<int>(p.n), n = static_cast<int>(p.m), k = static_cast<int>(p.k);
  const int ldb = static_cast<int>(lb.ld), lda = static_cast<int>(la.ld), ldc = static_cast<int>(p.n);
  // example-begin vendor-call
  cublasHandle_t h = vendor::handle<vendor::blas_handle>();  // on the current stream
  const bool tf32 = std::is_same_v<T, float> && precision == matmul_precision::tf32;
  int math = tf32 ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_DEFAULT_MATH;
  // float16: any split-K partial sums stay float32 too (by default cuBLAS may reduce them in the
  // output type), so that each element is rounded to float16 once, as NumPy's
  if constexpr (std::is_same_v<T, float16>) math |= CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION;
  XP_VENDOR_CHECK(cublasSetMathMode(h, static_cast<cublasMath_t>(math)));
  // example-end vendor-call
  if constexpr (std::is_same_v<T, float16>) {
    // binary16 in and out, float32 products and sums (CUBLAS_COMPUTE_32F; alpha and beta float)
    using half = blas_calls<float16>;
    const float one = 1, zero = 0;
    if (p.batch == 1)
      XP_VENDOR_CHECK(cublasGemmEx(h, op_b, op_a, m, n, k, &one, p.b.data, half::data_type, ldb, p.a.data,
                                   half::data_type, lda, &zero, p.c, half::data_type, ldc, half::compute_type,
                                   CUBLAS_GEMM_DEFAULT));
    else
      XP_VENDOR_CHECK(cublasGemmStridedBatchedEx(h, op_b, op_a, m, n, k, &one, p.b.data, half::data_type, ldb,
                                                 p.b.batch_stride, p.a.data, half::data_type, lda, p.a.batch_stride,
                                                 &zero, p.c, half::data_type, ldc, p.m * p.n, static_cast<int>(p.batch),
                                                 half::compute_type, CUBLAS_GEMM_DEFAULT));
  } else {
    const T one_t(1), zero_t(0);
    const auto* one = blas_ptr(&one_t);
    const auto* zero = blas_ptr(&zero_t);
    if (p.batch == 1)
      XP_VENDOR_CHECK(blas_calls<T>::gemm(h, op_b, op_a, m, n, k, one, blas_ptr(p.b.data), ldb, blas_ptr(p.a.data), lda,
                                          zero, blas_ptr(p.c), ldc));
    else
      XP_VENDOR_CHECK(blas_calls<T>::gemm_strided_batched(
          h, op_b, op_a, m, n, k, one, blas_ptr(p.b.data), ldb, p.b.batch_stride, blas_ptr(p.a.data), lda,
          p.a.batch_stride, zero, blas_ptr(p.c), ldc, p.m * p.n, static_cast<int>(p.batch)));
  }
  ::xp::debug::count_launch();
}

// cuBLAS set up when xp sets a device up (see runtime.hpp), not at the first product: the first
// cuBLAS call of a process took 99 ms on an H200 (2026-11-28: the seed's einsum's vector-matrix
// product, 0.10 ms from its second call on), the handle's creation and cuBLAS's own first-use
// work. The setting-up thread's handle is created and used once, on a 1 x 1 product in memory
// of its own (the pool is being set up around this call).
const kernel_preloader preload_cublas{[] {
  cublasHandle_t h = vendor::handle<vendor::blas_handle>();
  float* one_by_one = nullptr;
  XP_CUDA_CHECK(cudaMalloc(&one_by_one, sizeof(float)));
  const float one = 1, zero = 0;
  const cublasStatus_t status =
      cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 1, 1, 1, &one, one_by_one, 1, one_by_one, 1, &zero, one_by_one, 1);
  XP_CUDA_CHECK(cudaFree(one_by_one));  // waits for the product
  XP_VENDOR_CHECK(status);
}};

}  // namespace
}  // namespace xp::backends::cuda

namespace xp {

template <class T>
void primitive::gemm<cuda>::run(const xp::detail::gemm_problem<T>& p, const matmul_options& options) {
  // the engine/precision policy was checked by the caller (linalg/matmul.hpp)
  constexpr bool blas_type = xp::detail::is_vendor_gemm_type_v<T>;
  const bool fits_int = std::max({p.m, p.n, p.k}) <= INT_MAX && p.batch <= INT_MAX;
  if constexpr (blas_type) {
    if (options.engine != engine::own) {
      if (fits_int) {
        // the implementation's own range inside xp::matmul's, named after what ran: cuBLAS here,
        // xp's tiled kernel below
        xp::detail::op_range<cuda> range("xp::matmul[cublas]");
        return backends::cuda::cublas_gemm(p, options.precision);
      }
      if (options.engine == engine::vendor)
        throw value_error("xp::matmul: cuBLAS takes extents up to 2^31 - 1; got " + std::to_string(p.m) + " x " +
                          std::to_string(p.k) + " @ " + std::to_string(p.k) + " x " + std::to_string(p.n));
    }
  }
  xp::detail::op_range<cuda> range("xp::matmul[tiled]");
  if constexpr (std::is_same_v<T, float16>) backends::cuda::launch_tiled_half(p);
  else backends::cuda::launch_tiled(p);
}

}  // namespace xp
