#pragma once
/// @file backends/cuda/vendor/sparse.hpp
/// @brief cuSPARSE for libxp_cuda's compiled sources (not installed: it includes cusparse.h): its
/// status names for vendor::check, its handle for vendor::handle, its descriptors as owning
/// objects and its element types by xp type.

#include <cusparse.h>

#include "xp/backends/cuda/vendor/handles.hpp"
#include "xp/backends/cuda/vendor/status.hpp"
#include "xp/core/complex.hpp"

namespace xp::backends::cuda::vendor {

template <>
struct status_traits<cusparseStatus_t> {
  static constexpr const char* library = "cuSPARSE";
  static bool ok(cusparseStatus_t s) noexcept { return s == CUSPARSE_STATUS_SUCCESS; }
  static const char* name(cusparseStatus_t s) noexcept { return cusparseGetErrorName(s); }
  static const char* text(cusparseStatus_t s) noexcept { return cusparseGetErrorString(s); }
};

/// cuSPARSE's handle for vendor::handle: one per device and thread, on xp's current stream.
struct sparse_handle {
  using type = cusparseHandle_t;
  static cusparseStatus_t create(type* h) { return cusparseCreate(h); }
  static cusparseStatus_t destroy(type h) { return cusparseDestroy(h); }
  static cusparseStatus_t set_stream(type h, cudaStream_t s) { return cusparseSetStream(h, s); }
};

/// cuSPARSE's name of an element type.
template <class T>
inline constexpr cudaDataType_t sparse_type = std::is_same_v<T, float>       ? CUDA_R_32F
                                              : std::is_same_v<T, double>    ? CUDA_R_64F
                                              : std::is_same_v<T, complex64> ? CUDA_C_32F
                                                                             : CUDA_C_64F;

/// A generic-API descriptor that destroys itself (cusparseSpMatDescr_t, cusparseDnVecDescr_t,
/// cusparseDnMatDescr_t): `D` the descriptor type, `Destroy` its destroy call.
template <class D, cusparseStatus_t (*Destroy)(D)>
class descriptor {
 public:
  descriptor() = default;
  descriptor(const descriptor&) = delete;
  descriptor& operator=(const descriptor&) = delete;
  ~descriptor() {
    if (m_d) (void)Destroy(m_d);  // a failure can only be ignored here
  }
  D* out() noexcept { return &m_d; }
  D get() const noexcept { return m_d; }

 private:
  D m_d{};
};

inline cusparseStatus_t destroy_sp_mat(cusparseSpMatDescr_t d) { return cusparseDestroySpMat(d); }
inline cusparseStatus_t destroy_dn_vec(cusparseDnVecDescr_t d) { return cusparseDestroyDnVec(d); }
inline cusparseStatus_t destroy_dn_mat(cusparseDnMatDescr_t d) { return cusparseDestroyDnMat(d); }
using sparse_matrix_descriptor = descriptor<cusparseSpMatDescr_t, &destroy_sp_mat>;
using dense_vector_descriptor = descriptor<cusparseDnVecDescr_t, &destroy_dn_vec>;
using dense_matrix_descriptor = descriptor<cusparseDnMatDescr_t, &destroy_dn_mat>;

}  // namespace xp::backends::cuda::vendor
