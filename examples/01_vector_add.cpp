// Tutorial 1: vector add, r = x + y, and what moving the data costs.
//
// The first kernel of every CUDA course (Numba's `add[blocks, threads](r, x, y)`, CuPy's
// `x + y`), in xp. The same code runs on the CPU or the GPU: only the backend tag changes.
// xp never moves data behind your back: you create the inputs on the host, move them with
// xp::to_device (explicit, like numba.cuda.to_device), compute where the data lives, and bring
// the answer back with copy_to_host.
//
// The lesson is in the numbers. An addition reads two arrays and writes one, so it runs at the
// speed of memory, and a GPU's memory is fast: the x + y kernel moves its 768 MiB at close to
// the device's copy bandwidth, in a fraction of a millisecond. A transfer goes over the bus
// between host and device (PCIe or NVLink-C2C), one to two orders of magnitude slower. Moving
// ONE array to the device costs as much as dozens of additions on it: the GPU pays off when
// the data stays there for many operations, not for one.
//
// Transfers from ordinary (pageable) host memory are staged by the driver through a pinned
// buffer; from page-locked (pinned) memory, xp::empty_pinned, the copy engine reads the host
// memory directly, which is faster and can run asynchronously on a stream. This tutorial
// measures both directions both ways, and writes out/tutorials/01_vector_add/transfers.png.
//
// On the host backend there is no bus to cross: the transfer steps say they need a GPU, and
// the rest (the addition, against the host's copy bandwidth) runs and checks itself; its
// figure is out/tutorials/01_vector_add/vector_add.png. On a CPU the addition can print more
// than 100% of the copy bandwidth: a CPU's store first reads the cache line it writes into
// (write-allocate), traffic that neither count includes. The copy really moves 3 bytes for the
// 2 it counts, the addition 4 for its 3: that alone lets the addition show (3/4) / (2/3) = 112%.
#include "tutorial.hpp"

#include <fstream>
#include <string>

