// Robustness at the edges: element counts that overflow, arange that wraps, sums and products
// that wrap in the int64 accumulator and var with ddof >= n (NumPy goldens from
// tests/golden/make_golden_edges.py), float -> integer conversions, unsigned indices, aliasing
// between outputs and inputs, read-only broadcast views.
#include "support.hpp"

#include <limits>

using namespace xp_test;
using xp::index_t;

namespace {

// One output per input of a functor: the sum and the difference (a multi-output kernel).
struct sum_and_difference {
  template <class T>
  XP_HD std::tuple<T, T> operator()(T a, T b) const {
    return {a + b, a - b};
  }
};

}  // namespace

// ---- element counts --------------------------------------------------------------------------

TEST_CASE("edges: element counts that overflow are refused before allocating") {
  // NumPy: "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size."
  CHECK_THROWS_AS((xp::zeros<float, B>({index_t{1} << 62})), xp::value_error);
  CHECK_THROWS_AS((xp::zeros<float, B>({index_t{1} << 40, index_t{1} << 40})), xp::value_error);
  CHECK_THROWS_AS((xp::empty<double, B>({index_t{1} << 61})), xp::value_error);  // 2^64 bytes
  CHECK_THROWS_AS((xp::ones<std::uint8_t, B>({index_t{1} << 31, index_t{1} << 31, 4})), xp::value_error);
  CHECK_THROWS_AS((xp::random::uniform<float, B>({index_t{1} << 62, 3})), xp::value_error);
  CHECK_THROWS_AS((xp::zeros<float, B>({0, index_t{1} << 62, index_t{1} << 62})), xp::value_error);  // as NumPy
  try {
    xp::zeros<float, B>({index_t{1} << 40, index_t{1} << 40});
  } catch (const xp::value_error& e) {
    CHECK(std::string(e.what()).find("array is too big") != std::string::npos);
    CHECK(std::string(e.what()).find("(1099511627776, 1099511627776)") != std::string::npos);
  }
  // an empty array with huge extents elsewhere is fine when the bytes fit
  auto z = xp::zeros<std::uint8_t, B>({0, index_t{1} << 40});
  CHECK(z.size() == 0);
  CHECK(z.shape() == xp::shape_type{0, index_t{1} << 40});
}

TEST_CASE("edges: reshape and broadcast_to to shapes whose product wraps are refused") {
  auto a = xp::arange<float, B>(4);
  // 4 * (2^62 + 1) wraps to 4 in int64 arithmetic; NumPy: "cannot reshape array of size 4 ..."
  CHECK_THROWS_AS((a.reshape({4, (index_t{1} << 62) + 1})), xp::shape_error);
  CHECK_THROWS_AS((a.reshape({-1, index_t{1} << 62, 4})), xp::shape_error);
  CHECK_THROWS_AS((a.reshape({index_t{1} << 32, index_t{1} << 32, 4})), xp::shape_error);  // 2^66 wraps to 0... *4
  CHECK_THROWS_AS((xp::broadcast_to(a, {index_t{1} << 40, index_t{1} << 40, 4})), xp::value_error);
  auto e = xp::zeros<float, B>({0});
  CHECK_THROWS_AS((e.reshape({0, index_t{1} << 62, index_t{1} << 62})), xp::value_error);  // too big
  CHECK(e.reshape({0, index_t{1} << 20}).size() == 0);
  // an expression whose broadcast shape is too big fails when it is evaluated
  auto col = xp::broadcast_to(xp::zeros<float, B>({1, 1}), {index_t{1} << 40, 1});  // views: nothing allocated
  auto row = xp::broadcast_to(xp::zeros<float, B>({1, 1}), {1, index_t{1} << 40});
  CHECK_THROWS_AS((xp::eval(col + row)), xp::value_error);
}

TEST_CASE("edges: arange lengths beyond int64 are refused; unsigned arange wraps like NumPy") {
  CHECK_THROWS_AS((xp::arange<double, B>(0.0, 1.0, 1e-300)), xp::value_error);  // NumPy: Maximum allowed size exceeded
  check_same(xp::arange<std::uint8_t, B>(-3, 3), load_edge<std::uint8_t>("creation", "arange_u8_neg"));
  check_same(xp::arange<std::int32_t, B>(2147483640.0, 2147483650.0),
             load_edge<std::int32_t>("creation", "arange_i32_wrap"));
}

