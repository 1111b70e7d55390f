// xp/linalg/einsum.hpp: einsum and einsum_path against NumPy (tests/golden/linalg/einsum.npz,
// written by tests/golden/make_golden_einsum.py: the grammar, traces and diagonals, ellipses,
// broadcasting, batches, outer products, 0-d and empty operands, int8 wrap-around, bool, complex64,
// mixed dtypes, NumPy's optimal paths) and against a float64 reference computed here on random
// inputs and non-contiguous views (transposed, step-sliced, reversed); the plan of the seed's
// expression; out=; the plan cache; every error.
#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <vector>

#include "support.hpp"

using namespace xp_test;

namespace {

const xp::npz_file& einsum_goldens() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/linalg/einsum.npz");
  return z;
}

// The operands of golden case `name` as T on B.
template <class T>
std::vector<xp::ndarray<T, B>> golden_operands(const std::string& name, std::size_t count) {
  std::vector<xp::ndarray<T, B>> ops;
  for (std::size_t k = 0; k < count; ++k) ops.push_back(einsum_goldens().get<T, B>(name + "_" + std::to_string(k)));
  return ops;
}

// np.einsum in float64 by its definition: every combination of the labels, letters only, the
// output explicit; an extent 1 broadcasts. Operands of any layout.
xp::ndarray<double, xp::host> reference_einsum(const std::string& subscripts,
                                               const std::vector<xp::ndarray<double, xp::host>>& operands) {
  const auto arrow = subscripts.find("->");
  const std::string output = subscripts.substr(arrow + 2);
  std::vector<std::string> terms;
  for (std::size_t start = 0;;) {
    const auto comma = subscripts.find(',', start);
    terms.push_back(subscripts.substr(start, std::min(comma, arrow) - start));
    if (comma == std::string::npos || comma > arrow) break;
    start = comma + 1;
  }
  std::map<char, xp::index_t> extent;
  for (std::size_t k = 0; k < terms.size(); ++k)
    for (std::size_t ax = 0; ax < terms[k].size(); ++ax)
      extent[terms[k][ax]] = std::max(extent[terms[k][ax]], operands[k].shape()[ax]);
  std::vector<char> labels;
  for (const auto& [l, e] : extent) labels.push_back(l);
  xp::shape_type out_shape;
  for (char l : output) out_shape.push_back(extent[l]);
  auto result = xp::zeros<double, xp::host>(out_shape);
  std::vector<xp::ndarray<double, xp::host>> ops;
  for (const auto& op : operands) ops.push_back(op.copy());  // C-contiguous
  // the odometer's position per label, in an array indexed by the label (map lookups in this loop
  // made the test's references take most of its 10 s unoptimised, and longer under ASan)
  std::array<xp::index_t, 256> at{}, ext{};
  for (char l : labels) ext[static_cast<unsigned char>(l)] = extent[l];
  auto slot = [](char l) { return static_cast<std::size_t>(static_cast<unsigned char>(l)); };
  xp::index_t combinations = 1;
  for (char l : labels) combinations *= extent[l];
  for (xp::index_t c = 0; c < combinations; ++c) {
    double product = 1;
    for (std::size_t k = 0; k < ops.size(); ++k) {
      xp::index_t flat = 0;
      for (std::size_t ax = 0; ax < terms[k].size(); ++ax) {
        const xp::index_t n = ops[k].shape()[ax];
        flat = flat * n + (n == 1 ? 0 : at[slot(terms[k][ax])]);
      }
      product *= ops[k].data()[flat];
    }
    xp::index_t flat = 0;
    for (char l : output) flat = flat * ext[slot(l)] + at[slot(l)];
    result.data()[flat] += product;
    for (auto l = labels.rbegin(); l != labels.rend(); ++l) {  // odometer
      if (++at[slot(*l)] < ext[slot(*l)]) break;
      at[slot(*l)] = 0;
    }
  }
  return result;
}

// Random values in [-1, 1] of T on B.
template <class T>
xp::ndarray<T, B> es_random(const xp::shape_type& shape, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  auto h = xp::empty<T, xp::host>(shape);
  for (xp::index_t i = 0; i < h.size(); ++i) h.data()[i] = static_cast<T>(u(gen));
  return xp::asarray<B>(h);
}

template <class T>
xp::ndarray<double, xp::host> host_double(const xp::ndarray<T, B>& a) {
  return a.template astype<double>().copy_to_host();
}

// got within a sum of n products of eps-rounded values of the float64 reference.
template <class T>
void check_reference(const xp::ndarray<T, B>& got, const std::string& subscripts,
                     const std::vector<xp::ndarray<double, xp::host>>& operands, double tolerance) {
  INFO(subscripts);
  check_close(got.template astype<double>(), reference_einsum(subscripts, operands), tolerance);
}

