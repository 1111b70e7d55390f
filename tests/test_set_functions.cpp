// unique (np.unique and the array API's unique_values/counts/inverse/all) and the set functions
// (isin, intersect1d, union1d, setdiff1d, setxor1d) against NumPy 2
// (tests/golden/make_golden_set_functions.py): values, indices, inverse shapes, counts, NaN and
// -0.0 handling, every axis, views, mixed dtypes, empty and 0-d inputs, and each error.
#include <cmath>
#include <cstdint>
#include <string>

#include "support.hpp"
#include "xp/array/set_functions.hpp"

using namespace xp_test;

namespace {
const xp::npz_file& goldens() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/sorting/set_functions.npz");
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

// equal, or NaN in the same places (complex: part by part)
template <class T>
bool same_value(T g, T w) {
  if constexpr (xp::detail::is_complex_v<T>) {
    return same_value(g.re, w.re) && same_value(g.im, w.im);
  } else if constexpr (xp::detail::is_real_floating_v<T>) {
    const double a = static_cast<double>(g), b = static_cast<double>(w);
    return (std::isnan(a) && std::isnan(b)) || a == b;
  } else {
    return g == w;
  }
}

/// Same shape and values, NaN matching NaN.
template <class T, class B1>
void check_values(const xp::ndarray<T, B1>& got, const xp::ndarray<T, xp::host>& w) {
  REQUIRE(xp::to_string(got.shape()) == xp::to_string(w.shape()));
  const auto g = values(got), e = values(w);
  for (std::size_t i = 0; i < g.size(); ++i) {
    INFO("flat index " << i);
    CHECK(same_value(g[i], e[i]));
  }
}

bool is_empty_member(const xp::ndarray<std::int64_t, B>& a) { return xp::to_string(a.shape()) == "(0,)"; }

/// Every unique variant of x against the goldens `<name>_*` (x: the input, any layout).
template <class T>
void check_unique(const xp::ndarray<T, B>& x, const std::string& name) {
  INFO(name);
  const auto u = xp::unique(x, {.return_index = true, .return_inverse = true, .return_counts = true});
  check_values(u.values, want<T>(name + "_values"));
  check_same(u.indices, want<std::int64_t>(name + "_index"));
  check_same(u.inverse_indices, want<std::int64_t>(name + "_inverse"));
  check_same(u.counts, want<std::int64_t>(name + "_counts"));
  // the array API's: every NaN distinct, values sorted, indices from a stable sort
  const auto all = xp::unique_all(x);
  check_values(all.values, want<T>(name + "_all_values"));
  check_same(all.indices, want<std::int64_t>(name + "_all_index"));
  check_same(all.inverse_indices, want<std::int64_t>(name + "_all_inverse"));
  check_same(all.counts, want<std::int64_t>(name + "_all_counts"));
  check_values(xp::unique_values(x), want<T>(name + "_all_values"));
  const auto [cv, cc] = xp::unique_counts(x);
  check_values(cv, want<T>(name + "_all_values"));
  check_same(cc, want<std::int64_t>(name + "_all_counts"));
  const auto [iv, ii] = xp::unique_inverse(x);
  check_values(iv, want<T>(name + "_all_values"));
  check_same(ii, want<std::int64_t>(name + "_all_inverse"));
  // values(inverse) rebuilds x (every NaN its own value); values(indices) are the values
  check_values(xp::take(all.values, all.inverse_indices), x.copy_to_host());
  check_values(xp::take(x.reshape({-1}), u.indices), u.values.copy_to_host());
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    // -0.0 and +0.0 are one value: the first occurrence's sign is kept (as unique_all's stable
    // sort; NumPy's np.unique and unique_values, from a hash table, may keep either)
    check_same(xp::ndarray<bool, B>(xp::signbit(u.values)),
               want<bool>(name + "_all_signbit")(xp::range(0, u.values.size())));
    check_same(xp::ndarray<bool, B>(xp::signbit(all.values)), want<bool>(name + "_all_signbit"));
    check_same(xp::ndarray<bool, B>(xp::signbit(xp::unique_values(x))), want<bool>(name + "_all_signbit"));
  }
  // only what was asked for: the other members are empty
  const auto only = xp::unique(x, {.return_counts = true});
  check_values(only.values, want<T>(name + "_values"));
  check_same(only.counts, want<std::int64_t>(name + "_counts"));
  CHECK(is_empty_member(only.indices));
  CHECK(is_empty_member(only.inverse_indices));
  // equal_nan = false is unique_all's grouping
  check_values(xp::unique(x, {.equal_nan = false}).values, want<T>(name + "_all_values"));
}
}  // namespace

