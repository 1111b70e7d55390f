// The compiled part of xp's .npz support (include/xp/io/npz.hpp): a ZIP writer that
// produces np.savez's (and np.savez_compressed's) bytes, and a ZIP reader.
//
// The writer mirrors Python's zipfile as np.savez (NumPy 1.24) drives it: members stored
// (no compression), dated 1980-01-01, mode 0600, each local header with a ZIP64 extra field
// (np.savez passes force_zip64=True), and ZIP64 central records only where a size or an
// offset passes 2^31 - 1, zipfile's limit.
//
// Deflated members (np.savez_compressed) go through zlib when xp is built with it
// (XP_HAS_ZLIB): raw deflate streams, as zipfile reads and writes them.
//
// The reader follows zipfile's reading rules (the end record searched within the last 64 KiB,
// the ZIP64 end record right before its locator, data prepended to the archive allowed) and
// checks every length and offset against the file before using it: a damaged archive gives
// xp::io_error, never a read outside the file. A member is CRC-checked, then read by the
// .npy reader (src/npy.cpp) with all of load_npy's validation.

#include "xp/io/npz.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <limits>
#include <set>
#include <string_view>
#include <vector>

#include "file_io.hpp"

#ifndef XP_HAS_ZLIB
#define XP_HAS_ZLIB 0
#endif
#if XP_HAS_ZLIB
#include <zlib.h>
#endif

namespace xp::detail {

namespace {

// ---- ZIP constants -----------------------------------------------------------------------------

constexpr std::uint32_t local_signature = 0x04034b50;
constexpr std::uint32_t central_signature = 0x02014b50;
constexpr std::uint32_t end_signature = 0x06054b50;
constexpr std::uint32_t zip64_end_signature = 0x06064b50;
constexpr std::uint32_t zip64_locator_signature = 0x07064b50;
constexpr std::uint64_t local_header_bytes = 30;
constexpr std::uint64_t central_header_bytes = 46;
constexpr std::uint64_t end_bytes = 22;
constexpr std::uint64_t zip64_end_bytes = 56;
constexpr std::uint64_t zip64_locator_bytes = 20;
constexpr std::uint64_t end_search_bytes = (std::uint64_t{1} << 16) + end_bytes;  // zipfile's reach
constexpr std::uint32_t field_is_zip64 = 0xffffffff;  // a 32-bit field whose value is in the ZIP64 extra
constexpr std::uint16_t zip64_extra_id = 0x0001;
constexpr std::uint16_t version_default = 20;  // zipfile's DEFAULT_VERSION
constexpr std::uint16_t version_zip64 = 45;    // zipfile's ZIP64_VERSION
constexpr std::uint16_t made_on_unix = 3 << 8;
constexpr std::uint16_t dos_date_1980_01_01 = (0 << 9) | (1 << 5) | 1;
constexpr std::uint32_t mode_0600 = 0600u << 16;
constexpr std::uint16_t flag_encrypted = 1 << 0;
constexpr std::uint16_t flag_patched = 1 << 5;
constexpr std::uint16_t flag_strong_encryption = 1 << 6;
constexpr std::uint16_t flag_utf8_name = 1 << 11;
constexpr std::uint16_t method_stored = 0;
constexpr std::uint16_t method_deflated = 8;
constexpr std::size_t chunk_bytes = std::size_t{1} << 20;
// Deflate turns at most 1032 bytes into one (258-byte matches at about 2 bits each): a member
// that claims more than that of its compressed size is damaged, and is refused before its
// output is allocated. The slack covers the few bytes of a tiny stream's block headers.
constexpr std::uint64_t max_inflate_ratio = 1032;
constexpr std::uint64_t inflate_slack_bytes = 64;
#if XP_HAS_ZLIB
constexpr int raw_deflate_window_bits = -15;  // zipfile's: a raw stream, 32 KiB window
constexpr int zlib_default_mem_level = 8;     // zlib's DEF_MEM_LEVEL, which Python's compressobj uses
#endif

// ---- CRC-32 ------------------------------------------------------------------------------------

// ZIP's CRC-32 (the reflected polynomial 0xEDB88320), one table lookup per byte.
constexpr std::array<std::uint32_t, 256> crc_table = [] {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
  return table;
}();

// The CRC of the bytes so far continued over n more (start with crc = 0).
std::uint32_t crc32(std::uint32_t crc, const void* data, std::size_t n) {
  const auto* p = static_cast<const unsigned char*>(data);
  crc = ~crc;
  for (std::size_t i = 0; i < n; ++i) crc = crc_table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
  return ~crc;
}

static_assert(crc_table[1] == 0x77073096u && crc_table[255] == 0x2d02ef8du, "CRC-32 table");

// ---- little-endian fields ----------------------------------------------------------------------

std::uint64_t get_le(const unsigned char* p, std::size_t n) {
  std::uint64_t v = 0;
  for (std::size_t i = n; i-- > 0;) v = (v << 8) | p[i];
  return v;
}
std::uint16_t get16(const unsigned char* p) { return static_cast<std::uint16_t>(get_le(p, 2)); }
std::uint32_t get32(const unsigned char* p) { return static_cast<std::uint32_t>(get_le(p, 4)); }
std::uint64_t get64(const unsigned char* p) { return get_le(p, 8); }

void put_le(std::string& out, std::uint64_t v, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}
void put16(std::string& out, std::uint64_t v) { put_le(out, v, 2); }
void put32(std::string& out, std::uint64_t v) { put_le(out, v, 4); }
void put64(std::string& out, std::uint64_t v) { put_le(out, v, 8); }

// ---- where an archive's bytes are --------------------------------------------------------------

class file_bytes final : public byte_source {
 public:
  explicit file_bytes(const std::string& path) : byte_source(path), m_file(path, "xp::load_npz") {
    if (!m_file.is_regular()) m_file.fail("cannot read the file: not a regular file");
  }
  std::uint64_t size() const override { return m_file.size(); }
  void read(std::uint64_t offset, std::size_t n, void* dst) const override { m_file.read_at(offset, n, dst); }

