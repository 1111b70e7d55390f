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
