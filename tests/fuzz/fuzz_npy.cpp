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
//     bool check on the load below);
//   * the same bytes do not load as every dtype with convert (same shape; an empty array
//     loads exactly as far as NumPy's "array is too big" rule allows), a load without
//     convert differs from the one with it, or a converted value differs from NumPy's astype
//     (xp's documented rule for floats to integers: truncate, NaN -> 0, saturate) computed
//     here from the int64 (integer files) or double (float and complex files: the real part)
//     load.

#include <xp/xp.hpp>

#include "fuzz_support.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <type_traits>
#include <vector>

namespace {

bool g_verbose = false;  // XP_FUZZ_VERBOSE=1: print what each input loads as

[[noreturn]] void fail(const char* what) { xp_fuzz::fail("fuzz_npy", what); }
void require(bool ok, const char* what) {
  if (!ok) fail(what);
}

template <class T>
std::optional<xp::ndarray<T, xp::host>> try_load(const std::uint8_t* data, std::size_t size, bool convert) {
  xp::npy_load_options options;
  options.convert = convert;
  try {
    return xp::detail::load_npy_memory<T>(data, size, options, "<fuzz>");
  } catch (const xp::error& e) {
    if (g_verbose) std::fprintf(stderr, "fuzz_npy: convert=%d: %s\n", convert, e.what());
    return std::nullopt;  // a malformed or unwanted file: the expected answer
  }
}

template <class T>
bool same(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) return a == b || (a != a && b != b);
  else return a == b;
}

// Structural checks of one loaded array; reads every element.
template <class T>
void check_array(const xp::ndarray<T, xp::host>& a, std::size_t size, bool convert) {
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
  require(a.ravel().size() == n, "ravel() changed the element count");
}

