// xp/sparse/csr.hpp: csr_matrix against SciPy (tests/golden/sparse/sparse.npz, written by
// tests/golden/make_golden_sparse.py): construction from arrays and from dense (any layout),
// toarray, transpose, products with vectors and matrices (float32, float64, complex128, and a
// float32 matrix with float64 vectors), eye, vstack, random, the lane-group paths of the device
// product (short, medium and long rows), empty and 1 x 1 matrices, and every error; on the
// device also chunked_matmul (a host matrix streamed through the device) under a pool limit.
#include <cstdint>
#include <string>

#include <xp/sparse.hpp>

#include "support.hpp"

#ifdef XP_TEST_CUDA
#include <xp/cuda.hpp>
#include <xp/cuda/chunked_spmv.hpp>
#endif

using namespace xp_test;
using xp::sparse::csr_matrix;
using xp::sparse::index32;

namespace {

const xp::npz_file& sparse_goldens() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/sparse/sparse.npz");
  return z;
}

template <class T>
xp::ndarray<T, B> gold(const std::string& key) {
  return sparse_goldens().get<double, B>(key).template astype<T>();
}

template <class T>
csr_matrix<T, B> golden_matrix() {
  const auto& z = sparse_goldens();
  return csr_matrix<T, B>(gold<T>("csr_data"), z.get<index32, B>("csr_indices"), z.get<index32, B>("csr_indptr"),
                          {7, 5});
}

// A dense float64 reference of the product, computed on the host from the matrix's toarray.
template <class T>
xp::ndarray<T, xp::host> dense_product(const csr_matrix<T, B>& a, const xp::ndarray<T, B>& x) {
  return xp::matmul(a.toarray().copy_to_host(), x.copy_to_host());
}

}  // namespace

TEST_CASE_TEMPLATE("sparse: a CSR matrix from SciPy's arrays is SciPy's matrix", T, float, double) {
  const auto a = golden_matrix<T>();
  CHECK(a.shape() == std::array<xp::index_t, 2>{7, 5});
  CHECK(a.nnz() == sparse_goldens().get<double, xp::host>("csr_data").size());
  check_close(a.toarray(), gold<T>("csr_dense"), ulps<T>(1));
  check_close(a.transpose().toarray(), gold<T>("csr_dense_t"), ulps<T>(1));
  check_close(a.transpose().transpose().toarray(), gold<T>("csr_dense"), ulps<T>(1));
  // products: a vector, a matrix, and the matrix's transposed view (strided columns)
  check_close(xp::sparse::matmul(a, gold<T>("csr_x")), gold<T>("csr_y"), ulps<T>(8));
  check_close(xp::sparse::matmul(a, gold<T>("csr_X")), gold<T>("csr_Y"), ulps<T>(8));
  const xp::ndarray<T, B> xt = xp::transpose(gold<T>("csr_X")).copy();
  check_close(xp::sparse::matmul(a, xp::ndarray<T, B>(xp::transpose(xt))), gold<T>("csr_Y"), ulps<T>(8));
  // from the dense matrix, and from a transposed view of it
  const csr_matrix<T, B> d(gold<T>("csr_dense"));
  check_same(d.indptr(), a.indptr());
  check_same(d.indices(), a.indices());
  const csr_matrix<T, B> dt(xp::ndarray<T, B>(xp::transpose(gold<T>("csr_dense_t"))));
  check_close(dt.toarray(), gold<T>("csr_dense"), 0.0);
}

TEST_CASE("sparse: a float32 matrix times float64 vectors computes in float64") {
  const auto a = golden_matrix<float>();
  const auto x = gold<double>("csr_x");
  const xp::ndarray<double, B> y = xp::sparse::matmul(a, x);  // float32 values, float64 sums
  const auto want = xp::matmul(a.toarray().template astype<double>().copy_to_host(), x.copy_to_host());
  check_close(y, want, ulps<double>(16));
  // integers promote to float64 too (NumPy's float32 x int64)
  const auto xi = xp::arange<std::int64_t, B>(5);
  const xp::ndarray<double, B> yi = xp::sparse::matmul(a, xi);
  check_close(yi, xp::matmul(a.toarray().template astype<double>().copy_to_host(), xp::arange<double, xp::host>(5)),
              ulps<double>(16));
}

