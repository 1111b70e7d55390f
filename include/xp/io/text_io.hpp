#pragma once
/// @file text_io.hpp
/// @brief Text files of numbers: `loadtxt` (np.loadtxt) and `savetxt` (np.savetxt).
///
/// The templates are thin: parsing, formatting and file I/O are compiled into the xp library
/// (src/text_io.cpp) for xp's fourteen dtypes (XP_DTYPES); a device array is read on the host
/// and copied over, or copied to the host and written.

#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "xp/array/transfer.hpp"
#include "xp/core/any_array.hpp"
#include "xp/core/dtype.hpp"
#include "xp/core/error.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/shape.hpp"
#include "xp/io/npy.hpp"

namespace xp {

/// @brief Options of loadtxt, NumPy's keyword arguments of np.loadtxt (1.24):
/// `xp::loadtxt(path, {.delimiter = ',', .skiprows = 1, .usecols = {0, 2}})`.
struct loadtxt_options {
  /// The character between values; none (NumPy's `delimiter=None`): any run of whitespace,
  /// leading and trailing whitespace ignored. With a delimiter, whitespace around a number is
  /// ignored and every delimiter starts a field (`1,,3` has an empty field: an error).
  std::optional<char> delimiter = std::nullopt;
  /// Text from which the rest of a line is a comment; none disables comments. Not empty.
  std::optional<std::string> comments = "#";
  /// Lines skipped at the start of the file, comment and blank lines included.
  index_t skiprows = 0;
  /// Columns to read, in this order; negative indices count from the end of each row; a
  /// column may repeat. Empty: every column, and every row must have the same count.
  std::vector<index_t> usecols = {};
  /// Read at most this many rows of data (blank and comment lines do not count).
  std::optional<index_t> max_rows = std::nullopt;
  /// 0: a single row or column gives a 1-D array and a single value a 0-d array (NumPy
  /// squeezes); 1: at least 1-D; 2: always (rows, columns).
  int ndmin = 0;
};

/// @brief Options of savetxt, NumPy's keyword arguments of np.savetxt.
struct savetxt_options {
  /// Python %-format: one conversion repeated for every column (joined by `delimiter`), or
  /// one per column in a single string ("%d,%.3f"). Conversions d i u o x X e E f F g G s
  /// with flags, width, precision as Python formats NumPy's scalars. For complex arrays one
  /// conversion becomes " (%fmt+%fmtj)" per column; several need two per column (real,
  /// imaginary part).
  std::string fmt = "%.18e";
  /// Between the columns, when `fmt` has one conversion.
  std::string delimiter = " ";
  /// After every row, the header and the footer.
  std::string newline = "\n";
  /// Written first, each of its lines preceded by `comments`; nothing when empty.
  std::string header = {};
  /// Written last, like the header.
  std::string footer = {};
  /// Put before the header's and the footer's lines.
  std::string comments = "# ";
};

namespace detail {

/// @brief The compiled reader behind loadtxt (src/text_io.cpp, for every dtype of XP_DTYPES).
template <class T>
ndarray<T, host> loadtxt_host(const std::string& path, const loadtxt_options& options);

/// @brief The compiled writer behind savetxt: `data` is a C-contiguous host buffer of
/// `dtype` (any of XP_DTYPES) and `shape`.
void write_text(const std::string& path, npy_dtype dtype, const shape_type& shape, const void* data,
                const savetxt_options& options);

}  // namespace detail

/// @brief np.loadtxt(path, dtype=T, ...): a text file of numbers as an array of T on B.
///
/// Floats parse as Python's float() does (`nan`, `inf`, `-Infinity` in any case; a value
/// beyond the range gives +-inf or 0; float32 and float16 round once from the double like
/// NumPy); integer and bool dtypes take optionally signed decimal integers (bool: nonzero is
/// true; unsigned dtypes, uint64 up to 18446744073709551615, no minus sign). Complex dtypes
/// take NumPy's complex fields: `1+2j`, `1-2j`, `1+-2j`, `2.5`, `-6j`, each optionally in
/// parentheses with whitespace inside them (`( 1+2j )`, what savetxt writes), each part as
/// Python's float() reads it, complex64's parts rounded from the double. Lines end
/// at \n, \r\n or \r. Rows and columns in messages count from 1 and name the line of the file.
/// The result is (rows, columns), squeezed as `options.ndmin` says; no data gives shape (0,)
/// (ndmin 2: (0, columns)).
///
/// Differences from NumPy 1.24: an integer dtype refuses `1.5`, `1e3` and values outside
/// its range (NumPy accepts them with a DeprecationWarning and wraps); usecols out of range
/// is an xp::index_error (NumPy: ValueError); no quotechar, converters or encodings (bytes
/// are read as they are; non-ASCII whitespace does not separate); no warning for an empty
/// file; compressed files (.gz, .bz2, .xz, .lzma) are refused.
/// @throws xp::io_error when the file cannot be opened or read, or is compressed;
///         xp::value_error for a value that does not parse as T ("could not convert string
///         'abc' to float64 at row 3, column 2 (line 5)"), a row with another number of
///         columns than the first, or invalid options (negative skiprows or max_rows, ndmin
///         not 0, 1 or 2, an empty comment string, a newline or comment delimiter);
///         xp::index_error for a usecols index outside a row.
template <class T = double, class B = host>
ndarray<T, B> loadtxt(const std::string& path, const loadtxt_options& options = {}) {
  static_assert(is_dtype_v<T>, "xp::loadtxt: T must be " XP_ONE_OF_THE_DTYPES);
  return asarray<B>(detail::loadtxt_host<T>(path, options));
}

/// @brief np.loadtxt(path, dtype=as, ...) with the dtype chosen at run time: an any_array on the
/// host (compiled: src/any_array.cpp). Parsing and exceptions as loadtxt<T>.
any_array<host> loadtxt(const std::string& path, dtype as, const loadtxt_options& options = {});

/// @brief np.savetxt(path, a, fmt, delimiter, newline, header, footer, comments): writes a 1-D
/// array as one value per line, a 2-D array as one row per line, byte for byte as NumPy 1.24
/// writes the same values with the same options. A view or a device array is copied to a
/// contiguous host array first. The file is replaced atomically, as save_npy does.
///
/// Values format as Python formats NumPy's scalars: float32 and float16 values as their exact
/// double; uint64 exactly under `%d`, as the nearest double under `%e`; `%d` of a float
/// truncates it; `%s` gives NumPy's str() (`1.5`, `1e-05`, `True`; float16 with its own
/// shortest digits, `0.1`). A complex array writes each value's real and imaginary parts
/// through two conversions, by default ` (%.18e+%.18ej)` per column, and then, as NumPy,
/// every `+-` of a row becomes `-` (`(1.0e+00-2.0e+00j)`). Not supported: a list of formats
/// (write them as one string), `%c`, `%r`, `%(name)`, `*` widths, compressed output (.gz and
/// the like).
/// @throws xp::value_error for an array that is not 1-D or 2-D ("Expected 1D or 2D array,
///         got 3D array instead"), a `fmt` that does not fit the columns or the dtype (a
///         float or complex array with `%x` (NumPy: TypeError); NaN or inf with `%d`), or an
///         unknown conversion;
///         xp::io_error naming the file when it cannot be written.
template <class T, class B>
void savetxt(const std::string& path, const ndarray<T, B>& a, const savetxt_options& options = {}) {
  if constexpr (std::is_same_v<B, host>) {
    const ndarray<T, host> h = a.is_contiguous() ? a : a.copy();
    detail::write_text(path, detail::npy_dtype_of<T>(), h.shape(), h.data(), options);
  } else {
    const ndarray<T, host> h = a.copy_to_host();
    detail::write_text(path, detail::npy_dtype_of<T>(), h.shape(), h.data(), options);
  }
}

}  // namespace xp
