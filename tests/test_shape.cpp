// xp/core/shape.hpp and dtype.hpp: broadcasting rules, shapes in messages, promotion.
#include "support.hpp"

using namespace xp_test;

TEST_CASE("shape: broadcast_shapes follows NumPy") {
  CHECK(xp::broadcast_shapes({3, 1}, {4}) == xp::shape_type{3, 4});
  CHECK(xp::broadcast_shapes({}, {2, 3}) == xp::shape_type{2, 3});
  CHECK(xp::broadcast_shapes({5, 1, 4}, {3, 1}) == xp::shape_type{5, 3, 4});
  CHECK(xp::broadcast_shapes({0, 1}, {1, 7}) == xp::shape_type{0, 7});
  CHECK_THROWS_WITH_AS(xp::broadcast_shapes({2, 3}, {4}),
                       "xp: operands could not be broadcast together with shapes (2, 3) (4,)", xp::shape_error);
  CHECK(xp::to_string({}) == "()");
  CHECK(xp::normalize_axis(-1, 3) == 2);
  CHECK_THROWS_AS(xp::normalize_axis(3, 3), xp::index_error);
}

TEST_CASE("dtype: NumPy 2 promotion") {
  static_assert(std::is_same_v<xp::promote_t<float, std::int32_t>, double>);
  static_assert(std::is_same_v<xp::promote_t<float, std::uint8_t>, float>);
  static_assert(std::is_same_v<xp::promote_t<std::int32_t, std::int64_t>, std::int64_t>);
  static_assert(std::is_same_v<xp::promote_t<bool, std::uint8_t>, std::uint8_t>);
  static_assert(std::is_same_v<xp::promote_t<float, double>, double>);
  static_assert(std::is_same_v<xp::promote_scalar_t<float, double>, float>);          // float32 * 2.0
  static_assert(std::is_same_v<xp::promote_scalar_t<std::int32_t, double>, double>);  // int * 2.0
  static_assert(std::is_same_v<xp::promote_scalar_t<std::uint8_t, int>, std::uint8_t>);
  CHECK(xp::dtype_name<std::uint8_t>() == "uint8");
}
