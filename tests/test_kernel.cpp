// xp/expr/kernel.hpp: elementwise_kernel from one functor on both backends, broadcasting,
// scalars, several outputs, out=.
#include "support.hpp"

using namespace xp_test;

namespace {
struct sincos_fn {  // a functor struct, two outputs
  template <class T>
  XP_HD std::tuple<T, T> operator()(T x) const {
    return {xp::math::sin(x), xp::math::cos(x)};
  }
};
}  // namespace

TEST_CASE("elementwise_kernel: the seeds' saxpy_trig, from a lambda") {
  auto saxpy_trig = xp::elementwise_kernel(
      [] XP_HD(float x, float y, float a) { return xp::math::exp(a * xp::math::sin(x) + xp::math::cos(y)); });
  auto x = xp::random::uniform<float, B>({300, 7}, -3.f, 3.f, 1);
  auto y = xp::random::uniform<float, B>({7}, -3.f, 3.f, 2);  // broadcasts along rows
  const auto before = xp::debug::launch_count();
  auto out = saxpy_trig(x, y, 0.5f);
  CHECK(xp::debug::launch_count() - before == 1);
  CHECK(out.shape() == xp::shape_type{300, 7});
  check_close(out, xp::eval(xp::exp(0.5f * xp::sin(x) + xp::cos(y))), 4e-7);
  auto dst = xp::zeros<float, B>({300, 7});
  auto same = saxpy_trig(x, y, 0.5f, xp::out(dst));
  CHECK(same.data() == dst.data());
  check_close(dst, out, 0);
  CHECK_THROWS_AS(saxpy_trig(x, xp::zeros<float, B>({5}), 0.5f), xp::shape_error);
}

TEST_CASE("elementwise_kernel: several outputs from a functor struct") {
  auto k = xp::elementwise_kernel(sincos_fn{});
  auto x = xp::linspace<double, B>(-4, 4, 1001);
  auto [s, c] = k(x);
  // the expression may take the host's SIMD math (xsimd) where the functor calls libm: an ulp apart
  check_close(s, xp::eval(xp::sin(x)), ulps<double>(2));
  check_close(c, xp::eval(xp::cos(x)), ulps<double>(2));
  auto s2 = xp::empty<double, B>({1001}), c2 = xp::empty<double, B>({1001});
  k(x, xp::out(s2, c2));
  check_close(s2, s, 0);
  check_close(c2, c, 0);
  CHECK_THROWS_AS(k(x, xp::out(s2, xp::empty<double, B>({3}))), xp::shape_error);
  // a strided input
  auto [sr, cr] = k(x(xp::range(xp::none, xp::none, -5)));
  CHECK(sr.size() == 201);
  CHECK(values(sr)[0] == doctest::Approx(std::sin(4.0)));
}

