#pragma once
/// @file dlpack.hpp
/// @brief DLPack both ways, without a copy: `xp::from_dlpack<T, B>(DLManagedTensor*)` adopts
/// another library's tensor as an `ndarray<T, B>`, `xp::to_dlpack(a)` hands an xp array to
/// another library (PyTorch's `torch.utils.dlpack`, CuPy's and NumPy's `from_dlpack`,
/// `at::fromDLPack`, ...). Host arrays here; device arrays once <xp/cuda.hpp> is included too
/// (its primitive::dlpack_device<cuda>). Needs DLPack's header <dlpack/dlpack.h> (Debian's
/// libdlpack-dev; xp's CMake links it as xp::dlpack when it finds it) and no CUDA header.
///
///     DLManagedTensor* t = xp::to_dlpack(a);         // keeps a's buffer alive
///     auto b = xp::from_dlpack<float, xp::cuda>(t);  // owns t: its deleter runs once, when the
///                                                    // last view of b is gone
///
/// Written against DLPack 0.6 (DLManagedTensor); the dtype table below is the one place that
/// maps xp's dtypes to DLPack's. See docs/interop.md.

#include <dlpack/dlpack.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "xp/backends/host/interop.hpp"
#include "xp/core/any_array.hpp"
#include "xp/core/dtype.hpp"
#include "xp/core/error.hpp"
#include "xp/core/interop.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/shape.hpp"

namespace xp {

namespace detail {

static_assert(dl_device::cpu == kDLCPU && dl_device::cuda == kDLCUDA && dl_device::cuda_host == kDLCUDAHost &&
                  dl_device::rocm_host == kDLROCMHost && dl_device::cuda_managed == kDLCUDAManaged,
              "xp: detail::dl_device's numbers disagree with this dlpack.h");
static_assert(std::is_same_v<index_t, std::int64_t>, "xp: shapes and strides are handed to DLPack as they are");

/// DLPack's boolean type code: kDLBool (6) since DLPack 0.8. DLPack 0.6, which this header is
/// written against, has no boolean type; xp uses the later standard's number, which current
/// producers (NumPy, PyTorch, CuPy) and consumers use.
#if defined(DLPACK_VERSION) && DLPACK_VERSION >= 80
inline constexpr std::uint8_t dl_bool_code = kDLBool;
#else
inline constexpr std::uint8_t dl_bool_code = 6;
#endif

/// One row of the dtype table: an xp dtype and its DLPack type (lanes are always 1).
struct dlpack_dtype_entry {
  dtype::code xp;
  std::uint8_t code;  ///< DLDataTypeCode
  std::uint8_t bits;
};

/// xp's dtypes in DLPack, one line each, in XP_DTYPES' order: a new dtype is one more line
/// (complex: kDLComplex with the bits of both parts, as NumPy, PyTorch and CuPy write them).
inline constexpr dlpack_dtype_entry dlpack_dtypes[] = {
    {dtype::code::bool_, dl_bool_code, 8},       // bool
    {dtype::code::int8, kDLInt, 8},              // int8
    {dtype::code::uint8, kDLUInt, 8},            // uint8
    {dtype::code::int16, kDLInt, 16},            // int16
    {dtype::code::uint16, kDLUInt, 16},          // uint16
    {dtype::code::int32, kDLInt, 32},            // int32
    {dtype::code::uint32, kDLUInt, 32},          // uint32
    {dtype::code::int64, kDLInt, 64},            // int64
    {dtype::code::uint64, kDLUInt, 64},          // uint64
    {dtype::code::float16, kDLFloat, 16},        // float16 (IEEE binary16, not kDLBfloat)
    {dtype::code::float32, kDLFloat, 32},        // float32
    {dtype::code::float64, kDLFloat, 64},        // float64
    {dtype::code::complex64, kDLComplex, 64},    // complex64
    {dtype::code::complex128, kDLComplex, 128},  // complex128
};

// The line of xp dtype `c` in the table, -1 when it has none (an index, not a pointer: a pointer
// compared with null is not a constant expression under -fsanitize=undefined).
constexpr int find_dlpack_dtype(dtype::code c) {
  for (std::size_t i = 0; i < std::size(dlpack_dtypes); ++i)
    if (dlpack_dtypes[i].xp == c) return static_cast<int>(i);
  return -1;
}
inline const dlpack_dtype_entry* find_dlpack_dtype(DLDataType t) {
  if (t.lanes != 1) return nullptr;
  for (const auto& e : dlpack_dtypes)
    if (e.code == t.code && e.bits == t.bits) return &e;
  return nullptr;
}

// Every dtype has its line, of its size.
constexpr bool dlpack_table_complete() {
  for (int c = 0; c < dtype::count; ++c) {
    const int line = find_dlpack_dtype(static_cast<dtype::code>(c));
    if (line < 0 || dlpack_dtypes[line].bits != 8 * dtype(static_cast<dtype::code>(c)).itemsize()) return false;
  }
  return std::size(dlpack_dtypes) == static_cast<std::size_t>(dtype::count);
}
static_assert(dlpack_table_complete(), "xp: every dtype of XP_DTYPES needs one line in detail::dlpack_dtypes");

/// "kDLFloat bits 16 lanes 1": a DLPack dtype in error messages ("code 42 bits 8 lanes 1" for a
/// code DLPack does not define).
inline std::string describe(DLDataType t) {
  constexpr const char* codes[] = {"kDLInt",    "kDLUInt",    "kDLFloat", "kDLOpaqueHandle",
                                   "kDLBfloat", "kDLComplex", "kDLBool"};
  const std::string code = t.code < std::size(codes) ? std::string(codes[t.code]) : "code " + std::to_string(t.code);
  return code + " bits " + std::to_string(t.bits) + " lanes " + std::to_string(t.lanes);
}

template <class B>
constexpr const char* backend_label() {
  return std::is_same_v<B, cuda> ? "xp::cuda" : "xp::host";
}

/// What to_dlpack allocates: a handle to the array (which keeps its buffer alive), the shape and
/// strides DLPack points at, and the DLManagedTensor itself. Its deleter frees all of it.
template <class T, class B>
struct dlpack_export {
  ndarray<T, B> array;
  shape_type shape;  // index_t is DLPack's int64_t
  shape_type strides;
  DLManagedTensor managed{};

