// xp/fft.hpp: numpy.fft's transforms and helpers against NumPy 2 (tests/golden/fft/fft.npz, written
// by tests/golden/make_golden_fft.py): every function and norm, odd, prime and length-1 sizes, n
// crops and pads, axes of 2-D, 3-D and 4-D arrays (non-last, negative, repeated), non-contiguous
// and broadcast inputs, NumPy 2's dtypes, round trips, out= and every error. Results are compared
// relative to the transform's largest magnitude, at a few ulps * log2(n) of the computing precision.
#include <xp/fft.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <string>
#include <type_traits>

#include "support.hpp"

using namespace xp_test;
namespace fft = xp::fft;
using xp::complex128;
using xp::complex64;
using xp::index_t;

namespace {

const xp::npz_file& goldens() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/fft/fft.npz");
  return z;
}

// A golden member as T on the backend under test (converted from its stored dtype).
template <class T>
xp::ndarray<T, B> g(const std::string& key) {
  return goldens().get<T, B>(key, {.convert = true});
}

// Ulps of slack per log2(n): FFTW's, cuFFT's and pocketfft's orders of summation differ.
constexpr double ulps_per_level = 8;

// Same shape, and max |got - want| <= tol * max |want| (tol relative to the transform's magnitude).
void compare(const xp::ndarray<complex128, xp::host>& got, const xp::ndarray<complex128, xp::host>& want, double tol) {
  REQUIRE(xp::to_string(got.shape()) == xp::to_string(want.shape()));
  double scale = 0, err = 0;
  for (index_t i = 0; i < want.size(); ++i) {
    const std::complex<double> w(want.data()[i].real(), want.data()[i].imag());
    const std::complex<double> v(got.data()[i].real(), got.data()[i].imag());
    scale = std::max(scale, std::abs(w));
    err = std::max(err, std::abs(v - w));
  }
  INFO("max error " << err << ", largest value " << scale << ", tolerance " << tol);
  CHECK(err <= tol * std::max(scale, 1e-300));
}

double tolerance(double eps, index_t n) { return ulps_per_level * eps * std::max(1.0, std::log2(double(n))); }

// got (any dtype) against golden `key` at the precision eps, for transforms of n points.
template <class T>
void check_golden(const xp::ndarray<T, B>& got, const std::string& key, double eps, index_t n) {
  INFO(key);
  compare(got.template astype<complex128>().copy_to_host(), goldens().get<complex128, xp::host>(key, {.convert = true}),
          tolerance(eps, n));
}
template <class T>
void check_close(const xp::ndarray<T, B>& got, const xp::ndarray<T, B>& want, double eps, index_t n) {
  compare(got.template astype<complex128>().copy_to_host(), want.template astype<complex128>().copy_to_host(),
          tolerance(eps, n));
}

// A host build without FFTW runs no transform: each test case then checks the error and stops.
bool no_library() {
  if constexpr (xp::primitive::fft<B>::available) {
    return false;
  } else {
    CHECK_THROWS_AS((void)fft::fft(xp::ones<double, B>({4})), xp::value_error);
    return true;
  }
}

constexpr double eps64 = 2.220446049250313e-16;
constexpr double eps32 = 1.1920929e-07;

}  // namespace

