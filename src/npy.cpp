// The compiled part of xp's .npy support (include/xp/io/npy.hpp): header parsing and
// validation, byte-swapping, dtype conversion, Fortran-to-C reordering and all file I/O.
//
// Reading is paranoid by design: every field of the header is checked, and the element
// count times the item size must equal the bytes present after the header, before the
// caller allocates anything. Files and memory go through one byte source interface, so both
// share every check.

#include "xp/io/npy.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <optional>
#include <string_view>
#include <vector>

#include "file_io.hpp"
#include "xp/core/convert.hpp"

namespace xp::detail {

namespace {

// ---- basics ------------------------------------------------------------------------------------

constexpr std::string_view npy_magic = "\x93NUMPY";
constexpr std::size_t magic_and_version_bytes = 8;
// NumPy itself refuses headers over 10000 bytes by default; 1 MiB leaves room for any real
// header while a hostile 4 GiB header length never allocates.
constexpr std::uint64_t max_header_bytes = std::uint64_t{1} << 20;
constexpr std::size_t array_align = 64;             // NumPy's ARRAY_ALIGN
constexpr std::size_t growth_axis_max_digits = 21;  // NumPy's GROWTH_AXIS_MAX_DIGITS
constexpr std::size_t chunk_bytes = std::size_t{1} << 16;

std::size_t itemsize_of(npy_dtype dtype) { return xp::dtype(dtype).itemsize(); }

// The unit a byte swap reverses: the whole item, or each part of a complex value.
std::size_t swap_unit_of(npy_dtype dtype) {
  const xp::dtype d(dtype);
  return d.kind() == 'c' ? d.itemsize() / 2 : d.itemsize();
}

// Calls f(T{}) with the C++ type of a dtype (one case per entry of XP_DTYPES).
template <class F>
decltype(auto) visit_dtype(npy_dtype dtype, F&& f) {
  switch (dtype) {
#define XP_NPY_VISIT(T, c, n, k, npy) \
  case npy_dtype::c:                  \
    return f(T{});
    XP_DTYPES(XP_NPY_VISIT)
#undef XP_NPY_VISIT
  }
  throw value_error("xp: invalid npy_dtype " + std::to_string(static_cast<int>(dtype)));
}

template <std::size_t N>
struct unsigned_of_size;
template <>
struct unsigned_of_size<1> {
  using type = std::uint8_t;
};
template <>
struct unsigned_of_size<2> {
  using type = std::uint16_t;
};
template <>
struct unsigned_of_size<4> {
  using type = std::uint32_t;
};
template <>
struct unsigned_of_size<8> {
  using type = std::uint64_t;
};

template <class U>
U byteswap(U v) {
  if constexpr (sizeof(U) == 1) return v;
  else if constexpr (sizeof(U) == 2) return __builtin_bswap16(v);
  else if constexpr (sizeof(U) == 4) return __builtin_bswap32(v);
  else return __builtin_bswap64(v);
}

// One element of type S from its bytes in the file. A bool is any nonzero byte, read as a
// byte: bytes other than 0 and 1 must not reach a bool object.
template <class S>
S load_element(const unsigned char* p, bool swap) {
  if constexpr (std::is_same_v<S, bool>) {
    return *p != 0;
  } else if constexpr (is_complex_v<S>) {  // the real part, then the imaginary part, each swapped
    using R = real_of_t<S>;
    return S(load_element<R>(p, swap), load_element<R>(p + sizeof(R), swap));
  } else {
    using U = typename unsigned_of_size<sizeof(S)>::type;
    U bits;
    std::memcpy(&bits, p, sizeof(U));
    if (swap) bits = byteswap(bits);
    return std::bit_cast<S>(bits);
  }
}

// Reverses the bytes of each of `count` units of `unit` bytes.
void swap_in_place(void* data, std::size_t count, std::size_t unit) {
  auto swap_all = [&](auto unsigned_type) {
    using U = decltype(unsigned_type);
    auto* bytes = static_cast<unsigned char*>(data);
    for (std::size_t i = 0; i < count; ++i) {
      U v;
      std::memcpy(&v, bytes + i * sizeof(U), sizeof(U));
      v = byteswap(v);
      std::memcpy(bytes + i * sizeof(U), &v, sizeof(U));
    }
  };
  if (unit == 2) swap_all(std::uint16_t{});
  else if (unit == 4) swap_all(std::uint32_t{});
  else if (unit == 8) swap_all(std::uint64_t{});
}

// ---- byte sources ------------------------------------------------------------------------------

// Bytes of a .npy inside something else (an .npz member), shared with whoever made them.
class shared_source final : public byte_source {
 public:
  shared_source(std::shared_ptr<const npy_source> source, std::string name)
      : byte_source(std::move(name)), m_source(std::move(source)), m_size(m_source->size()) {}
  std::uint64_t size() const override { return m_size; }
  void read(std::uint64_t offset, std::size_t n, void* dst) const override {
    if (n > 0) m_source->read(offset, n, dst);
  }

