// xp/linalg/matmul.hpp: matmul, dot, vdot, inner, outer against NumPy's golden results and a
// float64 reference on fresh random inputs; every engine forced; views, batches, bad input.
// complex64/complex128/float16 against a complex128 reference computed here, every integer
// dtype against a wrap-around reference; on the CUDA suite the host result is also the oracle.
#include <algorithm>
#include <complex>
#include <limits>

#include "support.hpp"

using namespace xp_test;

namespace {

constexpr bool on_cuda = std::is_same_v<B, xp::cuda>;

// Random values of T on B: integers in [-50, 50] (products stay exact in int32), floats in [-1, 1].
template <class T>
xp::ndarray<T, B> mm_random(const xp::shape_type& shape, unsigned seed) {
  std::mt19937 gen(seed);
  auto h = xp::empty<T, xp::host>(shape);
  std::uniform_int_distribution<int> ints(-50, 50);
  std::uniform_real_distribution<double> reals(-1, 1);
  for (xp::index_t i = 0; i < h.size(); ++i)
    h.data()[i] = std::is_integral_v<T> ? static_cast<T>(ints(gen)) : static_cast<T>(reals(gen));
  return xp::asarray<B>(h);
}

// C = A B in float64 with the per-element error scale |A| |B| (the textbook bound of a
// length-K dot product is K * eps * (|A| |B|)_ij), for 2-D A (m x k) and B (k x n) of any layout.
struct reference {
  std::vector<double> value, scale;
};
template <class T, class Bk>
reference reference_product(const xp::ndarray<T, Bk>& a, const xp::ndarray<T, Bk>& b) {
  const auto ah = a.template astype<double>().copy_to_host(), bh = b.template astype<double>().copy_to_host();
  const xp::index_t m = a.shape(0), k = a.shape(1), n = b.shape(1);
  reference r{std::vector<double>(m * n, 0.0), std::vector<double>(m * n, 0.0)};
  for (xp::index_t i = 0; i < m; ++i)
    for (xp::index_t p = 0; p < k; ++p) {
      const double x = ah.data()[i * k + p];
      const double* brow = bh.data() + p * n;
      double* v = r.value.data() + i * n;
      double* s = r.scale.data() + i * n;
      for (xp::index_t j = 0; j < n; ++j) {
        v[j] += x * brow[j];
        s[j] += std::abs(x * brow[j]);
      }
    }
  return r;
}

// got (m x n) against the reference: exact for integers, within K * eps * |A||B| for floats
// (eps of the arithmetic used: float32, float64 or TF32's 2^-10 spacing).
template <class T, class Bk>
void check_product(const xp::ndarray<T, Bk>& got, const reference& want, xp::index_t k, double eps) {
  const auto g = values(got);
  REQUIRE(g.size() == want.value.size());
  std::size_t bad = 0;
  for (std::size_t i = 0; i < g.size(); ++i) {
    const double d = std::abs(static_cast<double>(g[i]) - want.value[i]);
    const double bound =
        std::is_integral_v<T> ? 0.0 : static_cast<double>(std::max<xp::index_t>(k, 1)) * eps * want.scale[i];
    if (!(d <= bound)) {
      if (bad++ < 5) {
        INFO("flat index " << i << ": got " << static_cast<double>(g[i]) << ", want " << want.value[i] << ", bound "
                           << bound);
        CHECK(d <= bound);
      }
    }
  }
  CHECK(bad == 0);
}

template <class T>
double eps_of() {
  return std::is_integral_v<T> ? 0.0 : std::numeric_limits<T>::epsilon();
}

// The engines a dtype can be forced through on this backend.
template <class T>
std::vector<xp::engine> engines() {
  std::vector<xp::engine> e{xp::engine::automatic, xp::engine::own};
  if (xp::detail::is_vendor_gemm_type_v<T> && (on_cuda || xp::detail::host_has_vendor_blas))
    e.push_back(xp::engine::vendor);
  return e;
}

}  // namespace

#define XP_MATMUL_DTYPES xp_test::on<float>, xp_test::on<double>, xp_test::on<std::int32_t>, xp_test::on<std::int64_t>

TEST_CASE_TEMPLATE("matmul: every engine against a float64 reference at awkward sizes", P, XP_MATMUL_DTYPES) {
  using T = typename P::type;
  // (m, k, n): 1x1x1, a row times a column, sizes off every tile multiple, a whole tile, and
  // a product over several of every block with ragged ends (the host packs 256 x 256 blocks of
  // B; the device tiles are smaller). 1000 x 999 x 1001 took 6 s a dtype in its unoptimised
  // float64 reference, 24 times this one's.
  const std::vector<std::array<xp::index_t, 3>> sizes{
      {1, 1, 1}, {1, 300, 1}, {17, 33, 65}, {128, 128, 128}, {301, 521, 271}};
  unsigned seed = 1;
  for (const auto& [m, k, n] : sizes) {
    const auto a = mm_random<T>({m, k}, seed++), b = mm_random<T>({k, n}, seed++);
    const auto want = reference_product(a, b);
    for (const auto engine : engines<T>()) {
      INFO(backend_name() << " " << xp::dtype_name<T>() << " " << m << "x" << k << "x" << n << " engine "
                          << xp::engine_name(engine));
      const auto c = xp::matmul(a, b, {.engine = engine});
      static_assert(std::is_same_v<typename decltype(c)::value_type, T>);
      REQUIRE(c.shape() == xp::shape_type{m, n});
      check_product(c, want, k, eps_of<T>());
    }
  }
}

