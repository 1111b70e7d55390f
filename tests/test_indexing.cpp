// xp/array/indexing.hpp: take, take_along_axis, put, integer-array and boolean-mask indexing,
// nonzero, argwhere, flatnonzero, against NumPy 2 (tests/golden/make_golden_indexing.py ->
// tests/golden/indexing.npz), for one dtype of every class; the host result is the device's oracle.
#include <optional>

#include "dtype_support.hpp"

using namespace xp_test;

namespace {

const xp::npz_file& indexing_archive() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/indexing.npz");
  return z;
}

template <class T>
std::string tag() {
  return std::string(xp::dtype::of<T>().npy_code());
}

// np.stack(np.nonzero(a)): the coordinate arrays as the rows of one array
xp::ndarray<std::int64_t, B> stack_coords(const std::vector<xp::ndarray<std::int64_t, B>>& v) {
  const xp::index_t count = v.empty() ? 0 : v[0].size();
  xp::ndarray<std::int64_t, B> out({static_cast<xp::index_t>(v.size()), count});
  for (std::size_t d = 0; d < v.size(); ++d) out(static_cast<xp::index_t>(d), xp::all) = v[d];
  return out;
}

// the golden member `<tag>_<name>` (dtype R) against got, exactly
template <class T, class R, class Bk>
void check_golden(const std::string& name, const xp::ndarray<R, Bk>& got) {
  check_member(indexing_archive(), tag<T>() + "_" + name, got, 0);
}

template <class T>
xp::ndarray<T, B> input() {
  return xp::asarray<B>(indexing_archive().get<T>(tag<T>() + "_a"));
}

xp::ndarray<std::int64_t, B> ints(std::initializer_list<std::int64_t> v) {
  return xp::asarray<B>(xp::array<std::int64_t>(v));
}

}  // namespace

#if defined(XP_TEST_CUDA)
// one dtype per kind on the device (its kernels differ only in the element type; nvcc time)
#define XP_INDEXING_DTYPES \
  xp_test::on<bool>, xp_test::on<std::uint16_t>, xp_test::on<float>, xp_test::on<xp::complex128>
#else
#define XP_INDEXING_DTYPES                                                                                 \
  xp_test::on<bool>, xp_test::on<std::int8_t>, xp_test::on<std::uint16_t>, xp_test::on<std::int32_t>,      \
      xp_test::on<std::int64_t>, xp_test::on<std::uint64_t>, xp_test::on<xp::float16>, xp_test::on<float>, \
      xp_test::on<double>, xp_test::on<xp::complex64>, xp_test::on<xp::complex128>
#endif

TEST_CASE_TEMPLATE("indexing: take, take_along_axis and put against NumPy", C, XP_INDEXING_DTYPES) {
  using T = typename C::type;
  const auto a = input<T>();
  check_golden<T>("take_flat", xp::take(a, ints({3, -1, 0, 19, -20, 7})));
  const auto idx2 = ints({0, -1, 4, 2, -5, 1}).reshape({3, 2});
  check_golden<T>("take_ax1", xp::take(a, idx2, 1));
  check_golden<T>("take_ax1", xp::take(a, idx2, -1));
  check_golden<T>("take_ax0_wrap", xp::take(a, ints({5, -7, 2, 9}), 0, xp::take_mode::wrap));
  check_golden<T>("take_ax1_clip", xp::take(a, ints({-3, 7, 2}), 1, xp::take_mode::clip));
  // int32 indices and a strided index array give the same result
  check_golden<T>("take_ax1", xp::take(a, idx2.template astype<std::int32_t>(), 1));
  const auto ia = xp::asarray<B>(indexing_archive().get<std::int64_t>("ia"));
  check_golden<T>("along_ax1", xp::take_along_axis(a, ia, 1));
  check_golden<T>("along_ax0", xp::take_along_axis(a, ints({3, 0, -1, 2, 1}).reshape({1, 5}), 0));

  auto c = a.copy();
  const auto vals = xp::asarray<B>(xp::array<std::int64_t>({5, 6}).astype<T>());
  xp::put(c, ints({0, -1, 7}), vals);
  check_golden<T>("put", c);
  c = a.copy();
  xp::put(c, ints({21, -22}), xp::asarray<B>(xp::array<std::int64_t>({4}).astype<T>()), xp::take_mode::wrap);
  check_golden<T>("put_wrap", c);
}

