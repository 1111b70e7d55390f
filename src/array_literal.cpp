// xp::array of a braced list that mixes bool, int, long and long long values (`{true, 2}`,
// `{0, n}`): int64, as NumPy. Declared in core/creation.hpp, which cannot compile the body (it
// needs the host backend); a non-template function, so that it wins over the float64 template
// where both take the list.
#include <initializer_list>

// g++ 12 at -O3 reports a false -Warray-bounds ("array subscript 0 is outside array bounds of
// 'long int [0]'") inside std::vector's growth once flatten_nodes' recursion is inlined four levels
// deep here; the vector grows from empty like any other.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Warray-bounds"
#endif

#include "xp/core.hpp"

namespace xp {

ndarray<std::int64_t, host> array(std::initializer_list<detail::literal_node<detail::int64_literal>> values) {
  ndarray<std::int64_t, host> a = detail::array_from_nodes<std::int64_t, host>(values);
  // only braces without any value reach here with none: NumPy's dtype for them is float64, which
  // the overloads cannot tell from the types, so say what to write rather than give int64
  if (a.size() == 0)
    throw value_error(
        "xp::array: a list without values (np.array([]) is float64) needs its dtype: write "
        "xp::array<double>({...}) or xp::zeros({shape})");
  return a;
}

}  // namespace xp
