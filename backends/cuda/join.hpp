#pragma once
/// @file backends/cuda/join.hpp
/// @brief The device's join primitive, compiled once in libxp_cuda (backends/cuda/join.cu) for every
/// element size. Includes no CUDA header: array/join_primitive.hpp includes it on every build.

#include "xp/array/join_primitive.hpp"

namespace xp {

namespace backends::cuda {
/// @brief Every output row of `p` written in one kernel on the current stream.
/// @throws xp::cuda_error when the launch fails.
void join_rows(const detail::join_problem& p);
}  // namespace backends::cuda

template <>
struct primitive::join<cuda> {
  static void run(const detail::join_problem& p) { backends::cuda::join_rows(p); }
};

}  // namespace xp
