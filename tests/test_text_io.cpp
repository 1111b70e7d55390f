// xp/io/text_io.hpp and xp/io/npz.hpp: loadtxt and savetxt against NumPy's files and
// outputs, savez against np.savez's bytes, load_npz against NumPy's archives, and the errors
// (golden/make_golden_text_io.py writes the golden files).
#include "support.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

using namespace xp_test;

namespace text_io_test {

namespace fs = std::filesystem;

std::string golden_file(const std::string& name) { return std::string(XP_GOLDEN_DIR) + "/" + name; }

/// A fresh directory for one test case, removed with everything in it afterwards.
struct scratch_dir {
  fs::path path;
  explicit scratch_dir(const std::string& tag) {
    path = fs::temp_directory_path() / ("xp_text_io_" + tag + "_" + backend_name() + "_" + std::to_string(::getpid()));
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
  std::size_t count() const { return static_cast<std::size_t>(std::distance(fs::directory_iterator(path), {})); }
};

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  REQUIRE(out.good());
}

bool mentions(const std::string& message, const std::string& part) { return message.find(part) != std::string::npos; }

/// A host array of these values and shape, moved to B.
template <class T>
xp::ndarray<T, B> array_of(const xp::shape_type& shape, std::initializer_list<T> values) {
  auto h = xp::empty<T, xp::host>(shape);
  REQUIRE(static_cast<std::size_t>(h.size()) == values.size());
  std::copy(values.begin(), values.end(), h.data());
  return xp::asarray<B>(h);
}

/// Values of every sign and size, converted without undefined behaviour (uint8 wraps, bool is
/// nonzero), with a fraction for the float dtypes.
template <class T>
xp::ndarray<T, B> sample(const xp::shape_type& shape, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1e4, 1e4);
  auto h = xp::empty<T, xp::host>(shape);
  for (xp::index_t i = 0; i < h.size(); ++i) {
    const double v = u(gen);
    h.data()[i] = xp::detail::is_inexact_v<T> ? xp::detail::convert<T>(v)
                                              : xp::detail::convert<T>(xp::detail::convert<std::int64_t>(v));
  }
  return xp::asarray<B>(h);
}

/// The same float, or NaN where NaN is expected, with the same sign of zero.
inline void check_same_float(double got, double want) {
  if (std::isnan(want)) {
    CHECK(std::isnan(got));
    return;
  }
  CHECK(std::signbit(got) == std::signbit(want));
  CHECK(got == want);
}

/// Same shape and values, NaN where NaN is expected, and the same sign of zero.
template <class T, class B1, class B2>
void check_identical(const xp::ndarray<T, B1>& got, const xp::ndarray<T, B2>& want) {
  REQUIRE(xp::to_string(got.shape()) == xp::to_string(want.shape()));
  const auto g = values(got), w = values(want);
  for (std::size_t i = 0; i < g.size(); ++i) {
    INFO("flat index " << i << ": got " << xp::scalar_str(g[i]) << ", want " << xp::scalar_str(w[i]));
    if constexpr (xp::detail::is_complex_v<T>) {
      check_same_float(g[i].re, w[i].re);
      check_same_float(g[i].im, w[i].im);
    } else if constexpr (xp::detail::is_real_floating_v<T>) {
      check_same_float(static_cast<double>(g[i]), static_cast<double>(w[i]));
    } else {
      CHECK(g[i] == w[i]);
    }
  }
}

/// The message of the xp::error `f` throws, checking its type ("" when none is thrown).
template <class E, class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  } catch (const std::exception& e) {
    FAIL("another exception than expected: " << e.what());
    return "";
  }
  FAIL("no exception");
  return "";
}

// ---- loadtxt -----------------------------------------------------------------------------------

/// loadtxt of golden/io/loadtxt_<name>.txt with these options equals np.loadtxt's result.
template <class T>
void check_loadtxt(const std::string& name, const xp::loadtxt_options& options = {}) {
  INFO("case " << name);
  const auto got = xp::loadtxt<T, B>(golden_file("io/loadtxt_" + name + ".txt"), options);
  check_identical(got, xp::load_npy<T>(golden_file("io/loadtxt_" + name + ".npy")));
}

TEST_CASE("loadtxt: reads what np.loadtxt reads from the same file") {
  check_loadtxt<double>("roundtrip");  // np.savetxt's %.18e: every double exactly
  check_loadtxt<double>("whitespace");
  check_loadtxt<double>("csv", {.delimiter = ',', .skiprows = 1});
  check_loadtxt<std::int64_t>("usecols", {.delimiter = ';', .usecols = {-1, 0, 2, 0}});
  check_loadtxt<double>("special");
  check_loadtxt<float>("float32");
  check_loadtxt<std::int32_t>("int32");
  check_loadtxt<std::uint8_t>("uint8");
  check_loadtxt<bool>("bool");
  check_loadtxt<double>("max_rows", {.max_rows = 2});
  check_loadtxt<double>("newlines");
  check_loadtxt<double>("comments", {.comments = "//"});
  check_loadtxt<double>("no_comments", {.comments = std::nullopt});
  check_loadtxt<double>("ragged_usecols", {.delimiter = ',', .usecols = {1, 0}});
  check_loadtxt<double>("tabs", {.delimiter = '\t'});
}

