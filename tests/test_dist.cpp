// xp/dist.hpp: NCCL collectives on xp arrays, one part per rank. On a machine with one GPU the
// communicator has one rank (every collective is then a copy, which still runs NCCL's kernels);
// the cases that need two GPUs are skipped there. The host suite compiles this file empty.
#include "support.hpp"

#ifdef XP_TEST_CUDA
#include <xp/dist.hpp>

using namespace xp_test;

namespace {
// rank r's part: fresh random values of `shape` on rank r's device, with the host copy
struct parts_t {
  std::vector<xp::ndarray<float, xp::cuda>> device;
  std::vector<xp::ndarray<float, xp::host>> host;
};
parts_t random_parts(const xp::dist::communicator& comm, const xp::shape_type& shape, unsigned seed) {
  parts_t p;
  for (int r = 0; r < comm.size(); ++r) {
    p.host.push_back(random_host<float>(shape, seed + static_cast<unsigned>(r)));
    p.device.push_back(xp::to_device(p.host.back(), comm.device(r)));
  }
  return p;
}
}  // namespace

#if defined(XP_HAS_NCCL)
TEST_CASE("dist: every collective against the host's sum, concatenation and blocks") {
  const xp::dist::communicator comm;
  REQUIRE(comm.size() == xp::cuda::device_count());
  const xp::index_t n = 1000 * comm.size() + 0;  // divides into blocks along axis 0
  // all_reduce: each part becomes the sum of all parts
  auto a = random_parts(comm, {n, 3}, 10);
  comm.all_reduce(a.device);
  comm.synchronize();
  auto want = a.host[0].copy();
  for (int r = 1; r < comm.size(); ++r) want = xp::eval(want + a.host[static_cast<std::size_t>(r)]);
  for (int r = 0; r < comm.size(); ++r) {
    CHECK(xp::device_of(a.device[static_cast<std::size_t>(r)]) == comm.device(r));
    check_close(a.device[static_cast<std::size_t>(r)], want, 1e-6);
  }
  // max
  auto m = random_parts(comm, {n}, 20);
  comm.all_reduce(m.device, xp::dist::reduce_op::max);
  comm.synchronize();  // each rank's result is ready on its own device's stream
  auto want_max = m.host[0].copy();
  for (int r = 1; r < comm.size(); ++r) want_max = xp::eval(xp::maximum(want_max, m.host[static_cast<std::size_t>(r)]));
  for (const auto& d : m.device) check_same(d, want_max);
  // broadcast from the last rank
  auto b = random_parts(comm, {7, 5}, 30);
  comm.broadcast(b.device, comm.size() - 1);
  comm.synchronize();
  for (const auto& d : b.device) check_same(d, b.host.back());
  // all_gather along axis 0, a strided part included
  auto g = random_parts(comm, {n, 4}, 40);
  std::vector<xp::ndarray<float, xp::cuda>> strided;
  for (const auto& d : g.device) strided.push_back(d(xp::all, xp::range(0, 4, 2)));
  const auto gathered = comm.all_gather(strided);
  comm.synchronize();
  std::vector<xp::ndarray<float, xp::host>> pieces;
  for (const auto& h : g.host) pieces.push_back(h(xp::all, xp::range(0, 4, 2)).copy());
  const auto want_g = xp::concat(pieces, 0);
  REQUIRE(gathered.size() == static_cast<std::size_t>(comm.size()));
  for (int r = 0; r < comm.size(); ++r) {
    CHECK(xp::device_of(gathered[static_cast<std::size_t>(r)]) == comm.device(r));
    check_same(gathered[static_cast<std::size_t>(r)], want_g);
  }
  // reduce_scatter: rank r gets block r of the sum
  auto s = random_parts(comm, {n, 2}, 50);
  const auto blocks = comm.reduce_scatter(s.device);
  comm.synchronize();
  auto sum = s.host[0].copy();
  for (int r = 1; r < comm.size(); ++r) sum = xp::eval(sum + s.host[static_cast<std::size_t>(r)]);
  const xp::index_t rows = n / comm.size();
  for (int r = 0; r < comm.size(); ++r)
    check_close(blocks[static_cast<std::size_t>(r)], sum(xp::range(r * rows, (r + 1) * rows), xp::all).copy(), 1e-6);
  // complex64 sums travel as float pairs; int64 sums exactly
  std::vector<xp::ndarray<xp::complex64, xp::cuda>> z;
  std::vector<xp::ndarray<std::int64_t, xp::cuda>> k;
  for (int r = 0; r < comm.size(); ++r) {
    xp::cuda::device_scope on(comm.device(r));
    z.push_back(xp::full<xp::complex64, xp::cuda>({5}, xp::complex64(1.f, float(r))));
    k.push_back(xp::full<std::int64_t, xp::cuda>({3}, std::int64_t{1} << 40));
  }
  comm.all_reduce(z);
  comm.all_reduce(k);
  comm.synchronize();
  const float im = static_cast<float>(comm.size() * (comm.size() - 1) / 2);
  for (const auto& v : xp::to_host(z[0])) CHECK(v == xp::complex64(float(comm.size()), im));
  for (const auto& v : xp::to_host(k[0])) CHECK(v == comm.size() * (std::int64_t{1} << 40));
}

