// xp/core/ndarray.hpp: attributes, handle semantics, copy/astype, item/at, layout functions.
#include "support.hpp"

using namespace xp_test;

TEST_CASE_TEMPLATE("ndarray: attributes of a fresh array", C, XP_COMMON_DTYPES) {
  using T = typename C::type;
  auto a = xp::zeros<T, B>({2, 3, 5});
  CHECK(a.ndim() == 3);
  CHECK(a.size() == 30);
  CHECK(a.nbytes() == 30 * sizeof(T));
  CHECK(a.shape() == xp::shape_type{2, 3, 5});
  CHECK(a.strides() == xp::shape_type{15, 5, 1});
  CHECK(a.is_contiguous());
  CHECK(a.shape(-1) == 5);
  CHECK_THROWS_AS(a.shape(3), xp::index_error);
  for (T v : values(a)) CHECK(v == T(0));
}

TEST_CASE_TEMPLATE("ndarray: 0-d and empty arrays", C, XP_COMMON_DTYPES) {
  using T = typename C::type;
  auto s = xp::full<T, B>({}, T(1));
  CHECK(s.ndim() == 0);
  CHECK(s.size() == 1);
  CHECK(s.item() == T(1));
  auto e = xp::zeros<T, B>({3, 0, 2});
  CHECK(e.size() == 0);
  CHECK(e.is_contiguous());
  CHECK(values(e.copy()).empty());
  CHECK_THROWS_AS(e.item(), xp::value_error);
  CHECK_THROWS_AS((xp::zeros<T, B>({2}).item()), xp::value_error);
  CHECK_THROWS_AS((xp::zeros<T, B>({2, -1})), xp::value_error);
}

TEST_CASE("ndarray: copies share the buffer, copy() does not") {
  auto a = xp::arange<float, B>(6);
  auto shared = a;
  auto deep = a.copy();
  CHECK(shared.data() == a.data());
  CHECK(deep.data() != a.data());
  a.fill(7.f);
  CHECK(values(shared) == std::vector<float>(6, 7.f));
  CHECK(values(deep) == std::vector<float>{0, 1, 2, 3, 4, 5});
  // a view keeps the buffer alive after the original handle is gone
  xp::ndarray<float, B> view;
  {
    auto tmp = xp::arange<float, B>(10);
    view = tmp(xp::range(2, 5));
  }
  CHECK(values(view) == std::vector<float>{2, 3, 4});
}

TEST_CASE("ndarray: assignment rebinds a handle, writes through a view") {
  auto a = xp::zeros<std::int32_t, B>({3, 4});
  auto b = xp::ones<std::int32_t, B>({3, 4});
  auto h = a;
  h = b;  // rebinds h; a untouched
  CHECK(values(a) == std::vector<std::int32_t>(12, 0));
  a(xp::all, 1) = xp::full<std::int32_t, B>({3}, 5);  // writes into a
  a(1, xp::all) = 9;
  a(xp::range(0, 1), xp::range(2, 4)) = xp::arange<std::int32_t, B>(2);  // (1,2) <- (2,)
  CHECK(values(a) == std::vector<std::int32_t>{0, 5, 0, 1, 9, 9, 9, 9, 0, 5, 0, 0});
  CHECK_THROWS_AS((a(xp::all, 1) = xp::ones<std::int32_t, B>({4})), xp::shape_error);
}

TEST_CASE("ndarray: overlapping write-through reads the source first (NumPy semantics)") {
  auto a = xp::arange<double, B>(8);
  a(xp::range(1, 8)) = a(xp::range(0, 7));
  CHECK(values(a) == std::vector<double>{0, 0, 1, 2, 3, 4, 5, 6});
  auto b = xp::arange<double, B>(5);
  b(xp::all) = b(xp::range(xp::none, xp::none, -1));
  CHECK(values(b) == std::vector<double>{4, 3, 2, 1, 0});
}

TEST_CASE("ndarray: astype against NumPy's conversions") {
  auto src = xp::load_npy<double, B>(golden("dtypes/astype_src"));
  check_same(src.template astype<std::int32_t>(), xp::load_npy<std::int32_t>(golden("dtypes/astype_i32")));
  check_same(src.template astype<bool>(), xp::load_npy<bool>(golden("dtypes/astype_bool")));
  check_same(src.template astype<float>(), xp::load_npy<float>(golden("dtypes/astype_f32")));
  // astype of a non-contiguous view gives a contiguous copy
  auto v = base()(xp::all, xp::all, xp::range(xp::none, xp::none, -2)).template astype<float>();
  CHECK(v.is_contiguous());
  CHECK(values(v)[0] == 3.f);
}