TEST_CASE("unique: every variant against NumPy 2, one dtype of each class") {
  check_unique(in<float>("f32"), "f32");
  check_unique(xp::transpose(in<float>("f32")), "f32t");  // a transposed view
  check_unique(in<double>("f64"), "f64");                 // its first zero is -0.0
  check_unique(in<xp::float16>("f16"), "f16");
  check_unique(in<std::int32_t>("i32"), "i32");
  check_unique(in<std::uint8_t>("u8"), "u8");
  check_unique(in<bool>("bl"), "bl");
  check_unique(in<xp::complex128>("c128"), "c128");
  check_unique(in<std::int64_t>("same"), "same");
  // 0-d: one value, a 0-d inverse; empty: empty everything
  check_unique(in<double>("zerod"), "zerod");
  CHECK(xp::unique_inverse(in<double>("zerod")).inverse_indices.ndim() == 0);
  check_unique(in<float>("empty"), "empty");
}

TEST_CASE("unique along an axis: sorted unique slices, NaN slices distinct, strided views") {
  const auto ax = in<double>("ax");
  for (int axis = 0; axis < 3; ++axis) {
    INFO("axis " << axis);
    const std::string p = "ax" + std::to_string(axis);
    for (const xp::index_t a : {xp::index_t(axis), xp::index_t(axis - 3)}) {
      const auto u = xp::unique(ax, {.return_index = true, .return_inverse = true, .return_counts = true, .axis = a});
      check_values(u.values, want<double>(p + "_values"));
      check_same(u.indices, want<std::int64_t>(p + "_index"));
      check_same(u.inverse_indices, want<std::int64_t>(p + "_inverse"));
      check_same(u.counts, want<std::int64_t>(p + "_counts"));
    }
  }
  // the first equal slice is kept: its -0.0 too
  const auto kept = xp::unique(ax, {.axis = 0}).values;
  CHECK(std::signbit(values(kept)[0]));
  // every other column of int64 rows (a strided view), and the transposed rows along axis 1
  const auto rows = in<std::int64_t>("rows");
  const auto u = xp::unique(rows(xp::all, xp::range(xp::none, xp::none, 2)),
                            {.return_index = true, .return_inverse = true, .return_counts = true, .axis = 0});
  check_same(u.values, want<std::int64_t>("rows_values"));
  check_same(u.indices, want<std::int64_t>("rows_index"));
  check_same(u.inverse_indices, want<std::int64_t>("rows_inverse"));
  check_same(u.counts, want<std::int64_t>("rows_counts"));
  const auto t = xp::unique(xp::transpose(rows), {.return_inverse = true, .axis = 1});
  check_same(t.values, want<std::int64_t>("rowsT_values"));
  check_same(t.inverse_indices, want<std::int64_t>("rowsT_inverse"));
  // a 1-D array with an axis follows the flattened rules: its NaNs are one
  check_values(xp::unique(in<double>("f64"), {.axis = 0}).values, want<double>("ax1d_values"));
  // (3, 0): one (empty) unique slice along axis 0, none along axis 1
  const auto e = xp::unique(xp::zeros<double, B>({3, 0}),
                            {.return_index = true, .return_inverse = true, .return_counts = true, .axis = 0});
  CHECK(xp::to_string(e.values.shape()) == "(1, 0)");
  check_same(e.indices, want<std::int64_t>("e30_index"));
  check_same(e.inverse_indices, want<std::int64_t>("e30_inverse"));
  check_same(e.counts, want<std::int64_t>("e30_counts"));
  const auto e1 = xp::unique(xp::zeros<double, B>({3, 0}), {.return_counts = true, .axis = 1});
  CHECK(xp::to_string(e1.values.shape()) == "(3, 0)");
  CHECK(e1.counts.size() == 0);
  // errors: an axis out of range, any axis of a 0-d array
  CHECK_THROWS_AS(xp::unique(ax, {.axis = 3}), xp::axis_error);
  CHECK_THROWS_AS(xp::unique(ax, {.axis = -4}), xp::axis_error);
  CHECK_THROWS_AS(xp::unique(in<double>("zerod"), {.axis = 0}), xp::axis_error);
  CHECK_THROWS_AS(xp::unique(in<double>("f64"), {.return_counts = true, .axis = 1}), xp::axis_error);
}