// ---- the host's vector form of a user functor -------------------------------------------------
// A generic functor is called on the host with xsimd batches (a register at a time), a typed one
// an element at a time; both must give the fused expression's values and a float64 reference's,
// on every layout the evaluator sees (contiguous, strided, broadcast, scalar operands).
namespace {
struct saxpy_trig_generic {  // generic and marked: the host calls it on batches
  static constexpr bool vectorize = true;
  template <class T>
  XP_HD T operator()(T x, T y, T a) const {
    return xp::math::exp(a * xp::math::sin(x) + xp::math::cos(y));
  }
};
template <class R>
struct saxpy_trig_typed {  // typed parameters: element by element
  XP_HD R operator()(R x, R y, R a) const { return xp::math::exp(a * xp::math::sin(x) + xp::math::cos(y)); }
};
struct scaled_hypot {  // captured state, read on every call of the vector form
  static constexpr bool vectorize = true;
  double scale, offset;
  template <class T>
  XP_HD T operator()(T x, T y) const {
    return T(scale) * xp::math::hypot(x, y) + T(offset) * xp::math::fabs(xp::math::floor(x));
  }
};
struct larger_or_second {  // generic, but its branch holds for scalars only (no vector form)
  template <class X, class Y>
  XP_HD auto operator()(X x, Y y) const {
    return x > y ? x : y;
  }
};
struct relu_unmarked {  // a template body with a branch on a value: not marked, so never on batches
  template <class U>
  XP_HD U operator()(U x) const {
    if (x > U(0)) return x;
    return U(0);
  }
};
struct int_affine {  // an integer functor: generic, but integers take the scalar path
  static constexpr bool vectorize = true;
  template <class T>
  XP_HD T operator()(T a, T b) const {
    return a * T(3) - b;
  }
};

// the float64 reference of exp(a sin(x) + cos(y)) over broadcast operands, on the host
template <class T, class BX, class BY>
xp::ndarray<double> saxpy_trig_reference(const xp::ndarray<T, BX>& x, const xp::ndarray<T, BY>& y, double a) {
  const auto hx = xp::astype<double>(x.copy_to_host()), hy = xp::astype<double>(y.copy_to_host());
  return xp::eval(xp::exp(a * xp::sin(hx) + xp::cos(hy)));
}
template <class T>
void check_against_reference(const xp::ndarray<T, B>& got, const xp::ndarray<double>& want) {
  const double tol = std::is_same_v<T, float> ? 2e-6 : 1e-14;  // a few ulps of exp's result (<= e^2.5)
  check_close(xp::ndarray<double>(xp::astype<double>(got.copy_to_host())), want, tol);
}
}  // namespace

TEST_CASE_TEMPLATE("elementwise_kernel: generic and typed functors give the fused result on every layout", T, float,
                   double) {
  const auto generic = xp::elementwise_kernel(saxpy_trig_generic{});
  const auto typed = xp::elementwise_kernel(saxpy_trig_typed<T>{});
  const T a = T(0.75);
  // 1001 x 13 elements: not a multiple of any register width, so the scalar tail runs too
  const auto x = xp::random::uniform<T, B>({1001, 13}, T(-3), T(3), 11);
  const auto y = xp::random::uniform<T, B>({1001, 13}, T(-3), T(3), 12);
  const auto row = xp::random::uniform<T, B>({13}, T(-3), T(3), 13);
  const auto col = xp::random::uniform<T, B>({1001, 1}, T(-3), T(3), 14);
  const auto xs = x(xp::range(xp::none, xp::none, -2), xp::range(1, xp::none, 3));  // strided, reversed
  const auto ys = y(xp::range(0, 501), xp::range(2, 6));                            // rows of a wider array
  const auto fused_tol = ulps<T>(4);
  auto check_layout = [&](const auto& px, const auto& py, const char* layout) {
    INFO(layout);
    const xp::ndarray<T, B> want = xp::eval(xp::exp(a * xp::sin(px) + xp::cos(py)));
    const xp::ndarray<T, B> g = generic(px, py, a), t = typed(px, py, a);
    check_close(g, want, fused_tol);
    check_close(t, want, fused_tol);
    check_against_reference(g, saxpy_trig_reference(xp::ndarray<T, B>(px), xp::ndarray<T, B>(py), double(a)));
    check_against_reference(t, saxpy_trig_reference(xp::ndarray<T, B>(px), xp::ndarray<T, B>(py), double(a)));
  };
  check_layout(x, y, "contiguous");
  check_layout(xs, ys, "strided views");
  check_layout(x, row, "a row broadcast along axis 0");
  check_layout(col, y, "a column broadcast along axis 1");
  check_layout(x, xp::full<T, B>({1001, 13}, T(0.25)), "an array of one value");
  // a scalar operand in every position, out= into an existing array
  auto dst = xp::zeros<T, B>({1001, 13});
  generic(x, y, a, xp::out(dst));
  check_against_reference(dst, saxpy_trig_reference(x, y, double(a)));
  const xp::ndarray<T, B> scalar_x = generic(T(1.5), y, a);
  check_against_reference(scalar_x, saxpy_trig_reference(xp::full<T, B>({1001, 13}, T(1.5)), y, double(a)));
  // a 0-d result and an empty one
  const xp::ndarray<T, B> zero_d =
      generic(xp::full<T, B>(xp::shape_type{}, T(0.5)), xp::full<T, B>(xp::shape_type{}, T(-1)), a);
  CHECK(zero_d.ndim() == 0);
  CHECK(double(values(zero_d)[0]) == doctest::Approx(std::exp(0.75 * std::sin(0.5) + std::cos(-1.0))).epsilon(1e-6));
  CHECK(xp::ndarray<T, B>(generic(xp::empty<T, B>({0, 13}), row, a)).size() == 0);
}

