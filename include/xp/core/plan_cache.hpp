#pragma once
/// @file core/plan_cache.hpp
/// @brief A bounded, least-recently-used cache of a vendor library's plans (cuFFT and FFTW plans,
/// cuSPARSE descriptors, ...), one per CUDA device and one for the host, after CuPy's
/// cupy.fft PlanCache; and `plan_cache_controls`, what `xp::cuda::plan_cache(device)` and
/// `xp::host::plan_cache()` return (docs/memory.md). Plans are held by shared_ptr: an evicted
/// plan is destroyed (its workspace released) as soon as no running call holds it.

#include <cstddef>
#include <cstring>
#include <limits>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace xp {

namespace detail {

/// What plan_cache_controls reaches of a cache, whatever its key and plan types.
class plan_cache_base {
 public:
  virtual ~plan_cache_base() = default;
  virtual std::size_t size() const = 0;
  virtual std::size_t max_size() const = 0;
  virtual void set_max_size(std::size_t entries) = 0;
  virtual std::size_t bytes() const = 0;
  virtual std::size_t max_bytes() const = 0;
  virtual void set_max_bytes(std::size_t bytes) = 0;
  virtual void clear() = 0;
  virtual std::size_t hits() const = 0;
  virtual std::size_t misses() const = 0;
};

}  // namespace detail

/// @brief The controls of one plan cache (cupy.fft.config.get_plan_cache()): its bound in plans
/// and in bytes, its contents' size, clear(), and the hits and misses of its lookups. Lowering a
/// bound evicts at once. Valid for the whole program (the caches are never destroyed).
class plan_cache_controls {
 public:
  explicit plan_cache_controls(detail::plan_cache_base& cache) noexcept : m_cache(&cache) {}
  /// The plans held now.
  std::size_t size() const { return m_cache->size(); }
  /// The most plans held (default: default_max_size); the least recently used goes first.
  std::size_t max_size() const { return m_cache->max_size(); }
  /// Evicts the least recently used plans beyond `entries` at once; 0 turns caching off.
  void set_max_size(std::size_t entries) { m_cache->set_max_size(entries); }
  /// The bytes the held plans reported (their workspace).
  std::size_t bytes() const { return m_cache->bytes(); }
  /// The most bytes held (default: no bound); a plan larger than this alone is not cached.
  std::size_t max_bytes() const { return m_cache->max_bytes(); }
  void set_max_bytes(std::size_t bytes) { m_cache->set_max_bytes(bytes); }
  /// Drops every plan (each destroyed once no running call holds it).
  void clear() { m_cache->clear(); }
  /// Lookups that found their plan, and lookups that did not (a plan was then made).
  std::size_t hits() const { return m_cache->hits(); }
  std::size_t misses() const { return m_cache->misses(); }

  /// 16 plans: CuPy's default bound per device. A program's transforms use few shapes, and a plan
  /// may hold workspace about the size of its data, so the bound is in plans, not bytes.
  static constexpr std::size_t default_max_size = 16;
  /// No bound in bytes by default (CuPy's max_memory -1).
  static constexpr std::size_t unbounded_bytes = std::numeric_limits<std::size_t>::max();

 private:
  detail::plan_cache_base* m_cache;
};

namespace detail {

/// The cache itself, generic over key and plan type; every member is thread-safe. A plan is
/// destroyed when the cache drops it (eviction, clear, a lower bound) and no caller holds it.
template <class Key, class Plan, class Hash = std::hash<Key>>
class lru_plan_cache final : public plan_cache_base {
 public:
  using plan_ptr = std::shared_ptr<Plan>;

  explicit lru_plan_cache(std::size_t max_entries = plan_cache_controls::default_max_size,
                          std::size_t max_bytes = plan_cache_controls::unbounded_bytes)
      : m_max_size(max_entries), m_max_bytes(max_bytes) {}
  lru_plan_cache(const lru_plan_cache&) = delete;
  lru_plan_cache& operator=(const lru_plan_cache&) = delete;

  /// The plan of `key`, made the most recently used (a hit), or null (a miss).
  plan_ptr get(const Key& key) {
    std::lock_guard lock(m_mutex);
    const auto found = m_index.find(key);
    if (found == m_index.end()) {
      ++m_misses;
      return nullptr;
    }
    ++m_hits;
    m_entries.splice(m_entries.begin(), m_entries, found->second);
    return found->second->plan;
  }

