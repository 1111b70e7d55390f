#pragma once
/// @file sparse/csr.hpp
/// @brief xp::sparse::csr_matrix<T, B>, scipy.sparse's CSR matrix on either backend, and what
/// SciPy builds and multiplies them with: construction from dense arrays, from (data, indices,
/// indptr) and from COO triplets, toarray, transpose, astype, scalar products, eye, identity,
/// random, vstack, and matmul with dense vectors and matrices (the SpMV primitive,
/// sparse/spmv_primitive.hpp). A matrix is immutable: operations return new matrices, which may
/// share the index arrays of their operand.
///
/// On xp::cuda the functions that are not the product itself are composed of xp's array
/// operations and kernels over the caller's functors, so the calling translation unit is
/// compiled by nvcc (as for user expressions); the product is precompiled in libxp_cuda.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "xp/array/histogram.hpp"
#include "xp/array/indexing.hpp"
#include "xp/array/manipulation.hpp"
#include "xp/array/set_functions.hpp"
#include "xp/array/sorting.hpp"
#include "xp/array/transfer.hpp"
#include "xp/core/creation.hpp"
#include "xp/core/engine.hpp"
#include "xp/core/error.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/trace.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/reduction.hpp"
#include "xp/expr/scan.hpp"
#include "xp/random/generator.hpp"
#include "xp/sparse/spmv_primitive.hpp"

namespace xp::sparse {

template <class T, class B>
class csr_matrix;

namespace detail {

/// The value types of a sparse matrix: the four floating types SciPy's solvers take.
template <class T>
inline constexpr bool is_sparse_value_v = std::is_same_v<T, float> || std::is_same_v<T, double> ||
                                          std::is_same_v<T, complex64> || std::is_same_v<T, complex128>;

/// The largest count an index32 holds (nonzeros, rows and columns of a matrix).
inline constexpr index_t max_index32 = std::numeric_limits<index32>::max();

inline void check_fits_index32(index_t v, const char* what, const char* fn) {
  if (v < 0) throw value_error(std::string(fn) + ": " + what + " is negative (" + std::to_string(v) + ")");
  if (v > max_index32)
    throw value_error(std::string(fn) + ": " + what + " is " + std::to_string(v) +
                      "; xp's sparse matrices hold at most 2^31 - 1 (int32 indices)");
}

/// Built by xp itself: the arrays are known to be a valid CSR matrix (no checks).
struct trusted_t {};
inline constexpr trusted_t trusted{};

/// out[k] = r for every entry k of row r (the row of each stored entry: CSR -> COO).
struct row_of_entry {
  const index32* indptr;
  index32* out;
  XP_HD void operator()(index_t r) const {
    for (index32 k = indptr[r]; k < indptr[r + 1]; ++k) out[k] = static_cast<index32>(r);
  }
};

/// dense[r, indices[k]] += data[k] for the entries of row r (duplicates add up, as SciPy's toarray).
template <class T>
struct scatter_row {
  csr_view<T> a;
  T* dense;
  XP_HD void operator()(index_t r) const {
    for (index32 k = a.indptr[r]; k < a.indptr[r + 1]; ++k) dense[r * a.cols + a.indices[k]] += a.data[k];
  }
};

/// The row pointers of the rows of each entry (sorted row of each entry -> indptr), length rows + 1.
template <class B>
ndarray<index32, B> indptr_of_rows(const ndarray<index32, B>& rows_sorted, index_t rows) {
  const auto counts = bincount(rows_sorted, rows);  // int64, length rows (entries are < rows)
  return concat({zeros<std::int64_t, B>({1}), cumsum(counts)}).template astype<index32>();
}

}  // namespace detail

/// @brief scipy.sparse.csr_matrix: an m x n matrix of T (float32, float64, complex64, complex128)
/// on backend B, stored as SciPy stores it: `data` (the values), `indices` (their columns, int32)
/// and `indptr` (row r's entries are [indptr[r], indptr[r + 1]), int32, length m + 1). Column
/// indices within a row need not be sorted; duplicates add up in products and toarray, as in SciPy.
template <class T, class B = host>
class csr_matrix {
  static_assert(detail::is_sparse_value_v<T>,
                "xp::sparse::csr_matrix holds float32, float64, complex64 or complex128 values");

 public:
  using value_type = T;
  using backend_type = B;

