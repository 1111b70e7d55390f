// The compiled part of xp's text I/O (include/xp/io/text_io.hpp): np.loadtxt's tokenizer
// and number parsing, and np.savetxt's Python %-formatting.
//
// NumPy 1.24 is the reference for every rule here; where it differs from what C offers
// (Python pads NaN with zeros under %010f, prints '0o' for %#o, formats any integer exactly
// under %d), the Python rule is the one implemented. Nothing here trusts the input: fields are
// string_views into the line buffer, every number goes through std::from_chars or a checked
// integer parser, and out-of-range values never reach a C++ conversion.

#include "xp/io/text_io.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string_view>
#include <system_error>
#include <vector>

#include "file_io.hpp"
#include "xp/backends/host/backend.hpp"  // allocates the result
#include "xp/core/convert.hpp"
#include "xp/core/print.hpp"  // format_scalar: NumPy's str() of a float16

namespace xp::detail {

namespace {

// ---- shared ------------------------------------------------------------------------------------

// Python's str.isspace() over ASCII, which NumPy's tokenizer and number parsers use
// (\r and \n end lines before this is asked).
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n' || (c >= '\x1c' && c <= '\x1f');
}

std::string_view strip(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

bool ends_with(const std::string& s, std::string_view tail) {
  return s.size() >= tail.size() && std::string_view(s).substr(s.size() - tail.size()) == tail;
}

// NumPy opens these by their extension through gzip, bz2 and lzma; xp has no decompressor.
const char* compressed_suffix(const std::string& path) {
  for (const char* suffix : {".gz", ".bz2", ".xz", ".lzma"})
    if (ends_with(path, suffix)) return suffix;
  return nullptr;
}

template <class T>
const char* name_of() {
  return npy_dtype_name(npy_dtype_of<T>());
}

// ---- parsing numbers ---------------------------------------------------------------------------

// What from_chars calls out of range is an overflow (to +-inf) or an underflow (to +-0),
// told apart by the decimal exponent of the first significant digit. `s` has the syntax of a
// float already (from_chars accepted all of it).
bool overflows(std::string_view s) {
  std::size_t i = 0;
  long long leading = 0;  // position of the first nonzero digit relative to the decimal point
  bool seen_point = false, seen_digit = false;
  long long before_point = 0, zeros_after_point = 0;
  for (; i < s.size() && s[i] != 'e' && s[i] != 'E'; ++i) {
    if (s[i] == '.') {
      seen_point = true;
    } else if (!seen_digit && s[i] == '0') {
      if (seen_point) ++zeros_after_point;
    } else {
      if (!seen_digit && seen_point) leading = -zeros_after_point - 1;
      seen_digit = true;
      if (!seen_point) ++before_point;
    }
  }
  if (seen_digit && before_point > 0) leading = before_point - 1;
  long long exponent = 0;
  if (i < s.size()) {
    ++i;
    bool negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
    for (; i < s.size(); ++i) exponent = std::min<long long>(exponent * 10 + (s[i] - '0'), 1'000'000'000);
    if (negative) exponent = -exponent;
  }
  return leading + exponent > 0;
}

// Python's float(text) on a stripped field: an optional sign, then decimal digits with an
// optional point and exponent, or inf, infinity, nan in any case. No hex, no underscores,
// no nan(...).
bool parse_double(std::string_view s, double& out) {
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty() || s[0] == '+' || s[0] == '-' || s.find('(') != std::string_view::npos) return false;
  double value = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value, std::chars_format::general);
  if (end != s.data() + s.size()) return false;
  if (ec == std::errc::result_out_of_range) value = overflows(s) ? std::numeric_limits<double>::infinity() : 0.0;
  else if (ec != std::errc()) return false;
  out = negative ? -value : value;
  return true;
}

// The length of the longest prefix of `s` that is a float as Python's PyOS_string_to_double
// reads one (an optional sign, then digits with an optional point and exponent, or inf,
// infinity, nan in any case); 0 when there is none.
std::size_t float_prefix(std::string_view s) {
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  auto word_at = [&](std::string_view word) {
    if (s.size() - i < word.size()) return false;
    for (std::size_t k = 0; k < word.size(); ++k)
      if ((s[i + k] | 0x20) != word[k]) return false;
    return true;
  };
  if (word_at("infinity")) return i + 8;
  if (word_at("inf") || word_at("nan")) return i + 3;
  auto digits = [&] {
    const std::size_t start = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i - start;
  };
  std::size_t mantissa = digits();
  if (i < s.size() && s[i] == '.') {
    ++i;
    mantissa += digits();
  }
  if (mantissa == 0) return 0;
  const std::size_t before_exponent = i;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (digits() == 0) i = before_exponent;  // "1e" or "1e+": the number ends before the e
  }
  return i;
}

