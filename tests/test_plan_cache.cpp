// The vendor layer's plan cache (include/xp/core/plan_cache.hpp): the generic LRU cache with a fake
// plan that counts its constructions and destructions, and each backend's shared cache through its
// public controls (xp::host::plan_cache(), xp::cuda::plan_cache(device)).
#include "support.hpp"

#include <cstdio>
#include <memory>
#include <string>
#include <utility>

#ifdef XP_TEST_CUDA
#include <xp/backends/cuda/vendor/plan_cache.hpp>
#else
#include <xp/backends/host/vendor/plan_cache.hpp>
#endif

using namespace xp_test;

namespace plan_cache_test {

// A plan that counts how many exist: eviction must destroy it (and so release its workspace).
struct fake_plan {
  static inline int made = 0, alive = 0;
  int id;
  explicit fake_plan(int id) : id(id) {
    ++made;
    ++alive;
  }
  ~fake_plan() { --alive; }
  fake_plan(const fake_plan&) = delete;
  fake_plan& operator=(const fake_plan&) = delete;
};

using cache_t = xp::detail::lru_plan_cache<int, fake_plan>;

// the plan of key k from the cache, made (with `bytes` of workspace) on a miss
std::shared_ptr<fake_plan> plan_of(cache_t& cache, int k, std::size_t bytes = 0) {
  return cache.get_or_make(k, [&] { return std::pair{std::make_shared<fake_plan>(k), bytes}; });
}

struct counters_reset {
  counters_reset() { fake_plan::made = fake_plan::alive = 0; }
};

// this backend's shared cache, as the vendor layer reaches it
xp::detail::shared_plan_cache& backend_cache() {
#ifdef XP_TEST_CUDA
  return xp::backends::cuda::vendor::plan_cache();
#else
  return xp::backends::host::vendor::plan_cache();
#endif
}
xp::plan_cache_controls backend_controls() {
#ifdef XP_TEST_CUDA
  return xp::cuda::plan_cache();
#else
  return xp::host::plan_cache();
#endif
}

}  // namespace plan_cache_test

using plan_cache_test::cache_t;
using plan_cache_test::fake_plan;
using plan_cache_test::plan_of;

TEST_CASE("plan cache: hits, misses, and the least recently used plan evicted at the bound") {
  plan_cache_test::counters_reset reset;
  cache_t cache(3);
  for (int k : {1, 2, 3}) (void)plan_of(cache, k);
  CHECK(cache.size() == 3);
  CHECK(cache.misses() == 3);
  CHECK(cache.hits() == 0);
  CHECK(plan_of(cache, 1)->id == 1);  // 1 becomes the most recently used: 2 is now the oldest
  CHECK(cache.hits() == 1);
  CHECK(fake_plan::made == 3);
  (void)plan_of(cache, 4);  // evicts 2, which nobody holds: destroyed
  CHECK(cache.size() == 3);
  CHECK(fake_plan::made == 4);
  CHECK(fake_plan::alive == 3);
  CHECK(cache.get(2) == nullptr);
  CHECK(cache.get(1) != nullptr);
  CHECK(cache.get(3) != nullptr);
  CHECK(cache.get(4) != nullptr);
  CHECK(cache.misses() == 5);  // 1, 2, 3, 4 and the get of 2
}

TEST_CASE("plan cache: an evicted plan that a caller still holds lives until the caller lets go") {
  plan_cache_test::counters_reset reset;
  cache_t cache(1);
  auto held = plan_of(cache, 1);
  (void)plan_of(cache, 2);  // evicts 1 from the cache
  CHECK(cache.size() == 1);
  CHECK(fake_plan::alive == 2);
  CHECK(held->id == 1);
  held.reset();
  CHECK(fake_plan::alive == 1);
}

TEST_CASE("plan cache: set_max_size evicts at once, the oldest first; 0 turns caching off") {
  plan_cache_test::counters_reset reset;
  cache_t cache(4);
  for (int k : {1, 2, 3, 4}) (void)plan_of(cache, k);
  cache.set_max_size(2);
  CHECK(cache.size() == 2);
  CHECK(fake_plan::alive == 2);
  CHECK(cache.get(3) != nullptr);
  CHECK(cache.get(4) != nullptr);
  cache.set_max_size(0);
  CHECK(cache.size() == 0);
  CHECK(fake_plan::alive == 0);
  {
    auto p = plan_of(cache, 5);  // made and returned, not kept
    CHECK(p->id == 5);
    CHECK(cache.size() == 0);
  }
  CHECK(fake_plan::alive == 0);
  CHECK(plan_of(cache, 5)->id == 5);
  CHECK(fake_plan::made == 6);  // a miss every time
}

