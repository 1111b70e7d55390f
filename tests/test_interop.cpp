// Device memory and streams other libraries own (xp/cuda/interop.hpp): xp::cuda::wrap of a
// thrust::device_vector, of a cuBLAS result, of the CUDA Array Interface's fields; a stream
// created with cudaStreamCreate made current with stream_scope; events ordering xp's work and
// foreign work across streams, and timing. All of it needs a device: the tests are compiled only
// into xp_tests_cuda (by nvcc); the host suite compiles this file empty.
#include "support.hpp"

#ifdef XP_TEST_CUDA
#include <cublas_v2.h>
#include <thrust/device_vector.h>
#include <thrust/sequence.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

using namespace xp_test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

template <class E, class F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  FAIL("no exception of the expected type");
  return {};
}

// Foreign work that takes a while: spins for about `cycles` clock cycles, then sets every
// element to `value`. Work ordered after it that reads too early sees the old values.
__global__ void slow_fill(float* data, std::int64_t n, float value, long long cycles) {
  const long long start = clock64();
  while (clock64() - start < cycles) {}
  for (std::int64_t i = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::int64_t>(gridDim.x) * blockDim.x)
    data[i] = value;
}

// Foreign work that reads: out[0] = the sum of data (one thread: the order is what is tested).
__global__ void serial_sum(const float* data, std::int64_t n, float* out) {
  float s = 0;
  for (std::int64_t i = 0; i < n; ++i) s += data[i];
  *out = s;
}

constexpr long long spin_cycles = 20'000'000;  // about 10 ms at 2 GHz

}  // namespace

// ---- wrap --------------------------------------------------------------------------------------------

TEST_CASE("interop: a thrust::device_vector in xp, read and written without a copy") {
  // example-begin wrap-thrust
  thrust::device_vector<float> v(1000);
  thrust::sequence(v.begin(), v.end());  // 0, 1, ..., 999, written by Thrust
  float* raw = thrust::raw_pointer_cast(v.data());
  auto x = xp::cuda::wrap(raw, {1000});  // an xp array over v's memory
  CHECK(x.data() == raw);
  CHECK(xp::sum(x).item() == 499500.f);  // xp reads Thrust's numbers
  x *= 2.f;                              // and writes them in place:
  x += 1.f;                              // x = 2 x + 1
  CHECK(v[10] == 21.f);                  // Thrust sees xp's writes
  // example-end wrap-thrust
  CHECK(x.writeable());
  CHECK(x.strides() == xp::shape_type{1});
  // an expression over the wrapped memory, and a view of it
  xp::ndarray<float, xp::cuda> y = x(xp::range(0, 1000, 100)) * 0.5f;
  const auto got = values(y);
  for (int i = 0; i < 10; ++i) CHECK(got[i] == (2.f * (100 * i) + 1.f) * 0.5f);
}

TEST_CASE("interop: wrap keeps its owner alive as long as any view of it") {
  auto owner = std::make_shared<thrust::device_vector<double>>(64, 1.5);
  const std::weak_ptr<thrust::device_vector<double>> watch = owner;
  auto x = xp::cuda::wrap(thrust::raw_pointer_cast(owner->data()), {8, 8}, {}, owner);
  owner.reset();
  auto column = x(xp::all, 3);
  x = xp::ndarray<double, xp::cuda>();
  CHECK_FALSE(watch.expired());
  CHECK(xp::sum(column).item() == 12.0);
  column = xp::ndarray<double, xp::cuda>();
  CHECK(watch.expired());
}

TEST_CASE("interop: wrap with strides, and of const memory (read-only)") {
  thrust::device_vector<std::int32_t> v(12);
  thrust::sequence(v.begin(), v.end());
  std::int32_t* raw = thrust::raw_pointer_cast(v.data());
  // the 3 x 4 numbers seen in Fortran order: element (i, j) at i + 3 j
  const auto f = xp::cuda::wrap(raw, {3, 4}, {1, 3});
  const auto got = values(f);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) CHECK(got[i * 4 + j] == i + 3 * j);
  const std::int32_t* craw = raw;
  const auto r = xp::cuda::wrap(craw, {12});
  CHECK_FALSE(r.writeable());
  CHECK(contains(message_of<xp::value_error>([&] { r.fill(0); }), "read-only"));
  CHECK(xp::sum(r).item() == 66);
  const auto from_void = xp::cuda::wrap<std::int32_t>(static_cast<void*>(raw + 4), {2, 2});
  CHECK(values(from_void) == std::vector<std::int32_t>{4, 5, 6, 7});
}