TEST_CASE_TEMPLATE("indexing: integer arrays and masks as a(...) against NumPy", C, XP_INDEXING_DTYPES) {
  using T = typename C::type;
  using A = xp::ndarray<T, B>;
  const auto a = input<T>();
  check_golden<T>("fancy0", A(a(ints({2, -1, 0, 2}))));
  check_golden<T>("fancy_cols", A(a(xp::all, ints({4, -2}))));
  check_golden<T>("fancy_pair", A(a(ints({0, 3}).reshape({2, 1}), ints({1, -1, 2}))));
  const auto a3 = a.reshape({2, 2, 5});
  check_golden<T>("fancy_split", A(a3(ints({1, 0}), xp::all, ints({3, 4}))));
  check_golden<T>("fancy_int_adjacent", A(a3(xp::all, 1, ints({0, 4, 4}))));
  check_golden<T>("transposed_fancy", A(a.T()(ints({1, 3}))));

  // the mask: real part > 0, as an expression (fused) and as a stored bool array
  const auto m = [&] {
    if constexpr (xp::detail::is_complex_v<T>) return xp::ndarray<bool, B>(xp::real(a) > 0);
    else return xp::ndarray<bool, B>(a > T(0));
  }();
  check_golden<T>("mask", a(m).copy());
  if constexpr (!xp::detail::is_complex_v<T>) check_golden<T>("mask", A(a(a > T(0))));
  check_golden<T>("mask_rows", A(a(xp::asarray<B>(xp::array<bool>({true, false, true, true})))));
  check_golden<T>("mask_T", A(a.T()(m.T())));

  auto c = a.copy();
  c(m) = 9;
  check_golden<T>("set_mask_scalar", c);
  c = a.copy();
  const auto count = xp::count_nonzero(m).item();
  c(m) = xp::arange<std::int64_t, B>(count);
  check_golden<T>("set_mask_array", c);
  c = a.copy();
  c(ints({0, 2, -1})) = xp::arange<std::int64_t, B>(5);
  check_golden<T>("set_fancy", c);
}

TEST_CASE_TEMPLATE("indexing: nonzero, argwhere, flatnonzero against NumPy", C, XP_INDEXING_DTYPES) {
  using T = typename C::type;
  const auto a = input<T>();
  check_golden<T>("nonzero", stack_coords(xp::nonzero(a)));
  check_golden<T>("nonzero", stack_coords(xp::where(a)));
  check_golden<T>("nonzero_T", stack_coords(xp::nonzero(a.T())));
  check_golden<T>("argwhere", xp::argwhere(a));
  check_golden<T>("flatnonzero", xp::flatnonzero(a));
  // an expression input is fused: nonzero(a != 0) is nonzero(a)
  check_golden<T>("nonzero", stack_coords(xp::nonzero(a != T(0))));
}

