// sort, argsort, partition, argpartition, topk, lexsort and sort_complex against NumPy 2
// (tests/golden/make_golden_sorting.py: stable orders of every dtype with ties, NaNs of both
// signs, -0.0 and infinities), and their invariants on larger random rows whose lengths are not
// multiples of any tile: a sorted permutation, ties in input order, the elements' bits kept.

#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dtype_support.hpp"

namespace {

using namespace xp_test;

const xp::npz_file& sorting() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/sorting/sorting.npz");
  return z;
}
template <class T, class Bk = B>
xp::ndarray<T, Bk> golden_of(const std::string& name) {
  return sorting().get<T, Bk>(name);
}
template <class T>
std::string code_of() {
  std::string code(xp::dtype::of<T>().npy_code());
  return code.substr(code.find_first_not_of("<>|="));  // "<f4" -> "f4"
}

template <class T>
bool same_bits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

/// Same shape and the same elements, bit for bit (a -0.0 is not a +0.0, NaN payloads count).
template <class T, class B1, class B2>
void check_bits(const xp::ndarray<T, B1>& got, const xp::ndarray<T, B2>& want) {
  REQUIRE(xp::to_string(got.shape()) == xp::to_string(want.shape()));
  const auto g = values(got), w = values(want);
  for (std::size_t i = 0; i < g.size(); ++i) {
    INFO("flat index " << i << ": got " << show(g[i]) << ", want " << show(w[i]));
    CHECK(same_bits(g[i], w[i]));
  }
}

/// NumPy's order of two elements as sort keys: a pair for complex (sort_primitive.hpp's
/// complex_sort_key: [R + Rj, R + nanj, nan + Rj, nan + nanj]).
template <class T>
auto order_key(T x) {
  if constexpr (xp::detail::is_complex_v<T>) {
    using K = xp::detail::complex_sort_key<xp::detail::real_of_t<T>>;
    std::pair<typename K::type, typename K::type> key;
    K::encode(x, key.first, key.second);
    return key;
  } else {
    return xp::detail::sort_key<T>::encode(x);
  }
}

/// The rows of `in` (C order, rows of length n) sorted as `sorted` by `idx`: each row of idx is a
/// permutation, sorted[j] has the bits of in[idx[j]], the keys are in order and equal keys have
/// increasing indices. One CHECK per row (the rows are long), naming the first bad position.
template <class T>
void check_stable_rows(const std::vector<T>& in, const std::vector<T>& sorted, const std::vector<std::int64_t>& idx,
                       xp::index_t n, bool descending) {
  REQUIRE(sorted.size() == in.size());
  REQUIRE(idx.size() == in.size());
  const auto rows = n == 0 ? 0 : static_cast<xp::index_t>(in.size()) / n;
  for (xp::index_t r = 0; r < rows; ++r) {
    std::vector<char> seen(static_cast<std::size_t>(n), 0);
    xp::index_t bad = -1;
    for (xp::index_t j = 0; j < n && bad < 0; ++j) {
      const auto at = static_cast<std::size_t>(r * n + j);
      const std::int64_t i = idx[at];
      if (i < 0 || i >= n || seen[static_cast<std::size_t>(i)] ||
          !same_bits(sorted[at], in[static_cast<std::size_t>(r * n + i)])) {
        bad = j;
        break;
      }
      seen[static_cast<std::size_t>(i)] = 1;
      if (j > 0) {
        const auto prev = order_key(sorted[at - 1]), cur = order_key(sorted[at]);
        if (descending ? prev < cur : cur < prev) bad = j;
        if (prev == cur && !(idx[at - 1] < i)) bad = j;
      }
    }
    INFO("row " << r << ", first bad position " << bad);
    CHECK(bad == -1);
  }
}

