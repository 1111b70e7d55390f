// DLPack (xp/dlpack.hpp): to_dlpack and from_dlpack on the suite's backend, through xp's own
// tensors and through tensors made here the way another framework makes them (any strides,
// byte_offset, a deleter that counts its calls), and every check of a foreign tensor; every one
// of the 14 dtypes round trips (int16, float16 and complex128 also through foreign tensors). Compiled
// into both suites (host memory in xp_tests_host, device memory in xp_tests_cuda); the CUDA
// suite also hands exported device arrays to a hand-written __global__ kernel and to Thrust, and
// imports managed memory. Built only when CMake found dlpack/dlpack.h (libdlpack-dev).
#include <xp/dlpack.hpp>

#include <climits>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "support.hpp"

#ifdef XP_TEST_CUDA
#include <thrust/device_ptr.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>
#endif

using namespace xp_test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The DLPack device this suite's arrays are on.
DLDevice suite_device() {
#ifdef XP_TEST_CUDA
  int device = 0;
  REQUIRE(cudaGetDevice(&device) == cudaSuccess);
  return DLDevice{kDLCUDA, device};
#else
  return DLDevice{kDLCPU, 0};
#endif
}

// A tensor as another framework hands it over: the memory of an xp array (kept alive by the
// context), with the shape, strides (empty: NULL), byte offset, dtype and device given, and a
// deleter that counts its calls in *deletions.
struct foreign_ctx {
  std::shared_ptr<void> keep;
  std::vector<std::int64_t> shape;
  std::vector<std::int64_t> strides;
  int* deletions;
  DLManagedTensor managed{};
  static void release(DLManagedTensor* self) {
    auto* ctx = static_cast<foreign_ctx*>(self->manager_ctx);
    ++*ctx->deletions;
    delete ctx;
  }
};

template <class T>
DLManagedTensor* make_foreign(const xp::ndarray<T, B>& memory, std::vector<std::int64_t> shape,
                              std::vector<std::int64_t> strides, std::uint64_t byte_offset, int* deletions,
                              DLDataType dtype = xp::dlpack_dtype<T>(), DLDevice device = suite_device()) {
  auto* ctx = new foreign_ctx{memory.buffer(), std::move(shape), std::move(strides), deletions};
  DLTensor& t = ctx->managed.dl_tensor;
  t.data = static_cast<void*>(memory.data());
  t.device = device;
  t.ndim = static_cast<int>(ctx->shape.size());
  t.dtype = dtype;
  t.shape = ctx->shape.data();
  t.strides = ctx->strides.empty() ? nullptr : ctx->strides.data();
  t.byte_offset = byte_offset;
  ctx->managed.manager_ctx = ctx;
  ctx->managed.deleter = &foreign_ctx::release;
  return &ctx->managed;
}

// A tensor passed on by another framework: a second DLManagedTensor with the same DLTensor,
// whose deleter calls the inner one's (so from_dlpack cannot recognise xp's own tensor).
struct proxy_ctx {
  DLManagedTensor* inner;
  int* deletions;
  DLManagedTensor managed{};
  static void release(DLManagedTensor* self) {
    auto* ctx = static_cast<proxy_ctx*>(self->manager_ctx);
    ++*ctx->deletions;
    ctx->inner->deleter(ctx->inner);
    delete ctx;
  }
};

DLManagedTensor* proxy(DLManagedTensor* inner, int* deletions) {
  auto* ctx = new proxy_ctx{inner, deletions};
  ctx->managed.dl_tensor = inner->dl_tensor;
  ctx->managed.manager_ctx = ctx;
  ctx->managed.deleter = &proxy_ctx::release;
  return &ctx->managed;
}

// The element at multi-index `index` of a layout over host memory `base` (offset and strides in
// elements): the oracle the imported arrays are compared with.
template <class T>
T element(const std::vector<T>& base, std::int64_t offset, const std::vector<std::int64_t>& strides,
          const std::vector<std::int64_t>& index) {
  std::int64_t at = offset;
  for (std::size_t d = 0; d < index.size(); ++d) at += index[d] * strides[d];
  return base[static_cast<std::size_t>(at)];
}

