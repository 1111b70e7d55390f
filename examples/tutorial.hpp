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
#include <ctime>
#include <filesystem>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include <unistd.h>

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

/// What measure() reports: the median, the minimum and the maximum of `runs` timed calls, in
/// milliseconds.
struct timing {
  double median_ms = 0;
  double min_ms = 0;
  int runs = 0;
  double max_ms = 0;
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
  return {median, samples.front(), static_cast<int>(n), samples.back()};
}

/// Prints a line now (flushed), for steps that take more than a few seconds.
inline void progress(const char* what) {
  std::printf("  ... %s\n", what);
  std::fflush(stdout);
}

/// The folder under which every tutorial writes its own: $XP_TUTORIAL_OUT or out/tutorials.
inline std::filesystem::path output_root() {
  const char* root = std::getenv("XP_TUTORIAL_OUT");
  return std::filesystem::path(root && *root ? root : "out/tutorials");
}

/// The folder a tutorial writes its data files and figures to: $XP_TUTORIAL_OUT/<tutorial>
/// (default out/tutorials/<tutorial> under the current directory), created if missing.
inline std::string output_dir(const char* tutorial) {
  const std::filesystem::path dir = output_root() / tutorial;
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

/// What ran the tutorial, for figure titles: the GPU's name, or the CPU's model and its cores
/// ("AMD EPYC (2 cores)", from /proc/cpuinfo; "host (CPU)" where that says nothing). No commas:
/// it is a value in the tutorials' CSV files.
template <class B>
std::string machine() {
#if defined(XP_HAS_CUDA)
  if constexpr (std::is_same_v<B, xp::cuda>) return xp::cuda::device_properties(0).name;
#endif
  std::string model;
  if (std::FILE* f = std::fopen("/proc/cpuinfo", "r")) {
    char line[512];
    while (model.empty() && std::fgets(line, sizeof line, f)) {
      const char* colon = std::strchr(line, ':');
      if (std::strncmp(line, "model name", 10) != 0 || !colon) continue;
      model = colon + 1;
    }
    std::fclose(f);
  }
  std::replace(model.begin(), model.end(), ',', ' ');
  while (!model.empty() && (model.front() == ' ' || model.front() == '\t')) model.erase(model.begin());
  while (!model.empty() && (model.back() == '\n' || model.back() == ' ')) model.pop_back();
  if (model.empty()) return name<B>();
  return model + " (" + std::to_string(std::thread::hardware_concurrency()) + " cores)";
}

/// The tutorial running, for the yardstick's note (run() sets it from argv[0]).
inline std::string& current_tutorial() {
  static std::string name = "a tutorial";
  return name;
}

/// The copy bandwidth of a backend's memory: the yardstick every speed is printed beside.
struct yardstick {
  double gbs = 0;       // GB/s, bytes read + written per second: the median copy
  double low_gbs = 0;   // the slowest of the copies
  double high_gbs = 0;  // the fastest
  int runs = 0;
  std::string measured_by;  // the tutorial that measured it
  long long age_s = 0;      // how long ago (0: by this one, now)

  /// "62.3 GB/s (median of 21 copies of 256 MiB: 58.1 to 64.0; measured by ...)".
  std::string describe() const {
    char text[320];
    if (age_s == 0 && measured_by == current_tutorial()) {
      std::snprintf(text, sizeof text, "%.1f GB/s (median of %d copies of 256 MiB, %.1f to %.1f; measured now)", gbs,
                    runs, low_gbs, high_gbs);
    } else {
      std::snprintf(text, sizeof text,
                    "%.1f GB/s (median of %d copies of 256 MiB, %.1f to %.1f; measured by %s %lld s ago and shared "
                    "by the tutorials run within 15 minutes of it, so that their percentages compare)",
                    gbs, runs, low_gbs, high_gbs, measured_by.c_str(), age_s);
    }
    return text;
  }
};

/// The copy bandwidth of the backend's memory (bytes read + written per second by copying a
/// 256 MiB float32 array into another: 3 warm-up copies, then the median of 21, and the
/// slowest and fastest of them): the yardstick every speed figure is printed beside, the same
/// measure as bench/'s device_copy. On the device it is the driver's own copy (cudaMemcpyAsync,
/// device to device); on the host xp's parallel copy into an existing array (a new 256 MiB
/// host array per copy would time page faults, not the memory).
///
/// Measured once per run: the first tutorial that needs it writes it to
/// <output_root>/copy_bandwidth_<backend>.csv, and every tutorial started within 15 minutes
/// on the same machine reads it from there instead of measuring again. One number for all of
/// them, so that "x% of the copy bandwidth" in one tutorial compares with another's (copies
/// measured in each process of one run differed by a third: 62-66 GB/s against 42-44 GB/s).
/// Delete the file to measure again.
template <class B>
const yardstick& copy_bandwidth() {
  static const yardstick cached = [] {
    const std::string backend = std::is_same_v<B, xp::host> ? "host" : "cuda";
    const std::string who = machine<B>();
    const std::filesystem::path file = output_root() / ("copy_bandwidth_" + backend + ".csv");
    char host_name[256] = "";
    ::gethostname(host_name, sizeof host_name - 1);
    const long long now = static_cast<long long>(std::time(nullptr));
    // the file: a header row, then one row host,machine,gbs,low,high,runs,tutorial,unix time
    if (std::FILE* in = std::fopen(file.string().c_str(), "r")) {
      char line[1024];
      yardstick y;
      char h[256], m[256], by[256];
      long long when = 0;
      const bool read = std::fgets(line, sizeof line, in) && std::fgets(line, sizeof line, in) &&
                        std::sscanf(line, "%255[^,],%255[^,],%lf,%lf,%lf,%d,%255[^,],%lld", h, m, &y.gbs, &y.low_gbs,
                                    &y.high_gbs, &y.runs, by, &when) == 8;
      std::fclose(in);
      if (read && h == std::string(host_name) && m == who && now >= when && now - when < 15 * 60 && y.gbs > 0) {
        y.measured_by = by;
        y.age_s = std::max(1LL, now - when);
        return y;
      }
    }
    const xp::index_t n = xp::index_t{1} << 26;
    const auto a = xp::zeros<float, B>({n});
    const auto b = xp::zeros<float, B>({n});
    const timing t = measure<B>(
        [&] {
#if defined(XP_HAS_CUDA)
          if constexpr (std::is_same_v<B, xp::cuda>) {
            cudaMemcpyAsync(b.data(), a.data(), static_cast<std::size_t>(n) * sizeof(float), cudaMemcpyDeviceToDevice,
                            xp::backends::cuda::current_stream());
            return;
          }
#endif
          xp::eval(a, b);
        },
        sampling{.warmup = 3, .min_runs = 21, .max_runs = 21, .min_total_ms = 0});
    const double bytes = 2.0 * static_cast<double>(n) * sizeof(float);
    yardstick y{
        bytes / (t.median_ms * 1e6), bytes / (t.max_ms * 1e6), bytes / (t.min_ms * 1e6), t.runs, current_tutorial(), 0};
    // written whole under another name, then renamed: a tutorial running beside this one reads
    // the old file or the new one, never half of one
    std::filesystem::create_directories(output_root());
    const std::filesystem::path partial = file.string() + "." + std::to_string(::getpid());
    if (std::FILE* out = std::fopen(partial.string().c_str(), "w")) {
      std::fprintf(
          out, "hostname,machine,gbs,low_gbs,high_gbs,runs,measured_by,unix_time\n%s,%s,%.6g,%.6g,%.6g,%d,%s,%lld\n",
          host_name, who.c_str(), y.gbs, y.low_gbs, y.high_gbs, y.runs, y.measured_by.c_str(), now);
      std::fclose(out);
      std::error_code ignored;
      std::filesystem::rename(partial, file, ignored);
    }
    return y;
  }();
  return cached;
}

/// The yardstick's median in GB/s.
template <class B>
double copy_bandwidth_gbs() {
  return copy_bandwidth<B>().gbs;
}

/// Prints the yardstick's line: "  copy bandwidth of this CPU (read + write): 62.3 GB/s (...)".
template <class B>
void print_copy_bandwidth() {
  std::printf("  copy bandwidth of this %s (read + write): %s\n", std::is_same_v<B, xp::host> ? "CPU" : "GPU",
              copy_bandwidth<B>().describe().c_str());
}

/// The yardstick as rows of a key,value info.csv: <prefix>_copy_gbs, _copy_low_gbs,
/// _copy_high_gbs, _copy_runs, _copy_by (the tutorial that measured it).
template <class B>
std::string copy_bandwidth_rows(const char* prefix) {
  const yardstick& y = copy_bandwidth<B>();
  char text[512];
  std::snprintf(text, sizeof text,
                "%s_copy_gbs,%.6g\n%s_copy_low_gbs,%.6g\n%s_copy_high_gbs,%.6g\n%s_copy_runs,%d\n%s_copy_by,%s\n",
                prefix, y.gbs, prefix, y.low_gbs, prefix, y.high_gbs, prefix, y.runs, prefix, y.measured_by.c_str());
  return text;
}

/// The size of the CPU's last-level cache, all of its instances together (the L3 of every core
/// complex, or of every socket), in bytes, from Linux's /sys; 0 where it is not known. Arrays
/// smaller than this can be read from the cache, faster than from memory: a host speed well
/// above the copy bandwidth (a copy of 256 MiB into another 256 MiB, far larger) can mean that
/// the data came from the cache.
inline double host_cache_bytes() {
  namespace fs = std::filesystem;
  int top = 0;
  double total = 0;
  std::vector<std::string> seen;  // the CPUs sharing each cache counted: one per instance
  std::error_code error;
  for (const auto& cpu : fs::directory_iterator("/sys/devices/system/cpu", error)) {
    const std::string name = cpu.path().filename().string();
    if (name.size() < 4 || name.compare(0, 3, "cpu") != 0 || name[3] < '0' || name[3] > '9') continue;
    for (const auto& index : fs::directory_iterator(cpu.path() / "cache", error)) {
      auto read = [&](const char* what) {
        std::string text;
        if (std::FILE* f = std::fopen((index.path() / what).string().c_str(), "r")) {
          char buffer[256] = "";
          if (std::fgets(buffer, sizeof buffer, f)) text = buffer;
          std::fclose(f);
        }
        while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
        return text;
      };
      const int level = std::atoi(read("level").c_str());
      const std::string type = read("type"), shared = read("shared_cpu_list"), size = read("size");
      if (type == "Instruction" || level < top || size.empty()) continue;
      if (level > top) {
        top = level;
        total = 0;
        seen.clear();
      }
      if (std::find(seen.begin(), seen.end(), shared) != seen.end()) continue;
      seen.push_back(shared);
      double bytes = std::atof(size.c_str());
      if (size.back() == 'K') bytes *= 1024;
      else if (size.back() == 'M') bytes *= 1024 * 1024;
      total += bytes;
    }
  }
  return total;
}

/// Runs body(xp::host{}) or body(xp::cuda{}) per --backend; body returns true when its
/// self-check passed. Exit code: 0 pass, 1 wrong answer or error, 77 GPU asked for but absent.
template <class Body>
int run(int argc, char** argv, Body&& body) {
  std::string backend = "auto";
  options opt;
  if (argc > 0) current_tutorial() = std::filesystem::path(argv[0]).filename().string();
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
