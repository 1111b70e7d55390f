#pragma once
/// @file cuda/out_of_core_gemm.hpp
/// @brief The out-of-core matrix product, `xp::matmul(A, B, {.out_of_core = true})` on host
/// operands: the operands are streamed through the device in panels on chunked.hpp's pipeline,
/// so that they may be larger than device memory. Included by <xp/cuda.hpp>, which registers it
/// with linalg/matmul.hpp; docs/out_of_core.md describes the scheme. Uses only what libxp_cuda
/// precompiles (the device gemm, copies) and is itself compiled once, in
/// backends/cuda/out_of_core.cpp, for the types of XP_OUT_OF_CORE_GEMM_TYPES.

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "xp/cuda/chunked.hpp"
#include "xp/linalg.hpp"

namespace xp::detail::chunked {

/// One operand of the out-of-core product: 2-D blocks of a host matrix (any strides) copied to
/// the device in their own memory order. Row-major blocks (unit column stride) arrive as
/// row-major device blocks, column-major ones (unit row stride: a transposed view) as the
/// transposed block, which the device product reads through its strides (cuBLAS's op T); any
/// other layout is packed row-major on the host. A pinned operand is read by 2-D DMA in place.
template <class W>
class panel_lane {
 public:
  panel_lane(const ndarray<W, host>& m, index_t max_rows, index_t max_cols, int slots) : m_m(m) {
    index_t rows = m.shape(0), cols = m.shape(1), rs = m.strides()[0], cs = m.strides()[1];
    if (rows == 1) rs = cols;  // strides of extent-1 axes never matter
    if (cols == 1) cs = 1;
    if (cs == 1 && rs >= cols) m_layout = layout::rows;
    else if (rs == 1 && cs >= rows) m_layout = layout::columns;
    else m_layout = layout::packed;
    m_rs = rs;
    m_cs = cs;
    m_pinned = m_layout != layout::packed && is_pinned_or_managed(m.data());
    const std::size_t bytes = static_cast<std::size_t>(max_rows * max_cols) * sizeof(W);
    for (int s = 0; s < slots; ++s) {
      m_device.push_back(primitive::memory<xp::cuda>::allocate(bytes));
      if (!m_pinned) m_staging.push_back(acquire_staging(bytes));
    }
  }
  bool staged() const noexcept { return !m_pinned; }

  /// Host: packs block [r0, r1) x [c0, c1) into slot s's staging buffer (its last DMA finished).
  void pack(int s, index_t r0, index_t r1, index_t c0, index_t c1) {
    if (m_pinned) return;
    const auto block = m_m(range(r0, r1), range(c0, c1));
    copy_layout(static_cast<W*>(m_staging[s].get()), m_layout == layout::columns ? transpose(block) : block, false);
  }
  /// Enqueues the copy of the block into slot s on `h2d`; returns its device view (h x w).
  ndarray<W, xp::cuda> upload(int s, index_t r0, index_t r1, index_t c0, index_t c1, cudaStream_t h2d) {
    const index_t h = r1 - r0, w = c1 - c0;
    W* dst = static_cast<W*>(m_device[s].get());
    const bool cols = m_layout == layout::columns;
    if (m_pinned) {
      // rows layout: h lines of w elements, `rs` apart; columns layout: w lines of h, `cs` apart
      const index_t lines = cols ? w : h, length = cols ? h : w, pitch = cols ? m_cs : m_rs;
      const W* src = m_m.data() + r0 * m_rs + c0 * m_cs;
      const std::size_t width = static_cast<std::size_t>(length) * sizeof(W);
      XP_CUDA_CHECK(cudaMemcpy2DAsync(dst, width, src, std::max(width, static_cast<std::size_t>(pitch) * sizeof(W)),
                                      width, static_cast<std::size_t>(lines), cudaMemcpyHostToDevice, h2d));
    } else {
      backends::cuda::copy_async(dst, m_staging[s].get(), static_cast<std::size_t>(h * w) * sizeof(W),
                                 cudaMemcpyHostToDevice, h2d);
    }
    return ndarray<W, xp::cuda>(m_device[s], dst, {h, w}, cols ? shape_type{1, h} : shape_type{w, 1});
  }

