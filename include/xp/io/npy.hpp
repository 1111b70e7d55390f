#pragma once
/// @file npy.hpp
/// @brief NumPy .npy files: `load_npy` (np.load) and `save_npy` (np.save).
///
/// The templates here are thin: they map the element type to xp's dtype enum, allocate the
/// array and hand over to the compiled part (src/npy.cpp, in the xp library), which parses
/// and validates the header, checks the sizes, byte-swaps, converts dtypes, reorders Fortran
/// data and does all file I/O. A file is validated completely before the array is allocated,
/// so a hostile or damaged file gives an xp::error, never a crash or a huge allocation.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>

#include "xp/array/transfer.hpp"
#include "xp/core/any_array.hpp"
#include "xp/core/dtype.hpp"
#include "xp/core/error.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/shape.hpp"

namespace xp {

/// @brief Options of load_npy.
struct npy_load_options {
  /// Convert the file's dtype to the requested one (NumPy: `np.load(path).astype(T)`) instead
  /// of refusing a file of another dtype. Conversions follow xp::detail::convert.
  bool convert = false;
};

namespace detail {

/// @brief The dtypes a .npy file may hold that xp reads: xp's fourteen dtypes (XP_DTYPES),
/// named by xp::dtype's codes (`npy_dtype::float16`, `npy_dtype::complex128`, ...).
using npy_dtype = dtype::code;

/// @brief NumPy's name of a dtype ("float32", "uint16", "complex64", "bool").
const char* npy_dtype_name(npy_dtype dtype) noexcept;

/// @brief The npy_dtype of one of xp's element types.
template <class T>
constexpr npy_dtype npy_dtype_of() {
  static_assert(is_dtype_v<T>, "xp: .npy files hold " XP_ONE_OF_THE_DTYPES);
  return dtype::of<T>().id();
}

/// @brief Random access to the bytes of a .npy that lives inside something else (a member of
/// an .npz archive): what npy_reader::open_source reads.
class npy_source {
 public:
  virtual ~npy_source() = default;
  /// @brief Total bytes.
  virtual std::uint64_t size() const = 0;
  /// @brief Copies n bytes at offset into dst; offset + n <= size() is the caller's promise.
  /// @throws xp::io_error when reading fails.
  virtual void read(std::uint64_t offset, std::size_t n, void* dst) const = 0;
};

/// @brief A .npy file (or bytes in memory) whose header has been parsed and checked against
/// its size. Opening validates everything about the file itself; `check_target` then decides
/// whether it may load as a given dtype, and `read_into` fills an array of that dtype in C
/// order.
class npy_reader {
 public:
  /// @brief Opens and validates a file.
  /// @throws xp::io_error when it cannot be opened or read; xp::value_error for a malformed
  ///         header or a data size that does not match the shape; xp::dtype_error for a descr
  ///         xp does not read. Every message names the file.
  static npy_reader open_file(const std::string& path);
  /// @brief Validates `size` bytes at `bytes` (not copied: they must outlive the reader);
  /// `name` stands for the file in messages.
  /// @throws as open_file (but no xp::io_error).
  static npy_reader open_memory(const void* bytes, std::size_t size, const std::string& name);
  /// @brief Validates the bytes of `source` (kept alive by the reader); `name` stands for the
  /// file in messages.
  /// @throws as open_memory, and what `source` throws.
  static npy_reader open_source(std::shared_ptr<const npy_source> source, const std::string& name);

  npy_reader(npy_reader&&) noexcept;
  npy_reader& operator=(npy_reader&&) noexcept;
  ~npy_reader();

  /// @brief The array's shape (C order, whatever the file's order).
  const shape_type& shape() const noexcept;
  /// @brief The file's dtype.
  npy_dtype dtype() const noexcept;
  /// @brief True when the file holds its data in Fortran order.
  bool fortran_order() const noexcept;

  /// @brief Accepts `target` when it is the file's dtype (byte order aside) or when
  /// `options.convert` is set.
  /// @throws xp::dtype_error naming both dtypes and the file otherwise.
  void check_target(npy_dtype target, const npy_load_options& options) const;

  /// @brief Reads every element, converted to `target`, in C order into `dst` (room for
  /// size-of-shape elements of `target`; call check_target first).
  /// @throws xp::io_error when reading fails; xp::value_error when the file shrank meanwhile.
  void read_into(npy_dtype target, void* dst) const;

