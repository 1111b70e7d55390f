// xp/expr/kernel.hpp: elementwise_kernel from one functor on both backends, broadcasting,
// scalars, several outputs, out=.
#include "support.hpp"

using namespace xp_test;

namespace {
struct sincos_fn {  // a functor struct, two outputs
  template <class T>
  XP_HD std::tuple<T, T> operator()(T x) const {
    return {xp::math::sin(x), xp::math::cos(x)};
  }
};
}  // namespace

TEST_CASE("elementwise_kernel: the seeds' saxpy_trig, from a lambda") {
  auto saxpy_trig = xp::elementwise_kernel(
      [] XP_HD(float x, float y, float a) { return xp::math::exp(a * xp::math::sin(x) + xp::math::cos(y)); });
  auto x = xp::random::uniform<float, B>({300, 7}, -3.f, 3.f, 1);
  auto y = xp::random::uniform<float, B>({7}, -3.f, 3.f, 2);  // broadcasts along rows
  const auto before = xp::debug::launch_count();
  auto out = saxpy_trig(x, y, 0.5f);
  CHECK(xp::debug::launch_count() - before == 1);
  CHECK(out.shape() == xp::shape_type{300, 7});
  check_close(out, xp::eval(xp::exp(0.5f * xp::sin(x) + xp::cos(y))), 4e-7);
  auto dst = xp::zeros<float, B>({300, 7});
  auto same = saxpy_trig(x, y, 0.5f, xp::out(dst));
  CHECK(same.data() == dst.data());
  check_close(dst, out, 0);
  CHECK_THROWS_AS(saxpy_trig(x, xp::zeros<float, B>({5}), 0.5f), xp::shape_error);
}

TEST_CASE("elementwise_kernel: several outputs from a functor struct") {
  auto k = xp::elementwise_kernel(sincos_fn{});
  auto x = xp::linspace<double, B>(-4, 4, 1001);
  auto [s, c] = k(x);
  // the expression may take the host's SIMD math (xsimd) where the functor calls libm: an ulp apart
  check_close(s, xp::eval(xp::sin(x)), ulps<double>(2));
  check_close(c, xp::eval(xp::cos(x)), ulps<double>(2));
  auto s2 = xp::empty<double, B>({1001}), c2 = xp::empty<double, B>({1001});
  k(x, xp::out(s2, c2));
  check_close(s2, s, 0);
  check_close(c2, c, 0);
  CHECK_THROWS_AS(k(x, xp::out(s2, xp::empty<double, B>({3}))), xp::shape_error);
  // a strided input
  auto [sr, cr] = k(x(xp::range(xp::none, xp::none, -5)));
  CHECK(sr.size() == 201);
  CHECK(values(sr)[0] == doctest::Approx(std::sin(4.0)));
}
