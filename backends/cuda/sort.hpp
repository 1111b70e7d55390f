#pragma once
/// @file backends/cuda/sort.hpp
/// @brief The device's sort primitive, precompiled for every type of XP_SORT_TYPES
/// (array/sort_primitive.hpp) in libxp_cuda (backends/cuda/sort_*.cu). Includes no CUDA header.

#include "xp/array/sort_primitive.hpp"

namespace xp {

namespace backends::cuda {
/// @brief Sorts the rows of the problem (detail::sort_problem) on the current stream.
/// @throws xp::cuda_error when a kernel or CUB fails; xp::out_of_memory.
template <class T>
void sort_rows(const detail::sort_problem<T>& p);
}  // namespace backends::cuda

template <>
struct primitive::sort<cuda> {
  template <class T>
  static void run(const detail::sort_problem<T>& p) {
    backends::cuda::sort_rows(p);
  }
};

}  // namespace xp

// libxp_cuda's instances: every type; a sort_*.cu unit names its share of the list in
// XP_INSTANTIATE_SORT and gets the instantiations of that share
#if defined(XP_INSTANTIATE_SORT)
#define XP_PRECOMPILED_LIST XP_INSTANTIATE_SORT
#define XP_PRECOMPILED_INSTANTIATE
#else
#define XP_PRECOMPILED_LIST XP_SORT_TYPES
#endif
#define XP_PRECOMPILED_FUNCTION(T) void xp::backends::cuda::sort_rows<T>(const xp::detail::sort_problem<T>&)
#define XP_PRECOMPILED_PRIMITIVE   xp::primitive::sort<xp::cuda>
#include "xp/backends/cuda/precompiled.hpp"
