#pragma once
/// @file fft/transforms.hpp
/// @brief numpy.fft's transforms: fft, ifft, rfft, irfft, hfft, ihfft, fft2, ifft2, rfft2, irfft2,
/// fftn, ifftn, rfftn, irfftn, with NumPy 2's arguments (n or s, axis or axes, norm, out=) and
/// dtypes. Every call is reduced here to batches of transforms over 1 to 3 axes that the backend's
/// primitive (fft/fft_primitive.hpp: FFTW on the host, cuFFT on the device) takes with the
/// operand's own strides: n crops (a view) or zero-pads (a copy) the input, more than 3 axes (or a
/// repeated axis) run as successive passes in NumPy's order, and the norm's scale is applied by the
/// backend in the last pass. The result is a new C-contiguous array.
///
///     auto X = xp::fft::fft(x);                          // np.fft.fft(x)
///     auto y = xp::fft::irfft(X2, 64, 0, "ortho");       // np.fft.irfft(X2, n=64, axis=0, norm="ortho")
///     auto F = xp::fft::fftn(v, {}, {0, 2});             // np.fft.fftn(v, axes=(0, 2))
///     xp::fft::fft(x, {}, -1, "backward", xp::out(o));   // out=

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

#include "xp/array/manipulation.hpp"
#include "xp/core/complex.hpp"
#include "xp/core/creation.hpp"
#include "xp/core/dtype.hpp"
#include "xp/core/error.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/slicing.hpp"
#include "xp/core/trace.hpp"
#include "xp/expr/kernel.hpp"
#include "xp/fft/fft_primitive.hpp"

namespace xp::fft {

/// NumPy's norm: which direction is scaled, by 1/n ("backward": the inverse, NumPy's default;
/// "forward": the forward transform) or both by 1/sqrt(n) ("ortho").
enum class norm_mode { backward, ortho, forward };

/// The norm argument of every transform: NumPy's string ("backward", "ortho", "forward") or a
/// norm_mode. A string is checked by the transform (a value_error naming it).
class norm_arg {
 public:
  norm_arg(norm_mode mode) : m_mode(mode), m_given(true) {}
  norm_arg(std::string_view name) : m_name(name) {}
  norm_arg(const char* name) : m_name(name) {}
  norm_arg(const std::string& name) : m_name(name) {}
  /// The mode, the string parsed.
  /// @throws xp::value_error for a string that names no norm.
  norm_mode mode(const char* fn) const {
    if (m_given) return m_mode;
    if (m_name == "backward") return norm_mode::backward;
    if (m_name == "ortho") return norm_mode::ortho;
    if (m_name == "forward") return norm_mode::forward;
    throw value_error(std::string(fn) + ": invalid norm value " + std::string(m_name) +
                      "; should be \"backward\", \"ortho\" or \"forward\"");
  }

