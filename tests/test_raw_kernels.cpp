// Raw kernels on xp arrays: array_view (a.view(), ndarray::view_type), xp::cuda::launch, grid_for,
// occupancy and kernel attributes, and the device queries. Compiled into both suites: the
// array_view tests read host arrays in either; xp_tests_host (linked with xp::xp only) checks
// that the device queries link and report no device; xp_tests_cuda (nvcc) launches __global__
// kernels, which are written only under XP_TEST_CUDA.
//
// This file turns XP_VIEW_CHECKS on (before any xp header), so that the host tests see the
// checked indexing; no other translation unit indexes an array_view, so the two definitions
// never meet.
#define XP_VIEW_CHECKS 1
#include "support.hpp"

#include <cstdint>
#include <string>
#include <type_traits>

using namespace xp_test;

namespace {
using host_view = xp::ndarray<float, xp::host>::view_type;
using host_cview = xp::ndarray<float, xp::host>::const_view_type;
static_assert(std::is_same_v<host_view, xp::array_view<float>>);
static_assert(std::is_same_v<host_cview, xp::array_view<const float>>);
static_assert(std::is_trivially_copyable_v<xp::ndarray<double, B>::view_type>);
static_assert(std::is_convertible_v<host_view, host_cview>);
static_assert(!std::is_convertible_v<host_cview, host_view>);

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

// ---- array_view on host arrays (both suites) -----------------------------------------------------

TEST_CASE("array_view: view() indexes like the array, for any strides") {
  const auto a = xp::arange<float>(15).reshape({3, 5});
  const auto v = a.view();
  CHECK(v.ndim() == 2);
  CHECK(v.size() == 15);
  CHECK(v.shape(0) == 3);
  CHECK(v.shape(1) == 5);
  CHECK(v.stride(0) == 5);
  CHECK(v.stride(1) == 1);
  CHECK(v.data() == a.data());
  CHECK(v.is_contiguous());
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j) CHECK(v(i, j) == a.at(i, j));

  SUBCASE("a transposed view") {
    const auto t = xp::transpose(a).view();
    CHECK(t.shape(0) == 5);
    CHECK(t.shape(1) == 3);
    CHECK(t.stride(0) == 1);
    CHECK(t.stride(1) == 5);
    CHECK_FALSE(t.is_contiguous());
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 5; ++j) CHECK(t(j, i) == a.at(i, j));
  }
  SUBCASE("negative strides: a(::-1, 1::2)") {
    const auto s = a(xp::range(xp::none, xp::none, -1), xp::range(1, xp::none, 2));
    const auto r = s.view();
    CHECK(r.shape(0) == 3);
    CHECK(r.shape(1) == 2);
    CHECK(r.stride(0) == -5);
    CHECK(r.stride(1) == 2);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 2; ++j) CHECK(r(i, j) == a.at(2 - i, 1 + 2 * j));
  }
  SUBCASE("three dimensions, permuted") {
    const auto c = xp::arange<float>(24).reshape({2, 3, 4});
    const auto p = xp::transpose(c, {1, 2, 0}).view();  // p(j, k, i) == c(i, j, k)
    CHECK(p.ndim() == 3);
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j)
        for (int k = 0; k < 4; ++k) CHECK(p(j, k, i) == c.at(i, j, k));
  }
  SUBCASE("0-d") {
    const auto z = xp::full<float>({}, 2.5f);
    CHECK(z.view().ndim() == 0);
    CHECK(z.view().size() == 1);
    CHECK(z.view()() == 2.5f);
  }
}

TEST_CASE("array_view: writes go to the array; cview() reads read-only arrays") {
  auto a = xp::zeros<std::int32_t>({2, 3});
  const auto v = a.view();
  v(1, 2) = 7;
  xp::transpose(a).view()(0, 1) = 5;  // a(1, 0)
  CHECK(a.at(1, 2) == 7);
  CHECK(a.at(1, 0) == 5);
  const xp::array_view<const std::int32_t> c = v;  // the read-only form of a view
  CHECK(c(1, 2) == 7);

  const auto row = xp::arange<float>(4);
  const auto wide = xp::broadcast_to(row, {3, 4});  // read-only, stride 0 along axis 0
  CHECK_THROWS_AS(wide.view(), xp::value_error);
  const auto w = wide.cview();
  CHECK(w.stride(0) == 0);
  CHECK(w(2, 3) == 3.f);
}

