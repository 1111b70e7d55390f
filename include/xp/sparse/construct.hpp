#pragma once
/// @file sparse/construct.hpp
/// @brief More of scipy.sparse for xp::sparse::csr_matrix: COO matrices (coo_matrix, tocoo),
/// block construction (hstack, block_diag, kron, diags), sums and differences of two matrices,
/// reductions (sum, diagonal), row slices (rows) and the product of two sparse matrices.
///
/// What the results hold follows SciPy 1.10: toarray() and nnz match SciPy's (explicit zeros kept
/// where SciPy keeps them, dropped where it drops them); the results assembled on the host keep
/// each row's columns ascending (SciPy's order may differ where it leaves rows unsorted).
///
/// Where the work is: tocoo, hstack, sum, diagonal and rows run on the matrix's backend (xp's
/// array operations and XP_HD functors, so on xp::cuda the calling unit is compiled by nvcc). The
/// assembling functions (coo_matrix::tocsr, block_diag, kron, diags, add, subtract and the
/// sparse x sparse matmul) sort and merge entries row by row in plain C++ on the host: a
/// device matrix is copied to the host, assembled there and copied back.

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "xp/sparse/csr.hpp"

namespace xp::sparse {

template <class T, class B>
class coo_matrix;

namespace detail {

/// The host copy of a backend's array (the same array when it is already on the host).
template <class T, class B>
ndarray<T, host> on_host(const ndarray<T, B>& a) {
  return asarray<host>(a);
}

/// A 1-D host array of a vector's values, moved to backend B.
template <class T, class B>
ndarray<T, B> to_backend(const std::vector<T>& v) {
  ndarray<T, host> h(shape_type{static_cast<index_t>(v.size())});
  std::copy(v.begin(), v.end(), h.data());
  return asarray<B>(h);
}

/// A CSR matrix assembled on the host: indptr (rows + 1), indices and data.
template <class T>
struct host_csr {
  std::vector<index32> indptr, indices;
  std::vector<T> data;
};

/// The csr_matrix on B of host-assembled arrays (checked to fit int32 first).
template <class T, class B>
csr_matrix<T, B> from_host(const host_csr<T>& h, index_t rows, index_t cols, const char* fn) {
  check_fits_index32(static_cast<index_t>(h.data.size()), "the number of nonzeros", fn);
  return csr_matrix<T, B>(trusted, to_backend<T, B>(h.data), to_backend<index32, B>(h.indices),
                          to_backend<index32, B>(h.indptr), {rows, cols});
}

/// COO triplets (host pointers, n entries, indices in range) -> CSR, SciPy's coo.tocsr(): entries
/// grouped by row (a counting sort), each row's columns ascending, duplicates summed in their
/// order of appearance; explicit zeros (also sums that cancel) kept.
template <class T>
host_csr<T> compress(index_t rows, const index32* row, const index32* col, const T* val, index_t n) {
  host_csr<T> out;
  out.indptr.assign(static_cast<std::size_t>(rows + 1), 0);
  for (index_t k = 0; k < n; ++k) ++out.indptr[static_cast<std::size_t>(row[k]) + 1];
  for (index_t r = 0; r < rows; ++r) out.indptr[r + 1] += out.indptr[r];
  // entry order by row, stable within a row
  std::vector<index_t> order(static_cast<std::size_t>(n));
  std::vector<index32> next(out.indptr.begin(), out.indptr.end() - 1);
  for (index_t k = 0; k < n; ++k) order[static_cast<std::size_t>(next[static_cast<std::size_t>(row[k])]++)] = k;
  out.indices.reserve(static_cast<std::size_t>(n));
  out.data.reserve(static_cast<std::size_t>(n));
  std::vector<index32> merged_ptr(static_cast<std::size_t>(rows + 1), 0);
  for (index_t r = 0; r < rows; ++r) {
    const auto first = order.begin() + out.indptr[r], last = order.begin() + out.indptr[r + 1];
    std::stable_sort(first, last, [&](index_t x, index_t y) { return col[x] < col[y]; });
    for (auto it = first; it != last; ++it) {
      const bool repeat = it != first && col[*it] == out.indices.back();
      if (repeat) {
        out.data.back() += val[*it];
      } else {
        out.indices.push_back(col[*it]);
        out.data.push_back(val[*it]);
      }
    }
    merged_ptr[static_cast<std::size_t>(r) + 1] = static_cast<index32>(out.indices.size());
  }
  out.indptr = std::move(merged_ptr);
  return out;
}

/// One output row of a row-by-row accumulator (SciPy's csr_binop / csr_matmat): a dense row of
/// sums and the columns touched, emitted with columns ascending and zero sums dropped, as SciPy's
/// A + B and A @ B drop them.
template <class T>
struct row_accumulator {
  std::vector<T> sums;
  std::vector<char> touched;
  std::vector<index32> columns;

