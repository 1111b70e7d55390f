// The integer and bool rules of the ops, NaN and infinity, np.logaddexp, np.copysign and
// np.nextafter (ops added as one functor each in xp/expr/ops.hpp) against NumPy's golden
// results, and the vector forms the host SIMD path detects. Split from test_ops.cpp so that
// each nvcc translation unit stays under a minute.
#include "support.hpp"

using namespace xt_test;

template <class T>
std::string op_tag() {
  return std::is_same_v<T, float> ? "f32" : "f64";
}

TEST_CASE("ops: integer rules (promotion, Python remainder, exact results)") {
  const auto i = xp::load_npy<std::int32_t, B>(golden("ops/op_i")),
             j = xp::load_npy<std::int32_t, B>(golden("ops/op_j"));
  check_same(xp::eval(xp::remainder(i, j)), xp::load_npy<std::int32_t>(golden("ops/op_remainder_i32")));
  auto d = xp::eval(i / j);  // true division: float64
  static_assert(std::is_same_v<decltype(d)::value_type, double>);
  check_close(d, xp::load_npy<double>(golden("ops/op_divide_i32")), ulps<double>(1));
  check_same(xp::eval(xp::power(i, xp::abs(j) % 4)), xp::load_npy<std::int32_t>(golden("ops/op_power_i32")));
  auto s = xp::eval(xp::sin(i));
  static_assert(std::is_same_v<decltype(s)::value_type, double>);
  check_close(s, xp::load_npy<double>(golden("ops/op_sin_i32")), ulps<double>(8));
  check_same(xp::eval(xp::abs(i)), xp::load_npy<std::int32_t>(golden("ops/op_abs_i32")));
  check_same(xp::eval(xp::sign(i)), xp::load_npy<std::int32_t>(golden("ops/op_sign_i32")));
  check_same(xp::eval(i & j), xp::load_npy<std::int32_t>(golden("ops/op_bitand_i32")));
  check_same(xp::eval(i ^ j), xp::load_npy<std::int32_t>(golden("ops/op_bitxor_i32")));
  check_same(xp::eval(i < j), xp::load_npy<bool>(golden("ops/op_less_i32")));
  check_same(xp::eval(xp::where(i > 0, i, j)), xp::load_npy<std::int32_t>(golden("ops/op_where_i32")));
  CHECK(values(xp::eval(xp::arange<std::int32_t, B>(5) % 0)) == std::vector<std::int32_t>(5, 0));
  static_assert(std::is_same_v<decltype(xp::eval(i + 1.5))::value_type, double>);
  static_assert(std::is_same_v<decltype(xp::eval(i + xp::arange<std::int64_t, B>(3)))::value_type, std::int64_t>);
  static_assert(std::is_same_v<decltype(xp::eval(xp::arange<float, B>(2) + i(xp::range(0, 2))))::value_type, double>);
  static_assert(std::is_same_v<decltype(xp::eval(xp::arange<std::uint8_t, B>(2) * 3))::value_type, std::uint8_t>);
}

TEST_CASE("ops: NaN and infinity follow NumPy") {
  const auto v = xp::load_npy<double, B>(golden("ops/nan_src"));
  check_same(xp::eval(xp::isnan(v)), xp::load_npy<bool>(golden("ops/nan_isnan")));
  check_same(xp::eval(xp::isinf(v)), xp::load_npy<bool>(golden("ops/nan_isinf")));
  check_same(xp::eval(xp::isfinite(v)), xp::load_npy<bool>(golden("ops/nan_isfinite")));
  check_close(xp::eval(xp::minimum(v, 2.0)), xp::load_npy<double>(golden("ops/nan_minimum")), 0);
  check_close(xp::eval(xp::maximum(v, 2.0)), xp::load_npy<double>(golden("ops/nan_maximum")), 0);
}

