// Shared by the dtype tests (test_dtypes_*.cpp): the 14 dtypes as doctest template arguments,
// the golden archives tests/golden/dtypes/dtypes_<tag>.npz (tests/golden/make_golden_dtypes.py, NumPy
// 2) and a comparison that knows float16 and complex.
#pragma once

#include <cmath>
#include <map>
#include <sstream>
#include <string>

#include "support.hpp"

// The 14 dtypes in three shares. A test file over every dtype can be built as three units
// (tests/CMakeLists.txt, XP_DTYPE_SHARDED_*_TESTS), unit k defining XP_DTYPE_SHARD k and compiling
// only its share: the same test cases in all, and no unit holding the whole file's instantiations
// (test_dtypes_mixed.cpp was one nvcc unit of 120 s on the 16-core GPU machine).
#define XP_DTYPE_SHARE_0                                                                             \
  xp_test::on<bool>, xp_test::on<std::int8_t>, xp_test::on<std::uint8_t>, xp_test::on<std::int16_t>, \
      xp_test::on<std::uint16_t>
#define XP_DTYPE_SHARE_1                                                                                        \
  xp_test::on<std::int32_t>, xp_test::on<std::uint32_t>, xp_test::on<std::int64_t>, xp_test::on<std::uint64_t>, \
      xp_test::on<xp::float16>
#define XP_DTYPE_SHARE_2 \
  xp_test::on<float>, xp_test::on<double>, xp_test::on<xp::complex64>, xp_test::on<xp::complex128>
#if !defined(XP_DTYPE_SHARD)
#define XP_EVERY_DTYPE XP_DTYPE_SHARE_0, XP_DTYPE_SHARE_1, XP_DTYPE_SHARE_2
#elif XP_DTYPE_SHARD == 0
#define XP_EVERY_DTYPE XP_DTYPE_SHARE_0
#elif XP_DTYPE_SHARD == 1
#define XP_EVERY_DTYPE XP_DTYPE_SHARE_1
#elif XP_DTYPE_SHARD == 2
#define XP_EVERY_DTYPE XP_DTYPE_SHARE_2
#else
#error "XP_DTYPE_SHARD is 0, 1 or 2"
#endif

namespace xp_test {

/// The archive of dtype T's goldens, opened once.
template <class T>
const xp::npz_file& dtype_archive() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/dtypes/dtypes_" +
                                             std::string(xp::dtype::of<T>().npy_code()) + ".npz");
  return z;
}

template <class T>
std::string show(T v) {
  std::ostringstream s;
  s.precision(17);
  if constexpr (xp::detail::is_complex_v<T>) s << '(' << double(v.re) << (v.im < 0 ? "" : "+") << double(v.im) << "j)";
  else if constexpr (std::is_same_v<T, xp::float16>) s << double(float(v)) << " (bits " << std::hex << v.bits << ')';
  else if constexpr (sizeof(T) == 1) s << int(v);
  else s << v;
  return s.str();
}

/// Machine epsilon of T's (real) precision.
template <class T>
constexpr double epsilon_of() {
  using R = xp::detail::real_of_t<T>;
  if constexpr (std::is_same_v<R, xp::float16>) return 0.0009765625;  // 2^-10
  else if constexpr (std::is_floating_point_v<R>) return std::numeric_limits<R>::epsilon();
  else return 0;
}

// One real component: NaN matches NaN, infinities match exactly, else within `ulps` epsilons of
// `scale` (ulps 0: equal).
inline bool close_part(double g, double w, double ulps, double eps, double scale) {
  if (std::isnan(w)) return std::isnan(g);
  if (std::isinf(w) || ulps == 0) return g == w;
  return std::abs(g - w) <= ulps * eps * (scale + 1);
}

/// got == want (integers, bool), or within `ulps` epsilons relative to |want| + 1 (floats,
/// complex: each part against the magnitude).
template <class T>
bool close_value(T g, T w, double ulps) {
  constexpr double eps = epsilon_of<T>();
  if constexpr (xp::detail::is_complex_v<T>) {
    const double scale = std::hypot(double(w.re), double(w.im));
    return close_part(g.re, w.re, ulps, eps, scale) && close_part(g.im, w.im, ulps, eps, scale);
  } else if constexpr (xp::detail::is_real_floating_v<T>) {
    const double wd = static_cast<double>(w);
    return close_part(static_cast<double>(g), wd, ulps, eps, std::abs(wd));
  } else {
    return g == w;
  }
}

template <class T>
double as_double(T v) {
  if constexpr (xp::detail::is_complex_v<T>) return double(v.re);
  else return static_cast<double>(v);
}

/// `got` has the golden member's dtype (the promotion NumPy 2 gives), shape and values.
/// `view` picks what of the golden to compare with: the whole member, or the same view as the
/// inputs were (transposed, one element, ...).
template <class R, class Bk, class View>
void check_member(const xp::npz_file& z, const std::string& name, const xp::ndarray<R, Bk>& got, double ulps,
                  View view) {
  INFO(z.path() << ": " << name << " on " << std::string(backend_name()));
  REQUIRE(z.contains(name));
  const std::string want_dtype = z.dtype(name);
  REQUIRE(want_dtype == std::string(xp::dtype_name<R>()));
  const auto want = view(z.get<R>(name));
  REQUIRE(xp::to_string(got.shape()) == xp::to_string(want.shape()));
  const auto g = got.copy_to_host(), w = want.copy();
  const auto gv = values(g), wv = values(w);
  int failures = 0;
  for (std::size_t i = 0; i < gv.size() && failures < 5; ++i) {
    if (!close_value(gv[i], wv[i], ulps)) {
      ++failures;
      FAIL_CHECK("flat index " << i << ": got " << show(gv[i]) << ", want " << show(wv[i]));
    }
  }
  CHECK(failures == 0);
}
template <class R, class Bk>
void check_member(const xp::npz_file& z, const std::string& name, const xp::ndarray<R, Bk>& got, double ulps) {
  check_member(z, name, got, ulps, [](const auto& w) { return w; });
}

/// The input member `name` of dtype T's archive, on the test's backend.
template <class T>
xp::ndarray<T, B> dtype_input(const std::string& name) {
  return xp::asarray<B>(dtype_archive<T>().template get<T>(name));
}

/// The inputs three ways: as stored, transposed (strided views) and one element (0-d); the
/// golden is viewed the same way.
template <class F, class... X>
void each_layout(F check, const X&... inputs) {
  check([](const auto& w) { return w; }, inputs...);
  check([](const auto& w) { return xp::transpose(w); }, xp::transpose(inputs)...);
  check([](const auto& w) { return w(3, 4); }, inputs(3, 4)...);
}

/// op(inputs...) against golden member `name` of dtype T's archive, in every layout.
template <class T, class F, class... X>
void check_op(const std::string& name, double ulps, F op, const X&... inputs) {
  const auto& z = dtype_archive<T>();
  each_layout(
      [&](auto golden_view, const auto&... in) { check_member(z, name, xp::eval(op(in...)), ulps, golden_view); },
      inputs...);
}

/// The host runs every op and reduction on every dtype; the device suite runs each class of
/// them on every dtype (the checks under `full_matrix` are the rest of each class). Every
/// op x dtype as device kernels would cost many minutes of nvcc per build for kernels that
/// differ only in the functor already checked on the host.
#if defined(XP_TEST_CUDA)
inline constexpr bool full_matrix = false;
#else
inline constexpr bool full_matrix = true;
#endif

}  // namespace xp_test