TEST_CASE_TEMPLATE("matmul: transposed, sliced and reversed operands", P, XP_MATMUL_DTYPES) {
  using T = typename P::type;
  const xp::index_t m = 37, k = 70, n = 45;
  const auto at = mm_random<T>({k, m}, 11);          // A = at.T: column-major
  const auto bb = mm_random<T>({2 * k, n + 3}, 12);  // B = every other row, 45 of 48 columns
  const auto a = xp::transpose(at);
  const auto b = bb(xp::range(0, 2 * k, 2), xp::range(0, n));
  const auto b_rev = bb(xp::range(2 * k - 1, xp::none, -2), xp::range(n - 1, xp::none, -1));  // negative strides
  const auto a_cols = mm_random<T>({m, 3 * k}, 13)(xp::all, xp::range(0, 3 * k, 3));          // neither stride 1
  for (const auto engine : engines<T>()) {
    INFO(backend_name() << " " << xp::dtype_name<T>() << " engine " << xp::engine_name(engine));
    check_product(xp::matmul(a, b, {.engine = engine}), reference_product(a, b), k, eps_of<T>());
    check_product(xp::matmul(a, b_rev, {.engine = engine}), reference_product(a, b_rev), k, eps_of<T>());
    check_product(xp::matmul(a_cols, xp::transpose(a_cols), {.engine = engine}),
                  reference_product(a_cols, xp::transpose(a_cols)), k, eps_of<T>());
    // the host result is the oracle for the device one, whatever the layout
    const auto host = xp::matmul(a.copy_to_host(), b.copy_to_host(), {.engine = xp::engine::own});
    if constexpr (std::is_integral_v<T>) check_same(xp::matmul(a, b, {.engine = engine}), host);
  }
}

TEST_CASE_TEMPLATE("matmul: one row or one column (gemv on the host) of strided, transposed operands", P,
                   XP_MATMUL_DTYPES) {
  using T = typename P::type;
  const xp::index_t k = 70, n = 45;
  const auto wide = mm_random<T>({3, 2 * k}, 21);
  const auto row_step2 = wide(xp::range(1, 2), xp::range(0, 2 * k, 2));  // 1 x k, column stride 2
  const auto b = mm_random<T>({k, n}, 22);
  const auto b_t = xp::transpose(mm_random<T>({n, k}, 23));                                      // column-major k x n
  const auto col_step3 = mm_random<T>({3 * k, 2}, 24)(xp::range(0, 3 * k, 3), xp::range(1, 2));  // k x 1
  const auto a_t = xp::transpose(mm_random<T>({k, n}, 25));                                      // column-major n x k
  for (const auto engine : engines<T>()) {
    INFO(backend_name() << " " << xp::dtype_name<T>() << " engine " << xp::engine_name(engine));
    check_product(xp::matmul(row_step2, b, {.engine = engine}), reference_product(row_step2, b), k, eps_of<T>());
    check_product(xp::matmul(row_step2, b_t, {.engine = engine}), reference_product(row_step2, b_t), k, eps_of<T>());
    check_product(xp::matmul(a_t, col_step3, {.engine = engine}), reference_product(a_t, col_step3), k, eps_of<T>());
    check_product(xp::matmul(xp::transpose(b_t), col_step3, {.engine = engine}),
                  reference_product(xp::transpose(b_t), col_step3), k, eps_of<T>());
  }
}

TEST_CASE_TEMPLATE("matmul: batched products broadcast their leading axes", P, XP_MATMUL_DTYPES) {
  using T = typename P::type;
  const auto a = mm_random<T>({3, 1, 20, 33}, 21), b = mm_random<T>({2, 33, 19}, 22);
  const auto bt = xp::transpose(mm_random<T>({2, 19, 33}, 23), {0, 2, 1});  // batch of column-major B
  for (const auto engine : engines<T>()) {
    INFO(backend_name() << " " << xp::dtype_name<T>() << " engine " << xp::engine_name(engine));
    for (const auto& bx : {b, bt}) {
      const auto c = xp::matmul(a, bx, {.engine = engine});
      REQUIRE(c.shape() == xp::shape_type{3, 2, 20, 19});
      for (xp::index_t i = 0; i < 3; ++i)
        for (xp::index_t j = 0; j < 2; ++j) check_product(c(i, j), reference_product(a(i, 0), bx(j)), 33, eps_of<T>());
    }
    // a broadcast matrix on the left of a stack
    const auto c2 = xp::matmul(a(0, 0), b, {.engine = engine});
    REQUIRE(c2.shape() == xp::shape_type{2, 20, 19});
    check_product(c2(1), reference_product(a(0, 0), b(1)), 33, eps_of<T>());
  }
}

