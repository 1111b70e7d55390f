// bincount, histogram (counts, weights, density, explicit edges), histogram_bin_edges, digitize
// and searchsorted's sorter against NumPy 2 (tests/golden/make_golden_histogram.py): values on
// and next to every edge, duplicates, NaN, +-0 and infinities, empty and 0-d inputs, strided and
// transposed views, a dtype of each class, each error; and large inputs, where the backends'
// parallel paths (private histograms, global atomics) run, against a count made here.
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "support.hpp"
#include "xp/array/histogram.hpp"

using namespace xp_test;

namespace {
const xp::npz_file& golden_npz() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/sorting/histogram.npz");
  return z;
}
template <class T>
xp::ndarray<T, B> in(const std::string& name) {
  return golden_npz().get<T, B>(name);
}
template <class T>
xp::ndarray<T, xp::host> want(const std::string& name) {
  return golden_npz().get<T, xp::host>(name);
}
template <class H, class E>
void check_histogram(const xp::histogram_result<H, E, B>& got, const std::string& name) {
  check_same(got.hist, want<H>(name + "_hist"));
  check_same(got.bin_edges, want<E>(name + "_edges"));
}
xp::histogram_options range(double lo, double hi) { return {.range = std::pair{lo, hi}}; }
template <class T>
xp::ndarray<T, B> array_of(std::initializer_list<T> values) {
  xp::ndarray<T, xp::host> h(xp::shape_type{static_cast<xp::index_t>(values.size())});
  xp::index_t i = 0;
  for (T v : values) h.data()[i++] = v;
  return xp::asarray<B>(h);
}
}  // namespace

TEST_CASE("bincount: counts, minlength, float64 sums of weights, bool and uint8 values, a strided view") {
  const auto x = in<std::int32_t>("bc_x");
  check_same(xp::bincount(x), want<std::int64_t>("bc"));
  check_same(xp::bincount(x, 80), want<std::int64_t>("bc_min"));
  check_same(xp::bincount(x, 3), want<std::int64_t>("bc"));  // minlength below max + 1: no effect
  check_close(xp::bincount(x, in<float>("bc_w")), want<double>("bc_weighted"), 1e-12);
  check_same(xp::bincount(x(xp::range(xp::none, xp::none, 3))), want<std::int64_t>("bc_strided"));
  check_same(xp::bincount(in<bool>("bc_bool_x")), want<std::int64_t>("bc_bool"));
  check_same(xp::bincount(in<std::uint8_t>("bc_u8_x")), want<std::int64_t>("bc_u8"));
  check_same(xp::bincount(in<std::int64_t>("bc_i64_x"), in<std::int16_t>("bc_i16_w")), want<double>("bc_i64_weighted"));
  // empty: minlength zeros
  const auto empty = xp::zeros<std::int32_t, B>({0});
  CHECK(xp::to_string(xp::bincount(empty).shape()) == "(0,)");
  check_same(xp::bincount(empty, 4), xp::zeros<std::int64_t, xp::host>({4}));
  check_same(xp::bincount(empty, xp::zeros<double, B>({0}), 2), xp::zeros<double, xp::host>({2}));

  CHECK_THROWS_AS(xp::bincount(x - 1), xp::value_error);  // a negative value (bc_x holds a 0); an expression
  CHECK_THROWS_AS(xp::bincount(x, -1), xp::value_error);
  CHECK_THROWS_AS(xp::bincount(x.reshape({10, 100})), xp::shape_error);
  CHECK_THROWS_AS(xp::bincount(x, in<float>("bc_w")(xp::range(0, 10))), xp::shape_error);
}

TEST_CASE("histogram: equal-width float bins, inferred and given ranges, NumPy's bin for values at the edges") {
  const auto f8 = in<double>("h_f8");
  check_histogram(xp::histogram(f8, 16), "h_f8");
  check_histogram(xp::histogram(in<double>("h_f8r"), 7, range(0.1, 0.9)), "h_f8r");  // NaN, +-inf not counted
  const auto f4 = in<float>("h_f4");
  check_histogram(xp::histogram(f4, 11), "h_f4");
  check_histogram(xp::histogram(f4, 13, {.range = {{0.1, 0.7}}}), "h_f4r");
  check_histogram(xp::histogram(f4, 4, range(-0.7, 0.3)), "h_f4s");  // kept: compared in float32
  const auto f2 = in<xp::float16>("h_f2");
  check_histogram(xp::histogram(f2, 37), "h_f2");
  check_histogram(xp::histogram(f2, 21, range(-1.3, 2.9)), "h_f2r");
  check_same(xp::histogram_bin_edges(f4, 11), want<float>("h_f4_edges"));
  check_same(xp::histogram_bin_edges(f2, 21, range(-1.3, 2.9)), want<xp::float16>("h_f2r_edges"));
  const auto [hist, bin_edges] = xp::histogram(f8);  // 10 bins by default
  check_same(hist, xp::histogram(f8, 10).hist);
  CHECK(bin_edges.size() == 11);
}