  /// @brief A 0 x 0 matrix.
  csr_matrix() : m_indptr(zeros<index32, B>({1})) {}

  /// @brief csr_matrix((data, indices, indptr), shape): the arrays as they are (no copy), checked:
  /// 1-D, indptr of length m + 1 starting at 0, non-decreasing and ending at nnz == data.size()
  /// == indices.size(), every column index in [0, n).
  /// @throws xp::shape_error for arrays of the wrong rank or length; xp::value_error for a bad
  ///         indptr, a column index out of range or sizes beyond int32.
  csr_matrix(ndarray<T, B> data, ndarray<index32, B> indices, ndarray<index32, B> indptr, std::array<index_t, 2> shape)
      : m_data(std::move(data)), m_indices(std::move(indices)), m_indptr(std::move(indptr)), m_shape(shape) {
    validate();
  }

  /// @brief Arrays xp built itself (already valid): no checks.
  csr_matrix(detail::trusted_t, ndarray<T, B> data, ndarray<index32, B> indices, ndarray<index32, B> indptr,
             std::array<index_t, 2> shape)
      : m_data(std::move(data)), m_indices(std::move(indices)), m_indptr(std::move(indptr)), m_shape(shape) {}

  /// @brief csr_matrix(dense): the nonzero elements of a 2-D array, row by row (any layout).
  /// @throws xp::shape_error when `dense` is not 2-D; xp::value_error for sizes beyond int32.
  explicit csr_matrix(const ndarray<T, B>& dense) {
    ::xp::detail::op_range<B> range("xp::sparse::csr_matrix");
    if (dense.ndim() != 2)
      throw shape_error("xp::sparse::csr_matrix: a dense matrix must be 2-D, got shape " + to_string(dense.shape()));
    m_shape = {dense.shape()[0], dense.shape()[1]};
    detail::check_fits_index32(m_shape[0], "the row count", "xp::sparse::csr_matrix");
    detail::check_fits_index32(m_shape[1], "the column count", "xp::sparse::csr_matrix");
    const ndarray<bool, B> stored = dense != T(0);
    auto where = nonzero(stored);  // C order: row by row, columns ascending within a row
    detail::check_fits_index32(where[0].size(), "the number of nonzeros", "xp::sparse::csr_matrix");
    m_data = dense(stored);
    m_indices = where[1].template astype<index32>();
    m_indptr = detail::indptr_of_rows(where[0].template astype<index32>(), m_shape[0]);
  }

  /// @brief (rows, columns).
  std::array<index_t, 2> shape() const noexcept { return m_shape; }
  /// @brief The number of stored entries (SciPy's nnz: explicit zeros included).
  index_t nnz() const noexcept { return m_data.size(); }
  /// @brief 2, as SciPy's.
  static constexpr std::size_t ndim() noexcept { return 2; }
  const ndarray<T, B>& data() const noexcept { return m_data; }
  const ndarray<index32, B>& indices() const noexcept { return m_indices; }
  const ndarray<index32, B>& indptr() const noexcept { return m_indptr; }

  /// @brief The plain view kernels take (pointers into this matrix's arrays).
  csr_view<T> view() const noexcept {
    return {m_shape[0], m_shape[1], nnz(), m_indptr.data(), m_indices.data(), m_data.data()};
  }

  /// @brief .toarray(): the dense m x n array (duplicates added).
  ndarray<T, B> toarray() const {
    ::xp::detail::op_range<B> range("xp::sparse::csr_matrix::toarray");
    auto dense = zeros<T, B>({m_shape[0], m_shape[1]});
    if (nnz() > 0) primitive::for_each<B>::run(m_shape[0], detail::scatter_row<T>{view(), dense.data()});
    return dense;
  }