// Checks got (any backend) element by element against the layout (offset, strides) over base.
template <class T>
void check_layout(const xp::ndarray<T, B>& got, const std::vector<T>& base, std::int64_t offset,
                  const std::vector<std::int64_t>& strides) {
  const auto g = values(got);  // C order
  const auto& shape = got.shape();
  std::vector<std::int64_t> index(shape.size(), 0);
  for (std::size_t flat = 0; flat < g.size(); ++flat) {
    INFO("flat index " << flat);
    CHECK(g[flat] == element(base, offset, strides, index));
    for (std::size_t d = shape.size(); d-- > 0;) {
      if (++index[d] < shape[d]) break;
      index[d] = 0;
    }
  }
}

// The DLPack type code of T's kind, from xp::dtype (an oracle independent of xp's table).
template <class T>
int code_of_kind() {
  switch (xp::dtype::of<T>().kind()) {
    case 'f':
      return kDLFloat;
    case 'i':
      return kDLInt;
    case 'u':
      return kDLUInt;
    case 'c':
      return kDLComplex;
    default:
      return 6;  // kDLBool (DLPack 0.8)
  }
}

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

}  // namespace

// Every dtype: the six of XP_COMMON_DTYPES and int8, int16, uint16, uint32, uint64, float16, complex64,
// complex128.
#define XP_DLPACK_DTYPES                                                                                            \
  XP_COMMON_DTYPES, xp_test::on<std::int8_t>, xp_test::on<std::int16_t>, xp_test::on<std::uint16_t>,                \
      xp_test::on<std::uint32_t>, xp_test::on<std::uint64_t>, xp_test::on<xp::float16>, xp_test::on<xp::complex64>, \
      xp_test::on<xp::complex128>

// ---- xp's own tensors ---------------------------------------------------------------------------

TEST_CASE("dlpack: the round trip of docs/interop.md") {
  // example-begin dlpack-round-trip
  auto a = xp::arange<float>(12).reshape({3, 4});
  DLManagedTensor* t = xp::to_dlpack(xp::transpose(a));  // a 4 x 3 view: strides (1, 4)
  // ... another library reads t, or hands it on; whoever ends up with it adopts it:
  auto b = xp::from_dlpack<float>(t);  // a host array that owns t now
  CHECK(b.data() == a.data());         // the same memory: no copy
  CHECK(b.strides() == xp::shape_type{1, 4});
  b(0, 1) = -1.f;  // and writes reach a
  CHECK(a(1, 0).item() == -1.f);
  // example-end dlpack-round-trip
}

TEST_CASE_TEMPLATE("dlpack: to_dlpack describes the array, and from_dlpack gives it back", C, XP_DLPACK_DTYPES) {
  using T = typename C::type;
  const auto a = xp::arange<std::int32_t, B>(24).reshape({2, 3, 4}).template astype<T>();
  const std::vector<xp::ndarray<T, B>> views = {
      a,
      xp::transpose(a),
      a(xp::range(xp::none, xp::none, -1), xp::all, xp::range(0, 4, 2)),
      a(1, 2, 3),                            // 0-d
      a(xp::range(1, 1), xp::all, xp::all),  // empty
  };
  for (const auto& v : views) {
    INFO("shape " << xp::to_string(v.shape()) << " strides " << xp::to_string(v.strides()));
    DLManagedTensor* t = xp::to_dlpack(v);
    REQUIRE(t != nullptr);
    REQUIRE(bool(t->deleter));
    const DLTensor& d = t->dl_tensor;
    CHECK(d.data == static_cast<void*>(v.data()));
    CHECK(d.byte_offset == 0);
    CHECK(d.device.device_type == suite_device().device_type);
    CHECK(d.device.device_id == suite_device().device_id);
    CHECK(d.dtype.code == code_of_kind<T>());
    CHECK(static_cast<std::size_t>(d.dtype.bits) == 8 * sizeof(T));
    CHECK(d.dtype.lanes == 1);
    REQUIRE(d.ndim == static_cast<int>(v.ndim()));
    for (std::size_t k = 0; k < v.ndim(); ++k) {
      CHECK(d.shape[k] == v.shape()[k]);
      REQUIRE(d.strides != nullptr);
      CHECK(d.strides[k] == v.strides()[k]);
    }
    const auto back = xp::from_dlpack<T, B>(t);  // xp's own tensor: the array itself, released at once
    CHECK(back.data() == v.data());
    CHECK(back.buffer() == v.buffer());
    CHECK(back.shape() == v.shape());
    CHECK(back.strides() == v.strides());
    check_same(back, v);
  }
}

