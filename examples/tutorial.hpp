#pragma once
// What every tutorial shares: picking the backend, honest timing (warm-up, repeats, median and
// minimum, device time from CUDA events), the output folder, the figures, and the self-check's
// exit code.
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

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <type_traits>
#include <vector>

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

/// Milliseconds taken by one call of f(), measured after the backend has finished its work
/// (wall clock: what a caller waits for, transfers and synchronisation included).
template <class B, class F>
double time_ms(F&& f) {
  sync<B>();
  const auto t0 = std::chrono::steady_clock::now();
  f();
  sync<B>();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

/// What measure() reports: the median and the minimum of `runs` timed calls, in milliseconds.
struct timing {
  double median_ms = 0;
  double min_ms = 0;
  int runs = 0;
};

/// How measure() samples: `warmup` untimed calls (first-call costs: pool growth, module
/// loading, page faults), then timed calls until both `min_runs` calls and `min_total_ms` of
/// timed work are done, or `max_runs` calls.
struct sampling {
  int warmup = 2;
  int min_runs = 5;
  int max_runs = 50;
  double min_total_ms = 50;
};

/// Times f() the way bench/ does: warm up, repeat, report the median and the minimum. On the
/// device each call is timed by CUDA events on xp's current stream (the GPU's own clock, no
/// host wake-up in it), on the host by the steady clock.
template <class B, class F>
timing measure(F&& f, sampling how = {}) {
  for (int i = 0; i < how.warmup; ++i) f();
  sync<B>();
  std::vector<double> samples;
  double total = 0;
  while (static_cast<int>(samples.size()) < how.max_runs &&
         (static_cast<int>(samples.size()) < how.min_runs || total < how.min_total_ms)) {
    double ms = 0;
#if defined(XP_HAS_CUDA)
    if constexpr (std::is_same_v<B, xp::cuda>) {
      cudaEvent_t start, stop;
      cudaEventCreate(&start);
      cudaEventCreate(&stop);
      const cudaStream_t stream = xp::backends::cuda::current_stream();
      cudaEventRecord(start, stream);
      f();
      cudaEventRecord(stop, stream);
      cudaEventSynchronize(stop);
      float event_ms = 0;
      cudaEventElapsedTime(&event_ms, start, stop);
      cudaEventDestroy(start);
      cudaEventDestroy(stop);
      ms = event_ms;
    } else {
      ms = time_ms<B>(f);
    }
#else
    ms = time_ms<B>(f);
#endif
    samples.push_back(ms);
    total += ms;
  }
  std::sort(samples.begin(), samples.end());
  const std::size_t n = samples.size();
  const double median = n % 2 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
  return {median, samples.front(), static_cast<int>(n)};
}

/// The copy bandwidth of the backend's memory in GB/s (bytes read + written per second by
/// copying a 256 MiB float32 array into another, median of measure()): the yardstick every
/// speed figure is printed beside, the same measure as bench/'s device_copy. On the device it
/// is the driver's own copy (cudaMemcpyAsync, device to device); on the host xp's parallel
/// copy into an existing array (a new 256 MiB host array per copy would time page faults, not
/// the memory).
template <class B>
double copy_bandwidth_gbs() {
  const xp::index_t n = xp::index_t{1} << 26;
  const auto a = xp::zeros<float, B>({n});
  const auto b = xp::zeros<float, B>({n});
  const timing t = measure<B>([&] {
#if defined(XP_HAS_CUDA)
    if constexpr (std::is_same_v<B, xp::cuda>) {
      cudaMemcpyAsync(b.data(), a.data(), static_cast<std::size_t>(n) * sizeof(float), cudaMemcpyDeviceToDevice,
                      xp::backends::cuda::current_stream());
      return;
    }
#endif
    xp::eval(a, b);
  });
  return 2.0 * static_cast<double>(n) * sizeof(float) / (t.median_ms * 1e6);
}

/// Prints a line now (flushed), for steps that take more than a few seconds.
inline void progress(const char* what) {
  std::printf("  ... %s\n", what);
  std::fflush(stdout);
}

/// The folder a tutorial writes its data files and figures to: $XP_TUTORIAL_OUT/<tutorial>
/// (default out/tutorials/<tutorial> under the current directory), created if missing.
inline std::string output_dir(const char* tutorial) {
  const char* root = std::getenv("XP_TUTORIAL_OUT");
  const std::filesystem::path dir = std::filesystem::path(root && *root ? root : "out/tutorials") / tutorial;
  std::filesystem::create_directories(dir);
  return dir.string();
}

/// Draws a tutorial's figures from the data files in `dir` with matplotlib
/// (examples/plots/<tutorial>.py). Without python3 and matplotlib the tutorial has still run
/// and checked itself; this prints the one line that says how to get the pictures. With
/// XP_TUTORIAL_PLOT=0 in the environment (CTest sets it: tests do not plot) it draws nothing.
inline void plot(const char* tutorial, const std::string& dir) {
  const std::string script = std::string(XP_EXAMPLES_DIR) + "/plots/" + tutorial + ".py";
  const char* enabled = std::getenv("XP_TUTORIAL_PLOT");
  if (enabled && std::strcmp(enabled, "0") == 0) {
    std::printf("  figures: not drawn (XP_TUTORIAL_PLOT=0); python3 %s %s draws them\n", script.c_str(), dir.c_str());
    return;
  }
  // the python3 on PATH first (a virtualenv's, say), then Debian's own, where apt-get puts
  // python3-matplotlib when PATH leads to another interpreter (pyenv)
  std::fflush(stdout);  // the tutorial's lines first, then the script's
  for (const std::string python : {"python3", "/usr/bin/python3"}) {
    const std::string check = python + " -c 'import matplotlib' > /dev/null 2>&1";
    if (std::system(check.c_str()) != 0) continue;
    // -B: no __pycache__ written into the source tree
    const std::string command = python + " -B '" + script + "' '" + dir + "'";
    if (std::system(command.c_str()) != 0) std::printf("  figures: %s failed\n", command.c_str());
    return;
  }
  std::printf("  figures: apt-get install python3-matplotlib, then python3 %s %s\n", script.c_str(), dir.c_str());
}

template <class B>
const char* name() {
  return std::is_same_v<B, xp::host> ? "host (CPU)" : "cuda (GPU)";
}

/// What ran the tutorial, for figure titles: "host (CPU)" or the GPU's name.
template <class B>
std::string machine() {
#if defined(XP_HAS_CUDA)
  if constexpr (std::is_same_v<B, xp::cuda>) return xp::cuda::device_properties(0).name;
#endif
  return name<B>();
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
