// xp/cuda.hpp: streams, pinned memory, asynchronous transfers, the memory pool and its
// errors. Compiled into xp_tests_cuda only.
#include "support.hpp"

#include <cuda_runtime_api.h>

#include "xp/backends/cuda/vendor/blas.hpp"  // private to libxp_cuda's sources; the test reads the tree

#include <cstdio>
#include <iostream>

using namespace xp_test;

TEST_CASE("cuda: work on a stream, pinned buffers, async transfers") {
  xp::cuda::stream s;
  auto pinned = xp::empty_pinned<float>({1 << 20});
  for (xp::index_t i = 0; i < pinned.size(); ++i) pinned.data()[i] = static_cast<float>(i % 977);
  auto d = xp::to_device_async(pinned, s);
  auto out = xp::empty_pinned<float>({1 << 20});
  {
    xp::cuda::stream_scope scope(s);
    d += 1.f;  // enqueued on s, after the upload
    xp::copy_to_host_async(d, out, s);
  }
  s.synchronize();
  for (xp::index_t i = 0; i < out.size(); i += 4099) CHECK(out.data()[i] == static_cast<float>(i % 977) + 1.f);
  CHECK_THROWS_AS((xp::copy_to_host_async(d, xp::empty_pinned<float>({3}), s)), xp::shape_error);
  CHECK_THROWS_AS(xp::to_device_async(pinned.reshape({1024, 1024})(xp::all, 0), s), xp::value_error);
}

TEST_CASE("cuda: freed memory is reused by the pool") {
  void* first = nullptr;
  {
    auto a = xp::empty<float, xp::cuda>({1 << 24});
    first = a.data();
  }
  auto b = xp::empty<float, xp::cuda>({1 << 24});
  CHECK(b.data() == first);
}

TEST_CASE("cuda: small buffers are reused on their stream only, and keep their contents apart") {
  void* first = nullptr;
  {
    auto a = xp::full<float, xp::cuda>({3}, 1.f);
    first = a.data();
  }
  auto b = xp::full<float, xp::cuda>({5}, 2.f);  // same size class, same stream: same block
  CHECK(b.data() == first);
  CHECK(values(b) == std::vector<float>(5, 2.f));
  void* second = nullptr;
  {
    auto c = xp::zeros<double, xp::cuda>({7});
    second = c.data();
  }
  xp::cuda::stream s;
  {
    xp::cuda::stream_scope on(s);
    auto d = xp::ones<double, xp::cuda>({7});  // another stream: never the block freed above
    CHECK(d.data() != second);
    CHECK(values(d) == std::vector<double>(7, 1.0));
  }
  auto e = xp::sum(xp::arange<float, xp::cuda>(10));  // 0-d results come from the cache too
  CHECK(e.item() == 45.f);
}

TEST_CASE("cuda: asking for more than the GPU has throws out_of_memory, and the program goes on") {
  std::size_t free_bytes = 0, total = 0;
  REQUIRE(cudaMemGetInfo(&free_bytes, &total) == cudaSuccess);
  const xp::index_t too_many = static_cast<xp::index_t>(total / sizeof(double)) * 2;
  try {
    auto huge = xp::empty<double, xp::cuda>({too_many});
    FAIL("no exception");
  } catch (const xp::out_of_memory& e) {
    CHECK(e.requested_bytes == static_cast<std::size_t>(too_many) * sizeof(double));
    CHECK(e.free_bytes > 0);
    CHECK(std::string(e.what()).find("bytes free") != std::string::npos);
  }
  auto after = xp::arange<float, xp::cuda>(10);  // still usable
  CHECK(values(after)[9] == 9.f);
}

TEST_CASE("cuda: a failing CUDA call becomes xp::cuda_error with status, call and place") {
  try {
    XP_CUDA_CHECK(cudaSetDevice(1 << 20));
    FAIL("no exception");
  } catch (const xp::cuda_error& e) {
    const std::string what = e.what();
    CHECK(e.status == "cudaErrorInvalidDevice");
    CHECK(what.find("cudaSetDevice(1 << 20)") != std::string::npos);
    CHECK(what.find("test_cuda.cpp:") != std::string::npos);
  }
  CHECK(xp::arange<int, xp::cuda>(3).copy_to_host().at(2) == 2);
}

TEST_CASE("cuda: a vendor library's failing status becomes xp::cuda_error naming the library") {
  try {
    XP_VENDOR_CHECK(CUBLAS_STATUS_NOT_SUPPORTED);
    FAIL("no exception");
  } catch (const xp::cuda_error& e) {
    const std::string what = e.what();
    CHECK(e.library == "cuBLAS");
    CHECK(e.status == "CUBLAS_STATUS_NOT_SUPPORTED");
    CHECK(what.find("cuBLAS: CUBLAS_STATUS_NOT_SUPPORTED") != std::string::npos);
    CHECK(what.find("test_cuda.cpp:") != std::string::npos);
  }
  try {
    XP_CUDA_CHECK(cudaSetDevice(1 << 20));
    FAIL("no exception");
  } catch (const xp::cuda_error& e) {
    CHECK(e.library == "CUDA runtime");
  }
  // the handle is the thread's own, created once per device and bound to the current stream
  xp::cuda::stream s;
  xp::cuda::stream_scope on(s);
  namespace vendor = xp::backends::cuda::vendor;
  const cublasHandle_t h = vendor::handle<vendor::blas_handle>();
  CHECK(vendor::handle<vendor::blas_handle>() == h);
  cudaStream_t bound = nullptr;
  XP_VENDOR_CHECK(cublasGetStream(h, &bound));
  CHECK(bound == s.get());
}

