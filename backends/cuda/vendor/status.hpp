#pragma once
/// @file backends/cuda/vendor/status.hpp
/// @brief One check for the status of every CUDA library: `XP_VENDOR_CHECK(call)` throws
/// xp::cuda_error naming the library, the call's text, the status's name and its description.
/// The library is found from the status type through `status_traits<Status>`, specialised here
/// for the CUDA runtime (cudaError_t, which XP_CUDA_CHECK uses) and, for each library, in that
/// library's private vendor header (vendor/blas.hpp: cublasStatus_t, vendor/nccl.hpp:
/// ncclResult_t). Includes no library header beyond the CUDA runtime's, so installed headers may
/// include it.

#include <cuda_runtime_api.h>

#include "xp/core/error.hpp"

namespace xp::backends::cuda::vendor {

/// A library's status type: `library` (its name), `ok(s)`, `name(s)`, `text(s)` and optionally
/// `clear(s)` (run before throwing). Left undefined, so that a check of a status type without
/// a specialisation does not compile.
template <class Status>
struct status_traits;

template <>
struct status_traits<cudaError_t> {
  static constexpr const char* library = "CUDA runtime";
  static bool ok(cudaError_t s) noexcept { return s == cudaSuccess; }
  static const char* name(cudaError_t s) noexcept { return cudaGetErrorName(s); }
  static const char* text(cudaError_t s) noexcept { return cudaGetErrorString(s); }
  // a non-sticky error stays recorded until read: cleared, so that the program can go on
  static void clear(cudaError_t) noexcept { (void)cudaGetLastError(); }
};

/// Throws xp::cuda_error unless `status` is its library's success.
template <class Status>
void check(Status status, const char* call, const char* file, int line) {
  using traits = status_traits<Status>;
  if (traits::ok(status)) [[likely]]
    return;
  if constexpr (requires { traits::clear(status); }) traits::clear(status);
  throw cuda_error(traits::library, traits::name(status), traits::text(status), call, file, line);
}

}  // namespace xp::backends::cuda::vendor

/// Checks the status a CUDA library call returns (cudaError_t, cublasStatus_t, ncclResult_t, ...).
#define XP_VENDOR_CHECK(call) ::xp::backends::cuda::vendor::check((call), #call, __FILE__, __LINE__)
