// The host's FFT primitive (backends/host/fft.hpp) on FFTW's guru64 interface: the one source that
// includes <fftw3.h>. Each problem's strides and batch axes go to FFTW as they are (no packing);
// plans are made with FFTW_ESTIMATE (planning measures nothing, so a first call costs microseconds,
// not the seconds FFTW_MEASURE may take; the plans are FFTW's heuristic choice) and kept in the host
// plan cache. FFTW's planner is not thread-safe: plans are made and destroyed under one mutex, and
// executed with the new-array calls (fftw_execute_dft...), which are. Without XP_HAS_FFTW the
// primitive compiles no FFTW call and throws xp::value_error.
#define XP_INSTANTIATE_FFT
#include "xp/backends/host/fft.hpp"

#include <string>

#include "xp/core/error.hpp"

#if defined(XP_HAS_FFTW)
#include <fftw3.h>
#include <omp.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <type_traits>
#include <vector>

#include "xp/backends/host/vendor/plan_cache.hpp"
#endif

namespace xp {

using fft::detail::fft_axis;
using fft::detail::fft_kind;
using fft::detail::fft_problem;

#if defined(XP_HAS_FFTW)

namespace {

// FFTW's entry points by precision, once: fftw_* for double, fftwf_* for float.
template <class R>
struct fftw_calls;
template <>
struct fftw_calls<double> {
  using plan = fftw_plan;
  using complex = fftw_complex;
  static constexpr auto plan_dft = fftw_plan_guru64_dft;
  static constexpr auto plan_r2c = fftw_plan_guru64_dft_r2c;
  static constexpr auto plan_c2r = fftw_plan_guru64_dft_c2r;
  static constexpr auto execute_dft = fftw_execute_dft;
  static constexpr auto execute_r2c = fftw_execute_dft_r2c;
  static constexpr auto execute_c2r = fftw_execute_dft_c2r;
  static constexpr auto destroy = fftw_destroy_plan;
  static constexpr auto init_threads = fftw_init_threads;
  static constexpr auto plan_with_nthreads = fftw_plan_with_nthreads;
  static constexpr auto alignment_of = fftw_alignment_of;
  static constexpr auto malloc = fftw_malloc;
  static constexpr auto free = fftw_free;
};
template <>
struct fftw_calls<float> {
  using plan = fftwf_plan;
  using complex = fftwf_complex;
  static constexpr auto plan_dft = fftwf_plan_guru64_dft;
  static constexpr auto plan_r2c = fftwf_plan_guru64_dft_r2c;
  static constexpr auto plan_c2r = fftwf_plan_guru64_dft_c2r;
  static constexpr auto execute_dft = fftwf_execute_dft;
  static constexpr auto execute_r2c = fftwf_execute_dft_r2c;
  static constexpr auto execute_c2r = fftwf_execute_dft_c2r;
  static constexpr auto destroy = fftwf_destroy_plan;
  static constexpr auto init_threads = fftwf_init_threads;
  static constexpr auto plan_with_nthreads = fftwf_plan_with_nthreads;
  static constexpr auto alignment_of = fftwf_alignment_of;
  static constexpr auto malloc = fftwf_malloc;
  static constexpr auto free = fftwf_free;
};

// FFTW's planner (fftw_plan_*, fftw_destroy_plan, fftw_plan_with_nthreads) is not thread-safe,
// and fftw and fftwf share nothing but this lock.
std::mutex& planner_mutex() {
  static std::mutex m;
  return m;
}

// Transforms of at least this many elements (batch included) are planned over every OpenMP thread;
// smaller ones run on one, where starting threads costs more than the transform.
constexpr index_t threaded_min_elements = index_t{1} << 16;

// FFTW_ESTIMATE's choice for a complex transform axis whose stride is a multiple of 512 elements
// (the columns of a 512 x 512 or 2048 x 2048 array: the strided pass meets the cache's
// associativity) is 3-5x slower than the one it makes when told the arrays may be unaligned
// (2-D complex64, 2 cores: 512^2 6.2 against 1.3 ms, 2048^2 102 against 30 ms, 4096^2 425 against
// 146 ms); elsewhere its aligned choice is the faster one (1000 x 1024 rows 0.69 against 2.0 ms,
// 2000^2 17-20 against 24 ms, a 2^20 vector 7.1 against 8.2 ms), so only such axes plan unaligned.
constexpr index_t cache_conflict_stride = 512;

template <class R>
bool plans_unaligned(const fft_problem<R>& q) {
  if (q.kind != fft_kind::c2c) return false;  // r2c/c2r at 2048^2: the aligned choice is 10% faster
  for (int d = 0; d < q.rank; ++d)
    for (index_t stride : {q.axes[d].in_stride, q.axes[d].out_stride})
      if (stride != 0 && stride % cache_conflict_stride == 0) return true;
  return false;
}

// A plan; destroyed under the planner's lock when the cache drops it and no call holds it.
template <class R>
struct fftw_plan_holder {
  using calls = fftw_calls<R>;
  typename calls::plan plan = nullptr;
  fftw_plan_holder() = default;
  fftw_plan_holder(const fftw_plan_holder&) = delete;
  fftw_plan_holder& operator=(const fftw_plan_holder&) = delete;
  ~fftw_plan_holder() {
    if (plan == nullptr) return;
    std::lock_guard lock(planner_mutex());
    calls::destroy(plan);
  }
};

// FFTW's threads are set up once per precision (fftw_init_threads), before any plan.
template <class R>
void init_threads_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (fftw_calls<R>::init_threads() == 0) throw value_error("xp::fft: FFTW could not start its threads");
  });
}

