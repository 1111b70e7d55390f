// NumPy 2's promotion table, weak scalars (NEP 50) and float16's rounding.
// tests/golden/dtypes/dtype_promotion.txt is written by tests/golden/make_golden_dtypes.py under NumPy 2:
// every ordered pair of the 14 dtypes and every dtype with a Python bool/int/float/complex.
// The values of promoted arithmetic on both backends are checked by test_dtypes_ops.cpp
// (mix_add_*, mix_mul_*, scalar_*); here the table itself, and float16's conversions, which
// every float16 operation goes through.
#include "dtype_support.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <fstream>
#include <random>
#include <set>
#include <tuple>

using namespace xp_test;

namespace {

using every_dtype =
    std::tuple<bool, std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t, std::uint32_t, std::int64_t,
               std::uint64_t, xp::float16, float, double, xp::complex64, xp::complex128>;

struct promotion_golden {
  std::map<std::pair<std::string, std::string>, std::string> rows;
  promotion_golden() {
    std::ifstream in(std::string(XP_GOLDEN_DIR) + "/dtypes/dtype_promotion.txt");
    REQUIRE(in.good());
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#' || line.rfind("cast ", 0) == 0) continue;
      std::istringstream s(line);
      std::string a, b, r;
      s >> a >> b >> r;
      rows[{a, b}] = r;
    }
  }
};

template <class A, std::size_t... I>
void check_row(const promotion_golden& g, int& checked, std::index_sequence<I...>) {
  auto one = [&](auto b) {
    using Bt = decltype(b);
    const std::string an(xp::dtype_name<A>()), bn(xp::dtype_name<Bt>());
    INFO(an << " + " << bn);
    CHECK(g.rows.at({an, bn}) == std::string(xp::dtype_name<xp::promote_t<A, Bt>>()));
    ++checked;
  };
  (one(std::tuple_element_t<I, every_dtype>{}), ...);
}

template <std::size_t... I>
void check_table(const promotion_golden& g, int& checked, std::index_sequence<I...> seq) {
  (check_row<std::tuple_element_t<I, every_dtype>>(g, checked, seq), ...);
}

template <std::size_t... I>
void check_weak(const promotion_golden& g, int& checked, std::index_sequence<I...>) {
  auto one = [&](auto a) {
    using A = decltype(a);
    const std::string an(xp::dtype_name<A>());
    INFO(an << " with Python scalars");
    CHECK(g.rows.at({an, "pybool"}) == std::string(xp::dtype_name<xp::promote_scalar_t<A, bool>>()));
    CHECK(g.rows.at({an, "pyint"}) == std::string(xp::dtype_name<xp::promote_scalar_t<A, int>>()));
    CHECK(g.rows.at({an, "pyfloat"}) == std::string(xp::dtype_name<xp::promote_scalar_t<A, double>>()));
    CHECK(g.rows.at({an, "pycomplex"}) == std::string(xp::dtype_name<xp::promote_scalar_t<A, std::complex<double>>>()));
    checked += 4;
  };
  (one(std::tuple_element_t<I, every_dtype>{}), ...);
}

// np.result_type(A, B, C) of tests/golden/dtypes/result_type_triples.txt (make_golden_result_type.py):
// one row per unordered triple, in NumPy's type-number order (the order of every_dtype).
struct result_type_golden {
  std::map<std::array<std::size_t, 3>, std::string> rows;
  result_type_golden() {
    std::map<std::string, std::size_t> number;
    std::size_t k = 0;
    std::apply([&](auto... t) { ((number[std::string(xp::dtype_name<decltype(t)>())] = k++), ...); }, every_dtype{});
    std::ifstream in(std::string(XP_GOLDEN_DIR) + "/dtypes/result_type_triples.txt");
    REQUIRE(in.good());
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream s(line);
      std::string a, b, c, r;
      s >> a >> b >> c >> r;
      rows[{number.at(a), number.at(b), number.at(c)}] = r;
    }
  }
};

