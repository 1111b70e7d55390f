// astype and assignment from every dtype to every dtype against NumPy 2
// (tests/golden/dtypes/dtypes_<tag>.npz, written by tests/golden/make_golden_dtypes.py), on contiguous
// arrays and transposed views.
#include "dtype_support.hpp"

using namespace xp_test;
using xp::index_t;

TEST_CASE_TEMPLATE("dtypes: astype from every dtype to every dtype, as NumPy converts", C, XP_EVERY_DTYPE) {
  using T = typename C::type;
  const auto& z = dtype_archive<T>();
  const auto c = dtype_input<T>("c");
  const auto ct = xp::transpose(c);
  auto to = [&](auto tag) {
    using U = typename decltype(tag)::type;
    const std::string name = "astype_" + std::string(xp::dtype::of<U>().npy_code());
    check_member(z, name, c.template astype<U>(), 0);
    check_member(z, name, ct.template astype<U>(), 0, [](const auto& w) { return xp::transpose(w); });
    // assignment into an existing array of U converts the same way
    auto into = xp::empty<U, B>(c.shape());
    into(xp::all, xp::all) = c;
    check_member(z, name, into, 0);
  };
  to(on<bool>{}), to(on<std::int8_t>{}), to(on<std::uint8_t>{}), to(on<std::int16_t>{});
  to(on<std::uint16_t>{}), to(on<std::int32_t>{}), to(on<std::uint32_t>{}), to(on<std::int64_t>{});
  to(on<std::uint64_t>{}), to(on<xp::float16>{}), to(on<float>{}), to(on<double>{});
  to(on<xp::complex64>{}), to(on<xp::complex128>{});
}