TEST_CASE("indexing: empty, 0-d and errors") {
  using F = xp::ndarray<float, B>;
  const auto a = xp::arange<float, B>(12).reshape({3, 4});
  // errors name the index and the extent / both shapes
  CHECK_THROWS_WITH_AS(xp::take(a, ints({12})), doctest::Contains("index 12 is out of bounds for axis 0 with size 12"),
                       xp::index_error);
  CHECK_THROWS_WITH_AS(xp::take(a, ints({-5}), 0), doctest::Contains("index -5"), xp::index_error);
  CHECK_THROWS_AS(xp::take(a, ints({0}), 2), xp::index_error);
  CHECK_THROWS_WITH_AS((void)F(a(ints({3}))), doctest::Contains("with size 3"), xp::index_error);
  CHECK_THROWS_WITH_AS((void)F(a(xp::all, ints({0, 4}))), doctest::Contains("index 4 is out of bounds for axis 1"),
                       xp::index_error);
  const auto wrong = xp::ndarray<bool, B>(xp::zeros<bool, B>({4, 3}));
  CHECK_THROWS_WITH_AS((void)F(a(wrong)), doctest::Contains("(4, 3)"), xp::shape_error);
  CHECK_THROWS_WITH_AS((void)F(a(wrong)), doctest::Contains("(3, 4)"), xp::shape_error);
  const auto three = xp::arange<float, B>(3);
  CHECK_THROWS_AS(a(a > 20.f) = three, xp::shape_error);  // 0 selected, 3 values
  CHECK_THROWS_AS(xp::put(a, ints({12}), 1.f), xp::index_error);
  CHECK_THROWS_AS(xp::take(xp::zeros<float, B>({0}), ints({0}), 0, xp::take_mode::wrap), xp::index_error);
  CHECK_THROWS_AS(xp::take_along_axis(a, ints({0}), 0), xp::value_error);
  CHECK_THROWS_AS(xp::nonzero(xp::full<float, B>({}, 1.f)), xp::value_error);
  CHECK_THROWS_AS(xp::broadcast_to(a, {3, 4})(a > 1.f) = 0.f, xp::value_error);  // read-only

  // empty inputs and selections
  CHECK(F(a(a > 100.f)).shape() == xp::shape_type{0});
  CHECK(xp::nonzero(xp::zeros<float, B>({0, 3})).size() == 2);
  CHECK(xp::nonzero(xp::zeros<float, B>({0, 3}))[1].shape() == xp::shape_type{0});
  CHECK(xp::argwhere(xp::zeros<float, B>({2, 0})).shape() == xp::shape_type{0, 2});
  CHECK(xp::take(a, xp::zeros<std::int64_t, B>({0}), 1).shape() == xp::shape_type{3, 0});
  CHECK(F(a(xp::zeros<std::int64_t, B>({0, 2}))).shape() == xp::shape_type{0, 2, 4});
  // 0-d: a 0-d mask adds an axis (NumPy's a[True]); argwhere of a 0-d array is (1, 0)
  const auto s = xp::full<float, B>({}, 5.f);
  CHECK(values(F(s(xp::full<bool, B>({}, true)))) == std::vector<float>{5.f});
  CHECK(F(s(xp::full<bool, B>({}, false))).shape() == xp::shape_type{0});
  CHECK(xp::argwhere(s).shape() == xp::shape_type{1, 0});
  CHECK(values(xp::flatnonzero(s)) == std::vector<std::int64_t>{0});
  CHECK(values(xp::take(s.reshape({1}), xp::full<std::int64_t, B>({}, -1))) == std::vector<float>{5.f});
}

