// Tutorial 3: fused elementwise math, three ways.
//
// The seeds' saxpy_trig, z = exp(a * sin(x) + cos(y)), written
//   (1) composed: one NumPy-style call per operation, each result stored (what NumPy and
//       plain CuPy ufuncs do: five passes over memory, four temporaries);
//   (2) fused: the same expression in one line; xp builds it lazily and runs ONE kernel
//       (cp.fuse in CuPy);
//   (3) elementwise_kernel: your own functor, compiled ahead of time (CuPy's
//       ElementwiseKernel, without the JIT).
// On a GPU, elementwise work is limited by memory traffic: a fused kernel reads x and y and
// writes z once, close to the copy bandwidth, and fusing is the speed-up. On a CPU, sin, cos
// and exp cost more than moving the bytes: the same kernel is limited by arithmetic, far
// below the copy bandwidth, and the GPU's lead is largest. There xp computes a register of 8
// or 16 floats at a time with xsimd's vectorised sin, cos and exp, for the fused expression and
// for your functor alike (step 5 says what that asks of the functor; a build by nvcc calls the
// functor an element at a time on the CPU, about 12x slower). Every time is printed as GB/s
// (the 12 bytes each element reads and writes, per second) beside the measured copy
// bandwidth, and drawn in out/tutorials/03_elementwise/saxpy_trig.png.
#include "tutorial.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>

// The functor of step 5. A struct (not a lambda) because the tutorial body is a generic
// lambda, inside which nvcc allows no [] XP_HD lambdas; in ordinary code either form works.
// Its operator() is a template and `vectorize` says its body holds for registers as well as
// for floats (arithmetic and xp::math do; a branch on a value would not): the GPU calls it on
// floats, the CPU on xsimd registers of 8 or 16 floats. Without it the CPU would call it an
// element at a time, about 12x slower.
struct saxpy_trig_fn {
  static constexpr bool vectorize = true;
  template <class T>
  XP_HD T operator()(T xi, T yi, T ai) const {
    return xp::math::exp(ai * xp::math::sin(xi) + xp::math::cos(yi));
  }
};

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    constexpr bool on_host = std::is_same_v<B, xp::host>;
    const xp::index_t n = opt.small ? (1 << 20) : (1 << 26);
    const float a = 0.5f;
    std::printf("03 saxpy_trig z = exp(a sin(x) + cos(y)): n = %lld float32 on %s\n", static_cast<long long>(n),
                tutorial::name<B>());
    const std::string dir = tutorial::output_dir("03_elementwise");

    // Step 1: the yardstick: how fast this backend copies memory (bytes read + written / s),
    // measured once per run and shared by the tutorials (tutorial.hpp, copy_bandwidth).
    const double copy = tutorial::copy_bandwidth_gbs<B>();
    tutorial::print_copy_bandwidth<B>();

    // Step 2: inputs, created where they are used. The CPU takes seconds for 2^26 sin, cos
    // and exp: it computes 2^22 elements and its times are scaled to n, marked *.
    const xp::index_t m_host = std::min<xp::index_t>(n, 1 << 22);
    const xp::index_t m = on_host ? m_host : n;  // the elements this backend computes
    const auto xs = xp::random::uniform<float, B>({m}, -3.f, 3.f, 1);
    const auto ys = xp::random::uniform<float, B>({m}, -3.f, 3.f, 2);
    auto timed = [&](auto tag, xp::index_t elements, auto&& f) {
      tutorial::timing t = tutorial::measure<decltype(tag)>(f);
      const double scale = double(n) / double(elements);
      return tutorial::timing{t.median_ms * scale, t.min_ms * scale, t.runs};
    };

    // Step 3: composed, one stored temporary per operation: five kernels, five passes.
    xp::ndarray<float, B> z1;
    auto composed = [&] {
      xp::ndarray<float, B> s = xp::sin(xs);
      xp::ndarray<float, B> as = a * s;
      xp::ndarray<float, B> c = xp::cos(ys);
      xp::ndarray<float, B> sum = as + c;
      z1 = xp::exp(sum);
    };
    const auto before_composed = xp::debug::launch_count();
    composed();
    const auto composed_launches = xp::debug::launch_count() - before_composed;
    const tutorial::timing t1 = timed(backend, m, composed);

    // Step 4: fused: the expression is built lazily and evaluated by ONE kernel, here into an
    // existing z2 (np.exp(..., out=z2)); xp::debug::launch_count() proves the one.
    auto z2 = xp::empty<float, B>({m});
    auto fused = [&] { xp::eval(xp::exp(a * xp::sin(xs) + xp::cos(ys)), z2); };
    const auto before_fused = xp::debug::launch_count();
    fused();
    const auto fused_launches = xp::debug::launch_count() - before_fused;
    const tutorial::timing t2 = timed(backend, m, fused);

    // Step 5: a functor of our own, the same on host and device (XP_HD), into an existing z3.
    auto saxpy_trig = xp::elementwise_kernel(saxpy_trig_fn{});
    auto z3 = xp::empty<float, B>({m});
    const tutorial::timing t3 = timed(backend, m, [&] { saxpy_trig(xs, ys, a, xp::out(z3)); });

    // Step 6: on a GPU run, the fused expression on the host too (on the first m_host
    // elements, copied over), for comparison.
    const auto hx = xs(xp::range(0, m_host)).copy_to_host(), hy = ys(xp::range(0, m_host)).copy_to_host();
    auto zh = xp::empty<float>({m_host});
    tutorial::timing th{};
    if constexpr (!on_host)
      th = timed(xp::host{}, m_host, [&] { xp::eval(xp::exp(a * xp::sin(hx) + xp::cos(hy)), zh); });
    else zh = z2;

    // Step 7: the table: GB/s beside the copy bandwidth.
    const double bytes = 3.0 * double(n) * sizeof(float);
    const char* star = on_host && m < n ? " *" : "";
    std::ofstream csv(dir + "/saxpy_trig.csv");
    csv << "variant,median_ms,min_ms,gbs\n";
    auto line = [&](const char* key, const char* what, const tutorial::timing& t, double yardstick, const char* mark) {
      const double gbs = bytes / (t.median_ms * 1e6);
      std::printf("  %-36s %9.3f ms (min %9.3f) %7.1f GB/s = %5.1f%% of the copy bandwidth\n",
                  (std::string(what) + mark).c_str(), t.median_ms, t.min_ms, gbs, 100 * gbs / yardstick);
      csv << key << ',' << t.median_ms << ',' << t.min_ms << ',' << gbs << '\n';
    };
    // a GPU runs each pass as a kernel launch; the CPU as a parallel loop over the array
    const char* passes = on_host ? "loops" : "kernels";
    const char* pass = on_host ? "loop" : "kernel";
    char label[64];
    std::snprintf(label, sizeof label, "composed (%lld %s)", static_cast<long long>(composed_launches), passes);
    line("composed", label, t1, copy, star);
    std::snprintf(label, sizeof label, "fused (%lld %s)", static_cast<long long>(fused_launches), pass);
    line("fused", label, t2, copy, star);
    line("elementwise_kernel", "elementwise_kernel", t3, copy, star);
    double host_copy = copy;
    if constexpr (!on_host) {
      host_copy = tutorial::copy_bandwidth_gbs<xp::host>();
      tutorial::print_copy_bandwidth<xp::host>();
      line("host_fused", "host, fused", th, host_copy, " *");
      std::printf("  (host line: against the host's copy bandwidth, %.1f GB/s) -> the GPU is %.0fx the host\n",
                  host_copy, th.median_ms / t2.median_ms);
    }