 private:
  std::shared_ptr<const npy_source> m_source;
  std::uint64_t m_size;
};

// Closes a file descriptor when it goes out of scope (also when a constructor throws).
class unique_fd {
 public:
  unique_fd() = default;
  explicit unique_fd(int fd) : m_fd(fd) {}
  unique_fd(const unique_fd&) = delete;
  unique_fd& operator=(const unique_fd&) = delete;
  ~unique_fd() {
    if (m_fd >= 0) ::close(m_fd);
  }
  int get() const noexcept { return m_fd; }

 private:
  int m_fd = -1;
};

class file_source final : public byte_source {
 public:
  explicit file_source(const std::string& path)
      : byte_source(path), m_fd(open_retrying(path.c_str(), O_RDONLY | O_CLOEXEC)) {
    if (m_fd.get() < 0) fail_io("cannot open the file", errno);
    struct stat st {};
    if (::fstat(m_fd.get(), &st) != 0) fail_io("cannot stat the file", errno);
    // Only a regular file has a size to check the header against.
    if (S_ISDIR(st.st_mode)) fail_io("cannot read the file", EISDIR);
    if (!S_ISREG(st.st_mode)) fail_io("cannot read the file: not a regular file", 0);
    m_size = static_cast<std::uint64_t>(st.st_size);
  }

  std::uint64_t size() const override { return m_size; }
  void read(std::uint64_t offset, std::size_t n, void* dst) const override {
    auto* out = static_cast<unsigned char*>(dst);
    while (n > 0) {
      const std::size_t step = std::min<std::size_t>(n, std::size_t{1} << 30);
      const ssize_t got = ::pread(m_fd.get(), out, step, static_cast<off_t>(offset));
      if (got < 0) {
        if (errno == EINTR) continue;
        fail_io("read failed", errno);
      }
      if (got == 0)
        throw value_error("xp::load_npy: " + name() + ": the file is truncated (it shrank while being read)");
      out += got;
      offset += static_cast<std::uint64_t>(got);
      n -= static_cast<std::size_t>(got);
    }
  }

 private:
  [[noreturn]] void fail_io(const std::string& what, int err) const {
    throw io_error("xp::load_npy: " + name() + ": " + what + (err ? ": " + errno_text(err) : std::string()));
  }