TEST_CASE("dlpack: the exported tensor keeps the memory alive until its deleter runs") {
  DLManagedTensor* t = nullptr;
  std::vector<double> want;
  {
    auto a = xp::linspace<double, B>(0, 1, 11);
    want = values(a);
    t = xp::to_dlpack(a(xp::range(xp::none, xp::none, 2)));
  }  // the array is gone; the tensor still holds its buffer
  int deletions = 0;
  {
    const auto b = xp::from_dlpack<double, B>(proxy(t, &deletions));
    REQUIRE(b.shape() == xp::shape_type{6});
    check_layout(b, want, 0, {2});
    CHECK(deletions == 0);
  }
  CHECK(deletions == 1);  // the last view went away: the proxy's deleter ran, then xp's
}

TEST_CASE_TEMPLATE("dlpack: a round trip through another framework, every layout", C, XP_DLPACK_DTYPES) {
  using T = typename C::type;
  const auto a = xp::arange<std::int32_t, B>(60).reshape({3, 4, 5}).template astype<T>();
  const auto base = values(a);
  struct layout {
    xp::ndarray<T, B> view;
    const char* name;
  };
  const layout layouts[] = {
      {a, "contiguous"},
      {xp::transpose(a), "transposed"},
      {a(xp::all, xp::range(1, 4, 2), xp::range(xp::none, xp::none, -2)), "stepped, negative step"},
      {a(2, 1, xp::newaxis, 4), "0-d with a new axis"},
      {a(0, 0, 0), "0-d"},
      {a(xp::range(0, 0), xp::all, xp::all), "empty"},
  };
  for (const auto& [v, name] : layouts) {
    INFO(name);
    int deletions = 0;
    {
      const auto b = xp::from_dlpack<T, B>(proxy(xp::to_dlpack(v), &deletions));
      CHECK(b.data() == v.data());  // no copy
      CHECK(b.shape() == v.shape());
      CHECK(b.strides() == v.strides());
      check_same(b, v);
      if (v.size() > 0) check_layout(b, base, v.data() - a.data(), v.strides());
      CHECK(deletions == 0);
    }
    CHECK(deletions == 1);
  }
}

// ---- foreign tensors ------------------------------------------------------------------------------

TEST_CASE("dlpack: a foreign tensor: NULL strides are C order, byte_offset is honoured, no copy") {
  const auto memory = xp::arange<float, B>(24);
  const auto base = values(memory);
  int deletions = 0;
  DLManagedTensor* t = make_foreign(memory, {2, 3, 3}, {}, 5 * sizeof(float), &deletions);
  auto a = xp::from_dlpack<float, B>(t);
  CHECK(a.shape() == xp::shape_type{2, 3, 3});
  CHECK(a.strides() == xp::contiguous_strides(a.shape()));
  CHECK(a.data() == memory.data() + 5);
  CHECK(a.writeable());
  check_layout(a, base, 5, {9, 3, 1});
  // writes reach the foreign memory
  a(0, 0, 1) = 100.f;
  CHECK(memory(6).item() == 100.f);
  // and the export of the import describes the same memory
  DLManagedTensor* again = xp::to_dlpack(a);
  CHECK(again->dl_tensor.data == static_cast<void*>(memory.data() + 5));
  CHECK(again->dl_tensor.strides[0] == 9);
  again->deleter(again);
  CHECK(deletions == 0);
}