TEST_CASE_TEMPLATE("elementwise_kernel: a functor's state reaches its vector form", T, float, double) {
  const auto k = xp::elementwise_kernel(scaled_hypot{2.5, -0.5});
  const auto x = xp::random::uniform<T, B>({777}, T(-40), T(40), 21);
  const auto y = xp::random::uniform<T, B>({777}, T(-40), T(40), 22);
  const xp::ndarray<T, B> got = k(x, y);
  const xp::ndarray<T, B> want = xp::eval(T(2.5) * xp::hypot(x, y) + T(-0.5) * xp::abs(xp::floor(x)));
  check_close(got, want, ulps<T>(2));
  const auto hx = values(x), hy = values(y), g = values(got);
  for (std::size_t i = 0; i < g.size(); ++i) {
    const double r = 2.5 * std::hypot(double(hx[i]), double(hy[i])) - 0.5 * std::fabs(std::floor(double(hx[i])));
    INFO("element " << i);
    CHECK(std::abs(double(g[i]) - r) <= 8 * std::numeric_limits<T>::epsilon() * (std::abs(r) + 1));
  }
  // another state, the same compiled functor type
  const xp::ndarray<T, B> other = xp::elementwise_kernel(scaled_hypot{1.0, 0.0})(x, y);
  check_close(other, xp::eval(xp::hypot(x, y)), ulps<T>(2));
}

TEST_CASE("elementwise_kernel: a generic integer functor computes element by element, exactly") {
  const auto k = xp::elementwise_kernel(int_affine{});
  const auto a = xp::arange<std::int32_t, B>(-500, 500).reshape({40, 25});
  const auto b = xp::arange<std::int32_t, B>(25);
  const xp::ndarray<std::int32_t, B> got = k(a, b);
  const auto ha = values(a), g = values(got);
  for (std::size_t i = 0; i < g.size(); ++i) CHECK(g[i] == ha[i] * 3 - static_cast<std::int32_t>(i % 25));
  const xp::ndarray<std::int64_t, B> wide =
      xp::elementwise_kernel(int_affine{})(xp::arange<std::int64_t, B>(3), std::int64_t(1) << 40);
  CHECK(values(wide) ==
        std::vector<std::int64_t>{-(std::int64_t(1) << 40), 3 - (std::int64_t(1) << 40), 6 - (std::int64_t(1) << 40)});
}

TEST_CASE("elementwise_kernel: a generic functor over mixed dtypes is never compiled on batches") {
  // float and double leaves cannot be one register type: the host asks no vector form of the
  // functor, whose branch on a value would not compile for batches (this test compiling is the check)
  const auto k = xp::elementwise_kernel(larger_or_second{});
  const auto x = xp::linspace<float, B>(-2, 2, 9);
  const auto y = xp::zeros<double, B>({9});
  const xp::ndarray<double, B> got = k(x, y);
  CHECK(values(got) == std::vector<double>{0, 0, 0, 0, 0, 0.5, 1, 1.5, 2});
}