// Every ordered triple (A, B, C): the codes' result (what result_type_t<A, B, C> folds at compile
// time) against the row of the sorted triple, in run-time loops: 2,744 template instances of a
// check took 44 s of g++ and 59 s of nvcc on the 16-core GPU machine.
void check_triples(const result_type_golden& g, int& checked) {
  std::vector<xp::dtype::code> codes;
  std::apply([&](auto... t) { (codes.push_back(xp::dtype::of<decltype(t)>().id()), ...); }, every_dtype{});
  for (std::size_t i = 0; i < codes.size(); ++i)
    for (std::size_t j = 0; j < codes.size(); ++j)
      for (std::size_t k = 0; k < codes.size(); ++k) {
        const xp::dtype::code triple[3] = {codes[i], codes[j], codes[k]};
        std::array<std::size_t, 3> key{i, j, k};
        std::sort(key.begin(), key.end());
        INFO(xp::dtype(codes[i]).name() << ", " << xp::dtype(codes[j]).name() << ", " << xp::dtype(codes[k]).name());
        CHECK(g.rows.at(key) == std::string(xp::dtype(xp::detail::result_type_codes(triple)).name()));
        ++checked;
      }
}

}  // namespace

TEST_CASE("promotion: every pair of the 14 dtypes and every weak scalar, as NumPy 2") {
  const promotion_golden g;
  int checked = 0;
  constexpr auto seq = std::make_index_sequence<std::tuple_size_v<every_dtype>>{};
  check_table(g, checked, seq);
  check_weak(g, checked, seq);
  CHECK(checked == 14 * 14 + 14 * 4);
  CHECK(g.rows.size() == std::size_t(14 * 14 + 14 * 4));
  // the table is also what result_type_t folds
  static_assert(std::is_same_v<xp::result_type_t<std::int8_t, std::uint8_t>, std::int16_t>);
  static_assert(std::is_same_v<xp::result_type_t<std::uint64_t, std::int8_t>, double>);
  static_assert(std::is_same_v<xp::result_type_t<xp::float16, xp::complex64, double>, xp::complex128>);
}

TEST_CASE("result_type_t of three dtypes: every ordered triple of the 14, as NumPy 2 finds it over all at once") {
  const result_type_golden g;
  CHECK(g.rows.size() == std::size_t(560));  // 14 * 15 * 16 / 6 unordered triples
  int checked = 0;
  check_triples(g, checked);
  CHECK(checked == 14 * 14 * 14);
  // NumPy's category rule, where promoting two at a time would give float32 (int16 + float16)
  static_assert(std::is_same_v<xp::result_type_t<std::int8_t, std::uint8_t, xp::float16>, xp::float16>);
  static_assert(std::is_same_v<xp::result_type_t<xp::float16, std::uint8_t, std::int8_t>, xp::float16>);
  // four operands: the same rule (np.result_type(int8, uint8, int16, float16) is float32: int16 needs it)
  static_assert(std::is_same_v<xp::result_type_t<std::int8_t, std::uint8_t, bool, xp::float16>, xp::float16>);
  static_assert(std::is_same_v<xp::result_type_t<std::int8_t, std::uint8_t, std::int16_t, xp::float16>, float>);
  static_assert(std::is_same_v<xp::result_type_t<std::uint8_t, std::int8_t, xp::complex64>, xp::complex64>);
}