 private:
  struct state;
  explicit npy_reader(std::unique_ptr<state> s) noexcept;
  std::unique_ptr<state> m_state;
};

/// @brief Writes a C-contiguous host buffer of `dtype` and `shape` as a .npy file (the
/// compiled part of save_npy).
/// @throws xp::io_error naming the file and the reason.
void write_npy(const std::string& path, npy_dtype dtype, const shape_type& shape, const void* data, std::size_t nbytes);

/// @brief The header save_npy writes before the data of an array of `dtype` and `shape`
/// (magic, version, length, dictionary, padding to 64 bytes).
std::string npy_header_bytes(npy_dtype dtype, const shape_type& shape);

/// @brief The header of a 0-d bytes array of `length` bytes, np.array(b'csr') ('|S3', shape ()).
std::string npy_bytes_header(std::size_t length);

/// @brief The one string a .npy of NumPy's bytes ('|S<n>') or str ('<U<n>', UTF-8 here) dtype
/// holds, trailing NULs removed, as NumPy's `.item()` gives it (np.array(b'csr') -> "csr").
/// @throws as npy_reader::open_source; xp::dtype_error when the array holds another dtype;
///         xp::value_error when it holds more or fewer than one string.
std::string read_npy_text(std::shared_ptr<const npy_source> source, const std::string& name);

/// @brief Allocates the host array of a validated reader and fills it.
template <class T>
ndarray<T, host> load_npy_from(const npy_reader& reader, const npy_load_options& options) {
  constexpr npy_dtype target = npy_dtype_of<T>();
  reader.check_target(target, options);
  ndarray<T, host> out(reader.shape());  // xp::out_of_memory when this allocation fails
  reader.read_into(target, out.data());
  return out;
}

/// @brief load_npy from .npy bytes in memory (fuzzing, embedded data), with the same
/// validation as a file; `name` stands for the file in messages.
/// @throws as load_npy, except xp::io_error.
template <class T>
ndarray<T, host> load_npy_memory(const void* bytes, std::size_t size, const npy_load_options& options = {},
                                 const std::string& name = "<memory>") {
  return load_npy_from<T>(npy_reader::open_memory(bytes, size, name), options);
}

}  // namespace detail

/// @brief np.load(path) of a .npy file into an array of T on backend B (C order whatever
/// the file's order; any byte order). Everything about the file is validated before the
/// array is allocated.
///
/// Without `options.convert` the file's dtype must be T; with it, any of xp's fourteen dtypes
/// (bool, int8..int64, uint8..uint64, float16, float32, float64, complex64, complex128)
/// converts to T (NumPy: `np.load(path).astype(T)`, with xp's defined float->int rule and
/// complex->real keeping the real part; see xp::detail::convert). Big-endian files are
/// byte-swapped (a complex value part by part).
/// @throws xp::io_error when the file cannot be opened or read; xp::value_error when it is
///         not a valid .npy file (bad magic, unknown version, malformed header, data size not
///         matching the shape, "array is too big"); xp::dtype_error for a dtype xp does not
///         read, or another dtype than T without `convert`; xp::out_of_memory when the array
///         cannot be allocated. Messages name the file.
template <class T, class B = host>
ndarray<T, B> load_npy(const std::string& path, const npy_load_options& options = {}) {
  const ndarray<T, host> h = detail::load_npy_from<T>(detail::npy_reader::open_file(path), options);
  return asarray<B>(h);
}

/// @brief np.save(path, a): writes a .npy file, C order, little-endian, byte for byte as
/// NumPy 1.24 writes it (format 1.0, or 2.0 when the header needs it). A view or a device
/// array is copied to a contiguous host array first.
///
/// The file is written to a temporary file in the same directory and renamed over `path`,
/// so a failed save leaves any old file intact and no partial file behind. A `path` that
/// exists and is not a regular file (a device, a FIFO) is written directly; a symbolic link
/// is followed to the file it names.
/// @throws xp::io_error naming the file and the reason (including ENOSPC on a full disk).
template <class T, class B>
void save_npy(const std::string& path, const ndarray<T, B>& a) {
  if constexpr (std::is_same_v<B, host>) {
    const ndarray<T, host> h = a.is_contiguous() ? a : a.copy();
    detail::write_npy(path, detail::npy_dtype_of<T>(), h.shape(), h.data(), h.nbytes());
  } else {
    const ndarray<T, host> h = a.copy_to_host();
    detail::write_npy(path, detail::npy_dtype_of<T>(), h.shape(), h.data(), h.nbytes());
  }
}

namespace detail {
/// @brief The host array a validated reader holds, of the file's dtype (compiled: src/any_array.cpp).
any_array<host> load_npy_any(const npy_reader& reader);
/// @brief save_npy of a host any_array (compiled: src/any_array.cpp).
void save_npy_any(const std::string& path, const any_array<host>& a);
}  // namespace detail

/// @brief np.load(path) of a .npy file, whatever dtype it holds: an any_array on the host
/// (`a.dtype()` says which; `a.as<T>()`, `xp::visit` or the any_array operators use it).
/// Validation and exceptions as load_npy<T> (never a dtype_error for the file's own dtype).
any_array<host> load_npy(const std::string& path);

/// @brief np.save(path, a) of an any_array (a device array is copied to the host first).
/// @throws as save_npy of a typed array.
template <class B>
void save_npy(const std::string& path, const any_array<B>& a) {
  detail::save_npy_any(path, a.copy_to_host());
}

/// @brief np.save(path, expression): the expression is evaluated, then saved.
template <class E>
requires detail::is_expr<E>::value void save_npy(const std::string& path, const E& e) {
  save_npy(path, detail::materialize(e));
}

}  // namespace xp
