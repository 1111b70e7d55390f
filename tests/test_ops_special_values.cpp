// Special values through the elementwise functions: NaN, infinities and signed zeros in isnan /
// isinf / isfinite, minimum / maximum, signbit, heaviside and nan_to_num; integer arithmetic at
// the edge values (wrap-around, MIN % -1, x % 0, int64 accumulators) and float remainders by and
// of zero; the binary float functions np.logaddexp, np.copysign and np.nextafter at every pair of
// float edge values (±inf, NaN, ±0, ±1, the smallest subnormal, ±max) with views, broadcasting,
// 0-d and empty operands; empty and 0-d operands of the other functions. Against NumPy's goldens
// on each backend: tests/golden/ops/nan_* (make_golden_core.py), edge_* (and reductions/edge_*,
// make_golden_edges.py), float_binary_* (make_golden_float_binary.py) and funcs_stats_<code>.npz
// for one dtype of each class (funcs_stats_support.hpp).
#include "funcs_stats_support.hpp"

#include <cmath>
#include <limits>

using namespace xp_test;
using xp::index_t;

TEST_CASE("special values: NaN and infinity follow NumPy") {
  const auto v = xp::load_npy<double, B>(golden("ops/nan_src"));
  check_same(xp::eval(xp::isnan(v)), xp::load_npy<bool>(golden("ops/nan_isnan")));
  check_same(xp::eval(xp::isinf(v)), xp::load_npy<bool>(golden("ops/nan_isinf")));
  check_same(xp::eval(xp::isfinite(v)), xp::load_npy<bool>(golden("ops/nan_isfinite")));
  check_close(xp::eval(xp::minimum(v, 2.0)), xp::load_npy<double>(golden("ops/nan_minimum")), 0);
  check_close(xp::eval(xp::maximum(v, 2.0)), xp::load_npy<double>(golden("ops/nan_maximum")), 0);
}

TEST_CASE_TEMPLATE(
    "special values: signbit, heaviside and nan_to_num of every dtype class match NumPy 2 (dtypes, values, layouts)", C,
    XP_DTYPE_CLASSES) {
  using T = typename C::type;
  const auto a = funcs_stats_input<T>("a");
  check_funcs_stats<T>(
      "nan_to_num", 0, [](const auto& x) { return xp::nan_to_num(x); }, a);
  check_funcs_stats<T>(
      "nan_to_num_args", 0, [](const auto& x) { return xp::nan_to_num(x, 1.5, 1e6, -7.0); }, a);
  if constexpr (!xp::detail::is_complex_v<T>) {
    const auto b = funcs_stats_input<T>("b");
    check_funcs_stats<T>(
        "signbit", 0, [](const auto& x) { return xp::signbit(x); }, a);
    // heaviside(x, h0): h0 at +0 and -0, NaN at NaN
    check_funcs_stats<T>(
        "heaviside", 0, [](const auto& x, const auto& y) { return xp::heaviside(x, y); }, a, b);
    check_funcs_stats<T>(
        "heaviside_scalar", 0, [](const auto& x) { return xp::heaviside(x, 0.5); }, a);
    check_funcs_stats_member<T>("heaviside_bcast", xp::eval(xp::heaviside(a, b(xp::all, xp::range(0, 1)))), 0);
  }
}

// ---- integer edge values, remainders by and of zero --------------------------------------------