TEST_CASE("indexing: large and strided inputs, fused masks, the host as oracle") {
  // a size that spans many compaction tiles and ends in a partial one
  const xp::index_t n = 3 * 4096 * 5 + 1234;
  auto h = random_host<float>({n}, 19);
  const auto d = xp::asarray<B>(h);
  std::vector<float> want;
  std::vector<std::int64_t> want_idx;
  for (xp::index_t i = 0; i < n; ++i)
    if (h.data()[i] > 10.f) want.push_back(h.data()[i]), want_idx.push_back(i);
  CHECK(values(xp::ndarray<float, B>(d(d > 10.f))) == want);
  CHECK(values(xp::flatnonzero(d > 10.f)) == want_idx);
  CHECK(values(xp::nonzero(d > 10.f)[0]) == want_idx);
  // a strided, reversed view of it with a mask expression over another view
  const auto v = d(xp::range(xp::none, xp::none, -3));
  const auto hv = h(xp::range(xp::none, xp::none, -3));
  std::vector<float> want_v;
  for (float x : hv)
    if (x < -50.f) want_v.push_back(x);
  CHECK(values(xp::ndarray<float, B>(v(v < -50.f))) == want_v);
  // assignment through a fused mask, scalar and array
  auto c = d.copy();
  c(c > 10.f) = 0.f;
  for (float x : values(c)) CHECK(x <= 10.f);
  auto c2 = d.copy();
  c2(c2 > 10.f) = xp::arange<float, B>(static_cast<xp::index_t>(want.size()));
  const auto got = values(c2);
  for (std::size_t k = 0; k < want_idx.size(); ++k) CHECK(got[want_idx[k]] == float(k));
  // take of many indices against the host loop
  auto idx = xp::asarray<B>(xp::eval(xp::arange<std::int64_t>(n) * 7919 % n));
  const auto t = values(xp::take(d, idx));
  const auto hi = values(idx);
  for (std::size_t k = 0; k < hi.size(); k += 97) CHECK(t[k] == h.data()[hi[k]]);
  // one index out of range among many: the gather kernel's flag, then the message names it
  auto bad = xp::asarray<B>(xp::eval(xp::arange<std::int64_t>(n) * 7919 % n));
  bad(xp::range(n / 2, n / 2 + 1)) = std::int64_t{n + 3};
  const std::string message = "index " + std::to_string(n + 3) + " is out of bounds";
  CHECK_THROWS_WITH_AS(xp::take(d, bad), doctest::Contains(message.c_str()), xp::index_error);
  using F = xp::ndarray<float, B>;
  CHECK_THROWS_AS((void)F(d(bad)), xp::index_error);
}

// Whole rows are gathered as runs of 16-byte vectors where the rows allow it (take along a
// leading axis, a(idx)); every element against a host loop, for 1- to 16-byte dtypes, rows that
// are and are not a multiple of the vector, every mode, a 3-D take with a 2-D index, a
// column-slice source with its own row pitch, and an index out of range among the rows.
TEST_CASE_TEMPLATE("indexing: take of whole rows, element by element", T, bool, std::int16_t, float, double,
                   xp::complex128) {
  using xp::index_t;
  const index_t rows = 29;
  for (const index_t width : {60, 64}) {
    INFO("width " << width);
    const auto a = ((xp::arange<std::int64_t, B>(rows * width).reshape({rows, width}) * 13) % 17).astype<T>();
    const auto ha = xp::to_host(a);
    const auto idx_host = xp::array<std::int64_t>({3, -1, 0, 28, 3, -29, 17, 40, -31});
    const auto idx = xp::asarray<B>(idx_host);
    const auto fixed = [&](std::int64_t i, xp::take_mode mode) {
      if (mode == xp::take_mode::wrap) return ((i % rows) + rows) % rows;
      if (mode == xp::take_mode::clip) return std::clamp<std::int64_t>(i, 0, rows - 1);
      return i < 0 ? i + rows : i;
    };
    const auto rows_match = [&](const xp::ndarray<T, xp::host>& got, const xp::ndarray<std::int64_t, xp::host>& ix,
                                xp::take_mode mode, index_t col0, index_t cols) {
      bool same = got.shape() == xp::shape_type{ix.size(), cols};
      for (index_t j = 0; same && j < ix.size(); ++j)
        for (index_t c = 0; c < cols; ++c) same = same && got.at(j, c) == ha.at(fixed(ix.at(j), mode), col0 + c);
      return same;
    };
    for (const auto mode : {xp::take_mode::wrap, xp::take_mode::clip})
      CHECK(rows_match(xp::to_host(xp::take(a, idx, 0, mode)), idx_host, mode, 0, width));
    const auto in_range_host = xp::array<std::int64_t>({3, -1, 0, 28, 3, -29, 17});
    const auto in_range = xp::asarray<B>(in_range_host);
    CHECK(rows_match(xp::to_host(xp::take(a, in_range, 0)), in_range_host, xp::take_mode::raise, 0, width));
    CHECK(rows_match(xp::to_host(xp::ndarray<T, B>(a(in_range))), in_range_host, xp::take_mode::raise, 0, width));
    CHECK_THROWS_WITH_AS(xp::take(a, idx, 0), doctest::Contains("index 40 is out of bounds for axis 0 with size 29"),
                         xp::index_error);
    // a column slice: rows of 32 elements at a pitch of `width`
    const auto half = a(xp::all, xp::range(0, 32));
    CHECK(rows_match(xp::to_host(xp::take(half, in_range, 0)), in_range_host, xp::take_mode::raise, 0, 32));
    // a 3-D take along axis 1 with a 2-D index: out[i, j, k, :] = a3[i, idx2[j, k], :]
    const auto a3 = a(xp::range(0, 28), xp::all).reshape({4, 7, width});
    const auto ha3 = xp::to_host(a3);
    const auto idx2_host = xp::array<std::int64_t>({{6, 0, -2}, {1, 1, 5}});
    const auto got3 = xp::to_host(xp::take(a3, xp::asarray<B>(idx2_host), 1));
    REQUIRE(got3.shape() == xp::shape_type{4, 2, 3, width});
    bool same = true;
    for (index_t i = 0; i < 4; ++i)
      for (index_t j = 0; j < 2; ++j)
        for (index_t k = 0; k < 3; ++k) {
          const std::int64_t r = idx2_host.at(j, k) < 0 ? idx2_host.at(j, k) + 7 : idx2_host.at(j, k);
          for (index_t c = 0; c < width; ++c) same = same && got3.at(i, j, k, c) == ha3.at(i, r, c);
        }
    CHECK(same);
  }
}

