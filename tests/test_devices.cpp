// xp/cuda/devices.hpp and xp::cuda::device_scope: the current device, the device an array lives
// on, copies between devices. The cases that need two GPUs are skipped on a machine with one;
// everything else runs on any GPU. The host suite (linked without xp::cuda) checks that every
// non-template member of xp::cuda links there and reports no device.
#include "support.hpp"

#ifdef XP_TEST_CUDA
using namespace xp_test;

TEST_CASE("devices: device_scope selects the device of new arrays and restores the previous one") {
  const int before = xp::cuda::current_device();
  REQUIRE(xp::cuda::device_count() >= 1);
  {
    xp::cuda::device_scope scope(0);
    CHECK(scope.device() == 0);
    CHECK(xp::cuda::current_device() == 0);
    const auto a = xp::arange<float, xp::cuda>(1000);
    CHECK(xp::device_of(a) == 0);
    CHECK(xp::device_of(xp::zeros<float, xp::cuda>({0})) == 0);  // empty: the current device
    {
      xp::cuda::device_scope inner(0);  // nesting the same device keeps the thread's stream
      CHECK(xp::cuda::current_device() == 0);
    }
  }
  CHECK(xp::cuda::current_device() == before);
  // a stream made current before a scope of the same device stays current inside it
  xp::cuda::stream s;
  xp::cuda::stream_scope on_s(s);
  {
    xp::cuda::device_scope same(before);
    CHECK(xp::cuda::stream::current().get() == s.get());
  }
  CHECK(xp::cuda::stream::current().get() == s.get());
}

TEST_CASE("devices: the nothrow device_scope of the memory layer never throws and keeps the thread's stream") {
  const int before = xp::cuda::current_device();
  const int n = xp::cuda::device_count();
  xp::cuda::stream s;
  xp::cuda::stream_scope on_s(s);
  {
    const xp::cuda::device_scope same(before, std::nothrow);  // already current: nothing to do
    CHECK(xp::cuda::current_device() == before);
    CHECK(xp::cuda::stream::current().get() == s.get());
  }
  {
    static_assert(noexcept(xp::cuda::device_scope(n, std::nothrow)));
    const xp::cuda::device_scope refused(n, std::nothrow);  // no such device: CUDA refuses, nothing changes
    CHECK(xp::cuda::current_device() == before);
  }
  CHECK(cudaGetLastError() == cudaSuccess);  // the refusal is not left for a later check to report
  if (n >= 2) {
    const int other = before == 0 ? 1 : 0;
    {
      const xp::cuda::device_scope on_other(other, std::nothrow);
      CHECK(xp::cuda::current_device() == other);
      CHECK(xp::cuda::stream::current().get() == s.get());  // untouched, unlike the checked scope
    }
    CHECK(xp::cuda::current_device() == before);
  }
  CHECK(xp::cuda::stream::current().get() == s.get());
}

TEST_CASE("devices: a device out of range is an index_error naming it and the count") {
  const int n = xp::cuda::device_count();
  const std::string count = "sees " + std::to_string(n) + " CUDA device";
  CHECK_THROWS_WITH_AS(xp::cuda::device_scope{-1}, doctest::Contains("device -1 is out of range"), xp::index_error);
  CHECK_THROWS_WITH_AS(xp::cuda::device_scope{n}, doctest::Contains(count.c_str()), xp::index_error);
  const auto h = xp::arange<float>(10);
  CHECK_THROWS_AS(xp::to_device(h, n), xp::index_error);
  CHECK_THROWS_AS(xp::to_device(xp::to_device(h), n + 3), xp::index_error);
  CHECK(xp::cuda::current_device() == 0);  // nothing changed by the failed scopes
}

TEST_CASE("devices: to_device on the array's own device is the array itself; host arrays go to the device named") {
  const auto h = random_host<double>({37, 11}, 3);
  const auto d = xp::to_device(h, 0);
  CHECK(xp::device_of(d) == 0);
  check_same(d, h);
  const auto same = xp::to_device(d, 0);
  CHECK(same.data() == d.data());
  check_same(xp::to_device(xp::transpose(h), 0), xp::transpose(h).copy());
  // the method spelling (the array API's x.to_device(device))
  CHECK(d.to_device(0).data() == d.data());
  check_same(h.to_device(0), h);
  CHECK_THROWS_AS((void)h.to_device(xp::cuda::device_count()), xp::index_error);
}