TEST_CASE("float16: round to nearest even from float and double, exact back to float, on both backends") {
  // every finite float16, sorted by value: the reference rounding picks the nearest of them
  std::vector<std::pair<double, std::uint16_t>> finite;
  for (unsigned bits = 0; bits < 0x10000u; ++bits) {
    const auto h = xp::float16::from_bits(static_cast<std::uint16_t>(bits));
    const float f = h;
    if (std::isnan(f)) {
      CHECK(xp::float16(f).bits == ((bits & 0x8000u) | 0x7e00u | (bits & 0x3ffu)));  // NaN stays NaN, sign kept
      continue;
    }
    CHECK(xp::float16(f).bits == bits);  // float16 -> float -> float16 is the identity
    CHECK(xp::float16(static_cast<double>(f)).bits == bits);
    if (!std::isinf(f) && !(f == 0 && (bits & 0x8000u))) finite.emplace_back(f, static_cast<std::uint16_t>(bits));
  }
  std::sort(finite.begin(), finite.end());
  auto reference = [&](double v) -> std::uint16_t {
    if (std::abs(v) >= 65520.0) return v > 0 ? 0x7c00 : 0xfc00;  // halfway to 2^16 and beyond: inf
    auto hi = std::lower_bound(finite.begin(), finite.end(), std::make_pair(v, std::uint16_t(0)));
    if (hi == finite.begin()) return hi->second;
    auto lo = std::prev(hi);
    if (hi == finite.end()) return lo->second;
    const double dl = v - lo->first, dh = hi->first - v;
    std::uint16_t r = dl < dh ? lo->second : dh < dl ? hi->second : ((lo->second & 1) ? hi->second : lo->second);
    if (r == 0 && v < 0) r = 0x8000;  // rounds to -0
    return r;
  };
  std::mt19937_64 gen(18);
  std::vector<float> samples;
  for (int i = 0; i < 200000; ++i) {
    // uniform in the exponent: subnormals, normals, overflow; and exact ties (11 significant bits + 1)
    const double mag = std::ldexp(std::uniform_real_distribution<double>(1, 2)(gen), int(gen() % 44) - 28);
    float f = static_cast<float>(gen() % 2 ? mag : -mag);
    if (i % 4 == 0) f = std::ldexp(float(int(gen() % 4096) | 1), int(gen() % 30) - 36);  // ties
    samples.push_back(f);
    INFO("value " << f);
    CHECK(xp::float16(f).bits == reference(f));
    const double d = gen() % 2 ? mag : -mag;
    CHECK(xp::float16(d).bits == reference(d));  // one rounding from double, not two
  }
  // the device converts with its own instructions: the same bits as the host, both directions
  const auto host = xp::array<float, xp::host>(samples, {static_cast<xp::index_t>(samples.size())});
  const auto halves = xp::asarray<B>(host).template astype<xp::float16>().copy_to_host();
  for (std::size_t i = 0; i < samples.size(); ++i) CHECK(halves.data()[i].bits == xp::float16(samples[i]).bits);
  auto all = xp::empty<std::uint16_t, xp::host>({0x10000});
  for (unsigned bits = 0; bits < 0x10000u; ++bits) all.data()[bits] = static_cast<std::uint16_t>(bits);
  const auto as_half = xp::ndarray<xp::float16, xp::host>(all.buffer(), reinterpret_cast<xp::float16*>(all.data()),
                                                          {0x10000}, {1}, true);
  const auto back = xp::asarray<B>(as_half).template astype<float>().copy_to_host();
  for (unsigned bits = 0; bits < 0x10000u; ++bits) {
    const float want = xp::float16::from_bits(static_cast<std::uint16_t>(bits));
    const float got = back.data()[bits];
    if (std::isnan(want)) CHECK(std::isnan(got));
    else CHECK(std::memcmp(&got, &want, sizeof(float)) == 0);
  }
}

TEST_CASE("dtypes: the tour of docs/dtypes.md") {
  // example-begin dtypes-tour
  // the 14 dtypes are element types; promotion is NumPy 2's
  auto i8 = xp::array<std::int8_t, B>({100, -100, 7});
  auto u64 = xp::full<std::uint64_t, B>({3}, 5);
  auto mixed = xp::eval(i8 + u64);  // int8 + uint64 -> float64, as NumPy 2
  static_assert(std::is_same_v<decltype(mixed)::value_type, double>);
  auto wrapped = xp::eval(i8 + std::int8_t(100));  // weak scalar: stays int8 and wraps: [-56, 0, 107]

  // float16 stores 2 bytes and computes in float (NumPy's result dtype stays float16)
  auto h = xp::linspace<xp::float16, B>(0, 1, 5);
  auto h2 = xp::eval(h * h + 1);  // float16
  float last = h2(4).item();      // 2.0

  // complex64 is xp::complex<float>: std::complex's layout, usable in device code too
  auto z = xp::full<xp::complex64, B>({3}, std::complex<float>(3, 4));
  auto magnitude = xp::eval(xp::abs(z));  // float32: 5
  auto total = xp::sum(z * xp::conj(z));  // complex64: 75 + 0j
  std::complex<float> t = total.item();   // converts to std::complex on the host
  // example-end dtypes-tour
  CHECK(mixed(0).item() == 105.0);
  CHECK(wrapped(0).item() == -56);
  CHECK(wrapped(2).item() == 107);
  CHECK(last == 2.0f);
  static_assert(std::is_same_v<decltype(h2)::value_type, xp::float16>);
  static_assert(std::is_same_v<decltype(magnitude)::value_type, float>);
  CHECK(magnitude(1).item() == 5.0f);
  CHECK(t == std::complex<float>(75, 0));
}