TEST_CASE("edges: an unsigned index beyond int64 is out of bounds, not the last element") {
  auto a = xp::arange<float, B>(5);
  CHECK_THROWS_AS((a(std::size_t(-1))), xp::index_error);
  CHECK_THROWS_AS((a(std::uint64_t{1} << 63)), xp::index_error);
  CHECK(a(std::size_t{4}).item() == 4.f);
  auto h = xp::arange<float>(5);
  CHECK_THROWS_AS((h.at(std::size_t(-1))), xp::index_error);
}

TEST_CASE("edges: slice steps at the ends of int64 are clamped like CPython") {
  auto a = xp::arange<std::int64_t, B>(10);
  auto r = a(xp::range(xp::none, xp::none, std::numeric_limits<index_t>::min()));  // ::-huge
  REQUIRE(r.shape() == xp::shape_type{1});
  CHECK(r.item() == 9);
  auto f = a(xp::range(2, xp::none, std::numeric_limits<index_t>::max()));
  REQUIRE(f.shape() == xp::shape_type{1});
  CHECK(f.item() == 2);
  CHECK(xp::sum(a(xp::range(-(index_t{1} << 62), index_t{1} << 62, index_t{1} << 61))).item() == 0);
}

// ---- integer arithmetic at edge values against NumPy: test_ops_special_values.cpp -------------

// ---- conversions --------------------------------------------------------------------------------

TEST_CASE_TEMPLATE("edges: float -> integer conversions of NaN, inf and out-of-range values are defined", C,
                   on<std::int32_t>, on<std::int64_t>, on<std::uint8_t>) {
  using T = typename C::type;
  constexpr double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  auto src = xp::array<double, B>({nan, inf, -inf, 1e20, -1e20, -1.0, 300.7, 2.9, -2.9, 0.0});
  // the rule of convert.hpp: NaN -> 0, truncation toward zero, saturation at the type's ends
  const T lo = std::numeric_limits<T>::min(), hi = std::numeric_limits<T>::max();
  const std::vector<T> want = {T(0),
                               hi,
                               lo,
                               hi,
                               lo,
                               std::is_signed_v<T> ? T(-1) : T(0),
                               T(300) == 300 ? T(300) : hi,
                               T(2),
                               std::is_signed_v<T> ? T(-2) : T(0),
                               T(0)};
  const auto got = values(src.template astype<T>());
  for (std::size_t i = 0; i < want.size(); ++i) {
    INFO("element " << i);
    CHECK(got[i] == want[i]);
  }
  // the same through a fused expression, an assignment and a fill
  const auto fused = values(xp::eval(xp::astype<T>(src * 1.0)));
  for (std::size_t i = 0; i < want.size(); ++i) CHECK(fused[i] == want[i]);
  auto dst = xp::zeros<T, B>({10});
  dst(xp::all) = src;
  CHECK(values(dst) == want);
  auto filled = xp::ones<T, B>({3});
  filled = nan;
  for (T v : values(filled)) CHECK(v == 0);
  // float32 sources too
  const auto from_float = values(src.template astype<float>().template astype<T>());
  for (std::size_t i = 0; i < want.size(); ++i) CHECK(from_float[i] == want[i]);
}

TEST_CASE("edges: double -> float beyond float's range gives inf; NaN -> bool is true") {
  auto src = xp::array<double, B>({1e300, -1e300, 3.4028235677973366e38, 3.4028234663852886e38, 1.0});
  const auto got = values(src.astype<float>());
  CHECK(got[0] == std::numeric_limits<float>::infinity());
  CHECK(got[1] == -std::numeric_limits<float>::infinity());
  CHECK(got[2] == std::numeric_limits<float>::infinity());  // halfway to 2^128 rounds up
  CHECK(got[3] == std::numeric_limits<float>::max());
  CHECK(got[4] == 1.f);
  const auto b =
      values(xp::array<double, B>({std::numeric_limits<double>::quiet_NaN(), 0.0, -0.0, 0.5}).astype<bool>());
  CHECK(b == std::vector<bool>{true, false, false, true});
}

// ---- aliasing -----------------------------------------------------------------------------------

TEST_CASE("edges: a reduction whose out= is one of its inputs' rows gives NumPy's result") {
  auto x = xp::arange<double, B>(16).reshape({4, 4});
  const auto want = xp::sum(x.copy(), {1});  // NumPy: [6, 22, 38, 54], as if read first
  xp::sum(x, {1}, false, xp::out(x(1, xp::all)));
  check_same(x(1, xp::all).copy(), want);
  auto y = xp::arange<double, B>(16).reshape({4, 4});
  const auto want_mean = xp::mean(y.copy(), {0});
  xp::mean(y, {0}, false, xp::out(y(2, xp::all)));
  check_same(y(2, xp::all).copy(), want_mean);
}