 private:
  std::string_view m_name;  // the caller's string, alive for the call
  norm_mode m_mode = norm_mode::backward;
  bool m_given = false;
};

namespace detail {

/// The real type a transform of T computes in (NumPy 2): float32, float16 and complex64 in float,
/// everything else (float64, complex128, integers, bool) in double.
template <class T>
using real_t =
    std::conditional_t<std::is_same_v<T, float> || std::is_same_v<T, float16> || std::is_same_v<T, complex64>, float,
                       double>;
template <class T>
using complex_t = complex<real_t<T>>;
/// irfft's and hfft's result: float16 input gives float16 (NumPy 2 casts back), the rest real_t.
template <class T>
using real_result_t = std::conditional_t<std::is_same_v<T, float16>, float16, real_t<T>>;

/// hfft and ihfft are irfft and rfft with the norm's direction swapped.
inline norm_mode swap_direction(norm_mode norm) {
  return norm == norm_mode::backward ? norm_mode::forward : norm == norm_mode::forward ? norm_mode::backward : norm;
}
/// The factor of a transform over `points` (the product of its logical lengths).
inline double norm_scale(norm_mode norm, bool forward, double points) {
  if (norm == norm_mode::ortho) return 1 / std::sqrt(points);
  return (norm == norm_mode::forward) == forward ? 1 / points : 1.0;
}

/// The transforms need a library on the host build (FFTW).
template <class B>
void check_available(const char* fn) {
  if constexpr (!primitive::fft<B>::available)
    throw value_error(std::string(fn) + ": this build of xp has no FFTW; build xp with FFTW (Debian: libfftw3-dev)");
}

/// An axis length given by n or s.
/// @throws xp::value_error below 1 (NumPy's message).
inline index_t checked_points(index_t n) {
  if (n < 1) throw value_error("xp::fft: invalid number of FFT data points (" + std::to_string(n) + ") specified");
  return n;
}

/// x as To with length lens[i] along axes[i] (distinct): cropped (a view) or zero-padded (a copy);
/// x itself when nothing changes and the type is To.
template <class To, class T, class B>
ndarray<To, B> resized(const ndarray<T, B>& x, const std::vector<int>& axes, const std::vector<index_t>& lens) {
  ndarray<T, B> cropped = x;
  shape_type shape = x.shape();
  bool pad = false;
  for (std::size_t i = 0; i < axes.size(); ++i) {
    const int ax = axes[i];
    if (lens[i] < shape[ax]) cropped = xp::detail::axis_slice(cropped, ax, 0, lens[i]);
    pad = pad || lens[i] > shape[ax];
    shape[ax] = lens[i];
  }
  if (!pad) {
    if constexpr (std::is_same_v<T, To>) return cropped;
    else return cropped.template astype<To>();
  }
  auto out = zeros<To, B>(shape);
  ndarray<To, B> inner = out;
  for (std::size_t d = 0; d < x.ndim(); ++d)
    inner = xp::detail::axis_slice(inner, static_cast<int>(d), 0, cropped.shape()[d]);
  xp::detail::assign(inner, cropped);
  return out;
}

/// One call of the primitive: the transforms of `in` into `out` (a new array) over `axes`
/// (distinct, at most fft_max_rank, in the transform's order) of logical lengths `n`, batched
/// over the other axes (merged where both operands allow it).
/// @throws xp::value_error for more batch axes than the primitive takes after merging.
template <class R, class In, class Out, class B>
void run_pass(fft_kind kind, bool forward, const ndarray<In, B>& in, const ndarray<Out, B>& out,
              const std::vector<int>& axes, const std::vector<index_t>& n, double scale, bool conjugate) {
  if (out.size() == 0) return;
  fft_problem<R> p;
  p.kind = kind;
  p.forward = forward;
  p.rank = static_cast<int>(axes.size());
  for (std::size_t i = 0; i < axes.size(); ++i) p.axes[i] = {n[i], in.strides()[axes[i]], out.strides()[axes[i]]};
  for (std::size_t d = 0; d < in.ndim(); ++d) {
    if (std::find(axes.begin(), axes.end(), static_cast<int>(d)) != axes.end() || in.shape()[d] == 1) continue;
    const fft_axis a{in.shape()[d], in.strides()[d], out.strides()[d]};
    fft_axis* last = p.batch_rank > 0 ? &p.batch[p.batch_rank - 1] : nullptr;
    if (last && last->in_stride == a.in_stride * a.n && last->out_stride == a.out_stride * a.n) {
      *last = {last->n * a.n, a.in_stride, a.out_stride};  // one run on both sides
      continue;
    }
    if (p.batch_rank == fft_max_batch_rank)
      throw value_error("xp::fft: more than " + std::to_string(fft_max_batch_rank) +
                        " batch axes that do not merge; make the input contiguous first");
    p.batch[p.batch_rank++] = a;
  }
  p.in = in.data();
  p.out = out.data();
  p.scale = static_cast<R>(scale);
  p.conjugate = conjugate;
  primitive::fft<B>::run(p);
}

/// One pass of a multi-axis transform: its axes and their lengths.
struct pass {
  std::vector<int> axes;
  std::vector<index_t> lens;
};

/// The passes over axes[0, count) in NumPy's order (its last axis first): groups of up to
/// fft_max_rank axes from the back when the axes are distinct (the transforms commute), one
/// axis per pass when one repeats (then each crop or pad must come in NumPy's order).
inline std::vector<pass> passes_of(const std::vector<int>& axes, const std::vector<index_t>& lens, std::size_t count) {
  bool repeated = false;
  for (std::size_t i = 0; i < axes.size(); ++i)
    for (std::size_t j = 0; j < i; ++j) repeated = repeated || axes[i] == axes[j];
  const std::size_t group = repeated ? 1 : static_cast<std::size_t>(fft_max_rank);
  std::vector<pass> out;
  for (std::size_t end = count; end > 0;) {
    const std::size_t begin = end > group ? end - group : 0;
    out.push_back({std::vector<int>(axes.begin() + static_cast<std::ptrdiff_t>(begin),
                                    axes.begin() + static_cast<std::ptrdiff_t>(end)),
                   std::vector<index_t>(lens.begin() + static_cast<std::ptrdiff_t>(begin),
                                        lens.begin() + static_cast<std::ptrdiff_t>(end))});
    end = begin;
  }
  return out;
}

/// Complex passes over `passes` starting from `a` (already complex), the last one scaled.
template <class C, class B>
ndarray<C, B> c2c_passes(ndarray<C, B> a, const std::vector<pass>& passes, bool forward, double scale) {
  using R = ::xp::detail::real_of_t<C>;
  for (std::size_t i = 0; i < passes.size(); ++i) {
    const auto in = resized<C>(a, passes[i].axes, passes[i].lens);
    ndarray<C, B> out(in.shape());
    run_pass<R>(fft_kind::c2c, forward, in, out, passes[i].axes, passes[i].lens, i + 1 == passes.size() ? scale : 1.0,
                false);
    a = out;
  }
  return a;
}

inline double points_of(const std::vector<index_t>& lens) {
  double points = 1;
  for (index_t n : lens) points *= static_cast<double>(n);
  return points;
}

/// fftn / ifftn: complex transforms over `axes` (normalised, maybe repeated) of lengths `lens`.
template <class T, class B>
ndarray<complex_t<T>, B> c2c_nd(const ndarray<T, B>& x, const std::vector<int>& axes, const std::vector<index_t>& lens,
                                bool forward, norm_mode norm) {
  using C = complex_t<T>;
  const auto passes = passes_of(axes, lens, axes.size());
  if (passes.empty()) return x.template astype<C>();
  // the first pass converts (and crops or pads) the input; the rest run on complex arrays
  const auto first = resized<C>(x, passes[0].axes, passes[0].lens);
  return c2c_passes(first, passes, forward, norm_scale(norm, forward, points_of(lens)));
}

/// rfftn (and ihfft with `conjugate`): a real-to-complex pass over the last axes, then complex
/// passes over the others.
template <class T, class B>
ndarray<complex_t<T>, B> r2c_nd(const ndarray<T, B>& x, const std::vector<int>& axes, const std::vector<index_t>& lens,
                                norm_mode norm, bool conjugate) {
  using R = real_t<T>;
  using C = complex_t<T>;
  auto passes = passes_of(axes, lens, axes.size());
  const auto in = resized<R>(x, passes[0].axes, passes[0].lens);
  shape_type shape = in.shape();
  shape[passes[0].axes.back()] = passes[0].lens.back() / 2 + 1;
  ndarray<C, B> out(shape);
  const double scale = norm_scale(norm, true, points_of(lens));
  run_pass<R>(fft_kind::r2c, true, in, out, passes[0].axes, passes[0].lens, passes.size() == 1 ? scale : 1.0,
              conjugate);
  passes.erase(passes.begin());
  return passes.empty() ? out : c2c_passes(out, passes, true, scale);
}

/// irfftn (and hfft with `conjugate`): complex inverse passes over the first axes, then a
/// complex-to-real pass over the last ones; lens' last entry is the real output's length.
template <class T, class B>
ndarray<real_t<T>, B> c2r_nd(const ndarray<T, B>& x, const std::vector<int>& axes, const std::vector<index_t>& lens,
                             norm_mode norm, bool conjugate) {
  using R = real_t<T>;
  using C = complex_t<T>;
  const auto all = passes_of(axes, lens, axes.size());
  const pass last = all.front();  // the group holding the last axis runs last, as NumPy's irfft
  const std::size_t first_count = axes.size() - last.axes.size();
  const auto before = passes_of(axes, lens, first_count);
  const double scale = norm_scale(norm, false, points_of(lens));
  ndarray<C, B> a =
      before.empty() ? ndarray<C, B>() : c2c_passes(resized<C>(x, before[0].axes, before[0].lens), before, false, 1.0);
  std::vector<index_t> stored = last.lens;
  stored.back() = stored.back() / 2 + 1;
  const auto in = before.empty() ? resized<C>(x, last.axes, stored) : resized<C>(a, last.axes, stored);
  shape_type shape = in.shape();
  shape[last.axes.back()] = last.lens.back();
  ndarray<R, B> out(shape);
  run_pass<R>(fft_kind::c2r, false, in, out, last.axes, last.lens, scale, conjugate);
  return out;
}

/// NumPy's _cook_nd_args: the axes (all, or the last s.size() when s is given; normalised) and
/// their lengths (s, or the input's; `real_inverse`: the last one 2 * (m - 1), irfftn's).
/// @throws xp::value_error when s and axes differ in length or a length is below 1;
///         xp::index_error (NumPy's AxisError) for an axis out of range.
template <class T, class B>
void cook_nd(const ndarray<T, B>& x, const std::vector<index_t>& s, const axes_t& axes, bool real_inverse,
             std::vector<int>& axes_out, std::vector<index_t>& lens_out) {
  std::vector<index_t> list;
  if (axes.all()) {
    const index_t count = s.empty() ? static_cast<index_t>(x.ndim()) : static_cast<index_t>(s.size());
    for (index_t i = -count; i < 0; ++i) list.push_back(s.empty() ? i + count : i);
  } else {
    list = axes.list();
  }
  if (!s.empty() && s.size() != list.size()) throw value_error("xp::fft: shape and axes have different lengths");
  axes_out.clear();
  lens_out.clear();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const int ax = normalize_axis(list[i], x.ndim());
    axes_out.push_back(ax);
    index_t n = s.empty() ? x.shape()[ax] : s[i];
    if (s.empty() && real_inverse && i + 1 == list.size()) n = 2 * (n - 1);
    lens_out.push_back(checked_points(n));
  }
}

/// One axis as cook_nd's lists.
template <class T, class B>
void cook_1d(const ndarray<T, B>& x, std::optional<index_t> n, index_t axis, bool real_inverse,
             std::vector<int>& axes_out, std::vector<index_t>& lens_out) {
  const int ax = normalize_axis(axis, x.ndim());
  index_t len = x.shape()[ax];
  if (n) len = *n;
  else if (real_inverse) len = 2 * (len - 1);
  axes_out = {ax};
  lens_out = {checked_points(len)};
}

/// The result, or, with xp::out(o), o after the result is copied into it (o may be of another
/// dtype of the same kind: complex for a complex result, float or complex for a real one).
/// @throws xp::dtype_error for an out of another kind; xp::shape_error for another shape;
///         xp::value_error for a read-only out.
template <class T, class B, class O>
auto deliver(const ndarray<T, B>& result, const O& into, const char* fn) {
  if constexpr (std::is_same_v<O, std::nullptr_t>) {
    return result;
  } else {
    static_assert(xp::detail::is_out<O>::value && std::tuple_size_v<decltype(into.arrays)> == 1,
                  "xp::fft: the last argument is xp::out(array) of one array");
    const auto& o = std::get<0>(into.arrays);
    using U = typename std::decay_t<decltype(o)>::value_type;
    static_assert(std::is_same_v<typename std::decay_t<decltype(o)>::backend_type, B>,
                  "xp::fft: out must be on the input's backend");
    constexpr bool kind_ok =
        ::xp::detail::is_complex_v<U> || (!::xp::detail::is_complex_v<T> && ::xp::detail::is_real_floating_v<U>);
    if (!kind_ok)
      throw dtype_error(std::string(fn) + ": cannot cast the result (" +
                        (::xp::detail::is_complex_v<T> ? "complex" : "real") + ") to out's dtype " +
                        std::string(dtype_name<U>()));
    xp::detail::check_writeable(o);
    if (o.shape() != result.shape())
      throw shape_error(std::string(fn) + ": out has shape " + to_string(o.shape()) + ", the result has " +
                        to_string(result.shape()));
    if constexpr (kind_ok) xp::detail::assign(o, result);
    return o;
  }
}

}  // namespace detail

