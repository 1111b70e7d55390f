// NumPy 1.24's str() and repr() of an array, and its print options, compiled once (declared in
// xp/core/print.hpp). It follows numpy/core/arrayprint.py (the element formats: FloatingFormat
// in every floatmode, IntegerFormat, BoolFormat; the summarisation, _leading_trailing; the line
// layout, _formatArray and _extendLine; _array_repr_implementation) and the Dragon4 float
// formatting of numpy/core/src/multiarray/dragon4.c that it calls.
#include "xp/core/print.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <mutex>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace xp {
namespace {

// ---- the options: process-wide, behind a mutex (function-local statics: usable while other
// translation units are still being initialised) ----------------------------------------------

constexpr int max_precision = 10000;

std::mutex& options_mutex() {
  static std::mutex m;
  return m;
}
print_options& current_options() {
  static print_options options;
  return options;
}

void validate(const print_options& o) {
  if (o.precision < 0 || o.precision > max_precision)
    throw value_error("xp: precision must be >= 0 and at most " + std::to_string(max_precision) + " (got " +
                      std::to_string(o.precision) + ")");
  if (o.edgeitems < 0) throw value_error("xp: edgeitems must be >= 0 (got " + std::to_string(o.edgeitems) + ")");
  if (o.sign != '-' && o.sign != '+' && o.sign != ' ')
    throw value_error("xp: sign option must be one of ' ', '+', or '-' (got character code " +
                      std::to_string(static_cast<int>(o.sign)) + ")");
  switch (o.floatmode) {
    case float_mode::maxprec:
    case float_mode::fixed:
    case float_mode::unique:
    case float_mode::maxprec_equal:
      return;
  }
  throw value_error("xp: floatmode option must be one of fixed, unique, maxprec, maxprec_equal");
}

print_options updated(print_options o, const print_options_update& u) {
  if (u.precision) o.precision = *u.precision;
  if (u.threshold) o.threshold = *u.threshold;
  if (u.edgeitems) o.edgeitems = *u.edgeitems;
  if (u.linewidth) o.linewidth = *u.linewidth;
  if (u.suppress) o.suppress = *u.suppress;
  if (u.nanstr) o.nanstr = *u.nanstr;
  if (u.infstr) o.infstr = *u.infstr;
  if (u.sign) o.sign = *u.sign;
  if (u.floatmode) o.floatmode = *u.floatmode;
  validate(o);
  return o;
}

}  // namespace

void set_printoptions(const print_options_update& changes) {
  const std::lock_guard<std::mutex> lock(options_mutex());
  current_options() = updated(current_options(), changes);
}

print_options get_printoptions() {
  const std::lock_guard<std::mutex> lock(options_mutex());
  return current_options();
}

void reset_printoptions(const print_options& options) {
  validate(options);
  print_options next = options;
  const std::lock_guard<std::mutex> lock(options_mutex());
  current_options() = std::move(next);
}

printoptions::printoptions(const print_options_update& changes) {
  const std::lock_guard<std::mutex> lock(options_mutex());
  print_options next = updated(current_options(), changes);
  m_saved = std::exchange(current_options(), std::move(next));
}

printoptions::~printoptions() {
  const std::lock_guard<std::mutex> lock(options_mutex());
  current_options() = std::move(m_saved);  // moves: nothing here allocates or throws
}

