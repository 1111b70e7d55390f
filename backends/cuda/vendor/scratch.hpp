#pragma once
/// @file backends/cuda/vendor/scratch.hpp
/// @brief Libraries' scratch memory from xp's pool on the current stream: freed stream-ordered
/// (the buffer's deleter frees it on the stream it was allocated on), so neither an allocation
/// nor a free synchronises and nothing bypasses the pool's reuse or its out-of-memory retry.
/// `scratch` for a buffer a call needs, `thrust_allocator` for Thrust's temporary storage,
/// `with_temp_storage` for CUB's two-phase calls. Includes no library header.

#include <cstddef>
#include <memory>
#include <source_location>
#include <unordered_map>

#include "xp/backends/cuda/error.hpp"
#include "xp/backends/cuda/memory.hpp"
#include "xp/backends/cuda/vendor/status.hpp"

namespace xp::backends::cuda::vendor {

/// `bytes` of device memory from the current device's resource, on the current stream.
/// @throws xp::out_of_memory when the pool cannot provide it.
inline std::shared_ptr<void> scratch(std::size_t bytes) { return primitive::memory<xp::cuda>::allocate(bytes); }

/// Thrust's temporary storage from xp's pool: `thrust::cuda::par_nosync(alloc).on(stream)`
/// (vendor/thrust.cuh's thrust_policy). Each block is freed on the stream it was allocated on
/// when Thrust gives it back.
class thrust_allocator {
 public:
  using value_type = char;
  char* allocate(std::ptrdiff_t bytes) {
    std::shared_ptr<void> buffer = scratch(static_cast<std::size_t>(bytes));
    char* p = static_cast<char*>(buffer.get());
    m_live.emplace(p, std::move(buffer));
    return p;
  }
  void deallocate(char* p, std::size_t) noexcept { m_live.erase(p); }

 private:
  std::unordered_map<char*, std::shared_ptr<void>> m_live;  // what Thrust holds, by address
};

/// A CUB device-wide call in its two phases: `call(storage, bytes)` (returning cudaError_t) is
/// first asked for its temporary storage's size (storage null), then run with that much scratch.
/// `what` names the call in the error (e.g. "cub::DeviceScan::InclusiveSum").
/// @throws xp::cuda_error when either phase fails; xp::out_of_memory.
template <class Call>
void with_temp_storage(const char* what, Call&& call, std::source_location where = std::source_location::current()) {
  std::size_t bytes = 0;
  check<cudaError_t>(call(nullptr, bytes), what, where.file_name(), static_cast<int>(where.line()));
  // at least one byte: CUB takes a null storage pointer as the size query, not as the run
  constexpr std::size_t least_bytes = 1;
  const std::shared_ptr<void> storage = scratch(bytes < least_bytes ? least_bytes : bytes);
  check<cudaError_t>(call(storage.get(), bytes), what, where.file_name(), static_cast<int>(where.line()));
}

}  // namespace xp::backends::cuda::vendor
