// xp/cuda/chunked.hpp: host arrays streamed through the device in chunks (chunked_map,
// chunked_reduce, chunked_sum/min/max) and matmul's out_of_core option, against the host
// computing the same on the whole arrays (the oracle). Chunk sizes are small so that every
// input is cut into many chunks with a ragged last one. CUDA only, but for the last test, which
// checks what a program without <xp/cuda.hpp> is told.
#include "support.hpp"

#include <algorithm>
#include <limits>

#ifdef XP_TEST_CUDA

namespace {
using namespace xp_test;

/// The same values in page-locked memory (read by DMA in place).
template <class T>
xp::ndarray<T, xp::host> pinned_copy(const xp::ndarray<T, xp::host>& h) {
  auto p = xp::empty_pinned<T>(h.shape());
  std::copy(h.begin(), h.end(), p.data());  // C order, any layout of h
  return p;
}

/// An r x c matrix: U[-100, 100) for floats, integers in [-50, 50) otherwise.
template <class T>
xp::ndarray<T, xp::host> matrix(xp::index_t r, xp::index_t c, unsigned seed) {
  if constexpr (std::is_floating_point_v<T>) return random_host<T>({r, c}, seed);
  else return xp::random::uniform<double, xp::host>({r, c}, -50.0, 50.0, seed).template astype<T>();
}

/// got == a @ b as the host computes it: exactly for integers, for floats within `tol` of
/// (|a| @ |b|), the scale of the rounding errors of any summation order.
template <class T>
void check_product(const xp::ndarray<T, xp::host>& got, const xp::ndarray<T, xp::host>& a,
                   const xp::ndarray<T, xp::host>& b) {
  const auto want = xp::matmul(a, b);
  if constexpr (std::is_integral_v<T>) {
    check_same(got, want);
  } else {
    REQUIRE(got.shape() == want.shape());
    const double tol = std::is_same_v<T, float> ? 1e-4 : 1e-12;
    const auto scale = xp::matmul(xp::abs(a.template astype<double>()), xp::abs(b.template astype<double>()));
    const auto g = values(got), w = values(want);
    const auto s = values(scale);
    for (std::size_t i = 0; i < g.size(); ++i) {
      INFO("flat index " << i << ": got " << g[i] << ", want " << w[i]);
      CHECK(std::abs(double(g[i]) - double(w[i])) <= tol * s[i]);
    }
  }
}

}  // namespace

