// median, percentile, quantile and their nan versions against NumPy 2
// (tests/golden/make_golden_order_statistics.py): every method, result dtypes, NaN, +-0 and
// infinities, every row length, axes and keepdims, views, empty and 0-d arrays, each error.
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "support.hpp"
#include "xp/array/order_statistics.hpp"

using namespace xp_test;
using qm = xp::quantile_method;

namespace {
const xp::npz_file& goldens() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/sorting/order_statistics.npz");
  return z;
}
template <class T>
xp::ndarray<T, B> in(const std::string& name) {
  return goldens().get<T, B>(name);
}
template <class T>
xp::ndarray<T, xp::host> want(const std::string& name) {
  return goldens().get<T, xp::host>(name);
}
std::vector<double> q_list() { return values(want<double>("q")); }

// NumPy's arithmetic exactly on the host; a device may fuse a multiply and an add (one rounding
// fewer), so a few units in the last place
template <class T>
constexpr double tight = 4 * static_cast<double>(std::numeric_limits<T>::epsilon());
constexpr double half_tight = 2e-3;  // float16: two units in the last place

struct named_method {
  qm method;
  const char* name;
};
constexpr std::array<named_method, 13> methods{{{qm::inverted_cdf, "inverted_cdf"},
                                                {qm::averaged_inverted_cdf, "averaged_inverted_cdf"},
                                                {qm::closest_observation, "closest_observation"},
                                                {qm::interpolated_inverted_cdf, "interpolated_inverted_cdf"},
                                                {qm::hazen, "hazen"},
                                                {qm::weibull, "weibull"},
                                                {qm::linear, "linear"},
                                                {qm::median_unbiased, "median_unbiased"},
                                                {qm::normal_unbiased, "normal_unbiased"},
                                                {qm::lower, "lower"},
                                                {qm::higher, "higher"},
                                                {qm::nearest, "nearest"},
                                                {qm::midpoint, "midpoint"}}};

template <class T, class Bk>
void check_shape(const xp::ndarray<T, Bk>& a, const char* shape) {
  CHECK(xp::to_string(a.shape()) == shape);
}
}  // namespace

TEST_CASE("quantile, nanquantile: every method as NumPy's, NaN, +-0, +-inf, rows of every length") {
  const auto x = in<double>("x");
  const auto q = q_list();
  for (const auto& m : methods) {
    INFO(m.name);
    const std::string name = m.name;
    check_close(xp::quantile(x, q, 1, {.method = m.method}), want<double>("q_" + name), tight<double>);
    // per-row counts of 0 (all NaN) to 9 non-NaN elements
    check_close(xp::nanquantile(x, q, 1, {.method = m.method}), want<double>("nq_" + name), tight<double>);
    // rows of 1 to 6 elements, read through a strided view
    const auto s = in<double>("s");
    const auto by_length = want<double>("qn_" + name);
    for (xp::index_t n = 1; n <= 6; ++n) {
      INFO("row length " << n);
      check_close(xp::quantile(s(xp::all, xp::range(0, n)), q, 1, {.method = m.method}), by_length(n - 1).copy(),
                  tight<double>);
    }
  }
  // the input is left as it was (the rows partitioned are a copy)
  check_close(x, want<double>("x"), 0);
}