TEST_CASE("matmul: NumPy's golden results for stacks, vectors and integers") {
  const auto a = xp::load_npy<double, B>(golden("linalg/mm_a")), b = xp::load_npy<double, B>(golden("linalg/mm_b"));
  const auto v = xp::load_npy<double, B>(golden("linalg/mm_v"));
  for (const auto engine : engines<double>()) {
    INFO(xp::engine_name(engine));
    check_close(xp::matmul(a, b, {.engine = engine}), xp::load_npy<double>(golden("linalg/mm_batched")), 1e-14);
    check_close(xp::matmul(a(0, 0, 0), b, {.engine = engine}), xp::load_npy<double>(golden("linalg/mm_vec_mat")),
                1e-14);
    check_close(xp::matmul(b, v, {.engine = engine}), xp::load_npy<double>(golden("linalg/mm_mat_vec")), 1e-14);
  }
  const auto ia = xp::load_npy<std::int32_t, B>(golden("linalg/mm_ia")),
             ib = xp::load_npy<std::int32_t, B>(golden("linalg/mm_ib"));
  check_same(xp::matmul(ia, ib), xp::load_npy<std::int32_t>(golden("linalg/mm_int")));
  const auto wrap = xp::matmul(xp::full<std::int32_t, B>({2, 3}, 70000), xp::full<std::int32_t, B>({3, 2}, 70000));
  check_same(wrap, xp::load_npy<std::int32_t>(golden("linalg/mm_int_wrap")));  // overflow wraps as in NumPy
  // 1-D @ 1-D is a 0-d inner product
  const auto s = xp::matmul(v, v);
  CHECK(s.ndim() == 0);
  CHECK(s.item() == doctest::Approx(xp::sum(v * v).item()).epsilon(1e-14));
}

TEST_CASE("matmul: dtypes promote like NumPy; uint8 wraps and bool is a logical product") {
  const auto f = mm_random<float>({4, 5}, 31);
  const auto i = mm_random<std::int32_t>({5, 3}, 32);
  const auto c = xp::matmul(f, i);
  static_assert(std::is_same_v<decltype(c)::value_type, double>);  // float32 with int32 -> float64
  check_product(c, reference_product(f.astype<double>(), i.astype<double>()), 5, 1e-15);
  const auto u = xp::full<std::uint8_t, B>({2, 3}, 200);
  const auto uu = xp::matmul(u, xp::full<std::uint8_t, B>({3, 2}, 3));
  static_assert(std::is_same_v<decltype(uu)::value_type, std::uint8_t>);
  CHECK(values(uu) == std::vector<std::uint8_t>(4, static_cast<std::uint8_t>((200 * 3 * 3) % 256)));
  const auto t = xp::array<bool, B>({true, false, false, false}, {2, 2});
  const auto bb = xp::matmul(t, xp::array<bool, B>({false, true, true, false}, {2, 2}));
  static_assert(std::is_same_v<decltype(bb)::value_type, bool>);
  CHECK(values(bb) == std::vector<bool>{false, true, false, false});
}

TEST_CASE("matmul: empty operands and out=") {
  const auto z = xp::matmul(xp::ones<float, B>({0, 3}), xp::ones<float, B>({3, 4}));
  CHECK(z.shape() == xp::shape_type{0, 4});
  const auto zk = xp::matmul(xp::ones<float, B>({2, 0}), xp::ones<float, B>({0, 3}));  // empty sums
  check_same(zk, xp::zeros<float, xp::host>({2, 3}));
  const auto a = mm_random<float>({6, 7}, 41), b = mm_random<float>({7, 5}, 42);
  const auto want = xp::matmul(a, b);
  auto o = xp::full<float, B>({6, 5}, -1.f);
  xp::matmul(a, b, xp::out(o));
  check_same(o, want);
  auto od = xp::zeros<double, B>({5, 6});
  xp::matmul(a, b, xp::out(xp::transpose(od)));  // a strided out of another dtype
  check_close(xp::transpose(od), want.astype<double>(), 0);
  CHECK_THROWS_AS(xp::matmul(a, b, xp::out(xp::empty<float, B>({5, 6}))), xp::shape_error);
}

