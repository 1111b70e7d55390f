// Manipulation and creation functions (xp/array/manipulation.hpp, xp/array/grids_and_matrices.hpp)
// against NumPy 2 (tests/golden/manipulation/manip_<tag>.npz and manip_common.npz, written by
// tests/golden/make_golden_manipulation.py): one dtype of each class (bool, int32, float32,
// complex64), contiguous inputs, transposed and step-sliced views, empty and 0-d arrays, negative
// axes, and every error. The calls below are the script's CASES, one for one.
#include <limits>

#include "dtype_support.hpp"

using namespace xp_test;
using xp::index_t;

namespace {

const auto every = xp::range(xp::none, xp::none, 1);
const auto reversed = xp::range(xp::none, xp::none, -1);
const auto step2 = xp::range(xp::none, xp::none, 2);

template <class T>
const xp::npz_file& manip_archive() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/manipulation/manip_" +
                                             std::string(xp::dtype::of<T>().npy_code()) + ".npz");
  return z;
}
const xp::npz_file& common_archive() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/manipulation/manip_common.npz");
  return z;
}
template <class T>
xp::ndarray<T, B> common_input(const std::string& name) {
  return xp::asarray<B>(common_archive().get<T>(name));
}

// Every part of a list result against members name_0, name_1, ... (and their count).
template <class T>
void check_parts(const xp::npz_file& z, const std::string& name, const std::vector<xp::ndarray<T, B>>& parts) {
  INFO(name);
  REQUIRE(static_cast<std::int64_t>(parts.size()) == z.get<std::int64_t>(name + "_count").item());
  for (std::size_t i = 0; i < parts.size(); ++i) check_member(z, name + "_" + std::to_string(i), parts[i], 0);
}

template <class T, class Bk>
bool shares_buffer(const xp::ndarray<T, Bk>& view, const xp::ndarray<T, Bk>& base) {
  return view.buffer() == base.buffer();
}

}  // namespace

