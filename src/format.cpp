// NumPy's str() of an array, compiled once (declared in xp/core/print.hpp): the element
// formats of numpy/core/arrayprint.py (FloatingFormat in 'maxprec' mode with precision 8,
// IntegerFormat, BoolFormat), its summarisation (threshold 1000, edgeitems 3) and its line
// layout (_formatArray: width 75, hanging indent, blank lines between blocks).
#include "xp/core/print.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <ostream>
#include <string>
#include <vector>

namespace xp::detail {
namespace {

constexpr index_t threshold = 1000;  // np.get_printoptions()['threshold']
constexpr index_t edgeitems = 3;
constexpr std::size_t linewidth = 75;
constexpr int precision = 8;

// ---- shortest round-trip digits, cut to `precision` like Dragon4 in unique mode -------------

template <class T>
std::string chars(T x, std::chars_format fmt) {
  char buf[512];
  const auto r = std::to_chars(buf, buf + sizeof buf, x, fmt);
  return std::string(buf, r.ptr);
}
template <class T>
std::string chars(T x, std::chars_format fmt, int prec) {
  char buf[512];
  const auto r = std::to_chars(buf, buf + sizeof buf, x, fmt, prec);
  return std::string(buf, r.ptr);
}

// Drops trailing zeros of the fraction, keeping the point ("1.500" -> "1.5", "2.000" -> "2.").
void trim_zeros(std::string& digits) {
  const auto dot = digits.find('.');
  if (dot == std::string::npos) return;
  std::size_t end = digits.size();
  while (end > dot + 1 && digits[end - 1] == '0') --end;
  digits.resize(end);
}

// Positional: the shortest digits that round-trip, or the value rounded to 8 fractional
// digits when those are more; always with a point ("1.", "0.5").
template <class T>
std::string positional(T x) {
  std::string s = chars(x, std::chars_format::fixed);
  const auto dot = s.find('.');
  if (dot == std::string::npos) return s + ".";
  if (s.size() - dot - 1 <= static_cast<std::size_t>(precision)) return s;
  s = chars(x, std::chars_format::fixed, precision);
  trim_zeros(s);
  return s;
}

struct sci_parts {
  std::string mantissa;  // "-1.5" or "1."
  std::string exponent;  // "-05", "+300"
};

template <class T>
sci_parts scientific(T x) {
  std::string s = chars(x, std::chars_format::scientific);
  auto e = s.find('e');
  std::string m = s.substr(0, e);
  const auto dot = m.find('.');
  if (dot != std::string::npos && m.size() - dot - 1 > static_cast<std::size_t>(precision)) {
    s = chars(x, std::chars_format::scientific, precision);
    e = s.find('e');
    m = s.substr(0, e);
    trim_zeros(m);
  } else if (dot == std::string::npos) {
    m += '.';
  }
  return {m, s.substr(e + 1)};
}

// ---- element formats -----------------------------------------------------------------------

std::string pad_left(std::string s, std::size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

template <class T>
struct float_format {
  bool exp_format = false;
  std::size_t pad_left = 0, pad_right = 0;  // digits before and after the point
  std::size_t exp_size = 0;                 // exponent digits
  std::size_t frac = 0;                     // scientific: mantissa fraction digits, zero-padded

  explicit float_format(const std::vector<T>& data) {
    std::vector<T> finite;
    bool any_nonfinite = false, neg_inf = false;
    for (T v : data) {
      if (std::isfinite(v)) finite.push_back(v);
      else {
        any_nonfinite = true;
        if (std::isinf(v) && v < 0) neg_inf = true;
      }
    }
    bool have_nonzero = false;
    double max_val = 0, min_val = 0;
    for (T v : finite) {
      if (v == 0) continue;
      const double a = std::fabs(static_cast<double>(v));
      if (!have_nonzero) max_val = min_val = a;
      max_val = std::max(max_val, a);
      min_val = std::min(min_val, a);
      have_nonzero = true;
    }
    if (have_nonzero) {
      // NumPy computes the ratio in the array's dtype
      const T ratio = static_cast<T>(static_cast<T>(max_val) / static_cast<T>(min_val));
      exp_format = max_val >= 1e8 || min_val < 1e-4 || ratio > static_cast<T>(1000.);
    }
    if (finite.empty()) {
      exp_format = exp_format && false;
    } else if (exp_format) {
      for (T v : finite) {
        const sci_parts p = scientific(v);
        const auto dot = p.mantissa.find('.');
        pad_left = std::max(pad_left, dot);
        frac = std::max(frac, p.mantissa.size() - dot - 1);
        exp_size = std::max(exp_size, p.exponent.size() - 1);
      }
      pad_right = exp_size + 2 + frac;
    } else {
      for (T v : finite) {
        const std::string s = positional(v);
        const auto dot = s.find('.');
        pad_left = std::max(pad_left, dot);
        pad_right = std::max(pad_right, s.size() - dot - 1);
      }
    }
    if (any_nonfinite) {  // room for "nan", "inf", "-inf"
      const std::size_t offset = pad_right + 1;
      const std::size_t inflen = 3 + (neg_inf ? 1 : 0);
      if (3 > offset) pad_left = std::max(pad_left, 3 - offset);
      if (inflen > offset) pad_left = std::max(pad_left, inflen - offset);
    }
  }

  std::string operator()(T x) const {
    if (!std::isfinite(x)) {
      const std::string s = std::isnan(x) ? "nan" : x < 0 ? "-inf" : "inf";
      return ::xp::detail::pad_left(s, pad_left + pad_right + 1);
    }
    if (exp_format) {
      sci_parts p = scientific(x);
      const auto dot = p.mantissa.find('.');
      std::string m = ::xp::detail::pad_left(p.mantissa, pad_left + p.mantissa.size() - dot);
      m.append(frac - (p.mantissa.size() - dot - 1), '0');
      std::string e = p.exponent.substr(1);
      if (e.size() < exp_size) e = std::string(exp_size - e.size(), '0') + e;
      return m + "e" + p.exponent[0] + e;
    }
    const std::string s = positional(x);
    const auto dot = s.find('.');
    std::string out = ::xp::detail::pad_left(s, pad_left + s.size() - dot);
    out.append(pad_right - (s.size() - dot - 1), ' ');
    return out;
  }
};

template <class T>
struct int_format {
  std::size_t width = 0;
  explicit int_format(const std::vector<T>& data) {
    for (T v : data) width = std::max(width, std::to_string(static_cast<long long>(v)).size());
  }
  std::string operator()(T x) const { return pad_left(std::to_string(static_cast<long long>(x)), width); }
};

struct bool_format {
  explicit bool_format(const std::vector<bool>&) {}
  std::string operator()(bool x) const { return x ? " True" : "False"; }
};

// str() of a NumPy scalar: Python's float repr rules (positional from 1e-4 to 1e16).
template <class T>
std::string scalar_str(T x) {
  if constexpr (std::is_same_v<T, bool>) {
    return x ? "True" : "False";
  } else if constexpr (std::is_integral_v<T>) {
    return std::to_string(static_cast<long long>(x));
  } else {
    if (std::isnan(x)) return "nan";
    if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
    const double a = std::fabs(static_cast<double>(x));
    if (a == 0 || (a >= 1e-4 && a < 1e16)) {
      std::string s = chars(x, std::chars_format::fixed);
      if (s.find('.') == std::string::npos) s += ".0";
      return s;
    }
    return chars(x, std::chars_format::scientific);
  }
}

// ---- the layout of _formatArray --------------------------------------------------------------

template <class T, class F>
struct layout {
  const T* data;
  const index_t* shape;
  const index_t* strides;
  std::size_t ndim;
  bool summary;
  const F& format;
  std::string out;

  bool summarised(std::size_t axis) const { return summary && 2 * edgeitems < shape[axis]; }

  // _extendLine: wrap before `word` when the line would grow past `width`
  static void extend(std::string& s, std::string& line, const std::string& word, std::size_t width,
                     const std::string& indent) {
    if (line.size() + word.size() > width && line.size() > indent.size()) {
      std::size_t end = line.size();
      while (end > 0 && line[end - 1] == ' ') --end;
      s.append(line, 0, end);
      s += '\n';
      line = indent;
    }
    line += word;
  }

  std::string rec(std::size_t axis, const T* p, const std::string& indent, std::size_t width) {
    const std::string next_indent = indent + ' ';
    const std::size_t next_width = width - 1;
    const index_t n = shape[axis];
    const bool show_summary = summarised(axis);
    const index_t leading = show_summary ? edgeitems : 0;
    const index_t trailing = show_summary ? edgeitems : n;
    std::string s;
    auto item = [&](index_t i) { return p + i * strides[axis]; };
    if (axis + 1 == ndim) {
      const std::size_t elem_width = width - 1;
      std::string line = indent;
      for (index_t i = 0; i < leading; ++i) {
        extend(s, line, format(*item(i)), elem_width, indent);
        line += ' ';
      }
      if (show_summary) {
        extend(s, line, "...", elem_width, indent);
        line += ' ';
      }
      for (index_t i = trailing; i > 1; --i) {
        extend(s, line, format(*item(n - i)), elem_width, indent);
        line += ' ';
      }
      extend(s, line, format(*item(n - 1)), elem_width, indent);
      s += line;
    } else {
      const std::string line_sep(ndim - axis - 1, '\n');
      auto row = [&](index_t i, bool last) {
        s += indent;
        s += rec(axis + 1, item(i), next_indent, next_width);
        if (!last) s += line_sep;
      };
      for (index_t i = 0; i < leading; ++i) row(i, false);
      if (show_summary) {
        s += indent;
        s += "...";
        s += line_sep;
      }
      for (index_t i = trailing; i > 1; --i) row(n - i, false);
      row(n - 1, true);
    }
    std::string r;
    r.reserve(s.size() + 2);
    r += '[';
    r.append(s, indent.size(), std::string::npos);
    r += ']';
    return r;
  }
};

// The elements that will be shown (NumPy's _leading_trailing), in C order.
template <class T, class V>
void gather(const T* p, const index_t* shape, const index_t* strides, std::size_t ndim, std::size_t axis, bool summary,
            std::vector<V>& out) {
  if (axis == ndim) {
    out.push_back(static_cast<V>(*p));
    return;
  }
  const index_t n = shape[axis];
  auto visit = [&](index_t i) { gather(p + i * strides[axis], shape, strides, ndim, axis + 1, summary, out); };
  if (summary && n > 2 * edgeitems) {
    for (index_t i = 0; i < edgeitems; ++i) visit(i);
    for (index_t i = n - edgeitems; i < n; ++i) visit(i);
  } else {
    for (index_t i = 0; i < n; ++i) visit(i);
  }
}

template <class T>
std::string format_typed(const T* data, const index_t* shape, const index_t* strides, std::size_t ndim) {
  if (ndim == 0) return scalar_str(*data);
  index_t size = 1;
  for (std::size_t d = 0; d < ndim; ++d) size *= shape[d];
  if (size == 0) return "[]";
  const bool summary = size > threshold;
  using V = std::conditional_t<std::is_same_v<T, bool>, bool, T>;
  std::vector<V> shown;
  gather(data, shape, strides, ndim, 0, summary, shown);
  auto run = [&](const auto& format) {
    layout<T, std::decay_t<decltype(format)>> l{data, shape, strides, ndim, summary, format, {}};
    return l.rec(0, data, " ", linewidth);
  };
  if constexpr (std::is_same_v<T, bool>) return run(bool_format(shown));
  else if constexpr (std::is_integral_v<T>) return run(int_format<T>(shown));
  else return run(float_format<T>(shown));
}

}  // namespace

std::string format_array(const void* data, print_dtype dtype, const index_t* shape, const index_t* strides,
                         std::size_t ndim) {
  switch (dtype) {
    case print_dtype::bool_:
      return format_typed(static_cast<const bool*>(data), shape, strides, ndim);
    case print_dtype::uint8:
      return format_typed(static_cast<const std::uint8_t*>(data), shape, strides, ndim);
    case print_dtype::int32:
      return format_typed(static_cast<const std::int32_t*>(data), shape, strides, ndim);
    case print_dtype::int64:
      return format_typed(static_cast<const std::int64_t*>(data), shape, strides, ndim);
    case print_dtype::float32:
      return format_typed(static_cast<const float*>(data), shape, strides, ndim);
    case print_dtype::float64:
      return format_typed(static_cast<const double*>(data), shape, strides, ndim);
  }
  return {};
}

std::ostream& write_array(std::ostream& os, const void* data, print_dtype dtype, const index_t* shape,
                          const index_t* strides, std::size_t ndim) {
  return os << format_array(data, dtype, shape, strides, ndim);
}

}  // namespace xp::detail
