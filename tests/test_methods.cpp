// Arrays the NumPy way: default dtypes, nested literals, array methods on arrays and expressions
// (each the free function of the same name), expressions as read-only arrays, truth values, host
// iterators, dtype names. The cumulative functions: test_cumulative.cpp; round(x, decimals):
// test_ops_math.cpp.
#include <algorithm>
#include <numeric>
#include <sstream>
#include <type_traits>

#include "support.hpp"

#include <xp/xtensor.hpp>

using namespace xp_test;

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