TEST_CASE_TEMPLATE("manipulation: concat, stack, split, flip, roll, repeat, tile, diff, pad as NumPy 2", C, on<bool>,
                   on<std::int32_t>, on<float>, on<xp::complex64>) {
  using T = typename C::type;
  using A = xp::ndarray<T, B>;
  const auto& z = manip_archive<T>();
  const auto x = xp::asarray<B>(z.template get<T>("x")), y = xp::asarray<B>(z.template get<T>("y")),
             s = xp::asarray<B>(z.template get<T>("s"));
  const auto xt = xp::transpose(x, {2, 1, 0});
  REQUIRE(!xt.is_contiguous());
  auto want = [&](const std::string& name, const A& got) { check_member(z, name, got, 0); };

  SUBCASE("concat and concatenate") {
    want("concat_0", xp::concat({x, y}, 0));
    want("concat_m1", xp::concat({x, x(xp::all, xp::all, step2)}, -1));
    const A y_rows = xp::broadcast_to(y(xp::range(0, 1), reversed), {3, 4, 5});  // y[:1, ::-1][[0, 0, 0]]
    want("concat_1", xp::concatenate({x(xp::all, xp::range(0, 1)), x(reversed), y_rows}, 1));
    want("concat_none", xp::concat({x, y(xp::all, step2)}, std::nullopt));
    want("concat_t", xp::concat(std::vector<A>{xt, xt(xp::all, xp::all, step2)}, 2));
  }
  SUBCASE("stack, vstack, hstack") {
    want("stack_0", xp::stack({x, x(reversed)}, 0));
    want("stack_m1", xp::stack({x, x(reversed), x}, -1));
    want("stack_t", xp::stack({xt, xt}, 1));
    want("vstack_2d", xp::vstack({x(0), x(1, xp::all, reversed)}));
    want("vstack_1d", xp::vstack({x(0, 0), x(1, 1)}));
    want("hstack_2d", xp::hstack({x(0), x(1, xp::all, step2)}));
    want("hstack_1d", xp::hstack({x(0, 0), x(1, 1, step2)}));
  }
  SUBCASE("unstack, split and array_split return views") {
    const auto u = xp::unstack(x, 1);
    check_parts(z, "unstack_1", u);
    for (const auto& part : u) CHECK(shares_buffer(part, x));
    check_parts(z, "unstack_m1", xp::unstack(xt, -1));
    const auto parts = xp::split(x, 3, 0);
    check_parts(z, "split_sections", parts);
    for (const auto& part : parts) CHECK(shares_buffer(part, x));
    check_parts(z, "split_indices", xp::split(x, {1, 3}, 2));
    check_parts(z, "split_clamped", xp::split(x, {3, -4, 9}, -1));
    check_parts(z, "array_split", xp::array_split(x, 3, 2));
    check_parts(z, "array_split_t", xp::array_split(xt, 2, 0));
  }
  SUBCASE("flip is a view with negative strides") {
    const auto f = xp::flip(x);
    CHECK(shares_buffer(f, x));
    for (index_t st : f.strides()) CHECK(st < 0);
    want("flip_all", f);
    want("flip_0", xp::flip(x, 0));
    want("flip_1m1", xp::flip(x, {1, -1}));
    want("flip_t", xp::flip(xt, 0));
    want("flip_0", xp::flip(x, 0).copy());  // the view copies like any strided array
  }
  SUBCASE("roll") {
    want("roll_flat", xp::roll(x, 7));
    want("roll_2", xp::roll(x, -2, 2));
    want("roll_multi", xp::roll(x, {1, 2}, {0, -1}));
    want("roll_same", xp::roll(x, {1, 2}, {1, 1}));
    want("roll_t", xp::roll(xt, 13, 0));
  }
  SUBCASE("repeat and tile") {
    want("repeat_flat", xp::repeat(x, 2));
    want("repeat_1", xp::repeat(x, 3, 1));
    want("repeat_counts", xp::repeat(x, std::vector<index_t>{0, 2, 1}, 0));
    want("repeat_t", xp::repeat(xt, 2, -1));
    want("repeat_zero", xp::repeat(x, 0, 2));
    want("tile_2d", xp::tile(x(0), {2, 3}));
    want("tile_up", xp::tile(x(0, 0), {2, 1, 2}));
    want("tile_int", xp::tile(x, 2));
    want("tile_t", xp::tile(xp::transpose(x(0)), {1, 2}));
  }
  SUBCASE("moveaxis, permute_dims, matrix_transpose, swapaxes, broadcast_arrays: views") {
    const auto m = xp::moveaxis(x, 0, -1);
    CHECK(shares_buffer(m, x));
    want("moveaxis_1", m);
    want("moveaxis_2", xp::moveaxis(x, {0, 1}, {-1, -3}));
    want("permute_dims", xp::permute_dims(x, {2, 0, 1}));
    want("matrix_transpose", xp::matrix_transpose(x));
    want("matrix_transpose", x.mT());
    want("swapaxes", xp::swapaxes(x, 0, 2));
    const auto [b0, b1] = xp::broadcast_arrays(x(0, xp::all, xp::range(0, 1)), x(1, xp::range(0, 1), xp::all));
    want("broadcast_arrays_0", b0);
    want("broadcast_arrays_1", b1);
    CHECK(!b0.writeable());
    const auto same = xp::broadcast_arrays(std::vector<A>{x, x(0)});
    CHECK(same[0].data() == x.data());  // already of the common shape: returned as it is
    want("broadcast_arrays_0", std::get<0>(xp::broadcast_arrays(x(0, xp::all, xp::range(0, 1)), x(1))));
  }
  SUBCASE("diff") {
    want("diff_1", xp::diff(x));
    want("diff_2_0", xp::diff(x, 2, 0));
    want("diff_pre_app", xp::diff(x, 1, 1, x(xp::all, xp::range(0, 1)), x(xp::all, xp::range(-1, xp::none))));
    want("diff_scalar_pre", xp::diff(x, 1, 2, s));
    want("diff_t", xp::diff(xt, 3, 0));
    CHECK(xp::diff(x, 0).data() == x.data());  // n = 0: a itself
  }
  SUBCASE("pad constant and edge") {
    want("pad_1", xp::pad(x, 1));
    want("pad_widths", xp::pad(x, {{1, 0}, {0, 2}, {1, 1}}, "constant", s.item()));
    want("pad_edge", xp::pad(x, {{1, 2}}, "edge"));
    want("pad_edge_t", xp::pad(xt, 2, "edge"));
  }
  SUBCASE("tril, triu, diag, meshgrid") {
    want("tril_0", xp::tril(x));
    want("tril_m1", xp::tril(x, -1));
    want("triu_1", xp::triu(x, 1));
    want("triu_t", xp::triu(xt, -2));
    want("tril_1d", xp::tril(x(0, 0), 1));
    want("diag_2d", xp::diag(x(0)));
    want("diag_2d_k2", xp::diag(x(0), 2));
    want("diag_2d_km3", xp::diag(x(0), -3));
    want("diag_2d_t", xp::diag(xp::transpose(x(0)), 1));
    want("diag_1d", xp::diag(x(0, 0)));
    want("diag_1d_km2", xp::diag(x(0, 0, step2), -2));
    const A m0 = x(0, 0), m1 = x(1, xp::all, 0), m2 = x(2, 0, xp::range(0, 2));
    check_parts(z, "meshgrid_xy", xp::meshgrid({m0, m1, m2}));
    check_parts(z, "meshgrid_ij", xp::meshgrid({m0, m1, m2}, "ij"));
    check_parts(z, "meshgrid_one", xp::meshgrid({x(0, 0, reversed)}));
    CHECK(xp::meshgrid(std::vector<A>{}).empty());
    // the variadic form: a tuple, each input's own dtype kept
    const auto [g0, g1, g2] = xp::meshgrid(m0, m1, m2, "ij");
    want("meshgrid_ij_0", g0);
    want("meshgrid_ij_1", g1);
    want("meshgrid_ij_2", g2);
    using U = std::conditional_t<xp::detail::is_complex_v<T>, xp::complex128, double>;  // holds T exactly
    const auto [h0, h1, h2] = xp::meshgrid(m0, m1.template astype<U>(), m2);
    want("meshgrid_xy_0", h0);
    want("meshgrid_xy_2", h2);
    CHECK(h1.dtype() == xp::dtype::of<U>());
    check_same(h1, xp::asarray<B>(z.template get<T>("meshgrid_xy_1")).template astype<U>());
  }
}

