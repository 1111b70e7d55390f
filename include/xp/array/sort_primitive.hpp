#pragma once
/// @file array/sort_primitive.hpp
/// @brief The sort primitive behind xp::sort, argsort, partition, topk, unique, the set
/// functions and the order statistics (xp/array/sorting.hpp and the files built on it): rows of
/// one contiguous buffer sorted in place, stably, in NumPy's order, optionally with each element's
/// original position. Also the sort keys both backends share: every dtype's elements as unsigned
/// integers whose unsigned order is NumPy's order, so that a radix sort sorts them.

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "xp/core/backend.hpp"
#include "xp/core/complex.hpp"
#include "xp/core/config.hpp"
#include "xp/core/float16.hpp"

namespace xp::detail {

/// @brief What a backend's sort primitive is given: `rows` rows of `length` contiguous elements
/// at `data`, each sorted in place, stably (equal keys keep their order), ascending in NumPy's
/// order (sort_key below) or, with `descending`, in its reverse with ties still in their order.
/// With `positions` (rows x length int64, may be null) each sorted element's original index in
/// its row is written there. With `kth_count > 0` the caller needs only a partition: the
/// elements at the `kth` indices (ascending, distinct, < length) are those a full sort puts
/// there, with no greater element before and no smaller one after each (np.partition's
/// guarantee); a backend may sort fully instead. Equal elements' bits are kept (-0.0 and +0.0,
/// every NaN's payload): the keys merge them, so a backend that sorts keys alone must carry the
/// elements whose key is not `sort_key::exact`.
template <class T>
struct sort_problem {
  T* data;
  std::int64_t* positions;
  index_t rows;
  index_t length;
  bool descending = false;
  const index_t* kth = nullptr;
  index_t kth_count = 0;
  /// When set, the rows are read from here (same layout, not written) and `data` is only
  /// written: a contiguous array is sorted into its result without being copied there first.
  const T* source = nullptr;
  /// With kth: only the kth positions (of data and positions) need hold what a full sort puts
  /// there; the rest of each row may hold anything. topk and the order statistics read nothing
  /// else, so a selection need not place the other elements.
  bool kth_only = false;
};

/// @brief The unsigned integer of the element's width whose order is NumPy's sort order:
/// integers with the sign bit flipped; floats with -0.0 and +0.0 merged into one key and every
/// NaN into the largest key (NaN sorts last, whatever its sign and payload); bool as 0 and 1.
/// `encode` maps an element to its key, `decode` a key back to an element (+0.0 for the zero key,
/// the default quiet NaN for the NaN key), `exact(x)` says whether decode(encode(x)) has x's bits.
/// Complex numbers have two keys (complex_sort_key below), so their sort is two stable sorts (by
/// the low key, then the high one) or one sort of the two keys joined where they fit one integer
/// (complex64: 64 bits).
template <class T, class = void>
struct sort_key;

template <class T>
struct sort_key<T, std::enable_if_t<std::is_integral_v<T>>> {
  using type = std::make_unsigned_t<std::conditional_t<std::is_same_v<T, bool>, std::uint8_t, T>>;
  static constexpr type sign = std::is_signed_v<T> ? type(type(1) << (sizeof(T) * 8 - 1)) : type(0);
  XP_HD static type encode(T x) { return static_cast<type>(static_cast<type>(x) ^ sign); }
  XP_HD static T decode(type k) { return static_cast<T>(static_cast<type>(k ^ sign)); }
  XP_HD static bool exact(T) { return true; }
};

/// Floats by their bit pattern (Bits: the unsigned integer of their width).
template <class T, class Bits>
struct float_sort_key {
  using type = Bits;
  static constexpr type sign = type(type(1) << (sizeof(Bits) * 8 - 1));
  static constexpr type nan_key = type(~type(0));
  XP_HD static type bits_of(T x) {
    if constexpr (std::is_same_v<T, float16>) return x.bits;
    else {
      type b;
      std::memcpy(&b, &x, sizeof b);
      return b;
    }
  }
  XP_HD static T from_bits(type b) {
    if constexpr (std::is_same_v<T, float16>) return float16::from_bits(b);
    else {
      T x;
      std::memcpy(&x, &b, sizeof b);
      return x;
    }
  }
  // the exponent's bits (all ones: infinity or NaN) and the quiet bit, from the width
  static constexpr int mantissa_bits = sizeof(T) == 2 ? 10 : sizeof(T) == 4 ? 23 : 52;
  static constexpr type exponent_mask = type(sign - 1) & type(~type((type(1) << mantissa_bits) - 1));
  static constexpr type default_nan = type(exponent_mask | (type(1) << (mantissa_bits - 1)));
  XP_HD static bool is_nan(type b) {
    return (b & exponent_mask) == exponent_mask && (b & type((type(1) << mantissa_bits) - 1)) != 0;
  }
  XP_HD static type encode(T x) {
    const type b = bits_of(x);
    if (is_nan(b)) return nan_key;
    if (b == sign) return sign;  // -0.0 sorts with +0.0
    return (b & sign) ? type(~b) : type(b | sign);
  }
  XP_HD static T decode(type k) {
    if (k == nan_key) return from_bits(default_nan);
    return from_bits((k & sign) ? type(k ^ sign) : type(~k));
  }
  XP_HD static bool exact(T x) {
    const type b = bits_of(x);
    return b != sign && (!is_nan(b) || b == default_nan);
  }
};

template <>
struct sort_key<float16> : float_sort_key<float16, std::uint16_t> {};
template <>
struct sort_key<float> : float_sort_key<float, std::uint32_t> {};
template <>
struct sort_key<double> : float_sort_key<double, std::uint64_t> {};

/// @brief Complex numbers in NumPy's order, two keys of the part's width (high, then low):
/// numbers without NaN lexicographically (real, then imaginary), then those with a NaN imaginary
/// part by their real part, then those with a NaN real part by their imaginary part, then those
/// with both: NumPy's [R + Rj, R + nanj, nan + Rj, nan + nanj]. The two NaN classes take high
/// keys between +inf's and the NaN key (NaN bit patterns, which no number encodes to), so one
/// lexicographic sort of (high, low) gives the whole order. Only elements without NaN decode.
template <class R>
struct complex_sort_key {
  using part = sort_key<R>;
  using type = typename part::type;
  static constexpr type imag_nan_class = type(part::nan_key - 2);
  static constexpr type real_nan_class = type(part::nan_key - 1);
  XP_HD static void encode(complex<R> x, type& high, type& low) {
    const type re = part::encode(x.real()), im = part::encode(x.imag());
    const bool re_nan = re == part::nan_key, im_nan = im == part::nan_key;
    if (!re_nan && !im_nan) high = re, low = im;
    else if (!re_nan) high = imag_nan_class, low = re;
    else if (!im_nan) high = real_nan_class, low = im;
    else high = low = part::nan_key;
  }
  XP_HD static complex<R> decode(type high, type low) { return complex<R>(part::decode(high), part::decode(low)); }
  /// decode(encode(x)) has x's bits: no NaN part and no -0.0 part.
  XP_HD static bool exact(complex<R> x) {
    return part::exact(x.real()) && part::exact(x.imag()) && part::encode(x.real()) != part::nan_key &&
           part::encode(x.imag()) != part::nan_key;
  }
};

}  // namespace xp::detail

