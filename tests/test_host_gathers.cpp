// The host's joins (concat, stack: wide row pieces by memcpy, narrow ones element by element, 2-4
// sources interleaved), gathers (take, take_along_axis, a(idx): the output walked with carried
// coordinates, whole runs copied, chunks that start inside a line), where (a bit select) and mask
// compaction (branch-free lists) against NumPy 1.24 (tests/golden/make_golden_host_gathers.py ->
// tests/golden/indexing/host_gathers.npz) for the common dtypes, and against plain loops on inputs
// large enough to run in several chunks and on several threads.
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "support.hpp"

using namespace xp_test;
using xp::index_t;

namespace {

const xp::npz_file& archive() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/indexing/host_gathers.npz");
  return z;
}

// member `name` as T (the archive holds small integers: converted)
template <class T, class Bk = B>
xp::ndarray<T, Bk> member(const std::string& name) {
  xp::npy_load_options convert;
  convert.convert = true;
  return archive().get<T, Bk>(name, convert);
}

template <class T>
void check_golden(const std::string& name, const xp::ndarray<T, B>& got) {
  INFO(name);
  check_same(got, member<T, xp::host>(name));
}

const auto rev = xp::range(xp::none, xp::none, -1);

}  // namespace

TEST_CASE_TEMPLATE("host gathers: concat and stack of narrow and wide rows, views, against NumPy", C,
                   XP_COMMON_DTYPES) {
  using T = typename C::type;
  const auto x = member<T>("x"), y = member<T>("y"), z = member<T>("z"), w = member<T>("w"), w2 = member<T>("w2");
  const auto p = member<T>("p"), q = member<T>("q"), r = member<T>("r"), v = member<T>("v");
  check_golden<T>("concat_1", xp::concat({x, y}, 1));
  check_golden<T>("concat_1_three", xp::concat({y, x, y}, 1));
  check_golden<T>("concat_0", xp::concat({x, z}, 0));
  check_golden<T>("concat_wide", xp::concat({w, w2}, -1));
  check_golden<T>("concat_p_1", xp::concat({p, q}, 1));
  check_golden<T>("concat_p_2", xp::concat({p, r}, 2));
  check_golden<T>("concat_none", xp::concat({p, r}, std::nullopt));
  check_golden<T>("concat_reversed", xp::concat({x(xp::all, rev), y}, 1));
  check_golden<T>("concat_strided", xp::concat({x(rev, xp::range(xp::none, xp::none, 2)), y(rev, xp::all)}, 1));
  check_golden<T>("concat_broadcast", xp::concat({xp::broadcast_to(x(0, xp::all), {4, 40}), y}, 1));
  check_golden<T>("concat_empty_piece", xp::concat({x(xp::all, xp::range(0, 0)), y, x(xp::all, xp::range(0, 0))}, 1));
  const auto xr = x(rev, xp::all);
  check_golden<T>("stack_0", xp::stack({x, xr}, 0));
  check_golden<T>("stack_1", xp::stack({x, xr}, 1));
  check_golden<T>("stack_2", xp::stack({x, xr}, 2));
  check_golden<T>("stack_3src", xp::stack({x, xp::repeat(y(xp::all, xp::range(0, 1)), 40, 1), xr}, -1));
  check_golden<T>("stack_4src", xp::stack({x, x, xr, x}, -1));
  check_golden<T>("stack_5src", xp::stack({x, x, xr, x, x(xp::all, rev)}, -1));
  check_golden<T>("stack_wide", xp::stack({w, w(rev, xp::all)}, 1));
  check_golden<T>("stack_1d", xp::stack({v(xp::range(0, 7)), v(xp::range(7, 14))}, -1));
  // empty: rows of nothing, and no rows
  CHECK(xp::to_string(xp::concat({x(xp::all, xp::range(0, 0)), y(xp::all, xp::range(0, 0))}, 1).shape()) == "(4, 0)");
  CHECK(xp::to_string(xp::stack({x(xp::range(0, 0), xp::all), x(xp::range(0, 0), xp::all)}, -1).shape()) ==
        "(0, 40, 2)");
}

