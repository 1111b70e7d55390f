// Tutorial 4: reductions, and "the GPU is slower?!"
//
// The seeds' lesson: summing an array on the GPU is only faster when the data is already
// there. This tutorial sums float32 arrays of 2^12 ... 2^27 elements (2^20 with --small)
//   - on the host (all cores),
//   - on the device, with the data already there,
//   - on the device including the host-to-device copy of the input, from ordinary (pageable)
//     memory as the seeds do (Numba's sum_reduce(A) of a NumPy array), and from pinned memory.
// A sum reads each 4-byte element once and adds it: far less work than the copy that brings
// it to the device. For small arrays every device call also pays a fixed cost (a kernel launch
// and the wait for its result), which is why the host wins there even without a copy.
//
// The times go to out/tutorials/04_reductions/reductions.csv (xp::savetxt) and are drawn in
// reductions.png: time against n on log-log axes, with the crossovers marked. On the host
// backend only the host's curve is measured; the device curves need a GPU.
#include "tutorial.hpp"

#include <cmath>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace {

/// The smallest sizes[i] from which `fast` stays below `slow` for every larger size, or -1.
long long crossover(const std::vector<long long>& sizes, const std::vector<double>& fast,
                    const std::vector<double>& slow) {
  long long from = -1;
  for (std::size_t i = sizes.size(); i-- > 0;) {
    if (!(fast[i] < slow[i])) break;
    from = sizes[i];
  }
  return from;
}

void say_crossover(const char* what, long long from, const std::vector<long long>& sizes) {
  if (from < 0) std::printf("  %s never beats the host, up to n = %lld\n", what, sizes.back());
  else if (from == sizes.front()) std::printf("  %s beats the host at every n measured\n", what);
  else std::printf("  %s beats the host from n = %lld (2^%d) on\n", what, from, int(std::log2(double(from))));
}

}  // namespace

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    constexpr bool on_gpu = !std::is_same_v<B, xp::host>;
    const int top = opt.small ? 20 : 27;
    const xp::index_t n_max = xp::index_t{1} << top;
    std::printf("04 reductions: sum of n float32, n = 2^12 ... 2^%d, on %s\n", top, tutorial::name<B>());
    const std::string dir = tutorial::output_dir("04_reductions");

    // Step 1: the yardsticks: how fast the host (and the device) copy memory, measured once
    // per run and shared by the tutorials (tutorial.hpp, copy_bandwidth). The copy moves 512 MiB,
    // far more than a CPU's caches hold; a sum of fewer bytes than the last-level cache holds
    // reads them from the cache, and can go faster than the copy.
    const double host_copy = tutorial::copy_bandwidth_gbs<xp::host>();
    const double dev_copy = on_gpu ? tutorial::copy_bandwidth_gbs<B>() : NAN;
    tutorial::print_copy_bandwidth<xp::host>();
    if (on_gpu) tutorial::print_copy_bandwidth<B>();
    const double cache = tutorial::host_cache_bytes();
    if (cache > 0)
      std::printf("  the CPU's last-level cache: %.0f MiB (n = %.0f float32): sums up to there can come from it\n",
                  cache / (1 << 20), cache / 4);

    // Step 2: the data, once, at the largest size; each n below sums its first n elements
    // (a contiguous view: no copy). On a GPU run: a copy on the device, and one in pinned memory.
    const auto h = xp::random::uniform<float>({n_max}, 0.f, 1.f, /*seed=*/4);
#if defined(XP_HAS_CUDA)
    xp::ndarray<float, xp::cuda> d;
    xp::ndarray<float> pinned;
    if constexpr (on_gpu) {
      d = xp::to_device(h);
      pinned = xp::empty_pinned<float>({n_max});
      pinned(xp::all) = h;
    }
