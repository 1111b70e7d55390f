// The host's factorization primitive (backends/host/factorization.hpp) on LAPACK's Fortran routines
// in OpenBLAS: the one source that includes <lapack.h>. Without XP_HAS_LAPACK it compiles no LAPACK
// call, and every member throws xp::value_error (the layers above check `available` first).
#define XP_INSTANTIATE_FACTORIZATION
#include "xp/backends/host/factorization.hpp"

#include <string>

#include "xp/core/error.hpp"

#if defined(XP_HAS_LAPACK)
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

// LAPACK's complex arguments as std::complex, which has xp::complex's layout (two reals)
#define lapack_complex_float  std::complex<float>
#define lapack_complex_double std::complex<double>
#include <lapack.h>
#endif

namespace xp {

using linalg::detail::factor_status;
using linalg::detail::matrix_batch;
using linalg::detail::svd_vectors;

#if defined(XP_HAS_LAPACK)

namespace {

template <class T>
using real_t = detail::real_of_t<T>;
template <class T>
inline constexpr bool is_complex_v = !std::is_same_v<T, real_t<T>>;

// The type LAPACK's declarations take for T: std::complex for xp's complex types.
template <class T>
using lapack_t = std::conditional_t<is_complex_v<T>, std::complex<real_t<T>>, T>;
template <class T>
lapack_t<T>* as_lapack(T* p) {
  return reinterpret_cast<lapack_t<T>*>(p);
}

// Batches of matrices up to this order are spread over OpenMP threads, one matrix per thread
// (OpenBLAS's OpenMP build runs single-threaded inside a parallel region); larger ones are
// factored one after another, each with LAPACK's own threads, which pay off once a matrix's
// blocked updates are big enough to split (OpenBLAS blocks by 64-256) and would otherwise be
// idle while one matrix of the batch per thread works alone.
constexpr index_t parallel_batch_max_order = 128;

// The info gesdd (LAPACK 3.10 on) returns for a matrix holding NaN: its argument 4, A, refused.
constexpr lapack_int gesdd_nan_input = -4;

// A dimension as LAPACK's 32-bit integer, refused beyond it.
lapack_int lapack_dim(index_t n, const char* routine) {
  if (n < 0 || n > std::numeric_limits<lapack_int>::max())
    throw value_error(std::string("xp::linalg: ") + routine + ": dimension " + std::to_string(n) +
                      " exceeds LAPACK's 32-bit integers");
  return static_cast<lapack_int>(n);
}

// A leading dimension: LAPACK requires at least 1, also for an empty matrix.
lapack_int leading(index_t rows, const char* routine) { return std::max<lapack_int>(1, lapack_dim(rows, routine)); }

// The size a workspace query answered (in work[0], a real or complex number). A float query
// holds the size rounded to 24 bits, possibly below the exact count, so it is rounded up by one
// relative step of its type; at least 1.
template <class V>
lapack_int queried_size(V answer) {
  using R = real_t<V>;
  double value;
  if constexpr (is_complex_v<V>) value = static_cast<double>(answer.real());
  else value = static_cast<double>(answer);
  const double rounded_up = std::ceil(value * (1 + static_cast<double>(std::numeric_limits<R>::epsilon())));
  return std::max<lapack_int>(1, static_cast<lapack_int>(rounded_up));
}

// The first failing matrix of a batch from each matrix's info: the lowest index with info > 0.
// A negative info is an argument LAPACK refused, which xp never passes: a bug, not the matrix.
factor_status first_failure(const std::vector<lapack_int>& info, const char* routine) {
  for (std::size_t b = 0; b < info.size(); ++b) {
    if (info[b] < 0)
      throw value_error(std::string("xp::linalg: LAPACK ") + routine + " refused its argument " +
                        std::to_string(-info[b]) + " (matrix " + std::to_string(b) +
                        " of the batch); this is a bug in xp");
    if (info[b] > 0) return {static_cast<index_t>(b), static_cast<index_t>(info[b])};
  }
  return {};
}

// Runs `factor(b, workspace)` (returning LAPACK's info) for every matrix b of a batch of matrices
// of order `order`: over OpenMP threads for small matrices, each thread with its own copy of
// `workspace` (copied before the parallel region, where an exception cannot leave), else in order.
template <class Workspace, class Factor>
factor_status for_each_matrix(const char* routine, index_t batch, index_t order, const Workspace& workspace,
                              Factor factor) {
  std::vector<lapack_int> info(static_cast<std::size_t>(batch), 0);
  const bool parallel = batch > 1 && order <= parallel_batch_max_order && omp_get_max_threads() > 1;
  if (parallel) {
    std::vector<Workspace> per_thread(static_cast<std::size_t>(omp_get_max_threads()), workspace);
#pragma omp parallel for schedule(dynamic)
    for (index_t b = 0; b < batch; ++b)
      info[static_cast<std::size_t>(b)] = factor(b, per_thread[static_cast<std::size_t>(omp_get_thread_num())]);
  } else {
    Workspace own = workspace;
    for (index_t b = 0; b < batch; ++b) info[static_cast<std::size_t>(b)] = factor(b, own);
  }
  return first_failure(info, routine);
}

// Workspaces: work of T, rwork of its real type, iwork of LAPACK's integers.
template <class T>
struct workspace {
  std::vector<lapack_t<T>> work;
  std::vector<real_t<T>> rwork;
  std::vector<lapack_int> iwork;
};

// ---- LAPACK's entry points by element type, one overload set per routine family ----

void potrf(char uplo, lapack_int n, float* a, lapack_int lda, lapack_int* info) {
  LAPACK_spotrf(&uplo, &n, a, &lda, info);
}
void potrf(char uplo, lapack_int n, double* a, lapack_int lda, lapack_int* info) {
  LAPACK_dpotrf(&uplo, &n, a, &lda, info);
}
void potrf(char uplo, lapack_int n, std::complex<float>* a, lapack_int lda, lapack_int* info) {
  LAPACK_cpotrf(&uplo, &n, a, &lda, info);
}
void potrf(char uplo, lapack_int n, std::complex<double>* a, lapack_int lda, lapack_int* info) {
  LAPACK_zpotrf(&uplo, &n, a, &lda, info);
}

void getrf(lapack_int m, lapack_int n, float* a, lapack_int lda, lapack_int* ipiv, lapack_int* info) {
  LAPACK_sgetrf(&m, &n, a, &lda, ipiv, info);
}
void getrf(lapack_int m, lapack_int n, double* a, lapack_int lda, lapack_int* ipiv, lapack_int* info) {
  LAPACK_dgetrf(&m, &n, a, &lda, ipiv, info);
}
void getrf(lapack_int m, lapack_int n, std::complex<float>* a, lapack_int lda, lapack_int* ipiv, lapack_int* info) {
  LAPACK_cgetrf(&m, &n, a, &lda, ipiv, info);
}
void getrf(lapack_int m, lapack_int n, std::complex<double>* a, lapack_int lda, lapack_int* ipiv, lapack_int* info) {
  LAPACK_zgetrf(&m, &n, a, &lda, ipiv, info);
}

template <class L>
void gesv(lapack_int n, lapack_int nrhs, L* a, lapack_int lda, lapack_int* ipiv, L* b, lapack_int ldb,
          lapack_int* info) {
  if constexpr (std::is_same_v<L, float>) LAPACK_sgesv(&n, &nrhs, a, &lda, ipiv, b, &ldb, info);
  else if constexpr (std::is_same_v<L, double>) LAPACK_dgesv(&n, &nrhs, a, &lda, ipiv, b, &ldb, info);
  else if constexpr (std::is_same_v<L, std::complex<float>>) LAPACK_cgesv(&n, &nrhs, a, &lda, ipiv, b, &ldb, info);
  else LAPACK_zgesv(&n, &nrhs, a, &lda, ipiv, b, &ldb, info);
}

// syevd (real) / heevd (complex; rwork unused for real): lwork, lrwork, liwork -1 is a query.
template <class L>
void heevd(char jobz, char uplo, lapack_int n, L* a, lapack_int lda, real_t<L>* w, L* work, lapack_int lwork,
           real_t<L>* rwork, lapack_int lrwork, lapack_int* iwork, lapack_int liwork, lapack_int* info) {
  if constexpr (std::is_same_v<L, float>)
    LAPACK_ssyevd(&jobz, &uplo, &n, a, &lda, w, work, &lwork, iwork, &liwork, info);
  else if constexpr (std::is_same_v<L, double>)
    LAPACK_dsyevd(&jobz, &uplo, &n, a, &lda, w, work, &lwork, iwork, &liwork, info);
  else if constexpr (std::is_same_v<L, std::complex<float>>)
    LAPACK_cheevd(&jobz, &uplo, &n, a, &lda, w, work, &lwork, rwork, &lrwork, iwork, &liwork, info);
  else LAPACK_zheevd(&jobz, &uplo, &n, a, &lda, w, work, &lwork, rwork, &lrwork, iwork, &liwork, info);
}

// geev of a real matrix: eigenvalues as (wr, wi) pairs, vectors in LAPACK's real-pair form.
template <class L>
void geev_real(char jobvr, lapack_int n, L* a, lapack_int lda, L* wr, L* wi, L* vr, lapack_int ldvr, L* work,
               lapack_int lwork, lapack_int* info) {
  const char jobvl = 'N';
  const lapack_int ldvl = 1;
  if constexpr (std::is_same_v<L, float>)
    LAPACK_sgeev(&jobvl, &jobvr, &n, a, &lda, wr, wi, nullptr, &ldvl, vr, &ldvr, work, &lwork, info);
  else LAPACK_dgeev(&jobvl, &jobvr, &n, a, &lda, wr, wi, nullptr, &ldvl, vr, &ldvr, work, &lwork, info);
}
// geev of a complex matrix: eigenvalues w and vectors vr written as they are.
template <class L>
void geev_complex(char jobvr, lapack_int n, L* a, lapack_int lda, L* w, L* vr, lapack_int ldvr, L* work,
                  lapack_int lwork, real_t<L>* rwork, lapack_int* info) {
  const char jobvl = 'N';
  const lapack_int ldvl = 1;
  if constexpr (std::is_same_v<L, std::complex<float>>)
    LAPACK_cgeev(&jobvl, &jobvr, &n, a, &lda, w, nullptr, &ldvl, vr, &ldvr, work, &lwork, rwork, info);
  else LAPACK_zgeev(&jobvl, &jobvr, &n, a, &lda, w, nullptr, &ldvl, vr, &ldvr, work, &lwork, rwork, info);
}

// gesdd (rwork unused for real).
template <class L>
void gesdd(char jobz, lapack_int m, lapack_int n, L* a, lapack_int lda, real_t<L>* s, L* u, lapack_int ldu, L* vt,
           lapack_int ldvt, L* work, lapack_int lwork, real_t<L>* rwork, lapack_int* iwork, lapack_int* info) {
  if constexpr (std::is_same_v<L, float>)
    LAPACK_sgesdd(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, iwork, info);
  else if constexpr (std::is_same_v<L, double>)
    LAPACK_dgesdd(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, iwork, info);
  else if constexpr (std::is_same_v<L, std::complex<float>>)
    LAPACK_cgesdd(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, rwork, iwork, info);
  else LAPACK_zgesdd(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, rwork, iwork, info);
}

template <class L>
void geqrf(lapack_int m, lapack_int n, L* a, lapack_int lda, L* tau, L* work, lapack_int lwork, lapack_int* info) {
  if constexpr (std::is_same_v<L, float>) LAPACK_sgeqrf(&m, &n, a, &lda, tau, work, &lwork, info);
  else if constexpr (std::is_same_v<L, double>) LAPACK_dgeqrf(&m, &n, a, &lda, tau, work, &lwork, info);
  else if constexpr (std::is_same_v<L, std::complex<float>>) LAPACK_cgeqrf(&m, &n, a, &lda, tau, work, &lwork, info);
  else LAPACK_zgeqrf(&m, &n, a, &lda, tau, work, &lwork, info);
}

// orgqr (real) / ungqr (complex)
template <class L>
void ungqr(lapack_int m, lapack_int n, lapack_int k, L* a, lapack_int lda, const L* tau, L* work, lapack_int lwork,
           lapack_int* info) {
  if constexpr (std::is_same_v<L, float>) LAPACK_sorgqr(&m, &n, &k, a, &lda, tau, work, &lwork, info);
  else if constexpr (std::is_same_v<L, double>) LAPACK_dorgqr(&m, &n, &k, a, &lda, tau, work, &lwork, info);
  else if constexpr (std::is_same_v<L, std::complex<float>>)
    LAPACK_cungqr(&m, &n, &k, a, &lda, tau, work, &lwork, info);
  else LAPACK_zungqr(&m, &n, &k, a, &lda, tau, work, &lwork, info);
}

// Each routine's name, for messages.
template <class T>
const char* routine_name(const char* real_name, const char* complex_name) {
  return is_complex_v<T> ? complex_name : real_name;
}

}  // namespace

template <class T>
factor_status primitive::factorization<host>::cholesky(batch<T> a, bool upper) {
  const char* routine = routine_name<T>("potrf", "potrf");
  const lapack_int n = lapack_dim(a.rows, routine), lda = leading(a.rows, routine);
  if (a.rows == 0 || a.batch == 0) return {};
  const index_t stride = a.rows * a.cols;
  const char uplo = upper ? 'U' : 'L';
  return for_each_matrix(routine, a.batch, a.rows, 0, [&](index_t b, int) {
    lapack_int info = 0;
    potrf(uplo, n, as_lapack(a.data + b * stride), lda, &info);
    return info;
  });
}

template <class T>
factor_status primitive::factorization<host>::lu(batch<T> a, std::int32_t* pivots) {
  const char* routine = "getrf";
  const lapack_int m = lapack_dim(a.rows, routine), n = lapack_dim(a.cols, routine), lda = leading(a.rows, routine);
  if (a.rows == 0 || a.cols == 0 || a.batch == 0) return {};
  const index_t stride = a.rows * a.cols, pivot_count = std::min(a.rows, a.cols);
  return for_each_matrix(routine, a.batch, std::max(a.rows, a.cols), 0, [&](index_t b, int) {
    lapack_int info = 0;
    getrf(m, n, as_lapack(a.data + b * stride), lda, pivots + b * pivot_count, &info);
    return info;
  });
}

template <class T>
factor_status primitive::factorization<host>::solve(batch<T> a, batch<T> b) {
  const char* routine = "gesv";
  const lapack_int n = lapack_dim(a.rows, routine), nrhs = lapack_dim(b.cols, routine);
  const lapack_int lda = leading(a.rows, routine), ldb = leading(b.rows, routine);
  if (a.rows == 0 || b.cols == 0 || a.batch == 0) return {};
  const index_t a_stride = a.rows * a.cols, b_stride = b.rows * b.cols;
  const std::vector<lapack_int> pivots(static_cast<std::size_t>(n));
  return for_each_matrix(routine, a.batch, a.rows, pivots, [&](index_t k, std::vector<lapack_int>& ipiv) {
    lapack_int info = 0;
    gesv(n, nrhs, as_lapack(a.data + k * a_stride), lda, ipiv.data(), as_lapack(b.data + k * b_stride), ldb, &info);
    return info;
  });
}

template <class T>
factor_status primitive::factorization<host>::eigh(batch<T> a, detail::real_of_t<T>* w, bool upper, bool vectors) {
  using L = lapack_t<T>;
  const char* routine = routine_name<T>("syevd", "heevd");
  const lapack_int n = lapack_dim(a.rows, routine), lda = leading(a.rows, routine);
  if (a.rows == 0 || a.batch == 0) return {};
  const char jobz = vectors ? 'V' : 'N', uplo = upper ? 'U' : 'L';
  const index_t stride = a.rows * a.cols;
  // one workspace query for the whole batch: every matrix has the same order
  L work_size{};
  real_t<T> rwork_size{};
  lapack_int iwork_size = 0, info = 0;
  heevd<L>(jobz, uplo, n, as_lapack(a.data), lda, w, &work_size, -1, &rwork_size, -1, &iwork_size, -1, &info);
  first_failure({info}, routine);
  workspace<T> ws;
  ws.work.resize(static_cast<std::size_t>(queried_size(work_size)));
  if constexpr (is_complex_v<T>) ws.rwork.resize(static_cast<std::size_t>(queried_size(rwork_size)));
  ws.iwork.resize(static_cast<std::size_t>(std::max<lapack_int>(1, iwork_size)));
  return for_each_matrix(routine, a.batch, a.rows, ws, [&](index_t b, workspace<T>& own) {
    lapack_int status = 0;
    heevd<L>(jobz, uplo, n, as_lapack(a.data + b * stride), lda, w + b * a.rows, own.work.data(),
             static_cast<lapack_int>(own.work.size()), own.rwork.data(), static_cast<lapack_int>(own.rwork.size()),
             own.iwork.data(), static_cast<lapack_int>(own.iwork.size()), &status);
    return status;
  });
}

template <class T>
factor_status primitive::factorization<host>::eig(batch<T> a, complex<detail::real_of_t<T>>* w,
                                                  complex<detail::real_of_t<T>>* v) {
  using L = lapack_t<T>;
  using R = real_t<T>;
  const char* routine = "geev";
  const lapack_int n = lapack_dim(a.rows, routine), lda = leading(a.rows, routine);
  if (a.rows == 0 || a.batch == 0) return {};
  const char jobvr = v != nullptr ? 'V' : 'N';
  const index_t stride = a.rows * a.cols;
  const lapack_int ldvr = v != nullptr ? lda : 1;
  L work_size{};
  lapack_int info = 0;
  if constexpr (is_complex_v<T>) {
    workspace<T> ws;
    ws.rwork.resize(static_cast<std::size_t>(2 * a.rows));  // geev's rwork: 2n
    geev_complex<L>(jobvr, n, as_lapack(a.data), lda, as_lapack(w), v != nullptr ? as_lapack(v) : nullptr, ldvr,
                    &work_size, -1, ws.rwork.data(), &info);
    first_failure({info}, routine);
    ws.work.resize(static_cast<std::size_t>(queried_size(work_size)));
    return for_each_matrix(routine, a.batch, a.rows, ws, [&](index_t b, workspace<T>& own) {
      lapack_int status = 0;
      L* vectors = v != nullptr ? as_lapack(v + b * stride) : nullptr;
      geev_complex<L>(jobvr, n, as_lapack(a.data + b * stride), lda, as_lapack(w + b * a.rows), vectors, ldvr,
                      own.work.data(), static_cast<lapack_int>(own.work.size()), own.rwork.data(), &status);
      return status;
    });
  } else {
    // the real parts, imaginary parts and real-pair vectors of one matrix in rwork
    workspace<T> ws;
    ws.rwork.resize(static_cast<std::size_t>(2 * a.rows + (v != nullptr ? stride : 0)));
    R* wr = ws.rwork.data();
    geev_real<L>(jobvr, n, a.data, lda, wr, wr + a.rows, v != nullptr ? wr + 2 * a.rows : nullptr, ldvr, &work_size, -1,
                 &info);
    first_failure({info}, routine);
    ws.work.resize(static_cast<std::size_t>(queried_size(work_size)));
    return for_each_matrix(routine, a.batch, a.rows, ws, [&](index_t b, workspace<T>& own) {
      lapack_int status = 0;
      R* wr = own.rwork.data();
      R* wi = wr + a.rows;
      R* pairs = v != nullptr ? wi + a.rows : nullptr;
      geev_real<L>(jobvr, n, a.data + b * stride, lda, wr, wi, pairs, ldvr, own.work.data(),
                   static_cast<lapack_int>(own.work.size()), &status);
      if (status != 0) return status;
      complex<R>* values = w + b * a.rows;
      for (index_t j = 0; j < a.rows; ++j) values[j] = complex<R>(wr[j], wi[j]);
      if (v == nullptr) return status;
      // LAPACK's real-pair form: a real eigenvalue's vector is column j; a complex pair (wi[j] > 0,
      // then its conjugate) has vectors column j +- i column j + 1
      complex<R>* out = v + b * stride;
      for (index_t j = 0; j < a.rows; ++j) {
        const R* re = pairs + j * a.rows;
        complex<R>* col = out + j * a.rows;
        // a pair needs a next column: a non-zero wi in the last one (NaN input) is read as real
        if (wi[j] == R(0) || j + 1 == a.rows) {
          for (index_t i = 0; i < a.rows; ++i) col[i] = complex<R>(re[i], R(0));
        } else {
          const R* im = re + a.rows;
          complex<R>* next = col + a.rows;
          for (index_t i = 0; i < a.rows; ++i) {
            col[i] = complex<R>(re[i], im[i]);
            next[i] = complex<R>(re[i], -im[i]);
          }
          ++j;
        }
      }
      return status;
    });
  }
}

template <class T>
factor_status primitive::factorization<host>::svd(batch<T> a, detail::real_of_t<T>* s, T* u, T* vh,
                                                  linalg::detail::svd_vectors job) {
  using L = lapack_t<T>;
  const char* routine = "gesdd";
  const index_t rows = a.rows, cols = a.cols, k = std::min(rows, cols), big = std::max(rows, cols);
  const lapack_int m = lapack_dim(rows, routine), n = lapack_dim(cols, routine), lda = leading(rows, routine);
  if (k == 0 || a.batch == 0) return {};
  const char jobz = job == svd_vectors::none ? 'N' : job == svd_vectors::reduced ? 'S' : 'A';
  const index_t u_cols = job == svd_vectors::full ? rows : k, vh_rows = job == svd_vectors::full ? cols : k;
  const lapack_int ldu = job == svd_vectors::none ? 1 : lda;
  const lapack_int ldvt = job == svd_vectors::none ? 1 : leading(vh_rows, routine);
  const index_t stride = rows * cols, u_stride = rows * u_cols, vh_stride = vh_rows * cols;
  workspace<T> ws;
  ws.iwork.resize(static_cast<std::size_t>(8 * k));  // gesdd's iwork: 8 min(m, n)
  if constexpr (is_complex_v<T>) {
    // gesdd's rwork (LAPACK 3.7's bounds): 7 min(m, n) without vectors, else
    // max(5 k^2 + 5 k, 2 max(m, n) k + 2 k^2 + k)
    const index_t rwork = job == svd_vectors::none ? 7 * k : std::max(5 * k * k + 5 * k, 2 * big * k + 2 * k * k + k);
    ws.rwork.resize(static_cast<std::size_t>(rwork));
  }
  const bool vectors = job != svd_vectors::none && u != nullptr && vh != nullptr;
  L work_size{};
  lapack_int info = 0;
  gesdd<L>(jobz, m, n, as_lapack(a.data), lda, s, vectors ? as_lapack(u) : nullptr, ldu,
           vectors ? as_lapack(vh) : nullptr, ldvt, &work_size, -1, ws.rwork.data(), ws.iwork.data(), &info);
  first_failure({info}, routine);
  ws.work.resize(static_cast<std::size_t>(queried_size(work_size)));
  return for_each_matrix(routine, a.batch, big, ws, [&](index_t b, workspace<T>& own) {
    lapack_int status = 0;
    L* u_b = vectors ? as_lapack(u + b * u_stride) : nullptr;
    L* vh_b = vectors ? as_lapack(vh + b * vh_stride) : nullptr;
    gesdd<L>(jobz, m, n, as_lapack(a.data + b * stride), lda, s + b * k, u_b, ldu, vh_b, ldvt, own.work.data(),
             static_cast<lapack_int>(own.work.size()), own.rwork.data(), own.iwork.data(), &status);
    // LAPACK 3.10's gesdd refuses a matrix holding NaN as a bad argument A: no value converges
    return status == gesdd_nan_input ? static_cast<lapack_int>(k) : status;
  });
}

template <class T>
void primitive::factorization<host>::qr(batch<T> a, T* tau) {
  using L = lapack_t<T>;
  const char* routine = "geqrf";
  const lapack_int m = lapack_dim(a.rows, routine), n = lapack_dim(a.cols, routine), lda = leading(a.rows, routine);
  const index_t k = std::min(a.rows, a.cols);
  if (k == 0 || a.batch == 0) return;
  const index_t stride = a.rows * a.cols;
  L work_size{};
  lapack_int info = 0;
  geqrf<L>(m, n, as_lapack(a.data), lda, as_lapack(tau), &work_size, -1, &info);
  first_failure({info}, routine);
  const std::vector<L> work(static_cast<std::size_t>(queried_size(work_size)));
  for_each_matrix(routine, a.batch, std::max(a.rows, a.cols), work, [&](index_t b, std::vector<L>& own) {
    lapack_int status = 0;
    geqrf<L>(m, n, as_lapack(a.data + b * stride), lda, as_lapack(tau + b * k), own.data(),
             static_cast<lapack_int>(own.size()), &status);
    return status;
  });
}

template <class T>
void primitive::factorization<host>::qr_q(batch<T> a, index_t k, const T* tau) {
  using L = lapack_t<T>;
  const char* routine = routine_name<T>("orgqr", "ungqr");
  const lapack_int m = lapack_dim(a.rows, routine), n = lapack_dim(a.cols, routine), lda = leading(a.rows, routine);
  const lapack_int reflectors = lapack_dim(k, routine);
  if (a.rows == 0 || a.cols == 0 || a.batch == 0) return;
  const index_t stride = a.rows * a.cols;
  L work_size{};
  lapack_int info = 0;
  ungqr<L>(m, n, reflectors, as_lapack(a.data), lda, reinterpret_cast<const L*>(tau), &work_size, -1, &info);
  first_failure({info}, routine);
  const std::vector<L> work(static_cast<std::size_t>(queried_size(work_size)));
  for_each_matrix(routine, a.batch, a.rows, work, [&](index_t b, std::vector<L>& own) {
    lapack_int status = 0;
    ungqr<L>(m, n, reflectors, as_lapack(a.data + b * stride), lda, reinterpret_cast<const L*>(tau + b * k), own.data(),
             static_cast<lapack_int>(own.size()), &status);
    return status;
  });
}

#else  // no LAPACK: every call says so (the layers check `available` before calling)

namespace {
[[noreturn]] void no_lapack(const char* routine) {
  throw value_error(std::string("xp::linalg: ") + routine +
                    ": this build of xp has no host LAPACK (configure with liblapacke-dev and OpenBLAS installed)");
}
}  // namespace

template <class T>
factor_status primitive::factorization<host>::cholesky(batch<T>, bool) {
  no_lapack("cholesky");
}
template <class T>
factor_status primitive::factorization<host>::lu(batch<T>, std::int32_t*) {
  no_lapack("lu");
}
template <class T>
factor_status primitive::factorization<host>::solve(batch<T>, batch<T>) {
  no_lapack("solve");
}
template <class T>
factor_status primitive::factorization<host>::eigh(batch<T>, detail::real_of_t<T>*, bool, bool) {
  no_lapack("eigh");
}
template <class T>
factor_status primitive::factorization<host>::eig(batch<T>, complex<detail::real_of_t<T>>*,
                                                  complex<detail::real_of_t<T>>*) {
  no_lapack("eig");
}
template <class T>
factor_status primitive::factorization<host>::svd(batch<T>, detail::real_of_t<T>*, T*, T*, svd_vectors) {
  no_lapack("svd");
}
template <class T>
void primitive::factorization<host>::qr(batch<T>, T*) {
  no_lapack("qr");
}
template <class T>
void primitive::factorization<host>::qr_q(batch<T>, index_t, const T*) {
  no_lapack("qr_q");
}

#endif

// every member for every type of the list
#define XP_INSTANTIATE_HOST_FACTORIZATION(T)                                                                          \
  template factor_status primitive::factorization<host>::cholesky<T>(matrix_batch<T>, bool);                          \
  template factor_status primitive::factorization<host>::lu<T>(matrix_batch<T>, std::int32_t*);                       \
  template factor_status primitive::factorization<host>::solve<T>(matrix_batch<T>, matrix_batch<T>);                  \
  template factor_status primitive::factorization<host>::eigh<T>(matrix_batch<T>, detail::real_of_t<T>*, bool, bool); \
  template factor_status primitive::factorization<host>::eig<T>(matrix_batch<T>, complex<detail::real_of_t<T>>*,      \
                                                                complex<detail::real_of_t<T>>*);                      \
  template factor_status primitive::factorization<host>::svd<T>(matrix_batch<T>, detail::real_of_t<T>*, T*, T*,       \
                                                                svd_vectors);                                         \
  template void primitive::factorization<host>::qr<T>(matrix_batch<T>, T*);                                           \
  template void primitive::factorization<host>::qr_q<T>(matrix_batch<T>, index_t, const T*);
XP_FACTORIZATION_TYPES(XP_INSTANTIATE_HOST_FACTORIZATION)
#undef XP_INSTANTIATE_HOST_FACTORIZATION
#undef XP_FACTORIZATION_TYPES

}  // namespace xp