TEST_CASE_TEMPLATE("host gathers: take, take_along_axis, a(idx), masks, where and nonzero against NumPy", C,
                   XP_COMMON_DTYPES) {
  using T = typename C::type;
  using I = std::int64_t;
  const auto x = member<T>("x"), y = member<T>("y"), p = member<T>("p"), v = member<T>("v");
  const auto m = member<T>("m"), n = member<T>("n");
  const auto x64 = member<I>("x"), p64 = member<I>("p"), v64 = member<I>("v"), m64 = member<I>("m");
  const auto i1 = member<I>("i1"), i2 = member<I>("i2"), ir = member<I>("ir"), ic = member<I>("ic");
  // take: flat with 1-, 2- and 0-d indices; rows (whole runs) and narrow rows; columns; 3-d
  check_golden<T>("take_flat", xp::take(v, i1));
  check_golden<T>("take_flat_2d", xp::take(v, i2));
  // a reversed source (a negative stride in the line loop) gives what its copy gives
  check_same(xp::take(v(rev), i1), xp::to_host(xp::take(v(rev).copy(), i1)));
  check_same(xp::take(m(rev, rev), ic, 1), xp::to_host(xp::take(m(rev, rev).copy(), ic, 1)));
  // a transposed index array: its inner step is not 1 (the walk's general loop)
  check_golden<T>("take_flat_2d", xp::transpose(xp::take(v, xp::transpose(i2))).copy());
  check_golden<T>("take_flat_0d", xp::take(v, i1(3)));
  CHECK(xp::take(v, i1(3)).ndim() == 0);
  check_golden<T>("take_m_0", xp::take(m, ir, 0));
  check_golden<T>("take_n_0", xp::take(n, ir, 0));
  check_golden<T>("take_m_1", xp::take(m, ic, 1));
  check_golden<T>("take_m_1_2d", xp::take(m, ic(xp::range(0, 8)).reshape({2, 4}), -1));
  check_golden<T>("take_p_1", xp::take(p, xp::asarray<B>(xp::array<I>({2, -1, 0, 1})), 1));
  check_golden<T>("take_m_wrap", xp::take(m, i1, 0, xp::take_mode::wrap));
  check_golden<T>("take_m_clip", xp::take(m, i1, 1, xp::take_mode::clip));
  // strided, reversed and broadcast sources
  const auto step2 = xp::range(xp::none, xp::none, 2);
  check_golden<T>("take_m_strided_0", xp::take(m(step2, rev), member<I>("irs"), 0));
  check_golden<T>("take_m_strided_1",
                  xp::take(m(xp::range(xp::none, xp::none, -2), xp::range(1, xp::none, 3)), member<I>("ics"), 1));
  check_golden<T>("take_broadcast_0", xp::take(xp::broadcast_to(m(3, xp::all), {30, 80}), ir, 0));
  // take_along_axis along each axis, with indices that broadcast, and flattened
  check_golden<T>("along_1", xp::take_along_axis(m, member<I>("ia"), 1));
  check_golden<T>("along_0", xp::take_along_axis(m, member<I>("ia0"), 0));
  check_golden<T>("along_p_1", xp::take_along_axis(p, member<I>("ip"), 1));
  check_golden<T>("along_p_bcast", xp::take_along_axis(p, member<I>("ip1"), 1));
  check_golden<T>("along_flat", xp::take_along_axis(v, member<I>("iv"), std::nullopt));
  // a(idx): one, two and three index arrays, after a slice
  check_golden<T>("index_rows", xp::ndarray<T, B>(m(ir)));
  check_golden<T>("index_cols", xp::ndarray<T, B>(m(xp::all, ic)));
  check_golden<T>("index_pair", xp::ndarray<T, B>(m(ir(xp::range(0, 9)), ic)));
  check_golden<T>("index_triple", xp::ndarray<T, B>(p(member<I>("t0"), member<I>("t1"), member<I>("t2"))));
  check_golden<T>("index_sliced", xp::ndarray<T, B>(m(xp::range(xp::none, xp::none, 3), ic)));
  // masks: a fused expression, a stored mask, leading axes (runs), a reversed source, nothing
  const xp::ndarray<bool, B> cb = member<I>("c") != I(0), c3b = member<I>("c3") != I(0);
  check_golden<T>("mask_flat", xp::ndarray<T, B>(v(v64 > I(50))));
  check_golden<T>("mask_2d", xp::ndarray<T, B>(x(cb)));
  check_golden<T>("mask_rows", xp::ndarray<T, B>(m(m64(xp::all, 0) > I(50))));
  check_golden<T>("mask_lead", xp::ndarray<T, B>(p(c3b(xp::all, xp::all, 0))));
  check_golden<T>("mask_reversed", xp::ndarray<T, B>(x(rev, xp::all)(cb)));
  check_golden<T>("mask_none", xp::ndarray<T, B>(x(x64 > I(1000))));
  // where: broadcast condition and values, scalars, views
  check_golden<T>("where", xp::ndarray<T, B>(xp::where(cb, x, y(xp::all, xp::range(0, 1)))));
  check_golden<T>("where_full", xp::ndarray<T, B>(xp::where(cb, x, x(rev, xp::all))));
  check_golden<T>("where_row", xp::ndarray<T, B>(xp::where(cb(0, xp::all), x, 7)));
  check_golden<T>("where_col", xp::ndarray<T, B>(xp::where(cb(xp::all, xp::range(0, 1)), 3, x(xp::all, rev))));
  check_golden<T>("where_3d", xp::ndarray<T, B>(xp::where(c3b, p, p(rev, xp::all, xp::all))));
  // nonzero, argwhere, flatnonzero
  check_golden<I>("flatnonzero_v", xp::flatnonzero(v64 > I(50)));
  check_golden<I>("argwhere_p", xp::argwhere(p64 > I(50)));
  check_golden<I>("argwhere_x_rev", xp::argwhere(x64(xp::all, rev) > I(50)));
  const auto nz_p = xp::nonzero(p64 > I(50)), nz_x = xp::nonzero(x), nz_v = xp::nonzero(v64 > I(50));
  REQUIRE(nz_p.size() == 3);
  REQUIRE(nz_x.size() == 2);
  REQUIRE(nz_v.size() == 1);
  for (std::size_t d = 0; d < 3; ++d) check_golden<I>("nonzero_p_" + std::to_string(d), nz_p[d]);
  for (std::size_t d = 0; d < 2; ++d) check_golden<I>("nonzero_x_" + std::to_string(d), nz_x[d]);
  check_golden<I>("nonzero_v_0", nz_v[0]);
}