  explicit row_accumulator(index_t cols)
      : sums(static_cast<std::size_t>(cols), T(0)), touched(static_cast<std::size_t>(cols), 0) {}

  void add(index32 c, T v) {
    const auto at = static_cast<std::size_t>(c);
    if (!touched[at]) {
      touched[at] = 1;
      columns.push_back(c);
    }
    sums[at] += v;
  }

  /// Appends the row to `out` and clears the accumulator.
  void emit(host_csr<T>& out) {
    std::sort(columns.begin(), columns.end());
    for (const index32 c : columns) {
      const auto at = static_cast<std::size_t>(c);
      if (sums[at] != T(0)) {
        out.indices.push_back(c);
        out.data.push_back(sums[at]);
      }
      sums[at] = T(0);
      touched[at] = 0;
    }
    columns.clear();
    if (static_cast<index_t>(out.indices.size()) > max_index32)
      throw value_error("xp::sparse: the result has more than 2^31 - 1 nonzeros (int32 indices)");
    out.indptr.push_back(static_cast<index32>(out.indices.size()));
  }
};

/// The host arrays of a CSR matrix (shared when it is on the host).
template <class T>
struct host_arrays {
  ndarray<T, host> data;
  ndarray<index32, host> indices, indptr;
  const T* d() const { return data.data(); }
  const index32* ix() const { return indices.data(); }
  const index32* ip() const { return indptr.data(); }
};

template <class T, class B>
host_arrays<T> arrays_on_host(const csr_matrix<T, B>& a) {
  return {on_host(a.data()), on_host(a.indices()), on_host(a.indptr())};
}

/// A ± B on the host, both of dtype R and one shape (sign +1 or -1 for B).
template <class R, class B>
csr_matrix<R, B> add_on_host(const csr_matrix<R, B>& a, const csr_matrix<R, B>& b, bool subtract, const char* fn) {
  const index_t rows = a.shape()[0], cols = a.shape()[1];
  const auto ha = arrays_on_host(a), hb = arrays_on_host(b);
  host_csr<R> out;
  out.indptr.push_back(0);
  row_accumulator<R> acc(cols);
  for (index_t r = 0; r < rows; ++r) {
    for (index32 k = ha.ip()[r]; k < ha.ip()[r + 1]; ++k) acc.add(ha.ix()[k], ha.d()[k]);
    for (index32 k = hb.ip()[r]; k < hb.ip()[r + 1]; ++k) acc.add(hb.ix()[k], subtract ? R(-hb.d()[k]) : hb.d()[k]);
    acc.emit(out);
  }
  return from_host<R, B>(out, rows, cols, fn);
}

/// out[r] = the sum of row r's stored values.
template <class T>
struct row_sum {
  csr_view<T> a;
  T* out;
  XP_HD void operator()(index_t r) const {
    T s(0);
    for (index32 k = a.indptr[r]; k < a.indptr[r + 1]; ++k) s += a.data[k];
    out[r] = s;
  }
};

/// out[i] = A[first_row + i, first_row + i + k], duplicates summed.
template <class T>
struct diagonal_entry {
  csr_view<T> a;
  index_t first_row, k;
  T* out;
  XP_HD void operator()(index_t i) const {
    const index_t r = first_row + i, c = r + k;
    T s(0);
    for (index32 e = a.indptr[r]; e < a.indptr[r + 1]; ++e)
      if (a.indices[e] == c) s += a.data[e];
    out[i] = s;
  }
};

/// Row r of one block of hstack, placed after the entries of the blocks to its left (their row
/// pointers summed in `left`), its columns moved right by `col_offset`.
template <class T>
struct place_row {
  csr_view<T> block;
  const index32* out_indptr;
  const index32* left;
  index32 col_offset;
  index32* out_indices;
  T* out_data;
  XP_HD void operator()(index_t r) const {
    index32 at = out_indptr[r] + (left[r + 1] - left[r]);
    for (index32 k = block.indptr[r]; k < block.indptr[r + 1]; ++k, ++at) {
      out_indices[at] = block.indices[k] + col_offset;
      out_data[at] = block.data[k];
    }
  }
};

inline std::string shape_text(std::array<index_t, 2> s) {
  return "(" + std::to_string(s[0]) + ", " + std::to_string(s[1]) + ")";
}

}  // namespace detail

// ---- COO matrices ----------------------------------------------------------------------------

/// @brief scipy.sparse.coo_matrix((data, (row, col)), shape): an m x n matrix of T as (row, column,
/// value) triplets on backend B, in any order; repeated positions add up (in tocsr and toarray).
/// tocsr() is assembled on the host in plain C++ (a device matrix is copied there and back).
template <class T, class B = host>
class coo_matrix {
  static_assert(detail::is_sparse_value_v<T>,
                "xp::sparse::coo_matrix holds float32, float64, complex64 or complex128 values");