namespace xp::primitive {
/// @brief `run(const sort_problem<T>&)`: sorts the rows (see detail::sort_problem), for T in
/// XP_SORT_TYPES. Precompiled on both backends (libxp: backends/host/sort.cpp; libxp_cuda:
/// backends/cuda/sort_*.cu), so a g++-only program sorts device arrays too.
/// @throws xp::out_of_memory when the temporary storage does not fit (naming the size; the
/// rows are then unchanged).
template <class B>
struct sort {
  XP_PRIMITIVE_NOT_VISIBLE(B, "sort");
};
}  // namespace xp::primitive

// The element types the primitive sorts (every dtype), X(T) each: the one list. (clang-format
// does not settle on this list: each pass rewraps it.)
// clang-format off
#define XP_SORT_TYPES(X)                                                                       \
  X(bool) X(std::int8_t) X(std::uint8_t) X(std::int16_t) X(std::uint16_t) X(std::int32_t)     \
  X(std::uint32_t) X(std::int64_t) X(std::uint64_t) X(::xp::float16) X(float) X(double)      \
  X(::xp::complex64) X(::xp::complex128)
// clang-format on

// each backend's specialisation (declarations of what the libraries compile, from XP_SORT_TYPES,
// which the last of them undefines)
#include "xp/backends/cuda/sort.hpp"
#include "xp/backends/host/sort.hpp"
