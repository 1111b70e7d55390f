// The non-template parts of xp's core, compiled once into the xp library instead of in every
// translation unit that includes the headers: shape arithmetic and its error messages
// (core/shape.hpp), the layout merging of kernel views (core/kernel_view.hpp), the stride
// rules of broadcasting and reshaping (core/ndarray.hpp) and the messages of the exceptions
// (core/error.hpp).
#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "xp/core/dtype.hpp"
#include "xp/core/error.hpp"
#include "xp/core/kernel_view.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/shape.hpp"

namespace xp {

std::ostream& operator<<(std::ostream& os, dtype d) { return os << d.name(); }

namespace detail {
void throw_ambiguous_truth(index_t size) {
  if (size == 0)
    throw value_error(
        "xp: The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an "
        "array is not empty.");
  throw value_error(
      "xp: The truth value of an array with more than one element is ambiguous. Use a.any() or "
      "a.all()");
}

void throw_arange_too_long(double count) {
  // "about 1e+300 elements": three digits, not the 301 of the count's fixed-point spelling
  constexpr int shown_digits = 3;
  std::ostringstream os;
  os << "xp::arange: Maximum allowed size exceeded (";
  if (std::isinf(count)) os << "more elements than a double can count";
  else os << "about " << std::setprecision(shown_digits) << count << " elements";
  os << ")";
  throw value_error(os.str());
}
}  // namespace detail

out_of_memory::out_of_memory(std::size_t requested, std::size_t free_bytes, const std::string& where)
    : error("xp::out_of_memory: " + where + " could not allocate " + std::to_string(requested) + " bytes (" +
            std::to_string(free_bytes) + " bytes free)"),
      requested_bytes(requested),
      free_bytes(free_bytes) {}

cuda_error::cuda_error(const std::string& library, const std::string& status_name, const std::string& description,
                       const std::string& call, const char* file, int line)
    : error("xp::cuda_error: " + library + ": " + status_name + " (" + description + ") in " + call + " at " + file +
            ":" + std::to_string(line)),
      library(library),
      status(status_name) {}

cuda_error::cuda_error(const std::string& status_name, const std::string& description, const std::string& call,
                       const char* file, int line)
    : cuda_error("CUDA runtime", status_name, description, call, file, line) {}

std::string to_string(const shape_type& s) {
  std::string out = "(";
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(s[i]);
  }
  if (s.size() == 1) out += ",";
  return out + ")";
}

namespace {
// NumPy's words for a size past what the address space can index, then what xp was sizing.
value_error too_big(const std::string& what) {
  return value_error(
      "xp: array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size, " + what);
}
}  // namespace

index_t checked_size(const shape_type& shape, std::size_t itemsize) {
  index_t bytes = static_cast<index_t>(itemsize > 0 ? itemsize : 1);
  bool empty = false;
  for (index_t d : shape) {
    if (d < 0) throw value_error("xp: negative dimensions are not allowed, got shape " + to_string(shape));
    if (d == 0) {
      empty = true;
      continue;
    }
    if (__builtin_mul_overflow(bytes, d, &bytes)) throw too_big("shape " + to_string(shape));
  }
  return empty ? 0 : bytes / static_cast<index_t>(itemsize > 0 ? itemsize : 1);
}

index_t checked_extent_sum(std::initializer_list<index_t> parts) {
  index_t sum = 0;
  for (index_t p : parts) {
    if (!__builtin_add_overflow(sum, p, &sum)) continue;
    std::string terms;
    for (index_t q : parts) terms += (terms.empty() ? "" : " + ") + std::to_string(q);
    throw too_big("an axis of " + terms + " elements");
  }
  return sum;
}

