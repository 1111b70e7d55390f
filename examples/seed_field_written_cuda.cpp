// The seed's field, as the seed writes it, on the device (compiled by nvcc in a CUDA build only) (seed_field.hpp).
#include "seed_field_impl.hpp"

namespace seed_field {
template xp::ndarray<double, xp::cuda> as_written<xp::cuda>(xp::index_t, xp::index_t);
}  // namespace seed_field
