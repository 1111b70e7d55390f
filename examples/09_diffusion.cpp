// Tutorial 9: 2-D diffusion, the seeds' example of a custom kernel.
//
// Heat spreads: each step every cell moves towards the mean of its four neighbours,
// f <- f - c * laplacian(f), with laplacian(f) = 4 f[i, j] - (the four neighbours) and cells
// outside the grid held at 0. The seeds write this as a CUDA kernel that updates the field in
// place, which races (a cell may read a neighbour that was already updated this step).
// xp::pde::diffuse keeps two buffers, so every step reads only the previous one, and runs on
// either backend.
//
// The start is the seed's jagged image: white noise, smoothed in Fourier space by a power law
// (fft2, fftshift, a filter on the radius, ifftshift, ifft2), cut to a disc and to its hottest
// 30% (the 70th percentile). Step 1 writes it twice: line for line as the seed's NumPy, and as
// the same numbers with the shifts folded into the filter (fftshift, multiply, ifftshift is a
// multiply by the filter laid out as fft2 lays out its frequencies: fftfreq's signed bins) and
// half the spectrum (the noise is real: rfft2 and irfft2), in float32.
//
// Then it checks the backend against the host, times the steps, runs the seeds' 10,000 steps on
// 2000 x 2000 cells with a progress bar, checks the physics (nothing negative, nothing hotter than
// the start, no heat created), and draws the field before and after and the last step's Laplacian.
//
// A step reads and writes every cell: 8 bytes per float32 cell, so the yardstick is the copy
// bandwidth. On the GPU xp::pde::diffuse does several steps per pass over memory (temporal
// blocking), so its "effective" bandwidth (8 bytes per cell per step) can beat a copy. The host
// does one pass per step, but its two buffers (2 x 16 MB at 2000 x 2000) are about the size of
// a server CPU's last-level cache, so much of each step reads the cache, not memory, and the
// host too can print more than 100% of the copy (measured on 512 MiB): the tutorial prints
// the cache's size beside it. The host runs 1,000 of the 10,000 steps (and says what 10,000
// would take); the GPU runs all of them.
//
//   out/tutorials/09_diffusion/start.npy, end.npy, laplacian.npy, run.csv
//   out/tutorials/09_diffusion/diffusion.png   the three fields, each with its colour bar
#include "seed_field.hpp"
#include "tutorial.hpp"