TEST_CASE("plan cache: the byte bound evicts by workspace; a plan above it alone is not kept") {
  plan_cache_test::counters_reset reset;
  cache_t cache(16, 100);
  (void)plan_of(cache, 1, 60);
  (void)plan_of(cache, 2, 30);
  CHECK(cache.bytes() == 90);
  (void)plan_of(cache, 3, 30);  // 120 > 100: the oldest (60) goes
  CHECK(cache.bytes() == 60);
  CHECK(cache.size() == 2);
  CHECK(cache.get(1) == nullptr);
  (void)plan_of(cache, 4, 101);
  CHECK(cache.get(4) == nullptr);
  CHECK(cache.size() == 2);
  cache.set_max_bytes(40);
  CHECK(cache.size() == 1);
  CHECK(cache.bytes() == 30);
}

TEST_CASE("plan cache: clear destroys every plan and keeps the counts") {
  plan_cache_test::counters_reset reset;
  cache_t cache;
  CHECK(cache.max_size() == xp::plan_cache_controls::default_max_size);
  for (int k = 0; k < 5; ++k) (void)plan_of(cache, k);
  (void)plan_of(cache, 0);
  cache.clear();
  CHECK(cache.size() == 0);
  CHECK(cache.bytes() == 0);
  CHECK(fake_plan::alive == 0);
  CHECK(cache.hits() == 1);
  CHECK(cache.misses() == 5);
}

TEST_CASE("plan cache: keys of different kinds never meet") {
  CHECK(xp::detail::plan_key("fft c2c", 8, 1) != xp::detail::plan_key("fft r2c", 8, 1));
  CHECK(xp::detail::plan_key("fft c2c", 8, 1) != xp::detail::plan_key("fft c2c", 8, 2));
  CHECK(xp::detail::plan_key("fft c2c", 8, 1) == xp::detail::plan_key("fft c2c", 8, 1));
}

TEST_CASE("plan cache: the backend's shared cache through its public controls") {
  plan_cache_test::counters_reset reset;
  auto controls = plan_cache_test::backend_controls();
  auto& cache = plan_cache_test::backend_cache();
  controls.clear();
  const std::size_t bound = controls.max_size(), hits = controls.hits(), misses = controls.misses();
  CHECK(bound == xp::plan_cache_controls::default_max_size);
  const auto make = [](int id) {
    return [id] { return std::pair{std::shared_ptr<void>(std::make_shared<fake_plan>(id)), std::size_t{0}}; };
  };
  for (int k = 0; k < 3; ++k) (void)cache.get_or_make(xp::detail::plan_key("test fake", k), make(k));
  const auto again =
      std::static_pointer_cast<fake_plan>(cache.get_or_make(xp::detail::plan_key("test fake", 1), make(1)));
  CHECK(again->id == 1);
  CHECK(controls.size() == 3);
  CHECK(controls.hits() == hits + 1);
  CHECK(controls.misses() == misses + 3);
  controls.set_max_size(1);
  CHECK(controls.size() == 1);
  CHECK(fake_plan::alive == 1);  // the most recently used, which `again` holds too
  controls.clear();
  controls.set_max_size(bound);
  CHECK(controls.size() == 0);
}

#ifdef XP_TEST_CUDA
TEST_CASE("plan cache: each device has its own" * doctest::skip(xp::cuda::device_count() < 2)) {
  auto& first = xp::backends::cuda::vendor::plan_cache(0);
  auto& second = xp::backends::cuda::vendor::plan_cache(1);
  CHECK(&first != &second);
  first.clear();
  second.clear();
  (void)first.insert(xp::detail::plan_key("test fake", 0), std::make_shared<int>(0));
  CHECK(xp::cuda::plan_cache(0).size() == 1);
  CHECK(xp::cuda::plan_cache(1).size() == 0);
  {
    xp::cuda::device_scope on(1);
    CHECK(&xp::backends::cuda::vendor::plan_cache() == &second);
  }
  first.clear();
}

TEST_CASE("plan cache: the controls as docs/memory.md shows them") {
  // example-begin plan-cache
  auto cache = xp::cuda::plan_cache();  // the current device's; plan_cache(1) for device 1
  cache.set_max_size(4);                // evicts beyond 4 plans at once; 0 turns caching off
  cache.set_max_bytes(std::size_t{1} << 30);
  std::printf("%zu plans, %zu hits, %zu misses\n", cache.size(), cache.hits(), cache.misses());
  cache.clear();  // frees every plan that no running call holds
  std::printf("host: at most %zu plans\n", xp::host::plan_cache().max_size());  // FFTW's
  // example-end plan-cache
  cache.set_max_size(xp::plan_cache_controls::default_max_size);
  cache.set_max_bytes(xp::plan_cache_controls::unbounded_bytes);
  CHECK(cache.size() == 0);
}

TEST_CASE("plan cache: a device out of range is an index_error") {
  CHECK_THROWS_AS(xp::cuda::plan_cache(xp::cuda::device_count()), xp::index_error);
  CHECK_THROWS_AS(xp::cuda::plan_cache(-2), xp::index_error);
}
#endif