TEST_CASE("host gathers: where keeps the selected value's bits (signed zeros, NaN payloads, integer extremes)") {
  const auto c = xp::asarray<B>(xp::array<bool>({true, false, true, false}));
  const auto a = xp::asarray<B>(xp::array<double>({-0.0, 1.0, std::nan("7"), -INFINITY}));
  const auto b = xp::asarray<B>(xp::array<double>({1.0, -0.0, 2.0, std::nan("9")}));
  const auto got = values(xp::ndarray<double, B>(xp::where(c, a, b)));
  const auto ha = values(a), hb = values(b);
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double want = i % 2 == 0 ? ha[i] : hb[i];
    CHECK(std::memcmp(&got[i], &want, sizeof(double)) == 0);
  }
  const auto lo = xp::full<std::int64_t, B>({4}, std::numeric_limits<std::int64_t>::min());
  const auto hi = xp::full<std::int64_t, B>({4}, std::numeric_limits<std::int64_t>::max());
  check_same(
      xp::ndarray<std::int64_t, B>(xp::where(c, lo, hi)),
      xp::array<std::int64_t>({std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(),
                               std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()}));
  // mixed dtypes: the promoted one (int32 and float32 -> float64)
  const auto i = xp::asarray<B>(xp::array<std::int32_t>({-3, 4, 5, 6}));
  const auto f = xp::asarray<B>(xp::array<float>({0.5f, -0.5f, 1.5f, 2.5f}));
  check_same(xp::ndarray<double, B>(xp::where(c, i, f)), xp::array<double>({-3.0, -0.5, 5.0, 2.5}));
  // a 0-d condition
  const auto all_b = values(xp::ndarray<double, B>(xp::where(xp::scalar<bool, B>(false), a, b)));
  REQUIRE(all_b.size() == hb.size());
  CHECK(std::memcmp(all_b.data(), hb.data(), hb.size() * sizeof(double)) == 0);
}

