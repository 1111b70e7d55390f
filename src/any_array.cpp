// any_array on the host (include/xp/core/any_array.hpp): conversions, promotion, scalars and
// transfers (src/any_array_ops.hpp), and the run-time-typed forms of the file readers: load,
// load_npy, an .npz member, loadtxt and save_npy.
#include <fstream>

#define XP_ANY_CORE_UNIT

#include "xp/io.hpp"
// (after the library it instantiates)
#include "any_array_ops.hpp"

namespace xp {
namespace detail {

void throw_any_dtype_mismatch(const char* what, dtype held, dtype wanted) {
  throw dtype_error("xp::any_array::" + std::string(what) + "<" + std::string(wanted.name()) + ">: the array holds " +
                    std::string(held.name()) + ", not " + std::string(wanted.name()) +
                    " (astype converts; visit calls a function with the typed array)");
}

XP_ANY_INSTANTIATE_CORE(host)

any_array<host> load_npy_any(const npy_reader& reader) {
  return any_impl::with_dtype(reader.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    return any_array<host>(load_npy_from<T>(reader, {}));
  });
}

void save_npy_any(const std::string& path, const any_array<host>& a) {
  // a contiguous copy unless it already is one (C order, any offset)
  const bool contiguous = a.strides() == contiguous_strides(a.shape());
  const any_array<host> c = contiguous ? a : a.copy();
  write_npy(path, c.dtype().id(), c.shape(), c.data(), c.nbytes());
}

}  // namespace detail

any_array<host> load_npy(const std::string& path) { return detail::load_npy_any(detail::npy_reader::open_file(path)); }

any_array<host> npz_file::operator[](const std::string& name) const {
  return detail::load_npy_any(detail::open_npz_member(*m_archive, name, true));
}

const npz_file& loaded::archive() const {
  if (!m_archive) throw value_error("xp::load: " + m_path + " is a .npy file, not an .npz archive");
  return *m_archive;
}

loaded load(const std::string& path) {
  // NumPy's np.load looks at the magic: an .npz is a ZIP archive ("PK\3\4", or "PK\5\6" when empty)
  char magic[4] = {};
  {
    std::ifstream f(path, std::ios::binary);
    if (f) f.read(magic, sizeof magic);
  }
  loaded out;
  out.m_path = path;
  if (magic[0] == 'P' && magic[1] == 'K' && (magic[2] == 3 || magic[2] == 5)) {
    out.m_archive = std::make_shared<const npz_file>(load_npz(path));
    out.hold_no_array();  // z.sum() of an archive throws (NumPy: an NpzFile has no sum)
  } else {
    static_cast<any_array<host>&>(out) = load_npy(path);
  }
  return out;
}

any_array<host> loadtxt(const std::string& path, dtype as, const loadtxt_options& options) {
  return detail::any_impl::with_dtype(as.id(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    return any_array<host>(detail::loadtxt_host<T>(path, options));
  });
}

}  // namespace xp
