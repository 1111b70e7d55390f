#pragma once
/// @file backends/cuda/factorization.hpp
/// @brief The device's factorization primitive: cuSOLVER (and cuBLAS's batched LU for batches of
/// small matrices), called in libxp_cuda's backends/cuda/factorization.cpp through the vendor
/// layer (vendor/solver.hpp: handle, status, entry points by type; workspace from xp's pool).
/// Includes no CUDA header.

#include <cstdint>

#include "xp/linalg/factorization_primitive.hpp"

namespace xp {

/// @brief See primitive::factorization (linalg/factorization_primitive.hpp) for what each call
/// does; every pointer is in this backend's memory.
template <>
struct primitive::factorization<cuda> {
  static constexpr bool available = true;
  template <class T>
  using batch = linalg::detail::matrix_batch<T>;
  using status = linalg::detail::factor_status;

  template <class T>
  static status cholesky(batch<T> a, bool upper);
  template <class T>
  static status lu(batch<T> a, std::int32_t* pivots);
  template <class T>
  static status solve(batch<T> a, batch<T> b);
  template <class T>
  static status eigh(batch<T> a, detail::real_of_t<T>* w, bool upper, bool vectors);
  template <class T>
  static status eig(batch<T> a, complex<detail::real_of_t<T>>* w, complex<detail::real_of_t<T>>* v);
  template <class T>
  static status svd(batch<T> a, detail::real_of_t<T>* s, T* u, T* vh, linalg::detail::svd_vectors job);
  template <class T>
  static void qr(batch<T> a, T* tau);
  template <class T>
  static void qr_q(batch<T> a, index_t k, const T* tau);
};

}  // namespace xp
