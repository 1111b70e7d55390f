// xp/dist/sharded.hpp and xp/dist/library.hpp: arrays split along axis 0, checked against the
// same computation on the whole array on the host. The host suite runs them over
// local_communicator with 1 to 4 ranks (shards of unequal and zero rows included); the CUDA
// suite over the NCCL communicator of every GPU (one shard on a one-GPU machine).
#include "support.hpp"

#include <xp/dist/library.hpp>
#include <xp/dist/sharded.hpp>
#ifdef XP_TEST_CUDA
#include <xp/dist/communicator.hpp>
#endif

#include <limits>

using namespace xp_test;

#if !defined(XP_TEST_CUDA) || defined(XP_HAS_NCCL)
namespace {

using comm_t = xp::dist::communicator_t<B>;

// the communicators a case runs over: 1 to 4 ranks on the host, every GPU on CUDA
std::vector<comm_t> communicators() {
#ifdef XP_TEST_CUDA
  return {xp::dist::communicator()};
#else
  return {xp::dist::local_communicator(1), xp::dist::local_communicator(2), xp::dist::local_communicator(3),
          xp::dist::local_communicator(4)};
#endif
}

}  // namespace

TEST_CASE("sharded: scatter splits rows as np.array_split, gather puts them back") {
  for (const auto& comm : communicators()) {
    for (const xp::shape_type& shape : {xp::shape_type{10, 3}, xp::shape_type{2, 4}, xp::shape_type{0, 5},
                                        xp::shape_type{7}, xp::shape_type{5, 2, 3}}) {
      CAPTURE(comm.size());
      CAPTURE(xp::to_string(shape));
      auto h = random_host<float>(shape, 3);
      const auto x = xp::dist::scatter(comm, h);
      CHECK(x.shape() == shape);
      CHECK(x.num_shards() == comm.size());
      const xp::index_t n = shape[0], p = comm.size();
      xp::index_t first = 0;
      for (int r = 0; r < comm.size(); ++r) {
        const xp::index_t rows = n / p + (r < n % p ? 1 : 0);  // np.array_split
        CHECK(x.offset(r) == first);
        CHECK(x.shard(r).shape(0) == rows);
        check_same(x.shard(r), h(xp::range(first, first + rows)).copy());
        first += rows;
      }
      check_same(x.gather(), h);
      check_same(x.gather(comm.size() - 1), h);
      // the shards own their memory: the source may change afterwards
      if (h.size() > 0) {
        const auto before = h.copy();
        h.fill(7.f);
        check_same(x.gather(), before);
      }
    }
    CHECK_THROWS_AS(xp::dist::scatter(comm, xp::full<float>({}, 1.f)), xp::value_error);
    const auto x = xp::dist::scatter(comm, random_host<float>({4, 2}, 1));
    CHECK_THROWS_AS((void)x.shard(comm.size()), xp::index_error);
    CHECK_THROWS_AS((void)x.gather(-1), xp::index_error);
  }
}

TEST_CASE("sharded: the documented example") {
  for (const auto& comm : communicators()) {
    const auto h = random_host<float>({1000, 16}, 12);
    // example-begin sharded
    // h's rows split over the ranks (np.array_split)
    auto x = xp::dist::scatter(comm, h);
    // one kernel per shard
    auto y = xp::dist::map([](const auto& s) { return xp::sin(s) * 2.f; }, x);
    // the shards' sums, then an all-reduce
    float total = xp::dist::sum(y).item();
    // back on the host, rows in order
    auto whole = y.gather();
    // example-end sharded
    const auto want = xp::eval(xp::sin(h) * 2.f);
    check_close(whole, want, ulps<float>(8));
    CHECK(total == doctest::Approx(xp::sum(want).item()).epsilon(1e-4));
  }
}

TEST_CASE("sharded: a view and a device array scatter too; shards of another shape are refused") {
  for (const auto& comm : communicators()) {
    const auto h = random_host<double>({9, 8}, 5);
    const auto view = h(xp::range(xp::none, xp::none, -1), xp::range(1, 7, 2));  // reversed rows, strided
    check_same(xp::dist::scatter(comm, view).gather(), view.copy());
#ifdef XP_TEST_CUDA
    const auto d = xp::to_device(h);
    check_same(xp::dist::scatter(comm, d).gather(), h);
    check_same(xp::dist::scatter(comm, d.T()).gather(), h.T().copy());
#endif
    using sharded_d = xp::dist::sharded<double, B>;
    std::vector<xp::ndarray<double, B>> bad;
    for (int r = 0; r < comm.size(); ++r) bad.push_back(xp::zeros<double, B>({2, r == 0 ? 3 : 4}));
    if (comm.size() > 1) CHECK_THROWS_AS(sharded_d(comm, bad), xp::shape_error);
    bad.pop_back();
    CHECK_THROWS_AS(sharded_d(comm, bad), xp::value_error);
  }
}

