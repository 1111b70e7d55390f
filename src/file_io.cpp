// File access for text and archive I/O (src/file_io.hpp). Writing follows save_npy's scheme
// (src/npy.cpp): a temporary file in the target's directory, fsync'ed and renamed over it.

#include "file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <vector>

#include "xp/core/error.hpp"

namespace xp::detail {

namespace {

std::string directory_of(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

// Every byte or the errno of the first failure.
int write_all(int fd, const void* data, std::size_t n) {
  const auto* p = static_cast<const unsigned char*>(data);
  while (n > 0) {
    const ssize_t put = ::write(fd, p, std::min<std::size_t>(n, std::size_t{1} << 30));
    if (put < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    if (put == 0) return EIO;
    p += put;
    n -= static_cast<std::size_t>(put);
  }
  return 0;
}

}  // namespace

std::string errno_text(int err) { return std::strerror(err); }

int open_retrying(const char* path, int flags, mode_t mode) {
  int fd;
  do {
    fd = ::open(path, flags, mode);
  } while (fd < 0 && errno == EINTR);
  return fd;
}

std::string printable(std::string_view text, std::size_t limit) {
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < limit; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      static constexpr char hex[] = "0123456789abcdef";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  if (text.size() > limit) out += "...";
  return out;
}

// ---- reading -----------------------------------------------------------------------------------

input_file::input_file(const std::string& path, std::string who) : m_path(path), m_who(std::move(who)) {
  m_fd = open_retrying(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (m_fd < 0) fail("cannot open the file", errno);
  struct stat st {};
  if (::fstat(m_fd, &st) != 0) {
    const int err = errno;
    ::close(m_fd);
    m_fd = -1;
    fail("cannot stat the file", err);
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(m_fd);
    m_fd = -1;
    fail("cannot read the file", EISDIR);
  }
  m_regular = S_ISREG(st.st_mode);
  m_size = m_regular ? static_cast<std::uint64_t>(st.st_size) : 0;
}

input_file::~input_file() {
  if (m_fd >= 0) ::close(m_fd);
}

void input_file::fail(const std::string& what, int err) const {
  throw io_error(m_who + ": " + m_path + ": " + what + (err ? ": " + errno_text(err) : std::string()));
}

std::size_t input_file::read_some(void* dst, std::size_t n) {
  while (true) {
    const ssize_t got = ::read(m_fd, dst, std::min<std::size_t>(n, std::size_t{1} << 30));
    if (got >= 0) return static_cast<std::size_t>(got);
    if (errno != EINTR) fail("read failed", errno);
  }
}

void input_file::read_at(std::uint64_t offset, std::size_t n, void* dst) const {
  auto* out = static_cast<unsigned char*>(dst);
  while (n > 0) {
    const ssize_t got = ::pread(m_fd, out, std::min<std::size_t>(n, std::size_t{1} << 30), static_cast<off_t>(offset));
    if (got < 0) {
      if (errno == EINTR) continue;
      fail("read failed", errno);
    }
    if (got == 0) fail("the file is truncated (it shrank while being read)");
    out += got;
    offset += static_cast<std::uint64_t>(got);
    n -= static_cast<std::size_t>(got);
  }
}

// ---- writing -----------------------------------------------------------------------------------

output_file::output_file(const std::string& path, std::string who) : m_path(path), m_who(std::move(who)) {
  // The path a chain of symbolic links ends at: saving through a link replaces the file it
  // names, not the link.
  m_target = path;
  for (int hops = 0;; ++hops) {
    if (hops == 40) fail("cannot follow the symbolic links", ELOOP);
    struct stat st {};
    if (::lstat(m_target.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) break;
    std::vector<char> link(static_cast<std::size_t>(st.st_size > 0 ? st.st_size : 255) + 1);
    const ssize_t n = ::readlink(m_target.c_str(), link.data(), link.size());
    if (n < 0) fail("cannot read the symbolic link " + m_target, errno);
    if (static_cast<std::size_t>(n) >= link.size()) fail("the symbolic link " + m_target + " changed while read", 0);
    const std::string text(link.data(), static_cast<std::size_t>(n));
    m_target = !text.empty() && text[0] == '/' ? text : directory_of(m_target) + "/" + text;
  }

  // Devices, FIFOs and the like cannot be replaced by a rename: written directly.
  struct stat existing {};
  const bool exists = ::stat(m_target.c_str(), &existing) == 0;
  if (exists && S_ISDIR(existing.st_mode)) fail("cannot write the file", EISDIR);
  if (exists && !S_ISREG(existing.st_mode)) {
    m_fd = open_retrying(m_target.c_str(), O_WRONLY | O_CLOEXEC);
    if (m_fd < 0) fail("cannot open for writing", errno);
    return;
  }

  static std::atomic<unsigned> counter{0};
  const std::string directory = directory_of(m_target);
  const auto stamp = static_cast<unsigned long long>(std::chrono::steady_clock::now().time_since_epoch().count());
  for (int attempt = 0; attempt < 100 && m_fd < 0; ++attempt) {
    m_temporary = directory + "/.xp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" +
                  std::to_string((stamp + static_cast<unsigned long long>(attempt)) % 1000000007ull) + ".tmp";
    m_fd = open_retrying(m_temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);  // the umask applies
    if (m_fd < 0 && errno != EEXIST) {
      const int err = errno;
      m_temporary.clear();
      fail("cannot create a temporary file in " + directory, err);
    }
  }
  if (m_fd < 0) {
    m_temporary.clear();
    fail("cannot create a temporary file in " + directory, EEXIST);
  }
  // Replacing a file keeps its permissions, as overwriting it in place would.
  if (exists && ::fchmod(m_fd, existing.st_mode & 07777) != 0)
    fail("cannot set the permissions of " + m_temporary, errno);
}

output_file::~output_file() {
  if (m_fd >= 0) ::close(m_fd);
  if (!m_temporary.empty()) ::unlink(m_temporary.c_str());
}

void output_file::fail(const std::string& what, int err) {
  // Nothing is left behind: the temporary file goes (the destructor does not run when a
  // constructor throws).
  if (m_fd >= 0) ::close(m_fd);
  m_fd = -1;
  if (!m_temporary.empty()) ::unlink(m_temporary.c_str());
  m_temporary.clear();
  throw io_error(m_who + ": " + m_path + ": " + what + (err ? ": " + errno_text(err) : std::string()));
}

void output_file::write(const void* data, std::size_t n) {
  if (m_fd < 0) fail("write after the file was closed", 0);
  if (const int err = write_all(m_fd, data, n)) fail("write failed", err);
  m_written += n;
}

void output_file::commit() {
  if (m_fd < 0) fail("commit after the file was closed", 0);
  // The data must be on disk before the rename makes it the file; EINVAL: no fsync here.
  if (!m_temporary.empty() && ::fsync(m_fd) != 0 && errno != EINVAL) fail("write failed", errno);
  const int fd = m_fd;
  m_fd = -1;
  if (::close(fd) != 0) fail("close failed", errno);
  if (m_temporary.empty()) return;
  if (::rename(m_temporary.c_str(), m_target.c_str()) != 0)
    fail("cannot rename " + m_temporary + " to " + m_target, errno);
  m_temporary.clear();
}

}  // namespace xp::detail
