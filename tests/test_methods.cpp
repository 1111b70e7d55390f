// The first-hour API: NumPy's default dtypes, nested literals, array methods on arrays and
// expressions (each the free function of the same name), cumsum/cumprod and round(x, d) against
// NumPy goldens (tests/golden/make_golden_first_hour.py), truth values, host iterators.
#include <algorithm>
#include <numeric>
#include <sstream>
#include <type_traits>

#include "support.hpp"

#include <xp/xtensor.hpp>

using namespace xt_test;

TEST_CASE("defaults: creation without a dtype gives NumPy's float64 / int64") {
  static_assert(std::is_same_v<decltype(xp::zeros({2, 3})), xp::ndarray<double>>);
  static_assert(std::is_same_v<decltype(xp::ones({2})), xp::ndarray<double>>);
  static_assert(std::is_same_v<decltype(xp::empty({2})), xp::ndarray<double>>);
  static_assert(std::is_same_v<decltype(xp::eye(3)), xp::ndarray<double>>);
  static_assert(std::is_same_v<decltype(xp::linspace(0, 1, 5)), xp::ndarray<double>>);
  static_assert(std::is_same_v<decltype(xp::arange(10)), xp::ndarray<std::int64_t>>);
  static_assert(std::is_same_v<decltype(xp::arange(0, 10, 2)), xp::ndarray<std::int64_t>>);
  static_assert(std::is_same_v<decltype(xp::arange(0, 1, 0.25)), xp::ndarray<double>>);
  static_assert(std::is_same_v<decltype(xp::arange(2.5f)), xp::ndarray<float>>);
  static_assert(std::is_same_v<decltype(xp::full({2}, 7)), xp::ndarray<std::int64_t>>);
  static_assert(std::is_same_v<decltype(xp::full({2}, 7.5)), xp::ndarray<double>>);
  static_assert(std::is_same_v<decltype(xp::full({2}, true)), xp::ndarray<bool>>);
  static_assert(std::is_same_v<decltype(xp::full<float, B>({2}, 7)), xp::ndarray<float, B>>);
  static_assert(std::is_same_v<decltype(xp::scalar(3)), xp::ndarray<std::int64_t>>);
  static_assert(std::is_same_v<decltype(xp::zeros<float, B>({2})), xp::ndarray<float, B>>);

  const auto r = xp::arange(10);
  CHECK(r.dtype() == "int64");
  CHECK(r.size() == 10);
  for (xp::index_t i = 0; i < 10; ++i) CHECK(r.at(i) == i);
  const auto q = xp::arange(0, 1, 0.25);
  CHECK(q.size() == 4);
  CHECK(q.at(3) == 0.75);
  CHECK(xp::full({3}, 7).at(2) == 7);
  CHECK(xp::zeros({2, 3}).sum().item() == 0.0);
  CHECK(xp::eye(3).sum().item() == 3.0);
}

TEST_CASE("array: nested literals deduce the shape; the dtype follows NumPy's literals or the one given") {
  const auto a = xp::array<double, B>({{1, 2, 3}, {4, 5, 6}});
  REQUIRE(xp::to_string(a.shape()) == "(2, 3)");
  const auto h = a.copy_to_host();
  for (xp::index_t i = 0; i < 2; ++i)
    for (xp::index_t j = 0; j < 3; ++j) CHECK(h.at(i, j) == double(3 * i + j + 1));

  static_assert(std::is_same_v<decltype(xp::array({1, 2, 3})), xp::ndarray<std::int64_t>>);
  static_assert(std::is_same_v<decltype(xp::array({{1., 2.}, {3., 4.}})), xp::ndarray<double>>);
  static_assert(std::is_same_v<decltype(xp::array({1.f, 2.f})), xp::ndarray<float>>);
  static_assert(std::is_same_v<decltype(xp::array({true, false})), xp::ndarray<bool>>);
  static_assert(std::is_same_v<decltype(xp::array<std::uint8_t, B>({{{1}}})), xp::ndarray<std::uint8_t, B>>);

  // a column, a 3-D and a 4-D literal: the braces give the shape
  CHECK(xp::to_string(xp::array<float, B>({{1}, {2}, {3}}).shape()) == "(3, 1)");
  const auto c = xp::array({{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}, {{9, 10}, {11, 12}}});
  CHECK(xp::to_string(c.shape()) == "(3, 2, 2)");
  CHECK(c.at(2, 1, 0) == 11);
  CHECK(xp::to_string(xp::array({{{{1.}, {2.}}}}).shape()) == "(1, 1, 2, 1)");
  CHECK(xp::to_string(xp::array<double, B>({}, {2, 0}).shape()) == "(2, 0)");

  // ragged lists are NumPy's ValueError, naming the depth
  CHECK_THROWS_WITH_AS(xp::array({{1, 2}, {3}}), doctest::Contains("inhomogeneous shape after 1 dimensions"),
                       xp::value_error);
  CHECK_THROWS_AS(xp::array({{{1, 2}, {3, 4}}, {{5, 6}, {7}}}), xp::value_error);
  // values convert with xp's rules (a float literal into an integer dtype truncates, as NumPy)
  CHECK(xp::array<std::int32_t>({1.9, -1.9}).at(1) == -1);
}

