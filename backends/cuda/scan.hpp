#pragma once
/// @file backends/cuda/scan.hpp
/// @brief The device's scan primitive, precompiled for every accumulator np.cumsum/cumprod have (int64, uint64,
/// float16, float, double, complex64, complex128) in libxp_cuda (backends/cuda/scan.cu). Includes no CUDA header: the
/// public expr/scan.hpp includes it on every build.

#include <cstdint>

#include "xp/expr/scan.hpp"

namespace xp {

namespace backends::cuda {
/// @brief The inclusive scan of each row on the current stream.
/// @throws xp::cuda_error when the scan fails.
template <class Acc>
void scan_rows(const detail::scan_problem<Acc>& p);
extern template void scan_rows<std::int64_t>(const detail::scan_problem<std::int64_t>&);
extern template void scan_rows<std::uint64_t>(const detail::scan_problem<std::uint64_t>&);
extern template void scan_rows<float16>(const detail::scan_problem<float16>&);
extern template void scan_rows<float>(const detail::scan_problem<float>&);
extern template void scan_rows<double>(const detail::scan_problem<double>&);
extern template void scan_rows<complex64>(const detail::scan_problem<complex64>&);
extern template void scan_rows<complex128>(const detail::scan_problem<complex128>&);
}  // namespace backends::cuda

template <>
struct primitive::scan<cuda> {
  template <class Acc>
  static void run(const detail::scan_problem<Acc>& p) {
    backends::cuda::scan_rows(p);
  }
};

}  // namespace xp
