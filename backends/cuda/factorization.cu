// primitive::factorization<cuda>: cuSOLVER's dense routines (vendor/solver.hpp), cuBLAS's batched LU
// and xp's own kernel for batches of small linear systems, compiled once into libxp_cuda for every type of
// XP_FACTORIZATION_TYPES (linalg/factorization_primitive.hpp). Workspaces come from xp's pool on the current
// stream; each call that reports failures copies one word back (the first failing matrix and its info),
// the one synchronisation the caller needs before it raises.

// this unit holds the primitive's explicit instantiations
#define XP_INSTANTIATE_FACTORIZATION

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "xp/backends/cuda/factorization.hpp"
#include "xp/backends/cuda/kernels.cuh"
#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/vendor/scratch.hpp"
#include "xp/backends/cuda/vendor/solver.hpp"
#include "xp/core/dtype.hpp"

namespace xp::backends::cuda {

namespace {

using linalg::detail::factor_status;
using linalg::detail::matrix_batch;
using linalg::detail::svd_vectors;
using vendor::batched_lu_calls;
using vendor::solver_calls;
using vendor::solver_ptr;
template <class T>
using real_t = xp::detail::real_of_t<T>;

// ---- sizes that choose an algorithm ------------------------------------------------------------

/// Largest order xp's own small-system kernel takes: a lane holds a row of A and a chunk of B's row in
/// registers; beyond 16 elements (8 for complex128) they spill.
template <class T>
constexpr index_t small_solve_max_n = std::is_same_v<T, complex128> ? 8 : 16;
/// Largest order of cuBLAS's batched LU path (getrfBatched/getrsBatched), for batches: cuBLAS keeps such
/// matrices in shared memory, one per thread block; larger ones are enough work for cuSOLVER's blocked getrf.
constexpr index_t batched_lu_max_n = 32;
/// Largest order and sizes of cuSOLVER's batched Jacobi solvers (syevjBatched, gesvdjBatched): their limit.
constexpr index_t batched_jacobi_max_n = 32;
/// Largest order potrfBatched takes for a batch: its kernels target small matrices, while a larger matrix
/// is enough work for the blocked Xpotrf alone (a first guess, to be measured on the GPU).
constexpr index_t batched_cholesky_max_n = 256;

/// XP_SMALL_SOLVE=cublas sends the small systems (order <= small_solve_max_n<T>) of lu and solve to
/// cuBLAS's batched LU instead of xp's kernel, so that both can be measured; read once.
bool small_systems_by_kernel() {
  static const bool by_kernel = [] {
    const char* choice = std::getenv("XP_SMALL_SOLVE");
    return choice == nullptr || std::string_view(choice) != "cublas";
  }();
  return by_kernel;
}

/// The SVD of one matrix that is not in a batch of small ones: XP_SVD_ALGORITHM=gesvd|gesvdj|gesvdp
/// (read once) forces one; by default (automatic) a matrix of order >= polar_svd_min_order whose
/// economy SVD suffices goes to gesvdp (polar decomposition, then syevd), the others to gesvdj
/// (Jacobi, unitary U and V for any shape and rank). Measured on an H200 (2026-11-28, 4096 x 4096
/// float32 with vectors): gesvdp 257 ms, gesvdj 1,021 ms, gesvd 1,208 ms (CuPy's gesvd: 1,210 ms).
/// gesvdp's U may not be unitary for a rank-deficient matrix (cuSOLVER's documentation), so a matrix
/// whose least singular value is below rank_deficient_ratio of its largest is factored again by gesvdj.
enum class svd_algorithm { automatic, gesvd, gesvdj, gesvdp };
svd_algorithm chosen_svd_algorithm() {
  static const svd_algorithm algorithm = [] {
    const char* choice = std::getenv("XP_SVD_ALGORITHM");
    const std::string_view name = choice == nullptr ? "" : choice;
    if (name == "gesvd") return svd_algorithm::gesvd;
    if (name == "gesvdp") return svd_algorithm::gesvdp;
    if (name == "gesvdj") return svd_algorithm::gesvdj;
    return svd_algorithm::automatic;
  }();
  return algorithm;
}
/// Below this order gesvdj's sweeps are cheap and its unitary factors are kept (gesvdp's polar
/// iteration has a fixed cost of several syevd-sized steps).
constexpr index_t polar_svd_min_order = 512;
/// A matrix whose least singular value is below this multiple of eps * max(m, n) * its largest is
/// treated as rank deficient (NumPy's matrix_rank tolerance) and redone by gesvdj.
constexpr double rank_deficient_ratio = 1.0;

// ---- helpers -----------------------------------------------------------------------------------

// cuSOLVER's legacy calls and cuBLAS take int extents and batch counts.
int int_extent(index_t value, const char* routine) {
  if (value > INT_MAX)
    throw value_error(std::string("xp::linalg: cuSOLVER's ") + routine + " takes extents up to 2^31 - 1; got " +
                      std::to_string(value));
  return static_cast<int>(value);
}

// Device scratch for `count` elements of E (at least one: no call gets a null workspace).
template <class E>
std::shared_ptr<void> scratch_of(index_t count) {
  return vendor::scratch(sizeof(E) * static_cast<std::size_t>(std::max<index_t>(count, 1)));
}
template <class E>
E* as(const std::shared_ptr<void>& buffer) {
  return static_cast<E*>(buffer.get());
}

template <class T>
__host__ __device__ T conj_of(T x) {
  if constexpr (xp::detail::is_complex_v<T>) return T(x.real(), -x.imag());
  else return x;
}

constexpr unsigned long long no_failure = ~0ull;  // the key of "every matrix succeeded"
constexpr int info_bits = 32;                     // a failure's key: its matrix index above its info

// The first nonzero info of `count` (one block): each thread's first in its stride, then the least
// (matrix << 32 | info) over the block.
__global__ void __launch_bounds__(block_threads)
    first_failure_kernel(const int* info, index_t count, unsigned long long* result) {
  unsigned long long key = no_failure;
  for (index_t b = threadIdx.x; b < count; b += blockDim.x)
    if (info[b] != 0) {
      key = (static_cast<unsigned long long>(b) << info_bits) | static_cast<unsigned>(info[b]);
      break;  // later matrices of this thread's stride have larger indices
    }
  for (int offset = warp_size / 2; offset > 0; offset /= 2)
    key = min(key, __shfl_xor_sync(full_warp_mask, key, offset));
  __shared__ unsigned long long warp_keys[block_threads / warp_size];
  if (threadIdx.x % warp_size == 0) warp_keys[threadIdx.x / warp_size] = key;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int w = 1; w < block_threads / warp_size; ++w) key = min(key, warp_keys[w]);
    *result = key;
  }
}

