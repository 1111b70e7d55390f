#pragma once
/// @file complex.hpp
/// @brief xp::complex<T>, the element type of complex64 and complex128: the layout of
/// std::complex<T> (real part, then imaginary part) and of CUDA's cuComplex, usable in host
/// and device code alike, and the complex functions NumPy has (xp::math::exp, log, sqrt, ...).
///
/// It converts to and from std::complex<T> implicitly on the host, so `std::complex<float>`
/// values go into and come out of arrays unchanged; the device cannot call std::complex's
/// members, which is why the element type is xp's own.
///
/// A complex scalar (`z = a(0).item()` of a complex128 array) goes into xp's unary functions as
/// arrays do: `xp::abs(z)`, `xp::angle(z)`, `xp::real(z)`, `xp::imag(z)` (double, as NumPy's),
/// `xp::conj(z)`, `xp::exp(z)`, `xp::log(z)`, `xp::sqrt(z)`, the trigonometric and hyperbolic
/// functions (an xp::complex128), also unqualified (`abs(z)`: found by argument-dependent
/// lookup). std::abs, std::arg, std::exp take only std::complex, whose template deduction skips
/// the conversion; for them convert first, in one line:
///
///     std::complex<double> s = z;          // then std::abs(s), std::arg(s), std::exp(s)

#include <complex>
#include <type_traits>

#include "xp/core/config.hpp"
#include "xp/core/math.hpp"

namespace xp {

/// @brief A complex number of float or double: `re + im*i`, 2*sizeof(T) bytes aligned to its
/// size (one vector load on the device). Arithmetic follows NumPy's (division by Smith's
/// method, so it neither overflows nor loses precision needlessly); `==`, `!=`, no ordering.
///
///     xp::complex<float> z(1.f, 2.f);     // np.complex64(1+2j)
///     std::complex<float> s = z;           // the same value
template <class T>
struct alignas(2 * sizeof(T)) complex {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>, "xp::complex<T>: T is float or double");
  using value_type = T;
  T re;  ///< real part
  T im;  ///< imaginary part

  complex() = default;
  XP_HD constexpr complex(T real, T imag) : re(real), im(imag) {}
  /// @brief A real value r as r + 0i (explicit: a real array does not turn complex silently).
  template <class U>
  requires(std::is_arithmetic_v<U> || std::is_same_v<U, float16>) XP_HD constexpr explicit complex(U real)
      : re(static_cast<T>(real)), im(T(0)) {}
  /// @brief complex64 <-> complex128, part by part.
  template <class U>
  requires(!std::is_same_v<U, T>) XP_HD constexpr explicit complex(complex<U> z)
      : re(static_cast<T>(z.re)), im(static_cast<T>(z.im)) {}
  /// @brief From std::complex<T> (host).
  constexpr complex(const std::complex<T>& z) : re(z.real()), im(z.imag()) {}
  /// @brief To std::complex<T> (host).
  constexpr operator std::complex<T>() const { return {re, im}; }

  XP_HD constexpr T real() const { return re; }
  XP_HD constexpr T imag() const { return im; }

  friend XP_HD constexpr complex operator+(complex a, complex b) { return {a.re + b.re, a.im + b.im}; }
  friend XP_HD constexpr complex operator-(complex a, complex b) { return {a.re - b.re, a.im - b.im}; }
  friend XP_HD constexpr complex operator*(complex a, complex b) {
    return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
  }
  /// Smith's division, NumPy's algorithm: scales by the larger part of the divisor.
  friend XP_HD constexpr complex operator/(complex a, complex b) {
    const T abs_br = b.re < T(0) ? -b.re : b.re, abs_bi = b.im < T(0) ? -b.im : b.im;
    if (abs_br >= abs_bi) {
      if (abs_br == T(0) && abs_bi == T(0)) return {a.re / abs_br, a.im / abs_bi};  // NumPy: inf/nan parts
      const T rat = b.im / b.re, scl = T(1) / (b.re + b.im * rat);
      return {(a.re + a.im * rat) * scl, (a.im - a.re * rat) * scl};
    }
    if (abs_bi >= abs_br) {
      const T rat = b.re / b.im, scl = T(1) / (b.im + b.re * rat);
      return {(a.re * rat + a.im) * scl, (a.im * rat - a.re) * scl};
    }
    return {a.re / b.re, a.im / b.im};  // NaN in the divisor: NaN parts
  }
  friend XP_HD constexpr complex operator-(complex a) { return {-a.re, -a.im}; }
  friend XP_HD constexpr complex operator+(complex a) { return a; }
  friend XP_HD constexpr bool operator==(complex a, complex b) { return a.re == b.re && a.im == b.im; }
  friend XP_HD constexpr bool operator!=(complex a, complex b) { return !(a == b); }
  XP_HD constexpr complex& operator+=(complex o) { return *this = *this + o; }
  XP_HD constexpr complex& operator-=(complex o) { return *this = *this - o; }
  XP_HD constexpr complex& operator*=(complex o) { return *this = *this * o; }
  XP_HD constexpr complex& operator/=(complex o) { return *this = *this / o; }
};

