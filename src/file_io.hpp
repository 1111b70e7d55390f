#pragma once
// File access shared by the compiled .npy (src/npy.cpp), text (src/text_io.cpp) and archive
// (src/npz.cpp) I/O: the byte sources the readers check, opening for reading with
// xp::io_error messages, positioned reads, and writing a file atomically (a temporary file
// renamed over the target). Internal to the library: not installed, not part of the API.

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

namespace xp::detail {

/// strerror of an errno value.
std::string errno_text(int err);

/// ::open, repeated while a signal interrupts it (EINTR): a descriptor, or -1 with errno set.
/// `mode` is the permissions of a file that O_CREAT creates (the umask applies).
int open_retrying(const char* path, int flags, mode_t mode = 0);

/// Text from a file in a message: printable ASCII as is, other bytes as \xNN, cut after
/// `limit` characters with "...".
std::string printable(std::string_view text, std::size_t limit = 80);

/// Where the bytes of a .npy or an .npz come from (a file, memory, an archive member): every
/// check of the readers runs on any of them.
class byte_source {
 public:
  explicit byte_source(std::string name) : m_name(std::move(name)) {}
  virtual ~byte_source() = default;
  byte_source(const byte_source&) = delete;
  byte_source& operator=(const byte_source&) = delete;
  /// Total bytes.
  virtual std::uint64_t size() const = 0;
  /// Copies n bytes at offset into dst; offset + n <= size() is the caller's promise.
  virtual void read(std::uint64_t offset, std::size_t n, void* dst) const = 0;
  /// What messages call the bytes (a path, "<memory>").
  const std::string& name() const noexcept { return m_name; }

 private:
  std::string m_name;
};

/// Bytes in memory (not copied: they outlive the source).
class memory_source final : public byte_source {
 public:
  memory_source(const void* bytes, std::size_t size, std::string name)
      : byte_source(std::move(name)), m_bytes(static_cast<const unsigned char*>(bytes)), m_size(size) {}
  std::uint64_t size() const override { return m_size; }
  void read(std::uint64_t offset, std::size_t n, void* dst) const override {
    if (n > 0) std::memcpy(dst, m_bytes + offset, n);
  }

 private:
  const unsigned char* m_bytes;
  std::size_t m_size;
};

/// An open file for reading. `who` starts every message ("xp::loadtxt").
class input_file {
 public:
  /// @throws xp::io_error when the file cannot be opened, is a directory, or cannot be stat'ed.
  input_file(const std::string& path, std::string who);
  input_file(const input_file&) = delete;
  input_file& operator=(const input_file&) = delete;
  ~input_file();

  const std::string& path() const noexcept { return m_path; }
  /// True for a regular file (whose size() is meaningful).
  bool is_regular() const noexcept { return m_regular; }
  /// The size when opened (regular files only).
  std::uint64_t size() const noexcept { return m_size; }

  /// Reads up to n bytes at the current position; 0 at the end of the file.
  /// @throws xp::io_error when reading fails.
  std::size_t read_some(void* dst, std::size_t n);
  /// Reads exactly n bytes at offset (positioned, no shared state: safe from const code).
  /// @throws xp::io_error when reading fails or the file ends first (it shrank meanwhile).
  void read_at(std::uint64_t offset, std::size_t n, void* dst) const;

  /// Throws xp::io_error "<who>: <path>: <what>[: strerror(err)]".
  [[noreturn]] void fail(const std::string& what, int err = 0) const;

 private:
  std::string m_path, m_who;
  int m_fd = -1;
  bool m_regular = false;
  std::uint64_t m_size = 0;
};

/// A file being written: to a fresh temporary file next to the target, renamed over it by
/// commit(), so that a failure leaves any old file intact and no partial file behind (a
/// target that exists and is not a regular file, a FIFO or a device, is written directly;
/// symbolic links are followed; a replaced file keeps its permissions). Destroying it before
/// commit() removes the temporary file.
class output_file {
 public:
  /// @throws xp::io_error "<who>: <path>: ..." when the file cannot be created.
  output_file(const std::string& path, std::string who);
  output_file(const output_file&) = delete;
  output_file& operator=(const output_file&) = delete;
  ~output_file();

  /// Writes n bytes. @throws xp::io_error (ENOSPC included).
  void write(const void* data, std::size_t n);
  void write(std::string_view text) { write(text.data(), text.size()); }
  /// Bytes written so far.
  std::uint64_t position() const noexcept { return m_written; }
  /// Flushes to disk and puts the file in place. @throws xp::io_error.
  void commit();

 private:
  [[noreturn]] void fail(const std::string& what, int err);
  std::string m_path, m_who, m_target, m_temporary;  // m_temporary empty: writing in place
  int m_fd = -1;
  std::uint64_t m_written = 0;
};

}  // namespace xp::detail
