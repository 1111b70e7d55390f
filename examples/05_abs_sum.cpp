// Tutorial 5: a custom reduction, the seeds' sum of absolute values.
//
// Numba's @cuda.reduce and CuPy's ReductionKernel let you write the map and the combine step
// yourself. In xp a reduction is {map, reduce, post, identity}; reduction_kernel compiles
// it ahead of time for every backend, and it works along axes like xp::sum.
//
// The seeds compare three ways across sizes 2^12 ... 2^27: NumPy's
// (v * np.where(v < 0, -1, 1)).sum(), which stores two temporaries and reads memory three
// times; a parallel CPU loop (Numba's prange); and the GPU reduction. Here: the NumPy way
// written in xp with its temporaries, the reduction kernel on the host (one pass, all cores),
// and the same kernel on the device. The times go to out/tutorials/05_abs_sum/abs_sum.csv and
// are drawn in abs_sum.png: time against n, and speed-up over the NumPy way.
//
// The NumPy way's two temporaries are new buffers at every call. From 2^15 float32 (128 KiB)
// glibc's malloc maps each one fresh from the kernel, and its first write pays a page fault per
// 4 KiB; from 2^18 (1 MiB) xp's host memory reuses its buffers instead (docs/memory.md). Between
// the two the NumPy way jumps (4x from 2^14 to 2^15 on the 2-core machine where this was
// written, half of it page faults), and so does the kernel's speed-up over it: the figure
// shades that band.
#include "tutorial.hpp"

#include <cmath>
#include <fstream>
#include <string>
#include <vector>