template <class T>
xp::ndarray<T, xp::host> random_with_ties(const xp::shape_type& shape, unsigned seed) {
  std::mt19937 gen(seed);
  // few distinct values, so that every row has ties
  constexpr int distinct = 50;
  std::uniform_int_distribution<int> u(-distinct / 2, distinct / 2);
  auto a = xp::empty<T, xp::host>(shape);
  for (xp::index_t i = 0; i < a.size(); ++i) {
    if constexpr (xp::detail::is_complex_v<T>) a.data()[i] = T(u(gen) % 3, u(gen));
    else if constexpr (std::is_same_v<T, bool>) a.data()[i] = u(gen) > 0;
    else if constexpr (std::is_unsigned_v<T>) a.data()[i] = static_cast<T>(u(gen) + distinct / 2);
    else a.data()[i] = static_cast<T>(u(gen));
  }
  if constexpr (std::is_floating_point_v<T>)
    for (xp::index_t i = 0; i < a.size(); i += 7) a.data()[i] = (i % 3) ? T(-0.0) : std::numeric_limits<T>::quiet_NaN();
  return a;
}

}  // namespace

TEST_CASE_TEMPLATE("sort, argsort: NumPy's stable order along each axis and flattened, ascending and descending", P,
                   XP_DTYPE_SHARE_0, XP_DTYPE_SHARE_1, XP_DTYPE_SHARE_2) {
  using T = typename P::type;
  const std::string code = code_of<T>();
  const auto a = golden_of<T>(code + "_in");
  const auto on_host = golden_of<T, xp::host>(code + "_in");
  const std::vector<std::pair<std::optional<xp::index_t>, std::string>> axes = {
      {0, "ax0"}, {1, "ax1"}, {-1, "ax1"}, {-2, "ax0"}, {std::nullopt, "flat"}};
  for (const auto& [axis, name] : axes) {
    for (bool descending : {false, true}) {
      INFO("axis " << name << (descending ? ", descending" : ""));
      const auto want_idx = golden_of<std::int64_t, xp::host>(code + "_argsort_" + (descending ? "desc_" : "") + name);
      check_same(xp::argsort(a, axis, {.descending = descending}), want_idx);
      const auto want = axis ? xp::take_along_axis(on_host, want_idx, *axis) : xp::take(on_host.ravel(), want_idx);
      check_bits(xp::sort(a, axis, {.descending = descending, .stable = false}), want);
    }
  }
}

TEST_CASE_TEMPLATE("sort, argsort: views, expressions, empty and 0-d arrays, methods", P, xp_test::on<float>,
                   xp_test::on<std::int16_t>, xp_test::on<xp::complex64>) {
  using T = typename P::type;
  const std::string code = code_of<T>();
  const auto a = golden_of<T>(code + "_in");  // 7 x 33
  SUBCASE("a transposed view sorts as its copy") {
    check_bits(xp::sort(xp::transpose(a), 0), xp::transpose(xp::sort(a, 1)).copy());
    check_same(xp::argsort(xp::transpose(a), 1), xp::transpose(xp::argsort(a, 0)).copy());
  }
  SUBCASE("a strided view with a negative step") {
    const auto v = a(xp::range(xp::none, xp::none, -2), xp::range(1, xp::none, 3));
    check_bits(xp::sort(v, 1), xp::sort(v.copy(), 1));
    check_same(xp::argsort(v, 0, {.descending = true}), xp::argsort(v.copy(), 0, {.descending = true}));
  }
  SUBCASE("empty arrays keep their shape") {
    const auto e = xp::zeros<T, B>({0, 5});
    CHECK(xp::sort(e, 0).shape() == xp::shape_type{0, 5});
    CHECK(xp::sort(e, 1).shape() == xp::shape_type{0, 5});
    CHECK(xp::argsort(e, 1).shape() == xp::shape_type{0, 5});
    CHECK(xp::sort(e, std::nullopt).shape() == xp::shape_type{0});
  }
  SUBCASE("a 0-d array has no axis -1; flattened it is one element") {
    const auto s = xp::full<T, B>({}, T(1));
    CHECK_THROWS_AS(xp::sort(s), xp::axis_error);
    CHECK_THROWS_AS(xp::argsort(s), xp::shape_error);  // NumPy's AxisError is a ValueError too
    CHECK(xp::sort(s, std::nullopt).shape() == xp::shape_type{1});
    CHECK_THROWS_AS(xp::sort(a, 2), xp::index_error);
    CHECK_THROWS_AS(xp::sort(a, -3), xp::axis_error);
  }
  SUBCASE("a.sort() sorts in place (NumPy's method); a.argsort() returns the indices") {
    auto c = a.copy();
    const auto want = xp::sort(a, 0);
    check_same(c.argsort(0), xp::argsort(a, 0));
    c.sort(0);
    check_bits(c, want);
    // a view writes through to its base
    auto d = a.copy();
    d(xp::range(0, 3), xp::all).sort();
    check_bits(d(xp::range(0, 3), xp::all).copy(), xp::sort(a(xp::range(0, 3), xp::all)));
    check_bits(d(xp::range(3, 7), xp::all).copy(), a(xp::range(3, 7), xp::all).copy());
  }
  if constexpr (!xp::detail::is_complex_v<T>) {
    SUBCASE("an expression is evaluated first") {
      check_bits(xp::sort(a + a), xp::sort((a + a).copy()));
      check_same((a * T(2)).argsort(), xp::argsort((a * T(2)).copy()));
    }
  }
}