namespace detail {
namespace {

// ---- Dragon4, as NumPy 1.24 runs it ---------------------------------------------------------
// NumPy formats floats with Dragon4 (Steele & White; Burger & Dybvig's free-format digits): the
// shortest digits that read back exactly (bounds inclusive for an even mantissa), cut at a
// maximum or continued to a minimum number of digits, the last one rounded from the exact
// remainder. This is that algorithm with NumPy's cutoff and rounding rules, over a small
// big-integer type. std::to_chars is no substitute: its digits differ where Dragon4 continues to
// a minimum digit count (the integer digits NumPy keeps exact in an array: float32 52517712
// prints as 52517712. in an array, 52517710.0 as a scalar), and can round powers of 2 otherwise.

// Non-negative big integer, 32-bit blocks, least significant first, no leading zero blocks.
class bigint {
 public:
  explicit bigint(std::uint64_t v = 0) {
    while (v != 0) {
      m_blocks.push_back(static_cast<std::uint32_t>(v));
      v >>= 32;
    }
  }
  static bigint pow2(int n) {
    bigint r(1);
    r.shift_left(n);
    return r;
  }
  bool is_zero() const { return m_blocks.empty(); }
  void shift_left(int n) {
    if (is_zero() || n == 0) return;
    const auto words = static_cast<std::size_t>(n / 32);
    const int bits = n % 32;
    if (bits != 0) {
      std::uint32_t carry = 0;
      for (auto& b : m_blocks) {
        const std::uint32_t next = b >> (32 - bits);
        b = (b << bits) | carry;
        carry = next;
      }
      if (carry != 0) m_blocks.push_back(carry);
    }
    m_blocks.insert(m_blocks.begin(), words, 0u);
  }
  void multiply(std::uint32_t m) {
    std::uint64_t carry = 0;
    for (auto& b : m_blocks) {
      const std::uint64_t t = std::uint64_t{b} * m + carry;
      b = static_cast<std::uint32_t>(t);
      carry = t >> 32;
    }
    if (carry != 0) m_blocks.push_back(static_cast<std::uint32_t>(carry));
  }
  void multiply_pow10(int n) {
    for (; n >= 9; n -= 9) multiply(1000000000u);
    std::uint32_t p = 1;
    for (; n > 0; --n) p *= 10;
    if (p != 1) multiply(p);
  }
  friend int compare(const bigint& a, const bigint& b) {
    if (a.m_blocks.size() != b.m_blocks.size()) return a.m_blocks.size() < b.m_blocks.size() ? -1 : 1;
    for (std::size_t i = a.m_blocks.size(); i-- > 0;)
      if (a.m_blocks[i] != b.m_blocks[i]) return a.m_blocks[i] < b.m_blocks[i] ? -1 : 1;
    return 0;
  }
  void subtract(const bigint& b) {  // *this >= b
    std::int64_t borrow = 0;
    for (std::size_t i = 0; i < m_blocks.size(); ++i) {
      std::int64_t t = std::int64_t{m_blocks[i]} - borrow - (i < b.m_blocks.size() ? std::int64_t{b.m_blocks[i]} : 0);
      borrow = t < 0 ? 1 : 0;
      if (t < 0) t += std::int64_t{1} << 32;
      m_blocks[i] = static_cast<std::uint32_t>(t);
    }
    while (!m_blocks.empty() && m_blocks.back() == 0) m_blocks.pop_back();
  }
  friend bigint operator+(const bigint& a, const bigint& b) {
    bigint r;
    const std::size_t n = std::max(a.m_blocks.size(), b.m_blocks.size());
    std::uint64_t carry = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t t =
          carry + (i < a.m_blocks.size() ? a.m_blocks[i] : 0u) + (i < b.m_blocks.size() ? b.m_blocks[i] : 0u);
      r.m_blocks.push_back(static_cast<std::uint32_t>(t));
      carry = t >> 32;
    }
    if (carry != 0) r.m_blocks.push_back(static_cast<std::uint32_t>(carry));
    return r;
  }

