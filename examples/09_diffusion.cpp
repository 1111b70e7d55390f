// Tutorial 9: 2-D diffusion, the seeds' example of a custom kernel.
//
// Heat spreads: each step every cell moves towards the mean of its four neighbours,
// f <- f - c * laplacian(f), with cells outside the grid held at 0. The seeds write this as a
// CUDA kernel that updates the field in place, which races (a cell may read a neighbour that
// was already updated this step). xp::pde::diffuse keeps two buffers, so every step reads only
// the previous one, and runs on either backend. This tutorial builds a jagged field (random
// blobs, thresholded), runs 10,000 steps with a progress bar, times them, and writes three PNG
// images: the original field, the field afterwards, and the last Laplacian.
#include "tutorial.hpp"

#include <cmath>
#include <cstdio>
#include <string>

#include "plot.hpp"

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    const xp::index_t n = opt.small ? 200 : 2000, steps = opt.small ? 500 : 10000;
    // 0.25 is the stability limit: there the checkerboard mode of the jagged start neither grows
    // nor decays (its factor per step is 1 - 8 c = -1) and speckles the Laplacian; 0.2 damps it.
    const double coeff = 0.2;
    std::printf("09 diffusion: %lld x %lld float32, %lld steps on %s\n", static_cast<long long>(n),
                static_cast<long long>(n), static_cast<long long>(steps), tutorial::name<B>());

    // Step 1: a jagged field: 30 Gaussian blobs at random places, thresholded to 0 or 1.
    const auto rows = xp::arange<float, B>(n).reshape({n, 1}), cols = xp::arange<float, B>(n).reshape({1, n});
    const auto centres = xp::random::uniform<float, xp::host>({30, 2}, 0.f, float(n), 11);
    xp::ndarray<float, B> blobs = xp::zeros<float, B>({n, n});
    const float r2 = float(n) * float(n) / 400.f;
    for (int k = 0; k < 30; ++k) {
      const float ci = centres.at(k, 0), cj = centres.at(k, 1);
      blobs += xp::exp(-((rows - ci) * (rows - ci) + (cols - cj) * (cols - cj)) / r2);
    }
    xp::ndarray<float, B> field = xp::where(blobs > 0.5f, 1.f, 0.f);
    const auto original = field.copy_to_host();
    const double total0 = xp::sum(field.template astype<double>()).item();

    // Step 2: the host result of the first steps is the oracle for the chosen backend.
    auto check = field.copy();
    xp::pde::diffuse(check, coeff, 10);
    auto oracle = original.copy();
    xp::pde::diffuse(oracle, coeff, 10);
    const double oracle_diff = xp::max(xp::abs(check.copy_to_host() - oracle)).item();

    // Step 3: 10,000 steps in 20 chunks, with a progress bar; the last chunk keeps its Laplacian.
    xp::ndarray<float, B> lap;
    const int chunks = 20;
    const double ms = tutorial::time_ms<B>([&] {
      for (int c = 0; c < chunks; ++c) {
        const xp::index_t todo = steps / chunks + (c < steps % chunks ? 1 : 0);
        xp::pde::diffuse(field, coeff, todo, {.laplacian = c + 1 == chunks ? &lap : nullptr});
        tutorial::sync<B>();
        std::printf("\r  [%-20s] %3d%%", std::string(c + 1, '#').c_str(), (c + 1) * 100 / chunks);
        std::fflush(stdout);
      }
    });
    std::printf("\n  %lld steps: %.1f ms, %.2f us per step\n", static_cast<long long>(steps), ms,
                ms * 1e3 / double(steps));

    // Step 4: the physics holds: nothing negative, nothing above the start, the total did not grow.
    const double total = xp::sum(field.template astype<double>()).item();
    const float lo = xp::min(field).item(), hi = xp::max(field).item();
    std::printf("  total heat %.1f -> %.1f, values in [%.3g, %.3g], backend vs host after 10 steps: %.1e\n", total0,
                total, double(lo), double(hi), oracle_diff);
    const bool ok = lo >= 0.f && hi <= 1.f && total <= total0 * (1 + 1e-6) && oracle_diff <= 1e-5;

    // Step 5: the three images.
    const auto after = field.template astype<double>().copy_to_host(),
               last = lap.template astype<double>().copy_to_host();
    const auto first = original.template astype<double>();
    const int side = static_cast<int>(n);
    if (tutorial::field_png("diffusion_start.png", first.data(), side, side, false) &&
        tutorial::field_png("diffusion_end.png", after.data(), side, side, false) &&
        tutorial::field_png("diffusion_laplacian.png", last.data(), side, side, true))
      std::puts("  wrote diffusion_start.png, diffusion_end.png, diffusion_laplacian.png");
    return ok;
  });
}
