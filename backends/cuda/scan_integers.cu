// The device scans of integers (the int64 and uint64 accumulators) (the kernels are in
// backends/cuda/scan.cuh).
#include "xp/backends/cuda/scan.cuh"

namespace xp::backends::cuda {

template void scan_rows<std::int64_t>(const detail::scan_problem<std::int64_t>&);
template void scan_rows<std::uint64_t>(const detail::scan_problem<std::uint64_t>&);

}  // namespace xp::backends::cuda
