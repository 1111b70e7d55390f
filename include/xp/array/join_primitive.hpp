#pragma once
/// @file array/join_primitive.hpp
/// @brief The join primitive behind concat and stack along an axis whose rows are narrow
/// (xp/array/manipulation.hpp): every output row is row r of each source, one after the other,
/// written in one pass. One copy per source would write each output row in pieces; for narrow
/// rows (stack along the last axis) the pieces share 32-byte sectors that the passes fill half
/// by half (on the H100, stack of two arrays along a new last axis ran at 39% of copy bandwidth).
/// Its problem, primary template and both backends' specialisations; no type list: elements are
/// copied as bytes, and libxp_cuda compiles every element size (backends/cuda/join.cu).

#include <cstdint>
#include <string>

#include "xp/core/backend.hpp"
#include "xp/core/config.hpp"
#include "xp/core/error.hpp"

namespace xp::detail {

/// The most sources one join takes: they travel in the kernel's parameters. More go through one
/// copy per source.
inline constexpr int max_join_sources = 8;

/// @brief What a backend's join primitive is given: `rows` rows of the C-contiguous output, row r
/// being row r of source 0, then of source 1, ...; source s is C-contiguous, `rows` x `width[s]`
/// elements. The elements are copied as bytes: `element_bytes` is 1, 2, 4, 8 or 16.
struct join_problem {
  void* out = nullptr;
  index_t rows = 0;
  int element_bytes = 0;
  int sources = 0;
  const void* source[max_join_sources] = {};
  index_t width[max_join_sources] = {};

  /// The output row's width: the sources' widths added.
  index_t row_width() const {
    index_t w = 0;
    for (int s = 0; s < sources; ++s) w += width[s];
    return w;
  }
};

/// Whether backend B's join primitive also takes rows of at least join_narrow_row_bytes
/// (manipulation.hpp): the host's copies each row piece with memcpy at copy bandwidth; the device's
/// leaves wide rows to one vectorised copy per source, which ran faster there. Specialised by a
/// backend's join header.
template <class B>
inline constexpr bool join_wide_rows = false;

/// An element of 16 bytes (complex128), moved whole.
struct alignas(16) bytes16 {
  std::uint64_t lo, hi;
};

/// f(U{}) with U the unsigned type of `element_bytes` bytes (bytes16 for 16): the type a join
/// copies elements of that size as, on every backend.
/// @throws xp::value_error for another size.
template <class F>
void visit_element_bytes(int element_bytes, F&& f) {
  switch (element_bytes) {
    case 1:
      return f(std::uint8_t{});
    case 2:
      return f(std::uint16_t{});
    case 4:
      return f(std::uint32_t{});
    case 8:
      return f(std::uint64_t{});
    case 16:
      return f(bytes16{});
    default:
      throw value_error("xp::join: elements of " + std::to_string(element_bytes) + " bytes");
  }
}

}  // namespace xp::detail

namespace xp::primitive {
/// @brief `run(const join_problem&)`: writes every output row from the sources' rows.
template <class B>
struct join {
  XP_PRIMITIVE_NOT_VISIBLE(B, "join");
};
}  // namespace xp::primitive

// each backend's specialisation (the CUDA one declares the function libxp_cuda compiles)
#include "xp/backends/cuda/join.hpp"
#include "xp/backends/host/join.hpp"
