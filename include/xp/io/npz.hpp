#pragma once
/// @file npz.hpp
/// @brief NumPy .npz archives: `savez` (np.savez) and `load_npz` (np.load of an .npz).
///
/// An .npz is a ZIP archive of .npy files, one per array, named after the array plus ".npy",
/// stored (np.savez) or deflated (np.savez_compressed, read and written through zlib when xp
/// is built with it). The templates here only erase the element type (npz_entry)
/// or pick it (npz_file::get); the ZIP format, CRC-32, validation and file I/O are compiled
/// into the xp library (src/npz.cpp), and each member is read by the .npy reader with all of
/// load_npy's checks.

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "xp/array/transfer.hpp"
#include "xp/core/dtype.hpp"
#include "xp/core/error.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/shape.hpp"
#include "xp/io/npy.hpp"

namespace xp {

/// @brief One array to save in an .npz, with its name: any of xp's dtypes, either backend.
/// Made implicitly from `{"name", array}`, or from an array alone, which savez names
/// arr_0, arr_1, ... in order (np.savez's positional arguments).
///
/// It holds a contiguous host copy of a device array or of a non-contiguous view (a
/// contiguous host array is shared, not copied), made when the entry is made.
class npz_entry {
 public:
  /// @brief A named array: it is saved as member `name + ".npy"`.
  template <class T, class B>
  npz_entry(std::string name, const ndarray<T, B>& a) : npz_entry(a) {
    m_name = std::move(name);
    m_named = true;
  }

  /// @brief An unnamed array: savez names it arr_<i>, i counting the unnamed entries.
  template <class T, class B>
  npz_entry(const ndarray<T, B>& a) {  // NOLINT(google-explicit-constructor): `savez(path, {a, b})`
    std::shared_ptr<const ndarray<T, host>> h;
    if constexpr (std::is_same_v<B, host>)
      h = std::make_shared<const ndarray<T, host>>(a.is_contiguous() ? a : a.copy());
    else h = std::make_shared<const ndarray<T, host>>(a.copy_to_host());
    m_dtype = detail::npy_dtype_of<T>();
    m_itemsize = sizeof(T);
    m_shape = h->shape();
    m_data = h->data();
    m_nbytes = h->nbytes();
    m_owner = std::move(h);
  }

  /// @brief A named any_array (a device one, or a view, is copied to a contiguous host array).
  template <class B>
  npz_entry(std::string name, const any_array<B>& a) : npz_entry(a) {
    m_name = std::move(name);
    m_named = true;
  }
  /// @brief An unnamed any_array.
  template <class B>
  npz_entry(const any_array<B>& a) {  // NOLINT(google-explicit-constructor): `savez(path, {a, b})`
    hold(a.copy_to_host());
  }

  /// @brief A 0-d NumPy bytes array, np.array(b'csr') (dtype '|S<n>', n = text.size(), or '|S1'
  /// holding b'' for an empty text): how scipy.sparse.save_npz stores a matrix's format.
  static npz_entry bytes(std::string name, std::string text) {
    npz_entry e;
    auto held = std::make_shared<const std::string>(text.empty() ? std::string(1, '\0') : std::move(text));
    e.m_name = std::move(name);
    e.m_named = true;
    e.m_bytes = true;
    e.m_dtype = detail::npy_dtype_of<std::uint8_t>();  // one byte per item: nothing to byte-swap
    e.m_itemsize = 1;
    e.m_data = held->data();
    e.m_nbytes = held->size();
    e.m_owner = std::move(held);
    return e;
  }

  /// @brief The name given, or "" for an unnamed entry.
  const std::string& name() const noexcept { return m_name; }
  /// @brief False for an entry made from an array alone.
  bool named() const noexcept { return m_named; }
  /// @brief True for an entry made by npz_entry::bytes (dtype '|S<nbytes>', shape ()).
  bool is_bytes() const noexcept { return m_bytes; }

  /// @name The array as savez writes it: dtype, shape, C-contiguous host bytes.
  /// @{
  detail::npy_dtype dtype() const noexcept { return m_dtype; }
  std::size_t itemsize() const noexcept { return m_itemsize; }
  const shape_type& shape() const noexcept { return m_shape; }
  const void* data() const noexcept { return m_data; }
  std::size_t nbytes() const noexcept { return m_nbytes; }
  /// @}