TEST_CASE("loadtxt: one row, one column, one value and no data have NumPy's shapes") {
  check_loadtxt<double>("row");
  check_loadtxt<double>("row_ndmin2", {.ndmin = 2});
  check_loadtxt<double>("column");
  check_loadtxt<double>("column_ndmin2", {.ndmin = 2});
  check_loadtxt<double>("scalar");  // 0-d
  check_loadtxt<double>("scalar_ndmin1", {.ndmin = 1});
  check_loadtxt<double>("empty");  // (0,)
  check_loadtxt<double>("empty_ndmin2", {.ndmin = 2});
  check_loadtxt<double>("empty_usecols", {.usecols = {0, 1}, .ndmin = 2});
  CHECK(xp::loadtxt<double, B>(golden_file("io/loadtxt_scalar.txt")).ndim() == 0);
  CHECK(xp::to_string(xp::loadtxt<double, B>(golden_file("io/loadtxt_empty.txt")).shape()) == "(0,)");
}

/// The message of the error of loadtxt<T> on a file holding `text`.
template <class E, class T = double>
std::string loadtxt_error(const scratch_dir& dir, const std::string& text, const xp::loadtxt_options& options = {}) {
  const std::string path = dir.file("input.txt");
  write_bytes(path, text);
  return error_of<E>([&] { (void)xp::loadtxt<T, B>(path, options); });
}

TEST_CASE("loadtxt: bad content is a value_error naming the text, the row, the column and the line") {
  scratch_dir dir("loadtxt_errors");
  std::string m = loadtxt_error<xp::value_error>(dir, "# header\n1 2 3\n\n4 abc 6\n");
  CHECK(mentions(m, "could not convert string 'abc' to float64 at row 2, column 2 (line 4)"));
  CHECK(mentions(m, dir.file("input.txt")));

  m = loadtxt_error<xp::value_error>(dir, "1 2 3\n4 5\n");
  CHECK(mentions(m, "the number of columns changed from 3 to 2 at row 2 (line 2)"));
  CHECK(mentions(m, "usecols"));

  m = loadtxt_error<xp::value_error>(dir, "1,,3\n", {.delimiter = ','});
  CHECK(mentions(m, "could not convert string '' to float64 at row 1, column 2"));
  // With a delimiter, a line of spaces is a row of one empty field (NumPy's rule).
  m = loadtxt_error<xp::value_error>(dir, "1,2\n  \n3,4\n", {.delimiter = ','});
  CHECK(mentions(m, "changed from 2 to 1 at row 2 (line 2)"));

  // Integers are integers: no fractions, exponents or values outside the dtype.
  m = loadtxt_error<xp::value_error, std::int32_t>(dir, "1 1.5\n");
  CHECK(mentions(m, "could not convert string '1.5' to int32 at row 1, column 2"));
  CHECK(mentions(loadtxt_error<xp::value_error, std::int32_t>(dir, "2147483648\n"), "'2147483648' to int32"));
  CHECK(mentions(loadtxt_error<xp::value_error, std::uint8_t>(dir, "256\n"), "'256' to uint8"));
  CHECK(mentions(loadtxt_error<xp::value_error, std::uint8_t>(dir, "-1\n"), "'-1' to uint8"));
  CHECK(mentions(loadtxt_error<xp::value_error, std::int64_t>(dir, "9223372036854775808\n"), "to int64"));
  CHECK(mentions(loadtxt_error<xp::value_error, bool>(dir, "True\n"), "'True' to bool"));

  // What Python's float() refuses.
  for (const char* text : {"1e", "1e+", "0x10", "1_000", "nan(1)", "--1", "+-1", ".", "e5", "inf1", "1.2.3", "-"}) {
    INFO(text);
    CHECK(mentions(loadtxt_error<xp::value_error>(dir, std::string(text) + "\n"), "could not convert string"));
  }
  // Bytes that are not text are quoted escaped.
  CHECK(mentions(loadtxt_error<xp::value_error>(dir, std::string("1 2\x01\n")), "'2\\x01'"));
}

TEST_CASE("loadtxt: usecols out of range is an index_error") {
  scratch_dir dir("loadtxt_usecols");
  std::string m = loadtxt_error<xp::index_error>(dir, "1,2,3\n", {.delimiter = ',', .usecols = {5}});
  CHECK(mentions(m, "invalid column index 5 at row 1 (line 1) with 3 columns"));
  m = loadtxt_error<xp::index_error>(dir, "1,2,3\n", {.delimiter = ',', .usecols = {-4}});
  CHECK(mentions(m, "invalid column index -4"));
  m = loadtxt_error<xp::index_error>(dir, "1 2\n3\n", {.usecols = {0, 1}});
  CHECK(mentions(m, "invalid column index 1 at row 2 (line 2) with 1 columns"));
}