// ---- one axis --------------------------------------------------------------------------------

/// @brief np.fft.fft(x, n, axis, norm, out): the discrete Fourier transform along one axis,
/// X[k] = sum_j x[j] exp(-2 pi i jk / n). `n` crops or zero-pads the axis (default: its length);
/// `norm` is "backward" (no scaling, the default), "ortho" (1/sqrt(n)) or "forward" (1/n), or a
/// norm_mode. float32,
/// float16 and complex64 give complex64; the rest (float64, complex128, integers, bool) complex128.
/// The last argument may be xp::out(o).
/// @throws xp::value_error for n < 1 (also an empty axis), a bad norm or, on a host build without
///         FFTW, always; xp::index_error for an axis out of range; for out= see detail::deliver.
template <class T, class B, class O = std::nullptr_t>
auto fft(const ndarray<T, B>& x, std::optional<index_t> n = std::nullopt, index_t axis = -1,
         norm_arg norm = norm_mode::backward, const O& into = nullptr) {
  ::xp::detail::op_range<B> range("xp::fft::fft");
  detail::check_available<B>("xp::fft::fft");
  const norm_mode mode = norm.mode("xp::fft::fft");
  std::vector<int> axes;
  std::vector<index_t> lens;
  detail::cook_1d(x, n, axis, false, axes, lens);
  return detail::deliver(detail::c2c_nd(x, axes, lens, true, mode), into, "xp::fft::fft");
}