TEST_CASE("ndarray: at() is checked (host)") {
  auto a = xp::arange<std::int64_t>(24).reshape({2, 3, 4});
  CHECK(a.at(1, 2, 3) == 23);
  CHECK(a.at(-1, -1, -1) == 23);
  a.at(0, 0, 0) = 42;
  CHECK(a.at(0, 0, 0) == 42);
  CHECK_THROWS_AS(a.at(2, 0, 0), xp::index_error);
  CHECK_THROWS_AS(a.at(0, -4, 0), xp::index_error);
  CHECK_THROWS_AS(a.at(0, 0), xp::index_error);
  auto t = xp::transpose(a);
  CHECK(t.at(3, 2, 1) == 23);
}

TEST_CASE("layout: transpose, permute, reshape, ravel, squeeze, expand_dims vs NumPy") {
  auto b = base();
  check_same(xp::transpose(b), xp::load_npy<std::int64_t>(golden("manipulation/transpose_all")));
  check_same(xp::permute(b, {1, 0, 2}), xp::load_npy<std::int64_t>(golden("manipulation/transpose_102")));
  check_same(xp::transpose(b, {-2, 0, -1}), xp::load_npy<std::int64_t>(golden("manipulation/transpose_102")));
  auto r1 = xp::transpose(b).reshape({4, 6});
  check_same(r1, xp::load_npy<std::int64_t>(golden("manipulation/reshape_T_4x6")));
  CHECK(r1.data() != b.data());  // needed a copy
  auto r2 = b(xp::all, xp::all, xp::range(1, 3)).reshape({6, 2});
  check_same(r2, xp::load_npy<std::int64_t>(golden("manipulation/reshape_slice_6x2")));
  CHECK(r2.buffer() == b.buffer());  // stayed a view
  auto r3 = b.reshape({-1, 8});
  CHECK(r3.shape() == xp::shape_type{3, 8});
  CHECK(r3.data() == b.data());
  check_same(xp::ravel(b(xp::all, xp::range(xp::none, xp::none, -1), xp::all)),
             xp::load_npy<std::int64_t>(golden("manipulation/ravel_rev")));
  check_same(xp::squeeze(xp::expand_dims(b(xp::all, xp::range(1, 2), xp::all), 0)),
             xp::load_npy<std::int64_t>(golden("manipulation/squeeze_expand")));
  CHECK(xp::squeeze(xp::zeros<float, B>({1, 3, 1}), -1).shape() == xp::shape_type{1, 3});
  CHECK(xp::expand_dims(b, -1).shape() == xp::shape_type{2, 3, 4, 1});
}

TEST_CASE("layout: bad input throws") {
  auto b = base();
  CHECK_THROWS_AS(b.reshape({5, 5}), xp::shape_error);
  CHECK_THROWS_AS(b.reshape({-1, -1}), xp::value_error);
  CHECK_THROWS_AS(b.reshape({-1, 5}), xp::shape_error);
  CHECK_THROWS_AS(xp::transpose(b, {0, 1}), xp::value_error);
  CHECK_THROWS_AS(xp::transpose(b, {0, 0, 1}), xp::value_error);
  CHECK_THROWS_AS(xp::transpose(b, {0, 1, 3}), xp::index_error);
  CHECK_THROWS_AS(xp::squeeze(b, 0), xp::value_error);
  CHECK_THROWS_AS(xp::expand_dims(b, 4), xp::index_error);
  try {
    xp::broadcast_to(b, {3, 4});
    FAIL("broadcast_to did not throw");
  } catch (const xp::shape_error& e) {
    const std::string what = e.what();
    CHECK(what.find("(2, 3, 4)") != std::string::npos);
    CHECK(what.find("(3, 4)") != std::string::npos);
  }
}

TEST_CASE("layout: broadcast_to is a zero-stride view") {
  auto v = xp::broadcast_to(xp::arange<std::int64_t, B>(3), {2, 4, 3});
  CHECK(v.strides() == xp::shape_type{0, 0, 1});
  check_same(v, xp::load_npy<std::int64_t>(golden("manipulation/broadcast_to_243")));
  check_same(v.copy(), xp::load_npy<std::int64_t>(golden("manipulation/broadcast_to_243")));
}

TEST_CASE("ndarray: rank above the kernel limit works when mergeable, else throws clearly") {
  xp::shape_type tall(12, 1);
  tall[3] = 2;
  tall[7] = 3;
  auto a = xp::arange<float, B>(6).reshape(tall);
  CHECK(a.ndim() == 12);
  CHECK(values(a.copy()) == std::vector<float>{0, 1, 2, 3, 4, 5});
  xp::shape_type wide(10, 2);
  auto big = xp::arange<float, B>(1024).reshape(wide);
  auto every_other = big.reshape({1024})(xp::range(0, 1024, 1));
  CHECK(values(every_other).size() == 1024);
  // a 10-d view whose dimensions cannot merge
  auto strided = xp::transpose(big);
  CHECK_THROWS_AS(strided.copy(), xp::value_error);
}
