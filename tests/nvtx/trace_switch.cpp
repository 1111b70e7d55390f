// xp_nvtx_switch*: the device's operation ranges without a device. detail::op_range<xp::cuda> only
// talks to NVTX (backends/cuda/trace.cpp), never to the GPU, so this g++ program links xp::cuda,
// opens ranges itself with the recorder injected, and checks the switch: XP_NVTX at start (as
// CTest sets it), xp::cuda::set_nvtx_ranges, the "xp" domain, nesting, and that a range ends
// exactly when it began (an exception, the switch flipped while it is open). Runs anywhere.

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>
#include <xp/cuda.hpp>

#include "recorder_client.hpp"

#ifndef XP_NVTX_RANGES_BUILT_ON
#define XP_NVTX_RANGES_BUILT_ON 0
#endif

namespace {

using xp_nvtx_test::describe;
using range = xp::detail::op_range<xp::cuda>;

int failures = 0;
void expect(bool ok, const std::string& what) {
  if (!ok) {
    ++failures;
    std::fprintf(stderr, "FAILED: %s\n", what.c_str());
  }
}

bool expected_on_at_start() {  // docs/profiling.md: 1/on/true/yes, 0/off/false/no, any case
  const char* v = std::getenv("XP_NVTX");
  std::string s = v ? v : "";
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (s == "1" || s == "on" || s == "true" || s == "yes") return true;
  if (s == "0" || s == "off" || s == "false" || s == "no") return false;
  return XP_NVTX_RANGES_BUILT_ON != 0;
}

// The "xp" domain's ranges recorded since the last clear, and whether they balance.
std::string recorded(const xp_nvtx_test::recorder& recorder) {
  bool balanced = false;
  const auto events = recorder.events();
  const auto ranges = xp_nvtx_test::ranges_of(events, "xp", &balanced);
  std::size_t other = 0;
  for (const auto& e : events) other += e.domain != "xp";
  return describe(ranges) + (balanced ? "" : " (unbalanced)") + (other ? " (+ other domains)" : "");
}

void run() {
  const xp_nvtx_test::recorder recorder;
  const bool on = expected_on_at_start();
  expect(xp::cuda::nvtx_ranges() == on,
         std::string("nvtx_ranges() at start: ") + (xp::cuda::nvtx_ranges() ? "on" : "off") +
             ", XP_NVTX=" + (std::getenv("XP_NVTX") ? std::getenv("XP_NVTX") : "(unset)"));
  {
    range outer("xp::outer");
    { range inner("xp::inner"); }
    range second("xp::second");
  }
  expect(recorded(recorder) == (on ? "xp::outer{xp::inner, xp::second}" : ""),
         "ranges at start: [" + recorded(recorder) + "]");
  expect(recorder.initializations() == (on ? 1 : 0),
         "NVTX initialisations: " + std::to_string(recorder.initializations()) + " (the first range makes the first)");

  xp::cuda::set_nvtx_ranges(true);
  expect(xp::cuda::nvtx_ranges(), "set_nvtx_ranges(true)");
  recorder.clear();
  try {
    range r("xp::throws");
    throw xp::value_error("thrown inside a range");
  } catch (const xp::value_error&) {}
  { range r("xp::after"); }
  expect(recorded(recorder) == "xp::throws, xp::after",
         "a range ends when its operation throws: [" + recorded(recorder) + "]");
  expect(recorder.initializations() == 1, "one initialisation for the whole program");

  recorder.clear();
  {
    range opened_on("xp::opened_on");
    xp::cuda::set_nvtx_ranges(false);
    range opened_off("xp::opened_off");
    xp::cuda::set_nvtx_ranges(true);
  }  // opened_off, pushed nothing, pops nothing; opened_on pops though it was flipped off meanwhile
  expect(recorded(recorder) == "xp::opened_on", "switch flipped while ranges are open: [" + recorded(recorder) + "]");

  recorder.clear();
  xp::cuda::set_nvtx_ranges(false);
  expect(!xp::cuda::nvtx_ranges(), "set_nvtx_ranges(false)");
  { range r("xp::while_off"); }
  expect(recorder.events().empty(), "nothing recorded while off: [" + recorded(recorder) + "]");

  // host operations never push, whatever the switch says: the ranges mark device work
  xp::cuda::set_nvtx_ranges(true);
  const auto h = xp::arange<double>(100);
  xp::ndarray<double> e = xp::sin(h) * 2.0;
  (void)xp::sum(e).item();
  (void)xp::matmul(h.reshape({10, 10}), h.reshape({10, 10}));
  (void)xp::cumsum(h);
  expect(recorder.events().empty(), "host operations push no range: [" + recorded(recorder) + "]");
}

}  // namespace

int main() {
  try {
    run();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FAILED: %s\n", e.what());
    return 1;
  }
  if (failures == 0) std::puts("xp_nvtx_switch: op_range<xp::cuda> and its switch behave");
  return failures == 0 ? 0 : 1;
}