TEST_CASE("dist: bad parts are typed errors naming the rank, shape or device") {
  const xp::dist::communicator comm;
  auto p = random_parts(comm, {8, 2}, 60);
  auto extra = p.device;
  extra.push_back(p.device[0]);
  CHECK_THROWS_WITH_AS(comm.all_reduce(extra), doctest::Contains("arrays for"), xp::value_error);
  auto strided = p.device;
  for (auto& d : strided) d = d(xp::range(0, 8, 2), xp::all);
  CHECK_THROWS_WITH_AS(comm.all_reduce(strided), doctest::Contains("not C-contiguous"), xp::value_error);
  CHECK_THROWS_WITH_AS(comm.reduce_scatter(random_parts(comm, {}, 61).device), doctest::Contains("equal blocks"),
                       xp::shape_error);  // 0-d parts have no axis 0
  CHECK_THROWS_AS(comm.broadcast(p.device, comm.size()), xp::index_error);
  std::vector<xp::ndarray<xp::complex64, xp::cuda>> z;
  for (int r = 0; r < comm.size(); ++r) {
    xp::cuda::device_scope on(comm.device(r));
    z.push_back(xp::zeros<xp::complex64, xp::cuda>({4}));
  }
  CHECK_THROWS_WITH_AS(comm.all_reduce(z, xp::dist::reduce_op::max), doctest::Contains("sum only"), xp::value_error);
  CHECK_THROWS_AS(xp::dist::communicator(std::vector<int>{0, 0}), xp::value_error);
  CHECK_THROWS_AS(xp::dist::communicator(std::vector<int>{xp::cuda::device_count()}), xp::index_error);
  CHECK_THROWS_AS((void)comm.device(comm.size()), xp::index_error);
}

TEST_CASE("dist: parts on the wrong device, of different shapes, or that do not split are refused" *
          doctest::skip(xp::cuda::device_count() < 2)) {
  const xp::dist::communicator comm;
  auto p = random_parts(comm, {16}, 70);
  std::swap(p.device[0], p.device[1]);
  CHECK_THROWS_WITH_AS(comm.all_reduce(p.device), doctest::Contains("lives on device"), xp::value_error);
  auto q = random_parts(comm, {6, 4}, 71);
  {
    xp::cuda::device_scope on(comm.device(1));
    q.device[1] = xp::zeros<float, xp::cuda>({4, 6});
  }
  CHECK_THROWS_WITH_AS(comm.all_reduce(q.device), doctest::Contains("has shape (4, 6)"), xp::shape_error);
  CHECK_THROWS_WITH_AS(comm.reduce_scatter(random_parts(comm, {comm.size() * 3 + 1}, 72).device),
                       doctest::Contains("equal blocks"), xp::shape_error);
}