TEST_CASE("chunked: sum, min and max of a float array in many chunks, pageable and pinned") {
  const xp::index_t n = 1'000'003;  // 16384 floats per chunk: 61 chunks and one of 619
  const xp::chunked_options small{.chunk_bytes = 64 << 10};
  const auto x = xp::random::normal<float, xp::host>({n}, 0.f, 10.f, 7);
  const auto xd = x.astype<double>();
  const double want = xp::sum(xd).item(), scale = xp::sum(xp::abs(xd)).item();
  const float s = xp::chunked_sum(x, small);
  static_assert(std::is_same_v<decltype(xp::chunked_sum(x, small)), float>);
  CHECK(std::abs(double(s) - want) <= 1e-6 * scale);
  // the same chunks give the same partial sums, combined in the same order: neither pinning
  // nor the depth of the pipeline may change the result
  const auto xp_pinned = pinned_copy(x);
  CHECK(xp::chunked_sum(xp_pinned, small) == s);
  CHECK(xp::chunked_sum(x, {.chunk_bytes = 64 << 10, .depth = 1}) == s);
  CHECK(xp::chunked_sum(xp_pinned, {.chunk_bytes = 64 << 10, .depth = 3}) == s);
  CHECK(std::abs(double(xp::chunked_sum(x)) - want) <= 1e-6 * scale);  // automatic chunks
  CHECK(xp::chunked_min(x, small) == xp::min(x).item());
  CHECK(xp::chunked_max(xp_pinned, small) == xp::max(x).item());
  // NaN in one chunk reaches the result
  auto with_nan = x.copy();
  with_nan.at(500'000) = std::numeric_limits<float>::quiet_NaN();
  CHECK(std::isnan(xp::chunked_sum(with_nan, small)));
  CHECK(std::isnan(xp::chunked_min(with_nan, small)));
  CHECK(std::isnan(xp::chunked_max(with_nan, small)));
}

TEST_CASE("chunked: the sum of int32 is an exact int64") {
  const auto x = xp::random::uniform<double, xp::host>({300'001}, -1e9, 1e9, 3).astype<std::int32_t>();
  static_assert(std::is_same_v<decltype(xp::chunked_sum(x)), std::int64_t>);
  CHECK(xp::chunked_sum(x, {.chunk_bytes = 4096}) == xp::sum(x).item());
  CHECK(xp::chunked_min(x, {.chunk_bytes = 4096}) == xp::min(x).item());
}

TEST_CASE("chunked: map of two 2-D inputs of different dtypes, contiguous, strided, pinned") {
  const auto x = random_host<float>({1001, 37}, 1);
  const auto y = random_host<double>({1001, 37}, 2);
  // 10 rows of the wider (double) input per chunk: 100 chunks of 10 rows and one of 1
  const xp::chunked_options o{.chunk_bytes = 10 * 37 * sizeof(double)};
  auto f = [](const auto& a, const auto& b) { return a * 2.0f + b; };
  const xp::ndarray<double, xp::host> want = x * 2.0f + y;
  const auto got = xp::chunked_map(f, o, x, y);
  static_assert(std::is_same_v<decltype(got), const xp::ndarray<double, xp::host>>);
  check_close(got, want, ulps<double>(1));
  check_close(xp::chunked_map(f, o, pinned_copy(x), y), want, ulps<double>(1));
  check_close(xp::chunked_map(f, o, pinned_copy(x), pinned_copy(y)), want, ulps<double>(1));
  check_close(xp::chunked_map(f, {.chunk_bytes = 10 * 37 * sizeof(double), .depth = 3}, x, y), want, ulps<double>(1));
  // a transcendental: device and host sin may differ in the last bits
  auto g = [](const auto& a, const auto& b) { return xp::sin(a) * b; };
  check_close(xp::chunked_map(g, o, x, y), xp::ndarray<double, xp::host>(xp::sin(x) * y), 1e-6);
  // non-contiguous inputs are packed chunk by chunk: every other row of a bigger array (runs of
  // unit stride), a transposed view (none), and the same from pinned memory
  const auto big = random_host<float>({2002, 37}, 3);
  const auto rows = big(xp::range(0, 2002, 2));
  const auto tr = xp::transpose(random_host<double>({37, 1001}, 4));
  const xp::ndarray<double, xp::host> want2 = rows * 2.0f + tr;
  check_close(xp::chunked_map(f, o, rows, tr), want2, ulps<double>(1));
  check_close(xp::chunked_map(f, o, pinned_copy(big)(xp::range(0, 2002, 2)), tr), want2, ulps<double>(1));
  const auto tr_pinned = xp::transpose(pinned_copy(xp::transpose(tr).copy()));  // tr's values, strides (1, 1001)
  check_close(xp::chunked_map(f, o, rows, tr_pinned), want2, ulps<double>(1));
}

TEST_CASE("chunked: map results that keep the rows: row sums, views of the chunk") {
  const auto x = random_host<float>({513, 64}, 5);
  const xp::chunked_options o{.chunk_bytes = 7 * 64 * sizeof(float)};  // 73 chunks of 7 rows, one of 2
  const auto sums = xp::chunked_map([](const auto& a) { return xp::sum(a, {1}); }, o, x);
  const auto want = xp::sum(x.astype<double>(), {1}), scale = xp::sum(xp::abs(x.astype<double>()), {1});
  REQUIRE(sums.shape() == xp::shape_type{513});
  for (xp::index_t i = 0; i < 513; ++i) {
    INFO("row " << i);
    CHECK(std::abs(double(sums.at(i)) - want.at(i)) <= 1e-5 * scale.at(i));
  }
  // a strided view of the input chunk itself: copied, and its slot not reused before it is
  check_same(xp::chunked_map([](const auto& a) { return a(xp::all, xp::range(0, 64, 3)); }, o, x),
             x(xp::all, xp::range(0, 64, 3)).copy());
  // the rows must stay: a full sum or a sum over the rows is refused
  CHECK_THROWS_AS(xp::chunked_map([](const auto& a) { return xp::sum(a); }, o, x), xp::shape_error);
  CHECK_THROWS_WITH_AS(xp::chunked_map([](const auto& a) { return xp::sum(a, {0}); }, o, x),
                       doctest::Contains("returned shape (64,) for a chunk of 7 rows"), xp::shape_error);
}

TEST_CASE("chunked: map into out=: pinned, strided, another dtype, in place") {
  const auto x = random_host<float>({999, 8}, 6), y = random_host<float>({999, 8}, 7);
  const xp::chunked_options o{.chunk_bytes = 100 * 8 * sizeof(float)};  // 9 chunks of 100 rows, one of 99
  auto f = [](const auto& a, const auto& b) { return a - b; };
  const xp::ndarray<float, xp::host> want = x - y;
  auto pinned = xp::empty_pinned<float>({999, 8});
  CHECK(xp::chunked_map(f, o, xp::out(pinned), x, y).data() == pinned.data());
  check_same(pinned, want);
  auto wide = xp::zeros<float>({999, 16});
  xp::chunked_map(f, o, xp::out(wide(xp::all, xp::range(0, 16, 2))), x, y);
  check_same(wide(xp::all, xp::range(0, 16, 2)), want);
  check_same(wide(xp::all, xp::range(1, 16, 2)), xp::zeros<float>({999, 8}));  // untouched
  auto as_double = xp::empty<double>({999, 8});
  xp::chunked_map(f, o, xp::out(as_double), x, y);
  check_same(as_double, want.astype<double>());
  // in place: the output is the input, row for row
  auto z = x.copy();
  xp::chunked_map([](const auto& a) { return a * 2.0f; }, o, xp::out(z), z);
  check_same(z, xp::ndarray<float, xp::host>(x * 2.0f));
  // an output that overlaps the input in another order (reversed rows): as if read first
  auto w = x.copy();
  xp::chunked_map([](const auto& a) { return a + 1.0f; }, o, xp::out(w(xp::range(xp::none, xp::none, -1))), w);
  check_same(w(xp::range(xp::none, xp::none, -1)), xp::ndarray<float, xp::host>(x + 1.0f));
  CHECK_THROWS_WITH_AS(xp::chunked_map(f, o, xp::out(xp::empty<float>({999, 7})), x, y),
                       doctest::Contains("out has shape (999, 7), the result has (999, 8)"), xp::shape_error);
  CHECK_THROWS_AS(xp::chunked_map(f, o, xp::out(xp::broadcast_to(xp::zeros<float>({8}), {999, 8})), x, y),
                  xp::value_error);
}

TEST_CASE("chunked: managed memory is copied in place, as pinned memory is") {
  const xp::index_t rows = 999, cols = 8;
  const auto x = random_host<float>({rows, cols}, 8);
  const xp::chunked_options o{.chunk_bytes = 100 * cols * sizeof(float)};  // 9 chunks of 100 rows, one of 99
  // a managed input and a managed output, as host arrays (cudaMallocManaged)
  auto managed_array = [&] {
    float* p = nullptr;
    REQUIRE(cudaMallocManaged(&p, static_cast<std::size_t>(rows * cols) * sizeof(float)) == cudaSuccess);
    const std::shared_ptr<void> owner(p, [](void* q) { (void)cudaFree(q); });
    return xp::ndarray<float, xp::host>(owner, p, {rows, cols}, {cols, 1});
  };
  auto in = managed_array(), out = managed_array();
  std::copy(x.begin(), x.end(), in.data());
  REQUIRE(xp::backends::cuda::is_pinned_or_managed(in.data()));
  // the same chunks as the pageable input: the same partial sums, combined in the same order
  CHECK(xp::chunked_sum(in, o) == xp::chunked_sum(x, o));
  CHECK(xp::chunked_map([](const auto& a) { return a * 3.0f; }, o, xp::out(out), in).data() == out.data());
  check_same(out, xp::ndarray<float, xp::host>(x * 3.0f));
}

TEST_CASE("chunked: user reductions over one and two inputs") {
  const auto x = random_host<float>({200'003}, 8), y = random_host<float>({200'003}, 9);
  const xp::chunked_options o{.chunk_bytes = 40'000};  // 10000 floats per chunk: 20 chunks and 3 values
  const auto xd = x.astype<double>(), yd = y.astype<double>();
  const float dot =
      xp::chunked_reduce([](const auto& a, const auto& b) { return xp::sum(a * b); }, xp::chunk_combine::sum, o, x, y);
  CHECK(std::abs(double(dot) - xp::sum(xd * yd).item()) <= 1e-5 * xp::sum(xp::abs(xd * yd)).item());
  // per-chunk sums in double: the result is as accurate as double allows
  const double sq = xp::chunked_reduce([](const auto& a) { return xp::sum(xp::square(a.template astype<double>())); },
                                       xp::chunk_combine::sum, o, x);
  const double sq_want = xp::sum(xp::square(xd)).item();
  CHECK(std::abs(sq - sq_want) <= 1e-12 * sq_want);
  CHECK(xp::chunked_reduce([](const auto& a) { return xp::max(xp::abs(a)); }, xp::chunk_combine::max, o, x) ==
        xp::max(xp::abs(x)).item());
  CHECK(xp::chunked_reduce([](const auto& a, const auto& b) { return xp::min(a - b); }, xp::chunk_combine::min, o, x,
                           pinned_copy(y)) == xp::min(x - y).item());
  // the function sees the caller's device arrays, written on the caller's stream
  const auto shift = xp::full<float, xp::cuda>(xp::shape_type{}, 3.0f);
  CHECK(xp::chunked_reduce([&](const auto& a) { return xp::max(a + shift); }, xp::chunk_combine::max, o, x) ==
        xp::max(x + 3.0f).item());
}

TEST_CASE("chunked: empty inputs") {
  const auto e = xp::empty<float>({0});
  CHECK(xp::chunked_sum(e) == 0.f);
  CHECK_THROWS_AS(xp::chunked_min(e), xp::value_error);  // np.min of an empty array
  CHECK(xp::chunked_map([](const auto& a) { return a * 2.0f; }, {}, e).shape() == xp::shape_type{0});
  const auto no_rows = xp::empty<float>({0, 5});
  CHECK(xp::chunked_map([](const auto& a) { return a * 2.0f; }, {}, no_rows).shape() == xp::shape_type{0, 5});
  const auto no_columns = xp::empty<float>({4, 0});
  check_same(xp::chunked_map([](const auto& a) { return xp::sum(a, {1}); }, {}, no_columns), xp::zeros<float>({4}));
  CHECK(xp::chunked_sum(no_columns) == 0.f);
}

TEST_CASE("chunked: argument errors name the bad value") {
  const auto x = xp::zeros<float>({10, 4}), y = xp::zeros<float>({10, 5});
  auto add = [](const auto& a, const auto& b) { return a + b; };
  CHECK_THROWS_WITH_AS(xp::chunked_map(add, {}, x, y), doctest::Contains("input 0 has (10, 4), input 1 has (10, 5)"),
                       xp::shape_error);
  CHECK_THROWS_AS(
      xp::chunked_reduce([](const auto& a, const auto& b) { return xp::sum(a + b); }, xp::chunk_combine::sum, {}, x, y),
      xp::shape_error);
  CHECK_THROWS_WITH_AS(xp::chunked_sum(x, {.chunk_bytes = 15}),
                       doctest::Contains("chunk_bytes = 15 is smaller than one row of the inputs (16 bytes"),
                       xp::value_error);
  CHECK_THROWS_WITH_AS(xp::chunked_sum(x, {.depth = 0}), doctest::Contains("depth must be at least 1, got 0"),
                       xp::value_error);
  CHECK_THROWS_AS(xp::chunked_sum(xp::zeros<float>(xp::shape_type{})), xp::value_error);
  CHECK_THROWS_WITH_AS(xp::chunked_reduce([](const auto& a) { return xp::sum(a, {1}); }, xp::chunk_combine::sum, {}, x),
                       doctest::Contains("one value per chunk"), xp::shape_error);
  CHECK(xp::chunked_sum(x, {.chunk_bytes = 16}) == 0.f);  // exactly one row per chunk is enough
}

TEST_CASE("chunked: data larger than the device memory it may use") {
  // 512 MiB of float32 through the device in chunks: the sum holds two 16 MiB input chunks
  // (32 MiB), the map two 8 MiB input chunks and two 8 MiB results (32 MiB) at a time.
  // The pool's limit makes the device hold less than the data: the test fails if the pipeline
  // ever holds more than 64 MiB at once.
  auto& pool = xp::cuda::get_default_memory_pool();
  pool.set_limit(pool.used_bytes() + (std::size_t{64} << 20));
  const xp::index_t n = xp::index_t{1} << 27;
  // example-begin chunked-sum
  auto x = xp::random::normal<float, xp::host>({n}, 0.f, 10.f, 42);  // 512 MiB on the host
  float total = xp::chunked_sum(x, {.chunk_bytes = 16 << 20});       // 32 chunks of 16 MiB
  // example-end chunked-sum
  double want = 0, scale = 0;
  for (xp::index_t i = 0; i < n; ++i) {
    want += x.data()[i];
    scale += std::abs(x.data()[i]);
  }
  CHECK(std::abs(double(total) - want) <= 1e-6 * scale);
  // example-begin chunked-map
  auto y = xp::chunked_map([](const auto& c) { return xp::abs(c) * 0.5f; }, {.chunk_bytes = 8 << 20}, x);
  // example-end chunked-map
  REQUIRE(y.shape() == x.shape());
  xp::index_t wrong = 0;
  for (xp::index_t i = 0; i < n; ++i) wrong += y.data()[i] != std::abs(x.data()[i]) * 0.5f;
  CHECK(wrong == 0);
  // automatic chunks fit under the limit too, and the whole array would not
  CHECK(xp::chunked_max(x) == xp::max(x).item());
  CHECK_THROWS_AS(xp::to_device(x), xp::out_of_memory);
  pool.set_limit(0);
}

TEST_CASE_TEMPLATE("matmul out_of_core: panels smaller than the matrices, ragged", T, float, double, std::int32_t,
                   std::int64_t) {
  const xp::index_t k = 257;
  // 64 rows of A or columns of B per panel: 5 x 7 tiles, the last row and column of them ragged
  const xp::matmul_options o{.out_of_core = true, .tile_bytes = 64 * k * sizeof(T)};
  const auto a = matrix<T>(301, k, 1), b = matrix<T>(k, 389, 2);
  check_product(xp::matmul(a, b, o), a, b);  // A's panels resident, B's streamed
  const auto a2 = matrix<T>(389, k, 3), b2 = matrix<T>(k, 301, 4);
  check_product(xp::matmul(a2, b2, o), a2, b2);  // B's panels resident, A's streamed
  // pinned operands are read by 2-D DMA in place; a pinned result receives its tiles likewise
  auto c = xp::empty_pinned<T>({301, 389});
  xp::matmul(pinned_copy(a), pinned_copy(b), xp::out(c), o);
  check_product(c, a, b);
  // a transposed view (unit row stride: copied as is, read transposed on the device) and a view
  // with no unit stride (packed on the host); the transposed one also from pinned memory
  const auto at = matrix<T>(k, 301, 5);
  const auto bs = matrix<T>(2 * k, 2 * 389, 6)(xp::range(0, 2 * k, 2), xp::range(1, 2 * 389, 2));
  check_product(xp::matmul(xp::transpose(at), bs, o), xp::transpose(at).copy(), bs.copy());
  check_product(xp::matmul(xp::transpose(pinned_copy(at)), b, o), xp::transpose(at).copy(), b);
  // vectors: (k,) @ B and A @ (k,)
  const auto v = matrix<T>(1, k, 7).reshape({k});
  check_product(xp::matmul(v, b, o), v, b);
  check_product(xp::matmul(a, v, o), a, v);
  // automatic panels; and the out= form
  check_product(xp::matmul(a, b, xp::matmul_options{.out_of_core = true}), a, b);
  auto o2 = xp::empty<T>({301, 389});
  xp::matmul(a, b, xp::out(o2), o);
  check_product(o2, a, b);
}

TEST_CASE("matmul out_of_core: uint8 wraps as on the host; empty products") {
  const auto a = xp::random::uniform<double, xp::host>({70, 90}, 0.0, 256.0, 1).astype<std::uint8_t>();
  const auto b = xp::random::uniform<double, xp::host>({90, 50}, 0.0, 256.0, 2).astype<std::uint8_t>();
  check_same(xp::matmul(a, b, {.out_of_core = true, .tile_bytes = 16 * 90 * 4}), xp::matmul(a, b));
  check_same(xp::matmul(xp::ones<float>({3, 0}), xp::ones<float>({0, 4}), {.out_of_core = true}),
             xp::zeros<float>({3, 4}));
  CHECK(xp::matmul(xp::ones<float>({0, 5}), xp::ones<float>({5, 4}), {.out_of_core = true}).shape() ==
        xp::shape_type{0, 4});
}

TEST_CASE("matmul out_of_core: argument errors") {
  const auto a = xp::ones<float>({8, 100}), b = xp::ones<float>({100, 8});
  CHECK_THROWS_WITH_AS(xp::matmul(a, b, {.out_of_core = true, .tile_bytes = 399}),
                       doctest::Contains("tile_bytes = 399 is smaller than one row of A"), xp::value_error);
  CHECK(xp::matmul(a, b, {.out_of_core = true, .tile_bytes = 400}).at(0, 0) == 100.f);  // one row per panel
  CHECK_THROWS_AS(xp::matmul(a, a, {.out_of_core = true}), xp::shape_error);
  CHECK_THROWS_AS(xp::matmul(xp::ones<float>({2, 8, 100}), b, {.out_of_core = true}), xp::value_error);
  CHECK_THROWS_AS(xp::matmul(xp::to_device(a), xp::to_device(b), {.out_of_core = true}), xp::value_error);
  CHECK_THROWS_AS(xp::matmul(a.astype<double>(), b.astype<double>(),
                             {.precision = xp::matmul_precision::tf32, .out_of_core = true}),
                  xp::dtype_error);
}

#else  // the host suite: no <xp/cuda.hpp> in this program

TEST_CASE("matmul out_of_core: a program without <xp/cuda.hpp> is told where it lives") {
  const auto a = xp::ones<float>({2, 3});
  CHECK_THROWS_WITH_AS(xp::matmul(a, xp::transpose(a), {.out_of_core = true}),
                       doctest::Contains("include <xp/cuda.hpp>"), xp::value_error);
  // the option is checked before anything else runs: also for device-only options
  CHECK_THROWS_AS(xp::matmul(a.astype<std::int32_t>(), xp::transpose(a).astype<std::int32_t>(),
                             {.engine = xp::engine::vendor, .out_of_core = true}),
                  xp::dtype_error);
}

#endif
