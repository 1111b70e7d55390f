// The host's standing table: NumPy's everyday operations on a 4096 x 4096 float32 matrix `a` (and
// `b` of the same shape) or a 2^24 float32 vector `x` (and `y`), U[-1, 1), beside NumPy's peers of
// the identical names (bench/peers/everyday.py). bench/host_table.py runs both, xp at one and at
// two threads, and prints the table (docs/performance.md, "The host table").
//
// Fairness: every operation allocates its result on both sides, as `np.sum(a, axis=0)`,
// `a + row` or `a.T.copy()` do when written plainly (xp's large buffers come back from its reuse
// cache, NumPy's from malloc with huge pages); the one in-place row, `a[1:-1, 1:-1] += 1`, updates
// its own copy of `a` on both sides. The inputs are statistically the same, not bitwise (each
// side draws its own): U[-1, 1) values, so `x > 0` selects about half, uniform random gather
// indices, a uniformly random permutation per row for take_along_axis.
//
// Bytes processed: what an ideal implementation reads and writes once (the operands, the
// result), so that GB/s compares with the copy row `host_everyday/copy_f32`, the reference of
// the same run. Wall time (UseRealTime): without it Google Benchmark sizes the runs and divides the
// bytes by the main thread's CPU time, which on the loaded 2-core machine was a fifth of the wall
// time at two threads (16.9 GB/s reported for a copy that took 43 ms, 3.1 GB/s). The printed
// names, the peers' keys, so end in /real_time.
// Every row of issue 31 has an xp spelling; one input is a stand-in: xp has no argsort yet, so
// take_along_axis's index is a random permutation per row on both sides (what argsort of rows of
// random values gives).
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>

#include "bench_common.hpp"