/// @brief NumPy's complex64 and complex128.
using complex64 = complex<float>;
using complex128 = complex<double>;

static_assert(sizeof(complex64) == sizeof(std::complex<float>) && sizeof(complex128) == sizeof(std::complex<double>));
static_assert(std::is_trivially_copyable_v<complex64> && std::is_trivially_copyable_v<complex128>);

namespace detail {
template <class T>
struct is_complex : std::false_type {};
template <class T>
struct is_complex<complex<T>> : std::true_type {};
/// True for xp::complex<float> and xp::complex<double>.
template <class T>
inline constexpr bool is_complex_v = is_complex<T>::value;
}  // namespace detail

// ---- the complex functions: C99's <complex.h> formulas, as NumPy's npymath computes them ---
namespace math {
template <class T>
XP_HD inline T real(complex<T> z) {
  return z.re;
}
template <class T>
XP_HD inline T imag(complex<T> z) {
  return z.im;
}
template <class T>
XP_HD inline complex<T> conj(complex<T> z) {
  return {z.re, -z.im};
}
/// |z| without overflow (hypot).
template <class T>
XP_HD inline T fabs(complex<T> z) {
  return hypot(z.re, z.im);
}
/// The argument, atan2(im, re) (np.angle).
template <class T>
XP_HD inline T arg(complex<T> z) {
  return arctan2(z.im, z.re);
}
template <class T>
XP_HD inline complex<T> exp(complex<T> z) {
  const T m = exp(z.re);
  if (z.im == T(0)) return {m, z.im};  // exp(inf + 0i) is inf + 0i, not inf + nan i
  return {m * cos(z.im), m * sin(z.im)};
}
template <class T>
XP_HD inline complex<T> log(complex<T> z) {
  return {log(hypot(z.re, z.im)), arctan2(z.im, z.re)};
}
template <class T>
XP_HD inline complex<T> sqrt(complex<T> z) {
  if (z.re == T(0) && z.im == T(0)) return {T(0), z.im};
  if (isinf(z.im)) return {fabs(z.im), z.im};
  const T t = sqrt((fabs(z.re) + hypot(z.re, z.im)) * T(0.5));
  if (z.re >= T(0)) return {t, z.im / (2 * t)};
  return {fabs(z.im) / (2 * t), z.im < T(0) || (z.im == T(0) && (1 / z.im) < T(0)) ? -t : t};
}
template <class T>
XP_HD inline complex<T> exp2(complex<T> z) {
  constexpr T ln2 = T(0.693147180559945309417232121458176568);
  return exp(complex<T>{z.re * ln2, z.im * ln2});
}
template <class T>
XP_HD inline complex<T> expm1(complex<T> z) {  // NumPy's nc_expm1
  const T s = sin(z.im * T(0.5));
  return {expm1(z.re) * cos(z.im) - 2 * s * s, exp(z.re) * sin(z.im)};
}
template <class T>
XP_HD inline complex<T> log2(complex<T> z) {
  constexpr T inv_ln2 = T(1.44269504088896340735992468100189214);
  const complex<T> l = log(z);
  return {l.re * inv_ln2, l.im * inv_ln2};
}
template <class T>
XP_HD inline complex<T> log10(complex<T> z) {
  constexpr T inv_ln10 = T(0.434294481903251827651128918916605082);
  const complex<T> l = log(z);
  return {l.re * inv_ln10, l.im * inv_ln10};
}
template <class T>
XP_HD inline complex<T> log1p(complex<T> z) {  // NumPy's nc_log1p
  return {log(hypot(z.re + T(1), z.im)), arctan2(z.im, z.re + T(1))};
}
template <class T>
XP_HD inline complex<T> sin(complex<T> z) {
  return {sin(z.re) * cosh(z.im), cos(z.re) * sinh(z.im)};
}
template <class T>
XP_HD inline complex<T> cos(complex<T> z) {
  return {cos(z.re) * cosh(z.im), -(sin(z.re) * sinh(z.im))};
}
template <class T>
XP_HD inline complex<T> sinh(complex<T> z) {
  return {sinh(z.re) * cos(z.im), cosh(z.re) * sin(z.im)};
}
template <class T>
XP_HD inline complex<T> cosh(complex<T> z) {
  return {cosh(z.re) * cos(z.im), sinh(z.re) * sin(z.im)};
}
/// Kahan's formula: no overflow for large |re| (where tanh is ±1 to working precision).
template <class T>
XP_HD inline complex<T> tanh(complex<T> z) {
  constexpr T large = sizeof(T) == 4 ? T(9) : T(22);  // exp(-2 large) is below half an ulp of 1
  if (fabs(z.re) > large) {
    const T e = exp(-2 * fabs(z.re));
    return {z.re < T(0) ? T(-1) : T(1), 4 * sin(z.im) * cos(z.im) * e};
  }
  const T t = tan(z.im), beta = 1 + t * t, s = sinh(z.re), rho = sqrt(1 + s * s), den = 1 + beta * s * s;
  return {beta * rho * s / den, t / den};
}
/// tan(z) = -i tanh(iz).
template <class T>
XP_HD inline complex<T> tan(complex<T> z) {
  const complex<T> t = tanh(complex<T>{-z.im, z.re});
  return {t.im, -t.re};
}
namespace complex_detail {
// Abramowitz & Stegun 4.4.37-38: alpha = (|z+1| + |z-1|) / 2 >= 1, beta = re / alpha (no
// cancellation); the imaginary part log(alpha + sqrt(alpha^2 - 1)) as log1p of (alpha - 1) + ...
template <class T>
struct asin_parts {
  T beta, log_part;
};
template <class T>
XP_HD inline asin_parts<T> asin_of(complex<T> z) {
  const T r1 = hypot(z.re + T(1), z.im), r2 = hypot(z.re - T(1), z.im);
  const T alpha = (r1 + r2) * T(0.5);
  const T am1 = alpha - T(1) < T(0) ? T(0) : alpha - T(1);
  T beta = z.re / alpha;
  beta = beta > T(1) ? T(1) : (beta < T(-1) ? T(-1) : beta);
  return {beta, log1p(am1 + sqrt(am1 * (alpha + T(1))))};
}
template <class T>
XP_HD inline T sign_of_imag(complex<T> z) {
  return z.im < T(0) || (z.im == T(0) && (T(1) / z.im) < T(0)) ? T(-1) : T(1);
}
}  // namespace complex_detail
template <class T>
XP_HD inline complex<T> arcsin(complex<T> z) {
  if constexpr (sizeof(T) == 4) {  // in double: alpha's sums keep float's precision
    const complex<double> r = arcsin(complex<double>(z));
    return {static_cast<float>(r.re), static_cast<float>(r.im)};
  } else {
    const auto p = complex_detail::asin_of(z);
    return {arcsin(p.beta), complex_detail::sign_of_imag(z) * p.log_part};
  }
}
template <class T>
XP_HD inline complex<T> arccos(complex<T> z) {
  if constexpr (sizeof(T) == 4) {
    const complex<double> r = arccos(complex<double>(z));
    return {static_cast<float>(r.re), static_cast<float>(r.im)};
  } else {
    const auto p = complex_detail::asin_of(z);
    return {arccos(p.beta), -complex_detail::sign_of_imag(z) * p.log_part};
  }
}
/// arctan(z) = (i/2) (log(1 - iz) - log(1 + iz)).
template <class T>
XP_HD inline complex<T> arctan(complex<T> z) {
  if constexpr (sizeof(T) == 4) {
    const complex<double> r = arctan(complex<double>(z));
    return {static_cast<float>(r.re), static_cast<float>(r.im)};
  } else {
    // real part: atan2(2x, 1 - x^2 - y^2) / 2; imaginary: log1p(4y / (x^2 + (1 - y)^2)) / 4
    const T x = z.re, y = z.im;
    const T re = arctan2(2 * x, (T(1) - y) * (T(1) + y) - x * x) * T(0.5);
    const T den = x * x + (T(1) - y) * (T(1) - y);
    return {re, log1p(4 * y / den) * T(0.25)};
  }
}
/// z^w = exp(w log z); 0^w is 0 for w with positive real part, as NumPy.
template <class T>
XP_HD inline complex<T> pow(complex<T> z, complex<T> w) {
  if (w.re == T(0) && w.im == T(0)) return {T(1), T(0)};
  if (z.re == T(0) && z.im == T(0)) {
    if (w.re > T(0) && w.im == T(0)) return {T(0), T(0)};
  }
  if (w.im == T(0) && w.re == T(1)) return z;
  if (w.im == T(0) && w.re == T(2)) return z * z;
  return exp(w * log(z));
}
template <class T>
XP_HD inline bool isnan(complex<T> z) {
  return isnan(z.re) || isnan(z.im);
}
template <class T>
XP_HD inline bool isinf(complex<T> z) {
  return isinf(z.re) || isinf(z.im);
}
template <class T>
XP_HD inline bool isfinite(complex<T> z) {
  return isfinite(z.re) && isfinite(z.im);
}
}  // namespace math

}  // namespace xp
