#pragma once
/// @file backends/host/join.hpp
/// @brief The host's join primitive: output rows in parallel, each row's pieces copied in order.

#include "xp/array/join_primitive.hpp"
#include "xp/core/config.hpp"
#include "xp/core/kernel_view.hpp"

namespace xp {

template <>
struct primitive::join<host> {
  // below this many elements one thread copies: a parallel region costs more
  static constexpr index_t parallel_threshold = index_t{1} << 15;

  static void run(const detail::join_problem& p) {
    debug::count_launch();
    detail::visit_element_bytes(p.element_bytes, [&](auto u) { rows<decltype(u)>(p); });
  }

 private:
  template <class U>
  static void rows(const detail::join_problem& p) {
    const index_t out_width = p.row_width();
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