TEST_CASE("matmul: bad input throws clear errors") {
  const auto a = xp::ones<float, B>({3, 4}), b = xp::ones<float, B>({5, 2});
  try {
    (void)xp::matmul(a, b);
    FAIL("no exception");
  } catch (const xp::shape_error& e) {
    const std::string what = e.what();
    CHECK(what.find("(3, 4)") != std::string::npos);
    CHECK(what.find("(5, 2)") != std::string::npos);
  }
  CHECK_THROWS_AS(xp::matmul(xp::ones<float, B>({2, 3, 4}), xp::ones<float, B>({3, 4, 5})),
                  xp::shape_error);  // batches 2 vs 3
  CHECK_THROWS_AS(xp::matmul(xp::scalar<float, B>(2.f), a), xp::value_error);
  CHECK_THROWS_AS(xp::matmul(a, xp::scalar<float, B>(2.f)), xp::value_error);
  const auto i = xp::ones<std::int32_t, B>({2, 2});
  try {
    (void)xp::matmul(i, i, {.engine = xp::engine::vendor});
    FAIL("no exception");
  } catch (const xp::dtype_error& e) {
    CHECK(std::string(e.what()).find("engine vendor cannot multiply int32") != std::string::npos);
  }
  if constexpr (on_cuda) {
    const auto d = xp::ones<double, B>({2, 2});
    CHECK_THROWS_AS(xp::matmul(d, d, {.precision = xp::matmul_precision::tf32}), xp::dtype_error);
  } else if constexpr (!xp::detail::host_has_vendor_blas) {
    CHECK_THROWS_AS(xp::matmul(a, xp::ones<float, B>({4, 2}), {.engine = xp::engine::vendor}), xp::value_error);
  }
}

TEST_CASE("matmul: tf32 is opt-in and stays within TF32's rounding") {
  const xp::index_t m = 64, k = 256, n = 48;
  const auto a = mm_random<float>({m, k}, 51), b = mm_random<float>({k, n}, 52);
  const auto tf32 = xp::matmul(a, b, {.precision = xp::matmul_precision::tf32});
  // TF32 keeps 10 mantissa bits: each input rounds by up to 2^-11, a product by 2^-10 relative,
  // and the float32 sum adds k * 2^-24: the bound k * eps * |A||B| with this eps
  check_product(tf32, reference_product(a, b), k, std::ldexp(1.0, -10) / k + std::ldexp(1.0, -23));
  if constexpr (on_cuda) {  // the opt-in does reach the tensor cores: the results differ from float32
    const auto exact = values(xp::matmul(a, b)), t = values(tf32);
    double diff = 0;
    for (std::size_t i = 0; i < t.size(); ++i) diff = std::max(diff, static_cast<double>(std::abs(t[i] - exact[i])));
    CHECK(diff > 0);
  }
}

TEST_CASE("dot, vdot, inner and outer match NumPy") {
  const auto b = xp::load_npy<double, B>(golden("linalg/mm_b"));
  check_close(xp::dot(b, xp::load_npy<double, B>(golden("linalg/dot_nd_b"))),
              xp::load_npy<double>(golden("linalg/dot_nd")), 1e-14);
  check_close(xp::inner(b, b(0)), xp::load_npy<double>(golden("linalg/inner_nd")), 1e-14);
  const auto ia = xp::load_npy<std::int32_t, B>(golden("linalg/mm_ia")),
             ib = xp::load_npy<std::int32_t, B>(golden("linalg/mm_ib"));
  check_same(xp::outer(ia(xp::range(0, 2)), ib(0)), xp::load_npy<std::int32_t>(golden("linalg/outer")));
  const auto a = xp::load_npy<double, B>(golden("linalg/mm_a"));
  const auto vd = xp::vdot(a(0, 0), a(1, 0));
  CHECK(vd.ndim() == 0);
  check_close(vd, xp::load_npy<double>(golden("linalg/vdot")), 1e-14);
  // 2-D dot is matmul; a 0-d operand scales
  const auto m = mm_random<double>({5, 4}, 61), n = mm_random<double>({4, 3}, 62);
  check_close(xp::dot(m, n), xp::matmul(m, n).copy_to_host(), 0);
  check_close(xp::dot(xp::scalar<double, B>(2.0), m), xp::eval(m * 2.0).copy_to_host(), 0);
  CHECK_THROWS_AS(xp::dot(m, m), xp::shape_error);
  CHECK_THROWS_AS(xp::inner(m, n), xp::shape_error);
  CHECK_THROWS_AS(xp::vdot(m, n), xp::shape_error);
  CHECK_THROWS_AS(xp::dot(m, xp::ones<double, B>({2, 5, 3})), xp::shape_error);
}

// ---- complex64, complex128, float16 ------------------------------------------------------------