TEST_CASE("loadtxt: invalid options are value_errors, file problems io_errors") {
  scratch_dir dir("loadtxt_options");
  const std::string path = dir.file("input.txt");
  write_bytes(path, "1 2\n");
  auto refused = [&](const xp::loadtxt_options& options, const std::string& part) {
    const std::string m = error_of<xp::value_error>([&] { (void)xp::loadtxt<double, B>(path, options); });
    INFO(m);
    CHECK(mentions(m, part));
  };
  refused({.skiprows = -1}, "skiprows");
  refused({.max_rows = -1}, "max_rows");
  refused({.ndmin = 3}, "ndmin");
  refused({.comments = ""}, "comments cannot be an empty string");
  refused({.delimiter = '\n'}, "newline");
  refused({.delimiter = '#'}, "incompatible");

  std::string m = error_of<xp::io_error>([&] { (void)xp::loadtxt<double, B>(dir.file("missing.txt")); });
  CHECK(mentions(m, dir.file("missing.txt")));
  CHECK(mentions(m, "No such file"));
  m = error_of<xp::io_error>([&] { (void)xp::loadtxt<double, B>(dir.path.string()); });
  CHECK(mentions(m, "Is a directory"));
  write_bytes(dir.file("data.txt.gz"), "1 2\n");
  m = error_of<xp::io_error>([&] { (void)xp::loadtxt<double, B>(dir.file("data.txt.gz")); });
  CHECK(mentions(m, "compressed"));
}

TEST_CASE("loadtxt: long lines, no final newline, a \\r\\n split across reads") {
  scratch_dir dir("loadtxt_long");
  // Lines longer than the reader's 64 KiB blocks, and a \r\n across a block boundary.
  std::string text;
  std::vector<double> want;
  const int columns = 9000;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < columns; ++c) {
      if (c) text += ' ';
      text += std::to_string(r * columns + c);
      text += ".5";
      want.push_back(r * columns + c + 0.5);
    }
    text += "\r\n";
  }
  text.pop_back();
  text.pop_back();  // the last line ends at the end of the file
  write_bytes(dir.file("long.txt"), text);
  const auto a = xp::loadtxt<double, B>(dir.file("long.txt"));
  REQUIRE(xp::to_string(a.shape()) == "(3, 9000)");
  CHECK(values(a) == want);

  std::string crlf(65535, ' ');  // the \r is the last byte of the first block
  crlf += "\r\n7\n";
  write_bytes(dir.file("crlf.txt"), crlf);
  CHECK(values(xp::loadtxt<double, B>(dir.file("crlf.txt"))) == std::vector<double>{7});
}

// ---- savetxt -----------------------------------------------------------------------------------

/// savetxt of golden/io/savetxt_<name>.npy (loaded on B) with these options writes the bytes of
/// golden/io/savetxt_<name>.txt.
template <class T>
void check_savetxt(const scratch_dir& dir, const std::string& name, const xp::savetxt_options& options = {}) {
  INFO("case " << name);
  const auto a = xp::load_npy<T, B>(golden_file("io/savetxt_" + name + ".npy"));
  xp::savetxt(dir.file(name + ".txt"), a, options);
  CHECK(read_bytes(dir.file(name + ".txt")) == read_bytes(golden_file("io/savetxt_" + name + ".txt")));
}

TEST_CASE("savetxt: writes np.savetxt's bytes") {
  scratch_dir dir("savetxt");
  check_savetxt<double>(dir, "f64_default");
  check_savetxt<float>(dir, "f32_default");
  check_savetxt<std::int64_t>(dir, "i64_default");
  check_savetxt<std::uint8_t>(dir, "u8_default");
  check_savetxt<bool>(dir, "bool_default");
  check_savetxt<std::int32_t>(
      dir, "i32_options",
      {.fmt = "%d", .delimiter = ",", .header = "first line\nsecond line", .footer = "the end", .comments = "// "});
  check_savetxt<double>(dir, "f64_fixed", {.fmt = "%.3f", .delimiter = "\t", .newline = "\r\n"});
  check_savetxt<double>(dir, "f64_g", {.fmt = "%10.4g"});
  check_savetxt<double>(dir, "f64_zero_pad", {.fmt = "%010.3e"});  // Python zero-pads nan and inf
  check_savetxt<double>(dir, "f64_flags", {.fmt = "%+.2E", .delimiter = ";"});
  check_savetxt<double>(dir, "f64_space_G", {.fmt = "% G"});
  check_savetxt<double>(dir, "f64_str", {.fmt = "%s"});  // NumPy's str(): shortest digits
  check_savetxt<float>(dir, "f32_str", {.fmt = "%-12s|"});
  check_savetxt<float>(dir, "f32_e", {.fmt = "%e"});
  check_savetxt<double>(dir, "f64_as_int", {.fmt = "%d"});  // truncated, every digit
  check_savetxt<std::int64_t>(dir, "i64_multi", {.fmt = "%+08d|%-6d|%#x"});
  check_savetxt<std::int32_t>(dir, "i32_octal_hex", {.fmt = "%#o %X %05.3d"});
  check_savetxt<std::int32_t>(dir, "i32_as_float", {.fmt = "%.2f"});
  check_savetxt<bool>(dir, "bool_str_int", {.fmt = "%s %d"});
  check_savetxt<std::uint8_t>(dir, "u8_precision_s", {.fmt = "%5.2s"});
  check_savetxt<double>(dir, "column_1d", {.fmt = "%.2f", .newline = ";"});
  check_savetxt<double>(dir, "empty_rows", {.header = "only the header"});
  check_savetxt<double>(dir, "empty_columns");
}

