// xp/core/slicing.hpp: a(...) with integers, ranges (negative steps), all, newaxis, ellipsis.
#include "support.hpp"

using namespace xp_test;

TEST_CASE("slicing: views match NumPy's") {
  auto b = base();
  check_same(b(xp::range(1, xp::none), xp::range(xp::none, xp::none, -1), xp::range(1, 4, 2)),
             xp::load_npy<std::int64_t>(golden("indexing/slice_a")));
  check_same(b(xp::all, 1, xp::range(xp::none, xp::none, -2)), xp::load_npy<std::int64_t>(golden("indexing/slice_b")));
  check_same(b(xp::ellipsis, xp::newaxis, 0), xp::load_npy<std::int64_t>(golden("indexing/slice_c")));
  check_same(b(-1, xp::range(-2, xp::none)), xp::load_npy<std::int64_t>(golden("indexing/slice_d")));
  check_same(b(xp::range(xp::none, xp::none, -1), xp::range(5, -7, -1), xp::newaxis, xp::range(3, 0, -2)),
             xp::load_npy<std::int64_t>(golden("indexing/slice_e")));
  check_same(b(xp::all, xp::range(10, 20), xp::all), xp::load_npy<std::int64_t>(golden("indexing/slice_f")));
  auto g = b(1, 2, 3);
  CHECK(g.ndim() == 0);
  check_same(g, xp::load_npy<std::int64_t>(golden("indexing/slice_g")));
}

TEST_CASE("slicing: views share memory and write through") {
  auto b = base();
  auto v = b(xp::range(xp::none, xp::none, -1), 0);
  CHECK(v.buffer() == b.buffer());
  CHECK(v.strides() == xp::shape_type{-12, 1});
  v = std::int64_t{-1};  // fill through a named view
  auto h = b.copy_to_host();
  CHECK(h.at(0, 0, 0) == -1);
  CHECK(h.at(1, 0, 3) == -1);
  CHECK(h.at(1, 1, 0) == 16);
}

TEST_CASE("slicing: bad indices throw") {
  auto b = base();
  CHECK_THROWS_AS(b(2), xp::index_error);
  CHECK_THROWS_AS(b(0, -4), xp::index_error);
  CHECK_THROWS_AS(b(0, 0, 0, 0), xp::index_error);
  CHECK_THROWS_AS(b(xp::range(0, 2, 0)), xp::value_error);
  CHECK_THROWS_WITH_AS(b(0, 3), "xp: index 3 is out of bounds for axis 1 with size 3", xp::index_error);
}

TEST_CASE_TEMPLATE("slicing: strided copies of every dtype", C, XP_COMMON_DTYPES) {
  using T = typename C::type;
  auto a = xp::arange<std::int32_t, B>(60).reshape({3, 4, 5}).template astype<T>();
  auto v = a(xp::range(xp::none, xp::none, -2), xp::range(1, 4), xp::range(4, xp::none, -3));
  auto want = xp::arange<std::int32_t>(60)
                  .reshape({3, 4, 5})(xp::range(xp::none, xp::none, -2), xp::range(1, 4), xp::range(4, xp::none, -3))
                  .template astype<T>();
  check_same(v.copy(), want);
}