 private:
  input_file m_file;
};

// The bytes of one member, for the .npy reader.
class member_source final : public npy_source {
 public:
  member_source(std::shared_ptr<const byte_source> bytes, std::uint64_t offset, std::uint64_t size)
      : m_bytes(std::move(bytes)), m_offset(offset), m_size(size) {}
  std::uint64_t size() const override { return m_size; }
  void read(std::uint64_t offset, std::size_t n, void* dst) const override { m_bytes->read(m_offset + offset, n, dst); }

 private:
  std::shared_ptr<const byte_source> m_bytes;
  std::uint64_t m_offset, m_size;
};

// A member's bytes after inflating them.
class inflated_source final : public npy_source {
 public:
  explicit inflated_source(std::vector<unsigned char> bytes) : m_bytes(std::move(bytes)) {}
  std::uint64_t size() const override { return m_bytes.size(); }
  void read(std::uint64_t offset, std::size_t n, void* dst) const override {
    if (n > 0) std::memcpy(dst, m_bytes.data() + offset, n);
  }

 private:
  std::vector<unsigned char> m_bytes;
};

struct member {
  std::string name;  // as stored: "a.npy"
  std::uint16_t flags = 0, method = 0;
  std::uint32_t crc = 0;
  std::uint64_t compressed_size = 0, size = 0, header_offset = 0;
};

std::string strip_npy(const std::string& name) {
  constexpr std::string_view suffix = ".npy";
  if (name.size() >= suffix.size() && std::string_view(name).substr(name.size() - suffix.size()) == suffix)
    return name.substr(0, name.size() - suffix.size());
  return name;
}

}  // namespace

// ---- the archive -------------------------------------------------------------------------------

class npz_archive {
 public:
  npz_archive(std::shared_ptr<const byte_source> bytes, bool verify_crc)
      : m_bytes(std::move(bytes)), m_verify_crc(verify_crc) {
    read_directory();
    for (const member& m : m_members) m_files.push_back(strip_npy(m.name));
  }

  const std::string& name() const noexcept { return m_bytes->name(); }
  const std::vector<std::string>& files() const noexcept { return m_files; }
  bool verify_crc() const noexcept { return m_verify_crc; }

