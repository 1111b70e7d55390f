// xp/io/npy.hpp: xp's own .npy reader and writer against NumPy's files
// (golden/make_golden_npy.py), hostile files crafted here, and the writer's failure modes; all
// fourteen dtypes natively, converted between every pair (against NumPy's astype in
// golden/dtypes/dtypes_*.npz) and in np.savez archives (xp/io/npz.hpp).
#include "support.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

using namespace xp_test;

namespace npy_test {

namespace fs = std::filesystem;

/// A fresh directory for one test case, removed with everything in it afterwards.
struct scratch_dir {
  fs::path path;
  explicit scratch_dir(const std::string& tag) {
    path = fs::temp_directory_path() / ("xp_npy_" + tag + "_" + backend_name() + "_" + std::to_string(::getpid()));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~scratch_dir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  scratch_dir(const scratch_dir&) = delete;
  scratch_dir& operator=(const scratch_dir&) = delete;
  std::string file(const std::string& name) const { return (path / name).string(); }
  /// The names in the directory, sorted: shows any temporary file left behind.
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(path)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }
};

inline std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  REQUIRE(out.good());
}

/// Magic, version and a header length field of the given value (2 bytes for 1.x, else 4).
inline std::string preamble(int major, int minor, std::uint64_t header_length) {
  std::string s = "\x93NUMPY";
  s += static_cast<char>(major);
  s += static_cast<char>(minor);
  const int length_bytes = major == 1 ? 2 : 4;
  for (int i = 0; i < length_bytes; ++i) s += static_cast<char>((header_length >> (8 * i)) & 0xff);
  return s;
}

/// A .npy file with this header text, padded with spaces and '\n' as NumPy pads, then data.
inline std::string npy_bytes(std::string text, const std::string& data = "", int major = 1) {
  const std::size_t prefix = major == 1 ? 10 : 12;
  text.append(63 - (prefix + text.size()) % 64, ' ');
  text += '\n';
  return preamble(major, 0, text.size()) + text + data;
}

inline std::string dict(const std::string& descr, const std::string& fortran, const std::string& shape) {
  return "{'descr': '" + descr + "', 'fortran_order': " + fortran + ", 'shape': " + shape + ", }";
}

/// n zero bytes of data.
inline std::string zeros(std::size_t n) { return std::string(n, '\0'); }

/// A host array of these values and shape, moved to B.
template <class T>
xp::ndarray<T, B> array_of(const xp::shape_type& shape, std::initializer_list<T> values) {
  auto h = xp::empty<T, xp::host>(shape);
  REQUIRE(static_cast<std::size_t>(h.size()) == values.size());
  std::copy(values.begin(), values.end(), h.data());
  return xp::asarray<B>(h);
}

/// Same shape; equal values, or NaN where NaN is expected.
template <class T, class B1>
void check_same_nan(const xp::ndarray<T, B1>& got, const std::vector<T>& want) {
  const auto g = values(got);
  REQUIRE(g.size() == want.size());
  for (std::size_t i = 0; i < g.size(); ++i) {
    INFO("flat index " << i);
    if constexpr (xp::detail::is_complex_v<T>) {  // part by part
      CHECK((std::isnan(want[i].re) ? std::isnan(g[i].re) : g[i].re == want[i].re));
      CHECK((std::isnan(want[i].im) ? std::isnan(g[i].im) : g[i].im == want[i].im));
      continue;
    } else if constexpr (xp::detail::is_real_floating_v<T>) {
      if (std::isnan(static_cast<double>(want[i]))) {
        CHECK(std::isnan(static_cast<double>(g[i])));
        continue;
      }
    }
    CHECK(g[i] == want[i]);
  }
}

inline bool mentions(const std::string& message, const std::string& part) {
  return message.find(part) != std::string::npos;
}

/// The message of the xp::error that loading `path` as T throws ("" when none is thrown).
template <class T>
std::string load_error(const std::string& path, xp::npy_load_options options = {}) {
  try {
    (void)xp::load_npy<T, B>(path, options);
  } catch (const xp::error& e) {
    return e.what();
  }
  return "";
}

/// `bytes` must be refused with E, from memory and from a file (whose name the message names),
/// with and without conversion.
template <class E>
void check_refused(const std::string& label, const std::string& bytes, const scratch_dir& dir,
                   const std::string& message_part = "") {
  INFO("case: " << label);
  const xp::npy_load_options convert{.convert = true};
  CHECK_THROWS_AS(xp::detail::load_npy_memory<double>(bytes.data(), bytes.size()), E);
  CHECK_THROWS_AS(xp::detail::load_npy_memory<std::int32_t>(bytes.data(), bytes.size(), convert, label), E);
  const std::string path = dir.file("hostile.npy");
  write_bytes(path, bytes);
  CHECK_THROWS_AS((xp::load_npy<double, B>(path)), E);
  CHECK_THROWS_AS((xp::load_npy<std::uint8_t, B>(path, convert)), E);
  const std::string message = load_error<double>(path);
  INFO("message: " << message);
  CHECK(mentions(message, path));
  if (!message_part.empty()) CHECK(mentions(message, message_part));
}

constexpr double inf = std::numeric_limits<double>::infinity();

// The test cases live in this namespace too: the CUDA suite is one translation unit, and the
// helpers above must not meet the names of the other test files.

// ---- NumPy's files -----------------------------------------------------------------------------

TEST_CASE("npy: every dtype of NumPy's, little- and big-endian") {
  for (const char* order : {"le", "be"}) {
    INFO("byte order " << order);
    auto name = [&](const std::string& code) { return golden("io/npy_dt_" + code + "_" + order); };
    check_same(xp::load_npy<bool, B>(name("b1")), array_of<bool>({2, 3}, {true, false, true, true, false, false}));
    check_same(xp::load_npy<std::uint8_t, B>(name("u1")), array_of<std::uint8_t>({2, 3}, {0, 1, 2, 127, 128, 255}));
    check_same(xp::load_npy<std::int32_t, B>(name("i4")),
               array_of<std::int32_t>({2, 3}, {0, 1, -2, 0x01020304, std::numeric_limits<std::int32_t>::min(),
                                               std::numeric_limits<std::int32_t>::max()}));
    check_same(xp::load_npy<std::int64_t, B>(name("i8")),
               array_of<std::int64_t>({2, 3}, {0, 1, -2, 0x0102030405060708, std::numeric_limits<std::int64_t>::min(),
                                               std::numeric_limits<std::int64_t>::max()}));
    check_same(xp::load_npy<float, B>(name("f4")),
               array_of<float>({2, 3}, {0.f, -1.5f, 3.25f, std::ldexp(1.f, -100), 1.5f * std::ldexp(1.f, 100),
                                        -std::numeric_limits<float>::infinity()}));
    check_same(xp::load_npy<double, B>(name("f8")),
               array_of<double>({2, 3}, {0., -1.5, 3.25, std::ldexp(1., -1000), 1.5 * std::ldexp(1., 1000), -inf}));

    // The other widths load with convert, each value read as its own type first.
    const xp::npy_load_options convert{.convert = true};
    auto as_int64 = [](auto... v) { return array_of<std::int64_t>({2, 3}, {xp::detail::convert<std::int64_t>(v)...}); };
    check_same(xp::load_npy<std::int64_t, B>(name("i1"), convert),
               as_int64(std::int8_t{0}, std::int8_t{1}, std::int8_t{-1}, std::int8_t{127}, std::int8_t{-128},
                        std::int8_t{18}));
    check_same(xp::load_npy<std::int64_t, B>(name("i2"), convert),
               as_int64(std::int16_t{0}, std::int16_t{1}, std::int16_t{-2}, std::int16_t{0x0102}, std::int16_t{-32768},
                        std::int16_t{32767}));
    check_same(xp::load_npy<std::int64_t, B>(name("u2"), convert),
               as_int64(std::uint16_t{0}, std::uint16_t{1}, std::uint16_t{0x0102}, std::uint16_t{32768},
                        std::uint16_t{65534}, std::uint16_t{65535}));
    check_same(xp::load_npy<std::int64_t, B>(name("u4"), convert),
               as_int64(std::uint32_t{0}, std::uint32_t{1}, std::uint32_t{0x01020304}, std::uint32_t{1} << 31,
                        std::uint32_t{0xfffffffe}, std::uint32_t{0xffffffff}));
    check_same(xp::load_npy<std::int64_t, B>(name("u8"), convert),
               as_int64(std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{0x0102030405060708}, std::uint64_t{1} << 63,
                        ~std::uint64_t{1}, ~std::uint64_t{0}));
  }
}