TEST_CASE("sharded: map and operators act per shard like the whole array") {
  for (const auto& comm : communicators()) {
    CAPTURE(comm.size());
    const auto hx = random_host<float>({11, 5}, 1), hy = random_host<float>({11, 5}, 2);
    const auto x = xp::dist::scatter(comm, hx), y = xp::dist::scatter(comm, hy);
    const auto z = xp::dist::map([](const auto& a, const auto& b) { return xp::sin(a) * 2.f + b; }, x, y);
    check_close(z.gather(), xp::eval(xp::sin(hx) * 2.f + hy), ulps<float>(8));
    check_close((x * 2.f + y).gather(), xp::eval(hx * 2.f + hy), ulps<float>(4));
    check_close((1.f - x / y).gather(), xp::eval(1.f - hx / hy), ulps<float>(4));
    // a row-wise reduction keeps the rows: it stays sharded
    const auto rs = xp::dist::map([](const auto& a) { return xp::sum(a, {1}); }, x);
    check_close(rs.gather(), xp::sum(hx, {1}), ulps<float>(16));
    // other splits, or results with other rows, are refused
    const auto other = xp::dist::scatter(comm, random_host<float>({12, 5}, 3));
    if (comm.size() > 1) CHECK_THROWS_AS(x + other, xp::shape_error);
    CHECK_THROWS_AS(xp::dist::map([](const auto& a) { return xp::sum(a, {0}); }, x), xp::shape_error);
  }
}

TEST_CASE_TEMPLATE("sharded: sum, mean, max, min with an all-reduce equal the whole array's", T, float, double,
                   std::int32_t) {
  for (const auto& comm : communicators()) {
    for (const xp::shape_type& shape : {xp::shape_type{13, 4}, xp::shape_type{2, 3}, xp::shape_type{6, 2, 5}}) {
      CAPTURE(comm.size());
      CAPTURE(xp::to_string(shape));
      const auto h = random_host<T>(shape, 9);
      const auto x = xp::dist::scatter(comm, h);
      const double tol = std::is_same_v<T, float> ? 1e-5 : 1e-12;
      CHECK(std::abs(double(xp::dist::sum(x).item()) - double(xp::sum(h).item())) <=
            tol * (std::abs(double(xp::sum(h).item())) + 1) * 10);
      check_close(xp::dist::sum(x, {0}).to_host(), xp::sum(h, {0}), tol * 10);
      check_close(xp::dist::sum(x, {0}, true).to_host(), xp::sum(h, {0}, true), tol * 10);
      check_close(xp::dist::sum(x, {-static_cast<xp::index_t>(shape.size()), 1}).to_host(), xp::sum(h, {0, 1}),
                  tol * 10);
      check_close(xp::dist::mean(x, {0}).to_host(), xp::mean(h, {0}), tol * 10);
      CHECK(std::abs(double(xp::dist::mean(x).item()) - double(xp::mean(h).item())) <=
            tol * 10 * (std::abs(double(xp::mean(h).item())) + 1));
      check_same(xp::dist::max(x, {0}).to_host(), xp::max(h, {0}));
      check_same(xp::dist::min(x, {0}, true).to_host(), xp::min(h, {0}, true));
      CHECK(xp::dist::max(x).item() == xp::max(h).item());
      CHECK(xp::dist::min(x).item() == xp::min(h).item());
      // every rank holds the result
      const auto m = xp::dist::max(x, {0});
      for (int r = 0; r < comm.size(); ++r) check_same(m[r], xp::max(h, {0}));
    }
    // integers sum in int64, mean in float64, as NumPy
    static_assert(
        std::is_same_v<typename decltype(xp::dist::sum(xp::dist::scatter(comm, random_host<T>({2}, 1))))::value_type,
                       typename decltype(xp::sum(random_host<T>({2}, 1)))::value_type>);
    // axes that leave axis 0 alone, an axis out of range, an empty max
    const auto x = xp::dist::scatter(comm, random_host<T>({5, 3}, 2));
    CHECK_THROWS_AS(xp::dist::sum(x, {1}), xp::value_error);
    CHECK_THROWS_AS(xp::dist::max(x, {2}), xp::index_error);
    CHECK_THROWS_AS(xp::dist::max(xp::dist::scatter(comm, random_host<T>({0, 3}, 2))), xp::value_error);
  }
}

