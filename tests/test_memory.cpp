// Memory: the host's reuse cache for large buffers; on the device, xp's pool and its controls,
// installed memory resources and the adaptors, the pinned pool, and large transfers through the
// staging pipeline (include/xp/cuda/memory_resource.hpp, backends/cuda/transfer.cpp).
#include <cstdio>
#include <cstring>
#include <memory>
#include <sstream>
#include <vector>

#include "support.hpp"

using namespace xp_test;

TEST_CASE("memory: a large host buffer freed by one array is reused by the next, and the cache is bounded") {
  if (xp::host::cache_limit() == 0) return;          // off (AddressSanitizer builds): nothing to reuse
  const xp::index_t n = (xp::index_t{1} << 20) + 3;  // 4 MiB + 12 bytes of float: cached
  const float* first = nullptr;
  {
    auto a = xp::full<float>({n}, 1.f);
    first = a.data();
  }
  CHECK(xp::host::cached_bytes() >= static_cast<std::size_t>(n) * sizeof(float));
  auto b = xp::zeros<float>({n - 1});  // the same size class
  CHECK(b.data() == first);
  CHECK(xp::all(b == 0.f).item());  // handed out again, then written: no stale values
  auto c = xp::ones<float>({n});    // while b lives, another buffer
  CHECK(c.data() != b.data());
  CHECK(xp::sum(c).item() == static_cast<float>(n));

  const std::size_t limit = xp::host::cache_limit();
  xp::host::set_cache_limit(0);
  CHECK(xp::host::cached_bytes() == 0);
  { auto d = xp::ones<float>({n}); }
  CHECK(xp::host::cached_bytes() == 0);  // limit 0: freed at once
  xp::host::set_cache_limit(limit);
  { auto e = xp::ones<float>({n}); }
  CHECK(xp::host::cached_bytes() > 0);
  xp::host::free_cached_blocks();
  CHECK(xp::host::cached_bytes() == 0);
}

#ifdef XP_TEST_CUDA
namespace {
constexpr std::size_t MiB = std::size_t{1} << 20;

// What RMM's device_memory_resource offers (allocate/deallocate with a stream), without RMM.
struct rmm_like_resource {
  int allocations = 0, deallocations = 0;
  void* allocate(std::size_t bytes, cudaStream_t stream) {
    void* p = nullptr;
    if (cudaMallocAsync(&p, bytes, stream) != cudaSuccess) throw std::bad_alloc();
    ++allocations;
    return p;
  }
  void deallocate(void* p, std::size_t, cudaStream_t stream) {
    (void)cudaFreeAsync(p, stream);
    ++deallocations;
  }
};
}  // namespace

TEST_CASE("memory: the pool counts used, held and peak bytes, and gives memory back") {
  auto& pool = xp::cuda::get_default_memory_pool();
  CHECK(&pool == &xp::cuda::get_default_memory_pool(0));
  std::size_t free_now = 0, total = 0;
  REQUIRE(cudaMemGetInfo(&free_now, &total) == cudaSuccess);
  CHECK(pool.release_threshold() == total / 8);  // the documented default
  const std::size_t used0 = pool.used_bytes();
  pool.reset_high_water();
  {
    auto a = xp::zeros<float, xp::cuda>({static_cast<xp::index_t>(64 * MiB / sizeof(float))});
    CHECK(pool.used_bytes() == used0 + 64 * MiB);
    CHECK(pool.total_bytes() >= pool.used_bytes());
    CHECK(pool.high_water_bytes() >= used0 + 64 * MiB);
  }
  CHECK(pool.used_bytes() == used0);
  CHECK(pool.high_water_bytes() >= used0 + 64 * MiB);
  pool.free_all_blocks();
  CHECK(pool.total_bytes() < 64 * MiB + pool.used_bytes());
  CHECK(pool.free_bytes() == pool.total_bytes() - pool.used_bytes());
  CHECK_THROWS_AS(xp::cuda::get_default_memory_pool(xp::cuda::device_count()), xp::value_error);
}

