#pragma once
/// @file backends/host/memory.hpp
/// @brief The host's memory primitive: 64-byte aligned heap buffers and "transfers" that are
/// memcpy.

#include <unistd.h>

#include <cstring>
#include <memory>
#include <new>

#include "xp/core/backend.hpp"
#include "xp/core/error.hpp"

namespace xp {

namespace backends::host {
/// Buffers from this size on go through the reuse cache (backends/host/memory.cpp). glibc maps
/// every block from 128 KiB on afresh (its mmap threshold) and unmaps it when freed, so a loop's
/// temporaries of 128 KiB - 1 MiB paid a page fault per 4 KiB at every call: tutorial 05's NumPy-way
/// sum went from 0.028 to 0.134 ms between 2^14 and 2^15 float64 elements (2-core machine,
/// 2026-11-29) when the cache started at 1 MiB.
constexpr std::size_t cached_min_bytes = std::size_t{128} << 10;
/// A buffer of at least cached_min_bytes, reused from the cache when one of its size class is
/// there; its deleter gives it back. Compiled in libxp.
/// @throws xp::out_of_memory as primitive::memory<host>::allocate.
std::shared_ptr<void> allocate_cached(std::size_t bytes);
}  // namespace backends::host

/// @brief Host memory: the heap; every operation is complete when it returns.
template <>
struct primitive::memory<host> {
  static constexpr std::size_t alignment = 64;  // a cache line; room for any SIMD width

  /// @brief A buffer of `bytes` bytes (null for 0), aligned to `alignment`.
  /// @throws xp::out_of_memory with the bytes requested and the physical memory available.
  static std::shared_ptr<void> allocate(std::size_t bytes) {
    if (bytes == 0) return {};
    if (bytes >= backends::host::cached_min_bytes) return backends::host::allocate_cached(bytes);
    try {
      void* p = ::operator new (bytes, std::align_val_t{alignment});
      return std::shared_ptr<void>(p, [](void* q) { ::operator delete (q, std::align_val_t{alignment}); });
    } catch (const std::bad_alloc&) {
      const long pages = ::sysconf(_SC_AVPHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
      throw out_of_memory(bytes, pages > 0 && page > 0 ? std::size_t(pages) * std::size_t(page) : 0, "host heap");
    }
  }
  /// @brief Nothing to check: every host array is in the one address space.
  static void check_same_device(const void* const*, std::size_t, const char*) noexcept {}
  /// @brief memcpy from host memory.
  static void upload(void* dst, const void* host_src, std::size_t bytes) { std::memcpy(dst, host_src, bytes); }
  /// @brief memcpy to host memory.
  static void download(void* host_dst, const void* src, std::size_t bytes) { std::memcpy(host_dst, src, bytes); }
  /// @brief Nothing to wait for: host primitives finish before they return.
  static void synchronize() {}
};

}  // namespace xp