  unique_fd m_fd;
  std::uint64_t m_size = 0;
};

// ---- the header --------------------------------------------------------------------------------

struct npy_header {
  npy_dtype dtype = npy_dtype::float64;
  std::string descr;
  bool swap = false;  // the file's byte order differs from this machine's
  bool fortran_order = false;
  shape_type shape;
  std::uint64_t count = 0;        // elements
  std::uint64_t data_offset = 0;  // where the data starts
  std::uint64_t data_bytes = 0;
  // NumPy's bytes ('|S<n>') and str ('<U<n>') dtypes, read only as a text scalar (read_npy_text):
  // the kind ('S' or 'U', 0 for xp's dtypes) and the item size in bytes
  char text_kind = 0;
  std::size_t text_itemsize = 0;
};

// The type strings of XP_DTYPES, for messages: "b1, i1, u1, ..., c16".
std::string readable_codes() {
  std::string out;
#define XP_NPY_CODE(T, c, n, k, npy) out += (out.empty() ? "" : ", ") + std::string(npy);
  XP_DTYPES(XP_NPY_CODE)
#undef XP_NPY_CODE
  return out;
}

// NumPy's descr of a plain dtype: byte order, kind, item size ('<f8', '|b1', '>u2', '<c16').
npy_dtype parse_descr(std::string_view descr, bool& swap, const std::string& name) {
  auto unsupported = [&]() -> dtype_error {
    return dtype_error("xp::load_npy: " + name + ": unsupported dtype descr '" + printable(descr) + "' (xp reads " +
                       readable_codes() + " in any byte order)");
  };
  if (descr.size() < 3) throw unsupported();
  const char order = descr[0], kind = descr[1];
  if (order != '<' && order != '>' && order != '|' && order != '=') throw unsupported();
  std::uint64_t size = 0;
  for (const char c : descr.substr(2)) {
    if (c < '0' || c > '9') throw unsupported();
    if (__builtin_mul_overflow(size, 10u, &size) || __builtin_add_overflow(size, unsigned(c - '0'), &size))
      throw unsupported();
  }
  std::optional<npy_dtype> found;
  for (int i = 0; i < xp::dtype::count; ++i) {
    const xp::dtype d(static_cast<npy_dtype>(i));
    if (d.kind() == kind && d.itemsize() == size) found = d.id();
  }
  if (!found) throw unsupported();
  // '|' (not applicable) and '=' (native) need no swap; neither do single bytes.
  const bool little_file = order == '<', big_file = order == '>';
  constexpr bool little_host = std::endian::native == std::endian::little;
  swap = size > 1 && ((little_file && !little_host) || (big_file && little_host));
  return *found;
}

// The longest text read_npy_text returns: the .npz members it serves hold a few characters.
constexpr std::uint64_t max_text_bytes = std::uint64_t{1} << 16;
constexpr std::size_t utf32_unit = 4;  // a 'U' item holds UTF-32 code units

// NumPy's descr of bytes or str, '|S3', '<U3', '>U3' (n characters): true and the kind and the item
// size in bytes when `descr` is one, false otherwise.
bool parse_text_descr(std::string_view descr, char& kind, std::size_t& itemsize) {
  if (descr.size() < 3 || (descr[1] != 'S' && descr[1] != 'U')) return false;
  const char order = descr[0];
  if (order != '<' && order != '>' && order != '|' && order != '=') return false;
  std::uint64_t chars = 0;
  for (const char c : descr.substr(2)) {
    if (c < '0' || c > '9') return false;
    chars = chars * 10 + static_cast<unsigned>(c - '0');
    if (chars > max_text_bytes) return false;  // also keeps the arithmetic far from overflow
  }
  if (chars == 0) return false;  // NumPy's empty string is '|S1'
  kind = descr[1];
  itemsize = static_cast<std::size_t>(kind == 'U' ? chars * utf32_unit : chars);
  return true;
}

// A strict parser of the header dictionary, a Python literal such as
//   {'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }
// It accepts exactly the three keys, once each, in any order, with the whitespace and the
// trailing commas Python allows, and nothing Python would evaluate differently (no signs,
// hex, underscores or leading zeros in extents; (5) is not a tuple).
class header_parser {
 public:
  // `allow_text`: bytes and str descrs are accepted too (for read_npy_text)
  header_parser(std::string_view text, const std::string& name, bool allow_text = false)
      : m_text(text), m_name(name), m_allow_text(allow_text) {}

