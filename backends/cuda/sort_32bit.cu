/// @file backends/cuda/sort_32bit.cu
/// @brief The device sorts of the dtypes with 32-bit keys (int32, uint32, float32; backends/cuda/sort.cuh) and CUB's
/// radix sorts of 32-bit keys, instantiated here only (every unit's flat-index passes sort rows by uint32 keys).

// this unit's share of XP_SORT_TYPES (array/sort_primitive.hpp), instantiated here
#define XP_INSTANTIATE_SORT(X) X(std::int32_t) X(std::uint32_t) X(float)
#include "xp/backends/cuda/sort.cuh"

namespace xp::backends::cuda::sort_detail {
XP_SORT_RADIX_INSTANCES(template, std::uint32_t);
}  // namespace xp::backends::cuda::sort_detail
