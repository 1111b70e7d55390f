// xtensor interop (<xp/xtensor.hpp>) and the .npy round trip (the reader's own tests, hostile
// files included, are in test_npy.cpp; printing is tested in test_print.cpp).
#include "support.hpp"

#include <cstdio>

#ifndef XP_TEST_CUDA
#include <xp/xtensor.hpp>
#endif

using namespace xp_test;

TEST_CASE_TEMPLATE("io: save_npy / load_npy round trip of every dtype", C, XP_COMMON_DTYPES) {
  using T = typename C::type;
  auto a = xp::arange<std::int32_t, B>(24).reshape({2, 3, 4}).template astype<T>();
  const std::string path = "xp_test_io_" + std::string(xp::dtype_name<T>()) + "_" + backend_name() + ".npy";
  xp::save_npy(path, xp::transpose(a));  // a strided view is written in C order
  auto back = xp::load_npy<T, B>(path);
  check_same(back, xp::transpose(a).copy());
  std::remove(path.c_str());
}

TEST_CASE("io: load_npy errors are clear") {
  CHECK_THROWS_AS((xp::load_npy<float, B>(golden("creation/arange_i32"))), xp::dtype_error);
  CHECK_THROWS_AS((xp::load_npy<float, B>("no/such/file.npy")), xp::io_error);  // NumPy: OSError
  try {
    (void)xp::load_npy<float, B>(golden("creation/arange_i32"));
  } catch (const xp::dtype_error& e) {
    const std::string message = e.what();
    CHECK(message.find("int32") != std::string::npos);
    CHECK(message.find("float32") != std::string::npos);
    CHECK(message.find(golden("creation/arange_i32")) != std::string::npos);
  }
  // with convert, another dtype loads as np.load(path).astype(T) would
  const auto converted = xp::load_npy<float, B>(golden("creation/arange_i32"), xp::npy_load_options{.convert = true});
  check_same(converted, xp::arange<float, B>(10));
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