#ifndef XP_TEST_CUDA
TEST_CASE("elementwise_kernel: the host finds the vector form of generic functors only") {
  using xp::backends::host::simd::has_simd_form;
  using xp::detail::user_op;
  using F = xsimd::batch<float>;
  using D = xsimd::batch<double>;
  static_assert(has_simd_form<user_op<saxpy_trig_generic>, F, F, F>);
  static_assert(has_simd_form<user_op<saxpy_trig_generic>, D, D, D>);
  static_assert(has_simd_form<user_op<scaled_hypot>, D, D>);
  static_assert(!has_simd_form<user_op<saxpy_trig_typed<float>>, F, F, F>);
  static_assert(!has_simd_form<user_op<saxpy_trig_typed<double>>, D, D, D>);
  // a template functor that is not marked keeps the element loop (its branch compiles as before)
  static_assert(!has_simd_form<user_op<relu_unmarked>, F>);
  const auto relu = xp::elementwise_kernel(relu_unmarked{});
  const xp::ndarray<float> r = relu(xp::linspace<float>(-1, 1, 5));
  CHECK(values(r) == std::vector<float>{0, 0, 0, 0.5f, 1});
  using K = xp::detail::array_kernel<float>;
  static_assert(xp::backends::host::simd::batchable<
                xp::detail::node_kernel<float, user_op<saxpy_trig_generic>, K, K, xp::detail::scalar_kernel<float>>,
                float>::value);
  // host-only code may use a generic lambda, capturing state
  const float shift = 0.5f;
  const auto shifted_sqrt = xp::vectorized([shift](auto x) { return xp::math::sqrt(x + shift); });
  static_assert(has_simd_form<user_op<decltype(shifted_sqrt)>, F>);
  const auto lambda = xp::elementwise_kernel(shifted_sqrt);
  const auto x = xp::linspace<float>(0, 9, 1003);
  check_close(xp::ndarray<float>(lambda(x)), xp::eval(xp::sqrt(x + shift)), ulps<float>(1));
}

