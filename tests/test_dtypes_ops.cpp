// Every elementwise op on every dtype against NumPy 2 (tests/golden/dtypes_<tag>.npz, written by
// tests/golden/make_golden_dtypes.py): the result dtype (NumPy's promotion) and the values, on
// contiguous arrays, transposed views and 0-d elements. An op NumPy refuses for a dtype is absent
// from the archive; xp refuses it at compile time (tests/compile_fail/), so it is not called.
#include "dtype_support.hpp"

using namespace xt_test;
using xp::index_t;

namespace {

// The inputs three ways: as stored, transposed (strided views) and one element (0-d); the
// golden is viewed the same way.
template <class F, class... X>
void each_layout(F check, const X&... inputs) {
  check([](const auto& w) { return w; }, inputs...);
  check([](const auto& w) { return xp::transpose(w); }, xp::transpose(inputs)...);
  check([](const auto& w) { return w(3, 4); }, inputs(3, 4)...);
}

template <class T, class F, class... X>
void check_op(const std::string& name, double ulps, F op, const X&... inputs) {
  const auto& z = dtype_archive<T>();
  each_layout(
      [&](auto golden_view, const auto&... in) { check_member(z, name, xp::eval(op(in...)), ulps, golden_view); },
      inputs...);
}

template <class T>
xp::ndarray<T, B> input(const std::string& name) {
  return xp::asarray<B>(dtype_archive<T>().template get<T>(name));
}

}  // namespace

TEST_CASE_TEMPLATE("dtypes: arithmetic and comparisons of every dtype give NumPy 2's dtypes and values", C,
                   XP_EVERY_DTYPE) {
  using T = typename C::type;
  using namespace xp::detail;
  const auto a = input<T>("a"), b = input<T>("b"), p = input<T>("p"), e = input<T>("e");
  // IEEE + - * / are correctly rounded on both backends; complex * and / are formulas (the
  // device contracts them into FMAs)
  const double cx = is_complex_v<T> ? 4 : 0;
  check_op<T>(
      "add", 0, [](const auto& x, const auto& y) { return x + y; }, a, b);
  if constexpr (!std::is_same_v<T, bool>) {
    check_op<T>(
        "subtract", 0, [](const auto& x, const auto& y) { return x - y; }, a, b);
    check_op<T>(
        "negative", 0, [](const auto& x) { return -x; }, a);
    check_op<T>(
        "sign", cx, [](const auto& x) { return xp::sign(x); }, a);
  }
  check_op<T>(
      "multiply", cx, [](const auto& x, const auto& y) { return x * y; }, a, b);
  check_op<T>(
      "true_divide", cx, [](const auto& x, const auto& y) { return x / y; }, a, b);
  check_op<T>(
      "square", cx, [](const auto& x) { return xp::square(x); }, a);
  check_op<T>(
      "absolute", is_complex_v<T> ? 2 : 0, [](const auto& x) { return xp::abs(x); }, a);
  if constexpr (!is_complex_v<T>) {
    check_op<T>(
        "floor_divide", 0, [](const auto& x, const auto& y) { return xp::floor_divide(x, y); }, a, b);
    check_op<T>(
        "remainder", 0, [](const auto& x, const auto& y) { return x % y; }, a, b);
    check_op<T>(
        "maximum", 0, [](const auto& x, const auto& y) { return xp::maximum(x, y); }, a, b);
    check_op<T>(
        "minimum", 0, [](const auto& x, const auto& y) { return xp::minimum(x, y); }, a, b);
    check_op<T>(
        "less", 0, [](const auto& x, const auto& y) { return x < y; }, a, b);
    check_op<T>(
        "less_equal", 0, [](const auto& x, const auto& y) { return x <= y; }, a, b);
    check_op<T>(
        "greater", 0, [](const auto& x, const auto& y) { return x > y; }, a, b);
    check_op<T>(
        "greater_equal", 0, [](const auto& x, const auto& y) { return x >= y; }, a, b);
  }
  check_op<T>(
      "equal", 0, [](const auto& x, const auto& y) { return x == y; }, a, b);
  check_op<T>(
      "not_equal", 0, [](const auto& x, const auto& y) { return x != y; }, a, b);
  check_op<T>(
      "logical_and", 0, [](const auto& x, const auto& y) { return x && y; }, a, b);
  check_op<T>(
      "logical_or", 0, [](const auto& x, const auto& y) { return x || y; }, a, b);
  check_op<T>(
      "logical_not", 0, [](const auto& x) { return !x; }, a);
  if constexpr (std::is_integral_v<T>) {
    check_op<T>(
        "bitwise_and", 0, [](const auto& x, const auto& y) { return x & y; }, a, b);
    check_op<T>(
        "bitwise_or", 0, [](const auto& x, const auto& y) { return x | y; }, a, b);
    check_op<T>(
        "bitwise_xor", 0, [](const auto& x, const auto& y) { return x ^ y; }, a, b);
    check_op<T>(
        "invert", 0, [](const auto& x) { return ~x; }, a);
    check_op<T>(
        "power", 0, [](const auto& x, const auto& y) { return xp::power(x, y); }, a, e);
  } else {
    check_op<T>(
        "power", is_complex_v<T> ? 64 : 4, [](const auto& x, const auto& y) { return xp::power(x, y); }, p, e);
  }
  if constexpr (is_integer_v<T>) {
    const auto s = input<T>("s");  // counts past the width and negative ones: NumPy's defined results
    check_op<T>(
        "left_shift", 0, [](const auto& x, const auto& y) { return x << y; }, a, s);
    check_op<T>(
        "right_shift", 0, [](const auto& x, const auto& y) { return x >> y; }, a, s);
  }
}

