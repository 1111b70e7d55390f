// The seed's field, as the seed writes it, on the host (seed_field.hpp).
#include "seed_field_impl.hpp"

namespace seed_field {
template xp::ndarray<double, xp::host> as_written<xp::host>(xp::index_t, xp::index_t);
}  // namespace seed_field