namespace {

constexpr xp::index_t side = 4096;                          // a, b: side x side float32, 64 MiB
constexpr xp::index_t length = xp::index_t{1} << 24;        // x, y: float32, 64 MiB
constexpr xp::index_t gather_count = xp::index_t{1} << 22;  // take's int64 indices
constexpr std::uint64_t seed_a = 31, seed_b = 32, seed_x = 33, seed_y = 34, seed_take = 35, seed_perm = 36,
                        seed_row = 37, seed_column = 38;
constexpr double f32 = sizeof(float), f64 = sizeof(double), i64 = sizeof(std::int64_t), i32 = sizeof(std::int32_t);
constexpr double matrix_elements = double(side) * double(side);
constexpr double vector_elements = double(length);
// a[::2, ::2] touches every cache line of every other row (2 floats per 8 bytes < a 64-byte line),
// so an ideal copy reads half of `a`, not a quarter.
constexpr double strided_rows_read = 0.5;
constexpr double strided_written = 0.25;  // a[::2, ::2] is a quarter of `a`
// x > 0 over U[-1, 1): the expected share of x that mask selection and nonzero write out
constexpr double selected_share = 0.5;

// The inputs, each made once per process on first use (the table's benchmarks share them).
const xp::ndarray<float>& a() {
  static const auto v = xp::random::uniform<float>({side, side}, -1.f, 1.f, seed_a);
  return v;
}
const xp::ndarray<float>& b() {
  static const auto v = xp::random::uniform<float>({side, side}, -1.f, 1.f, seed_b);
  return v;
}
const xp::ndarray<double>& a64() {
  static const auto v = a().astype<double>();
  return v;
}
const xp::ndarray<float>& x() {
  static const auto v = xp::random::uniform<float>({length}, -1.f, 1.f, seed_x);
  return v;
}
const xp::ndarray<float>& y() {
  static const auto v = xp::random::uniform<float>({length}, -1.f, 1.f, seed_y);
  return v;
}
const xp::ndarray<double>& x64() {
  static const auto v = x().astype<double>();
  return v;
}
const xp::ndarray<float>& row() {  // shape (side,): broadcast along axis 0
  static const auto v = xp::random::uniform<float>({side}, -1.f, 1.f, seed_row);
  return v;
}
const xp::ndarray<float>& column() {  // shape (side, 1): broadcast along axis 1
  static const auto v = xp::random::uniform<float>({side, 1}, -1.f, 1.f, seed_column);
  return v;
}
const xp::ndarray<std::int64_t>& gather_indices() {
  static const auto v = xp::random::default_rng(seed_take).integers<std::int64_t>(0, length, {gather_count});
  return v;
}
// What argsort(a, axis=1) gives a matrix of random values: a random permutation in every row.
const xp::ndarray<std::int64_t>& row_permutations() {
  static const auto v = [] {
    xp::ndarray<std::int64_t> out({side, side});
    std::mt19937_64 engine(seed_perm);
    for (xp::index_t i = 0; i < side; ++i) {
      std::int64_t* r = out.data() + i * side;
      std::iota(r, r + side, std::int64_t{0});
      std::shuffle(r, r + side, engine);
    }
    return out;
  }();
  return v;
}
// the in-place row's own copy of `a` (the update accumulates over the iterations)
const xp::ndarray<float>& updated_a() {
  static const auto v = a().copy();
  return v;
}

// One table row: `make` runs the operation once and returns what it made (kept from the
// optimiser); `bytes` is one ideal iteration's traffic.
template <class F>
void register_row(const std::string& name, double bytes, F make) {
  benchmark::RegisterBenchmark(name.c_str(),
                               [bytes, make](benchmark::State& state) {
                                 make();  // the inputs and a warm buffer cache, outside the timing
                                 for (auto _ : state) {
                                   auto r = make();
                                   benchmark::DoNotOptimize(r);
                                 }
                                 state.SetBytesProcessed(static_cast<std::int64_t>(bytes * double(state.iterations())));
                               })
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
}

const std::string prefix = "host_everyday/";

[[maybe_unused]] const bool registered = [] {
  const double mat = matrix_elements, vec = vector_elements;

  // ---- arg-reductions (int64 results) ----
  register_row(prefix + "argmax_axis1_f32", mat * f32 + side * i64, [] { return xp::argmax(a(), 1); });
  register_row(prefix + "argmax_axis0_f32", mat * f32 + side * i64, [] { return xp::argmax(a(), 0); });
  register_row(prefix + "argmax_f32", vec * f32, [] { return xp::argmax(x()).item(); });

  // ---- reductions along each axis ----
  register_row(prefix + "sum_axis0_f32", mat * f32 + side * f32, [] { return xp::sum(a(), 0); });
  register_row(prefix + "sum_axis1_f32", mat * f32 + side * f32, [] { return xp::sum(a(), 1); });
  register_row(prefix + "sum_f32", vec * f32, [] { return xp::sum(x()).item(); });
  register_row(prefix + "sum_axis0_f64", mat * f64 + side * f64, [] { return xp::sum(a64(), 0); });
  register_row(prefix + "sum_axis1_f64", mat * f64 + side * f64, [] { return xp::sum(a64(), 1); });
  register_row(prefix + "mean_axis0_f32", mat * f32 + side * f32, [] { return xp::mean(a(), 0); });
  register_row(prefix + "max_axis0_f32", mat * f32 + side * f32, [] { return xp::max(a(), 0); });
  register_row(prefix + "max_axis1_f32", mat * f32 + side * f32, [] { return xp::max(a(), 1); });
  // std: one read of `a` is the floor (a two-pass std reads it twice)
  register_row(prefix + "std_axis0_f32", mat * f32 + side * f32, [] { return xp::stddev(a(), 0); });
  register_row(prefix + "std_axis1_f32", mat * f32 + side * f32, [] { return xp::stddev(a(), 1); });

  // ---- joins ----
  register_row(prefix + "concatenate_axis0_f32", 4 * mat * f32, [] { return xp::concatenate({a(), b()}, 0); });
  register_row(prefix + "concatenate_axis1_f32", 4 * mat * f32, [] { return xp::concatenate({a(), b()}, 1); });
  register_row(prefix + "stack_axis0_f32", 4 * mat * f32, [] { return xp::stack({a(), b()}, 0); });

  // ---- broadcasting, views, strided copies ----
  register_row(prefix + "add_row_f32", 2 * mat * f32 + side * f32, [] { return xp::eval(a() + row()); });
  register_row(prefix + "add_column_f32", 2 * mat * f32 + side * f32, [] { return xp::eval(a() + column()); });
  const double interior = double(side - 2) * double(side - 2);
  register_row(prefix + "interior_add_inplace_f32", 2 * interior * f32, [] {
    const auto& updated = updated_a();
    updated(xp::range(1, -1), xp::range(1, -1)) += 1;
    return updated.data();
  });
  register_row(prefix + "strided_copy_f32", (strided_rows_read + strided_written) * mat * f32,
               [] { return a()(xp::range(xp::none, xp::none, 2), xp::range(xp::none, xp::none, 2)).copy(); });
  register_row(prefix + "transpose_copy_f32", 2 * mat * f32, [] { return a().T().copy(); });

  // ---- gathers, selection, compaction ----
  register_row(prefix + "take_f32", gather_count * (i64 + 2 * f32), [] { return xp::take(x(), gather_indices()); });
  register_row(prefix + "take_along_axis1_f32", mat * (i64 + 2 * f32),
               [] { return xp::take_along_axis(a(), row_permutations(), 1); });
  register_row(prefix + "where_f32", 3 * vec * f32, [] { return xp::eval(xp::where(x() > 0.f, x(), y())); });
  register_row(prefix + "mask_select_f32", vec * f32 + selected_share * vec * f32, [] {
    xp::ndarray<float> r = x()(x() > 0.f);
    return r;
  });
  register_row(prefix + "nonzero_f32", vec * f32 + selected_share * vec * i64, [] { return xp::nonzero(x() > 0.f); });
  register_row(prefix + "norm_f32", vec * f32, [] { return xp::linalg::norm(x()).item(); });

  // ---- elementwise, scans ----
  register_row(prefix + "sin_f64", 2 * vec * f64, [] { return xp::eval(xp::sin(x64())); });
  register_row(prefix + "exp_f32", 2 * vec * f32, [] { return xp::eval(xp::exp(x())); });
  register_row(prefix + "sqrt_abs_f32", 2 * vec * f32, [] { return xp::eval(xp::sqrt(xp::abs(x()))); });
  register_row(prefix + "axpy_f32", 3 * vec * f32, [] { return xp::eval(x() * 2.f + y()); });
  register_row(prefix + "cumsum_f32", 2 * vec * f32, [] { return xp::cumsum(x()); });

  // ---- casts ----
  register_row(prefix + "astype_f32_f64", vec * (f32 + f64), [] { return x().astype<double>(); });
  register_row(prefix + "astype_f64_f32", vec * (f64 + f32), [] { return x64().astype<float>(); });
  register_row(prefix + "astype_f32_i32", vec * (f32 + i32), [] { return x().astype<std::int32_t>(); });

  // ---- generators (written only) ----
  register_row(prefix + "arange_i64", vec * i64, [] { return xp::arange(length); });
  register_row(prefix + "linspace_f64", vec * f64, [] { return xp::linspace(0.0, 1.0, length); });
  register_row(prefix + "zeros_f32", mat * f32, [] { return xp::zeros<float>({side, side}); });
  register_row(prefix + "full_f32", mat * f32, [] { return xp::full({side, side}, 1.5f); });

  // ---- the reference: a contiguous copy, 64 MiB read and 64 MiB written ----
  register_row(prefix + "copy_f32", 2 * vec * f32, [] { return x().copy(); });
  return true;
}();

}  // namespace