TEST_CASE_TEMPLATE("dtypes: float functions, rounding, complex parts and classification of every dtype", C,
                   XP_EVERY_DTYPE) {
  using T = typename C::type;
  using namespace xp::detail;
  const auto a = input<T>("a"), p = input<T>("p");
  // bool and integers compute in NumPy's float (float16 for 8 bits, float32 for 16, float64
  // beyond); the libm of each side may differ in the last bits: a few ulps (complex: formulas
  // of several such calls)
  const double u = is_complex_v<T> ? 16 : 4;
  const auto x = is_inexact_v<T> ? a : p;  // NumPy's script: a for floats and complex, p otherwise
  check_op<T>(
      "sqrt", u, [](const auto& v) { return xp::sqrt(v); }, p);
  check_op<T>(
      "log", u, [](const auto& v) { return xp::log(v); }, p);
  check_op<T>(
      "log1p", u, [](const auto& v) { return xp::log1p(v); }, p);
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
  check_op<T>(
      "cos", u, [](const auto& v) { return xp::cos(v); }, x);
  check_op<T>(
      "tanh", u, [](const auto& v) { return xp::tanh(v); }, x);
  check_op<T>(
      "arctan", u, [](const auto& v) { return xp::arctan(v); }, x);
  check_op<T>(
      "expm1", u, [](const auto& v) { return xp::expm1(v); }, x);
  if constexpr (!is_complex_v<T>) {
    check_op<T>(
        "floor", 0, [](const auto& v) { return xp::floor(v); }, a);
    check_op<T>(
        "ceil", 0, [](const auto& v) { return xp::ceil(v); }, a);
    check_op<T>(
        "trunc", 0, [](const auto& v) { return xp::trunc(v); }, a);
  }
  check_op<T>(
      "isnan", 0, [](const auto& v) { return xp::isnan(v); }, a);
  check_op<T>(
      "isinf", 0, [](const auto& v) { return xp::isinf(v); }, a);
  check_op<T>(
      "isfinite", 0, [](const auto& v) { return xp::isfinite(v); }, a);
  check_op<T>(
      "real", 0, [](const auto& v) { return xp::real(v); }, a);
  check_op<T>(
      "imag", 0, [](const auto& v) { return xp::imag(v); }, a);
  check_op<T>(
      "conj", 0, [](const auto& v) { return xp::conj(v); }, a);
  check_op<T>(
      "angle", 2, [](const auto& v) { return xp::angle(v); }, a);
}

TEST_CASE_TEMPLATE("dtypes: mixed-dtype arithmetic and weak scalars follow NumPy 2's promotion", C, XP_EVERY_DTYPE) {
  using T = typename C::type;
  const auto& z = dtype_archive<T>();
  const auto a = input<T>("a");
  // every other dtype's `a` (as stored in its own archive): the values of the promoted sums
  // and products (int64 + uint64 is float64, float16 + int16 float32, ...)
  auto with = [&](auto tag) {
    using U = typename decltype(tag)::type;
    const auto other = xp::asarray<B>(dtype_archive<U>().template get<U>("a"));
    const std::string code(xp::dtype::of<U>().npy_code());
    constexpr bool cx = xp::detail::is_complex_v<xp::promote_t<T, U>>;
    check_member(z, "mix_add_" + code, xp::eval(a + other), 0);
    check_member(z, "mix_mul_" + code, xp::eval(a * other), cx ? 4 : 0);
  };
  with(on<bool>{}), with(on<std::int8_t>{}), with(on<std::uint8_t>{}), with(on<std::int16_t>{});
  with(on<std::uint16_t>{}), with(on<std::int32_t>{}), with(on<std::uint32_t>{}), with(on<std::int64_t>{});
  with(on<std::uint64_t>{}), with(on<xp::float16>{}), with(on<float>{}), with(on<double>{});
  with(on<xp::complex64>{}), with(on<xp::complex128>{});
  // C++ scalars are NumPy's weak Python scalars: `a + 3` keeps int8, `a * 2.5` is float64 for
  // integers and keeps float16, `a + (1+2j)` is complex64 for float32
  check_member(z, "scalar_int", xp::eval(a + 3), 0);
  check_member(z, "scalar_float", xp::eval(a * 2.5), 0);
  check_member(z, "scalar_complex", xp::eval(a + std::complex<double>(1, 2)), 0);
}