 private:
  enum class layout { rows, columns, packed };
  ndarray<W, host> m_m;
  layout m_layout = layout::packed;
  index_t m_rs = 0, m_cs = 0;
  bool m_pinned = false;
  std::vector<std::shared_ptr<void>> m_device, m_staging;
};

/// Rows per A panel and columns per B panel for `tile` bytes per device buffer: a panel holds
/// `tile / (k * sizeof(W))` lines, and a C tile (mb x nb) is kept within `tile` too.
struct panel_sizes {
  index_t mb, nb;
};
template <class W>
panel_sizes choose_panels(index_t m, index_t n, index_t k, std::size_t tile) {
  const auto per_panel = static_cast<index_t>(tile / (static_cast<std::size_t>(k) * sizeof(W)));
  index_t mb = std::min(m, per_panel), nb = std::min(n, per_panel);
  const auto tile_elems = static_cast<index_t>(tile / sizeof(W));
  if (mb * nb > tile_elems) {  // the C tile is too big: keep it square-ish within the budget
    const auto side = std::max<index_t>(1, static_cast<index_t>(std::sqrt(static_cast<double>(tile_elems))));
    if (mb < side) nb = std::max<index_t>(1, tile_elems / mb);
    else if (nb < side) mb = std::max<index_t>(1, tile_elems / nb);
    else mb = nb = side;
  }
  return {mb, nb};
}

/// c (m x n, contiguous) = a (m x k) b (k x n), host matrices, computed on the device tile by
/// tile: the operand whose repeated streaming costs less is streamed panel by panel for each
/// panel of the other ("resident"), and each tile of C is copied back as soon as it is done.
template <class W>
void out_of_core_gemm(const ndarray<W, host>& a, const ndarray<W, host>& b, const ndarray<W, host>& c,
                      const matmul_options& opt) {
  const index_t m = a.shape(0), k = a.shape(1), n = b.shape(1);
  if (c.size() == 0) return;
  if (k == 0) {
    c.fill(W{});
    return;
  }
  const std::size_t line = static_cast<std::size_t>(k) * sizeof(W);  // a row of A, a column of B
  std::size_t tile = opt.tile_bytes;
  if (tile == 0) {
    tile = std::max(line, std::min(default_tile_bytes, available_device_bytes() / 16));
  } else if (tile < line) {
    throw value_error("xp::matmul: tile_bytes = " + std::to_string(tile) +
                      " is smaller than one row of A (k = " + std::to_string(k) + " elements of " +
                      std::to_string(sizeof(W)) + " bytes: " + std::to_string(line) + " bytes), for the product of " +
                      to_string(a.shape()) + " and " + to_string(b.shape()));
  }
  const auto [mb, nb] = choose_panels<W>(m, n, k, tile);
  const index_t pa = (m + mb - 1) / mb, pb = (n + nb - 1) / nb;
  // bytes copied in: A streamed once per B panel, or B once per A panel
  const double a_bytes = static_cast<double>(m) * static_cast<double>(line),
               b_bytes = static_cast<double>(n) * static_cast<double>(line);
  const bool a_resident = a_bytes + b_bytes * static_cast<double>(pa) < b_bytes + a_bytes * static_cast<double>(pb);
  matmul_options inner = opt;
  inner.out_of_core = false;
  inner.tile_bytes = 0;

  pipeline p(2);  // loaded/computed/stored: the streamed operand's slots and C's tiles
  std::vector<xp::cuda::event> resident_loaded = ordering_events(2), resident_used = ordering_events(2);
  std::optional<panel_lane<W>> la, lb;
  std::vector<std::shared_ptr<void>> c_device, c_staging;
  const bool c_direct = is_pinned_or_managed(c.data());
  {
    xp::cuda::stream_scope scope(p.streams->compute);
    la.emplace(a, mb, k, 2);
    lb.emplace(b, k, nb, 2);
    const std::size_t c_bytes = static_cast<std::size_t>(mb * nb) * sizeof(W);
    for (int s = 0; s < 2; ++s) {
      c_device.push_back(primitive::memory<xp::cuda>::allocate(c_bytes));
      if (!c_direct) c_staging.push_back(acquire_staging(c_bytes));
    }
  }
  p.publish_allocations();
  struct tile_rect {
    index_t r0 = -1, r1 = -1, c0 = -1, c1 = -1;
  };
  std::vector<tile_rect> pending(2);
  drain_on_exit guard{p};

  auto retire = [&](int s) {
    if (pending[s].r0 < 0) return;
    p.stored[s].synchronize();
    const tile_rect& t = pending[s];
    if (!c_direct) copy_layout(static_cast<W*>(c_staging[s].get()), c(range(t.r0, t.r1), range(t.c0, t.c1)), true);
    pending[s] = tile_rect{};
  };
  // the host part and the enqueued copy of one panel; `free` is the event after which its
  // device buffer may be overwritten, `loaded` is recorded when the copy is done
  auto load = [&](panel_lane<W>& lane, int s, index_t r0, index_t r1, index_t c0, index_t c1,
                  const xp::cuda::event& free, const xp::cuda::event& loaded) {
    if (lane.staged()) loaded.synchronize();
    lane.pack(s, r0, r1, c0, c1);
    free.wait(p.h2d);
    auto d = lane.upload(s, r0, r1, c0, c1, p.h2d);
    loaded.record(p.h2d);
    return d;
  };

  const index_t outer = a_resident ? pa : pb, inner_count = a_resident ? pb : pa;
  index_t t = 0;
  for (index_t u = 0; u < outer; ++u) {
    const int rs = static_cast<int>(u % 2);
    ndarray<W, xp::cuda> resident;
    index_t ar0 = 0, ar1 = m, bc0 = 0, bc1 = n;  // the resident panel's rows of A or columns of B
    if (a_resident) {
      ar0 = u * mb;
      ar1 = std::min(m, ar0 + mb);
      resident = load(*la, rs, ar0, ar1, 0, k, resident_used[rs], resident_loaded[rs]);
    } else {
      bc0 = u * nb;
      bc1 = std::min(n, bc0 + nb);
      resident = load(*lb, rs, 0, k, bc0, bc1, resident_used[rs], resident_loaded[rs]);
    }
    for (index_t v = 0; v < inner_count; ++v, ++t) {
      const int s = static_cast<int>(t % 2);
      ndarray<W, xp::cuda> streamed;
      index_t r0 = ar0, r1 = ar1, c0 = bc0, c1 = bc1;
      if (a_resident) {
        c0 = v * nb;
        c1 = std::min(n, c0 + nb);
        streamed = load(*lb, s, 0, k, c0, c1, p.computed[s], p.loaded[s]);
      } else {
        r0 = v * mb;
        r1 = std::min(m, r0 + mb);
        streamed = load(*la, s, r0, r1, 0, k, p.computed[s], p.loaded[s]);
      }
      p.loaded[s].wait(p.compute);
      resident_loaded[rs].wait(p.compute);
      p.stored[s].wait(p.compute);  // C's device tile s was copied out (tile t - 2)
      const index_t h = r1 - r0, w = c1 - c0;
      W* tile_data = static_cast<W*>(c_device[s].get());
      {
        xp::cuda::stream_scope scope(p.streams->compute);
        const ndarray<W, xp::cuda> dc(c_device[s], tile_data, {h, w}, {w, 1});
        if (a_resident) matmul(resident, streamed, out(dc), inner);
        else matmul(streamed, resident, out(dc), inner);
      }
      p.computed[s].record(p.compute);
      resident_used[rs].record(p.compute);
      retire(s);  // tile t - 2
      p.computed[s].wait(p.d2h);
      const std::size_t width = static_cast<std::size_t>(w) * sizeof(W);
      if (c_direct) {
        XP_CUDA_CHECK(cudaMemcpy2DAsync(c.data() + r0 * n + c0, static_cast<std::size_t>(n) * sizeof(W), tile_data,
                                        width, width, static_cast<std::size_t>(h), cudaMemcpyDeviceToHost, p.d2h));
      } else {
        backends::cuda::copy_async(c_staging[s].get(), tile_data, width * static_cast<std::size_t>(h),
                                   cudaMemcpyDeviceToHost, p.d2h);
      }
      p.stored[s].record(p.d2h);
      pending[s] = tile_rect{r0, r1, c0, c1};
    }
  }
  retire(static_cast<int>(t % 2));  // tile t - 2, then t - 1
  retire(static_cast<int>((t + 1) % 2));
  p.finish();
}

}  // namespace xp::detail::chunked

