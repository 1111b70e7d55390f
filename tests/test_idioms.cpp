// The everyday NumPy idioms a user writes on the first day, as compiled, checked xp code: each
// subcase is one idiom (the NumPy line in its name) with its result checked against a plain
// loop over host values. This file exists so that these idioms keep compiling and keep
// NumPy's results on both backends (B is xp::host, or xp::cuda in the CUDA suite).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>
#include <vector>

#include "support.hpp"

using namespace xp_test;

namespace {
// The elements of any array or expression, in C order, on the host.
template <class X>
auto host_values(const X& x) {
  const auto h = xp::eval(x).copy_to_host();
  return std::vector<typename decltype(h)::value_type>(h.begin(), h.end());
}
}  // namespace

TEST_CASE("idioms: expressions stored with auto stay usable as arrays") {
  const auto x = xp::linspace<double, B>(0, 3, 7);
  const auto xs = host_values(x);
  SUBCASE("c = np.cos(x); c[3]") {
    auto c = xp::cos(x);
    CHECK(c(3).item() == std::cos(xs[3]));
    CHECK(c(xp::range(3, 4)).item() == std::cos(xs[3]));
  }
  SUBCASE("c.reshape(7, 1); c.astype(np.float32); c.shape; c.ndim; c.size") {
    auto c = xp::cos(x) * 2.0;
    CHECK(xp::to_string(c.reshape({7, 1}).shape()) == "(7, 1)");
    const auto f = c.astype<float>();
    CHECK(f.dtype() == "float32");
    CHECK(f(6).item() == static_cast<float>(2 * std::cos(xs[6])));
    CHECK(c.ndim() == 1);
    CHECK(c.size() == 7);
  }
  SUBCASE("np.matmul(c, c.T) with c lazy") {
    auto c = xp::reshape(xp::sin(x), {7, 1});
    auto r = xp::matmul(c, c.T());
    CHECK(xp::to_string(r.shape()) == "(7, 7)");
    CHECK(r(2, 5).item() == doctest::Approx(std::sin(xs[2]) * std::sin(xs[5])).epsilon(1e-12));
  }
  SUBCASE("print(c); repr(c) with c = np.cos(x) lazy") {
    auto c = xp::cos(x);
    std::ostringstream os;
    os << c;
    CHECK(os.str() == xp::array_str(xp::eval(c)));
    CHECK(xp::repr(c).rfind("array([", 0) == 0);
    CHECK(xp::repr(xp::arange<float, B>(3)) == "array([0., 1., 2.], dtype=float32)");
  }
  SUBCASE("if x[3] > 1.0:") {
    bool branch = false;
    if (x(3) > 1.0) branch = true;
    CHECK(branch == (xs[3] > 1.0));
  }
  SUBCASE("(x * 2).sum(); np.abs(x - 1).max(); (x > 1).sum()") {
    double s = 0, m = 0;
    std::int64_t n = 0;
    for (double v : xs) s += 2 * v, m = std::max(m, std::abs(v - 1)), n += v > 1;
    CHECK((x * 2.0).sum().item() == doctest::Approx(s));
    CHECK(xp::abs(x - 1.0).max().item() == m);
    CHECK((x > 1.0).sum().item() == n);
  }
  SUBCASE("np.exp(-x**2).argmax()") {
    const auto i = xp::exp(-xp::square(x)).argmax().item();
    CHECK(i == 0);
  }
}