TEST_CASE_TEMPLATE("savetxt: loadtxt reads back what savetxt wrote", C, XP_COMMON_DTYPES) {
  using T = typename C::type;
  scratch_dir dir("roundtrip");
  const auto a = sample<T>({5, 4}, 7);
  // %.18e is exact for floats; integers go through %d, which every integer dtype reads.
  const xp::savetxt_options options =
      xp::detail::is_inexact_v<T> ? xp::savetxt_options{} : xp::savetxt_options{.fmt = "%d"};
  xp::savetxt(dir.file("a.txt"), a, options);
  check_identical(xp::loadtxt<T, B>(dir.file("a.txt")), a);

  // A strided view and a 1-D array (one value per line).
  const auto view = xp::transpose(a, {1, 0});
  xp::savetxt(dir.file("t.txt"), view, options);
  check_identical(xp::loadtxt<T, B>(dir.file("t.txt")), view.copy());
  const auto column = a(xp::all, 1);
  xp::savetxt(dir.file("c.txt"), column, options);
  check_identical(xp::loadtxt<T, B>(dir.file("c.txt")), column.copy());
}

TEST_CASE("savetxt: refuses what NumPy refuses, and leaves no file behind") {
  scratch_dir dir("savetxt_errors");
  const std::string path = dir.file("out.txt");
  const auto a = xp::asarray<B>(xp::arange<double, xp::host>(6).reshape({2, 3}));
  auto refused = [&](const auto& array, const xp::savetxt_options& options, const std::string& part) {
    const std::string m = error_of<xp::value_error>([&] { xp::savetxt(path, array, options); });
    INFO(m);
    CHECK(mentions(m, part));
    CHECK(dir.count() == 0);
  };
  refused(xp::asarray<B>(xp::zeros<double, xp::host>({})), {}, "Expected 1D or 2D array, got 0D array instead");
  refused(xp::asarray<B>(xp::zeros<double, xp::host>({2, 2, 2})), {}, "Expected 1D or 2D array, got 3D array instead");
  refused(a, {.fmt = "%d,%d"}, "fmt has wrong number of % formats");
  refused(a, {.fmt = "abc"}, "fmt has wrong number of % formats");
  refused(a, {.fmt = "%q"}, "unsupported format character 'q' (0x71)");
  refused(a, {.fmt = "%c"}, "unsupported format character 'c'");
  refused(array_of<double>({2}, {1, 2}), {.fmt = "%5."}, "incomplete format");
  refused(a, {.fmt = "%5."}, "unsupported format character ' ' (0x20) at index 3");  // "%5. %5. %5."
  refused(a, {.fmt = "%x"}, "Mismatch between array dtype ('float64') and format specifier ('%x %x %x')");
  refused(a, {.fmt = "%(name)s"}, "Mismatch");
  refused(a, {.fmt = "%*d"}, "Mismatch");
  refused(a, {.fmt = "%d %%"}, "Mismatch");  // three % for three columns, but one conversion
  refused(a, {.fmt = "%.9999999f"}, "too big");
  // value by value: the error comes in the second row, and the partial file is removed
  refused(array_of<double>({2, 2}, {1, 2, std::nan(""), 4}), {.fmt = "%d"}, "cannot convert float NaN to integer");
  refused(array_of<double>({1, 1}, {-std::numeric_limits<double>::infinity()}), {.fmt = "%i"}, "infinity");

  std::string m = error_of<xp::io_error>([&] { xp::savetxt(dir.file("no/such/dir.txt"), a); });
  CHECK(mentions(m, dir.file("no/such/dir.txt")));
  m = error_of<xp::io_error>([&] { xp::savetxt(dir.file("out.txt.gz"), a); });
  CHECK(mentions(m, "compressed"));
  CHECK(dir.count() == 0);

  // An existing file is replaced only by a complete one.
  write_bytes(path, "old");
  (void)error_of<xp::value_error>([&] { xp::savetxt(path, array_of<double>({1}, {std::nan("")}), {.fmt = "%d"}); });
  CHECK(read_bytes(path) == "old");
  xp::savetxt(path, a, {.fmt = "%g"});
  CHECK(read_bytes(path) == "0 1 2\n3 4 5\n");
}

// ---- int8 int16 uint16 uint32 uint64 float16 complex64 complex128 ------------------------------

/// Same shape and the same bits in every element (-0.0 and NaN included).
template <class T, class B1, class B2>
void check_bits(const xp::ndarray<T, B1>& got, const xp::ndarray<T, B2>& want) {
  REQUIRE(xp::to_string(got.shape()) == xp::to_string(want.shape()));
  const auto g = values(got), w = values(want);
  for (std::size_t i = 0; i < g.size(); ++i) {
    INFO("flat index " << i);
    CHECK(std::memcmp(&g[i], &w[i], sizeof(T)) == 0);
  }
}

/// loadtxt of golden/io/loadtxt_<name>.txt equals np.loadtxt's result bit for bit.
template <class T>
void check_loadtxt_bits(const std::string& name, const xp::loadtxt_options& options = {}) {
  INFO("case " << name);
  check_bits(xp::loadtxt<T, B>(golden_file("io/loadtxt_" + name + ".txt"), options),
             xp::load_npy<T>(golden_file("io/loadtxt_" + name + ".npy")));
}