TEST_CASE("histogram: integer and bool data, equal values, empty and 0-d arrays") {
  check_histogram(xp::histogram(in<std::int8_t>("h_i1"), 9), "h_i1");
  check_histogram(xp::histogram(in<std::uint8_t>("h_u1"), 256, range(0, 256)), "h_u1");
  check_histogram(xp::histogram(in<std::int64_t>("h_i8"), 6), "h_i8");  // max - min wraps into uint64
  check_histogram(xp::histogram(in<bool>("h_b")), "h_b");
  check_histogram(xp::histogram(xp::full<float, B>({4}, 2.5f), 4), "h_same");
  check_histogram(xp::histogram(xp::full<std::int32_t, B>({3}, -7), 3), "h_same_i");
  check_histogram(xp::histogram(xp::zeros<float, B>({0}), 3), "h_empty");
  check_histogram(xp::histogram(xp::scalar<double, B>(3.0), 2), "h_0d");
}

TEST_CASE("histogram: weights keep their dtype, density is float64, transposed and strided operands pair up") {
  const auto f8 = in<double>("h_f8");
  const auto r = xp::histogram(f8, 16, in<float>("h_wf"));
  check_close(r.hist, want<float>("h_wf_hist"), 1e-6);
  check_same(r.bin_edges, want<double>("h_f8_edges"));
  check_same(xp::histogram(f8, 5, in<std::int8_t>("h_wi"), range(-1, 1)).hist, want<std::int8_t>("h_wi_hist"));
  check_same(xp::histogram(f8, 30, in<bool>("h_wb")).hist, want<bool>("h_wb_hist"));
  const auto m = in<float>("h_m");
  const auto mw = in<double>("h_mw");
  const auto every_other = xp::range(xp::none, xp::none, 2);
  const auto t = xp::histogram(xp::transpose(m)(every_other), 10, xp::transpose(mw)(every_other));
  check_close(t.hist, want<double>("h_mT_hist"), 1e-12);
  check_same(t.bin_edges, want<float>("h_mT_edges"));

  check_close(xp::histogram_density(in<double>("h_f8r"), 7, range(0.1, 0.9)).hist, want<double>("h_d_hist"), 1e-14);
  check_close(xp::histogram_density(in<std::int8_t>("h_i1"), 9).hist, want<double>("h_di_hist"), 1e-14);
  check_close(xp::histogram_density(f8, 16, in<float>("h_wf")).hist, want<double>("h_dw_hist"), 1e-6);
  // nothing counted: 0 / 0, as NumPy
  const auto none = xp::histogram_density(xp::full<double, B>({2}, 5.0), 3, range(0, 1)).hist;
  CHECK(xp::all(xp::isnan(none.copy_to_host())).item());
}

TEST_CASE("histogram: explicit edges (repeats, the last bin closed, int edges, exact int64, a NaN last edge)") {
  const auto edges = in<double>("e_edges");
  const auto v = in<double>("e_v");
  const auto r = xp::histogram(v, edges);
  check_same(r.hist, want<std::int64_t>("e_hist"));
  check_same(r.bin_edges, want<double>("e_edges"));
  check_close(xp::histogram(v, edges, xp::arange<double, B>(v.size())).hist, want<double>("e_w_hist"), 1e-12);
  const auto finite_v = v(xp::range(0, v.size() - 3));  // without the NaN and infinities at the end
  check_close(xp::histogram_density(finite_v, array_of<double>({-1.0, 0.0, 0.5, 2.0, 3.5})).hist,
              want<double>("e_d_hist"), 1e-14);
  const auto ie = xp::histogram(in<float>("h_f4"), in<std::int16_t>("e_iedges"));
  check_same(ie.hist, want<std::int64_t>("e_i_hist"));
  check_same(ie.bin_edges, want<std::int16_t>("e_iedges"));
  check_same(xp::histogram(in<std::int64_t>("e_bv"), in<std::int64_t>("e_bedges")).hist,
             want<std::int64_t>("e_b_hist"));
  check_same(xp::histogram(v, in<double>("e_nedges")).hist, want<std::int64_t>("e_n_hist"));
  check_same(xp::histogram_bin_edges(v, edges), want<double>("e_edges"));
  // no edges, or one: no bins
  CHECK(xp::histogram(v, edges(xp::range(0, 1))).hist.size() == 0);
  CHECK(xp::histogram(v, edges(xp::range(0, 0))).hist.size() == 0);
}