template <class E>
std::string message_of(E&& call) {
  try {
    call();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no exception";
}

#define XP_CHECK_EINSUM_THROWS(type, call, fragment)            \
  do {                                                          \
    CHECK_THROWS_AS(call, type);                                \
    const std::string what = message_of([&] { (void)(call); }); \
    INFO(what);                                                 \
    CHECK(what.find(fragment) != std::string::npos);            \
  } while (0)

const auto step2 = xp::range(xp::none, xp::none, 2);
const auto reversed = xp::range(xp::none, xp::none, -1);

}  // namespace

TEST_CASE("einsum: NumPy's results for the grammar (float64)") {
  // name, subscripts, operand count: the script's cases
  struct golden_case {
    const char* name;
    const char* subscripts;
    std::size_t operands;
  };
  const std::vector<golden_case> cases{{"seed", "ij,jk->...k", 2},
                                       {"matmul", "ij,jk->ik", 2},
                                       {"implicit", "ij,jk", 2},
                                       {"implicit_order", "ba", 1},
                                       {"implicit_upper", "Ba,a", 2},
                                       {"trace", "ii", 1},
                                       {"diag", "ii->i", 1},
                                       {"diag3", "iij->j", 1},
                                       {"diag_keep", "iji->ij", 1},
                                       {"sum_all", "ij->", 1},
                                       {"transpose", "ijk->kij", 1},
                                       {"outer", "i,j->ij", 2},
                                       {"outer3", "i,j,k", 3},
                                       {"hadamard", "ij,ij->ij", 2},
                                       {"inner", "i,i", 2},
                                       {"batched", "bij,bjk->bik", 2},
                                       {"batch_keep", "bij,bjk->bk", 2},
                                       {"tensordot", "ijk,jkl->il", 2},
                                       {"ell_front", "...ij,...jk->...ik", 2},
                                       {"ell_back", "ij...,jk...->ik...", 2},
                                       {"ell_mid", "i...j,j...->i...", 2},
                                       {"ell_implicit", "...ij,...jk", 2},
                                       {"ell_broadcast", "...i,...i->...", 2},
                                       {"ell_sum_out", "...i->i", 1},
                                       {"ell_empty_out", "ij,jk->...k", 2},
                                       {"bcast_one", "ij,jk->ik", 2},
                                       {"bcast_one_b", "ij,jk->ik", 2},
                                       {"chain3", "ij,jk,kl->il", 3},
                                       {"chain4", "ij,jk,kl,lm->im", 4},
                                       {"private_many", "ijk,kl,lm->j", 3},
                                       {"five", "ab,bc,cd,de,ef->af", 5},
                                       {"spaces", "ij, jk -> ik", 2},
                                       {"zero_d", "->", 1},
                                       {"zero_d_pair", ",ij->ij", 2},
                                       {"empty_k", "ij,jk->ik", 2},
                                       {"empty_out", "ij,jk->ik", 2}};
  for (const auto& c : cases) {
    INFO(c.name << ": " << c.subscripts);
    const auto got = xp::einsum(c.subscripts, golden_operands<double>(c.name, c.operands));
    check_close(got, einsum_goldens().get<double>(std::string(c.name) + "_out"), 1e-12);
    CHECK(got.is_contiguous());
  }
  // the variadic form is the same function
  const auto ops = golden_operands<double>("chain3", 3);
  check_same(xp::einsum("ij,jk,kl->il", ops[0], ops[1], ops[2]), xp::einsum("ij,jk,kl->il", ops));
}

