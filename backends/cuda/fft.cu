// primitive::fft<cuda>: cuFFT (vendor/fft.hpp), compiled once into libxp_cuda for every type of
// XP_FFT_TYPES (fft/fft_primitive.hpp). A problem's operands go to cuFFT's advanced layout as they
// are when it can express them (one batch axis of positive stride; each transform axis's stride a
// positive multiple, at least its extent, of the next one's); otherwise, and always for c2r's
// input (cuFFT overwrites it), they are packed into contiguous buffers from xp's pool by xp's
// strided copy. Plans live in the device's plan cache (made with cufftMakePlanMany64 and no work
// area of their own: it comes from xp's pool per call, on the current stream); NumPy's norm and
// hfft's conjugation are one small kernel.

// this unit holds the primitive's explicit instantiations (backends/cuda/precompiled.hpp)
#define XP_INSTANTIATE_CUDA_FFT

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>

// the primitive's header first: it writes XP_FFT_TYPES, then includes backends/cuda/fft.hpp
#include "xp/fft/fft_primitive.hpp"
// (the other headers after it)
#include "xp/backends/cuda/evaluate.hpp"
#include "xp/backends/cuda/fft.hpp"
#include "xp/backends/cuda/kernels.cuh"
#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/vendor/fft.hpp"
#include "xp/backends/cuda/vendor/plan_cache.hpp"
#include "xp/backends/cuda/vendor/scratch.hpp"
#include "xp/core/kernel_view.hpp"

