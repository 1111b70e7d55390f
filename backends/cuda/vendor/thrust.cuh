#pragma once
/// @file backends/cuda/vendor/thrust.cuh
/// @brief Thrust for libxp_cuda's compiled sources: the one place its headers are included (not
/// installed). `run_thrust(what, algorithm)` runs `algorithm(policy)` with a policy that enqueues
/// on xp's current stream without synchronising (par_nosync) and takes its temporary storage
/// from xp's pool (vendor::thrust_allocator); Thrust's exceptions come out as xp::cuda_error.
/// A new algorithm adds its header here.

#if !defined(__CUDACC__)
#error "xp/backends/cuda/vendor/thrust.cuh is for translation units compiled by nvcc"
#endif

#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/scan.h>
#include <thrust/system/system_error.h>

#include <source_location>
#include <string>

#include "xp/backends/cuda/error.hpp"
#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/vendor/scratch.hpp"

namespace xp::backends::cuda::vendor {

/// `algorithm(policy)` on the current stream, Thrust's temporary storage from xp's pool.
/// @throws xp::cuda_error naming Thrust, `what` and CUDA's status when Thrust reports a failure.
template <class Algorithm>
void run_thrust(const char* what, Algorithm&& algorithm, std::source_location where = std::source_location::current()) {
  thrust_allocator alloc;  // outlives the policy, which holds a reference to it
  try {
    algorithm(thrust::cuda::par_nosync(alloc).on(current_stream()));
  } catch (const thrust::system_error& e) {
    const auto status = static_cast<cudaError_t>(e.code().value());
    throw cuda_error("Thrust", cudaGetErrorName(status), e.what(), what, where.file_name(),
                     static_cast<int>(where.line()));
  }
  check<cudaError_t>(cudaGetLastError(), what, where.file_name(), static_cast<int>(where.line()));
}

}  // namespace xp::backends::cuda::vendor
