// xp/expr/reduction.hpp: reduction_kernel (CuPy's ReductionKernel), out= on every reduction,
// and the column kernels' lane loads. Split from test_reduction.cpp so that each nvcc
// translation unit stays small.
#include "support.hpp"

using namespace xp_test;

namespace {
xp::ndarray<double, B> red_m64() { return xp::load_npy<double, B>(golden("reductions/red_m64")); }
template <class T>
xp::ndarray<T> red_want(const std::string& n) {
  return xp::load_npy<T>(golden("reductions/red_" + n));
}
}  // namespace

TEST_CASE("reduction: reduction_kernel is CuPy's ReductionKernel") {
  auto abssum = xp::reduction_kernel([] XP_HD(float x) { return x < 0 ? -x : x; }, xp::plus{}, xp::identity{}, 0.f);
  auto x = xp::random::normal<float, B>({1000, 37}, 0.f, 1.f, 3);
  const auto hx = values(x);
  double ref = 0;
  for (float v : hx) ref += std::abs(v);
  CHECK(std::abs(abssum(x).item() - ref) <= 1e-5 * ref);
  auto cols = abssum(x, {0}, true);
  CHECK(cols.shape() == xp::shape_type{1, 37});
  check_close(cols, xp::sum(xp::abs(x), {0}, true), 1e-6);
  // the map fuses: an expression operand costs one pass
  const auto before = xp::debug::launch_count();
  auto fused = abssum(x * 2.f - 1.f);
  CHECK(xp::debug::launch_count() - before == 1);
  CHECK(fused.ndim() == 0);
  // a post-map that uses the count: a root-mean-square kernel
  auto rms = xp::reduction_kernel([] XP_HD(double v) { return v * v; }, xp::plus{},
                                  [] XP_HD(double s, xp::index_t n) { return std::sqrt(s / double(n)); }, 0.0);
  auto ones = xp::full<double, B>({10, 4}, 3.0);
  CHECK(values(rms(ones, {0})) == std::vector<double>(4, 3.0));
}

TEST_CASE("reduction: out= writes into an existing array") {
  auto m = xp::arange<double, B>(12).reshape({3, 4});
  auto s = xp::empty<double, B>({4});
  auto r = xp::sum(m, {0}, false, xp::out(s));
  CHECK(r.data() == s.data());
  CHECK(values(s) == std::vector<double>{12, 15, 18, 21});
  auto total = xp::empty<double, B>({});
  xp::sum(m, {}, false, xp::out(total));
  CHECK(total.item() == 66.0);
  CHECK_THROWS_AS(xp::sum(m, {1}, false, xp::out(s)), xp::shape_error);
}

TEST_CASE("reduction: float32 column sums through lane loads, and a broadcast operand") {
  auto h = random_host<float>({517, 1024}, 99);
  auto m = xp::asarray<B>(h);
  auto w = xp::asarray<B>(random_host<float>({1024}, 98));
  const auto c = values(xp::sum(m, {0}));
  const auto cw = values(xp::sum(m * w, {0}));  // w broadcasts along the run: lane loads too
  const auto hw = values(w);
  for (xp::index_t j = 0; j < 1024; ++j) {
    double ref = 0, refw = 0;
    for (xp::index_t i = 0; i < 517; ++i) {
      ref += h.at(i, j);
      refw += double(h.at(i, j)) * hw[j];
    }
    CHECK(std::abs(c[j] - ref) <= 1e-5 * (517 * 100));
    CHECK(std::abs(cw[j] - refw) <= 1e-5 * (517 * 100 * 100));
  }
  // a column reduction whose operand is broadcast along the outputs takes the scalar path
  const auto hcol = random_host<float>({517, 1}, 97);
  auto col = xp::asarray<B>(hcol);
  const auto s = values(xp::sum(col + m, {0}));
  REQUIRE(s.size() == 1024);
  for (xp::index_t j = 0; j < 1024; ++j) {
    double ref = 0;
    for (xp::index_t i = 0; i < 517; ++i) ref += double(hcol.at(i, 0)) + double(h.at(i, j));
    CHECK(std::abs(s[j] - ref) <= 1e-5 * (517 * 200));
  }
}