TEST_CASE("manipulation: geomspace, logspace, identity as NumPy 2") {
  const auto& z = common_archive();
  // pow and log10 may differ from NumPy's libm by an ulp on the device
  const double tol = std::is_same_v<B, xp::host> ? 2 : 4;
  check_member(z, "geom_1", xp::geomspace<double, B>(1, 1000, 4), tol);
  check_member(z, "geom_neg", xp::geomspace<double, B>(-1, -1000, 5, false), tol);
  check_member(z, "geom_f4", xp::geomspace<float, B>(2, 3e5, 7), tol);
  // NumPy's float64 values 7.99999... truncate to 7: only the host's libm pow reproduces them exactly
  if constexpr (std::is_same_v<B, xp::host>) check_member(z, "geom_i4", xp::geomspace<std::int32_t, B>(1, 256, 9), 0);
  check_member(z, "geom_mixed", xp::geomspace<double, B>(-2, 8, 5), tol);  // NaN inside, as NumPy
  check_member(z, "geom_one", xp::geomspace<double, B>(3, 9, 1), 0);
  check_member(z, "log_1", xp::logspace<double, B>(0, 3, 4), tol);
  check_member(z, "log_base2", xp::logspace<double, B>(1, 2, 5, false, 2), tol);
  check_member(z, "log_f4", xp::logspace<float, B>(-1.5, 2.25, 6), tol);
  check_member(z, "log_neg_base", xp::logspace<double, B>(0, 3, 4, true, -2.0), tol);
  check_member(z, "identity_f8", xp::identity_matrix<double, B>(3), 0);
  check_member(z, "identity_i4", xp::identity_matrix<std::int32_t, B>(4), 0);
  CHECK(xp::identity_matrix(2).dtype() == "float64");
  CHECK(xp::geomspace<double, B>(1, 10, 0).shape() == xp::shape_type{0});
}

