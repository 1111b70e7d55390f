// The device scans of complex numbers (the kernels are in backends/cuda/scan.cuh).
#include "xp/backends/cuda/scan.cuh"

namespace xp::backends::cuda {

template void scan_rows<complex64>(const detail::scan_problem<complex64>&);
template void scan_rows<complex128>(const detail::scan_problem<complex128>&);

}  // namespace xp::backends::cuda
