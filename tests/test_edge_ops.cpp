// Integer edge values against NumPy (goldens from tests/golden/make_golden_edges.py): + - * %
// negate abs square power wrap, MIN % -1 and x % 0, int64 accumulators, float remainders and
// integer powers. Split from test_edge_values.cpp so that each compiles as its own nvcc unit.
#include "support.hpp"

#include <limits>

using namespace xt_test;
using xp::index_t;

namespace {

/// tests/golden/<area>/edge_<name>.npy (make_golden_edges.py) on B.
template <class T>
xp::ndarray<T, B> load_edge(const std::string& area, const std::string& name) {
  return xp::load_npy<T, B>(golden(area + "/edge_" + name));
}

}  // namespace

TEST_CASE_TEMPLATE("edges: integer + - * % negate abs square power wrap like NumPy", C, on<std::int32_t>,
                   on<std::int64_t>, on<std::uint8_t>) {
  using T = typename C::type;
  const std::string n = std::is_same_v<T, std::int32_t> ? "i32" : std::is_same_v<T, std::int64_t> ? "i64" : "u8";
  auto e = load_edge<T>("ops", n + "_values");
  const index_t k = e.size();
  auto a = e.reshape({k, 1});  // rows
  auto b = e.reshape({1, k});  // columns
  check_same(xp::eval(a + b), load_edge<T>("ops", n + "_add"));
  check_same(xp::eval(a - b), load_edge<T>("ops", n + "_sub"));
  check_same(xp::eval(a * b), load_edge<T>("ops", n + "_mul"));
  check_same(xp::eval(a % b), load_edge<T>("ops", n + "_mod"));
  check_same(xp::eval(-e), load_edge<T>("ops", n + "_neg"));
  check_same(xp::eval(xp::abs(e)), load_edge<T>("ops", n + "_abs"));
  check_same(xp::eval(xp::square(e)), load_edge<T>("ops", n + "_square"));
  auto exps = load_edge<T>("ops", n + "_exps");
  check_same(xp::eval(xp::power(a, exps.reshape({1, exps.size()}))), load_edge<T>("ops", n + "_power"));
  // in place, and reductions accumulating in int64
  auto acc = xp::broadcast_to(a, {k, k}).copy();
  acc *= b;
  check_same(acc, load_edge<T>("ops", n + "_mul"));
  // (uint8 sums in uint64, as NumPy 2: the same bits as the int64 goldens, modulo 2^64)
  check_same(xp::sum(xp::broadcast_to(a, {k, k}), {1}).template astype<std::int64_t>(),
             load_edge<std::int64_t>("reductions", n + "_sum_rows"));
  check_same(xp::prod(xp::broadcast_to(a, {k, k}), {1}).template astype<std::int64_t>(),
             load_edge<std::int64_t>("reductions", n + "_prod_rows"));
}

TEST_CASE_TEMPLATE("edges: MIN % -1 and x % 0 give NumPy's 0, with array and scalar divisors", C, on<std::int32_t>,
                   on<std::int64_t>) {
  using T = typename C::type;
  constexpr T lo = std::numeric_limits<T>::min();
  auto x = xp::array<T, B>({lo, T(-5), T(5), std::numeric_limits<T>::max()});
  auto zero = xp::zeros<T, B>({4});
  auto minus_one = xp::full<T, B>({4}, T(-1));
  for (T v : values(xp::eval(x % minus_one))) CHECK(v == 0);
  for (T v : values(xp::eval(x % T(-1)))) CHECK(v == 0);
  for (T v : values(xp::eval(x % zero))) CHECK(v == 0);
  for (T v : values(xp::eval(xp::remainder(x, T(0))))) CHECK(v == 0);
  auto y = x.copy();
  y %= T(-1);
  for (T v : values(y)) CHECK(v == 0);
}

TEST_CASE("edges: sums and products that wrap in the int64 accumulator") {
  auto big = load_edge<std::int64_t>("reductions", "i64_big");
  check_same(xp::sum(big), load_edge<std::int64_t>("reductions", "i64_big_sum"));
  check_same(xp::prod(big), load_edge<std::int64_t>("reductions", "i64_big_prod"));
}

TEST_CASE("edges: float remainder by zero is NaN") {
  auto a = load_edge<double>("ops", "f64_mod_a"), b = load_edge<double>("ops", "f64_mod_b");
  check_close(xp::eval(a % b), load_edge<double>("ops", "f64_mod"), 0);
}

TEST_CASE("edges: power(int, negative) throws like NumPy; floats and non-negative exponents do not") {
  auto x = xp::arange<std::int64_t, B>(1, 5);
  CHECK_THROWS_AS((xp::power(x, -1)), xp::value_error);
  CHECK_THROWS_AS((xp::power(x, xp::array<std::int64_t, B>({1, 2, -3, 4}))), xp::value_error);
  CHECK_THROWS_AS((xp::power(x, x - 3)), xp::value_error);  // an expression exponent too
  CHECK_THROWS_AS((xp::power(2, x - 3)), xp::value_error);
  try {
    xp::power(x, -2);
  } catch (const xp::value_error& e) {
    CHECK(std::string(e.what()).find("Integers to negative integer powers are not allowed") != std::string::npos);
  }
  check_same(xp::eval(xp::power(x, 2)), xp::array<std::int64_t, B>({1, 4, 9, 16}));
  auto f = xp::eval(xp::power(x, -1.0));  // a float exponent gives float64, like NumPy
  check_close(f, xp::array<double, B>({1.0, 0.5, 1.0 / 3.0, 0.25}), 1e-15);
  check_same(xp::eval(xp::power(xp::arange<std::uint8_t, B>(4), std::uint8_t{3})),
             xp::array<std::uint8_t, B>({0, 1, 8, 27}));
}