TEST_CASE("einsum: dtypes like NumPy: float32, complex64, int8 wraps, int32, bool, mixed") {
  const auto& z = einsum_goldens();
  {
    const auto ops = golden_operands<float>("f4_seed", 2);
    const auto got = xp::einsum("ij,jk->...k", ops[0], ops[1]);
    static_assert(std::is_same_v<decltype(got)::value_type, float>);
    check_close(got, z.get<float>("f4_seed_out"), 1e-6);
  }
  {
    const auto ops = golden_operands<xp::complex64>("c8_matmul", 2);
    const auto got = xp::einsum("ij,jk->ik", ops);
    const auto want = values(z.get<xp::complex64>("c8_matmul_out"));
    REQUIRE(got.shape() == xp::shape_type{3, 2});
    CHECK(values(got) == want);  // small integers: exact
    CHECK(values(xp::einsum("ii", golden_operands<xp::complex64>("c8_trace", 1))) ==
          values(z.get<xp::complex64>("c8_trace_out")));
  }
  {
    const auto ops = golden_operands<std::int8_t>("i8_wrap", 2);
    const auto got = xp::einsum("i,i", ops);
    static_assert(std::is_same_v<decltype(got)::value_type, std::int8_t>);
    CHECK(got.item() == z.get<std::int8_t>("i8_wrap_out").item());  // 800 wraps to 32
    CHECK(got.item() == 32);
    check_same(xp::einsum("ij,jk->ik", golden_operands<std::int8_t>("i8_matmul_wrap", 2)),
               z.get<std::int8_t>("i8_matmul_wrap_out"));
  }
  check_same(xp::einsum("bij,bjk->bik", golden_operands<std::int32_t>("i4_batched", 2)),
             z.get<std::int32_t>("i4_batched_out"));
  {
    const auto got = xp::einsum("ij,jk->ik", golden_operands<bool>("b_matmul", 2));
    static_assert(std::is_same_v<decltype(got)::value_type, bool>);
    check_same(got, z.get<bool>("b_matmul_out"));
    check_same(xp::einsum("ij->i", golden_operands<bool>("b_sum", 1)), z.get<bool>("b_sum_out"));
  }
  {
    const auto a = z.get<float, B>("mixed_0");
    const auto v = z.get<std::int32_t, B>("mixed_1");
    const auto got = xp::einsum("ij,j->i", a, v);
    static_assert(std::is_same_v<decltype(got)::value_type, double>);  // np.result_type(float32, int32)
    check_close(got, z.get<double>("mixed_out"), 0);
  }
}

TEST_CASE("einsum: random inputs and non-contiguous views against a float64 reference") {
  // sizes off every tile multiple
  const xp::index_t m = 37, k = 70, n = 45;
  const auto a = es_random<double>({m, k}, 1), b = es_random<double>({k, n}, 2);
  const auto ah = host_double(a), bh = host_double(b);
  const double tol = 1e-12;
  check_reference(xp::einsum("ij,jk->...k", a, b), "ij,jk->k", {ah, bh}, tol);
  check_reference(xp::einsum("ij,jk->ik", a, b), "ij,jk->ik", {ah, bh}, tol);
  check_reference(xp::einsum("ij,jk->ki", a, b), "ij,jk->ki", {ah, bh}, tol);
  // transposed, step-sliced and reversed views
  const auto at = xp::transpose(a);           // (k, m), column-major
  const auto bs = b(step2, reversed);         // (35, 45): every other row, columns reversed
  const auto as = a(xp::range(0, m), step2);  // (37, 35)
  check_reference(xp::einsum("ji,jk->ik", at, b), "ji,jk->ik", {host_double(at), bh}, tol);
  check_reference(xp::einsum("ij,jk->ik", as, bs), "ij,jk->ik", {host_double(as), host_double(bs)}, tol);
  check_reference(xp::einsum("ij,kj->ik", as, xp::transpose(bs)), "ij,kj->ik",
                  {host_double(as), host_double(xp::transpose(bs))}, tol);
  check_reference(xp::einsum("ij,jk->j", as, bs), "ij,jk->j", {host_double(as), host_double(bs)}, tol);
  // batched with the batch axis in the middle, a transposed operand, a 3-operand chain
  const auto x = es_random<double>({5, 3, 7}, 3), y = es_random<double>({7, 3, 4}, 4), w = es_random<double>({4, 6}, 5);
  const auto xh = host_double(x), yh = host_double(y), wh = host_double(w);
  check_reference(xp::einsum("ibj,jbk->bik", x, y), "ibj,jbk->bik", {xh, yh}, tol);
  check_reference(xp::einsum("ibj,jbk,kl->li", x, y, w), "ibj,jbk,kl->li", {xh, yh, wh}, tol);
  check_reference(xp::einsum("ibj,jbk,kl->", x, y, w), "ibj,jbk,kl->", {xh, yh, wh}, tol);
  // float32: the seed's expression within float32 rounding of the sums
  const auto af = es_random<float>({m, k}, 6), bf = es_random<float>({k, n}, 7);
  check_reference(xp::einsum("ij,jk->...k", af, bf), "ij,jk->k", {host_double(af), host_double(bf)}, 1e-4);
  // diagonal of a reversed view
  const auto sq = es_random<double>({6, 6}, 8);
  const auto sq_r = sq(reversed, xp::all);
  check_reference(xp::einsum("ii->i", sq_r), "i->i", {host_double(xp::diagonal(sq_r))}, 0);
}