namespace {

/// GB/s of `bytes` moved in `ms` milliseconds.
double gbs(double bytes, double ms) { return bytes / (ms * 1e6); }

/// Collects the measured rows for vector_add.csv (key, median ms, minimum ms, GB/s).
struct table {
  std::ofstream csv;
  explicit table(const std::string& path) : csv(path) { csv << "key,median_ms,min_ms,gbs\n"; }
  void add(const char* key, const tutorial::timing& t, double bytes) {
    csv << key << ',' << t.median_ms << ',' << t.min_ms << ',' << gbs(bytes, t.median_ms) << '\n';
  }
};

}  // namespace

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    constexpr bool on_gpu = !std::is_same_v<B, xp::host>;
    const xp::index_t n = opt.small ? (1 << 20) : (1 << 26);
    const double array_bytes = double(n) * sizeof(float);
    std::printf("01 vector add: r = x + y, n = %lld float32 (%.0f MiB per array) on %s\n", static_cast<long long>(n),
                array_bytes / (1 << 20), tutorial::name<B>());
    const std::string dir = tutorial::output_dir("01_vector_add");
    table rows(dir + "/vector_add.csv");

    // Step 1: the yardstick. Copying an array reads and writes every byte once: the fastest a
    // memory-bound operation can go on this machine. Every speed below is printed beside it.
    // (Measured once per run and shared by the tutorials: tutorial.hpp, copy_bandwidth.)
    const double host_copy = tutorial::copy_bandwidth_gbs<xp::host>();
    const double dev_copy = on_gpu ? tutorial::copy_bandwidth_gbs<B>() : host_copy;
    rows.csv << "copy_host,nan,nan," << host_copy << '\n';
    if (on_gpu) rows.csv << "copy_device,nan,nan," << dev_copy << '\n';
    tutorial::print_copy_bandwidth<xp::host>();
    if (on_gpu) tutorial::print_copy_bandwidth<B>();
    std::string info = tutorial::copy_bandwidth_rows<xp::host>("host");
    if (on_gpu) info += tutorial::copy_bandwidth_rows<B>("device");
    std::ofstream(dir + "/info.csv") << "key,value\nn," << n << "\nmachine," << tutorial::machine<B>() << '\n' << info;

    // Step 2: inputs on the host (xp::host is the default backend).
    xp::ndarray<float> x = xp::random::uniform<float>({n}, -1.f, 1.f, /*seed=*/1);
    xp::ndarray<float> y = xp::random::uniform<float>({n}, -1.f, 1.f, /*seed=*/2);

    // Step 3: the CPU baseline. xp::eval(x + y, r) writes into an existing r (NumPy's
    // np.add(x, y, out=r)), so that we time the addition and not the allocation of r.
    // measure() warms up, repeats, and reports the median and the minimum.
    auto r_host = xp::empty<float>({n});
    const tutorial::timing t_host = tutorial::measure<xp::host>([&] { xp::eval(x + y, r_host); });
    const double add_bytes = 3 * array_bytes;  // reads x and y, writes r
    rows.add("add_host", t_host, add_bytes);
    std::printf("  x + y on the host: %.3f ms (min %.3f), %.1f GB/s = %.0f%% of the host's copy bandwidth\n",
                t_host.median_ms, t_host.min_ms, gbs(add_bytes, t_host.median_ms),
                100 * gbs(add_bytes, t_host.median_ms) / host_copy);
    if (gbs(add_bytes, t_host.median_ms) > host_copy) {
      std::puts("    (above 100%: on a CPU each store first reads the line it writes, which neither count");
      std::puts("     includes: the copy moves 3 bytes per 2 counted, x + y 4 per 3: 112% from that alone)");
    }
    bool ok = true;
    for (xp::index_t i = 0; ok && i < n; ++i) ok = r_host.data()[i] == x.data()[i] + y.data()[i];

    if constexpr (!on_gpu) {
      std::puts("  transfers: host <-> device copies need a GPU; this run is on the host, so they are skipped");
      std::puts("             (build xp with CUDA and run on a GPU machine to see them)");
    } else {
#if defined(XP_HAS_CUDA)
      // Step 4: move the inputs from ordinary (pageable) host memory: xp::to_device.
      xp::ndarray<float, xp::cuda> dx, dy;
      const tutorial::timing t_in = tutorial::measure<B>([&] { dx = xp::to_device(x); });
      dy = xp::to_device(y);
      rows.add("h2d_pageable", t_in, array_bytes);

      // Step 5: the addition where the data lives: one fused elementwise kernel, into dr.
      auto dr = xp::empty<float, xp::cuda>({n});
      const tutorial::timing t_add = tutorial::measure<B>([&] { xp::eval(dx + dy, dr); });
      rows.add("add_device", t_add, add_bytes);

      // Step 6: bring the answer back. copy_to_host returns a new host array each time; xp
      // hands it the buffer the previous one freed, so its pages are already mapped (a fresh
      // buffer pays a page fault per 4 KiB: docs/memory.md). xp::copy_to_host(d, out) copies
      // into an array we already have (CuPy's d.get(out=out)). Both go through pinned staging
      // buffers, chunk by chunk, the host copy of one chunk overlapping the DMA of the next.
      xp::ndarray<float> r;
      const tutorial::timing t_out_new = tutorial::measure<B>([&] { r = dr.copy_to_host(); });
      rows.add("d2h_pageable_new", t_out_new, array_bytes);
      for (xp::index_t i = 0; ok && i < n; ++i) ok = r.data()[i] == r_host.data()[i];
      auto r_pageable = xp::empty<float>({n});
      const tutorial::timing t_out = tutorial::measure<B>([&] { xp::copy_to_host(dr, r_pageable); });
      rows.add("d2h_pageable", t_out, array_bytes);
      xp::cuda::stream s;
      xp::cuda::stream_scope on_s(s);  // measure() times on xp's current stream: make it s

      // Step 7: the same transfers from page-locked (pinned) memory, on the stream s: the copy
      // engine reads and writes host memory directly. Fill a pinned array like any host array.
      auto px = xp::empty_pinned<float>({n});
      px(xp::all) = x;
      auto r_pinned = xp::empty_pinned<float>({n});
      xp::ndarray<float, xp::cuda> dpx;
      const tutorial::timing t_in_pinned = tutorial::measure<B>([&] {
        dpx = xp::to_device_async(px, s);
        s.synchronize();
      });
      rows.add("h2d_pinned", t_in_pinned, array_bytes);
      const tutorial::timing t_out_pinned = tutorial::measure<B>([&] {
        xp::copy_to_host_async(dr, r_pinned, s);
        s.synchronize();
      });
      rows.add("d2h_pinned", t_out_pinned, array_bytes);
      const auto back = dpx.copy_to_host();
      for (xp::index_t i = 0; ok && i < n; ++i)
        ok = back.data()[i] == x.data()[i] && r_pinned.data()[i] == r_host.data()[i] &&
             r_pageable.data()[i] == r_host.data()[i];

      // Step 8: the table, and the break-even count: one transfer of an array costs as much
      // as this many additions on the device.
      std::printf("  x + y on the device: %.3f ms (min %.3f), %.0f GB/s = %.0f%% of the device's copy bandwidth\n",
                  t_add.median_ms, t_add.min_ms, gbs(add_bytes, t_add.median_ms),
                  100 * gbs(add_bytes, t_add.median_ms) / dev_copy);
      std::printf("  transfers of one %.0f MiB array:\n", array_bytes / (1 << 20));
      auto line = [&](const char* what, const tutorial::timing& t) {
        const double speed = gbs(array_bytes, t.median_ms);
        std::printf("    %-58s %8.3f ms (min %8.3f) %6.1f GB/s, 1/%.0f of the device's copy bandwidth\n", what,
                    t.median_ms, t.min_ms, speed, dev_copy / speed);
      };
      line("host -> device, pageable (xp::to_device)", t_in);
      line("host -> device, pinned (to_device_async)", t_in_pinned);
      line("device -> host, pageable, new array", t_out_new);
      line("device -> host, pageable, existing array (copy_to_host(d, out))", t_out);
      line("device -> host, pinned (copy_to_host_async)", t_out_pinned);
      std::printf("  break-even: copying x to the device costs as much time as %.0f additions x + y there\n",
                  t_in_pinned.median_ms / t_add.median_ms);
      std::printf("              (from pinned memory; %.0f from pageable memory). A transfer pays off only\n",
                  t_in.median_ms / t_add.median_ms);
      std::printf("              when the data then stays for that many operations on the device.\n");
      const double trip_pinned = 2 * t_in_pinned.median_ms + t_add.median_ms + t_out_pinned.median_ms;
      const double trip_pageable = 2 * t_in.median_ms + t_add.median_ms + t_out_new.median_ms;
      std::printf("  one r = x + y for data that starts and ends on the host (sums of the medians above):\n");
      std::printf("    host %.3f ms; GPU with pinned transfers %.3f ms, with pageable ones %.3f ms\n", t_host.median_ms,
                  trip_pinned, trip_pageable);
#endif
    }
    std::printf("  wrote %s/vector_add.csv\n", dir.c_str());
    rows.csv.close();
    tutorial::plot("01_vector_add", dir);
    return ok;
  });
}