// NumPy 1.24's complex fields (textreading's to_complex_int): "1.5", "2j", "1+2j", "1-2j",
// "1+-2j", each optionally in parentheses, whitespace allowed around the number and inside the
// parentheses; each part as Python's float() reads it.
bool parse_complex(std::string_view s, double& re, double& im) {
  std::size_t i = 0;
  auto skip_space = [&] {
    while (i < s.size() && is_space(s[i])) ++i;
  };
  // a float at i, as long as possible; false when there is none
  auto number = [&](double& out) {
    const std::size_t n = float_prefix(s.substr(i));
    if (n == 0 || !parse_double(s.substr(i, n), out)) return false;
    i += n;
    return true;
  };
  skip_space();
  const bool paren = i < s.size() && s[i] == '(';
  if (paren) {
    ++i;
    skip_space();
  }
  if (!number(re)) return false;
  if (i == s.size()) {  // a real number alone
    im = 0;
    return !paren;
  }
  if (s[i] == 'j') {  // an imaginary number alone
    im = re;
    re = 0;
    ++i;
  } else if (s[i] == '+' || s[i] == '-') {
    if (s[i] == '+') ++i;  // "1+-2j" is 1-2j
    if (!number(im) || i == s.size() || s[i] != 'j') return false;
    ++i;
  } else {
    im = 0;
  }
  if (paren) {
    skip_space();
    if (i == s.size() || s[i] != ')') return false;
    ++i;
  }
  skip_space();
  return i == s.size();
}

// NumPy's unsigned fields: decimal digits, optionally after '+', that fit in uint64 (no minus
// sign, not even on "-0").
bool parse_uint64(std::string_view s, std::uint64_t& out) {
  if (!s.empty() && s[0] == '+') s.remove_prefix(1);
  if (s.empty()) return false;
  std::uint64_t value = 0;
  for (const char c : s) {
    if (c < '0' || c > '9') return false;
    if (__builtin_mul_overflow(value, 10u, &value) ||
        __builtin_add_overflow(value, static_cast<unsigned>(c - '0'), &value))
      return false;
  }
  out = value;
  return true;
}

// NumPy's integer fields: an optional sign and decimal digits that fit in int64.
bool parse_int64(std::string_view s, std::int64_t& out) {
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return false;
  std::uint64_t magnitude = 0;
  for (const char c : s) {
    if (c < '0' || c > '9') return false;
    if (__builtin_mul_overflow(magnitude, 10u, &magnitude) ||
        __builtin_add_overflow(magnitude, static_cast<unsigned>(c - '0'), &magnitude))
      return false;
  }
  constexpr std::uint64_t max_positive = std::numeric_limits<std::int64_t>::max();
  if (magnitude > max_positive + (negative ? 1 : 0)) return false;
  // -(2^63) has no positive int64: negate in unsigned arithmetic.
  out = negative ? static_cast<std::int64_t>(0 - magnitude) : static_cast<std::int64_t>(magnitude);
  return true;
}

// One field as T; false when it does not parse or does not fit.
template <class T>
bool parse_value(std::string_view field, T& out) {
  if constexpr (is_complex_v<T>) {  // the field as it is: parse_complex skips the whitespace
    double re, im;
    if (!parse_complex(field, re, im)) return false;
    out = T(convert<real_of_t<T>>(re), convert<real_of_t<T>>(im));  // each part rounds from double
    return true;
  } else if constexpr (is_real_floating_v<T>) {
    double v;
    if (!parse_double(strip(field), v)) return false;
    out = convert<T>(v);  // float32 and float16 round once from the double, as NumPy does
    return true;
  } else if constexpr (is_unsigned_integer_v<T>) {
    std::uint64_t v;
    if (!parse_uint64(strip(field), v) || v > std::numeric_limits<T>::max()) return false;
    out = static_cast<T>(v);
    return true;
  } else {
    std::int64_t v;
    if (!parse_int64(strip(field), v)) return false;
    if constexpr (std::is_same_v<T, bool>) {
      out = v != 0;
    } else {
      if (v < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
          v > static_cast<std::int64_t>(std::numeric_limits<T>::max()))
        return false;
      out = static_cast<T>(v);
    }
    return true;
  }
}