TEST_CASE("interop: a cuBLAS product written into a wrapped buffer, from xp's operands") {
  const int m = 64, k = 40, n = 48;
  const auto a = xp::random::uniform<float, xp::cuda>({m, k}, -1.f, 1.f, 1);
  const auto b = xp::random::uniform<float, xp::cuda>({k, n}, -1.f, 1.f, 2);
  // example-begin wrap-cublas
  float* c_raw = nullptr;
  REQUIRE(cudaMalloc(&c_raw, sizeof(float) * m * n) == cudaSuccess);
  // xp owns the buffer from here on: the last view of c frees it
  auto c = xp::cuda::wrap(c_raw, {m, n}, {}, std::shared_ptr<void>(c_raw, [](void* p) { (void)cudaFree(p); }));

  cublasHandle_t handle = nullptr;
  REQUIRE(cublasCreate(&handle) == CUBLAS_STATUS_SUCCESS);
  REQUIRE(cublasSetStream(handle, xp::cuda::stream::current().get()) == CUBLAS_STATUS_SUCCESS);
  const float one = 1.f, zero = 0.f;
  // row-major C = A B is column-major C^T = B^T A^T: xp's arrays go in as they are
  REQUIRE(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &one, b.data(), n, a.data(), k, &zero, c.data(), n) ==
          CUBLAS_STATUS_SUCCESS);
  REQUIRE(cublasDestroy(handle) == CUBLAS_STATUS_SUCCESS);
  const float norm = xp::sqrt(xp::sum(c * c)).item();  // xp computes on cuBLAS's result
  // example-end wrap-cublas
  // the host product as the oracle
  const auto want = xp::matmul(a.copy_to_host(), b.copy_to_host());
  check_close(c, want, 1e-5);
  CHECK(norm == doctest::Approx(std::sqrt(xp::sum(want * want).item())).epsilon(1e-5));
}

TEST_CASE("interop: what wrap refuses") {
  float* device = nullptr;
  REQUIRE(cudaMalloc(&device, 64) == cudaSuccess);
  const std::shared_ptr<void> owner(device, [](void* p) { (void)cudaFree(p); });
  SUBCASE("host memory") {
    std::vector<float> host(16);
    const std::string what = message_of<xp::value_error>([&] { (void)xp::cuda::wrap(host.data(), {16}); });
    CHECK(contains(what, "not device memory"));
    CHECK(contains(what, "cudaMemoryTypeUnregistered"));
    CHECK(contains(what, "xp::cuda::wrap<float32>"));
  }
  SUBCASE("page-locked host memory") {
    auto pinned = xp::empty_pinned<float>({16});
    const std::string what = message_of<xp::value_error>([&] { (void)xp::cuda::wrap(pinned.data(), {16}); });
    CHECK(contains(what, "page-locked host memory"));
  }
  SUBCASE("a negative extent") {
    CHECK(contains(message_of<xp::value_error>([&] { (void)xp::cuda::wrap(device, {4, -2}); }), "negative"));
  }
  SUBCASE("a null pointer with elements, but not without") {
    float* null = nullptr;
    CHECK(contains(message_of<xp::value_error>([&] { (void)xp::cuda::wrap(null, {3}); }), "null"));
    const auto empty = xp::cuda::wrap(null, {0, 3});
    CHECK(empty.size() == 0);
  }
  SUBCASE("strides that do not match the shape") {
    CHECK(contains(message_of<xp::value_error>([&] { (void)xp::cuda::wrap(device, {2, 2}, {1}); }), "strides"));
  }
  SUBCASE("a misaligned pointer") {
    void* odd = static_cast<char*>(static_cast<void*>(device)) + 2;
    CHECK(contains(message_of<xp::value_error>([&] { (void)xp::cuda::wrap<float>(odd, {2}); }), "aligned"));
  }
  SUBCASE("strides whose offsets overflow") {
    CHECK(contains(message_of<xp::value_error>([&] { (void)xp::cuda::wrap(device, {2}, {INT64_MAX}); }),
                   "do not fit in 64 bits"));
  }
}

