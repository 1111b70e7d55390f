/// @file backends/cuda/sort_16bit.cu
/// @brief The device sorts of the dtypes with 16-bit keys (int16, uint16, float16; backends/cuda/sort.cuh) and CUB's
/// radix sorts of 16-bit keys, instantiated here only.

// this unit's share of XP_SORT_TYPES (array/sort_primitive.hpp), instantiated here
#define XP_INSTANTIATE_SORT(X) X(std::int16_t) X(std::uint16_t) X(::xp::float16)
#include "xp/backends/cuda/sort.cuh"

namespace xp::backends::cuda::sort_detail {
XP_SORT_RADIX_INSTANCES(template, std::uint16_t);
}  // namespace xp::backends::cuda::sort_detail