TEST_CASE("isin, intersect1d, union1d, setdiff1d, setxor1d: float64 with NaN, +-0 and infinities") {
  const auto a = in<double>("a"), b = in<double>("b");
  check_same(xp::isin(a, b), want<bool>("isin_ab"));
  check_same(xp::isin(a, b, {.invert = true}), want<bool>("isin_ab_inv"));
  check_same(xp::isin(xp::transpose(b), a), want<bool>("isin_bta"));  // element's shape, a view
  const auto inter = xp::intersect1d(a, b);
  check_values(inter.values, want<double>("inter_ab"));
  CHECK(is_empty_member(inter.indices1));
  const auto with = xp::intersect1d(a, b, {.return_indices = true});
  check_values(with.values, want<double>("inter_ab"));
  check_same(with.indices1, want<std::int64_t>("inter_ab_i1"));
  check_same(with.indices2, want<std::int64_t>("inter_ab_i2"));
  check_values(xp::union1d(a, b), want<double>("union_ab"));
  check_values(xp::setdiff1d(a, b), want<double>("diff_ab"));
  check_values(xp::setdiff1d(b, a), want<double>("diff_ba"));
  check_values(xp::setxor1d(a, b), want<double>("xor_ab"));  // two NaNs: one from each input
  // assume_unique on unique inputs in a shuffled order
  const auto ua = in<double>("ua"), ub = in<double>("ub");
  const auto iu = xp::intersect1d(ua, ub, {.assume_unique = true, .return_indices = true});
  check_values(iu.values, want<double>("inter_u"));
  check_same(iu.indices1, want<std::int64_t>("inter_u_i1"));
  check_same(iu.indices2, want<std::int64_t>("inter_u_i2"));
  check_values(xp::setdiff1d(ua, ub, true), want<double>("diff_u"));  // ua's order
  check_values(xp::setxor1d(ua, ub, true), want<double>("xor_u"));
  CHECK(xp::isin(ua, ub, {.assume_unique = true}).size() == ua.size());
  // empty inputs: empty results, and nothing is in an empty set
  const auto none = xp::zeros<double, B>({0});
  CHECK(xp::intersect1d(a, none).values.size() == 0);
  CHECK(xp::setxor1d(none, none).size() == 0);
  check_values(xp::union1d(none, a), xp::unique(a).values.copy_to_host());
  CHECK(!xp::any(xp::isin(a, none)).item());
  check_values(xp::setdiff1d(a, none), xp::unique(a).values.copy_to_host());
  // a 0-d element gives a 0-d answer
  CHECK(xp::isin(xp::scalar<double, B>(-0.0), b).ndim() == 0);
  CHECK(xp::isin(xp::scalar<double, B>(-0.0), b).item());
}

TEST_CASE("set functions: mixed dtypes promote as NumPy; int, bool, float16 and complex inputs") {
  const auto ai = in<std::int32_t>("ai");
  const auto bf = in<double>("bf");
  check_same(xp::isin(ai, bf), want<bool>("isin_ai_bf"));
  check_same(xp::intersect1d(ai, bf).values, want<double>("inter_ai_bf"));
  check_same(xp::union1d(ai, bf), want<double>("union_ai_bf"));
  check_same(xp::setdiff1d(ai, bf), want<std::int32_t>("diff_ai_bf"));  // ar1's dtype
  check_same(xp::setxor1d(ai, bf), want<double>("xor_ai_bf"));
  const auto u8 = in<std::uint8_t>("u8s");
  const auto i8 = in<std::int8_t>("i8s");
  check_same(xp::union1d(u8, i8), want<std::int16_t>("union_u8_i8"));
  check_same(xp::setxor1d(u8, i8), want<std::int16_t>("xor_u8_i8"));
  check_same(xp::isin(u8, i8), want<bool>("isin_u8_i8"));
  const auto ui = xp::intersect1d(u8, i8, {.return_indices = true});
  check_same(ui.values, want<std::int16_t>("inter_u8_i8"));
  check_same(ui.indices1, want<std::int64_t>("inter_u8_i8_i1"));
  check_same(ui.indices2, want<std::int64_t>("inter_u8_i8_i2"));
  const auto ca = in<xp::complex128>("ca"), cb = in<xp::complex128>("cb");
  check_same(xp::isin(ca, cb), want<bool>("isin_ca_cb"));
  check_values(xp::intersect1d(ca, cb).values, want<xp::complex128>("inter_ca_cb"));
  check_values(xp::setxor1d(ca, cb), want<xp::complex128>("xor_ca_cb"));
  check_values(xp::setdiff1d(ca, cb), want<xp::complex128>("diff_ca_cb"));
  const auto ba = in<bool>("ba");
  const auto t = xp::full<bool, B>({1}, true);
  check_same(xp::setxor1d(ba, t), want<bool>("xor_ba_t"));
  check_same(xp::isin(ba, t), want<bool>("isin_ba_t"));
  const auto h = in<xp::float16>("h");
  check_same(xp::isin(h, in<double>("b")), want<bool>("isin_h_b"));
  check_values(xp::union1d(h, h(xp::range(xp::none, xp::none, 2))), want<xp::float16>("union_h_h"));
  check_same(xp::isin(in<std::int64_t>("big_e"), in<std::int64_t>("big_t")), want<bool>("isin_big"));
}