TEST_CASE("npy: Fortran-order files load in C order") {
  check_same(xp::load_npy<double, B>(golden("io/npy_fortran_f8_2d")),
             xp::load_npy<double, B>(golden("io/npy_fortran_f8_2d_expect")));
  check_same(xp::load_npy<std::int32_t, B>(golden("io/npy_fortran_i4_3d")),
             xp::load_npy<std::int32_t, B>(golden("io/npy_fortran_i4_3d_expect")));
  check_same(xp::load_npy<std::int64_t, B>(golden("io/npy_fortran_be_i8_3d")),
             xp::load_npy<std::int64_t, B>(golden("io/npy_fortran_be_i8_3d_expect")));
  check_same(xp::load_npy<float, B>(golden("io/npy_fortran_be_f4_2d")),
             xp::load_npy<float, B>(golden("io/npy_fortran_be_f4_2d_expect")));
  check_same(xp::load_npy<std::uint8_t, B>(golden("io/npy_fortran_u1_4d")),
             xp::load_npy<std::uint8_t, B>(golden("io/npy_fortran_u1_4d_expect")));
  check_same(xp::load_npy<bool, B>(golden("io/npy_fortran_b1_2d")),
             xp::load_npy<bool, B>(golden("io/npy_fortran_b1_2d_expect")));
  check_same(xp::load_npy<std::int64_t, B>(golden("io/npy_axes20_fortran")),
             xp::load_npy<std::int64_t, B>(golden("io/npy_axes20_fortran_expect")));
  check_same(xp::load_npy<float, B>(golden("io/npy_v2_fortran_be_f4")),
             xp::load_npy<float, B>(golden("io/npy_v2_fortran_be_f4_expect")));

  // reordering and converting at once: big-endian int16 in Fortran order to int32 and float64
  const xp::npy_load_options convert{.convert = true};
  check_same(xp::load_npy<std::int32_t, B>(golden("io/npy_fortran_be_i2_2d"), convert),
             xp::load_npy<std::int32_t, B>(golden("io/npy_fortran_be_i2_2d_expect"), convert));
  check_same(xp::load_npy<double, B>(golden("io/npy_fortran_i4_3d"), convert),
             xp::load_npy<std::int32_t, B>(golden("io/npy_fortran_i4_3d_expect")).astype<double>());

  // headers NumPy reads but does not write: Fortran order for 0-d, empty and 1-d arrays
  check_same(xp::load_npy<double, B>(golden("io/npy_fortran_0d")), array_of<double>({}, {-2.5}));
  const auto empty = xp::load_npy<float, B>(golden("io/npy_fortran_empty"));
  CHECK(empty.shape() == xp::shape_type{2, 0, 3});
  check_same(xp::load_npy<std::int64_t, B>(golden("io/npy_fortran_1d")), xp::arange<std::int64_t, B>(5));
}

TEST_CASE("npy: 0-d, empty, many axes, format versions 2.0 and 3.0") {
  check_same(xp::load_npy<double, B>(golden("io/npy_0d_f8")), array_of<double>({}, {3.5}));
  check_same(xp::load_npy<std::int32_t, B>(golden("io/npy_0d_be_i4")), array_of<std::int32_t>({}, {-7}));
  CHECK(xp::load_npy<std::int32_t, B>(golden("io/npy_empty_i4")).shape() == xp::shape_type{0});
  CHECK(xp::load_npy<float, B>(golden("io/npy_empty_f4_3d")).shape() == xp::shape_type{2, 0, 3});

  // header lengths of 0xb6 and more: the length field is unsigned
  const xp::shape_type shape20{1, 2, 1, 1, 3, 1, 1, 1, 2, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 2};
  check_same(xp::load_npy<std::int64_t, B>(golden("io/npy_axes20")), xp::arange<std::int64_t, B>(48).reshape(shape20));
  xp::shape_type shape32(12, 1);
  for (xp::index_t n : {2, 1, 1, 3}) shape32.push_back(n);
  shape32.insert(shape32.end(), 12, 1);
  for (xp::index_t n : {2, 1, 1, 2}) shape32.push_back(n);
  REQUIRE(shape32.size() == 32);
  auto want32 = xp::empty<double, xp::host>(shape32);
  for (xp::index_t i = 0; i < want32.size(); ++i) want32.data()[i] = static_cast<double>(i) / 8;
  check_same(xp::load_npy<double, B>(golden("io/npy_axes32")), want32);

  check_same(xp::load_npy<double, B>(golden("io/npy_v2_f8")),
             array_of<double>({2, 3}, {-2.25, -1.25, -0.25, 0.75, 1.75, 2.75}));
  check_same(xp::load_npy<std::int64_t, B>(golden("io/npy_v3_i8")), xp::arange<std::int64_t, B>(-4, 8).reshape({3, 4}));
}

TEST_CASE("npy: the reader's view of a file") {
  const auto reader = xp::detail::npy_reader::open_file(golden("io/npy_fortran_be_i8_3d"));
  CHECK(reader.dtype() == xp::detail::npy_dtype::int64);
  CHECK(reader.fortran_order());
  CHECK(reader.shape() == xp::shape_type{3, 4, 5});
  CHECK(std::string(xp::detail::npy_dtype_name(xp::detail::npy_dtype::uint16)) == "uint16");
  CHECK(std::string(xp::detail::npy_dtype_name(xp::detail::npy_dtype::float16)) == "float16");
  CHECK(std::string(xp::detail::npy_dtype_name(xp::detail::npy_dtype::complex128)) == "complex128");
  CHECK(xp::detail::npy_reader::open_file(golden("io/npy_dt_c8_be")).dtype() == xp::detail::npy_dtype::complex64);
}

// ---- dtypes: refused without convert, converted like astype with it -----------------------------