TEST_CASE("indexing: assignment reads indices that alias the array, mixed ranges, expressions") {
  // indices that are a view of the array itself are read before anything is written (NumPy)
  auto a = xp::asarray<B>(xp::array<std::int64_t>({1, 0, 5, 6}));
  a(a(xp::range(0, 2))) = std::int64_t{9};
  CHECK(values(a) == std::vector<std::int64_t>{9, 9, 5, 6});
  a = xp::asarray<B>(xp::array<std::int64_t>({1, 0, 5, 6}));
  xp::put(a, a(xp::range(0, 2)), std::int64_t{9});
  CHECK(values(a) == std::vector<std::int64_t>{9, 9, 5, 6});
  // an index array mixed with a range: rows 2, 0 of columns 1:3
  const auto m = xp::arange<float, B>(12).reshape({3, 4});
  CHECK(values(xp::ndarray<float, B>(m(ints({2, 0}), xp::range(1, 3)))) == std::vector<float>{9, 10, 1, 2});
  // an expression indexed by an array, and an indexed result assigned to another selection
  CHECK(values(xp::ndarray<float, B>((m * 2.f)(ints({1}), ints({3})))) == std::vector<float>{14});
  auto c = m.copy();
  c(ints({0})) = m(ints({2}));
  CHECK(values(xp::ndarray<float, B>(c(0, xp::all))) == std::vector<float>{8, 9, 10, 11});
#if !defined(XP_TEST_CUDA)
  // repeated indices: the last value wins on the host, as NumPy's
  auto r = xp::zeros<float, B>({3});
  r(ints({1, 1})) = xp::asarray<B>(xp::array<float>({5.f, 6.f}));
  CHECK(values(r) == std::vector<float>{0, 6, 0});
#endif
}