TEST_CASE("dlpack: the deleter runs exactly once, when the last view is gone") {
  const auto memory = xp::arange<double, B>(12);
  int deletions = 0;
  {
    xp::ndarray<double, B> a = xp::from_dlpack<double, B>(make_foreign(memory, {3, 4}, {}, 0, &deletions));
    auto column = a(xp::all, 1);
    auto t = xp::transpose(a);
    auto copy = a.copy();  // owns its own memory
    a = xp::ndarray<double, B>();
    CHECK(deletions == 0);
    column = xp::ndarray<double, B>();
    CHECK(deletions == 0);
    CHECK(t(1, 2).item() == 9.0);  // element (2, 1) of the 3 x 4 layout
    t = xp::ndarray<double, B>();
    CHECK(deletions == 1);
    CHECK(copy(2, 1).item() == 9.0);
  }
  CHECK(deletions == 1);
}

TEST_CASE("dlpack: foreign strides: transposed, stepped, negative, zero") {
  const auto memory = xp::arange<std::int64_t, B>(24);
  const auto base = values(memory);
  struct layout {
    std::vector<std::int64_t> shape, strides;
    std::int64_t offset;
    const char* name;
  };
  const layout layouts[] = {
      {{4, 6}, {1, 4}, 0, "Fortran order"},
      {{3, 2}, {8, 3}, 1, "stepped"},
      {{4}, {-3}, 20, "negative"},
      {{2, 3}, {-12, 2}, 13, "negative and stepped"},
      {{5, 2}, {0, 1}, 7, "zero stride (a broadcast row)"},
      {{1, 3}, {999, 5}, 2, "any stride on an extent of 1"},
  };
  for (const auto& l : layouts) {
    INFO(l.name);
    int deletions = 0;
    {
      const auto a = xp::from_dlpack<std::int64_t, B>(
          make_foreign(memory, l.shape, l.strides, static_cast<std::uint64_t>(l.offset) * 8, &deletions));
      CHECK(a.shape() == xp::shape_type(l.shape.begin(), l.shape.end()));
      CHECK(a.strides() == xp::shape_type(l.strides.begin(), l.strides.end()));
      CHECK(a.data() == memory.data() + l.offset);
      check_layout(a, base, l.offset, l.strides);
    }
    CHECK(deletions == 1);
  }
}

TEST_CASE("dlpack: 0-d and empty foreign tensors") {
  const auto memory = xp::arange<std::int32_t, B>(10);
  int deletions = 0;
  SUBCASE("0-d: ndim 0, no shape") {
    DLManagedTensor* t = make_foreign(memory, {}, {}, 7 * sizeof(std::int32_t), &deletions);
    t->dl_tensor.shape = nullptr;
    {
      const auto a = xp::from_dlpack<std::int32_t, B>(t);
      CHECK(a.ndim() == 0);
      CHECK(a.size() == 1);
      CHECK(a.item() == 7);
    }
    CHECK(deletions == 1);
  }
  SUBCASE("empty, with a null data pointer") {
    DLManagedTensor* t = make_foreign(memory, {0, 5}, {}, 0, &deletions);
    t->dl_tensor.data = nullptr;
    {
      const auto a = xp::from_dlpack<std::int32_t, B>(t);
      CHECK(a.shape() == xp::shape_type{0, 5});
      CHECK(a.size() == 0);
      const xp::ndarray<std::int32_t, B> b = a + 1;  // xp computes on it (nothing to read)
      CHECK(b.shape() == xp::shape_type{0, 5});
    }
    CHECK(deletions == 1);
  }
}

