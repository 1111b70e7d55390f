// Float functions, rounding, complex parts and classification of every dtype against NumPy 2
// (tests/golden/dtypes/dtypes_<tag>.npz, written by tests/golden/make_golden_dtypes.py): the result
// dtype and the values, on contiguous arrays, transposed views and 0-d elements.
#include "dtype_support.hpp"

using namespace xp_test;
using xp::index_t;

TEST_CASE_TEMPLATE("dtypes: float functions, rounding, complex parts and classification of every dtype", C,
                   XP_EVERY_DTYPE) {
  using T = typename C::type;
  using namespace xp::detail;
  const auto a = dtype_input<T>("a"), p = dtype_input<T>("p");
  // bool and integers compute in NumPy's float (float16 for 8 bits, float32 for 16, float64
  // beyond); the libm of each side may differ in the last bits: a few ulps (complex: formulas
  // of several such calls)
  const double u = is_complex_v<T> ? 16 : 4;
  const auto x = is_inexact_v<T> ? a : p;  // NumPy's script: a for floats and complex, p otherwise
  check_op<T>(
      "sqrt", u, [](const auto& v) { return xp::sqrt(v); }, p);
  if constexpr (full_matrix) {
    check_op<T>(
        "log", u, [](const auto& v) { return xp::log(v); }, p);
  }
  if constexpr (full_matrix) {
    check_op<T>(
        "log1p", u, [](const auto& v) { return xp::log1p(v); }, p);
  }
  if constexpr (is_inexact_v<T>) {
    // exp of (0.01 p) in T, as the script computes it
    const auto small = xp::eval(xp::astype<T>(p * xp::detail::convert<T>(0.01)));
    check_member(dtype_archive<T>(), "exp", xp::eval(xp::exp(small)), u);
  } else {
    check_op<T>(
        "exp", u, [](const auto& v) { return xp::exp(v); }, p);
  }
  check_op<T>(
      "sin", u, [](const auto& v) { return xp::sin(v); }, x);
  if constexpr (full_matrix) {
    check_op<T>(
        "cos", u, [](const auto& v) { return xp::cos(v); }, x);
  }
  if constexpr (full_matrix) {
    check_op<T>(
        "tanh", u, [](const auto& v) { return xp::tanh(v); }, x);
  }
  if constexpr (full_matrix) {
    check_op<T>(
        "arctan", u, [](const auto& v) { return xp::arctan(v); }, x);
  }
  if constexpr (full_matrix) {
    check_op<T>(
        "expm1", u, [](const auto& v) { return xp::expm1(v); }, x);
  }
  if constexpr (!is_complex_v<T>) {
    check_op<T>(
        "floor", 0, [](const auto& v) { return xp::floor(v); }, a);
    if constexpr (full_matrix) {
      check_op<T>(
          "ceil", 0, [](const auto& v) { return xp::ceil(v); }, a);
    }
    if constexpr (full_matrix) {
      check_op<T>(
          "trunc", 0, [](const auto& v) { return xp::trunc(v); }, a);
    }
  }
  check_op<T>(
      "isnan", 0, [](const auto& v) { return xp::isnan(v); }, a);
  if constexpr (full_matrix) {
    check_op<T>(
        "isinf", 0, [](const auto& v) { return xp::isinf(v); }, a);
  }
  if constexpr (full_matrix) {
    check_op<T>(
        "isfinite", 0, [](const auto& v) { return xp::isfinite(v); }, a);
  }
  check_op<T>(
      "real", 0, [](const auto& v) { return xp::real(v); }, a);
  if constexpr (full_matrix) {
    check_op<T>(
        "imag", 0, [](const auto& v) { return xp::imag(v); }, a);
  }
  check_op<T>(
      "conj", 0, [](const auto& v) { return xp::conj(v); }, a);
  check_op<T>(
      "angle", 2, [](const auto& v) { return xp::angle(v); }, a);
}
