// xp_nvtx_ranges / xp_nvtx_ranges_off (issue 17, docs/profiling.md): runs xp's public operations
// on the device with the NVTX recorder injected (NVTX_INJECTION64_PATH) and checks the ranges
// they push. With ranges on (XP_NVTX=1): each operation pushes exactly one outermost range in the
// NVTX domain "xp", named like the function, balanced, also when it throws; operations that call
// others show them as children (xp::matmul's engine, lombscargle's mean and sum). With ranges off
// (XP_NVTX unset, or 0): no operation pushes anything, until xp::cuda::set_nvtx_ranges(true).
// Exits 77 (CTest: skipped) without a GPU.

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <string>
#include <vector>
#include <xp/cuda.hpp>

#include "recorder_client.hpp"

#ifndef XP_NVTX_RANGES_BUILT_ON
#define XP_NVTX_RANGES_BUILT_ON 0  // CMake: 1 when xp_cuda was built with XP_NVTX_RANGES=ON
#endif

namespace {

using D = xp::cuda;
using xp_nvtx_test::range;

int failures = 0;
void expect(bool ok, const std::string& what) {
  if (!ok) {
    ++failures;
    std::fprintf(stderr, "FAILED: %s\n", what.c_str());
  }
}

// Whether this process starts with ranges on: XP_NVTX as docs/profiling.md describes it (1/on/
// true/yes, 0/off/false/no, any case), else the build's default.
bool expected_on_at_start() {
  const char* v = std::getenv("XP_NVTX");
  std::string s = v ? v : "";
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (s == "1" || s == "on" || s == "true" || s == "yes") return true;
  if (s == "0" || s == "off" || s == "false" || s == "no") return false;
  return XP_NVTX_RANGES_BUILT_ON != 0;
}

// One public operation on device arrays and the outermost ranges it must push.
struct op_case {
  const char* what;
  std::vector<std::string> top;
  std::function<void()> run;
};

struct twice {  // a user functor for elementwise_kernel
  XP_HD float operator()(float v) const { return 2.0f * v; }
};
struct magnitude {  // a user map for reduction_kernel
  XP_HD float operator()(float v) const { return v < 0 ? -v : v; }
};

const range* child(const range& r, const std::string& name) {
  for (const range& c : r.children)
    if (c.name == name) return &c;
  return nullptr;
}

std::vector<op_case> operations() {
  const auto x = xp::random::normal<float, D>({4096}, 0.0f, 1.0f, 7);
  const auto m = xp::random::normal<float, D>({64, 32}, 0.0f, 1.0f, 8);
  const auto n = xp::random::normal<float, D>({32, 48}, 0.0f, 1.0f, 9);
  const auto field = xp::random::uniform<double, D>({64, 64}, 0.0, 1.0, 10);
  const auto t = xp::linspace<float, D>(0.1, 30.0, 500);
  const xp::ndarray<float, D> wave = xp::sin(1.7f * t);
  const auto dst = x.copy();  // written by the cases below; made here so that its copy is not measured
  const auto work = field.copy();
  const auto freqs = xp::linspace<float, D>(0.5, 5.0, 64);
  return {
      {"random::normal", {"xp::random::normal"}, [] { xp::random::normal<float, D>({100}, 0.0f, 1.0f, 1); }},
      {"random::uniform", {"xp::random::uniform"}, [] { xp::random::uniform<double, D>({100}); }},
      {"zeros", {"xp::zeros"}, [] { xp::zeros<float, D>({10}); }},
      {"ones", {"xp::ones"}, [] { xp::ones<std::int32_t, D>({10}); }},
      {"full", {"xp::full"}, [] { xp::full<double, D>({10}, 2.5); }},
      {"arange", {"xp::arange"}, [] { xp::arange<std::int64_t, D>(10); }},
      {"linspace", {"xp::linspace"}, [] { xp::linspace<float, D>(0.0, 1.0, 11); }},
      {"eye", {"xp::eye"}, [] { xp::eye<double, D>(5); }},
      {"copy", {"xp::copy"}, [x] { x.copy(); }},
      {"astype", {"xp::astype"}, [x] { x.astype<double>(); }},
      {"view assignment", {"xp::copy"}, [dst, x] { dst(xp::range(0, 8)) = x(xp::range(8, 16)); }},
      {"fill", {"xp::fill"}, [dst] { dst.fill(1.0f); }},
      {"expression", {"xp::elementwise"}, [x] { xp::ndarray<float, D> e = xp::sin(x) * 2.0f + 1.0f; }},
      {"compound assignment", {"xp::elementwise"}, [dst, x] { dst += x; }},
      {"sum", {"xp::sum"}, [x] { xp::sum(x); }},
      {"sum of an expression", {"xp::sum"}, [x] { xp::sum(x * x); }},
      {"prod", {"xp::prod"}, [x] { xp::prod(x); }},
      {"min", {"xp::min"}, [x] { xp::min(x); }},
      {"max", {"xp::max"}, [x] { xp::max(x); }},
      {"mean", {"xp::mean"}, [m] { xp::mean(m, {0}); }},
      {"var", {"xp::var"}, [x] { xp::var(x); }},
      {"stddev", {"xp::stddev"}, [x] { xp::stddev(x); }},
      {"argmin", {"xp::argmin"}, [x] { xp::argmin(x); }},
      {"argmax", {"xp::argmax"}, [m] { xp::argmax(m, {1}); }},
      {"any", {"xp::any"}, [x] { xp::any(x > 3.0f); }},
      {"all", {"xp::all"}, [x] { xp::all(x > -100.0f); }},
      {"count_nonzero", {"xp::count_nonzero"}, [x] { xp::count_nonzero(x); }},
      {"linalg::norm", {"xp::linalg::norm"}, [x] { xp::linalg::norm(x); }},
      {"linalg::norm, a matrix 1-norm", {"xp::linalg::norm"}, [m] { xp::linalg::norm(m, 1); }},
      {"a method", {"xp::sum"}, [m] { m.sum(1); }},
      {"cumsum", {"xp::cumsum"}, [x] { xp::cumsum(x); }},
      {"cumprod", {"xp::cumprod"}, [m] { xp::cumprod(m, 0); }},
      {"matmul", {"xp::matmul"}, [m, n] { xp::matmul(m, n); }},
      {"dot", {"xp::dot"}, [x] { xp::dot(x, x); }},
      {"vdot", {"xp::vdot"}, [m] { xp::vdot(m, m); }},
      {"inner", {"xp::inner"}, [m] { xp::inner(m, m); }},
      {"outer", {"xp::outer"}, [x] { xp::outer(x(xp::range(0, 10)), x(xp::range(0, 20))); }},
      {"lombscargle", {"xp::signal::lombscargle"}, [t, wave, freqs] { xp::signal::lombscargle(t, wave, freqs); }},
      {"lombscargle on a grid",
       {"xp::signal::lombscargle"},
       [t, wave] {
         xp::signal::lombscargle(t, wave, xp::signal::frequency_grid{0.5, 0.01, 100});
       }},
      {"laplacian", {"xp::pde::laplacian"}, [field] { xp::pde::laplacian(field); }},
      {"diffuse", {"xp::pde::diffuse"}, [work] { xp::pde::diffuse(work, 0.2, 20); }},
      {"elementwise_kernel", {"xp::elementwise_kernel"}, [x] { xp::elementwise_kernel(twice{})(x); }},
      {"reduction_kernel",
       {"xp::reduction_kernel"},
       [x] { xp::reduction_kernel(magnitude{}, xp::plus{}, xp::identity{}, 0.0f)(x); }},
  };
}

// The "xp" domain's ranges pushed while `run` ran (the device is synchronised first, so nothing
// of the setup is pending); `balanced` as ranges_of.
std::vector<range> ranges_during(const xp_nvtx_test::recorder& recorder, const std::function<void()>& run,
                                 bool* balanced, std::size_t* other_xp_events = nullptr) {
  xp::cuda::synchronize();
  recorder.clear();
  run();
  xp::cuda::synchronize();
  const auto events = recorder.events();
  if (other_xp_events) {  // xp's names outside the "xp" domain: none expected, ever
    *other_xp_events = 0;
    for (const auto& e : events)
      if (e.domain != "xp" && e.message.rfind("xp::", 0) == 0) ++*other_xp_events;
  }
  return xp_nvtx_test::ranges_of(events, "xp", balanced);
}

void check_on(const xp_nvtx_test::recorder& recorder) {
  for (const op_case& op : operations()) {
    bool balanced = false;
    std::size_t stray = 0;
    const auto got = ranges_during(recorder, op.run, &balanced, &stray);
    expect(balanced, std::string(op.what) + ": pushes and pops balance");
    expect(stray == 0, std::string(op.what) + ": every xp range is in the domain \"xp\"");
    expect(xp_nvtx_test::names(got) == op.top,
           std::string(op.what) + ": outermost ranges [" + xp_nvtx_test::describe(got) + "], want [" + op.top[0] + "]");
  }
  expect(recorder.initializations() >= 1, "NVTX initialised the recorder");

  const auto x = xp::random::normal<float, D>({4096}, 0.0f, 1.0f, 7);
  const auto m = xp::random::normal<float, D>({64, 32}, 0.0f, 1.0f, 8);
  const auto n = xp::random::normal<float, D>({32, 48}, 0.0f, 1.0f, 9);
  bool balanced = false;

  // a fused expression inside a reduction is part of the reduction's one pass: no elementwise range
  auto got = ranges_during(
      recorder, [&] { xp::sum(x * x + 1.0f); }, &balanced);
  expect(got.size() == 1 && !child(got[0], "xp::elementwise"),
         "sum(x * x + 1): one pass, no evaluation of its own: " + xp_nvtx_test::describe(got));

  // the matmul engine is a child range named after the path the backend took
  got = ranges_during(
      recorder, [&] { xp::matmul(m, n); }, &balanced);
  expect(got.size() == 1 && child(got[0], "xp::matmul[cublas]") && !child(got[0], "xp::matmul[tiled]"),
         "float matmul, automatic engine: " + xp_nvtx_test::describe(got));
  got = ranges_during(
      recorder, [&] { xp::matmul(m, n, {.engine = xp::engine::own}); }, &balanced);
  expect(got.size() == 1 && child(got[0], "xp::matmul[tiled]") && !child(got[0], "xp::matmul[cublas]"),
         "float matmul, tiled engine: " + xp_nvtx_test::describe(got));
  const auto mi = xp::arange<std::int32_t, D>(12).reshape({3, 4});
  got = ranges_during(
      recorder, [&] { xp::matmul(mi, mi.T()); }, &balanced);
  expect(got.size() == 1 && child(got[0], "xp::matmul[tiled]") && !child(got[0], "xp::matmul[cublas]"),
         "int32 matmul (tiled by default): " + xp_nvtx_test::describe(got));
  got = ranges_during(
      recorder, [&] { xp::dot(x, x); }, &balanced);
  expect(got.size() == 1 && child(got[0], "xp::matmul") && child(*child(got[0], "xp::matmul"), "xp::matmul[cublas]"),
         "dot of vectors: xp::dot{xp::matmul{xp::matmul[cublas]}}: " + xp_nvtx_test::describe(got));

  // operations called by an operation are its children
  const auto t = xp::linspace<float, D>(0.1, 30.0, 500);
  const xp::ndarray<float, D> y = xp::sin(1.7f * t) + 0.5f;
  const auto freqs = xp::linspace<float, D>(0.5, 5.0, 64);
  got = ranges_during(
      recorder, [&] { xp::signal::lombscargle(t, y, freqs, {.precenter = true, .normalize = true}); }, &balanced);
  expect(got.size() == 1 && got[0].name == "xp::signal::lombscargle" && child(got[0], "xp::mean") &&
             child(got[0], "xp::sum"),
         "lombscargle with precenter and normalize: its mean and sum are children: " + xp_nvtx_test::describe(got));
  got = ranges_during(
      recorder,
      [&] {
        xp::pde::diffusion_step(t.copy().reshape({20, 25}).astype<double>(), 0.1);
      },
      &balanced);
  expect(xp_nvtx_test::names(got) == std::vector<std::string>{"xp::copy", "xp::astype", "xp::pde::diffusion_step"} &&
             child(got[2], "xp::pde::diffuse"),
         "copy, astype, then diffusion_step{diffuse}: " + xp_nvtx_test::describe(got));

  // an operation that throws still ends its range
  got = ranges_during(
      recorder,
      [&] {
        try {
          xp::sum(x, {3});
          expect(false, "xp::sum(x, {3}) of a 1-D array throws");
        } catch (const xp::index_error&) {}
        try {
          xp::matmul(m, m);
          expect(false, "xp::matmul of (64, 32) and (64, 32) throws");
        } catch (const xp::shape_error&) {}
      },
      &balanced);
  expect(balanced && xp_nvtx_test::names(got) == std::vector<std::string>{"xp::sum", "xp::matmul"},
         "ranges of operations that threw end: " + xp_nvtx_test::describe(got));

  // host arrays push nothing: the ranges mark device work
  got = ranges_during(
      recorder, [] { xp::sum(xp::sin(xp::arange<double>(100)) * xp::ones<double>({100})); }, &balanced);
  expect(got.empty(), "host operations push no range: " + xp_nvtx_test::describe(got));

  // transfers, small (direct) and large (staged through pinned buffers): one range each
  for (const xp::index_t n : {xp::index_t{100}, xp::index_t{3} << 20}) {
    const auto h = xp::ones<float>({n});
    xp::ndarray<float, D> d;
    got = ranges_during(
        recorder, [&] { d = xp::to_device(h); }, &balanced);
    expect(balanced && xp_nvtx_test::names(got) == std::vector<std::string>{"xp::to_device"},
           "to_device: " + xp_nvtx_test::describe(got));
    got = ranges_during(
        recorder, [&] { (void)d.copy_to_host(); }, &balanced);
    expect(balanced && xp_nvtx_test::names(got) == std::vector<std::string>{"xp::copy_to_host"},
           "copy_to_host: " + xp_nvtx_test::describe(got));
  }

  // the run-time switch
  xp::cuda::set_nvtx_ranges(false);
  expect(!xp::cuda::nvtx_ranges(), "set_nvtx_ranges(false) turns them off");
  got = ranges_during(
      recorder, [&] { xp::sum(x); }, &balanced);
  expect(got.empty(), "after set_nvtx_ranges(false): " + xp_nvtx_test::describe(got));
  xp::cuda::set_nvtx_ranges(true);
  got = ranges_during(
      recorder, [&] { xp::sum(x); }, &balanced);
  expect(xp_nvtx_test::names(got) == std::vector<std::string>{"xp::sum"},
         "after set_nvtx_ranges(true): " + xp_nvtx_test::describe(got));
}

void check_off(const xp_nvtx_test::recorder& recorder) {
  for (const op_case& op : operations()) {
    bool balanced = false;
    std::size_t stray = 0;
    const auto got = ranges_during(recorder, op.run, &balanced, &stray);
    expect(got.empty() && stray == 0, std::string(op.what) + " with ranges off: " + xp_nvtx_test::describe(got));
  }
  // (other libraries of the process may use NVTX themselves: only xp's ranges are counted)
  std::printf("xp_nvtx_ranges: with ranges off the recorder was initialised %d times (0: no NVTX call at all)\n",
              recorder.initializations());
  // the same process, switched on: the recorder sees xp's ranges, so the silence above was xp's
  xp::cuda::set_nvtx_ranges(true);
  const auto x = xp::ones<float, D>({1000});
  bool balanced = false;
  const auto got = ranges_during(
      recorder, [&] { xp::sum(x); }, &balanced);
  expect(balanced && xp_nvtx_test::names(got) == std::vector<std::string>{"xp::sum"},
         "switched on at run time: " + xp_nvtx_test::describe(got));
  expect(recorder.initializations() >= 1, "the first range initialised NVTX with the recorder");
  xp::cuda::set_nvtx_ranges(false);
}

}  // namespace

int main() {
  if (!xp::cuda::available()) {
    std::puts("xp_nvtx_ranges: no CUDA device available: skipped");
    return 77;
  }
  try {
    const xp_nvtx_test::recorder recorder;
    const bool on = expected_on_at_start();
    expect(xp::cuda::nvtx_ranges() == on, std::string("xp::cuda::nvtx_ranges() at start is ") +
                                              (xp::cuda::nvtx_ranges() ? "true" : "false") + ", expected " +
                                              (on ? "true" : "false"));
    if (on) check_on(recorder);
    else check_off(recorder);
    if (failures == 0)
      std::printf("xp_nvtx_ranges: ranges %s as expected (XP_NVTX=%s)\n", on ? "on" : "off",
                  std::getenv("XP_NVTX") ? std::getenv("XP_NVTX") : "(unset)");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FAILED: %s\n", e.what());
    return 1;
  }
  return failures == 0 ? 0 : 1;
}
