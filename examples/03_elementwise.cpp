// Tutorial 3: fused elementwise math, three ways.
//
// The seeds' saxpy_trig, z = exp(a * sin(x) + cos(y)), written
//   (1) composed: one NumPy-style call per operation, each result stored (what NumPy and
//       plain CuPy ufuncs do: five passes over memory, four temporaries);
//   (2) fused: the same expression in one line; xp builds it lazily and runs ONE kernel
//       (cp.fuse in CuPy);
//   (3) elementwise_kernel: your own functor, compiled ahead of time (CuPy's
//       ElementwiseKernel, without the JIT).
// The lesson: elementwise work is limited by memory traffic, so fusing is the speed-up.
#include "tutorial.hpp"

#include <cmath>

// The functor of step 4. A struct (not a lambda) because the tutorial body is a generic
// lambda, inside which nvcc allows no [] XP_HD lambdas; in ordinary code either form works.
struct saxpy_trig_fn {
  XP_HD float operator()(float xi, float yi, float ai) const {
    return xp::math::exp(ai * xp::math::sin(xi) + xp::math::cos(yi));
  }
};

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    const xp::index_t n = opt.small ? (1 << 20) : (1 << 26);
    const float a = 0.5f;
    std::printf("03 saxpy_trig: n = %lld float32 on %s\n", static_cast<long long>(n), tutorial::name<B>());

    // Step 1: inputs, created where they are used.
    auto x = xp::random::uniform<float, B>({n}, -3.f, 3.f, 1);
    auto y = xp::random::uniform<float, B>({n}, -3.f, 3.f, 2);

    // Step 2: composed, one stored temporary per operation.
    xp::ndarray<float, B> z1;
    auto composed = [&] {
      xp::ndarray<float, B> s = xp::sin(x);
      xp::ndarray<float, B> as = a * s;
      xp::ndarray<float, B> c = xp::cos(y);
      xp::ndarray<float, B> sum = as + c;
      z1 = xp::exp(sum);
    };
    composed();
    const double t1 = tutorial::time_ms<B>(composed);

    // Step 3: fused, one kernel (xp::debug::launch_count() proves it).
    xp::ndarray<float, B> z2;
    auto fused = [&] { z2 = xp::exp(a * xp::sin(x) + xp::cos(y)); };
    fused();
    const auto launches = xp::debug::launch_count();
    const double t2 = tutorial::time_ms<B>(fused);
    const auto fused_launches = xp::debug::launch_count() - launches;

    // Step 4: a functor of our own, the same on host and device (XP_HD).
    auto saxpy_trig = xp::elementwise_kernel(saxpy_trig_fn{});
    xp::ndarray<float, B> z3 = saxpy_trig(x, y, a);
    const double t3 = tutorial::time_ms<B>([&] { saxpy_trig(x, y, a, xp::out(z3)); });

    // Step 5: the same on the host, for comparison.
    auto hx = x.copy_to_host(), hy = y.copy_to_host();
    xp::ndarray<float> zh;
    zh = xp::exp(a * xp::sin(hx) + xp::cos(hy));
    const double th = tutorial::time_ms<xp::host>([&] { zh = xp::exp(a * xp::sin(hx) + xp::cos(hy)); });

    // Step 6: check all three against a float64 reference.
    const auto r1 = z1.copy_to_host(), r2 = z2.copy_to_host(), r3 = z3.copy_to_host();
    bool ok = fused_launches == 1;
    for (xp::index_t i = 0; ok && i < n; i += 97) {
      const double want = std::exp(a * std::sin(double(hx.data()[i])) + std::cos(double(hy.data()[i])));
      for (float got : {r1.data()[i], r2.data()[i], r3.data()[i], zh.data()[i]})
        ok = ok && std::abs(got - want) <= 2e-6 * want;
    }
    const double gb = 3.0 * n * sizeof(float) / 1e9;
    std::printf("  composed (5 passes)       %9.3f ms\n", t1);
    std::printf("  fused (%lld kernel)          %9.3f ms  (%.0f GB/s effective)\n",
                static_cast<long long>(fused_launches), t2, gb / (t2 * 1e-3));
    std::printf("  elementwise_kernel        %9.3f ms  (%.0f GB/s effective)\n", t3, gb / (t3 * 1e-3));
    std::printf("  host, fused               %9.3f ms  -> %s is %.1fx the host\n", th, tutorial::name<B>(), th / t2);
    return ok;
  });
}