  npy_header parse() {
    npy_header h;
    bool have_descr = false, have_order = false, have_shape = false;
    skip_space();
    expect('{', "the header must be a dictionary starting with '{'");
    while (true) {
      skip_space();
      if (peek() == '}') {
        ++m_pos;
        break;
      }
      const std::size_t key_at = m_pos;
      const std::string key = parse_string("a key");
      skip_space();
      expect(':', "expected ':' after the key '" + printable(key) + "'");
      skip_space();
      if (key == "descr") {
        if (have_descr) fail("duplicate key 'descr'", key_at);
        have_descr = true;
        if (peek() == '[')
          throw dtype_error("xp::load_npy: " + m_name + ": structured (record) dtypes are not supported");
        if (peek() != '\'' && peek() != '"') fail("'descr' must be a string", m_pos);
        h.descr = parse_string("the 'descr' value");
        if (!(m_allow_text && parse_text_descr(h.descr, h.text_kind, h.text_itemsize)))
          h.dtype = parse_descr(h.descr, h.swap, m_name);
      } else if (key == "fortran_order") {
        if (have_order) fail("duplicate key 'fortran_order'", key_at);
        have_order = true;
        h.fortran_order = parse_bool();
      } else if (key == "shape") {
        if (have_shape) fail("duplicate key 'shape'", key_at);
        have_shape = true;
        h.shape = parse_shape();
      } else {
        fail("unexpected key '" + printable(key) +
                 "' (a .npy header has exactly 'descr', 'fortran_order' and "
                 "'shape')",
             key_at);
      }
      skip_space();
      if (peek() == ',') {
        ++m_pos;
        continue;
      }
      expect('}', "expected ',' or '}' after the value of '" + key + "'");
      break;
    }
    skip_space();
    if (m_pos != m_text.size()) fail("unexpected characters after the closing '}'", m_pos);
    if (!have_descr) fail("missing key 'descr'", m_pos);
    if (!have_order) fail("missing key 'fortran_order'", m_pos);
    if (!have_shape) fail("missing key 'shape'", m_pos);
    return h;
  }

 private:
  [[noreturn]] void fail(const std::string& what, std::size_t at) const {
    // the neighbourhood of the fault, without NumPy's padding
    const std::size_t from = at > 20 ? at - 20 : 0;
    std::string_view excerpt = m_text.substr(std::min(from, m_text.size()), 60);
    while (!excerpt.empty() && (excerpt.back() == ' ' || excerpt.back() == '\n')) excerpt.remove_suffix(1);
    throw value_error("xp::load_npy: " + m_name + ": invalid .npy header: " + what + " (at character " +
                      std::to_string(at) + ": \"" + printable(excerpt) + "\")");
  }
  char peek() const { return m_pos < m_text.size() ? m_text[m_pos] : '\0'; }
  bool at_end() const { return m_pos >= m_text.size(); }
  void expect(char c, const std::string& what) {
    if (at_end() || m_text[m_pos] != c) fail(what, m_pos);
    ++m_pos;
  }
  // Python's whitespace between tokens inside brackets: spaces, tabs, form feeds, newlines.
  void skip_space() {
    while (!at_end()) {
      const char c = m_text[m_pos];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f') break;
      ++m_pos;
    }
  }
  static bool is_word_char(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.';
  }

  // A plain string literal in single or double quotes: printable ASCII, no escapes (NumPy
  // never writes any, and a refused escape cannot be misread).
  std::string parse_string(const std::string& what) {
    const std::size_t start = m_pos;
    const char quote = peek();
    if (quote != '\'' && quote != '"') fail("expected a quoted string for " + what, m_pos);
    ++m_pos;
    std::string out;
    while (true) {
      if (at_end()) fail("unterminated string", start);
      const char c = m_text[m_pos];
      if (c == quote) break;
      if (c == '\\') fail("escape sequences are not supported in strings", m_pos);
      if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f)
        fail(c == '\n' ? "unterminated string" : "unexpected character in a string", m_pos);
      out += c;
      ++m_pos;
    }
    ++m_pos;
    return out;
  }

  bool parse_bool() {
    const std::size_t start = m_pos;
    while (!at_end() && is_word_char(m_text[m_pos])) ++m_pos;
    const std::string_view word = m_text.substr(start, m_pos - start);
    if (word == "True") return true;
    if (word == "False") return false;
    fail("'fortran_order' must be True or False", start);
  }

  // A tuple of extents: (), (5,), (2, 3), (2, 3,).
  shape_type parse_shape() {
    const std::size_t start = m_pos;
    if (peek() != '(') fail("'shape' must be a tuple", m_pos);
    ++m_pos;
    shape_type shape;
    skip_space();
    if (peek() == ')') {
      ++m_pos;
      return shape;
    }
    while (true) {
      shape.push_back(parse_extent());
      skip_space();
      if (peek() == ',') {
        ++m_pos;
        skip_space();
        if (peek() == ')') {
          ++m_pos;
          return shape;
        }
        continue;
      }
      if (peek() == ')') {
        if (shape.size() == 1) fail("'shape' must be a tuple: (n) is a number, write (n,)", start);
        ++m_pos;
        return shape;
      }
      fail("expected ',' or ')' in 'shape'", m_pos);
    }
  }