TEST_CASE("edges: a multi-output kernel whose outputs overlap its inputs gives NumPy's result") {
  const auto k = xp::elementwise_kernel(sum_and_difference{});
  auto x = xp::arange<float, B>(10);
  const auto a = x(xp::range(0, 8)), b = x(xp::range(2, 10));
  const auto want_sum = xp::eval(a + b), want_diff = xp::eval(a - b);
  auto other = xp::zeros<float, B>({8});
  k(a, b, xp::out(x(xp::range(1, 9)), other));  // writes over both inputs, shifted by one
  check_same(x(xp::range(1, 9)).copy(), want_sum);
  check_same(other, want_diff);
  // the exact same elements in and out stay a single pass and are still right
  auto p = xp::arange<float, B>(6), q = xp::ones<float, B>({6});
  const auto want_p = xp::eval(p + q), want_q = xp::eval(p - q);
  k(p, q, xp::out(p, q));
  check_same(p, want_p);
  check_same(q, want_q);
}

TEST_CASE("edges: diffuse refuses a Laplacian output that overlaps the field, leaving it unchanged") {
  auto f = xp::random::uniform<double, B>({16, 16}, 0.0, 1.0, 3);
  const auto before = f.copy();
  CHECK_THROWS_AS((xp::pde::diffuse(f, 0.2, 5, {.laplacian = &f})), xp::value_error);
  CHECK_THROWS_AS((xp::pde::diffuse(f, 0.2, 0, {.laplacian = &f})), xp::value_error);
  auto alias = f.reshape({16, 16});
  CHECK_THROWS_AS((xp::pde::diffuse(f, 0.2, 5, {.laplacian = &alias})), xp::value_error);
  check_same(f, before);
  // a Laplacian output of its own is still computed
  xp::ndarray<double, B> lap;
  xp::pde::diffuse(f, 0.2, 3, {.laplacian = &lap});
  CHECK(lap.shape() == f.shape());
}

// ---- read-only views ----------------------------------------------------------------------------

TEST_CASE("edges: writes through a broadcast view throw 'assignment destination is read-only'") {
  auto a = xp::arange<float, B>(3);
  const auto before = a.copy();
  auto v = xp::broadcast_to(a, {4, 3});
  CHECK_FALSE(v.writeable());
  CHECK(a.writeable());
  CHECK_THROWS_AS((v += 1.f), xp::value_error);
  CHECK_THROWS_AS((v(xp::all) = xp::ones<float, B>({3})), xp::value_error);
  CHECK_THROWS_AS((v(0, xp::all) = 5.f), xp::value_error);  // views of a read-only view stay read-only
  CHECK_THROWS_AS((xp::transpose(v)(0, 0) = 5.f), xp::value_error);
  CHECK_THROWS_AS((v.fill(2.f)), xp::value_error);
  CHECK_THROWS_AS((xp::expand_dims(v, 0).fill(2.f)), xp::value_error);
  CHECK(v.reshape({12}).writeable());  // reshaping a broadcast needs a copy, which is writeable (NumPy too)
  CHECK_THROWS_AS((xp::eval(a * 2.f, v)), xp::value_error);
  CHECK_THROWS_AS(
      (xp::sum(xp::ones<float, B>({3, 4}), {0}, false, xp::out(xp::broadcast_to(xp::zeros<float, B>({1}), {4})))),
      xp::value_error);
  CHECK_THROWS_AS((xp::elementwise_kernel(sum_and_difference{})(a, a, xp::out(v(0, xp::all), v(1, xp::all)))),
                  xp::value_error);
  auto m = xp::ones<float, B>({2, 2});
  CHECK_THROWS_AS((xp::matmul(m, m, xp::out(xp::broadcast_to(xp::ones<float, B>({2}), {2, 2})))), xp::value_error);
  try {
    v += 1.f;
  } catch (const xp::value_error& e) {
    CHECK(std::string(e.what()).find("assignment destination is read-only") != std::string::npos);
  }
  check_same(a, before);
  // reading works, and a copy is writeable
  CHECK(xp::sum(v).item() == 12.f);
  auto c = v.copy();
  CHECK(c.writeable());
  c += 1.f;
  CHECK(xp::sum(c).item() == 24.f);
}

TEST_CASE("edges: diffuse on a broadcast view is refused and leaves the base unchanged") {
  auto row = xp::ones<double, B>({8});
  auto f = xp::broadcast_to(row, {8, 8});
  CHECK_THROWS_AS((xp::pde::diffuse(f, 0.2, 3)), xp::value_error);
  check_same(row, xp::ones<double, B>({8}));
}

