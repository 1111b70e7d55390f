// libFuzzer target: the .npy reader (xp::detail::load_npy_memory, src/npy.cpp).
//
// Input: one selector byte, then the bytes of a .npy file. The selector picks the element type
// (s % 6: float, double, int32, int64, uint8, bool) and options.convert ((s / 6) % 2).
// make_corpus.py writes the seeds in corpus/npy/ in this form.
//
// The reader must answer every input with an array or an xp::error (anything else escapes to
// libFuzzer as a crash; ASan/UBSan/LeakSanitizer watch it meanwhile). On success the harness
// traps when:
//   * size() differs from the product of shape(), or the array is not C-contiguous;
//   * the array holds more elements than the input has bytes (each element needs one);
//     without convert, more bytes of data than the input has;
//   * an element cannot be read (ASan), or a bool holds another value than 0 or 1 (UBSan's
//     bool check on the load below).

#include <xp/xp.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <type_traits>
#include <vector>

namespace {

bool g_verbose = false;  // XP_FUZZ_VERBOSE=1: print what each input loads as

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_npy: invariant violated: %s\n", what);
  std::fflush(stderr);
  __builtin_trap();
}
void require(bool ok, const char* what) {
  if (!ok) fail(what);
}

template <class T>
void load(const std::uint8_t* data, std::size_t size, bool convert) {
  xp::npy_load_options options;
  options.convert = convert;
  xp::ndarray<T, xp::host> a;
  try {
    a = xp::detail::load_npy_memory<T>(data, size, options, "<fuzz>");
  } catch (const xp::error& e) {
    if (g_verbose) std::fprintf(stderr, "fuzz_npy: convert=%d: %s\n", convert, e.what());
    return;  // a malformed or unwanted file: the expected answer
  }
  if (g_verbose) std::fprintf(stderr, "fuzz_npy: convert=%d: loaded %s\n", convert, xp::to_string(a.shape()).c_str());
  std::int64_t n = 1;
  bool zero = false;
  for (std::int64_t d : a.shape()) {
    require(d >= 0, "a negative extent");
    if (d == 0) zero = true;
    else if (__builtin_mul_overflow(n, d, &n)) fail("the shape's product overflows int64");
  }
  if (zero) n = 0;
  require(a.size() == n, "size() != product of shape()");
  require(a.strides().size() == a.shape().size(), "strides() and shape() differ in length");
  require(a.is_contiguous(), "a loaded array is not C-contiguous");
  require(static_cast<std::uint64_t>(n) <= size, "more elements than the input has bytes");
  if (!convert) require(static_cast<std::uint64_t>(n) * sizeof(T) <= size, "more data than the input has bytes");
  if (n == 0) return;
  require(a.data() != nullptr, "no data for a non-empty array");
  const T* p = a.data();
  // Read every element; the checksum keeps the loads (and UBSan's bool check) in place.
  double acc = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    if constexpr (std::is_same_v<T, bool>) acc += p[i] ? 1.0 : 0.0;
    else if constexpr (std::is_floating_point_v<T>) acc += p[i] == p[i] ? 1.0 : 0.5;  // NaN-safe
    else acc += static_cast<double>(p[i] & 1);
  }
  volatile double sink = acc;
  (void)sink;
  // A view of what was read stays consistent too.
  require(a.ravel().size() == n, "ravel() changed the element count");
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
  ++data;
  --size;
  switch (sel % 6) {
    case 0:
      load<float>(data, size, convert);
      break;
    case 1:
      load<double>(data, size, convert);
      break;
    case 2:
      load<std::int32_t>(data, size, convert);
      break;
    case 3:
      load<std::int64_t>(data, size, convert);
      break;
    case 4:
      load<std::uint8_t>(data, size, convert);
      break;
    default:
      load<bool>(data, size, convert);
      break;
  }
  return 0;
}
