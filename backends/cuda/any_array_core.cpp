// any_array on the device (include/xp/core/any_array.hpp): conversions, promotion, scalars and
// transfers (src/any_array_ops.hpp). Only precompiled copies and transfers: compiled by the host
// compiler.
#define XP_ANY_CORE_UNIT
#include "xp/cuda.hpp"
// (after the library it instantiates)
#include "../../src/any_array_ops.hpp"

namespace xp::detail {

XP_ANY_INSTANTIATE_CORE(cuda)

any_array<cuda> any_to_device(const any_array<host>& a) {
  return visit([](const auto& x) { return any_array<cuda>(to_device(x)); }, a);
}

}  // namespace xp::detail
