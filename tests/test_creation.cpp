// xp/core/creation.hpp: empty/zeros/ones/full, arange, linspace, eye, *_like, array().
#include "support.hpp"

using namespace xp_test;

TEST_CASE_TEMPLATE("creation: zeros, ones, full and the _like forms", C, XP_COMMON_DTYPES) {
  using T = typename C::type;
  CHECK(values(xp::zeros<T, B>({4, 3})) == std::vector<T>(12, T(0)));
  CHECK(values(xp::ones<T, B>({5})) == std::vector<T>(5, T(1)));
  CHECK(values(xp::full<T, B>({2, 2}, T(3))) == std::vector<T>(4, T(3)));
  auto e = xp::empty<T, B>({7, 0});
  CHECK(e.shape() == xp::shape_type{7, 0});
  auto like = xp::full_like(xp::empty<T, B>({2, 3}), T(1));
  CHECK(like.shape() == xp::shape_type{2, 3});
  CHECK(values(like) == std::vector<T>(6, T(1)));
  CHECK(values(xp::zeros_like(like)) == std::vector<T>(6, T(0)));
  CHECK(values(xp::ones_like(like)) == std::vector<T>(6, T(1)));
  CHECK(xp::empty_like(like).shape() == like.shape());
}

TEST_CASE("creation: arange matches NumPy bit for bit") {
  check_same(xp::arange<float, B>(0, 1, 0.1), xp::load_npy<float>(golden("creation/arange_f32")));
  check_same(xp::arange<double, B>(0, 1, 0.1), xp::load_npy<double>(golden("creation/arange_f64")));
  check_same(xp::arange<float, B>(-3.5, 9.25, 0.75), xp::load_npy<float>(golden("creation/arange_f32_neg")));
  check_same(xp::arange<std::int32_t, B>(10), xp::load_npy<std::int32_t>(golden("creation/arange_i32")));
  check_same(xp::arange<std::int64_t, B>(5, -7, -3), xp::load_npy<std::int64_t>(golden("creation/arange_i64_step")));
  check_same(xp::arange<std::uint8_t, B>(250, 256), xp::load_npy<std::uint8_t>(golden("creation/arange_u8")));
  check_same(xp::arange<double, B>(-1e3, 1e3, 0.37), xp::load_npy<double>(golden("creation/arange_f64_long")));
  CHECK(xp::arange<float, B>(3, 1).size() == 0);
  CHECK_THROWS_AS((xp::arange<float, B>(0, 1, 0)), xp::value_error);
  CHECK_THROWS_AS((xp::arange<float, B>(0, INFINITY, 1)), xp::value_error);
  // a count past int64 is named readably, not as a 301-digit number
  CHECK_THROWS_WITH_AS((xp::arange<double, B>(0, 1, 1e-300)),
                       doctest::Contains("Maximum allowed size exceeded (about 1e+300 elements)"), xp::value_error);
  CHECK_THROWS_WITH_AS((xp::arange<double, B>(0, 1e19, 1)), doctest::Contains("about 1e+19 elements"), xp::value_error);
}

TEST_CASE("creation: linspace matches NumPy") {
  check_same(xp::linspace<float, B>(-1, 3, 17), xp::load_npy<float>(golden("creation/linspace_f32")));
  check_same(xp::linspace<double, B>(-1, 3, 17), xp::load_npy<double>(golden("creation/linspace_f64")));
  check_same(xp::linspace<double, B>(2, 3, 5, false), xp::load_npy<double>(golden("creation/linspace_f64_noend")));
  check_same(xp::linspace<std::int32_t, B>(0, 10, 7), xp::load_npy<std::int32_t>(golden("creation/linspace_i32")));
  check_same(xp::linspace<std::int64_t, B>(-7, 4, 9), xp::load_npy<std::int64_t>(golden("creation/linspace_i64_neg")));
  check_same(xp::linspace<double, B>(5, 9, 1), xp::load_npy<double>(golden("creation/linspace_one")));
  CHECK(xp::linspace<double, B>(0, 1, 0).size() == 0);
  CHECK_THROWS_AS((xp::linspace<double, B>(0, 1, -1)), xp::value_error);
}

TEST_CASE("creation: eye matches NumPy") {
  check_same(xp::eye<double, B>(4, 5, 1), xp::load_npy<double>(golden("creation/eye_4x5_k1")));
  check_same(xp::eye<std::int32_t, B>(3, std::nullopt, -1), xp::load_npy<std::int32_t>(golden("creation/eye_3_km1")));
  CHECK(values(xp::eye<bool, B>(2)) == std::vector<bool>{true, false, false, true});
  CHECK(xp::eye<float, B>(0).size() == 0);
}