// The per-matrix info of one call on the device (at(b)), one more slot for the calls that only
// check their arguments (getrs, geqrf, orgqr: their 0 must not overwrite a factorization's info),
// and the reduction of all to the first failing matrix, read back once.
class device_info {
 public:
  explicit device_info(index_t count)
      : m_count(count), m_buffer(vendor::scratch(sizeof(unsigned long long) + sizeof(int) * (count + 1))) {}
  int* at(index_t b) const { return reinterpret_cast<int*>(result() + 1) + b; }
  int* argument_check() const { return at(m_count); }
  // Waits for the stream. A negative info is an argument cuSOLVER refused, which xp never passes.
  factor_status first_failure(const char* routine) const {
    first_failure_kernel<<<1, block_threads, 0, current_stream()>>>(at(0), m_count, result());
    XP_CUDA_CHECK(cudaGetLastError());
    unsigned long long key = 0;
    device_memory::download(&key, result(), sizeof key);
    if (key == no_failure) return {};
    const auto matrix = static_cast<index_t>(key >> info_bits);
    const int info = static_cast<int>(static_cast<unsigned>(key & 0xffffffffull));
    if (info < 0)
      throw value_error(std::string("xp::linalg: cuSOLVER's ") + routine + " refused its argument " +
                        std::to_string(-info) + " (matrix " + std::to_string(matrix) +
                        " of the batch); this is a bug in xp");
    return {matrix, info};
  }

 private:
  unsigned long long* result() const { return static_cast<unsigned long long*>(m_buffer.get()); }
  index_t m_count;
  std::shared_ptr<void> m_buffer;
};

// out[i] = first + i * stride bytes: the pointer arrays of the batched calls, built on the device.
__global__ void __launch_bounds__(block_threads)
    pointer_array_kernel(void** out, char* first, index_t stride_bytes, index_t count) {
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t i = index_t{blockIdx.x} * blockDim.x + threadIdx.x; i < count; i += step)
    out[i] = first + i * stride_bytes;
}

// The device array of pointers to the `count` matrices of `stride` elements from `first`, as cuSOLVER's
// and cuBLAS's type for T.
template <class T>
std::shared_ptr<void> pointer_array(T* first, index_t stride, index_t count) {
  std::shared_ptr<void> array = vendor::scratch(sizeof(void*) * static_cast<std::size_t>(count));
  pointer_array_kernel<<<grid_for(count), block_threads, 0, current_stream()>>>(
      as<void*>(array), reinterpret_cast<char*>(first), stride * static_cast<index_t>(sizeof(T)), count);
  XP_CUDA_CHECK(cudaGetLastError());
  return array;
}
template <class T>
auto pointers(const std::shared_ptr<void>& array) {
  return static_cast<typename solver_calls<T>::type**>(array.get());
}

// dst(r, c) = conj(src(c, r)) for the dst_rows x dst_cols matrices of a batch (src's leading dimension
// src_ld): the SVD's V to Vh, and its factors of a transposed matrix back.
template <class T>
__global__ void __launch_bounds__(block_threads)
    conj_transpose_kernel(T* dst, index_t dst_rows, index_t dst_cols, const T* src, index_t src_ld, index_t src_stride,
                          index_t batch) {
  const index_t per_matrix = dst_rows * dst_cols, total = per_matrix * batch;
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t e = index_t{blockIdx.x} * blockDim.x + threadIdx.x; e < total; e += step) {
    const index_t b = e / per_matrix, within = e % per_matrix, r = within % dst_rows, c = within / dst_rows;
    dst[e] = conj_of(src[b * src_stride + c + r * src_ld]);
  }
}
template <class T>
void conj_transpose(T* dst, index_t dst_rows, index_t dst_cols, const T* src, index_t src_ld, index_t src_stride,
                    index_t batch) {
  const index_t total = dst_rows * dst_cols * batch;
  if (total == 0) return;
  conj_transpose_kernel<<<grid_for(total), block_threads, 0, current_stream()>>>(dst, dst_rows, dst_cols, src, src_ld,
                                                                                 src_stride, batch);
  XP_CUDA_CHECK(cudaGetLastError());
}

// ---- small systems: LU with partial pivoting in registers ----------------------------------------
//
// A group of G lanes (n rounded up to a power of two) solves one system: lane r holds row r of A
// (G elements, zero beyond n) and, a chunk of columns at a time, row r of B. Rows never move: the
// row chosen as step k's pivot records k, which is its row in LAPACK's factors, and each step's
// pivot row is broadcast with shuffles. Ties in the pivot search go to the row LAPACK's
// row-swapping order would meet first (its current position), so the factors are LAPACK's.

constexpr int small_solve_threads = 128;  // 4 warps: small blocks spread a modest batch over every SM
constexpr int unchosen = INT_MAX;         // a row no step has taken as its pivot yet
constexpr int idle_row = -1;              // a lane beyond the system's order (or past the batch)

template <class T>
__device__ T shuffle(T v, int lane, int width) {
  if constexpr (xp::detail::is_complex_v<T>)
    return T(__shfl_sync(full_warp_mask, v.real(), lane, width), __shfl_sync(full_warp_mask, v.imag(), lane, width));
  else return __shfl_sync(full_warp_mask, v, lane, width);
}

// LAPACK's pivot measure: |x|, and |re| + |im| for complex (i?amax's cabs1).
template <class T>
__device__ real_t<T> pivot_magnitude(T v) {
  if constexpr (xp::detail::is_complex_v<T>) return fabs(v.real()) + fabs(v.imag());
  else return fabs(v);
}

// B's columns a lane holds at once: G of them, or as many as 128 bytes hold (64 for complex, whose
// division and products take more registers: complex128 at G = 16 spilled with 8 columns).
template <class T>
constexpr int rhs_chunk_bytes = xp::detail::is_complex_v<T> ? 64 : 128;
template <int G, class T>
constexpr int rhs_chunk = std::min(G, rhs_chunk_bytes<T> / static_cast<int>(sizeof(T)));