// ---- reading lines -----------------------------------------------------------------------------

// The lines of a file, read in blocks: \n, \r\n and \r end a line (Python's universal
// newlines). A line is valid until the next call.
class line_reader {
 public:
  explicit line_reader(input_file& file) : m_file(file) {}

  bool next(std::string_view& line) {
    while (true) {
      std::size_t end = m_scanned;
      while (end < m_buffer.size() && m_buffer[end] != '\n' && m_buffer[end] != '\r') ++end;
      if (end < m_buffer.size()) {
        // A \r that ends the block may be the first half of \r\n: read on first.
        if (m_buffer[end] == '\r' && end + 1 == m_buffer.size() && !m_eof) {
          m_scanned = end;
          fill();
          continue;
        }
        line = std::string_view(m_buffer).substr(m_start, end - m_start);
        m_start = end + 1;
        if (m_buffer[end] == '\r' && m_start < m_buffer.size() && m_buffer[m_start] == '\n') ++m_start;
        m_scanned = m_start;
        return true;
      }
      m_scanned = end;
      if (m_eof) {
        if (m_start == m_buffer.size()) return false;
        line = std::string_view(m_buffer).substr(m_start);
        m_start = m_scanned = m_buffer.size();
        return true;
      }
      fill();
    }
  }

 private:
  void fill() {
    // Drop the lines already handed out, keep the partial one.
    m_buffer.erase(0, m_start);
    m_scanned -= m_start;
    m_start = 0;
    const std::size_t old = m_buffer.size();
    m_buffer.resize(old + block);
    const std::size_t got = m_file.read_some(m_buffer.data() + old, block);
    m_buffer.resize(old + got);
    if (got == 0) m_eof = true;
  }

  static constexpr std::size_t block = std::size_t{1} << 16;
  input_file& m_file;
  std::string m_buffer;
  std::size_t m_start = 0, m_scanned = 0;
  bool m_eof = false;
};

// The fields of one line (comment already cut). Whitespace mode: runs of whitespace separate
// and a blank line has none; delimiter mode: every delimiter separates and only an empty
// line has none (NumPy keeps "  " as one field, an error later).
void split_fields(std::string_view line, const std::optional<char>& delimiter, std::vector<std::string_view>& fields) {
  fields.clear();
  if (!delimiter) {
    std::size_t i = 0;
    while (true) {
      while (i < line.size() && is_space(line[i])) ++i;
      if (i == line.size()) return;
      const std::size_t start = i;
      while (i < line.size() && !is_space(line[i])) ++i;
      fields.push_back(line.substr(start, i - start));
    }
  }
  if (line.empty()) return;
  std::size_t start = 0;
  while (true) {
    const std::size_t at = line.find(*delimiter, start);
    if (at == std::string_view::npos) {
      fields.push_back(line.substr(start));
      return;
    }
    fields.push_back(line.substr(start, at - start));
    start = at + 1;
  }
}

void check_options(const loadtxt_options& o) {
  const char* who = "xp::loadtxt: ";
  if (o.skiprows < 0)
    throw value_error(std::string(who) + "skiprows must be nonnegative, got " + std::to_string(o.skiprows));
  if (o.max_rows && *o.max_rows < 0)
    throw value_error(std::string(who) + "max_rows must be nonnegative, got " + std::to_string(*o.max_rows));
  if (o.ndmin < 0 || o.ndmin > 2)
    throw value_error(std::string(who) + "Illegal value of ndmin keyword: " + std::to_string(o.ndmin));
  if (o.comments) {
    if (o.comments->empty())
      throw value_error(std::string(who) + "comments cannot be an empty string; use std::nullopt to disable comments");
    if (o.comments->find_first_of("\r\n") != std::string::npos)
      throw value_error(std::string(who) + "comments cannot contain a newline");
  }
  if (o.delimiter) {
    if (*o.delimiter == '\n' || *o.delimiter == '\r')
      throw value_error(std::string(who) + "the delimiter cannot be a newline (\\r or \\n)");
    if (o.comments && (*o.comments)[0] == *o.delimiter)
      throw value_error(std::string(who) + "the delimiter '" + printable(std::string_view(&*o.delimiter, 1)) +
                        "' and the comments '" + printable(*o.comments) + "' are incompatible");
  }
}