TEST_CASE("interop: the CUDA Array Interface's fields, both ways") {
  const auto a = xp::arange<double, xp::cuda>(20).reshape({4, 5});
  const auto view = a(xp::range(xp::none, xp::none, -1), xp::range(0, 5, 2));
  const auto i = xp::cuda::array_interface::of(view);
  CHECK(i.data == static_cast<void*>(view.data()));
  CHECK(i.shape == view.shape());
  CHECK(i.strides == xp::shape_type{-5 * 8, 2 * 8});  // bytes
  CHECK(i.typestr == "<f8");
  CHECK_FALSE(i.read_only);
  REQUIRE(i.stream.has_value());
  CHECK(*i.stream == cudaStreamLegacy);  // xp's current stream is the legacy default here
  CHECK(xp::cuda::array_interface::typestr_of<float>() == "<f4");
  CHECK(xp::cuda::array_interface::typestr_of<std::int64_t>() == "<i8");
  CHECK(xp::cuda::array_interface::typestr_of<std::uint8_t>() == "|u1");
  CHECK(xp::cuda::array_interface::typestr_of<bool>() == "|b1");

  const auto back = xp::cuda::wrap<double>(i);
  CHECK(back.data() == view.data());
  CHECK(back.strides() == view.strides());
  check_same(back, view);

  auto bad = i;
  bad.typestr = "<f4";
  const std::string what = message_of<xp::dtype_error>([&] { (void)xp::cuda::wrap<double>(bad); });
  CHECK(contains(what, "\"<f4\""));
  CHECK(contains(what, "float64"));
  bad.typestr = ">f8";
  CHECK(contains(message_of<xp::dtype_error>([&] { (void)xp::cuda::wrap<double>(bad); }), "big-endian"));
  bad = i;
  bad.strides = {-40, 12};
  CHECK(contains(message_of<xp::value_error>([&] { (void)xp::cuda::wrap<double>(bad); }), "multiples"));
  bad = i;
  bad.stream = cudaStream_t{};
  CHECK(contains(message_of<xp::value_error>([&] { (void)xp::cuda::wrap<double>(bad); }), "stream 0"));
  bad = i;
  bad.read_only = true;
  CHECK_FALSE(xp::cuda::wrap<double>(bad).writeable());
  bad = i;
  bad.strides.clear();  // None: C-contiguous
  bad.data = a.data();
  bad.shape = {20};
  CHECK(values(xp::cuda::wrap<double>(bad)) == values(a.reshape({20})));
}

// ---- foreign streams and events ----------------------------------------------------------------------

TEST_CASE("interop: xp on a stream another library created, ordered with foreign work by events") {
  const xp::index_t n = 1 << 16;
  // example-begin foreign-stream
  cudaStream_t raw = nullptr;
  REQUIRE(cudaStreamCreateWithFlags(&raw, cudaStreamNonBlocking) == cudaSuccess);
  // xp's handle to it; the owner destroys the stream once xp no longer needs it
  const auto foreign =
      xp::cuda::stream::wrap(raw, std::shared_ptr<void>(raw, [](cudaStream_t s) { (void)cudaStreamDestroy(s); }));
  xp::ndarray<float, xp::cuda> x;
  {
    xp::cuda::stream_scope on_foreign(foreign);  // xp's work goes to `raw` now
    CHECK(xp::cuda::stream::current().get() == raw);
    x = xp::zeros<float, xp::cuda>({n});  // allocated and zeroed on `raw`
  }
  // the other library fills x on its stream: slowly
  slow_fill<<<64, 256, 0, raw>>>(x.data(), n, 3.f, spin_cycles);
  xp::cuda::event filled;
  filled.record(foreign);  // marks the end of the fill

  xp::cuda::stream mine(true);  // nothing orders it with `raw`...
  float total = 0;
  {
    xp::cuda::stream_scope on_mine(mine);
    filled.wait();              // ...but this: mine waits for the fill
    total = xp::sum(x).item();  // enqueued on mine; item() waits for mine
  }
  CHECK(total == 3.f * n);
  // example-end foreign-stream
  CHECK(filled.query());

  // the other way: foreign work after xp's
  xp::ndarray<float, xp::cuda> y;
  xp::cuda::event doubled;
  {
    xp::cuda::stream_scope on_mine(mine);
    slow_fill<<<64, 256, 0, mine.get()>>>(x.data(), n, 5.f, spin_cycles);  // xp's stream is busy...
    y = x * 2.f;                                                           // ...then y = 10
    doubled.record();                                                      // on the current stream: mine
  }
  float* out = nullptr;
  REQUIRE(cudaMalloc(&out, sizeof(float)) == cudaSuccess);
  doubled.wait(foreign);  // the foreign stream waits for y
  serial_sum<<<1, 1, 0, raw>>>(y.data(), n, out);
  float got = 0;
  REQUIRE(cudaMemcpyAsync(&got, out, sizeof(float), cudaMemcpyDeviceToHost, raw) == cudaSuccess);
  REQUIRE(cudaStreamSynchronize(raw) == cudaSuccess);
  CHECK(got == 10.f * n);
  (void)cudaFree(out);
}