template <int G, class T>
__global__ void __launch_bounds__(small_solve_threads)
    small_lu_kernel(T* a, T* b, int n, int nrhs, index_t batch, std::int32_t* pivots, int* info) {
  constexpr int chunk = rhs_chunk<G, T>;
  const index_t thread = index_t{blockIdx.x} * blockDim.x + threadIdx.x;
  const index_t system = thread / G;
  const int lane = static_cast<int>(thread % G);
  const bool live = system < batch;  // every lane runs every shuffle; only live ones touch memory
  const bool owns_row = live && lane < n;
  T* A = a + (live ? system : 0) * n * n;
  T* B = b + (live ? system : 0) * n * nrhs;

  T row[G];  // this lane's row of A, then of L (left of its pivot step) and U
  XP_UNROLL
  for (int j = 0; j < G; ++j) row[j] = owns_row && j < n ? A[lane + j * n] : T(0);
  int step = owns_row ? unchosen : idle_row;  // the step that took this row as its pivot
  int position = lane;                        // the row's place in LAPACK's row-swapping order
  int pivot_lane[G];                          // each step's pivot row
  int first_zero_pivot = 0;                   // LAPACK's info: the 1-based step of the first zero pivot

  XP_UNROLL
  for (int k = 0; k < G; ++k) {
    if (k >= n) break;  // n is the same for every lane: the shuffles below stay convergent
    // the pivot: the largest magnitude among the rows not yet taken, then the lowest position
    real_t<T> best = step == unchosen ? pivot_magnitude(row[k]) : real_t<T>(-1);
    int best_position = position, best_lane = lane;
    XP_UNROLL
    for (int offset = G / 2; offset > 0; offset /= 2) {
      const real_t<T> other = __shfl_xor_sync(full_warp_mask, best, offset, G);
      const int other_position = __shfl_xor_sync(full_warp_mask, best_position, offset, G);
      const int other_lane = __shfl_xor_sync(full_warp_mask, best_lane, offset, G);
      if (other > best || (other == best && other_position < best_position)) {
        best = other;
        best_position = other_position;
        best_lane = other_lane;
      }
    }
    // the group's first lane decides, so that a NaN (which orders nothing) cannot split the group
    best_lane = __shfl_sync(full_warp_mask, best_lane, 0, G);
    best_position = __shfl_sync(full_warp_mask, best_position, 0, G);
    pivot_lane[k] = best_lane;
    if (pivots != nullptr && live && lane == 0) pivots[system * n + k] = best_position + 1;
    if (position == k) position = best_position;  // LAPACK swaps rows k and best_position
    if (lane == best_lane) {
      position = k;
      step = k;
    }
    const T pivot = shuffle(row[k], best_lane, G);
    const bool singular = pivot == T(0);
    if (singular && first_zero_pivot == 0) first_zero_pivot = k + 1;
    // rows below the pivot: their multiplier (stored where the eliminated element was), then the update
    const bool eliminates = step == unchosen && !singular;
    const T multiplier = eliminates ? row[k] / pivot : T(0);
    if (eliminates) row[k] = multiplier;
    XP_UNROLL
    for (int j = k + 1; j < G; ++j) {
      if (j >= n) break;
      const T pivot_row_j = shuffle(row[j], best_lane, G);
      if (eliminates) row[j] -= multiplier * pivot_row_j;
    }
  }
  if (live && lane == 0) info[system] = first_zero_pivot;
  // a row some step took (a NaN can leave one untaken; it is then not written)
  const bool placed = owns_row && step != unchosen;

  for (int first = 0; first < nrhs; first += chunk) {
    T x[chunk];  // this lane's row of B's columns first .. first + chunk
    XP_UNROLL
    for (int c = 0; c < chunk; ++c) x[c] = owns_row && first + c < nrhs ? B[lane + (first + c) * n] : T(0);
    // forward: L y = P b; step k's row is final once the earlier steps are applied
    XP_UNROLL
    for (int k = 0; k < G; ++k) {
      if (k >= n) break;
      XP_UNROLL
      for (int c = 0; c < chunk; ++c) {
        const T y = shuffle(x[c], pivot_lane[k], G);
        if (step != idle_row && step > k) x[c] -= row[k] * y;
      }
    }
    // backward: U x = y from the last step
    XP_UNROLL
    for (int k = G - 1; k >= 0; --k) {
      if (k >= n) continue;
      XP_UNROLL
      for (int c = 0; c < chunk; ++c) {
        if (step == k) x[c] = x[c] / row[k];
        const T solved = shuffle(x[c], pivot_lane[k], G);
        if (step != idle_row && step < k) x[c] -= row[k] * solved;
      }
    }
    __syncwarp();  // every lane has read its row of this chunk before any writes the solution's
    XP_UNROLL
    for (int c = 0; c < chunk; ++c)
      if (placed && first + c < nrhs) B[step + (first + c) * n] = x[c];
  }
  __syncwarp();  // every lane has read its row of A before any writes its factors' row
  XP_UNROLL
  for (int j = 0; j < G; ++j)
    if (placed && j < n) A[step + j * n] = row[j];
}

template <int G, class T>
void launch_small_lu_with(matrix_batch<T> a, T* b, int nrhs, std::int32_t* pivots, int* info) {
  constexpr index_t systems_per_block = small_solve_threads / G;
  const index_t blocks = (a.batch + systems_per_block - 1) / systems_per_block;
  ::xp::debug::count_launch();
  small_lu_kernel<G, T><<<static_cast<unsigned>(blocks), small_solve_threads, 0, current_stream()>>>(
      a.data, b, static_cast<int>(a.rows), nrhs, a.batch, pivots, info);
  XP_CUDA_CHECK(cudaGetLastError());
}

// LU of every n x n (n <= small_solve_max_n<T>) matrix of `a` in place, with pivots when asked, solving
// A X = B for B's nrhs columns (none: b may be null); info[i] as getrf's.
template <class T>
void launch_small_lu(matrix_batch<T> a, T* b, int nrhs, std::int32_t* pivots, int* info) {
  if (a.rows <= 2) launch_small_lu_with<2>(a, b, nrhs, pivots, info);
  else if (a.rows <= 4) launch_small_lu_with<4>(a, b, nrhs, pivots, info);
  else if (a.rows <= 8) launch_small_lu_with<8>(a, b, nrhs, pivots, info);
  else if constexpr (small_solve_max_n<T> >= 16) launch_small_lu_with<16>(a, b, nrhs, pivots, info);
}