shape_type broadcast_shapes(const shape_type& a, const shape_type& b) {
  const std::size_t n = a.size() > b.size() ? a.size() : b.size();
  shape_type out(n);
  for (std::size_t i = 0; i < n; ++i) {
    const index_t da = i < n - a.size() ? 1 : a[i - (n - a.size())];
    const index_t db = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (da != db && da != 1 && db != 1)
      throw shape_error("xp: operands could not be broadcast together with shapes " + to_string(a) + " " +
                        to_string(b));
    out[i] = da == 1 ? db : da;
  }
  return out;
}

int normalize_axis(index_t axis, std::size_t ndim) {
  const index_t n = static_cast<index_t>(ndim);
  if (axis < -n || axis >= n)
    throw axis_error("xp: axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                     std::to_string(ndim));
  return static_cast<int>(axis < 0 ? axis + n : axis);
}

namespace detail {

merged_layout merge_layout(const shape_type& shape, const std::vector<const shape_type*>& strides) {
  const std::size_t n = strides.size();
  merged_layout out{{}, std::vector<shape_type>(n)};
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == 1) continue;
    if (!out.shape.empty()) {
      bool fuse = true;
      for (std::size_t k = 0; k < n; ++k) fuse = fuse && out.strides[k].back() == (*strides[k])[d] * shape[d];
      if (fuse) {
        out.shape.back() *= shape[d];
        for (std::size_t k = 0; k < n; ++k) out.strides[k].back() = (*strides[k])[d];
        continue;
      }
    }
    out.shape.push_back(shape[d]);
    for (std::size_t k = 0; k < n; ++k) out.strides[k].push_back((*strides[k])[d]);
  }
  if (out.shape.size() > XP_MAX_KERNEL_RANK)
    throw value_error("xp: this operation handles at most " + std::to_string(XP_MAX_KERNEL_RANK) +
                      " non-mergeable dimensions, got shape " + to_string(shape));
  return out;
}

shape_type broadcast_strides(const shape_type& src_shape, const shape_type& src_strides, const shape_type& shape) {
  if (src_shape.size() > shape.size())
    throw shape_error("xp: could not broadcast input array from shape " + to_string(src_shape) + " into shape " +
                      to_string(shape));
  shape_type out(shape.size(), 0);
  const std::size_t lead = shape.size() - src_shape.size();
  for (std::size_t d = 0; d < src_shape.size(); ++d) {
    if (src_shape[d] == shape[lead + d]) {
      out[lead + d] = src_shape[d] == 1 ? 0 : src_strides[d];
    } else if (src_shape[d] != 1) {
      throw shape_error("xp: could not broadcast input array from shape " + to_string(src_shape) + " into shape " +
                        to_string(shape));
    }
  }
  return out;
}

bool reshape_strides(const shape_type& old_shape, const shape_type& old_strides, const shape_type& new_shape,
                     shape_type& new_strides) {
  shape_type od, os;
  for (std::size_t i = 0; i < old_shape.size(); ++i)
    if (old_shape[i] != 1) {
      od.push_back(old_shape[i]);
      os.push_back(old_strides[i]);
    }
  const std::size_t on = od.size(), nn = new_shape.size();
  new_strides.assign(nn, 0);
  std::size_t oi = 0, oj = 1, ni = 0, nj = 1;
  while (ni < nn && oi < on) {
    index_t np = new_shape[ni], op = od[oi];
    while (np != op) {
      if (np < op) np *= new_shape[nj++];
      else op *= od[oj++];
    }
    for (std::size_t ok = oi; ok + 1 < oj; ++ok)
      if (os[ok] != od[ok + 1] * os[ok + 1]) return false;
    new_strides[nj - 1] = os[oj - 1];
    for (std::size_t nk = nj - 1; nk > ni; --nk) new_strides[nk - 1] = new_strides[nk] * new_shape[nk];
    ni = nj++;
    oi = oj++;
  }
  const index_t last = ni >= 1 ? new_strides[ni - 1] : 1;
  for (std::size_t nk = ni; nk < nn; ++nk) new_strides[nk] = last;
  return true;
}

}  // namespace detail
}  // namespace xp