namespace {

// Any element as a complex128, exactly (float16 and float32 widen without rounding).
template <class T>
std::complex<double> wide(T v) {
  if constexpr (xp::detail::is_complex_v<T>) return {static_cast<double>(v.re), static_cast<double>(v.im)};
  else return {static_cast<double>(v), 0.0};
}

// Random values of T on B: real and imaginary parts uniform in [-1, 1] (float16: rounded to it).
template <class T>
xp::ndarray<T, B> wide_random(const xp::shape_type& shape, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  auto h = xp::empty<T, xp::host>(shape);
  for (xp::index_t i = 0; i < h.size(); ++i) {
    if constexpr (xp::detail::is_complex_v<T>) {
      using R = typename T::value_type;
      const double re = u(gen), im = u(gen);
      h.data()[i] = T(static_cast<R>(re), static_cast<R>(im));
    } else {
      h.data()[i] = static_cast<T>(u(gen));
    }
  }
  return xp::asarray<B>(h);
}

// C = A B in complex128 for 2-D A (m x k) and B (k x n) of any layout and backend, with
// sum_p |A_ip| |B_pj|, the scale of its rounding errors.
struct wide_reference {
  std::vector<std::complex<double>> value;
  std::vector<double> scale;
};
template <class T, class U, class Bk>
wide_reference wide_product(const xp::ndarray<T, Bk>& a, const xp::ndarray<U, Bk>& b) {
  const auto ah = values(a);  // C order, whatever the layout
  const auto bh = values(b);
  const xp::index_t m = a.shape(0), k = a.shape(1), n = b.shape(1);
  wide_reference r{std::vector<std::complex<double>>(m * n), std::vector<double>(m * n, 0.0)};
  for (xp::index_t i = 0; i < m; ++i)
    for (xp::index_t p = 0; p < k; ++p) {
      const std::complex<double> x = wide(ah[i * k + p]);
      for (xp::index_t j = 0; j < n; ++j) {
        const std::complex<double> y = wide(bh[p * n + j]);
        r.value[i * n + j] += x * y;
        r.scale[i * n + j] += std::abs(x) * std::abs(y);
      }
    }
  return r;
}

// The error allowed of each part of a computed product of T with inner length k: a complex dot
// product's rounding (each complex product errs by a few ulps of |x||y|, each sum by one ulp),
// for float16 the float32 sums plus one rounding to float16 (half an ulp, 2^-11 relative, or
// half the smallest subnormal, 2^-25).
template <class T>
double allowed(const wide_reference& want, std::size_t i, xp::index_t k) {
  const double kk = static_cast<double>(std::max<xp::index_t>(k, 1));
  if constexpr (std::is_same_v<T, xp::float16>)
    return std::ldexp(std::abs(want.value[i]), -11) + kk * std::ldexp(want.scale[i], -23) + std::ldexp(1.0, -25);
  else
    return 2 * (kk + 2) * static_cast<double>(std::numeric_limits<xp::detail::real_of_t<T>>::epsilon()) * want.scale[i];
}

// got (any backend) within `allowed` of the reference, part by part; `slack` widens the bound
// (2: two computed results, each within it, compared with each other).
template <class T, class Bk>
void check_wide(const xp::ndarray<T, Bk>& got, const wide_reference& want, xp::index_t k, double slack = 1) {
  const auto g = values(got);
  REQUIRE(g.size() == want.value.size());
  std::size_t bad = 0;
  for (std::size_t i = 0; i < g.size(); ++i) {
    const std::complex<double> x = wide(g[i]), w = want.value[i];
    const double bound = slack * allowed<T>(want, i, k);
    if (!(std::abs(x.real() - w.real()) <= bound && std::abs(x.imag() - w.imag()) <= bound)) {
      if (bad++ < 5) {
        INFO("flat index " << i << ": got " << x << ", want " << w << ", bound " << bound);
        CHECK(false);
      }
    }
  }
  CHECK(bad == 0);
}

// On the CUDA suite: the device product against the host's product of the same operands (the
// oracle), each within the bound of the reference, so within twice it of each other.
template <class T>
void check_against_host(const xp::ndarray<T, B>& got, const xp::ndarray<T, B>& a, const xp::ndarray<T, B>& b,
                        const wide_reference& want, xp::index_t k) {
  if constexpr (on_cuda) {
    const auto host = xp::matmul(a.copy_to_host(), b.copy_to_host());
    check_wide(host, want, k);
    wide_reference from_host{std::vector<std::complex<double>>(), want.scale};
    for (const T v : values(host)) from_host.value.push_back(wide(v));
    check_wide(got, from_host, k, 2);
  } else {
    (void)got, (void)a, (void)b, (void)want, (void)k;
  }
}

}  // namespace

#define XP_MATMUL_WIDE_DTYPES xp_test::on<xp::complex64>, xp_test::on<xp::complex128>, xp_test::on<xp::float16>