/// @brief np.fft.ifft(X, n, axis, norm, out): the inverse of fft, x[j] = (1/n) sum_k X[k]
/// exp(2 pi i jk / n) with the default norm. Arguments, dtypes and errors as fft.
template <class T, class B, class O = std::nullptr_t>
auto ifft(const ndarray<T, B>& x, std::optional<index_t> n = std::nullopt, index_t axis = -1,
          norm_arg norm = norm_mode::backward, const O& into = nullptr) {
  ::xp::detail::op_range<B> range("xp::fft::ifft");
  detail::check_available<B>("xp::fft::ifft");
  const norm_mode mode = norm.mode("xp::fft::ifft");
  std::vector<int> axes;
  std::vector<index_t> lens;
  detail::cook_1d(x, n, axis, false, axes, lens);
  return detail::deliver(detail::c2c_nd(x, axes, lens, false, mode), into, "xp::fft::ifft");
}

/// @brief np.fft.rfft(x, n, axis, norm, out): the transform of real input, its n / 2 + 1
/// non-negative frequencies. float32 and float16 give complex64, the rest complex128.
/// @throws xp::dtype_error for complex input; otherwise as fft.
template <class T, class B, class O = std::nullptr_t>
auto rfft(const ndarray<T, B>& x, std::optional<index_t> n = std::nullopt, index_t axis = -1,
          norm_arg norm = norm_mode::backward, const O& into = nullptr) {
  ::xp::detail::op_range<B> range("xp::fft::rfft");
  detail::check_available<B>("xp::fft::rfft");
  if constexpr (::xp::detail::is_complex_v<T>) {
    throw dtype_error("xp::fft::rfft: the input is complex; rfft takes real input (use fft)");
    return detail::deliver(ndarray<T, B>(), into, "xp::fft::rfft");
  } else {
    const norm_mode mode = norm.mode("xp::fft::rfft");
    std::vector<int> axes;
    std::vector<index_t> lens;
    detail::cook_1d(x, n, axis, false, axes, lens);
    return detail::deliver(detail::r2c_nd(x, axes, lens, mode, false), into, "xp::fft::rfft");
  }
}