 public:
  using value_type = T;
  using backend_type = B;

  /// @brief coo_matrix((data, (row, col)), shape): the arrays as they are (no copy), checked.
  /// @throws xp::shape_error when the arrays are not 1-D or of different lengths; xp::value_error
  ///         for a negative or too large index (SciPy's "row index exceeds matrix dimensions") or
  ///         sizes beyond int32.
  coo_matrix(ndarray<T, B> data, ndarray<index32, B> row, ndarray<index32, B> col, std::array<index_t, 2> shape)
      : m_data(std::move(data)), m_row(std::move(row)), m_col(std::move(col)), m_shape(shape) {
    validate();
  }

  /// @brief Arrays xp built itself (already valid): no checks.
  coo_matrix(detail::trusted_t, ndarray<T, B> data, ndarray<index32, B> row, ndarray<index32, B> col,
             std::array<index_t, 2> shape)
      : m_data(std::move(data)), m_row(std::move(row)), m_col(std::move(col)), m_shape(shape) {}

  std::array<index_t, 2> shape() const noexcept { return m_shape; }
  /// @brief The number of stored triplets (duplicates and explicit zeros included, as SciPy's).
  index_t nnz() const noexcept { return m_data.size(); }
  static constexpr std::size_t ndim() noexcept { return 2; }
  const ndarray<T, B>& data() const noexcept { return m_data; }
  const ndarray<index32, B>& row() const noexcept { return m_row; }
  const ndarray<index32, B>& col() const noexcept { return m_col; }

  /// @brief .tocsr(): duplicates summed (a sum that cancels stays an explicit zero, as SciPy's),
  /// columns ascending within each row. Assembled on the host.
  csr_matrix<T, B> tocsr() const {
    ::xp::detail::op_range<B> range("xp::sparse::coo_matrix::tocsr");
    const auto r = detail::on_host(m_row), c = detail::on_host(m_col);
    const auto d = detail::on_host(m_data);
    const auto h = detail::compress(m_shape[0], r.data(), c.data(), d.data(), nnz());
    return detail::from_host<T, B>(h, m_shape[0], m_shape[1], "xp::sparse::coo_matrix::tocsr");
  }

  /// @brief .toarray(): the dense m x n array, duplicates added (through tocsr).
  ndarray<T, B> toarray() const {
    ::xp::detail::op_range<B> range("xp::sparse::coo_matrix::toarray");
    return tocsr().toarray();
  }

