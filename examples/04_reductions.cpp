// Tutorial 4: reductions, and "the GPU is slower?!"
//
// The seeds' lesson: summing an array on the GPU is only faster when the data is already
// there. This tutorial sums float32 arrays of 2^12 ... 2^27 elements (2^20 with --small)
//   - on the host,
//   - on the backend with the data already there,
//   - on the backend including the host-to-device copy of the input,
// writes the times to reductions.csv and a log-log plot to reductions.png
// (red: host, green: on the backend, blue: backend + copy).
#include "plot.hpp"
#include "tutorial.hpp"

#include <cmath>
#include <fstream>

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    const int top = opt.small ? 20 : 27;
    std::printf("04 reductions on %s\n  %10s %12s %12s %12s\n", tutorial::name<B>(), "n", "host ms", "backend ms",
                "+copy ms");
    std::ofstream csv("reductions.csv");
    csv << "n,host_ms,backend_ms,backend_with_copy_ms\n";
    tutorial::series host{{}, {}, 220, 40, 40}, dev{{}, {}, 40, 160, 40}, copy{{}, {}, 40, 80, 220};
    bool ok = true;
    for (int e = 12; e <= top; ++e) {
      const xp::index_t n = xp::index_t{1} << e;
      // Step 1: data on the host; its float64 sum is the reference.
      auto h = xp::random::uniform<float>({n}, 0.f, 1.f, static_cast<std::uint64_t>(e));
      double ref = 0;
      for (xp::index_t i = 0; i < n; ++i) ref += h.data()[i];
      // Step 2: sum on the host (best of three).
      float hs = 0;
      double th = 1e30, td = 1e30, tc = 1e30;
      for (int rep = 0; rep < 3; ++rep) th = std::min(th, tutorial::time_ms<xp::host>([&] { hs = xp::sum(h).item(); }));
      // Step 3: sum where the data already lives on the backend.
      auto d = xp::asarray<B>(h);
      float ds = xp::sum(d).item();
      for (int rep = 0; rep < 3; ++rep) td = std::min(td, tutorial::time_ms<B>([&] { ds = xp::sum(d).item(); }));
      // Step 4: the same including the copy of the input.
      float cs = 0;
      for (int rep = 0; rep < 3; ++rep)
        tc = std::min(tc, tutorial::time_ms<B>([&] { cs = xp::sum(xp::asarray<B>(h)).item(); }));
      // Step 5: every sum agrees with the float64 reference.
      for (float s : {hs, ds, cs}) ok = ok && std::abs(s - ref) <= 1e-5 * ref;
      std::printf("  %10lld %12.4f %12.4f %12.4f\n", static_cast<long long>(n), th, td, tc);
      csv << n << ',' << th << ',' << td << ',' << tc << '\n';
      for (auto* s : {&host, &dev, &copy}) s->x.push_back(double(n));
      host.y.push_back(th);
      dev.y.push_back(td);
      copy.y.push_back(tc);
    }
    // Step 6: the plot.
    std::printf("  wrote reductions.csv\n");
    if (tutorial::loglog_png("reductions.png", {host, dev, copy})) std::printf("  wrote reductions.png\n");
    return ok;
  });
}
