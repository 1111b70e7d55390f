// The seed's L-curve on the host (sparse_lcurve.hpp).
#include "sparse_lcurve_impl.hpp"

namespace sparse_lcurve {
XP_SPARSE_LCURVE_INSTANCES(, xp::host)
}  // namespace sparse_lcurve