TEST_CASE("loadtxt: int8, int16, uint16, uint32, uint64, float16 and complex read what np.loadtxt reads") {
  check_loadtxt_bits<std::int8_t>("int8");
  check_loadtxt_bits<std::int16_t>("int16");
  check_loadtxt_bits<std::uint16_t>("uint16");
  check_loadtxt_bits<std::uint32_t>("uint32");
  check_loadtxt_bits<std::uint64_t>("uint64");  // beyond int64
  check_loadtxt_bits<xp::float16>("float16");   // rounded once from the double; overflow to inf
  check_loadtxt_bits<xp::complex128>("complex128", {.delimiter = ','});  // a+bj, (a+bj), a, bj, a+-bj
  check_loadtxt_bits<xp::complex64>("complex64", {.delimiter = ','});
  check_loadtxt_bits<xp::complex128>("complex_whitespace");

  scratch_dir dir("loadtxt18");
  // NumPy 1.24's answers to single complex fields (delimiter ','; the expected values are its)
  using c16 = xp::complex128;
  const double inf = std::numeric_limits<double>::infinity();
  for (const auto& field : std::vector<std::pair<std::string, c16>>{
           {"1e+2j", c16(0, 100)}, {"infj", c16(0, inf)}, {"1+infj", c16(1, inf)}, {" ( 1+2j ) ", c16(1, 2)}}) {
    INFO(field.first);
    write_bytes(dir.file("c.txt"), field.first + "\n");
    const auto got = xp::loadtxt<c16, B>(dir.file("c.txt"), {.delimiter = ','});
    CHECK(got.ndim() == 0);
    CHECK(values(got)[0] == field.second);
  }
  for (const std::string text :
       {"1+2", "(1+2j", "1+2j)", "j", "1 + 2j", "1+2jj", "()", "(1)j", "+j", "(1+2j)x", "1+ 2j", "1j+2", "1.5e3.2j"}) {
    const std::string m = loadtxt_error<xp::value_error, c16>(dir, text + "\n", {.delimiter = ','});
    INFO(m);
    CHECK(mentions(m, "could not convert string '" + text + "' to complex128 at row 1, column 1"));
  }
  CHECK(mentions(loadtxt_error<xp::value_error, std::uint64_t>(dir, "18446744073709551616\n"), "to uint64"));
  CHECK(mentions(loadtxt_error<xp::value_error, std::uint64_t>(dir, "-1\n"), "'-1' to uint64"));
  CHECK(mentions(loadtxt_error<xp::value_error, std::int8_t>(dir, "128\n"), "'128' to int8"));
  CHECK(mentions(loadtxt_error<xp::value_error, xp::float16>(dir, "1.5.5\n"), "'1.5.5' to float16"));
}

TEST_CASE("savetxt: int8, int16, uint16, uint32, uint64, float16 and complex write np.savetxt's bytes") {
  scratch_dir dir("savetxt18");
  check_savetxt<std::int8_t>(dir, "i8_default");
  check_savetxt<std::int16_t>(dir, "i16_d", {.fmt = "%d"});
  check_savetxt<std::uint16_t>(dir, "u16_x", {.fmt = "%#x"});
  check_savetxt<std::uint32_t>(dir, "u32_d", {.fmt = "%d", .delimiter = ","});
  check_savetxt<std::uint64_t>(dir, "u64_default");  // %e of a uint64: the double nearest it
  check_savetxt<std::uint64_t>(dir, "u64_d_s", {.fmt = "%d|%s|%x"});
  check_savetxt<xp::float16>(dir, "f16_default");
  check_savetxt<xp::float16>(dir, "f16_s", {.fmt = "%s"});  // float16's own shortest digits: 0.1, 65500.0
  check_savetxt<xp::float16>(dir, "f16_f", {.fmt = "%.3f"});
  check_savetxt<xp::complex64>(dir, "c8_default");  // " (%.18e+%.18ej)", "+-" written as "-"
  check_savetxt<xp::complex128>(dir, "c16_default");
  check_savetxt<xp::complex128>(dir, "c16_f", {.fmt = "%.3f", .delimiter = ","});
  check_savetxt<xp::complex128>(dir, "c16_s", {.fmt = "%s"});
  check_savetxt<xp::complex64>(dir, "c8_s", {.fmt = "%s"});  // float32's digits for complex64's parts
  check_savetxt<xp::complex128>(dir, "c16_per_part", {.fmt = "%.2f %.2fj|%g,%gj"});  // a format per part
  check_savetxt<xp::complex128>(dir, "c16_1d", {.fmt = "%.1e"});

  // complex: one format, or two per column; %x of a part is a float's mismatch
  const auto z = xp::asarray<B>(xp::array<xp::complex64>({xp::complex64(1.f, -2.f), xp::complex64(0.5f, 0.f)}, {1, 2}));
  auto message = [&](const xp::savetxt_options& options) {
    return error_of<xp::value_error>([&] { xp::savetxt(dir.file("z.txt"), z, options); });
  };
  CHECK(mentions(message({.fmt = "%f %f"}), "fmt has wrong number of % formats:  %f %f"));  // 2 for 2 columns
  CHECK(mentions(message({.fmt = "%x"}), "Mismatch between array dtype ('complex64')"));
  xp::savetxt(dir.file("z.txt"), z, {.fmt = "%g %gj %g %gj"});
  CHECK(read_bytes(dir.file("z.txt")) == "1 -2j 0.5 0j\n");  // "+-" only where NumPy's format puts '+'
  xp::savetxt(dir.file("z.txt"), z, {.fmt = "%g+%gj,%g+%gj"});
  CHECK(read_bytes(dir.file("z.txt")) == "1-2j,0.5+0j\n");
}