TEST_CASE("sparse: complex matrices") {
  const auto re = golden_matrix<double>();
  const auto a = re.astype<xp::complex128>() * 2.0;
  const xp::ndarray<xp::complex128, B> x =
      gold<double>("csr_x").template astype<xp::complex128>() * xp::complex128(0.5, -1.5);
  const auto y = xp::sparse::matmul(a, x).copy_to_host();
  const auto want = dense_product(a, x);
  check_close(xp::ndarray<double, xp::host>(xp::real(y)), xp::ndarray<double, xp::host>(xp::real(want)),
              ulps<double>(16));
  check_close(xp::ndarray<double, xp::host>(xp::imag(y)), xp::ndarray<double, xp::host>(xp::imag(want)),
              ulps<double>(16));
}

TEST_CASE_TEMPLATE("sparse: rows of every length take the device's three lane groups", T, float, double) {
  // mean row lengths 3, 40 and 4500: groups of 2, 8 and 32 lanes; sizes not multiples of a block
  for (auto [m, n, density] : {std::tuple{1001, 300, 0.01}, std::tuple{77, 401, 0.1}, std::tuple{3, 5001, 0.9}}) {
    const auto a = xp::sparse::random<T, B>(m, n, density, 5);
    const auto x = xp::random::uniform<T, B>({n}, T(-1), T(1), 6);
    const auto want =
        xp::matmul(a.toarray().template astype<double>().copy_to_host(), x.template astype<double>().copy_to_host());
    check_close(xp::sparse::matmul(a, x).template astype<double>(), want, ulps<T>(64));
  }
}

TEST_CASE("sparse: engine::vendor is cuSPARSE on the device, refused on the host") {
  const auto a = golden_matrix<double>();
  const auto x = gold<double>("csr_x");
  const auto big = xp::sparse::random<float, B>(300, 200, 0.1, 3);
  const auto xs = xp::random::uniform<float, B>({200, 3}, -1.f, 1.f, 4);
  const xp::sparse::product_options vendor{xp::engine::vendor};
  if constexpr (std::is_same_v<B, xp::host>) {
    CHECK_THROWS_AS(xp::sparse::matmul(a, x, vendor), xp::value_error);
  } else {
    check_close(xp::sparse::matmul(a, x, vendor), gold<double>("csr_y"), ulps<double>(8));
    check_close(xp::sparse::matmul(big, xs, vendor), xp::sparse::matmul(big, xs), ulps<float>(64));  // SpMM
    // a strided vector is copied for cuSPARSE
    const xp::ndarray<float, B> column = xs(xp::all, 1);
    check_close(xp::sparse::matmul(big, column, vendor), xp::sparse::matmul(big, column), ulps<float>(64));
    const auto c = a.astype<xp::complex128>() * 2.0;
    const xp::ndarray<xp::complex128, B> xc = x.template astype<xp::complex128>();
    const auto want = dense_product(c, xc);
    const auto got = xp::sparse::matmul(c, xc, vendor).copy_to_host();
    check_close(xp::ndarray<double, xp::host>(xp::real(got)), xp::ndarray<double, xp::host>(xp::real(want)),
                ulps<double>(16));
    // cuSPARSE takes one dtype: a float32 matrix with a float64 vector is refused
    CHECK_THROWS_AS(xp::sparse::matmul(big, xp::ones<double, B>({200}), vendor), xp::value_error);
  }
}

TEST_CASE("sparse: eye, identity and vstack are SciPy's") {
  check_close(xp::sparse::eye<double, B>(4, 6, -2).toarray(), gold<double>("eye_4_6_m2"), 0.0);
  check_close(xp::sparse::eye<double, B>(4, 6, 0).toarray(), gold<double>("eye_4_6_0"), 0.0);
  check_close(xp::sparse::eye<double, B>(4, 6, 3).toarray(), gold<double>("eye_4_6_3"), 0.0);
  check_close(xp::sparse::eye<double, B>(3, 3, 5).toarray(), xp::zeros<double, B>({3, 3}), 0.0);
  check_close(xp::sparse::identity<float, B>(3).toarray(), xp::eye<float, B>(3), 0.0);
  // vstack of float32 and float64 blocks is float64, the dense blocks stacked
  const auto a = golden_matrix<float>();
  const auto reg = xp::sparse::eye<double, B>(5) * 0.25;
  const csr_matrix<double, B> s = xp::sparse::vstack(a, reg);
  CHECK(s.shape() == std::array<xp::index_t, 2>{12, 5});
  CHECK(s.nnz() == a.nnz() + 5);
  check_close(s.toarray(), xp::concat({a.toarray().template astype<double>(), reg.toarray()}), 0.0);
  check_close((-s / 2.0).toarray(), xp::ndarray<double, B>(s.toarray() * -0.5), 0.0);
}