// NumPy's a[mask] and a[idx] are copies taken where they are written: `auto r = a(mask);` holds
// the elements selected at that statement, and a later write to `a` does not show in it; an
// assignment through a selection still writes `a` in place.
TEST_CASE_TEMPLATE("indexing: a selection is the copy taken where it is written", T, double, float, std::int32_t) {
  using A = xp::ndarray<T, B>;
  const auto want = [](std::initializer_list<int> v) {
    std::vector<T> out;
    for (const int x : v) out.push_back(T(x));
    return out;
  };
  const auto array_of = [](std::initializer_list<std::int64_t> v) {
    return xp::asarray<B>(xp::array<std::int64_t>(v).astype<T>());
  };

  // r = a[a > 5]; a[3] = 100; a[6] = -1: r is still [6 7 8 9]
  auto a = xp::arange<T, B>(10);
  // (basic indices alone give views; an array or a mask among them gives the selection)
  static_assert(std::is_same_v<decltype(a(1)), A> && std::is_same_v<decltype(a(xp::range(0, 2), xp::newaxis)), A>);
  static_assert(!std::is_same_v<decltype(a(a > T(5))), A> && !std::is_same_v<decltype(a(xp::all, ints({0}))), A>);
  auto by_expression = a(a > T(5));
  a(3) = T(100);
  a(6) = T(-1);
  CHECK(values(A(by_expression)) == want({6, 7, 8, 9}));
  CHECK(values(A(by_expression.copy())) == want({6, 7, 8, 9}));
  CHECK(values(by_expression.copy_to_host()) == want({6, 7, 8, 9}));

  // a stored bool mask
  a = xp::arange<T, B>(10);
  const auto mask = xp::ndarray<bool, B>(a > T(5));
  auto by_mask = a(mask);
  a(7) = T(70);
  CHECK(values(A(by_mask)) == want({6, 7, 8, 9}));

  // index arrays: a[[1, -1, 4]], and rows of a 2-D array a2[[2, 0], :]
  a = xp::arange<T, B>(10);
  auto by_index = a(ints({1, -1, 4}));
  a(xp::all) = T(0);
  CHECK(values(A(by_index)) == want({1, 9, 4}));
  auto a2 = xp::arange<T, B>(12).reshape({3, 4});
  auto rows = a2(ints({2, 0}), xp::all);
  a2(xp::all, xp::all) = T(0);
  CHECK(A(rows).shape() == xp::shape_type{2, 4});
  CHECK(values(A(rows)) == want({8, 9, 10, 11, 0, 1, 2, 3}));

  // a selection returned from a function
  const auto select_above = [](const A& x, T bound) { return x(x > bound); };
  const auto select_ends = [](const A& x) { return x(ints({0, -1})); };
  a = xp::arange<T, B>(10);
  auto returned_mask = select_above(a, T(6));
  auto returned_index = select_ends(a);
  a(xp::all) = T(5);
  CHECK(values(A(returned_mask)) == want({7, 8, 9}));
  CHECK(values(A(returned_index)) == want({0, 9}));

  // a selection copied into another variable, moved into another object, bound to a reference
  a = xp::arange<T, B>(10);
  auto first = a(a < T(3));
  auto second = first;
  auto held = std::optional(a(ints({2, 3})));
  const auto& bound = a(ints({9}));
  a(xp::all) = T(1);
  CHECK(values(A(first)) == want({0, 1, 2}));
  CHECK(values(A(second)) == want({0, 1, 2}));
  CHECK(values(A(*held)) == want({2, 3}));
  CHECK(values(A(bound)) == want({9}));
  // the copy is its own array: writing into a converted copy leaves a alone
  A first_values = first;
  first_values(0) = T(42);
  CHECK(values(a) == want({1, 1, 1, 1, 1, 1, 1, 1, 1, 1}));

  // an expression indexed by a mask or an index array (the expression is evaluated first)
  a = xp::arange<T, B>(10);
  auto doubled = (a * T(2))(a > T(6));
  auto doubled_ends = (a * T(2))(ints({0, -1}));
  a(xp::all) = T(0);
  CHECK(values(A(doubled)) == want({14, 16, 18}));
  CHECK(values(A(doubled_ends)) == want({0, 18}));

  // a selection that holds its copy is that array: assigning to it writes the copy, not a
  a = xp::arange<T, B>(10);
  auto middle = a(ints({4, 5}));
  std::move(middle) = T(0);
  CHECK(values(A(middle)) == want({0, 0}));
  CHECK(values(a) == want({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));

  // assignment through a selection writes a in place (a[mask] = v, a[mask] = 0, a[idx] = v)
  a = xp::arange<T, B>(10);
  a(a > T(5)) = array_of({60, 70, 80, 90});
  CHECK(values(a) == want({0, 1, 2, 3, 4, 5, 60, 70, 80, 90}));
  a(xp::ndarray<bool, B>(a > T(50))) = 0.0;
  CHECK(values(a) == want({0, 1, 2, 3, 4, 5, 0, 0, 0, 0}));
  a(ints({1, -1})) = array_of({-5, -9});
  CHECK(values(a) == want({0, -5, 2, 3, 4, 5, 0, 0, 0, -9}));
  a2 = xp::arange<T, B>(12).reshape({3, 4});
  a2(ints({2}), xp::all) = T(7);
  CHECK(values(a2) == want({0, 1, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7}));

  // an index out of range is an error of the statement that writes the selection
  CHECK_THROWS_WITH_AS(
      [&] {
        auto r = a(ints({10}));
        (void)r;
      }(),
      doctest::Contains("index 10 is out of bounds for axis 0 with size 10"), xp::index_error);
}

TEST_CASE_TEMPLATE("indexing: square brackets mean what the parentheses mean", T, double, std::int32_t) {
  using A = xp::ndarray<T, B>;
  const auto a = xp::arange<T, B>(12).reshape({3, 4});
  // basic indices: views, as a(...)
  static_assert(std::is_same_v<decltype(a[1]), A> && std::is_same_v<decltype(a[xp::range(0, 2)]), A>);
  CHECK(values(A(a[1])) == values(A(a(1))));
  CHECK(a[xp::range(1, 3)].shape() == xp::shape_type{2, 4});
  CHECK(a[xp::newaxis].shape() == xp::shape_type{1, 3, 4});
  CHECK(values(A(a[xp::all])) == values(a));
  CHECK(a[-1][2].item() == a(-1, 2).item());
  A view = a[2];
  view[0] = T(-3);  // a view writes through, as NumPy's a[2][0] = -3
  CHECK(a(2, 0).item() == T(-3));
  // masks (arrays and expressions) and index arrays: the same selections as a(mask), a(idx)
  const auto b = xp::arange<T, B>(12).reshape({3, 4});
  CHECK(values(A(b[b > T(5)])) == values(A(b(b > T(5)))));
  CHECK(values(A(b[xp::ndarray<bool, B>(b > T(5))])) == values(A(b(b > T(5)))));
  CHECK(values(A(b[ints({2, 0, 2})])) == values(A(b(ints({2, 0, 2})))));
  CHECK(A(b[ints({2, 0, 2})]).shape() == xp::shape_type{3, 4});
  CHECK(values(A(b[xp::arange<std::int32_t, B>(2)])) == values(A(b(xp::range(0, 2)))));
  // errors of the statement that writes the brackets
  CHECK_THROWS_WITH_AS(
      [&] {
        auto r = b[ints({3})];
        (void)r;
      }(),
      doctest::Contains("index 3 is out of bounds for axis 0 with size 3"), xp::index_error);
  const auto wrong_mask = xp::ndarray<bool, B>(xp::zeros<bool, B>({4, 3}));
  CHECK_THROWS_AS(
      [&] {
        auto r = b[wrong_mask];
        (void)r;
      }(),
      xp::shape_error);
  CHECK_THROWS_AS((void)A(b[5]), xp::index_error);
  CHECK_THROWS_AS(b[ints({-4})] = T(1), xp::index_error);
  CHECK(values(b) == values(xp::arange<T, B>(12)));  // nothing written before the error
#if defined(__cpp_multidimensional_subscript) && __cpp_multidimensional_subscript >= 202110L
  CHECK(a[1, 2].item() == a(1, 2).item());
  CHECK(a[xp::all, 1].shape() == xp::shape_type{3});
#endif
}

TEST_CASE_TEMPLATE("indexing: a selection reads as the array it denotes", T, double, float, std::int64_t) {
  using A = xp::ndarray<T, B>;
  auto x = xp::arange<T, B>(10);
  auto sel = x[x > T(6)];  // NumPy's sel = x[x > 6]: [7 8 9]
  CHECK(sel.shape() == xp::shape_type{3});
  CHECK(sel.ndim() == 1);
  CHECK(sel.size() == 3);
  CHECK(sel.dtype() == xp::dtype::of<T>());
  CHECK(sel.sum().item() == T(24));
  CHECK(xp::sum(sel).item() == T(24));
  CHECK(sel.max().item() == T(9));
  CHECK(sel[0].item() == T(7));
  CHECK(values(A(sel * 2 + 1)) == std::vector<T>{T(15), T(17), T(19)});
  CHECK(values(A(xp::sort(-sel))) == std::vector<T>{T(-9), T(-8), T(-7)});
  CHECK(values(A(xp::concat({A(sel), A(sel)}))).size() == 6);
  CHECK(values(sel.template astype<double>()) == std::vector<double>{7, 8, 9});
  std::ostringstream printed, printed_array;
  printed << sel;
  printed_array << A(sel);
  CHECK(printed.str() == printed_array.str());
  CHECK(x[x > T(6)].sum().item() == T(24));  // in the statement that writes it
  // a later write to x does not show (NumPy's copy)
  x[x > T(6)] = T(0);
  CHECK(sel.sum().item() == T(24));
  CHECK(x.sum().item() == T(21));
  // a selection as an index
  const auto idx = xp::arange<std::int64_t, B>(10);
  CHECK(values(A(x[idx[idx > 7]])) == std::vector<T>{T(0), T(0)});
}

TEST_CASE_TEMPLATE("indexing: compound assignment through masks and index arrays", T, double, std::int32_t) {
  using A = xp::ndarray<T, B>;
  const auto want = [](std::initializer_list<int> v) {
    std::vector<T> out;
    for (const int x : v) out.push_back(T(x));
    return out;
  };
  auto a = xp::arange<T, B>(8);
  a[a > T(4)] += T(10);  // NumPy: [0 1 2 3 4 15 16 17]
  CHECK(values(a) == want({0, 1, 2, 3, 4, 15, 16, 17}));
  a(a < T(2)) -= 1;
  CHECK(values(a) == want({-1, 0, 2, 3, 4, 15, 16, 17}));
  a[ints({2, 3})] *= T(3);
  CHECK(values(a) == want({-1, 0, 6, 9, 4, 15, 16, 17}));
  // a repeated index adds once, as NumPy's buffered a[[0, 0, 1]] += 1
  a[ints({0, 0, 1})] += T(1);
  CHECK(values(a) == want({0, 1, 6, 9, 4, 15, 16, 17}));
  // values broadcast to the selection; an expression on the right
  a[ints({4, 5})] += xp::arange<T, B>(2) * T(100);
  CHECK(values(a) == want({0, 1, 6, 9, 4, 115, 16, 17}));
  a(ints({6, 7}), xp::newaxis) -= T(16);
  CHECK(values(a) == want({0, 1, 6, 9, 4, 115, 0, 1}));
  // 2-D: rows by index, elements by mask
  auto m = xp::arange<T, B>(6).reshape({2, 3});
  m[ints({1})] += T(1);
  m[m > T(4)] *= T(2);
  CHECK(values(m) == want({0, 1, 2, 4, 10, 12}));
  // a selection kept in a variable holds its copy: compound assignment updates that copy
  auto kept = m[m > T(3)];
  kept += T(1);
  CHECK(values(A(kept)) == want({5, 11, 13}));
  CHECK(values(m) == want({0, 1, 2, 4, 10, 12}));
  // errors: out of range, mismatched values; nothing is written
  CHECK_THROWS_AS(m[ints({2})] += T(1), xp::index_error);
  const auto two = xp::arange<T, B>(2);
  CHECK_THROWS_AS(m[m > T(3)] += two, xp::shape_error);
  CHECK(values(m) == want({0, 1, 2, 4, 10, 12}));
}