TEST_CASE_TEMPLATE(
    "savetxt: loadtxt reads back what savetxt wrote, for int8, int16, uint16, uint32, uint64, float16 and complex", C,
    on<std::int8_t>, on<std::int16_t>, on<std::uint16_t>, on<std::uint32_t>, on<std::uint64_t>, on<xp::float16>,
    on<xp::complex64>, on<xp::complex128>) {
  using T = typename C::type;
  scratch_dir dir("roundtrip18");
  auto h = xp::empty<T, xp::host>({5, 4});
  std::mt19937 gen(18);
  std::uniform_real_distribution<double> u(-1e4, 1e4);
  for (xp::index_t i = 0; i < h.size(); ++i) {
    const double v = u(gen);
    if constexpr (xp::detail::is_complex_v<T>) {
      using R = typename T::value_type;
      h.data()[i] = T(static_cast<R>(v), static_cast<R>(i % 3 == 0 ? -0.0 : 1 / v));
    } else if constexpr (std::is_integral_v<T>) {
      h.data()[i] = static_cast<T>(static_cast<std::uint64_t>(std::int64_t(v * 1e6)) * 0x9e3779b97f4a7c15u);
    } else {
      h.data()[i] = xp::detail::convert<T>(v);
    }
  }
  if constexpr (xp::detail::is_complex_v<T>) {  // nan and inf parts read back too
    h.data()[1] = T(std::numeric_limits<typename T::value_type>::quiet_NaN(),
                    -std::numeric_limits<typename T::value_type>::infinity());
  }
  const auto a = xp::asarray<B>(h);
  // %.18e is exact for float16 and the parts of complex values; integers go through %d
  const xp::savetxt_options options = std::is_integral_v<T> ? xp::savetxt_options{.fmt = "%d"} : xp::savetxt_options{};
  xp::savetxt(dir.file("a.txt"), a, options);
  check_bits(xp::loadtxt<T, B>(dir.file("a.txt")), a);
  const auto view = xp::transpose(a, {1, 0});
  xp::savetxt(dir.file("t.txt"), view, options);
  check_bits(xp::loadtxt<T, B>(dir.file("t.txt")), view.copy());
  const auto column = a(xp::all, 1);
  xp::savetxt(dir.file("c.txt"), column, options);
  check_bits(xp::loadtxt<T, B>(dir.file("c.txt")), column.copy());
}

// ---- npz ---------------------------------------------------------------------------------------

TEST_CASE("npz: the example of docs/semantics.md") {
  scratch_dir dir("example");
  const std::string table = dir.file("table.txt"), archive = dir.file("arrays.npz");
  const xp::ndarray<double> a = xp::arange<double, xp::host>(6).reshape({2, 3}) / 4.0;
  // example-begin text-io
  xp::savetxt(table, a, {.fmt = "%.3f", .delimiter = ","});  // np.savetxt(table, a, fmt="%.3f", delimiter=",")
  auto b = xp::loadtxt(table, {.delimiter = ','});           // np.loadtxt(table, delimiter=",")
  xp::savez(archive, {{"a", a}, {"b", b}});                  // np.savez(archive, a=a, b=b)
  xp::npz_file z = xp::load_npz(archive);                    // z = np.load(archive); z.files: a, b
  auto a2 = z.get<double>("a");                              // z["a"] (get<double, xp::cuda>: on the GPU)
  // example-end text-io
  CHECK(read_bytes(table) == "0.000,0.250,0.500\n0.750,1.000,1.250\n");
  check_identical(b, a);
  CHECK(z.files() == std::vector<std::string>{"a", "b"});
  check_identical(a2, a);
}

/// The arrays of make_golden_text_io.py's `arrays`, on B.
struct golden_arrays {
  xp::ndarray<double, B> a = array_of<double>({2, 3}, {-0.625, -0.375, -0.125, 0.125, 0.375, 0.625});
  xp::ndarray<float, B> b = array_of<float>({4}, {0.f, 0.5f, 1.f, 1.5f});
  xp::ndarray<std::int32_t, B> c = array_of<std::int32_t>({}, {7});
  xp::ndarray<std::int64_t, B> d = array_of<std::int64_t>({2, 2, 2}, {-3, -2, -1, 0, 1, 2, 3, 4});
  xp::ndarray<std::uint8_t, B> e = array_of<std::uint8_t>({0}, {});
  xp::ndarray<bool, B> f = array_of<bool>({3}, {true, false, true});
};