TEST_CASE_TEMPLATE("methods: each is the free function of the same name, on arrays, views and expressions", C,
                   on<float>, on<double>, on<std::int32_t>) {
  using T = typename C::type;
  const auto h = random_host<T>({4, 6, 5}, 7);
  const auto a = xp::asarray<B>(h);
  const auto v = a(xp::range(0, 4, 2), xp::range(5, 0, -1), xp::all);  // strided, reversed
  const auto e = v * T(2) + T(1);                                      // an expression
  auto same = [](const auto& got, const auto& want) { check_same(got, want); };
  auto close = [](const auto& got, const auto& want) { check_close(got, want, ulps<double>(64)); };
  for (const xp::axes_t& axes : {xp::axes_t{}, xp::axes_t{1}, xp::axes_t{0, 2}, xp::axes_t{-1}}) {
    same(v.sum(axes), xp::sum(v, axes));
    same(e.sum(axes, true), xp::sum(e, axes, true));
    same(v.prod(axes), xp::prod(v, axes));
    same(e.min(axes), xp::min(e, axes));
    same(v.max(axes, true), xp::max(v, axes, true));
    same(e.any(axes), xp::any(e, axes));
    same(v.all(axes), xp::all(v, axes));
    close(v.mean(axes), xp::mean(v, axes));
    close(e.var(axes, false, 1), xp::var(e, axes, false, 1));
    close(v.std(axes), xp::stddev(v, axes));
  }
  same(v.argmax(), xp::argmax(v));
  same(e.argmin(1), xp::argmin(e, 1));
  same(v.cumsum(), xp::cumsum(v));
  same(e.cumsum(1), xp::cumsum(e, 1));
  same(v.cumprod(-1), xp::cumprod(v, -1));
  same(xp::eval(v.clip(T(-10), T(10))), xp::eval(xp::clip(v, T(-10), T(10))));
  same(xp::eval(e.round(1)), xp::eval(xp::round(e, 1)));

  // the sum of a view, checked against a float64 loop over the host copy
  double want = 0;
  const auto vh = v.copy_to_host();
  for (xp::index_t i = 0; i < 2; ++i)
    for (xp::index_t j = 0; j < 5; ++j)
      for (xp::index_t k = 0; k < 5; ++k) want += double(vh.at(i, j, k));
  CHECK(double(v.sum().item()) == doctest::Approx(want).epsilon(1e-5));

  // attributes and layout
  CHECK(v.dtype() == xp::dtype::of<T>());
  CHECK(e.dtype() == xp::dtype::of<T>());
  CHECK(v.itemsize() == sizeof(T));
  CHECK(e.ndim() == 3);
  CHECK(xp::to_string(v.T().shape()) == "(5, 5, 2)");
  CHECK(xp::to_string(e.T().shape()) == "(5, 5, 2)");
  CHECK(xp::to_string(v.mT().shape()) == "(2, 5, 5)");
  same(v.mT(), xp::swapaxes(v, -1, -2));
  same(v.T(), xp::transpose(v));
  same(e.transpose({1, 0, 2}), xp::transpose(xp::eval(e), {1, 0, 2}));
  const auto flat = v.flatten();
  CHECK(flat.ndim() == 1);
  CHECK(flat.data() != v.data());  // always a copy
  same(flat, xp::eval(v).reshape({-1}));
  same(e.flatten(), xp::eval(e).reshape({-1}));
  CHECK(xp::to_string(a(xp::all, xp::range(0, 1), xp::all).squeeze().shape()) == "(4, 5)");
  CHECK(xp::to_string(a(xp::all, xp::range(0, 1), xp::all).squeeze(1).shape()) == "(4, 5)");
  CHECK_THROWS_AS(a.squeeze(0), xp::value_error);
  const auto line = xp::arange<T, B>(3);
  CHECK_THROWS_AS(line.mT(), xp::value_error);
}

