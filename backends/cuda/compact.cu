// The device-wide scan of the stream compaction's tile counts (backends/cuda/compact.cuh), compiled
// once here so that the callers' nvcc units, which instantiate the compaction's kernels, need no
// CUB header.
#include <cub/device/device_scan.cuh>

#include "xp/backends/cuda/compact.cuh"

namespace xp::backends::cuda {

std::size_t tile_offsets_storage(index_t count) {
  std::size_t bytes = 0;
  XP_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, bytes, static_cast<const index_t*>(nullptr),
                                              static_cast<index_t*>(nullptr), count, current_stream()));
  return bytes;
}

void tile_offsets(void* storage, std::size_t bytes, const index_t* counts, index_t* offsets, index_t count,
                  cudaStream_t stream) {
  XP_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(storage, bytes, counts, offsets, count, stream));
}

}  // namespace xp::backends::cuda
