#pragma once
// The checking side of tests/nvtx/nvtx_recorder.cpp: opens the injection library that
// NVTX_INJECTION64_PATH names (the same instance NVTX loads, or will load, into this process) and
// reads its record of pushed and popped ranges, as events or as the tree of ranges of one domain.

#include <dlfcn.h>

#include <cstddef>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace xp_nvtx_test {

struct event {
  bool push;
  std::string domain;   // "" for NVTX's default domain
  std::string message;  // empty for a pop
};

/// A range and the ranges pushed while it was open, in order.
struct range {
  std::string name;
  std::vector<range> children;
};

class recorder {
 public:
  /// @throws std::runtime_error when NVTX_INJECTION64_PATH is unset or the library does not load.
  recorder() {
    const char* path = std::getenv("NVTX_INJECTION64_PATH");
    if (!path || !*path) throw std::runtime_error("NVTX_INJECTION64_PATH is not set (CTest sets it to the recorder)");
    m_handle = dlopen(path, RTLD_NOW);
    if (!m_handle) throw std::runtime_error(std::string("cannot load the NVTX recorder: ") + dlerror());
    m_events = reinterpret_cast<events_fn>(symbol("xp_nvtx_recorder_events"));
    m_clear = reinterpret_cast<clear_fn>(symbol("xp_nvtx_recorder_clear"));
    m_initializations = reinterpret_cast<count_fn>(symbol("xp_nvtx_recorder_initializations"));
  }
  recorder(const recorder&) = delete;
  recorder& operator=(const recorder&) = delete;
  ~recorder() { dlclose(m_handle); }

  /// Every event since the last clear(), in the order recorded.
  std::vector<event> events() const {
    std::string text(m_events(nullptr, 0) + 1, '\0');
    text.resize(m_events(text.data(), text.size()));
    std::vector<event> out;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
      std::vector<std::string> field;
      std::istringstream parts(line);
      for (std::string f; std::getline(parts, f, '\t');) field.push_back(f);
      field.resize(3);
      out.push_back({field[0] == "push", field[1], field[0] == "push" ? field[2] : std::string()});
    }
    return out;
  }
  void clear() const { m_clear(); }
  /// How many modules have initialised NVTX with the recorder (0 before the process's first NVTX call).
  int initializations() const { return m_initializations(); }

 private:
  using events_fn = std::size_t (*)(char*, std::size_t);
  using clear_fn = void (*)();
  using count_fn = int (*)();
  void* symbol(const char* name) const {
    void* s = dlsym(m_handle, name);
    if (!s) throw std::runtime_error(std::string("the NVTX recorder does not export ") + name);
    return s;
  }
  void* m_handle = nullptr;
  events_fn m_events = nullptr;
  clear_fn m_clear = nullptr;
  count_fn m_initializations = nullptr;
};

/// The ranges of `domain` as a forest (one thread's events). `balanced` tells whether every push
/// had its pop and no pop came without a push.
inline std::vector<range> ranges_of(const std::vector<event>& events, const std::string& domain, bool* balanced) {
  std::vector<range> roots;
  std::vector<range*> open;  // the path to the innermost open range
  bool ok = true;
  for (const event& e : events) {
    if (e.domain != domain) continue;
    if (e.push) {
      auto& siblings = open.empty() ? roots : open.back()->children;
      siblings.push_back({e.message, {}});
      open.push_back(&siblings.back());
    } else if (open.empty()) {
      ok = false;
    } else {
      open.pop_back();
    }
  }
  if (balanced) *balanced = ok && open.empty();
  return roots;
}

/// "a, b{c, d}": ranges, with their children in braces, for messages.
inline std::string describe(const std::vector<range>& ranges) {
  std::string s;
  for (std::size_t i = 0; i < ranges.size(); ++i) {
    if (i > 0) s += ", ";
    s += ranges[i].name;
    if (!ranges[i].children.empty()) {  // appended piece by piece: g++ 12 misreads "{" + s (-Wrestrict)
      s += '{';
      s += describe(ranges[i].children);
      s += '}';
    }
  }
  return s;
}

/// The names of `ranges` (not their children).
inline std::vector<std::string> names(const std::vector<range>& ranges) {
  std::vector<std::string> out;
  for (const range& r : ranges) out.push_back(r.name);
  return out;
}

}  // namespace xp_nvtx_test