TEST_CASE_TEMPLATE("matmul: complex and float16, every engine, against a complex128 reference", P,
                   XP_MATMUL_WIDE_DTYPES) {
  using T = typename P::type;
  // (m, k, n): 1x1x1, a row times a column, sizes off every tile multiple (tiles of 128, 64 and
  // 32 rows), and one over several tiles each way
  const std::vector<std::array<xp::index_t, 3>> sizes{
      {1, 1, 1}, {1, 300, 1}, {17, 33, 65}, {70, 129, 33}, {150, 301, 97}};
  unsigned seed = 101;
  for (const auto& [m, k, n] : sizes) {
    const auto a = wide_random<T>({m, k}, seed++), b = wide_random<T>({k, n}, seed++);
    const auto want = wide_product(a, b);
    for (const auto engine : engines<T>()) {
      INFO(backend_name() << " " << xp::dtype_name<T>() << " " << m << "x" << k << "x" << n << " engine "
                          << xp::engine_name(engine));
      const auto c = xp::matmul(a, b, {.engine = engine});
      static_assert(std::is_same_v<typename decltype(c)::value_type, T>);
      REQUIRE(c.shape() == xp::shape_type{m, n});
      check_wide(c, want, k);
      check_against_host(c, a, b, want, k);
    }
  }
}

TEST_CASE_TEMPLATE("matmul: complex and float16 of transposed, sliced and reversed operands", P,
                   XP_MATMUL_WIDE_DTYPES) {
  using T = typename P::type;
  const xp::index_t m = 37, k = 70, n = 45;
  const auto at = wide_random<T>({k, m}, 111);          // A = at.T: column-major
  const auto bb = wide_random<T>({2 * k, n + 3}, 112);  // B = every other row, 45 of 48 columns
  const auto a = xp::transpose(at);
  const auto b = bb(xp::range(0, 2 * k, 2), xp::range(0, n));
  const auto b_rev = bb(xp::range(2 * k - 1, xp::none, -2), xp::range(n - 1, xp::none, -1));  // negative strides
  const auto a_cols = wide_random<T>({m, 3 * k}, 113)(xp::all, xp::range(0, 3 * k, 3));       // neither stride 1
  const auto bt = xp::transpose(wide_random<T>({n, k}, 114));                                 // column-major B
  for (const auto engine : engines<T>()) {
    INFO(backend_name() << " " << xp::dtype_name<T>() << " engine " << xp::engine_name(engine));
    const std::pair<xp::ndarray<T, B>, xp::ndarray<T, B>> cases[] = {
        {a, b},
        {a, b_rev},
        {a_cols, xp::transpose(a_cols)},
        {a, bt},
        {xp::transpose(bb)(xp::range(0, 5), xp::range(0, 2 * k, 2)), b}};  // column-major with a step
    for (const auto& [x, y] : cases) {
      INFO("strides " << xp::to_string(x.strides()) << " @ " << xp::to_string(y.strides()));
      const auto want = wide_product(x, y);
      const auto c = xp::matmul(x, y, {.engine = engine});
      check_wide(c, want, x.shape(1));
      check_against_host(c, x, y, want, x.shape(1));
    }
  }
}

TEST_CASE_TEMPLATE("matmul: complex and float16 stacks broadcast their leading axes", P, XP_MATMUL_WIDE_DTYPES) {
  using T = typename P::type;
  const auto a = wide_random<T>({3, 1, 20, 33}, 121), b = wide_random<T>({2, 33, 19}, 122);
  const auto bt = xp::transpose(wide_random<T>({2, 19, 33}, 123), {0, 2, 1});  // a stack of column-major B
  for (const auto engine : engines<T>()) {
    INFO(backend_name() << " " << xp::dtype_name<T>() << " engine " << xp::engine_name(engine));
    for (const auto& bx : {b, bt}) {
      const auto c = xp::matmul(a, bx, {.engine = engine});
      REQUIRE(c.shape() == xp::shape_type{3, 2, 20, 19});
      for (xp::index_t i = 0; i < 3; ++i)
        for (xp::index_t j = 0; j < 2; ++j) check_wide(c(i, j), wide_product(a(i, 0), bx(j)), 33);
      if constexpr (on_cuda) {  // the whole stack against the host's
        const auto host = xp::matmul(a.copy_to_host(), bx.copy_to_host());
        for (xp::index_t i = 0; i < 3; ++i)
          for (xp::index_t j = 0; j < 2; ++j) {
            const auto want = wide_product(a(i, 0), bx(j));
            wide_reference from_host{{}, want.scale};
            for (const T v : values(host(i, j))) from_host.value.push_back(wide(v));
            check_wide(c(i, j), from_host, 33, 2);
          }
      }
    }
    // vectors: (k) @ (..., k, n) and (..., m, k) @ (k)
    const auto v = wide_random<T>({33}, 124);
    const auto vm = xp::matmul(v, b, {.engine = engine});
    REQUIRE(vm.shape() == xp::shape_type{2, 19});
    check_wide(vm(1), wide_product(xp::expand_dims(v, 0), b(1)), 33);
    const auto mv = xp::matmul(a, v, {.engine = engine});
    REQUIRE(mv.shape() == xp::shape_type{3, 1, 20});
    check_wide(mv(2, 0), wide_product(a(2, 0), xp::expand_dims(v, 1)), 33);
  }
}