TEST_CASE("idioms: creation with NumPy's defaults") {
  SUBCASE("np.zeros((2, 3)); np.ones(4); np.full(3, 7)") {
    const auto z = xp::zeros({2, 3});
    CHECK(z.dtype() == "float64");
    CHECK(xp::to_string(z.shape()) == "(2, 3)");
    CHECK(xp::ones({4}).sum().item() == 4.0);
    CHECK(xp::full({3}, 7).dtype() == "int64");
  }
  SUBCASE("np.arange(10); np.arange(0, 1, 0.1); np.linspace(0, 1, 5); np.eye(3)") {
    const auto r = xp::arange(10);
    CHECK(r.dtype() == "int64");
    CHECK(r.sum().item() == 45);
    CHECK(xp::arange(0, 1, 0.1).size() == 10);
    CHECK(xp::linspace(0, 1, 5).at(1) == 0.25);
    CHECK(xp::eye(3).sum().item() == 3.0);
  }
  SUBCASE("np.array([[1, 2], [3, 4]], dtype=float); np.array([1, 2, 3])") {
    const auto m = xp::array<double, B>({{1, 2}, {3, 4}});
    CHECK(m.dtype() == "float64");
    CHECK(host_values(m) == std::vector<double>{1, 2, 3, 4});
    CHECK(xp::array({1, 2, 3}).dtype() == "int64");
  }
  SUBCASE("np.zeros_like(a); np.ones_like(a)") {
    const auto a = xp::array<float, B>({{1, 2, 3}});
    CHECK(xp::zeros_like(a).sum().item() == 0.f);
    CHECK(xp::ones_like(a).dtype() == "float32");
  }
}

TEST_CASE("idioms: array methods and attributes") {
  const auto a = xp::array<double, B>({{3, -1, 4}, {1, -5, 9}});
  SUBCASE("a.sum(); a.mean(); a.max(); a.min(); a.argmax(); a.argmin()") {
    CHECK(a.sum().item() == 11.0);
    CHECK(a.mean().item() == doctest::Approx(11.0 / 6));
    CHECK(a.max().item() == 9.0);
    CHECK(a.min().item() == -5.0);
    CHECK(a.argmax().item() == 5);
    CHECK(a.argmin().item() == 4);
  }
  SUBCASE("a.sum(axis=0); a.mean(axis=1, keepdims=True); a.max(axis=1)") {
    CHECK(host_values(a.sum({0})) == std::vector<double>{4, -6, 13});
    CHECK(xp::to_string(a.mean({1}, true).shape()) == "(2, 1)");
    CHECK(host_values(a.max(1)) == std::vector<double>{4, 9});
  }
  SUBCASE("a - a.mean(axis=0) (broadcasting a reduction back)") {
    const auto centred = xp::eval(a - a.mean({0}, true));
    for (double v : host_values(centred.sum({0}))) CHECK(v == doctest::Approx(0.0));
  }
  SUBCASE("a.T; a.T.shape; a.dtype; a.ndim; a.size; a.itemsize") {
    CHECK(xp::to_string(a.T().shape()) == "(3, 2)");
    CHECK(a.T()(2, 1).item() == 9.0);
    CHECK(a.dtype() == "float64");
    CHECK(a.ndim() == 2);
    CHECK(a.size() == 6);
    CHECK(a.itemsize() == 8);
  }
  SUBCASE("a.std(); a.var(ddof=1); a.prod(); a.any(); a.all()") {
    const auto v = host_values(a);
    double mean = std::accumulate(v.begin(), v.end(), 0.0) / 6, ss = 0;
    for (double e : v) ss += (e - mean) * (e - mean);
    CHECK(a.std().item() == doctest::Approx(std::sqrt(ss / 6)));
    CHECK(a.var({}, false, 1).item() == doctest::Approx(ss / 5));
    CHECK(a.prod().item() == 3.0 * -1 * 4 * 1 * -5 * 9);
    CHECK((a > 0.0).any().item());
    CHECK_FALSE((a > 0.0).all().item());
  }
  SUBCASE("b = a.copy(); b.fill(0); a.flatten(); a.ravel(); a.reshape(-1, 1)") {
    auto b = a.copy();
    b.fill(0);
    CHECK(b.sum().item() == 0.0);
    CHECK(a.sum().item() == 11.0);
    CHECK(host_values(a.flatten()) == std::vector<double>{3, -1, 4, 1, -5, 9});
    CHECK(a.ravel().ndim() == 1);
    CHECK(xp::to_string(a.reshape({-1, 1}).shape()) == "(6, 1)");
  }
  SUBCASE("np.cumsum(a); a.cumsum(axis=1); np.round(a / 3, 2); a.clip(0, 5)") {
    CHECK(host_values(xp::cumsum(a)) == std::vector<double>{3, 2, 6, 7, 2, 11});
    CHECK(host_values(a.cumsum(1)) == std::vector<double>{3, 2, 6, 1, -4, 5});
    CHECK(host_values(xp::round(a / 3.0, 2))[0] == 1.0);
    CHECK(host_values(xp::round(a / 3.0, 2))[2] == 1.33);
    CHECK(host_values(a.clip(0, 5)) == std::vector<double>{3, 0, 4, 1, 0, 5});
  }
  SUBCASE("a[0, 1] = 7; a[:, 0] = 0; a += 1") {
    auto c = a.copy();
    c(0, 1) = 7.0;
    c(xp::all, 0) = 0.0;
    c += 1.0;
    CHECK(host_values(c) == std::vector<double>{1, 8, 5, 1, -4, 10});
  }
}