  /// @brief .T / .transpose(): the CSR matrix of A^T (SciPy returns a CSC view; xp stores the
  /// transpose, each row's columns ascending).
  csr_matrix transpose() const {
    ::xp::detail::op_range<B> range("xp::sparse::csr_matrix::transpose");
    const index_t rows = m_shape[0], cols = m_shape[1], n = nnz();
    if constexpr (std::is_same_v<B, host>) {
      // a counting sort by column: O(nnz), rows stay in order within each column
      ndarray<index32, host> indptr = zeros<index32, host>({cols + 1});
      ndarray<index32, host> indices({n});
      ndarray<T, host> data({n});
      const index32* ip = m_indptr.data();
      const index32* ix = m_indices.data();
      const T* d = m_data.data();
      index32* tp = indptr.data();
      for (index_t k = 0; k < n; ++k) ++tp[ix[k] + 1];
      for (index_t c = 0; c < cols; ++c) tp[c + 1] += tp[c];
      std::vector<index32> next(tp, tp + cols);
      for (index_t r = 0; r < rows; ++r)
        for (index32 k = ip[r]; k < ip[r + 1]; ++k) {
          const index32 at = next[static_cast<std::size_t>(ix[k])]++;
          indices.data()[at] = static_cast<index32>(r);
          data.data()[at] = d[k];
        }
      return csr_matrix(detail::trusted, std::move(data), std::move(indices), std::move(indptr), {cols, rows});
    } else {
      // the row of each entry, then a stable sort by column
      ndarray<index32, B> row_of(shape_type{n});
      if (n > 0) primitive::for_each<B>::run(rows, detail::row_of_entry{m_indptr.data(), row_of.data()});
      const auto order = argsort(m_indices);
      ndarray<T, B> data = take(m_data, order);
      ndarray<index32, B> indices = take(row_of, order);
      return csr_matrix(detail::trusted, std::move(data), std::move(indices),
                        detail::indptr_of_rows(take(m_indices, order), cols), {cols, rows});
    }
  }

  /// @brief .astype(dtype): the values converted; the index arrays shared.
  template <class U>
  csr_matrix<U, B> astype() const {
    if constexpr (std::is_same_v<U, T>) return *this;
    else return csr_matrix<U, B>(detail::trusted, m_data.template astype<U>(), m_indices, m_indptr, m_shape);
  }

  /// @brief .copy(): every array copied.
  csr_matrix copy() const {
    return csr_matrix(detail::trusted, m_data.copy(), m_indices.copy(), m_indptr.copy(), m_shape);
  }

  /// @brief The same pattern with other values (same nnz): how scalar products are made.
  template <class U>
  csr_matrix<U, B> with_data(ndarray<U, B> values) const {
    return csr_matrix<U, B>(detail::trusted, std::move(values), m_indices, m_indptr, m_shape);
  }

  /// @brief The matrix in host memory (its three arrays copied; itself on the host).
  csr_matrix<T, host> copy_to_host() const {
    if constexpr (std::is_same_v<B, host>) return *this;
    else
      return csr_matrix<T, host>(detail::trusted, m_data.copy_to_host(), m_indices.copy_to_host(),
                                 m_indptr.copy_to_host(), m_shape);
  }

 private:
  void validate() const {
    const char* fn = "xp::sparse::csr_matrix";
    if (m_data.ndim() != 1 || m_indices.ndim() != 1 || m_indptr.ndim() != 1)
      throw shape_error(std::string(fn) + ": data, indices and indptr must be 1-D, got shapes " +
                        to_string(m_data.shape()) + ", " + to_string(m_indices.shape()) + ", " +
                        to_string(m_indptr.shape()));
    detail::check_fits_index32(m_shape[0], "the row count", fn);
    detail::check_fits_index32(m_shape[1], "the column count", fn);
    detail::check_fits_index32(m_data.size(), "the number of nonzeros", fn);
    if (m_indices.size() != m_data.size())
      throw shape_error(std::string(fn) + ": indices has " + std::to_string(m_indices.size()) + " entries, data " +
                        std::to_string(m_data.size()));
    if (m_indptr.size() != m_shape[0] + 1)
      throw shape_error(std::string(fn) + ": indptr has " + std::to_string(m_indptr.size()) + " entries; " +
                        std::to_string(m_shape[0]) + " rows need " + std::to_string(m_shape[0] + 1));
    // indptr is short (rows + 1): checked on the host
    const auto ptr = m_indptr.copy_to_host();
    const index32* p = ptr.data();
    if (p[0] != 0) throw value_error(std::string(fn) + ": indptr must start at 0, got " + std::to_string(p[0]));
    for (index_t r = 0; r < m_shape[0]; ++r)
      if (p[r + 1] < p[r])
        throw value_error(std::string(fn) + ": indptr must not decrease, but indptr[" + std::to_string(r + 1) + "] = " +
                          std::to_string(p[r + 1]) + " < indptr[" + std::to_string(r) + "] = " + std::to_string(p[r]));
    if (p[m_shape[0]] != m_data.size())
      throw value_error(std::string(fn) + ": indptr ends at " + std::to_string(p[m_shape[0]]) + ", but there are " +
                        std::to_string(m_data.size()) + " entries");
    if (m_data.size() == 0) return;
    const index32 lo = ::xp::min(m_indices).item(), hi = ::xp::max(m_indices).item();
    if (lo < 0 || hi >= m_shape[1])
      throw value_error(std::string(fn) + ": column index " + std::to_string(lo < 0 ? lo : hi) +
                        " is out of range for " + std::to_string(m_shape[1]) + " columns");
  }