// NumPy's float -> integer astype as xp defines it: truncate; NaN -> 0; saturate.
template <class I>
I float_to_int(double v) {
  if (v != v) return 0;
  const double t = std::trunc(v);
  if (t >= static_cast<double>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
  if (t <= static_cast<double>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
  return static_cast<I>(t);
}

bool shape_product_is_zero(const xp::shape_type& shape) {
  for (std::int64_t d : shape)
    if (d == 0) return true;
  return false;
}

// double -> float: IEEE rounding within float's range; beyond it +-inf (FLT_MAX accepted
// at the edge, where rounding may give either).
bool float_matches(double v, float got) {
  if (v != v) return got != got;
  if (std::fabs(v) <= static_cast<double>(std::numeric_limits<float>::max())) return got == static_cast<float>(v);
  const float edge = std::numeric_limits<float>::max();
  return v > 0 ? (got == std::numeric_limits<float>::infinity() || got == edge)
               : (got == -std::numeric_limits<float>::infinity() || got == -edge);
}

// NumPy's "array is too big" rule, which xp's allocation follows: the product of the nonzero
// extents times the item size must fit in int64 (zero extents are skipped, so an empty array
// of shape (0, 2**59) exists as float64 but not as complex128).
bool fits_numpy(const xp::shape_type& shape, std::int64_t itemsize) {
  std::int64_t bytes = itemsize;
  for (std::int64_t d : shape)
    if (d != 0 && __builtin_mul_overflow(bytes, d, &bytes)) return false;
  return true;
}

// The bytes loaded as one type succeeded: they load as every type with convert, consistently.
void differential(const std::uint8_t* data, std::size_t size, const xp::shape_type& shape) {
  using xp::detail::npy_dtype;
  const npy_dtype src = xp::detail::npy_reader::open_memory(data, size, "<fuzz>").dtype();
  if (!fits_numpy(shape, sizeof(xp::complex128))) {
    // Only an empty array gets here (its data would not fit in the input). Each target loads
    // exactly when NumPy could allocate it; there are no values to compare.
    require(shape_product_is_zero(shape), "a non-empty array too big for NumPy loaded");
    require(try_load<float>(data, size, true).has_value() == fits_numpy(shape, sizeof(float)) &&
                try_load<double>(data, size, true).has_value() == fits_numpy(shape, sizeof(double)) &&
                try_load<std::int32_t>(data, size, true).has_value() == fits_numpy(shape, 4) &&
                try_load<std::int64_t>(data, size, true).has_value() == fits_numpy(shape, 8) &&
                try_load<std::uint8_t>(data, size, true).has_value() == fits_numpy(shape, 1) &&
                try_load<bool>(data, size, true).has_value() == fits_numpy(shape, 1) &&
                !try_load<xp::complex128>(data, size, true).has_value(),
            "an empty array loads with convert where NumPy's size rule says otherwise");
    return;
  }
  const auto f32 = try_load<float>(data, size, true);
  const auto f64 = try_load<double>(data, size, true);
  const auto i32 = try_load<std::int32_t>(data, size, true);
  const auto i64 = try_load<std::int64_t>(data, size, true);
  const auto u8 = try_load<std::uint8_t>(data, size, true);
  const auto b = try_load<bool>(data, size, true);
  require(f32 && f64 && i32 && i64 && u8 && b, "a loadable file does not load as every dtype with convert");
  require(f32->shape() == shape && f64->shape() == shape && i32->shape() == shape && i64->shape() == shape &&
              u8->shape() == shape && b->shape() == shape,
          "loads with convert differ in shape");
  check_array(*f32, size, true);
  check_array(*f64, size, true);
  check_array(*i32, size, true);
  check_array(*i64, size, true);
  check_array(*u8, size, true);
  check_array(*b, size, true);
  const std::int64_t n = f64->size();
  const char kind = xp::dtype(src).kind();
  if (kind == 'f' || kind == 'c') {  // float16/32/64, or a complex value's real part
    const auto c128 = try_load<xp::complex128>(data, size, true);
    require(c128 && c128->shape() == shape, "a loadable file does not load as complex128 with convert");
    for (std::int64_t i = 0; i < n; ++i) {
      const double v = f64->data()[i];
      require(float_matches(v, f32->data()[i]), "float32 from a float file differs from astype");
      require(i64->data()[i] == float_to_int<std::int64_t>(v), "int64 from a float file differs from astype");
      require(i32->data()[i] == float_to_int<std::int32_t>(v), "int32 from a float file differs from astype");
      require(u8->data()[i] == float_to_int<std::uint8_t>(v), "uint8 from a float file differs from astype");
      const xp::complex128 z = c128->data()[i];
      require(same(z.re, v), "the real part of complex128 from a float file differs from the float64 load");
      require(kind == 'c' || z.im == 0, "complex128 from a real file has an imaginary part");
      require(b->data()[i] == (v != 0 || z.im != 0),  // NaN parts are nonzero
              "bool from a float file differs from astype");
    }
  } else if (src != npy_dtype::uint64) {  // the integer's exact value is its int64 load
    for (std::int64_t i = 0; i < n; ++i) {
      const std::int64_t v = i64->data()[i];
      require(same(f64->data()[i], static_cast<double>(v)), "float64 from an integer file differs from astype");
      require(same(f32->data()[i], static_cast<float>(v)), "float32 from an integer file differs from astype");
      require(i32->data()[i] == static_cast<std::int32_t>(v), "int32 from an integer file does not wrap");
      require(u8->data()[i] == static_cast<std::uint8_t>(v), "uint8 from an integer file does not wrap");
      require(b->data()[i] == (v != 0), "bool from an integer file differs from astype");
    }
  }
}

template <class T>
void load(const std::uint8_t* data, std::size_t size, bool convert) {
  const auto a = try_load<T>(data, size, convert);
  if (!a) return;
  if (g_verbose) std::fprintf(stderr, "fuzz_npy: convert=%d: loaded %s\n", convert, xp::to_string(a->shape()).c_str());
  check_array(*a, size, convert);
  if (!convert) {  // convert to the file's own dtype changes nothing
    const auto c = try_load<T>(data, size, true);
    require(c && c->shape() == a->shape(), "a file that loads without convert does not load with it");
    for (std::int64_t i = 0; i < a->size(); ++i)
      require(same(a->data()[i], c->data()[i]), "a load with convert to the file's dtype changed a value");
  }
  differential(data, size, a->shape());
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
