// The device-wide scan of the stream compaction's tile counts (backends/cuda/compact.cuh), compiled
// once here so that the callers' nvcc units, which instantiate the compaction's kernels, need no
// CUB header.
#include "xp/backends/cuda/compact.cuh"
#include "xp/backends/cuda/vendor/cub.cuh"

namespace xp::backends::cuda {

void tile_offsets(const index_t* counts, index_t* offsets, index_t count, cudaStream_t stream) {
  vendor::with_temp_storage("cub::DeviceScan::ExclusiveSum", [&](void* storage, std::size_t& bytes) {
    return cub::DeviceScan::ExclusiveSum(storage, bytes, counts, offsets, count, stream);
  });
}

}  // namespace xp::backends::cuda