 private:
  npz_entry() = default;
  void hold(const any_array<host>& h) {
    const any_array<host> c = h.strides() == contiguous_strides(h.shape()) ? h : h.copy();
    m_dtype = c.dtype().id();
    m_itemsize = c.itemsize();
    m_shape = c.shape();
    m_data = c.data();
    m_nbytes = c.nbytes();
    m_owner = c.buffer();
  }
  std::string m_name;
  bool m_named = false;
  bool m_bytes = false;
  detail::npy_dtype m_dtype = detail::npy_dtype::float64;
  std::size_t m_itemsize = 8;
  shape_type m_shape;
  const void* m_data = nullptr;
  std::size_t m_nbytes = 0;
  std::shared_ptr<const void> m_owner;  // keeps the host copy alive
};

namespace detail {

/// @brief Options of the compiled .npz writer. `zip64_limit`: sizes and offsets above it use
/// ZIP64 records; Python's zipfile (and so np.savez) uses 2^31 - 1. Tests lower it to 0 to
/// write every ZIP64 record NumPy can meet. `compress`: members deflated as
/// np.savez_compressed writes them (needs zlib: npz_compression_available()).
struct npz_write_options {
  std::uint64_t zip64_limit = (std::uint64_t{1} << 31) - 1;
  bool compress = false;
};

/// @brief The compiled part of savez.
/// @throws as savez.
void write_npz(const std::string& path, const npz_entry* entries, std::size_t count,
               const npz_write_options& options = {});

/// @brief An opened .npz archive (src/npz.cpp): its directory, validated, and the bytes.
class npz_archive;

/// @brief The .npy reader of the member that np.load's `z[name]` means (`name` or
/// `name + ".npy"`), after checking its CRC-32 when `verify_crc`.
/// @throws as npz_file::get, before any dtype check.
npy_reader open_npz_member(const npz_archive& archive, const std::string& name, bool verify_crc);

/// @brief The bytes of that member (inflated when compressed, CRC-checked when `verify_crc`),
/// before any .npy parsing.
/// @throws as open_npz_member, before any .npy check.
std::shared_ptr<const npy_source> open_npz_member_bytes(const npz_archive& archive, const std::string& name,
                                                        bool verify_crc);

}  // namespace detail

/// @brief An opened .npz archive, like the NpzFile np.load returns: the names of its arrays,
/// and each array on request, as any of xp's dtypes on either backend. Copies share the
/// open file, which stays open as long as one of them exists.
class npz_file {
 public:
  /// @brief np.load(path).files: the member names in archive order, ".npy" removed.
  const std::vector<std::string>& files() const noexcept;
  /// @brief `name in z`: true when `name` is in files(), or is a member's full name.
  bool contains(const std::string& name) const;
  /// @brief The archive's path (or the name given for bytes in memory).
  const std::string& path() const noexcept;

  /// @brief np.load(path)[name]: the array of that member, as T on B (`name` may also be the
  /// member's full name, "a.npy"). The member's CRC-32 is checked, then it is read with all
  /// of load_npy's validation; with `options.convert` another dtype converts to T.
  /// @throws xp::index_error when no member has that name (NumPy: KeyError); xp::io_error
  ///         when the member is compressed and xp has no zlib ("compressed archives are not
  ///         supported"), compressed by another method than deflate, encrypted, damaged (bad
  ///         local header, bad deflate stream, CRC mismatch) or cannot be read; xp::value_error when it is not a valid
  ///         .npy; xp::dtype_error when it holds another dtype than T and `options.convert` is not set;
  ///         xp::out_of_memory.
  template <class T, class B = host>
  ndarray<T, B> get(const std::string& name, const npy_load_options& options = {}) const {
    const detail::npy_reader reader = detail::open_npz_member(*m_archive, name, true);
    return asarray<B>(detail::load_npy_from<T>(reader, options));
  }

  /// @brief z[name].item() of a member that holds one string: NumPy's bytes ('|S<n>', as
  /// np.array(b'csr')) or str ('<U<n>', returned as UTF-8), trailing NULs removed.
  /// @throws as get; xp::dtype_error when the member holds numbers; xp::value_error when it
  ///         holds more or fewer than one string.
  std::string get_string(const std::string& name) const;

  /// @brief np.load(path)[name]: the member as an any_array on the host, of whatever dtype it
  /// holds (compiled: src/any_array.cpp).
  /// @throws as get, except xp::dtype_error for the member's own dtype.
  any_array<host> operator[](const std::string& name) const;

  /// @brief The member's validated .npy reader (CRC-checked, inflated once): its dtype() and
  /// shape(), then detail::load_npy_from<T>(reader, options) reads it without opening it again.
  /// @throws as get, before any dtype check.
  detail::npy_reader reader(const std::string& name) const { return detail::open_npz_member(*m_archive, name, true); }

  /// @brief z[name].shape, read from the member's header.
  /// @throws as get, except xp::dtype_error.
  shape_type shape(const std::string& name) const;
  /// @brief z[name].dtype's name, NumPy's ("float64", "int32", "uint16", "float16",
  /// "complex128": any of xp's fourteen dtypes), read from the member's header.
  /// @throws as shape.
  std::string dtype(const std::string& name) const;

