#pragma once
// What every tutorial shares: picking the backend, timing, and the self-check's exit code.
//
//   ./01_vector_add                 the GPU if xp was built with CUDA and a device is present,
//                                   else the CPU
//   ./01_vector_add --backend=host  force the CPU (CTest runs each tutorial this way)
//   ./01_vector_add --backend=cuda  force the GPU (exits 77, "skipped", when there is none)
//   ./01_vector_add --small         a smaller problem (CTest)

#if defined(XP_HAS_CUDA)
#include <xp/cuda.hpp>
#else
#include <xp/xp.hpp>
#endif

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>

namespace tutorial {

struct options {
  bool small = false;
};

/// Waits for the device (no-op on the host) so that wall-clock timings mean something.
template <class B>
void sync() {
#if defined(XP_HAS_CUDA)
  if constexpr (std::is_same_v<B, xp::cuda>) xp::cuda::synchronize();
#endif
}

/// Milliseconds taken by f(), measured after the backend has finished its work.
template <class B, class F>
double time_ms(F&& f) {
  sync<B>();
  const auto t0 = std::chrono::steady_clock::now();
  f();
  sync<B>();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

template <class B>
const char* name() {
  return std::is_same_v<B, xp::host> ? "host (CPU)" : "cuda (GPU)";
}

/// Runs body(xp::host{}) or body(xp::cuda{}) per --backend; body returns true when its
/// self-check passed. Exit code: 0 pass, 1 wrong answer or error, 77 GPU asked for but absent.
template <class Body>
int run(int argc, char** argv, Body&& body) {
  std::string backend = "auto";
  options opt;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--backend=", 10) == 0) backend = argv[i] + 10;
    else if (std::strcmp(argv[i], "--small") == 0) opt.small = true;
  }
  try {
    bool ok = false;
#if defined(XP_HAS_CUDA)
    const bool gpu = xp::cuda::available();
    if (backend == "cuda" && !gpu) {
      std::puts("no CUDA device: skipped");
      return 77;
    }
    if (backend == "cuda" || (backend == "auto" && gpu)) ok = body(xp::cuda{}, opt);
    else ok = body(xp::host{}, opt);
#else
    if (backend == "cuda") {
      std::puts("xp was built without CUDA: skipped");
      return 77;
    }
    ok = body(xp::host{}, opt);
#endif
    std::puts(ok ? "self-check: PASSED" : "self-check: FAILED");
    return ok ? 0 : 1;
  } catch (const xp::error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}

}  // namespace tutorial
