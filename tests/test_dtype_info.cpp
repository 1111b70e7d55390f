// xp/core/dtype_info.hpp: finfo and iinfo against NumPy 2's values (tests/golden/dtypes/dtype_info.txt),
// can_cast against np.can_cast for every ordered pair of the 14 dtypes under 'safe' and
// 'same_kind' (the `cast` rows of tests/golden/dtypes/dtype_promotion.txt), isdtype against the array
// API's table of kinds. Nothing here depends on the backend; both suites run it.
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "support.hpp"

namespace {

// The 14 dtypes, written out here (not taken from XP_DTYPES, whose coverage this checks).
using all_dtypes = std::tuple<bool, std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t, std::uint16_t,
                              std::uint32_t, std::uint64_t, xp::float16, float, double, xp::complex64, xp::complex128>;
static_assert(std::tuple_size_v<all_dtypes> == xp::dtype::count);

// f.template operator()<T>() for every T of the list.
template <class F>
void for_each_dtype(F&& f) {
  [&]<class... Ts>(std::tuple<Ts...>*) { (f.template operator()<Ts>(), ...); }(static_cast<all_dtypes*>(nullptr));
}

std::vector<std::vector<std::string>> golden_rows(const std::string& file, const std::string& first_word) {
  std::ifstream in(std::string(XP_GOLDEN_DIR) + "/" + file);
  REQUIRE(in.good());
  std::vector<std::vector<std::string>> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::vector<std::string> row;
    for (std::string w; words >> w;) row.push_back(w);
    if (!row.empty() && row[0] == first_word) rows.push_back(row);
  }
  return rows;
}

// A float written by Python's float.hex() ("0x1.0000000000000p-10"), exactly.
double hex_double(const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  REQUIRE(end == text.c_str() + text.size());
  return v;
}

}  // namespace

TEST_CASE("dtype_info: the documented example") {
  // example-begin dtype-info
  static_assert(xp::finfo<xp::float16>::eps.bits == 0x1400);                 // 2^-10
  static_assert(xp::finfo<xp::complex64>::dtype == xp::dtype::of<float>());  // the component's
  static_assert(xp::iinfo<std::int8_t>::min == -128 && xp::iinfo<std::uint16_t>::max == 65535);
  static_assert(xp::can_cast<std::int16_t, float>());  // np.can_cast: safe
  static_assert(!xp::can_cast<std::int64_t, float>());
  static_assert(xp::can_cast<double, float>(xp::casting::same_kind));
  static_assert(!xp::can_cast<double, std::int64_t>(xp::casting::same_kind));
  static_assert(xp::isdtype<std::uint8_t>(xp::dtype_kind::integral));
  const auto a = xp::zeros<xp::complex64>({3});
  CHECK(xp::isdtype(a.dtype(), "complex floating"));  // the array API's names
  CHECK(xp::isdtype(a.dtype(), {xp::dtype_kind::real_floating, xp::dtype_kind::complex_floating}));
  CHECK(xp::can_cast(a.dtype(), xp::dtype::of<xp::complex128>()));
  // example-end dtype-info
}

