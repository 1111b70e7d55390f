#pragma once
/// @file backends/host/scan.hpp
/// @brief The host's scan primitive: each row in sequence (NumPy's add.accumulate order, so
/// float results are NumPy's bits), rows in parallel.

#include "xp/core/config.hpp"
#include "xp/expr/ops.hpp"
#include "xp/expr/scan_primitive.hpp"

namespace xp {

template <>
struct primitive::scan<host> {
  // below this many elements the rows run on one thread: a parallel region costs more
  static constexpr index_t parallel_threshold = index_t{1} << 15;

  template <class Acc>
  static void run(const detail::scan_problem<Acc>& p) {
    if (p.op == detail::scan_op::sum) rows(p, ops::plus{});
    else rows(p, ops::multiplies{});
  }

 private:
  template <class Acc, class Op>
  static void rows(const detail::scan_problem<Acc>& p, Op op) {
#pragma omp parallel for if (p.lines > 1 && p.lines * p.length > parallel_threshold)
    for (index_t line = 0; line < p.lines; ++line) {
      Acc* row = p.data + line * p.length;
      const Acc* in = (p.source ? p.source : p.data) + line * p.length;
      Acc acc = row[0] = in[0];
      for (index_t j = 1; j < p.length; ++j) row[j] = acc = static_cast<Acc>(op(acc, in[j]));
    }
  }
};

}  // namespace xp
