// primitive::spmv<cuda>: the CSR product y = A x, compiled once for every pair of XP_SPMV_TYPES
// (sparse/spmv_primitive.hpp).
//
// A group of G lanes (2, 8 or 32, by the mean row length) computes one row. The row's entries are
// read 4 at a time: one 16-byte load of 4 column indices and the 4 values beside them (16 to 64
// bytes), from the first multiple of 4 in the row on (indices and values start 256-byte aligned, so
// index k and value k are 16-byte aligned together); the few entries before it and after the last
// full 4 are read one by one. x is gathered through the read-only cache. Measured on an H200 on the
// seed's matrix (30000 x 15000, 22.5 M nonzeros, float32): 51.5 us with 32 lanes and two loads in
// flight per lane, 57 us with one, against cuSPARSE's CSR ALG1 63.6 us (.wip measurement; the floor,
// nnz * 8 bytes at the copy rate, is 43 us).

// this unit holds the primitive's explicit instantiations (backends/cuda/precompiled.hpp)
#define XP_INSTANTIATE_SPMV

#include <cstring>

#include "xp/backends/cuda/error.hpp"
#include "xp/backends/cuda/kernels.cuh"
#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/runtime.hpp"
#include "xp/backends/cuda/spmv.hpp"
#include "xp/backends/cuda/vendor/scratch.hpp"
#include "xp/backends/cuda/vendor/sparse.hpp"