/// @brief np.fft.irfft(X, n, axis, norm, out): the inverse of rfft, a real result of length n
/// (default 2 * (m - 1) for m input values along the axis; the input is cropped or zero-padded to
/// n / 2 + 1). complex64 and float32 give float32, float16 float16, the rest float64.
/// @throws as fft (n < 1 includes the default n of a one-element axis).
template <class T, class B, class O = std::nullptr_t>
auto irfft(const ndarray<T, B>& x, std::optional<index_t> n = std::nullopt, index_t axis = -1,
           norm_arg norm = norm_mode::backward, const O& into = nullptr) {
  ::xp::detail::op_range<B> range("xp::fft::irfft");
  detail::check_available<B>("xp::fft::irfft");
  const norm_mode mode = norm.mode("xp::fft::irfft");
  std::vector<int> axes;
  std::vector<index_t> lens;
  detail::cook_1d(x, n, axis, true, axes, lens);
  const auto result = detail::c2r_nd(x, axes, lens, mode, false);
  if constexpr (std::is_same_v<T, float16>)
    return detail::deliver(result.template astype<float16>(), into, "xp::fft::irfft");
  else return detail::deliver(result, into, "xp::fft::irfft");
}

/// @brief np.fft.hfft(x, n, axis, norm, out): the transform of a Hermitian-symmetric signal given
/// by its first half, a real spectrum of length n (default 2 * (m - 1)): irfft(conj(x)) with the
/// norm's direction swapped (no scaling by default). Dtypes as irfft.
/// @throws as irfft.
template <class T, class B, class O = std::nullptr_t>
auto hfft(const ndarray<T, B>& x, std::optional<index_t> n = std::nullopt, index_t axis = -1,
          norm_arg norm = norm_mode::backward, const O& into = nullptr) {
  ::xp::detail::op_range<B> range("xp::fft::hfft");
  detail::check_available<B>("xp::fft::hfft");
  const norm_mode mode = detail::swap_direction(norm.mode("xp::fft::hfft"));
  std::vector<int> axes;
  std::vector<index_t> lens;
  detail::cook_1d(x, n, axis, true, axes, lens);
  const auto result = detail::c2r_nd(x, axes, lens, mode, true);
  if constexpr (std::is_same_v<T, float16>)
    return detail::deliver(result.template astype<float16>(), into, "xp::fft::hfft");
  else return detail::deliver(result, into, "xp::fft::hfft");
}