TEST_CASE("npz: load_npz reads np.savez's archive") {
  const golden_arrays g;
  const xp::npz_file z = xp::load_npz(golden_file("io/npz_named.npz"));
  CHECK(z.files() == std::vector<std::string>{"a", "b", "c", "d", "e", "f"});
  CHECK(z.path() == golden_file("io/npz_named.npz"));
  CHECK(z.contains("a"));
  CHECK(z.contains("a.npy"));
  CHECK_FALSE(z.contains("g"));
  CHECK(xp::load(golden_file("io/npz_named.npz")).files() == z.files());  // np.load's spelling
  CHECK_FALSE(z.contains("a.np"));
  check_identical(z.get<double, B>("a"), g.a);
  check_identical(z.get<float, B>("b"), g.b);
  check_identical(z.get<std::int32_t, B>("c"), g.c);
  check_identical(z.get<std::int64_t, B>("d.npy"), g.d);
  check_identical(z.get<std::uint8_t, B>("e"), g.e);
  check_identical(z.get<bool, B>("f"), g.f);
  CHECK(z.dtype("b") == "float32");
  CHECK(xp::to_string(z.shape("d")) == "(2, 2, 2)");
  CHECK(z.get<double>("a").ndim() == 2);  // B defaults to host

  // another dtype: a dtype_error naming both, unless converting
  const std::string m = error_of<xp::dtype_error>([&] { (void)z.get<float, B>("a"); });
  CHECK(mentions(m, "float64"));
  CHECK(mentions(m, "float32"));
  CHECK(mentions(m, "a.npy"));
  check_identical(z.get<float, B>("a", {.convert = true}), g.a.astype<float>());
  // no such member: NumPy's KeyError
  CHECK(mentions(error_of<xp::index_error>([&] { (void)z.get<double, B>("g"); }), "g is not a file in the archive"));

  const xp::npz_file p = xp::load_npz(golden_file("io/npz_positional.npz"));
  CHECK(p.files() == std::vector<std::string>{"arr_0", "arr_1"});
  check_identical(p.get<bool, B>("arr_1"), g.f);

  // Fortran order, big-endian and uint16 members, through the .npy reader
  const xp::npz_file l = xp::load_npz(golden_file("io/npz_layouts.npz"));
  check_identical(l.get<double, B>("fortran"), g.a);
  check_identical(l.get<std::int32_t, B>("big"), array_of<std::int32_t>({3}, {0, 1, 2}));
  CHECK(l.dtype("u16") == "uint16");
  check_identical(l.get<std::int64_t, B>("u16", {.convert = true}), array_of<std::int64_t>({3}, {0, 1, 2}));
}

TEST_CASE("npz: savez writes np.savez's bytes") {
  scratch_dir dir("savez");
  const golden_arrays g;
  xp::savez(dir.file("named.npz"), {{"a", g.a}, {"b", g.b}, {"c", g.c}, {"d", g.d}, {"e", g.e}, {"f", g.f}});
  const auto a = xp::load_npz(dir.file("named.npz")).get<double, B>("a");
  CHECK(read_bytes(dir.file("named.npz")) == read_bytes(golden_file("io/npz_named.npz")));
  check_identical(a, g.a);

  xp::savez(dir.file("positional.npz"), {g.a, g.f});
  CHECK(read_bytes(dir.file("positional.npz")) == read_bytes(golden_file("io/npz_positional.npz")));

  // A view is saved as its contiguous copy; a list built at run time works the same.
  const auto padded = xp::asarray<B>(xp::zeros<double, xp::host>({4, 6}));
  padded(xp::range(1, 3), xp::range(0, 6, 2)) = g.a;
  std::vector<xp::npz_entry> entries;
  entries.emplace_back("a", padded(xp::range(1, 3), xp::range(0, 6, 2)));
  entries.emplace_back(g.f);
  xp::savez(dir.file("views.npz"), entries);
  const xp::npz_file v = xp::load_npz(dir.file("views.npz"));
  CHECK(v.files() == std::vector<std::string>{"a", "arr_0"});
  check_identical(v.get<double, B>("a"), g.a);

  xp::savez(dir.file("none.npz"), {});
  CHECK(xp::load_npz(dir.file("none.npz")).files().empty());
}

TEST_CASE_TEMPLATE("npz: savez / load_npz round trips", C, XP_COMMON_DTYPES) {
  using T = typename C::type;
  scratch_dir dir("npz_roundtrip");
  const auto a = sample<T>({3, 5}, 11);
  const auto s = sample<T>({}, 12);
  xp::savez(dir.file("x.npz"),
            {{"matrix", a}, {"scalar", s}, {"empty", xp::asarray<B>(xp::zeros<T, xp::host>({0, 3}))}});
  const xp::npz_file z = xp::load_npz(dir.file("x.npz"));
  check_identical(z.get<T, B>("matrix"), a);
  check_identical(z.get<T, B>("scalar"), s);
  CHECK(xp::to_string(z.get<T, B>("empty").shape()) == "(0, 3)");

  // the same bytes from memory
  const std::string bytes = read_bytes(dir.file("x.npz"));
  const xp::npz_file m = xp::load_npz_memory(bytes.data(), bytes.size());
  check_identical(m.get<T, B>("matrix"), a);
}

TEST_CASE("npz: ZIP64 records, an archive comment and data before the archive") {
  scratch_dir dir("npz_zip64");
  const golden_arrays g;
  // Every size and offset over the limit: ZIP64 local sizes, central extra fields and end
  // records, as NumPy writes them for arrays past 2 GiB.
  const std::vector<xp::npz_entry> entries{{"a", g.a}, {"d", g.d}, {"f", g.f}};
  xp::detail::write_npz(dir.file("zip64.npz"), entries.data(), entries.size(), {.zip64_limit = 0});
  const std::string bytes = read_bytes(dir.file("zip64.npz"));
  CHECK(mentions(bytes, std::string("PK\x06\x06", 4)));  // the ZIP64 end record
  CHECK(mentions(bytes, std::string("PK\x06\x07", 4)));  // its locator
  const xp::npz_file z = xp::load_npz(dir.file("zip64.npz"));
  CHECK(z.files() == std::vector<std::string>{"a", "d", "f"});
  check_identical(z.get<double, B>("a"), g.a);
  check_identical(z.get<std::int64_t, B>("d"), g.d);
  check_identical(z.get<bool, B>("f"), g.f);

  // zipfile reads archives behind a stub and with a comment: so does load_npz.
  std::string golden = read_bytes(golden_file("io/npz_named.npz"));
  const std::string comment = "a comment PK\x05\x06 with a false signature";
  golden[golden.size() - 2] = static_cast<char>(comment.size());
  const std::string shifted = "#!/bin/sh\nexit 0\n" + golden + comment;
  const xp::npz_file s = xp::load_npz_memory(shifted.data(), shifted.size());
  check_identical(s.get<std::int64_t, B>("d"), g.d);
  check_identical(s.get<bool, B>("f"), g.f);
}