TEST_CASE("quantile, percentile: float32 keeps its dtype with a scalar q; lists and arrays of q promote") {
  const auto f = in<float>("f32");
  for (const auto& m : methods) {
    INFO(m.name);
    const auto r = xp::quantile(f, 0.37, 0, {.method = m.method});
    static_assert(std::is_same_v<decltype(r)::value_type, float>);
    check_close(r, want<float>(std::string("f32_") + m.name), tight<float>);
  }
  const auto p70 = xp::percentile(f, 70);  // every axis: one selection of 1200 elements
  check_close(p70, want<float>("f32_p70"), tight<float>);
  check_close(xp::percentile(f, 70, 1), want<float>("f32_p70_ax1"), tight<float>);
  const auto listed = xp::percentile(f, {10.0, 50.0, 90.0}, 1);
  static_assert(std::is_same_v<decltype(listed)::value_type, double>);
  check_close(listed, want<double>("f32_p_list"), tight<double>);
  // a float32 q array: the index arithmetic and the result in float32
  const auto q32 = in<float>("q32");
  const auto by_array = xp::percentile(f, q32, 0);
  static_assert(std::is_same_v<decltype(by_array)::value_type, float>);
  check_close(by_array, want<float>("f32_p_q32"), tight<float>);
  check_close(xp::quantile(f, q32 / 100, 0, {.method = qm::hazen}), want<float>("f32_q_q32_hazen"), tight<float>);
  // the nan versions, float32 (weak q) and float64 (a list)
  const auto fn = in<float>("f32n");
  check_close(xp::nanpercentile(fn, 70, 1), want<float>("f32n_np70"), tight<float>);
  check_close(xp::nanquantile(fn, {0.2, 0.8}, 1, {.method = qm::weibull}), want<double>("f32n_nq_list"), tight<double>);
  check_close(xp::nanmedian(fn, 1), want<float>("f32n_nmed"), tight<float>);
  check_close(xp::nanmedian(fn), want<float>("f32n_nmed_all"), tight<float>);
  check_close(xp::median(f, 0), want<float>("f32_med_ax0"), tight<float>);
}

TEST_CASE("float16: quantile in float16 with a scalar q, float64 with a list; median as np.mean") {
  const auto h = in<xp::float16>("f16");
  const auto r = xp::quantile(h, 0.3, 1);
  static_assert(std::is_same_v<decltype(r)::value_type, xp::float16>);
  check_close(r, want<xp::float16>("f16_q03"), half_tight);
  check_close(xp::quantile(h, {0.3, 0.6}, 1, {.method = qm::median_unbiased}), want<double>("f16_q_list"),
              tight<double>);
  const auto m = xp::median(h, 0);
  static_assert(std::is_same_v<decltype(m)::value_type, xp::float16>);
  check_close(m, want<xp::float16>("f16_med0"), half_tight);
  check_close(xp::nanmedian(h, 1), want<xp::float16>("f16_nmed1"), half_tight);
}

TEST_CASE(
    "integers: float64 for the continuous methods, the input dtype for a discontinuous one named at compile "
    "time; int8's wrapping difference") {
  const auto i = in<std::int32_t>("i32");
  const auto q = q_list();
  check_close(xp::quantile(i, q, 0), want<double>("i32_q_ax0"), tight<double>);
  const auto lower = xp::quantile<qm::lower>(i, q, 0);
  static_assert(std::is_same_v<decltype(lower)::value_type, std::int32_t>);
  check_same(lower, want<std::int32_t>("i32_lower_ax0"));
  // the method a run-time value: the same elements, in float64
  check_same(xp::quantile(i, q, 0, {.method = qm::lower}), want<std::int32_t>("i32_lower_ax0").astype<double>());
  check_same(xp::quantile<qm::nearest>(i, 0.45, 1), want<std::int32_t>("i32_nearest_ax1"));
  check_close(xp::median(i, 1), want<double>("i32_med_ax1"), tight<double>);
  check_close(xp::percentile(i, 50), want<double>("i32_p50"), tight<double>);
  check_close(xp::nanpercentile(i, in<float>("q32"), 1), want<double>("i32_np_q32"), tight<double>);
  const auto u = in<std::uint8_t>("u8");
  check_close(xp::quantile(u, 0.5, 1, {.method = qm::hazen}), want<double>("u8_hazen_ax1"), tight<double>);
  check_close(xp::median(u), want<double>("u8_med"), tight<double>);
  const auto higher = xp::quantile<qm::higher>(u, {0.2, 0.9}, 0);
  static_assert(std::is_same_v<decltype(higher)::value_type, std::uint8_t>);
  check_same(higher, want<std::uint8_t>("u8_higher"));
  // NumPy subtracts the neighbours in int8: 100 - (-100) wraps to -56
  const auto i8 = in<std::int8_t>("i8");
  check_same(xp::quantile(i8, {0.25, 0.5, 0.75}, 1), want<double>("i8_q"));
  check_same(xp::median(i8, 1), want<double>("i8_med"));
}