TEST_CASE("idioms: indexing and views") {
  const auto a = xp::arange<std::int64_t, B>(12).reshape({3, 4});
  SUBCASE("a[::-1]; a[:, ::2]; a[1:, -1]") {
    CHECK(host_values(a(xp::range(xp::none, xp::none, -1), 0)) == std::vector<std::int64_t>{8, 4, 0});
    CHECK(host_values(a(1, xp::range(0, 4, 2))) == std::vector<std::int64_t>{4, 6});
    CHECK(host_values(a(xp::range(1, xp::none), -1)) == std::vector<std::int64_t>{7, 11});
  }
  SUBCASE("a[:, None]; a[..., 0]; np.newaxis") {
    CHECK(xp::to_string(a(xp::all, xp::newaxis).shape()) == "(3, 1, 4)");
    CHECK(host_values(a(xp::ellipsis, 0)) == std::vector<std::int64_t>{0, 4, 8});
  }
  SUBCASE("np.where(a % 2 == 0, a, -a); np.maximum(a, 5); np.isnan(x).any()") {
    const auto w = host_values(xp::where(a % 2 == 0, a, -a));
    for (std::int64_t i = 0; i < 12; ++i) CHECK(w[i] == (i % 2 == 0 ? i : -i));
    CHECK(xp::maximum(a, 5).min().item() == 5);
    CHECK_FALSE(xp::isnan(xp::astype<double>(a)).any().item());
  }
  SUBCASE("a.T @ a; np.dot(v, v); np.linalg.norm(v)") {
    const auto g = xp::matmul(a.T(), a);
    CHECK(xp::to_string(g.shape()) == "(4, 4)");
    CHECK(g(1, 2).item() == 1 * 2 + 5 * 6 + 9 * 10);
    const auto v = xp::array<double, B>({3, 4});
    CHECK(xp::dot(v, v).item() == 25.0);
    CHECK(xp::linalg::norm(v).item() == 5.0);
  }
}

TEST_CASE("idioms: Python iteration and conversion, on host arrays") {
  const auto a = xp::array({{3., 1.}, {2., 5.}});
  SUBCASE("for v in a.flat: ...; sum(a.flat); sorted(a.flat); a.tolist()") {
    double s = 0;
    for (double v : a) s += v;
    CHECK(s == 11.0);
    std::vector<double> sorted(a.begin(), a.end());
    std::sort(sorted.begin(), sorted.end());
    CHECK(sorted == std::vector<double>{1, 2, 3, 5});
    CHECK(std::vector<double>(a.T().begin(), a.T().end()) == std::vector<double>{3, 2, 1, 5});
  }
  SUBCASE("float(a[1, 1]); a.item(3); len(a) is a.shape[0]") {
    CHECK(a(1, 1).item() == 5.0);
    CHECK(a.ravel()(3).item() == 5.0);
    CHECK(a.shape(0) == 2);
  }
  SUBCASE("d = cupy.asarray(a); cupy.asnumpy(d * 2)") {
    const auto d = xp::asarray<B>(a);
    const auto back = xp::to_host(d * 2.0);
    CHECK(std::vector<double>(back.begin(), back.end()) == std::vector<double>{6, 2, 4, 10});
  }
}
