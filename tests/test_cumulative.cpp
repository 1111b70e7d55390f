// cumsum / cumprod over every axis and the flattened array, and the array API's cumulative_sum /
// cumulative_prod (axis, include_initial), against NumPy's goldens (tests/golden/reductions/:
// scan_in_*, cumsum_*, cumprod_* from make_golden_cumsum_round.py; cumulative.npz from
// make_golden_cumulative.py, NumPy 2): values and dtypes, views, sizes that are not a multiple of
// a block, empty and 0-d inputs, the errors.
#include <limits>
#include <optional>
#include <string>
#include <type_traits>

#include "support.hpp"

using namespace xp_test;

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
