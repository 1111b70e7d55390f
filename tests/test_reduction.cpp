// xp/expr/reduction.hpp: reductions over all axes, axis lists, keepdims, views and fused
// expressions, against NumPy's golden results and float64 references; reduction_kernel.
#include "support.hpp"

using namespace xp_test;

namespace {
xp::ndarray<double, B> red_m64() { return xp::load_npy<double, B>(golden("reductions/red_m64")); }
xp::ndarray<std::int32_t, B> red_mi() { return xp::load_npy<std::int32_t, B>(golden("reductions/red_mi")); }
template <class T>
xp::ndarray<T> red_want(const std::string& n) {
  return xp::load_npy<T>(golden("reductions/red_" + n));
}
const double red_tol = 1e-12;
}  // namespace

TEST_CASE("reduction: float64 reductions match NumPy") {
  const auto m = red_m64();
  check_close(xp::sum(m), red_want<double>("sum_all"), red_tol);
  check_close(xp::sum(m, {0}), red_want<double>("sum_0"), red_tol);
  check_close(xp::sum(m, {1, 2}), red_want<double>("sum_12"), red_tol);
  check_close(xp::sum(m, {0, -1}, true), red_want<double>("sum_02_keep"), red_tol);
  check_close(xp::sum(xp::transpose(m, {2, 0, 1}), {1}), red_want<double>("sum_T_1"), red_tol);
  check_close(xp::mean(m, {1}), red_want<double>("mean_1"), red_tol);
  check_close(xp::var(m, {0}), red_want<double>("var_0"), red_tol);
  check_close(xp::stddev(m, {2}), red_want<double>("std_2"), red_tol);
  check_close(xp::stddev(m, {}, false, 1), red_want<double>("std_all_ddof1"), red_tol);
  check_close(xp::min(m, {1}), red_want<double>("min_1"), 0);
  check_close(xp::max(m, {0, 2}), red_want<double>("max_02"), 0);
  check_same(xp::argmax(m, {1}), red_want<std::int64_t>("argmax_1"));
  check_same(xp::argmin(m), red_want<std::int64_t>("argmin_all"));
  check_same(xp::argmin(m(xp::all, xp::range(xp::none, xp::none, -1), xp::all), {2}),
             red_want<std::int64_t>("argmin_rev"));
  check_close(xp::linalg::norm(m), red_want<double>("norm_all"), red_tol);  // the 2-norm reduction, all axes
  check_close(xp::sum(xp::abs(m - 1.0), {0}), red_want<double>("sumabs_0"), red_tol);
}

TEST_CASE("reduction: integer reductions are exact and follow NumPy's dtypes") {
  const auto m = red_mi();
  auto s = xp::sum(m);
  static_assert(std::is_same_v<decltype(s)::value_type, std::int64_t>);
  check_same(s, red_want<std::int64_t>("isum_all"));
  check_same(xp::sum(m, {2}), red_want<std::int64_t>("isum_2"));
  check_same(xp::prod(m(xp::all, xp::all, xp::range(0, 3)) % 5 + 1, {2}), red_want<std::int64_t>("iprod_2"));
  check_close(xp::mean(m, {0}), red_want<double>("imean_0"), red_tol);
  check_same(xp::count_nonzero(m, {1}), red_want<std::int64_t>("icount_1"));
  check_same(xp::any(m > 18, {2}), red_want<bool>("iany_2"));
  check_same(xp::all(m > -20, {0}), red_want<bool>("iall_0"));
  check_same(xp::max(m), red_want<std::int32_t>("imax_all"));
}

TEST_CASE("reduction: a float32 sum of 2^24 values stays close to the float64 sum") {
  auto x = xp::random::uniform<float, B>({1 << 24}, 0.f, 1.f, 5);
  const auto hx = values(x);
  double ref = 0;
  for (float v : hx) ref += v;
  const double got = xp::sum(x).item();
  CHECK(std::abs(got - ref) / ref < 1e-6);  // naive float accumulation is off by ~1e-3 here
  const double m = xp::mean(x).item();
  CHECK(std::abs(m - ref / hx.size()) < 1e-6);
}

