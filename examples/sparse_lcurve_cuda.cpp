// The seed's L-curve on the device (sparse_lcurve.hpp): compiled by nvcc in a CUDA build only.
#include "sparse_lcurve_impl.hpp"

namespace sparse_lcurve {
XP_SPARSE_LCURVE_INSTANCES(, xp::cuda)
}  // namespace sparse_lcurve