// NumPy's _ensure_ndmin_ndarray on the (rows, columns) result: squeeze when above ndmin,
// then pad up to it (ndmin 2 keeps the 2-D shape as it is).
shape_type result_shape(index_t rows, index_t columns, int ndmin) {
  shape_type shape{rows, columns};
  if (ndmin == 2) return shape;
  shape_type squeezed;
  for (const index_t n : shape)
    if (n != 1) squeezed.push_back(n);
  if (ndmin == 1 && squeezed.empty()) squeezed.push_back(1);
  return squeezed;
}

// ---- Python %-formatting -----------------------------------------------------------------------

// One piece of a format: literal text, or a conversion with its flags.
struct conversion {
  std::string literal;  // conversion == 0: text to copy
  char type = 0;        // d o x X e E f F g G s ('i' and 'u' become 'd'); 0 for literal text
  bool left = false, plus = false, space = false, alternate = false, zero = false;
  int width = 0;
  int precision = -1;  // -1: none given
};

// A value of a row, as Python sees a NumPy scalar: an integer (int and bool dtypes: its sign
// and magnitude, which hold every int64 and uint64) or a double (float16, float32 and float64
// values, exact in double; a complex value is two cells, its real and imaginary parts).
struct cell {
  bool is_float = false;
  bool is_bool = false;
  npy_dtype float_type = npy_dtype::float64;  // the float's own dtype: %s prints its shortest digits
  double f = 0;
  bool negative = false;
  std::uint64_t magnitude = 0;
  double as_double() const {
    if (is_float) return f;
    const double m = static_cast<double>(magnitude);  // Python's float(int): rounded to nearest
    return negative ? -m : m;
  }
};

[[noreturn]] void fail_format(const std::string& what) { throw value_error("xp::savetxt: " + what); }

[[noreturn]] void fail_mismatch(npy_dtype dtype, const std::string& format) {
  fail_format(std::string("Mismatch between array dtype ('") + npy_dtype_name(dtype) + "') and format specifier ('" +
              printable(format) + "')");
}

// Python's parser of %-formats (PyUnicode_Format), on the complete row format.
std::vector<conversion> parse_format(const std::string& format, npy_dtype dtype) {
  constexpr int limit = 1 << 20;  // wider or more precise than this is a mistake, not a format
  std::vector<conversion> out;
  std::string literal;
  for (std::size_t i = 0; i < format.size();) {
    if (format[i] != '%') {
      literal += format[i++];
      continue;
    }
    ++i;
    conversion c;
    if (i < format.size() && format[i] == '(') fail_mismatch(dtype, format);  // needs a mapping
    for (; i < format.size(); ++i) {
      const char f = format[i];
      if (f == '-') c.left = true;
      else if (f == '+') c.plus = true;
      else if (f == ' ') c.space = true;
      else if (f == '#') c.alternate = true;
      else if (f == '0') c.zero = true;
      else break;
    }
    auto number = [&](int& value) {
      if (i < format.size() && format[i] == '*') fail_mismatch(dtype, format);  // takes a row value
      value = 0;
      for (; i < format.size() && format[i] >= '0' && format[i] <= '9'; ++i) {
        value = value * 10 + (format[i] - '0');
        if (value > limit) fail_format("width or precision too big in '" + printable(format) + "'");
      }
    };
    number(c.width);
    if (i < format.size() && format[i] == '.') {
      ++i;
      number(c.precision);
    }
    if (i < format.size() && (format[i] == 'h' || format[i] == 'l' || format[i] == 'L')) ++i;  // ignored
    if (i >= format.size()) fail_format("incomplete format '" + printable(format) + "'");
    const char type = format[i++];
    if (type == '%') {
      literal += '%';
      continue;
    }
    switch (type) {
      case 'd':
      case 'i':
      case 'u':
        c.type = 'd';
        break;
      case 'o':
      case 'x':
      case 'X':
      case 'e':
      case 'E':
      case 'f':
      case 'F':
      case 'g':
      case 'G':
      case 's':
        c.type = type;
        break;
      default: {
        const unsigned char u = static_cast<unsigned char>(type);
        char code[8];
        std::snprintf(code, sizeof code, "0x%x", u);
        fail_format("unsupported format character '" + printable(std::string_view(&type, 1)) + "' (" + code +
                    ") at index " + std::to_string(i - 1) + " of '" + printable(format) + "'" +
                    (type == 'c' || type == 'r' || type == 'a' ? " (xp does not support %c, %r and %a)" : ""));
      }
    }
    if (!literal.empty()) {
      conversion text;
      text.literal = std::move(literal);
      literal.clear();
      out.push_back(std::move(text));
    }
    out.push_back(c);
  }
  if (!literal.empty()) {
    conversion text;
    text.literal = std::move(literal);
    out.push_back(std::move(text));
  }
  return out;
}