TEST_CASE("memory: a pool limit throws out_of_memory naming it, and cannot be set below what is in use") {
  auto& pool = xp::cuda::get_default_memory_pool();
  const std::size_t used = pool.used_bytes();
  pool.set_limit(used + 32 * MiB);
  CHECK(pool.limit() == used + 32 * MiB);
  auto fits = xp::ones<float, xp::cuda>({static_cast<xp::index_t>(16 * MiB / sizeof(float))});
  try {
    auto too_much = xp::ones<float, xp::cuda>({static_cast<xp::index_t>(32 * MiB / sizeof(float))});
    FAIL("no exception");
  } catch (const xp::out_of_memory& e) {
    CHECK(e.requested_bytes == 32 * MiB);
    CHECK(std::string(e.what()).find("limit is " + std::to_string(used + 32 * MiB) + " bytes") != std::string::npos);
  }
  CHECK(xp::sum(fits).item() == static_cast<float>(16 * MiB / sizeof(float)));  // still usable
  CHECK_THROWS_AS(pool.set_limit(used + MiB), xp::value_error);                 // 16 MiB is in use
  CHECK_THROWS_AS(pool.set_limit_fraction(1.5), xp::value_error);
  CHECK_THROWS_AS(pool.set_limit_fraction(-0.1), xp::value_error);
  pool.set_limit_fraction(1.0);
  CHECK(pool.limit() > 0);
  pool.set_limit(0);
  CHECK(pool.limit() == 0);
}

TEST_CASE("memory: installed resources and adaptors see every allocation; buffers go back where they came from") {
  auto pool = xp::cuda::get_memory_resource();
  CHECK(pool.get() == &xp::cuda::get_default_memory_pool());
  auto stats = std::make_shared<xp::cuda::statistics_resource_adaptor>(pool);
  xp::cuda::set_memory_resource(stats);
  CHECK(xp::cuda::get_memory_resource() == stats);
  auto a = xp::arange<float, xp::cuda>(1 << 20);  // 4 MiB
  auto s = stats->statistics();
  CHECK(s.current_bytes == 4 * MiB);
  CHECK(s.current_allocations == 1);
  xp::cuda::set_memory_resource(nullptr);  // the pool again; `a` still belongs to the adaptor
  CHECK(xp::cuda::get_memory_resource().get() == &xp::cuda::get_default_memory_pool());
  auto b = xp::arange<float, xp::cuda>(1 << 20);
  CHECK(stats->statistics().total_allocations == 1);
  CHECK(xp::sum(a - b).item() == 0.f);
  a = b;  // the adaptor's buffer is freed through the adaptor
  CHECK(stats->statistics().current_bytes == 0);
  CHECK(stats->statistics().peak_bytes == 4 * MiB);

  auto limited = std::make_shared<xp::cuda::limiting_resource_adaptor>(pool, 8 * MiB);
  xp::cuda::set_memory_resource(limited);
  {
    auto c = xp::zeros<double, xp::cuda>({MiB / 8});  // 1 MiB
    CHECK(limited->used_bytes() == MiB);
    try {
      auto d = xp::zeros<double, xp::cuda>({MiB});  // 8 MiB more
      FAIL("no exception");
    } catch (const xp::out_of_memory& e) {
      CHECK(std::string(e.what()).find("limiting_resource_adaptor (its limit is 8388608 bytes)") != std::string::npos);
    }
  }
  CHECK(limited->used_bytes() == 0);

  std::ostringstream log;
  xp::cuda::set_memory_resource(std::make_shared<xp::cuda::logging_resource_adaptor>(pool, log));
  { auto e = xp::ones<float, xp::cuda>({1 << 20}); }
  const std::string text = log.str();
  CHECK(text.find("allocate,") == 0);
  CHECK(text.find(",4194304,") != std::string::npos);
  CHECK(text.find("\ndeallocate,") != std::string::npos);

  rmm_like_resource foreign;
  xp::cuda::set_memory_resource(std::make_shared<xp::cuda::foreign_resource<rmm_like_resource>>(&foreign));
  {
    auto f = xp::random::uniform<float, xp::cuda>({1000, 1000}, 0.f, 1.f, 3);
    CHECK(foreign.allocations == 1);
    CHECK(xp::max(f).item() < 1.f);
  }
  CHECK(foreign.deallocations == 1);
  xp::cuda::set_memory_resource(nullptr);
  CHECK_THROWS_AS(xp::cuda::limiting_resource_adaptor(nullptr, 1), xp::value_error);
  CHECK_THROWS_AS(xp::cuda::set_memory_resource(nullptr, 1 << 20), xp::value_error);
}