TEST_CASE_TEMPLATE("sort, argsort: random rows of awkward lengths are stable sorted permutations", P,
                   xp_test::on<float>, xp_test::on<double>, xp_test::on<std::uint8_t>, xp_test::on<std::int64_t>,
                   xp_test::on<xp::float16>, xp_test::on<xp::complex128>, xp_test::on<bool>) {
  using T = typename P::type;
  const std::vector<xp::shape_type> shapes = {{1}, {2}, {3}, {257}, {4099}, {100003}, {37, 2049}, {1000, 3}};
  unsigned seed = 7;
  for (const auto& shape : shapes) {
    for (bool descending : {false, true}) {
      INFO("shape " << xp::to_string(shape) << (descending ? ", descending" : ""));
      const auto host_in = random_with_ties<T>(shape, seed++);
      const auto in = xp::asarray<B>(host_in);
      const auto idx = xp::argsort(in, -1, {.descending = descending});
      const auto sorted = xp::sort(in, -1, {.descending = descending});
      check_stable_rows(values(host_in), values(sorted), values(idx), shape.back(), descending);
      // along the first axis: the same as sorting the transposed copy's rows
      if (shape.size() == 2) {
        const auto idx0 = xp::argsort(in, 0, {.descending = descending});
        check_same(xp::transpose(idx0).copy(), xp::argsort(xp::transpose(in).copy(), 1, {.descending = descending}));
      }
      if constexpr (!std::is_same_v<B, xp::host>) {  // the host is the oracle for the device
        check_same(idx, xp::argsort(host_in, -1, {.descending = descending}));
        check_bits(sorted, xp::sort(host_in, -1, {.descending = descending}));
      }
    }
  }
}

