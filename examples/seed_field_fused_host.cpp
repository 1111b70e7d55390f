// The seed's field, fused, on the host (seed_field.hpp).
#include "seed_field_impl.hpp"

namespace seed_field {
template xp::ndarray<float, xp::host> fused<xp::host>(xp::index_t, xp::index_t);
}  // namespace seed_field
