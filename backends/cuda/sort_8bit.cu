/// @file backends/cuda/sort_8bit.cu
/// @brief The device sorts of the dtypes with 8-bit keys (bool, int8, uint8; backends/cuda/sort.cuh) and CUB's radix
/// sorts of 8-bit keys, instantiated here only.

// this unit's share of XP_SORT_TYPES (array/sort_primitive.hpp), instantiated here
#define XP_INSTANTIATE_SORT(X) X(bool) X(std::int8_t) X(std::uint8_t)
#include "xp/backends/cuda/sort.cuh"

namespace xp::backends::cuda::sort_detail {
XP_SORT_RADIX_INSTANCES(template, std::uint8_t);
}  // namespace xp::backends::cuda::sort_detail
