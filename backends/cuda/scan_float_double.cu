// The device scans of float and double (the kernels are in backends/cuda/scan.cuh).
#include "xp/backends/cuda/scan.cuh"

namespace xp::backends::cuda {

template void scan_rows<float>(const detail::scan_problem<float>&);
template void scan_rows<double>(const detail::scan_problem<double>&);

}  // namespace xp::backends::cuda