TEST_CASE("cuda: sizes past 2^31 elements index with 64 bits") {
  std::size_t free_bytes = 0, total = 0;
  REQUIRE(cudaMemGetInfo(&free_bytes, &total) == cudaSuccess);
  const xp::index_t n = (xp::index_t{1} << 31) + 77;
  if (free_bytes < static_cast<std::size_t>(n) * 2 + (std::size_t{1} << 30)) {
    WARN_MESSAGE(false, "skipped: this GPU has " << free_bytes << " bytes free, the test needs "
                                                 << static_cast<std::size_t>(n) * 2 + (std::size_t{1} << 30));
    return;
  }
  auto a = xp::full<std::uint8_t, xp::cuda>({n}, 3);
  a(xp::range(n - 5, n)) = std::uint8_t{9};
  CHECK(a(n - 1).item() == 9);
  CHECK(a(n - 6).item() == 3);
  CHECK(a((xp::index_t{1} << 31) + 1).item() == 3);
}

// The README's tour, verbatim: README.md's cpp block is this region (checked by the
// xp_docs_snippets test), so the tour compiles and runs with every CUDA test run.
TEST_CASE("docs: the README tour compiles, runs and gives NumPy's answers") {
  // clang-format off
  // example-begin readme-tour
  auto h = xp::linspace<float>(0.f, 10.f, 1 << 20);          // ndarray<float, host>
  auto d = xp::to_device(h);                                  // ndarray<float, cuda>: explicit copy
  auto m = xp::arange<double, xp::cuda>(12).reshape({3, 4});  // created on the device
  auto z = xp::zeros({2, 3});                                 // float64 on the host, as NumPy
  auto k = xp::array({{1, 2}, {3, 4}});                       // int64, shape (2, 2) from the braces
  auto v = m(xp::range(0, 3, 2), xp::all);                    // m[0:3:2, :], a view
  m(xp::all, 0) = 0.0;                                        // writes through (m[:, 0] = 0)
  auto t = m.T();                                             // a view, no copy
  xp::ndarray<float, xp::cuda> w = d * 2.f + d;               // one fused kernel (nvcc TU)
  auto e = xp::cos(d) * 2.f;                                  // lazy: nothing computed yet
  float e3 = e(3).item();                                     // ...until it is used as an array
  auto r = xp::random::normal<float, xp::cuda>({1 << 20}, 0.f, 10.f, /*seed=*/42);
  float first = r(0).item();                                  // waits for the device
  if (r(0) > 0.f) { /* a one-element array is a truth value */ }
  xp::ndarray<float> back = w.copy_to_host();                 // explicit copy back
  auto col = m.sum({0});                                      // m.sum(axis=0), stays on the device
  double total = xp::abs(d).sum().item();                     // map fused into the reduction
  auto best = m.argmax();                                     // NumPy's methods: mean, max, std, cumsum...
  std::cout << m << "\n";                                     // prints like NumPy
  xp::save_npy("m.npy", m);                                   // np.load("m.npy") reads it
  auto C = xp::matmul(m.T(), m);                              // cuBLAS, the transpose via op flags
  auto C2 = xp::matmul(m, t, {.engine = xp::engine::own});  // xp's shared-memory kernel
  auto x_t = xp::random::uniform<double, xp::cuda>({1024}, 0.0, 100.0, 1);
  auto pg = xp::signal::lombscargle(x_t, xp::sin(1.7 * x_t),    // SciPy's periodogram
                                    xp::signal::frequency_grid{0.01, 0.001, 10000});
  try { xp::broadcast_to(m, {5, 4}); }
  catch (const xp::shape_error& e) { /* names both shapes */ }
  // example-end readme-tour
  // clang-format on
  // m = arange(12).reshape(3, 4) with column 0 zeroed; v shares its rows 0 and 2
  const auto mh = m.copy_to_host();
  CHECK(mh.shape() == xp::shape_type{3, 4});
  CHECK(mh(0, 0).item() == 0.0);
  CHECK(mh(2, 3).item() == 11.0);
  CHECK(v.copy_to_host()(1, 1).item() == 9.0);
  CHECK(v.copy_to_host()(1, 0).item() == 0.0);
  CHECK(back(back.size() - 1).item() == doctest::Approx(30.0));
  CHECK(std::isfinite(first));
  const auto colh = col.copy_to_host();
  CHECK(colh(1).item() == 1.0 + 5.0 + 9.0);
  CHECK(total == doctest::Approx(5.0 * (1 << 20)).epsilon(1e-3));  // mean of |linspace(0, 10)| is 5
  CHECK(xp::load_npy<double>("m.npy").shape() == xp::shape_type{3, 4});
  std::remove("m.npy");
  const auto Ch = C.copy_to_host(), C2h = C2.copy_to_host();
  CHECK(Ch.shape() == xp::shape_type{4, 4});
  CHECK(C2h.shape() == xp::shape_type{3, 3});
  CHECK(Ch(3, 3).item() == 3.0 * 3.0 + 7.0 * 7.0 + 11.0 * 11.0);
  CHECK(C2h(2, 2).item() == 9.0 * 9.0 + 10.0 * 10.0 + 11.0 * 11.0);  // column 0 zeroed
  CHECK(pg.shape() == xp::shape_type{10000});
  CHECK(z.dtype() == "float64");
  CHECK(k.dtype() == "int64");
  CHECK(k.at(1, 0) == 3);
  CHECK(e3 == doctest::Approx(2 * std::cos(h.at(3))));
  CHECK(best.item() == 11);
}