TEST_CASE("histogram_bin_edges: the sqrt, sturges and rice estimators, with and without a range") {
  const auto f4 = in<float>("h_f4");
  const auto i1 = in<std::int8_t>("h_i1");
  const auto f2 = in<xp::float16>("h_f2");
  for (const std::string name : {"sqrt", "sturges", "rice"}) {
    INFO(name);
    check_same(xp::histogram_bin_edges(f4, name), want<float>("be_f4_" + name));
    check_same(xp::histogram_bin_edges(f4, name, range(0.1, 0.7)), want<float>("be_f4r_" + name));
    check_same(xp::histogram_bin_edges(i1, name), want<double>("be_i1_" + name));
    check_same(xp::histogram_bin_edges(f2, name), want<xp::float16>("be_f2_" + name));
  }
  CHECK(xp::histogram(f4, "sqrt").hist.size() + 1 == want<float>("be_f4_sqrt").size());
}

TEST_CASE("histogram: bad bins, ranges, data, weights and edges are typed errors") {
  const auto f8 = in<double>("h_f8");
  CHECK_THROWS_AS(xp::histogram(f8, 0), xp::value_error);
  CHECK_THROWS_AS(xp::histogram(f8, 3, range(1, 0)), xp::value_error);
  CHECK_THROWS_AS(xp::histogram(f8, 3, range(0, INFINITY)), xp::value_error);
  CHECK_THROWS_AS(xp::histogram(in<double>("h_f8r")), xp::value_error);  // NaN: the inferred range is not finite
  CHECK_THROWS_AS(xp::histogram(in<xp::float16>("h_f2"), 5000), xp::value_error);  // too many bins for float16
  CHECK_THROWS_AS(xp::histogram(f8, "auto"), xp::value_error);                     // NumPy's, not xp's
  CHECK_THROWS_AS(xp::histogram(f8, "nope"), xp::value_error);
  CHECK_THROWS_AS(xp::histogram(f8, 4, f8(xp::range(0, 5))), xp::shape_error);
  const auto edges = in<double>("e_edges");
  CHECK_THROWS_AS(xp::histogram(f8, edges.reshape({7, 1})), xp::shape_error);
  CHECK_THROWS_AS(xp::histogram(f8, edges(xp::range(xp::none, xp::none, -1))), xp::value_error);
  CHECK_THROWS_AS(xp::histogram(f8, array_of<double>({0.0, NAN, 1.0})), xp::value_error);  // NaN before a number
  CHECK_THROWS_AS(xp::histogram(f8, edges, in<bool>("h_wb")), xp::dtype_error);
  CHECK_THROWS_AS(xp::histogram_bin_edges(f8, 4, f8(xp::range(0, 5))), xp::shape_error);
}

TEST_CASE("digitize: increasing and decreasing bins, right, NaN and infinities, any shape, errors") {
  const auto bins = in<double>("d_bins");
  const auto x = in<double>("d_x");
  check_same(xp::digitize(x, bins), want<std::int64_t>("d_inc"));
  check_same(xp::digitize(x, bins, true), want<std::int64_t>("d_inc_right"));
  const auto decreasing = bins(xp::range(xp::none, xp::none, -1));
  check_same(xp::digitize(x, decreasing), want<std::int64_t>("d_dec"));
  check_same(xp::digitize(x, decreasing.copy(), true), want<std::int64_t>("d_dec_right"));
  check_same(xp::transpose(xp::digitize(xp::transpose(x), bins)).copy(), want<std::int64_t>("d_inc"));
  check_same(xp::digitize(in<std::int32_t>("d_xi"), bins), want<std::int64_t>("d_int"));
  check_same(xp::digitize(array_of<double>({NAN, 1.0, 5.0}), array_of<double>({NAN, 1.0})),
             want<std::int64_t>("d_nan_bins"));  // NumPy calls NaN-then-1 decreasing
  const auto zero_d = xp::digitize(xp::scalar<double, B>(0.5), array_of<double>({0.0, 1.0}));
  CHECK(zero_d.ndim() == 0);
  CHECK(zero_d.item() == 1);
  CHECK(xp::all(xp::digitize(x, xp::zeros<double, B>({0})).copy_to_host() == std::int64_t(0)).item());
  CHECK_THROWS_AS(xp::digitize(x, bins.reshape({1, 5})), xp::shape_error);
  CHECK_THROWS_AS(xp::digitize(x, in<double>("h_f8")), xp::value_error);  // not monotonic
}