  // A non-negative decimal integer that fits in int64, spelled as Python spells one.
  index_t parse_extent() {
    const std::size_t start = m_pos;
    while (!at_end() && is_word_char(m_text[m_pos])) ++m_pos;
    const std::string_view word = m_text.substr(start, m_pos - start);
    const bool digits =
        !word.empty() && std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits) fail("a shape extent must be a non-negative decimal integer", start);
    if (word.size() > 1 && word[0] == '0') fail("a shape extent must not have leading zeros", start);
    index_t value = 0;
    for (const char c : word)
      if (__builtin_mul_overflow(value, index_t{10}, &value) || __builtin_add_overflow(value, index_t(c - '0'), &value))
        fail("a shape extent does not fit in int64", start);
    return value;
  }

  std::string_view m_text;
  const std::string& m_name;
  bool m_allow_text = false;
  std::size_t m_pos = 0;
};

std::uint64_t read_little_endian(const unsigned char* p, std::size_t n) {
  std::uint64_t v = 0;
  for (std::size_t i = n; i-- > 0;) v = (v << 8) | p[i];
  return v;
}

// Checks everything about the file: magic, version, header length against the file size,
// the header itself, and the data size against shape and item size.
npy_header read_and_validate(const byte_source& src, bool allow_text = false) {
  const std::string& name = src.name();
  auto fail = [&](const std::string& what) -> value_error {
    return value_error("xp::load_npy: " + name + ": " + what);
  };
  const std::uint64_t file_size = src.size();
  unsigned char prefix[12] = {};
  if (file_size < magic_and_version_bytes) {
    src.read(0, static_cast<std::size_t>(file_size), prefix);
    if (std::string_view(reinterpret_cast<const char*>(prefix), static_cast<std::size_t>(file_size)) !=
        npy_magic.substr(0, static_cast<std::size_t>(file_size)))
      throw fail("not a .npy file (the magic string \\x93NUMPY is missing)");
    throw fail("the file is truncated (" + std::to_string(file_size) + " bytes, shorter than the .npy preamble)");
  }
  src.read(0, magic_and_version_bytes, prefix);
  if (std::string_view(reinterpret_cast<const char*>(prefix), npy_magic.size()) != npy_magic)
    throw fail("not a .npy file (the magic string \\x93NUMPY is missing)");
  const unsigned major = prefix[6], minor = prefix[7];
  if (!((major == 1 || major == 2 || major == 3) && minor == 0))
    throw fail("unsupported .npy format version " + std::to_string(major) + "." + std::to_string(minor) +
               " (xp reads 1.0, 2.0 and 3.0)");
  const std::size_t length_bytes = major == 1 ? 2 : 4;
  const std::uint64_t preamble = magic_and_version_bytes + length_bytes;
  if (file_size < preamble)
    throw fail("the file is truncated (" + std::to_string(file_size) + " bytes, shorter than the .npy preamble)");
  src.read(magic_and_version_bytes, length_bytes, prefix + magic_and_version_bytes);
  const std::uint64_t header_length = read_little_endian(prefix + magic_and_version_bytes, length_bytes);
  if (header_length > file_size - preamble)
    throw fail("the header length " + std::to_string(header_length) + " runs past the end of the file (" +
               std::to_string(file_size) + " bytes)");
  if (header_length > max_header_bytes)
    throw fail("the header length " + std::to_string(header_length) + " is over xp's limit of " +
               std::to_string(max_header_bytes) + " bytes");

  std::string text(static_cast<std::size_t>(header_length), '\0');
  src.read(preamble, text.size(), text.data());
  npy_header h = header_parser(text, name, allow_text).parse();
  h.data_offset = preamble + header_length;

  const std::size_t itemsize = h.text_kind ? h.text_itemsize : itemsize_of(h.dtype);
  index_t count = 0;
  try {
    count = checked_size(h.shape, itemsize);  // NumPy's "array is too big" rule, as for every shape
  } catch (const value_error& e) {
    throw fail(std::string(e.what()) + " ('" + h.descr + "')");
  }
  h.count = static_cast<std::uint64_t>(count);
  h.data_bytes = h.count * itemsize;
  const std::uint64_t present = file_size - h.data_offset;
  if (present < h.data_bytes)
    throw fail("the file is truncated: shape " + to_string(h.shape) + " of '" + h.descr + "' needs " +
               std::to_string(h.data_bytes) + " data bytes, the file holds " + std::to_string(present));
  if (present > h.data_bytes)
    throw fail("the file holds " + std::to_string(present) + " data bytes, but shape " + to_string(h.shape) + " of '" +
               h.descr + "' needs exactly " + std::to_string(h.data_bytes));
  return h;
}