#if defined(__CUDACC__)
    // nvcc compiled this unit: on the host, elementwise_kernel calls the functor an element at a
    // time (include/xp/expr/kernel.hpp says why), where the fused expression runs on registers
    constexpr bool functor_on_registers = false;
    if constexpr (on_host)
      std::puts(
          "  (compiled by nvcc: on the CPU elementwise_kernel calls the functor an element at a time,\n"
          "   unlike the fused expression; built by g++ or clang++ it runs on xsimd registers too)");
#else
    constexpr bool functor_on_registers = true;
#endif
    if (m_host < n) {
      std::printf("  * computed on %lld elements, the time scaled to %lld\n", static_cast<long long>(m_host),
                  static_cast<long long>(n));
    }
    std::printf("  fusing saves %.1fx over the composed form\n", t1.median_ms / t2.median_ms);
    csv.close();
    std::ofstream(dir + "/info.csv") << "key,value\nn," << n << "\nmachine," << tutorial::machine<B>() << "\nbackend,"
                                     << (on_host ? "host" : "cuda") << "\ncopy_gbs," << copy << "\nhost_copy_gbs,"
                                     << host_copy << "\nhost_elements," << m_host << "\ncomposed_passes,"
                                     << composed_launches << "\nfused_passes," << fused_launches
                                     << "\nfunctor_on_registers," << int(functor_on_registers) << '\n';

    // Step 8: check all of them against a float64 reference, on every 97th element.
    const auto pick = xp::range(0, m, 97);
    const auto rx = xp::astype<double>(xs(pick).copy_to_host()), ry = xp::astype<double>(ys(pick).copy_to_host());
    const xp::ndarray<double> ref = xp::exp(double(a) * xp::sin(rx) + xp::cos(ry));
    auto close = [&](const auto& z) {
      const auto got = xp::astype<double>(z(pick).copy_to_host());
      return (xp::abs(got - ref) <= 2e-6 * ref).all().item();
    };
    const xp::ndarray<double> ref_h = ref(xp::range(0, (m_host + 96) / 97));
    const auto got_h = xp::astype<double>(zh(xp::range(0, m_host, 97)));
    const bool host_ok = (xp::abs(got_h - ref_h) <= 2e-6 * ref_h).all().item();
    const bool ok = composed_launches == 5 && fused_launches == 1 && close(z1) && close(z2) && close(z3) && host_ok;
    std::printf("  check against float64 on every 97th element: %s\n", ok ? "right" : "WRONG");
    std::printf("  wrote %s/saxpy_trig.csv\n", dir.c_str());
    tutorial::plot("03_elementwise", dir);
    return ok;
  });
}
