// xp/linalg/norm.hpp: xp::linalg::norm (np.linalg.norm) and the array API's vector_norm and
// matrix_norm against NumPy (tests/golden/linalg/linalg_norm.npz, written by
// tests/golden/make_golden_linalg_norm.py): vectors, matrices, batches of both, keepdims, swapped
// axes, transposed and step-sliced views, 0-d and empty input, one dtype of each class (float32,
// float64, int32, complex64), the result dtypes, and every error.
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "support.hpp"

using namespace xp_test;
using xp::linalg::norm_order;

namespace {

const xp::npz_file& norm_goldens() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/linalg/linalg_norm.npz");
  return z;
}

// The result dtype NumPy gives: the real dtype of a float or complex input, float64 for the rest.
template <class T>
using norm_t = std::conditional_t<xp::detail::is_inexact_v<T>, xp::detail::real_of_t<T>, double>;

// Relative tolerance: NumPy sums through BLAS dot or pairwise, xp in its own order.
template <class R>
constexpr double norm_tolerance = std::is_same_v<R, float> ? 1e-5 : 1e-12;

template <class T>
std::string code_of() {
  return std::string(xp::dtype::of<T>().npy_code());
}

template <class T, class R>
void check_golden(const xp::ndarray<R, B>& got, const std::string& key) {
  static_assert(std::is_same_v<R, norm_t<T>>, "the result has NumPy's dtype");
  INFO(key);
  check_close(got, norm_goldens().get<R>(code_of<T>() + "_" + key), norm_tolerance<R>);
}

// The script's orders, by the names its keys use.
const std::vector<std::pair<std::string, norm_order>> vector_orders = {
    {"none", {}},     {"2", 2},           {"1", 1}, {"m1", -1},  {"0", 0},
    {"inf", xp::inf}, {"minf", -xp::inf}, {"3", 3}, {"p5", 0.5}, {"m2", -2}};
const std::vector<std::pair<std::string, norm_order>> matrix_orders = {
    {"none", {}}, {"fro", xp::linalg::fro}, {"1", 1}, {"m1", -1}, {"inf", xp::inf}, {"minf", -xp::inf}, {"2", 2},
    {"m2", -2},   {"nuc", xp::linalg::nuc}};

const auto every_other_reversed = xp::range(xp::none, xp::none, -2);
const auto step2 = xp::range(xp::none, xp::none, 2);
const auto reversed = xp::range(xp::none, xp::none, -1);

}  // namespace

TEST_CASE("linalg::norm(m, 1) is NumPy's matrix 1-norm, not a norm along axis 1") {
  // example-begin norm-ord
  const auto m = xp::arange<double, B>(12).reshape({3, 4});  // np.arange(12.).reshape(3, 4)
  const auto one = xp::linalg::norm(m, 1);                   // np.linalg.norm(m, 1)
  CHECK(one.item() == 21.0);                                 // the largest column sum of |m|: 3 + 7 + 11
  CHECK(xp::linalg::norm(m, xp::inf).item() == 38.0);        // the largest row sum: 8 + 9 + 10 + 11
  const auto rows = xp::linalg::norm(m, {}, 1);              // np.linalg.norm(m, axis=1): the rows' 2-norms
  CHECK(rows.shape() == xp::shape_type{3});
  // example-end norm-ord
  CHECK(one.ndim() == 0);
  CHECK(rows(0).item() == doctest::Approx(std::sqrt(14.0)));
}

