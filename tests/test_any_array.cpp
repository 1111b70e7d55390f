// xp::any_array (core/any_array.hpp): an array whose dtype is chosen at run time. The dtypes are
// looped over at run time through any_array itself, so this unit instantiates no per-dtype
// template of the library (its operations are compiled in libxp / libxp_cuda); the typed results
// it compares with are a few typed expressions.

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support.hpp"

#if __has_include(<dlpack/dlpack.h>)
#include <xp/dlpack.hpp>
#define XP_ANY_ARRAY_TEST_DLPACK 1
#endif

using namespace xp_test;

namespace {

using dyn = xp::any_array<B>;

std::vector<xp::dtype> every_dtype() {
  std::vector<xp::dtype> out;
  for (int c = 0; c < xp::dtype::count; ++c) out.emplace_back(static_cast<xp::dtype::code>(c));
  return out;
}

// a host any_array (what the file readers give) on the suite's backend
dyn on_suite_backend(const xp::any_array<xp::host>& h) {
#ifdef XP_TEST_CUDA
  return xp::to_device(h);
#else
  return h;
#endif
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("xp_any_array_" + std::string(backend_name()) + "_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

// 0, 1, 2, ... 5 as a 2 x 3 any_array of dtype d (bool: 0 then 1s)
dyn small(xp::dtype d) { return dyn(xp::arange<double, B>(6).reshape({2, 3})).astype(d); }

// the values of dyn array, as float64 on the host (real parts for complex)
std::vector<double> as_doubles(const dyn& a) {
  if (a.dtype().kind() == 'c') {
    const auto c = a.astype<xp::complex128>().copy_to_host();
    std::vector<double> out;
    for (xp::index_t i = 0; i < c.size(); ++i) out.push_back(c.data()[i].real());
    return out;
  }
  return values(a.astype<double>());
}

}  // namespace

TEST_CASE("any_array: a program that never names a dtype (docs/dtypes.md)") {
  const std::string path = temp_path("example.npy");
  xp::save_npy(path, xp::arange<std::int16_t, xp::host>(6).reshape({2, 3}));
  // example-begin any-array
  const xp::any_array<> a = xp::load(path);               // np.load: whatever the file holds (int16 here)
  const xp::any_array<> centred = a - a.mean({1}, true);  // float64, as NumPy 2 promotes
  std::ostringstream out;
  out << a.dtype() << " -> " << centred.dtype() << "\n" << centred;         // int16 -> float64 [[-1.  0.  1.] ...
  const xp::ndarray<std::int16_t> typed = a.as<std::int16_t>();             // xp::dtype_error if it were not int16
  const auto count = xp::visit([](const auto& t) { return t.size(); }, a);  // t: the ndarray<T>
  // example-end any-array
  CHECK(out.str() == "int16 -> float64\n[[-1.  0.  1.]\n [-1.  0.  1.]]");
  CHECK(typed.size() == count);
  std::remove(path.c_str());
}

TEST_CASE("any_array: holds a typed array, says its dtype and shape, gives it back") {
  const auto typed = xp::arange<float, B>(12).reshape({3, 4});
  const dyn a = typed;
  CHECK(a.dtype() == "float32");
  CHECK(a.shape() == xp::shape_type{3, 4});
  CHECK(a.ndim() == 2);
  CHECK(a.size() == 12);
  CHECK(a.itemsize() == 4);
  const auto back = a.as<float>();
  CHECK(back.data() == typed.data());  // shared, not copied
  const dyn empty_default;
  CHECK(empty_default.dtype() == "float64");
  CHECK(empty_default.size() == 0);
}

TEST_CASE("any_array: as<T> refuses another dtype, naming both; astype converts") {
  const dyn a = xp::arange<std::int32_t, B>(4);
  try {
    (void)a.as<float>();
    FAIL("as<float> of int32 did not throw");
  } catch (const xp::dtype_error& e) {
    CHECK(contains(e.what(), "int32"));
    CHECK(contains(e.what(), "float32"));
  }
  const auto f = a.astype<float>();
  CHECK(values(f) == std::vector<float>{0, 1, 2, 3});
  const dyn c = a.astype(xp::dtype::of<xp::complex64>());
  CHECK(c.dtype() == "complex64");
  // a copy, also to the same dtype (NumPy's astype copies)
  const dyn same = a.astype(a.dtype());
  CHECK(same.data() != a.data());
}

TEST_CASE("any_array: every dtype round-trips through .npy files, untyped") {
  for (const xp::dtype d : every_dtype()) {
    INFO(d.name());
    const dyn a = small(d);
    const std::string path = temp_path(std::string(d.name()) + ".npy");
    xp::save_npy(path, a);
    const dyn loaded = on_suite_backend(xp::load(path));  // NumPy's np.load: whatever the file holds
    CHECK(loaded.dtype() == d);
    CHECK(loaded.shape() == a.shape());
    CHECK(xp::array_str(loaded) == xp::array_str(a));
    const dyn again = on_suite_backend(xp::load_npy(path));
    CHECK(again.dtype() == d);
    CHECK(as_doubles(again) == as_doubles(a));
    std::remove(path.c_str());
  }
}

TEST_CASE("any_array: .npz members and loadtxt, untyped") {
  const std::string path = temp_path("members.npz");
  const dyn x = small(xp::dtype::of<std::int16_t>());
  const dyn y = dyn(xp::arange<double, B>(3)).astype(xp::dtype::of<xp::float16>());
  xp::savez(path, {{"x", x}, {"y", y}});
  const auto z = xp::load(path);
  REQUIRE(z.is_archive());
  CHECK(z.files() == std::vector<std::string>{"x", "y"});
  CHECK(z["x"].dtype() == "int16");
  CHECK(z["y"].dtype() == "float16");
  CHECK(xp::array_str(z["x"]) == xp::array_str(x));
  CHECK(xp::load_npz(path)["y"].shape() == xp::shape_type{3});
  CHECK_THROWS_AS((void)z["nope"], xp::index_error);
  // the archive is no array: using it as one throws (NumPy: an NpzFile has no sum)
  CHECK_THROWS_AS((void)z.sum(), xp::dtype_error);
  CHECK_THROWS_AS((void)(z + 1), xp::dtype_error);
  CHECK_THROWS_AS((void)xp::array_str(z), xp::dtype_error);
  CHECK_THROWS_AS((void)z.as<double>(), xp::dtype_error);
  std::remove(path.c_str());

  const std::string text = temp_path("numbers.txt");
  {
    std::ofstream f(text);
    f << "1 2 3\n4 5 6\n";
  }
  const dyn t = on_suite_backend(xp::loadtxt(text, xp::dtype::of<std::int32_t>()));
  CHECK(t.dtype() == "int32");
  CHECK(t.shape() == xp::shape_type{2, 3});
  CHECK(xp::array_str(t) == "[[1 2 3]\n [4 5 6]]");
  std::remove(text.c_str());
}

TEST_CASE("any_array: bad files give typed exceptions") {
  CHECK_THROWS_AS((void)xp::load(temp_path("does_not_exist.npy")), xp::io_error);
  const std::string path = temp_path("garbage.npy");
  {
    std::ofstream f(path);
    f << "not a numpy file at all";
  }
  CHECK_THROWS_AS((void)xp::load(path), xp::value_error);
  CHECK_THROWS_AS((void)xp::load(path).archive(), xp::error);
  std::remove(path.c_str());
}

TEST_CASE("any_array: visit calls the function with the typed array") {
  for (const xp::dtype d : every_dtype()) {
    INFO(d.name());
    const dyn a = small(d);
    const std::string typed_str = xp::visit([](const auto& t) { return xp::array_str(t); }, a);
    CHECK(typed_str == xp::array_str(a));
    CHECK(xp::visit([](const auto& t) { return xp::repr(t); }, a) == xp::repr(a));
    const auto name = xp::visit([](const auto& t) { return std::string(t.dtype().name()); }, a);
    CHECK(name == d.name());
  }
}

TEST_CASE("any_array: prints as the typed array") {
  const auto typed = xp::linspace<float, B>(0.f, 1.f, 5);
  const dyn a = typed;
  std::ostringstream s1, s2;
  s1 << a;
  s2 << typed;
  CHECK(s1.str() == s2.str());
  CHECK(xp::repr(a) == "array([0.  , 0.25, 0.5 , 0.75, 1.  ], dtype=float32)");
  const dyn scalar = xp::full<double, B>({}, 2.5);
  std::ostringstream s3;
  s3 << scalar;
  CHECK(s3.str() == "2.5");
}

TEST_CASE("any_array: operators promote as NumPy 2") {
  const auto i8 = xp::arange<std::int8_t, B>(4);
  const auto u8 = xp::arange<std::uint8_t, B>(4);
  const auto f16 = xp::full<xp::float16, B>({4}, xp::float16(0.5f));
  const auto i64 = xp::arange<std::int64_t, B>(4);
  const auto f32 = xp::full<float, B>({4}, 0.25f);

  const dyn a = dyn(i8) + dyn(f16);
  CHECK(a.dtype() == "float16");
  check_same(a.as<xp::float16>(), xp::ndarray<xp::float16, B>(i8 + f16));
  const dyn b = dyn(u8) + dyn(i8);
  CHECK(b.dtype() == "int16");
  check_same(b.as<std::int16_t>(), xp::ndarray<std::int16_t, B>(u8 + i8));
  const dyn c = dyn(i64) + dyn(f32);
  CHECK(c.dtype() == "float64");
  check_same(c.as<double>(), xp::ndarray<double, B>(i64 + f32));

  // mixed with typed arrays, and every operator
  CHECK((dyn(i8) * f32).dtype() == "float32");
  CHECK((f32 - dyn(i8)).dtype() == "float32");
  const auto one_to_four = xp::arange<std::int64_t, B>(1, 5);
  const dyn q = dyn(i64) / dyn(one_to_four);
  CHECK(q.dtype() == "float64");
  check_same(q.as<double>(), xp::ndarray<double, B>(i64 / one_to_four));
  const dyn cmp = dyn(i8) < dyn(f16);
  CHECK(cmp.dtype() == "bool");
  check_same(cmp.as<bool>(), xp::ndarray<bool, B>(i8 < f16));
  CHECK(values((dyn(i8) == dyn(u8)).as<bool>()) == std::vector<bool>{true, true, true, true});
  CHECK(values((dyn(i8) != dyn(u8)).as<bool>()) == std::vector<bool>{false, false, false, false});
  CHECK(values((dyn(i8) >= 2).as<bool>()) == std::vector<bool>{false, false, true, true});
  CHECK(values((dyn(i8) > 2).as<bool>()) == std::vector<bool>{false, false, false, true});
  CHECK(values((dyn(i8) <= 1).as<bool>()) == std::vector<bool>{true, true, false, false});
  const dyn neg = -dyn(i8);
  CHECK(neg.dtype() == "int8");
  check_same(neg.as<std::int8_t>(), xp::ndarray<std::int8_t, B>(-i8));
}

TEST_CASE("any_array: scalars follow the weak-scalar rule") {
  const dyn f32 = xp::full<float, B>({3}, 1.5f);
  CHECK((f32 * 2.0).dtype() == "float32");
  CHECK((f32 + 1).dtype() == "float32");
  const dyn i8 = xp::arange<std::int8_t, B>(3);
  CHECK((i8 + 1).dtype() == "int8");
  CHECK((i8 + 0.5).dtype() == "float64");
  CHECK((i8 / 2).dtype() == "float64");
  CHECK((f32 * std::complex<double>(0, 1)).dtype() == "complex64");
  const dyn bools = xp::full<bool, B>({2}, true);
  CHECK((bools + 1).dtype() == "int64");
  check_same((10 - i8).as<std::int8_t>(), xp::ndarray<std::int8_t, B>(10 - i8.as<std::int8_t>()));
  check_same((f32 * 2.0).as<float>(), xp::ndarray<float, B>(f32.as<float>() * 2.0));
}

TEST_CASE("any_array: every pair of dtypes promotes as detail::promote_codes, values exact") {
  for (const xp::dtype da : every_dtype()) {
    for (const xp::dtype db : every_dtype()) {
      INFO(da.name() << " + " << db.name());
      const dyn a = small(da), b = small(db);
      const dyn sum = a + b;
      CHECK(sum.dtype() == xp::dtype(xp::detail::promote_codes(da.id(), db.id())));
      const dyn product = a * b;
      // small values: exact in every dtype, so the float64 results agree
      const dyn want_sum = a.astype(xp::dtype::of<double>()) + b.astype(xp::dtype::of<double>());
      const dyn want_product = a.astype(xp::dtype::of<double>()) * b.astype(xp::dtype::of<double>());
      if (sum.dtype() != "bool") {
        CHECK(as_doubles(sum) == as_doubles(want_sum));
        CHECK(as_doubles(product) == as_doubles(want_product));
      }
      CHECK((a == b).dtype() == "bool");
    }
  }
}

TEST_CASE("any_array: what NumPy refuses is a typed exception") {
  const dyn bools = xp::full<bool, B>({2}, true);
  CHECK_THROWS_AS((void)(bools - bools), xp::dtype_error);
  CHECK_THROWS_AS((void)(-bools), xp::dtype_error);
  const dyn c = xp::full<xp::complex64, B>({2}, xp::complex64(1.f, 2.f));
  CHECK_THROWS_AS((void)(c < c), xp::dtype_error);
  CHECK_THROWS_AS((void)c.min(), xp::dtype_error);
  CHECK(values((c == c).as<bool>()) == std::vector<bool>{true, true});
  const dyn x = xp::zeros<float, B>({2, 3}), y = xp::zeros<std::int32_t, B>({4});
  CHECK_THROWS_AS((void)(x + y), xp::shape_error);
  CHECK_THROWS_AS((void)x.sum({5}), xp::error);
  CHECK_THROWS_AS((void)dyn(xp::zeros<float, B>({0})).min(), xp::error);
}

TEST_CASE("any_array: reductions as the typed ones") {
  const auto f = xp::linspace<float, B>(-1.f, 2.f, 24).reshape({2, 3, 4});
  const dyn a = f;
  check_same(a.sum().as<float>(), xp::sum(f));
  check_same(a.sum({1}).as<float>(), xp::sum(f, {1}));
  check_same(a.sum({0, 2}, true).as<float>(), xp::sum(f, {0, 2}, true));
  check_same(a.prod({2}).as<float>(), xp::prod(f, {2}));
  check_same(a.mean({1}).as<float>(), xp::mean(f, {1}));
  check_same(xp::min(a, {2}).as<float>(), xp::min(f, {2}));
  check_same(xp::max(a, {-1}, true).as<float>(), xp::max(f, {-1}, true));

  const auto i8 = xp::arange<std::int8_t, B>(12).reshape({3, 4});
  const dyn b = i8;
  CHECK(b.sum().dtype() == "int64");
  check_same(b.sum({0}).as<std::int64_t>(), xp::sum(i8, {0}));
  CHECK(b.mean().dtype() == "float64");
  check_same(b.mean({1}).as<double>(), xp::mean(i8, {1}));
  CHECK(b.min().dtype() == "int8");
  check_same(b.max({0}).as<std::int8_t>(), xp::max(i8, {0}));
  check_same(b.prod({1}).as<std::int64_t>(), xp::prod(i8, {1}));

  // NaN wins in min and max, as np.min
  const auto with_nan = xp::log(xp::linspace<double, B>(-1.0, 2.0, 4));  // [nan, -inf, 0, log 2]
  CHECK(xp::array_str(dyn(with_nan).min()) == "nan");
  CHECK(xp::array_str(dyn(with_nan).max()) == "nan");
  const auto no_nan = with_nan(xp::range(1, 4));
  CHECK(xp::array_str(dyn(no_nan).min()) == xp::array_str(xp::min(no_nan)));
  CHECK(xp::array_str(dyn(no_nan).max()) == xp::array_str(xp::max(no_nan)));

  const auto h = xp::linspace<xp::float16, B>(0.f, 3.f, 7);
  check_same(dyn(h).mean().as<xp::float16>(), xp::mean(h));
  check_same(dyn(h).sum().as<xp::float16>(), xp::sum(h));

  // every dtype: the result dtypes of NumPy, the values of float64
  for (const xp::dtype d : every_dtype()) {
    INFO(d.name());
    const dyn x = small(d);
    const char k = d.kind();
    const std::string sum_dtype = k == 'u' ? "uint64" : (k == 'i' || k == 'b') ? "int64" : std::string(d.name());
    CHECK(x.sum().dtype() == sum_dtype);
    CHECK(x.prod({0}).dtype() == sum_dtype);
    CHECK(x.mean().dtype() == ((k == 'f' || k == 'c') ? std::string(d.name()) : "float64"));
    const dyn dx = x.astype(xp::dtype::of<double>());
    CHECK(as_doubles(x.sum({1})) == as_doubles(dx.sum({1})));
    if (k != 'c') {
      CHECK(x.min({1}).dtype() == d);
      CHECK(as_doubles(x.max({0})) == as_doubles(dx.max({0})));
      CHECK(as_doubles(x.min()) == as_doubles(dx.min()));
    }
  }
}

TEST_CASE("any_array: 0-d, empty and non-contiguous arrays") {
  const dyn zero_d = xp::full<std::int32_t, B>({}, 7);
  CHECK(zero_d.ndim() == 0);
  CHECK(zero_d.size() == 1);
  CHECK(xp::array_str(zero_d + 1) == "8");
  CHECK(xp::array_str(zero_d.sum()) == "7");

  const dyn empty = xp::zeros<double, B>({0, 3});
  CHECK((empty + 1.0).shape() == xp::shape_type{0, 3});
  CHECK(xp::array_str(empty.sum({0})) == "[0. 0. 0.]");
  CHECK(xp::repr(empty) == xp::repr(empty.as<double>()));

  // a transposed view and a strided slice: operations, printing and files see the view's values
  const auto base = xp::arange<std::int64_t, B>(12).reshape({3, 4});
  const dyn t = xp::transpose(base);
  CHECK(xp::array_str(t) == xp::array_str(xp::transpose(base)));
  check_same((t * 2).as<std::int64_t>(), xp::ndarray<std::int64_t, B>(xp::transpose(base) * 2));
  check_same(t.sum({1}).as<std::int64_t>(), xp::sum(xp::transpose(base), {1}));
  const auto sliced = base(xp::all, xp::range(0, 4, 2));
  const dyn s = sliced;
  const std::string path = temp_path("view.npy");
  xp::save_npy(path, s);
  CHECK(xp::array_str(xp::load(path)) == xp::array_str(sliced));
  std::remove(path.c_str());
  CHECK(xp::array_str(s.copy()) == xp::array_str(sliced));
}

#ifdef XP_ANY_ARRAY_TEST_DLPACK
TEST_CASE("any_array: from_dlpack_any takes the tensor's dtype") {
  const auto typed = xp::arange<std::uint16_t, B>(6).reshape({2, 3});
  const dyn a = xp::from_dlpack_any<B>(xp::to_dlpack(typed));
  CHECK(a.dtype() == "uint16");
  CHECK(xp::array_str(a) == xp::array_str(typed));
  CHECK_THROWS_AS((void)xp::from_dlpack_any<B>(nullptr), xp::value_error);
}
#endif

#ifdef XP_TEST_CUDA
TEST_CASE("any_array: host and device transfers") {
  const xp::any_array<xp::host> h = xp::arange<std::uint16_t, xp::host>(5);
  const xp::any_array<xp::cuda> d = xp::to_device(h);
  CHECK(d.dtype() == "uint16");
  CHECK(xp::array_str(xp::to_host(d)) == xp::array_str(h));
  CHECK(xp::array_str(d * 3) == xp::array_str(h * 3));
}
#endif