TEST_CASE("devices: copies between two GPUs, contiguous and strided, and work on the second device" *
          doctest::skip(xp::cuda::device_count() < 2)) {
  const auto h = random_host<float>({301, 65}, 5);
  const auto d0 = xp::to_device(h);
  REQUIRE(xp::device_of(d0) == 0);
  const auto d1 = xp::to_device(d0, 1);
  CHECK(xp::device_of(d1) == 1);
  CHECK(xp::device_of(d0.to_device(1)) == 1);
  CHECK(xp::cuda::current_device() == 0);
  check_same(d1, h);
  // a strided view is packed on its own device, then copied
  const auto v1 = xp::to_device(d0(xp::range(xp::none, xp::none, -2), xp::range(3, 40)), 1);
  CHECK(xp::device_of(v1) == 1);
  check_same(v1, h(xp::range(xp::none, xp::none, -2), xp::range(3, 40)).copy());
  {
    xp::cuda::device_scope on1(1);
    const xp::ndarray<float, xp::cuda> r = xp::sin(d1) * 2.f + d1;
    CHECK(xp::device_of(r) == 1);
    const float total = xp::sum(r).item();
    const auto want = xp::eval(xp::sin(h) * 2.f + h);
    CHECK(total == doctest::Approx(xp::sum(want).item()).epsilon(1e-4));
    // and back to device 0
    const auto back = xp::to_device(r, 0);
    CHECK(xp::device_of(back) == 0);
    check_close(back, want, 1e-6);
  }
}

TEST_CASE("devices: arrays of another device in an expression or a reduction are a value_error naming both" *
          doctest::skip(xp::cuda::device_count() < 2)) {
  const auto h = random_host<float>({64}, 6);
  const auto d0 = xp::to_device(h, 0);
  const auto d1 = xp::to_device(h, 1);
  CHECK_THROWS_WITH_AS(xp::eval(d0 + d1), doctest::Contains("lives on device 1 and the current device is 0"),
                       xp::value_error);
  CHECK_THROWS_WITH_AS(xp::sum(d1), doctest::Contains("lives on device 1"), xp::value_error);
  auto out = xp::zeros<float, xp::cuda>({64});
  {
    xp::cuda::device_scope on1(1);
    CHECK_THROWS_AS(out(xp::all) = xp::sin(d1), xp::value_error);  // the output lives on device 0
    check_close(xp::eval(xp::sin(d1) + d1), xp::eval(xp::sin(h) + h), 1e-6);
  }
  // what the error says to do works
  check_close(xp::eval(d0 + xp::to_device(d1, 0)), xp::eval(h + h), 0);
}
#else
#include "xp/core/plan_cache.hpp"

namespace {
// `call` throws E, whose message says the program is linked without xp::cuda.
template <class E, class F>
void refused_without_cuda(F call) {
  try {
    call();
    FAIL("no exception");
  } catch (const E& e) {
    CHECK(std::string(e.what()).find("linked without xp::cuda") != std::string::npos);
  }
}
}  // namespace

TEST_CASE("devices: every non-template member of xp::cuda links in a host-only program and reports no device") {
  CHECK(xp::cuda::device_count() == 0);
  CHECK_FALSE(xp::cuda::available());
  xp::cuda::synchronize();  // no device work exists: nothing to wait for
  xp::cuda::set_nvtx_ranges(true);
  CHECK_FALSE(xp::cuda::nvtx_ranges());
  CHECK(xp::cuda::grid_for(1000, 256) == 4u);
  refused_without_cuda<xp::value_error>([] { (void)xp::cuda::current_device(); });
  refused_without_cuda<xp::index_error>([] { (void)xp::cuda::device_properties(0); });
  refused_without_cuda<xp::value_error>([] { (void)xp::cuda::mem_info(); });
  refused_without_cuda<xp::value_error>([] { (void)xp::cuda::get_default_memory_pool(); });
  refused_without_cuda<xp::value_error>([] { xp::cuda::set_memory_resource(nullptr, 0); });
  refused_without_cuda<xp::value_error>([] { (void)xp::cuda::get_memory_resource(); });
  refused_without_cuda<xp::value_error>([] { (void)xp::cuda::get_pinned_memory_pool(); });
  refused_without_cuda<xp::index_error>([] { (void)xp::cuda::plan_cache(); });
}
#endif