TEST_CASE("array_view: more than XP_MAX_KERNEL_RANK dimensions is a value_error, not a merged view") {
  const auto a = xp::zeros<float>({1, 1, 1, 1, 1, 1, 1, 1, 2});
  try {
    (void)a.view();
    FAIL("no exception");
  } catch (const xp::value_error& e) {
    CHECK(contains(e.what(), "(1, 1, 1, 1, 1, 1, 1, 1, 2)"));
    CHECK(contains(e.what(), "at most 8"));
  }
  CHECK_THROWS_AS(a.cview(), xp::value_error);
  CHECK(xp::zeros<float>({1, 1, 1, 1, 1, 1, 1, 2}).view().ndim() == 8);
}

TEST_CASE("array_view: XP_VIEW_CHECKS checks index counts and ranges on the host") {
  const auto a = xp::arange<float>(6).reshape({2, 3});
  const auto v = a.view();
  CHECK_THROWS_AS(v(2, 0), xp::index_error);
  CHECK_THROWS_AS(v(0, -1), xp::index_error);
  CHECK_THROWS_AS(v(0), xp::index_error);
  try {
    (void)v(1, 3);
    FAIL("no exception");
  } catch (const xp::index_error& e) {
    CHECK(contains(e.what(), "index 3 is out of range for axis 1 with extent 3"));
  }
  CHECK(v(1, 2) == 5.f);
}

// ---- launch arithmetic and device queries (both suites) ----------------------------------------

TEST_CASE("grid_for: ceil(n / block), checked against the grid's limits") {
  CHECK(xp::cuda::grid_for(0, 256) == 0u);
  CHECK(xp::cuda::grid_for(1, 256) == 1u);
  CHECK(xp::cuda::grid_for(256, 256) == 1u);
  CHECK(xp::cuda::grid_for(257, 256) == 2u);
  CHECK(xp::cuda::grid_for(65535 * 16, 16, 1) == 65535u);
  CHECK(xp::cuda::grid_for(xp::index_t{2147483647}, 1) == 2147483647u);
  CHECK_THROWS_AS(xp::cuda::grid_for(65535 * 16 + 1, 16, 1), xp::value_error);
  CHECK_THROWS_AS(xp::cuda::grid_for(xp::index_t{2147483648}, 1), xp::value_error);
  CHECK_THROWS_AS(xp::cuda::grid_for(-1, 256), xp::value_error);
  CHECK_THROWS_AS(xp::cuda::grid_for(10, 0), xp::value_error);
  CHECK_THROWS_AS(xp::cuda::grid_for(10, 32, 3), xp::value_error);
  try {
    (void)xp::cuda::grid_for(1'000'000, 1, 2);
    FAIL("no exception");
  } catch (const xp::value_error& e) {
    CHECK(contains(e.what(), "gridDim.z takes at most 65535"));
  }
}

#if !defined(XP_TEST_CUDA) && !defined(XP_HAS_CUDA)
// xp_tests_host links xp::xp alone, in every configuration: the queries link and see no device.
TEST_CASE("device queries: without xp::cuda linked they report no device") {
  CHECK(xp::cuda::device_count() == 0);
  CHECK_FALSE(xp::cuda::available());
  try {
    (void)xp::cuda::device_properties(0);
    FAIL("no exception");
  } catch (const xp::index_error& e) {
    CHECK(contains(e.what(), "linked without xp::cuda"));
  }
  CHECK_THROWS_AS(xp::cuda::device_properties(-1), xp::index_error);
  CHECK_THROWS_AS(xp::cuda::mem_info(), xp::value_error);
}
#endif

#if defined(XP_TEST_CUDA)
// ---- the device: queries -------------------------------------------------------------------------