 private:
  void validate() const {
    const char* fn = "xp::sparse::coo_matrix";
    if (m_data.ndim() != 1 || m_row.ndim() != 1 || m_col.ndim() != 1)
      throw shape_error(std::string(fn) + ": data, row and col must be 1-D, got shapes " + to_string(m_data.shape()) +
                        ", " + to_string(m_row.shape()) + ", " + to_string(m_col.shape()));
    if (m_row.size() != m_data.size() || m_col.size() != m_data.size())
      throw shape_error(std::string(fn) + ": row, column, and data array must all be the same length, got " +
                        std::to_string(m_row.size()) + ", " + std::to_string(m_col.size()) + " and " +
                        std::to_string(m_data.size()));
    detail::check_fits_index32(m_shape[0], "the row count", fn);
    detail::check_fits_index32(m_shape[1], "the column count", fn);
    detail::check_fits_index32(m_data.size(), "the number of nonzeros", fn);
    if (m_data.size() == 0) return;
    const index32 rlo = ::xp::min(m_row).item(), rhi = ::xp::max(m_row).item();
    const index32 clo = ::xp::min(m_col).item(), chi = ::xp::max(m_col).item();
    if (rlo < 0 || clo < 0)
      throw value_error(std::string(fn) + ": negative " + (rlo < 0 ? "row" : "column") + " index found");
    if (rhi >= m_shape[0])
      throw value_error(std::string(fn) + ": row index " + std::to_string(rhi) + " exceeds matrix dimensions " +
                        detail::shape_text(m_shape));
    if (chi >= m_shape[1])
      throw value_error(std::string(fn) + ": column index " + std::to_string(chi) + " exceeds matrix dimensions " +
                        detail::shape_text(m_shape));
  }

