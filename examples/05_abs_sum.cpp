// Tutorial 5: a custom reduction, the seeds' sum of absolute values.
//
// Numba's @cuda.reduce and CuPy's ReductionKernel let you write the map and the combine step
// yourself. In xp a reduction is {map, reduce, post, identity}; reduction_kernel compiles
// it ahead of time for every backend, and it works along axes like xp::sum.
#include "tutorial.hpp"

#include <cmath>

// The map of the reduction (a struct: see tutorial 3 on lambdas inside generic lambdas).
struct absolute_value {
  XP_HD float operator()(float v) const { return v < 0 ? -v : v; }
};

int main(int argc, char** argv) {
  return tutorial::run(argc, argv, [](auto backend, const tutorial::options& opt) {
    using B = decltype(backend);
    const xp::index_t rows = opt.small ? 512 : 8192, cols = opt.small ? 1000 : 8192;
    std::printf("05 abs-sum: %lld x %lld float32 on %s\n", static_cast<long long>(rows), static_cast<long long>(cols),
                tutorial::name<B>());

    // Step 1: the kernel: map |x|, combine with +, post-map nothing, start from 0.
    auto abssum = xp::reduction_kernel(absolute_value{}, xp::plus{}, xp::identity{}, 0.f);

    // Step 2: data with both signs.
    auto m = xp::random::normal<float, B>({rows, cols}, 0.f, 1.f, 7);

    // Step 3: over everything, then per column (axis 0) and per row (axis 1).
    float total = abssum(m).item();
    const double t_all = tutorial::time_ms<B>([&] { total = abssum(m).item(); });
    xp::ndarray<float, B> per_col = abssum(m, {0});
    xp::ndarray<float, B> per_row = abssum(m, {1});

    // Step 4: the built-ins say the same: sum(abs(m)) fuses the map in exactly the same way.
    const float builtin = xp::sum(xp::abs(m)).item();

    // Step 5: a float64 reference on the host.
    const auto h = m.copy_to_host();
    double ref = 0;
    for (xp::index_t i = 0; i < h.size(); ++i) ref += std::abs(double(h.data()[i]));
    const auto hc = per_col.copy_to_host(), hr = per_row.copy_to_host();
    double cols_total = 0, rows_total = 0;
    for (xp::index_t j = 0; j < cols; ++j) cols_total += hc.data()[j];
    for (xp::index_t i = 0; i < rows; ++i) rows_total += hr.data()[i];
    const bool ok = std::abs(total - ref) <= 1e-5 * ref && std::abs(builtin - ref) <= 1e-5 * ref &&
                    std::abs(cols_total - ref) <= 1e-5 * ref && std::abs(rows_total - ref) <= 1e-5 * ref;
    std::printf("  abs-sum %.6g (float64 reference %.6g), %.3f ms; E|N(0,1)| * n = %.6g\n", total, ref, t_all,
                std::sqrt(2 / M_PI) * double(rows * cols));
    return ok;
  });
}