TEST_CASE_TEMPLATE("partition, argpartition: the kth elements in place, none greater before, none smaller after", P,
                   xp_test::on<float>, xp_test::on<std::int32_t>, xp_test::on<xp::float16>, xp_test::on<double>) {
  using T = typename P::type;
  const std::vector<std::vector<xp::index_t>> kths = {{0}, {-1}, {5}, {2, 17, 40}, {40, 2, -3}};
  for (const xp::shape_type& shape : {xp::shape_type{5, 41}, xp::shape_type{41, 5}}) {
    const auto host_in = random_with_ties<T>(shape, 99);
    const auto in = xp::asarray<B>(host_in);
    const xp::index_t axis = shape[0] == 41 ? 0 : 1;
    const auto full = values(xp::moveaxis(xp::sort(host_in, axis), axis, -1).copy());
    for (const auto& kth : kths) {
      INFO("shape " << xp::to_string(shape) << ", first kth " << kth.front());
      const auto p = values(xp::moveaxis(xp::partition(in, kth, axis), axis, -1).copy());
      const auto ip = xp::argpartition(in, kth, axis);
      // argpartition's order gathers partition's elements
      check_bits(xp::moveaxis(xp::take_along_axis(in, ip, axis), axis, -1).copy(),
                 xp::moveaxis(xp::partition(in, kth, axis), axis, -1).copy());
      const xp::index_t n = 41;
      for (xp::index_t r = 0; r < 5; ++r)
        for (xp::index_t k : kth) {
          const xp::index_t at = k < 0 ? k + n : k;
          const auto pivot = order_key(p[static_cast<std::size_t>(r * n + at)]);
          CHECK(pivot == order_key(full[static_cast<std::size_t>(r * n + at)]));
          for (xp::index_t j = 0; j < n; ++j) {
            const auto key = order_key(p[static_cast<std::size_t>(r * n + j)]);
            if (j < at) CHECK(!(pivot < key));
            if (j > at) CHECK(!(key < pivot));
          }
        }
    }
    CHECK_THROWS_AS(xp::partition(in, 41, axis), xp::value_error);
    CHECK_THROWS_AS(xp::argpartition(in, std::vector<xp::index_t>{0, -42}, axis), xp::value_error);
  }
  const auto a = xp::asarray<B>(random_with_ties<T>({9}, 5));
  auto c = a.copy();
  c.partition(4);
  CHECK(order_key(values(c)[4]) == order_key(values(xp::sort(a))[4]));
  CHECK(xp::partition(a, 3, std::nullopt).shape() == xp::shape_type{9});
}

TEST_CASE_TEMPLATE("topk: the k largest or smallest in order, with their indices", P, xp_test::on<float>,
                   xp_test::on<std::uint16_t>, xp_test::on<double>) {
  using T = typename P::type;
  const auto host_in = random_with_ties<T>({6, 1001}, 31);
  const auto in = xp::asarray<B>(host_in);
  for (xp::index_t k : {0, 1, 7, 100, 1001}) {
    for (bool largest : {true, false}) {
      INFO("k " << k << (largest ? " largest" : " smallest"));
      const auto r = xp::topk(in, k, -1, {.largest = largest});
      REQUIRE(r.values.shape() == xp::shape_type{6, k});
      const auto order = xp::sort(host_in, -1, {.descending = largest});
      check_bits(r.values, order(xp::all, xp::range(0, k)).copy());
      check_bits(xp::take_along_axis(in, r.indices, 1), r.values);
      // distinct indices in each row
      const auto idx = values(xp::sort(r.indices, 1));
      for (std::size_t i = 1; i < idx.size(); ++i)
        if (i % static_cast<std::size_t>(k) != 0) CHECK(idx[i - 1] < idx[i]);
    }
  }
  const auto t = xp::topk(in, 3, 0);
  check_bits(t.values, xp::sort(host_in, 0, {.descending = true})(xp::range(0, 3), xp::all).copy());
  CHECK_THROWS_AS(xp::topk(in, 1002), xp::value_error);
  CHECK_THROWS_AS(xp::topk(in, -1), xp::value_error);
  CHECK_THROWS_AS(xp::topk(in, 1, 2), xp::axis_error);
}

