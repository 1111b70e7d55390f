// libFuzzer target: the .npz reader (xp::load_npz_memory, src/npz.cpp) and, behind it, the
// .npy reader on each member and (inputs whose selector picks float or double) the SciPy
// sparse matrix reader (xp::sparse::load_npz, src/sparse_npz.cpp).
//
// Input: one selector byte, then the bytes of an .npz archive. The selector picks the element
// type (s % 6: float, double, int32, int64, uint8, bool), options.convert ((s / 6) % 2) and
// whether the members' CRC-32 is checked ((s / 12) % 2 == 0; skipping it lets mutated
// members reach the .npy reader). make_corpus.py writes the seeds in corpus/npz/ in this form.
//
// Opening the archive and reading every member must give arrays or xp::errors (anything else
// escapes to libFuzzer as a crash; ASan/UBSan/LeakSanitizer watch meanwhile). The harness
// traps when:
//   * a name in files() is not contains(), or shape()/dtype() of a member that loads fail;
//   * a loaded array's size() differs from the product of its shape(), it is not
//     C-contiguous, or it holds more elements than the input's bytes can inflate to;
//   * a sparse matrix that loads is not a valid CSR matrix (indptr rows + 1 long, from 0, not
//     decreasing, ending at nnz; column indices in range);
//   * an element cannot be read (ASan), or a bool holds another value than 0 or 1 (UBSan).

#include <xp/sparse.hpp>
#include <xp/xp.hpp>

#include "fuzz_support.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <type_traits>

namespace {

bool g_verbose = false;  // XP_FUZZ_VERBOSE=1: print what each input loads as

// Deflated members (np.savez_compressed) hold at most ~1032 bytes per input byte (src/npz.cpp).
constexpr std::uint64_t max_inflate_ratio = 1032;
constexpr std::uint64_t inflate_slack_bytes = 64;

[[noreturn]] void fail(const char* what) { xp_fuzz::fail("fuzz_npz", what); }
void require(bool ok, const char* what) {
  if (!ok) fail(what);
}

template <class T>
void check_array(const xp::ndarray<T, xp::host>& a, std::size_t size) {
  std::int64_t n = 1;
  bool zero = false;
  for (std::int64_t d : a.shape()) {
    require(d >= 0, "a negative extent");
    if (d == 0) zero = true;
    else if (__builtin_mul_overflow(n, d, &n)) fail("the shape's product overflows int64");
  }
  if (zero) n = 0;
  require(a.size() == n, "size() != product of shape()");
  require(a.is_contiguous(), "a loaded array is not C-contiguous");
  require(static_cast<std::uint64_t>(n) <= size * max_inflate_ratio + inflate_slack_bytes,
          "more elements than the input's bytes can inflate to");
  const T* p = a.data();
  double acc = 0;  // reads every element; keeps the loads (and UBSan's bool check) in place
  for (std::int64_t i = 0; i < n; ++i) {
    if constexpr (std::is_same_v<T, bool>) acc += p[i] ? 1.0 : 0.0;
    else if constexpr (std::is_floating_point_v<T>) acc += p[i] == p[i] ? 1.0 : 0.5;
    else acc += static_cast<double>(p[i] & 1);
  }
  volatile double sink = acc;
  (void)sink;
}

// The archive as a SciPy sparse matrix: a valid CSR matrix or an xp::error.
template <class T>
void load_sparse(const xp::npz_file& z, std::size_t size) {
  try {
    const auto m = xp::sparse::load_npz<T>(z);
    const auto [rows, cols] = m.shape();
    require(rows >= 0 && cols >= 0, "a sparse matrix of negative shape");
    require(m.indptr().size() == rows + 1, "indptr is not rows + 1 long");
    require(m.indices().size() == m.nnz(), "indices and data differ in length");
    check_array(m.data(), size);
    const xp::sparse::index32* ptr = m.indptr().data();
    const xp::sparse::index32* col = m.indices().data();
    require(ptr[0] == 0 && ptr[rows] == m.nnz(), "indptr does not run from 0 to nnz");
    for (std::int64_t r = 0; r < rows; ++r) require(ptr[r] <= ptr[r + 1], "indptr decreases");
    for (std::int64_t k = 0; k < m.nnz(); ++k) require(col[k] >= 0 && col[k] < cols, "a column index out of range");
    if (g_verbose)
      std::fprintf(stderr, "fuzz_npz: sparse %lld x %lld, nnz %lld\n", static_cast<long long>(rows),
                   static_cast<long long>(cols), static_cast<long long>(m.nnz()));
  } catch (const xp::error& e) {
    if (g_verbose) std::fprintf(stderr, "fuzz_npz: sparse: %s\n", e.what());
  }
}

template <class T>
void load(const std::uint8_t* data, std::size_t size, bool convert, bool verify_crc) {
  std::optional<xp::npz_file> z;
  try {
    z.emplace(xp::load_npz_memory(data, size, "<fuzz>", verify_crc));
  } catch (const xp::error& e) {
    if (g_verbose) std::fprintf(stderr, "fuzz_npz: %s\n", e.what());
    return;  // not an archive, or a damaged one: the expected answer
  }
  for (const std::string& name : z->files()) {
    require(z->contains(name), "a name of files() is not contains()");
    try {
      const auto a = z->get<T>(name, {.convert = convert});
      if (g_verbose) std::fprintf(stderr, "fuzz_npz: %s: loaded %s\n", name.c_str(), xp::to_string(a.shape()).c_str());
      check_array(a, size);
      // a member that loads has a header to inspect
      require(z->shape(name) == a.shape(), "shape() differs from the loaded array's");
      (void)z->dtype(name);
    } catch (const xp::error& e) {
      if (g_verbose) std::fprintf(stderr, "fuzz_npz: %s: %s\n", name.c_str(), e.what());
    }
  }
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) load_sparse<T>(*z, size);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("OMP_NUM_THREADS", "1", 0);
  g_verbose = std::getenv("XP_FUZZ_VERBOSE") != nullptr;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t sel = data[0];
  const bool convert = (sel / 6) % 2;
  const bool verify_crc = (sel / 12) % 2 == 0;
  ++data;
  --size;
  switch (sel % 6) {
    case 0:
      load<float>(data, size, convert, verify_crc);
      break;
    case 1:
      load<double>(data, size, convert, verify_crc);
      break;
    case 2:
      load<std::int32_t>(data, size, convert, verify_crc);
      break;
    case 3:
      load<std::int64_t>(data, size, convert, verify_crc);
      break;
    case 4:
      load<std::uint8_t>(data, size, convert, verify_crc);
      break;
    default:
      load<bool>(data, size, convert, verify_crc);
      break;
  }
  return 0;
}