/// @brief np.fft.ihfft(x, n, axis, norm, out): the inverse of hfft for real input, conj(rfft(x))
/// with the norm's direction swapped (1/n by default). Dtypes as rfft.
/// @throws as rfft.
template <class T, class B, class O = std::nullptr_t>
auto ihfft(const ndarray<T, B>& x, std::optional<index_t> n = std::nullopt, index_t axis = -1,
           norm_arg norm = norm_mode::backward, const O& into = nullptr) {
  ::xp::detail::op_range<B> range("xp::fft::ihfft");
  detail::check_available<B>("xp::fft::ihfft");
  if constexpr (::xp::detail::is_complex_v<T>) {
    throw dtype_error("xp::fft::ihfft: the input is complex; ihfft takes real input");
    return detail::deliver(ndarray<T, B>(), into, "xp::fft::ihfft");
  } else {
    const norm_mode mode = detail::swap_direction(norm.mode("xp::fft::ihfft"));
    std::vector<int> axes;
    std::vector<index_t> lens;
    detail::cook_1d(x, n, axis, false, axes, lens);
    return detail::deliver(detail::r2c_nd(x, axes, lens, mode, true), into, "xp::fft::ihfft");
  }
}

// ---- several axes ----------------------------------------------------------------------------

/// @brief np.fft.fftn(x, s, axes, norm, out): the transform over several axes. `s` (empty: None)
/// gives each axis's length (crop or zero-pad); `axes` defaults to all, or to the last s.size()
/// axes when s is given. A repeated axis is transformed again, as NumPy does. Dtypes as fft.
/// @throws xp::value_error when s and axes differ in length, for a length below 1 or a bad norm;
///         xp::index_error for an axis out of range; for out= see detail::deliver.
template <class T, class B, class O = std::nullptr_t>
auto fftn(const ndarray<T, B>& x, const std::vector<index_t>& s = {}, const axes_t& axes = {},
          norm_arg norm = norm_mode::backward, const O& into = nullptr) {
  ::xp::detail::op_range<B> range("xp::fft::fftn");
  detail::check_available<B>("xp::fft::fftn");
  const norm_mode mode = norm.mode("xp::fft::fftn");
  std::vector<int> ax;
  std::vector<index_t> lens;
  detail::cook_nd(x, s, axes, false, ax, lens);
  return detail::deliver(detail::c2c_nd(x, ax, lens, true, mode), into, "xp::fft::fftn");
}