TEST_CASE("sparse: random draws distinct positions, the same on both backends") {
  const auto a = xp::sparse::random<float, B>(300, 200, 0.1, 42);
  CHECK(a.nnz() == 6000);
  const auto dense = a.toarray();
  CHECK(xp::count_nonzero(dense).item() == 6000);  // distinct positions, values in (0, 1)
  CHECK(xp::min(a.data()).item() >= 0.f);
  CHECK(xp::max(a.data()).item() < 1.f);
  const auto on_host = xp::sparse::random<float, xp::host>(300, 200, 0.1, 42);
  check_same(a.data(), on_host.data());
  check_same(a.indices(), on_host.indices());
  check_same(a.indptr(), on_host.indptr());
}

TEST_CASE("sparse: a matrix moves between backends with its arrays") {
  const auto on_host = xp::sparse::random<double, xp::host>(40, 30, 0.2, 7);
  const csr_matrix<double, B> here = xp::sparse::asarray<B>(on_host);
  CHECK(here.shape() == on_host.shape());
  check_same(here.indptr(), on_host.indptr());
  check_same(here.indices(), on_host.indices());
  check_same(here.data(), on_host.data());
  const csr_matrix<double, xp::host> back = here.copy_to_host();
  check_same(back.toarray(), on_host.toarray());
#ifdef XP_TEST_CUDA
  check_same(xp::sparse::to_device(on_host).toarray(), on_host.toarray());
#endif
}

TEST_CASE("sparse: empty matrices, empty rows and 1 x 1") {
  const csr_matrix<double, B> none(xp::zeros<double, B>({0, 4}));
  CHECK(none.nnz() == 0);
  CHECK(xp::sparse::matmul(none, xp::ones<double, B>({4})).size() == 0);
  CHECK(none.transpose().shape() == std::array<xp::index_t, 2>{4, 0});
  const csr_matrix<double, B> zero(xp::zeros<double, B>({3, 4}));
  check_close(xp::sparse::matmul(zero, xp::ones<double, B>({4})), xp::zeros<double, B>({3}), 0.0);
  const csr_matrix<double, B> one(xp::full<double, B>({1, 1}, 2.5));
  check_close(xp::sparse::matmul(one, xp::full<double, B>({1}, 2.0)), xp::full<double, B>({1}, 5.0), 0.0);
  CHECK(csr_matrix<float, B>().shape() == std::array<xp::index_t, 2>{0, 0});
}

TEST_CASE("sparse: bad input is a typed error") {
  const auto d = xp::ones<double, B>({3});
  const auto i = xp::asarray<B>(xp::array<index32>({0, 1, 2}));
  auto ptr = [](std::initializer_list<index32> v) { return xp::asarray<B>(xp::array<index32>(v)); };
  using M = csr_matrix<double, B>;
  CHECK_THROWS_AS(M(d, i, ptr({0, 1, 3}), {3, 3}), xp::shape_error);     // indptr too short
  CHECK_THROWS_AS(M(d, i, ptr({1, 1, 2, 3}), {3, 3}), xp::value_error);  // not starting at 0
  CHECK_THROWS_AS(M(d, i, ptr({0, 2, 1, 3}), {3, 3}), xp::value_error);  // decreasing
  CHECK_THROWS_AS(M(d, i, ptr({0, 1, 2, 2}), {3, 3}), xp::value_error);  // last != nnz
  CHECK_THROWS_AS(M(d, i, ptr({0, 1, 2, 3}), {3, 2}), xp::value_error);  // column 2 of 2 columns
  CHECK_THROWS_AS(M(d, xp::asarray<B>(xp::array<index32>({0, -1, 2})), ptr({0, 1, 2, 3}), {3, 3}), xp::value_error);
  CHECK_THROWS_AS(M(xp::ones<double, B>({2}), i, ptr({0, 1, 2, 3}), {3, 3}), xp::shape_error);  // data vs indices
  CHECK_THROWS_AS(M(xp::ones<double, B>({3, 1}), i, ptr({0, 1, 2, 3}), {3, 3}), xp::shape_error);
  CHECK_THROWS_AS(M(xp::ones<double, B>({2, 2, 2})), xp::shape_error);
  CHECK_NOTHROW(M(d, i, ptr({0, 1, 2, 3}), {3, 3}));
  const auto a = golden_matrix<double>();
  CHECK_THROWS_AS(xp::sparse::matmul(a, xp::ones<double, B>({4})), xp::shape_error);
  CHECK_THROWS_AS(xp::sparse::matmul(a, xp::ones<double, B>({5, 2, 1})), xp::shape_error);
  CHECK_THROWS_AS(xp::sparse::vstack(a, xp::sparse::eye<double, B>(4)), xp::shape_error);
  CHECK_THROWS_AS(xp::sparse::vstack(std::vector<M>{}), xp::shape_error);
  CHECK_THROWS_AS((xp::sparse::random<float, B>(3, 3, 1.5)), xp::value_error);
  CHECK_THROWS_AS((xp::sparse::eye<float, B>(-1)), xp::value_error);
  CHECK_THROWS_AS((xp::sparse::random<float, B>(1 << 20, 1 << 20, 0.01)), xp::value_error);  // nnz > 2^31
}