TEST_CASE("host gathers: large inputs in several chunks and threads against plain loops") {
  std::mt19937_64 gen(31);
  // take of many random indices (several gather chunks; raise mode with negative indices)
  const index_t n = index_t{1} << 16, k = index_t{1} << 17;
  const auto src = xp::arange<float, B>(n) * 0.5f;
  auto idx_h = xp::empty<std::int64_t, xp::host>({k});
  for (index_t i = 0; i < k; ++i) idx_h.data()[i] = static_cast<std::int64_t>(gen() % (2 * n)) - n;
  const auto idx = xp::asarray<B>(idx_h);
  {
    const auto got = values(xp::take(src, idx));
    REQUIRE(static_cast<index_t>(got.size()) == k);
    for (index_t i = 0; i < k; ++i) {
      const std::int64_t j = idx_h.data()[i] < 0 ? idx_h.data()[i] + n : idx_h.data()[i];
      if (got[i] != 0.5f * static_cast<float>(j)) {
        CHECK(got[i] == 0.5f * static_cast<float>(j));
        break;
      }
    }
  }
  // a 3-d source along its middle axis: whole runs of 60 (chunks start inside a line), and along
  // its last axis element by element
  const auto a3 = xp::arange<double, B>(7 * 50 * 60).reshape({7, 50, 60});
  auto mid_h = xp::empty<std::int64_t, xp::host>({20000});
  for (index_t i = 0; i < mid_h.size(); ++i) mid_h.data()[i] = static_cast<std::int64_t>(gen() % 50);
  const auto mid = xp::asarray<B>(mid_h);
  {
    const auto got = xp::to_host(xp::take(a3, mid, 1));
    REQUIRE(xp::to_string(got.shape()) == "(7, 20000, 60)");
    bool same = true;
    for (index_t i = 0; i < 7 && same; ++i)
      for (index_t j = 0; j < 20000 && same; ++j)
        for (index_t l = 0; l < 60 && same; ++l)
          same = got.data()[(i * 20000 + j) * 60 + l] == static_cast<double>((i * 50 + mid_h.data()[j]) * 60 + l);
    CHECK(same);
  }
  {
    // along the first axis: runs of two merged axes (50 x 60)
    const auto got = xp::to_host(xp::take(a3, mid(xp::range(0, 100)) % std::int64_t(7), 0));
    REQUIRE(xp::to_string(got.shape()) == "(100, 50, 60)");
    bool same = true;
    for (index_t j = 0; j < 100 && same; ++j)
      for (index_t l = 0; l < 3000 && same; ++l)
        same = got.data()[j * 3000 + l] == static_cast<double>((mid_h.data()[j] % 7) * 3000 + l);
    CHECK(same);
  }
  {
    auto idx_last = xp::empty<std::int64_t, xp::host>({3000});
    for (index_t i = 0; i < idx_last.size(); ++i) idx_last.data()[i] = static_cast<std::int64_t>(gen() % 120) - 60;
    const auto got = xp::to_host(xp::take(a3, xp::asarray<B>(idx_last), 2));
    REQUIRE(xp::to_string(got.shape()) == "(7, 50, 3000)");
    bool same = true;
    for (index_t i = 0; i < 7 * 50 && same; ++i)
      for (index_t j = 0; j < 3000 && same; ++j) {
        const std::int64_t c = idx_last.data()[j] < 0 ? idx_last.data()[j] + 60 : idx_last.data()[j];
        same = got.data()[i * 3000 + j] == static_cast<double>(i * 60 + c);
      }
    CHECK(same);
  }
  // take_along_axis of a matrix along its rows, more positions than a chunk
  {
    const auto mat = xp::arange<std::int32_t, B>(300 * 200).reshape({300, 200});
    auto ia_h = xp::empty<std::int64_t, xp::host>({300, 500});
    for (index_t i = 0; i < ia_h.size(); ++i) ia_h.data()[i] = static_cast<std::int64_t>(gen() % 400) - 200;
    const auto got = xp::to_host(xp::take_along_axis(mat, xp::asarray<B>(ia_h), 1));
    bool same = true;
    for (index_t i = 0; i < 300 && same; ++i)
      for (index_t j = 0; j < 500 && same; ++j) {
        std::int64_t c = ia_h.data()[i * 500 + j];
        c = c < 0 ? c + 200 : c;
        same = got.data()[i * 500 + j] == static_cast<std::int32_t>(i * 200 + c);
      }
    CHECK(same);
  }
  // a fused mask over a strided source, and nonzero of a 3-d expression
  {
    const index_t len = 100003;
    const auto big = xp::arange<std::int64_t, B>(2 * len).reshape({len, 2});
    const auto col = big(xp::all, 1);  // stride 2
    const auto got = values(xp::ndarray<std::int64_t, B>(col((col % std::int64_t(7)) < std::int64_t(3))));
    std::vector<std::int64_t> want;
    for (index_t i = 0; i < len; ++i)
      if ((2 * i + 1) % 7 < 3) want.push_back(2 * i + 1);
    CHECK(got == want);
    const auto cube = xp::arange<std::int64_t, B>(60 * 70 * 80).reshape({60, 70, 80});
    const auto nz = xp::nonzero(cube % std::int64_t(3) == std::int64_t(0));
    REQUIRE(nz.size() == 3);
    const auto c0 = values(nz[0]), c1 = values(nz[1]), c2 = values(nz[2]);
    REQUIRE(c0.size() == static_cast<std::size_t>(60 * 70 * 80 / 3));
    bool same = true;
    for (std::size_t s = 0; s < c0.size() && same; ++s) {
      const std::int64_t flat = static_cast<std::int64_t>(3 * s);
      same = c0[s] == flat / (70 * 80) && c1[s] == flat / 80 % 70 && c2[s] == flat % 80;
    }
    CHECK(same);
  }
  // joins in parallel: wide rows of 2 sources, and 3 sources interleaved
  {
    const auto a = xp::arange<float, B>(2000 * 300).reshape({2000, 300});
    const xp::ndarray<float, B> b = xp::arange<float, B>(2000 * 500).reshape({2000, 500}) * -1.f;
    const xp::ndarray<float, B> a2 = a * 2.f, a3 = a * 3.f;
    const auto got = xp::to_host(xp::concat({a, b}, 1));
    bool same = true;
    for (index_t i = 0; i < 2000 && same; ++i)
      for (index_t j = 0; j < 800 && same; ++j)
        same = got.data()[i * 800 + j] ==
               (j < 300 ? static_cast<float>(i * 300 + j) : -static_cast<float>(i * 500 + j - 300));
    CHECK(same);
    const auto s = xp::to_host(xp::stack({a, a2, a3}, -1));
    same = true;
    for (index_t i = 0; i < 2000 * 300 && same; ++i)
      for (index_t j = 0; j < 3 && same; ++j) same = s.data()[i * 3 + j] == static_cast<float>(i) * (j + 1);
    CHECK(same);
  }
}