TEST_CASE_TEMPLATE("linalg::norm, vector_norm, matrix_norm match NumPy", T, float, double, std::int32_t,
                   xp::complex64) {
  using R = norm_t<T>;
  const auto& z = norm_goldens();
  const auto v = z.get<T, B>(code_of<T>() + "_v");
  const auto m = z.get<T, B>(code_of<T>() + "_m");
  const auto b = z.get<T, B>(code_of<T>() + "_b");
  for (const auto& [name, ord] : vector_orders) {
    check_golden<T>(xp::linalg::norm(v, ord), "v_" + name);
    check_golden<T>(xp::linalg::norm(v(every_other_reversed), ord), "vs_" + name);
    check_golden<T>(xp::linalg::norm(b, ord, 1), "b_" + name + "_ax1");
    check_golden<T>(xp::linalg::norm(b, ord, -1, true), "b_" + name + "_axm1_keep");
    const double p = name == "none" ? 2.0 : ord.p();
    check_golden<T>(xp::linalg::vector_norm(b, {}, false, p), "vector_b_" + name);
    check_golden<T>(xp::linalg::vector_norm(b, {2, 0}, true, p), "vector_b_" + name + "_ax20_keep");
  }
  for (const auto& [name, ord] : matrix_orders) {
    check_golden<T>(xp::linalg::norm(m, ord), "m_" + name);
    check_golden<T>(xp::linalg::norm(m, ord, {}, true), "m_" + name + "_keep");
    check_golden<T>(xp::linalg::norm(m, ord, {1, 0}), "m_" + name + "_ax10");
    check_golden<T>(xp::linalg::norm(m.T(), ord), "mT_" + name);
    check_golden<T>(xp::linalg::norm(m(step2, reversed), ord), "ms_" + name);
    check_golden<T>(xp::linalg::norm(b, ord, {1, 2}), "b_" + name + "_ax12");
    check_golden<T>(xp::linalg::norm(b, ord, {2, 0}, true), "b_" + name + "_ax20_keep");
    if (!ord.is_none()) {
      check_golden<T>(xp::linalg::matrix_norm(b, false, ord), "matrix_b_" + name);
      check_golden<T>(xp::linalg::matrix_norm(b, true, ord), "matrix_b_" + name + "_keep");
    }
  }
  check_golden<T>(xp::linalg::norm(b), "b_none");  // every axis of any ndim: the flattened 2-norm
  check_golden<T>(xp::linalg::norm(b, {}, {}, true), "b_none_keep");
  check_golden<T>(xp::linalg::norm(v(3)), "s_none");  // 0-d
  check_golden<T>(xp::linalg::vector_norm(b, 1), "vector_b_2_ax1");
  check_golden<T>(xp::linalg::vector_norm(b, {}, true), "vector_b_2_keep");
  check_golden<T>(xp::linalg::matrix_norm(b), "matrix_b_fro");  // ord='fro' by default
  // an expression operand is reduced where it is, like any reduction's
  const xp::ndarray<R, B> twice_m = xp::linalg::norm(m + m, 1);
  const auto once = xp::linalg::norm(m, 1).copy_to_host();
  CHECK(twice_m.item() == doctest::Approx(2 * double(once.item())).epsilon(norm_tolerance<R>));
}

TEST_CASE("linalg::norm: result dtypes as NumPy's (float16 stays, complex gives its real dtype, the rest float64)") {
  // checked on the declared result types: these dtypes are not instantiated at run time
  using xp::linalg::norm;
  static_assert(
      std::is_same_v<decltype(norm(std::declval<xp::ndarray<xp::float16, B>>())), xp::ndarray<xp::float16, B>>);
  static_assert(std::is_same_v<decltype(norm(std::declval<xp::ndarray<float, B>>(), 1)), xp::ndarray<float, B>>);
  static_assert(std::is_same_v<decltype(norm(std::declval<xp::ndarray<xp::complex64, B>>())), xp::ndarray<float, B>>);
  static_assert(std::is_same_v<decltype(norm(std::declval<xp::ndarray<xp::complex128, B>>())), xp::ndarray<double, B>>);
  static_assert(
      std::is_same_v<decltype(norm(std::declval<xp::ndarray<std::uint8_t, B>>(), 1)), xp::ndarray<double, B>>);
  static_assert(std::is_same_v<decltype(norm(std::declval<xp::ndarray<bool, B>>())), xp::ndarray<double, B>>);
  static_assert(std::is_same_v<decltype(xp::linalg::vector_norm(std::declval<xp::ndarray<std::int64_t, B>>())),
                               xp::ndarray<double, B>>);
  static_assert(
      std::is_same_v<decltype(xp::linalg::matrix_norm(std::declval<xp::ndarray<float, B>>())), xp::ndarray<float, B>>);
  // ord reads like NumPy's: a number, xp::inf, or a named matrix norm
  static_assert(norm_order().is_none() && norm_order(1).p() == 1.0 && norm_order(-xp::inf).p() < 0);
  static_assert(xp::linalg::fro.kind() == xp::linalg::norm_kind::frobenius);
  static_assert(xp::linalg::nuc.kind() == xp::linalg::norm_kind::nuclear);
  CHECK(norm_order(0.5).str() == "0.5");
  CHECK(norm_order(-xp::inf).str() == "-inf");
  CHECK(norm_order(2).str() == "2");
  CHECK(xp::linalg::fro.str() == "'fro'");
  CHECK(norm_order().str() == "None");
}

