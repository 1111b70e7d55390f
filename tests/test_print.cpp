// Printing like NumPy (xp/core/print.hpp): str() and repr() against NumPy 1.24's
// (golden/print/print_golden.txt; golden/print/print_repr_golden.txt, whose inputs are golden/print/print_*.npy;
// golden/print/print_dtypes_golden.txt for int8 ... uint64, float16 and complex; scalar_str),
// the print options (set_printoptions, get_printoptions, the printoptions guard, per-call
// overrides), views, expressions, and arrays on either backend (this file is also compiled
// with XP_TEST_BACKEND = xp::cuda: a device array prints as its host copy does).
#include "support.hpp"

#include <atomic>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

using namespace xp_test;

namespace {

// One case of golden/print/print_golden.txt (written by make_golden_print.py with NumPy 1.24) or
// of golden/print/print_dtypes_golden.txt (make_golden_print_dtypes.py: the same records for
// int8, int16, uint16, uint32, uint64, float16, complex64 and complex128).
struct print_case {
  std::string name, dtype;
  xp::shape_type shape;
  std::vector<std::string> values;  // floats as the hex of their bits (complex: two per element),
                                    // integers in decimal
  std::string str, repr;            // NumPy's str(array) and repr(array)
};

// `count` lines after a "TAG N" line, joined with '\n'.
std::string read_text(std::istream& f, const std::string& tag) {
  std::string line;
  REQUIRE(std::getline(f, line));
  REQUIRE(line.rfind(tag + " ", 0) == 0);
  const std::size_t lines = std::stoul(line.substr(tag.size() + 1));
  std::string text;
  for (std::size_t i = 0; i < lines; ++i) {
    REQUIRE(std::getline(f, line));
    text += (i ? "\n" : "") + line;
  }
  return text;
}

std::vector<print_case> read_print_golden(const std::string& file = "print_golden.txt") {
  std::ifstream f(std::string(XP_GOLDEN_DIR) + "/print/" + file);
  REQUIRE(f.good());
  std::vector<print_case> cases;
  std::string line, word;
  while (std::getline(f, line)) {
    if (line.rfind("case ", 0) != 0) continue;
    print_case c;
    std::istringstream head(line);
    std::size_t ndim = 0;
    head >> word >> c.name >> c.dtype >> ndim;
    c.shape.resize(ndim);
    for (auto& e : c.shape) head >> e;
    REQUIRE(std::getline(f, line));
    std::istringstream vals(line);
    std::size_t n = 0;
    vals >> word >> n;
    c.values.resize(n);
    for (auto& v : c.values) vals >> v;
    c.str = read_text(f, "str");
    c.repr = read_text(f, "repr");
    cases.push_back(std::move(c));
  }
  return cases;
}

template <class F>
F float_of_hex(const std::string& s) {
  using U = std::conditional_t<sizeof(F) == 8, std::uint64_t, std::uint32_t>;
  const auto bits = static_cast<U>(std::stoull(s, nullptr, 16));
  F x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

template <class T>
xp::ndarray<T, B> golden_array(const print_case& c) {
  std::vector<T> v;
  if constexpr (xp::detail::is_complex_v<T>) {  // two tokens per element: real, imaginary
    using R = xp::detail::real_of_t<T>;
    REQUIRE(c.values.size() % 2 == 0);
    for (std::size_t i = 0; i < c.values.size(); i += 2)
      v.push_back(T(float_of_hex<R>(c.values[i]), float_of_hex<R>(c.values[i + 1])));
  } else {
    for (const auto& s : c.values) {
      if constexpr (std::is_same_v<T, xp::float16>) {
        v.push_back(xp::float16::from_bits(static_cast<std::uint16_t>(std::stoul(s, nullptr, 16))));
      } else if constexpr (std::is_same_v<T, double> || std::is_same_v<T, float>) {
        v.push_back(float_of_hex<T>(s));
      } else if constexpr (std::is_same_v<T, std::uint64_t>) {
        v.push_back(std::stoull(s));  // beyond int64
      } else {
        v.push_back(static_cast<T>(std::stoll(s)));
      }
    }
  }
  return xp::asarray<B>(xp::array<T>(v, c.shape));
}

template <class T>
void check_print(const print_case& c) {
  const auto a = golden_array<T>(c);
  INFO(c.name);
  CHECK(xp::array_str(a) == c.str);
  std::ostringstream os;
  os << a;
  CHECK(os.str() == c.str);
  CHECK(xp::repr(a) == c.repr);
  if (a.ndim() == 0) CHECK(xp::scalar_str(a.item()) == c.str);  // str() of a 0-d array is its scalar's
}

// One case of golden/print/print_repr_golden.txt (written by make_golden_print_repr.py).
struct options_case {
  std::string name, dtype, input, options_text;
  xp::print_options_update options;
  std::string str, repr;
};

xp::print_options_update parse_options(const std::string& text) {
  xp::print_options_update u;
  std::istringstream words(text);
  std::string word;
  while (words >> word) {
    const auto eq = word.find('=');
    REQUIRE(eq != std::string::npos);
    const std::string key = word.substr(0, eq), value = word.substr(eq + 1);
    if (key == "precision") u.precision = std::stoi(value);
    else if (key == "threshold") u.threshold = std::stoll(value);
    else if (key == "edgeitems") u.edgeitems = std::stoll(value);
    else if (key == "linewidth") u.linewidth = std::stoll(value);
    else if (key == "suppress") u.suppress = value == "1";
    else if (key == "nanstr") u.nanstr = value;
    else if (key == "infstr") u.infstr = value;
    else if (key == "sign") u.sign = value == "space" ? ' ' : value.at(0);
    else if (key == "floatmode" && value == "maxprec") u.floatmode = xp::float_mode::maxprec;
    else if (key == "floatmode" && value == "fixed") u.floatmode = xp::float_mode::fixed;
    else if (key == "floatmode" && value == "unique") u.floatmode = xp::float_mode::unique;
    else if (key == "floatmode" && value == "maxprec_equal") u.floatmode = xp::float_mode::maxprec_equal;
    else FAIL("unknown print option " << word);
  }
  return u;
}

std::vector<options_case> read_print_repr_golden() {
  std::ifstream f(std::string(XP_GOLDEN_DIR) + "/print/print_repr_golden.txt");
  REQUIRE(f.good());
  std::vector<options_case> cases;
  std::string line, word;
  while (std::getline(f, line)) {
    if (line.rfind("case ", 0) != 0) continue;
    options_case c;
    std::istringstream head(line);
    head >> word >> c.name >> c.dtype >> c.input;
    REQUIRE(std::getline(f, line));
    REQUIRE(line.rfind("options", 0) == 0);
    c.options_text = line.substr(7);
    c.options = parse_options(c.options_text);
    c.str = read_text(f, "str");
    c.repr = read_text(f, "repr");
    cases.push_back(std::move(c));
  }
  return cases;
}

// Under the case's options, set once by a printoptions guard, once as per-call overrides.
template <class T>
void check_options_case(const options_case& c) {
  const auto a = xp::load_npy<T, B>(std::string(XP_GOLDEN_DIR) + "/print/print_" + c.input + ".npy");
  INFO(c.name << " (options:" << c.options_text << ")");
  {
    const xp::printoptions guard(c.options);
    CHECK(xp::array_str(a) == c.str);
    CHECK(xp::repr(a) == c.repr);
    std::ostringstream os;
    os << a;
    CHECK(os.str() == c.str);
  }
  CHECK(xp::array_str(a, c.options) == c.str);
  CHECK(xp::repr(a, c.options) == c.repr);
}

}  // namespace

TEST_CASE("print: str() and repr() are NumPy's (golden/print/print_golden.txt)") {
  const auto cases = read_print_golden();
  CHECK(cases.size() >= 80);
  for (const auto& c : cases) {
    if (c.dtype == "float64") check_print<double>(c);
    else if (c.dtype == "float32") check_print<float>(c);
    else if (c.dtype == "int32") check_print<std::int32_t>(c);
    else if (c.dtype == "int64") check_print<std::int64_t>(c);
    else if (c.dtype == "uint8") check_print<std::uint8_t>(c);
    else if (c.dtype == "bool") check_print<bool>(c);
    else FAIL("unknown dtype " << c.dtype);
  }
}

TEST_CASE(
    "print: str() and repr() of int8, int16, uint16, uint32, uint64, float16 and complex are NumPy's "
    "(golden/print/print_dtypes_golden.txt)") {
  const auto cases = read_print_golden("print_dtypes_golden.txt");
  CHECK(cases.size() >= 160);
  std::set<std::string> seen;
  for (const auto& c : cases) {
    seen.insert(c.dtype);
    if (c.dtype == "int8") check_print<std::int8_t>(c);
    else if (c.dtype == "int16") check_print<std::int16_t>(c);
    else if (c.dtype == "uint16") check_print<std::uint16_t>(c);
    else if (c.dtype == "uint32") check_print<std::uint32_t>(c);
    else if (c.dtype == "uint64") check_print<std::uint64_t>(c);
    else if (c.dtype == "float16") check_print<xp::float16>(c);
    else if (c.dtype == "complex64") check_print<xp::complex64>(c);
    else if (c.dtype == "complex128") check_print<xp::complex128>(c);
    else FAIL("unknown dtype " << c.dtype);
  }
  CHECK(seen.size() == 8);
}

TEST_CASE("print: float16 and complex under print options, scalars, expressions") {
  const auto h = xp::asarray<B>(xp::array<xp::float16>(
      {xp::float16(0.1f), xp::float16(-2.5f), xp::float16(1000.f), xp::float16(1.f / 3.f)}, {4}));
  // (expected strings: NumPy 1.24's) float16's own shortest digits: 0.1 is 0.0999755859375,
  // printed 0.1 (float32's digits would be 0.09997559)
  CHECK(xp::array_str(h) == "[ 9.998e-02 -2.500e+00  1.000e+03  3.333e-01]");  // max/min > 1000: scientific
  CHECK(xp::array_str(h, {.precision = 2, .suppress = true}) == "[   0.1    -2.5  1000.      0.33]");
  CHECK(xp::repr(h(xp::range(0, 2))) == "array([ 0.1, -2.5], dtype=float16)");
  CHECK(xp::repr(h(xp::range(0, 2)), {.sign = '+'}) == "array([+0.1, -2.5], dtype=float16)");
  CHECK(xp::array_str(h(xp::range(0, 2)), {.precision = 3, .floatmode = xp::float_mode::fixed}) == "[ 0.100 -2.500]");

  const auto z = xp::asarray<B>(xp::array<xp::complex64>({xp::complex64(1.f, 2.f), xp::complex64(3.f, -0.5f)}, {2}));
  CHECK(xp::array_str(z) == "[1.+2.j  3.-0.5j]");
  CHECK(xp::repr(z) == "array([1.+2.j , 3.-0.5j], dtype=complex64)");
  CHECK(xp::array_str(z, {.precision = 0, .floatmode = xp::float_mode::fixed}) == "[1.+2.j 3.-0.j]");
  CHECK(xp::array_str(z, {.sign = ' '}) == "[ 1.+2.j   3.-0.5j]");
  CHECK(xp::repr(z.astype<xp::complex128>()) == "array([1.+2.j , 3.-0.5j])");  // complex128: the default dtype

  // a 0-d array prints its scalar with <<; scalar_str prints item()'s value the same way
  std::ostringstream os;
  os << xp::asarray<B>(xp::array<xp::complex128>({xp::complex128(0.0, -2.0)}, {})) << " "
     << xp::asarray<B>(xp::array<xp::float16>({xp::float16(65504.f)}, {}));
  CHECK(os.str() == "-2j 65500.0");
  CHECK(xp::scalar_str(xp::float16(0.1f)) == "0.1");
  CHECK(xp::scalar_str(xp::complex64(1.5f, -2.f)) == "(1.5-2j)");
  CHECK(xp::scalar_str(xp::complex128(-0.0, 0.0)) == "(-0+0j)");
  CHECK(xp::scalar_str(xp::complex128(0.0, std::nan(""))) == "nanj");
  CHECK(xp::scalar_str(std::numeric_limits<std::uint64_t>::max()) == "18446744073709551615");
  CHECK(xp::scalar_str(std::int8_t{-128}) == "-128");
  CHECK(xp::scalar_str(2.0) == "2.0");
  CHECK(xp::scalar_str(1e-5f) == "1e-05");
  CHECK(xp::scalar_str(true) == "True");
  CHECK(xp::scalar_str(xp::sum(z.copy_to_host()).item()) == "(4+1.5j)");
}

TEST_CASE("print: str() and repr() under print options are NumPy's (golden/print/print_repr_golden.txt)") {
  const auto cases = read_print_repr_golden();
  CHECK(cases.size() >= 150);
  for (const auto& c : cases) {
    if (c.dtype == "float64") check_options_case<double>(c);
    else if (c.dtype == "float32") check_options_case<float>(c);
    else if (c.dtype == "int32") check_options_case<std::int32_t>(c);
    else if (c.dtype == "int64") check_options_case<std::int64_t>(c);
    else if (c.dtype == "uint8") check_options_case<std::uint8_t>(c);
    else if (c.dtype == "bool") check_options_case<bool>(c);
    else FAIL("unknown dtype " << c.dtype);
  }
  CHECK(xp::get_printoptions() == xp::print_options{});  // every guard restored the defaults
}

TEST_CASE("print: repr names the dtype, the shape of empty arrays and indents like NumPy") {
  CHECK(xp::repr(xp::arange<float, B>(3)) == "array([0., 1., 2.], dtype=float32)");
  CHECK(xp::repr(xp::arange<double, B>(3)) == "array([0., 1., 2.])");
  CHECK(xp::repr(xp::arange<std::int64_t, B>(3)) == "array([0, 1, 2])");
  CHECK(xp::repr(xp::arange<std::int32_t, B>(3)) == "array([0, 1, 2], dtype=int32)");
  CHECK(xp::repr(xp::arange<std::uint8_t, B>(3)) == "array([0, 1, 2], dtype=uint8)");
  CHECK(xp::repr(xp::full<bool, B>({2}, true)) == "array([ True,  True])");
  CHECK(xp::repr(xp::scalar<double, B>(3.0)) == "array(3.)");
  CHECK(xp::repr(xp::scalar<float, B>(0.5f)) == "array(0.5, dtype=float32)");
  CHECK(xp::repr(xp::scalar<bool, B>(true)) == "array(True)");
  CHECK(xp::repr(xp::zeros<float, B>({0})) == "array([], dtype=float32)");
  CHECK(xp::repr(xp::zeros<double, B>({0})) == "array([], dtype=float64)");  // empty: always named
  CHECK(xp::repr(xp::zeros<double, B>({0, 3})) == "array([], shape=(0, 3), dtype=float64)");
  CHECK(xp::repr(xp::arange<std::int64_t, B>(4).reshape({2, 2})) == "array([[0, 1],\n       [2, 3]])");
  CHECK(xp::array_str(xp::zeros<std::int32_t, B>({2, 0})) == "[]");
  CHECK(xp::array_str(xp::scalar<double, B>(3.0)) == "3.0");  // str of a 0-d array is its scalar's
}

TEST_CASE("print: views, expressions' results and uint8") {
  const auto m = xp::arange<std::int32_t, B>(6).reshape({2, 3});
  CHECK(xp::array_str(m) == "[[0 1 2]\n [3 4 5]]");
  CHECK(xp::array_str(xp::transpose(m)) == "[[0 3]\n [1 4]\n [2 5]]");  // strided: read in place
  CHECK(xp::array_str(m(xp::all, xp::range(xp::none, xp::none, -1))) == "[[2 1 0]\n [5 4 3]]");
  CHECK(xp::repr(m(xp::all, xp::range(xp::none, xp::none, -1))) ==
        "array([[2, 1, 0],\n       [5, 4, 3]], dtype=int32)");
  CHECK(xp::array_str(xp::broadcast_to(xp::arange<float, B>(2), {2, 2})) == "[[0. 1.]\n [0. 1.]]");
  CHECK(xp::array_str(xp::arange<std::uint8_t, B>(3)) == "[0 1 2]");  // numbers, not characters
  CHECK(xp::array_str(xp::scalar<double, B>(2.5)) == "2.5");
  std::ostringstream os;
  os << xp::arange<double, B>(3) << " " << xp::full<bool, B>({2}, true);
  CHECK(os.str() == "[0. 1. 2.] [ True  True]");
}

TEST_CASE("print: an expression prints the array it evaluates to") {
  const auto x = xp::arange<double, B>(4);
  const auto e = xp::cos(x) + 1.0;  // an unevaluated elementwise_expr
  static_assert(xp::detail::is_expr<std::decay_t<decltype(e)>>::value);
  const auto v = xp::eval(e);
  CHECK(xp::array_str(e) == xp::array_str(v));
  CHECK(xp::repr(e) == xp::repr(v));
  std::ostringstream os, expected;
  os << e;
  expected << v;
  CHECK(os.str() == expected.str());
  CHECK(xp::array_str(x * 2.0) == "[0. 2. 4. 6.]");
  CHECK(xp::repr(x * 2.0) == "array([0., 2., 4., 6.])");
  CHECK(xp::repr(xp::arange<float, B>(3) + 1.f) == "array([1., 2., 3.], dtype=float32)");
  CHECK(xp::array_str(xp::arange<std::int32_t, B>(4) > 1) == "[False False  True  True]");
  CHECK(xp::array_str(x / 3.0, {.precision = 2}) == "[0.   0.33 0.67 1.  ]");
}

TEST_CASE_TEMPLATE("print: every dtype prints the same on the device as on the host", C, XP_COMMON_DTYPES) {
  using T = typename C::type;
  const auto a = xp::eval(xp::arange<std::int32_t, B>(24).reshape({2, 3, 4}) - 5).template astype<T>();
  const auto h = a.copy_to_host();
  CHECK(xp::array_str(a) == xp::array_str(h));
  CHECK(xp::repr(a) == xp::repr(h));
  std::ostringstream on_b, on_host;
  on_b << a;
  on_host << h;
  CHECK(on_b.str() == on_host.str());
  const bool implied = std::is_same_v<T, double> || std::is_same_v<T, std::int64_t> || std::is_same_v<T, bool> ||
                       std::is_same_v<T, xp::complex128>;
  CHECK((xp::repr(a).find(", dtype=" + std::string(xp::dtype_name<T>()) + ")") != std::string::npos) == !implied);
  const auto s = xp::scalar<T, B>(T(1));
  CHECK(xp::repr(s) == xp::repr(s.copy_to_host()));
  CHECK(xp::repr(xp::zeros<T, B>({0, 3})) == "array([], shape=(0, 3), dtype=" + std::string(xp::dtype_name<T>()) + ")");
}

TEST_CASE("print: complex and float16 under each print option are NumPy's") {
  // the expected strings are NumPy 1.24's for the same values and options
  using c16 = xp::complex128;
  const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
  const auto z =
      xp::asarray<B>(xp::array<c16>({c16(1, 2), c16(-3.25, -0.5), c16(nan, inf), c16(-inf, nan), c16(1e-5, 1e5)}, {5}));
  const auto z2 = z(xp::range(0, 2));
  struct option_case {
    xp::print_options_update options;
    const char *str, *repr_of_two;
  };
  const std::vector<option_case> cases = {
      {{.sign = '+'},
       "[+1.00e+00+2.e+00j -3.25e+00-5.e-01j      +nan   +infj      -inf   +nanj\n +1.00e-05+1.e+05j]",
       "array([+1.  +2.j , -3.25-0.5j])"},
      {{.sign = ' '},
       "[ 1.00e+00+2.e+00j -3.25e+00-5.e-01j       nan   +infj      -inf   +nanj\n  1.00e-05+1.e+05j]",
       "array([ 1.  +2.j , -3.25-0.5j])"},
      {{.nanstr = "NaN", .infstr = "Inf"},
       "[ 1.00e+00+2.e+00j -3.25e+00-5.e-01j       NaN   +Infj      -Inf   +NaNj\n  1.00e-05+1.e+05j]",
       "array([ 1.  +2.j , -3.25-0.5j])"},
      {{.precision = 3, .floatmode = xp::float_mode::maxprec_equal},
       "[ 1.00e+00+2.e+00j -3.25e+00-5.e-01j       nan   +infj      -inf   +nanj\n  1.00e-05+1.e+05j]",
       "array([ 1.00+2.0j, -3.25-0.5j])"},
      {{.floatmode = xp::float_mode::unique},
       "[ 1.00e+00+2.e+00j -3.25e+00-5.e-01j       nan   +infj      -inf   +nanj\n  1.00e-05+1.e+05j]",
       "array([ 1.  +2.j , -3.25-0.5j])"},
      {{.suppress = true},
       "[ 1.          +2.j  -3.25        -0.5j      nan     +infj\n     -inf     +nanj  0.00001+100000.j ]",
       "array([ 1.  +2.j , -3.25-0.5j])"},
      {{.linewidth = 30},
       "[ 1.00e+00+2.e+00j\n -3.25e+00-5.e-01j\n       nan   +infj\n      -inf   +nanj\n  1.00e-05+1.e+05j]",
       "array([ 1.  +2.j ,\n       -3.25-0.5j])"},
      {{.precision = 2, .floatmode = xp::float_mode::fixed},
       "[ 1.00e+00+2.00e+00j -3.25e+00-5.00e-01j       nan     +infj\n      -inf     +nanj  1.00e-05+1.00e+05j]",
       "array([ 1.00+2.00j, -3.25-0.50j])"},
  };
  for (const auto& c : cases) {
    INFO(c.str);
    CHECK(xp::array_str(z, c.options) == c.str);
    CHECK(xp::repr(z2, c.options) == c.repr_of_two);
  }

  using xp::float16;
  const auto h = xp::asarray<B>(xp::array<float16>(
      {float16(nan), -std::numeric_limits<float16>::infinity(), float16(0.5f), float16(1.f / 3.f)}, {4}));
  CHECK(xp::array_str(h, {.sign = '+'}) == "[   +nan    -inf +0.5    +0.3333]");
  CHECK(xp::array_str(h, {.nanstr = "NaN", .infstr = "Inf"}) == "[   NaN   -Inf 0.5    0.3333]");
  CHECK(xp::array_str(h, {.floatmode = xp::float_mode::unique}) == "[   nan   -inf 0.5    0.3333]");
  CHECK(xp::array_str(h, {.precision = 2, .floatmode = xp::float_mode::fixed}) == "[ nan -inf 0.50 0.33]");
}

TEST_CASE_TEMPLATE(
    "print: int8, int16, uint16, uint32, uint64, float16 and complex print the same on the device as on the host", C,
    xp_test::on<std::int8_t>, xp_test::on<std::int16_t>, xp_test::on<std::uint16_t>, xp_test::on<std::uint32_t>,
    xp_test::on<std::uint64_t>, xp_test::on<xp::float16>, xp_test::on<xp::complex64>, xp_test::on<xp::complex128>) {
  using T = typename C::type;
  auto h = xp::empty<T, xp::host>({2, 3, 4});
  for (xp::index_t i = 0; i < h.size(); ++i) {
    const double v = (static_cast<double>(i) - 5.5) * 3.25;
    if constexpr (xp::detail::is_complex_v<T>) h.data()[i] = T(static_cast<typename T::value_type>(v), -1);
    else h.data()[i] = xp::detail::convert<T>(v);
  }
  const auto a = xp::asarray<B>(h);
  CHECK(xp::array_str(a) == xp::array_str(h));
  CHECK(xp::repr(a) == xp::repr(h));
  CHECK(xp::array_str(xp::transpose(a)) == xp::array_str(xp::transpose(h)));  // strided
  std::ostringstream on_b, on_host;
  on_b << a(1, 2, 3);  // 0-d: the scalar
  on_host << xp::scalar_str(h.data()[23]);
  CHECK(on_b.str() == on_host.str());
  CHECK(xp::repr(xp::asarray<B>(xp::zeros<T, xp::host>({0, 3}))) ==
        "array([], shape=(0, 3), dtype=" + std::string(xp::dtype_name<T>()) + ")");
}

TEST_CASE("print: set_printoptions changes the options given and keeps the others") {
  const xp::printoptions restore({});  // puts every option back at the end
  xp::reset_printoptions();
  const xp::print_options defaults = xp::get_printoptions();  // NumPy's np.get_printoptions()
  CHECK(defaults.precision == 8);
  CHECK(defaults.threshold == 1000);
  CHECK(defaults.edgeitems == 3);
  CHECK(defaults.linewidth == 75);
  CHECK(!defaults.suppress);
  CHECK(defaults.nanstr == "nan");
  CHECK(defaults.infstr == "inf");
  CHECK(defaults.sign == '-');
  CHECK(defaults.floatmode == xp::float_mode::maxprec);

  xp::set_printoptions({.precision = 3, .suppress = true});
  xp::print_options expected = defaults;
  expected.precision = 3;
  expected.suppress = true;
  CHECK(xp::get_printoptions() == expected);
  xp::set_printoptions({.nanstr = "NaN"});  // precision and suppress stay
  expected.nanstr = "NaN";
  CHECK(xp::get_printoptions() == expected);
  xp::set_printoptions();  // np.set_printoptions(): changes nothing
  CHECK(xp::get_printoptions() == expected);
  xp::set_printoptions(
      {.threshold = 4, .edgeitems = 1, .linewidth = 30, .sign = '+', .floatmode = xp::float_mode::fixed});
  expected.threshold = 4;
  expected.edgeitems = 1;
  expected.linewidth = 30;
  expected.sign = '+';
  expected.floatmode = xp::float_mode::fixed;
  CHECK(xp::get_printoptions() == expected);
  const auto x = xp::eval(xp::arange<double, B>(6) / 3.0);
  CHECK(xp::array_str(x) == "[+0.000 ... +1.667]");
  CHECK(xp::array_str(x, {.precision = 1, .threshold = 1000}) == "[+0.0 +0.3 +0.7 +1.0 +1.3\n +1.7]");
  CHECK(xp::array_str(x, {.precision = 1, .threshold = 1000, .linewidth = 75}) == "[+0.0 +0.3 +0.7 +1.0 +1.3 +1.7]");
  CHECK(xp::get_printoptions() == expected);  // per-call overrides change nothing
  xp::reset_printoptions();
  CHECK(xp::get_printoptions() == defaults);
  CHECK(xp::array_str(x) == "[0.         0.33333333 0.66666667 1.         1.33333333 1.66666667]");
}

TEST_CASE("print: printoptions sets options for a scope and restores every one") {
  const xp::printoptions restore({});
  xp::set_printoptions({.linewidth = 60, .nanstr = "NaN"});
  const xp::print_options before = xp::get_printoptions();
  const auto x = xp::eval(xp::arange<double, B>(3) / 3.0);
  {
    const xp::printoptions guard({.precision = 2, .sign = '+'});
    const auto inside = xp::get_printoptions();
    CHECK(inside.precision == 2);
    CHECK(inside.sign == '+');
    CHECK(inside.linewidth == 60);
    CHECK(inside.nanstr == "NaN");
    CHECK(xp::array_str(x) == "[+0.   +0.33 +0.67]");
    {
      const xp::printoptions inner({.precision = 4, .floatmode = xp::float_mode::fixed});
      xp::set_printoptions({.suppress = true, .infstr = "Inf"});  // undone by `inner` as well
      CHECK(xp::array_str(x) == "[+0.0000 +0.3333 +0.6667]");
    }
    CHECK(xp::get_printoptions() == inside);
  }
  CHECK(xp::get_printoptions() == before);
  try {
    const xp::printoptions guard({.precision = 1});
    throw std::runtime_error("unwinding");
  } catch (const std::runtime_error&) {}
  CHECK(xp::get_printoptions() == before);
}

TEST_CASE("print: bad print options throw xp::value_error and change nothing") {
  const xp::printoptions restore({});
  const xp::print_options before = xp::get_printoptions();
  CHECK_THROWS_AS(xp::set_printoptions({.precision = -1}), xp::value_error);
  CHECK_THROWS_AS((xp::set_printoptions({.precision = 3, .sign = 'x'})), xp::value_error);
  CHECK_THROWS_AS(xp::set_printoptions({.edgeitems = -1}), xp::value_error);
  CHECK_THROWS_AS(xp::set_printoptions({.floatmode = static_cast<xp::float_mode>(9)}), xp::value_error);
  CHECK_THROWS_AS(xp::printoptions({.sign = '0'}), xp::value_error);
  xp::print_options bad;
  bad.precision = -5;
  CHECK_THROWS_AS(xp::reset_printoptions(bad), xp::value_error);
  const auto a = xp::arange<double, B>(3);
  CHECK_THROWS_AS(xp::array_str(a, {.precision = -2}), xp::value_error);
  CHECK_THROWS_AS(xp::repr(a, {.sign = '*'}), xp::value_error);
  CHECK(xp::get_printoptions() == before);  // not even the valid precision = 3 was kept
  try {
    xp::set_printoptions({.precision = -1});
  } catch (const xp::value_error& e) {
    CHECK(std::string(e.what()).find("precision") != std::string::npos);
  }
}

TEST_CASE("print: every printed array sees one consistent set of options") {
  const xp::printoptions restore({});
  const auto x = xp::eval(xp::arange<double, B>(3) / 3.0);
  const std::string plain = xp::array_str(x);
  const std::string changed = xp::array_str(x, {.precision = 2, .sign = '+'});
  std::atomic<bool> done{false};
  std::thread toggler([&] {
    for (int i = 0; i < 300; ++i) const xp::printoptions guard({.precision = 2, .sign = '+'});
    done = true;
  });
  int torn = 0;
  while (!done)
    if (const auto s = xp::array_str(x); s != plain && s != changed) ++torn;
  toggler.join();
  CHECK(torn == 0);
  CHECK(xp::array_str(x) == plain);
}