// ---- reading the data --------------------------------------------------------------------------

// Destination offsets (in elements) of a C-order array for the source elements in Fortran
// order: an odometer whose first axis turns fastest.
class fortran_walker {
 public:
  explicit fortran_walker(const shape_type& shape)
      : m_shape(shape), m_strides(contiguous_strides(shape)), m_index(shape.size(), 0) {}
  index_t next() {
    const index_t here = m_offset;
    for (std::size_t d = 0; d < m_shape.size(); ++d) {
      m_offset += m_strides[d];
      if (++m_index[d] < m_shape[d]) break;
      m_offset -= m_strides[d] * m_shape[d];
      m_index[d] = 0;
    }
    return here;
  }

 private:
  shape_type m_shape, m_strides, m_index;
  index_t m_offset = 0;
};

template <class S, class D>
void convert_chunk(const unsigned char* raw, std::size_t n, bool swap, D* dst, std::uint64_t first,
                   fortran_walker* walker) {
  if (walker) {
    for (std::size_t i = 0; i < n; ++i) dst[walker->next()] = convert<D>(load_element<S>(raw + i * sizeof(S), swap));
  } else {
    D* out = dst + first;
    for (std::size_t i = 0; i < n; ++i) out[i] = convert<D>(load_element<S>(raw + i * sizeof(S), swap));
  }
}

// ---- writing -----------------------------------------------------------------------------------

std::string header_for_descr(const std::string& descr, const shape_type& shape) {
  std::string dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + to_string(shape) + ", }";
  // NumPy leaves room to grow the first axis in place.
  if (!shape.empty()) dict.append(growth_axis_max_digits - std::to_string(shape[0]).size(), ' ');
  // Magic, version, length, then the dictionary padded with spaces and a final newline so the
  // data starts on a multiple of 64 bytes (NumPy pads a full 64 when already aligned).
  const std::size_t text_length = dict.size() + 1;
  std::size_t length_bytes = 2;
  std::size_t padding = array_align - (magic_and_version_bytes + length_bytes + text_length) % array_align;
  if (text_length + padding > 0xffff) {
    length_bytes = 4;
    padding = array_align - (magic_and_version_bytes + length_bytes + text_length) % array_align;
  }
  const std::uint64_t header_length = text_length + padding;
  std::string out(npy_magic);
  out += static_cast<char>(length_bytes == 2 ? 1 : 2);
  out += '\0';
  for (std::size_t i = 0; i < length_bytes; ++i) out += static_cast<char>((header_length >> (8 * i)) & 0xff);
  out += dict;
  out.append(padding, ' ');
  out += '\n';
  return out;
}

std::string header_for(npy_dtype dtype, const shape_type& shape) {
  const char order = itemsize_of(dtype) == 1 ? '|' : '<';
  return header_for_descr(order + std::string(xp::dtype(dtype).npy_code()), shape);
}

// Header then data, little-endian (byte-swapped in chunks on a big-endian machine).
void write_contents(output_file& out, const std::string& header, npy_dtype dtype, const void* data,
                    std::size_t nbytes) {
  out.write(header);
  if (nbytes == 0) return;
  if constexpr (std::endian::native == std::endian::little) {
    out.write(data, nbytes);
  } else {
    const std::size_t unit = swap_unit_of(dtype);  // chunk_bytes is a multiple of every item size
    std::vector<unsigned char> chunk(std::min(nbytes, chunk_bytes));
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (std::size_t done = 0; done < nbytes;) {
      const std::size_t n = std::min(nbytes - done, chunk.size());
      std::memcpy(chunk.data(), bytes + done, n);
      swap_in_place(chunk.data(), n / unit, unit);
      out.write(chunk.data(), n);
      done += n;
    }
  }
}

}  // namespace