TEST_CASE("manipulation: mixed dtypes promote, empty and 0-d inputs follow NumPy 2") {
  const auto& z = common_archive();
  const auto x8 = common_input<std::int8_t>("x8");
  const auto f4 = common_input<float>("f4");
  const auto u8 = common_input<std::uint8_t>("u8");
  check_member(z, "concat_mixed", xp::concat(std::tuple{x8, f4}, 0), 0);
  check_member(z, "concat_mixed_u8_i8", xp::concatenate(std::tuple{u8, x8}), 0);
  check_member(z, "stack_mixed", xp::stack(std::tuple{x8(xp::range(0, 2)), f4}, 1), 0);
  {  // vstack and hstack of float32 and float64 promote as concat does (np.vstack([f4, f8]) is float64)
    const auto s4 = xp::array<float, B>({1.5f, 2.25f});
    const auto s8 = xp::array<double, B>({3.0, 4.5});
    const auto v = xp::vstack(std::tuple{s4, s8});
    static_assert(std::is_same_v<decltype(v), const xp::ndarray<double, B>>);
    CHECK(v.shape() == xp::shape_type{2, 2});
    CHECK(values(v) == std::vector<double>{1.5, 2.25, 3.0, 4.5});
    const auto h = xp::hstack(std::tuple{s4, s8, xp::array<std::int8_t, B>({-3})});
    static_assert(std::is_same_v<decltype(h), const xp::ndarray<double, B>>);
    CHECK(values(h) == std::vector<double>{1.5, 2.25, 3.0, 4.5, -3.0});
    const auto h2 = xp::hstack(std::tuple{s4.reshape({2, 1}), xp::array<std::uint8_t, B>({7, 8}).reshape({2, 1})});
    static_assert(std::is_same_v<decltype(h2), const xp::ndarray<float, B>>);  // np.hstack of f4 and u1: float32
    CHECK(h2.shape() == xp::shape_type{2, 2});
    CHECK(values(h2) == std::vector<float>{1.5f, 7, 2.25f, 8});
    // NumPy's category rule over all inputs: int8, uint8, float16 give float16 (not float32)
    static_assert(std::is_same_v<decltype(xp::vstack(std::tuple{x8, u8, xp::zeros<xp::float16, B>({1, 4})})),
                                 xp::ndarray<xp::float16, B>>);
  }

  using D = xp::ndarray<double, B>;
  const D e03 = xp::zeros<double, B>({0, 3}), e20 = xp::zeros<double, B>({2, 0});
  check_member(z, "concat_empty_0", xp::concat({e03, e03}), 0);
  check_member(z, "concat_empty_1", xp::concat({e20, xp::arange<double, B>(6).reshape({2, 3})}, 1), 0);
  check_member(z, "stack_empty", xp::stack({xp::zeros<double, B>({0, 2}), xp::zeros<double, B>({0, 2})}, 1), 0);
  check_member(z, "flip_empty", xp::flip(e03), 0);
  check_member(z, "roll_empty", xp::roll(e20, 3, 1), 0);
  check_member(z, "repeat_empty", xp::repeat(e03, 2, 1), 0);
  check_member(z, "tile_empty", xp::tile(xp::arange<double, B>(3), {0, 2}), 0);
  check_member(z, "pad_empty", xp::pad(e03(xp::all, xp::range(0, 2)), 1, "constant", 5.0), 0);
  check_member(z, "diff_short", xp::diff(xp::arange<double, B>(3).reshape({3, 1}), 1, 1), 0);
  check_member(z, "tril_empty", xp::tril(xp::zeros<double, B>({0, 0})), 0);
  check_member(z, "diag_empty", xp::diag(xp::zeros<double, B>({0})), 0);
  check_parts(z, "split_empty", xp::split(e03, 3, 1));

  const D a = xp::full<double, B>({}, 1.5), b = xp::full<double, B>({}, 2.5);
  check_member(z, "stack_0d", xp::stack({a, b}), 0);
  check_member(z, "hstack_0d", xp::hstack({a, b}), 0);
  check_member(z, "hstack_0d", xp::concat({a, b}, std::nullopt), 0);  // axis=None takes 0-d inputs
  check_member(z, "vstack_0d", xp::vstack({a, b}), 0);
  check_member(z, "repeat_0d", xp::repeat(a, 3), 0);
  check_member(z, "tile_0d", xp::tile(a, {2, 2}), 0);
  check_member(z, "pad_0d", xp::pad(a, 1), 0);
  check_member(z, "flip_0d", xp::flip(a), 0);
  check_member(z, "roll_0d", xp::roll(a, 1), 0);
}

