// The seed's field, fused, on the device (compiled by nvcc in a CUDA build only) (seed_field.hpp).
#include "seed_field_impl.hpp"

namespace seed_field {
template xp::ndarray<float, xp::cuda> fused<xp::cuda>(xp::index_t, xp::index_t);
}  // namespace seed_field
