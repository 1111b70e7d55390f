// The compiled part of xp::sparse's .npz support (include/xp/sparse/npz.hpp): reading the files
// scipy.sparse.save_npz writes ('csr', 'csc', 'coo') into host CSR matrices.
//
// Every member is read through the .npz and .npy readers (their checks: the archive, the CRC,
// the header, the data size), then checked for what SciPy's format means: rank, dtype, length,
// ranges. The CSR structure itself is checked by csr_matrix's checked constructor: a 'csr'
// file's arrays go to it as they are, a 'csc' file's as the CSR matrix of the transpose, and
// the CSR matrix a 'coo' file becomes.

#include "xp/sparse/npz.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "file_io.hpp"
#include "xp/io/npy.hpp"
#include "xp/sparse.hpp"  // the host backend's primitives, which the checked constructor runs

namespace xp::sparse {

namespace {

using ::xp::detail::npy_dtype;
using ::xp::detail::npy_dtype_name;
using ::xp::detail::npy_reader;
using ::xp::detail::printable;

constexpr std::size_t shape_member_length = 2;  // (rows, columns)

// What every message starts with.
std::string where(const std::string& path) { return "xp::sparse::load_npz: " + path + ": "; }

// The reader of a member the format needs; a missing one means the file is not such a matrix.
npy_reader open_member(const npz_file& z, const std::string& path, const std::string& format, const std::string& name) {
  if (!z.contains(name))
    throw value_error(where(path) + "a '" + format + "' matrix needs the member '" + name +
                      "', which the archive does not hold");
  return z.reader(name);
}

void require_1d(const npy_reader& r, const std::string& path, const std::string& name) {
  if (r.shape().size() != 1)
    throw shape_error(where(path) + "'" + name + "' must be 1-D, got shape " + to_string(r.shape()));
}

std::string read_format(const npz_file& z, const std::string& path) {
  if (!z.contains("format"))
    throw value_error(where(path) +
                      "the archive holds no sparse matrix (no 'format' member, which scipy.sparse.save_npz writes)");
  return z.get_string("format");
}

void require_supported(const std::string& format, const std::string& path) {
  if (format == "csr" || format == "csc" || format == "coo") return;
  if (format == "bsr" || format == "dia")
    throw value_error(where(path) + "the matrix is stored in format '" + format +
                      "', which xp does not read; xp reads 'csr', 'csc' and 'coo' (convert it in SciPy first)");
  throw value_error(where(path) + "unknown sparse format '" + printable(format) +
                    "' (SciPy's are 'csr', 'csc', 'coo', 'bsr', 'dia'; xp reads 'csr', 'csc' and 'coo')");
}

// The 'shape' member: (rows, columns), int64 as SciPy writes it (int32 from a 32-bit NumPy too).
std::array<index_t, 2> read_shape(const npz_file& z, const std::string& path, const std::string& format) {
  const npy_reader r = open_member(z, path, format, "shape");
  if (r.dtype() != npy_dtype::int64 && r.dtype() != npy_dtype::int32)
    throw dtype_error(where(path) + "'shape' holds " + npy_dtype_name(r.dtype()) + "; expected int64 (or int32)");
  if (r.shape() != shape_type{static_cast<index_t>(shape_member_length)})
    throw shape_error(where(path) + "'shape' must have shape (2,), got " + to_string(r.shape()));
  const auto stored = ::xp::detail::load_npy_from<std::int64_t>(r, {.convert = true});  // int32 widens exactly
  const std::array<index_t, 2> shape{stored.data()[0], stored.data()[1]};
  const std::string text = to_string(shape_type{shape[0], shape[1]});
  if (shape[0] < 0 || shape[1] < 0) throw value_error(where(path) + "the matrix shape " + text + " is negative");
  if (shape[0] > detail::max_index32 || shape[1] > detail::max_index32)
    throw value_error(where(path) + "the matrix shape " + text +
                      " is too large: xp's sparse matrices have at most 2^31 - 1 rows and columns (int32 indices)");
  return shape;
}

// An index member (indices, indptr, row, col), 1-D int32 or int64, as int32.
ndarray<index32, host> read_index(const npz_file& z, const std::string& path, const std::string& format,
                                  const std::string& name) {
  const npy_reader r = open_member(z, path, format, name);
  require_1d(r, path, name);
  if (r.dtype() == npy_dtype::int32) return ::xp::detail::load_npy_from<index32>(r, {});
  if (r.dtype() != npy_dtype::int64)
    throw dtype_error(where(path) + "'" + name + "' holds " + npy_dtype_name(r.dtype()) +
                      "; SciPy stores indices as int32 or int64");
  const auto wide = ::xp::detail::load_npy_from<std::int64_t>(r, {});
  ndarray<index32, host> narrow(wide.shape());
  const std::int64_t* from = wide.data();
  index32* to = narrow.data();
  for (index_t i = 0; i < wide.size(); ++i) {
    if (from[i] < std::numeric_limits<index32>::min() || from[i] > std::numeric_limits<index32>::max())
      throw value_error(where(path) + "'" + name + "'[" + std::to_string(i) + "] = " + std::to_string(from[i]) +
                        " does not fit xp's int32 indices");
    to[i] = static_cast<index32>(from[i]);
  }
  return narrow;
}

// The 'data' member: 1-D, of T exactly (the header's dtype rule).
template <class T>
ndarray<T, host> read_data(const npz_file& z, const std::string& path, const std::string& format) {
  const npy_reader r = open_member(z, path, format, "data");
  require_1d(r, path, "data");
  constexpr npy_dtype asked = ::xp::detail::npy_dtype_of<T>();
  if (r.dtype() != asked) {
    const bool loadable = r.dtype() == npy_dtype::float32 || r.dtype() == npy_dtype::float64 ||
                          r.dtype() == npy_dtype::complex64 || r.dtype() == npy_dtype::complex128;
    throw dtype_error(where(path) + "the matrix holds " + npy_dtype_name(r.dtype()) + " values, not the requested " +
                      npy_dtype_name(asked) +
                      (loadable
                           ? std::string("; load it as ") + npy_dtype_name(r.dtype()) +
                                 " (xp::sparse::npz_format_info tells the stored dtype), then astype to convert"
                           : std::string("; xp's sparse matrices hold float32, float64, complex64 or complex128")));
  }
  return ::xp::detail::load_npy_from<T>(r, {});
}

// The checked constructor's errors, with the file and the format in front.
template <class F>
auto in_context(const std::string& path, const std::string& context, F&& build) {
  try {
    return build();
  } catch (const shape_error& e) {
    throw shape_error(where(path) + context + ": " + e.what());
  } catch (const value_error& e) {
    throw value_error(where(path) + context + ": " + e.what());
  }
}

// SciPy's coo tocsr: rows in order, each row's columns ascending, equal (row, column) entries
// summed in file order (explicit zeros kept). Two stable counting sorts, by column then by row.
template <class T>
csr_matrix<T, host> coo_to_csr(const ndarray<T, host>& data, const ndarray<index32, host>& row,
                               const ndarray<index32, host>& col, std::array<index_t, 2> shape,
                               const std::string& path) {
  const index_t n = data.size();
  if (row.size() != n || col.size() != n)
    throw shape_error(where(path) + "a 'coo' matrix needs 'row', 'col' and 'data' of one length, got " +
                      std::to_string(row.size()) + ", " + std::to_string(col.size()) + " and " + std::to_string(n));
  const index32* r = row.data();
  const index32* c = col.data();
  for (index_t k = 0; k < n; ++k) {
    if (r[k] < 0 || r[k] >= shape[0])
      throw value_error(where(path) + "'row'[" + std::to_string(k) + "] = " + std::to_string(r[k]) +
                        " is out of range for " + std::to_string(shape[0]) + " rows");
    if (c[k] < 0 || c[k] >= shape[1])
      throw value_error(where(path) + "'col'[" + std::to_string(k) + "] = " + std::to_string(c[k]) +
                        " is out of range for " + std::to_string(shape[1]) + " columns");
  }
  // a stable counting sort of the positions `in` by key[position] into `out`
  auto counting_sort = [n](const index32* key, index_t buckets, const std::vector<index32>& in,
                           std::vector<index32>& out) {
    std::vector<index32> start(static_cast<std::size_t>(buckets) + 1, 0);
    for (index_t k = 0; k < n; ++k) ++start[static_cast<std::size_t>(key[k]) + 1];
    for (index_t b = 0; b < buckets; ++b) start[b + 1] += start[b];
    for (const index32 p : in) out[static_cast<std::size_t>(start[static_cast<std::size_t>(key[p])]++)] = p;
  };
  std::vector<index32> file_order(static_cast<std::size_t>(n)), by_column(file_order.size()), by_row(file_order.size());
  for (index_t k = 0; k < n; ++k) file_order[static_cast<std::size_t>(k)] = static_cast<index32>(k);
  counting_sort(c, shape[1], file_order, by_column);
  counting_sort(r, shape[0], by_column, by_row);

  // walk the sorted entries, summing runs of one (row, column)
  std::vector<T> values;
  std::vector<index32> columns;
  ndarray<index32, host> indptr = zeros<index32, host>({shape[0] + 1});
  index32* ptr = indptr.data();
  const T* d = data.data();
  for (std::size_t i = 0; i < by_row.size(); ++i) {
    const index32 p = by_row[i];
    if (i > 0 && r[by_row[i - 1]] == r[p] && c[by_row[i - 1]] == c[p]) {
      values.back() += d[p];
      continue;
    }
    values.push_back(d[p]);
    columns.push_back(c[p]);
    ++ptr[r[p] + 1];
  }
  for (index_t i = 0; i < shape[0]; ++i) ptr[i + 1] += ptr[i];
  ndarray<T, host> merged_data({static_cast<index_t>(values.size())});
  ndarray<index32, host> merged_columns({static_cast<index_t>(columns.size())});
  std::copy(values.begin(), values.end(), merged_data.data());
  std::copy(columns.begin(), columns.end(), merged_columns.data());
  return csr_matrix<T, host>(std::move(merged_data), std::move(merged_columns), std::move(indptr), shape);
}

}  // namespace

namespace detail {

template <class T>
csr_matrix<T, host> load_npz_host(const npz_file& z) {
  const std::string& path = z.path();
  const std::string format = read_format(z, path);
  require_supported(format, path);
  const std::array<index_t, 2> shape = read_shape(z, path, format);
  ndarray<T, host> data = read_data<T>(z, path, format);
  check_fits_index32(data.size(), "the number of stored entries", "xp::sparse::load_npz");
  if (format == "coo") {
    const auto row = read_index(z, path, format, "row");
    const auto col = read_index(z, path, format, "col");
    return in_context(path, "'coo' matrix", [&] { return coo_to_csr(data, row, col, shape, path); });
  }
  auto indices = read_index(z, path, format, "indices");
  auto indptr = read_index(z, path, format, "indptr");
  if (format == "csr")
    return in_context(path, "'csr' matrix", [&] {
      return csr_matrix<T, host>(std::move(data), std::move(indices), std::move(indptr), shape);
    });
  // csc: the arrays are the CSR matrix of the transpose (indptr over columns, indices are rows)
  return in_context(path, "'csc' matrix (checked as the CSR matrix of its transpose: rows and columns swapped)", [&] {
    return csr_matrix<T, host>(std::move(data), std::move(indices), std::move(indptr), {shape[1], shape[0]})
        .transpose();
  });
}

template csr_matrix<float, host> load_npz_host<float>(const npz_file&);
template csr_matrix<double, host> load_npz_host<double>(const npz_file&);
template csr_matrix<complex64, host> load_npz_host<complex64>(const npz_file&);
template csr_matrix<complex128, host> load_npz_host<complex128>(const npz_file&);

}  // namespace detail

npz_info npz_format_info(const std::string& path) {
  const npz_file z = ::xp::load_npz(path);
  npz_info info;
  info.format = read_format(z, path);
  info.shape = read_shape(z, path, info.format);
  const npy_reader data = open_member(z, path, info.format, "data");
  info.dtype = npy_dtype_name(data.dtype());
  info.nnz = 1;
  for (const index_t extent : data.shape()) info.nnz *= extent;  // validated by the reader: no overflow
  const std::string index_member = info.format == "coo"   ? "row"
                                   : info.format == "dia" ? "offsets"
                                                          : "indices";  // what SciPy stores
  if (z.contains(index_member)) info.index_dtype = npy_dtype_name(z.reader(index_member).dtype());
  return info;
}

}  // namespace xp::sparse