template <class T>
bool small_lu_applies(index_t n) {
  return n <= small_solve_max_n<T> && small_systems_by_kernel();
}
bool batched_lu_applies(index_t n, index_t batch) { return n <= batched_lu_max_n && batch > 1; }

// cuBLAS's batched LU of every n x n matrix of `a` (pivots: n per matrix), info per matrix.
template <class T>
std::shared_ptr<void> cublas_batched_getrf(matrix_batch<T> a, int* pivots, const device_info& info) {
  cublasHandle_t h = vendor::handle<vendor::blas_handle>();
  // a tf32 product may have left the handle in TF32 mode: the factorization is true precision
  XP_VENDOR_CHECK(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH));
  const int n = int_extent(a.rows, "getrfBatched"), count = int_extent(a.batch, "getrfBatched");
  std::shared_ptr<void> a_array = pointer_array(a.data, a.rows * a.cols, a.batch);
  XP_VENDOR_CHECK(batched_lu_calls<T>::getrf(h, n, pointers<T>(a_array), n, pivots, info.at(0), count));
  return a_array;
}

}  // namespace
}  // namespace xp::backends::cuda

namespace xp {

using backends::cuda::as;
using backends::cuda::device_info;
using backends::cuda::int_extent;
using backends::cuda::real_t;
using backends::cuda::scratch_of;
using backends::cuda::vendor::solver_calls;
using backends::cuda::vendor::solver_ptr;
using linalg::detail::factor_status;
using linalg::detail::matrix_batch;
using linalg::detail::svd_vectors;
namespace vendor = backends::cuda::vendor;

namespace {

cusolverDnHandle_t solver() { return vendor::handle<vendor::solver_handle>(); }
cusolverDnParams_t solver_params() { return vendor::handle<vendor::solver_params>(); }
cublasFillMode_t fill_mode(bool upper) { return upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER; }

// The 64-bit API's two workspaces: device memory from xp's pool, host memory for the calls that ask
// for some (kept until the call's info is read back, after which the call is done).
struct workspaces {
  std::size_t device_bytes = 0, host_bytes = 0;
  std::shared_ptr<void> device;
  std::vector<char> host;
  void allocate() {
    device = vendor::scratch(std::max<std::size_t>(device_bytes, 1));
    host.resize(host_bytes);
  }
  void* host_data() { return host.empty() ? nullptr : host.data(); }
};

}  // namespace

template <class T>
factor_status primitive::factorization<cuda>::cholesky(batch<T> a, bool upper) {
  using calls = solver_calls<T>;
  const char* routine = "potrf";
  if (a.rows == 0 || a.batch == 0) return {};
  const cublasFillMode_t uplo = fill_mode(upper);
  const device_info info(a.batch);
  cusolverDnHandle_t h = solver();
  if (a.batch > 1 && a.rows <= backends::cuda::batched_cholesky_max_n) {
    const int n = static_cast<int>(a.rows), count = int_extent(a.batch, "potrfBatched");
    const std::shared_ptr<void> array = backends::cuda::pointer_array(a.data, a.rows * a.rows, a.batch);
    XP_VENDOR_CHECK(calls::potrf_batched(h, uplo, n, backends::cuda::pointers<T>(array), n, info.at(0), count));
    return info.first_failure("potrfBatched");
  }
  cusolverDnParams_t params = solver_params();
  workspaces ws;
  XP_VENDOR_CHECK(cusolverDnXpotrf_bufferSize(h, params, uplo, a.rows, calls::data_type, a.data, a.rows,
                                              calls::data_type, &ws.device_bytes, &ws.host_bytes));
  ws.allocate();
  for (index_t b = 0; b < a.batch; ++b)
    XP_VENDOR_CHECK(cusolverDnXpotrf(h, params, uplo, a.rows, calls::data_type, a.data + b * a.rows * a.rows, a.rows,
                                     calls::data_type, ws.device.get(), ws.device_bytes, ws.host_data(), ws.host_bytes,
                                     info.at(b)));
  return info.first_failure(routine);
}

template <class T>
factor_status primitive::factorization<cuda>::lu(batch<T> a, std::int32_t* pivots) {
  using calls = solver_calls<T>;
  if (a.rows == 0 || a.cols == 0 || a.batch == 0) return {};
  const device_info info(a.batch);
  const bool square = a.rows == a.cols;
  if (square && backends::cuda::small_lu_applies<T>(a.rows)) {
    backends::cuda::launch_small_lu<T>(a, nullptr, 0, pivots, info.at(0));
    return info.first_failure("getrf");
  }
  if (square && backends::cuda::batched_lu_applies(a.rows, a.batch)) {
    const auto keep = backends::cuda::cublas_batched_getrf(a, pivots, info);
    return info.first_failure("getrfBatched");
  }
  const int m = int_extent(a.rows, "getrf"), n = int_extent(a.cols, "getrf");
  cusolverDnHandle_t h = solver();
  int lwork = 0;
  XP_VENDOR_CHECK(calls::getrf_buffer_size(h, m, n, solver_ptr(a.data), m, &lwork));
  const std::shared_ptr<void> work = scratch_of<T>(lwork);
  const index_t stride = a.rows * a.cols, pivot_count = std::min(a.rows, a.cols);
  for (index_t b = 0; b < a.batch; ++b)
    XP_VENDOR_CHECK(calls::getrf(h, m, n, solver_ptr(a.data + b * stride), m, solver_ptr(as<T>(work)),
                                 pivots + b * pivot_count, info.at(b)));
  return info.first_failure("getrf");
}

template <class T>
factor_status primitive::factorization<cuda>::solve(batch<T> a, batch<T> b) {
  using calls = solver_calls<T>;
  if (a.rows == 0 || b.cols == 0 || a.batch == 0) return {};
  const int n = int_extent(a.rows, "getrs"), nrhs = int_extent(b.cols, "getrs");
  const device_info info(a.batch);
  if (backends::cuda::small_lu_applies<T>(a.rows)) {
    backends::cuda::launch_small_lu<T>(a, b.data, nrhs, nullptr, info.at(0));
    return info.first_failure("gesv");
  }
  const index_t a_stride = a.rows * a.cols, b_stride = b.rows * b.cols;
  if (backends::cuda::batched_lu_applies(a.rows, a.batch)) {
    const std::shared_ptr<void> pivots = scratch_of<int>(a.rows * a.batch);
    const auto a_array = backends::cuda::cublas_batched_getrf(a, as<int>(pivots), info);
    const std::shared_ptr<void> b_array = backends::cuda::pointer_array(b.data, b_stride, b.batch);
    int argument_check = 0;  // getrsBatched checks its arguments only, on the host
    XP_VENDOR_CHECK(backends::cuda::batched_lu_calls<T>::getrs(
        vendor::handle<vendor::blas_handle>(), CUBLAS_OP_N, n, nrhs, backends::cuda::pointers<T>(a_array), n,
        as<int>(pivots), backends::cuda::pointers<T>(b_array), n, &argument_check, static_cast<int>(a.batch)));
    return info.first_failure("getrfBatched");
  }
  // one matrix at a time: cuSOLVER's blocked getrf and getrs, workspace and pivots shared (stream order)
  cusolverDnHandle_t h = solver();
  int lwork = 0;
  XP_VENDOR_CHECK(calls::getrf_buffer_size(h, n, n, solver_ptr(a.data), n, &lwork));
  const std::shared_ptr<void> work = scratch_of<T>(lwork), pivots = scratch_of<int>(a.rows);
  for (index_t k = 0; k < a.batch; ++k) {
    XP_VENDOR_CHECK(calls::getrf(h, n, n, solver_ptr(a.data + k * a_stride), n, solver_ptr(as<T>(work)),
                                 as<int>(pivots), info.at(k)));
    XP_VENDOR_CHECK(calls::getrs(h, CUBLAS_OP_N, n, nrhs, solver_ptr(a.data + k * a_stride), n, as<int>(pivots),
                                 solver_ptr(b.data + k * b_stride), n, info.argument_check()));
  }
  return info.first_failure("getrf");
}

template <class T>
factor_status primitive::factorization<cuda>::eigh(batch<T> a, detail::real_of_t<T>* w, bool upper, bool vectors) {
  using calls = solver_calls<T>;
  if (a.rows == 0 || a.batch == 0) return {};
  const cusolverEigMode_t jobz = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  const cublasFillMode_t uplo = fill_mode(upper);
  const device_info info(a.batch);
  cusolverDnHandle_t h = solver();
  if (a.batch > 1 && a.rows <= backends::cuda::batched_jacobi_max_n) {
    // Jacobi on a whole batch of small matrices in one call (cusolverDnXsyevBatched, CUDA 12.6's
    // batched syev, is the alternative to measure)
    const int n = static_cast<int>(a.rows), count = int_extent(a.batch, "syevjBatched");
    syevjInfo_t settings = vendor::handle<vendor::syevj_settings>();
    int lwork = 0;
    XP_VENDOR_CHECK(
        calls::heevj_batched_buffer_size(h, jobz, uplo, n, solver_ptr(a.data), n, w, &lwork, settings, count));
    const std::shared_ptr<void> work = scratch_of<T>(lwork);
    XP_VENDOR_CHECK(calls::heevj_batched(h, jobz, uplo, n, solver_ptr(a.data), n, w, solver_ptr(as<T>(work)), lwork,
                                         info.at(0), settings, count));
    return info.first_failure("syevjBatched");
  }
  // divide and conquer, one matrix at a time (Xsyevdx and syevj are the alternatives to measure)
  cusolverDnParams_t params = solver_params();
  workspaces ws;
  XP_VENDOR_CHECK(cusolverDnXsyevd_bufferSize(h, params, jobz, uplo, a.rows, calls::data_type, a.data, a.rows,
                                              calls::real_data_type, w, calls::data_type, &ws.device_bytes,
                                              &ws.host_bytes));
  ws.allocate();
  for (index_t b = 0; b < a.batch; ++b)
    XP_VENDOR_CHECK(cusolverDnXsyevd(h, params, jobz, uplo, a.rows, calls::data_type, a.data + b * a.rows * a.rows,
                                     a.rows, calls::real_data_type, w + b * a.rows, calls::data_type, ws.device.get(),
                                     ws.device_bytes, ws.host_data(), ws.host_bytes, info.at(b)));
  return info.first_failure("syevd");
}

namespace backends::cuda {
namespace {

// geev of a real matrix answers in LAPACK's real form: W's real parts then imaginary parts (2n per
// matrix), and a complex pair's vectors as two real columns (re, im) starting at the one whose
// eigenvalue has the positive imaginary part. This writes the complex eigenvalues and, when asked,
// the complex vectors (columns already of unit 2-norm).
template <class R>
__global__ void __launch_bounds__(block_threads)
    complex_eigenpairs_kernel(complex<R>* w, complex<R>* v, const R* parts, const R* pairs, index_t n, index_t batch) {
  const index_t rows = v != nullptr ? n : 1;  // one thread per element of v, or per eigenvalue
  const index_t total = rows * n * batch;
  const index_t step = index_t{gridDim.x} * blockDim.x;
  for (index_t e = index_t{blockIdx.x} * blockDim.x + threadIdx.x; e < total; e += step) {
    const index_t i = e % rows, j = (e / rows) % n, b = e / (rows * n);
    const R* re = parts + b * 2 * n;
    const R* im = re + n;
    if (i == 0) w[b * n + j] = complex<R>(re[j], im[j]);
    if (v == nullptr) continue;
    const R* vr = pairs + b * n * n;
    complex<R> x;
    if (im[j] == R(0)) x = complex<R>(vr[i + j * n], R(0));
    else if (im[j] > R(0)) x = complex<R>(vr[i + j * n], vr[i + (j + 1) * n]);
    else x = complex<R>(vr[i + (j - 1) * n], -vr[i + j * n]);
    v[b * n * n + i + j * n] = x;
  }
}

}  // namespace
}  // namespace backends::cuda

template <class T>
factor_status primitive::factorization<cuda>::eig(batch<T> a, complex<detail::real_of_t<T>>* w,
                                                  complex<detail::real_of_t<T>>* v) {
  using calls = solver_calls<T>;
  using R = real_t<T>;
  if (a.rows == 0 || a.batch == 0) return {};
  constexpr bool real_input = !xp::detail::is_complex_v<T>;
  const index_t n = a.rows, stride = n * n;
  const cusolverEigMode_t jobvr = v != nullptr ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  // real input: W (2n reals per matrix) and VR (real pairs) in scratch, converted below; complex: in place
  std::shared_ptr<void> parts, pairs;
  if constexpr (real_input) {
    parts = scratch_of<R>(2 * n * a.batch);
    if (v != nullptr) pairs = scratch_of<R>(stride * a.batch);
  }
  auto values_of = [&](index_t b) -> void* {
    if constexpr (real_input) return as<R>(parts) + b * 2 * n;
    else return w + b * n;
  };
  auto vectors_of = [&](index_t b) -> void* {
    if (v == nullptr) return nullptr;
    if constexpr (real_input) return as<R>(pairs) + b * stride;
    else return v + b * stride;
  };
  const device_info info(a.batch);
  cusolverDnHandle_t h = solver();
  cusolverDnParams_t params = solver_params();
  workspaces ws;
  // the left vectors are never computed: VL is null, with a leading dimension that is valid anyway
  XP_VENDOR_CHECK(cusolverDnXgeev_bufferSize(h, params, CUSOLVER_EIG_MODE_NOVECTOR, jobvr, n, calls::data_type, a.data,
                                             n, calls::data_type, values_of(0), calls::data_type, nullptr, n,
                                             calls::data_type, vectors_of(0), n, calls::data_type, &ws.device_bytes,
                                             &ws.host_bytes));
  ws.allocate();
  for (index_t b = 0; b < a.batch; ++b)
    XP_VENDOR_CHECK(cusolverDnXgeev(h, params, CUSOLVER_EIG_MODE_NOVECTOR, jobvr, n, calls::data_type,
                                    a.data + b * stride, n, calls::data_type, values_of(b), calls::data_type, nullptr,
                                    n, calls::data_type, vectors_of(b), n, calls::data_type, ws.device.get(),
                                    ws.device_bytes, ws.host_data(), ws.host_bytes, info.at(b)));
  if constexpr (real_input) {
    const index_t total = (v != nullptr ? n : 1) * n * a.batch;
    backends::cuda::complex_eigenpairs_kernel<R>
        <<<backends::cuda::grid_for(total), backends::cuda::block_threads, 0, backends::cuda::current_stream()>>>(
            w, v, as<R>(parts), v != nullptr ? as<R>(pairs) : nullptr, n, a.batch);
    XP_CUDA_CHECK(cudaGetLastError());
  }
  return info.first_failure("geev");
}

namespace {

// The SVD of one matrix at a time by gesvd, gesvdj or gesvdp (chosen_svd_algorithm), into the
// primitive's u (m x u_cols) and vh (vh_rows x n).
template <class T>
struct svd_one_by_one {
  using calls = solver_calls<T>;
  using R = real_t<T>;
  matrix_batch<T> a;
  R* s;
  T* u;
  T* vh;
  svd_vectors job;
  index_t m = a.rows, n = a.cols, k = std::min(a.rows, a.cols);
  bool vectors = job != svd_vectors::none;
  index_t u_cols = job == svd_vectors::full ? m : k, vh_rows = job == svd_vectors::full ? n : k;
  cusolverDnHandle_t h = solver();