TEST_CASE("expressions behave like read-only arrays: index, item, astype, reshape, layout, transfers") {
  const auto x = xp::arange<double, B>(12).reshape({3, 4});
  const auto e = xp::sqrt(x) * 2.0;
  const xp::ndarray<double, B> ev = e;
  CHECK(xp::to_string(e.shape()) == "(3, 4)");
  CHECK(e.size() == 12);
  CHECK(e(2, 1).item() == ev(2, 1).item());
  CHECK(e(xp::all, 1).size() == 3);
  check_same(e(xp::all, 1), ev(xp::all, 1));
  CHECK(xp::to_string(e.reshape({2, 6}).shape()) == "(2, 6)");
  check_same(e.reshape({2, 6}), ev.reshape({2, 6}));
  check_same(xp::reshape(e, {6, 2}), ev.reshape({6, 2}));
  check_same(e.astype<float>(), ev.astype<float>());
  check_same(e.ravel(), ev.ravel());
  check_same(xp::transpose(e), xp::transpose(ev));
  check_same(xp::squeeze(e(xp::range(0, 1), xp::all)), ev(0, xp::all));
  check_same(xp::to_host(e), ev.copy_to_host());
  check_same(e.copy_to_host(), ev.copy_to_host());
  // functions that take arrays take expressions, evaluated first
  check_same(xp::matmul(e, x.T()), xp::matmul(ev, x.T()));
  check_same(xp::matmul(x.T(), e * 1.0), xp::matmul(x.T(), ev));
  check_same(xp::outer(e(0, xp::all) + 0.0, x(1, xp::all)), xp::outer(ev(0, xp::all), x(1, xp::all)));
  const std::string path = "xp_test_methods_expr.npy";
  xp::save_npy(path, e + 1.0);
  check_same(xp::load_npy<double, B>(path), xp::eval(ev + 1.0));
  std::remove(path.c_str());
  const auto t = xp::linspace<double, B>(0.1, 10, 64);
  const auto grid = xp::signal::frequency_grid{0.5, 0.25, 16};
  check_same(xp::signal::lombscargle(t, xp::sin(1.7 * t), grid),
             xp::signal::lombscargle(t, xp::eval(xp::sin(1.7 * t)), grid));
}

TEST_CASE("to_xtensor of an expression adapts its evaluated array") {
  const auto h = xp::arange<double>(6).reshape({2, 3});
  const auto x = xp::to_xtensor(h * 2.0 + 1.0);
  CHECK(x.shape()[1] == 3);
  CHECK(x(1, 2) == 11.0);
}

TEST_CASE("truth value: one element converts; more or none is NumPy's ValueError") {
  const auto a = xp::arange<double, B>(5);
  CHECK(static_cast<bool>(a(3) > 2.0));
  CHECK_FALSE(static_cast<bool>(a(1) > 2.0));
  bool taken = false;
  if (a(3) > 2.0) taken = true;
  CHECK(taken);
  if (a(4)) taken = false;  // a 0-d array, nonzero
  CHECK_FALSE(taken);
  CHECK_FALSE(static_cast<bool>(a(0)));
  CHECK(static_cast<bool>(xp::zeros<float, B>({1, 1}) == 0.f));
  CHECK_THROWS_WITH_AS(static_cast<bool>(a > 2.0),
                       "xp: The truth value of an array with more than one element is ambiguous. Use a.any() or "
                       "a.all()",
                       xp::value_error);
  CHECK_THROWS_AS(static_cast<bool>(a), xp::value_error);
  CHECK_THROWS_WITH_AS(static_cast<bool>(a(xp::range(0, 0))), doctest::Contains("empty array is ambiguous"),
                       xp::value_error);
  CHECK((a > 2.0).any().item());
  CHECK_FALSE((a > 2.0).all().item());
}