TEST_CASE("sharded: NaN propagates through max and min across shards; an empty mean is NaN") {
  for (const auto& comm : communicators()) {
    auto h = random_host<double>({9, 2}, 4);
    h.data()[15] = std::numeric_limits<double>::quiet_NaN();  // row 7: the last shard's
    const auto x = xp::dist::scatter(comm, h);
    CHECK(std::isnan(xp::dist::max(x).item()));
    CHECK(std::isnan(xp::dist::min(x).item()));
    check_close(xp::dist::max(x, {0}).to_host(), xp::max(h, {0}), 0);
    CHECK(std::isnan(xp::dist::mean(xp::dist::scatter(comm, random_host<double>({0, 2}, 1))).item()));
  }
}

TEST_CASE("sharded: matmul split by rows equals the whole product") {
  for (const auto& comm : communicators()) {
    CAPTURE(comm.size());
    const auto ha = random_host<float>({37, 19}, 1), hb = random_host<float>({19, 23}, 2);
    const auto a = xp::dist::scatter(comm, ha);
    // against float64, each element within k eps of sum_k |a_ik| |b_kj| (k = 19 terms)
    const auto a64 = ha.astype<double>(), b64 = hb.astype<double>();
    const auto want = xp::matmul(a64, b64), bound = xp::matmul(xp::abs(a64), xp::abs(b64));
    auto check = [&](const xp::ndarray<float, xp::host>& got) {
      REQUIRE(got.shape() == want.shape());
      for (xp::index_t i = 0; i < got.size(); ++i) {
        CAPTURE(i);
        CHECK(std::abs(double(got.data()[i]) - want.data()[i]) <=
              19 * double(std::numeric_limits<float>::epsilon()) * bound.data()[i]);
      }
    };
    check(xp::dist::matmul(a, hb).gather());
    check(xp::dist::matmul(a, xp::dist::replicate(comm, hb)).gather());
    CHECK_THROWS_AS(xp::dist::matmul(a, random_host<float>({18, 2}, 3)), xp::shape_error);
    CHECK_THROWS_AS(xp::dist::matmul(xp::dist::scatter(comm, random_host<float>({19}, 1)), hb), xp::value_error);
  }
}

TEST_CASE("sharded: lombscargle split over frequencies equals the whole grid's") {
  for (const auto& comm : communicators()) {
    CAPTURE(comm.size());
    std::mt19937 gen(7);
    std::uniform_real_distribution<double> u(0, 10);
    auto t = xp::empty<double>({300});
    for (xp::index_t i = 0; i < t.size(); ++i) t.data()[i] = u(gen);
    const auto y = xp::eval(xp::sin(2.0 * t) + 0.1 * random_host<double>({300}, 3) / 100.0);
    const xp::signal::frequency_grid grid{0.05, 0.0125, 1001};
    const auto want = xp::signal::lombscargle(t, y, grid, {.normalize = true});
    const auto got = xp::dist::lombscargle(comm, t, y, grid, {.normalize = true});
    CHECK(got.shape() == xp::shape_type{1001});
    check_close(got.gather(), want, 1e-12);
    const auto tf = t.astype<float>(), yf = y.astype<float>();
    check_close(xp::dist::lombscargle(comm, tf, yf, grid).gather(), xp::signal::lombscargle(tf, yf, grid), 1e-4);
    CHECK_THROWS_AS(xp::dist::lombscargle(comm, t, y, xp::signal::frequency_grid{-1.0, 0.5, 9}), xp::value_error);
    CHECK_THROWS_AS(xp::dist::lombscargle(comm, t, y(xp::range(0, 5)), grid), xp::shape_error);
  }
}

TEST_CASE_TEMPLATE("sharded: diffuse with halo exchanges equals one field's diffuse", T, float, double) {
  for (const auto& comm : communicators()) {
    for (const xp::index_t rows : {xp::index_t{61}, xp::index_t{3}}) {
      for (const xp::index_t halo : {xp::index_t{1}, xp::index_t{3}, xp::index_t{100}}) {
        CAPTURE(comm.size());
        CAPTURE(rows);
        CAPTURE(halo);
        const auto h = random_host<T>({rows, 37}, 11);
        auto want = h.copy();
        xp::pde::diffuse(want, 0.2, 17);
        const auto f = xp::dist::scatter(comm, h);
        xp::dist::diffuse(f, 0.2, 17, {.halo = halo});
        check_close(f.gather(), want, std::is_same_v<T, float> ? 1e-5 : 1e-12);
      }
    }
    const auto f = xp::dist::scatter(comm, random_host<float>({8, 8}, 1));
    CHECK_THROWS_AS(xp::dist::diffuse(f, 0.3, 1), xp::value_error);
    CHECK_THROWS_AS(xp::dist::diffuse(f, 0.2, 1, {.halo = 0}), xp::value_error);
    CHECK_THROWS_AS(xp::dist::diffuse(xp::dist::scatter(comm, random_host<float>({8}, 1)), 0.2, 1), xp::shape_error);
    // zero steps leave the field alone
    const auto before = f.gather();
    xp::dist::diffuse(f, 0.2, 0);
    check_same(f.gather(), before);
  }
}