// ---- statistics ---------------------------------------------------------------------------------

TEST_CASE("edges: sums and products that wrap in the int64 accumulator") {
  auto big = load_edge<std::int64_t>("reductions", "i64_big");
  check_same(xp::sum(big), load_edge<std::int64_t>("reductions", "i64_big_sum"));
  check_same(xp::prod(big), load_edge<std::int64_t>("reductions", "i64_big_prod"));
}

TEST_CASE("edges: var and stddev with ddof >= n divide by max(n - ddof, 0) like NumPy") {
  auto v = xp::array<double, B>({1.0, 2.0, 4.0, 2.0, 2.0, 2.0}, {2, 3});
  for (int ddof : {2, 3, 5}) {
    INFO("ddof " << ddof);
    check_close(xp::var(v, {1}, false, ddof), load_edge<double>("reductions", "var_ddof" + std::to_string(ddof)),
                1e-15);
    check_close(xp::stddev(v, {1}, false, ddof), load_edge<double>("reductions", "std_ddof" + std::to_string(ddof)),
                1e-15);
  }
}

TEST_CASE("edges: indexing an empty array (no buffer) gives empty views, never an offset null pointer") {
  auto e = xp::zeros<float, B>({0, 3});
  auto v = e(xp::all, 1);  // found by tests/fuzz/fuzz_views.cpp under UBSan
  CHECK(v.shape() == xp::shape_type{0});
  auto w = e(xp::range(1, 3), xp::range(2, 3));
  CHECK(w.shape() == xp::shape_type{0, 1});
  CHECK(xp::sum(w).item() == 0.f);
  CHECK_THROWS_AS((e(0, 1)), xp::index_error);
}

// ---- found in review ----------------------------------------------------------------------------

TEST_CASE("edges: float32 var with ddof close to n counts n - ddof exactly") {
  const xp::index_t n = (xp::index_t{1} << 24) + 1;  // n - ddof is not representable in float32
  auto x = xp::zeros<float, B>({n});
  x(0) = 1.f;
  // NumPy: np.var(x, ddof=n-1) = sum((x - mean)^2) / 1, about 0.9999999
  const double got = xp::var(x, {}, false, n - 1).item();
  CHECK(got == doctest::Approx(1.0).epsilon(1e-6));
}

TEST_CASE("edges: eye with a negative size is refused") {
  CHECK_THROWS_AS((xp::eye<float, B>(3, -7)), xp::value_error);
  CHECK_THROWS_AS((xp::eye<float, B>(-1)), xp::value_error);
  CHECK(xp::eye<float, B>(2, 0).shape() == xp::shape_type{2, 0});
}

TEST_CASE("edges: evaluating into out= checks the broadcast before sizing a too-big expression") {
  auto col = xp::broadcast_to(xp::zeros<float, B>({1, 1}), {xp::index_t{1} << 40, 1});
  auto row = xp::broadcast_to(xp::zeros<float, B>({1, 1}), {1, xp::index_t{1} << 40});
  auto d = xp::zeros<float, B>({2, 2});
  CHECK_THROWS_AS((xp::eval(col + row, d)), xp::shape_error);
  CHECK_THROWS_AS((d(xp::all) = col + row), xp::shape_error);
  CHECK_THROWS_AS((xp::sum(col + row)), xp::value_error);  // too big to count
}

TEST_CASE("edges: a multi-output kernel whose outputs overlap each other writes them in order") {
  const auto k = xp::elementwise_kernel(sum_and_difference{});
  auto x = xp::zeros<float, B>({10});
  auto a = xp::arange<float, B>(8), b = xp::ones<float, B>({8});
  k(a, b, xp::out(x(xp::range(0, 8)), x(xp::range(1, 9))));
  // out0 = a + b is written first, then out1 = a - b over x[1:9]
  auto want = xp::zeros<float, B>({10});
  want(xp::range(0, 8)) = a + b;
  want(xp::range(1, 9)) = a - b;
  check_same(x, want);
}

TEST_CASE("edges: unsigned slice bounds past int64 clamp like Python's unbounded integers") {
  auto a = xp::arange<std::int64_t, B>(6);
  check_same(a(xp::range(std::size_t{2}, std::size_t(-1))).copy(), xp::arange<std::int64_t, B>(2, 6));  // a[2:2**64-1]
  CHECK(a(xp::range(std::size_t(-1), std::size_t(-1))).size() == 0);
  check_same(a(xp::range(0, 6, std::size_t(-1))).copy(), xp::arange<std::int64_t, B>(1));  // a[0:6:2**64-1]
}