TEST_CASE("dtype_info: finfo and iinfo are NumPy's, row by row") {
  std::set<std::string> seen;
  for (const auto& row : golden_rows("dtypes/dtype_info.txt", "iinfo")) {
    REQUIRE(row.size() == 5);  // iinfo NAME bits min max
    const std::string& name = row[1];
    INFO("iinfo " << name);
    bool found = false;
    for_each_dtype([&]<class T>() {
      if constexpr (xp::detail::is_integer_v<T>) {
        if (xp::dtype_name<T>() != name) return;
        found = true;
        using I = xp::iinfo<T>;
        CHECK(I::bits == std::stoi(row[2]));
        if constexpr (std::is_signed_v<T>) {
          CHECK(static_cast<long long>(I::min) == std::stoll(row[3]));
          CHECK(static_cast<long long>(I::max) == std::stoll(row[4]));
        } else {
          CHECK(row[3] == "0");
          CHECK(I::min == 0);
          CHECK(static_cast<unsigned long long>(I::max) == std::stoull(row[4]));
        }
        CHECK(I::dtype == xp::dtype::of<T>());
        static_assert(std::is_same_v<std::remove_cv_t<decltype(I::max)>, T>);
      }
    });
    CHECK(found);
    seen.insert(name);
  }
  CHECK(seen.size() == 8);  // every integer dtype has its row

  seen.clear();
  for (const auto& row : golden_rows("dtypes/dtype_info.txt", "finfo")) {
    // finfo NAME bits eps max min smallest_normal smallest_subnormal resolution precision epsneg
    REQUIRE(row.size() == 11);
    const std::string& name = row[1];
    INFO("finfo " << name);
    bool found = false;
    for_each_dtype([&]<class T>() {
      if constexpr (xp::detail::is_inexact_v<T>) {
        if (xp::dtype_name<T>() != name) return;
        found = true;
        using F = xp::finfo<T>;
        const auto d = [](auto v) { return static_cast<double>(v); };  // float16 through float: exact
        CHECK(F::bits == std::stoi(row[2]));
        CHECK(d(F::eps) == hex_double(row[3]));
        CHECK(d(F::max) == hex_double(row[4]));
        CHECK(d(F::min) == hex_double(row[5]));
        CHECK(d(F::smallest_normal) == hex_double(row[6]));
        CHECK(d(F::tiny) == hex_double(row[6]));
        CHECK(d(F::smallest_subnormal) == hex_double(row[7]));
        CHECK(d(F::resolution) == hex_double(row[8]));
        CHECK(F::precision == std::stoi(row[9]));
        CHECK(d(F::epsneg) == hex_double(row[10]));
        // the component float's dtype, as np.finfo(np.complex64).dtype is float32
        CHECK(F::dtype.itemsize() * 8 == static_cast<std::size_t>(F::bits));
        CHECK(F::dtype.kind() == 'f');
      }
    });
    CHECK(found);
    seen.insert(name);
  }
  CHECK(seen.size() == 5);  // float16/32/64, complex64/128
}

TEST_CASE("dtype_info: finfo's exponent and mantissa fields are NumPy's") {
  // np.finfo(t).nmant, .nexp, .maxexp, .minexp for float16, float32, float64 (NumPy's documented
  // IEEE layouts)
  CHECK(xp::finfo<xp::float16>::nmant == 10);
  CHECK(xp::finfo<xp::float16>::nexp == 5);
  CHECK(xp::finfo<xp::float16>::maxexp == 16);
  CHECK(xp::finfo<xp::float16>::minexp == -14);
  CHECK(xp::finfo<float>::nmant == 23);
  CHECK(xp::finfo<float>::nexp == 8);
  CHECK(xp::finfo<float>::maxexp == 128);
  CHECK(xp::finfo<float>::minexp == -126);
  CHECK(xp::finfo<xp::complex128>::nmant == 52);
  CHECK(xp::finfo<xp::complex128>::nexp == 11);
  CHECK(xp::finfo<xp::complex128>::maxexp == 1024);
  CHECK(xp::finfo<xp::complex128>::minexp == -1022);
  static_assert(std::is_same_v<xp::finfo<xp::complex64>::type, float>);
  static_assert(std::is_same_v<std::remove_cv_t<decltype(xp::finfo<xp::float16>::eps)>, xp::float16>);
  // constants: usable at compile time
  static_assert(xp::finfo<double>::eps == 0x1p-52 && xp::finfo<float>::smallest_subnormal == 0x1p-149f);
  static_assert(xp::finfo<xp::float16>::max.bits == 0x7bff && xp::finfo<xp::float16>::min.bits == 0xfbff);
}