// Every element of `axes` (sizes and both strides): f(in_offset, out_offset), row-major.
template <class F>
void for_each_offset(const std::vector<fft_axis>& axes, F f) {
  index_t total = 1;
  for (const fft_axis& a : axes) total *= a.n;
  if (total == 0) return;
  std::vector<index_t> idx(axes.size(), 0);
  index_t in = 0, out = 0;
  for (index_t i = 0; i < total; ++i) {
    f(in, out);
    for (std::size_t d = axes.size(); d-- > 0;) {
      in += axes[d].in_stride;
      out += axes[d].out_stride;
      if (++idx[d] < axes[d].n) break;
      in -= axes[d].in_stride * axes[d].n;
      out -= axes[d].out_stride * axes[d].n;
      idx[d] = 0;
    }
  }
}

// The problem's batch axes, then its transform axes with the lengths stored on the side `input`.
template <class R>
std::vector<fft_axis> all_axes(const fft_problem<R>& p, bool input) {
  std::vector<fft_axis> axes(p.batch, p.batch + p.batch_rank);
  for (int d = 0; d < p.rank; ++d) {
    fft_axis a = p.axes[d];
    a.n = input ? p.in_length(d) : p.out_length(d);
    axes.push_back(a);
  }
  return axes;
}

// FFTW's guru dimensions from xp's axes.
std::vector<fftw_iodim64> iodims(const fft_axis* axes, int count) {
  std::vector<fftw_iodim64> dims(static_cast<std::size_t>(count));
  for (int d = 0; d < count; ++d)
    dims[static_cast<std::size_t>(d)] = {static_cast<std::ptrdiff_t>(axes[d].n),
                                         static_cast<std::ptrdiff_t>(axes[d].in_stride),
                                         static_cast<std::ptrdiff_t>(axes[d].out_stride)};
  return dims;
}

// The axes' sizes and strides as fixed-size plain data for the plan key.
struct axes_key {
  std::int64_t v[3 * (fft::detail::fft_max_rank + fft::detail::fft_max_batch_rank)] = {};
};