  factor_status gesvdj(const device_info& info) const {
    const int rows = int_extent(m, "gesvdj"), cols = int_extent(n, "gesvdj");
    const int econ = job == svd_vectors::full ? 0 : 1;
    const cusolverEigMode_t jobz = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
    // gesvdj returns V (n x vh_rows), not its conjugate transpose: into scratch, then into vh. It
    // writes U and V even when asked for the values only (compute-sanitizer: its batch_eye_kernel
    // wrote through the null U), so they get scratch then too (economy size).
    const std::shared_ptr<void> v = scratch_of<T>(n * vh_rows);
    const std::shared_ptr<void> unused_u = vectors ? nullptr : scratch_of<T>(m * k);
    T* v_data = as<T>(v);
    gesvdjInfo_t settings = vendor::handle<vendor::gesvdj_settings>();
    int lwork = 0;
    XP_VENDOR_CHECK(calls::gesvdj_buffer_size(h, jobz, econ, rows, cols, solver_ptr(a.data), rows, s,
                                              solver_ptr(vectors ? u : as<T>(unused_u)), rows, solver_ptr(v_data), cols,
                                              &lwork, settings));
    const std::shared_ptr<void> work = scratch_of<T>(lwork);
    for (index_t b = 0; b < a.batch; ++b) {
      T* u_b = vectors ? u + b * m * u_cols : as<T>(unused_u);
      XP_VENDOR_CHECK(calls::gesvdj(h, jobz, econ, rows, cols, solver_ptr(a.data + b * m * n), rows, s + b * k,
                                    solver_ptr(u_b), rows, solver_ptr(v_data), cols, solver_ptr(as<T>(work)), lwork,
                                    info.at(b), settings));
      if (vectors) backends::cuda::conj_transpose(vh + b * vh_rows * n, vh_rows, n, v_data, n, 0, 1);
    }
    return info.first_failure("gesvdj");
  }