/// @brief np.fft.ifftn(X, s, axes, norm, out): the inverse of fftn. As fftn.
template <class T, class B, class O = std::nullptr_t>
auto ifftn(const ndarray<T, B>& x, const std::vector<index_t>& s = {}, const axes_t& axes = {},
           norm_arg norm = norm_mode::backward, const O& into = nullptr) {
  ::xp::detail::op_range<B> range("xp::fft::ifftn");
  detail::check_available<B>("xp::fft::ifftn");
  const norm_mode mode = norm.mode("xp::fft::ifftn");
  std::vector<int> ax;
  std::vector<index_t> lens;
  detail::cook_nd(x, s, axes, false, ax, lens);
  return detail::deliver(detail::c2c_nd(x, ax, lens, false, mode), into, "xp::fft::ifftn");
}

/// @brief np.fft.rfftn(x, s, axes, norm, out): the transform of real input over several axes,
/// the last axis halved (s[-1] / 2 + 1). Dtypes as rfft.
/// @throws xp::dtype_error for complex input; otherwise as fftn.
template <class T, class B, class O = std::nullptr_t>
auto rfftn(const ndarray<T, B>& x, const std::vector<index_t>& s = {}, const axes_t& axes = {},
           norm_arg norm = norm_mode::backward, const O& into = nullptr) {
  ::xp::detail::op_range<B> range("xp::fft::rfftn");
  detail::check_available<B>("xp::fft::rfftn");
  if constexpr (::xp::detail::is_complex_v<T>) {
    throw dtype_error("xp::fft::rfftn: the input is complex; rfftn takes real input (use fftn)");
    return detail::deliver(ndarray<T, B>(), into, "xp::fft::rfftn");
  } else {
    const norm_mode mode = norm.mode("xp::fft::rfftn");
    std::vector<int> ax;
    std::vector<index_t> lens;
    detail::cook_nd(x, s, axes, false, ax, lens);
    if (ax.empty()) throw value_error("xp::fft::rfftn: at least one axis must be transformed");
    return detail::deliver(detail::r2c_nd(x, ax, lens, mode, false), into, "xp::fft::rfftn");
  }
}

