/// @file backends/cuda/sort_64bit.cu
/// @brief The device sorts of the dtypes with 64-bit keys (int64, uint64, float64, and complex64, whose two 32-bit
/// keys join; backends/cuda/sort.cuh) and CUB's radix sorts of 64-bit keys, instantiated here only (complex128's
/// passes use them too).

// this unit's share of XP_SORT_TYPES (array/sort_primitive.hpp), instantiated here
#define XP_INSTANTIATE_SORT(X) X(std::int64_t) X(std::uint64_t) X(double) X(::xp::complex64)
#include "xp/backends/cuda/sort.cuh"

namespace xp::backends::cuda::sort_detail {
XP_SORT_RADIX_INSTANCES(template, std::uint64_t);
}  // namespace xp::backends::cuda::sort_detail