  // gesvd and gesvdp take m >= n: a wide matrix is factored as its conjugate transpose,
  // A^H = U' S V'^H, so that A = V' S U'^H: U = V' and Vh = U'^H.
  factor_status tall(bool polar, const device_info& info) const {
    const bool wide = m < n;
    const index_t rows = wide ? n : m, cols = wide ? m : n;  // the factored matrix: rows >= cols = k
    std::shared_ptr<void> transposed;
    T* factored = a.data;
    if (wide) {
      transposed = scratch_of<T>(m * n * a.batch);
      factored = as<T>(transposed);
      backends::cuda::conj_transpose(factored, n, m, a.data, m, m * n, a.batch);
    }
    // the factored matrix's U' (rows x u'_cols) and its right factor (cols x cols): where they go directly,
    // or scratch when they must be transposed back
    const index_t factored_u_cols = job == svd_vectors::full ? rows : cols;
    const bool right_is_vh = !polar && !wide;  // gesvd returns V^H; gesvdp returns V
    std::shared_ptr<void> u_scratch, right_scratch;
    if (vectors && wide) u_scratch = scratch_of<T>(rows * factored_u_cols);
    // the right factor in scratch: gesvdp's V of a tall matrix (to Vh), gesvd's V'^H of a wide one (to U)
    if (vectors && !right_is_vh && !(polar && wide)) right_scratch = scratch_of<T>(cols * cols);
    // values only: the factors still get scratch, economy size (gesvdj wrote through null ones)
    const std::shared_ptr<void> unused_left = vectors ? nullptr : scratch_of<T>(rows * cols);
    const std::shared_ptr<void> unused_right = vectors ? nullptr : scratch_of<T>(cols * cols);
    auto left_of = [&](index_t b) -> T* {  // where the factored matrix's U' goes
      if (!vectors) return as<T>(unused_left);
      return wide ? as<T>(u_scratch) : u + b * m * u_cols;
    };
    auto right_of = [&](index_t b) -> T* {  // where its V'^H (gesvd) or V' (gesvdp) goes
      if (!vectors) return as<T>(unused_right);
      if (right_is_vh) return vh + b * vh_rows * n;  // m >= n: Vh is n x n
      if (polar && wide) return u + b * m * u_cols;  // V' is U, m x m
      return as<T>(right_scratch);
    };
    cusolverDnParams_t params = solver_params();
    workspaces ws;
    const signed char job_letter = !vectors ? 'N' : job == svd_vectors::full ? 'A' : 'S';
    const cusolverEigMode_t jobz = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
    constexpr int economy = 1;  // gesvdp: the only form whose U is sure to be unitary
    if (polar)
      XP_VENDOR_CHECK(cusolverDnXgesvdp_bufferSize(h, params, jobz, economy, rows, cols, calls::data_type, factored,
                                                   rows, calls::real_data_type, s, calls::data_type, left_of(0), rows,
                                                   calls::data_type, right_of(0), cols, calls::data_type,
                                                   &ws.device_bytes, &ws.host_bytes));
    else
      XP_VENDOR_CHECK(cusolverDnXgesvd_bufferSize(h, params, job_letter, job_letter, rows, cols, calls::data_type,
                                                  factored, rows, calls::real_data_type, s, calls::data_type,
                                                  left_of(0), rows, calls::data_type, right_of(0), cols,
                                                  calls::data_type, &ws.device_bytes, &ws.host_bytes));
    ws.allocate();
    for (index_t b = 0; b < a.batch; ++b) {
      T* matrix = factored + b * m * n;
      if (polar) {
        double error_estimate = 0;  // gesvdp's estimate of its perturbation (not used)
        XP_VENDOR_CHECK(cusolverDnXgesvdp(h, params, jobz, economy, rows, cols, calls::data_type, matrix, rows,
                                          calls::real_data_type, s + b * k, calls::data_type, left_of(b), rows,
                                          calls::data_type, right_of(b), cols, calls::data_type, ws.device.get(),
                                          ws.device_bytes, ws.host_data(), ws.host_bytes, info.at(b), &error_estimate));
      } else {
        XP_VENDOR_CHECK(cusolverDnXgesvd(h, params, job_letter, job_letter, rows, cols, calls::data_type, matrix, rows,
                                         calls::real_data_type, s + b * k, calls::data_type, left_of(b), rows,
                                         calls::data_type, right_of(b), cols, calls::data_type, ws.device.get(),
                                         ws.device_bytes, ws.host_data(), ws.host_bytes, info.at(b)));
      }
      if (!vectors) continue;
      if (wide) {
        // Vh = U'^H (vh_rows = U' columns, x n); U = V' (m x m): gesvd's V'^H transposed back
        backends::cuda::conj_transpose(vh + b * vh_rows * n, vh_rows, n, left_of(b), rows, 0, 1);
        if (!polar) backends::cuda::conj_transpose(u + b * m * u_cols, m, m, right_of(b), cols, 0, 1);
      } else if (polar) {
        backends::cuda::conj_transpose(vh + b * vh_rows * n, vh_rows, n, right_of(b), cols, 0, 1);  // V' to Vh
      }
    }
    return info.first_failure(polar ? "gesvdp" : "gesvd");
  }
};

}  // namespace

template <class T>
factor_status primitive::factorization<cuda>::svd(batch<T> a, detail::real_of_t<T>* s, T* u, T* vh, svd_vectors job) {
  using calls = solver_calls<T>;
  const index_t m = a.rows, n = a.cols, k = std::min(m, n);
  if (k == 0 || a.batch == 0) return {};
  const bool vectors = job != svd_vectors::none && u != nullptr && vh != nullptr;
  if (!vectors) job = svd_vectors::none;
  const index_t u_cols = job == svd_vectors::full ? m : k, vh_rows = job == svd_vectors::full ? n : k;
  const device_info info(a.batch);
  if (a.batch > 1 && m <= backends::cuda::batched_jacobi_max_n && n <= backends::cuda::batched_jacobi_max_n) {
    // Jacobi on the whole batch in one call: full U (m x m) and V (n x n) in scratch, then the
    // primitive's U (its first u_cols columns: a prefix of each matrix) and Vh = V^H
    const int rows = static_cast<int>(m), cols = static_cast<int>(n), count = int_extent(a.batch, "gesvdjBatched");
    const cusolverEigMode_t jobz = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
    const std::shared_ptr<void> full_u = scratch_of<T>(m * m * a.batch), full_v = scratch_of<T>(n * n * a.batch);
    cusolverDnHandle_t h = solver();
    gesvdjInfo_t settings = vendor::handle<vendor::gesvdj_settings>();
    int lwork = 0;
    XP_VENDOR_CHECK(calls::gesvdj_batched_buffer_size(h, jobz, rows, cols, solver_ptr(a.data), rows, s,
                                                      solver_ptr(as<T>(full_u)), rows, solver_ptr(as<T>(full_v)), cols,
                                                      &lwork, settings, count));
    const std::shared_ptr<void> work = scratch_of<T>(lwork);
    XP_VENDOR_CHECK(calls::gesvdj_batched(h, jobz, rows, cols, solver_ptr(a.data), rows, s, solver_ptr(as<T>(full_u)),
                                          rows, solver_ptr(as<T>(full_v)), cols, solver_ptr(as<T>(work)), lwork,
                                          info.at(0), settings, count));
    if (vectors) {
      XP_CUDA_CHECK(cudaMemcpy2DAsync(u, sizeof(T) * m * u_cols, as<T>(full_u), sizeof(T) * m * m,
                                      sizeof(T) * m * u_cols, a.batch, cudaMemcpyDeviceToDevice,
                                      backends::cuda::current_stream()));
      backends::cuda::conj_transpose(vh, vh_rows, n, as<T>(full_v), n, n * n, a.batch);
    }
    return info.first_failure("gesvdjBatched");
  }
  const svd_one_by_one<T> one{a, s, u, vh, job};
  const bool economy_suffices = job != svd_vectors::full || m == n;  // gesvdp computes only that
  switch (backends::cuda::chosen_svd_algorithm()) {
    case backends::cuda::svd_algorithm::gesvd:
      return one.tall(false, info);
    case backends::cuda::svd_algorithm::gesvdp:
      return economy_suffices ? one.tall(true, info) : one.gesvdj(info);
    case backends::cuda::svd_algorithm::gesvdj:
      return one.gesvdj(info);
    case backends::cuda::svd_algorithm::automatic:
      break;
  }
  if (!economy_suffices || k < backends::cuda::polar_svd_min_order) return one.gesvdj(info);
  // gesvdp destroys a: with vectors, a copy is kept for the matrices gesvdj must redo
  const std::size_t matrix_bytes = sizeof(T) * static_cast<std::size_t>(m * n);
  std::shared_ptr<void> original;
  if (vectors) {
    original = vendor::scratch(matrix_bytes * static_cast<std::size_t>(a.batch));
    XP_CUDA_CHECK(cudaMemcpyAsync(original.get(), a.data, matrix_bytes * static_cast<std::size_t>(a.batch),
                                  cudaMemcpyDeviceToDevice, backends::cuda::current_stream()));
  }
  const factor_status status = one.tall(true, info);
  if (!status.ok() || !vectors) return status;
  using R = detail::real_of_t<T>;
  std::vector<R> values(static_cast<std::size_t>(k * a.batch));
  backends::cuda::device_memory::download(values.data(), s, sizeof(R) * values.size());
  const double tolerance =
      backends::cuda::rank_deficient_ratio * std::numeric_limits<R>::epsilon() * static_cast<double>(std::max(m, n));
  for (index_t b = 0; b < a.batch; ++b) {
    const R largest = values[static_cast<std::size_t>(b * k)], least = values[static_cast<std::size_t>(b * k + k - 1)];
    if (!(static_cast<double>(least) <= tolerance * static_cast<double>(largest))) continue;
    T* copy = as<T>(original) + b * m * n;
    const svd_one_by_one<T> again{{copy, m, n, 1}, s + b * k, u + b * m * u_cols, vh + b * vh_rows * n, job};
    const factor_status redo = again.gesvdj(device_info(1));
    if (!redo.ok()) return {b, redo.info};
  }
  return status;
}

template <class T>
void primitive::factorization<cuda>::qr(batch<T> a, T* tau) {
  using calls = solver_calls<T>;
  const index_t k = std::min(a.rows, a.cols);
  if (k == 0 || a.batch == 0) return;
  const device_info info(0);  // geqrf's info only checks its arguments: never read back, no wait
  cusolverDnHandle_t h = solver();
  cusolverDnParams_t params = solver_params();
  workspaces ws;
  XP_VENDOR_CHECK(cusolverDnXgeqrf_bufferSize(h, params, a.rows, a.cols, calls::data_type, a.data, a.rows,
                                              calls::data_type, tau, calls::data_type, &ws.device_bytes,
                                              &ws.host_bytes));
  ws.allocate();
  for (index_t b = 0; b < a.batch; ++b)
    XP_VENDOR_CHECK(cusolverDnXgeqrf(h, params, a.rows, a.cols, calls::data_type, a.data + b * a.rows * a.cols, a.rows,
                                     calls::data_type, tau + b * k, calls::data_type, ws.device.get(), ws.device_bytes,
                                     ws.host_data(), ws.host_bytes, info.argument_check()));
  // a host workspace must outlive the calls that use it
  if (!ws.host.empty()) backends::cuda::device_memory::synchronize();
}

template <class T>
void primitive::factorization<cuda>::qr_q(batch<T> a, index_t k, const T* tau) {
  using calls = solver_calls<T>;
  if (a.rows == 0 || a.cols == 0 || a.batch == 0) return;
  const char* routine = xp::detail::is_complex_v<T> ? "ungqr" : "orgqr";
  const int m = int_extent(a.rows, routine), n = int_extent(a.cols, routine), reflectors = int_extent(k, routine);
  const device_info info(0);  // orgqr's info only checks its arguments: never read back, no wait
  cusolverDnHandle_t h = solver();
  int lwork = 0;
  XP_VENDOR_CHECK(calls::ungqr_buffer_size(h, m, n, reflectors, solver_ptr(a.data), m, solver_ptr(tau), &lwork));
  const std::shared_ptr<void> work = scratch_of<T>(lwork);
  for (index_t b = 0; b < a.batch; ++b)
    XP_VENDOR_CHECK(calls::ungqr(h, m, n, reflectors, solver_ptr(a.data + b * a.rows * a.cols), m,
                                 solver_ptr(tau + b * k), solver_ptr(as<T>(work)), lwork, info.argument_check()));
}

// every member for every type of the list
#define XP_INSTANTIATE_CUDA_FACTORIZATION(T)                                                                          \
  template factor_status primitive::factorization<cuda>::cholesky<T>(matrix_batch<T>, bool);                          \
  template factor_status primitive::factorization<cuda>::lu<T>(matrix_batch<T>, std::int32_t*);                       \
  template factor_status primitive::factorization<cuda>::solve<T>(matrix_batch<T>, matrix_batch<T>);                  \
  template factor_status primitive::factorization<cuda>::eigh<T>(matrix_batch<T>, detail::real_of_t<T>*, bool, bool); \
  template factor_status primitive::factorization<cuda>::eig<T>(matrix_batch<T>, complex<detail::real_of_t<T>>*,      \
                                                                complex<detail::real_of_t<T>>*);                      \
  template factor_status primitive::factorization<cuda>::svd<T>(matrix_batch<T>, detail::real_of_t<T>*, T*, T*,       \
                                                                svd_vectors);                                         \
  template void primitive::factorization<cuda>::qr<T>(matrix_batch<T>, T*);                                           \
  template void primitive::factorization<cuda>::qr_q<T>(matrix_batch<T>, index_t, const T*);
XP_FACTORIZATION_TYPES(XP_INSTANTIATE_CUDA_FACTORIZATION)
#undef XP_INSTANTIATE_CUDA_FACTORIZATION
#undef XP_FACTORIZATION_TYPES

}  // namespace xp