TEST_CASE_TEMPLATE("fft: the one-axis transforms match NumPy at every size", P, XP_FLOAT_DTYPES) {
  if (no_library()) return;
  using R = typename P::type;
  using C = xp::complex<R>;
  const double eps = std::is_same_v<R, float> ? eps32 : eps64;
  for (index_t n : {1, 2, 7, 13, 16, 17, 97, 1000}) {
    INFO("n = " << n);
    const std::string s = std::to_string(n);
    const auto r = g<R>("r" + s);
    const auto c = g<C>("c" + s);
    const auto X = fft::fft(c);
    static_assert(std::is_same_v<decltype(X), const xp::ndarray<C, B>>);
    check_golden(X, "fft_" + s, eps, n);
    check_golden(fft::ifft(c), "ifft_" + s, eps, n);
    check_golden(fft::fft(r), "fftr_" + s, eps, n);
    const auto H = fft::rfft(r);
    static_assert(std::is_same_v<decltype(H), const xp::ndarray<C, B>>);
    check_golden(H, "rfft_" + s, eps, n);
    check_golden(fft::ihfft(r), "ihfft_" + s, eps, n);
    if (n > 1) {
      const auto y = fft::irfft(c);
      static_assert(std::is_same_v<decltype(y), const xp::ndarray<R, B>>);
      check_golden(y, "irfft_" + s, eps, 2 * n);
      check_golden(fft::hfft(c), "hfft_" + s, eps, 2 * n);
    }
    // round trips
    check_close(fft::ifft(X), c, eps, n);
    check_close(fft::irfft(H, n), r, eps, n);
    check_close(fft::hfft(fft::ihfft(r), n), r, eps, n);
  }
}

TEST_CASE("fft: every norm") {
  if (no_library()) return;
  const auto r = g<double>("r13");
  const auto c = g<complex128>("c13");
  for (const char* norm : {"backward", "ortho", "forward"}) {
    const std::string s = norm;
    check_golden(fft::fft(c, {}, -1, norm), "fft_13_" + s, eps64, 13);
    check_golden(fft::ifft(c, {}, -1, norm), "ifft_13_" + s, eps64, 13);
    check_golden(fft::rfft(r, {}, -1, norm), "rfft_13_" + s, eps64, 13);
    check_golden(fft::irfft(c, {}, -1, norm), "irfft_13_" + s, eps64, 24);
    check_golden(fft::hfft(c, {}, -1, norm), "hfft_13_" + s, eps64, 24);
    check_golden(fft::ihfft(r, {}, -1, norm), "ihfft_13_" + s, eps64, 13);
    const auto c3 = g<complex128>("c3");
    check_golden(fft::fftn(c3, {}, {}, norm), "fftn_c3_" + s, eps64, 120);
    check_golden(fft::irfftn(c3, {}, {}, norm), "irfftn_c3_" + s, eps64, 192);
    // the orthonormal pair round-trips, and so does the forward pair
    check_close(fft::ifft(fft::fft(c, {}, -1, norm), {}, -1, norm), c, eps64, 13);
  }
  // the enum names the same norms as the strings
  check_golden(fft::fft(c, {}, -1, fft::norm_mode::ortho), "fft_13_ortho", eps64, 13);
  check_golden(fft::irfftn(g<complex128>("c3"), {}, {}, fft::norm_mode::forward), "irfftn_c3_forward", eps64, 192);
}

TEST_CASE("fft: n crops and zero-pads the axis") {
  if (no_library()) return;
  const auto c17 = g<complex128>("c17");
  const auto r17 = g<double>("r17");
  for (index_t n : {8, 32}) {
    check_golden(fft::fft(c17, n), "fft_17_n" + std::to_string(n), eps64, n);
    check_golden(fft::ifft(c17, n), "ifft_17_n" + std::to_string(n), eps64, n);
  }
  for (index_t n : {10, 30}) check_golden(fft::rfft(r17, n), "rfft_17_n" + std::to_string(n), eps64, n);
  for (index_t n : {9, 40, 1}) check_golden(fft::irfft(c17, n), "irfft_17_n" + std::to_string(n), eps64, n);
  check_golden(fft::hfft(g<complex128>("c13"), 11), "hfft_13_n11", eps64, 11);
  check_golden(fft::ihfft(g<double>("r13"), 20), "ihfft_13_n20", eps64, 20);
}