TEST_CASE("matmul: complex and float16 with out=, vdot conjugates its first operand") {
  const auto a = wide_random<xp::complex64>({6, 7}, 131), b = wide_random<xp::complex64>({7, 5}, 132);
  const auto want = wide_product(a, b);
  auto o = xp::zeros<xp::complex64, B>({6, 5});
  xp::matmul(a, b, xp::out(o));
  check_wide(o, want, 7);
  auto od = xp::zeros<xp::complex128, B>({5, 6});
  xp::matmul(a, b, xp::out(xp::transpose(od)));                    // strided, of another dtype
  check_wide(xp::transpose(od).astype<xp::complex64>(), want, 7);  // computed in complex64
  const auto h = wide_random<xp::float16>({6, 7}, 133), g = wide_random<xp::float16>({7, 5}, 134);
  auto oh = xp::zeros<xp::float16, B>({6, 5});
  xp::matmul(h, g, xp::out(oh));
  check_wide(oh, wide_product(h, g), 7);

  // np.vdot(x, y) = sum(conj(x) * y); dot and inner do not conjugate
  const auto x = wide_random<xp::complex128>({4, 5}, 135), y = wide_random<xp::complex128>({4, 5}, 136);
  std::complex<double> vd = 0, plain = 0;
  const auto xv = values(x), yv = values(y);
  for (std::size_t i = 0; i < xv.size(); ++i) {
    vd += std::conj(wide(xv[i])) * wide(yv[i]);
    plain += wide(xv[i]) * wide(yv[i]);
  }
  const auto got = xp::vdot(x, y);
  CHECK(got.ndim() == 0);
  const std::complex<double> gv = wide(got.item());
  CHECK(std::abs(gv - vd) <= 1e-13);
  CHECK(std::abs(gv - plain) > 1e-3);  // the conjugation matters for these values
  const std::complex<double> in = wide(xp::inner(x.ravel(), y.ravel()).item());
  CHECK(std::abs(in - plain) <= 1e-13);
}

TEST_CASE("matmul: mixed dtypes follow promote_t") {
  const auto c64 = wide_random<xp::complex64>({5, 9}, 141);
  const auto f64 = wide_random<double>({9, 4}, 142);
  const auto h = wide_random<xp::float16>({5, 9}, 143);
  const auto i8 = mm_random<std::int8_t>({9, 4}, 144);  // in [-50, 50]: exact in float16
  const auto f32 = wide_random<float>({9, 4}, 145);

  const auto cz = xp::matmul(c64, f64);
  static_assert(std::is_same_v<decltype(cz)::value_type, xp::complex128>);
  check_wide(cz, wide_product(c64, f64), 9);
  const auto hi = xp::matmul(h, i8);
  static_assert(std::is_same_v<decltype(hi)::value_type, xp::float16>);
  check_wide(hi, wide_product(h, i8), 9);
  const auto hf = xp::matmul(h, f32);
  static_assert(std::is_same_v<decltype(hf)::value_type, float>);
  check_product(hf, reference_product(h.astype<float>(), f32), 9, ulps<float>(1));
  const auto ch = xp::matmul(c64, xp::transpose(h));  // complex64 with float16: complex64
  static_assert(std::is_same_v<decltype(ch)::value_type, xp::complex64>);
  check_wide(ch, wide_product(c64, xp::transpose(h)), 9);
  const auto bc = xp::matmul(xp::ones<bool, B>({2, 5}), c64);  // bool with complex64: complex64
  static_assert(std::is_same_v<decltype(bc)::value_type, xp::complex64>);
  check_wide(bc, wide_product(xp::ones<bool, B>({2, 5}), c64), 5);
}

// ---- every integer dtype ---------------------------------------------------------------------

namespace {

// Values over T's whole range (its minimum and maximum among them): products and sums wrap.
template <class T>
xp::ndarray<T, B> int_random(const xp::shape_type& shape, unsigned seed) {
  std::mt19937_64 gen(seed);
  auto h = xp::empty<T, xp::host>(shape);
  for (xp::index_t i = 0; i < h.size(); ++i) h.data()[i] = static_cast<T>(gen());  // modulo 2^bits
  if (h.size() > 1) {
    h.data()[0] = std::numeric_limits<T>::min();
    h.data()[1] = std::numeric_limits<T>::max();
  }
  return xp::asarray<B>(h);
}

// C = A B modulo 2^64, then modulo 2^bits of T (NumPy's wrap-around; C++20's conversion to T).
template <class T>
std::vector<T> wrapped_product(const xp::ndarray<T, B>& a, const xp::ndarray<T, B>& b) {
  const auto ah = values(a), bh = values(b);
  const xp::index_t m = a.shape(0), k = a.shape(1), n = b.shape(1);
  std::vector<T> c(m * n);
  for (xp::index_t i = 0; i < m; ++i)
    for (xp::index_t j = 0; j < n; ++j) {
      std::uint64_t sum = 0;
      for (xp::index_t p = 0; p < k; ++p)
        sum += static_cast<std::uint64_t>(ah[i * k + p]) * static_cast<std::uint64_t>(bh[p * n + j]);
      c[i * n + j] = static_cast<T>(sum);
    }
  return c;
}

}  // namespace