TEST_CASE("interop: the CUDA Array Interface's stream is waited for") {
  const xp::index_t n = 1 << 16;
  cudaStream_t raw = nullptr;
  REQUIRE(cudaStreamCreateWithFlags(&raw, cudaStreamNonBlocking) == cudaSuccess);
  float* data = nullptr;
  REQUIRE(cudaMalloc(&data, sizeof(float) * n) == cudaSuccess);
  REQUIRE(cudaMemset(data, 0, sizeof(float) * n) == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  slow_fill<<<64, 256, 0, raw>>>(data, n, 2.f, spin_cycles);
  xp::cuda::array_interface i;
  i.data = data;
  i.shape = {n};
  i.typestr = "<f4";
  i.stream = raw;  // the data is being produced on `raw`
  xp::cuda::stream mine(true);
  {
    xp::cuda::stream_scope on_mine(mine);
    const auto x = xp::cuda::wrap<float>(i);  // mine waits for raw's work so far
    CHECK(xp::sum(x).item() == 2.f * n);
  }
  REQUIRE(cudaStreamSynchronize(raw) == cudaSuccess);
  REQUIRE(cudaStreamDestroy(raw) == cudaSuccess);
  REQUIRE(cudaFree(data) == cudaSuccess);
}

TEST_CASE("interop: events time work, and say when it is done") {
  // example-begin events-timing
  xp::cuda::event start, stop;
  start.record();  // on xp's current stream
  const auto s = xp::sum(xp::ones<float, xp::cuda>({1 << 22}));
  stop.record();
  const float ms = xp::cuda::event::elapsed_ms(start, stop);  // waits for `stop`
  // example-end events-timing
  CHECK(ms >= 0.f);
  CHECK(stop.query());
  CHECK(s.item() == float(1 << 22));
  xp::cuda::event never;
  CHECK(never.query());  // never recorded: complete
  xp::cuda::event untimed(false);
  CHECK_FALSE(untimed.timing());
  untimed.record();
  untimed.synchronize();
  CHECK(contains(message_of<xp::value_error>([&] { (void)xp::cuda::event::elapsed_ms(start, untimed); }),
                 "timing = false"));
  // copies share the event
  const xp::cuda::event copy = stop;
  CHECK(copy.get() == stop.get());
  // raw handles, as the chunked pipeline passes its streams: `consumer` waits for `producer`
  xp::cuda::stream producer(true), consumer(true);
  const auto filled = [&] {
    xp::cuda::stream_scope on(producer);
    return xp::full<float, xp::cuda>({1 << 20}, 3.f);
  }();
  untimed.record(producer.get());
  untimed.wait(consumer.get());
  xp::cuda::stream_scope on(consumer);
  CHECK(xp::sum(filled).item() == float(3 << 20));
}

TEST_CASE("interop: stream::wrap of the special handles, and current()") {
  CHECK(xp::cuda::stream::current().get() == nullptr);  // no scope: the legacy default stream
  const auto legacy = xp::cuda::stream::wrap(cudaStreamLegacy);
  const auto per_thread = xp::cuda::stream::wrap(cudaStreamPerThread);
  {
    xp::cuda::stream_scope scope(per_thread);
    CHECK(xp::cuda::stream::current().get() == cudaStreamPerThread);
    CHECK(xp::sum(xp::arange<float, xp::cuda>(10)).item() == 45.f);
  }
  {
    xp::cuda::stream_scope scope(legacy);
    CHECK(xp::cuda::stream::current().get() == cudaStreamLegacy);
    CHECK(xp::sum(xp::arange<float, xp::cuda>(10)).item() == 45.f);
  }
  CHECK(xp::cuda::stream::current().get() == nullptr);
}
#endif