// The types products are computed in (linalg/matmul.hpp's out_of_core_gemm_hook), X(W) each: the
// one list. Compiled once, into libxp_cuda (backends/cuda/out_of_core.cpp): instantiating them in
// every translation unit that includes <xp/cuda.hpp> (the registration below takes their
// addresses) cost 4.6 s of g++ time per unit.
#define XP_OUT_OF_CORE_GEMM_TYPES(X) X(float) X(double) X(std::int32_t) X(std::int64_t)
#define XP_PRECOMPILED_LIST          XP_OUT_OF_CORE_GEMM_TYPES
#define XP_PRECOMPILED_FUNCTION(W)                                                                                \
  void xp::detail::chunked::out_of_core_gemm<W>(const xp::ndarray<W, xp::host>&, const xp::ndarray<W, xp::host>&, \
                                                const xp::ndarray<W, xp::host>&, const xp::matmul_options&)
#if defined(XP_INSTANTIATE_OUT_OF_CORE_GEMM)
#define XP_PRECOMPILED_INSTANTIATE
#endif
#include "xp/backends/cuda/precompiled.hpp"

namespace xp::detail::chunked {
/// Makes matmul_options::out_of_core available (see detail::out_of_core_gemm_hook in
/// linalg/matmul.hpp): set once, before main, in every program that includes this header.
#define XP_OUT_OF_CORE_GEMM_REGISTER(W) out_of_core_gemm_hook<W> = &out_of_core_gemm<W>;
inline const bool out_of_core_gemm_registered = [] {
  XP_OUT_OF_CORE_GEMM_TYPES(XP_OUT_OF_CORE_GEMM_REGISTER)
  return true;
}();
#undef XP_OUT_OF_CORE_GEMM_REGISTER
}  // namespace xp::detail::chunked
#undef XP_OUT_OF_CORE_GEMM_TYPES