TEST_CASE("npz: savez refuses bad names and reports write failures") {
  scratch_dir dir("savez_errors");
  const golden_arrays g;
  auto refused = [&](std::initializer_list<xp::npz_entry> entries, const std::string& part) {
    const std::string m = error_of<xp::value_error>([&] { xp::savez(dir.file("x.npz"), entries); });
    INFO(m);
    CHECK(mentions(m, part));
    CHECK(dir.count() == 0);
  };
  refused({{"a", g.a}, {"a", g.b}}, "'a' is given twice");
  refused({{"", g.a}}, "must not be empty");
  refused({{"arr_0", g.a}, g.b}, "Cannot use un-named variables and keyword arr_0");
  refused({{std::string(70000, 'n'), g.a}}, "too long");
  const std::string m = error_of<xp::io_error>([&] { xp::savez(dir.file("no/dir.npz"), {g.a}); });
  CHECK(mentions(m, dir.file("no/dir.npz")));
}

/// Reading every member of an archive in memory: an xp::error or arrays, nothing else.
void load_everything(const std::string& bytes) {
  const xp::npz_file z = xp::load_npz_memory(bytes.data(), bytes.size(), "damaged");
  for (const std::string& name : z.files()) {
    try {
      (void)z.get<double>(name, {.convert = true});
    } catch (const xp::error&) {}
  }
}

TEST_CASE("npz: damaged archives are io_errors, never crashes") {
  scratch_dir dir("npz_damaged");
  const std::string golden = read_bytes(golden_file("io/npz_named.npz"));

  // every truncation: the end record is gone
  for (std::size_t n = 0; n < golden.size(); ++n) {
    INFO("truncated to " << n << " bytes");
    CHECK_THROWS_AS(load_everything(golden.substr(0, n)), xp::io_error);
  }
  // every byte changed: opens and loads, or an xp::error
  for (std::size_t i = 0; i < golden.size(); ++i) {
    for (const unsigned char flip : {0x01, 0x80, 0xff}) {
      std::string damaged = golden;
      damaged[i] = static_cast<char>(static_cast<unsigned char>(damaged[i]) ^ flip);
      try {
        load_everything(damaged);
      } catch (const xp::error&) {}
    }
  }

  // a changed data byte fails the CRC check
  std::string damaged = golden;
  const std::size_t data_at = damaged.find("\x93NUMPY") + 128;  // the first element of a
  damaged[data_at] ^= 0x40;
  write_bytes(dir.file("crc.npz"), damaged);
  const xp::npz_file z = xp::load_npz(dir.file("crc.npz"));
  CHECK(mentions(error_of<xp::io_error>([&] { (void)z.get<double, B>("a"); }), "CRC-32"));
  check_identical(z.get<float, B>("b"), golden_arrays{}.b);  // the others still load

  // central directory offset beyond the file
  damaged = golden;
  damaged[damaged.size() - 3] = '\x7f';  // the offset's high byte
  CHECK(mentions(error_of<xp::io_error>([&] { (void)xp::load_npz_memory(damaged.data(), damaged.size()); }),
                 "central directory"));

  // np.savez_compressed: the members inflate with zlib, and savez_compressed writes its bytes;
  // without zlib the directory opens and the members refuse
  const xp::npz_file c = xp::load_npz(golden_file("io/npz_compressed.npz"));
  CHECK(c.files() == std::vector<std::string>{"a"});
  if (xp::npz_compression_available()) {
    check_identical(c.get<double, B>("a"), golden_arrays{}.a);
    xp::savez_compressed(dir.file("compressed.npz"), {{"a", golden_arrays{}.a}});
    CHECK(read_bytes(dir.file("compressed.npz")) == read_bytes(golden_file("io/npz_compressed.npz")));
  } else {
    const std::string m = error_of<xp::io_error>([&] { (void)c.get<double, B>("a"); });
    CHECK(mentions(m, "compressed archives are not supported"));
    CHECK(mentions(m, "npz_compressed.npz"));
  }

  // not an archive at all
  CHECK(mentions(error_of<xp::io_error>([&] { (void)xp::load_npz(golden_file("creation/arange_f64.npy")); }),
                 "xp::load_npy"));
  CHECK(mentions(error_of<xp::io_error>([&] { (void)xp::load_npz(dir.file("missing.npz")); }), "No such file"));
  CHECK(mentions(error_of<xp::io_error>([&] { (void)xp::load_npz(dir.path.string()); }), "Is a directory"));
}

}  // namespace text_io_test
