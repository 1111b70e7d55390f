// Tutorial 6: Monte Carlo pi.
//
// Random points in the unit square; the fraction inside the quarter circle is pi/4. The
// counter-based generator (Philox) makes the same points on the host and on the GPU for the
// same seed, so the two estimates agree to the last point, and the count is one fused
// reduction: count_nonzero(x*x + y*y <= 1) never stores the squares.
#include "tutorial.hpp"

#include <cmath>

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    const xp::index_t n = opt.small ? (1 << 22) : (1 << 28);
    std::printf("06 Monte Carlo pi: %lld points on %s\n", static_cast<long long>(n), tutorial::name<B>());

    // Step 1: the points (float64 for a fair estimate).
    xp::ndarray<double, B> x, y;
    const double t_gen = tutorial::time_ms<B>([&] {
      x = xp::random::uniform<double, B>({n}, 0.0, 1.0, 2026);
      y = xp::random::uniform<double, B>({n}, 0.0, 1.0, 1122);
    });

    // Step 2: count the points inside: one pass, no temporaries.
    std::int64_t inside = 0;
    const double t_count = tutorial::time_ms<B>([&] { inside = xp::count_nonzero(x * x + y * y <= 1.0).item(); });
    const double pi = 4.0 * double(inside) / double(n);

    // Step 3: the same seed on the host gives the same points: the same count.
    const xp::index_t check = 1 << 16;
    const auto hx = xp::random::uniform<double>({check}, 0.0, 1.0, 2026);
    const auto hy = xp::random::uniform<double>({check}, 0.0, 1.0, 1122);
    const auto host_inside = xp::count_nonzero(hx * hx + hy * hy <= 1.0).item();
    const auto dev_inside =
        xp::count_nonzero(
            x(xp::range(0, check)) * x(xp::range(0, check)) + y(xp::range(0, check)) * y(xp::range(0, check)) <= 1.0)
            .item();

    // Step 4: within four standard errors of pi.
    const double sigma = 4.0 * std::sqrt(M_PI / 4 * (1 - M_PI / 4) / double(n));
    const bool ok = std::abs(pi - M_PI) <= 4 * sigma && host_inside == dev_inside;
    std::printf("  pi ~ %.8f (error %.2e, standard error %.2e); generate %.3f ms, count %.3f ms\n", pi,
                std::abs(pi - M_PI), sigma, t_gen, t_count);
    return ok;
  });
}