  // np.load's z[key]: the member named key, else key + ".npy"; the last of equal names, as
  // zipfile's name table keeps it.
  const member* find(const std::string& key) const {
    for (const std::string& candidate : {key, key + ".npy"})
      for (auto m = m_members.rbegin(); m != m_members.rend(); ++m)
        if (m->name == candidate) return &*m;
    return nullptr;
  }

  npy_reader open(const std::string& key, bool verify) const {
    std::string what;
    auto source = open_bytes(key, verify, what);
    return npy_reader::open_source(std::move(source), what);
  }

  // The member's bytes (inflated when deflated, CRC-checked when `verify`); `what` names it.
  std::shared_ptr<const npy_source> open_bytes(const std::string& key, bool verify, std::string& what) const {
    const member* m = find(key);
    if (!m) {
      std::string names;
      for (std::size_t i = 0; i < m_files.size() && i < 20; ++i) names += (i ? ", " : "") + printable(m_files[i]);
      if (m_files.size() > 20) names += ", ...";
      throw index_error("xp::load_npz: " + name() + ": " + printable(key) + " is not a file in the archive (it holds " +
                        (m_files.empty() ? std::string("nothing") : names) + ")");
    }
    what = name() + ", member '" + printable(m->name) + "'";
    auto fail = [&](const std::string& why) -> io_error { return io_error("xp::load_npz: " + what + ": " + why); };
    if (m->flags & (flag_encrypted | flag_strong_encryption)) throw fail("encrypted members are not supported");
    if (m->flags & flag_patched) throw fail("compressed patched data is not supported");
    const bool deflated = m->method == method_deflated;
    if (deflated && !npz_compression_available())
      throw fail(
          "the member is compressed (deflate, as np.savez_compressed writes); compressed archives are not supported: "
          "this xp was built without zlib (zlib1g-dev); it reads archives written by np.savez or xp::savez");
    if (m->method != method_stored && !deflated)
      throw fail("compression method " + std::to_string(m->method) +
                 " is not supported (xp reads stored and deflated members)");
    if (!deflated && m->compressed_size != m->size)
      throw fail("damaged archive: a stored member of " + std::to_string(m->size) + " bytes takes " +
                 std::to_string(m->compressed_size));

    // The local header: its own name and extra field lengths say where the data starts.
    const std::uint64_t file_size = m_bytes->size();
    if (m->header_offset > file_size || file_size - m->header_offset < local_header_bytes)
      throw fail("damaged archive: the local file header at offset " + std::to_string(m->header_offset) +
                 " runs past the end of the file");
    unsigned char local[local_header_bytes];
    m_bytes->read(m->header_offset, sizeof local, local);
    if (get32(local) != local_signature) throw fail("damaged archive: bad magic number for the local file header");
    const std::uint64_t name_length = get16(local + 26), extra_length = get16(local + 28);
    const std::uint64_t name_at = m->header_offset + local_header_bytes;
    if (file_size - name_at < name_length + extra_length)
      throw fail("damaged archive: the local file header runs past the end of the file");
    std::string local_name(static_cast<std::size_t>(name_length), '\0');
    m_bytes->read(name_at, local_name.size(), local_name.data());
    if (local_name != m->name)
      throw fail("damaged archive: the file name in the directory and in the local header ('" + printable(local_name) +
                 "') differ");
    const std::uint64_t data_at = name_at + name_length + extra_length;
    if (file_size - data_at < m->compressed_size)
      throw fail("damaged archive: the member's " + std::to_string(m->compressed_size) +
                 " bytes run past the end of the file");

    std::shared_ptr<const npy_source> source;
    if (deflated) source = std::make_shared<inflated_source>(inflate_member(*m, data_at, fail));
    else source = std::make_shared<member_source>(m_bytes, data_at, m->size);
    if (verify) {
      std::vector<unsigned char> chunk(static_cast<std::size_t>(std::min<std::uint64_t>(m->size, chunk_bytes)));
      std::uint32_t crc = 0;
      for (std::uint64_t done = 0; done < m->size;) {
        const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(m->size - done, chunk.size()));
        source->read(done, n, chunk.data());
        crc = crc32(crc, chunk.data(), n);
        done += n;
      }
      if (crc != m->crc) throw fail("damaged archive: bad CRC-32 (the member's data has changed)");
    }
    return source;
  }

 private:
  [[noreturn]] void fail(const std::string& why) const { throw io_error("xp::load_npz: " + name() + ": " + why); }

