// xp/cuda.hpp: streams, pinned memory, asynchronous transfers, the memory pool and its
// errors. Compiled into xp_tests_cuda only.
#include "support.hpp"

#include <cuda_runtime_api.h>

using namespace xt_test;

TEST_CASE("cuda: work on a stream, pinned buffers, async transfers") {
  xp::cuda::stream s;
  auto pinned = xp::empty_pinned<float>({1 << 20});
  for (xp::index_t i = 0; i < pinned.size(); ++i) pinned.data()[i] = static_cast<float>(i % 977);
  auto d = xp::to_device_async(pinned, s);
  auto out = xp::empty_pinned<float>({1 << 20});
  {
    xp::cuda::stream_scope scope(s);
    d += 1.f;  // enqueued on s, after the upload
    xp::copy_to_host_async(d, out, s);
  }
  s.synchronize();
  for (xp::index_t i = 0; i < out.size(); i += 4099) CHECK(out.data()[i] == static_cast<float>(i % 977) + 1.f);
  CHECK_THROWS_AS((xp::copy_to_host_async(d, xp::empty_pinned<float>({3}), s)), xp::shape_error);
  CHECK_THROWS_AS(xp::to_device_async(pinned.reshape({1024, 1024})(xp::all, 0), s), xp::value_error);
}

TEST_CASE("cuda: freed memory is reused by the pool") {
  void* first = nullptr;
  {
    auto a = xp::empty<float, xp::cuda>({1 << 24});
    first = a.data();
  }
  auto b = xp::empty<float, xp::cuda>({1 << 24});
  CHECK(b.data() == first);
}

TEST_CASE("cuda: small buffers are reused on their stream only, and keep their contents apart") {
  void* first = nullptr;
  {
    auto a = xp::full<float, xp::cuda>({3}, 1.f);
    first = a.data();
  }
  auto b = xp::full<float, xp::cuda>({5}, 2.f);  // same size class, same stream: same block
  CHECK(b.data() == first);
  CHECK(values(b) == std::vector<float>(5, 2.f));
  void* second = nullptr;
  {
    auto c = xp::zeros<double, xp::cuda>({7});
    second = c.data();
  }
  xp::cuda::stream s;
  {
    xp::cuda::stream_scope on(s);
    auto d = xp::ones<double, xp::cuda>({7});  // another stream: never the block freed above
    CHECK(d.data() != second);
    CHECK(values(d) == std::vector<double>(7, 1.0));
  }
  auto e = xp::sum(xp::arange<float, xp::cuda>(10));  // 0-d results come from the cache too
  CHECK(e.item() == 45.f);
}

TEST_CASE("cuda: asking for more than the GPU has throws out_of_memory, and the program goes on") {
  std::size_t free_bytes = 0, total = 0;
  REQUIRE(cudaMemGetInfo(&free_bytes, &total) == cudaSuccess);
  const xp::index_t too_many = static_cast<xp::index_t>(total / sizeof(double)) * 2;
  try {
    auto huge = xp::empty<double, xp::cuda>({too_many});
    FAIL("no exception");
  } catch (const xp::out_of_memory& e) {
    CHECK(e.requested_bytes == static_cast<std::size_t>(too_many) * sizeof(double));
    CHECK(e.free_bytes > 0);
    CHECK(std::string(e.what()).find("bytes free") != std::string::npos);
  }
  auto after = xp::arange<float, xp::cuda>(10);  // still usable
  CHECK(values(after)[9] == 9.f);
}

TEST_CASE("cuda: a failing CUDA call becomes xp::cuda_error with status, call and place") {
  try {
    XP_CUDA_CHECK(cudaSetDevice(1 << 20));
    FAIL("no exception");
  } catch (const xp::cuda_error& e) {
    const std::string what = e.what();
    CHECK(e.status == "cudaErrorInvalidDevice");
    CHECK(what.find("cudaSetDevice(1 << 20)") != std::string::npos);
    CHECK(what.find("test_cuda.cpp:") != std::string::npos);
  }
  CHECK(xp::arange<int, xp::cuda>(3).copy_to_host().at(2) == 2);
}

TEST_CASE("cuda: sizes past 2^31 elements index with 64 bits") {
  std::size_t free_bytes = 0, total = 0;
  REQUIRE(cudaMemGetInfo(&free_bytes, &total) == cudaSuccess);
  const xp::index_t n = (xp::index_t{1} << 31) + 77;
  if (free_bytes < static_cast<std::size_t>(n) * 2 + (std::size_t{1} << 30)) {
    WARN_MESSAGE(false, "skipped: this GPU has " << free_bytes << " bytes free, the test needs "
                                                 << static_cast<std::size_t>(n) * 2 + (std::size_t{1} << 30));
    return;
  }
  auto a = xp::full<std::uint8_t, xp::cuda>({n}, 3);
  a(xp::range(n - 5, n)) = std::uint8_t{9};
  CHECK(a(n - 1).item() == 9);
  CHECK(a(n - 6).item() == 3);
  CHECK(a((xp::index_t{1} << 31) + 1).item() == 3);
}