// Python's padding of a formatted number: `sign` then `prefix` then `digits`; zero fill goes
// between the prefix and the digits, and applies to nan and inf too.
void pad_number(std::string& out, const conversion& c, std::string_view sign, std::string_view prefix,
                std::string_view digits) {
  const std::size_t length = sign.size() + prefix.size() + digits.size();
  const std::size_t fill = static_cast<std::size_t>(c.width) > length ? static_cast<std::size_t>(c.width) - length : 0;
  if (fill && !c.left && !c.zero) out.append(fill, ' ');
  out += sign;
  out += prefix;
  if (fill && !c.left && c.zero) out.append(fill, '0');
  out += digits;
  if (fill && c.left) out.append(fill, ' ');
}

std::string_view sign_of(bool negative, const conversion& c) {
  if (negative) return "-";
  if (c.plus) return "+";
  if (c.space) return " ";
  return "";
}

// %d %o %x %X of an integer given as its sign and decimal or other digits.
void format_integer_digits(std::string& out, const conversion& c, bool negative, std::string digits) {
  if (c.precision > 0 && digits.size() < static_cast<std::size_t>(c.precision))
    digits.insert(0, static_cast<std::size_t>(c.precision) - digits.size(), '0');
  std::string_view prefix;
  if (c.alternate && c.type == 'o') prefix = "0o";
  if (c.alternate && c.type == 'x') prefix = "0x";
  if (c.alternate && c.type == 'X') prefix = "0X";
  pad_number(out, c, sign_of(negative, c), prefix, digits);
}

void format_integer(std::string& out, const conversion& c, bool negative, std::uint64_t magnitude) {
  char buffer[32];
  const int base = c.type == 'o' ? 8 : (c.type == 'x' || c.type == 'X') ? 16 : 10;
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, magnitude, base);
  (void)ec;
  std::string digits(buffer, end);
  if (c.type == 'X')
    std::transform(digits.begin(), digits.end(), digits.begin(), [](char d) { return d >= 'a' ? char(d - 32) : d; });
  format_integer_digits(out, c, negative, std::move(digits));
}

// snprintf into a string of the right size.
template <class... A>
std::string c_format(const char* format, A... args) {
  char small[128];
  const int n = std::snprintf(small, sizeof small, format, args...);
  if (n < 0) fail_format("formatting failed");
  if (static_cast<std::size_t>(n) < sizeof small) return std::string(small, static_cast<std::size_t>(n));
  std::string s(static_cast<std::size_t>(n) + 1, '\0');
  std::snprintf(s.data(), s.size(), format, args...);
  s.resize(static_cast<std::size_t>(n));
  return s;
}

// %e %f %g (and capitals) of a double: C's digits (glibc rounds exactly, as Python does),
// Python's sign and padding.
void format_float(std::string& out, const conversion& c, double v) {
  const bool negative = std::signbit(v) && !std::isnan(v);  // Python prints any NaN as nan
  const double magnitude = std::isnan(v) ? std::numeric_limits<double>::quiet_NaN() : std::fabs(v);
  const int precision = c.precision < 0 ? 6 : c.precision;
  char spec[8] = "%";
  std::size_t n = 1;
  if (c.alternate) spec[n++] = '#';
  spec[n++] = '.';
  spec[n++] = '*';
  spec[n++] = c.type;
  spec[n] = '\0';
  pad_number(out, c, sign_of(negative, c), "", c_format(spec, precision, magnitude));
}