  // The m.size bytes of the raw deflate stream of m.compressed_size bytes at data_at: exactly
  // that many, and the stream's end right after them, or the archive is damaged.
  template <class Fail>
  std::vector<unsigned char> inflate_member(const member& m, std::uint64_t data_at, const Fail& fail) const {
    if (m.size > m.compressed_size * max_inflate_ratio + inflate_slack_bytes)
      throw fail("damaged archive: " + std::to_string(m.compressed_size) + " deflated bytes cannot hold " +
                 std::to_string(m.size));
#if XP_HAS_ZLIB
    std::vector<unsigned char> out(static_cast<std::size_t>(m.size));
    std::vector<unsigned char> in(static_cast<std::size_t>(std::min<std::uint64_t>(m.compressed_size, chunk_bytes)));
    z_stream z{};
    if (inflateInit2(&z, raw_deflate_window_bits) != Z_OK) throw fail("zlib could not start inflating");
    struct end_inflate {
      z_stream* z;
      ~end_inflate() { inflateEnd(z); }
    } ender{&z};
    unsigned char spare = 0;  // where output beyond the declared size would go
    z.next_out = out.data();
    std::uint64_t read = 0, written = 0;
    int status = Z_OK;
    while (status != Z_STREAM_END) {
      if (z.avail_in == 0 && read < m.compressed_size) {
        const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(m.compressed_size - read, in.size()));
        m_bytes->read(data_at + read, n, in.data());
        read += n;
        z.next_in = in.data();
        z.avail_in = static_cast<uInt>(n);
      }
      if (written == m.size) {
        z.next_out = &spare;  // the stream must end without writing here
        z.avail_out = 1;
      } else {
        z.avail_out = static_cast<uInt>(std::min<std::uint64_t>(m.size - written, chunk_bytes));
      }
      const uInt in_before = z.avail_in, out_before = z.avail_out;
      status = inflate(&z, Z_NO_FLUSH);
      const uInt produced = out_before - z.avail_out;
      if (written == m.size && produced > 0)
        throw fail("damaged archive: the member inflates to more than its " + std::to_string(m.size) + " bytes");
      written += produced;
      if (status == Z_STREAM_END) break;
      if (status == Z_NEED_DICT || status == Z_DATA_ERROR || status == Z_MEM_ERROR)
        throw fail("damaged archive: bad deflate data (" + std::string(z.msg ? z.msg : "zlib error") + ")");
      const bool stalled = produced == 0 && in_before == z.avail_in;
      if (stalled && read == m.compressed_size)
        throw fail("damaged archive: the deflate stream ends early (" + std::to_string(written) + " of " +
                   std::to_string(m.size) + " bytes)");
    }
    if (written != m.size)
      throw fail("damaged archive: the member inflates to " + std::to_string(written) + " bytes, not its " +
                 std::to_string(m.size));
    return out;
#else
    (void)data_at;
    throw fail("compressed members need zlib");
#endif
  }

  [[noreturn]] void not_a_zip() const {
    std::string hint;
    unsigned char magic[6] = {};
    if (m_bytes->size() >= sizeof magic) {
      m_bytes->read(0, sizeof magic, magic);
      if (std::memcmp(magic, "\x93NUMPY", sizeof magic) == 0) hint = "; it is a .npy file: read it with xp::load_npy";
    }
    fail("not an .npz file (no ZIP end of central directory record)" + hint);
  }

  void read_directory() {
    const std::uint64_t file_size = m_bytes->size();
    if (file_size < end_bytes) not_a_zip();

    // The end record: the last signature within the comment's reach whose comment ends the
    // file (a comment may hold the signature too), else the last signature, as zipfile takes.
    const auto tail_size = static_cast<std::size_t>(std::min(file_size, end_search_bytes));
    std::vector<unsigned char> tail(tail_size);
    m_bytes->read(file_size - tail_size, tail_size, tail.data());
    std::size_t at = tail_size, last = tail_size;
    for (std::size_t i = tail_size - end_bytes + 1; i-- > 0 && at == tail_size;) {
      if (get32(&tail[i]) != end_signature) continue;
      if (last == tail_size) last = i;
      if (i + end_bytes + get16(&tail[i + 20]) == tail_size) at = i;
    }
    if (at == tail_size) at = last;
    if (at == tail_size) not_a_zip();
    const std::uint64_t end_at = file_size - tail_size + at;
    const unsigned char* end = &tail[at];
    std::uint64_t directory_size = get32(end + 12), directory_offset = get32(end + 16);

    // ZIP64: a locator right before the end record, and the ZIP64 end record right before it.
    std::uint64_t records_before_end = 0;
    if (end_at >= zip64_locator_bytes) {
      unsigned char locator[zip64_locator_bytes];
      m_bytes->read(end_at - zip64_locator_bytes, sizeof locator, locator);
      if (get32(locator) == zip64_locator_signature) {
        if (get32(locator + 4) != 0 || get32(locator + 16) > 1)
          fail("archives that span several disks are not supported");
        if (end_at >= zip64_locator_bytes + zip64_end_bytes) {
          unsigned char record[zip64_end_bytes];
          m_bytes->read(end_at - zip64_locator_bytes - zip64_end_bytes, sizeof record, record);
          if (get32(record) == zip64_end_signature) {
            directory_size = get64(record + 40);
            directory_offset = get64(record + 48);
            records_before_end = zip64_locator_bytes + zip64_end_bytes;
          }
        }
      }
    }

    // The directory ends where the end records start; anything before the archive's own
    // offsets (a prepended stub) shifts every offset by `shift`.
    const std::uint64_t directory_end = end_at - records_before_end;
    if (directory_size > directory_end || directory_offset > directory_end - directory_size)
      fail("damaged archive: bad offset or size of the central directory (" + std::to_string(directory_size) +
           " bytes at " + std::to_string(directory_offset) + ", the end record at " + std::to_string(end_at) + ")");
    const std::uint64_t shift = directory_end - directory_size - directory_offset;
    std::vector<unsigned char> directory(static_cast<std::size_t>(directory_size));
    m_bytes->read(directory_end - directory_size, directory.size(), directory.data());

    for (std::size_t p = 0; p < directory.size();) {
      if (directory.size() - p < central_header_bytes) fail("damaged archive: truncated central directory");
      const unsigned char* h = &directory[p];
      if (get32(h) != central_signature) fail("damaged archive: bad magic number for the central directory");
      member m;
      m.flags = get16(h + 8);
      m.method = get16(h + 10);
      m.crc = get32(h + 16);
      m.compressed_size = get32(h + 20);
      m.size = get32(h + 24);
      const std::size_t name_length = get16(h + 28), extra_length = get16(h + 30), comment_length = get16(h + 32);
      m.header_offset = get32(h + 42);
      const std::size_t entry_bytes = central_header_bytes + name_length + extra_length + comment_length;
      if (directory.size() - p < entry_bytes) fail("damaged archive: truncated central directory");
      m.name.assign(reinterpret_cast<const char*>(h + central_header_bytes), name_length);
      read_zip64_extra(h + central_header_bytes + name_length, extra_length, m);
      if (m.header_offset > std::numeric_limits<std::uint64_t>::max() - shift)
        fail("damaged archive: bad local header offset of '" + printable(m.name) + "'");
      m.header_offset += shift;
      m_members.push_back(std::move(m));
      p += entry_bytes;
    }
  }

  // The 64-bit values of the fields that hold 0xffffffff, in zipfile's order.
  void read_zip64_extra(const unsigned char* extra, std::size_t length, member& m) const {
    for (std::size_t q = 0; length - q >= 4;) {
      const std::uint16_t id = get16(extra + q);
      const std::size_t field_length = get16(extra + q + 2);
      if (length - q - 4 < field_length)
        fail("damaged archive: corrupt extra field of '" + printable(m.name) + "' (id " + std::to_string(id) + ")");
      if (id == zip64_extra_id) {
        const unsigned char* data = extra + q + 4;
        std::size_t left = field_length;
        auto next = [&](const char* field) {
          if (left < 8)
            fail("damaged archive: corrupt ZIP64 extra field of '" + printable(m.name) + "': " + field + " not found");
          const std::uint64_t v = get64(data);
          data += 8;
          left -= 8;
          return v;
        };
        if (m.size == field_is_zip64) m.size = next("file size");
        if (m.compressed_size == field_is_zip64) m.compressed_size = next("compressed size");
        if (m.header_offset == field_is_zip64) m.header_offset = next("header offset");
      }
      q += 4 + field_length;
    }
  }

  std::shared_ptr<const byte_source> m_bytes;
  bool m_verify_crc;
  std::vector<member> m_members;
  std::vector<std::string> m_files;
};