namespace {

// Distinct values of T whose bits say where they came from: element i is built from i, with
// negative values, and for float16 subnormals, the largest finite value and -0; for complex an
// imaginary part that differs from the real one.
template <class T>
xp::ndarray<T, B> telltale(xp::index_t n) {
  auto h = xp::empty<T, xp::host>({n});
  for (xp::index_t i = 0; i < n; ++i) {
    const double v = (i % 2 ? -1.0 : 1.0) * (static_cast<double>(i) + 0.25 * static_cast<double>(i % 4));
    if constexpr (xp::detail::is_complex_v<T>) {
      h.data()[i] = T(v, 1000.0 + 0.5 * static_cast<double>(i));
    } else if constexpr (std::is_same_v<T, xp::float16>) {
      h.data()[i] = i == 1   ? xp::float16::from_bits(0x0001)  // the smallest subnormal
                    : i == 2 ? xp::float16::from_bits(0x7bff)  // 65504
                    : i == 3 ? xp::float16::from_bits(0x8000)  // -0
                             : xp::float16(v);
    } else {
      h.data()[i] = static_cast<T>(i % 2 ? -(i * 1000 + i) : i * 1000 + i);  // int16: beyond int8's range
    }
  }
  return xp::asarray<B>(h);
}

// The bytes of every element, C order: compares float16 -0 and subnormals exactly.
template <class T>
std::vector<unsigned char> bytes_of(const xp::ndarray<T, B>& a) {
  const auto v = values(a);
  std::vector<unsigned char> out(v.size() * sizeof(T));
  if (!v.empty()) std::memcpy(out.data(), v.data(), out.size());
  return out;
}

}  // namespace

TEST_CASE_TEMPLATE("dlpack: int16, float16 and complex128 from another framework: any layout, bit for bit", C,
                   xp_test::on<std::int16_t>, xp_test::on<xp::float16>, xp_test::on<xp::complex128>) {
  using T = typename C::type;
  const auto memory = telltale<T>(24);
  const DLDataType want = xp::dlpack_dtype<T>();
  CHECK(want.code == (std::is_same_v<T, std::int16_t>  ? kDLInt
                      : std::is_same_v<T, xp::float16> ? kDLFloat
                                                       : kDLComplex));
  CHECK(static_cast<std::size_t>(want.bits) == 8 * sizeof(T));  // complex128: 128, both parts
  CHECK(want.lanes == 1);
  struct layout {
    std::vector<std::int64_t> shape, strides;  // strides empty: NULL, C order
    std::int64_t offset;
    const char* name;
  };
  const layout layouts[] = {
      {{2, 3, 4}, {}, 0, "C order, NULL strides"},
      {{4, 6}, {1, 4}, 0, "Fortran order"},
      {{3, 2}, {8, 3}, 1, "stepped"},
      {{2, 3}, {-12, 2}, 13, "negative and stepped"},
      {{3}, {}, 5, "byte_offset"},
  };
  for (const auto& l : layouts) {
    const std::string where = std::string(xp::dtype_name<T>()) + " " + l.name;
    INFO(where);
    int deletions = 0;
    {
      const auto a = xp::from_dlpack<T, B>(
          make_foreign(memory, l.shape, l.strides, static_cast<std::uint64_t>(l.offset) * sizeof(T), &deletions));
      CHECK(a.data() == memory.data() + l.offset);  // no copy
      const xp::shape_type c_order = xp::contiguous_strides(a.shape());
      const std::vector<std::int64_t> strides =
          l.strides.empty() ? std::vector<std::int64_t>(c_order.begin(), c_order.end()) : l.strides;
      // the oracle: the elements the layout addresses, picked from the host copy of the memory
      const auto view = xp::ndarray<T, B>(memory.buffer(), memory.data() + l.offset, a.shape(),
                                          xp::shape_type(strides.begin(), strides.end()), false);
      CHECK(bytes_of(a) == bytes_of(view));
      // and back out: xp's export describes the same memory, read the same by a second import
      int again_deletions = 0;
      const auto b = xp::from_dlpack<T, B>(proxy(xp::to_dlpack(a), &again_deletions));
      CHECK(b.data() == a.data());
      CHECK(bytes_of(b) == bytes_of(view));
    }
    CHECK(deletions == 1);
  }
}

// ---- what is checked ---------------------------------------------------------------------------------

