// Tutorial 1: vector add, r = x + y.
//
// The first kernel of every CUDA course (Numba's `add[blocks, threads](r, x, y)`, CuPy's
// `x + y`), in xp. The same code runs on the CPU or the GPU: only the backend tag changes.
// The lesson is about data movement: xp never moves data behind your back. You create the
// inputs on the host, move them with xp::to_device (explicit, like numba.cuda.to_device),
// compute where the data lives, and bring the answer back with copy_to_host.
//
// What to notice in the timings: for a single addition, the transfers cost far more than the
// arithmetic; the GPU wins only when data stays on the device for many operations.
#include "tutorial.hpp"

#include <cmath>

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    const xp::index_t n = opt.small ? (1 << 20) : (1 << 26);
    std::printf("01 vector add: n = %lld float32 on %s\n", static_cast<long long>(n), tutorial::name<B>());

    // Step 1: inputs on the host (xp::host is the default backend).
    xp::ndarray<float> x = xp::random::uniform<float>({n}, -1.f, 1.f, /*seed=*/1);
    xp::ndarray<float> y = xp::random::uniform<float>({n}, -1.f, 1.f, /*seed=*/2);

    // Step 2: the CPU baseline, one pass over x and y.
    xp::ndarray<float> r_host;
    const double t_host = tutorial::time_ms<xp::host>([&] { r_host = x + y; });

    // Step 3: move the inputs explicitly (a no-op copy of the handle when B is the host).
    xp::ndarray<float, B> dx, dy;
    const double t_in = tutorial::time_ms<B>([&] {
      dx = xp::asarray<B>(x);
      dy = xp::asarray<B>(y);
    });

    // Step 4: the addition where the data lives: one fused elementwise kernel.
    xp::ndarray<float, B> dr = dx + dy;  // warm-up (first launch)
    const double t_add = tutorial::time_ms<B>([&] { dr = dx + dy; });

    // Step 5: bring the answer back and check it element by element.
    xp::ndarray<float> r;
    const double t_out = tutorial::time_ms<B>([&] { r = dr.copy_to_host(); });
    bool ok = r.shape() == x.shape();
    for (xp::index_t i = 0; ok && i < n; ++i) ok = r.data()[i] == x.data()[i] + y.data()[i];
    for (xp::index_t i = 0; ok && i < n; ++i) ok = r_host.data()[i] == r.data()[i];

    const double gbs = 3.0 * n * sizeof(float) / (t_add * 1e-3) / 1e9;
    std::printf("  host x + y            %9.3f ms\n", t_host);
    std::printf("  to %-18s %9.3f ms\n", tutorial::name<B>(), t_in);
    std::printf("  x + y on %-12s %9.3f ms  (%.0f GB/s)\n", tutorial::name<B>(), t_add, gbs);
    std::printf("  back to host          %9.3f ms\n", t_out);
    return ok;
  });
}