template <class R>
void run_fftw(const fft_problem<R>& p) {
  using calls = fftw_calls<R>;
  using C = complex<R>;
  if (p.batch_count() == 0) return;
  index_t elements = p.batch_count();
  for (int d = 0; d < p.rank; ++d) elements *= p.axes[d].n;

  // c2r destroys its input in FFTW: it runs on a contiguous copy (conjugated for hfft)
  fft_problem<R> q = p;
  std::unique_ptr<void, void (*)(void*)> copy(nullptr, calls::free);
  if (p.kind == fft_kind::c2r) {
    std::vector<fft_axis> axes = all_axes(p, true);
    index_t count = 1;
    for (std::size_t d = axes.size(); d-- > 0;) {  // contiguous input strides
      const index_t n = axes[d].n;
      axes[d].out_stride = count;
      count *= n;
    }
    copy.reset(calls::malloc(static_cast<std::size_t>(count) * sizeof(C)));
    if (!copy) throw out_of_memory(static_cast<std::size_t>(count) * sizeof(C), 0, "xp::fft: FFTW's c2r input copy");
    const C* src = static_cast<const C*>(p.in);
    C* dst = static_cast<C*>(copy.get());
    for_each_offset(axes, [&](index_t i, index_t o) { dst[o] = p.conjugate ? xp::math::conj(src[i]) : src[i]; });
    for (int b = 0; b < q.batch_rank; ++b) q.batch[b].in_stride = axes[static_cast<std::size_t>(b)].out_stride;
    for (int d = 0; d < q.rank; ++d) q.axes[d].in_stride = axes[static_cast<std::size_t>(q.batch_rank + d)].out_stride;
    q.in = dst;
  }

  void* in = const_cast<void*>(q.in);  // FFTW's signatures are not const; xp never lets it write here
  const int threads = elements >= threaded_min_elements ? omp_get_max_threads() : 1;
  // a plan is executed on new arrays of the alignment it was planned with: that alignment is keyed
  // (an unaligned plan runs on any arrays: no alignment in its key)
  const bool unaligned = plans_unaligned(q);
  const int in_alignment = unaligned ? -1 : calls::alignment_of(static_cast<R*>(in));
  const int out_alignment = unaligned ? -1 : calls::alignment_of(static_cast<R*>(q.out));
  axes_key shape;
  int k = 0;
  for (const fft_axis* axes : {q.axes, q.batch})
    for (int d = 0; d < (axes == q.axes ? q.rank : q.batch_rank); ++d) {
      shape.v[k++] = axes[d].n;
      shape.v[k++] = axes[d].in_stride;
      shape.v[k++] = axes[d].out_stride;
    }
  const std::int32_t sizes[] = {static_cast<std::int32_t>(sizeof(R)),
                                static_cast<std::int32_t>(q.kind),
                                q.forward ? 1 : 0,
                                q.rank,
                                q.batch_rank,
                                threads,
                                in_alignment,
                                out_alignment};
  const std::string key = xp::detail::plan_key("fftw", sizes, shape);

  auto make = [&] {
    init_threads_once<R>();
    auto holder = std::make_shared<fftw_plan_holder<R>>();
    const auto dims = iodims(q.axes, q.rank);
    const auto batch = iodims(q.batch, q.batch_rank);
    const unsigned flags = FFTW_ESTIMATE | (q.kind == fft_kind::c2r ? FFTW_DESTROY_INPUT : FFTW_PRESERVE_INPUT) |
                           (unaligned ? FFTW_UNALIGNED : 0u);
    std::lock_guard lock(planner_mutex());
    calls::plan_with_nthreads(threads);
    auto* cin = static_cast<typename calls::complex*>(in);
    auto* cout = static_cast<typename calls::complex*>(q.out);
    switch (q.kind) {
      case fft_kind::c2c:
        holder->plan = calls::plan_dft(q.rank, dims.data(), q.batch_rank, batch.data(), cin, cout,
                                       q.forward ? FFTW_FORWARD : FFTW_BACKWARD, flags);
        break;
      case fft_kind::r2c:
        holder->plan =
            calls::plan_r2c(q.rank, dims.data(), q.batch_rank, batch.data(), static_cast<R*>(in), cout, flags);
        break;
      case fft_kind::c2r:
        holder->plan =
            calls::plan_c2r(q.rank, dims.data(), q.batch_rank, batch.data(), cin, static_cast<R*>(q.out), flags);
        break;
    }
    if (holder->plan == nullptr) throw value_error("xp::fft: FFTW could not plan this transform");
    return std::pair{std::static_pointer_cast<void>(holder), std::size_t{0}};
  };
  const auto plan =
      std::static_pointer_cast<fftw_plan_holder<R>>(backends::host::vendor::plan_cache().get_or_make(key, make));

  switch (q.kind) {
    case fft_kind::c2c:
      calls::execute_dft(plan->plan, static_cast<typename calls::complex*>(in),
                         static_cast<typename calls::complex*>(q.out));
      break;
    case fft_kind::r2c:
      calls::execute_r2c(plan->plan, static_cast<R*>(in), static_cast<typename calls::complex*>(q.out));
      break;
    case fft_kind::c2r:
      calls::execute_c2r(plan->plan, static_cast<typename calls::complex*>(in), static_cast<R*>(q.out));
      break;
  }

  // NumPy's norm, and ihfft's conjugate, on the output
  const bool conjugate = q.kind == fft_kind::r2c && q.conjugate;
  if (q.scale == R(1) && !conjugate) return;
  const std::vector<fft_axis> out_axes = all_axes(q, false);
  const R scale = q.scale;
  if (q.kind == fft_kind::c2r) {
    R* out = static_cast<R*>(q.out);
    for_each_offset(out_axes, [&](index_t, index_t o) { out[o] *= scale; });
  } else {
    C* out = static_cast<C*>(q.out);
    for_each_offset(out_axes, [&](index_t, index_t o) {
      const C v = conjugate ? xp::math::conj(out[o]) : out[o];
      out[o] = C(v.real() * scale, v.imag() * scale);
    });
  }
}

}  // namespace

template <class R>
void primitive::fft<host>::run(const fft_problem<R>& p) {
  run_fftw(p);
}

#else

template <class R>
void primitive::fft<host>::run(const fft_problem<R>&) {
  throw value_error("xp::fft: this build of xp has no FFTW; build xp with FFTW (Debian: libfftw3-dev)");
}

#endif

#define XP_INSTANTIATE_HOST_FFT(R) template void primitive::fft<host>::run<R>(const fft_problem<R>&);
XP_FFT_TYPES(XP_INSTANTIATE_HOST_FFT)
#undef XP_INSTANTIATE_HOST_FFT
#undef XP_FFT_TYPES

}  // namespace xp