// ---- public entry points -----------------------------------------------------------------------

const char* npy_dtype_name(npy_dtype dtype) noexcept {
  const std::string_view name = xp::dtype(dtype).name();  // a string literal of XP_DTYPES
  return name.empty() ? "unknown" : name.data();
}

struct npy_reader::state {
  std::unique_ptr<byte_source> source;
  npy_header header;
};

npy_reader::npy_reader(std::unique_ptr<state> s) noexcept : m_state(std::move(s)) {}
npy_reader::npy_reader(npy_reader&&) noexcept = default;
npy_reader& npy_reader::operator=(npy_reader&&) noexcept = default;
npy_reader::~npy_reader() = default;

npy_reader npy_reader::open_file(const std::string& path) {
  auto s = std::make_unique<state>();
  s->source = std::make_unique<file_source>(path);
  s->header = read_and_validate(*s->source);
  return npy_reader(std::move(s));
}

npy_reader npy_reader::open_memory(const void* bytes, std::size_t size, const std::string& name) {
  if (bytes == nullptr && size > 0)
    throw value_error("xp::load_npy: " + name + ": null pointer to " + std::to_string(size) + " bytes");
  auto s = std::make_unique<state>();
  s->source = std::make_unique<memory_source>(bytes, size, name);
  s->header = read_and_validate(*s->source);
  return npy_reader(std::move(s));
}

npy_reader npy_reader::open_source(std::shared_ptr<const npy_source> source, const std::string& name) {
  if (!source) throw value_error("xp::load_npy: " + name + ": no source");
  auto s = std::make_unique<state>();
  s->source = std::make_unique<shared_source>(std::move(source), name);
  s->header = read_and_validate(*s->source);
  return npy_reader(std::move(s));
}

std::string npy_header_bytes(npy_dtype dtype, const shape_type& shape) { return header_for(dtype, shape); }

std::string npy_bytes_header(std::size_t length) {
  return header_for_descr("|S" + std::to_string(std::max<std::size_t>(length, 1)), {});
}

std::string read_npy_text(std::shared_ptr<const npy_source> source, const std::string& name) {
  if (!source) throw value_error("xp::load_npy: " + name + ": no source");
  const shared_source src(std::move(source), name);
  const npy_header h = read_and_validate(src, true);
  if (!h.text_kind)
    throw dtype_error("xp::load_npy: " + name + ": the array holds " + npy_dtype_name(h.dtype) + " ('" + h.descr +
                      "'), not text (bytes '|S<n>' or str '<U<n>')");
  if (h.count != 1)
    throw value_error("xp::load_npy: " + name + ": expected a single string (shape ()), got shape " +
                      to_string(h.shape));
  std::string raw(static_cast<std::size_t>(h.data_bytes), '\0');
  src.read(h.data_offset, raw.size(), raw.data());
  std::string text;
  if (h.text_kind == 'S') {
    text = raw;
  } else {
    // UTF-32 to UTF-8, in the file's byte order
    const bool big_endian = h.descr[0] == '>' || (h.descr[0] == '=' && std::endian::native == std::endian::big);
    for (std::size_t i = 0; i < raw.size(); i += utf32_unit) {
      std::uint32_t c = 0;
      for (std::size_t b = 0; b < utf32_unit; ++b) {
        const auto byte = static_cast<unsigned char>(raw[i + (big_endian ? b : utf32_unit - 1 - b)]);
        c = (c << 8) | byte;
      }
      constexpr std::uint32_t max_code_point = 0x10ffff, surrogate_first = 0xd800, surrogate_last = 0xdfff;
      if (c > max_code_point || (c >= surrogate_first && c <= surrogate_last))
        throw value_error("xp::load_npy: " + name + ": a str array holds " + std::to_string(c) +
                          ", which is not a Unicode character");
      if (c < 0x80) {
        text += static_cast<char>(c);
      } else if (c < 0x800) {
        text += static_cast<char>(0xc0 | (c >> 6));
        text += static_cast<char>(0x80 | (c & 0x3f));
      } else if (c < 0x10000) {
        text += static_cast<char>(0xe0 | (c >> 12));
        text += static_cast<char>(0x80 | ((c >> 6) & 0x3f));
        text += static_cast<char>(0x80 | (c & 0x3f));
      } else {
        text += static_cast<char>(0xf0 | (c >> 18));
        text += static_cast<char>(0x80 | ((c >> 12) & 0x3f));
        text += static_cast<char>(0x80 | ((c >> 6) & 0x3f));
        text += static_cast<char>(0x80 | (c & 0x3f));
      }
    }
  }
  // NumPy's .item() drops the trailing NULs that pad a short string to the item size
  while (!text.empty() && text.back() == '\0') text.pop_back();
  return text;
}