TEST_CASE("dlpack: a tensor of another dtype is a dtype_error naming both, and stays the caller's") {
  const auto memory = xp::arange<float, B>(8);
  int deletions = 0;
  struct bad_dtype {
    DLDataType dtype;
    const char* named;
  };
  const bad_dtype cases[] = {
      {{kDLFloat, 32, 1}, "kDLFloat bits 32 lanes 1"},    // float32 imported as float64
      {{kDLFloat, 16, 1}, "kDLFloat bits 16 lanes 1"},    // float16 imported as float64
      {{kDLFloat, 64, 4}, "kDLFloat bits 64 lanes 4"},    // a vector type
      {{kDLBfloat, 16, 1}, "kDLBfloat bits 16 lanes 1"},  // bfloat16: not an xp dtype
      {{kDLOpaqueHandle, 64, 1}, "kDLOpaqueHandle bits 64 lanes 1"},
      {{kDLComplex, 128, 1}, "kDLComplex bits 128 lanes 1"},  // complex128 imported as float64
      {{kDLComplex, 32, 1}, "kDLComplex bits 32 lanes 1"},    // two float16 parts: not an xp dtype
      {{kDLInt, 64, 1}, "kDLInt bits 64 lanes 1"},            // int64 imported as float64
      {{42, 8, 1}, "code 42 bits 8 lanes 1"},
  };
  for (const auto& c : cases) {
    INFO(c.named);
    DLManagedTensor* t = make_foreign(memory, {4}, {}, 0, &deletions, c.dtype);
    const std::string what = message_of<xp::dtype_error>([&] { (void)xp::from_dlpack<double, B>(t); });
    CHECK(contains(what, c.named));
    CHECK(contains(what, "float64"));
    CHECK(contains(what, "kDLFloat bits 64 lanes 1"));  // what was asked for
    CHECK(deletions == 0);                              // not adopted
    t->deleter(t);
    CHECK(deletions == 1);
    deletions = 0;
  }
  // the message names xp's dtype when xp has one
  DLManagedTensor* t = make_foreign(memory, {4}, {}, 0, &deletions, DLDataType{kDLInt, 32, 1});
  CHECK(contains(message_of<xp::dtype_error>([&] { (void)xp::from_dlpack<float, B>(t); }), "int32"));
  t->deleter(t);
  const std::pair<DLDataType, const char*> held[] = {{{kDLFloat, 16, 1}, "(xp's float16)"},
                                                     {{kDLComplex, 64, 1}, "(xp's complex64)"},
                                                     {{kDLComplex, 128, 1}, "(xp's complex128)"},
                                                     {{kDLInt, 16, 1}, "(xp's int16)"},
                                                     {{kDLInt, 8, 1}, "(xp's int8)"},
                                                     {{kDLUInt, 64, 1}, "(xp's uint64)"},
                                                     {{kDLBfloat, 16, 1}, "(no xp dtype)"}};
  for (const auto& [dtype, named] : held) {
    INFO(named);
    t = make_foreign(memory, {2}, {}, 0, &deletions, dtype);
    CHECK(contains(message_of<xp::dtype_error>([&] { (void)xp::from_dlpack<std::int32_t, B>(t); }), named));
    CHECK(contains(message_of<xp::dtype_error>([&] { (void)xp::from_dlpack<double, B>(t); }), named));
    if (dtype.code != kDLInt)  // the same size, another kind: float16 is not int16
      CHECK(contains(message_of<xp::dtype_error>([&] { (void)xp::from_dlpack<std::int16_t, B>(t); }), named));
    t->deleter(t);
  }
}

