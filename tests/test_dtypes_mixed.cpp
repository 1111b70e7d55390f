// Mixed-dtype arithmetic and weak scalars of every dtype against NumPy 2
// (tests/golden/dtypes/dtypes_<tag>.npz, written by tests/golden/make_golden_dtypes.py): the promoted
// dtype of every pair and its values.
#include "dtype_support.hpp"

using namespace xp_test;
using xp::index_t;

TEST_CASE_TEMPLATE("dtypes: mixed-dtype arithmetic and weak scalars follow NumPy 2's promotion", C, XP_EVERY_DTYPE) {
  using T = typename C::type;
  const auto& z = dtype_archive<T>();
  const auto a = dtype_input<T>("a");
  // every other dtype's `a` (as stored in its own archive): the values of the promoted sums
  // and products (int64 + uint64 is float64, float16 + int16 float32, ...)
  auto with = [&](auto tag) {
    using U = typename decltype(tag)::type;
    const auto other = dtype_input<U>("a");
    const std::string code(xp::dtype::of<U>().npy_code());
    [[maybe_unused]] constexpr bool cx = xp::detail::is_complex_v<xp::promote_t<T, U>>;
    check_member(z, "mix_add_" + code, xp::eval(a + other), 0);
    if constexpr (full_matrix) check_member(z, "mix_mul_" + code, xp::eval(a * other), cx ? 4 : 0);
  };
  with(on<bool>{}), with(on<std::int8_t>{}), with(on<std::uint8_t>{}), with(on<std::int16_t>{});
  with(on<std::uint16_t>{}), with(on<std::int32_t>{}), with(on<std::uint32_t>{}), with(on<std::int64_t>{});
  with(on<std::uint64_t>{}), with(on<xp::float16>{}), with(on<float>{}), with(on<double>{});
  with(on<xp::complex64>{}), with(on<xp::complex128>{});
  // C++ scalars are NumPy's weak Python scalars: `a + 3` keeps int8, `a * 2.5` is float64 for
  // integers and keeps float16, `a + (1+2j)` is complex64 for float32
  check_member(z, "scalar_int", xp::eval(a + 3), 0);
  check_member(z, "scalar_float", xp::eval(a * 2.5), 0);
  check_member(z, "scalar_complex", xp::eval(a + std::complex<double>(1, 2)), 0);
}