TEST_CASE("einsum_path: NumPy's optimal order, the naive count, and the seed's plan") {
  const auto& z = einsum_goldens();
  struct path_case {
    const char* name;
    const char* subscripts;
    std::vector<xp::shape_type> shapes;
  };
  const std::vector<path_case> cases{{"abc", "ij,jk,kl->il", {{10, 300}, {300, 5}, {5, 200}}},
                                     {"a_bc", "ij,jk,kl->il", {{200, 5}, {5, 300}, {300, 10}}},
                                     {"four", "ij,jk,kl,lm->im", {{40, 2}, {2, 50}, {50, 3}, {3, 60}}},
                                     {"four_b", "ab,bc,cd,da->", {{30, 3}, {3, 30}, {30, 4}, {4, 30}}},
                                     {"vec", "i,ij,jk->k", {{50}, {50, 60}, {60, 70}}}};
  for (const auto& c : cases) {
    INFO(c.name);
    std::vector<xp::ndarray<double, B>> ops;
    for (const auto& s : c.shapes) ops.push_back(xp::zeros<double, B>(s));
    const auto info = xp::einsum_path(c.subscripts, ops);
    CHECK(info.optimize == "optimal");
    const auto want = values(z.get<std::int64_t>(std::string("path_") + c.name));
    std::vector<std::int64_t> got;
    for (const auto& step : info.path()) {
      REQUIRE(step.size() == 2);
      got.insert(got.end(), step.begin(), step.end());
    }
    CHECK(got == want);
    CHECK(info.naive_flops == z.get<double>(std::string("path_") + c.name + "_naive").item());
    CHECK(info.optimized_flops < info.naive_flops);
    // the result equals the float64 reference whatever the order
    std::vector<xp::ndarray<double, B>> random_ops;
    std::vector<xp::ndarray<double, xp::host>> host_ops;
    unsigned seed = 10;
    for (const auto& s : c.shapes) {
      random_ops.push_back(es_random<double>(s, seed++));
      host_ops.push_back(host_double(random_ops.back()));
    }
    check_reference(xp::einsum(c.subscripts, random_ops), c.subscripts, host_ops, 1e-11);
  }
  // the seed: i summed out of A first (a reduction), then a vector-matrix product
  // (the path needs only shapes: broadcast views instead of 340 MB of zeros)
  const auto a = xp::broadcast_to(xp::zeros<float, B>({1, 1}), {10000, 5000});
  const auto b = xp::broadcast_to(xp::zeros<float, B>({1, 1}), {5000, 7000});
  const auto seed = xp::einsum_path("ij,jk->...k", a, b);
  REQUIRE(seed.steps.size() == 2);
  CHECK(seed.steps[0].operands == std::vector<std::size_t>{0});
  CHECK(seed.steps[0].subscript == "ij->j");
  CHECK(seed.steps[0].intermediate_size == 5000);
  CHECK(seed.steps[1].operands == std::vector<std::size_t>{0, 1});
  CHECK(seed.steps[1].subscript == "jk,j->k");
  CHECK(seed.steps[1].flops == 2.0 * 5000 * 7000);
  CHECK(seed.naive_flops == 2.0 * 10000 * 5000 * 7000);  // NumPy's 7.000e+11
  CHECK(seed.optimized_flops == 2.0 * 10000 * 5000 + 2.0 * 5000 * 7000);
  CHECK(seed.largest_intermediate == 7000);
  CHECK(seed.contraction == "ij,jk->k");
  const std::string table = seed.to_string();
  CHECK(table.find("  Complete contraction:  ij,jk->k\n") != std::string::npos);
  CHECK(table.find("      Naive FLOP count:  7.000e+11\n") != std::string::npos);
  CHECK(table.find("jk,j->k") != std::string::npos);
  // more than 4 operands: greedy; ellipses spelled with unused letters
  std::vector<xp::ndarray<double, B>> five;
  for (int i = 0; i < 5; ++i) five.push_back(xp::zeros<double, B>({3, 3}));
  CHECK(xp::einsum_path("ab,bc,cd,de,ef->af", five).optimize == "greedy");
  CHECK(xp::einsum_path("...ij,...jk", xp::zeros<double, B>({2, 3, 4}), xp::zeros<double, B>({4, 5})).contraction ==
        "aij,jk->aik");  // the second has no dimensions under "..."
}