TEST_CASE("dlpack: a tensor on another device is a value_error naming the device") {
  const auto memory = xp::arange<float, B>(8);
  int deletions = 0;
  auto refused = [&](DLDevice device, const std::string& named) {
    INFO(named);
    DLManagedTensor* t = make_foreign(memory, {8}, {}, 0, &deletions, xp::dlpack_dtype<float>(), device);
    const std::string what = message_of<xp::value_error>([&] { (void)xp::from_dlpack<float, B>(t); });
    CHECK(contains(what, named));
    CHECK(deletions == 0);  // not adopted: still the caller's
    t->deleter(t);
    CHECK(deletions == 1);
    deletions = 0;
  };
  refused(DLDevice{kDLROCM, 0}, "device type kDLROCM (10), device 0");
  refused(DLDevice{kDLOpenCL, 1}, "device type kDLOpenCL (4), device 1");
  DLDevice unknown{kDLCPU, 0};
  const int unknown_code = 99;  // no enumerator of DLDeviceType: set as the bytes a producer sends
  std::memcpy(&unknown.device_type, &unknown_code, sizeof unknown_code);
  refused(unknown, "device type unknown (99)");
#ifdef XP_TEST_CUDA
  refused(DLDevice{kDLCPU, 0}, "device type kDLCPU (1)");
  refused(DLDevice{kDLCUDAHost, 0}, "device type kDLCUDAHost (3)");
  const int current = suite_device().device_id;
  refused(DLDevice{kDLCUDA, current + 1}, "device " + std::to_string(current + 1));
  refused(DLDevice{kDLCUDA, current + 1}, "current device is " + std::to_string(current));
#else
  refused(DLDevice{kDLCUDA, 0}, "device type kDLCUDA (2)");
  refused(DLDevice{kDLCUDAManaged, 0}, "device type kDLCUDAManaged (13)");
#endif
}

TEST_CASE("dlpack: bad shapes, strides and pointers are value_errors") {
  const auto memory = xp::arange<float, B>(16);
  int deletions = 0;
  auto refused = [&](DLManagedTensor* t, const std::string& named) {
    INFO(named);
    const std::string what = message_of<xp::value_error>([&] { (void)xp::from_dlpack<float, B>(t); });
    CHECK(contains(what, named));
    CHECK(deletions == 0);
    t->deleter(t);
    deletions = 0;
  };
  refused(make_foreign(memory, {4, -1}, {}, 0, &deletions), "negative extent");
  {
    DLManagedTensor* t = make_foreign(memory, {4}, {}, 0, &deletions);
    t->dl_tensor.ndim = -1;
    refused(t, "ndim is -1");
  }
  {
    DLManagedTensor* t = make_foreign(memory, {4}, {}, 0, &deletions);
    t->dl_tensor.shape = nullptr;
    refused(t, "shape pointer is null");
  }
  {
    DLManagedTensor* t = make_foreign(memory, {2, 3}, {}, 0, &deletions);
    t->dl_tensor.data = nullptr;
    refused(t, "null");
  }
  refused(make_foreign(memory, {3}, {}, 2, &deletions), "not aligned");  // 2 bytes into a float
  refused(make_foreign(memory, {3, 2}, {LLONG_MAX / 2, 1}, 0, &deletions), "do not fit in 64 bits");
  refused(make_foreign(memory, {2}, {LLONG_MIN}, 0, &deletions), "do not fit in 64 bits");
  refused(make_foreign(memory, {std::int64_t{1} << 62, 4}, {}, 0, &deletions), "too big");
  CHECK(contains(message_of<xp::value_error>([] { (void)xp::from_dlpack<float, B>(nullptr); }), "null"));
}

TEST_CASE("dlpack: a read-only array is not exported") {
  const auto row = xp::arange<float, B>(3);
  const auto broadcast = xp::broadcast_to(row, {4, 3});
  CHECK(contains(message_of<xp::value_error>([&] { (void)xp::to_dlpack(broadcast); }), "read-only"));
  DLManagedTensor* t = xp::to_dlpack(broadcast.copy());  // a copy is writeable
  t->deleter(t);
}

#ifdef XP_TEST_CUDA
// ---- device arrays in CUDA code that knows DLPack, not xp ------------------------------------------

namespace {
// A kernel from another code base: it sees a 2-D float tensor as DLPack describes it (pointer,
// shape, strides in elements) and sets t[i][j] = t[i][j] * 10 + i.
__global__ void scale_rows(float* data, std::int64_t rows, std::int64_t cols, std::int64_t row_stride,
                           std::int64_t col_stride) {
  const std::int64_t k = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x;
  if (k >= rows * cols) return;
  const std::int64_t i = k / cols, j = k % cols;
  float& x = data[i * row_stride + j * col_stride];
  x = x * 10.f + static_cast<float>(i);
}
}  // namespace