TEST_CASE("searchsorted with sorter: an unsorted array with repeats and NaN, int64 and int32 sorters, errors") {
  const auto a = in<double>("s_a");
  const auto v = in<double>("s_v");
  const auto order = in<std::int64_t>("s_order");
  check_same(xp::searchsorted(a, v, xp::side::left, order), want<std::int64_t>("s_left"));
  check_same(xp::searchsorted(a, v, xp::side::right, in<std::int32_t>("s_order_i32")), want<std::int64_t>("s_right"));
  CHECK_THROWS_AS(xp::searchsorted(a, v, xp::side::left, order(xp::range(1, xp::none))), xp::shape_error);
  const auto shifted = [](std::int64_t by) {
    return xp::asarray<B>(xp::ndarray<std::int64_t, xp::host>(want<std::int64_t>("s_order") + by));
  };
  CHECK_THROWS_AS(xp::searchsorted(a, v, xp::side::left, shifted(1)), xp::value_error);   // one index is a.size()
  CHECK_THROWS_AS(xp::searchsorted(a, v, xp::side::left, shifted(-1)), xp::value_error);  // one is -1
  CHECK_THROWS_AS(xp::searchsorted(a, v, xp::side::left, order.reshape({1, a.size()})), xp::shape_error);
}

TEST_CASE("histogram and bincount of large inputs: every parallel path against a count made here") {
  // values from a fixed LCG, so the host builds the expected counts with a plain loop
  constexpr xp::index_t n = (xp::index_t{1} << 18) + 7;       // several parts and blocks, and a tail
  constexpr std::uint32_t few_bins = 256, many_bins = 40000;  // shared memory, and beyond it
  xp::ndarray<std::int32_t, xp::host> small(xp::shape_type{n}), large(xp::shape_type{n});
  std::vector<std::int64_t> want_small(few_bins), want_large(many_bins);
  std::uint32_t state = 12345;
  for (xp::index_t i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    const std::uint32_t r = state >> 8;
    small.data()[i] = static_cast<std::int32_t>(r % few_bins);
    large.data()[i] = static_cast<std::int32_t>(r % many_bins);
    ++want_small[r % few_bins];
    ++want_large[r % many_bins];
  }
  const auto to_host_array = [](const std::vector<std::int64_t>& v) {
    xp::ndarray<std::int64_t, xp::host> a(xp::shape_type{static_cast<xp::index_t>(v.size())});
    for (std::size_t i = 0; i < v.size(); ++i) a.data()[i] = v[i];
    return a;
  };
  const auto small_b = xp::asarray<B>(small);
  check_same(xp::bincount(small_b), to_host_array(want_small));
  check_same(xp::bincount(xp::asarray<B>(large)), to_host_array(want_large));
  // a misaligned start: the vector loads' head
  const auto shifted = small_b(xp::range(1, xp::none));
  --want_small[static_cast<std::size_t>(small.data()[0])];
  check_same(xp::bincount(shifted), to_host_array(want_small));
  // equal-width bins against the same bins as explicit edges (the search path)
  const auto f = xp::asarray<B>(xp::ndarray<float, xp::host>(small.astype<float>() * 0.37f));
  const auto uniform = xp::histogram(f, 97);
  check_same(xp::histogram(f, uniform.bin_edges).hist, uniform.hist.copy_to_host());
  CHECK(xp::sum(uniform.hist).item() == n);
  const auto wide = xp::histogram(f, 20000, f);  // weighted, 20000 float64 bins: global atomics
  const double total = xp::sum(f.astype<double>()).item();
  CHECK(std::abs(double(xp::sum(wide.hist.astype<double>()).item()) - total) <= 1e-6 * total);
}