#ifdef XP_TEST_CUDA

namespace {
/// A @ x for host A and device x, against the float64 (complex128) product of A's dense form (the
/// oracle): |got - want| <= 64 eps (|want| + 1) in the product's precision.
template <class T, class X>
void check_chunked(const csr_matrix<T, xp::host>& a, const xp::ndarray<X, xp::cuda>& x, const xp::chunked_options& o) {
  using R = xp::promote_t<T, X>;
  using W = std::conditional_t<xp::detail::is_complex_v<R>, xp::complex128, double>;
  const auto got = xp::sparse::chunked_matmul(a, x, o);
  static_assert(std::is_same_v<typename decltype(got)::value_type, R>);
  const auto want = xp::matmul(a.toarray().template astype<W>(), x.copy_to_host().template astype<W>());
  const auto g = values(got.copy_to_host().template astype<W>()), w = values(want);
  REQUIRE(got.shape() == want.shape());
  using P = std::conditional_t<std::is_same_v<R, float> || std::is_same_v<R, xp::complex64>, float, double>;
  for (std::size_t i = 0; i < g.size(); ++i) {
    INFO("flat index " << i);
    CHECK(std::abs(std::complex<double>(g[i]) - std::complex<double>(w[i])) <=
          ulps<P>(64) * (std::abs(std::complex<double>(w[i])) + 1));
  }
}
}  // namespace

TEST_CASE_TEMPLATE("sparse: chunked_matmul streams a host matrix's rows through the device", T, float, double) {
  // 1001 x 777, about 39 entries a row: blocks of 4 KiB hold about 12 rows, the last ragged
  const auto a = xp::sparse::random<T, xp::host>(1001, 777, 0.05, 11);
  const auto x = xp::random::uniform<T, xp::cuda>({777}, T(-1), T(1), 12);
  for (int depth : {1, 2, 3})
    for (std::size_t bytes : {std::size_t{4096}, std::size_t{1} << 20, std::size_t{0}})
      check_chunked(a, x, {.chunk_bytes = bytes, .depth = depth});
  // several right-hand sides, given as a transposed (strided) view
  const xp::ndarray<T, xp::cuda> xs = xp::random::uniform<T, xp::cuda>({3, 777}, T(-1), T(1), 13);
  check_chunked(a, xp::ndarray<T, xp::cuda>(xp::transpose(xs)), {.chunk_bytes = 4096});
  // a row longer than a block is a block of its own; empty rows are zeros
  const auto dense = xp::random::uniform<T, xp::host>({6, 2000}, T(-1), T(1), 14);
  auto d = dense.copy();
  d(1) = T(0);
  d(4) = T(0);
  const auto x2 = xp::random::uniform<T, xp::cuda>({2000}, T(-1), T(1), 15);
  check_chunked(csr_matrix<T, xp::host>(d), x2, {.chunk_bytes = 64});
}