namespace xp::backends::cuda {

namespace {

using ::xp::fft::detail::fft_axis;
using ::xp::fft::detail::fft_kind;
using ::xp::fft::detail::fft_max_rank;
using ::xp::fft::detail::fft_problem;

// A cuFFT plan in the device's cache: destroyed (cufftDestroy) when the cache drops it and no call
// holds it. Its stream and work area are set per call, under `using_plan`, since two threads may
// run the same cached plan at once.
struct cufft_plan {
  cufftHandle handle = 0;
  bool made = false;
  std::size_t work_bytes = 0;
  std::mutex using_plan;
  cufft_plan() = default;
  cufft_plan(const cufft_plan&) = delete;
  cufft_plan& operator=(const cufft_plan&) = delete;
  ~cufft_plan() {
    if (made) (void)cufftDestroy(handle);  // a failure can only be ignored here
  }
};

// One side of a problem in cuFFT's advanced layout: element (b, x0, x1, x2) at
// b * dist + ((x0 * embed[1] + x1) * embed[2] + x2) * stride.
struct cufft_layout {
  long long embed[fft_max_rank] = {};
  long long stride = 1;
  long long dist = 0;
};

// The layout of one side (lengths `len`, strides from the problem), or false when cuFFT's layout
// cannot express it.
template <class R>
bool expressible(const fft_problem<R>& p, bool input, cufft_layout& out) {
  if (p.batch_rank > 1) return false;
  auto stride_of = [&](const fft_axis& a) { return input ? a.in_stride : a.out_stride; };
  const int last = p.rank - 1;
  out.stride = stride_of(p.axes[last]);
  if (out.stride <= 0) return false;
  out.embed[0] = input ? p.in_length(0) : p.out_length(0);
  for (int d = last; d > 0; --d) {
    const index_t outer = stride_of(p.axes[d - 1]), inner = stride_of(p.axes[d]);
    const index_t len = input ? p.in_length(d) : p.out_length(d);
    if (inner <= 0 || outer <= 0 || outer % inner != 0 || outer / inner < len) return false;
    out.embed[d] = outer / inner;
  }
  if (p.batch_rank == 1) {
    out.dist = stride_of(p.batch[0]);
    if (out.dist <= 0) return false;
  }
  return true;
}

// The contiguous layout of one side: the batch then the transform axes, row-major.
template <class R>
cufft_layout contiguous_layout(const fft_problem<R>& p, bool input) {
  cufft_layout l;
  l.stride = 1;
  l.dist = 1;
  for (int d = 0; d < p.rank; ++d) {
    l.embed[d] = input ? p.in_length(d) : p.out_length(d);
    l.dist *= l.embed[d];
  }
  return l;
}

// One side's elements (batch axes, then transform axes) as xp's copy takes them: the merged shape
// with the problem's strides, or (`packed`) with contiguous strides at another address.
template <class T, class R>
strided_view<T> side_view(const fft_problem<R>& p, bool input, T* data, bool packed = false) {
  shape_type shape, strides;
  for (int b = 0; b < p.batch_rank; ++b) {
    shape.push_back(p.batch[b].n);
    strides.push_back(input ? p.batch[b].in_stride : p.batch[b].out_stride);
  }
  for (int d = 0; d < p.rank; ++d) {
    shape.push_back(input ? p.in_length(d) : p.out_length(d));
    strides.push_back(input ? p.axes[d].in_stride : p.axes[d].out_stride);
  }
  auto merged = xp::detail::merge_layout(shape, {&strides});
  if (packed) {
    index_t step = 1;
    for (std::size_t d = merged.shape.size(); d-- > 0;) {
      merged.strides[0][d] = step;
      step *= merged.shape[d];
    }
  }
  return xp::detail::make_strided_view(data, merged.shape, merged.strides[0]);
}
template <class T, class R>
strided_view<T> packed_view(const fft_problem<R>& p, bool input, T* data) {
  return side_view(p, input, data, true);
}

// v[i] = scale * (conjugate ? conj(v[i]) : v[i]).
template <class T, class R>
__global__ void __launch_bounds__(block_threads) scale_kernel(strided_view<T> v, R scale, bool conjugate) {
  for (index_t i = blockIdx.x * index_t{blockDim.x} + threadIdx.x; i < v.size; i += index_t{gridDim.x} * blockDim.x) {
    T& e = v[i];
    if constexpr (std::is_same_v<T, R>) {
      e *= scale;
    } else {
      e = T(e.real() * scale, (conjugate ? -e.imag() : e.imag()) * scale);
    }
  }
}
template <class T, class R>
void scale(strided_view<T> v, R factor, bool conjugate) {
  if (v.size == 0) return;
  scale_kernel<<<grid_for(v.size), block_threads, 0, current_stream()>>>(v, factor, conjugate);
  XP_CUDA_CHECK(cudaGetLastError());
}

}  // namespace

template <class R>
void fft_run(const fft_problem<R>& p) {
  using C = complex<R>;
  using calls = vendor::fft_calls<R>;
  if (p.batch_count() == 0) return;
  const bool real_in = p.kind == fft_kind::r2c, real_out = p.kind == fft_kind::c2r;
  const std::size_t in_item = real_in ? sizeof(R) : sizeof(C), out_item = real_out ? sizeof(R) : sizeof(C);

  // each side as it is, or packed (both when the batch is not one axis: then one batch of both)
  cufft_layout in_layout, out_layout;
  bool in_direct = p.kind != fft_kind::c2r && expressible(p, true, in_layout);
  bool out_direct = expressible(p, false, out_layout);
  if (p.batch_rank > 1) in_direct = out_direct = false;
  if (!in_direct) in_layout = contiguous_layout(p, true);
  if (!out_direct) out_layout = contiguous_layout(p, false);
  if (p.batch_rank == 0) {  // one transform: cuFFT still reads a distance
    in_layout.dist = contiguous_layout(p, true).dist;
    out_layout.dist = contiguous_layout(p, false).dist;
  }
  const index_t batch = p.batch_count();

  std::shared_ptr<void> in_buffer, out_buffer;
  void* in = const_cast<void*>(p.in);  // cuFFT's signatures are not const; only a packed copy is written
  if (!in_direct) {
    in_buffer = vendor::scratch(static_cast<std::size_t>(batch * in_layout.dist) * in_item);
    if (real_in) {
      primitive::copy<xp::cuda>::run(packed_view(p, true, static_cast<R*>(in_buffer.get())),
                                     side_view(p, true, static_cast<const R*>(p.in)));
    } else {
      const auto packed = packed_view(p, true, static_cast<C*>(in_buffer.get()));
      primitive::copy<xp::cuda>::run(packed, side_view(p, true, static_cast<const C*>(p.in)));
      if (p.kind == fft_kind::c2r && p.conjugate) scale(packed, R(1), true);
    }
    in = in_buffer.get();
  }
  void* out = p.out;
  if (!out_direct) {
    out_buffer = vendor::scratch(static_cast<std::size_t>(batch * out_layout.dist) * out_item);
    out = out_buffer.get();
  }

  int device = 0;
  XP_CUDA_CHECK(cudaGetDevice(&device));
  long long n[fft_max_rank] = {};
  for (int d = 0; d < p.rank; ++d) n[d] = p.axes[d].n;
  const cufftType type = p.kind == fft_kind::c2c ? calls::c2c : p.kind == fft_kind::r2c ? calls::r2c : calls::c2r;
  const std::int64_t fields[] = {static_cast<std::int64_t>(type),
                                 p.rank,
                                 device,
                                 batch,
                                 n[0],
                                 n[1],
                                 n[2],
                                 in_layout.embed[0],
                                 in_layout.embed[1],
                                 in_layout.embed[2],
                                 in_layout.stride,
                                 in_layout.dist,
                                 out_layout.embed[0],
                                 out_layout.embed[1],
                                 out_layout.embed[2],
                                 out_layout.stride,
                                 out_layout.dist};
  auto make = [&] {
    auto plan = std::make_shared<cufft_plan>();
    XP_VENDOR_CHECK(cufftCreate(&plan->handle));
    plan->made = true;
    XP_VENDOR_CHECK(cufftSetAutoAllocation(plan->handle, 0));  // the work area comes from xp's pool
    XP_VENDOR_CHECK(cufftMakePlanMany64(plan->handle, p.rank, n, in_layout.embed, in_layout.stride, in_layout.dist,
                                        out_layout.embed, out_layout.stride, out_layout.dist, type, batch,
                                        &plan->work_bytes));
    return std::pair{std::static_pointer_cast<void>(plan), plan->work_bytes};
  };
  const auto plan = std::static_pointer_cast<cufft_plan>(
      vendor::plan_cache(device).get_or_make(xp::detail::plan_key("cufft", fields), make));

  {
    std::lock_guard lock(plan->using_plan);
    XP_VENDOR_CHECK(cufftSetStream(plan->handle, current_stream()));
    // freed stream-ordered after the transform is queued on the same stream
    const std::shared_ptr<void> work = plan->work_bytes > 0 ? vendor::scratch(plan->work_bytes) : nullptr;
    XP_VENDOR_CHECK(cufftSetWorkArea(plan->handle, work.get()));
    using CC = typename calls::complex;
    using RR = typename calls::real;
    switch (p.kind) {
      case fft_kind::c2c:
        XP_VENDOR_CHECK(calls::exec_c2c(plan->handle, static_cast<CC*>(in), static_cast<CC*>(out),
                                        p.forward ? CUFFT_FORWARD : CUFFT_INVERSE));
        break;
      case fft_kind::r2c:
        XP_VENDOR_CHECK(calls::exec_r2c(plan->handle, static_cast<RR*>(in), static_cast<CC*>(out)));
        break;
      case fft_kind::c2r:
        XP_VENDOR_CHECK(calls::exec_c2r(plan->handle, static_cast<CC*>(in), static_cast<RR*>(out)));
        break;
    }
  }

  // NumPy's norm and ihfft's conjugate, then the packed output into its place
  const bool conjugate = p.kind == fft_kind::r2c && p.conjugate;
  if (p.scale != R(1) || conjugate) {
    if (real_out)
      scale(out_direct ? side_view(p, false, static_cast<R*>(out)) : packed_view(p, false, static_cast<R*>(out)),
            p.scale, false);
    else
      scale(out_direct ? side_view(p, false, static_cast<C*>(out)) : packed_view(p, false, static_cast<C*>(out)),
            p.scale, conjugate);
  }
  if (!out_direct) {
    if (real_out)
      primitive::copy<xp::cuda>::run(side_view(p, false, static_cast<R*>(p.out)),
                                     packed_view(p, false, static_cast<const R*>(out)));
    else
      primitive::copy<xp::cuda>::run(side_view(p, false, static_cast<C*>(p.out)),
                                     packed_view(p, false, static_cast<const C*>(out)));
  }
}

}  // namespace xp::backends::cuda

#undef XP_FFT_TYPES
