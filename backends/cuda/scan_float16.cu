// The device scans of float16 (the kernels are in backends/cuda/scan.cuh), a unit of their own: CUB
// scans float16 through its generic path, which took 58 s of nvcc on the 2-core machine against 30 s
// for int64.
#include "xp/backends/cuda/scan.cuh"

namespace xp::backends::cuda {

template void scan_rows<float16>(const detail::scan_problem<float16>&);

}  // namespace xp::backends::cuda