TEST_CASE("bool: the discontinuous methods give bool, median float64, the others are refused") {
  const auto b = in<bool>("b");
  const auto lower = xp::quantile<qm::lower>(b, {0.2, 0.5, 0.9}, 1);
  static_assert(std::is_same_v<decltype(lower)::value_type, bool>);
  check_same(lower, want<bool>("b_lower"));
  const auto nearest = xp::quantile(b, 0.5, 1, {.method = qm::nearest});
  static_assert(std::is_same_v<decltype(nearest)::value_type, bool>);
  check_same(nearest, want<bool>("b_nearest"));
  check_same(xp::quantile<qm::inverted_cdf>(b, {0.3, 0.7}, 0), want<bool>("b_icdf"));
  check_close(xp::median(b, 1), want<double>("b_med"), tight<double>);
  CHECK_THROWS_AS(xp::quantile(b, 0.5), xp::dtype_error);
  CHECK_THROWS_AS(xp::percentile(b, 50, 0, {.method = qm::midpoint}), xp::dtype_error);
}

TEST_CASE("median, nanmedian, quantile: every axis, lists of axes, keepdims, views, a 2-D q, complex median") {
  const auto x = in<double>("x");
  const auto clean = in<double>("clean");
  struct axis_case {
    const char* name;
    xp::axes_t axes;
  };
  const std::vector<axis_case> cases{{"0", 0},       {"1", 1},      {"2", 2}, {"m1", -1}, {"all", xp::axes_t{}},
                                     {"02", {0, 2}}, {"21", {2, 1}}};
  for (const auto& c : cases) {
    INFO("axes " << c.name);
    const std::string n = c.name;
    check_close(xp::median(x, c.axes), want<double>("med_" + n), tight<double>);
    check_close(xp::nanmedian(x, c.axes), want<double>("nmed_" + n), tight<double>);
    check_close(xp::median(clean, c.axes), want<double>("cmed_" + n), tight<double>);
    check_close(xp::quantile(clean, {0.2, 0.5, 0.9}, c.axes), want<double>("cq_" + n), tight<double>);
    check_close(xp::nanquantile(x, {0.2, 0.9}, c.axes, {.method = qm::hazen}), want<double>("nq_hazen_" + n),
                tight<double>);
  }
  check_close(xp::quantile(clean, {0.2, 0.9}, {0, 2}, {.keepdims = true}), want<double>("cq_keep_02"), tight<double>);
  check_close(xp::quantile(clean, 0.3, {}, {.keepdims = true}), want<double>("cq_keep_all"), tight<double>);
  check_close(xp::median(x, 1, true), want<double>("med_keep_1"), tight<double>);
  check_close(xp::nanmedian(x, {0, 2}, true), want<double>("nmed_keep_02"), tight<double>);
  // no axis at all: each element its own slice
  check_close(xp::quantile(clean, 0.4, std::vector<xp::index_t>{}), want<double>("cq_none"), tight<double>);
  // transposed, reversed and strided views; an expression
  check_close(xp::quantile(xp::transpose(clean, {2, 0, 1}), q_list(), -1, {.method = qm::median_unbiased}),
              want<double>("t_q"), tight<double>);
  const auto strided = xp::transpose(x, {2, 0, 1})(xp::all, xp::range(xp::none, xp::none, 2), xp::all);
  check_close(xp::nanquantile(strided, {0.1, 0.6}, 1, {.method = qm::closest_observation}), want<double>("t_nq"),
              tight<double>);
  const auto reversed =
      xp::transpose(x, {1, 2, 0})(xp::range(xp::none, xp::none, -1), xp::all, xp::range(xp::none, xp::none, 2));
  check_close(xp::median(reversed, 0), want<double>("t_med"), tight<double>);
  check_close(xp::median(x * 1.0, 1), want<double>("med_1"), tight<double>);
  // a 2-D q leads the result; an int64 array of percentages divides in float64
  const auto q2 = in<double>("q2");
  check_close(xp::quantile(clean, q2, 1, {.method = qm::weibull}), want<double>("cq_q2"), tight<double>);
  check_close(xp::nanquantile(x, q2, 1, {.method = qm::midpoint}), want<double>("nq_q2"), tight<double>);
  check_close(xp::percentile(clean, in<std::int64_t>("p_int"), 2, {.method = qm::averaged_inverted_cdf}),
              want<double>("cp_int"), tight<double>);
  // complex: NumPy's lexicographic order, np.mean of the middle pair
  const auto cm = xp::median(in<xp::complex128>("c"), 1);
  static_assert(std::is_same_v<decltype(cm)::value_type, xp::complex128>);
  check_same(cm, want<xp::complex128>("c_med"));
}