TEST_CASE("sparse: chunked_matmul with mixed and complex dtypes, empty matrices and bad input") {
  const auto a = xp::sparse::random<float, xp::host>(300, 200, 0.1, 21);
  check_chunked(a, xp::random::uniform<double, xp::cuda>({200}, -1.0, 1.0, 22), {.chunk_bytes = 2048});
  const auto ad = xp::sparse::random<double, xp::host>(300, 200, 0.1, 23);
  check_chunked(ad, xp::random::uniform<float, xp::cuda>({200}, -1.f, 1.f, 24), {.chunk_bytes = 2048});
  const xp::ndarray<xp::complex64, xp::host> dense_c =
      xp::random::uniform<float, xp::host>({40, 30}, -1.f, 1.f, 25).template astype<xp::complex64>() *
      xp::complex64(0.5f, -2.f);
  const csr_matrix<xp::complex64, xp::host> ac(dense_c);
  const xp::ndarray<xp::complex64, xp::host> xc_host =
      xp::random::uniform<float, xp::host>({30}, -1.f, 1.f, 26).template astype<xp::complex64>() *
      xp::complex64(1.f, 1.f);
  const auto xc = xp::to_device(xc_host);
  check_chunked(ac, xc, {.chunk_bytes = 256});
  // no entries, no rows
  const csr_matrix<float, xp::host> zero(xp::zeros<float, xp::host>({5, 4}));
  check_same(xp::sparse::chunked_matmul(zero, xp::ones<float, xp::cuda>({4})).copy_to_host(),
             xp::zeros<float, xp::host>({5}));
  const csr_matrix<float, xp::host> none(xp::zeros<float, xp::host>({0, 4}));
  CHECK(xp::sparse::chunked_matmul(none, xp::ones<float, xp::cuda>({4, 2})).shape() == xp::shape_type{0, 2});
  CHECK_THROWS_AS(xp::sparse::chunked_matmul(a, xp::ones<float, xp::cuda>({201})), xp::shape_error);
  CHECK_THROWS_AS(xp::sparse::chunked_matmul(a, xp::ones<float, xp::cuda>({200, 2, 2})), xp::shape_error);
  CHECK_THROWS_AS(xp::sparse::chunked_matmul(a, xp::ones<float, xp::cuda>({200}), {.depth = 0}), xp::value_error);
}

TEST_CASE("sparse: chunked_matmul multiplies a matrix larger than the device memory it may use") {
  // 96 MiB of entries (200,000 rows of 60) under a pool limit of 32 MiB more than in use: the
  // matrix cannot be copied to the device, the streamed product (automatic blocks) still runs
  auto& pool = xp::cuda::get_default_memory_pool();
  const xp::index_t rows = 200'000, cols = 5'000;
  const auto a = xp::sparse::random<float, xp::host>(rows, cols, 60.0 / cols, 31);
  const auto x = xp::random::uniform<float, xp::cuda>({cols}, -1.f, 1.f, 32);
  const auto want = xp::sparse::matmul(a, x.copy_to_host());
  pool.set_limit(pool.used_bytes() + (std::size_t{32} << 20));
  // example-begin chunked-spmv
  // A stays in host memory; its rows cross to the device in blocks for each product
  xp::ndarray<float, xp::cuda> y = xp::sparse::chunked_matmul(a, x);
  // example-end chunked-spmv
  CHECK_THROWS_AS(xp::to_device(a.data()), xp::out_of_memory);
  pool.set_limit(0);
  check_close(y.copy_to_host(), want, ulps<float>(64));
}

TEST_CASE("sparse: lsmr on a host matrix streamed through the device under a pool limit") {
  // 50,000 x 2,000 with 60 entries a row (24 MiB of entries, A^T as much again) under a limit of
  // 8 MiB more than in use: every product streams its matrix in blocks; lsmr's answer is the host's.
  // Values in [-1, 1): well conditioned (with random's [0, 1) the dominant mean direction made 20
  // iterations amplify the products' rounding to 1.5e-6 between the backends)
  const xp::index_t rows = 50'000, cols = 2'000;
  const auto a01 = xp::sparse::random<float, xp::host>(rows, cols, 60.0 / cols, 41);
  const auto a = a01.with_data(xp::ndarray<float, xp::host>(a01.data() * 2.f - 1.f));
  const auto at = a.transpose();
  const auto b_host = xp::random::uniform<double, xp::host>({rows}, -1.0, 1.0, 42);
  const xp::sparse::linalg::lsmr_options o{.damp = 0.5, .maxiter = 20};
  const auto want = xp::sparse::linalg::lsmr(a, b_host, o);
  const auto b = xp::to_device(b_host);
  auto& pool = xp::cuda::get_default_memory_pool();
  pool.set_limit(pool.used_bytes() + (std::size_t{8} << 20));
  // example-begin chunked-lsmr
  const xp::sparse::linalg::linear_operator<double, xp::cuda> streamed(
      {rows, cols}, [&](const xp::ndarray<double, xp::cuda>& x) { return xp::sparse::chunked_matmul(a, x); },
      [&](const xp::ndarray<double, xp::cuda>& u) { return xp::sparse::chunked_matmul(at, u); });
  const auto got = xp::sparse::linalg::lsmr(streamed, b, o);
  // example-end chunked-lsmr
  pool.set_limit(0);
  CHECK(got.itn == want.itn);
  CHECK(got.istop == want.istop);
  const auto diff = xp::linalg::norm(got.x.copy_to_host() - want.x).item();
  CHECK(diff <= 1e-9 * xp::linalg::norm(want.x).item());
  CHECK(std::abs(got.normr - want.normr) <= 1e-9 * want.normr);
}

#endif  // XP_TEST_CUDA