npy_reader open_npz_member(const npz_archive& archive, const std::string& name, bool verify_crc) {
  return archive.open(name, verify_crc && archive.verify_crc());
}

std::shared_ptr<const npy_source> open_npz_member_bytes(const npz_archive& archive, const std::string& name,
                                                        bool verify_crc) {
  std::string what;
  return archive.open_bytes(name, verify_crc && archive.verify_crc(), what);
}

// ---- writing -----------------------------------------------------------------------------------

namespace {

// The data of an entry as little-endian bytes, chunk by chunk (the buffer itself on a
// little-endian machine; elsewhere each item reversed, each part of a complex value).
template <class F>
void for_each_little_endian_chunk(const npz_entry& e, F&& f) {
  if (e.nbytes() == 0) return;
  if constexpr (std::endian::native == std::endian::little) {
    f(e.data(), e.nbytes());
  } else {
    std::vector<unsigned char> chunk(std::min(e.nbytes(), chunk_bytes));
    const auto* bytes = static_cast<const unsigned char*>(e.data());
    const std::size_t itemsize = e.itemsize();
    const std::size_t unit = xp::dtype(e.dtype()).kind() == 'c' ? itemsize / 2 : itemsize;
    for (std::size_t done = 0; done < e.nbytes();) {
      const std::size_t n = std::min(e.nbytes() - done, chunk.size() / itemsize * itemsize);
      for (std::size_t i = 0; i < n; i += unit)
        for (std::size_t b = 0; b < unit; ++b) chunk[i + b] = bytes[done + i + unit - 1 - b];
      f(chunk.data(), n);
      done += n;
    }
  }
}

struct written_member {
  std::string name;
  std::uint16_t flags = 0, method = method_stored;
  std::uint32_t crc = 0;
  std::uint64_t size = 0, compressed_size = 0, offset = 0;
};

// The raw deflate stream of the header then the entry's data, as zipfile's compressobj makes it
// (zlib's default level, window and memory level): the same bytes as np.savez_compressed's with
// the same zlib.
std::string deflate_member(const std::string& header, const npz_entry& e, const std::string& path) {
#if XP_HAS_ZLIB
  z_stream z{};
  if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, raw_deflate_window_bits, zlib_default_mem_level,
                   Z_DEFAULT_STRATEGY) != Z_OK)
    throw io_error("xp::savez: " + path + ": zlib could not start compressing");
  struct end_deflate {
    z_stream* z;
    ~end_deflate() { deflateEnd(z); }
  } ender{&z};
  std::string out;
  std::vector<unsigned char> buffer(chunk_bytes);
  auto feed = [&](const void* data, std::size_t n, int flush) {
    const auto* p = static_cast<const unsigned char*>(data);
    do {
      // zlib takes at most uInt bytes at once
      const std::size_t part = std::min<std::size_t>(n, std::numeric_limits<uInt>::max());
      z.next_in = const_cast<unsigned char*>(p);  // zlib's API is not const-correct
      z.avail_in = static_cast<uInt>(part);
      const int last = part == n ? flush : Z_NO_FLUSH;
      int status = Z_OK;
      do {
        z.next_out = buffer.data();
        z.avail_out = static_cast<uInt>(buffer.size());
        status = deflate(&z, last);
        if (status == Z_STREAM_ERROR) throw io_error("xp::savez: " + path + ": zlib failed while compressing");
        out.append(reinterpret_cast<const char*>(buffer.data()), buffer.size() - z.avail_out);
      } while (z.avail_out == 0 || (last == Z_FINISH && status != Z_STREAM_END));
      p += part;
      n -= part;
    } while (n > 0);
  };
  feed(header.data(), header.size(), Z_NO_FLUSH);
  for_each_little_endian_chunk(e, [&](const void* data, std::size_t n) { feed(data, n, Z_NO_FLUSH); });
  feed(nullptr, 0, Z_FINISH);
  return out;