// The map of the reduction (a struct: see tutorial 3 on lambdas inside generic lambdas).
struct absolute_value {
  XP_HD float operator()(float v) const { return v < 0 ? -v : v; }
};

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    constexpr bool on_gpu = !std::is_same_v<B, xp::host>;
    // 8192 x 8192 = 2^26 elements on a GPU; a host-only run takes 4096 x 4096 = 2^24 (the CPU
    // draws normal random numbers slowly) and --small 512 x 1024.
    const xp::index_t rows = opt.small ? 512 : (on_gpu ? 8192 : 4096), cols = opt.small ? 1024 : rows;
    const xp::index_t n = rows * cols;
    const int top = int(std::lround(std::log2(double(n))));  // the benchmark goes up to n = 2^top
    std::printf("05 abs-sum: n = %lld float32 (as %lld x %lld) on %s\n", static_cast<long long>(n),
                static_cast<long long>(rows), static_cast<long long>(cols), tutorial::name<B>());
    if (!on_gpu && !opt.small) std::printf("  (a host-only run: 4096 x 4096; on a GPU, 8192 x 8192)\n");
    const std::string dir = tutorial::output_dir("05_abs_sum");

    // Step 1: the kernel: map |x|, combine with +, post-map nothing, start from 0.
    auto abssum = xp::reduction_kernel(absolute_value{}, xp::plus{}, xp::identity{}, 0.f);

    // Step 2: data with both signs, drawn on the backend; a copy on the host for the host's
    // timings and the reference (on the host backend, asarray is the same array).
    const auto v = xp::random::normal<float, B>({n}, 0.f, 1.f, /*seed=*/7);
    const auto h = xp::asarray<xp::host>(v);

    // Step 3: over everything, then per column (axis 0) and per row (axis 1) of the same
    // memory seen as a matrix (reshape is a view).
    const float total = abssum(v).item();
    const auto m = v.reshape({rows, cols});
    const auto per_col = abssum(m, {0}).copy_to_host();
    const auto per_row = abssum(m, {1}).copy_to_host();

    // Step 4: the built-ins say the same: xp::abs(m).sum() fuses the map into the reduction
    // exactly like the kernel; the NumPy way stores sign and product first.
    const float builtin = xp::abs(m).sum().item();
    const float numpy_way = [&] {
      const xp::ndarray<float, B> sign = xp::where(v < 0.f, -1.f, 1.f);
      const xp::ndarray<float, B> product = v * sign;
      return product.sum().item();
    }();

    // Step 5: check everything against a float64 reference on the host (one fused pass).
    const double ref = xp::abs(xp::astype<double>(h)).sum().item();
    const double cols_total = xp::astype<double>(per_col).sum().item();
    const double rows_total = xp::astype<double>(per_row).sum().item();
    bool ok = true;
    for (double got : {double(total), double(builtin), double(numpy_way), cols_total, rows_total})
      ok = ok && std::abs(got - ref) <= 1e-5 * ref;
    std::printf("  abs-sum %.7g; float64 reference %.7g; per column then total %.7g; per row %.7g\n", total, ref,
                cols_total, rows_total);
    std::printf("  (E|x| of N(0,1) is sqrt(2/pi): n * 0.7979 = %.7g)\n", std::sqrt(2 / M_PI) * double(n));

    // Step 6: the seeds' benchmark: each way on the first 2^k elements (views), k = 12 ... top,
    // each result checked against its float64 sum. To stay quick, the host ways take a warm-up
    // and three runs (their median) above 2^20.
    // The copy bandwidths, measured once per run and shared by the tutorials (tutorial.hpp).
    const double host_copy = tutorial::copy_bandwidth_gbs<xp::host>();
    const double dev_copy = on_gpu ? tutorial::copy_bandwidth_gbs<B>() : NAN;
    tutorial::print_copy_bandwidth<xp::host>();
    if (on_gpu) tutorial::print_copy_bandwidth<B>();
    char what[96];
    std::snprintf(what, sizeof what, "timing n = 2^12 ... 2^%d%s", top,
                  on_gpu ? "" : " (the device column needs a GPU)");
    tutorial::progress(what);
    std::printf("  %11s %14s %14s %14s   (medians, ms)\n", "n", "host NumPy way", "host kernel", "device kernel");
    const int count = top - 12 + 1;
    auto table = xp::full<double>({count, 7}, NAN);  // n, then median and min of each way
    std::vector<double> t_numpy, t_kernel, t_device;
    for (int e = 12; e <= top; ++e) {
      const xp::index_t k = xp::index_t{1} << e;
      const int row = e - 12;
      const auto hk = h(xp::range(0, k));
      const tutorial::sampling host_sampling =
          e > 20 ? tutorial::sampling{.warmup = 1, .min_runs = 3, .max_runs = 3} : tutorial::sampling{};
      const double want = xp::abs(xp::astype<double>(hk)).sum().item();
      auto check = [&](float got) { ok = ok && std::abs(got - want) <= 1e-5 * want; };
      float got = 0;
      const tutorial::timing tn = tutorial::measure<xp::host>(
          [&] {
            const xp::ndarray<float> sign = xp::where(hk < 0.f, -1.f, 1.f);
            const xp::ndarray<float> product = hk * sign;
            got = product.sum().item();
          },
          host_sampling);
      check(got);
      const tutorial::timing tk = tutorial::measure<xp::host>([&] { got = abssum(hk).item(); }, host_sampling);
      check(got);
      table.at(row, 0) = double(k);
      table.at(row, 1) = tn.median_ms;
      table.at(row, 2) = tn.min_ms;
      table.at(row, 3) = tk.median_ms;
      table.at(row, 4) = tk.min_ms;
      t_numpy.push_back(tn.median_ms);
      t_kernel.push_back(tk.median_ms);
      if constexpr (on_gpu) {
        const auto vk = v(xp::range(0, k));
        const tutorial::timing td = tutorial::measure<B>([&] { got = abssum(vk).item(); });
        check(got);
        table.at(row, 5) = td.median_ms;
        table.at(row, 6) = td.min_ms;
        t_device.push_back(td.median_ms);
        std::printf("  %11lld %14.4f %14.4f %14.4f\n", static_cast<long long>(k), tn.median_ms, tk.median_ms,
                    td.median_ms);
      } else {
        std::printf("  %11lld %14.4f %14.4f %14s\n", static_cast<long long>(k), tn.median_ms, tk.median_ms, "-");
      }
      std::fflush(stdout);  // one row at a time: the table is its own progress line
    }

    // Step 7: the speeds at the largest size, beside the copy bandwidth (a reduction reads
    // 4 bytes per element; the NumPy way moves 4 + 8 + 8 + 4: its temporaries).
    const double bytes = 4.0 * double(xp::index_t{1} << top);
    auto speed = [&](const char* what, double ms, double yardstick) {
      std::printf("  at 2^%d, %-16s %7.1f GB/s read = %3.0f%% of the copy bandwidth, %5.1fx the NumPy way\n", top, what,
                  bytes / (ms * 1e6), 100 * bytes / (ms * 1e6) / yardstick, t_numpy.back() / ms);
    };
    speed("host NumPy way", t_numpy.back(), host_copy);
    speed("host kernel", t_kernel.back(), host_copy);
    if (on_gpu) speed("device kernel", t_device.back(), dev_copy);

    // Step 8: the data for the figure (xp::savetxt), and the figure.
    xp::savetxt(dir + "/abs_sum.csv", table,
                {.fmt = "%.10g",
                 .delimiter = ",",
                 .header = "n,numpy_ms,numpy_min_ms,kernel_ms,kernel_min_ms,device_ms,device_min_ms",
                 .comments = ""});
    // the band of sizes whose host temporaries (the NumPy way's sign and product) cost page
    // faults at every call: from glibc's malloc threshold, 128 KiB (fresh pages from the kernel
    // for each buffer), up to the size from which xp's host memory reuses its buffers
    std::ofstream(dir + "/info.csv") << "key,value\nmachine," << tutorial::machine<B>() << "\nmalloc_mmap_bytes,"
                                     << (128 << 10) << "\nhost_reuse_bytes," << xp::backends::host::cached_min_bytes
                                     << '\n'
                                     << tutorial::copy_bandwidth_rows<xp::host>("host")
                                     << (on_gpu ? tutorial::copy_bandwidth_rows<B>("device") : "device_copy_gbs,nan\n");
    std::printf("  wrote %s/abs_sum.csv\n", dir.c_str());
    tutorial::plot("05_abs_sum", dir);
    return ok;
  });
}