TEST_CASE("memory: pinned arrays come from the pinned pool and are reused") {
  auto& pinned = xp::cuda::get_pinned_memory_pool();
  pinned.free_all_blocks();  // no cached block of this size from earlier tests: reuse must hand out `first`
  const std::size_t used = pinned.used_bytes();
  const float* first = nullptr;
  {
    auto h = xp::empty_pinned<float>({1000, 1000});
    first = h.data();
    CHECK(pinned.used_bytes() >= used + 4'000'000);
    cudaPointerAttributes attributes{};
    REQUIRE(cudaPointerGetAttributes(&attributes, h.data()) == cudaSuccess);
    CHECK(attributes.type == cudaMemoryTypeHost);
  }
  CHECK(pinned.used_bytes() == used);
  CHECK(pinned.free_bytes() >= 4'000'000);
  auto again = xp::empty_pinned<float>({1000, 1000});
  CHECK(again.data() == first);
  const std::size_t in_use = pinned.used_bytes();
  CHECK_THROWS_AS(pinned.set_limit(in_use - 1), xp::value_error);
  pinned.set_limit(in_use + 4096);
  CHECK_THROWS_AS(xp::empty_pinned<float>({1 << 20}), xp::out_of_memory);
  pinned.set_limit(0);
}

TEST_CASE("memory: large transfers through the staging pipeline are exact, both ways, pageable and pinned") {
  // 8 MiB chunks: 37 MiB + 3 floats is four full chunks, a partial one and a ragged tail
  const xp::index_t n = static_cast<xp::index_t>(37 * MiB / sizeof(float)) + 3;
  auto h = xp::random::uniform<float>({n}, -1.f, 1.f, 11);
  auto d = xp::to_device(h);
  CHECK(xp::all(d == xp::to_device(h)).item());
  auto back = d.copy_to_host();
  REQUIRE(back.size() == h.size());
  CHECK(std::memcmp(back.data(), h.data(), h.nbytes()) == 0);

  auto p = xp::empty_pinned<float>({n});
  xp::copy_to_host(d, p);  // straight to DMA
  CHECK(std::memcmp(p.data(), h.data(), h.nbytes()) == 0);
  p(0) = 5.f;
  CHECK(xp::to_device(p)(0).item() == 5.f);

  auto existing = xp::zeros<float>({n});
  xp::copy_to_host(d, existing);
  CHECK(std::memcmp(existing.data(), h.data(), h.nbytes()) == 0);
  auto strided = xp::zeros<float>({2 * n});
  auto every_other = strided(xp::range(0, 2 * n, 2));
  xp::copy_to_host(d, every_other);
  CHECK(xp::all(every_other == h).item());
  CHECK(xp::sum(strided(xp::range(1, 2 * n, 2))).item() == 0.f);
  CHECK_THROWS_AS(xp::copy_to_host(d, xp::zeros<float>({n - 1})), xp::shape_error);

  // a 2-D, non-contiguous device source through the pipeline
  auto m = xp::to_device(h(xp::range(0, 3 * 1000 * 1000)).reshape({1000, 3000}));
  auto mt = xp::transpose(m).copy_to_host();
  CHECK(mt(7, 3).item() == h(3 * 3000 + 7).item());
}