#endif

    // Step 3: for each n, time every way with measure() (warm-up, repeats, median), and check
    // each sum against a float64 sum of the same elements.
    if (on_gpu) {
      std::printf("  %11s %11s %11s %11s %11s   (medians, ms)\n", "n", "host", "device", "dev+copy", "dev+pinned");
    } else {
      std::printf("  %11s %11s %11s %8s   (device columns: need a GPU)\n", "n", "host ms", "min ms", "GB/s");
    }
    const int count = top - 12 + 1;
    auto table = xp::full<double>({count, 9}, NAN);  // n, then median and min of each of four ways
    std::vector<long long> sizes;
    std::vector<double> t_host, t_dev, t_copy, t_pinned;
    bool ok = true;
    auto check = [&](float got, double want) { ok = ok && std::abs(got - want) <= 1e-5 * want; };
    for (int e = 12; e <= top; ++e) {
      const xp::index_t n = xp::index_t{1} << e;
      const int row = e - 12;
      const auto hn = h(xp::range(0, n));
      const double want = xp::astype<double>(hn).sum().item();  // the float64 reference, one pass
      float got = 0;
      const tutorial::timing th = tutorial::measure<xp::host>([&] { got = hn.sum().item(); });
      check(got, want);
      sizes.push_back(n);
      t_host.push_back(th.median_ms);
      table.at(row, 0) = double(n);
      table.at(row, 1) = th.median_ms;
      table.at(row, 2) = th.min_ms;
      if constexpr (!on_gpu) {
        std::printf("  %11lld %11.4f %11.4f %8.1f\n", static_cast<long long>(n), th.median_ms, th.min_ms,
                    4.0 * double(n) / (th.median_ms * 1e6));
      } else {
#if defined(XP_HAS_CUDA)
        // the device, data already there; .item() brings the one number back (and waits)
        const auto dn = d(xp::range(0, n));
        const tutorial::timing td = tutorial::measure<B>([&] { got = dn.sum().item(); });
        check(got, want);
        // the device including the copy from ordinary host memory (what the seeds time)
        const tutorial::timing tc = tutorial::measure<B>([&] { got = xp::to_device(hn).sum().item(); });
        check(got, want);
        // the same from pinned memory, on a stream of our own (measure() times that stream)
        xp::cuda::stream s;
        xp::cuda::stream_scope on_s(s);
        const auto pn = pinned(xp::range(0, n));
        const tutorial::timing tp = tutorial::measure<B>([&] { got = xp::to_device_async(pn, s).sum().item(); });
        check(got, want);
        t_dev.push_back(td.median_ms);
        t_copy.push_back(tc.median_ms);
        t_pinned.push_back(tp.median_ms);
        const tutorial::timing* ways[] = {&td, &tc, &tp};
        for (int w = 0; w < 3; ++w) {
          table.at(row, 3 + 2 * w) = ways[w]->median_ms;
          table.at(row, 4 + 2 * w) = ways[w]->min_ms;
        }
        std::printf("  %11lld %11.4f %11.4f %11.4f %11.4f\n", static_cast<long long>(n), th.median_ms, td.median_ms,
                    tc.median_ms, tp.median_ms);
#endif
      }
      std::fflush(stdout);  // one row at a time: the table is its own progress line
    }

    // The host's sum runs on one core up to 2^16 elements, then in pieces of 2^16, one per core:
    // where it starts using the cores, twice the elements take about the same time.
    std::printf("  the host sums up to %lld elements on one core, more in pieces of %lld, one per core (%u cores)\n",
                static_cast<long long>(xp::backends::host::layout_reducer::chunk),
                static_cast<long long>(xp::backends::host::layout_reducer::chunk), std::thread::hardware_concurrency());

    // Step 4: the speeds at the largest n, beside the copy bandwidths (a sum only reads).
    const double bytes = 4.0 * double(n_max);
    const double host_gbs = bytes / (t_host.back() * 1e6);
    std::printf("  at n = 2^%d: the host sums at %.1f GB/s read (%.0f%% of its copy bandwidth)\n", top, host_gbs,
                100 * host_gbs / host_copy);
    if (on_gpu) {
      const double dev_gbs = bytes / (t_dev.back() * 1e6), copy_gbs = bytes / (t_copy.back() * 1e6),
                   pinned_gbs = bytes / (t_pinned.back() * 1e6);
      std::printf("              the device at %.0f GB/s read (%.0f%% of its copy bandwidth);\n", dev_gbs,
                  100 * dev_gbs / dev_copy);
      std::printf("              with the copy %.1f GB/s from pageable memory, %.1f GB/s from pinned memory\n",
                  copy_gbs, pinned_gbs);

      // Step 5: the crossovers: from which n on is each device way faster than the host?
      say_crossover("the device (data already there)", crossover(sizes, t_dev, t_host), sizes);
      say_crossover("the device including the copy (pageable)", crossover(sizes, t_copy, t_host), sizes);
      say_crossover("the device including the copy (pinned)", crossover(sizes, t_pinned, t_host), sizes);
      std::printf("  the copy moves every byte over the bus once; the host reads it once from its own memory:\n");
      std::printf("  the copy can only win where the bus is faster than the host's memory.\n");
    }

    // Step 6: the data for the figure, with xp::savetxt (np.savetxt), and the figure.
    xp::savetxt(dir + "/reductions.csv", table,
                {.fmt = "%.10g",
                 .delimiter = ",",
                 .header = "n,host_ms,host_min_ms,device_ms,device_min_ms,copy_ms,copy_min_ms,pinned_ms,pinned_min_ms",
                 .comments = ""});
    std::ofstream(dir + "/info.csv") << "key,value\nmachine," << tutorial::machine<B>() << "\nhost_cache_bytes,"
                                     << cache << "\nhost_chunk," << xp::backends::host::layout_reducer::chunk
                                     << "\nhost_cores," << std::thread::hardware_concurrency() << '\n'
                                     << tutorial::copy_bandwidth_rows<xp::host>("host")
                                     << (on_gpu ? tutorial::copy_bandwidth_rows<B>("device") : "device_copy_gbs,nan\n");
    std::printf("  wrote %s/reductions.csv\n", dir.c_str());
    tutorial::plot("04_reductions", dir);
    return ok;
  });
}