 private:
  std::vector<std::uint32_t> m_blocks;
};

// A finite float as mantissa * 2^exponent, the margins to its neighbours told apart.
struct float_parts {
  std::uint64_t mantissa = 0;
  int exponent = 0;
  int mantissa_bit = 0;          // index of the highest set bit of the mantissa
  bool unequal_margins = false;  // the gap above is twice the gap below (a power of two)
};

int log2_floor(std::uint64_t v) {
  int r = 0;
  while (v >>= 1) ++r;
  return r;
}

// float16 formats with its own digits (NumPy's Dragon4 on the half value), everything else about
// it (tests, comparisons, the max/min ratio's rounding aside) in float, which holds it exactly.
template <class T>
using work_t = std::conditional_t<std::is_same_v<T, float16>, float, T>;
template <class T>
work_t<T> widen(T x) {
  return static_cast<work_t<T>>(x);
}

template <class T>
float_parts decompose(T x) {
  constexpr int mant_bits = std::is_same_v<T, float16> ? 10 : std::is_same_v<T, float> ? 23 : 52;
  constexpr int exp_bits = std::is_same_v<T, float16> ? 5 : std::is_same_v<T, float> ? 8 : 11;
  constexpr int bias = (1 << (exp_bits - 1)) - 1;
  std::uint64_t bits = 0;
  if constexpr (std::is_same_v<T, float16>) {
    bits = x.bits;
  } else if constexpr (std::is_same_v<T, float>) {
    std::uint32_t b;
    std::memcpy(&b, &x, sizeof b);
    bits = b;
  } else {
    std::memcpy(&bits, &x, sizeof bits);
  }
  const std::uint64_t frac = bits & ((std::uint64_t{1} << mant_bits) - 1);
  const auto biased = static_cast<int>((bits >> mant_bits) & ((1u << exp_bits) - 1));
  float_parts p;
  if (biased != 0) {
    p.mantissa = (std::uint64_t{1} << mant_bits) | frac;
    p.exponent = biased - bias - mant_bits;
    p.mantissa_bit = mant_bits;
    p.unequal_margins = biased != 1 && frac == 0;
  } else {
    p.mantissa = frac;
    p.exponent = 1 - bias - mant_bits;
    p.mantissa_bit = log2_floor(frac);
  }
  return p;
}

struct dragon4_digits {
  std::string digits;  // "0" for zero
  int exponent = 0;    // base-10 exponent of the first digit
};

// The digits of mantissa * 2^exponent, unique (shortest) or exact, cut after
// `cutoff_max` and continued to `cutoff_min` digits (-1: none), counted from the point
// (`total_length` false) or from the first digit.
dragon4_digits dragon4(const float_parts& f, bool unique, bool total_length, int cutoff_max, int cutoff_min) {
  if (f.mantissa == 0) return {"0", 0};
  constexpr int buffer_size = 16383;  // NumPy stops at its 16384-character buffer
  const bool is_even = f.mantissa % 2 == 0;
  bigint value(f.mantissa), scale, margin_low;
  // margin_high is margin_low, or twice it with unequal margins
  if (f.unequal_margins) {
    if (f.exponent > 0) {
      value.shift_left(f.exponent + 2);
      scale = bigint(4);
      margin_low = bigint::pow2(f.exponent);
    } else {
      value.shift_left(2);
      scale = bigint::pow2(-f.exponent + 2);
      margin_low = bigint(1);
    }
  } else {
    if (f.exponent > 0) {
      value.shift_left(f.exponent + 1);
      scale = bigint(2);
      margin_low = bigint::pow2(f.exponent);
    } else {
      value.shift_left(1);
      scale = bigint::pow2(-f.exponent + 1);
      margin_low = bigint(1);
    }
  }
  auto margin_high = [&] {
    bigint m = margin_low;
    if (f.unequal_margins) m.shift_left(1);
    return m;
  };
  constexpr double log10_2 = 0.30102999566398119521373889472449;
  int digit_exponent = static_cast<int>(std::ceil(static_cast<double>(f.mantissa_bit + f.exponent) * log10_2 - 0.69));
  if (cutoff_max >= 0 && !total_length && digit_exponent <= -cutoff_max) digit_exponent = -cutoff_max + 1;
  if (digit_exponent > 0) {
    scale.multiply_pow10(digit_exponent);
  } else if (digit_exponent < 0) {
    value.multiply_pow10(-digit_exponent);
    margin_low.multiply_pow10(-digit_exponent);
  }
  if (compare(value, scale) >= 0) {
    digit_exponent += 1;
  } else {
    value.multiply(10);
    margin_low.multiply(10);
  }
  int cutoff_max_exponent = digit_exponent - buffer_size;
  if (cutoff_max >= 0)
    cutoff_max_exponent = std::max(cutoff_max_exponent, total_length ? digit_exponent - cutoff_max : -cutoff_max);
  int cutoff_min_exponent = digit_exponent;
  if (cutoff_min >= 0)
    cutoff_min_exponent = std::min(cutoff_min_exponent, total_length ? digit_exponent - cutoff_min : -cutoff_min);
  dragon4_digits out;
  out.exponent = digit_exponent - 1;
  auto next_digit = [&] {  // value < 10 * scale
    std::uint32_t d = 0;
    while (compare(value, scale) >= 0) {
      value.subtract(scale);
      ++d;
    }
    return d;
  };
  bool low = false, high = false;
  std::uint32_t digit = 0;
  if (unique) {
    for (;;) {
      digit_exponent -= 1;
      digit = next_digit();
      const bigint value_high = value + margin_high();
      int cmp = compare(value, margin_low);
      low = is_even ? cmp <= 0 : cmp < 0;
      cmp = compare(value_high, scale);
      high = is_even ? cmp >= 0 : cmp > 0;
      if (((low || high) && digit_exponent <= cutoff_min_exponent) || digit_exponent == cutoff_max_exponent) break;
      out.digits += static_cast<char>('0' + digit);
      value.multiply(10);
      margin_low.multiply(10);
    }
  } else {
    for (;;) {
      digit_exponent -= 1;
      digit = next_digit();
      if (value.is_zero() || digit_exponent == cutoff_max_exponent) break;
      out.digits += static_cast<char>('0' + digit);
      value.multiply(10);
    }
  }
  bool round_down = low;
  if (low == high) {  // round to the closest digit, ties to the even one
    value.multiply(2);
    const int cmp = compare(value, scale);
    round_down = cmp < 0 || (cmp == 0 && digit % 2 == 0);
  }
  if (round_down) {
    out.digits += static_cast<char>('0' + digit);
  } else if (digit < 9) {
    out.digits += static_cast<char>('0' + digit + 1);
  } else {  // carry: drop the trailing nines, increment the digit before them
    while (!out.digits.empty() && out.digits.back() == '9') out.digits.pop_back();
    if (out.digits.empty()) {
      out.digits = "1";
      out.exponent += 1;
    } else {
      out.digits.back() = static_cast<char>(out.digits.back() + 1);
    }
  }
  return out;
}

// How trailing zeros and the point are trimmed ('k', '.', '0', '-' in NumPy's Python API).
enum class trim_mode : std::uint8_t { none, zeros, leave_one_zero, dpt_zeros };

struct dragon4_options {
  bool unique = true;
  int precision = -1;   // -1: none
  int min_digits = -1;  // -1: none
  bool plus = false;    // '+' before non-negative values
  trim_mode trim = trim_mode::none;
  int pad_left = -1;    // characters before the point, spaces added on the left
  int pad_right = -1;   // positional: characters after the point, spaces added on the right
  int exp_digits = -1;  // scientific: exponent digits, at least 2
};

// A finite x in positional notation, the cutoffs counted from the point (NumPy's
// format_float_positional with fractional=True).
template <class T>
std::string format_positional(T x, const dragon4_options& o) {
  const bool negative = std::signbit(widen(x));
  const std::string sign = negative ? "-" : o.plus ? "+" : "";
  const dragon4_digits d = dragon4(decompose(x), o.unique, false, o.precision, o.min_digits);
  const int num_digits = static_cast<int>(d.digits.size());
  std::string s = sign;
  int whole = 0, fraction = 0;
  if (d.exponent >= 0) {
    whole = d.exponent + 1;
    if (num_digits <= whole) {
      s += d.digits;
      s.append(static_cast<std::size_t>(whole - num_digits), '0');
    } else {
      fraction = num_digits - whole;
      s.append(d.digits, 0, static_cast<std::size_t>(whole));
      s += '.';
      s.append(d.digits, static_cast<std::size_t>(whole), std::string::npos);
    }
  } else {
    const int zeros = -(d.exponent + 1);
    s += "0.";
    s.append(static_cast<std::size_t>(zeros), '0');
    s += d.digits;
    fraction = num_digits + zeros;
    whole = 1;
  }
  if (o.trim != trim_mode::dpt_zeros && fraction == 0) s += '.';
  const int add_digits = std::max(0, o.unique ? o.min_digits : o.precision);
  if (o.trim == trim_mode::leave_one_zero) {
    if (fraction == 0) {
      s += '0';
      ++fraction;
    }
  } else if (o.trim == trim_mode::none && add_digits > fraction) {
    s.append(static_cast<std::size_t>(add_digits - fraction), '0');
    fraction = add_digits;
  }
  if (o.trim != trim_mode::none && fraction > 0) {
    while (s.back() == '0') {
      s.pop_back();
      --fraction;
    }
    if (s.back() == '.') {
      if (o.trim == trim_mode::leave_one_zero) {
        s += '0';
        ++fraction;
      } else if (o.trim == trim_mode::dpt_zeros) {
        s.pop_back();
      }
    }
  }
  if (o.pad_right >= fraction) {
    if (o.trim == trim_mode::dpt_zeros && fraction == 0) s += ' ';
    s.append(static_cast<std::size_t>(o.pad_right - fraction), ' ');
  }
  const int left = whole + static_cast<int>(sign.size());
  if (o.pad_left > left) s.insert(0, static_cast<std::size_t>(o.pad_left - left), ' ');
  return s;
}

// A finite x in scientific notation (NumPy's format_float_scientific).
template <class T>
std::string format_scientific(T x, const dragon4_options& o) {
  const bool negative = std::signbit(widen(x));
  const std::string sign = negative ? "-" : o.plus ? "+" : "";
  std::string s;
  const int left = 1 + static_cast<int>(sign.size());
  if (o.pad_left > left) s.append(static_cast<std::size_t>(o.pad_left - left), ' ');
  s += sign;
  const dragon4_digits d = dragon4(decompose(x), o.unique, true, o.precision < 0 ? -1 : o.precision + 1,
                                   o.min_digits < 0 ? -1 : o.min_digits + 1);
  s += d.digits[0];
  int fraction = static_cast<int>(d.digits.size()) - 1;
  if (fraction > 0) {
    s += '.';
    s.append(d.digits, 1, std::string::npos);
  }
  if (o.trim != trim_mode::dpt_zeros && fraction == 0) s += '.';
  const int add_digits = std::max(0, o.unique ? o.min_digits : o.precision);
  if (o.trim == trim_mode::leave_one_zero) {
    if (fraction == 0) {
      s += '0';
      ++fraction;
    }
  } else if (o.trim == trim_mode::none && add_digits > fraction) {
    s.append(static_cast<std::size_t>(add_digits - fraction), '0');
    fraction = add_digits;
  }
  if (o.trim != trim_mode::none && fraction > 0) {
    while (s.back() == '0') s.pop_back();
    if (o.trim == trim_mode::leave_one_zero && s.back() == '.') s += '0';
  }
  const int exp_digits = o.exp_digits < 0 ? 2 : std::min(o.exp_digits, 5);
  std::string e = std::to_string(d.exponent < 0 ? -d.exponent : d.exponent);
  if (static_cast<int>(e.size()) < exp_digits) e.insert(0, static_cast<std::size_t>(exp_digits) - e.size(), '0');
  s += d.exponent < 0 ? "e-" : "e+";
  return s + e;
}

std::string pad_left_to(std::string s, std::ptrdiff_t width) {
  if (static_cast<std::ptrdiff_t>(s.size()) < width) s.insert(0, static_cast<std::size_t>(width) - s.size(), ' ');
  return s;
}

// ---- element formats ---------------------------------------------------------------------

// FloatingFormat: one format for every element shown, filled from them (fillFormat). T is
// float16, float or double.
template <class T>
class float_format {
 public:
  float_format(const std::vector<T>& data, const print_options& o) : m_opt(o) {
    using W = work_t<T>;
    m_args.plus = o.sign == '+';
    m_args.precision = o.floatmode == float_mode::unique ? -1 : o.precision;
    std::vector<T> finite;
    bool any_nonfinite = false, neg_inf = false, any_signbit = false;
    for (T v : data) {
      const W w = widen(v);
      if (std::isfinite(w)) {
        finite.push_back(v);
        any_signbit = any_signbit || std::signbit(w);
      } else {
        any_nonfinite = true;
        neg_inf = neg_inf || (std::isinf(w) && w < 0);
      }
    }
    bool have_nonzero = false;
    W max_val = 0, min_val = 0;
    for (T v : finite) {
      if (widen(v) == 0) continue;
      const W a = std::fabs(widen(v));
      max_val = have_nonzero ? std::max(max_val, a) : a;
      min_val = have_nonzero ? std::min(min_val, a) : a;
      have_nonzero = true;
    }
    if (have_nonzero) {
      // NumPy compares with the Python floats 1e8 and 1e-4 in double; max/min is T's division
      // (float16's: in float, rounded to float16, where it may overflow to inf)
      const W ratio = widen(static_cast<T>(max_val / min_val));
      m_exp_format = static_cast<double>(max_val) >= 1e8 ||
                     (!o.suppress && (static_cast<double>(min_val) < 1e-4 || ratio > static_cast<W>(1000)));
    }
    const bool fixed = o.floatmode == float_mode::fixed;
    if (finite.empty()) {
      m_args.trim = trim_mode::zeros;
    } else if (m_exp_format) {
      m_args.unique = !fixed;
      m_args.trim = fixed ? trim_mode::none : trim_mode::zeros;
      int int_len = 0, frac = 0, exp_len = 0;
      for (T v : finite) {
        const std::string s = format_scientific(v, m_args);
        const auto e = static_cast<int>(s.find('e'));
        const auto dot = static_cast<int>(s.find('.'));
        int_len = std::max(int_len, dot);
        frac = std::max(frac, e - dot - 1);
        exp_len = std::max(exp_len, static_cast<int>(s.size()) - e - 2);
      }
      m_exp_size = exp_len;
      m_args.trim = trim_mode::none;
      m_args.precision = m_args.min_digits = frac;
      m_pad_left = int_len;
      m_pad_right = m_exp_size + 2 + frac;
    } else {
      m_args.unique = !fixed;
      m_args.trim = fixed ? trim_mode::none : trim_mode::zeros;
      int int_len = 0, frac = 0;
      for (T v : finite) {
        const std::string s = format_positional(v, m_args);
        const auto dot = static_cast<int>(s.find('.'));
        int_len = std::max(int_len, dot);
        frac = std::max(frac, static_cast<int>(s.size()) - dot - 1);
      }
      m_pad_left = int_len;
      m_pad_right = frac;
      if (fixed || o.floatmode == float_mode::maxprec_equal) {
        m_args.precision = m_args.min_digits = frac;
        m_args.trim = trim_mode::none;
      } else {
        m_args.trim = trim_mode::zeros;
        m_args.min_digits = 0;
      }
    }
    if (o.sign == ' ' && !any_signbit) ++m_pad_left;
    if (any_nonfinite) {  // room for nanstr and [-+]infstr
      const bool inf_sign = o.sign != '-' || neg_inf;
      const int offset = m_pad_right + 1;
      const int nan_len = static_cast<int>(o.nanstr.size());
      const int inf_len = static_cast<int>(o.infstr.size()) + (inf_sign ? 1 : 0);
      m_pad_left = std::max({m_pad_left, nan_len - offset, inf_len - offset});
    }
    m_args.pad_left = m_pad_left;
    if (m_exp_format) m_args.exp_digits = m_exp_size;
    else m_args.pad_right = m_pad_right;
  }