TEST_CASE("iterators: host arrays in C order, whatever the strides") {
  const auto m = xp::arange(24).reshape({2, 3, 4});
  const auto v = m(xp::all, xp::range(2, xp::none, -1), xp::range(0, 4, 3)).T();  // (2, 3, 2) reversed and permuted
  std::vector<std::int64_t> got(v.begin(), v.end());
  std::vector<std::int64_t> want;
  for (xp::index_t i = 0; i < v.shape(0); ++i)
    for (xp::index_t j = 0; j < v.shape(1); ++j)
      for (xp::index_t k = 0; k < v.shape(2); ++k) want.push_back(v.at(i, j, k));
  CHECK(got == want);
  CHECK(std::accumulate(m.begin(), m.end(), std::int64_t{0}) == 276);
  CHECK(std::distance(v.begin(), v.end()) == v.size());
  CHECK(*std::max_element(v.begin(), v.end()) == xp::max(v).item());
  // writes go through to the array (a view's iterators write the base)
  const auto row = m(1, 2, xp::all);
  std::fill(row.begin(), row.end(), std::int64_t{-1});
  CHECK(m.at(1, 2, 3) == -1);
  CHECK(m.at(1, 1, 3) == 19);
  double s = 0;
  for (double x : xp::linspace(0, 1, 5)) s += x;
  CHECK(s == 2.5);
  const auto empty = xp::zeros({0, 3});
  CHECK(empty.begin() == empty.end());
  const auto zero_d = xp::scalar(4.5);
  CHECK(std::vector<double>(zero_d.begin(), zero_d.end()) == std::vector<double>{4.5});
}

TEST_CASE("dtype: NumPy's names, sizes and kinds; comparable and printable") {
  CHECK(xp::dtype::of<float>().name() == "float32");
  CHECK(xp::dtype::of<std::uint8_t>().itemsize() == 1);
  CHECK(xp::dtype::of<std::int32_t>().kind() == 'i');
  CHECK(xp::dtype::of<bool>().kind() == 'b');
  CHECK(xp::dtype::of<double>() != xp::dtype::of<float>());
  std::ostringstream os;
  os << xp::zeros<std::int32_t, B>({2}).dtype() << ' ' << xp::zeros({2}).dtype();
  CHECK(os.str() == "int32 float64");
}

namespace {
template <class T, class R>
void check_scan_golden(const std::string& in, const std::string& tag, double tol) {
  const auto x = xp::load_npy<T, B>(golden("reductions/scan_in_" + in));
  auto cmp = [&](const auto& got, const std::string& name) {
    INFO(name);
    const auto want = xp::load_npy<R, xp::host>(golden("reductions/" + name));
    static_assert(std::is_same_v<typename std::decay_t<decltype(got)>::value_type, R>);
    if (tol == 0) check_same(got, want);
    else check_close(got, want, tol);
  };
  cmp(xp::cumsum(x), "cumsum_" + tag + "_flat");
  for (int axis = 0; axis < 3; ++axis) cmp(xp::cumsum(x, axis), "cumsum_" + tag + "_ax" + std::to_string(axis));
  cmp(xp::cumsum(x, -3), "cumsum_" + tag + "_ax0");
  cmp(xp::cumsum(x(xp::all, xp::range(xp::none, xp::none, -2), xp::range(1, xp::none)), 1),
      "cumsum_" + tag + "_view_ax1");
  if constexpr (std::is_same_v<T, bool>) {
    cmp(xp::cumprod(x, 2), "cumprod_" + tag + "_ax2");
    cmp(xp::cumprod(x), "cumprod_" + tag + "_flat");
  } else {
    const auto small = xp::eval(xp::astype<T>(x % T(3)));
    cmp(xp::cumprod(small, 2), "cumprod_" + tag + "_ax2");
    cmp(xp::cumprod(small), "cumprod_" + tag + "_flat");
  }
}
}  // namespace

TEST_CASE("cumsum / cumprod: NumPy's values and dtypes, every axis, views; errors") {
  // the host adds in NumPy's order (equal bits); the device scans in a tree order
  const bool host = std::is_same_v<B, xp::host>;
  check_scan_golden<double, double>("f64", "f64", host ? 0 : ulps<double>(64));
  check_scan_golden<float, float>("f32", "f32", host ? 0 : ulps<float>(64));
  check_scan_golden<std::int32_t, std::int64_t>("i32", "i32", 0);
  check_scan_golden<bool, std::int64_t>("b", "b", 0);
  // uint8 accumulates in uint64, as NumPy
  const auto u = xp::load_npy<std::uint8_t, B>(golden("reductions/scan_in_u8"));
  check_same(xp::cumsum(u, 1),
             xp::load_npy<std::uint64_t, xp::host>(golden("reductions/cumsum_u8_ax1"), {.convert = true}));

  // sizes that are not a multiple of any block, one long row, empty and 0-d inputs
  const auto ones = xp::ones<std::int32_t, B>({100003});
  const auto c = xp::cumsum(ones);
  CHECK(c(100002).item() == 100003);
  CHECK(c(50000).item() == 50001);
  CHECK(xp::cumsum(xp::zeros<float, B>({0})).size() == 0);
  CHECK(xp::to_string(xp::cumsum(xp::zeros<float, B>({3, 0}), 0).shape()) == "(3, 0)");
  CHECK(xp::to_string(xp::cumsum(xp::scalar<double, B>(2.5)).shape()) == "(1,)");
  CHECK(xp::cumsum(xp::scalar<double, B>(2.5))(0).item() == 2.5);
  // integers wrap like NumPy's int64
  const auto big = xp::full<std::int64_t, B>({2}, std::numeric_limits<std::int64_t>::max());
  CHECK(xp::cumsum(big)(1).item() == -2);
  CHECK_THROWS_AS(xp::cumsum(ones, 1), xp::index_error);
  CHECK_THROWS_AS(xp::cumsum(ones, -2), xp::index_error);
}