  /// Holds `plan` under `key` as the most recently used (replacing a plan already there), then
  /// evicts beyond the bounds; returns `plan`. With max_size 0, or a plan larger than max_bytes,
  /// nothing is held.
  plan_ptr insert(const Key& key, plan_ptr plan, std::size_t bytes = 0) {
    std::vector<plan_ptr> dropped;  // destroyed after the lock is released
    {
      std::lock_guard lock(m_mutex);
      if (const auto found = m_index.find(key); found != m_index.end()) {
        m_bytes -= found->second->bytes;
        dropped.push_back(std::move(found->second->plan));
        m_entries.erase(found->second);
        m_index.erase(found);
      }
      if (m_max_size > 0 && bytes <= m_max_bytes) {
        m_entries.push_front(entry{key, plan, bytes});
        m_index.emplace(key, m_entries.begin());
        m_bytes += bytes;
      }
      evict_beyond_bounds(dropped);
    }
    return plan;
  }

  /// The plan of `key`, or `make()`'s, which is held: make returns
  /// `std::pair<plan_ptr, std::size_t bytes>`. make runs without the lock (it may be slow); two
  /// threads that miss the same key at once both make a plan, and the later one is held.
  template <class Make>
  plan_ptr get_or_make(const Key& key, Make&& make) {
    if (plan_ptr hit = get(key)) return hit;
    auto [plan, bytes] = std::forward<Make>(make)();
    return insert(key, std::move(plan), bytes);
  }

  std::size_t size() const override {
    std::lock_guard lock(m_mutex);
    return m_entries.size();
  }
  std::size_t max_size() const override {
    std::lock_guard lock(m_mutex);
    return m_max_size;
  }
  void set_max_size(std::size_t entries) override {
    std::vector<plan_ptr> dropped;
    std::lock_guard lock(m_mutex);  // declared after `dropped`: released first
    m_max_size = entries;
    evict_beyond_bounds(dropped);
  }
  std::size_t bytes() const override {
    std::lock_guard lock(m_mutex);
    return m_bytes;
  }
  std::size_t max_bytes() const override {
    std::lock_guard lock(m_mutex);
    return m_max_bytes;
  }
  void set_max_bytes(std::size_t bytes) override {
    std::vector<plan_ptr> dropped;
    std::lock_guard lock(m_mutex);
    m_max_bytes = bytes;
    evict_beyond_bounds(dropped);
  }
  void clear() override {
    std::list<entry> dropped;
    std::lock_guard lock(m_mutex);
    dropped.swap(m_entries);
    m_index.clear();
    m_bytes = 0;
  }
  std::size_t hits() const override {
    std::lock_guard lock(m_mutex);
    return m_hits;
  }
  std::size_t misses() const override {
    std::lock_guard lock(m_mutex);
    return m_misses;
  }

 private:
  struct entry {
    Key key;
    plan_ptr plan;
    std::size_t bytes;
  };

  // the least recently used first, until both bounds hold (m_mutex held)
  void evict_beyond_bounds(std::vector<plan_ptr>& dropped) {
    while (!m_entries.empty() && (m_entries.size() > m_max_size || m_bytes > m_max_bytes)) {
      entry& last = m_entries.back();
      m_bytes -= last.bytes;
      dropped.push_back(std::move(last.plan));
      m_index.erase(last.key);
      m_entries.pop_back();
    }
  }

  mutable std::mutex m_mutex;
  std::list<entry> m_entries;  // the most recently used first
  std::unordered_map<Key, typename std::list<entry>::iterator, Hash> m_index;
  std::size_t m_max_size, m_max_bytes;
  std::size_t m_bytes = 0, m_hits = 0, m_misses = 0;
};

/// The key of a plan in a backend's shared cache (which holds plans of every library and kind):
/// `kind` (e.g. "cufft c2c"), then the bytes of each field (sizes, strides, dtypes, flags).
template <class... Fields>
std::string plan_key(std::string_view kind, const Fields&... fields) {
  static_assert((std::has_unique_object_representations_v<Fields> && ...),
                "xp: plan key fields are compared by their bytes: integers, enums and arrays of them");
  std::string key(kind);
  key.push_back('\0');  // no kind is a prefix of another's key
  (key.append(reinterpret_cast<const char*>(&fields), sizeof(Fields)), ...);
  return key;
}

/// A backend's shared plan cache: plans of any type under plan_key's keys; the caller casts back
/// the type its kind stands for (`std::static_pointer_cast<cufft_plan>(...)`).
using shared_plan_cache = lru_plan_cache<std::string, void>;

}  // namespace detail

}  // namespace xp