const shape_type& npy_reader::shape() const noexcept { return m_state->header.shape; }
npy_dtype npy_reader::dtype() const noexcept { return m_state->header.dtype; }
bool npy_reader::fortran_order() const noexcept { return m_state->header.fortran_order; }

void npy_reader::check_target(npy_dtype target, const npy_load_options& options) const {
  const npy_header& h = m_state->header;
  if (target == h.dtype || options.convert) return;
  throw dtype_error("xp::load_npy: " + m_state->source->name() + ": the file holds " + npy_dtype_name(h.dtype) + " ('" +
                    h.descr + "'), not the requested " + npy_dtype_name(target) + "; load it as " +
                    npy_dtype_name(h.dtype) + " or pass npy_load_options{.convert = true}");
}

void npy_reader::read_into(npy_dtype target, void* dst) const {
  const npy_header& h = m_state->header;
  const byte_source& src = *m_state->source;
  if (h.count == 0) return;
  const std::size_t itemsize = itemsize_of(h.dtype);

  // Fortran and C order only differ when two or more axes are longer than 1.
  const bool reorder =
      h.fortran_order && std::count_if(h.shape.begin(), h.shape.end(), [](index_t n) { return n > 1; }) > 1;

  // Same dtype in C order: the bytes go straight into the array.
  if (target == h.dtype && !reorder) {
    src.read(h.data_offset, static_cast<std::size_t>(h.data_bytes), dst);
    if (h.swap) {
      const std::size_t unit = swap_unit_of(h.dtype);
      swap_in_place(dst, static_cast<std::size_t>(h.data_bytes / unit), unit);
    }
    if (target == npy_dtype::bool_) {  // any nonzero byte is true; only 0 and 1 may be bools
      const auto* bytes = static_cast<const unsigned char*>(dst);
      auto* flags = static_cast<bool*>(dst);
      for (std::size_t i = 0; i < h.count; ++i) flags[i] = bytes[i] != 0;
    }
    return;
  }

  // Otherwise chunk by chunk: load each element as its own type, convert, place in C order.
  const std::size_t per_chunk = chunk_bytes / itemsize;
  std::vector<unsigned char> chunk(std::min<std::uint64_t>(h.count, per_chunk) * itemsize);
  std::optional<fortran_walker> walker;
  if (reorder) walker.emplace(h.shape);
  visit_dtype(target, [&](auto target_value) {
    using D = decltype(target_value);
    auto* out = static_cast<D*>(dst);
    visit_dtype(h.dtype, [&](auto source_value) {
      using S = decltype(source_value);
      for (std::uint64_t first = 0; first < h.count;) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(h.count - first, per_chunk));
        src.read(h.data_offset + first * itemsize, n * itemsize, chunk.data());
        convert_chunk<S, D>(chunk.data(), n, h.swap, out, first, walker ? &*walker : nullptr);
        first += n;
      }
    });
  });
}

void write_npy(const std::string& path, npy_dtype dtype, const shape_type& shape, const void* data,
               std::size_t nbytes) {
  const std::string header = header_for(dtype, shape);
  // a temporary file renamed over the target (file_io.hpp): a failure leaves the old file
  output_file out(path, "xp::save_npy");
  write_contents(out, header, dtype, data, nbytes);
  out.commit();
}

}  // namespace xp::detail