  std::string operator()(T x) const {
    const auto w = widen(x);
    if (!std::isfinite(w)) {
      const std::string s = std::isnan(w) ? (m_args.plus ? "+" : "") + m_opt.nanstr
                                          : (w < 0         ? "-"
                                             : m_args.plus ? "+"
                                                           : "") +
                                                m_opt.infstr;
      return pad_left_to(s, m_pad_left + m_pad_right + 1);
    }
    return m_exp_format ? format_scientific(x, m_args) : format_positional(x, m_args);
  }

 private:
  print_options m_opt;  // a copy: a complex format makes its imaginary part's options
  dragon4_options m_args;
  bool m_exp_format = false;
  int m_pad_left = 0, m_pad_right = 0, m_exp_size = -1;
};

// ComplexFloatingFormat: the real parts in one float format, the imaginary parts in another,
// always signed ('+'), each filled from its own parts; a 'j' goes after the imaginary digits,
// before the spaces that pad them on the right ("[ 1. +2.j -3.5+0.j]").
template <class R>
class complex_format {
 public:
  complex_format(const std::vector<complex<R>>& data, const print_options& o)
      : m_real(parts(data, &complex<R>::re), o), m_imag(parts(data, &complex<R>::im), signed_options(o)) {}

  std::string operator()(complex<R> z) const {
    std::string i = m_imag(z.im);
    std::size_t end = i.size();
    while (end > 0 && (i[end - 1] == ' ' || (i[end - 1] >= '\t' && i[end - 1] <= '\r'))) --end;  // str.rstrip()
    i.insert(end, 1, 'j');
    return m_real(z.re) + i;
  }