TEST_CASE("dist: a unique id round-trips through hex; a one-rank communicator from an id reduces") {
  const auto id = xp::dist::unique_id::create();
  CHECK(xp::dist::unique_id::from_hex(id.hex()) == id);
  CHECK(id.hex().size() == 2 * xp::dist::unique_id::bytes);
  CHECK_THROWS_AS(xp::dist::unique_id::from_hex("12"), xp::value_error);
  CHECK_THROWS_AS(xp::dist::unique_id::from_hex(std::string(2 * xp::dist::unique_id::bytes, 'g')), xp::value_error);
  // what one process of `mpirun -np 1` or a launcher with one rank does
  const xp::dist::communicator one(id, 1, 0, 0);
  CHECK(one.size() == 1);
  CHECK(one.local_ranks() == 1);
  CHECK(one.rank() == 0);
  auto h = random_host<float>({33}, 80);
  std::vector<xp::ndarray<float, xp::cuda>> part{xp::to_device(h, 0)};
  one.all_reduce(part);
  const auto g = one.all_gather(part);
  one.synchronize();
  check_same(part[0], h);
  check_same(g[0], h);
  CHECK_THROWS_AS(xp::dist::communicator(id, 2, 2, 0), xp::value_error);
  CHECK_THROWS_AS(one.send(part[0], 1), xp::index_error);
  CHECK_THROWS_WITH_AS(one.send(part[0], 0), doctest::Contains("is this rank"), xp::value_error);
  CHECK_THROWS_AS(one.send(part[0](xp::range(0, 33, 2)), 0), xp::value_error);
}

TEST_CASE("dist: exchange copies every message's rows; a message within one rank is a copy on its device") {
  const xp::dist::communicator comm;
  auto p = random_parts(comm, {6, 3}, 90);
  // rank r's rows 0..1 into the next rank's rows 4..5 (rank 0 into itself on one GPU)
  std::vector<xp::dist::message<float, xp::cuda>> m;
  for (int r = 0; r < comm.size(); ++r) {
    const int to = (r + 1) % comm.size();
    m.push_back({r, p.device[static_cast<std::size_t>(r)](xp::range(0, 2)), to,
                 p.device[static_cast<std::size_t>(to)](xp::range(4, 6))});
  }
  comm.exchange(m);
  comm.synchronize();
  for (int r = 0; r < comm.size(); ++r) {
    const int from = (r + comm.size() - 1) % comm.size();
    const auto got = p.device[static_cast<std::size_t>(r)].copy_to_host();
    check_same(got(xp::range(4, 6)).copy(), p.host[static_cast<std::size_t>(from)](xp::range(0, 2)).copy());
    check_same(got(xp::range(0, 4)).copy(), p.host[static_cast<std::size_t>(r)](xp::range(0, 4)).copy());
  }
  // one thread that drives several ranks pairs sends and receives with exchange
  if (comm.local_ranks() > 1) CHECK_THROWS_AS(comm.send(p.device[0], 1), xp::value_error);
  CHECK_THROWS_AS(
      comm.exchange(std::vector<xp::dist::message<float, xp::cuda>>{{0, p.device[0], comm.size(), p.device[0]}}),
      xp::index_error);
  CHECK_THROWS_AS(
      comm.exchange(std::vector<xp::dist::message<float, xp::cuda>>{{0, p.device[0], 0, p.device[0](xp::range(0, 2))}}),
      xp::shape_error);
}

#else
TEST_CASE("dist: without NCCL a communicator says so") {
  CHECK_THROWS_WITH_AS(xp::dist::communicator(), doctest::Contains("without NCCL"), xp::value_error);
}
#endif
#endif