#define XP_MATMUL_INT_DTYPES                                                                                  \
  xp_test::on<std::int8_t>, xp_test::on<std::uint8_t>, xp_test::on<std::int16_t>, xp_test::on<std::uint16_t>, \
      xp_test::on<std::int32_t>, xp_test::on<std::uint32_t>, xp_test::on<std::int64_t>, xp_test::on<std::uint64_t>

TEST_CASE_TEMPLATE("matmul: every integer dtype wraps around like NumPy's", P, XP_MATMUL_INT_DTYPES) {
  using T = typename P::type;
  const auto a = int_random<T>({3, 19, 37}, 151), b = int_random<T>({37, 23}, 152);
  const auto bt = xp::transpose(int_random<T>({23, 37}, 153));
  for (const auto engine : engines<T>()) {
    INFO(backend_name() << " " << xp::dtype_name<T>() << " engine " << xp::engine_name(engine));
    for (const auto& bx : {b, bt}) {
      const auto c = xp::matmul(a, bx, {.engine = engine});
      static_assert(std::is_same_v<typename decltype(c)::value_type, T>);
      REQUIRE(c.shape() == xp::shape_type{3, 19, 23});
      for (xp::index_t i = 0; i < 3; ++i) CHECK(values(c(i)) == wrapped_product(a(i), bx));
      if constexpr (on_cuda) check_same(c, xp::matmul(a.copy_to_host(), bx.copy_to_host()));
    }
    const auto at = xp::transpose(a(1));  // (37, 19), column-major
    CHECK(values(xp::matmul(xp::transpose(at), b, {.engine = engine})) == wrapped_product(a(1), b));
  }
  // out= of the same dtype (computed in place), and of int64 (converted)
  auto o = xp::full<T, B>({19, 23}, T(7));
  xp::matmul(a(2), b, xp::out(o));
  CHECK(values(o) == wrapped_product(a(2), b));
  auto o64 = xp::zeros<std::int64_t, B>({19, 23});
  xp::matmul(a(2), b, xp::out(o64));
  const auto w = wrapped_product(a(2), b);
  const auto g = values(o64);
  for (std::size_t i = 0; i < g.size(); ++i) CHECK(g[i] == static_cast<std::int64_t>(w[i]));
}

TEST_CASE("matmul: mixed integer dtypes promote, then wrap in the result's dtype") {
  const auto i8 = int_random<std::int8_t>({4, 6}, 161);
  const auto u8 = int_random<std::uint8_t>({6, 3}, 162);
  const auto c = xp::matmul(i8, u8);  // int8 with uint8: int16
  static_assert(std::is_same_v<decltype(c)::value_type, std::int16_t>);
  CHECK(values(c) == wrapped_product(i8.astype<std::int16_t>(), u8.astype<std::int16_t>()));
  const auto u32 = int_random<std::uint32_t>({6, 3}, 163);
  const auto d = xp::matmul(i8, u32);  // int8 with uint32: int64
  static_assert(std::is_same_v<decltype(d)::value_type, std::int64_t>);
  CHECK(values(d) == wrapped_product(i8.astype<std::int64_t>(), u32.astype<std::int64_t>()));
}

TEST_CASE("matmul: engines and options that cannot serve complex or float16 are dtype_errors") {
  const auto z = xp::ones<xp::complex64, B>({2, 2});
  const auto h = xp::ones<xp::float16, B>({2, 2});
  CHECK_THROWS_AS(xp::matmul(z, z, {.precision = xp::matmul_precision::tf32}), xp::dtype_error);
  CHECK_THROWS_AS(xp::matmul(h, h, {.precision = xp::matmul_precision::tf32}), xp::dtype_error);
  CHECK_THROWS_AS(
      xp::matmul(xp::ones<std::int8_t, B>({2, 2}), xp::ones<std::int8_t, B>({2, 2}), {.engine = xp::engine::vendor}),
      xp::dtype_error);
  if constexpr (!on_cuda) {
    if constexpr (xp::detail::host_has_vendor_blas) {  // CBLAS serves both (float16 widened to float32)
      CHECK(xp::matmul(z, z, {.engine = xp::engine::vendor}).copy_to_host().at(0, 0) == xp::complex64(2));
      CHECK(static_cast<float>(xp::matmul(h, h, {.engine = xp::engine::vendor}).copy_to_host().at(0, 0)) == 2.f);
    } else {
      CHECK_THROWS_AS(xp::matmul(z, z, {.engine = xp::engine::vendor}), xp::value_error);
      CHECK_THROWS_AS(xp::matmul(h, h, {.engine = xp::engine::vendor}), xp::value_error);
    }
    try {
      (void)xp::matmul(z, z, {.out_of_core = true});
      FAIL("no exception");
    } catch (const xp::dtype_error& e) {
      CHECK(std::string(e.what()).find("complex64") != std::string::npos);
    }
  }
}