TEST_CASE("npy: another dtype is a dtype_error naming both dtypes and the file") {
  const std::string path = golden("io/npy_dt_i4_le");
  CHECK_THROWS_AS((xp::load_npy<float, B>(path)), xp::dtype_error);
  const std::string message = load_error<float>(path);
  CHECK(mentions(message, "int32"));
  CHECK(mentions(message, "float32"));
  CHECK(mentions(message, path));
  CHECK_THROWS_AS((xp::load_npy<std::int64_t, B>(golden("io/npy_dt_i2_le"))), xp::dtype_error);
  CHECK(mentions(load_error<std::int64_t>(golden("io/npy_dt_u8_be")), "uint64"));
  CHECK(mentions(load_error<bool>(golden("io/npy_dt_u1_le")), "uint8"));
  CHECK(mentions(load_error<double>(golden("io/npy_dt_f4_be")), "float64"));
}

TEST_CASE_TEMPLATE("npy: convert = true equals NumPy's astype", C, XP_COMMON_DTYPES) {
  using T = typename C::type;
  // make_golden_npy.py converts to the first six dtypes (the others: golden/dtypes/dtypes_*.npz, below)
  const std::string target(xp::dtype::of<T>().npy_code());
  if (target != "f4" && target != "f8" && target != "i4" && target != "i8" && target != "u1" && target != "b1") return;
  const xp::npy_load_options convert{.convert = true};
  for (const std::string source : {"i1", "i2", "u2", "u4", "u8", "i4", "i8", "u1", "b1", "f4", "f8"}) {
    INFO("from " << source << " to " << target);
    const auto want = xp::load_npy<T, B>(golden("io/npy_conv_" + source + "_to_" + target));
    check_same(xp::load_npy<T, B>(golden("io/npy_conv_" + source), convert), want);
    const std::string bytes = read_bytes(golden("io/npy_conv_" + source));
    check_same(xp::detail::load_npy_memory<T>(bytes.data(), bytes.size(), convert), want);
    if (source == "i2" || source == "u8" || source == "f4")
      check_same(xp::load_npy<T, B>(golden("io/npy_conv_" + source + "_be"), convert), want);
    if (source != target) CHECK_THROWS_AS((xp::load_npy<T, B>(golden("io/npy_conv_" + source))), xp::dtype_error);
  }
}

TEST_CASE_TEMPLATE("npy: convert of NaN, infinities and out-of-range floats follows convert.hpp", C, XP_COMMON_DTYPES) {
  using T = typename C::type;
  const xp::npy_load_options convert{.convert = true};
  for (const char* source : {"io/npy_conv_special_f8", "io/npy_conv_special_f4"}) {
    INFO(source);
    std::vector<T> want;
    if (std::string(source).find("f8") != std::string::npos) {
      for (double v : values(xp::load_npy<double, xp::host>(golden(source)))) want.push_back(xp::detail::convert<T>(v));
    } else {
      for (float v : values(xp::load_npy<float, xp::host>(golden(source)))) want.push_back(xp::detail::convert<T>(v));
    }
    check_same_nan(xp::load_npy<T, B>(golden(source), convert), want);
  }
  // spot checks of the rule itself: NaN -> 0, saturation, inf for doubles beyond float
  const auto f8 = values(xp::load_npy<T, xp::host>(golden("io/npy_conv_special_f8"), convert));
  if constexpr (std::is_same_v<T, std::int32_t>) {
    CHECK(f8[0] == 0);
    CHECK(f8[1] == std::numeric_limits<std::int32_t>::max());
    CHECK(f8[2] == std::numeric_limits<std::int32_t>::min());
    CHECK(f8[5] == std::numeric_limits<std::int32_t>::max());  // 3e9
    CHECK(f8[7] == 300);
  } else if constexpr (std::is_same_v<T, std::uint8_t>) {
    CHECK(f8[7] == 255);  // 300.5 saturates
    CHECK(f8[8] == 0);    // -0.9 truncates to 0
  } else if constexpr (std::is_same_v<T, float>) {
    CHECK(f8[13] == std::numeric_limits<float>::infinity());  // 1e39
  } else if constexpr (std::is_same_v<T, bool>) {
    CHECK(f8[0]);  // NaN is true, as in NumPy
  }
}

// ---- hostile files -----------------------------------------------------------------------------

TEST_CASE("npy: hostile preambles are refused with xp errors") {
  scratch_dir dir("preamble");
  const std::string good = npy_bytes(dict("<f8", "False", "(2,)"), zeros(16));
  REQUIRE(xp::detail::load_npy_memory<double>(good.data(), good.size()).size() == 2);

  std::string bad_magic = good;
  bad_magic[5] = 'Z';
  check_refused<xp::value_error>("bad magic", bad_magic, dir, "magic");
  check_refused<xp::value_error>("empty file", "", dir);
  check_refused<xp::value_error>("cut inside the magic", good.substr(0, 4), dir);
  check_refused<xp::value_error>("cut inside the length", good.substr(0, 9), dir);
  check_refused<xp::value_error>("version 4.0", preamble(4, 0, 118) + good.substr(10), dir, "4.0");
  check_refused<xp::value_error>("version 1.1", preamble(1, 1, 118) + good.substr(10), dir, "1.1");
  check_refused<xp::value_error>("version 0.0", preamble(0, 0, 118) + good.substr(10), dir);
  check_refused<xp::value_error>("header longer than the file", preamble(1, 0, 0x1000) + good.substr(10), dir);
  check_refused<xp::value_error>("header length 0xFFFF", preamble(1, 0, 0xFFFF) + good.substr(10), dir);
  check_refused<xp::value_error>("header length 0xFFFFFFFF, version 2.0", preamble(2, 0, 0xFFFFFFFF) + good.substr(10),
                                 dir);
  check_refused<xp::value_error>("header length 0xFFFFFFFF, version 3.0", preamble(3, 0, 0xFFFFFFFF) + good.substr(10),
                                 dir);
  check_refused<xp::value_error>("header length 0", preamble(1, 0, 0) + good.substr(10), dir);
  // over the 1 MiB cap, though the file really is that long
  const std::string long_header = dict("<f8", "False", "(0,)") + std::string((1 << 20) + 64, ' ');
  check_refused<xp::value_error>("header over 1 MiB", preamble(2, 0, long_header.size()) + long_header, dir);
}