TEST_CASE("fft: axes of 2-D, 3-D and 4-D arrays") {
  if (no_library()) return;
  const auto r3 = g<double>("r3");
  const auto c3 = g<complex128>("c3");
  const auto r2 = g<double>("r2d");
  const auto c2 = g<complex128>("c2d");
  const auto c4 = g<complex128>("c4");
  check_golden(fft::fft(c3, {}, 0), "fft_c3_ax0", eps64, 4);
  check_golden(fft::fft(c3, {}, 1), "fft_c3_ax1", eps64, 6);
  check_golden(fft::ifft(c3, 9, -2), "ifft_c3_axm2_n9", eps64, 9);
  check_golden(fft::rfft(r3, {}, 0), "rfft_r3_ax0", eps64, 4);
  check_golden(fft::irfft(c3, 7, 1), "irfft_c3_ax1_n7", eps64, 7);
  check_golden(fft::fftn(c3, {}, {0, 2}), "fftn_c3_ax02", eps64, 20);
  check_golden(fft::fftn(c3, {3, 8}, {2, 0}), "fftn_c3_s38_ax20", eps64, 24);
  check_golden(fft::ifftn(c3), "ifftn_c3", eps64, 120);
  check_golden(fft::ifftn(c3, {5, 4}), "ifftn_c3_s", eps64, 20);
  check_golden(fft::rfftn(r3), "rfftn_r3", eps64, 120);
  check_golden(fft::rfftn(r3, {}, {0, 1}), "rfftn_r3_ax01", eps64, 24);
  check_golden(fft::rfftn(r3, {}, {-1, 0}), "rfftn_r3_ax_m1_0", eps64, 20);
  check_golden(fft::irfftn(c3, {3, 5, 8}, {0, 1, 2}), "irfftn_c3_s", eps64, 120);
  check_golden(fft::irfftn(c3, {}, {2, 0}), "irfftn_c3_ax20", eps64, 32);
  check_golden(fft::fft2(c2), "fft2_c2d", eps64, 60);
  check_golden(fft::ifft2(c2), "ifft2_c2d", eps64, 60);
  check_golden(fft::rfft2(r2), "rfft2_r2d", eps64, 60);
  check_golden(fft::irfft2(c2), "irfft2_c2d", eps64, 108);
  check_golden(fft::fft2(c3, {6, 3}, {0, 2}), "fft2_c3_ax02_s", eps64, 18);
  // four axes: two passes
  check_golden(fft::fftn(c4), "fftn_c4", eps64, 120);
  check_golden(fft::rfftn(xp::real(c4).copy()), "rfftn_c4r", eps64, 120);
  check_golden(fft::irfftn(c4, {2, 4, 3, 7}, {0, 1, 2, 3}), "irfftn_c4", eps64, 168);
  // a repeated axis is transformed again, in NumPy's order (NumPy 2.4 accepts it)
  check_golden(fft::fftn(c3, {3, 7}, {1, 1}), "fftn_c3_rep", eps64, 21);
  check_golden(fft::rfftn(r3, {}, {0, 0}), "rfftn_r3_rep", eps64, 16);
  check_golden(fft::irfftn(c3, {}, {1, 1}), "irfftn_c3_rep", eps64, 60);
  // round trip over three axes
  check_close(fft::irfftn(fft::rfftn(r3), {4, 6, 5}, {0, 1, 2}), r3, eps64, 120);
  // empty batch: nothing to transform, the shape follows
  CHECK(fft::fft(xp::zeros<double, B>({0, 4})).shape() == xp::shape_type{0, 4});
  CHECK(fft::irfftn(xp::zeros<complex128, B>({3, 0, 4}), {}, {0, 2}).shape() == xp::shape_type{3, 0, 6});
}