#else
  (void)header;
  (void)e;
  throw io_error("xp::savez_compressed: " + path +
                 ": this xp was built without zlib (zlib1g-dev), which compressed archives need");
#endif
}

// np.savez's names: the given ones, and arr_<i> for the unnamed, i counting those.
std::vector<std::string> member_names(const npz_entry* entries, std::size_t count) {
  std::set<std::string> named;
  for (std::size_t i = 0; i < count; ++i) {
    if (!entries[i].named()) continue;
    const std::string& name = entries[i].name();
    if (name.empty()) throw value_error("xp::savez: an array's name must not be empty");
    if (!named.insert(name).second) throw value_error("xp::savez: the name '" + printable(name) + "' is given twice");
  }
  std::vector<std::string> names;
  std::size_t unnamed = 0;
  for (std::size_t i = 0; i < count; ++i) {
    std::string name = entries[i].named() ? entries[i].name() : "arr_" + std::to_string(unnamed++);
    if (!entries[i].named() && named.count(name))
      throw value_error("xp::savez: Cannot use un-named variables and keyword " + name);
    name += ".npy";
    if (name.size() > 0xffff)
      throw value_error("xp::savez: the name '" + printable(name) + "' is too long for a ZIP archive");
    names.push_back(std::move(name));
  }
  return names;
}

}  // namespace