namespace xp::backends::cuda {

namespace {

constexpr int spmv_threads = 256;
// Lanes per row by the mean row length: a lane takes 4 entries a step, so a row should give each
// lane of its group at least one step.
constexpr index_t short_rows = 16, medium_rows = 128;

// 4 consecutive values from a 16-byte aligned address, as one to four 16-byte loads (streamed:
// the matrix is read once per product, so it should not push x out of the cache).
template <class T>
__device__ inline void load4(const T* p, T (&v)[4]) {
  constexpr int chunks = static_cast<int>(4 * sizeof(T) / sizeof(int4));
  int4 raw[chunks];
#pragma unroll
  for (int c = 0; c < chunks; ++c) raw[c] = __ldcs(reinterpret_cast<const int4*>(p) + c);
  std::memcpy(v, raw, sizeof v);
}

template <class R>
__device__ inline R shuffle_down(R v, int offset, int width) {
  if constexpr (std::is_same_v<R, float> || std::is_same_v<R, double>) {
    return __shfl_down_sync(0xffffffffu, v, offset, width);
  } else {  // complex: its two parts
    return R(__shfl_down_sync(0xffffffffu, v.real(), offset, width),
             __shfl_down_sync(0xffffffffu, v.imag(), offset, width));
  }
}

template <int G, class T, class X>
__global__ void __launch_bounds__(spmv_threads) spmv_kernel(sparse::csr_view<T> a, const X* __restrict__ x, index_t xs,
                                                            promote_t<T, X>* __restrict__ y, index_t ys) {
  using R = promote_t<T, X>;
  const index_t row = (index_t{blockIdx.x} * spmv_threads + threadIdx.x) / G;
  const int lane = static_cast<int>(threadIdx.x % G);
  if (row >= a.rows) return;  // uniform over the group: G divides the block
  const index_t b = a.indptr[row], e = a.indptr[row + 1];
  index_t start = (b + 3) & ~index_t{3};
  if (start > e) start = e;
  const sparse::index32* __restrict__ idx = a.indices;
  const T* __restrict__ val = a.data;
  R sum{};
  for (index_t k = b + lane; k < start; k += G) sum += R(val[k]) * R(x[index_t{idx[k]} * xs]);
  const index_t quads = (e - start) / 4;
  index_t q = lane;
  for (; q + G < quads; q += 2 * G) {  // two quads in flight per lane
    int4 i0 = __ldcs(reinterpret_cast<const int4*>(idx + start) + q);
    int4 i1 = __ldcs(reinterpret_cast<const int4*>(idx + start) + q + G);
    T v0[4], v1[4];
    load4(val + start + 4 * q, v0);
    load4(val + start + 4 * (q + G), v1);
    sum += R(v0[0]) * R(x[index_t{i0.x} * xs]) + R(v0[1]) * R(x[index_t{i0.y} * xs]) +
           R(v0[2]) * R(x[index_t{i0.z} * xs]) + R(v0[3]) * R(x[index_t{i0.w} * xs]);
    sum += R(v1[0]) * R(x[index_t{i1.x} * xs]) + R(v1[1]) * R(x[index_t{i1.y} * xs]) +
           R(v1[2]) * R(x[index_t{i1.z} * xs]) + R(v1[3]) * R(x[index_t{i1.w} * xs]);
  }
  for (; q < quads; q += G) {
    int4 i0 = __ldcs(reinterpret_cast<const int4*>(idx + start) + q);
    T v0[4];
    load4(val + start + 4 * q, v0);
    sum += R(v0[0]) * R(x[index_t{i0.x} * xs]) + R(v0[1]) * R(x[index_t{i0.y} * xs]) +
           R(v0[2]) * R(x[index_t{i0.z} * xs]) + R(v0[3]) * R(x[index_t{i0.w} * xs]);
  }
  for (index_t k = start + 4 * quads + lane; k < e; k += G) sum += R(val[k]) * R(x[index_t{idx[k]} * xs]);
#pragma unroll
  for (int offset = G / 2; offset > 0; offset /= 2) sum += shuffle_down(sum, offset, G);
  if (lane == 0) y[row * ys] = sum;
}

template <int G, class T, class X>
void launch_spmv(const sparse::detail::spmv_problem<T, X>& p) {
  const index_t blocks = (p.a.rows * G + spmv_threads - 1) / spmv_threads;
  for (index_t c = 0; c < p.columns; ++c)
    spmv_kernel<G, T, X><<<static_cast<unsigned>(blocks), spmv_threads, 0, current_stream()>>>(
        p.a, p.x + c * p.x_column_stride, p.x_stride, p.y + c * p.y_column_stride, p.y_stride);
}

// The seed's products (float32 and float64 matrices, float64 vectors) load with the device.
const kernel_preloader preload_spmv{[] {
  cudaFuncAttributes a;
  XP_CUDA_CHECK(cudaFuncGetAttributes(&a, spmv_kernel<32, float, double>));
  XP_CUDA_CHECK(cudaFuncGetAttributes(&a, spmv_kernel<32, double, double>));
  XP_CUDA_CHECK(cudaFuncGetAttributes(&a, spmv_kernel<32, float, float>));
}};

// cuSPARSE's SpMV (one column) or SpMM (row-major columns), its buffer from xp's pool.
template <class T, class X>
void vendor_spmv(const sparse::detail::spmv_problem<T, X>& p) {
  if constexpr (!std::is_same_v<T, X>) {
    throw value_error("xp::sparse::matmul: cuSPARSE multiplies a matrix and a vector of one dtype");
  } else {
    cusparseHandle_t h = vendor::handle<vendor::sparse_handle>();
    constexpr cudaDataType_t type = vendor::sparse_type<T>;
    vendor::sparse_matrix_descriptor a;
    XP_VENDOR_CHECK(cusparseCreateCsr(a.out(), p.a.rows, p.a.cols, p.a.nnz, const_cast<sparse::index32*>(p.a.indptr),
                                      const_cast<sparse::index32*>(p.a.indices), const_cast<T*>(p.a.data),
                                      CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, type));
    const T one(1), zero(0);
    if (p.columns == 1) {
      vendor::dense_vector_descriptor x, y;
      XP_VENDOR_CHECK(cusparseCreateDnVec(x.out(), p.a.cols, const_cast<X*>(p.x), type));
      XP_VENDOR_CHECK(cusparseCreateDnVec(y.out(), p.a.rows, p.y, type));
      std::size_t bytes = 0;
      XP_VENDOR_CHECK(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a.get(), x.get(), &zero,
                                              y.get(), type, CUSPARSE_SPMV_CSR_ALG1, &bytes));
      const auto buffer = vendor::scratch(bytes > 0 ? bytes : 1);
      XP_VENDOR_CHECK(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a.get(), x.get(), &zero, y.get(), type,
                                   CUSPARSE_SPMV_CSR_ALG1, buffer.get()));
    } else {
      vendor::dense_matrix_descriptor x, y;
      XP_VENDOR_CHECK(
          cusparseCreateDnMat(x.out(), p.a.cols, p.columns, p.columns, const_cast<X*>(p.x), type, CUSPARSE_ORDER_ROW));
      XP_VENDOR_CHECK(cusparseCreateDnMat(y.out(), p.a.rows, p.columns, p.columns, p.y, type, CUSPARSE_ORDER_ROW));
      std::size_t bytes = 0;
      XP_VENDOR_CHECK(cusparseSpMM_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE,
                                              &one, a.get(), x.get(), &zero, y.get(), type, CUSPARSE_SPMM_ALG_DEFAULT,
                                              &bytes));
      const auto buffer = vendor::scratch(bytes > 0 ? bytes : 1);
      XP_VENDOR_CHECK(cusparseSpMM(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, a.get(),
                                   x.get(), &zero, y.get(), type, CUSPARSE_SPMM_ALG_DEFAULT, buffer.get()));
    }
  }
}

}  // namespace

template <class T, class X>
void spmv(const sparse::detail::spmv_problem<T, X>& p) {
  if (p.a.rows == 0 || p.columns == 0) return;
  if (p.vendor) {
    vendor_spmv(p);
    return;
  }
  const index_t mean = p.a.nnz / p.a.rows;
  if (mean < short_rows) launch_spmv<2>(p);
  else if (mean < medium_rows) launch_spmv<8>(p);
  else launch_spmv<32>(p);
  XP_CUDA_CHECK(cudaGetLastError());
}

}  // namespace xp::backends::cuda