TEST_CASE("npy: the header parser is strict") {
  scratch_dir dir("parser");
  auto refuse = [&](const std::string& label, const std::string& text, const std::string& part = "") {
    check_refused<xp::value_error>(label, npy_bytes(text, zeros(8)), dir, part);
  };
  auto accept = [&](const std::string& label, const std::string& text, const xp::shape_type& shape) {
    INFO("case: " << label);
    const std::string bytes = npy_bytes(text, zeros(8 * static_cast<std::size_t>(xp::size_of(shape))));
    const auto a = xp::detail::load_npy_memory<double>(bytes.data(), bytes.size());
    CHECK(a.shape() == shape);
  };
  const std::string f8 = "'descr': '<f8'", c = "'fortran_order': False";

  // what Python's literal syntax allows
  accept("NumPy's own spelling", dict("<f8", "False", "(1,)"), {1});
  accept("no trailing comma", "{" + f8 + ", " + c + ", 'shape': (1,)}", {1});
  accept("keys in another order", "{'shape': (1,), " + c + ", " + f8 + "}", {1});
  accept("double quotes", "{\"descr\": \"<f8\", \"fortran_order\": False, \"shape\": (1,)}", {1});
  accept("whitespace everywhere", "  {\n\t'descr' :'<f8' ,\r\n 'fortran_order'\f: True,'shape':( 1 , ) , }  ", {1});
  accept("tuple without a trailing comma", "{" + f8 + ", " + c + ", 'shape': (1, 1)}", {1, 1});
  accept("tuple with a trailing comma", "{" + f8 + ", " + c + ", 'shape': (1, 1,)}", {1, 1});
  accept("empty tuple", "{" + f8 + ", " + c + ", 'shape': ()}", {});
  accept("zero extent", "{" + f8 + ", " + c + ", 'shape': (0, 3)}", {0, 3});
  accept("native and not-applicable byte orders", "{'descr': '=f8', " + c + ", 'shape': (1,)}", {1});
  accept("'|' byte order", "{'descr': '|f8', " + c + ", 'shape': (1,)}", {1});

  auto with_shape = [&](const std::string& shape) { return "{" + f8 + ", " + c + ", 'shape': " + shape + ", }"; };
  refuse("(True,)", with_shape("(True,)"), "extent");
  refuse("(0x10,)", with_shape("(0x10,)"), "extent");
  refuse("(-1,)", with_shape("(-1,)"), "extent");
  refuse("(+1,)", with_shape("(+1,)"));
  refuse("(5)", with_shape("(5)"), "tuple");
  refuse("(01,)", with_shape("(01,)"), "leading zeros");
  refuse("(00,)", with_shape("(00,)"), "leading zeros");
  refuse("(1_0,)", with_shape("(1_0,)"));
  refuse("(1.0,)", with_shape("(1.0,)"));
  refuse("(1e3,)", with_shape("(1e3,)"));
  refuse("(1L,)", with_shape("(1L,)"));
  refuse("(,)", with_shape("(,)"));
  refuse("(1,,)", with_shape("(1,,)"));
  refuse("((1,),)", with_shape("((1,),)"));
  refuse("(1 2)", with_shape("(1 2)"));
  refuse("[1]", with_shape("[1]"), "tuple");
  refuse("unclosed tuple", "{" + f8 + ", " + c + ", 'shape': (1,");
  refuse("extent over int64", with_shape("(9223372036854775808,)"), "int64");
  refuse("duplicate key", "{" + f8 + ", " + f8 + ", " + c + ", 'shape': (1,)}", "duplicate");
  refuse("duplicate shape", "{" + f8 + ", " + c + ", 'shape': (1,), 'shape': (1,)}", "duplicate");
  refuse("missing key", "{" + f8 + ", " + c + "}", "missing key 'shape'");
  refuse("missing descr", "{" + c + ", 'shape': (1,)}", "missing key 'descr'");
  refuse("extra key", "{" + f8 + ", " + c + ", 'shape': (1,), 'extra': 1}", "extra");
  refuse("'fortran_order': 1", "{" + f8 + ", 'fortran_order': 1, 'shape': (1,)}", "True or False");
  refuse("'fortran_order': true", "{" + f8 + ", 'fortran_order': true, 'shape': (1,)}", "True or False");
  refuse("'fortran_order': 'False'", "{" + f8 + ", 'fortran_order': 'False', 'shape': (1,)}");
  refuse("'fortran_order': Falsey", "{" + f8 + ", 'fortran_order': Falsey, 'shape': (1,)}");
  refuse("unterminated string", "{'descr': '<f8", "unterminated");
  refuse("mismatched quotes", "{'descr\": '<f8', " + c + ", 'shape': (1,)}");
  refuse("newline in a string", "{'descr': '<f\n8', " + c + ", 'shape': (1,)}");
  refuse("escape in a string", "{'de\\x73cr': '<f8', " + c + ", 'shape': (1,)}", "escape");
  refuse("unquoted key", "{descr: '<f8', " + c + ", 'shape': (1,)}");
  refuse("descr not a string", "{'descr': 8, " + c + ", 'shape': (1,)}");
  refuse("garbage after '}'", dict("<f8", "False", "(1,)") + " x", "after the closing");
  refuse("second dictionary", dict("<f8", "False", "(1,)") + dict("<f8", "False", "(1,)"));
  refuse("NUL after '}'", dict("<f8", "False", "(1,)") + std::string(1, '\0'));
  refuse("no braces", f8 + ", " + c + ", 'shape': (1,)");
  refuse("unclosed dictionary", "{" + f8 + ", " + c + ", 'shape': (1,),");
  refuse("double comma", "{" + f8 + ",, " + c + ", 'shape': (1,)}");
  refuse("missing colon", "{'descr' '<f8', " + c + ", 'shape': (1,)}");
  refuse("non-ASCII", "{" + f8 + ", " + c + ", 'shape': (1,), '\xc3\xa9': 1}");
  refuse("only whitespace", "   ");
}

TEST_CASE("npy: descrs xp does not read are dtype errors") {
  scratch_dir dir("descr");
  for (const std::string descr : {"<f99999999999999999999",
                                  "<f1",
                                  "<f16",
                                  "<c4",
                                  "<c32",
                                  "|c8 x",
                                  "<U3",
                                  "|O",
                                  "|S5",
                                  "|V8",
                                  "<M8[ns]",
                                  "<m8",
                                  "f8",
                                  "!f8",
                                  "<i3",
                                  "<i0",
                                  "<u16",
                                  "|b2",
                                  "<b",
                                  "<",
                                  "",
                                  "<f8 ",
                                  "<F8",
                                  "<i-4"}) {
    check_refused<xp::dtype_error>(
        "descr '" + descr + "'",
        npy_bytes("{'descr': '" + descr + "', 'fortran_order': False, 'shape': (1,)}", zeros(8)), dir, "descr");
  }
  check_refused<xp::dtype_error>(
      "structured dtype",
      npy_bytes("{'descr': [('a', '<i4'), ('b', '<f8')], 'fortran_order': False, 'shape': (1,)}", zeros(12)), dir,
      "structured");
}