/// @brief np.fft.irfftn(X, s, axes, norm, out): the inverse of rfftn, real, of lengths s (the
/// last default 2 * (m - 1)). Dtypes as irfft.
/// @throws as fftn.
template <class T, class B, class O = std::nullptr_t>
auto irfftn(const ndarray<T, B>& x, const std::vector<index_t>& s = {}, const axes_t& axes = {},
            norm_arg norm = norm_mode::backward, const O& into = nullptr) {
  ::xp::detail::op_range<B> range("xp::fft::irfftn");
  detail::check_available<B>("xp::fft::irfftn");
  const norm_mode mode = norm.mode("xp::fft::irfftn");
  std::vector<int> ax;
  std::vector<index_t> lens;
  detail::cook_nd(x, s, axes, true, ax, lens);
  if (ax.empty()) throw value_error("xp::fft::irfftn: at least one axis must be transformed");
  const auto result = detail::c2r_nd(x, ax, lens, mode, false);
  if constexpr (std::is_same_v<T, float16>)
    return detail::deliver(result.template astype<float16>(), into, "xp::fft::irfftn");
  else return detail::deliver(result, into, "xp::fft::irfftn");
}

/// @brief np.fft.fft2(x, s, axes = (-2, -1), norm, out): fftn over two axes by default.
template <class T, class B, class O = std::nullptr_t>
auto fft2(const ndarray<T, B>& x, const std::vector<index_t>& s = {}, const axes_t& axes = {-2, -1},
          norm_arg norm = norm_mode::backward, const O& into = nullptr) {
  ::xp::detail::op_range<B> range("xp::fft::fft2");
  return fftn(x, s, axes, norm, into);
}
/// @brief np.fft.ifft2(X, s, axes = (-2, -1), norm, out): ifftn over two axes by default.
template <class T, class B, class O = std::nullptr_t>
auto ifft2(const ndarray<T, B>& x, const std::vector<index_t>& s = {}, const axes_t& axes = {-2, -1},
           norm_arg norm = norm_mode::backward, const O& into = nullptr) {
  ::xp::detail::op_range<B> range("xp::fft::ifft2");
  return ifftn(x, s, axes, norm, into);
}
/// @brief np.fft.rfft2(x, s, axes = (-2, -1), norm, out): rfftn over two axes by default.
template <class T, class B, class O = std::nullptr_t>
auto rfft2(const ndarray<T, B>& x, const std::vector<index_t>& s = {}, const axes_t& axes = {-2, -1},
           norm_arg norm = norm_mode::backward, const O& into = nullptr) {
  ::xp::detail::op_range<B> range("xp::fft::rfft2");
  return rfftn(x, s, axes, norm, into);
}
/// @brief np.fft.irfft2(X, s, axes = (-2, -1), norm, out): irfftn over two axes by default.
template <class T, class B, class O = std::nullptr_t>
auto irfft2(const ndarray<T, B>& x, const std::vector<index_t>& s = {}, const axes_t& axes = {-2, -1},
            norm_arg norm = norm_mode::backward, const O& into = nullptr) {
  ::xp::detail::op_range<B> range("xp::fft::irfft2");
  return irfftn(x, s, axes, norm, into);
}

// what evaluates to an array (an expression, a selection) in an array's place
XP_EVALUATING_OVERLOAD(fft)
XP_EVALUATING_OVERLOAD(ifft)
XP_EVALUATING_OVERLOAD(rfft)
XP_EVALUATING_OVERLOAD(irfft)
XP_EVALUATING_OVERLOAD(hfft)
XP_EVALUATING_OVERLOAD(ihfft)
XP_EVALUATING_OVERLOAD(fft2)
XP_EVALUATING_OVERLOAD(ifft2)
XP_EVALUATING_OVERLOAD(rfft2)
XP_EVALUATING_OVERLOAD(irfft2)
XP_EVALUATING_OVERLOAD(fftn)
XP_EVALUATING_OVERLOAD(ifftn)
XP_EVALUATING_OVERLOAD(rfftn)
XP_EVALUATING_OVERLOAD(irfftn)

}  // namespace xp::fft