// NumPy's str() of a float scalar (Dragon4, unique mode): the shortest digits that
// round-trip in its own type, positional for 1e-4 <= |v| < 1e16 (padded with zeros, ".0"
// when integral: float32 2^53 prints as 9007199000000000.0, not as its exact value), else
// scientific.
template <class F>
std::string numpy_str(F v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v, std::chars_format::scientific);
  (void)ec;
  const std::string scientific(buffer, end);
  // NumPy compares in long double; in double the answer is the same for every float and double
  const double magnitude = std::fabs(static_cast<double>(v));
  if (!(magnitude == 0 || (magnitude >= 1e-4 && magnitude < 1e16))) return scientific;
  // "-d.ddde+XX" -> sign, digits, exponent
  const bool negative = scientific[0] == '-';
  const std::size_t e = scientific.find('e');
  std::string digits;
  for (std::size_t i = negative ? 1 : 0; i < e; ++i)
    if (scientific[i] != '.') digits += scientific[i];
  const int exponent = std::atoi(scientific.c_str() + e + 1);
  std::string out = negative ? "-" : "";
  if (exponent < 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-exponent - 1), '0');
    out += digits;
  } else {
    const auto integral = static_cast<std::size_t>(exponent) + 1;
    if (digits.size() <= integral) {
      out += digits;
      out.append(integral - digits.size(), '0');
      out += ".0";
    } else {
      out += digits.substr(0, integral) + "." + digits.substr(integral);
    }
  }
  return out;
}

void format_string(std::string& out, const conversion& c, std::string text) {
  if (c.precision >= 0 && text.size() > static_cast<std::size_t>(c.precision))
    text.resize(static_cast<std::size_t>(c.precision));
  const std::size_t fill =
      static_cast<std::size_t>(c.width) > text.size() ? static_cast<std::size_t>(c.width) - text.size() : 0;
  if (!c.left) out.append(fill, ' ');
  out += text;
  if (c.left) out.append(fill, ' ');
}

// One value through one conversion, as `format % value` does in Python.
void format_cell(std::string& out, const conversion& c, const cell& v, npy_dtype dtype, const std::string& format) {
  switch (c.type) {
    case 'd':
      if (!v.is_float) return format_integer(out, c, v.negative, v.magnitude);
      // int(v): truncation, exact however many digits
      if (std::isnan(v.f)) fail_format("cannot convert float NaN to integer (format '" + printable(format) + "')");
      if (std::isinf(v.f)) fail_format("cannot convert float infinity to integer (format '" + printable(format) + "')");
      {
        const double t = std::trunc(v.f);
        return format_integer_digits(out, c, t < 0, c_format("%.0f", std::fabs(t)));
      }
    case 'o':
    case 'x':
    case 'X':
      if (v.is_float) fail_mismatch(dtype, format);
      return format_integer(out, c, v.negative, v.magnitude);
    case 's':
      if (v.is_bool) return format_string(out, c, v.magnitude ? "True" : "False");
      if (!v.is_float) return format_string(out, c, (v.negative ? "-" : "") + std::to_string(v.magnitude));
      if (v.float_type == npy_dtype::float16) {  // Dragon4 on the half value, as NumPy's str()
        const float16 h(v.f);                    // exact: v.f is a float16's value
        return format_string(out, c, format_scalar(&h, npy_dtype::float16));
      }
      return format_string(out, c,
                           v.float_type == npy_dtype::float32 ? numpy_str(static_cast<float>(v.f)) : numpy_str(v.f));
    default:
      return format_float(out, c, v.as_double());
  }
}

template <class T>
cell cell_of(T value) {
  cell c;
  if constexpr (is_real_floating_v<T>) {
    c.is_float = true;
    c.float_type = npy_dtype_of<T>();
    c.f = static_cast<double>(value);
  } else {
    static_assert(std::is_integral_v<T>);
    c.is_bool = std::is_same_v<T, bool>;
    if constexpr (std::is_signed_v<T>) {
      c.negative = value < 0;
      c.magnitude = c.negative ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
    } else {
      c.magnitude = static_cast<std::uint64_t>(value);
    }
  }
  return c;
}

