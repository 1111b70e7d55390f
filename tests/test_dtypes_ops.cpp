// Every elementwise op on every dtype against NumPy 2 (tests/golden/dtypes/dtypes_<tag>.npz, written by
// tests/golden/make_golden_dtypes.py): the result dtype (NumPy's promotion) and the values, on
// contiguous arrays, transposed views and 0-d elements. An op NumPy refuses for a dtype is absent
// from the archive; xp refuses it at compile time (tests/compile_fail/), so it is not called.
#include "dtype_support.hpp"

using namespace xp_test;
using xp::index_t;

TEST_CASE_TEMPLATE("dtypes: arithmetic and comparisons of every dtype give NumPy 2's dtypes and values", C,
                   XP_EVERY_DTYPE) {
  using T = typename C::type;
  using namespace xp::detail;
  const auto a = dtype_input<T>("a"), b = dtype_input<T>("b"), p = dtype_input<T>("p"), e = dtype_input<T>("e");
  // IEEE + - * / are correctly rounded on both backends; complex * and / are formulas (the
  // device contracts them into FMAs)
  const double cx = is_complex_v<T> ? 4 : 0;
  check_op<T>(
      "add", 0, [](const auto& x, const auto& y) { return x + y; }, a, b);
  if constexpr (!std::is_same_v<T, bool>) {
    if constexpr (full_matrix) {
      check_op<T>(
          "subtract", 0, [](const auto& x, const auto& y) { return x - y; }, a, b);
    }
    if constexpr (full_matrix) {
      check_op<T>(
          "negative", 0, [](const auto& x) { return -x; }, a);
    }
    if constexpr (full_matrix) {
      check_op<T>(
          "sign", cx, [](const auto& x) { return xp::sign(x); }, a);
    }
  }
  check_op<T>(
      "multiply", cx, [](const auto& x, const auto& y) { return x * y; }, a, b);
  check_op<T>(
      "true_divide", cx, [](const auto& x, const auto& y) { return x / y; }, a, b);
  if constexpr (full_matrix) {
    check_op<T>(
        "square", cx, [](const auto& x) { return xp::square(x); }, a);
  }
  check_op<T>(
      "absolute", is_complex_v<T> ? 2 : 0, [](const auto& x) { return xp::abs(x); }, a);
  if constexpr (!is_complex_v<T>) {
    check_op<T>(
        "floor_divide", 0, [](const auto& x, const auto& y) { return xp::floor_divide(x, y); }, a, b);
    if constexpr (full_matrix) {
      check_op<T>(
          "remainder", 0, [](const auto& x, const auto& y) { return x % y; }, a, b);
    }
    if constexpr (full_matrix) {
      check_op<T>(
          "maximum", 0, [](const auto& x, const auto& y) { return xp::maximum(x, y); }, a, b);
    }
    if constexpr (full_matrix) {
      check_op<T>(
          "minimum", 0, [](const auto& x, const auto& y) { return xp::minimum(x, y); }, a, b);
    }
    check_op<T>(
        "less", 0, [](const auto& x, const auto& y) { return x < y; }, a, b);
    if constexpr (full_matrix) {
      check_op<T>(
          "less_equal", 0, [](const auto& x, const auto& y) { return x <= y; }, a, b);
    }
    if constexpr (full_matrix) {
      check_op<T>(
          "greater", 0, [](const auto& x, const auto& y) { return x > y; }, a, b);
    }
    if constexpr (full_matrix) {
      check_op<T>(
          "greater_equal", 0, [](const auto& x, const auto& y) { return x >= y; }, a, b);
    }
  }
  check_op<T>(
      "equal", 0, [](const auto& x, const auto& y) { return x == y; }, a, b);
  if constexpr (full_matrix) {
    check_op<T>(
        "not_equal", 0, [](const auto& x, const auto& y) { return x != y; }, a, b);
  }
  check_op<T>(
      "logical_and", 0, [](const auto& x, const auto& y) { return x && y; }, a, b);
  if constexpr (full_matrix) {
    check_op<T>(
        "logical_or", 0, [](const auto& x, const auto& y) { return x || y; }, a, b);
  }
  if constexpr (full_matrix) {
    check_op<T>(
        "logical_not", 0, [](const auto& x) { return !x; }, a);
  }
  if constexpr (std::is_integral_v<T>) {
    check_op<T>(
        "bitwise_and", 0, [](const auto& x, const auto& y) { return x & y; }, a, b);
    if constexpr (full_matrix) {
      check_op<T>(
          "bitwise_or", 0, [](const auto& x, const auto& y) { return x | y; }, a, b);
    }
    if constexpr (full_matrix) {
      check_op<T>(
          "bitwise_xor", 0, [](const auto& x, const auto& y) { return x ^ y; }, a, b);
    }
    if constexpr (full_matrix) {
      check_op<T>(
          "invert", 0, [](const auto& x) { return ~x; }, a);
    }
    check_op<T>(
        "power", 0, [](const auto& x, const auto& y) { return xp::power(x, y); }, a, e);
  } else {
    check_op<T>(
        "power", is_complex_v<T> ? 64 : 4, [](const auto& x, const auto& y) { return xp::power(x, y); }, p, e);
  }
  if constexpr (is_integer_v<T>) {
    const auto s = dtype_input<T>("s");  // counts past the width and negative ones: NumPy's defined results
    check_op<T>(
        "left_shift", 0, [](const auto& x, const auto& y) { return x << y; }, a, s);
    if constexpr (full_matrix) {
      check_op<T>(
          "right_shift", 0, [](const auto& x, const auto& y) { return x >> y; }, a, s);
    }
  }
}