TEST_CASE("reduction: out= for all, var and stddev (np.all / np.var / np.std with out=)") {
  const auto m = red_m64();  // (37, 53, 11)
  SUBCASE("var and stddev write into out and return it") {
    auto v = xp::empty<double, B>({53, 11});
    auto r = xp::var(m, {0}, false, 0, xp::out(v));
    CHECK(r.data() == v.data());
    check_close(v, red_want<double>("var_0"), 1e-12);
    auto s = xp::empty<double, B>({37, 53, 1});  // keepdims: the kept axis has length 1
    CHECK(xp::stddev(m, {2}, true, 0, xp::out(s)).data() == s.data());
    check_close(s.reshape({37, 53}), red_want<double>("std_2"), 1e-12);
    auto s0 = xp::empty<double, B>({});
    xp::stddev(m, {}, false, 1, xp::out(s0));
    check_close(s0, red_want<double>("std_all_ddof1"), 1e-12);
    // float32 reduces in float32: out= must be float32 (another dtype does not compile)
    auto v32 = xp::empty<float, B>({11});
    xp::var(xp::astype<float>(m), {0, 1}, false, 0, xp::out(v32));
    const auto w = values(xp::var(m, {0, 1}));
    const auto g = values(v32);
    for (std::size_t k = 0; k < g.size(); ++k) CHECK(std::abs(g[k] - w[k]) <= 1e-4 * w[k]);
  }
  SUBCASE("all writes into out and returns it") {
    const auto hm = values(m);
    auto o = xp::empty<bool, B>({37, 11});
    auto r = xp::all(m > -8.0, {1}, false, xp::out(o));
    CHECK(r.data() == o.data());
    const auto got = values(o);
    for (int i = 0; i < 37; ++i)
      for (int k = 0; k < 11; ++k) {
        bool want = true;
        for (int j = 0; j < 53; ++j) want = want && hm[(i * 53 + j) * 11 + k] > -8.0;
        CHECK(got[i * 11 + k] == want);
      }
    auto o0 = xp::empty<bool, B>({});
    xp::all(xp::abs(m) < 1e9, xp::axes_t{}, false, xp::out(o0));
    CHECK(o0.item());
  }
  SUBCASE("out= of the wrong shape, read-only or overlapping the operand") {
    CHECK_THROWS_AS(xp::var(m, {0}, false, 0, xp::out(xp::empty<double, B>({53}))), xp::shape_error);
    CHECK_THROWS_AS(xp::stddev(m, {0}, true, 0, xp::out(xp::empty<double, B>({53, 11}))), xp::shape_error);
    CHECK_THROWS_AS(xp::all(m > 0.0, {1}, false, xp::out(xp::empty<bool, B>({37, 11, 1}))), xp::shape_error);
    const auto ro = xp::broadcast_to(xp::zeros<double, B>({11}), {11});  // contiguous but read-only
    REQUIRE_FALSE(ro.writeable());
    CHECK_THROWS_AS(xp::var(m, {0, 1}, false, 0, xp::out(ro)), xp::value_error);
    CHECK_THROWS_AS(xp::stddev(m, {0, 1}, false, 0, xp::out(ro)), xp::value_error);
    CHECK_THROWS_AS(xp::all(m > 0.0, {0, 1}, false, xp::out(xp::broadcast_to(xp::zeros<bool, B>({11}), {11}))),
                    xp::value_error);
    // out= is an element of the operand: the result is computed first (NumPy's value)
    auto x = xp::arange<double, B>(5);
    xp::var(x, {}, false, 0, xp::out(x(0)));
    CHECK(values(x) == std::vector<double>{2, 1, 2, 3, 4});
    auto y = xp::arange<double, B>(5);
    xp::stddev(y, {}, false, 1, xp::out(y(4)));
    CHECK(values(y)[4] == doctest::Approx(std::sqrt(2.5)));
    auto flags = xp::ones<bool, B>({3});
    xp::all(flags, {}, false, xp::out(flags(1)));
    CHECK(values(flags) == std::vector<bool>{true, true, true});
  }
}