  ndarray<T, B> m_data;
  ndarray<index32, B> m_row, m_col;
  std::array<index_t, 2> m_shape{0, 0};
};

/// @brief A.tocoo(): the stored entries as triplets in storage order (duplicates and explicit
/// zeros kept); data and col share A's arrays. Runs on A's backend.
template <class T, class B>
coo_matrix<T, B> tocoo(const csr_matrix<T, B>& a) {
  ::xp::detail::op_range<B> range("xp::sparse::tocoo");
  ndarray<index32, B> row(shape_type{a.nnz()});
  if (a.nnz() > 0) primitive::for_each<B>::run(a.shape()[0], detail::row_of_entry{a.indptr().data(), row.data()});
  return coo_matrix<T, B>(detail::trusted, a.data(), std::move(row), a.indices(), a.shape());
}

// ---- block construction ----------------------------------------------------------------------

/// @brief scipy.sparse.hstack(blocks, format="csr"): the matrices side by side (same row count);
/// each row holds its entries block by block, as stored (nnz is the blocks' total). Runs on the
/// blocks' backend.
/// @throws xp::shape_error for an empty list or different row counts; xp::value_error for sizes
///         beyond int32.
template <class T, class B>
csr_matrix<T, B> hstack(const std::vector<csr_matrix<T, B>>& blocks) {
  ::xp::detail::op_range<B> range("xp::sparse::hstack");
  const char* fn = "xp::sparse::hstack";
  if (blocks.empty()) throw shape_error("xp::sparse::hstack: no blocks to stack");
  const index_t rows = blocks.front().shape()[0];
  index_t cols = 0, nnz = 0;
  // a row of the result starts at the sum of the blocks' row starts
  ndarray<index32, B> indptr = zeros<index32, B>({rows + 1});
  for (const auto& b : blocks) {
    if (b.shape()[0] != rows)
      throw shape_error("xp::sparse::hstack: blocks have " + std::to_string(rows) + " and " +
                        std::to_string(b.shape()[0]) + " rows");
    cols += b.shape()[1];
    nnz += b.nnz();
    detail::check_fits_index32(cols, "the column count", fn);
    detail::check_fits_index32(nnz, "the number of nonzeros", fn);
    indptr = ndarray<index32, B>(indptr + b.indptr());
  }
  ndarray<index32, B> indices(shape_type{nnz});
  ndarray<T, B> data(shape_type{nnz});
  ndarray<index32, B> left = zeros<index32, B>({rows + 1});  // the row pointers of the blocks placed
  index_t col_offset = 0;
  for (const auto& b : blocks) {
    if (b.nnz() > 0)
      primitive::for_each<B>::run(
          rows, detail::place_row<T>{b.view(), indptr.data(), left.data(), static_cast<index32>(col_offset),
                                     indices.data(), data.data()});
    left = ndarray<index32, B>(left + b.indptr());
    col_offset += b.shape()[1];
  }
  return csr_matrix<T, B>(detail::trusted, std::move(data), std::move(indices), std::move(indptr), {rows, cols});
}

/// @brief hstack of two matrices of different dtypes: the result in their common dtype (SciPy's).
template <class T, class U, class B>
csr_matrix<promote_t<T, U>, B> hstack(const csr_matrix<T, B>& a, const csr_matrix<U, B>& b) {
  using R = promote_t<T, U>;
  return hstack(std::vector<csr_matrix<R, B>>{a.template astype<R>(), b.template astype<R>()});
}

/// @brief scipy.sparse.block_diag(blocks, format="csr"): the matrices along the diagonal of a
/// (sum of rows) x (sum of columns) matrix, zero elsewhere; a 0 x n block still adds n columns.
/// Through COO as SciPy: duplicates summed, explicit zeros kept. Assembled on the host.
/// @throws xp::shape_error for an empty list; xp::value_error for sizes beyond int32.
template <class T, class B>
csr_matrix<T, B> block_diag(const std::vector<csr_matrix<T, B>>& blocks) {
  ::xp::detail::op_range<B> range("xp::sparse::block_diag");
  const char* fn = "xp::sparse::block_diag";
  if (blocks.empty()) throw shape_error("xp::sparse::block_diag: no blocks");
  index_t rows = 0, cols = 0, nnz = 0;
  std::vector<index32> row, col;
  std::vector<T> val;
  for (const auto& b : blocks) {
    const auto h = detail::arrays_on_host(b);
    for (index_t r = 0; r < b.shape()[0]; ++r)
      for (index32 k = h.ip()[r]; k < h.ip()[r + 1]; ++k) {
        row.push_back(static_cast<index32>(rows + r));
        col.push_back(static_cast<index32>(cols + h.ix()[k]));
        val.push_back(h.d()[k]);
      }
    rows += b.shape()[0];
    cols += b.shape()[1];
    nnz += b.nnz();
    detail::check_fits_index32(rows, "the row count", fn);
    detail::check_fits_index32(cols, "the column count", fn);
    detail::check_fits_index32(nnz, "the number of nonzeros", fn);
  }
  const auto h = detail::compress(rows, row.data(), col.data(), val.data(), nnz);
  return detail::from_host<T, B>(h, rows, cols, fn);
}

/// @brief scipy.sparse.kron(A, B, format="csr"): the Kronecker product, (ma mb) x (na nb), in the
/// common dtype; every pair of stored entries is an entry (SciPy's COO path: explicit zeros kept,
/// duplicates summed). Assembled on the host.
/// @throws xp::value_error when the shape or nnz exceeds int32.
template <class T, class U, class B>
csr_matrix<promote_t<T, U>, B> kron(const csr_matrix<T, B>& a, const csr_matrix<U, B>& b) {
  ::xp::detail::op_range<B> range("xp::sparse::kron");
  const char* fn = "xp::sparse::kron";
  using R = promote_t<T, U>;
  const auto sa = a.shape(), sb = b.shape();
  const index_t rows = sa[0] * sb[0], cols = sa[1] * sb[1], nnz = a.nnz() * b.nnz();
  detail::check_fits_index32(rows, "the row count", fn);
  detail::check_fits_index32(cols, "the column count", fn);
  detail::check_fits_index32(nnz, "the number of nonzeros", fn);
  const auto ha = detail::arrays_on_host(a.template astype<R>()), hb = detail::arrays_on_host(b.template astype<R>());
  std::vector<index32> row, col;
  std::vector<R> val;
  row.reserve(static_cast<std::size_t>(nnz));
  col.reserve(static_cast<std::size_t>(nnz));
  val.reserve(static_cast<std::size_t>(nnz));
  for (index_t i = 0; i < sa[0]; ++i)
    for (index_t k = 0; k < sb[0]; ++k)
      for (index32 p = ha.ip()[i]; p < ha.ip()[i + 1]; ++p)
        for (index32 q = hb.ip()[k]; q < hb.ip()[k + 1]; ++q) {
          row.push_back(static_cast<index32>(i * sb[0] + k));
          col.push_back(static_cast<index32>(ha.ix()[p] * sb[1] + hb.ix()[q]));
          val.push_back(ha.d()[p] * hb.d()[q]);
        }
  const auto h = detail::compress(rows, row.data(), col.data(), val.data(), nnz);
  return detail::from_host<R, B>(h, rows, cols, fn);
}

namespace detail {

template <class T, class B>
csr_matrix<T, B> diags_impl(const std::vector<ndarray<T, B>>& diagonals, const std::vector<index_t>& offsets,
                            std::array<index_t, 2> shape) {
  const char* fn = "xp::sparse::diags";
  const index_t m = shape[0], n = shape[1], shortest = std::min(m, n);
  check_fits_index32(m, "the row count", fn);
  check_fits_index32(n, "the column count", fn);
  std::vector<index_t> seen(offsets);
  std::sort(seen.begin(), seen.end());
  if (std::adjacent_find(seen.begin(), seen.end()) != seen.end())
    throw value_error("xp::sparse::diags: offset array contains duplicate values");
  std::vector<index32> row, col;
  std::vector<T> val;
  for (std::size_t j = 0; j < diagonals.size(); ++j) {
    const index_t off = offsets[j];
    if (diagonals[j].ndim() != 1)
      throw shape_error("xp::sparse::diags: diagonal " + std::to_string(j) + " must be 1-D, got shape " +
                        to_string(diagonals[j].shape()));
    // SciPy's length of the diagonal at `off` (negative: the offset is outside the matrix)
    const index_t length = std::min({m + off, n - off, shortest});
    if (length < 0)
      throw value_error("xp::sparse::diags: offset " + std::to_string(off) + " (index " + std::to_string(j) +
                        ") is out of bounds for shape " + shape_text(shape));
    const index_t given = diagonals[j].size();
    // one value is broadcast, a longer diagonal is cut (SciPy's), a shorter one is an error
    if (given != 1 && given < length)
      throw value_error("xp::sparse::diags: diagonal length (index " + std::to_string(j) + ": " +
                        std::to_string(given) + " at offset " + std::to_string(off) +
                        ") does not agree with matrix size " + shape_text(shape));
    const auto h = on_host(ndarray<T, B>(diagonals[j].copy()));
    const index_t r0 = std::max<index_t>(0, -off), c0 = std::max<index_t>(0, off);
    for (index_t i = 0; i < length; ++i) {
      const T v = h.data()[given == 1 ? 0 : i];
      if (v == T(0)) continue;  // SciPy's dia -> csr drops zeros
      row.push_back(static_cast<index32>(r0 + i));
      col.push_back(static_cast<index32>(c0 + i));
      val.push_back(v);
    }
  }
  const auto h = compress(m, row.data(), col.data(), val.data(), static_cast<index_t>(val.size()));
  return from_host<T, B>(h, m, n, fn);
}

inline void check_diags_counts(std::size_t diagonals, std::size_t offsets) {
  if (diagonals != offsets)
    throw value_error("xp::sparse::diags: different number of diagonals (" + std::to_string(diagonals) +
                      ") and offsets (" + std::to_string(offsets) + ")");
}

}  // namespace detail

/// @brief scipy.sparse.diags(diagonals, offsets, shape, format="csr"): diagonals[j] on the
/// offsets[j]-th diagonal (k > 0 above the main one). A diagonal of one value is repeated along
/// its diagonal; a longer one is cut to the diagonal's length (both as SciPy); zero values are
/// not stored (SciPy's dia -> csr drops them). Assembled on the host.
/// @throws xp::value_error for different counts of diagonals and offsets, a repeated offset, an
///         offset outside the matrix, a diagonal shorter than its diagonal (and not of one
///         value) or sizes beyond int32; xp::shape_error for a diagonal that is not 1-D.
template <class T, class B>
csr_matrix<T, B> diags(const std::vector<ndarray<T, B>>& diagonals, const std::vector<index_t>& offsets,
                       std::array<index_t, 2> shape) {
  ::xp::detail::op_range<B> range("xp::sparse::diags");
  detail::check_diags_counts(diagonals.size(), offsets.size());
  return detail::diags_impl(diagonals, offsets, shape);
}

/// @brief diags without a shape: square, of size len(diagonals[0]) + |offsets[0]| (SciPy's).
/// @throws as diags with a shape; xp::value_error also for no diagonals.
template <class T, class B>
csr_matrix<T, B> diags(const std::vector<ndarray<T, B>>& diagonals, const std::vector<index_t>& offsets) {
  ::xp::detail::op_range<B> range("xp::sparse::diags");
  detail::check_diags_counts(diagonals.size(), offsets.size());
  if (diagonals.empty()) throw value_error("xp::sparse::diags: no diagonals, and no shape");
  const index_t size = diagonals.front().size() + (offsets.front() < 0 ? -offsets.front() : offsets.front());
  return detail::diags_impl(diagonals, offsets, {size, size});
}

// ---- sums of matrices ------------------------------------------------------------------------

/// @brief A + B (scipy's csr + csr) for matrices of one shape, in their common dtype. As SciPy's,
/// positions whose sum is zero are not stored (cancellations, and the explicit zeros of A or B);
/// columns ascending within each row. Assembled on the host.
/// @throws xp::shape_error for different shapes.
template <class T, class U, class B>
csr_matrix<promote_t<T, U>, B> add(const csr_matrix<T, B>& a, const csr_matrix<U, B>& b) {
  ::xp::detail::op_range<B> range("xp::sparse::add");
  using R = promote_t<T, U>;
  if (a.shape() != b.shape())
    throw shape_error("xp::sparse::add: inconsistent shapes " + detail::shape_text(a.shape()) + " and " +
                      detail::shape_text(b.shape()));
  return detail::add_on_host(a.template astype<R>(), b.template astype<R>(), false, "xp::sparse::add");
}

/// @brief A - B: as add (zero differences not stored, so A - A has no entries).
/// @throws xp::shape_error for different shapes.
template <class T, class U, class B>
csr_matrix<promote_t<T, U>, B> subtract(const csr_matrix<T, B>& a, const csr_matrix<U, B>& b) {
  ::xp::detail::op_range<B> range("xp::sparse::subtract");
  using R = promote_t<T, U>;
  if (a.shape() != b.shape())
    throw shape_error("xp::sparse::subtract: inconsistent shapes " + detail::shape_text(a.shape()) + " and " +
                      detail::shape_text(b.shape()));
  return detail::add_on_host(a.template astype<R>(), b.template astype<R>(), true, "xp::sparse::subtract");
}

/// @brief A + B: add(A, B).
template <class T, class U, class B>
csr_matrix<promote_t<T, U>, B> operator+(const csr_matrix<T, B>& a, const csr_matrix<U, B>& b) {
  return add(a, b);
}
/// @brief A - B: subtract(A, B).
template <class T, class U, class B>
csr_matrix<promote_t<T, U>, B> operator-(const csr_matrix<T, B>& a, const csr_matrix<U, B>& b) {
  return subtract(a, b);
}

// ---- reductions and slices -------------------------------------------------------------------

/// @brief A.sum(): the sum of the stored values as a 0-d array of T (SciPy returns a NumPy
/// scalar). Runs on A's backend.
template <class T, class B>
ndarray<T, B> sum(const csr_matrix<T, B>& a) {
  ::xp::detail::op_range<B> range("xp::sparse::sum");
  if (a.nnz() == 0) return zeros<T, B>({});
  return ndarray<T, B>(::xp::sum(a.data()));
}

/// @brief A.sum(axis): axis 0 (or -2) gives the column sums, length n; axis 1 (or -1) the row
/// sums, length m. Unlike SciPy, which returns an np.matrix of shape (1, n) or (m, 1), the result
/// is a 1-D array of T. Runs on A's backend.
/// @throws xp::axis_error (a shape_error) for another axis.
template <class T, class B>
ndarray<T, B> sum(const csr_matrix<T, B>& a, int axis) {
  ::xp::detail::op_range<B> range("xp::sparse::sum");
  if (axis < -2 || axis > 1)
    throw axis_error("xp::sparse::sum: axis " + std::to_string(axis) + " is out of bounds for a matrix");
  // the column sums are the row sums of the transpose
  const csr_matrix<T, B> m = (axis == 0 || axis == -2) ? a.transpose() : a;
  ndarray<T, B> out(shape_type{m.shape()[0]});
  if (m.shape()[0] > 0) primitive::for_each<B>::run(m.shape()[0], detail::row_sum<T>{m.view(), out.data()});
  return out;
}

/// @brief A.diagonal(k): the k-th diagonal (k > 0 above the main one) as a 1-D array of T,
/// duplicates summed; empty when k is outside the matrix (SciPy's). Runs on A's backend.
template <class T, class B>
ndarray<T, B> diagonal(const csr_matrix<T, B>& a, index_t k = 0) {
  ::xp::detail::op_range<B> range("xp::sparse::diagonal");
  const index_t rows = a.shape()[0], cols = a.shape()[1];
  const index_t length = std::max<index_t>(0, std::min(rows + std::min<index_t>(k, 0), cols - std::max<index_t>(k, 0)));
  ndarray<T, B> out(shape_type{length});
  if (length > 0)
    primitive::for_each<B>::run(length, detail::diagonal_entry<T>{a.view(), std::max<index_t>(0, -k), k, out.data()});
  return out;
}

/// @brief A[start:stop]: rows [start, stop) as a new matrix (copies), with Python's slice rules:
/// a negative bound counts from the end, bounds are clipped to [0, m], and stop <= start gives
/// 0 rows. The entries are A's as stored. Runs on A's backend.
template <class T, class B>
csr_matrix<T, B> rows(const csr_matrix<T, B>& a, index_t start, index_t stop) {
  ::xp::detail::op_range<B> range("xp::sparse::rows");
  const index_t m = a.shape()[0];
  auto clip = [m](index_t i) { return std::clamp<index_t>(i < 0 ? i + m : i, 0, m); };
  const index_t first = clip(start), last = std::max(first, clip(stop));
  const auto ptr = detail::on_host(a.indptr());  // m + 1 values: read on the host, as csr_matrix's checks
  const index32 p0 = ptr.data()[first], p1 = ptr.data()[last];
  const auto entries = ::xp::range(p0, p1);
  ndarray<T, B> data = a.data()(entries).copy();
  ndarray<index32, B> indices = a.indices()(entries).copy();
  ndarray<index32, B> indptr = ndarray<index32, B>(a.indptr()(::xp::range(first, last + 1)) - p0);
  return csr_matrix<T, B>(detail::trusted, std::move(data), std::move(indices), std::move(indptr),
                          {last - first, a.shape()[1]});
}

// ---- sparse x sparse -------------------------------------------------------------------------

/// @brief A @ B of two CSR matrices (SciPy's csr @ csr), in their common dtype: Gustavson's
/// row-by-row accumulation on the host (a device pair is copied there and the product back).
/// As SciPy's, positions whose sum is zero are not stored; columns ascending within each row.
/// @throws xp::shape_error when A's column count is not B's row count; xp::value_error when the
///         product has more than 2^31 - 1 nonzeros.
template <class T, class U, class B>
csr_matrix<promote_t<T, U>, B> matmul(const csr_matrix<T, B>& a, const csr_matrix<U, B>& b) {
  ::xp::detail::op_range<B> range("xp::sparse::matmul");
  using R = promote_t<T, U>;
  if (a.shape()[1] != b.shape()[0])
    throw shape_error("xp::sparse::matmul: dimension mismatch, " + detail::shape_text(a.shape()) + " @ " +
                      detail::shape_text(b.shape()));
  const index_t rows = a.shape()[0], cols = b.shape()[1];
  const auto ha = detail::arrays_on_host(a.template astype<R>()), hb = detail::arrays_on_host(b.template astype<R>());
  detail::host_csr<R> out;
  out.indptr.push_back(0);
  detail::row_accumulator<R> acc(cols);
  for (index_t r = 0; r < rows; ++r) {
    for (index32 p = ha.ip()[r]; p < ha.ip()[r + 1]; ++p) {
      const index32 j = ha.ix()[p];
      const R v = ha.d()[p];
      for (index32 q = hb.ip()[j]; q < hb.ip()[j + 1]; ++q) acc.add(hb.ix()[q], v * hb.d()[q]);
    }
    acc.emit(out);
  }
  return detail::from_host<R, B>(out, rows, cols, "xp::sparse::matmul");
}

}  // namespace xp::sparse