TEST_CASE(
    "manipulation: concat and stack join narrow rows in one pass and copy wide ones input by input; repeat and tile "
    "are one copy; views copy nothing") {
  const auto a = xp::arange<float, B>(4096).reshape({64, 64}), b = xp::arange<float, B>(64 * 32).reshape({64, 32});
  const auto wide = xp::zeros<float, B>({8, 512});  // 2 KiB rows
  auto passes = [](auto f) {
    const auto before = xp::debug::launch_count();
    f();
    return xp::debug::launch_count() - before;
  };
  CHECK(passes([&] { xp::concat({a, b}, 1); }) == 1);
  // the host joins wide rows in one pass as well (join_wide_rows)
  CHECK(passes([&] { xp::concat({wide, wide}, 1); }) == (xp::detail::join_wide_rows<B> ? 1 : 2));
  CHECK(passes([&] { xp::concat({a, xp::transpose(a)}, 1); }) == 2);                // a strided input: one copy each
  CHECK(passes([&] { xp::concat({a, xp::transpose(a), b}, std::nullopt); }) == 3);  // no ravel copies
  CHECK(passes([&] { xp::stack({a, a, a}, -1); }) == 1);
  CHECK(passes([&] { xp::stack({a, a, a, a, a, a, a, a, a}, -1); }) == 9);  // past max_join_sources
  CHECK(passes([&] { xp::repeat(a, 3, 1); }) == 1);
  CHECK(passes([&] { xp::tile(a, {2, 1, 3}); }) == 1);
  CHECK(passes([&] { xp::roll(a, {1, 2}, {0, 1}); }) == 4);
  CHECK(passes([&] {
          xp::flip(a);
          xp::split(a, 4, 1);
          xp::unstack(a);
          xp::moveaxis(a, 0, 1);
          xp::broadcast_arrays(a, b(xp::all, xp::range(0, 1)));
        }) == 0);
  CHECK(xp::concat({a, b}, 1).is_contiguous());
}

// Slices along the last axis are copied row by row (on the device with 16-byte vectors where the
// rows allow it, element by element where they do not): every element against a host loop, for
// row lengths that are and are not a multiple of the vector, a source with its own row pitch (a
// column slice), and 1-, 4- and 16-byte dtypes.
TEST_CASE_TEMPLATE("manipulation: concat along the last axis, rows of any length and pitch", T, bool, float,
                   xp::complex128) {
  for (const index_t width : {1, 3, 16, 36}) {
    INFO("width " << width);
    const index_t rows = 37;
    const auto a = (xp::arange<std::int64_t, B>(rows * width).reshape({rows, width}) % 7).astype<T>();
    const auto wide = (xp::arange<std::int64_t, B>(rows * 2 * width).reshape({rows, 2 * width}) % 5).astype<T>();
    const auto b = wide(xp::all, xp::range(width, 2 * width));  // row pitch 2 * width
    const auto got = xp::to_host(xp::concat({a, b, a}, 1));
    const auto ha = xp::to_host(a), hb = xp::to_host(b);
    REQUIRE(got.shape() == xp::shape_type{rows, 3 * width});
    bool same = true;
    for (index_t r = 0; r < rows; ++r)
      for (index_t c = 0; c < 3 * width; ++c) {
        const T want = c < width ? ha.at(r, c) : c < 2 * width ? hb.at(r, c - width) : ha.at(r, c - 2 * width);
        same = same && got.at(r, c) == want;
      }
    CHECK(same);
  }
}