TEST_CASE("dtype_info: can_cast is np.can_cast for every pair of dtypes, safe and same_kind") {
  // golden: cast A B safe|same_kind 0|1
  std::map<std::string, bool> golden;
  for (const auto& row : golden_rows("dtypes/dtype_promotion.txt", "cast")) {
    REQUIRE(row.size() == 5);
    REQUIRE((row[4] == "0" || row[4] == "1"));
    golden[row[1] + " " + row[2] + " " + row[3]] = row[4] == "1";
  }
  REQUIRE(golden.size() == 2 * 14 * 14);
  int pairs = 0;
  for_each_dtype([&]<class From>() {
    for_each_dtype([&]<class To>() {
      ++pairs;
      const std::string key = std::string(xp::dtype_name<From>()) + " " + std::string(xp::dtype_name<To>());
      INFO(key);
      const auto safe = golden.find(key + " safe"), same_kind = golden.find(key + " same_kind");
      REQUIRE(safe != golden.end());
      REQUIRE(same_kind != golden.end());
      constexpr bool c_safe = xp::can_cast<From, To>();  // a constant expression
      constexpr bool c_same_kind = xp::can_cast<From, To>(xp::casting::same_kind);
      CHECK(c_safe == safe->second);
      CHECK(c_same_kind == same_kind->second);
      // the dtype-valued form agrees; 'no' and 'equiv' are the identity for native dtypes,
      // 'unsafe' allows everything
      const xp::dtype f = xp::dtype::of<From>(), t = xp::dtype::of<To>();
      CHECK(xp::can_cast(f, t) == safe->second);
      CHECK(xp::can_cast(f, t, xp::casting::same_kind) == same_kind->second);
      CHECK(xp::can_cast<From, To>(xp::casting::no) == std::is_same_v<From, To>);
      CHECK(xp::can_cast<From, To>(xp::casting::equiv) == std::is_same_v<From, To>);
      CHECK(xp::can_cast<From, To>(xp::casting::unsafe));
    });
  });
  CHECK(pairs == 196);
  CHECK(xp::casting_name(xp::casting::same_kind) == "same_kind");
  CHECK(xp::casting_name(xp::casting::no) == "no");
}

TEST_CASE("dtype_info: isdtype is the array API's, for every dtype and kind") {
  // The array API's kinds, column by column: bool, signed integer, unsigned integer, integral,
  // real floating, complex floating, numeric ("numeric" is every kind but bool; NumPy counts
  // float16 as real floating).
  const std::map<std::string, std::string> table = {
      {"bool", "1000000"},      {"int8", "0101001"},       {"int16", "0101001"},   {"int32", "0101001"},
      {"int64", "0101001"},     {"uint8", "0011001"},      {"uint16", "0011001"},  {"uint32", "0011001"},
      {"uint64", "0011001"},    {"float16", "0000101"},    {"float32", "0000101"}, {"float64", "0000101"},
      {"complex64", "0000011"}, {"complex128", "0000011"},
  };
  const xp::dtype_kind kinds[] = {
      xp::dtype_kind::bool_,    xp::dtype_kind::signed_integer, xp::dtype_kind::unsigned_integer,
      xp::dtype_kind::integral, xp::dtype_kind::real_floating,  xp::dtype_kind::complex_floating,
      xp::dtype_kind::numeric};
  const char* names[] = {"bool",          "signed integer",   "unsigned integer", "integral",
                         "real floating", "complex floating", "numeric"};
  int dtypes = 0;
  for_each_dtype([&]<class T>() {
    ++dtypes;
    const std::string name(xp::dtype_name<T>());
    const auto row = table.find(name);
    REQUIRE(row != table.end());
    for (int k = 0; k < 7; ++k) {
      INFO(name << " " << names[k]);
      const bool want = row->second[k] == '1';
      CHECK(xp::isdtype<T>(kinds[k]) == want);
      CHECK(xp::isdtype<T>(names[k]) == want);
      CHECK(xp::isdtype(xp::dtype::of<T>(), kinds[k]) == want);
      CHECK(xp::dtype_kind_name(kinds[k]) == names[k]);
      CHECK(xp::dtype_kind_of(names[k]) == kinds[k]);
    }
    // a dtype as the kind: equality
    CHECK(xp::isdtype(xp::dtype::of<T>(), xp::dtype::of<T>()));
    CHECK(xp::isdtype(xp::dtype::of<T>(), xp::dtype::of<xp::complex64>()) == std::is_same_v<T, xp::complex64>);
    // several kinds: any of them
    CHECK(xp::isdtype(xp::dtype::of<T>(), {xp::dtype_kind::bool_, xp::dtype_kind::complex_floating}) ==
          (row->second[0] == '1' || row->second[5] == '1'));
  });
  CHECK(dtypes == 14);
  static_assert(xp::isdtype<float>(xp::dtype_kind::real_floating) && !xp::isdtype<bool>(xp::dtype_kind::numeric));
  // a name that is no kind
  try {
    (void)xp::isdtype<float>("floating");
    FAIL("no exception");
  } catch (const xp::value_error& e) {
    const std::string what = e.what();
    CHECK(what.find("'floating'") != std::string::npos);
    CHECK(what.find("'real floating'") != std::string::npos);
  }
}