TEST_CASE_TEMPLATE("xp::math on batches: each function is its op's vector form, lane for lane", T, float, double) {
  using V = xsimd::batch<T>;
  constexpr std::size_t n = V::size;
  T in[n], pos[n], other[n], out[n];
  for (std::size_t i = 0; i < n; ++i) {
    in[i] = T(-0.9) + T(1.7) * T(i) / T(n);  // inside every domain below (arcsin, arccos: |x| < 1)
    pos[i] = T(0.3) + T(2.1) * T(i);
    other[i] = T(1.25) - T(0.6) * T(i);
  }
  const V x = V::load_unaligned(in), p = V::load_unaligned(pos), y = V::load_unaligned(other);
  const double tol = 4 * std::numeric_limits<T>::epsilon();
  auto check = [&](const char* name, const V& got, auto scalar, const T* arg, const T* arg2 = nullptr) {
    got.store_unaligned(out);
    for (std::size_t i = 0; i < n; ++i) {
      const double want = arg2 ? double(scalar(arg[i], arg2[i])) : double(scalar(arg[i], T(0)));
      INFO(name << " lane " << i << ": got " << out[i] << ", want " << want);
      CHECK(std::abs(double(out[i]) - want) <= tol * (std::abs(want) + 1));
    }
  };
  namespace m = xp::math;
  // the scalar overloads are the reference
  check(
      "sin", m::sin(x), [](T v, T) { return m::sin(v); }, in);
  check(
      "cos", m::cos(x), [](T v, T) { return m::cos(v); }, in);
  check(
      "tan", m::tan(x), [](T v, T) { return m::tan(v); }, in);
  check(
      "arcsin", m::arcsin(x), [](T v, T) { return m::arcsin(v); }, in);
  check(
      "arccos", m::arccos(x), [](T v, T) { return m::arccos(v); }, in);
  check(
      "arctan", m::arctan(x), [](T v, T) { return m::arctan(v); }, in);
  check(
      "sinh", m::sinh(x), [](T v, T) { return m::sinh(v); }, in);
  check(
      "cosh", m::cosh(x), [](T v, T) { return m::cosh(v); }, in);
  check(
      "tanh", m::tanh(x), [](T v, T) { return m::tanh(v); }, in);
  check(
      "exp", m::exp(x), [](T v, T) { return m::exp(v); }, in);
  check(
      "exp2", m::exp2(x), [](T v, T) { return m::exp2(v); }, in);
  check(
      "expm1", m::expm1(x), [](T v, T) { return m::expm1(v); }, in);
  check(
      "log", m::log(p), [](T v, T) { return m::log(v); }, pos);
  check(
      "log2", m::log2(p), [](T v, T) { return m::log2(v); }, pos);
  check(
      "log10", m::log10(p), [](T v, T) { return m::log10(v); }, pos);
  check(
      "log1p", m::log1p(p), [](T v, T) { return m::log1p(v); }, pos);
  check(
      "sqrt", m::sqrt(p), [](T v, T) { return m::sqrt(v); }, pos);
  check(
      "cbrt", m::cbrt(x), [](T v, T) { return m::cbrt(v); }, in);
  check(
      "floor", m::floor(y), [](T v, T) { return m::floor(v); }, other);
  check(
      "ceil", m::ceil(y), [](T v, T) { return m::ceil(v); }, other);
  check(
      "trunc", m::trunc(y), [](T v, T) { return m::trunc(v); }, other);
  check(
      "round", m::round(y), [](T v, T) { return m::round(v); }, other);
  check(
      "fabs", m::fabs(y), [](T v, T) { return m::fabs(v); }, other);
  check(
      "arctan2", m::arctan2(x, y), [](T v, T w) { return m::arctan2(v, w); }, in, other);
  check(
      "atan2", m::atan2(x, y), [](T v, T w) { return m::atan2(v, w); }, in, other);
  check(
      "hypot", m::hypot(x, y), [](T v, T w) { return m::hypot(v, w); }, in, other);
  check(
      "fmod", m::fmod(p, y), [](T v, T w) { return m::fmod(v, w); }, pos, other);
  check(
      "pow", m::pow(p, x), [](T v, T w) { return m::pow(v, w); }, pos, in);
  check(
      "copysign_of", m::copysign_of(p, y), [](T v, T w) { return m::copysign_of(v, w); }, pos, other);
  // a scalar beside a batch is broadcast, on either side
  T twos[n];
  std::fill(twos, twos + n, T(2));
  check(
      "pow(batch, scalar)", m::pow(p, T(2)), [](T v, T w) { return m::pow(v, w); }, pos, twos);
  check(
      "hypot(scalar, batch)", m::hypot(T(2), y), [](T v, T w) { return m::hypot(w, v); }, other, twos);
  // the value tests give lane masks (a bool would be one answer for all lanes)
  in[0] = std::numeric_limits<T>::quiet_NaN();
  in[1] = std::numeric_limits<T>::infinity();  // (a register holds 2 doubles at the least)
  const V special = V::load_unaligned(in);
  static_assert(std::is_same_v<decltype(m::isnan(special)), typename V::batch_bool_type>);
  CHECK((m::isnan(special).get(0) && !m::isnan(special).get(1)));
  CHECK((!m::isinf(special).get(0) && m::isinf(special).get(1)));
  CHECK((!m::isfinite(special).get(0) && !m::isfinite(special).get(1)));
  CHECK(xsimd::all(m::isfinite(x)));
  // the scalar overloads are untouched
  static_assert(std::is_same_v<decltype(m::sin(1.0f)), float> && std::is_same_v<decltype(m::isnan(1.0)), bool>);
  static_assert(!xp::math::vector_value<float> && !xp::math::vector_value<xp::complex64>);
}
#endif