TEST_CASE("linalg::norm: 0-d and empty input as NumPy") {
  const auto& z = norm_goldens();
  CHECK(xp::linalg::norm(xp::scalar<double, B>(-3.0)).item() == 3.0);
  CHECK(xp::linalg::norm(xp::scalar<double, B>(-3.0), {}, {}, true).ndim() == 0);
  const auto v0 = xp::zeros<double, B>({0});
  const auto e03 = xp::zeros<double, B>({0, 3}), e30 = xp::zeros<double, B>({3, 0});
  check_same(xp::linalg::norm(v0), z.get<double>("empty_v_none"));
  check_same(xp::linalg::norm(v0, 1), z.get<double>("empty_v_1"));
  check_same(xp::linalg::norm(v0, 0), z.get<double>("empty_v_0"));
  check_same(xp::linalg::norm(e03, xp::linalg::fro), z.get<double>("empty_03_fro"));
  check_same(xp::linalg::norm(e03, 1), z.get<double>("empty_03_1"));
  check_same(xp::linalg::norm(e30, xp::inf), z.get<double>("empty_30_inf"));
  check_same(xp::linalg::norm(xp::zeros<double, B>({2, 0, 3}), {}, {1, 2}), z.get<double>("empty_b_ax12_fro"));
  CHECK(xp::linalg::vector_norm(v0).item() == 0.0);
  // the maximum or minimum of nothing: NumPy's ValueError
  CHECK_THROWS_AS(xp::linalg::norm(v0, xp::inf), xp::value_error);
  CHECK_THROWS_AS(xp::linalg::norm(e03, xp::inf), xp::value_error);
  CHECK_THROWS_AS(xp::linalg::norm(e30, 1), xp::value_error);
  CHECK_THROWS_AS(xp::linalg::matrix_norm(e30, false, -1), xp::value_error);
}

TEST_CASE("linalg::norm: bad orders, axes and dimensions throw NumPy's errors, typed") {
  const auto v = xp::arange<double, B>(4);
  const auto m = xp::arange<double, B>(12).reshape({3, 4});
  const auto b = xp::arange<double, B>(24).reshape({2, 3, 4});
  using xp::linalg::norm;
  // the matrix norms of singular values of nothing: the maximum or minimum of an empty run
  for (const norm_order& ord : {norm_order(2), norm_order(-2)}) {
    INFO(ord.str());
    CHECK_THROWS_AS(norm(xp::zeros<double, B>({0, 3}), ord), xp::value_error);
  }
  CHECK_THROWS_WITH_AS(norm(m, 3), doctest::Contains("Invalid norm order 3 for matrices"), xp::value_error);
  CHECK_THROWS_WITH_AS(norm(m, 0), doctest::Contains("Invalid norm order 0 for matrices"), xp::value_error);
  CHECK_THROWS_WITH_AS(norm(v, xp::linalg::fro), doctest::Contains("Invalid norm order 'fro' for vectors"),
                       xp::value_error);
  CHECK_THROWS_WITH_AS(norm(m, xp::linalg::nuc, 1), doctest::Contains("Invalid norm order 'nuc' for vectors"),
                       xp::value_error);
  // an order without axes needs a vector or a matrix; more than two axes is never a norm
  CHECK_THROWS_WITH_AS(norm(b, 1), doctest::Contains("Improper number of dimensions to norm."), xp::value_error);
  CHECK_THROWS_WITH_AS(norm(b, xp::linalg::fro), doctest::Contains("Improper number of dimensions to norm."),
                       xp::value_error);
  CHECK_THROWS_WITH_AS(norm(xp::scalar<double, B>(1.0), 2), doctest::Contains("Improper number of dimensions to norm."),
                       xp::value_error);
  CHECK_THROWS_WITH_AS(norm(b, {}, {0, 1, 2}), doctest::Contains("Improper number of dimensions to norm."),
                       xp::value_error);
  CHECK_THROWS_WITH_AS(norm(b, {}, std::vector<xp::index_t>{}), doctest::Contains("Improper number of dimensions"),
                       xp::value_error);
  // axes out of range (NumPy's AxisError) and repeated axes
  CHECK_THROWS_AS(norm(v, {}, 1), xp::index_error);
  CHECK_THROWS_AS(norm(m, 1, {0, 2}), xp::index_error);
  CHECK_THROWS_AS(norm(m, {}, {-3, 0}), xp::index_error);
  CHECK_THROWS_WITH_AS(norm(m, {}, {1, -1}), doctest::Contains("Duplicate axes given."), xp::value_error);
  CHECK_THROWS_AS(xp::linalg::vector_norm(b, {0, -3}), xp::value_error);
  CHECK_THROWS_AS(xp::linalg::vector_norm(b, 3), xp::index_error);
  CHECK_THROWS_AS(xp::linalg::matrix_norm(v), xp::index_error);  // NumPy: axis -2 is out of bounds
  CHECK_THROWS_WITH_AS(xp::linalg::matrix_norm(m, false, 3), doctest::Contains("Invalid norm order 3 for matrices"),
                       xp::value_error);
}