TEST_CASE("cumulative_sum / cumulative_prod: the array API's axis and include_initial (NumPy 2 goldens)") {
  const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/reductions/cumulative.npz");
  const auto x = z.get<std::int32_t, B>("x");
  for (const std::string fn : {"sum", "prod"}) {
    for (int axis : {0, 1, 2, -1}) {
      for (bool init : {false, true}) {
        const std::string key =
            fn + "_ax" + (axis < 0 ? std::string("m1") : std::to_string(axis)) + (init ? "_init" : "_plain");
        INFO(key);
        const auto got = fn == "sum" ? xp::cumulative_sum(x, axis, init) : xp::cumulative_prod(x, axis, init);
        check_same(got, z.get<std::int64_t, xp::host>(key));
        // a transposed view gives the transposed problem's answer
        if (!init && axis >= 0) {
          const auto xt = xp::transpose(x, {2, 1, 0});
          const auto gt = fn == "sum" ? xp::cumulative_sum(xt, 2 - axis) : xp::cumulative_prod(xt, 2 - axis);
          check_same(xp::transpose(gt, {2, 1, 0}).copy(), z.get<std::int64_t, xp::host>(key));
        }
      }
    }
    const auto v = z.get<double, B>("v");
    check_same(fn == "sum" ? xp::cumulative_sum(v, std::nullopt, true) : xp::cumulative_prod(v, std::nullopt, true),
               z.get<double, xp::host>(fn + "_1d_init"));
  }
  // the scan reads a contiguous input of the accumulator's dtype in place of a copy: the input
  // is left as it was
  const auto f = xp::random::uniform<double, B>({1001}, -1.0, 1.0, 7);
  const auto before = f.copy();
  const auto s = xp::cumsum(f);
  check_same(f, xp::to_host(before));
  CHECK(s(1000).item() == doctest::Approx(xp::sum(f).item()).epsilon(1e-12));
  // empty along the axis with include_initial: just the identity
  const auto e = xp::cumulative_prod(xp::zeros<float, B>({2, 0}), 1, true);
  CHECK(xp::to_string(e.shape()) == "(2, 1)");
  CHECK(xp::all(e == 1.f).item());
  CHECK_THROWS_AS(xp::cumulative_sum(x), xp::value_error);  // axis required above 1-D
  CHECK_THROWS_AS(xp::cumulative_sum(xp::scalar<float, B>(1.f)), xp::value_error);
  CHECK_THROWS_AS(xp::cumulative_sum(x, 3), xp::index_error);
}

TEST_CASE("round(x, decimals): NumPy's values for float32, float64 and int64, negative decimals too") {
  for (int d : {-2, -1, 0, 1, 2, 3}) {
    const std::string tag = d < 0 ? "m" + std::to_string(-d) : std::to_string(d);
    INFO("decimals " << d);
    check_same(xp::eval(xp::round(xp::load_npy<double, B>(golden("ops/round_decimals_in_f64")), d)),
               xp::load_npy<double, xp::host>(golden("ops/round_decimals_f64_" + tag)));
    check_same(xp::eval(xp::round(xp::load_npy<float, B>(golden("ops/round_decimals_in_f32")), d)),
               xp::load_npy<float, xp::host>(golden("ops/round_decimals_f32_" + tag)));
  }
  const auto ints = xp::load_npy<std::int64_t, B>(golden("ops/round_decimals_in_i64"));
  for (int d : {-1, -2, -3})
    check_same(xp::eval(xp::round(ints, d)), xp::load_npy<std::int64_t, xp::host>(
                                                 golden("ops/round_decimals_i64_m" + std::to_string(d < 0 ? -d : d))));
  check_same(xp::eval(xp::round(ints, 2)), ints);  // integers with decimals >= 0 are unchanged
  check_same(xp::eval(ints.round()), ints);
}