  ndarray<T, B> m_data = zeros<T, B>({0});
  ndarray<index32, B> m_indices = zeros<index32, B>({0});
  ndarray<index32, B> m_indptr;
  std::array<index_t, 2> m_shape{0, 0};
};

/// @brief The matrix on backend To (cupyx.scipy.sparse's `csr_matrix(A)` of a SciPy matrix, and
/// `.get()`): the same matrix when it is already there, else its three arrays copied.
template <class To, class T, class From>
csr_matrix<T, To> asarray(const csr_matrix<T, From>& a) {
  if constexpr (std::is_same_v<To, From>) return a;
  else
    return csr_matrix<T, To>(detail::trusted, ::xp::asarray<To>(a.data()), ::xp::asarray<To>(a.indices()),
                             ::xp::asarray<To>(a.indptr()), a.shape());
}

/// @brief A host matrix copied to the current CUDA device (xp::to_device for arrays).
template <class T>
csr_matrix<T, cuda> to_device(const csr_matrix<T, host>& a) {
  return asarray<cuda>(a);
}

// ---- scalar products -------------------------------------------------------------------------

/// @brief A * c and c * A: every stored value times c (SciPy's dtype: T with c's kind, e.g. a
/// float32 matrix times a C++ double stays float32, as NumPy 2 treats Python floats).
template <class T, class B, class S>
requires std::is_arithmetic_v<S> csr_matrix<T, B>
operator*(const csr_matrix<T, B>& a, S c) {
  ::xp::detail::op_range<B> range("xp::sparse::multiply");
  return a.with_data(ndarray<T, B>(a.data() * static_cast<::xp::detail::real_of_t<T>>(c)));
}
template <class T, class B, class S>
requires std::is_arithmetic_v<S> csr_matrix<T, B>
operator*(S c, const csr_matrix<T, B>& a) { return a * c; }
/// @brief A / c.
template <class T, class B, class S>
requires std::is_arithmetic_v<S> csr_matrix<T, B>
operator/(const csr_matrix<T, B>& a, S c) {
  ::xp::detail::op_range<B> range("xp::sparse::divide");
  return a.with_data(ndarray<T, B>(a.data() / static_cast<::xp::detail::real_of_t<T>>(c)));
}
/// @brief -A.
template <class T, class B>
csr_matrix<T, B> operator-(const csr_matrix<T, B>& a) {
  return a.with_data(ndarray<T, B>(-a.data()));
}

// ---- products with dense arrays --------------------------------------------------------------

/// @brief matmul's options: `engine` automatic or own (xp's kernel on both backends; it beat
/// cuSPARSE's CSR product on the seed's matrix), or vendor (cuSPARSE's SpMV/SpMM on the device, for
/// a matrix and vector of one dtype; the host has no vendor sparse library: value_error).
struct product_options {
  ::xp::engine engine = ::xp::engine::automatic;
};

namespace detail {

template <class T, class X>
inline constexpr bool spmv_pair_v = (std::is_same_v<T, X> && is_sparse_value_v<T>) ||
                                    (std::is_same_v<T, float> && std::is_same_v<X, double>);

/// y = A x into y (fresh, of the product's dtype R), x 1-D (n,) and y (m,), or x (n, k) and y (m, k).
template <class T, class X, class B, class R>
void spmv_into(const csr_matrix<T, B>& a, const ndarray<X, B>& x, ndarray<R, B>& y, bool vendor = false) {
  if (vendor) {
    if constexpr (std::is_same_v<B, host>) {
      throw value_error("xp::sparse::matmul: the host has no vendor sparse library; use engine::own or automatic");
    } else if constexpr (!std::is_same_v<T, R>) {
      throw value_error(
          "xp::sparse::matmul: cuSPARSE multiplies a matrix and a vector of one dtype; the product's is " +
          std::string(dtype_name<R>()) + ", the matrix's " + std::string(dtype_name<T>()));
    } else if (!std::is_same_v<X, R> || !x.is_contiguous()) {
      spmv_into(a, ndarray<R, B>(x.template astype<R>()), y, true);  // a contiguous copy in the product's dtype
      return;
    }
  }
  if constexpr (spmv_pair_v<T, X> && std::is_same_v<R, promote_t<T, X>>) {
    spmv_problem<T, X> p;
    p.a = a.view();
    p.x = x.data();
    p.x_stride = x.strides()[0];
    p.y = y.data();
    p.y_stride = y.strides()[0];
    if (x.ndim() == 2) {
      p.columns = x.shape()[1];
      p.x_column_stride = x.strides()[1];
      p.y_column_stride = y.strides()[1];
    }
    p.vendor = vendor;
    primitive::spmv<B>::run(p);
  } else if constexpr (std::is_same_v<T, float> && std::is_same_v<R, double>) {
    spmv_into(a, x.template astype<double>(), y, vendor);  // the vector converts, the matrix stays float32
  } else if constexpr (std::is_same_v<T, R>) {
    spmv_into(a, x.template astype<R>(), y, vendor);
  } else {
    spmv_into(a.template astype<R>(), x.template astype<R>(), y, vendor);
  }
}

}  // namespace detail

/// @brief A @ x (scipy.sparse's `A @ x`, `A.dot(x)`): x of shape (n,) gives (m,), x of shape
/// (n, k) gives (m, k), in NumPy's promotion of the two dtypes. Any layout of x.
/// `options.engine` picks xp's kernel or cuSPARSE (see product_options).
/// @throws xp::shape_error when x is not 1-D or 2-D or its first axis is not n long;
///         xp::value_error for engine::vendor where it cannot serve (see product_options).
template <class T, class B, class X>
ndarray<promote_t<T, X>, B> matmul(const csr_matrix<T, B>& a, const ndarray<X, B>& x, product_options options = {}) {
  ::xp::detail::op_range<B> range("xp::sparse::matmul");
  using R = promote_t<T, X>;
  static_assert(detail::is_sparse_value_v<R>,
                "xp::sparse::matmul: the product's dtype must be a float or complex type");
  if ((x.ndim() != 1 && x.ndim() != 2) || x.shape()[0] != a.shape()[1])
    throw shape_error("xp::sparse::matmul: a matrix of shape (" + std::to_string(a.shape()[0]) + ", " +
                      std::to_string(a.shape()[1]) + ") cannot multiply an array of shape " + to_string(x.shape()));
  ndarray<R, B> y(x.ndim() == 1 ? shape_type{a.shape()[0]} : shape_type{a.shape()[0], x.shape()[1]});
  if (a.nnz() == 0) return zeros<R, B>(y.shape());
  detail::spmv_into(a, x, y, options.engine == ::xp::engine::vendor);
  return y;
}

// ---- construction ----------------------------------------------------------------------------

/// @brief scipy.sparse.eye(m, n, k, dtype, format="csr"): ones on the k-th diagonal of an m x n
/// matrix (n defaults to m).
/// @throws xp::value_error for negative or too large sizes.
template <class T = double, class B = host>
csr_matrix<T, B> eye(index_t m, std::optional<index_t> n = std::nullopt, index_t k = 0) {
  ::xp::detail::op_range<B> range("xp::sparse::eye");
  const index_t cols = n.value_or(m);
  detail::check_fits_index32(m, "the row count", "xp::sparse::eye");
  detail::check_fits_index32(cols, "the column count", "xp::sparse::eye");
  // row r holds column r + k when it is in range
  const index_t first = std::max<index_t>(0, -k), last = std::min<index_t>(m, cols - k);  // rows [first, last)
  const index_t count = std::max<index_t>(0, last - first);
  ndarray<index32, host> indptr({m + 1});
  for (index_t r = 0; r <= m; ++r) indptr.data()[r] = static_cast<index32>(std::clamp<index_t>(r - first, 0, count));
  auto indices = arange<index32, B>(static_cast<index32>(first + k), static_cast<index32>(first + k + count));
  return csr_matrix<T, B>(detail::trusted, ones<T, B>({count}), std::move(indices), asarray<B>(indptr), {m, cols});
}

/// @brief scipy.sparse.identity(n): eye(n).
template <class T = double, class B = host>
csr_matrix<T, B> identity(index_t n) {
  return eye<T, B>(n);
}

/// @brief scipy.sparse.vstack(blocks, format="csr"): the matrices one above the other (same
/// column count), in the blocks' common dtype.
/// @throws xp::shape_error for an empty list or different column counts.
template <class T, class B>
csr_matrix<T, B> vstack(const std::vector<csr_matrix<T, B>>& blocks) {
  ::xp::detail::op_range<B> range("xp::sparse::vstack");
  if (blocks.empty()) throw shape_error("xp::sparse::vstack: no blocks to stack");
  const index_t cols = blocks.front().shape()[1];
  index_t rows = 0, nnz = 0;
  std::vector<ndarray<T, B>> data;
  std::vector<ndarray<index32, B>> indices, indptr;
  for (const auto& b : blocks) {
    if (b.shape()[1] != cols)
      throw shape_error("xp::sparse::vstack: blocks have " + std::to_string(cols) + " and " +
                        std::to_string(b.shape()[1]) + " columns");
    data.push_back(b.data());
    indices.push_back(b.indices());
    // each block's row pointers after the first, moved past the entries above it
    auto tail = b.indptr()(::xp::range(1, b.shape()[0] + 1));
    indptr.push_back(nnz == 0 ? ndarray<index32, B>(tail) : ndarray<index32, B>(tail + static_cast<index32>(nnz)));
    rows += b.shape()[0];
    nnz += b.nnz();
    detail::check_fits_index32(rows, "the row count", "xp::sparse::vstack");
    detail::check_fits_index32(nnz, "the number of nonzeros", "xp::sparse::vstack");
  }
  indptr.insert(indptr.begin(), zeros<index32, B>({1}));
  return csr_matrix<T, B>(detail::trusted, concat(data), concat(indices), concat(indptr), {rows, cols});
}

/// @brief vstack of two matrices of different dtypes: the result in their common dtype (SciPy's).
template <class T, class U, class B>
csr_matrix<promote_t<T, U>, B> vstack(const csr_matrix<T, B>& a, const csr_matrix<U, B>& b) {
  using R = promote_t<T, U>;
  return vstack(std::vector<csr_matrix<R, B>>{a.template astype<R>(), b.template astype<R>()});
}

/// @brief scipy.sparse.random(m, n, density, format="csr", dtype, random_state): round(density m n)
/// distinct positions drawn uniformly, each with a value from U[0, 1). Drawn by xp's Generator
/// with key `seed`, so the host and the device give the same matrix (SciPy's own stream differs).
/// @throws xp::value_error for a density outside [0, 1] or sizes beyond int32.
template <class T = double, class B = host>
csr_matrix<T, B> random(index_t m, index_t n, double density = 0.01, std::uint64_t seed = 0) {
  ::xp::detail::op_range<B> range("xp::sparse::random");
  if (!(density >= 0 && density <= 1))
    throw value_error("xp::sparse::random: density must be in [0, 1], got " + std::to_string(density));
  detail::check_fits_index32(m, "the row count", "xp::sparse::random");
  detail::check_fits_index32(n, "the column count", "xp::sparse::random");
  const index_t cells = m * n;
  const auto target = static_cast<index_t>(std::llround(density * static_cast<double>(cells)));
  detail::check_fits_index32(target, "the number of nonzeros", "xp::sparse::random");
  ::xp::random::Generator<B> gen(seed);
  // Draw the missing count with replacement, keep the distinct positions, repeat: each round
  // leaves about (density + the round's own repeats) of its draws to the next, so a few rounds do.
  ndarray<std::int64_t, B> positions = zeros<std::int64_t, B>({0});
  while (positions.size() < target) {
    const auto drawn = gen.template integers<std::int64_t>(0, cells, {target - positions.size()});
    positions = unique_values(concat({positions, drawn}));
  }
  auto rows = ndarray<index32, B>((positions / n).template astype<index32>());
  auto cols = ndarray<index32, B>((positions % n).template astype<index32>());
  ndarray<T, B> values;
  if constexpr (::xp::detail::is_complex_v<T>)
    values = gen.template random<::xp::detail::real_of_t<T>>({target}).template astype<T>();
  else values = gen.template random<T>({target});
  return csr_matrix<T, B>(detail::trusted, std::move(values), std::move(cols), detail::indptr_of_rows(rows, m), {m, n});
}

}  // namespace xp::sparse