TEST_CASE("sharded: shapes the splits do not line up with are refused; negative axes count from the end") {
  for (const auto& comm : communicators()) {
    const auto x = xp::dist::scatter(comm, random_host<float>({6, 4}, 1));
    const auto v = xp::dist::scatter(comm, random_host<float>({6}, 2));
    CHECK_THROWS_AS(x + v, xp::shape_error);  // per shard, (rows, 4) + (rows,) would align other axes
    CHECK(x.shape(-1) == 4);
    CHECK(x.shape(-2) == 6);
    CHECK_THROWS_AS((void)x.shape(2), xp::index_error);
    CHECK_THROWS_AS((void)x.shape(-3), xp::index_error);
  }
}

TEST_CASE("sharded: batched and vector matmul as NumPy's; a 3-D replicated operand is refused") {
  for (const auto& comm : communicators()) {
    CAPTURE(comm.size());
    const auto ha = random_host<double>({5, 2, 3}, 1), hb = random_host<double>({3, 4}, 2),
               hv = random_host<double>({3}, 3);
    check_close(xp::dist::matmul(xp::dist::scatter(comm, ha), hb).gather(), xp::matmul(ha, hb), 1e-12);
    const auto hm = random_host<double>({7, 3}, 4);
    check_close(xp::dist::matmul(xp::dist::scatter(comm, hm), hv).gather(), xp::matmul(hm, hv), 1e-12);
    CHECK_THROWS_AS(xp::dist::matmul(xp::dist::scatter(comm, hm), random_host<double>({2, 3, 4}, 5)), xp::value_error);
  }
}

TEST_CASE("sharded: the mean of float16 accumulates in float32; bool max; complex sums") {
  for (const auto& comm : communicators()) {
    CAPTURE(comm.size());
    const auto h = xp::full<xp::float16>({100000}, 0.001);
    const auto m = xp::dist::mean(xp::dist::scatter(comm, h)).item();
    CHECK(float(m) == doctest::Approx(float(xp::mean(h).item())).epsilon(1e-3));
    const auto big = xp::full<xp::float16>({2000}, 100.0);
    CHECK(float(xp::dist::mean(xp::dist::scatter(comm, big)).item()) == 100.f);
    auto flags = xp::zeros<bool>({9, 2});
    flags.data()[17] = true;
    CHECK(xp::dist::max(xp::dist::scatter(comm, flags)).item());
    CHECK_FALSE(xp::dist::min(xp::dist::scatter(comm, flags)).item());
    check_same(xp::dist::max(xp::dist::scatter(comm, flags), {0}).to_host(), xp::max(flags, {0}));
    auto z = xp::empty<xp::complex128>({11, 2});
    for (xp::index_t i = 0; i < z.size(); ++i) z.data()[i] = xp::complex128(double(i), -0.5 * double(i));
    auto parts_close = [](const xp::ndarray<xp::complex128, xp::host>& got,
                          const xp::ndarray<xp::complex128, xp::host>& want) {
      check_close(xp::eval(xp::real(got)), xp::eval(xp::real(want)), 1e-14);
      check_close(xp::eval(xp::imag(got)), xp::eval(xp::imag(want)), 1e-14);
    };
    parts_close(xp::dist::sum(xp::dist::scatter(comm, z), {0}).to_host(), xp::sum(z, {0}));
    parts_close(xp::dist::mean(xp::dist::scatter(comm, z), {0}).to_host(), xp::mean(z, {0}));
  }
}