TEST_CASE_TEMPLATE("special values: integer + - * % negate abs square power wrap like NumPy at the edge values", C,
                   on<std::int32_t>, on<std::int64_t>, on<std::uint8_t>) {
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

TEST_CASE_TEMPLATE("special values: MIN % -1 and x % 0 give NumPy's 0, with array and scalar divisors", C,
                   on<std::int32_t>, on<std::int64_t>) {
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

TEST_CASE("special values: float remainder by zero is NaN") {
  auto a = load_edge<double>("ops", "f64_mod_a"), b = load_edge<double>("ops", "f64_mod_b");
  check_close(xp::eval(a % b), load_edge<double>("ops", "f64_mod"), 0);
}

TEST_CASE("special values: float remainder of zero takes the divisor's sign") {
  const auto r =
      values(xp::eval(xp::array<double, B>({-4.0, 4.0, 0.0, -0.0}) % xp::array<double, B>({2.0, -2.0, -3.0, 3.0})));
  CHECK(!std::signbit(r[0]));
  CHECK(std::signbit(r[1]));
  CHECK(std::signbit(r[2]));
  CHECK(!std::signbit(r[3]));
}

// ---- logaddexp, copysign, nextafter ------------------------------------------------------------
// Bit-level agreement: the same value, the same sign (±0), NaN where NumPy has NaN (and, with
// nan_sign, NaN's sign bit too: copysign defines it).
template <class T, class B1>
void check_exact(const xp::ndarray<T, B1>& got, const xp::ndarray<T>& want, bool nan_sign = false) {
  REQUIRE(xp::to_string(got.shape()) == xp::to_string(want.shape()));
  const auto g = values(got), w = values(want);
  for (std::size_t k = 0; k < g.size(); ++k) {
    INFO("flat index " << k << ": got " << g[k] << ", want " << w[k]);
    if (std::isnan(w[k])) {
      CHECK(std::isnan(g[k]));
      if (nan_sign) CHECK(std::signbit(g[k]) == std::signbit(w[k]));
    } else {
      CHECK(g[k] == w[k]);
      CHECK(std::signbit(g[k]) == std::signbit(w[k]));
    }
  }
}

TEST_CASE_TEMPLATE(
    "special values: logaddexp, copysign and nextafter match NumPy (edges, views, broadcasting, 0-d, empty)", C,
    XP_FLOAT_DTYPES) {
  using T = typename C::type;
  const std::string tag = op_tag<T>();
  const auto a = xp::load_npy<T, B>(golden("ops/float_binary_a_" + tag)),
             b = xp::load_npy<T, B>(golden("ops/float_binary_b_" + tag));
  const auto A = a.reshape({20, 20}), Bm = b.reshape({20, 20});
  const auto At = xp::transpose(A, {1, 0});                        // a non-contiguous view
  const auto Br = Bm(xp::all, xp::range(xp::none, xp::none, -1));  // a negative-stride view
  const auto col = A(xp::all, xp::range(0, 1)), row = Bm(0);       // (20, 1) and (20,): broadcast to (20, 20)
  const auto want = [&](const std::string& name) {
    return xp::load_npy<T>(golden("ops/float_binary_" + name + "_" + tag));
  };
  const double tol = ulps<T>(4);

  SUBCASE("logaddexp") {
    check_close(xp::eval(xp::logaddexp(a, b)), want("logaddexp"), tol);
    check_close(xp::eval(xp::logaddexp(At, Br)), want("logaddexp_strided"), tol);
    check_close(xp::eval(xp::logaddexp(col, row)), want("logaddexp_bcast"), tol);
    check_close(xp::eval(xp::logaddexp(a, T(-0.5))), want("logaddexp_scalar"), tol);
    check_close(xp::eval(xp::logaddexp(a(5), b(7))), want("logaddexp_0d"), tol);
  }
  SUBCASE("copysign") {
    check_exact(xp::eval(xp::copysign(a, b)), want("copysign"), true);
    check_exact(xp::eval(xp::copysign(At, Br)), want("copysign_strided"), true);
    check_exact(xp::eval(xp::copysign(col, row)), want("copysign_bcast"), true);
    check_exact(xp::eval(xp::copysign(a, T(-0.5))), want("copysign_scalar"), true);
    check_exact(xp::eval(xp::copysign(a(5), b(7))), want("copysign_0d"), true);
  }
  SUBCASE("nextafter") {
    check_exact(xp::eval(xp::nextafter(a, b)), want("nextafter"));
    check_exact(xp::eval(xp::nextafter(At, Br)), want("nextafter_strided"));
    check_exact(xp::eval(xp::nextafter(col, row)), want("nextafter_bcast"));
    check_exact(xp::eval(xp::nextafter(a, T(-0.5))), want("nextafter_scalar"));
    check_exact(xp::eval(xp::nextafter(a(5), b(7))), want("nextafter_0d"));
  }
  SUBCASE("empty and 0-d") {
    const auto e = xp::empty<T, B>({0, 3}), r = xp::ones<T, B>({3});
    CHECK(xp::eval(xp::logaddexp(e, r)).shape() == xp::shape_type{0, 3});
    CHECK(xp::eval(xp::copysign(r, e)).shape() == xp::shape_type{0, 3});
    CHECK(xp::eval(xp::nextafter(e, e)).size() == 0);
    CHECK(xp::eval(xp::nextafter(a(5), b(7))).ndim() == 0);
  }
  SUBCASE("fused with other ops, written in place") {
    auto x = a.copy();
    xp::eval(xp::copysign(xp::abs(x) + T(1), -x), x);  // reads and writes the same elements
    const auto got = values(x), ha = values(a);
    for (std::size_t k = 0; k < got.size(); ++k) {
      INFO("flat index " << k);
      const T w = std::copysign(std::abs(ha[k]) + T(1), -ha[k]);
      CHECK((std::isnan(w) ? std::isnan(got[k]) : got[k] == w));
      CHECK(std::signbit(got[k]) == std::signbit(w));
    }
  }
}

TEST_CASE("special values: logaddexp, copysign and nextafter of integers compute in float64 (NumPy)") {
  const auto i = xp::load_npy<std::int32_t, B>(golden("ops/float_binary_i_i32")),
             j = xp::load_npy<std::int32_t, B>(golden("ops/float_binary_j_i32"));
  auto l = xp::eval(xp::logaddexp(i, j));
  static_assert(std::is_same_v<decltype(l)::value_type, double>);
  check_close(l, xp::load_npy<double>(golden("ops/float_binary_logaddexp_i32")), ulps<double>(4));
  auto c = xp::eval(xp::copysign(i, j));
  static_assert(std::is_same_v<decltype(c)::value_type, double>);
  check_exact(c, xp::load_npy<double>(golden("ops/float_binary_copysign_i32")));
  auto n = xp::eval(xp::nextafter(i, j));
  static_assert(std::is_same_v<decltype(n)::value_type, double>);
  check_exact(n, xp::load_npy<double>(golden("ops/float_binary_nextafter_i32")));
  static_assert(std::is_same_v<decltype(xp::eval(xp::copysign(xp::arange<float, B>(2), 1.0)))::value_type, float>);
}

TEST_CASE(
    "special values: empty and 0-d operands of the elementwise functions, the special cases NumPy documents, and the "
    "errors") {
  const double inf = std::numeric_limits<double>::infinity();
  const auto e = xp::empty<double, B>({0, 3});
  const auto r = xp::ones<double, B>({3});
  CHECK(xp::eval(xp::isclose(e, r)).shape() == xp::shape_type{0, 3});
  CHECK(xp::eval(xp::heaviside(e, 0.5)).shape() == xp::shape_type{0, 3});
  CHECK(xp::eval(xp::arccosh(e)).size() == 0);
  CHECK(xp::allclose(e, r));  // vacuously true, as NumPy

  // 0-d operands give 0-d results
  const auto z = xp::full<double, B>({}, -0.0);
  CHECK(xp::eval(xp::signbit(z)).item());
  CHECK(xp::eval(xp::heaviside(z, 0.25)).item() == 0.25);  // x == 0, either sign: h0
  CHECK(xp::eval(xp::nan_to_num(xp::full<float, B>({}, -inf))).item() == std::numeric_limits<float>::lowest());
  // float16 overflows NumPy's way: posinf=1e6 is inf in float16; the default is its max 65504
  const auto hinf = xp::full<xp::float16, B>({2}, xp::float16(inf));
  CHECK(std::isinf(float(xp::eval(xp::nan_to_num(hinf, 0.0, 1e6))(0).item())));
  CHECK(float(xp::eval(xp::nan_to_num(hinf))(1).item()) == 65504.f);

  // isclose / allclose: shapes that do not broadcast
  const auto m = xp::array<double, B>({1, 2, 3, 4, 5, 6}, {2, 3});
  CHECK_THROWS_AS(xp::isclose(m, xp::ones<double, B>({4})), xp::shape_error);
  CHECK_THROWS_AS(xp::allclose(m, xp::ones<double, B>({4})), xp::shape_error);
}
