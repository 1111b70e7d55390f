// Tutorial 2: add 1 to every element of a 2-D device array.
//
// Numba's `increment_a_2D_array` kernel computes (x, y) = cuda.grid(2) and guards
// `x < shape[0] and y < shape[1]`. In xp the grid, the guard and the 2-D indexing are the
// library's job: `a += 1` is one kernel over every element, and a view such as
// `a(xp::range(1, -1), xp::range(1, -1))` (NumPy's a[1:-1, 1:-1]) restricts it to the
// interior without copying. Shapes that are not multiples of any block size just work.
#include "tutorial.hpp"

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    const xp::index_t rows = opt.small ? 1000 : 8000, cols = opt.small ? 1537 : 6007;
    std::printf("02 increment 2-D: %lld x %lld float32 on %s\n", static_cast<long long>(rows),
                static_cast<long long>(cols), tutorial::name<B>());

    // Step 1: a 2-D array created directly on the backend: 0, 1, 2, ... in row-major order.
    auto a = xp::arange<float, B>(static_cast<double>(rows * cols)).reshape({rows, cols});

    // Step 2: increment every element (one grid-stride kernel, launched by xp).
    a += 1.f;  // warm-up launch
    const double t_all = tutorial::time_ms<B>([&] { a += 1.f; });

    // Step 3: increment only the interior through a view: it writes into a's memory.
    auto interior = a(xp::range(1, -1), xp::range(1, -1));
    const double t_inner = tutorial::time_ms<B>([&] { interior += 1.f; });

    // Step 4: check on the host: +2 everywhere, +3 inside the border. Past 2^24 a float32
    // cannot hold every integer, so the expected value repeats the same float additions.
    auto h = a.copy_to_host();
    auto start = xp::arange<float>(static_cast<double>(rows * cols)).reshape({rows, cols});
    bool ok = true;
    for (xp::index_t i = 0; ok && i < rows; ++i)
      for (xp::index_t j = 0; ok && j < cols; ++j) {
        const bool inside = i > 0 && j > 0 && i < rows - 1 && j < cols - 1;
        const float twice = (start.at(i, j) + 1.f) + 1.f;
        ok = h.at(i, j) == (inside ? twice + 1.f : twice);
      }
    std::printf("  a += 1 (all)            %8.3f ms\n", t_all);
    std::printf("  a[1:-1, 1:-1] += 1      %8.3f ms\n", t_inner);
    return ok;
  });
}