// Calls f(T{}) with the C++ type of a dtype (one case per entry of XP_DTYPES).
template <class F>
void visit_xp(npy_dtype dtype, F&& f) {
  switch (dtype) {
#define XP_TEXT_VISIT(T, c, n, k, npy) \
  case npy_dtype::c:                   \
    return f(T{});
    XP_DTYPES(XP_TEXT_VISIT)
#undef XP_TEXT_VISIT
  }
  throw dtype_error(std::string("xp::savetxt: invalid dtype code ") + std::to_string(static_cast<int>(dtype)));
}

// Python's str.replace(old, new) on s: every non-overlapping occurrence, left to right.
void replace_all(std::string& s, std::string_view old_text, std::string_view new_text) {
  std::string out;
  std::size_t from = 0;
  for (std::size_t at; (at = s.find(old_text, from)) != std::string::npos; from = at + old_text.size()) {
    out.append(s, from, at - from);
    out += new_text;
  }
  if (from == 0) return;
  out.append(s, from, std::string::npos);
  s = std::move(out);
}

}  // namespace

// ---- loadtxt -----------------------------------------------------------------------------------

template <class T>
ndarray<T, host> loadtxt_host(const std::string& path, const loadtxt_options& options) {
  check_options(options);
  if (const char* suffix = compressed_suffix(path))
    throw io_error("xp::loadtxt: " + path + ": compressed text files (" + suffix +
                   ") are not supported; decompress it first");
  input_file file(path, "xp::loadtxt");
  line_reader lines(file);

  // bool is stored as bytes here: std::vector<bool> packs bits.
  using stored = std::conditional_t<std::is_same_v<T, bool>, unsigned char, T>;
  std::vector<stored> values;
  std::vector<std::string_view> fields;
  const bool all_columns = options.usecols.empty();
  index_t line_number = 0, rows = 0, columns = all_columns ? -1 : static_cast<index_t>(options.usecols.size());

  auto where = [&](index_t column) {
    return "at row " + std::to_string(rows) + ", column " + std::to_string(column) + " (line " +
           std::to_string(line_number) + ")";
  };
  auto convert_field = [&](std::size_t column) {
    T value{};
    if (!parse_value(fields[column], value))
      throw value_error("xp::loadtxt: " + path + ": could not convert string '" + printable(fields[column]) + "' to " +
                        name_of<T>() + " " + where(static_cast<index_t>(column) + 1));
    values.push_back(static_cast<stored>(value));
  };

  std::string_view line;
  while (lines.next(line)) {
    ++line_number;
    if (line_number <= options.skiprows) continue;
    if (options.max_rows && rows == *options.max_rows) break;
    if (options.comments) {
      const std::size_t at = line.find(*options.comments);
      if (at != std::string_view::npos) line = line.substr(0, at);
    }
    split_fields(line, options.delimiter, fields);
    if (fields.empty()) continue;  // a blank or comment line
    ++rows;
    const auto count = static_cast<index_t>(fields.size());
    if (all_columns) {
      if (columns < 0) columns = count;
      if (count != columns)
        throw value_error("xp::loadtxt: " + path + ": the number of columns changed from " + std::to_string(columns) +
                          " to " + std::to_string(count) + " at row " + std::to_string(rows) + " (line " +
                          std::to_string(line_number) + "); use `usecols` to select a subset and avoid this error");
      for (std::size_t c = 0; c < fields.size(); ++c) convert_field(c);
    } else {
      for (const index_t wanted : options.usecols) {
        const index_t c = wanted < 0 ? wanted + count : wanted;
        if (c < 0 || c >= count)
          throw index_error("xp::loadtxt: " + path + ": invalid column index " + std::to_string(wanted) + " at row " +
                            std::to_string(rows) + " (line " + std::to_string(line_number) + ") with " +
                            std::to_string(count) + " columns");
        convert_field(static_cast<std::size_t>(c));
      }
    }
  }
  if (columns < 0) columns = 1;  // no data: NumPy's empty result is (0, 1) before squeezing

  ndarray<T, host> out(result_shape(rows, columns, options.ndmin));
  if constexpr (std::is_same_v<T, bool>) {
    for (std::size_t i = 0; i < values.size(); ++i) out.data()[i] = values[i] != 0;
  } else if (!values.empty()) {
    std::memcpy(out.data(), values.data(), values.size() * sizeof(T));
  }
  return out;
}

