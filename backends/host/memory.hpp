#pragma once
/// @file backends/host/memory.hpp
/// @brief Host primitives: 64-byte aligned heap buffers and "transfers" that are memcpy.

#include <unistd.h>

#include <cstring>
#include <memory>
#include <new>

#include "xp/core/error.hpp"

namespace xp::backends::host {

struct memory {
  static constexpr std::size_t alignment = 64;  // a cache line; room for any SIMD width

  /// @throws xp::out_of_memory with the bytes requested and the physical memory available.
  static std::shared_ptr<void> allocate(std::size_t bytes) {
    if (bytes == 0) return {};
    try {
      void* p = ::operator new(bytes, std::align_val_t{alignment});
      return std::shared_ptr<void>(p, [](void* q) { ::operator delete(q, std::align_val_t{alignment}); });
    } catch (const std::bad_alloc&) {
      const long pages = ::sysconf(_SC_AVPHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
      throw out_of_memory(bytes, pages > 0 && page > 0 ? std::size_t(pages) * std::size_t(page) : 0, "host heap");
    }
  }
  static void upload(void* dst, const void* host_src, std::size_t bytes) { std::memcpy(dst, host_src, bytes); }
  static void download(void* host_dst, const void* src, std::size_t bytes) { std::memcpy(host_dst, src, bytes); }
  static void synchronize() {}
};

}  // namespace xp::backends::host