 private:
  static std::vector<R> parts(const std::vector<complex<R>>& data, R complex<R>::*part) {
    std::vector<R> out;
    out.reserve(data.size());
    for (const complex<R>& z : data) out.push_back(z.*part);
    return out;
  }
  static print_options signed_options(print_options o) {
    o.sign = '+';
    return o;
  }

  float_format<R> m_real, m_imag;
};

// The decimal digits of an integer of any of xp's widths (uint64 beyond int64's range too).
template <class T>
std::string int_text(T v) {
  if constexpr (std::is_signed_v<T>) return std::to_string(static_cast<long long>(v));
  else return std::to_string(static_cast<unsigned long long>(v));
}

// IntegerFormat: right-aligned to the widest of the elements shown; the sign option does not
// apply to integers.
template <class T>
struct int_format {
  std::size_t width = 0;
  int_format(const std::vector<T>& data, const print_options&) {
    for (T v : data) width = std::max(width, int_text(v).size());
  }
  std::string operator()(T x) const { return pad_left_to(int_text(x), static_cast<std::ptrdiff_t>(width)); }
};

// BoolFormat: " True" lines up with "False", except for a 0-d array.
struct bool_format {
  const char* true_str;
  bool_format(const std::vector<bool>&, const print_options&, bool zero_d = false)
      : true_str(zero_d ? "True" : " True") {}
  std::string operator()(bool x) const { return x ? true_str : "False"; }
};

// A real float scalar's digits as NumPy's scalar str() writes them (@name@type_str_either):
// Dragon4's shortest digits, positional from 1e-4 to 1e16 (trimmed as `trim_positional` says),
// else scientific (`trim_scientific`); `plus` signs non-negative values. NaN and inf as Dragon4
// prints them (a sign on inf only).
template <class T>
std::string scalar_digits(T x, trim_mode trim_positional, trim_mode trim_scientific, bool plus) {
  const auto w = widen(x);
  if (std::isnan(w)) return "nan";
  if (std::isinf(w)) return w < 0 ? "-inf" : plus ? "+inf" : "inf";
  // NumPy compares |x| in T (long double for float and double): in double the answer is the same
  const double a = std::fabs(static_cast<double>(w));
  dragon4_options o;
  o.plus = plus;
  if (a == 0 || (a >= 1e-4 && a < 1e16)) {
    o.trim = trim_positional;
    return format_positional(x, o);
  }
  o.trim = trim_scientific;
  return format_scientific(x, o);
}

// str() of a NumPy scalar (what str() of a 0-d array gives): Dragon4's shortest digits,
// positional from 1e-4 to 1e16 ("3.0"), else scientific ("1e+16", "1.5e-05"); the print
// options do not apply. A complex scalar is `(re+imj)` with both parts' trailing ".0"
// dropped ("(1.5-2j)", "(nan+infj)"), or `imj` alone when the real part is +0 ("2j").
template <class T>
std::string scalar_text(T x) {
  if constexpr (std::is_same_v<T, bool>) {
    return x ? "True" : "False";
  } else if constexpr (std::is_integral_v<T>) {
    return int_text(x);
  } else if constexpr (is_complex_v<T>) {
    constexpr trim_mode trim = trim_mode::dpt_zeros;
    if (x.re == 0 && !std::signbit(x.re)) return scalar_digits(x.im, trim, trim, false) + "j";
    std::string real_text;
    if (std::isfinite(x.re)) real_text = scalar_digits(x.re, trim, trim, false);
    else real_text = std::isnan(x.re) ? "nan" : x.re > 0 ? "inf" : "-inf";
    std::string imag_text;
    if (std::isfinite(x.im)) imag_text = scalar_digits(x.im, trim, trim, true);
    else imag_text = std::isnan(x.im) ? "+nan" : x.im > 0 ? "+inf" : "-inf";
    return "(" + real_text + imag_text + "j)";
  } else {
    return scalar_digits(x, trim_mode::leave_one_zero, trim_mode::dpt_zeros, false);
  }
}

// ---- the layout of _formatArray ---------------------------------------------------------

template <class T, class F>
struct layout {
  const index_t* shape;
  const index_t* strides;
  std::size_t ndim;
  bool summary;
  index_t edgeitems;
  const std::string& separator;  // " " for str, ", " for repr
  const F& format;