TEST_CASE("memory: pinned and managed memory are copied by DMA in place; pageable and device memory are not") {
  using xp::backends::cuda::is_pinned_or_managed;
  // docs/memory.md, "Transfers": the answers every transfer and the chunked pipeline act on
  std::vector<float> pageable(1024);
  CHECK_FALSE(is_pinned_or_managed(pageable.data()));
  CHECK_FALSE(is_pinned_or_managed(nullptr));
  const auto from_pool = xp::empty_pinned<float>({1024});
  CHECK(is_pinned_or_managed(from_pool.data()));
  void* page_locked = nullptr;
  REQUIRE(cudaMallocHost(&page_locked, 4096) == cudaSuccess);
  CHECK(is_pinned_or_managed(page_locked));
  CHECK(is_pinned_or_managed(static_cast<char*>(page_locked) + 100));  // inside the allocation
  REQUIRE(cudaFreeHost(page_locked) == cudaSuccess);
  const auto device = xp::zeros<float, xp::cuda>({1024});
  CHECK_FALSE(is_pinned_or_managed(device.data()));

  // managed memory as a host array: 4 MiB, past the size where pageable memory is staged
  const xp::index_t n = static_cast<xp::index_t>(4 * MiB / sizeof(float));
  float* managed = nullptr;
  REQUIRE(cudaMallocManaged(&managed, static_cast<std::size_t>(n) * sizeof(float)) == cudaSuccess);
  const std::shared_ptr<void> owner(managed, [](void* p) { (void)cudaFree(p); });
  CHECK(is_pinned_or_managed(managed));
  xp::ndarray<float, xp::host> m(owner, managed, {n}, {1});
  const auto h = xp::random::uniform<float>({n}, -1.f, 1.f, 12);
  std::memcpy(managed, h.data(), h.nbytes());
  const auto d = xp::to_device(m);  // straight to DMA, from wherever the pages are
  CHECK(xp::all(d == xp::to_device(h)).item());
  const auto doubled = xp::ndarray<float, xp::cuda>(d * 2.f);
  xp::copy_to_host(doubled, m);  // and back into them in place
  CHECK(xp::all(m == h * 2.f).item());
}

TEST_CASE("docs: memory controls as docs/memory.md shows them") {
  // example-begin pool-controls
  auto& pool = xp::cuda::get_default_memory_pool();            // cupy.get_default_memory_pool()
  pool.set_limit(pool.used_bytes() + (std::size_t{1} << 30));  // at most 1 GiB more
  {
    auto a = xp::zeros<float, xp::cuda>({1 << 26});  // 256 MiB
    std::printf("in arrays %zu, held %zu, peak %zu bytes\n", pool.used_bytes(), pool.total_bytes(),
                pool.high_water_bytes());
  }
  pool.free_all_blocks();                             // what no array uses goes back to the driver now
  pool.set_limit(0);                                  // no limit
  pool.set_release_threshold(std::size_t{16} << 30);  // keep up to 16 GiB for reuse
  // example-end pool-controls
  CHECK(pool.release_threshold() == std::size_t{16} << 30);
  std::size_t free_now = 0, total = 0;
  REQUIRE(cudaMemGetInfo(&free_now, &total) == cudaSuccess);
  pool.set_release_threshold(total / 8);

  rmm_like_resource rmm_mr;
  // example-begin resources
  // count what xp allocates, and stop it at 4 GiB, on top of xp's pool
  auto stats = std::make_shared<xp::cuda::statistics_resource_adaptor>(xp::cuda::get_memory_resource());
  xp::cuda::set_memory_resource(std::make_shared<xp::cuda::limiting_resource_adaptor>(stats, std::size_t{4} << 30));
  auto x = xp::random::normal<float, xp::cuda>({1 << 20}, 0.f, 1.f, 7);
  std::printf("%zu bytes in %zu allocations\n", stats->statistics().current_bytes,
              stats->statistics().current_allocations);
  // or take memory from RMM (or any object with RMM's allocate/deallocate): here a stand-in
  using rmm_resource = rmm_like_resource;  // rmm::mr::device_memory_resource
  xp::cuda::set_memory_resource(std::make_shared<xp::cuda::foreign_resource<rmm_resource>>(&rmm_mr));
  xp::ndarray<float, xp::cuda> y = x * 2.f;  // from RMM; x goes back to the adaptors when it dies
  xp::cuda::set_memory_resource(nullptr);    // xp's pool again
  // example-end resources
  CHECK(stats->statistics().current_bytes == 4 * MiB);
  CHECK(rmm_mr.allocations == 1);
  CHECK(xp::all(y == x * 2.f).item());
  y = xp::zeros<float, xp::cuda>({1});
  CHECK(rmm_mr.deallocations == 1);
}

TEST_CASE("memory: small transfers (4 KiB) take the direct path and stay exact") {
  auto h = xp::arange<float>(1024);
  auto d = xp::to_device(h);
  auto back = d.copy_to_host();
  CHECK(std::memcmp(back.data(), h.data(), h.nbytes()) == 0);
}
#endif
