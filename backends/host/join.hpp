#pragma once
/// @file backends/host/join.hpp
/// @brief The host's join primitive: output rows in parallel, each row's pieces copied in order.

#include <cstdint>
#include <string>

#include "xp/core/config.hpp"
#include "xp/core/error.hpp"
#include "xp/core/join.hpp"
#include "xp/core/kernel_view.hpp"

namespace xp {

template <>
struct primitive::join<host> {
  // below this many elements one thread copies: a parallel region costs more
  static constexpr index_t parallel_threshold = index_t{1} << 15;

  static void run(const detail::join_problem& p) {
    debug::count_launch();
    switch (p.element_bytes) {
      case 1:
        rows<std::uint8_t>(p);
        break;
      case 2:
        rows<std::uint16_t>(p);
        break;
      case 4:
        rows<std::uint32_t>(p);
        break;
      case 8:
        rows<std::uint64_t>(p);
        break;
      case 16:
        rows<bytes16>(p);
        break;
      default:
        throw value_error("xp::join: elements of " + std::to_string(p.element_bytes) + " bytes");
    }
  }

 private:
  struct alignas(16) bytes16 {
    std::uint64_t lo, hi;
  };

  template <class U>
  static void rows(const detail::join_problem& p) {
    index_t out_width = 0;
    for (int s = 0; s < p.sources; ++s) out_width += p.width[s];
    U* out = static_cast<U*>(p.out);
#pragma omp parallel for if (p.rows * out_width > parallel_threshold)
    for (index_t r = 0; r < p.rows; ++r) {
      U* o = out + r * out_width;
      for (int s = 0; s < p.sources; ++s) {
        const U* src = static_cast<const U*>(p.source[s]) + r * p.width[s];
        for (index_t c = 0; c < p.width[s]; ++c) *o++ = src[c];
      }
    }
  }
};

}  // namespace xp