 private:
  friend npz_file load_npz(const std::string& path);
  friend npz_file load_npz_memory(const void* bytes, std::size_t size, const std::string& name, bool verify_crc);
  explicit npz_file(std::shared_ptr<const detail::npz_archive> archive) : m_archive(std::move(archive)) {}
  std::shared_ptr<const detail::npz_archive> m_archive;
};

/// @brief True when xp was built with zlib: then load_npz reads np.savez_compressed archives and
/// savez_compressed writes them; without it compressed members throw xp::io_error.
bool npz_compression_available() noexcept;

/// @brief np.load(path) of an .npz archive: opens it and reads its directory (the arrays are
/// read by npz_file::get). Reads what np.savez and np.savez_compressed write (stored and
/// deflated members, ZIP64 records, data before the archive); deflated members need zlib
/// (npz_compression_available(); without it they refuse to load).
/// @throws xp::io_error when the file cannot be opened or read, or is not a ZIP archive or
///         a damaged one (every offset and length is checked against the file), or spans
///         several disks. Messages name the file.
npz_file load_npz(const std::string& path);

/// @brief What xp::load returns: NumPy's np.load result, the array of a .npy file (this
/// any_array<host>) or the archive of an .npz (then `files()`, `z["x"]`, `get<T>("x")` as
/// npz_file's, and using it as an array throws xp::dtype_error: is_archive() tells which).
class loaded : public any_array<host> {
 public:
  /// @brief True when the file was an .npz archive.
  bool is_archive() const noexcept { return m_archive != nullptr; }
  /// @brief The .npz archive.
  /// @throws xp::value_error when the file was a .npy.
  const npz_file& archive() const;
  /// @name npz_file's members, for an archive (xp::value_error for a .npy)
  /// @{
  const std::vector<std::string>& files() const { return archive().files(); }
  bool contains(const std::string& name) const { return archive().contains(name); }
  any_array<host> operator[](const std::string& name) const { return archive()[name]; }
  template <class T, class B = host>
  ndarray<T, B> get(const std::string& name, const npy_load_options& options = {}) const {
    return archive().template get<T, B>(name, options);
  }
  /// @}

 private:
  friend loaded load(const std::string& path);
  std::string m_path;
  std::shared_ptr<const npz_file> m_archive;
};

/// @brief np.load(path), NumPy's spelling: a .npy file's array, whatever its dtype
/// (`auto a = xp::load("a.npy"); std::cout << a.sum();`), or an .npz archive
/// (`xp::load("run.npz")["x"]`, `xp::load("run.npz").get<double>("x")`), told apart by the
/// file's first bytes as NumPy does.
/// @throws as load_npy (a .npy) or load_npz (a ZIP archive).
loaded load(const std::string& path);

/// @brief load_npz of archive bytes in memory (not copied: they must outlive the npz_file and
/// every array read from it is a copy); `name` stands for the file in messages. `verify_crc`
/// false skips the members' CRC-32 check (for fuzzing the .npy reader behind it).
/// @throws as load_npz.
npz_file load_npz_memory(const void* bytes, std::size_t size, const std::string& name = "<memory>",
                         bool verify_crc = true);

/// @brief np.savez(path, a=..., b=...) or np.savez(path, x, y): writes the arrays as an .npz
/// archive, byte for byte as NumPy 1.24 writes the same arrays (stored members, each with
/// the ZIP64 extra field np.savez forces, the same .npy bytes as save_npy): the archive
/// loads in NumPy, and in xp with load_npz. Unnamed entries are named arr_0, arr_1, ... in
/// order: `xp::savez(path, {{"x", x}, {"y", y}})`, `xp::savez(path, {x, y})`.
///
/// The file is written to a temporary file and renamed over `path`, as save_npy does. NumPy
/// appends ".npz" to a path without it; xp writes the path as given.
/// @throws xp::value_error for an empty or duplicate name, a name longer than 65531 bytes,
///         or an unnamed entry whose arr_<i> is also given as a name ("Cannot use un-named
///         variables and keyword arr_0"); xp::io_error naming the file when it cannot be
///         written.
void savez(const std::string& path, std::initializer_list<npz_entry> arrays);
/// @brief savez of a list built at run time.
void savez(const std::string& path, const std::vector<npz_entry>& arrays);

/// @brief np.savez_compressed: savez with every member deflated (zlib's default level, as
/// Python's zipfile), byte for byte as NumPy 1.24 writes it with the same zlib.
/// @throws as savez; xp::io_error when xp was built without zlib (npz_compression_available()).
void savez_compressed(const std::string& path, std::initializer_list<npz_entry> arrays);
/// @brief savez_compressed of a list built at run time.
void savez_compressed(const std::string& path, const std::vector<npz_entry>& arrays);

}  // namespace xp