#ifndef XP_TEST_CUDA
TEST_CASE("sharded: diffuse with rows on any ranks, empty ones first or between") {
  const auto h = random_host<double>({9, 11}, 21);
  auto want = h.copy();
  xp::pde::diffuse(want, 0.2, 5);
  for (const std::vector<xp::index_t>& split :
       {std::vector<xp::index_t>{0, 9}, {3, 0, 6}, {0, 4, 5}, {0, 0, 9, 0}, {2, 0, 0, 7}}) {
    CAPTURE(split.size());
    CAPTURE(split[0]);
    CAPTURE(split[1]);
    std::vector<xp::ndarray<double, xp::host>> shards;
    xp::index_t first = 0;
    for (xp::index_t rows : split) {
      shards.push_back(h(xp::range(first, first + rows)).copy());
      first += rows;
    }
    const xp::dist::sharded<double, xp::host> f(xp::dist::local_communicator(static_cast<int>(split.size())), shards);
    xp::dist::diffuse(f, 0.2, 5, {.halo = 2});
    check_close(f.gather(), want, 1e-14);
  }
  // operands on other ranks
  const auto a = xp::dist::scatter(xp::dist::local_communicator(2), h);
  CHECK_THROWS_AS(xp::dist::matmul(a, xp::dist::replicate(xp::dist::local_communicator(3), h.T().copy())),
                  xp::value_error);
  CHECK_THROWS_AS(a + xp::dist::scatter(xp::dist::local_communicator(3), h), xp::value_error);
}

TEST_CASE("local_communicator: the collectives against loops over the parts") {
  const xp::dist::local_communicator comm(3);
  std::vector<xp::ndarray<double, xp::host>> parts;
  for (int r = 0; r < 3; ++r) parts.push_back(random_host<double>({6, 2}, 20 + r));
  const auto sum = xp::eval(parts[0] + parts[1] + parts[2]);
  const auto max = xp::eval(xp::maximum(xp::maximum(parts[0], parts[1]), parts[2]));
  auto copies = [&] {
    std::vector<xp::ndarray<double, xp::host>> c;
    for (const auto& p : parts) c.push_back(p.copy());
    return c;
  };
  auto a = copies();
  comm.all_reduce(a);
  for (const auto& p : a) check_close(p, sum, 1e-15);
  a = copies();
  comm.all_reduce(a, xp::dist::reduce_op::max);
  for (const auto& p : a) check_same(p, max);
  a = copies();
  comm.broadcast(a, 2);
  for (const auto& p : a) check_same(p, parts[2]);
  const auto g = comm.all_gather(parts);
  for (const auto& p : g) check_same(p, xp::concat(parts, 0));
  const auto rs = comm.reduce_scatter(parts);
  for (int r = 0; r < 3; ++r)
    check_close(rs[static_cast<std::size_t>(r)], sum(xp::range(2 * r, 2 * r + 2)).copy(), 1e-15);
  // exchange: rank 0's first row into rank 2's last, rank 1's into rank 0's
  a = copies();
  comm.exchange(std::vector<xp::dist::message<double, xp::host>>{{0, a[0](xp::range(0, 1)), 2, a[2](xp::range(5, 6))},
                                                                 {1, a[1](xp::range(0, 1)), 0, a[0](xp::range(1, 2))}});
  check_same(a[2](xp::range(5, 6)).copy(), parts[0](xp::range(0, 1)).copy());
  check_same(a[0](xp::range(1, 2)).copy(), parts[1](xp::range(0, 1)).copy());
  check_same(a[2](xp::range(0, 5)).copy(), parts[2](xp::range(0, 5)).copy());
  // errors
  CHECK_THROWS_AS(xp::dist::local_communicator(0), xp::value_error);
  CHECK_THROWS_AS(comm.all_reduce(std::vector<xp::ndarray<double, xp::host>>{parts[0]}), xp::value_error);
  CHECK_THROWS_AS(comm.all_reduce(std::vector<xp::ndarray<double, xp::host>>{parts[0], parts[1], parts[2].T()}),
                  xp::shape_error);
  CHECK_THROWS_AS(comm.broadcast(a, 3), xp::index_error);
  CHECK_THROWS_AS(comm.reduce_scatter(std::vector<xp::ndarray<double, xp::host>>{
                      random_host<double>({4}, 1), random_host<double>({4}, 2), random_host<double>({4}, 3)}),
                  xp::shape_error);
  CHECK_THROWS_AS(comm.exchange(std::vector<xp::dist::message<double, xp::host>>{{0, a[0], 3, a[1]}}), xp::index_error);
  CHECK_THROWS_AS(comm.exchange(std::vector<xp::dist::message<double, xp::host>>{{0, a[0], 1, a[1](xp::range(0, 2))}}),
                  xp::shape_error);
  CHECK_THROWS_AS(comm.exchange(std::vector<xp::dist::message<double, xp::host>>{{0, a[0].T(), 1, a[1].T()}}),
                  xp::value_error);
}
#endif

#endif