void write_npz(const std::string& path, const npz_entry* entries, std::size_t count, const npz_write_options& options) {
  const std::vector<std::string> names = member_names(entries, count);
  const std::uint64_t limit = options.zip64_limit;
  output_file out(path, "xp::savez");
  std::vector<written_member> members;

  for (std::size_t i = 0; i < count; ++i) {
    const npz_entry& e = entries[i];
    const std::string header = e.is_bytes() ? npy_bytes_header(e.nbytes()) : npy_header_bytes(e.dtype(), e.shape());
    written_member m;
    m.name = names[i];
    m.flags = std::any_of(m.name.begin(), m.name.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; })
                  ? flag_utf8_name
                  : 0;
    m.size = header.size() + e.nbytes();
    m.offset = out.position();
    m.crc = crc32(0, header.data(), header.size());
    for_each_little_endian_chunk(e, [&](const void* data, std::size_t n) { m.crc = crc32(m.crc, data, n); });
    std::string deflated;
    if (options.compress) {
      deflated = deflate_member(header, e, path);
      m.method = method_deflated;
      m.compressed_size = deflated.size();
    } else {
      m.compressed_size = m.size;
    }

    // zipfile's local header with force_zip64: the sizes again in a ZIP64 extra field, and
    // 0xffffffff in their 32-bit fields once either passes the limit.
    const bool large = std::max(m.size, m.compressed_size) > limit;
    std::string local;
    put32(local, local_signature);
    put16(local, large ? version_zip64 : version_default);
    put16(local, m.flags);
    put16(local, m.method);
    put16(local, 0);  // time 00:00:00
    put16(local, dos_date_1980_01_01);
    put32(local, m.crc);
    put32(local, large ? field_is_zip64 : m.compressed_size);
    put32(local, large ? field_is_zip64 : m.size);
    put16(local, m.name.size());
    put16(local, 20);  // the extra field's length
    local += m.name;
    put16(local, zip64_extra_id);
    put16(local, 16);
    put64(local, m.size);
    put64(local, m.compressed_size);
    out.write(local);
    if (options.compress) {
      out.write(deflated);
    } else {
      out.write(header);
      for_each_little_endian_chunk(e, [&](const void* data, std::size_t n) { out.write(data, n); });
    }
    members.push_back(std::move(m));
  }

  const std::uint64_t directory_offset = out.position();
  std::string directory;
  for (const written_member& m : members) {
    std::vector<std::uint64_t> extra;
    const bool large = std::max(m.size, m.compressed_size) > limit;
    if (large) extra.insert(extra.end(), {m.size, m.compressed_size});
    if (m.offset > limit) extra.push_back(m.offset);
    const std::uint16_t version = extra.empty() ? version_default : version_zip64;
    put32(directory, central_signature);
    put16(directory, made_on_unix | version);
    put16(directory, version);
    put16(directory, m.flags);
    put16(directory, m.method);
    put16(directory, 0);
    put16(directory, dos_date_1980_01_01);
    put32(directory, m.crc);
    put32(directory, large ? field_is_zip64 : m.compressed_size);
    put32(directory, large ? field_is_zip64 : m.size);
    put16(directory, m.name.size());
    put16(directory, extra.empty() ? 0 : 4 + 8 * extra.size());
    put16(directory, 0);  // comment
    put16(directory, 0);  // disk
    put16(directory, 0);  // internal attributes
    put32(directory, mode_0600);
    put32(directory, m.offset > limit ? field_is_zip64 : m.offset);
    directory += m.name;
    if (!extra.empty()) {
      put16(directory, zip64_extra_id);
      put16(directory, 8 * extra.size());
      for (const std::uint64_t v : extra) put64(directory, v);
    }
    if (directory.size() >= chunk_bytes) {
      out.write(directory);
      directory.clear();
    }
  }
  out.write(directory);
  const std::uint64_t directory_end = out.position();
  const std::uint64_t directory_size = directory_end - directory_offset;

  std::string end;
  const bool zip64_end = count > 0xffff || directory_offset > limit || directory_size > limit;
  if (zip64_end) {
    put32(end, zip64_end_signature);
    put64(end, 44);  // the record's size after this field
    put16(end, version_zip64);
    put16(end, version_zip64);
    put32(end, 0);
    put32(end, 0);
    put64(end, count);
    put64(end, count);
    put64(end, directory_size);
    put64(end, directory_offset);
    put32(end, zip64_locator_signature);
    put32(end, 0);
    put64(end, directory_end);
    put32(end, 1);
  }
  put32(end, end_signature);
  put16(end, 0);
  put16(end, 0);
  put16(end, std::min<std::uint64_t>(count, 0xffff));
  put16(end, std::min<std::uint64_t>(count, 0xffff));
  put32(end, std::min<std::uint64_t>(directory_size, 0xffffffff));
  put32(end, std::min<std::uint64_t>(directory_offset, 0xffffffff));
  put16(end, 0);  // comment
  out.write(end);
  out.commit();
}

}  // namespace xp::detail