TEST_CASE("lexsort and sort_complex: NumPy's orders and dtypes") {
  const std::vector<xp::ndarray<std::int32_t, B>> keys = {
      golden_of<std::int32_t>("lex_k0"), golden_of<std::int32_t>("lex_k1"), golden_of<std::int32_t>("lex_k2")};
  check_same(xp::lexsort(keys), golden_of<std::int64_t, xp::host>("lex_order"));
  const std::vector<xp::ndarray<double, B>> m = {golden_of<double>("lex2_k0"), golden_of<double>("lex2_k1")};
  check_same(xp::lexsort(m, 0), golden_of<std::int64_t, xp::host>("lex2_ax0"));
  check_same(xp::lexsort(m, 1), golden_of<std::int64_t, xp::host>("lex2_ax1"));
  CHECK_THROWS_AS(xp::lexsort(std::vector<xp::ndarray<double, B>>{}), xp::value_error);
  CHECK_THROWS_AS(xp::lexsort(std::vector<xp::ndarray<double, B>>{m[0], m[0].reshape({9, 5})}), xp::shape_error);

  const auto sc_i2 = xp::sort_complex(golden_of<std::int16_t>("sc_i2"));
  static_assert(std::is_same_v<decltype(sc_i2), const xp::ndarray<xp::complex64, B>>);
  check_bits(sc_i2, golden_of<xp::complex64, xp::host>("sc_i2_out"));
  const auto sc_f4 = xp::sort_complex(golden_of<float>("sc_f4"));
  static_assert(std::is_same_v<decltype(sc_f4), const xp::ndarray<xp::complex128, B>>);
  const auto want = values(golden_of<xp::complex128, xp::host>("sc_f4_out"));
  const auto got = values(sc_f4);
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO(i << ": " << show(got[i]) << " vs " << show(want[i]));
    CHECK(order_key(got[i]) == order_key(want[i]));
  }
}

TEST_CASE_TEMPLATE("topk, partition: one long row (a selection, not a sort, on the device)", P, xp_test::on<float>,
                   xp_test::on<std::int64_t>, xp_test::on<xp::float16>) {
  using T = typename P::type;
  // longer than a block's tile, with ties (random_with_ties: 51 distinct values) and NaNs. On the
  // host, 2^18 + 3 is split by both threads at once, and 100003 by one thread whose split of
  // (key, index) pairs (800 KB) is staged
  for (const xp::index_t long_row : {(xp::index_t{1} << 18) + 3, xp::index_t{100003}}) {
    CAPTURE(long_row);
    const auto host_in = random_with_ties<T>({long_row}, 123);
    const auto in = xp::asarray<B>(host_in);
    const auto sorted = values(xp::sort(host_in));
    for (bool largest : {true, false}) {
      const auto r = xp::topk(in, 100, -1, {.largest = largest});
      const auto want = xp::sort(host_in, -1, {.descending = largest})(xp::range(0, 100)).copy();
      check_bits(r.values, want);
      check_bits(xp::take(in, r.indices), r.values);
      // ties come in index order (the stable sort's)
      check_same(r.indices, xp::argsort(host_in, -1, {.descending = largest})(xp::range(0, 100)).copy());
    }
    const std::vector<xp::index_t> kth = {0, long_row / 3, long_row / 2, long_row - 1};
    const auto p = values(xp::partition(in, kth));
    const auto ip = xp::argpartition(in, kth);
    check_bits(xp::take(in, ip), xp::partition(in, kth));
    for (xp::index_t k : kth) {
      const auto pivot = order_key(p[static_cast<std::size_t>(k)]);
      CHECK(pivot == order_key(sorted[static_cast<std::size_t>(k)]));
      xp::index_t bad = -1;
      for (xp::index_t j = 0; j < long_row && bad < 0; ++j) {
        const auto key = order_key(p[static_cast<std::size_t>(j)]);
        if ((j < k && pivot < key) || (j > k && key < pivot)) bad = j;
      }
      INFO("kth " << k << ", first misplaced position " << bad);
      CHECK(bad == -1);
    }
    // the order statistics' request (only the kth positions read)
    const auto q = values(xp::percentile(in(xp::range(0, xp::none, 2)), 37.0));
    const auto want_q = values(xp::percentile(host_in(xp::range(0, xp::none, 2)), 37.0));
    CHECK(order_key(q[0]) == order_key(want_q[0]));
  }
}