TEST_CASE("npy: shapes and data sizes are checked before allocating") {
  scratch_dir dir("sizes");
  for (const char* fortran : {"False", "True"}) {
    INFO("fortran_order " << fortran);
    check_refused<xp::value_error>("shape product overflows int64",
                                   npy_bytes(dict("<f8", fortran, "(4611686018427387904, 4)"), zeros(8)), dir,
                                   "too big");
    check_refused<xp::value_error>(
        "bytes overflow int64", npy_bytes(dict("<f8", fortran, "(2305843009213693952, 2)"), zeros(8)), dir, "too big");
    check_refused<xp::value_error>("product of many extents overflows",
                                   npy_bytes(dict("|u1", fortran, "(65536, 65536, 65536, 65536)"), zeros(8)), dir,
                                   "too big");
    check_refused<xp::value_error>("huge but valid shape, 4 data bytes",
                                   npy_bytes(dict("<f4", fortran, "(218371213,)"), zeros(4)), dir, "truncated");
    check_refused<xp::value_error>("one byte short", npy_bytes(dict("<f8", fortran, "(2, 3)"), zeros(47)), dir,
                                   "truncated");
    check_refused<xp::value_error>("extra data bytes", npy_bytes(dict("<f8", fortran, "(2, 3)"), zeros(49)), dir, "49");
    check_refused<xp::value_error>("data for an empty array", npy_bytes(dict("<f8", fortran, "(2, 0)"), zeros(8)), dir);
    check_refused<xp::value_error>("no data for 0-d", npy_bytes(dict("<i4", fortran, "()"), ""), dir, "truncated");
    check_refused<xp::value_error>("half an element", npy_bytes(dict("<i4", fortran, "(1,)"), zeros(2)), dir);
    // like NumPy, zero extents are left out of the overflow check, the others are not
    const std::string empty = npy_bytes(dict("<f8", fortran, "(0, 1073741824, 536870912)"));
    CHECK(xp::detail::load_npy_memory<double>(empty.data(), empty.size()).shape() ==
          xp::shape_type{0, 1073741824, 536870912});
    check_refused<xp::value_error>("an empty array too big all the same",
                                   npy_bytes(dict("<f8", fortran, "(0, 4611686018427387904, 4611686018427387904)")),
                                   dir, "too big");
  }
}

TEST_CASE("npy: bool bytes other than 0 and 1 are true") {
  scratch_dir dir("bool");
  const std::string bytes = npy_bytes(dict("|b1", "False", "(4,)"), std::string("\x00\x01\x02\xff", 4));
  const std::string path = dir.file("bool.npy");
  write_bytes(path, bytes);
  check_same(xp::load_npy<bool, B>(path), array_of<bool>({4}, {false, true, true, true}));
  check_same(xp::detail::load_npy_memory<bool>(bytes.data(), bytes.size()),
             array_of<bool>({4}, {false, true, true, true}));
  const xp::npy_load_options convert{.convert = true};
  check_same(xp::load_npy<std::int32_t, B>(path, convert), array_of<std::int32_t>({4}, {0, 1, 1, 1}));
  // the same in Fortran order, where each element goes through the converting path
  const std::string fortran = npy_bytes(dict("|b1", "True", "(2, 2)"), std::string("\x00\x80\x02\x01", 4));
  check_same(xp::detail::load_npy_memory<bool>(fortran.data(), fortran.size()),
             array_of<bool>({2, 2}, {false, true, true, true}));
}

TEST_CASE("npy: damaged copies of a valid file load or throw xp errors, nothing else") {
  const std::string valid = read_bytes(golden("io/npy_fortran_be_i8_3d"));
  const xp::npy_load_options convert{.convert = true};
  auto try_load = [&](const std::string& bytes, const std::string& label) {
    INFO(label);
    try {
      (void)xp::detail::load_npy_memory<double>(bytes.data(), bytes.size(), convert);
    } catch (const xp::error&) {
    } catch (...) {
      FAIL("not an xp::error: " << label);
    }
  };
  for (std::size_t n = 0; n < valid.size(); n += n < 160 ? 1 : 37)
    try_load(valid.substr(0, n), "cut at " + std::to_string(n));
  const unsigned char replacements[] = {0,   ' ', '\'', '"', '(', ')', ',',  ':',
                                        '}', '{', '0',  '1', '9', 'T', 0x80, 0xff};
  for (std::size_t i = 0; i < 128; ++i)
    for (unsigned char r : replacements) {
      std::string bytes = valid;
      bytes[i] = static_cast<char>(r);
      try_load(bytes, "byte " + std::to_string(i) + " = " + std::to_string(r));
    }
}

TEST_CASE("npy: I/O failures are io_errors naming the file") {
  scratch_dir dir("io");
  const std::string missing = dir.file("no_such_file.npy");
  CHECK_THROWS_AS((xp::load_npy<double, B>(missing)), xp::io_error);
  CHECK(mentions(load_error<double>(missing), missing));
  CHECK(mentions(load_error<double>(missing), std::strerror(ENOENT)));
  CHECK_THROWS_AS((xp::load_npy<double, B>(dir.path.string())), xp::io_error);  // a directory
  CHECK(mentions(load_error<double>(dir.path.string()), std::strerror(EISDIR)));
  CHECK_THROWS_AS((xp::load_npy<double, B>(dir.file("no_dir/x.npy"))), xp::io_error);
}

// ---- the writer --------------------------------------------------------------------------------

TEST_CASE_TEMPLATE("npy: save_npy / load_npy round trips", C, XP_COMMON_DTYPES) {
  using T = typename C::type;
  scratch_dir dir(std::string("roundtrip_") + std::string(xp::dtype_name<T>()));
  const std::string path = dir.file("a.npy");
  auto round_trip = [&](const xp::ndarray<T, B>& a) {
    xp::save_npy(path, a);
    check_same(xp::load_npy<T, B>(path), a.copy());
    const auto h = xp::load_npy<T, xp::host>(path);  // and as the host reads it
    check_same(h, a.copy());
  };
  const auto base = xp::arange<std::int32_t, B>(60).reshape({3, 4, 5}).template astype<T>();
  round_trip(base);
  round_trip(xp::transpose(base));
  round_trip(base(xp::range(xp::none, xp::none, -1), xp::all, xp::range(1, 5, 2)));
  round_trip(base(1, 2, 3));                            // 0-d
  round_trip(base(xp::all, xp::range(2, 2), xp::all));  // empty
  round_trip(xp::arange<std::int32_t, B>(4).reshape({2, 2}).template astype<T>().reshape([] {
    xp::shape_type s(30, 1);
    s.push_back(2);
    s.push_back(2);
    return s;
  }()));  // 32 axes
  CHECK(dir.entries() == std::vector<std::string>{"a.npy"});
}

TEST_CASE("npy: save_npy writes NumPy's bytes") {
  scratch_dir dir("bytes");
  auto check_bytes = [&](const auto& a, const std::string& golden_name) {
    INFO(golden_name);
    const std::string path = dir.file(golden_name + ".npy");
    xp::save_npy(path, a);
    CHECK(read_bytes(path) == read_bytes(golden("io/" + golden_name)));
  };
  check_bytes(xp::arange<double, B>(6).reshape({2, 3}), "npy_written_f64");
  check_bytes(array_of<float>({5}, {0.f, 0.5f, 1.f, 1.5f, 2.f}), "npy_written_f32");
  check_bytes(xp::arange<std::int32_t, B>(6).reshape({3, 2}), "npy_written_i32");
  check_bytes(xp::arange<std::int64_t, B>(-3, 3), "npy_written_i64");
  check_bytes(array_of<std::uint8_t>({6}, {250, 251, 252, 253, 254, 255}), "npy_written_u8");
  check_bytes(array_of<bool>({4}, {true, false, true, true}), "npy_written_bool");
  check_bytes(array_of<double>({}, {2.5}), "npy_written_0d");
  check_bytes(xp::zeros<float, B>({2, 0, 3}), "npy_written_empty_f4");
  check_bytes(xp::zeros<double, B>({123456789012, 0}), "npy_written_wide");
  xp::shape_type axes32(30, 1);
  axes32.push_back(2);
  axes32.push_back(2);
  check_bytes(xp::arange<std::int64_t, B>(4).reshape(axes32), "npy_written_axes32");
  xp::shape_type full_pad(11, 1);
  full_pad.push_back(0);
  full_pad.push_back(100000);
  check_bytes(xp::zeros<std::int32_t, B>(full_pad), "npy_written_full_pad");
  // a strided view is written as its C-order copy
  const auto wide = array_of<double>({2, 6}, {0, -1, 1, -1, 2, -1, 3, -1, 4, -1, 5, -1});
  check_bytes(wide(xp::all, xp::range(xp::none, xp::none, 2)), "npy_written_f64");
}