TEST_CASE("edge values: infinities, -0.0, empty and 0-d arrays") {
  check_close(xp::quantile(in<double>("e"), {0.0, 0.5, 1.0}, 1), want<double>("e_q"), 0);
  check_close(xp::median(in<double>("e"), 1), want<double>("e_med"), 0);
  // median of nothing: NaN (np.mean's), of the dtype np.mean gives
  const auto m1 = xp::median(xp::zeros<double, B>({3, 0}), 1);
  check_shape(m1, "(3,)");
  CHECK(xp::all(xp::isnan(m1)).item());
  check_shape(xp::median(xp::zeros<double, B>({0, 3}), 1), "(0,)");
  CHECK(std::isnan(xp::median(xp::zeros<float, B>({0})).item()));
  const auto mi = xp::median(xp::zeros<std::int32_t, B>({0}));
  static_assert(std::is_same_v<decltype(mi)::value_type, double>);
  CHECK(std::isnan(mi.item()));
  CHECK(xp::all(xp::isnan(xp::nanmedian(xp::zeros<double, B>({2, 0}), 1))).item());
  CHECK(std::isnan(xp::nanmedian(xp::full<double, B>({4}, NAN)).item()));
  // quantile of slices of length 0: NumPy's IndexError; of no slices: an empty result
  CHECK_THROWS_AS(xp::quantile(xp::zeros<double, B>({3, 0}), 0.5, 1), xp::index_error);
  CHECK_THROWS_AS(xp::quantile(xp::zeros<std::int32_t, B>({0}), {0.5}), xp::index_error);
  check_shape(xp::quantile(xp::zeros<double, B>({0, 3}), {0.3, 0.5}, 1), "(2, 0)");
  // the nan versions answer an empty array with np.nanmean (q's axes dropped), as NumPy does
  const auto nq = xp::nanquantile(xp::zeros<double, B>({3, 0}), {0.3, 0.5}, 1);
  check_shape(nq, "(3,)");
  CHECK(xp::all(xp::isnan(nq)).item());
  check_shape(xp::nanpercentile(xp::zeros<double, B>({0, 3}), {30.0}, 1), "(0,)");
  // 0-d arrays: one element, over every axis
  const auto zero_d = xp::scalar<double, B>(2.5);
  CHECK(xp::median(zero_d).item() == 2.5);
  check_close(xp::quantile(zero_d, {0.2, 0.9}), xp::array<double>({2.5, 2.5}, {2}), 0);
  CHECK(std::isnan(xp::nanquantile(xp::scalar<double, B>(NAN), 0.5).item()));
  CHECK_THROWS_AS(xp::median(zero_d, 0), xp::axis_error);
}

TEST_CASE("errors: q out of range or NaN, q of 3 dimensions, bad axes") {
  const auto a = xp::arange<double, B>(12).reshape({3, 4});
  CHECK_THROWS_AS(xp::quantile(a, 1.5), xp::value_error);
  CHECK_THROWS_AS(xp::quantile(a, -0.1), xp::value_error);
  CHECK_THROWS_AS(xp::quantile(a, {0.5, NAN}), xp::value_error);
  CHECK_THROWS_AS(xp::percentile(a, 100.00000000000001), xp::value_error);
  CHECK_THROWS_AS(xp::nanpercentile(a, {-1.0}), xp::value_error);
  CHECK_THROWS_AS(xp::quantile(a, xp::full<double, B>({2, 2, 2}, 0.5)), xp::value_error);
  CHECK_THROWS_AS(xp::quantile(a, 0.5, 2), xp::axis_error);
  CHECK_THROWS_AS(xp::nanmedian(a, -3), xp::axis_error);
  CHECK_THROWS_AS(xp::median(a, {0, -2}), xp::value_error);  // repeated
  CHECK_THROWS_AS(xp::quantile(a, 0.5, 0, {.method = static_cast<qm>(13)}), xp::value_error);
  // percentile's bounds after the division by 100; -0.0 is in range
  CHECK(xp::percentile(a, -0.0).item() == 0.0);
  CHECK(xp::percentile(a, 100).item() == 11.0);
}