TEST_CASE("einsum: out= converts, takes strided and overlapping arrays, and checks its shape") {
  const auto a = es_random<float>({4, 5}, 21), b = es_random<float>({5, 3}, 22);
  const auto want = xp::einsum("ij,jk->ik", a, b);
  auto o = xp::zeros<double, B>({3, 4});
  const auto r = xp::einsum("ij,jk->ik", a, b, xp::out(xp::transpose(o)));  // strided, another dtype
  check_close(xp::transpose(o), want.astype<double>(), 0);
  check_same(r, xp::transpose(o));
  auto sq = es_random<double>({4, 4}, 23);
  const auto sq_want = xp::einsum("ij,jk->ik", sq, sq);
  xp::einsum("ij,jk->ik", sq, sq, xp::out(sq));  // overlaps both operands
  check_close(sq, sq_want, 0);
  XP_CHECK_EINSUM_THROWS(xp::shape_error, xp::einsum("ij,jk->ik", a, b, xp::out(xp::zeros<float, B>({3, 4}))),
                         "(3, 4)");
  const auto read_only = xp::broadcast_to(xp::zeros<float, B>({3}), {4, 3});
  CHECK_THROWS_AS(xp::einsum("ij,jk->ik", a, b, xp::out(read_only)), xp::value_error);
}

TEST_CASE("einsum: plans are cached by subscripts and shapes") {
  auto& cache = xp::detail::einsum_plans();
  const auto a = es_random<double>({3, 4}, 31), b = es_random<double>({4, 2}, 32);
  (void)xp::einsum("ij,jk->ik", a, b);
  const std::size_t hits = cache.hits();
  const auto again = xp::einsum("ij,jk->ik", xp::transpose(xp::transpose(a)).copy(), b);  // same shapes
  CHECK(cache.hits() == hits + 1);
  check_reference(again, "ij,jk->ik", {host_double(a), host_double(b)}, 1e-12);
  (void)xp::einsum("ij,jk->ik", a, es_random<double>({4, 11}, 33));  // another shape: a new plan
  CHECK(cache.hits() == hits + 1);
  CHECK(cache.size() <= cache.max_size());
}

TEST_CASE("einsum: every error names the subscripts and the operand") {
  const auto m = xp::zeros<double, B>({2, 3}), v = xp::zeros<double, B>({3});
  XP_CHECK_EINSUM_THROWS(xp::value_error, xp::einsum("ij,j$->i", m, v), "invalid character '$'");
  XP_CHECK_EINSUM_THROWS(xp::value_error, xp::einsum("ij,j->i->i", m, v), "more than one '->'");
  XP_CHECK_EINSUM_THROWS(xp::value_error, xp::einsum("ij,j-i", m, v), "'-'");
  XP_CHECK_EINSUM_THROWS(xp::value_error, xp::einsum("ij,j>i", m, v), "'>'");
  XP_CHECK_EINSUM_THROWS(xp::value_error, xp::einsum("i.j,j->i", m, v), "'.' that is not part of '...'");
  XP_CHECK_EINSUM_THROWS(xp::value_error, xp::einsum("......,j->", m, v), "more than one '...'");
  XP_CHECK_EINSUM_THROWS(xp::value_error, xp::einsum("ij,j->ii", m, v), "output label 'i' appears more than once");
  XP_CHECK_EINSUM_THROWS(xp::value_error, xp::einsum("ij,j->k", m, v), "output label 'k' is not in any operand");
  XP_CHECK_EINSUM_THROWS(xp::value_error, xp::einsum("ij", m, v), "name 1 operand, 2 given");
  XP_CHECK_EINSUM_THROWS(xp::value_error, xp::einsum("ij,j,k", m, v), "name 3 operands, 2 given");
  XP_CHECK_EINSUM_THROWS(xp::value_error, xp::einsum("...j->j", m), "no '...'");
  XP_CHECK_EINSUM_THROWS(xp::shape_error, xp::einsum("ijk,j->i", m, v), "operand 0 has shape (2, 3)");
  XP_CHECK_EINSUM_THROWS(xp::shape_error, xp::einsum("ij,...jk->i", m, v), "operand 1 has shape (3,)");
  XP_CHECK_EINSUM_THROWS(xp::shape_error, xp::einsum("ii->i", m), "'i' repeats in operand 0");
  const std::string what = message_of([&] { (void)xp::einsum("ij,i->j", m, v); });
  INFO(what);
  CHECK(what.find("label 'i' is 2 in operand 0 (shape (2, 3)) and 3 in operand 1 (shape (3,))") != std::string::npos);
  CHECK(what.find("'ij,i->j'") != std::string::npos);
  CHECK_THROWS_AS(xp::einsum("ij,i->j", m, v), xp::shape_error);
  CHECK_THROWS_AS(xp::einsum_path("ij,i->j", m, v), xp::shape_error);
  CHECK_THROWS_AS(xp::einsum("ij", std::vector<xp::ndarray<double, B>>{}), xp::value_error);
}
