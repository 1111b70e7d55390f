// Printing (xp/core/print.hpp, against NumPy's str() in golden/print_golden.txt), xtensor
// interop (<xp/xtensor.hpp>), and the .npy round trip (the reader's own tests, hostile files
// included, are in test_npy.cpp).
#include "support.hpp"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#ifndef XP_TEST_CUDA
#include <xp/xtensor.hpp>
#endif

using namespace xt_test;

TEST_CASE_TEMPLATE("io: save_npy / load_npy round trip of every dtype", C, XP_ALL_DTYPES) {
  using T = typename C::type;
  auto a = xp::arange<std::int32_t, B>(24).reshape({2, 3, 4}).template astype<T>();
  const std::string path = "xp_test_io_" + std::string(xp::dtype_name<T>()) + "_" + backend_name() + ".npy";
  xp::save_npy(path, xp::transpose(a));  // a strided view is written in C order
  auto back = xp::load_npy<T, B>(path);
  check_same(back, xp::transpose(a).copy());
  std::remove(path.c_str());
}

TEST_CASE("io: load_npy errors are clear") {
  CHECK_THROWS_AS((xp::load_npy<float, B>(golden("arange_i32"))), xp::dtype_error);
  CHECK_THROWS_AS((xp::load_npy<float, B>("no/such/file.npy")), xp::io_error);  // NumPy: OSError
  try {
    (void)xp::load_npy<float, B>(golden("arange_i32"));
  } catch (const xp::dtype_error& e) {
    const std::string message = e.what();
    CHECK(message.find("int32") != std::string::npos);
    CHECK(message.find("float32") != std::string::npos);
    CHECK(message.find(golden("arange_i32")) != std::string::npos);
  }
  // with convert, another dtype loads as np.load(path).astype(T) would
  const auto converted = xp::load_npy<float, B>(golden("arange_i32"), xp::npy_load_options{.convert = true});
  check_same(converted, xp::arange<float, B>(10));
}

namespace {

// One case of golden/print_golden.txt (written by make_golden_print.py with NumPy 1.24).
struct print_case {
  std::string name, dtype;
  xp::shape_type shape;
  std::vector<std::string> values;  // floats as the hex of their bits, integers in decimal
  std::string str;                  // NumPy's str(array)
};

std::vector<print_case> read_print_golden() {
  std::ifstream f(std::string(XP_GOLDEN_DIR) + "/print_golden.txt");
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
    REQUIRE(std::getline(f, line));
    const std::size_t lines = std::stoul(line.substr(4));
    for (std::size_t i = 0; i < lines; ++i) {
      REQUIRE(std::getline(f, line));
      c.str += (i ? "\n" : "") + line;
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

template <class T>
xp::ndarray<T, B> golden_array(const print_case& c) {
  std::vector<T> v;
  for (const auto& s : c.values) {
    if constexpr (std::is_same_v<T, double>) {
      const std::uint64_t bits = std::stoull(s, nullptr, 16);
      double d;
      std::memcpy(&d, &bits, sizeof d);
      v.push_back(d);
    } else if constexpr (std::is_same_v<T, float>) {
      const std::uint32_t bits = static_cast<std::uint32_t>(std::stoul(s, nullptr, 16));
      float x;
      std::memcpy(&x, &bits, sizeof x);
      v.push_back(x);
    } else {
      v.push_back(static_cast<T>(std::stoll(s)));
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
}

}  // namespace

TEST_CASE("io: printing is NumPy's str() (golden/print_golden.txt)") {
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

TEST_CASE("io: printing views, expressions' results and uint8") {
  const auto m = xp::arange<std::int32_t, B>(6).reshape({2, 3});
  CHECK(xp::array_str(m) == "[[0 1 2]\n [3 4 5]]");
  CHECK(xp::array_str(xp::transpose(m)) == "[[0 3]\n [1 4]\n [2 5]]");  // strided: read in place
  CHECK(xp::array_str(m(xp::all, xp::range(xp::none, xp::none, -1))) == "[[2 1 0]\n [5 4 3]]");
  CHECK(xp::array_str(xp::broadcast_to(xp::arange<float, B>(2), {2, 2})) == "[[0. 1.]\n [0. 1.]]");
  CHECK(xp::array_str(xp::arange<std::uint8_t, B>(3)) == "[0 1 2]");  // numbers, not characters
  CHECK(xp::array_str(xp::scalar<double, B>(2.5)) == "2.5");
  std::ostringstream os;
  os << xp::arange<double, B>(3) << " " << xp::full<bool, B>({2}, true);
  CHECK(os.str() == "[0. 1. 2.] [ True  True]");
}

#ifndef XP_TEST_CUDA
TEST_CASE("io: to_xtensor is zero-copy and keeps the buffer alive") {
  auto h = xp::arange<double>(12).reshape({3, 4});
  auto x = xp::to_xtensor(h(xp::range(1, 3), xp::all));  // a contiguous view
  CHECK(x(0, 0) == 4.0);
  CHECK(x(1, 3) == 11.0);
  x(0, 2) = -1.0;  // writes into h
  CHECK(h.at(1, 2) == -1.0);
  x.fill(5.0);  // fills exactly the view's rows
  CHECK(h.at(0, 3) == 3.0);
  CHECK(h.at(2, 3) == 5.0);
  // strided and broadcast views are refused: xtensor would treat them as size() consecutive elements
  CHECK_THROWS_AS(xp::to_xtensor(h(xp::all, xp::range(xp::none, xp::none, -1))), xp::value_error);
  CHECK_THROWS_AS(xp::to_xtensor(xp::broadcast_to(xp::arange<double>(1), {4, 3})), xp::value_error);
  CHECK_THROWS_AS(xp::to_xtensor(xp::broadcast_to(xp::arange<double>(3), {1, 3})), xp::value_error);  // read-only
  auto y = xp::to_xtensor(xp::arange<float>(5));  // the temporary's buffer lives on in y
  CHECK(y(4) == 4.f);
  x(1, 1) = -1.0;
  auto back = xp::from_xtensor(x * 2.0);
  CHECK(back.shape() == xp::shape_type{2, 4});
  CHECK(back.at(0, 0) == 10.0);
  CHECK(back.at(1, 1) == -2.0);
}
#endif
