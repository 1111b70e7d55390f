// xp/expr/elementwise.hpp: expressions of arrays, views, scalars and broadcasting, evaluated in one
// pass (one fused kernel), into a new array or into a (strided) destination; in-place operators;
// writes into views. The ops themselves: test_ops_*.cpp and test_dtypes_*.cpp.
#include "support.hpp"

using namespace xp_test;

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

TEST_CASE("elementwise: one fused expression is one kernel, and fresh random inputs match a float64 reference") {
  auto x = xp::random::uniform<float, B>({1 << 16}, -3.f, 3.f, 11);
  auto y = xp::random::uniform<float, B>({1 << 16}, -3.f, 3.f, 12);
  const auto before = xp::debug::launch_count();
  xp::ndarray<float, B> z = xp::exp(0.5f * xp::sin(x) + xp::cos(y));
  CHECK(xp::debug::launch_count() - before == 1);
  const auto hx = values(x), hy = values(y), hz = values(z);
  for (std::size_t k = 0; k < hz.size(); k += 7) {
    const double want = std::exp(0.5 * std::sin(double(hx[k])) + std::cos(double(hy[k])));
    CHECK(std::abs(hz[k] - want) <= 1e-6 * want);
  }
  // out overload and eval into a strided destination
  auto dst = xp::zeros<float, B>({2, 1 << 16});
  xp::eval(x * 2.f, dst(1, xp::all));
  CHECK(values(dst(1, xp::range(0, 3))) == std::vector<float>{hx[0] * 2, hx[1] * 2, hx[2] * 2});
  CHECK(values(dst(0, xp::range(0, 3))) == std::vector<float>{0, 0, 0});
  CHECK_THROWS_AS(xp::eval(x * 2.f, xp::zeros<float, B>({3})), xp::shape_error);
}
