#pragma once
/// @file backends/host/sort.hpp
/// @brief The host's sort primitive, compiled in libxp for every type of XP_SORT_TYPES
/// (backends/host/sort.cpp): declarations only, so that a unit that sorts parses no sort.

#include "xp/array/sort_primitive.hpp"

namespace xp {

namespace backends::host {
/// @brief Sorts the rows of the problem (detail::sort_problem) on the calling thread's OpenMP team.
template <class T>
void sort_rows(const detail::sort_problem<T>& p);

#if !defined(XP_INSTANTIATE_HOST_SORT)
#define XP_HOST_SORT_EXTERN(T) extern template void sort_rows<T>(const detail::sort_problem<T>&);
XP_SORT_TYPES(XP_HOST_SORT_EXTERN)
#undef XP_HOST_SORT_EXTERN
#endif
}  // namespace backends::host

template <>
struct primitive::sort<host> {
  template <class T>
  static void run(const detail::sort_problem<T>& p) {
    backends::host::sort_rows(p);
  }
};

}  // namespace xp

// backends/host/sort.cpp keeps the list for its instantiations (XP_INSTANTIATE_HOST_SORT)
#if !defined(XP_INSTANTIATE_HOST_SORT)
#undef XP_SORT_TYPES
#endif