TEST_CASE("ops: logic, comparisons and bool arrays") {
  auto a = xp::arange<std::int32_t, B>(6);
  auto even = xp::eval(a % 2 == 0);
  CHECK(values(even) == std::vector<bool>{true, false, true, false, true, false});
  CHECK(values(xp::eval(!even || a > 3)) == std::vector<bool>{false, true, false, true, true, true});
  CHECK(values(xp::eval(even && a >= 2)) == std::vector<bool>{false, false, true, false, true, false});
  CHECK(values(xp::eval(~a)) == std::vector<std::int32_t>{-1, -2, -3, -4, -5, -6});
  CHECK(values(xp::eval(-a)) == std::vector<std::int32_t>{0, -1, -2, -3, -4, -5});
  auto f = xp::eval(xp::where(even, 1.0, -1.0));
  static_assert(std::is_same_v<decltype(f)::value_type, double>);
  CHECK(values(f) == std::vector<double>{1, -1, 1, -1, 1, -1});
  auto m = xp::zeros<std::int32_t, B>({3});
  m |= 5;
  m ^= 1;
  CHECK(values(m) == std::vector<std::int32_t>{4, 4, 4});
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

TEST_CASE_TEMPLATE("ops: logaddexp, copysign and nextafter match NumPy (edges, views, broadcasting, 0-d, empty)", C,
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

TEST_CASE("ops: logaddexp, copysign and nextafter of integers compute in float64 (NumPy)") {
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

#ifndef XP_TEST_CUDA
// The host evaluates a contiguous float/double tree a register at a time when every op in it
// declares a vector form: check that the ops that should have one do, the new ones included.
template <class T, class... Ops>
constexpr bool all_unary_simd() {
  return (xp::backends::host::simd::has_simd_form<Ops, xsimd::batch<T>> && ...);
}
template <class T, class... Ops>
constexpr bool all_binary_simd() {
  return (xp::backends::host::simd::has_simd_form<Ops, xsimd::batch<T>, xsimd::batch<T>> && ...);
}
TEST_CASE_TEMPLATE("ops: the float ops declare a vector form, detected by the host SIMD path", T, float, double) {
  namespace o = xp::ops;
  static_assert(all_binary_simd<T, o::logaddexp, o::copysign, o::nextafter>());
  static_assert(all_binary_simd<T, o::plus, o::minus, o::multiplies, o::divides, o::hypot, o::arctan2>());
  static_assert(all_unary_simd<T, o::negate, o::sin, o::cos, o::tan, o::exp, o::exp2, o::expm1, o::log, o::log2,
                               o::log10, o::log1p, o::sqrt, o::cbrt, o::sinh, o::cosh, o::tanh, o::arcsin, o::arccos,
                               o::arctan, o::absolute, o::square>());
  static_assert(!xp::backends::host::simd::has_simd_form<o::power, xsimd::batch<T>, xsimd::batch<T>>);
  using K = xp::detail::array_kernel<T>;
  using namespace xp::backends::host::simd;
  static_assert(batchable<xp::detail::node_kernel<T, o::logaddexp, K, K>, T>::value);
  static_assert(batchable<xp::detail::node_kernel<T, o::nextafter, xp::detail::node_kernel<T, o::copysign, K, K>,
                                                  xp::detail::scalar_kernel<T>>,
                          T>::value);
  static_assert(!batchable<xp::detail::node_kernel<T, o::power, K, K>, T>::value);  // no vector form: scalar loop
  static_assert(!batchable<xp::detail::node_kernel<double, o::logaddexp, xp::detail::array_kernel<std::int32_t>, K>,
                           double>::value);  // float/double leaves only
  // and the vector forms agree with the scalar ones on a tail-free length and on the tail
  const auto x = random_host<T>({1027}, 5), y = random_host<T>({1027}, 6);
  const auto hx = values(x), hy = values(y);
  const auto l = values(xp::eval(xp::logaddexp(x, y))), n = values(xp::eval(xp::nextafter(x, y)));
  for (std::size_t k = 0; k < l.size(); ++k) {
    CHECK(l[k] == doctest::Approx(o::logaddexp{}(hx[k], hy[k])).epsilon(ulps<T>(4)));
    CHECK(n[k] == o::nextafter{}(hx[k], hy[k]));
  }
}
#endif
