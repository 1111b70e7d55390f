// xp/linalg/matmul.hpp: matmul, dot, vdot, inner, outer against NumPy's golden results and a
// float64 reference on fresh random inputs; every engine forced; views, batches, bad input.
#include <algorithm>
#include <limits>

#include "support.hpp"

using namespace xt_test;

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
std::vector<xp::matmul_engine> engines() {
  std::vector<xp::matmul_engine> e{xp::matmul_engine::automatic, xp::matmul_engine::tiled};
  if (on_cuda && std::is_floating_point_v<T>) e.push_back(xp::matmul_engine::cublas);
  return e;
}

}  // namespace

#define XP_MATMUL_DTYPES xt_test::on<float>, xt_test::on<double>, xt_test::on<std::int32_t>, xt_test::on<std::int64_t>

TEST_CASE_TEMPLATE("matmul: every engine against a float64 reference at awkward sizes", P, XP_MATMUL_DTYPES) {
  using T = typename P::type;
  // (m, k, n): 1x1x1, a row times a column, sizes off every tile multiple, a whole tile,
  // and a large odd product
  const std::vector<std::array<xp::index_t, 3>> sizes{
      {1, 1, 1}, {1, 300, 1}, {17, 33, 65}, {128, 128, 128}, {1000, 999, 1001}};
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
    const auto host = xp::matmul(a.copy_to_host(), b.copy_to_host(), {.engine = xp::matmul_engine::tiled});
    if constexpr (std::is_integral_v<T>) check_same(xp::matmul(a, b, {.engine = engine}), host);
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
  const auto a = xp::load_npy<double, B>(golden("mm_a")), b = xp::load_npy<double, B>(golden("mm_b"));
  const auto v = xp::load_npy<double, B>(golden("mm_v"));
  for (const auto engine : engines<double>()) {
    INFO(xp::engine_name(engine));
    check_close(xp::matmul(a, b, {.engine = engine}), xp::load_npy<double>(golden("mm_batched")), 1e-14);
    check_close(xp::matmul(a(0, 0, 0), b, {.engine = engine}), xp::load_npy<double>(golden("mm_vec_mat")), 1e-14);
    check_close(xp::matmul(b, v, {.engine = engine}), xp::load_npy<double>(golden("mm_mat_vec")), 1e-14);
  }
  const auto ia = xp::load_npy<std::int32_t, B>(golden("mm_ia")), ib = xp::load_npy<std::int32_t, B>(golden("mm_ib"));
  check_same(xp::matmul(ia, ib), xp::load_npy<std::int32_t>(golden("mm_int")));
  const auto wrap = xp::matmul(xp::full<std::int32_t, B>({2, 3}, 70000), xp::full<std::int32_t, B>({3, 2}, 70000));
  check_same(wrap, xp::load_npy<std::int32_t>(golden("mm_int_wrap")));  // overflow wraps as in NumPy
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
  CHECK_THROWS_AS(xp::matmul(i, i, {.engine = xp::matmul_engine::cublas}), xp::dtype_error);
  if constexpr (on_cuda) {
    const auto d = xp::ones<double, B>({2, 2});
    CHECK_THROWS_AS(xp::matmul(d, d, {.precision = xp::matmul_precision::tf32}), xp::dtype_error);
  } else {
    CHECK_THROWS_AS(xp::matmul(a, xp::ones<float, B>({4, 2}), {.engine = xp::matmul_engine::cublas}), xp::dtype_error);
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
  const auto b = xp::load_npy<double, B>(golden("mm_b"));
  check_close(xp::dot(b, xp::load_npy<double, B>(golden("dot_nd_b"))), xp::load_npy<double>(golden("dot_nd")), 1e-14);
  check_close(xp::inner(b, b(0)), xp::load_npy<double>(golden("inner_nd")), 1e-14);
  const auto ia = xp::load_npy<std::int32_t, B>(golden("mm_ia")), ib = xp::load_npy<std::int32_t, B>(golden("mm_ib"));
  check_same(xp::outer(ia(xp::range(0, 2)), ib(0)), xp::load_npy<std::int32_t>(golden("outer")));
  const auto a = xp::load_npy<double, B>(golden("mm_a"));
  const auto vd = xp::vdot(a(0, 0), a(1, 0));
  CHECK(vd.ndim() == 0);
  check_close(vd, xp::load_npy<double>(golden("vdot")), 1e-14);
  // 2-D dot is matmul; a 0-d operand scales
  const auto m = mm_random<double>({5, 4}, 61), n = mm_random<double>({4, 3}, 62);
  check_close(xp::dot(m, n), xp::matmul(m, n).copy_to_host(), 0);
  check_close(xp::dot(xp::scalar<double, B>(2.0), m), xp::eval(m * 2.0).copy_to_host(), 0);
  CHECK_THROWS_AS(xp::dot(m, m), xp::shape_error);
  CHECK_THROWS_AS(xp::inner(m, n), xp::shape_error);
  CHECK_THROWS_AS(xp::vdot(m, n), xp::shape_error);
  CHECK_THROWS_AS(xp::dot(m, xp::ones<double, B>({2, 5, 3})), xp::shape_error);
}