TEST_CASE("npy: a header over 65535 bytes is written as format 2.0") {
  scratch_dir dir("v2");
  const xp::shape_type shape(22000, 1);  // NumPy stops at 32 axes; xp does not
  const auto a = xp::full<std::int64_t, B>(shape, 42);
  const std::string path = dir.file("many_axes.npy");
  xp::save_npy(path, a);
  const std::string bytes = read_bytes(path);
  REQUIRE(bytes.size() > 12);
  CHECK(bytes[6] == 2);
  CHECK(bytes[7] == 0);
  const std::uint64_t header_length = static_cast<unsigned char>(bytes[8]) | static_cast<unsigned char>(bytes[9]) << 8 |
                                      static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[10])) << 16;
  CHECK((12 + header_length) % 64 == 0);
  CHECK(bytes[12 + header_length - 1] == '\n');
  CHECK(bytes.size() == 12 + header_length + 8);
  const auto back = xp::load_npy<std::int64_t, B>(path);
  CHECK(back.shape() == shape);
  CHECK(values(back) == std::vector<std::int64_t>{42});
}

TEST_CASE("npy: save_npy to a device or FIFO writes in place") {
  const auto a = xp::arange<double, B>(6).reshape({2, 3});
  struct stat st {};
  if (::stat("/dev/full", &st) == 0 && S_ISCHR(st.st_mode)) {
    CHECK_THROWS_AS(xp::save_npy("/dev/full", a), xp::io_error);
    try {
      xp::save_npy("/dev/full", a);
    } catch (const xp::io_error& e) {
      CHECK(mentions(e.what(), "/dev/full"));
      CHECK(mentions(e.what(), std::strerror(ENOSPC)));
    }
    REQUIRE(::stat("/dev/full", &st) == 0);
    CHECK(S_ISCHR(st.st_mode));
  }
  // A FIFO with its read end open here (O_RDWR never blocks): the bytes arrive through it.
  scratch_dir dir("fifo");
  const std::string fifo = dir.file("pipe.npy");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const int fd = ::open(fifo.c_str(), O_RDWR | O_NONBLOCK);
  REQUIRE(fd >= 0);
  xp::save_npy(fifo, a);
  std::string got(4096, '\0');
  const ssize_t n = ::read(fd, got.data(), got.size());
  ::close(fd);
  REQUIRE(n > 0);
  got.resize(static_cast<std::size_t>(n));
  CHECK(got == read_bytes(golden("io/npy_written_f64")));
  REQUIRE(::lstat(fifo.c_str(), &st) == 0);
  CHECK(S_ISFIFO(st.st_mode));
  CHECK(dir.entries() == std::vector<std::string>{"pipe.npy"});
}