// Narrow rows are joined in one pass (primitive::join): every element against a host loop for
// 1-, 2-, 4-, 8- and 16-byte dtypes, 1 to 9 sources (9 is past the one-pass limit), rows whose
// length is and is not a multiple of the 16-byte vector, a new last axis, a new middle axis of a
// 3-D stack, and concat of sources of different widths, one of them empty.
TEST_CASE_TEMPLATE("manipulation: stack and concat of narrow rows, element by element", T, bool, std::int16_t, float,
                   double, xp::complex128) {
  const auto source = [](index_t i, index_t rows, index_t width) {
    return ((xp::arange<std::int64_t, B>(rows * width).reshape({rows, width}) * (i + 3) + i) % 11).astype<T>();
  };
  for (const int k : {1, 2, 3, 8, 9})
    for (const index_t width : {1, 3, 5, 16}) {
      INFO("sources " << k << ", width " << width);
      const index_t rows = 37;
      std::vector<xp::ndarray<T, B>> parts;
      std::vector<xp::ndarray<T, xp::host>> host_parts;
      for (int i = 0; i < k; ++i) {
        parts.push_back(source(i, rows, width));
        host_parts.push_back(xp::to_host(parts.back()));
      }
      const auto last = xp::to_host(xp::stack(parts, -1));    // (rows, width, k)
      const auto middle = xp::to_host(xp::stack(parts, 1));   // (rows, k, width)
      const auto joined = xp::to_host(xp::concat(parts, 1));  // (rows, k * width)
      REQUIRE(last.shape() == xp::shape_type{rows, width, k});
      REQUIRE(middle.shape() == xp::shape_type{rows, k, width});
      REQUIRE(joined.shape() == xp::shape_type{rows, k * width});
      bool same = true;
      for (index_t r = 0; r < rows; ++r)
        for (index_t c = 0; c < width; ++c)
          for (int i = 0; i < k; ++i) {
            const T want = host_parts[static_cast<std::size_t>(i)].at(r, c);
            same =
                same && last.at(r, c, i) == want && middle.at(r, i, c) == want && joined.at(r, i * width + c) == want;
          }
      CHECK(same);
    }
  // a 3-D stack along its middle axis: rows of 7 x 3 elements from each source
  const auto p = source(0, 5, 21).reshape({5, 7, 3}), q = source(1, 5, 21).reshape({5, 7, 3});
  const auto got = xp::to_host(xp::stack({p, q}, 1));
  const auto hp = xp::to_host(p), hq = xp::to_host(q);
  REQUIRE(got.shape() == xp::shape_type{5, 2, 7, 3});
  bool same = true;
  for (index_t i = 0; i < 5; ++i)
    for (index_t j = 0; j < 7; ++j)
      for (index_t l = 0; l < 3; ++l)
        same = same && got.at(i, 0, j, l) == hp.at(i, j, l) && got.at(i, 1, j, l) == hq.at(i, j, l);
  CHECK(same);
  // sources of widths 1, 0, 6 and 2 along axis 1
  const std::vector<index_t> widths{1, 0, 6, 2};
  std::vector<xp::ndarray<T, B>> uneven;
  for (std::size_t i = 0; i < widths.size(); ++i) uneven.push_back(source(static_cast<index_t>(i), 19, widths[i]));
  const auto cat = xp::to_host(xp::concat(uneven, 1));
  REQUIRE(cat.shape() == xp::shape_type{19, 9});
  same = true;
  for (index_t r = 0; r < 19; ++r) {
    index_t c = 0;
    for (std::size_t i = 0; i < widths.size(); ++i) {
      const auto h = xp::to_host(uneven[i]);
      for (index_t w = 0; w < widths[i]; ++w, ++c) same = same && cat.at(r, c) == h.at(r, w);
    }
  }
  CHECK(same);
}

namespace {
// The call throws E and its message contains every one of `parts`.
template <class E, class F>
void check_throws(F f, std::initializer_list<const char*> parts, const char* call) {
  INFO(std::string(call));
  try {
    f();
    FAIL_CHECK("no exception");
  } catch (const E& e) {
    const std::string what = e.what();
    for (const char* p : parts) {
      INFO(what);
      CHECK(what.find(p) != std::string::npos);
    }
  }
}
}  // namespace
#define XP_CHECK_THROWS(E, call, ...) check_throws<E>([&] { call; }, {__VA_ARGS__}, #call)