TEST_CASE("host gathers: empty and 0-d operands") {
  const auto v = xp::arange<float, B>(10), m = xp::arange<float, B>(12).reshape({3, 4});
  const auto none = xp::zeros<std::int64_t, B>({0});
  CHECK(xp::take(v, none).size() == 0);
  CHECK(xp::to_string(xp::take(m, none, 1).shape()) == "(3, 0)");
  CHECK(xp::to_string(xp::take(m, xp::zeros<std::int64_t, B>({2, 0}), 0).shape()) == "(2, 0, 4)");
  CHECK(xp::to_string(xp::take(xp::zeros<float, B>({0, 4}), xp::ones<std::int64_t, B>({2}), 1).shape()) == "(0, 2)");
  // a 0-d source (flattened) and a 0-d index
  CHECK(xp::sum(xp::take(xp::scalar<float, B>(2.5f), xp::zeros<std::int64_t, B>({3}))).item() == 7.5f);
  CHECK(xp::take(m, xp::scalar<std::int64_t, B>(-1), 1).shape() == xp::shape_type{3});
  check_same(xp::take(m, xp::scalar<std::int64_t, B>(-1), 1), xp::array<float>({3.f, 7.f, 11.f}));
  CHECK(xp::ndarray<float, B>(v(v > 100.f)).size() == 0);
  CHECK(xp::ndarray<float, B>(xp::where(xp::zeros<bool, B>({0}), v(xp::range(0, 0)), 1.f)).size() == 0);
  CHECK(xp::nonzero(xp::zeros<float, B>({0, 3}))[1].size() == 0);
  CHECK_THROWS_AS(xp::nonzero(xp::scalar<float, B>(1.f)), xp::value_error);
}