#include <cmath>
#include <cstdio>
#include <string>

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    constexpr bool gpu = std::is_same_v<B, xp::cuda>;
    const xp::index_t n = opt.small ? 200 : 2000, seeds_steps = opt.small ? 500 : 10000;
    const xp::index_t steps = gpu || opt.small ? seeds_steps : 1000;
    // 0.25 is the stability limit: there the checkerboard mode of the jagged start neither grows
    // nor decays (its factor per step is 1 - 8 c = -1) and speckles the Laplacian; 0.2 damps it.
    const double coeff = 0.2;
    std::printf("09 diffusion: %lld x %lld float32, %lld steps on %s\n", static_cast<long long>(n),
                static_cast<long long>(n), static_cast<long long>(steps), tutorial::name<B>());
    if (steps < seeds_steps)
      std::printf("  (the GPU run does the seeds' %lld steps; here %lld keep the host run short)\n",
                  static_cast<long long>(seeds_steps), static_cast<long long>(steps));
    const std::string dir = tutorial::output_dir("09_diffusion");

    // Step 1: the seed's jagged field, as written and fused; the fused one is the start.
    tutorial::progress("the seed's jagged field");
    const xp::ndarray<double, B> written = seed_field::as_written<B>(n, n);
    xp::ndarray<float, B> field = seed_field::fused<B>(n, n);
    // The two agree but for cells within float32 rounding of the cut (float32 against float64):
    // a few in 10^4 may fall on the other side of it.
    const xp::ndarray<double, B> as_double = field.template astype<double>();
    const double flipped = double(xp::count_nonzero((as_double > 0.0) != (written > 0.0)).item()) / double(n * n);
    const double scale = xp::abs(written).max().item();
    const double field_diff =
        xp::max(xp::abs(as_double - written) * ((as_double > 0.0) == (written > 0.0))).item() / scale;
    const tutorial::sampling field_sampling = gpu ? tutorial::sampling{} : tutorial::sampling{1, 3, 3, 0};
    const tutorial::timing t_written =
        tutorial::measure<B>([&] { (void)seed_field::as_written<B>(n, n); }, field_sampling);
    const tutorial::timing t_fused = tutorial::measure<B>([&] { (void)seed_field::fused<B>(n, n); }, field_sampling);
    std::printf("  as the seed writes it (complex128 after the filter): %.2f ms; fused, float32: %.2f ms (%.1fx)\n",
                t_written.median_ms, t_fused.median_ms, t_written.median_ms / t_fused.median_ms);
    std::printf("  the two agree to %.1e of the largest value; %.4f%% of the cells fall on the other side of the cut\n",
                field_diff, 100 * flipped);
    std::printf("  (the seed's NumPy took 577 ms and CuPy 23.2 ms for 2000 x 2000 on an H100 machine)\n");
    const auto original = field.copy_to_host();
    const double total0 = field.template astype<double>().sum().item();
    const float start_max = field.max().item();

    // Step 2: the host result of the first steps is the oracle for the chosen backend.
    auto check = field.copy();
    xp::pde::diffuse(check, coeff, 10);
    auto oracle = original.copy();
    xp::pde::diffuse(oracle, coeff, 10);
    const double oracle_diff = (xp::abs(check.copy_to_host() - oracle)).max().item();

    // Step 3: the time per step, by measure() on a scratch copy of the field (a chunk of steps
    // per call, so that the GPU's launches are not all there is to see).
    tutorial::progress("timing the steps");
    const xp::index_t chunk = gpu ? 1000 : (opt.small ? 50 : 20);
    auto scratch = field.copy();
    const tutorial::timing t = tutorial::measure<B>([&] { xp::pde::diffuse(scratch, coeff, chunk); },
                                                    gpu ? tutorial::sampling{} : tutorial::sampling{1, 3, 3, 0});
    const double us_per_step = t.median_ms * 1e3 / double(chunk);
    const double gbs = 8.0 * double(n) * double(n) / (us_per_step * 1e3);
    const double copy_gbs = tutorial::copy_bandwidth_gbs<B>();
    tutorial::print_copy_bandwidth<B>();
    std::printf("  one step: %.3f ms median, %.3f ms min (%d runs of %lld steps)\n", us_per_step * 1e-3,
                t.min_ms / double(chunk), t.runs, static_cast<long long>(chunk));
    std::printf("  effective %.1f GB/s (8 bytes per cell per step) = %.0f%% of this %s's copy bandwidth\n", gbs,
                100 * gbs / copy_gbs, gpu ? "GPU" : "CPU");
    // Beating the copy: the GPU by temporal blocking (several steps per pass over memory); the
    // CPU when its two buffers fit in its last-level cache, whereas the copy moves 512 MiB.
    const double cache = gpu ? 0.0 : tutorial::host_cache_bytes();  // bytes; 0: a GPU run, or not known
    if constexpr (!gpu) {
      const double buffers = 2.0 * 4.0 * double(n) * double(n);
      if (cache > 0)
        std::printf(
            "  the two %.0f MiB buffers are %.0f%% of this CPU's %.0f MiB last-level cache: %s\n",
            buffers / 2 / (1 << 20), 100 * buffers / cache, cache / (1 << 20),
            buffers <= cache ? "much of a step is read from the cache, not from memory" : "each step goes to memory");
    }
    std::printf("  the seeds' %lld steps: %.2f s at this rate (the seeds' A40: about 2.7 s)\n",
                static_cast<long long>(seeds_steps), us_per_step * double(seeds_steps) * 1e-6);

    // Step 4: the run, in 20 chunks with a progress bar; the last chunk keeps its Laplacian.
    tutorial::progress((std::to_string(steps) + " steps").c_str());
    xp::ndarray<float, B> lap;
    const int chunks = 20;
    for (int c = 0; c < chunks; ++c) {
      const xp::index_t todo = steps / chunks + (c < steps % chunks ? 1 : 0);
      xp::pde::diffuse(field, coeff, todo, {.laplacian = c + 1 == chunks ? &lap : nullptr});
      tutorial::sync<B>();
      std::printf("\r  [%-20s] %3d%%", std::string(c + 1, '#').c_str(), (c + 1) * 100 / chunks);
      std::fflush(stdout);
    }
    std::printf("\n");

    // Step 5: the physics holds: nothing negative, nothing above the start, the total did not grow.
    const double total = field.template astype<double>().sum().item();
    const float lo = field.min().item(), hi = field.max().item();
    std::printf("  total heat %.1f -> %.1f (%s), values in [%.3g, %.3g]\n", total0, total,
                total < total0 * (1 - 1e-6)
                    ? "heat leaves through the cold edges"
                    : "none lost: heat leaves only through the cold edges, and has not reached them",
                double(lo), double(hi));
    std::printf("  backend against the host after 10 steps: largest difference %.1e\n", oracle_diff);
    const bool ok = lo >= 0.f && hi <= start_max && total <= total0 * (1 + 1e-6) && oracle_diff <= 1e-5 * start_max &&
                    field_diff <= 1e-4 && flipped <= 1e-3;

    // Step 6: the three fields for the figure.
    xp::save_npy(dir + "/start.npy", original);
    xp::save_npy(dir + "/end.npy", field);
    xp::save_npy(dir + "/laplacian.npy", lap);
    const std::string run_path = dir + "/run.csv";
    std::FILE* run = std::fopen(run_path.c_str(), "w");
    if (!run) throw xp::io_error("cannot write " + run_path);
    std::fprintf(run,
                 "backend,n,steps,coeff,us_per_step,field_ms_as_written,field_ms_fused,gbs,copy_gbs,cache_bytes\n"
                 "%s,%lld,%lld,%g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g\n",
                 tutorial::name<B>(), static_cast<long long>(n), static_cast<long long>(steps), coeff, us_per_step,
                 t_written.median_ms, t_fused.median_ms, gbs, copy_gbs, cache);
    std::fclose(run);
    tutorial::plot("09_diffusion", dir);
    return ok;
  });
}