TEST_CASE("dlpack: an exported device array in a hand-written kernel, through the tensor alone") {
  const auto a = xp::arange<float, xp::cuda>(15).reshape({3, 5});
  const auto before = values(a);
  // example-begin dlpack-kernel
  DLManagedTensor* t = xp::to_dlpack(xp::transpose(a));  // a 5 x 3 view with strides (1, 5)
  const DLTensor& d = t->dl_tensor;
  const std::int64_t n = d.shape[0] * d.shape[1];
  xp::cuda::synchronize();  // the consumer orders its work after xp's (here: waits for it)
  scale_rows<<<static_cast<unsigned>((n + 127) / 128), 128>>>(static_cast<float*>(d.data), d.shape[0], d.shape[1],
                                                              d.strides[0], d.strides[1]);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  t->deleter(t);  // the consumer is done with it
  // example-end dlpack-kernel
  // row i of the transposed view is column i of a
  const auto after = values(a);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 5; ++c) CHECK(after[r * 5 + c] == before[r * 5 + c] * 10.f + static_cast<float>(c));
}

TEST_CASE("dlpack: Thrust reduces and transforms an exported device array in place") {
  const auto a = xp::linspace<float, xp::cuda>(0, 2, 1001);
  const auto before = values(a);
  // example-begin dlpack-thrust
  DLManagedTensor* t = xp::to_dlpack(a);
  thrust::device_ptr<float> first(static_cast<float*>(t->dl_tensor.data));
  thrust::device_ptr<float> last = first + t->dl_tensor.shape[0];
  xp::cuda::synchronize();  // xp's work on `a` is done before Thrust reads it
  const float total = thrust::reduce(first, last, 0.f);
  thrust::transform(first, last, first, [] __device__(float x) { return -x; });  // a = -a, in place
  t->deleter(t);
  // example-end dlpack-thrust
  double want = 0;
  for (float v : before) want += v;
  CHECK(total == doctest::Approx(want).epsilon(1e-5));
  CHECK(-total == doctest::Approx(xp::sum(a).item()).epsilon(1e-5));  // xp sees Thrust's write
  const auto after = values(a);
  for (std::size_t i = 0; i < after.size(); ++i) CHECK(after[i] == -before[i]);
}

TEST_CASE("dlpack: managed memory is imported as a device array and exported as kDLCUDAManaged") {
  float* managed = nullptr;
  REQUIRE(cudaMallocManaged(&managed, 8 * sizeof(float)) == cudaSuccess);
  for (int i = 0; i < 8; ++i) managed[i] = static_cast<float>(i * i);
  int freed = 0;
  struct ctx_t {
    float* p;
    int* freed;
    std::int64_t shape[1] = {8};
    DLManagedTensor managed{};
  };
  auto* ctx = new ctx_t{managed, &freed};
  ctx->managed.dl_tensor = DLTensor{managed, DLDevice{kDLCUDAManaged, 0}, 1, {kDLFloat, 32, 1}, ctx->shape, nullptr, 0};
  ctx->managed.manager_ctx = ctx;
  ctx->managed.deleter = [](DLManagedTensor* self) {
    auto* c = static_cast<ctx_t*>(self->manager_ctx);
    ++*c->freed;
    (void)cudaFree(c->p);
    delete c;
  };
  {
    const auto a = xp::from_dlpack<float, xp::cuda>(&ctx->managed);
    CHECK(a.data() == managed);
    CHECK(xp::sum(a).item() == 140.f);  // 0 + 1 + 4 + ... + 49
    DLManagedTensor* t = xp::to_dlpack(a);
    CHECK(t->dl_tensor.device.device_type == kDLCUDAManaged);
    t->deleter(t);
    CHECK(freed == 0);
  }
  CHECK(freed == 1);
}
#endif
