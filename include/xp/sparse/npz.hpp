#pragma once
/// @file sparse/npz.hpp
/// @brief scipy.sparse.save_npz and scipy.sparse.load_npz for xp::sparse::csr_matrix.
///
/// A SciPy sparse .npz is an .npz archive (xp/io/npz.hpp) of the matrix's arrays and two small
/// members: `format` (np.array(b'csr'), a 0-d bytes array) and `shape` (int64, (2,)). save_npz
/// writes what SciPy writes for a CSR matrix; load_npz reads SciPy's 'csr', 'csc' and 'coo'
/// files into a CSR matrix. Parsing and validation are compiled into the xp library
/// (src/sparse_npz.cpp, for the four value types on the host); a device matrix is the host
/// matrix copied over.
///
/// The dtype rule: the stored values must be of the requested T exactly (a float64 file loads
/// as csr_matrix<double>, not as float32), so that nothing is rounded or changed without the
/// caller asking; npz_format_info reads the stored dtype first, for a program that picks T by
/// it, and astype<U>() converts after loading.

#include <array>
#include <string>
#include <type_traits>

#include "xp/array/transfer.hpp"
#include "xp/core/dtype.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/io/npz.hpp"
#include "xp/sparse/csr.hpp"

namespace xp::sparse {

/// @brief What a SciPy sparse .npz holds, read from its members' headers without loading them.
struct npz_info {
  /// SciPy's format name as stored: "csr", "csc", "coo" (which load_npz reads), or another.
  std::string format;
  /// NumPy's name of the stored values' dtype ("float64", "complex64", ...): the T to load with.
  std::string dtype;
  /// The matrix's (rows, columns).
  std::array<index_t, 2> shape{0, 0};
  /// The number of stored entries (the length of `data`; a COO file's duplicates counted).
  index_t nnz = 0;
  /// NumPy's name of the index arrays' dtype ("int32", or "int64" where SciPy needed it).
  std::string index_dtype;
};

/// @brief The format, value dtype, shape, stored entries and index dtype of a SciPy sparse
/// .npz, read from the headers (for choosing the T of load_npz).
/// @throws as load_npz, except for a value dtype that no T matches.
npz_info npz_format_info(const std::string& path);

namespace detail {

/// @brief The compiled load_npz on the host (src/sparse_npz.cpp), for the four value types.
template <class T>
csr_matrix<T, host> load_npz_host(const npz_file& archive);

extern template csr_matrix<float, host> load_npz_host<float>(const npz_file&);
extern template csr_matrix<double, host> load_npz_host<double>(const npz_file&);
extern template csr_matrix<complex64, host> load_npz_host<complex64>(const npz_file&);
extern template csr_matrix<complex128, host> load_npz_host<complex128>(const npz_file&);

}  // namespace detail

/// @brief scipy.sparse.save_npz(path, m, compressed): writes the CSR matrix as SciPy does, the
/// members `indices` (int32), `indptr` (int32), `format` (np.array(b'csr')), `shape` (int64,
/// (2,)) and `data` (T), in that order, deflated when `compressed` (np.savez_compressed) or
/// stored (np.savez); scipy.sparse.load_npz reads the file back. A device matrix is copied to
/// the host first. As savez, xp writes the path as given (NumPy appends ".npz" when missing).
/// @throws xp::io_error naming the file when it cannot be written, or when `compressed` and xp
///         was built without zlib (xp::npz_compression_available()).
template <class T, class B>
void save_npz(const std::string& path, const csr_matrix<T, B>& m, bool compressed = true) {
  ndarray<std::int64_t, host> shape({2});
  shape.data()[0] = m.shape()[0];
  shape.data()[1] = m.shape()[1];
  const std::vector<npz_entry> entries{{"indices", m.indices()},
                                       {"indptr", m.indptr()},
                                       npz_entry::bytes("format", "csr"),
                                       {"shape", shape},
                                       {"data", m.data()}};
  ::xp::detail::write_npz(path, entries.data(), entries.size(), {.compress = compressed});
}

/// @brief scipy.sparse.load_npz(path).tocsr() of an opened archive (xp::load_npz,
/// xp::load_npz_memory for bytes in memory): a matrix that SciPy saved in format 'csr', 'csc'
/// or 'coo', compressed or not, with int32 or int64 indices, as a csr_matrix<T, B>.
///
/// 'csr' loads as stored (column order and duplicates kept); 'csc' is transposed into CSR
/// (each row's columns ascending, duplicates kept, as SciPy's tocsr); 'coo' becomes CSR with
/// each row's columns ascending and duplicate entries summed, as SciPy's tocsr (explicit zeros
/// stay; duplicates add in file order). The stored values must be T (see the file's @brief).
/// @throws xp::io_error when the file cannot be read or is a damaged archive; xp::value_error
///         for a file without a sparse matrix (no `format`) or without a member its format
///         needs (naming it), an unknown or unsupported format
///         ('bsr', 'dia': the message names those xp reads), negative or too large (over int32)
///         sizes or indices, a bad indptr (not starting at 0, decreasing, not ending at nnz) or
///         indices out of range; xp::shape_error for members of the wrong rank or length (shape
///         not (2,), indptr not rows + 1 long, data and indices or row and col of different
///         lengths); xp::dtype_error for values stored as another dtype than T (naming both)
///         and for index, shape or format members of the wrong dtype.
template <class T, class B = host>
csr_matrix<T, B> load_npz(const npz_file& archive) {
  static_assert(detail::is_sparse_value_v<T>,
                "xp::sparse::load_npz loads float32, float64, complex64 or complex128 matrices");
  csr_matrix<T, host> h = detail::load_npz_host<T>(archive);
  if constexpr (std::is_same_v<B, host>) return h;
  else
    return csr_matrix<T, B>(detail::trusted, asarray<B>(h.data()), asarray<B>(h.indices()), asarray<B>(h.indptr()),
                            h.shape());
}

/// @brief load_npz of a file: the archive opened with xp::load_npz(path), then read as above.
/// @throws as load_npz of an archive.
template <class T, class B = host>
csr_matrix<T, B> load_npz(const std::string& path) {
  return load_npz<T, B>(::xp::load_npz(path));
}

}  // namespace xp::sparse