TEST_CASE_TEMPLATE("creation: array() from initializer lists and vectors", C, XP_COMMON_DTYPES) {
  using T = typename C::type;
  auto a = xp::array<T, B>({T(1), T(0), T(1), T(1), T(0), T(1)}, {2, 3});
  CHECK(a.shape() == xp::shape_type{2, 3});
  CHECK(values(a) == std::vector<T>{T(1), T(0), T(1), T(1), T(0), T(1)});
  std::vector<T> v{T(0), T(1)};
  CHECK(values(xp::array<T, B>(v)) == v);
  CHECK(xp::array<T, B>(v, {2, 1}).shape() == xp::shape_type{2, 1});
  CHECK_THROWS_AS((xp::array<T, B>(v, {3})), xp::shape_error);
  CHECK(xp::scalar<T, B>(T(1)).item() == T(1));
}

TEST_CASE("creation: array() of a list that mixes C++ types takes NumPy's dtype (np.array([1, 2.5]) is float64)") {
  // NumPy 2: np.array([1, 2.5]) float64; np.array([True, 2]) int64; np.array([[1, 2], [3.5, 4]]) float64
  const auto a = xp::array({1, 2.5});
  static_assert(std::is_same_v<decltype(a), const xp::ndarray<double, xp::host>>);
  CHECK(values(a) == std::vector<double>{1.0, 2.5});
  const auto b = xp::array({true, 2});
  static_assert(std::is_same_v<decltype(b), const xp::ndarray<std::int64_t, xp::host>>);
  CHECK(values(b) == std::vector<std::int64_t>{1, 2});
  const long n = 7;
  const auto c = xp::array({0, n});  // int and long: int64
  static_assert(std::is_same_v<decltype(c), const xp::ndarray<std::int64_t, xp::host>>);
  CHECK(values(c) == std::vector<std::int64_t>{0, 7});
  const auto d = xp::array({{1, 2}, {3.5, 4}});
  static_assert(std::is_same_v<decltype(d), const xp::ndarray<double, xp::host>>);
  CHECK(d.shape() == xp::shape_type{2, 2});
  CHECK(values(d) == std::vector<double>{1, 2, 3.5, 4});
  const auto e = xp::array({{{1, 2.5}}, {{true, 4}}});
  CHECK(e.shape() == xp::shape_type{2, 1, 2});
  CHECK(values(e) == std::vector<double>{1, 2.5, 1, 4});
  // the dtype given: any scalars convert to it, on either backend, also from variables
  const int i = 3;
  const auto f = xp::array<float, B>({{i, 2.5}, {1, 2.25f}});
  static_assert(std::is_same_v<decltype(f), const xp::ndarray<float, B>>);
  CHECK(values(f) == std::vector<float>{3, 2.5f, 1, 2.25f});
  CHECK(values(xp::array<std::int16_t, B>({1, 2.75, true})) == std::vector<std::int16_t>{1, 2, 1});
  CHECK(values(xp::array<xp::complex128, B>({1, std::complex<double>(0, 2)})) ==
        std::vector<xp::complex128>{xp::complex128(1, 0), xp::complex128(0, 2)});
  // a list of one C++ type keeps the existing rule (int64 for int, float32 for float)
  static_assert(std::is_same_v<decltype(xp::array({1, 2})), xp::ndarray<std::int64_t, xp::host>>);
  static_assert(std::is_same_v<decltype(xp::array({1.f, 2.f})), xp::ndarray<float, xp::host>>);
  // any depth, one value per inner list too (np.array([[1], [2.5]]) is float64 (2, 1))
  const auto column = xp::array({{1}, {2.5}});
  static_assert(std::is_same_v<decltype(column), const xp::ndarray<double, xp::host>>);
  CHECK(column.shape() == xp::shape_type{2, 1});
  CHECK(values(column) == std::vector<double>{1, 2.5});
  const auto deep = xp::array<float, B>({{{{{1}}}}, {{{{2.5}}}}});
  CHECK(deep.shape() == xp::shape_type{2, 1, 1, 1, 1});
  CHECK(values(deep) == std::vector<float>{1, 2.5f});
  // ragged lists: NumPy's ValueError, word for word
  CHECK_THROWS_WITH_AS(xp::array({{1, 2.5}, {3}}),
                       "xp::array: setting an array element with a sequence. The requested array has an inhomogeneous "
                       "shape after 1 dimensions. The detected shape was (2,) + inhomogeneous part.",
                       xp::value_error);
  CHECK_THROWS_WITH_AS(xp::array({{1, 2.5}, 3}), doctest::Contains("inhomogeneous shape after 1 dimensions"),
                       xp::value_error);
  CHECK_THROWS_WITH_AS(xp::array({{1, 2.5}, {3, {4}}}),
                       doctest::Contains("inhomogeneous shape after 2 dimensions. The detected shape was (2, 2)"),
                       xp::value_error);
  // empty braces have no type to give NumPy's float64: the dtype is asked for, or given
  CHECK_THROWS_WITH_AS(xp::array({{}, {}}), doctest::Contains("xp::array<double>"), xp::value_error);
  // (with the dtype given, `{{}, {}}` is also two value-initialised doubles: g++ reads it as nested
  // lists, shape (2, 0), nvcc's front end as shape (2,); neither reading is asserted)
}
