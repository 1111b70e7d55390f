#pragma once
/// @file cuda/chunked_spmv.hpp
/// @brief A sparse matrix that stays in host memory, multiplied on the device:
/// `xp::sparse::chunked_matmul(A, x)` for a host csr_matrix A and a device array x streams A's
/// rows through the device in blocks, so that A may be larger than device memory (the seed's
/// remark that CuPy "requests copious amounts of VRAM rather than attempting to slice the
/// problem"). Not included by <xp/cuda.hpp> or <xp/sparse.hpp>: include it beside them.
///
/// The scheme is chunked.hpp's pipeline: A is cut into blocks of whole rows holding at most
/// `chunk_bytes` of entries (values and column indices); block i goes to device slot i % depth,
/// packed first into that slot's pinned staging buffer (its row pointers rebased to 0), copied on
/// the copy stream while block i - 1 is multiplied on the compute stream by xp's SpMV kernel,
/// which writes its rows of y in place. x and y stay on the device; only A crosses the link, so
/// a product costs about A's bytes over the host-to-device copy rate. Uses only what libxp_cuda
/// precompiles (the SpMV primitive, copies): a g++ unit may call it.

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

#include "xp/cuda/chunked.hpp"
#include "xp/sparse/csr.hpp"

namespace xp::sparse {
namespace detail::chunked_spmv {

/// Row blocks [starts[i], starts[i + 1]) of a CSR matrix whose entries fit a byte budget each (a
/// row with more entries than the budget is a block of its own).
struct row_blocks {
  std::vector<index_t> starts;
  index_t max_rows = 0;
  index_t max_entries = 0;
};

inline row_blocks cut_rows(const index32* indptr, index_t rows, index_t entries_per_block) {
  row_blocks b;
  index_t r0 = 0;
  b.starts.push_back(0);
  while (r0 < rows) {
    // the last row r1 with indptr[r1] - indptr[r0] <= entries_per_block, at least one row further
    const index32* first = indptr + r0 + 1;
    const index32* last = indptr + rows + 1;
    const index_t limit = indptr[r0] + entries_per_block;
    index_t r1 = static_cast<index_t>(std::upper_bound(first, last, limit) - indptr) - 1;
    r1 = std::max(r1, r0 + 1);
    b.max_rows = std::max(b.max_rows, r1 - r0);
    b.max_entries = std::max<index_t>(b.max_entries, indptr[r1] - indptr[r0]);
    b.starts.push_back(r1);
    r0 = r1;
  }
  return b;
}

}  // namespace detail::chunked_spmv

/// @brief A @ x for a CSR matrix A in host memory and x on the device (shape (n,) or (n, k), any
/// layout), returned on the device in NumPy's promotion of the two dtypes: A's rows are streamed
/// through the device in blocks (see the file's comment), so A may be larger than device memory.
/// Only the blocks, `options.depth` of them, and x and y are on the device at once.
/// `options.chunk_bytes`: the most bytes of entries (values + int32 column indices) per block; 0
/// chooses 64 MiB, or less when the device's free memory or the pool's limit is short.
/// Returns after the product finished (the blocks' buffers are released).
/// @throws xp::shape_error when x is not 1-D or 2-D or its first axis is not n long;
///         xp::value_error for a depth below 1.
template <class T, class X>
ndarray<promote_t<T, X>, xp::cuda> chunked_matmul(const csr_matrix<T, host>& a, const ndarray<X, xp::cuda>& x,
                                                  const chunked_options& options = {}) {
  ::xp::detail::op_range<xp::cuda> range("xp::sparse::chunked_matmul");
  using R = promote_t<T, X>;
  static_assert(detail::is_sparse_value_v<R>,
                "xp::sparse::chunked_matmul: the product's dtype must be a float or complex type");
  namespace ch = ::xp::detail::chunked;
  const char* fn = "xp::sparse::chunked_matmul";
  const index_t rows = a.shape()[0], cols = a.shape()[1];
  if ((x.ndim() != 1 && x.ndim() != 2) || x.shape()[0] != cols)
    throw shape_error(std::string(fn) + ": a matrix of shape (" + std::to_string(rows) + ", " + std::to_string(cols) +
                      ") cannot multiply an array of shape " + to_string(x.shape()));
  if (options.depth < 1)
    throw value_error(std::string(fn) + ": depth must be at least 1, got " + std::to_string(options.depth));
  if constexpr (!detail::spmv_pair_v<T, X>) {
    // the primitive's pairs: the (short) vector converts, as xp::sparse::matmul does
    using V = std::conditional_t<std::is_same_v<T, float> && std::is_same_v<R, double>, double, R>;
    if constexpr (std::is_same_v<T, R> || std::is_same_v<V, double>) {
      return chunked_matmul(a, ndarray<V, xp::cuda>(x.template astype<V>()), options);
    } else {
      return chunked_matmul(a.template astype<R>(), ndarray<R, xp::cuda>(x.template astype<R>()), options);
    }
  } else {
    const shape_type out_shape = x.ndim() == 1 ? shape_type{rows} : shape_type{rows, x.shape()[1]};
    ndarray<R, xp::cuda> y(out_shape);
    const cudaStream_t caller = backends::cuda::current_stream();
    // rows without entries, and all rows of an empty matrix, are 0 (all-zero bits in every dtype)
    if (y.size() > 0) XP_CUDA_CHECK(cudaMemsetAsync(y.data(), 0, y.nbytes(), caller));
    if (a.nnz() == 0 || y.size() == 0) return y;

    constexpr std::size_t entry_bytes = sizeof(T) + sizeof(index32);
    std::size_t budget = options.chunk_bytes;
    if (budget == 0) {
      // entries, indices and row pointers in `depth` slots, with room to spare (a quarter of what is free)
      const std::size_t free_bytes = ch::available_device_bytes();
      budget = std::min(ch::default_chunk_bytes, free_bytes / (4 * static_cast<std::size_t>(options.depth)));
    }
    const index_t entries = std::max<index_t>(1, static_cast<index_t>(budget / entry_bytes));
    const index32* host_ptr = a.indptr().data();
    const auto blocks = detail::chunked_spmv::cut_rows(host_ptr, rows, entries);
    const index_t count = static_cast<index_t>(blocks.starts.size()) - 1;
    const int depth = static_cast<int>(std::min<index_t>(options.depth, count));

    const std::size_t data_bytes = static_cast<std::size_t>(blocks.max_entries) * sizeof(T);
    const std::size_t index_bytes = static_cast<std::size_t>(blocks.max_entries) * sizeof(index32);
    const std::size_t ptr_bytes = static_cast<std::size_t>(blocks.max_rows + 1) * sizeof(index32);
    ch::pipeline p(depth);
    p.follow_caller();  // x and y's zeros are written on the caller's stream
    std::vector<std::shared_ptr<void>> device_data, device_indices, device_ptr, staging_data, staging_indices,
        staging_ptr;
    {
      xp::cuda::stream_scope scope(p.streams->compute);
      for (int s = 0; s < depth; ++s) {
        device_data.push_back(primitive::memory<xp::cuda>::allocate(std::max<std::size_t>(data_bytes, 1)));
        device_indices.push_back(primitive::memory<xp::cuda>::allocate(std::max<std::size_t>(index_bytes, 1)));
        device_ptr.push_back(primitive::memory<xp::cuda>::allocate(ptr_bytes));
        staging_data.push_back(ch::acquire_staging(data_bytes));
        staging_indices.push_back(ch::acquire_staging(index_bytes));
        staging_ptr.push_back(ch::acquire_staging(ptr_bytes));
      }
    }
    p.publish_allocations();
    ch::drain_on_exit guard{p};

    const T* host_data = a.data().data();
    const index32* host_indices = a.indices().data();
    for (index_t i = 0; i < count; ++i) {
      const int s = static_cast<int>(i % depth);
      const index_t r0 = blocks.starts[static_cast<std::size_t>(i)];
      const index_t r1 = blocks.starts[static_cast<std::size_t>(i) + 1];
      const index_t k0 = host_ptr[r0], k1 = host_ptr[r1], n = k1 - k0;
      if (i >= depth) p.loaded[s].synchronize();  // slot s's staging buffers were read by their last copy
      auto* ptr = static_cast<index32*>(staging_ptr[s].get());
      for (index_t r = r0; r <= r1; ++r) ptr[r - r0] = static_cast<index32>(host_ptr[r] - k0);
      ch::parallel_memcpy(staging_data[s].get(), host_data + k0, static_cast<std::size_t>(n) * sizeof(T));
      ch::parallel_memcpy(staging_indices[s].get(), host_indices + k0, static_cast<std::size_t>(n) * sizeof(index32));
      p.computed[s].wait(p.h2d);  // slot s's device buffers were read by block i - depth's product
      XP_CUDA_CHECK(cudaMemcpyAsync(device_ptr[s].get(), ptr, static_cast<std::size_t>(r1 - r0 + 1) * sizeof(index32),
                                    cudaMemcpyHostToDevice, p.h2d));
      XP_CUDA_CHECK(cudaMemcpyAsync(device_data[s].get(), staging_data[s].get(),
                                    static_cast<std::size_t>(n) * sizeof(T), cudaMemcpyHostToDevice, p.h2d));
      XP_CUDA_CHECK(cudaMemcpyAsync(device_indices[s].get(), staging_indices[s].get(),
                                    static_cast<std::size_t>(n) * sizeof(index32), cudaMemcpyHostToDevice, p.h2d));
      p.loaded[s].record(p.h2d);
      p.loaded[s].wait(p.compute);
      if (n > 0) {
        detail::spmv_problem<T, X> problem;
        problem.a = {r1 - r0,
                     cols,
                     n,
                     static_cast<const index32*>(device_ptr[s].get()),
                     static_cast<const index32*>(device_indices[s].get()),
                     static_cast<const T*>(device_data[s].get())};
        problem.x = x.data();
        problem.x_stride = x.strides()[0];
        problem.y = y.data() + r0 * y.strides()[0];
        problem.y_stride = y.strides()[0];
        if (x.ndim() == 2) {
          problem.columns = x.shape()[1];
          problem.x_column_stride = x.strides()[1];
          problem.y_column_stride = y.strides()[1];
        }
        xp::cuda::stream_scope scope(p.streams->compute);
        primitive::spmv<xp::cuda>::run(problem);
      }
      p.computed[s].record(p.compute);
    }
    p.finish();  // the blocks' buffers are released on return
    return y;
  }
}

}  // namespace xp::sparse