#define XP_LOADTXT_INSTANCE(T, c, n, k, npy) \
  template ndarray<T, host> loadtxt_host<T>(const std::string&, const loadtxt_options&);
XP_DTYPES(XP_LOADTXT_INSTANCE)
#undef XP_LOADTXT_INSTANCE

// ---- savetxt -----------------------------------------------------------------------------------

void write_text(const std::string& path, npy_dtype dtype, const shape_type& shape, const void* data,
                const savetxt_options& options) {
  if (shape.size() != 1 && shape.size() != 2)
    throw value_error("xp::savetxt: Expected 1D or 2D array, got " + std::to_string(shape.size()) + "D array instead");
  if (const char* suffix = compressed_suffix(path))
    throw io_error("xp::savetxt: " + path + ": compressed output (" + suffix + ") is not supported");
  // A 1-D array is a column, as np.atleast_2d(a).T makes it.
  const index_t rows = shape[0];
  const index_t columns = shape.size() == 2 ? shape[1] : 1;
  // A complex value is two values to format, its real and imaginary parts.
  const bool complex_values = xp::dtype(dtype).kind() == 'c';
  const index_t values_per_row = complex_values ? 2 * columns : columns;

  // np.savetxt's choice: one conversion repeats for every column (for complex values as
  // " (%fmt+%fmtj)"); otherwise one per value.
  const auto percents = static_cast<index_t>(std::count(options.fmt.begin(), options.fmt.end(), '%'));
  std::string row_format;
  if (percents == 1) {
    const std::string column_format = complex_values ? " (" + options.fmt + "+" + options.fmt + "j)" : options.fmt;
    for (index_t c = 0; c < columns; ++c) row_format += (c ? options.delimiter : "") + column_format;
  } else if (percents == values_per_row) {
    row_format = options.fmt;
  } else {
    fail_format("fmt has wrong number of % formats:  " + printable(options.fmt));
  }
  const std::vector<conversion> pieces = parse_format(row_format, dtype);
  const auto conversions = std::count_if(pieces.begin(), pieces.end(), [](const conversion& c) { return c.type != 0; });
  if (conversions != values_per_row) fail_mismatch(dtype, row_format);  // Python: not all arguments converted

  auto commented = [&](const std::string& text) {
    std::string out = options.comments;
    for (const char ch : text) {
      out += ch;
      if (ch == '\n') out += options.comments;
    }
    return out + options.newline;
  };

  output_file file(path, "xp::savetxt");
  std::string buffer;
  if (!options.header.empty()) buffer += commented(options.header);
  std::vector<cell> cells(static_cast<std::size_t>(values_per_row));
  visit_xp(dtype, [&](auto zero) {
    using T = decltype(zero);
    const T* values = static_cast<const T*>(data);
    for (index_t r = 0; r < rows; ++r) {
      const T* row = values + r * columns;
      for (index_t c = 0; c < columns; ++c) {
        if constexpr (is_complex_v<T>) {
          cells[static_cast<std::size_t>(2 * c)] = cell_of(row[c].re);
          cells[static_cast<std::size_t>(2 * c + 1)] = cell_of(row[c].im);
        } else {
          cells[static_cast<std::size_t>(c)] = cell_of(row[c]);
        }
      }
      std::string line;
      std::size_t next = 0;
      for (const conversion& piece : pieces) {
        if (piece.type == 0) line += piece.literal;
        else format_cell(line, piece, cells[next++], dtype, row_format);
      }
      line += options.newline;
      if (complex_values) replace_all(line, "+-", "-");  // NumPy's s.replace('+-', '-') of each row
      buffer += line;
      if (buffer.size() >= (std::size_t{1} << 20)) {
        file.write(buffer);
        buffer.clear();
      }
    }
  });
  if (!options.footer.empty()) buffer += commented(options.footer);
  file.write(buffer);
  file.commit();
}

}  // namespace xp::detail