TEST_CASE("reduction: rows and columns of a matrix, and every layout kernel") {
  for (xp::index_t rows : {1, 3, 130, 2500}) {
    for (xp::index_t cols : {1, 7, 33, 3000}) {
      CAPTURE(rows);
      CAPTURE(cols);
      auto h = random_host<double>({rows, cols}, static_cast<unsigned>(rows * 31 + cols));
      auto m = xp::asarray<B>(h);
      std::vector<double> rs(rows, 0.0), cs(cols, 0.0);
      for (xp::index_t i = 0; i < rows; ++i)
        for (xp::index_t j = 0; j < cols; ++j) {
          rs[i] += h.at(i, j);
          cs[j] += h.at(i, j);
        }
      const auto r = values(xp::sum(m, {1})), c = values(xp::sum(m, {0}));
      for (xp::index_t i = 0; i < rows; ++i) CHECK(std::abs(r[i] - rs[i]) <= 1e-9 * (std::abs(rs[i]) + cols));
      for (xp::index_t j = 0; j < cols; ++j) CHECK(std::abs(c[j] - cs[j]) <= 1e-9 * (std::abs(cs[j]) + rows));
      // the same through a transposed view (columns become rows)
      const auto ct = values(xp::sum(xp::transpose(m), {1}));
      for (xp::index_t j = 0; j < cols; ++j) CHECK(std::abs(ct[j] - cs[j]) <= 1e-9 * (std::abs(cs[j]) + rows));
    }
  }
}

TEST_CASE("reduction: empty, 0-d, NaN and bad axes") {
  auto e = xp::zeros<float, B>({0, 4});
  CHECK(xp::sum(e).item() == 0.f);
  CHECK(values(xp::sum(e, {0})) == std::vector<float>(4, 0.f));
  CHECK(xp::sum(e, {1}).shape() == xp::shape_type{0});
  CHECK(std::isnan(xp::mean(e).item()));
  CHECK(xp::prod(e).item() == 1.f);
  CHECK_THROWS_AS(xp::max(e), xp::value_error);
  CHECK_THROWS_AS(xp::argmin(e), xp::value_error);
  CHECK_THROWS_AS(xp::min(e, {0}), xp::value_error);
  CHECK(xp::max(e, {1}).shape() == xp::shape_type{0});  // nothing to reduce into: no error (NumPy agrees)
  auto s = xp::scalar<double, B>(2.5);
  CHECK(xp::sum(s).item() == 2.5);
  CHECK(xp::argmax(s).item() == 0);
  auto n = xp::array<double, B>({1.0, NAN, 3.0, -1.0});
  CHECK(std::isnan(xp::max(n).item()));
  CHECK(std::isnan(xp::min(n).item()));
  CHECK(std::isnan(xp::sum(n).item()));
  CHECK(xp::argmax(n).item() == 1);
  CHECK(xp::argmin(n).item() == 1);
  auto m = xp::zeros<float, B>({2, 3});
  CHECK_THROWS_AS(xp::sum(m, {2}), xp::index_error);
  CHECK_THROWS_AS(xp::sum(m, {0, -2}), xp::value_error);
  CHECK_THROWS_AS(xp::argmax(m, {0, 1}), xp::value_error);
  CHECK(xp::sum(m, std::vector<xp::index_t>{}).shape() == xp::shape_type{2, 3});  // axis=()
}

TEST_CASE("sum / count_nonzero of 1-byte dtypes equal a plain int64 loop at every length (a g++ -O3 vectoriser bug)") {
  // g++ 12 at -O3 vectorised the host's 8-lane loop wrongly for int8/uint8 inputs: sums of 16
  // or more elements per output were wrong
  for (xp::index_t n = 1; n <= 300; n += (n < 40 ? 1 : 37)) {
    INFO("n = " << n);
    std::vector<std::int8_t> v(static_cast<std::size_t>(n));
    std::int64_t want = 0, nonzero = 0;
    for (xp::index_t i = 0; i < n; ++i) {
      v[i] = static_cast<std::int8_t>((i * 37) % 251 - 125);
      want += v[i];
      nonzero += v[i] != 0;
    }
    const auto a = xp::array<std::int8_t, B>(v);
    CHECK(xp::sum(a).item() == want);
    CHECK(xp::count_nonzero(a).item() == nonzero);
    const auto u = a.astype<std::uint8_t>();
    std::uint64_t want_u = 0;
    for (auto x : v) want_u += static_cast<std::uint8_t>(x);
    CHECK(xp::sum(u).item() == want_u);
    // the same per row of a 2-D array (outer > 1: each output is its own pairwise leaf)
    const auto rows = xp::broadcast_to(a, {3, n}).copy();
    CHECK(xp::all(xp::sum(rows, {1}) == want).item());
  }
}
