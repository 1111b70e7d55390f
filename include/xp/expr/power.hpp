#pragma once
/// @file expr/power.hpp
/// @brief np.power and np.pow: the elementwise op (ops::power in expr/ops.hpp) behind a function
/// that first refuses negative integer exponents, as NumPy does, with a reduction.

#include <type_traits>

#include "xp/core/error.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/ops.hpp"
#include "xp/expr/reduction.hpp"

namespace xp {

/// @brief np.power(x, y) (x ** y), lazy like every elementwise function. Integer powers wrap
/// like NumPy's. Refusing a negative integer exponent array, as NumPy does, takes a reduction
/// (a pass over y, and for xp::cuda a wait for its result), so this header comes after them.
/// @throws xp::value_error when both operands are integers and an exponent is negative
///         ("Integers to negative integer powers are not allowed.").
template <class L, class R>
requires detail::binary_operands<L, R>
auto power(const L& l, const R& r) {
  auto e = detail::make_expr(ops::power{}, l, r);
  using Result = typename decltype(e)::value_type;
  using Exponent = std::conditional_t<detail::is_operand_v<R>, detail::operand_value_t<R>, R>;
  if constexpr (std::is_integral_v<Result> && std::is_signed_v<Exponent> && !std::is_same_v<Exponent, bool>) {
    bool negative;
    if constexpr (detail::is_operand_v<R>) negative = any(r < Exponent(0)).item();
    else negative = r < R(0);
    if (negative) throw value_error("xp::power: Integers to negative integer powers are not allowed.");
  }
  return e;
}

/// @brief np.pow (the array API's name of np.power). @see power
/// @throws xp::value_error as xp::power.
template <class L, class R>
requires detail::binary_operands<L, R>
auto pow(const L& l, const R& r) { return power(l, r); }

}  // namespace xp
