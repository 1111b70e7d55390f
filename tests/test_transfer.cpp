// xp/array/transfer.hpp: to_device / copy_to_host / to_host / asarray, non-contiguous sources.
#include "support.hpp"

using namespace xp_test;

TEST_CASE_TEMPLATE("transfer: round trip of every dtype, contiguous and strided", C, XP_COMMON_DTYPES) {
  using T = typename C::type;
  auto h = xp::arange<std::int32_t>(120).reshape({4, 5, 6}).template astype<T>();
  auto on_b = xp::asarray<B>(h);
  check_same(on_b, h);
  auto back = xp::to_host(on_b);
  check_same(back, h);
  // non-contiguous source, both directions
  auto hv = h(xp::range(xp::none, xp::none, -1), xp::range(1, 4), xp::range(0, 6, 2));
  auto dv = xp::asarray<B>(hv);
  if (!std::is_same_v<B, xp::host>) CHECK(dv.is_contiguous());  // a transfer packs the view
  check_same(dv, hv);
  auto dv2 = on_b(xp::range(xp::none, xp::none, -1), xp::range(1, 4), xp::range(0, 6, 2));
  check_same(dv2.copy_to_host(), hv);
  CHECK(xp::to_host(xp::asarray<B>(xp::zeros<T>({0, 3}))).shape() == xp::shape_type{0, 3});
}

TEST_CASE("transfer: asarray on the same backend does not copy") {
  auto a = xp::zeros<float, B>({3});
  CHECK(xp::asarray<B>(a).data() == a.data());
  auto h = xp::zeros<float>({3});
  CHECK(xp::asarray<xp::host>(h).data() == h.data());
}

TEST_CASE("transfer: asarray with a dtype and the array API's copy flag") {
  const auto h = xp::array<float>({1.5f, -2.25f, 3.0f});
  // <U>: another dtype, here; <U, To>: both (the dtype first, as xp::zeros<U, B>); <To>: another backend
  const auto d = xp::asarray<double>(h);
  static_assert(std::is_same_v<decltype(d), const xp::ndarray<double, xp::host>>);
  CHECK(values(d) == std::vector<double>{1.5, -2.25, 3.0});
  const auto i = xp::asarray<std::int32_t, B>(h);
  static_assert(std::is_same_v<decltype(i), const xp::ndarray<std::int32_t, B>>);
  CHECK(values(i) == std::vector<std::int32_t>{1, -2, 3});
  const auto same = xp::asarray<float, xp::host>(h);
  CHECK(same.data() == h.data());  // nothing to change: the same array (copy=None)
  CHECK(xp::asarray<float>(h).data() == h.data());
  // copy=true: always a new array, also when nothing changes
  const auto copied = xp::asarray<xp::host>(h, true);
  CHECK(copied.data() != h.data());
  CHECK(values(copied) == values(h));
  CHECK(xp::asarray<float>(h, true).data() != h.data());
  // copy=false: the same array, or value_error when a copy is needed (the array API's rule)
  CHECK(xp::asarray<xp::host>(h, false).data() == h.data());
  CHECK_THROWS_WITH_AS(xp::asarray<double>(h, false), "xp::asarray: copy=false, but float32 to float64 needs a copy",
                       xp::value_error);
  if constexpr (!std::is_same_v<B, xp::host>) {
    CHECK_THROWS_WITH_AS(xp::asarray<B>(h, false), "xp::asarray: copy=false, but host to device needs a copy",
                         xp::value_error);
    CHECK_THROWS_WITH_AS((xp::asarray<double, B>(h, false)),
                         "xp::asarray: copy=false, but float32 to float64 and host to device needs a copy",
                         xp::value_error);
  }
  // expressions: evaluated (in U), then moved; copy=false cannot be honoured
  const auto e = xp::asarray<double, B>(h * 2.0f);
  static_assert(std::is_same_v<decltype(e), const xp::ndarray<double, B>>);
  CHECK(values(e) == std::vector<double>{3.0, -4.5, 6.0});
  CHECK_THROWS_AS(xp::asarray<B>(h + 1.0f, false), xp::value_error);
  // xp::astype<U>(x): the free function on arrays and expressions
  const xp::ndarray<std::int64_t> cast = xp::astype<std::int64_t>(h);
  CHECK(values(cast) == std::vector<std::int64_t>{1, -2, 3});
  const xp::ndarray<double> cast_expr = xp::astype<double>(h * 2.0f);
  CHECK(values(cast_expr) == std::vector<double>{3.0, -4.5, 6.0});
}

#ifdef XP_TEST_CUDA
TEST_CASE("transfer: to_device of fresh random data, the host as oracle") {
  auto h = random_host<double>({333, 17}, 7);
  auto d = xp::to_device(h);
  check_same(d, h);
  check_same(xp::to_device(xp::transpose(h)), xp::transpose(h).copy());
  auto dt = xp::transpose(d);
  check_same(dt, xp::transpose(h));
  check_same(dt.copy(), xp::transpose(h).copy());
}
#endif
