#pragma once
// any_array's compiled dispatch (include/xp/core/any_array.hpp), written once over the backend:
// src/any_array*.cpp instantiate it for xp::host (libxp), backends/cuda/any_array* for xp::cuda
// (libxp_cuda). The including unit has included the library first (<xp/core.hpp>, <xp/io.hpp>
// or <xp/cuda.hpp>). Each operation is instantiated for the 14 dtypes of one operand dtype: a
// binary operation first converts both operands to their promoted dtype (the precompiled
// converting copy), so that it never needs the 196 pairs. Units: core (conversions, promotion,
// scalars, transfers, the file forms), elementwise (one run-time-op functor per dtype), reduction
// (one run-time-op reduction per dtype; two units on the device).

#include <string>

#include "xp/core/any_array.hpp"

namespace xp::detail::any_impl {

template <class T>
struct type_tag {
  using type = T;
};

/// Calls f(type_tag<T>{}) with the C++ type of dtype code c.
template <class F>
decltype(auto) with_dtype(dtype::code c, F&& f) {
  switch (c) {
#define XP_ANY_WITH_DTYPE_CASE(T, c, n, k, npy) \
  case dtype::code::c:                          \
    return f(type_tag<T>{});
    XP_DTYPES(XP_ANY_WITH_DTYPE_CASE)
#undef XP_ANY_WITH_DTYPE_CASE
  }
  throw dtype_error(
      "xp::any_array: it holds no array (an .npz archive from xp::load: take a member, z[\"x\"]) "
      "or an invalid dtype code " +
      std::to_string(static_cast<int>(c)));
}

inline const char* op_symbol(any_array_op op) {
  switch (op) {
    case any_array_op::add:
      return "+";
    case any_array_op::subtract:
      return "-";
    case any_array_op::multiply:
      return "*";
    case any_array_op::divide:
      return "/";
    case any_array_op::equal:
      return "==";
    case any_array_op::not_equal:
      return "!=";
    case any_array_op::less:
      return "<";
    case any_array_op::less_equal:
      return "<=";
    case any_array_op::greater:
      return ">";
    case any_array_op::greater_equal:
      return ">=";
  }
  return "?";
}

inline bool is_comparison(any_array_op op) { return op >= any_array_op::equal; }

/// a itself when it already holds `to`, else a converted copy.
template <class B>
any_array<B> promoted(const any_array<B>& a, dtype::code to) {
  return a.dtype().id() == to ? a : any_astype(a, dtype(to));
}

/// a op b of one dtype (both operands hold it): the elementwise unit.
template <class B>
any_array<B> elementwise_same(any_array_op op, const any_array<B>& a, const any_array<B>& b);

// ---- the core unit: conversions, promotion, scalars, transfers -------------------------------

template <class B>
any_array<B> astype_impl(const any_array<B>& a, dtype to) {
  if constexpr (std::is_same_v<B, host>) {
    // the host's astype of every pair is compiled in libxp (core/host_instances.hpp)
    return visit(
        [&](const auto& x) {
          return with_dtype(to.id(), [&](auto tag) {
            using U = typename decltype(tag)::type;
            return any_array<B>(x.template astype<U>());
          });
        },
        a);
  } else {
    // a fresh C-contiguous array, then the backend's precompiled converting copy of the pair: the
    // layout arithmetic is done once here, not once per pair as 196 ndarray::astype would
    op_range<B> range("xp::astype");
    const any_array<B> out = with_dtype(to.id(), [&](auto tag) {
      using U = typename decltype(tag)::type;
      return any_array<B>(ndarray<U, B>(a.shape()));
    });
    if (a.size() == 0) return out;
    const merged_layout merged = merge_layout(a.shape(), {&out.strides(), &a.strides()});
    with_dtype(to.id(), [&](auto to_tag) {
      using U = typename decltype(to_tag)::type;
      with_dtype(a.dtype().id(), [&](auto from_tag) {
        using T = typename decltype(from_tag)::type;
        primitive::copy<B>::run(make_strided_view(static_cast<U*>(out.data()), merged.shape, merged.strides[0]),
                                make_strided_view(static_cast<const T*>(a.data()), merged.shape, merged.strides[1]));
      });
    });
    return out;
  }
}

/// The dtype both operands of `op` are converted to: their promoted dtype, float64 for a
/// division of integers or bools (NumPy's true_divide).
inline dtype::code operand_dtype(any_array_op op, dtype::code promoted_code) {
  const char kind = dtype(promoted_code).kind();
  return op == any_array_op::divide && kind != 'f' && kind != 'c' ? dtype::code::float64 : promoted_code;
}

template <class B>
any_array<B> binary_impl(any_array_op op, const any_array<B>& a, const any_array<B>& b) {
  const dtype::code r = operand_dtype(op, promote_codes(a.dtype().id(), b.dtype().id()));
  const any_array<B> pa = promoted(a, r), pb = promoted(b, r);
  return elementwise_same(op, pa, pb);
}

/// The scalar as a 0-d host array of its stored dtype.
inline any_array<host> scalar_array(const any_scalar& s) {
  return with_dtype(s.code, [&](auto tag) {
    using T = typename decltype(tag)::type;
    ndarray<T, host> out{shape_type{}};
    std::memcpy(static_cast<void*>(out.data()), s.bytes, sizeof(T));
    return any_array<host>(out);
  });
}

template <class B>
any_array<B> binary_scalar_impl(any_array_op op, const any_array<B>& a, const any_scalar& s, bool scalar_left) {
  const dtype::code r = operand_dtype(op, promote_weak(a.dtype().id(), s.kind));
  const any_array<host> h = promoted(scalar_array(s), r);
  any_array<B> sb;
  if constexpr (std::is_same_v<B, host>) sb = h;
  else sb = any_to_device(h);
  const any_array<B> pa = promoted(a, r);
  const any_array<B>& left = scalar_left ? sb : pa;
  const any_array<B>& right = scalar_left ? pa : sb;
  return elementwise_same(op, left, right);
}

template <class B>
any_array<host> to_host_impl(const any_array<B>& a) {
  if constexpr (std::is_same_v<B, host>) return a;
  else return visit([](const auto& x) { return any_array<host>(x.copy_to_host()); }, a);
}

// ---- the elementwise unit ------------------------------------------------------------------
// One functor per dtype for + - * / == != < <= > >= and unary -, the operation chosen at run time
// inside the loop: one instantiation of the evaluation per dtype instead of one per operation and
// dtype (compile time is the cost that counts here; a program that wants the fastest loop
// computes on the typed array). A comparison gives 1 or 0 in the operands' dtype, converted to
// bool after the loop by the precompiled copy.

struct elementwise_fn {
  any_array_op op;
  bool negative;  // -a: reads only its first operand
  template <class T>
  XP_HD T operator()(T a, T b) const {
    if (negative) return ops::negate{}(a);
    switch (op) {
      case any_array_op::add:
        return ops::plus{}(a, b);
      case any_array_op::subtract:
        return ops::minus{}(a, b);
      case any_array_op::multiply:
        return ops::multiplies{}(a, b);
      case any_array_op::divide:
        // integers and bool divide in float64: the caller converts them first
        if constexpr (is_inexact_v<T>) return ops::divides{}(a, b);
        else return a;
      case any_array_op::equal:
        return T(a == b);
      case any_array_op::not_equal:
        return T(a != b);
      default:
        break;
    }
    if constexpr (is_complex_v<T>) {
      return a;  // ordering complex values is refused before the loop
    } else {
      switch (op) {
        case any_array_op::less:
          return T(a < b);
        case any_array_op::less_equal:
          return T(a <= b);
        case any_array_op::greater:
          return T(a > b);
        default:
          return T(a >= b);
      }
    }
  }
};

/// The loop of the dtypes whose code is even (Part 0) or odd (Part 1): two units on the device,
/// where the 14 in one took 43 s of nvcc's CPU time for sm_90 (the library's slowest unit, 39 s).
template <class B, int Part>
any_array<B> elementwise_part(elementwise_fn f, const any_array<B>& a, const any_array<B>& b);

template <class B, int Part>
any_array<B> elementwise_part_impl(elementwise_fn f, const any_array<B>& a, const any_array<B>& b) {
  return with_dtype(a.dtype().id(), [&](auto tag) -> any_array<B> {
    using T = typename decltype(tag)::type;
    if constexpr (static_cast<int>(dtype::of<T>().id()) % 2 != Part)
      throw dtype_error("xp::any_array: internal: an operation on " + std::string(a.dtype().name()) +
                        " reached the other part");
    else return elementwise_kernel(f)(a.template as<T>(), b.template as<T>());
  });
}

template <class B>
any_array<B> elementwise_impl(any_array_op op, bool negative, const any_array<B>& a, const any_array<B>& b) {
  const xp::dtype d = a.dtype();
  const char kind = d.kind();
  if (b.dtype() != d) throw dtype_error("xp::any_array: internal: the operands were not promoted to one dtype");
  // what NumPy refuses: bool - bool and -bool (whose meaning would be ^ and !), ordering complex values
  if (kind == 'b' && negative)
    throw dtype_error("xp::any_array: -a of a bool array is not supported (NumPy's boolean negative); use !a");
  if (kind == 'b' && op == any_array_op::subtract && !negative)
    throw dtype_error("xp::any_array: bool - bool is not supported (NumPy's boolean subtract); use != or ^");
  if (kind == 'c' && !negative && is_comparison(op) && op != any_array_op::equal && op != any_array_op::not_equal)
    throw dtype_error(std::string("xp::any_array: ") + op_symbol(op) + " does not order complex dtypes (" +
                      std::string(d.name()) + ")");
  if (!negative && op == any_array_op::divide && kind != 'f' && kind != 'c')
    throw dtype_error("xp::any_array: internal: integers divide as float64");  // binary_impl converts them
  const elementwise_fn f{op, negative};
  const any_array<B> out =
      static_cast<int>(d.id()) % 2 == 0 ? elementwise_part<B, 0>(f, a, b) : elementwise_part<B, 1>(f, a, b);
  return !negative && is_comparison(op) ? promoted(out, dtype::code::bool_) : out;
}

// ---- the reduction unit -------------------------------------------------------------------
// One reduction per dtype, its combining step chosen at run time: sum, product, minimum or
// maximum, all in the sum's accumulator dtype (int64 for a small integer, float32 for float16:
// exact for a minimum or maximum, which is converted back to the operand's dtype). A mean is the
// sum of the values converted to its accumulator dtype, divided by the count (what the typed mean
// computes).

enum class combine : std::uint8_t { sum, prod, min, max };

struct combine_fn {
  combine op;
  template <class A>
  XP_HD A operator()(A a, A b) const {
#if defined(__CUDA_ARCH__)
    // take_min and take_max (NaN wins) as one comparison: nvcc's CPU time for a unit 57 -> 48 s
    if (op == combine::sum) return take_sum{}(a, b);
    if (op == combine::prod) return take_prod{}(a, b);
    if constexpr (is_complex_v<A>) {
      return a;  // ordering complex values is refused before the loop
    } else {
      const bool keep_a = math::isnan(a) || (op == combine::max ? a >= b : a <= b);
      return keep_a ? a : b;
    }
#else
    // a switch of the four: g++'s time for the host unit 15 s (26 s with the form above)
    switch (op) {
      case combine::sum:
        return take_sum{}(a, b);
      case combine::prod:
        return take_prod{}(a, b);
      case combine::min:
        if constexpr (is_complex_v<A>) return a;  // refused before the loop
        else return take_min{}(a, b);
      case combine::max:
        if constexpr (is_complex_v<A>) return a;
        else return take_max{}(a, b);
    }
    return a;
#endif
  }
};

/// The dtypes whose reductions a backend compiles: the six that the others convert to first without
/// changing a result (every integer and bool to int64 or uint64, the sum's accumulator dtypes;
/// float16 to float32, which is what its reductions accumulate in). On the device each reduction is
/// nine kernels and its (dtype, operation) pairs cost about 2 s of nvcc each, and sums take every
/// dtype through libxp_cuda's precompiled np.sum; on the host all 14 dtypes made this unit 31.6 s
/// of g++ (16-core GPU machine), compiled three times in CI (tests, sanitizers, fuzzers).
template <class B, class T>
inline constexpr bool reduces_directly_v = std::is_same_v<T, std::int64_t> || std::is_same_v<T, std::uint64_t> ||
                                           std::is_same_v<T, float> || std::is_same_v<T, double> || is_complex_v<T>;

inline dtype::code device_reduction_dtype(dtype d) {
  switch (d.kind()) {
    case 'b':
    case 'i':
      return dtype::code::int64;
    case 'u':
      return dtype::code::uint64;
    default:
      return d.id() == dtype::code::float16 ? dtype::code::float32 : d.id();
  }
}

/// np.sum's result dtype (and np.prod's): int64 for bool and signed integers, uint64 for unsigned.
inline dtype::code sum_result_dtype(dtype d) {
  return d.kind() == 'b' || d.kind() == 'i' ? dtype::code::int64 : d.kind() == 'u' ? dtype::code::uint64 : d.id();
}

/// One reduction of the typed operand.
template <class T, class B>
any_array<B> combine_reduce_typed(combine op, const ndarray<T, B>& x, const axes_t& axes, bool keepdims) {
  if constexpr (!std::is_same_v<B, host>) {
    if (op == combine::sum) return xp::sum(x, axes, keepdims);  // precompiled in libxp_cuda
  }
  if constexpr (!reduces_directly_v<B, T>) {
    throw dtype_error("xp::any_array: internal: no compiled reduction of " + std::string(dtype::of<T>().name()));
  } else {
    using Acc = sum_acc_t<T>;
    const char* names[] = {"sum", "prod", "minimum", "maximum"};
    const Acc identities[] = {Acc(0), Acc(1), highest<Acc>(), lowest<Acc>()};
    const auto index = static_cast<std::size_t>(op);
    auto reduction =
        make_reduction(names[index], identities[index], to_acc<Acc>{}, combine_fn{op}, to_result<sum_result_t<T>>{});
    if (op == combine::min || op == combine::max) reduction = reduction.without_identity();  // np.min of nothing
    return reduce_with(reduction, x, axes, keepdims, nullptr);
  }
}

/// The reductions of the dtypes whose code is even (Part 0: uint64, float32, complex64 on the
/// device) or odd (Part 1: int64, float64, complex128): two units on the device, where one took 48 s
/// of nvcc's CPU time for sm_90 (the library's slowest unit took 39 s on the same machine).
template <class B, int Part>
any_array<B> combine_reduce_part(combine op, const any_array<B>& a, const axes_t& axes, bool keepdims);

template <class B, int Part>
any_array<B> combine_reduce_part_impl(combine op, const any_array<B>& a, const axes_t& axes, bool keepdims) {
  return with_dtype(a.dtype().id(), [&](auto tag) -> any_array<B> {
    using T = typename decltype(tag)::type;
    if constexpr (static_cast<int>(dtype::of<T>().id()) % 2 != Part) {
      throw dtype_error("xp::any_array: internal: a reduction of " + std::string(a.dtype().name()) +
                        " reached the other part");
    } else {
      return combine_reduce_typed(op, a.template as<T>(), axes, keepdims);
    }
  });
}

template <class B>
any_array<B> combine_reduce(combine op, const any_array<B>& a, const axes_t& axes, bool keepdims) {
  return static_cast<int>(a.dtype().id()) % 2 == 0 ? combine_reduce_part<B, 0>(op, a, axes, keepdims)
                                                   : combine_reduce_part<B, 1>(op, a, axes, keepdims);
}

template <class B>
any_array<B> reduce_impl(any_array_reduction r, const any_array<B>& a, const axes_t& axes, bool keepdims) {
  if (r == any_array_reduction::mean) {
    // NumPy's mean: integers and bool in float64, float16 accumulated in float32, others their own
    const dtype::code held = a.dtype().id();
    const char kind = a.dtype().kind();
    const dtype::code acc = held == dtype::code::float16   ? dtype::code::float32
                            : (kind == 'f' || kind == 'c') ? held
                                                           : dtype::code::float64;
    const dtype::code result = (kind == 'f' || kind == 'c') ? held : dtype::code::float64;
    const any_array<B> total = reduce_impl(any_array_reduction::sum, promoted(a, acc), axes, keepdims);
    index_t count = 1;
    const shape_type& shape = a.shape();
    if (axes.all()) {
      count = a.size();
    } else {
      for (index_t axis : axes.list()) {
        // (the sum above has checked the axes)
        const index_t nd = static_cast<index_t>(shape.size());
        count *= shape[static_cast<std::size_t>(axis < 0 ? axis + nd : axis)];
      }
    }
    // the count converted to the accumulator dtype, then the division of that dtype
    const any_array<B> mean = any_binary_scalar(any_array_op::divide, total, make_any_scalar(double(count)), false);
    return promoted(mean, result);
  }
  const combine op = r == any_array_reduction::sum    ? combine::sum
                     : r == any_array_reduction::prod ? combine::prod
                     : r == any_array_reduction::min  ? combine::min
                                                      : combine::max;
  const bool ordering = op == combine::min || op == combine::max;
  if (ordering && a.dtype().kind() == 'c')
    throw dtype_error("xp::any_array: min and max do not order complex dtypes (" + std::string(a.dtype().name()) + ")");
  dtype::code operand = a.dtype().id();
  if (std::is_same_v<B, host> || op != combine::sum) operand = device_reduction_dtype(a.dtype());
  const any_array<B> out = combine_reduce(op, promoted(a, operand), axes, keepdims);
  // the typed reduction's result dtype: a minimum or maximum keeps the operand's, a sum or product
  // that of np.sum (a device product of float16 was computed in float32)
  return promoted(out, ordering ? a.dtype().id() : sum_result_dtype(a.dtype()));
}

}  // namespace xp::detail::any_impl

