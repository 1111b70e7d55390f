#pragma once
// NumPy's everyday elementwise functions, one benchmark each, on either backend (bench_host_ops.cpp,
// bench_device_ops.cu). Inputs: float32 in a range where every function is defined (acosh
// gets x + 2). Bytes are those read and written once, so device GB/s compares with device_copy.
#include "bench_common.hpp"

namespace xp_bench {

// XP_BENCH_NEW_OPS(X): X(name, operands, expression of x and y)
#define XP_BENCH_NEW_OPS(X)                \
  X(acosh, 1, xp::acosh(x + 2.f))          \
  X(asinh, 1, xp::asinh(x))                \
  X(atanh, 1, xp::atanh(x * 0.5f))         \
  X(deg2rad, 1, xp::deg2rad(x))            \
  X(rad2deg, 1, xp::rad2deg(x))            \
  X(signbit, 1, xp::signbit(x))            \
  X(positive, 1, xp::positive(x))          \
  X(nan_to_num, 1, xp::nan_to_num(x))      \
  X(logical_xor, 2, xp::logical_xor(x, y)) \
  X(heaviside, 2, xp::heaviside(x, y))     \
  X(fmod, 2, xp::fmod(x, y))               \
  X(isclose, 2, xp::isclose(x, y))

// x in [-1, 1), y in [0.5, 1.5): y is never 0 (fmod), and isclose finds some of each
template <class B>
struct new_op_inputs {
  xp::ndarray<float, B> x, y;
  explicit new_op_inputs(xp::index_t n)
      : x(xp::random::uniform<float, B>({n}, -1.f, 1.f, 1)), y(xp::random::uniform<float, B>({n}, 0.5f, 1.5f, 2)) {}
};

}  // namespace xp_bench