TEST_CASE("npy: failed saves leave no file behind and old files intact") {
  scratch_dir dir("failures");
  const auto a = xp::arange<double, B>(6).reshape({2, 3});

  // a missing directory
  const std::string nowhere = dir.file("missing_dir/a.npy");
  CHECK_THROWS_AS(xp::save_npy(nowhere, a), xp::io_error);
  CHECK_FALSE(fs::exists(nowhere));
  CHECK(dir.entries().empty());

  // a path that is a directory
  fs::create_directory(dir.path / "sub");
  CHECK_THROWS_AS(xp::save_npy(dir.file("sub"), a), xp::io_error);
  CHECK(fs::is_directory(dir.path / "sub"));
  CHECK(dir.entries() == std::vector<std::string>{"sub"});
  fs::remove(dir.path / "sub");

  // a write that fails half way (the file size limit: this works for root too) over an old file
  const std::string old_path = dir.file("old.npy");
  xp::save_npy(old_path, a);
  const std::string old_bytes = read_bytes(old_path);
  struct rlimit saved {};
  REQUIRE(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
  const auto previous_handler = ::signal(SIGXFSZ, SIG_IGN);  // EFBIG instead of the signal
  struct rlimit small = saved;
  small.rlim_cur = 1000;
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
  std::string message;
  try {
    xp::save_npy(old_path, xp::arange<double, B>(1000));
  } catch (const xp::io_error& e) {
    message = e.what();
  }
  ::setrlimit(RLIMIT_FSIZE, &saved);
  ::signal(SIGXFSZ, previous_handler);
  CHECK(mentions(message, old_path));
  CHECK(mentions(message, std::strerror(EFBIG)));
  CHECK(read_bytes(old_path) == old_bytes);
  CHECK(dir.entries() == std::vector<std::string>{"old.npy"});

  // and a successful save over it replaces it, leaving nothing else
  xp::save_npy(old_path, xp::arange<double, B>(3));
  check_same(xp::load_npy<double, B>(old_path), xp::arange<double, B>(3));
  CHECK(dir.entries() == std::vector<std::string>{"old.npy"});
}

TEST_CASE("npy: permissions and symbolic links") {
  scratch_dir dir("links");
  const auto a = xp::arange<double, B>(6).reshape({2, 3});
  const std::string golden_bytes = read_bytes(golden("io/npy_written_f64"));

  // a new file gets 0666 less the umask; a replaced file keeps its permissions
  const mode_t mask = ::umask(022);
  ::umask(mask);
  const std::string fresh = dir.file("fresh.npy");
  xp::save_npy(fresh, a);
  struct stat st {};
  REQUIRE(::stat(fresh.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == (0666 & ~mask));
  REQUIRE(::chmod(fresh.c_str(), 0640) == 0);
  xp::save_npy(fresh, a);
  REQUIRE(::stat(fresh.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0640);

  // a link to an existing file: the file is replaced, the link stays a link
  const std::string target = dir.file("target.npy");
  write_bytes(target, "old contents");
  const std::string link = dir.file("link.npy");
  fs::create_symlink("target.npy", link);  // relative, as links often are
  xp::save_npy(link, a);
  CHECK(fs::is_symlink(link));
  CHECK(read_bytes(target) == golden_bytes);

  // a chain of links, and a dangling link whose target the save creates
  const std::string link2 = dir.file("link2.npy");
  fs::create_symlink(link, link2);
  xp::save_npy(link2, xp::arange<double, B>(3));
  CHECK(fs::is_symlink(link2));
  check_same(xp::load_npy<double, B>(target), xp::arange<double, B>(3));
  const std::string dangling = dir.file("dangling.npy");
  fs::create_symlink("created.npy", dangling);
  xp::save_npy(dangling, a);
  CHECK(fs::is_symlink(dangling));
  CHECK(read_bytes(dir.file("created.npy")) == golden_bytes);

  // a loop of links is an io_error
  fs::create_symlink("loop_b.npy", dir.file("loop_a.npy"));
  fs::create_symlink("loop_a.npy", dir.file("loop_b.npy"));
  CHECK_THROWS_AS(xp::save_npy(dir.file("loop_a.npy"), a), xp::io_error);

  CHECK(dir.entries() == std::vector<std::string>{"created.npy", "dangling.npy", "fresh.npy", "link.npy", "link2.npy",
                                                  "loop_a.npy", "loop_b.npy", "target.npy"});
}

// ---- the fourteen dtypes ------------------------------------------------------------------------

/// Calls f(T{}, code) for each of xp's dtypes: its element type and `.npy` type string ("b1",
/// "i1", ..., "c16"), which is also the tag of golden/dtypes/dtypes_<tag>.npz.
template <class F>
void for_each_dtype(F&& f) {
#define XP_TEST_EACH_DTYPE(T, c, n, k, npy) f(T{}, std::string(npy));
  XP_DTYPES(XP_TEST_EACH_DTYPE)
#undef XP_TEST_EACH_DTYPE
}

/// The elements' bytes in C order (host copy): compares values bit for bit (-0.0, NaN payloads).
template <class T, class B1>
std::string bytes_of(const xp::ndarray<T, B1>& a) {
  const auto h = a.copy();
  const auto host = h.copy_to_host();
  return std::string(reinterpret_cast<const char*>(host.data()), static_cast<std::size_t>(host.size()) * sizeof(T));
}

TEST_CASE(
    "npy: int8, int16, uint16, uint32, uint64, float16 and complex load natively with NumPy's values, little- and "
    "big-endian") {
  using xp::float16;
  const float16 inf16 = std::numeric_limits<float16>::infinity();
  for (const char* order : {"le", "be"}) {
    INFO("byte order " << order);
    auto name = [&](const std::string& code) { return golden("io/npy_dt_" + code + "_" + order); };
    // the values of make_golden_npy.py's dtype_values
    check_same(xp::load_npy<std::int8_t, B>(name("i1")), array_of<std::int8_t>({2, 3}, {0, 1, -1, 127, -128, 18}));
    check_same(xp::load_npy<std::int16_t, B>(name("i2")),
               array_of<std::int16_t>({2, 3}, {0, 1, -2, 0x0102, -32768, 32767}));
    check_same(xp::load_npy<std::uint16_t, B>(name("u2")),
               array_of<std::uint16_t>({2, 3}, {0, 1, 0x0102, 32768, 65534, 65535}));
    check_same(xp::load_npy<std::uint32_t, B>(name("u4")),
               array_of<std::uint32_t>({2, 3}, {0, 1, 0x01020304, 2147483648u, 4294967294u, 4294967295u}));
    check_same(xp::load_npy<std::uint64_t, B>(name("u8")),
               array_of<std::uint64_t>(
                   {2, 3}, {0, 1, 0x0102030405060708, std::uint64_t{1} << 63,
                            std::numeric_limits<std::uint64_t>::max() - 1, std::numeric_limits<std::uint64_t>::max()}));
    const auto f2 = xp::load_npy<float16, B>(name("f2"));
    check_same(f2, array_of<float16>({2, 3}, {float16(0.f), float16(-1.5f), float16(3.25f),
                                              float16(std::ldexp(1.f, -20)), float16(1536.f), -inf16}));
    CHECK(values(f2)[3].bits == 0x0010);  // 2^-20, a subnormal: 16 x 2^-24
    CHECK(values(f2)[1].bits == 0xbe00);  // -1.5
    using c8 = xp::complex64;
    using c16 = xp::complex128;
    const float finf = std::numeric_limits<float>::infinity();
    const auto z8 = xp::load_npy<c8, B>(name("c8"));
    check_same(z8, array_of<c8>({2, 3}, {c8(0.f, 0.f), c8(-1.5f, 2.f), c8(3.25f, -0.25f),
                                         c8(std::ldexp(1.f, -100), -1.5f * std::ldexp(1.f, 100)), c8(-finf, 1.f),
                                         c8(1.f, -0.f)}));
    CHECK(std::signbit(values(z8)[5].im));  // -0.0: each part keeps its sign
    CHECK_FALSE(std::signbit(values(z8)[0].im));
    const auto z16 = xp::load_npy<c16, B>(name("c16"));
    check_same(z16, array_of<c16>({2, 3}, {c16(0., 0.), c16(-1.5, 2.), c16(3.25, -0.25),
                                           c16(std::ldexp(1., -1000), -1.5 * std::ldexp(1., 1000)), c16(-inf, 1.),
                                           c16(1., -0.)}));
    CHECK(std::signbit(values(z16)[5].im));
  }
  // the two byte orders give the same bits, for all fourteen
  for_each_dtype([](auto zero, const std::string& code) {
    using T = decltype(zero);
    INFO(code);
    const auto le = xp::load_npy<T, B>(golden("io/npy_dt_" + code + "_le"));
    const auto be = xp::load_npy<T, B>(golden("io/npy_dt_" + code + "_be"));
    CHECK(le.shape() == xp::shape_type{2, 3});
    CHECK(bytes_of(le) == bytes_of(be));
    const auto reader = xp::detail::npy_reader::open_file(golden("io/npy_dt_" + code + "_be"));
    CHECK(reader.dtype() == xp::dtype::of<T>().id());
    CHECK(std::string(xp::detail::npy_dtype_name(reader.dtype())) == xp::dtype_name<T>());
  });
}

TEST_CASE("npy: convert between any two of the fourteen dtypes is NumPy's astype (golden/dtypes/dtypes_*.npz)") {
  // dtypes_<tag>.npz (NumPy 2) holds `c` and c.astype(t) as `astype_<t>` for every t: loading `c`
  // as t with convert must give the same bits (the member goes through the .npy reader)
  const xp::npy_load_options convert{.convert = true};
  int pairs = 0;
  for_each_dtype([&](auto, const std::string& source) {
    const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/dtypes/dtypes_" + source + ".npz");
    for_each_dtype([&](auto zero, const std::string& target) {
      using T = decltype(zero);
      INFO("from " << source << " to " << target);
      CHECK(z.dtype("astype_" + target) == xp::dtype_name<T>());
      const auto want = z.get<T, B>("astype_" + target);
      const auto got = z.get<T, B>("c", convert);
      CHECK(got.shape() == want.shape());
      CHECK(bytes_of(got) == bytes_of(want));
      if (source != target) CHECK_THROWS_AS((z.get<T, B>("c")), xp::dtype_error);
      ++pairs;
    });
  });
  CHECK(pairs == 14 * 14);
}

TEST_CASE("npy: convert of big-endian files byte-swaps first (a complex value part by part)") {
  const xp::npy_load_options convert{.convert = true};
  for_each_dtype([&](auto source_zero, const std::string& source) {
    using S = decltype(source_zero);
    const auto native = values(xp::load_npy<S, xp::host>(golden("io/npy_dt_" + source + "_le")));
    for_each_dtype([&](auto target_zero, const std::string& target) {
      using T = decltype(target_zero);
      INFO("from >" << source << " to " << target);
      auto want = xp::empty<T, xp::host>({2, 3});
      for (std::size_t i = 0; i < native.size(); ++i) want.data()[i] = xp::detail::convert<T>(native[i]);
      CHECK(bytes_of(xp::load_npy<T, B>(golden("io/npy_dt_" + source + "_be"), convert)) == bytes_of(want));
    });
  });
}

TEST_CASE("npy: a big-endian complex128 file in Fortran order") {
  // element (i, j) of a (2, 3) array is (3i + j) - (3i + j)/4 j; Fortran order stores the
  // first index fastest; '>c16' stores each part as a big-endian double
  std::string data;
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 2; ++i)
      for (const double part : {3.0 * i + j, -(3.0 * i + j) / 4}) {
        std::uint64_t bits;
        std::memcpy(&bits, &part, sizeof bits);
        for (int b = 7; b >= 0; --b) data += static_cast<char>((bits >> (8 * b)) & 0xff);
      }
  const std::string bytes = npy_bytes(dict(">c16", "True", "(2, 3)"), data);
  using c16 = xp::complex128;
  const auto want =
      array_of<c16>({2, 3}, {c16(0, -0.), c16(1, -0.25), c16(2, -0.5), c16(3, -0.75), c16(4, -1), c16(5, -1.25)});
  CHECK(bytes_of(xp::detail::load_npy_memory<c16>(bytes.data(), bytes.size())) == bytes_of(want));
  const xp::npy_load_options convert{.convert = true};
  check_same(xp::detail::load_npy_memory<xp::complex64>(bytes.data(), bytes.size(), convert),
             want.astype<xp::complex64>());
  check_same(xp::detail::load_npy_memory<double>(bytes.data(), bytes.size(), convert),
             array_of<double>({2, 3}, {0, 1, 2, 3, 4, 5}));  // the real parts
}

TEST_CASE("npy: save_npy writes NumPy's bytes for every dtype") {
  scratch_dir dir("bytes14");
  for_each_dtype([&](auto zero, const std::string& code) {
    using T = decltype(zero);
    INFO(code);
    // np.save of a C-contiguous little-endian (2, 3) array: '|i1', '<f2', '<c16', ...
    const auto a = xp::load_npy<T, B>(golden("io/npy_dt_" + code + "_le"));
    const std::string path = dir.file(code + ".npy");
    xp::save_npy(path, a);
    CHECK(read_bytes(path) == read_bytes(golden("io/npy_dt_" + code + "_le")));
    // a transposed view is written as its C-order copy, and reads back as it
    xp::save_npy(path, xp::transpose(a));
    CHECK(bytes_of(xp::load_npy<T, B>(path)) == bytes_of(xp::transpose(a)));
  });
}

TEST_CASE_TEMPLATE("npy: save_npy / load_npy round trips of int8, int16, uint16, uint32, uint64, float16 and complex",
                   C, on<std::int8_t>, on<std::int16_t>, on<std::uint16_t>, on<std::uint32_t>, on<std::uint64_t>,
                   on<xp::float16>, on<xp::complex64>, on<xp::complex128>) {
  using T = typename C::type;
  scratch_dir dir(std::string("roundtrip_") + std::string(xp::dtype_name<T>()));
  const std::string path = dir.file("a.npy");
  auto round_trip = [&](const xp::ndarray<T, B>& a) {
    xp::save_npy(path, a);
    CHECK(bytes_of(xp::load_npy<T, B>(path)) == bytes_of(a));
    const auto h = xp::load_npy<T, xp::host>(path);  // and as the host reads it
    CHECK(h.shape() == a.shape());
    CHECK(bytes_of(h) == bytes_of(a));
  };
  // values over the whole range of the type (wrapped integers, float16 up to inf, distinct parts)
  auto h = xp::empty<T, xp::host>({3, 4, 5});
  for (xp::index_t i = 0; i < h.size(); ++i) {
    const double v = (static_cast<double>(i) - 29.5) * 1234.567;
    if constexpr (xp::detail::is_complex_v<T>) {
      using R = typename T::value_type;
      h.data()[i] = T(static_cast<R>(v), static_cast<R>(-1.0 / (v + 0.25)));
    } else if constexpr (std::is_integral_v<T>) {
      h.data()[i] = static_cast<T>(static_cast<std::int64_t>(v) * 2654435761);  // wraps
    } else {
      h.data()[i] = xp::detail::convert<T>(v);
    }
  }
  const auto base = xp::asarray<B>(h);
  round_trip(base);
  round_trip(xp::transpose(base));
  round_trip(base(xp::range(xp::none, xp::none, -1), xp::all, xp::range(1, 5, 2)));
  round_trip(base(1, 2, 3));                            // 0-d
  round_trip(base(xp::all, xp::range(2, 2), xp::all));  // empty
  round_trip(base(2, xp::all, 4).reshape([] {
    xp::shape_type s(30, 1);
    s.push_back(2);
    s.push_back(2);
    return s;
  }()));  // 32 axes
  CHECK(dir.entries() == std::vector<std::string>{"a.npy"});
}

TEST_CASE("npz: np.savez archives of every dtype open, and savez writes every dtype") {
  const xp::npy_load_options convert{.convert = true};
  scratch_dir dir("npz14");
  std::vector<xp::npz_entry> entries;
  for_each_dtype([&](auto zero, const std::string& code) {
    using T = decltype(zero);
    INFO(code);
    // dtypes_<code>.npz: np.savez's archive, whose member `a` is a 7x9 array of that dtype
    const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/dtypes/dtypes_" + code + ".npz");
    CHECK(z.contains("a"));
    CHECK(z.dtype("a") == xp::dtype_name<T>());
    CHECK(z.shape("a") == xp::shape_type{7, 9});
    const auto a = z.get<T, B>("a");
    CHECK(a.shape() == xp::shape_type{7, 9});
    if constexpr (!std::is_same_v<T, bool>) CHECK_THROWS_AS((z.get<bool, B>("a")), xp::dtype_error);
    else CHECK_THROWS_AS((z.get<xp::complex64, B>("a")), xp::dtype_error);
    CHECK(bytes_of(z.get<xp::complex128, B>("a", convert)) == bytes_of(a.template astype<xp::complex128>()));
    entries.emplace_back(code, xp::load_npy<T, B>(golden("io/npy_dt_" + code + "_le")));
  });
  // savez of all fourteen: each member holds save_npy's bytes, NumPy's .npy file of that dtype
  const std::string path = dir.file("all.npz");
  xp::savez(path, entries);
  const std::string archive = read_bytes(path);
  const xp::npz_file back = xp::load_npz(path);
  CHECK(back.files().size() == 14);
  for_each_dtype([&](auto zero, const std::string& code) {
    using T = decltype(zero);
    INFO(code);
    CHECK(archive.find(read_bytes(golden("io/npy_dt_" + code + "_le"))) != std::string::npos);
    CHECK(back.dtype(code) == xp::dtype_name<T>());
    CHECK(bytes_of(back.get<T, B>(code)) == bytes_of(xp::load_npy<T, B>(golden("io/npy_dt_" + code + "_le"))));
  });
}

}  // namespace npy_test
