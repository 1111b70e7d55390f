// Shared by the tests of the elementwise functions and statistics whose goldens are
// tests/golden/ops/funcs_stats_<code>.npz (written by tests/golden/make_golden_funcs_stats.py,
// NumPy 2): arccosh, arcsinh, arctanh, deg2rad, rad2deg (test_ops_trig.cpp), positive, fmod,
// remainder's sign rules (test_ops_arithmetic.cpp), logical_xor, isclose, allclose
// (test_ops_comparison_logical.cpp), signbit, heaviside, nan_to_num
// (test_ops_special_values.cpp), nansum, nanprod, nanmean, nanmin, nanmax, nanargmin, nanargmax,
// ptp and average (test_reduction_stats.cpp). Each on one dtype of each class (bool, int8, int32, uint64, float16,
// float32, float64, complex64, complex128; the device suite a subset, one per kind), with NaN,
// infinities, signed zeros and overflow among the inputs.
//
// Tolerances, in epsilons of the result dtype relative to |want| + 1 (close_value):
//  - exact (0) for integer and bool results, the comparisons (isclose, signbit, logical_xor),
//    the selections (heaviside, nan_to_num, positive), fmod and remainder (exact in IEEE) and
//    deg2rad / rad2deg (one multiplication by NumPy's own constant, correctly rounded);
//  - arccosh / arcsinh / arctanh: 4 for float32 / float64 (the C library's, CUDA's, xsimd's and
//    NumPy's own loops each within a few ulp), 1 for float16 (computed in float, rounded once:
//    only a float result on the other side of a float16 rounding boundary differs), 16 for
//    complex (formulas of several correctly rounded steps: NumPy's npymath and xp's identities
//    through asin / acos / atan differ there);
//  - the statistics: their inputs are multiples of 0.5, so every sum is exact in any order;
//    2 covers the single rounding of a mean's or average's division (NumPy divides the rounded
//    sum in float64), and float16 products rounded at the end.
#pragma once

#include <string>

#include "dtype_support.hpp"

#if defined(XP_TEST_CUDA)
// one dtype per kind on the device (nvcc time; the host runs them all)
#define XP_DTYPE_CLASSES                                                                       \
  xp_test::on<bool>, xp_test::on<std::int32_t>, xp_test::on<xp::float16>, xp_test::on<double>, \
      xp_test::on<xp::complex64>
#else
#define XP_DTYPE_CLASSES                                                                              \
  xp_test::on<bool>, xp_test::on<std::int8_t>, xp_test::on<std::int32_t>, xp_test::on<std::uint64_t>, \
      xp_test::on<xp::float16>, xp_test::on<float>, xp_test::on<double>, xp_test::on<xp::complex64>,  \
      xp_test::on<xp::complex128>
#endif

namespace xp_test {

/// The archive of dtype T's goldens, opened once.
template <class T>
const xp::npz_file& funcs_stats_archive() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/ops/funcs_stats_" +
                                             std::string(xp::dtype::of<T>().npy_code()) + ".npz");
  return z;
}

/// The input member `name` of T's archive, on the test's backend.
template <class T>
xp::ndarray<T, B> funcs_stats_input(const std::string& name) {
  return xp::asarray<B>(funcs_stats_archive<T>().template get<T>(name));
}

/// op(inputs...) against member `name` of T's archive, contiguous, transposed and 0-d.
template <class T, class F, class... X>
void check_funcs_stats(const std::string& name, double ulps, F op, const X&... inputs) {
  const auto& z = funcs_stats_archive<T>();
  each_layout(
      [&](auto golden_view, const auto&... in) { check_member(z, name, xp::eval(op(in...)), ulps, golden_view); },
      inputs...);
}

/// One result against member `name` as stored.
template <class T, class R>
void check_funcs_stats_member(const std::string& name, const xp::ndarray<R, B>& got, double ulps) {
  check_member(funcs_stats_archive<T>(), name, got, ulps);
}

/// The float32/float64 goldens of the elementwise functions (tests/golden/ops/, make_golden_core.py):
/// the input `name`, and `op_<name>`, NumPy's result.
template <class T>
std::string op_tag() {
  return std::is_same_v<T, float> ? "f32" : "f64";
}
template <class T>
xp::ndarray<T, B> op_load(const std::string& name) {
  return xp::load_npy<T, B>(golden("ops/" + name + "_" + op_tag<T>()));
}
template <class T>
xp::ndarray<T> op_want(const std::string& name) {
  return xp::load_npy<T>(golden("ops/op_" + name + "_" + op_tag<T>()));
}

}  // namespace xp_test

// Transcendental functions: NumPy's and CUDA's libraries are not correctly rounded; a few
// ulp apart is agreement, anything wrong in xp is off by far more.
#define XP_CHECK_OP(name, tol_, ...) \
  SUBCASE(name) { check_close(xp::eval(__VA_ARGS__), op_want<T>(name), tol_); }