  bool summarised(index_t n) const { return summary && edgeitems < n && n - edgeitems > edgeitems; }

  // _extendLine: wrap before `word` when the line would grow past `width`
  static void extend(std::string& s, std::string& line, const std::string& word, std::ptrdiff_t width,
                     const std::string& indent) {
    const auto len = static_cast<std::ptrdiff_t>(line.size() + word.size());
    if (len > width && line.size() > indent.size()) {
      std::size_t end = line.size();
      while (end > 0 && line[end - 1] == ' ') --end;
      s.append(line, 0, end);
      s += '\n';
      line = indent;
    }
    line += word;
  }

  std::string rec(std::size_t axis, const T* p, const std::string& indent, std::ptrdiff_t width) const {
    const std::string next_indent = indent + ' ';
    const std::ptrdiff_t next_width = width - 1;  // len(']')
    const index_t n = shape[axis];
    const bool show_summary = summarised(n);
    const index_t leading = show_summary ? edgeitems : 0;
    const index_t trailing = show_summary ? edgeitems : n;
    std::string s;
    auto item = [&](index_t i) { return p + i * strides[axis]; };
    if (axis + 1 == ndim) {
      const std::ptrdiff_t elem_width = width - 1;  // max(len(separator.rstrip()), len(']'))
      std::string line = indent;
      for (index_t i = 0; i < leading; ++i) {
        extend(s, line, format(*item(i)), elem_width, indent);
        line += separator;
      }
      if (show_summary) {
        extend(s, line, "...", elem_width, indent);
        line += separator;
      }
      for (index_t i = trailing; i > 1; --i) {
        extend(s, line, format(*item(n - i)), elem_width, indent);
        line += separator;
      }
      extend(s, line, format(*item(n - 1)), elem_width, indent);
      s += line;
    } else {
      std::string line_sep = separator;
      while (!line_sep.empty() && line_sep.back() == ' ') line_sep.pop_back();
      line_sep.append(ndim - axis - 1, '\n');
      auto row = [&](index_t i) {
        s += indent;
        s += rec(axis + 1, item(i), next_indent, next_width);
      };
      for (index_t i = 0; i < leading; ++i) {
        row(i);
        s += line_sep;
      }
      if (show_summary) {
        s += indent;
        s += "...";
        s += line_sep;
      }
      for (index_t i = trailing; i > 1; --i) {
        row(n - i);
        s += line_sep;
      }
      row(n - 1);
    }
    std::string r;
    r.reserve(s.size() + 2);
    r += '[';
    r.append(s, indent.size(), std::string::npos);
    r += ']';
    return r;
  }
};

// The elements that will be shown (NumPy's _leading_trailing), in C order. With edgeitems 0,
// NumPy's a[-0:] is the whole axis: every element then sets the format.
template <class T, class V>
void gather(const T* p, const index_t* shape, const index_t* strides, std::size_t ndim, std::size_t axis, bool summary,
            index_t edgeitems, std::vector<V>& out) {
  if (axis == ndim) {
    out.push_back(static_cast<V>(*p));
    return;
  }
  const index_t n = shape[axis];
  auto visit = [&](index_t i) {
    gather(p + i * strides[axis], shape, strides, ndim, axis + 1, summary, edgeitems, out);
  };
  if (summary && edgeitems > 0 && edgeitems < n && n - edgeitems > edgeitems) {
    for (index_t i = 0; i < edgeitems; ++i) visit(i);
    for (index_t i = n - edgeitems; i < n; ++i) visit(i);
  } else {
    for (index_t i = 0; i < n; ++i) visit(i);
  }
}

// dtype_is_implied: repr leaves out NumPy's default dtypes (np.int_ is int64 on Linux; float_,
// complex_, bool_)
template <class T>
constexpr bool dtype_is_implied() {
  return std::is_same_v<T, bool> || std::is_same_v<T, std::int64_t> || std::is_same_v<T, double> ||
         std::is_same_v<T, complex128>;
}

// array2string(a, separator, prefix, suffix) of a non-empty array
template <class T>
std::string array2string(const T* data, const index_t* shape, const index_t* strides, std::size_t ndim, index_t size,
                         const print_options& o, const std::string& separator, std::size_t prefix_len,
                         std::size_t suffix_len) {
  const bool summary = size > o.threshold;
  using V = std::conditional_t<std::is_same_v<T, bool>, bool, T>;
  std::vector<V> shown;
  gather(data, shape, strides, ndim, 0, summary, o.edgeitems, shown);
  auto run = [&](const auto& format) {
    if (ndim == 0) return format(*data);
    const layout<T, std::decay_t<decltype(format)>> l{shape, strides, ndim, summary, o.edgeitems, separator, format};
    return l.rec(0, data, std::string(1 + prefix_len, ' '),
                 static_cast<std::ptrdiff_t>(o.linewidth) - static_cast<std::ptrdiff_t>(suffix_len));
  };
  if constexpr (std::is_same_v<T, bool>) return run(bool_format(shown, o, ndim == 0));
  else if constexpr (std::is_integral_v<T>) return run(int_format<T>(shown, o));
  else if constexpr (is_complex_v<T>) return run(complex_format<real_of_t<T>>(shown, o));
  else return run(float_format<T>(shown, o));
}

template <class T>
std::string format_typed(const T* data, const index_t* shape, const index_t* strides, std::size_t ndim,
                         print_style style, const print_options& o) {
  index_t size = 1;
  for (std::size_t d = 0; d < ndim; ++d) size *= shape[d];
  if (style == print_style::str) {
    if (ndim == 0) return scalar_text(*data);
    if (size == 0) return "[]";
    return array2string(data, shape, strides, ndim, size, o, " ", 0, 0);
  }
  // _array_repr_implementation
  const bool skip_dtype = dtype_is_implied<T>() && size > 0;
  const std::string prefix = "array(";
  const std::string suffix = skip_dtype ? ")" : ",";
  std::string out = prefix;
  if (size > 0) {
    out += array2string(data, shape, strides, ndim, size, o, ", ", prefix.size(), suffix.size());
  } else if (ndim == 1) {
    out += "[]";
  } else {  // show the shape unless it is (0,)
    out += "[], shape=(";
    for (std::size_t d = 0; d < ndim; ++d) out += (d ? ", " : "") + std::to_string(shape[d]);
    out += ")";
  }
  out += suffix;
  if (skip_dtype) return out;
  const std::string dtype_str = "dtype=" + std::string(xp::dtype_name<T>()) + ")";
  const auto last_line = static_cast<std::ptrdiff_t>(out.size() - (out.rfind('\n') + 1));
  const bool own_line = last_line + static_cast<std::ptrdiff_t>(dtype_str.size()) + 1 > o.linewidth;
  out += own_line ? "\n" + std::string(prefix.size(), ' ') : " ";
  return out + dtype_str;
}

}  // namespace

std::string format_array(const void* data, print_dtype dtype, const index_t* shape, const index_t* strides,
                         std::size_t ndim, print_style style, const print_options_update* overrides) {
  const print_options o = overrides ? updated(get_printoptions(), *overrides) : get_printoptions();
  switch (dtype) {
#define XP_PRINT_CASE(T, c, n, k, npy) \
  case print_dtype::c:                 \
    return format_typed(static_cast<const T*>(data), shape, strides, ndim, style, o);
    XP_DTYPES(XP_PRINT_CASE)
#undef XP_PRINT_CASE
  }
  return {};
}

std::string format_scalar(const void* value, print_dtype dtype) {
  switch (dtype) {
#define XP_SCALAR_CASE(T, c, n, k, npy) \
  case print_dtype::c:                  \
    return scalar_text(*static_cast<const T*>(value));
    XP_DTYPES(XP_SCALAR_CASE)
#undef XP_SCALAR_CASE
  }
  return {};
}

std::ostream& write_array(std::ostream& os, const void* data, print_dtype dtype, const index_t* shape,
                          const index_t* strides, std::size_t ndim) {
  return os << format_array(data, dtype, shape, strides, ndim, print_style::str, nullptr);
}

}  // namespace detail
}  // namespace xp
