// Tutorial 2: add 1 to every element of a 2-D array.
//
// Numba's `increment_a_2D_array` kernel computes (x, y) = cuda.grid(2) and guards
// `x < shape[0] and y < shape[1]`. In xp the grid, the guard and the 2-D indexing are the
// library's job: `a += 1` is one kernel over every element, and a view such as
// `a(xp::range(1, -1), xp::range(1, -1))` (NumPy's a[1:-1, 1:-1]) restricts it to the
// interior without copying. Shapes that are not multiples of any block size (6007 columns)
// just work.
//
// Adding 1 reads and writes every element once, so its speed is set by memory: each timing is
// printed beside the copy bandwidth this machine measures. On a GPU that is the most such a pass
// can reach. On a CPU an in-place update can pass it: a CPU's store first reads the cache line
// it writes into (write-allocate), so a copy into another array moves 3 bytes for the 2 it
// counts, while a += 1 writes lines it has just read and moves only its 2: 150% from that
// alone.
//
//   out/tutorials/02_increment_2d/increment.csv, info.csv   the timings, the yardstick
//   out/tutorials/02_increment_2d/increment.png             the two passes against the copy
#include "tutorial.hpp"

#include <cstdint>
#include <fstream>
#include <string>

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    const xp::index_t rows = opt.small ? 1000 : 8000, cols = opt.small ? 1537 : 6007;
    std::printf("02 increment 2-D: %lld x %lld int32 on %s\n", static_cast<long long>(rows),
                static_cast<long long>(cols), tutorial::name<B>());

    const std::string dir = tutorial::output_dir("02_increment_2d");

    // Step 1: the yardstick: how fast this backend copies memory (bytes read + written / s),
    // measured once per run and shared by the tutorials (tutorial.hpp, copy_bandwidth).
    const double copy = tutorial::copy_bandwidth_gbs<B>();
    tutorial::print_copy_bandwidth<B>();

    // Step 2: a 2-D array created directly on the backend: 0, 1, 2, ... in row-major order.
    // int32, so that the check is exact: float32 holds every integer only up to 2^24, and
    // there are 48 million here (8000 x 6007).
    auto a = xp::arange<std::int32_t, B>(rows * cols).reshape({rows, cols});

    // Step 3: increment every element (one grid-stride kernel, launched by xp). measure()
    // calls the lambda several times (warm-up, then repeats): count the calls for the check.
    int calls_all = 0;
    const tutorial::timing t_all = tutorial::measure<B>([&] {
      a += 1;
      ++calls_all;
    });

    // Step 4: increment only the interior through a view: it writes into a's memory, rows of
    // cols - 2 elements with 2 skipped between them, timed like step 3.
    auto interior = a(xp::range(1, -1), xp::range(1, -1));
    interior += 1;
    int calls_inner = 0;
    const tutorial::timing t_inner = tutorial::measure<B>([&] {
      interior += 1;
      ++calls_inner;
    });

    // Step 5: the speeds, in GB/s read + written, beside the copy bandwidth, and the data files.
    std::ofstream csv(dir + "/increment.csv");
    csv << "variant,median_ms,min_ms,gbs\n";
    auto report = [&](const char* key, const char* what, const tutorial::timing& t, xp::index_t elements) {
      const double gbs = 2.0 * double(elements) * sizeof(std::int32_t) / (t.median_ms * 1e6);
      std::printf("  %-21s %8.3f ms (min %8.3f) %7.1f GB/s = %3.0f%% of the copy bandwidth\n", what, t.median_ms,
                  t.min_ms, gbs, 100 * gbs / copy);
      csv << key << ',' << t.median_ms << ',' << t.min_ms << ',' << gbs << '\n';
    };
    report("all", "a += 1", t_all, rows * cols);
    report("interior", "a[1:-1, 1:-1] += 1", t_inner, (rows - 2) * (cols - 2));
    csv.close();
    if constexpr (std::is_same_v<B, xp::host>) {
      std::puts("  (above 100% is possible on a CPU: a copy's stores first read the lines they write, 3 bytes");
      std::puts("   moved per 2 counted; a += 1 writes lines it has just read, 2 per 2: 150% from that alone)");
    }
    std::ofstream(dir + "/info.csv") << "key,value\nrows," << rows << "\ncols," << cols << "\nmachine,"
                                     << tutorial::machine<B>() << "\nbackend,"
                                     << (std::is_same_v<B, xp::host> ? "host" : "cuda") << '\n'
                                     << tutorial::copy_bandwidth_rows<B>("backend");

    // Step 6: check on the host against the same increments made there: every element went
    // up once per call of step 3, the interior once more and then once per call of step 4.
    const auto got = a.copy_to_host();
    auto want = xp::arange<std::int32_t>(rows * cols).reshape({rows, cols});
    want += calls_all;
    want(xp::range(1, -1), xp::range(1, -1)) += 1 + calls_inner;
    const bool ok = (got == want).all().item();
    std::printf("  check: every element +%d, the interior +%d more: %s\n", calls_all, 1 + calls_inner,
                ok ? "right" : "WRONG");
    std::printf("  wrote %s/increment.csv\n", dir.c_str());
    tutorial::plot("02_increment_2d", dir);
    return ok;
  });
}