TEST_CASE("device queries: count, properties and memory agree with each other and with CUDA") {
  const int n = xp::cuda::device_count();
  REQUIRE(n >= 1);  // xp_tests_cuda exits 77 before any test without a device
  CHECK(xp::cuda::available());
  int cuda_count = 0;
  REQUIRE(cudaGetDeviceCount(&cuda_count) == cudaSuccess);
  CHECK(n == cuda_count);
  for (int i = 0; i < n; ++i) {
    const auto p = xp::cuda::device_properties(i);
    INFO("device " << i << ": " << p.name);
    CHECK(p.index == i);
    CHECK_FALSE(p.name.empty());
    CHECK(p.major >= 3);
    CHECK(p.minor >= 0);
    CHECK(p.multiprocessor_count > 0);
    CHECK(p.total_memory_bytes >= (std::size_t{1} << 30));
    CHECK(p.warp_size == 32);
    CHECK(p.max_threads_per_block == 1024);
    CHECK(p.max_threads_per_multiprocessor >= p.max_threads_per_block);
    CHECK(p.max_block_dims[0] == 1024);
    CHECK(p.max_block_dims[2] == 64);
    CHECK(p.max_grid_dims[0] == 2147483647);
    CHECK(p.max_grid_dims[1] == 65535);
    CHECK(p.shared_memory_per_block == 48 * 1024);
    CHECK(p.shared_memory_per_block_optin >= p.shared_memory_per_block);
    CHECK(p.shared_memory_per_multiprocessor >= p.shared_memory_per_block_optin);
    CHECK(p.registers_per_block >= 32 * 1024);
    CHECK(p.l2_cache_bytes > 0);
    CHECK(p.clock_khz > 100'000);  // > 100 MHz
    CHECK(p.memory_clock_khz > 100'000);
    CHECK(p.memory_bus_width_bits >= 64);
    CHECK(p.peak_bandwidth() > 1e11);  // > 100 GB/s: any GPU xp targets
    CHECK(p.peak_bandwidth() < 1e14);
  }
  CHECK_THROWS_AS(xp::cuda::device_properties(n), xp::index_error);
  CHECK_THROWS_AS(xp::cuda::device_properties(-1), xp::index_error);

  int current = 0;
  REQUIRE(cudaGetDevice(&current) == cudaSuccess);
  const auto m = xp::cuda::mem_info();
  CHECK(m.free_bytes > 0);
  CHECK(m.free_bytes <= m.total_bytes);
  CHECK(m.total_bytes <= xp::cuda::device_properties(current).total_memory_bytes);
}

// ---- the device: kernels -------------------------------------------------------------------------

namespace {
using fview = xp::ndarray<float, xp::cuda>::view_type;
using fcview = xp::ndarray<float, xp::cuda>::const_view_type;

// out(i, j) = in(i, j): one thread per element on a 2-D grid, whatever in's strides are
__global__ void copy_2d(fview out, fcview in) {
  const xp::index_t i = xp::index_t{blockIdx.y} * blockDim.y + threadIdx.y;
  const xp::index_t j = xp::index_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i < out.shape(0) && j < out.shape(1)) out(i, j) = in(i, j);
}

// out(i, j, k) = 10 * in(i, j, k) + k over a 3-D view, one thread per element (a 1-D grid)
__global__ void scale_3d(fview out, fcview in) {
  const xp::index_t flat = xp::index_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (flat >= out.size()) return;
  const xp::index_t k = flat % out.shape(2), j = flat / out.shape(2) % out.shape(1),
                    i = flat / (out.shape(1) * out.shape(2));
  out(i, j, k) = 10.f * in(i, j, k) + static_cast<float>(k);
}

// Block sum in shared memory, then one atomicAdd per block into a 0-d int64 array.
constexpr int sum_block = 256;  // threads per block: 8 warps, a power of two for the tree below
__global__ void __launch_bounds__(sum_block) block_sum(xp::ndarray<std::int64_t, xp::cuda>::view_type total,
                                                       xp::ndarray<std::int32_t, xp::cuda>::const_view_type x) {
  __shared__ long long partial[sum_block];  // [sum_block]: one running sum per thread of the block
  long long s = 0;
  for (xp::index_t i = xp::index_t{blockIdx.x} * blockDim.x + threadIdx.x; i < x.shape(0);
       i += xp::index_t{gridDim.x} * blockDim.x)
    s += x(i);
  partial[threadIdx.x] = s;
  __syncthreads();
  for (int half = sum_block / 2; half > 0; half /= 2) {
    if (static_cast<int>(threadIdx.x) < half) partial[threadIdx.x] += partial[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(reinterpret_cast<unsigned long long*>(&total()), static_cast<unsigned long long>(partial[0]));
}

// counts(v % bins) += 1 for every element of a strided 1-D view: atomics into an xp array
__global__ void histogram(xp::ndarray<std::int32_t, xp::cuda>::view_type counts,
                          xp::ndarray<std::int32_t, xp::cuda>::const_view_type x) {
  const xp::index_t i = xp::index_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i < x.shape(0)) atomicAdd(&counts(x(i) % counts.shape(0)), 1);
}

// a(0) += value (a 0-d or 1-element view), with parameters that the arguments convert to
__global__ void add_scalar(fview a, float value, xp::index_t times) {
  for (xp::index_t t = 0; t < times; ++t) a(0) += value;
}

__global__ void do_nothing() {}

// A block of at most 128 threads: the compiler may give each thread more registers
constexpr int bounded_block = 128;
__global__ void __launch_bounds__(bounded_block) bounded(fview a) {
  const xp::index_t i = xp::index_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i < a.shape(0)) a(i) = static_cast<float>(i);
}
}  // namespace

TEST_CASE("raw kernels: a kernel reads transposed and negative-stride views through view()") {
  const auto base = xp::arange<float, xp::cuda>(6 * 35).reshape({6, 35});
  const dim3 block(32, 8);  // 32 columns: a warp walks one row of out
  SUBCASE("transposed") {
    const auto t = xp::transpose(base);  // (35, 6), strides (1, 35)
    auto out = xp::empty<float, xp::cuda>(t.shape());
    xp::cuda::launch(copy_2d, {dim3(xp::cuda::grid_for(t.shape(1), 32), xp::cuda::grid_for(t.shape(0), 8, 1)), block},
                     out.view(), t.view());
    check_same(out, t.copy());
  }
  SUBCASE("reversed rows, every third column from the end") {
    const auto s = base(xp::range(xp::none, xp::none, -1), xp::range(34, xp::none, -3));  // strides (-35, -3)
    REQUIRE(s.strides() == xp::shape_type{-35, -3});
    auto out = xp::empty<float, xp::cuda>(s.shape());
    xp::cuda::launch(copy_2d, {dim3(xp::cuda::grid_for(s.shape(1), 32), xp::cuda::grid_for(s.shape(0), 8, 1)), block},
                     out.view(), s.view());
    check_same(out, s.copy());
    // and writing through a negative-stride view
    auto target = xp::zeros<float, xp::cuda>({6, 35});
    auto w = target(xp::range(xp::none, xp::none, -1), xp::range(34, xp::none, -3));
    xp::cuda::launch(copy_2d, {dim3(xp::cuda::grid_for(w.shape(1), 32), xp::cuda::grid_for(w.shape(0), 8, 1)), block},
                     w.view(), s.cview());
    check_same(target(xp::all, xp::range(1, xp::none, 3)), base(xp::all, xp::range(1, xp::none, 3)));
    CHECK(xp::sum(target(xp::all, xp::range(0, xp::none, 3))).item() == 0.f);
  }
  SUBCASE("three dimensions, permuted") {
    const auto c = xp::arange<float, xp::cuda>(2 * 3 * 4).reshape({2, 3, 4});
    const auto p = xp::transpose(c, {2, 0, 1});  // (4, 2, 3)
    auto out = xp::empty<float, xp::cuda>(p.shape());
    xp::cuda::launch(scale_3d, {xp::cuda::grid_for(out.size(), 64), 64}, out.view(), p.cview());
    const auto k = xp::arange<float, xp::cuda>(3).reshape({1, 1, 3});
    xp::ndarray<float, xp::cuda> want = 10.f * p + k;
    check_same(out, want);
  }
}

TEST_CASE("raw kernels: shared-memory reduction and atomicAdd into xp arrays") {
  const xp::index_t n = 1'000'003;
  const auto x = xp::arange<std::int32_t, xp::cuda>(n);
  auto total = xp::zeros<std::int64_t, xp::cuda>({});
  const int per_sm = xp::cuda::max_active_blocks(block_sum, sum_block);
  REQUIRE(per_sm >= 1);
  const unsigned blocks = static_cast<unsigned>(
      per_sm * xp::cuda::device_properties(0).multiprocessor_count);  // one resident wave, grid-stride
  xp::cuda::launch(block_sum, {blocks, sum_block}, total.view(), x.view());
  CHECK(total.item() == n * (n - 1) / 2);
  CHECK(total.item() == xp::sum(x.astype<std::int64_t>()).item());

  auto counts = xp::zeros<std::int32_t, xp::cuda>({7});
  const auto every_other = x(xp::range(0, xp::none, 2));  // stride 2
  xp::cuda::launch(histogram, {xp::cuda::grid_for(every_other.size(), 256), 256}, counts.view(), every_other.view());
  const auto h = counts.copy_to_host();
  std::int64_t want[7] = {};
  for (xp::index_t v = 0; v < n; v += 2) ++want[v % 7];
  for (int b = 0; b < 7; ++b) CHECK(h.at(b) == want[b]);
}

TEST_CASE("raw kernels: arguments convert to the parameters; launches follow the current stream") {
  auto a = xp::zeros<float, xp::cuda>({1});
  xp::cuda::launch(add_scalar, {1, 1}, a.view(), 0.5, 4);  // double -> float, int -> index_t
  CHECK(a.item() == 2.f);
  xp::cuda::launch(do_nothing, {1, 32});
  xp::cuda::launch(do_nothing, {xp::cuda::grid_for(0, 256), 256});  // an empty grid launches nothing

  xp::cuda::stream s;
  auto b = xp::zeros<float, xp::cuda>({1});
  {
    xp::cuda::stream_scope on(s);
    auto c = xp::full<float, xp::cuda>({1}, 1.f);               // on s
    xp::cuda::launch(add_scalar, {1, 1}, c.view(), 1.f, 1000);  // on s, after the fill
    xp::cuda::launch(copy_2d, {1, 32}, b.reshape({1, 1}).view(), c.reshape({1, 1}).cview());
    s.synchronize();
  }
  CHECK(b.item() == 1001.f);
}

TEST_CASE("raw kernels: bad launch configurations are value_errors that name the limit") {
  auto a = xp::zeros<float, xp::cuda>({4096});
  auto message = [&](const xp::cuda::launch_config& config) {
    try {
      xp::cuda::launch(bounded, config, a.view());
    } catch (const xp::value_error& e) {
      return std::string(e.what());
    }
    return std::string("no exception");
  };
  const std::string too_big = message({2, 2048});
  CHECK(contains(too_big, "block (2048, 1, 1)"));
  CHECK(contains(too_big, "2048 threads; this device takes at most 1024 per block"));
  CHECK(contains(message({1, dim3(32, 64)}), "2048 threads"));
  CHECK(contains(message({1, dim3(1, 1, 128)}), "blockDim.z is 128; this device takes at most 64"));
  CHECK(contains(message({1, dim3(32, 0)}), "the block is empty"));
  CHECK(contains(message({dim3(1, 70000), 32}), "gridDim.y is 70000"));
  CHECK(contains(message({1, 32, std::size_t{1} << 30}), "bytes of shared memory"));
  // the device is fine afterwards
  xp::cuda::launch(bounded, {xp::cuda::grid_for(a.size(), bounded_block), bounded_block}, a.view());
  CHECK(a(4095).item() == 4095.f);
}

TEST_CASE("raw kernels: a launch that CUDA refuses is an xp::cuda_error with the launch in its message") {
  auto a = xp::zeros<float, xp::cuda>({64});
  const auto limits = xp::cuda::device_properties(0);
  // within the device's opt-in limit but above the default: CUDA wants cudaFuncSetAttribute first
  const std::size_t shared = limits.shared_memory_per_block + 1024;
  REQUIRE(shared <= limits.shared_memory_per_block_optin);
  try {
    xp::cuda::launch(bounded, {1, 64, shared}, a.view());
    FAIL("no exception");
  } catch (const xp::cuda_error& e) {
    INFO(e.what());
    CHECK(contains(e.what(), "xp::cuda::launch(grid (1, 1, 1), block (64, 1, 1), " + std::to_string(shared)));
    CHECK(contains(e.what(), "cudaFuncSetAttribute"));
  }
  // __launch_bounds__(128): a block of 256 is refused
  try {
    xp::cuda::launch(bounded, {1, 256}, a.view());
    FAIL("no exception");
  } catch (const xp::cuda_error& e) {
    INFO(e.what());
    CHECK(contains(e.what(), "block (256, 1, 1)"));
    CHECK(contains(e.what(), "at most 128 threads per block"));
  }
  xp::cuda::launch(bounded, {1, 64}, a.view());  // the device is fine afterwards
  CHECK(a(63).item() == 63.f);
}

TEST_CASE("raw kernels: occupancy and kernel attributes") {
  const auto info = xp::cuda::kernel_attributes(block_sum);
  CHECK(info.registers_per_thread > 0);
  CHECK(info.static_shared_bytes == sum_block * sizeof(long long));
  CHECK(info.max_threads_per_block == sum_block);  // __launch_bounds__(sum_block)
  CHECK(info.binary_version >= 30);
  CHECK(xp::cuda::kernel_attributes(bounded).max_threads_per_block == bounded_block);
  const auto p = xp::cuda::device_properties(0);
  const int blocks = xp::cuda::max_active_blocks(block_sum, sum_block);
  CHECK(blocks >= 1);
  CHECK(blocks * sum_block <= p.max_threads_per_multiprocessor);
  // dynamic shared memory lowers occupancy once it is the limit
  const std::size_t shared = p.shared_memory_per_block / 2;
  const int with_shared = xp::cuda::max_active_blocks(do_nothing, 32, shared);
  CHECK(with_shared >= 1);
  CHECK(with_shared <= static_cast<int>(p.shared_memory_per_multiprocessor / shared));
  CHECK(with_shared < xp::cuda::max_active_blocks(do_nothing, 32));
}
#endif