namespace xp {

const std::vector<std::string>& npz_file::files() const noexcept { return m_archive->files(); }

bool npz_file::contains(const std::string& name) const {
  return m_archive->find(name) != nullptr;  // the member, or name + ".npy": what files() lists
}

const std::string& npz_file::path() const noexcept { return m_archive->name(); }

shape_type npz_file::shape(const std::string& name) const {
  return detail::open_npz_member(*m_archive, name, false).shape();
}

std::string npz_file::dtype(const std::string& name) const {
  return detail::npy_dtype_name(detail::open_npz_member(*m_archive, name, false).dtype());
}

std::string npz_file::get_string(const std::string& name) const {
  std::string what;
  auto source = m_archive->open_bytes(name, true, what);
  return detail::read_npy_text(std::move(source), what);
}

bool npz_compression_available() noexcept { return XP_HAS_ZLIB != 0; }

npz_file load_npz(const std::string& path) {
  return npz_file(std::make_shared<const detail::npz_archive>(std::make_shared<const detail::file_bytes>(path), true));
}

npz_file load_npz_memory(const void* bytes, std::size_t size, const std::string& name, bool verify_crc) {
  if (bytes == nullptr && size > 0) throw value_error("xp::load_npz: " + name + ": null pointer to bytes");
  return npz_file(std::make_shared<const detail::npz_archive>(
      std::make_shared<const detail::memory_source>(bytes, size, name), verify_crc));
}

void savez(const std::string& path, std::initializer_list<npz_entry> arrays) {
  detail::write_npz(path, arrays.begin(), arrays.size());
}

void savez(const std::string& path, const std::vector<npz_entry>& arrays) {
  detail::write_npz(path, arrays.data(), arrays.size());
}

void savez_compressed(const std::string& path, std::initializer_list<npz_entry> arrays) {
  detail::write_npz(path, arrays.begin(), arrays.size(), {.compress = true});
}

void savez_compressed(const std::string& path, const std::vector<npz_entry>& arrays) {
  detail::write_npz(path, arrays.data(), arrays.size(), {.compress = true});
}

}  // namespace xp