// The declared entry points (core/any_array.hpp). Each group is defined only in the unit that
// defines its macro (XP_ANY_<GROUP>_UNIT), so that no other unit instantiates it implicitly.
namespace xp::detail {
#if defined(XP_ANY_CORE_UNIT)
template <class B>
any_array<B> any_astype(const any_array<B>& a, dtype to) {
  return any_impl::astype_impl(a, to);
}
template <class B>
any_array<B> any_binary(any_array_op op, const any_array<B>& a, const any_array<B>& b) {
  return any_impl::binary_impl(op, a, b);
}
template <class B>
any_array<B> any_binary_scalar(any_array_op op, const any_array<B>& a, const any_scalar& s, bool scalar_left) {
  return any_impl::binary_scalar_impl(op, a, s, scalar_left);
}
template <class B>
any_array<host> any_to_host(const any_array<B>& a) {
  return any_impl::to_host_impl(a);
}
#endif
#if defined(XP_ANY_ELEMENTWISE_UNIT)
template <class B, int Part>
any_array<B> any_impl::elementwise_part(any_impl::elementwise_fn f, const any_array<B>& a, const any_array<B>& b) {
  return any_impl::elementwise_part_impl<B, Part>(f, a, b);
}
template <class B>
any_array<B> any_impl::elementwise_same(any_array_op op, const any_array<B>& a, const any_array<B>& b) {
  return any_impl::elementwise_impl(op, false, a, b);
}
template <class B>
any_array<B> any_negative(const any_array<B>& a) {
  return any_impl::elementwise_impl(any_array_op::subtract, true, a, a);
}
#endif
#if defined(XP_ANY_REDUCTION_UNIT)
template <class B, int Part>
any_array<B> any_impl::combine_reduce_part(any_impl::combine op, const any_array<B>& a, const axes_t& axes,
                                           bool keepdims) {
  return any_impl::combine_reduce_part_impl<B, Part>(op, a, axes, keepdims);
}
template <class B>
any_array<B> any_reduce(any_array_reduction r, const any_array<B>& a, const axes_t& axes, bool keepdims) {
  return any_impl::reduce_impl(r, a, axes, keepdims);
}
#endif

}  // namespace xp::detail

