// xp/expr/elementwise.hpp (the part the core issue needs): + - * / with arrays, views,
// scalars and broadcasting, evaluated in one pass; in-place operators; writes into views.
#include "support.hpp"

using namespace xt_test;

TEST_CASE("elementwise: broadcasting add matches NumPy") {
  auto a = xp::arange<float, B>(3).reshape({3, 1});
  auto b = xp::arange<float, B>(4);
  xp::ndarray<float, B> c = a + b;
  check_same(c, xp::load_npy<float>(golden("ops/broadcast_add")));
  CHECK_THROWS_AS((xp::eval(xp::arange<float, B>(3) + b)), xp::shape_error);
}

TEST_CASE("elementwise: a nested expression over strided views against a float64 reference") {
  auto hx = random_host<float>({65, 33}, 1);
  auto hy = random_host<float>({33, 65}, 2);
  auto x = xp::asarray<B>(hx);
  auto y = xp::asarray<B>(hy);
  xp::ndarray<float, B> z = (x * 2.f - xp::transpose(y)) / 4.f + -x;
  CHECK(z.shape() == xp::shape_type{65, 33});
  auto hz = z.copy_to_host();
  for (xp::index_t i = 0; i < 65; ++i)
    for (xp::index_t j = 0; j < 33; ++j) {
      const double x = hx.at(i, j), y = hy.at(j, i);
      const double want = (x * 2 - y) / 4 - x;
      // float32 rounding of each of the four operations, bounded by the operands' magnitudes
      const double bound = 4 * std::numeric_limits<float>::epsilon() * (2 * std::abs(x) + std::abs(y));
      CHECK(std::abs(hz.at(i, j) - want) <= bound);
    }
}

TEST_CASE("elementwise: in-place operators and writes into views") {
  auto m = xp::zeros<double, B>({3, 4});
  m += 1.0;
  m(xp::all, 0) *= 5.0;
  m(1, xp::all) = m(1, xp::all) + xp::arange<double, B>(4);
  m -= m(xp::range(0, 1), xp::all);  // broadcast row 0 (overlaps m: read first)
  CHECK(values(m) == std::vector<double>{0, 0, 0, 0, 0, 1, 2, 3, 0, 0, 0, 0});
  auto i = xp::arange<std::int32_t, B>(5);
  i += 2;  // a weak int scalar keeps int32
  static_assert(std::is_same_v<decltype(xp::eval(i * 2))::value_type, std::int32_t>);
  static_assert(std::is_same_v<decltype(xp::eval(i * 2.0))::value_type, double>);
  static_assert(std::is_same_v<decltype(xp::eval(xp::arange<float, B>(2) * 2.0))::value_type, float>);
  CHECK(values(i) == std::vector<std::int32_t>{2, 3, 4, 5, 6});
  auto empty = xp::zeros<float, B>({0, 3});
  empty += 1.f;
  CHECK(xp::eval(empty * 2.f).shape() == xp::shape_type{0, 3});
  auto s = xp::scalar<float, B>(2.f);
  CHECK((xp::eval(s * s + 1.f)).item() == 5.f);
}
