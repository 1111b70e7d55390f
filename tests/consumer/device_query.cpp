// Built by g++ against the installed xp, calling nothing but xp::cuda's device queries, which
// libxp defines. Linked with xp::cuda, libxp_cuda's answers must reach them even though the
// program uses nothing else of it; linked with xp::xp alone, they report no device.
#include <xp/core.hpp>
#include <xp/core/plan_cache.hpp>

#include <cstdio>
#include <string>
#ifdef CONSUMER_WITH_CUDA
#include <cuda_runtime_api.h>
#endif

int main() {
  const int n = xp::cuda::device_count();
#ifdef CONSUMER_WITH_CUDA
  int truth = 0;
  if (cudaGetDeviceCount(&truth) != cudaSuccess) truth = 0;
  const bool linked = true;
#else
  const int truth = 0;
  const bool linked = false;
#endif
  std::printf("device_query: xp::cuda::device_count() = %d, CUDA says %d\n", n, truth);
  if (n != truth || xp::cuda::available() != (n > 0)) return 1;
  for (int i = 0; i < n; ++i) {
    const auto p = xp::cuda::device_properties(i);
    std::printf("  %d: %s, compute capability %d.%d, %d SMs\n", i, p.name.c_str(), p.major, p.minor,
                p.multiprocessor_count);
    if (p.name.empty() || p.multiprocessor_count <= 0) return 1;
  }
  // one past the last device: the message tells whether libxp_cuda answered (also without a GPU)
  try {
    (void)xp::cuda::device_properties(n);
    return 1;
  } catch (const xp::index_error& e) {
    const bool says_unlinked = std::string(e.what()).find("linked without xp::cuda") != std::string::npos;
    std::printf("  device_properties(%d): %s\n", n, e.what());
    if (says_unlinked == linked) return 1;
  }
#ifndef CONSUMER_WITH_CUDA
  // Every non-template member of xp::cuda links in a host-only program: the queries say "no
  // device", synchronize and the NVTX switch do nothing, the rest throw a typed error naming
  // the missing library.
  xp::cuda::synchronize();
  xp::cuda::set_nvtx_ranges(true);
  if (xp::cuda::nvtx_ranges()) return 1;
  int refused = 0;
  auto expect = [&refused](const char* what, auto call, auto error_type) {
    using E = decltype(error_type);
    try {
      call();
      std::printf("  %s did not throw\n", what);
    } catch (const E& e) {
      const bool named = std::string(e.what()).find("linked without xp::cuda") != std::string::npos;
      std::printf("  %s: %s\n", what, e.what());
      refused += named ? 1 : 0;
    } catch (...) {
      std::printf("  %s threw another type\n", what);
    }
  };
  expect(
      "current_device", [] { (void)xp::cuda::current_device(); }, xp::value_error(""));
  expect(
      "get_default_memory_pool", [] { (void)xp::cuda::get_default_memory_pool(); }, xp::value_error(""));
  expect(
      "set_memory_resource", [] { xp::cuda::set_memory_resource(nullptr); }, xp::value_error(""));
  expect(
      "get_memory_resource", [] { (void)xp::cuda::get_memory_resource(0); }, xp::value_error(""));
  expect(
      "get_pinned_memory_pool", [] { (void)xp::cuda::get_pinned_memory_pool(); }, xp::value_error(""));
  expect(
      "plan_cache", [] { (void)xp::cuda::plan_cache(); }, xp::index_error(""));
  expect(
      "mem_info", [] { (void)xp::cuda::mem_info(); }, xp::value_error(""));
  if (refused != 7) return 1;
#endif
  return 0;
}