TEST_CASE("manipulation: bad input throws the typed errors naming the shapes, axis or value") {
  using A = xp::ndarray<float, B>;
  const A a = xp::zeros<float, B>({2, 3}), b = xp::zeros<float, B>({2, 4}), v = xp::zeros<float, B>({3});
  const A s = xp::zeros<float, B>({});
  XP_CHECK_THROWS(xp::value_error, xp::concat(std::vector<A>{}), "need at least one array");
  XP_CHECK_THROWS(xp::value_error, xp::concat({s, s}), "zero-dimensional");
  XP_CHECK_THROWS(xp::shape_error, xp::concat({a, v}), "(2, 3)", "(3,)");
  XP_CHECK_THROWS(xp::shape_error, xp::concat({a, b}, 0), "(2, 3)", "(2, 4)", "axis 0");
  CHECK(xp::concat({a, b}, -1).shape() == xp::shape_type{2, 7});
  XP_CHECK_THROWS(xp::index_error, xp::concat({a, b}, 2), "2");
  XP_CHECK_THROWS(xp::shape_error, xp::stack({a, b}), "(2, 3)", "(2, 4)");
  XP_CHECK_THROWS(xp::index_error, xp::stack({a, a}, 3), "3");
  XP_CHECK_THROWS(xp::value_error, xp::stack(std::vector<A>{}), "need at least one array");
  XP_CHECK_THROWS(xp::value_error, xp::split(a, 2, 1), "axis 1 of length 3 into 2 sections");
  XP_CHECK_THROWS(xp::value_error, xp::split(a, 0, 1), "0");
  XP_CHECK_THROWS(xp::value_error, xp::array_split(a, -1, 1), "-1");
  XP_CHECK_THROWS(xp::index_error, xp::split(a, 1, 2), "2");
  XP_CHECK_THROWS(xp::value_error, xp::unstack(s), "0-d");
  XP_CHECK_THROWS(xp::value_error, xp::flip(a, {0, -2}), "repeated axis");
  XP_CHECK_THROWS(xp::index_error, xp::flip(a, 2), "2");
  XP_CHECK_THROWS(xp::value_error, xp::roll(a, {1, 2, 3}, {0, 1}), "3", "2");
  XP_CHECK_THROWS(xp::value_error, xp::repeat(a, -2, 0), "-2");
  XP_CHECK_THROWS(xp::value_error, xp::repeat(a, std::vector<index_t>{1, -3, 1}, 1), "-3");
  XP_CHECK_THROWS(xp::shape_error, xp::repeat(a, std::vector<index_t>{1, 2}, 1), "2 counts", "length 3");
  XP_CHECK_THROWS(xp::index_error, xp::repeat(s, 2, 0), "0");
  XP_CHECK_THROWS(xp::value_error, xp::tile(a, {2, -1}), "-1");
  XP_CHECK_THROWS(xp::value_error, xp::moveaxis(a, {0}, {1, 0}), "1 and 2");
  XP_CHECK_THROWS(xp::value_error, xp::moveaxis(a, {0, 0}, {0, 1}), "repeated axis");
  XP_CHECK_THROWS(xp::value_error, xp::matrix_transpose(v), "(3,)");
  XP_CHECK_THROWS(xp::value_error, (void)v.mT(), "(3,)");
  XP_CHECK_THROWS(xp::shape_error, xp::broadcast_arrays(a, b), "(2, 3)", "(2, 4)");
  XP_CHECK_THROWS(xp::value_error, xp::diff(a, -1), "-1");
  XP_CHECK_THROWS(xp::value_error, xp::diff(s), "at least one dimensional");
  XP_CHECK_THROWS(xp::shape_error, (xp::diff(a, 1, 1, xp::zeros<float, B>({3, 1}))), "(3, 1)", "(2, 3)");
  XP_CHECK_THROWS(xp::value_error, xp::pad(a, {{1, -2}}), "-2");
  XP_CHECK_THROWS(xp::value_error, xp::pad(a, -1), "-1");
  XP_CHECK_THROWS(xp::value_error, xp::pad(a, 1, "reflect"), "reflect");
  XP_CHECK_THROWS(xp::value_error, xp::pad(a, {{1, 1}, {1, 1}, {1, 1}}), "3", "(2, 3)");
  XP_CHECK_THROWS(xp::value_error, xp::pad(xp::zeros<float, B>({0, 2}), 1, "edge"), "empty axis 0");
  // a padded extent past int64 is NumPy's "array is too big", found without a signed overflow
  const index_t half_of_int64 = index_t{1} << 62;
  XP_CHECK_THROWS(xp::value_error, xp::pad(xp::arange<float, B>(3), {{half_of_int64, half_of_int64}}),
                  "array is too big");
  XP_CHECK_THROWS(xp::value_error, xp::pad(a, {{0, 0}, {std::numeric_limits<index_t>::max(), 0}}), "array is too big");
  XP_CHECK_THROWS(xp::value_error, xp::pad(a, std::numeric_limits<index_t>::max(), "edge"), "array is too big");
  XP_CHECK_THROWS(xp::value_error, xp::tril(s), "0-d");
  XP_CHECK_THROWS(xp::value_error, xp::diag(xp::zeros<float, B>({2, 2, 2})), "(2, 2, 2)");
  XP_CHECK_THROWS(xp::value_error, xp::meshgrid({v, v}, "xx"), "xx");
  XP_CHECK_THROWS(xp::value_error, xp::meshgrid(v, a, "xx"), "xx");
  XP_CHECK_THROWS(xp::value_error, (xp::geomspace<double, B>(0, 10)), "zero");
  XP_CHECK_THROWS(xp::value_error, (xp::logspace<double, B>(0, 1, -3)), "-3");
  XP_CHECK_THROWS(xp::value_error, (xp::identity_matrix<double, B>(-1)), "-1");
}