TEST_CASE("fft: non-contiguous, reversed and broadcast inputs") {
  if (no_library()) return;
  const auto c3 = g<complex128>("c3");
  check_golden(fft::fft(xp::transpose(c3, {2, 0, 1}), {}, 1), "fft_c3_T_ax1", eps64, 4);
  check_golden(fft::fft(c3(xp::all, xp::range(0, 6, 2), xp::all), {}, 1), "fft_c3_step_ax1", eps64, 3);
  check_golden(fft::rfft(g<double>("r1000")(xp::range(0, 1000, 3))), "rfft_r1000_step3", eps64, 334);
  check_golden(fft::fftn(xp::flip(c3, {0})(xp::all, xp::all, xp::range(xp::none, xp::none, -2))), "fftn_c3_rev", eps64,
               72);
  check_golden(fft::irfft(xp::transpose(c3, {1, 2, 0})), "irfft_c3_T", eps64, 6);
  // a broadcast (stride 0) input: the transform of its copy
  const auto row = g<complex128>("c16");
  const auto wide = xp::broadcast_to(row, {3, 16});
  check_close(fft::fft(wide), fft::fft(wide.copy()), eps64, 16);
  check_close(fft::irfft(wide, {}, 0), fft::irfft(wide.copy(), {}, 0), eps64, 4);
}

TEST_CASE("fft: NumPy 2's dtypes (float32, float16, integers)") {
  if (no_library()) return;
  const auto x32 = g<float>("r97_f32");
  const auto X32 = fft::fft(x32);
  static_assert(std::is_same_v<decltype(X32), const xp::ndarray<complex64, B>>);
  check_golden(X32, "fft_97_f32", eps32, 97);
  check_golden(fft::rfft(x32), "rfft_97_f32", eps32, 97);
  const auto y32 = fft::irfft(g<complex64>("c97"));
  static_assert(std::is_same_v<decltype(y32), const xp::ndarray<float, B>>);
  check_golden(y32, "irfft_97_c64", eps32, 192);

  const auto i = g<std::int64_t>("i16_i64");
  const auto Xi = fft::fft(i);
  static_assert(std::is_same_v<decltype(Xi), const xp::ndarray<complex128, B>>);
  check_golden(Xi, "fft_i16", eps64, 16);
  const auto yi = fft::irfft(i);
  static_assert(std::is_same_v<decltype(yi), const xp::ndarray<double, B>>);
  check_golden(yi, "irfft_i16", eps64, 30);

  const auto h = g<xp::float16>("r16_f16");
  const auto Xh = fft::fft(h);
  static_assert(std::is_same_v<decltype(Xh), const xp::ndarray<complex64, B>>);
  check_golden(Xh, "fft_16_f16", eps32, 16);
  const auto yh = fft::irfft(h);
  static_assert(std::is_same_v<decltype(yh), const xp::ndarray<xp::float16, B>>);
  constexpr double eps16 = 9.765625e-04;  // float16's epsilon; the result is rounded to float16 once
  check_golden(yh, "irfft_16_f16", eps16 / 4, 30);
}

TEST_CASE("fft: out=") {
  if (no_library()) return;
  const auto c = g<complex128>("c13");
  auto o = xp::empty<complex128, B>({13});
  const auto& back = fft::fft(c, {}, -1, "backward", xp::out(o));
  CHECK(back.data() == o.data());
  check_golden(o, "fft_13_backward", eps64, 13);
  auto o64 = xp::empty<complex64, B>({13});  // same kind: converted, as NumPy's same_kind cast
  (void)fft::ifft(c, {}, -1, "ortho", xp::out(o64));
  check_golden(o64, "ifft_13_ortho", eps32, 13);
  auto real_out = xp::empty<double, B>({24});
  (void)fft::irfft(c, {}, -1, "backward", xp::out(real_out));
  check_golden(real_out, "irfft_13", eps64, 24);
  auto o2 = xp::empty<complex128, B>({6, 10});
  (void)fft::fft2(g<complex128>("c2d"), {}, {-2, -1}, "backward", xp::out(o2));
  check_golden(o2, "fft2_c2d", eps64, 60);
  // wrong shape, wrong kind, read-only
  auto short_out = xp::empty<complex128, B>({12});
  CHECK_THROWS_AS((void)fft::fft(c, {}, -1, "backward", xp::out(short_out)), xp::shape_error);
  auto float_out = xp::empty<double, B>({13});
  CHECK_THROWS_AS((void)fft::fft(c, {}, -1, "backward", xp::out(float_out)), xp::dtype_error);
  auto int_out = xp::empty<std::int64_t, B>({24});
  CHECK_THROWS_AS((void)fft::irfft(c, {}, -1, "backward", xp::out(int_out)), xp::dtype_error);
  const auto read_only = xp::broadcast_to(xp::zeros<complex128, B>({1}), {13});
  CHECK_THROWS_AS((void)fft::fft(c, {}, -1, "backward", xp::out(read_only)), xp::value_error);
}

