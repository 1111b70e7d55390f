// backend_impl<cuda>::stencil_step: one explicit diffusion step, one thread per cell (32 x 8
// blocks, x along the contiguous axis so that each warp reads whole rows). A first, plain
// version: the shared-memory, temporally blocked kernel the issue asks for is still to come.

#include "xp/backends/cuda/kernels.cuh"
#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/stencil.hpp"

namespace xp::backends::cuda {

namespace {

template <class T>
__global__ void __launch_bounds__(256) stencil_kernel(pde::detail::stencil_problem<T> p) {
  const index_t j = index_t{blockIdx.x} * blockDim.x + threadIdx.x;
  for (index_t i = index_t{blockIdx.y} * blockDim.y + threadIdx.y; i < p.rows; i += index_t{gridDim.y} * blockDim.y) {
    if (j >= p.cols) return;
    const T l = pde::detail::laplacian_at(p.in, p.rows, p.cols, i, j);
    if (p.out) p.out[i * p.cols + j] = p.in[i * p.cols + j] - p.coeff * l;
    if (p.lap_out) p.lap_out[i * p.cols + j] = l;
  }
}

}  // namespace

template <class T>
void stencil_impl::stencil_step(const pde::detail::stencil_problem<T>& p) {
  if (p.rows == 0 || p.cols == 0) return;
  ::xp::debug::count_launch();
  const dim3 block(32, 8);
  const index_t gx = (p.cols + 31) / 32, gy = std::min<index_t>((p.rows + 7) / 8, 65535);
  if (gx > 0x7fffffff) throw value_error("xp::pde: too many columns for one launch");
  stencil_kernel<<<dim3(static_cast<unsigned>(gx), static_cast<unsigned>(gy)), block, 0, current_stream()>>>(p);
  XP_CUDA_CHECK(cudaGetLastError());
}

template void stencil_impl::stencil_step<float>(const pde::detail::stencil_problem<float>&);
template void stencil_impl::stencil_step<double>(const pde::detail::stencil_problem<double>&);

}  // namespace xp::backends::cuda
