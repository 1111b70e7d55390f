#pragma once
/// @file host_instances.hpp
/// @brief Explicit instantiation declarations (`extern template`) of the host operations that
/// do not depend on an expression, for every dtype: creation (empty, full, zeros, ones,
/// arange, linspace, eye), fill, copies and conversions (copy, astype, view assignment),
/// reshape and copy_to_host. They are compiled once into the xp library
/// (src/instantiate.cpp), so a program that includes <xp/core.hpp> neither instantiates nor
/// optimises them again. Included by <xp/core.hpp>; nothing here changes what a call does.

#include <cstdint>
#include <optional>

#include "xp/core/backend.hpp"
#include "xp/core/creation.hpp"
#include "xp/core/generators.hpp"
#include "xp/core/ndarray.hpp"

#ifndef XP_INSTANTIATE_HOST
/// `extern template` here; src/instantiate.cpp defines XP_INSTANTIATE_HOST to `template` to
/// compile the same list.
#define XP_INSTANTIATE_HOST extern template
#endif

// Every dtype (the list of dtype.hpp), every pair for the conversions (arange of bool is
// refused by the public function, so its helpers instantiate for every dtype too).
#define XP_HOST_ASSIGN_(T, c, n, k, npy, U) \
  XP_INSTANTIATE_HOST void detail::assign<T, U, host>(const ndarray<T, host>&, const ndarray<U, host>&, const char*);
#define XP_HOST_ASSIGN_FROM_(U) XP_DTYPES_INNER(XP_HOST_ASSIGN_, U)

#define XP_HOST_EVERY_DTYPE_(T, c, n, k, npy)                                                                  \
  XP_INSTANTIATE_HOST void detail::generate<T, host, detail::constant_gen<T>>(const ndarray<T, host>&,         \
                                                                              const detail::constant_gen<T>&); \
  XP_INSTANTIATE_HOST void detail::generate<T, host, detail::eye_gen<T>>(const ndarray<T, host>&,              \
                                                                         const detail::eye_gen<T>&);           \
  XP_INSTANTIATE_HOST ndarray<T, host> ndarray<T, host>::reshape(shape_type) const;                            \
  XP_INSTANTIATE_HOST ndarray<T, host> ndarray<T, host>::copy_to_host() const;                                 \
  XP_INSTANTIATE_HOST ndarray<T, host> empty<T, host>(const shape_type&);                                      \
  XP_INSTANTIATE_HOST ndarray<T, host> detail::full_of<T, host>(const shape_type&, T, const char*);            \
  XP_INSTANTIATE_HOST ndarray<T, host> zeros<T, host>(const shape_type&);                                      \
  XP_INSTANTIATE_HOST ndarray<T, host> ones<T, host>(const shape_type&);                                       \
  XP_INSTANTIATE_HOST ndarray<T, host> eye<T, host>(index_t, std::optional<index_t>, index_t);                 \
  XP_HOST_ASSIGN_FROM_(T)

#define XP_HOST_SEQUENCE_DTYPE_(T, c, n, k, npy)                                                               \
  XP_INSTANTIATE_HOST void detail::generate<T, host, detail::arange_gen<T>>(const ndarray<T, host>&,           \
                                                                            const detail::arange_gen<T>&);     \
  XP_INSTANTIATE_HOST void detail::generate<T, host, detail::linspace_gen<T>>(const ndarray<T, host>&,         \
                                                                              const detail::linspace_gen<T>&); \
  XP_INSTANTIATE_HOST ndarray<T, host> detail::arange_of<T, host>(double, double, double);                     \
  XP_INSTANTIATE_HOST ndarray<T, host> linspace<T, host>(double, double, index_t, bool);

namespace xp {
XP_DTYPES(XP_HOST_EVERY_DTYPE_)
XP_DTYPES(XP_HOST_SEQUENCE_DTYPE_)
}  // namespace xp
#undef XP_HOST_ASSIGN_
#undef XP_HOST_ASSIGN_FROM_
#undef XP_HOST_EVERY_DTYPE_
#undef XP_HOST_SEQUENCE_DTYPE_
#undef XP_INSTANTIATE_HOST