TEST_CASE("fft: errors") {
  if (no_library()) return;
  const auto c = g<complex128>("c13");
  const auto c3 = g<complex128>("c3");
  CHECK_THROWS_AS((void)fft::fft(c, {}, -1, "bad"), xp::value_error);
  CHECK_THROWS_AS((void)fft::fftn(c3, {}, {}, "Ortho"), xp::value_error);
  CHECK_THROWS_AS((void)fft::fft(c, 0), xp::value_error);
  CHECK_THROWS_AS((void)fft::rfft(xp::real(c3).copy(), -1), xp::value_error);
  CHECK_THROWS_AS((void)fft::fft(xp::zeros<double, B>({0})), xp::value_error);   // an empty axis
  CHECK_THROWS_AS((void)fft::irfft(xp::ones<double, B>({1})), xp::value_error);  // default n = 0
  CHECK_THROWS_AS((void)fft::fftn(c3, {3, 0}, {0, 1}), xp::value_error);
  CHECK_THROWS_AS((void)fft::fft(c3, {}, 3), xp::index_error);
  CHECK_THROWS_AS((void)fft::fft(c3, {}, -4), xp::index_error);
  CHECK_THROWS_AS((void)fft::fftn(c3, {}, {0, 5}), xp::index_error);
  CHECK_THROWS_AS((void)fft::fft(xp::zeros<double, B>({})), xp::index_error);  // 0-d: no axis -1
  CHECK_THROWS_AS((void)fft::fftn(c3, {3}, {0, 1}), xp::value_error);          // s and axes lengths
  CHECK_THROWS_AS((void)fft::irfft2(c3, {3}), xp::value_error);
  CHECK_THROWS_AS((void)fft::rfft(c), xp::dtype_error);  // complex input
  CHECK_THROWS_AS((void)fft::fftfreq(0), xp::value_error);
  CHECK_THROWS_AS((void)fft::rfftfreq(4, 0.0), xp::value_error);
  CHECK_THROWS_AS((void)fft::fftshift(c3, {3}), xp::index_error);
}

TEST_CASE("fft: fftfreq, rfftfreq, fftshift, ifftshift") {
  for (index_t n : {1, 8, 9}) {
    check_same(fft::fftfreq<double, B>(n, 0.1), g<double>("fftfreq_" + std::to_string(n)));
    check_same(fft::rfftfreq<double, B>(n, 0.1), g<double>("rfftfreq_" + std::to_string(n)));
  }
  check_same(fft::fftfreq(5), goldens().get<double, xp::host>("fftfreq_5_d1"));
  CHECK(fft::fftfreq<float, B>(8).shape() == xp::shape_type{8});
  const auto s = g<std::int64_t>("shift_in");
  check_same(fft::fftshift(s), g<std::int64_t>("fftshift_all"));
  check_same(fft::fftshift(s, {0}), g<std::int64_t>("fftshift_0"));
  check_same(fft::fftshift(s, {0, 0}), g<std::int64_t>("fftshift_rep"));
  check_same(fft::ifftshift(s), g<std::int64_t>("ifftshift_all"));
  check_same(fft::ifftshift(s, {1}), g<std::int64_t>("ifftshift_1"));
  check_same(fft::ifftshift(xp::arange<std::int64_t, B>(7)), g<std::int64_t>("ifftshift_odd"));
  check_same(fft::ifftshift(fft::fftshift(s)), s);
}