TEST_CASE("host gathers: bad input is a typed error") {
  using F = xp::ndarray<float, B>;
  const auto v = xp::arange<float, B>(10), m = xp::arange<float, B>(12).reshape({3, 4});
  auto ints = [](std::initializer_list<std::int64_t> l) { return xp::asarray<B>(xp::array<std::int64_t>(l)); };
  // out-of-range indices in raise mode, either end, in any position of a long index array
  CHECK_THROWS_AS(xp::take(v, ints({1, 10})), xp::index_error);
  CHECK_THROWS_AS(xp::take(v, ints({-11, 0})), xp::index_error);
  for (const index_t at : {index_t{100}, index_t{16383}, index_t{49999}}) {  // chunks' middles and ends
    auto many = xp::zeros<std::int64_t, B>({50000});
    many(at) = std::int64_t(at % 2 == 0 ? 10 : -11);
    CHECK_THROWS_AS(xp::take(v, many), xp::index_error);
    CHECK_THROWS_AS(xp::take(v, many.reshape({500, 100})), xp::index_error);
    CHECK_THROWS_AS(xp::take(xp::stack({v, v}), many, 1), xp::index_error);
  }
  CHECK_THROWS_AS(xp::take(m, ints({4}), 1), xp::index_error);
  CHECK_THROWS_AS(xp::take(m, ints({0}), 2), xp::index_error);  // the axis
  CHECK_THROWS_AS(xp::take_along_axis(m, ints({0, 4}).reshape({1, 2}), 1), xp::index_error);
  CHECK_THROWS_AS(xp::take_along_axis(m, ints({0, 4}), 1), xp::value_error);  // ranks differ
  CHECK_THROWS_AS(F(m(ints({3}))), xp::index_error);
  CHECK_THROWS_AS(xp::take(xp::zeros<float, B>({0}), ints({0}), std::nullopt, xp::take_mode::wrap), xp::index_error);
  // wrap and clip never raise
  check_same(xp::take(v, ints({-11, 23}), std::nullopt, xp::take_mode::wrap), xp::array<float>({9.f, 3.f}));
  check_same(xp::take(v, ints({-11, 23}), std::nullopt, xp::take_mode::clip), xp::array<float>({0.f, 9.f}));
  // joins of mismatched shapes
  CHECK_THROWS_AS(xp::concat({m, xp::zeros<float, B>({3, 5})}, 0), xp::shape_error);
  CHECK_THROWS_AS(xp::concat({m, xp::zeros<float, B>({3, 4, 1})}, 0), xp::shape_error);
  CHECK_THROWS_AS(xp::stack({m, xp::zeros<float, B>({3, 5})}, -1), xp::shape_error);
  CHECK_THROWS_AS(xp::concat({m, m}, 2), xp::index_error);
  CHECK_THROWS_AS(xp::concat({xp::scalar<float, B>(1.f)}, 0), xp::value_error);
  // masks whose shape is not the array's or its leading axes'
  CHECK_THROWS_AS(F(m(xp::zeros<bool, B>({4}))), xp::shape_error);
  CHECK_THROWS_AS(F(m(xp::zeros<bool, B>({3, 4, 1}))), xp::shape_error);
  CHECK_THROWS_AS(F(v(xp::zeros<bool, B>({11}))), xp::shape_error);
}