  static void release(DLManagedTensor* self) noexcept { delete static_cast<dlpack_export*>(self->manager_ctx); }

  // True while `t` still describes the exported array unchanged, so that importing it again may
  // hand back the array itself.
  bool describes(const DLTensor& t) const noexcept {
    return t.data == static_cast<void*>(array.data()) && t.byte_offset == 0 &&
           t.ndim == static_cast<int>(shape.size()) && t.shape == shape.data() && t.strides == strides.data() &&
           shape == array.shape() && strides == array.strides();
  }
};

/// The owner of an imported tensor: calls its deleter once, when the last array viewing it is
/// gone. Made before the tensor is adopted, so that nothing can throw after the adoption.
struct dlpack_owner {
  DLManagedTensor* tensor = nullptr;
  dlpack_owner() = default;
  dlpack_owner(const dlpack_owner&) = delete;
  dlpack_owner& operator=(const dlpack_owner&) = delete;
  ~dlpack_owner() {
    if (tensor && tensor->deleter) tensor->deleter(tensor);
  }
};

}  // namespace detail

/// @brief DLPack's dtype of element type T (lanes 1), from the table detail::dlpack_dtypes:
/// float32 is {kDLFloat, 32, 1}, bool {kDLBool (6), 8, 1}, float16 {kDLFloat, 16, 1},
/// complex64 {kDLComplex, 64, 1}.
template <class T>
constexpr DLDataType dlpack_dtype() {
  constexpr int line = detail::find_dlpack_dtype(dtype::of<T>().id());
  static_assert(line >= 0, "xp: this dtype has no line in detail::dlpack_dtypes (xp/dlpack.hpp)");
  return DLDataType{detail::dlpack_dtypes[line].code, detail::dlpack_dtypes[line].bits, 1};
}

/// @brief Adopts a DLPack tensor as an `ndarray<T, B>` without copying (np.from_dlpack,
/// cupy.from_dlpack, torch.utils.dlpack.from_dlpack; DLPack's C handoff, in which the consumer
/// takes ownership). On success the array owns `tensor`: its deleter is called exactly once,
/// when the last array or view sharing the memory is gone (at once, for a tensor that
/// xp::to_dlpack made and nobody changed: the result is then that array itself). If this
/// throws, `tensor` is untouched and still the caller's to delete.
///
/// Any strides (NULL: C-contiguous; negative and zero strides too) and `byte_offset` are
/// honoured. Devices: a host array takes kDLCPU, kDLCUDAHost or kDLROCMHost memory; an
/// xp::cuda array kDLCUDA memory of the current device, or kDLCUDAManaged memory (see
/// <xp/cuda/interop.hpp>). The result is writeable: DLPack 0.6 cannot say that a tensor is
/// read-only, so do not write through an array whose producer forbids it. The producer's
/// pending device work is not waited for: order it first (xp::cuda::event).
/// @throws xp::value_error for a null tensor, another device type or device (both named, e.g.
///         "device type kDLROCM (10), device 0"), a negative ndim or extent, a null shape, a
///         null data pointer with elements, a misaligned pointer, or strides whose offsets
///         overflow; xp::dtype_error when the tensor's dtype is not T's (both named, e.g.
///         "kDLFloat bits 16 lanes 1"), also for dtypes xp does not have.
template <class T, class B = host>
ndarray<T, B> from_dlpack(DLManagedTensor* tensor) {
  static_assert(is_dtype_v<T>, "xp::from_dlpack<T, B>: T must be " XP_ONE_OF_THE_DTYPES);
  static_assert(is_backend_v<B>, "xp::from_dlpack<T, B>: B must be xp::host or xp::cuda");
  const std::string where =
      std::string("xp::from_dlpack<") + std::string(dtype_name<T>()) + ", " + detail::backend_label<B>() + ">";
  if (tensor == nullptr) throw value_error(where + ": the DLManagedTensor is null");
  const DLTensor& t = tensor->dl_tensor;

  if (t.ndim < 0) throw value_error(where + ": ndim is " + std::to_string(t.ndim));
  if (t.ndim > 0 && t.shape == nullptr)
    throw value_error(where + ": the shape pointer is null for ndim " + std::to_string(t.ndim));
  const auto ndim = static_cast<std::size_t>(t.ndim);
  shape_type shape(t.shape, t.shape + ndim);
  for (index_t n : shape)
    if (n < 0) throw value_error(where + ": shape " + to_string(shape) + " has a negative extent");
  const bool empty = checked_size(shape, sizeof(T)) == 0;

  // read as the int it is: a producer may send a code this header's enum does not list, and
  // loading such a value as the enum type would be undefined behaviour
  static_assert(sizeof(t.device.device_type) == sizeof(int), "DLDeviceType is an int-sized enum");
  int device_type = 0;
  std::memcpy(&device_type, &t.device.device_type, sizeof device_type);
  const dlpack_device_id device{device_type, t.device.device_id};
  const char* first = static_cast<const char*>(t.data);
  if (first != nullptr) first += t.byte_offset;
  // the memory is only looked at when there is some: an empty tensor's pointer may be anything
  primitive::dlpack_device<B>::check(device, empty ? nullptr : first, where);

  constexpr DLDataType want = dlpack_dtype<T>();
  if (t.dtype.code != want.code || t.dtype.bits != want.bits || t.dtype.lanes != want.lanes) {
    const auto* e = detail::find_dlpack_dtype(t.dtype);
    const std::string held = e ? " (xp's " + std::string(dtype(e->xp).name()) + ")" : " (no xp dtype)";
    throw dtype_error(where + ": the tensor holds " + detail::describe(t.dtype) + held + ", not " +
                      std::string(dtype_name<T>()) + " (" + detail::describe(want) + ")");
  }

  // a tensor xp exported and nobody changed: hand back the array itself (same buffer, so xp
  // still sees that the two alias), and release the tensor now
  if (tensor->deleter == &detail::dlpack_export<T, B>::release) {
    const auto* ctx = static_cast<const detail::dlpack_export<T, B>*>(tensor->manager_ctx);
    if (ctx != nullptr && ctx->describes(t)) {
      ndarray<T, B> array = ctx->array;
      tensor->deleter(tensor);
      return array;
    }
  }

  shape_type strides = t.strides ? shape_type(t.strides, t.strides + ndim) : contiguous_strides(shape);
  detail::check_foreign_layout(first, shape, strides, sizeof(T), alignof(T), where);

  auto owner = std::make_shared<detail::dlpack_owner>();
  owner->tensor = tensor;  // adopted: nothing below throws
  T* data = const_cast<T*>(reinterpret_cast<const T*>(first));
  // the buffer's pointer is the tensor's own data pointer, so two imports of one tensor's memory
  // compare as one buffer (xp's overlap rule, detail::may_overlap)
  return ndarray<T, B>(std::shared_ptr<void>(std::move(owner), t.data), data, std::move(shape), std::move(strides));
}

/// @brief from_dlpack with the dtype the tensor says: an any_array on B (np.from_dlpack, which
/// takes the producer's dtype), adopting the tensor as from_dlpack<T, B> does. Instantiates
/// from_dlpack<T, B> for the 14 dtypes in the caller's unit.
/// @throws as from_dlpack<T, B>; xp::dtype_error for a dtype xp does not have.
template <class B = host>
any_array<B> from_dlpack_any(DLManagedTensor* tensor) {
  if (tensor == nullptr) throw value_error("xp::from_dlpack_any: the DLManagedTensor is null");
  const detail::dlpack_dtype_entry* entry = detail::find_dlpack_dtype(tensor->dl_tensor.dtype);
  if (entry == nullptr)
    throw dtype_error("xp::from_dlpack_any: DLPack dtype " + detail::describe(tensor->dl_tensor.dtype) +
                      " is not one of xp's dtypes");
  switch (entry->xp) {
#define XP_DLPACK_ANY_CASE(T, c, n, k, npy) \
  case dtype::code::c:                      \
    return any_array<B>(from_dlpack<T, B>(tensor));
    XP_DTYPES(XP_DLPACK_ANY_CASE)
#undef XP_DLPACK_ANY_CASE
  }
  throw dtype_error("xp::from_dlpack_any: invalid dtype");
}

/// @brief Hands an array to another library as a DLPack tensor, without copying
/// (ndarray.__dlpack__(), torch.utils.dlpack.to_dlpack). The tensor holds a handle to `a`, so
/// the memory stays valid until the consumer calls its deleter (once); `a` itself may go away
/// first. `data` points at the first element with `byte_offset` 0; `shape` and `strides` (in
/// elements, always given) live in the tensor's manager context; the device is kDLCPU for a
/// host array, kDLCUDA (or kDLCUDAManaged for adopted managed memory) and the memory's device for
/// an xp::cuda array. Nothing is synchronised: the consumer must order its work after xp's
/// pending work on xp's current stream (`xp::cuda::synchronize()`, or an xp::cuda::event).
/// @throws xp::value_error for a read-only array (a broadcast view): DLPack 0.6 cannot mark a
///         tensor read-only, so, as NumPy does, xp refuses to export one (copy() it first).
template <class T, class B>
DLManagedTensor* to_dlpack(const ndarray<T, B>& a) {
  if (!a.writeable())
    throw value_error(
        "xp::to_dlpack: the array is read-only (a broadcast view), which DLPack 0.6 cannot express; "
        "export a copy()");
  auto ctx = std::make_unique<detail::dlpack_export<T, B>>();
  ctx->array = a;
  ctx->shape = a.shape();
  ctx->strides = a.strides();
  const dlpack_device_id device = primitive::dlpack_device<B>::of(a.data());
  DLTensor& t = ctx->managed.dl_tensor;
  t.data = static_cast<void*>(a.data());
  t.device = DLDevice{static_cast<DLDeviceType>(device.type), device.id};
  t.ndim = static_cast<int>(a.ndim());
  t.dtype = dlpack_dtype<T>();
  t.shape = ctx->shape.data();
  t.strides = ctx->strides.data();
  t.byte_offset = 0;
  ctx->managed.manager_ctx = ctx.get();
  ctx->managed.deleter = &detail::dlpack_export<T, B>::release;
  return &ctx.release()->managed;
}

}  // namespace xp