// The explicit instantiations of one unit for backend B: XP_ANY_INSTANTIATE_<GROUP>(B).
#define XP_ANY_INSTANTIATE_CORE(B)                                                                        \
  template any_array<B> any_astype<B>(const any_array<B>&, dtype);                                        \
  template any_array<B> any_binary<B>(any_array_op, const any_array<B>&, const any_array<B>&);            \
  template any_array<B> any_binary_scalar<B>(any_array_op, const any_array<B>&, const any_scalar&, bool); \
  template any_array<host> any_to_host<B>(const any_array<B>&);
#define XP_ANY_INSTANTIATE_ELEMENTWISE(B)                                                                      \
  template any_array<B> any_impl::elementwise_same<B>(any_array_op, const any_array<B>&, const any_array<B>&); \
  template any_array<B> any_negative<B>(const any_array<B>&);
#define XP_ANY_INSTANTIATE_REDUCTION(B) \
  template any_array<B> any_reduce<B>(any_array_reduction, const any_array<B>&, const axes_t&, bool);
#define XP_ANY_INSTANTIATE_REDUCTION_PART(B, P)                                                                    \
  template any_array<B> any_impl::combine_reduce_part<B, P>(any_impl::combine, const any_array<B>&, const axes_t&, \
                                                            bool);
// (before XP_ANY_INSTANTIATE_REDUCTION in a unit whose other part is compiled elsewhere)
#define XP_ANY_DECLARE_REDUCTION_PART(B, P)                                                                \
  extern template any_array<B> any_impl::combine_reduce_part<B, P>(any_impl::combine, const any_array<B>&, \
                                                                   const axes_t&, bool);
#define XP_ANY_INSTANTIATE_ELEMENTWISE_PART(B, P)                                                       \
  template any_array<B> any_impl::elementwise_part<B, P>(any_impl::elementwise_fn, const any_array<B>&, \
                                                         const any_array<B>&);
#define XP_ANY_DECLARE_ELEMENTWISE_PART(B, P)                                                                  \
  extern template any_array<B> any_impl::elementwise_part<B, P>(any_impl::elementwise_fn, const any_array<B>&, \
                                                                const any_array<B>&);
