// libFuzzer target: xp's views (indexing, reshape, broadcast_to, transpose, squeeze,
// expand_dims) and the copies and reductions that read them.
//
// The input decodes into a small base array (int64 or float, rank 0..5, extents 0..7, holding
// arange(n)) and up to eight operations whose arguments are raw int64 values, so that extremes
// (INT64_MIN == xp::none, INT64_MAX, std::size_t(-1), huge steps, negative extents) come up.
// Next to xp the harness keeps a naive model of the array (its shape and its values in C
// order), updated by its own implementation of NumPy's rules (CPython's slice semantics for
// ranges). After every operation it traps when:
//   * xp throws for arguments the model accepts, or accepts arguments the model rejects;
//   * xp throws anything but xp::value_error / shape_error / index_error (reshape and
//     broadcast_to: value_error or shape_error only); other exceptions escape to libFuzzer;
//   * a result's size() differs from the product of its shape, or its strides and shape differ
//     in length;
//   * a view does not share its source's buffer, or one of its elements (from data(), shape()
//     and strides()) lies outside the base buffer;
//   * an element read through data()/strides(), or through copy(), differs from the model.
//
// Input format (make_corpus.py writes the seeds in it; bytes past the end read as 0):
//   byte 0         bit 0: dtype (0 int64, 1 float); (byte >> 1) % 6: rank of the base
//   rank bytes     extents, byte % 8
//   then up to 8 operations, each an opcode byte (op % 9 selects, op / 16 picks a variant)
//   followed by its arguments. An int64 argument is a tag byte t:
//     t % 4 == 0: the value int8_t(t) >> 2 (-32..31)
//     t % 4 == 1: kSpecial[(t >> 2) % 32]
//     t % 4 == 2: the next 8 bytes, little endian
//     t % 4 == 3: the next 2 bytes, little endian, signed
//   0 index:        n = 1 + (op / 16) % 3 index arguments; each a kind byte % 6
//                   (int64, size_t, range, all, newaxis, ellipsis) and, for int64 and size_t,
//                   one value; for a range, three (start, stop, step)
//   1 reshape:      rank byte % 7, then that many extents
//   2 broadcast_to: rank byte % 9, then that many extents
//   3 transpose:    (op / 16) odd: transpose(a); else count byte % 8, then that many axes
//   4 squeeze:      (op / 16) odd: squeeze(a); else one axis
//   5 expand_dims:  one axis
//   6 copy()   7 sum()   8 ravel()
//
// XP_FUZZ_VERBOSE=1 in the environment prints the decoded operations (for reports).
// Defining XP_FUZZ_NO_KNOWN_BUG_GUARDS turns off the guards for reported xp bugs.

#include <xp/xp.hpp>

#include "fuzz_support.hpp"

#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using i64 = std::int64_t;
using u64 = std::uint64_t;
using i128 = __int128;

constexpr i64 kMin = std::numeric_limits<i64>::min();
constexpr i64 kMax = std::numeric_limits<i64>::max();
constexpr i64 kMaxElements = 1'000'000;  // no shape above this reaches an xp call that allocates
constexpr i64 kMaxKept = i64{1} << 16;   // larger results are checked by sampling, then dropped
constexpr int kMaxOps = 8;
constexpr std::size_t kKernelRank = XP_MAX_KERNEL_RANK;

bool g_verbose = false;

// The harness' own per-element loops (the model, the element walks) carry no coverage
// instrumentation: their comparisons would swamp libFuzzer's feedback and its speed.
#define XP_FUZZ_NO_COVERAGE __attribute__((no_sanitize("coverage")))

void log(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
void log(const char* fmt, ...) {
  if (!g_verbose) return;
  va_list ap;
  va_start(ap, fmt);
  std::vfprintf(stderr, fmt, ap);
  va_end(ap);
}

[[noreturn]] void fail(const char* what) { xp_fuzz::fail("fuzz_views", what); }
void require(bool ok, const char* what) {
  if (!ok) fail(what);
}

std::string str(const std::vector<i64>& v) { return xp::to_string(v); }

// ---- input decoding ---------------------------------------------------------------------------

const i64 kSpecial[32] = {kMin,
                          kMin + 1,
                          kMax,
                          kMax - 1,
                          -1,
                          0,
                          1,
                          2,
                          -2,
                          7,
                          8,
                          -8,
                          i64{1} << 31,
                          -(i64{1} << 31),
                          i64{1} << 32,
                          i64{1} << 62,
                          -(i64{1} << 62),
                          (i64{1} << 62) + 1,
                          3037000499,  // floor(sqrt(INT64_MAX))
                          3037000500,
                          -3037000500,
                          kMax / 2,
                          kMax / 3,
                          kMin / 2,
                          i64{1} << 40,
                          65536,
                          1000000,
                          1000001,
                          std::numeric_limits<std::int32_t>::max(),
                          std::numeric_limits<std::int32_t>::min(),
                          std::numeric_limits<std::uint32_t>::max(),
                          -i64{std::numeric_limits<std::uint32_t>::max()}};

struct Reader {
  const std::uint8_t* p;
  std::size_t n, i = 0;
  bool more() const { return i < n; }
  std::uint8_t byte() { return i < n ? p[i++] : 0; }
  i64 value() {
    const std::uint8_t t = byte();
    switch (t & 3) {
      case 0:
        return static_cast<std::int8_t>(t) >> 2;
      case 1:
        return kSpecial[(t >> 2) % 32];
      case 2: {
        u64 v = 0;
        for (int k = 0; k < 8; ++k) v |= u64{byte()} << (8 * k);
        return static_cast<i64>(v);
      }
      default: {
        const std::uint16_t lo = byte(), hi = byte();
        return static_cast<std::int16_t>(static_cast<std::uint16_t>(lo | (hi << 8)));
      }
    }
  }
  std::vector<i64> values(std::size_t count) {
    std::vector<i64> v(count);
    for (auto& x : v) x = value();
    return v;
  }
};

// ---- shapes, checked -----------------------------------------------------------------------

struct ShapeInfo {
  bool negative = false;  // an extent < 0
  bool zero = false;      // an extent == 0
  bool overflow = false;  // the product of the non-zero extents exceeds INT64_MAX
  i64 nonzero = 1;        // that product (when it does not overflow)
  // true when the product of the non-zero extents times `itemsize` exceeds INT64_MAX
  bool bytes_overflow(std::size_t itemsize) const {
    i64 b;
    return overflow || __builtin_mul_overflow(nonzero, static_cast<i64>(itemsize), &b);
  }
  i64 count() const { return zero ? 0 : nonzero; }  // only meaningful when !negative && !overflow
};

ShapeInfo info(const std::vector<i64>& s) {
  ShapeInfo r;
  for (i64 d : s) {
    if (d < 0) r.negative = true;
    else if (d == 0) r.zero = true;
    else if (!r.overflow && __builtin_mul_overflow(r.nonzero, d, &r.nonzero)) r.overflow = true;
  }
  return r;
}

std::vector<i64> c_strides(const std::vector<i64>& s) {
  std::vector<i64> st(s.size());
  i64 m = 1;
  for (std::size_t d = s.size(); d-- > 0;) {
    st[d] = m;
    if (__builtin_mul_overflow(m, s[d] > 0 ? s[d] : 1, &m)) m = 0;  // only empty shapes get here
  }
  return st;
}

// Next multi-index in C order; false after the last one.
XP_FUZZ_NO_COVERAGE bool next_index(std::vector<i64>& idx, const std::vector<i64>& shape) {
  for (std::size_t d = shape.size(); d-- > 0;) {
    if (++idx[d] < shape[d]) return true;
    idx[d] = 0;
  }
  return false;
}

// ---- the model ------------------------------------------------------------------------------

struct Model {
  std::vector<i64> shape;
  std::vector<i64> vals;  // C order; the base holds arange(n), so values are < 7^5
  XP_FUZZ_NO_COVERAGE i64 at(const std::vector<i64>& idx) const {
    i64 flat = 0;
    for (std::size_t d = 0; d < shape.size(); ++d) flat = flat * shape[d] + idx[d];
    return vals[static_cast<std::size_t>(flat)];
  }
};

// Every element of an output shape, valued by `value_of(output index)`.
template <class F>
XP_FUZZ_NO_COVERAGE Model build(std::vector<i64> shape, F value_of) {
  Model m{std::move(shape), {}};
  const i64 n = info(m.shape).count();
  m.vals.reserve(static_cast<std::size_t>(n));
  if (n == 0) return m;
  std::vector<i64> idx(m.shape.size(), 0);
  do m.vals.push_back(value_of(idx));
  while (next_index(idx, m.shape));
  return m;
}

// What xp may do with an operation: throw, succeed with one of `models`, or either.
struct Expect {
  bool may_throw = false;
  bool may_succeed = false;
  std::vector<Model> models;
  static Expect reject() { return {true, false, {}}; }
  static Expect accept(Model m) { return {false, true, {std::move(m)}}; }
};

// The indices a slice selects along an axis: start, start + step, ... (count of them).
struct Progression {
  i64 start = 0, step = 1, count = 0;
  i64 at(i64 k) const { return static_cast<i64>(i128{start} + i128{k} * step); }
};

// NumPy's slice: CPython's rules for the bounds (PySlice_AdjustIndices), then the indices
// enumerated one by one (naively) on axes up to 2^16 long, counted in closed form beyond
// (only empty arrays have longer axes here). `step` is already resolved (never xp::none).
Progression slice_indices(i64 start, i64 stop, i128 step, i64 len) {
  auto bound = [&](i64 v, bool is_start) -> i128 {
    if (v == xp::none) {
      if (is_start) return step < 0 ? len - 1 : 0;
      return step < 0 ? -1 : len;
    }
    i128 x = v;
    if (x < 0) {
      x += len;
      if (x < 0) x = step < 0 ? -1 : 0;
    } else if (x >= len) {
      x = step < 0 ? len - 1 : len;
    }
    return x;
  };
  const i128 b = bound(start, true), e = bound(stop, false);
  Progression p{static_cast<i64>(b), static_cast<i64>(step), 0};
  if (len <= kMaxKept) {
    for (i128 i = b; step > 0 ? i < e : i > e; i += step) {
      require(i >= 0 && i < len, "model: a slice index out of range");
      ++p.count;
    }
  } else if (step > 0 ? b < e : b > e) {
    p.count = static_cast<i64>((step > 0 ? e - b - 1 : b - e - 1) / (step > 0 ? step : -step) + 1);
  }
  if (p.count == 0) p.start = 0;
  return p;
}

enum Kind { kInt, kUInt, kRange, kAll, kNewaxis, kEllipsis };

struct Arg {
  Kind kind = kAll;
  i64 i = 0;  // kInt; kUInt reads it as u64
  xp::range_t r{};
};

std::string describe(const Arg& a) {
  switch (a.kind) {
    case kInt:
      return std::to_string(a.i);
    case kUInt:
      return "size_t(" + std::to_string(static_cast<u64>(a.i)) + ")";
    case kRange:
      return "range(" + std::to_string(a.r.start) + ", " + std::to_string(a.r.stop) + ", " + std::to_string(a.r.step) +
             ")";
    case kAll:
      return "all";
    case kNewaxis:
      return "newaxis";
    default:
      return "ellipsis";
  }
}

// a(args...) on the model. A step of xp::none (INT64_MIN) is read as NumPy's None (1) when
// bit k of `variant` is clear for the k-th such range, else as CPython's clamp (-INT64_MAX).
std::optional<Model> ref_index(const Model& m, const std::vector<Arg>& args, unsigned variant) {
  const std::size_t nd = m.shape.size();
  std::size_t consuming = 0;
  for (const Arg& a : args) consuming += a.kind == kNewaxis || a.kind == kEllipsis ? 0 : 1;
  if (consuming > nd) return std::nullopt;
  struct Sel {
    bool newaxis;
    std::size_t axis;
    Progression idx;
  };
  std::vector<Sel> sels;
  std::vector<i64> fixed(nd, -1);
  std::size_t axis = 0, nrange = 0;
  auto whole = [&](std::size_t ax) { sels.push_back({false, ax, Progression{0, 1, m.shape[ax]}}); };
  for (const Arg& a : args) {
    switch (a.kind) {
      case kInt: {
        const i64 len = m.shape[axis];
        const i128 j = a.i < 0 ? i128{a.i} + len : i128{a.i};
        if (j < 0 || j >= len) return std::nullopt;
        fixed[axis++] = static_cast<i64>(j);
        break;
      }
      case kUInt: {
        const u64 u = static_cast<u64>(a.i);
        if (u >= static_cast<u64>(m.shape[axis])) return std::nullopt;
        fixed[axis++] = static_cast<i64>(u);
        break;
      }
      case kRange: {
        if (a.r.step == 0) return std::nullopt;
        i128 step = a.r.step;
        if (a.r.step == xp::none) step = (variant >> nrange++) & 1 ? -i128{kMax} : 1;
        sels.push_back({false, axis, slice_indices(a.r.start, a.r.stop, step, m.shape[axis])});
        ++axis;
        break;
      }
      case kAll:
        whole(axis++);
        break;
      case kNewaxis:
        sels.push_back({true, 0, {}});
        break;
      case kEllipsis:
        for (std::size_t k = 0; k < nd - consuming; ++k) whole(axis++);
        break;
    }
  }
  while (axis < nd) whole(axis++);
  std::vector<i64> shape;
  for (const Sel& s : sels) shape.push_back(s.newaxis ? 1 : s.idx.count);
  std::vector<i64> in = fixed;  // scratch, reused for every element
  return build(shape, [&](const std::vector<i64>& o) {
    for (std::size_t k = 0; k < sels.size(); ++k)
      if (!sels[k].newaxis) in[sels[k].axis] = sels[k].idx.at(o[k]);
    return m.at(in);
  });
}

// reshape on the model (NumPy's rules; n = the model's size).
Expect ref_reshape(const Model& m, std::vector<i64> s, std::size_t itemsize) {
  const i64 n = static_cast<i64>(m.vals.size());
  int unknown = -1;
  for (std::size_t d = 0; d < s.size(); ++d) {
    if (s[d] == -1) {
      if (unknown >= 0) return Expect::reject();
      unknown = static_cast<int>(d);
    } else if (s[d] < 0) {
      return Expect::reject();
    }
  }
  bool ambiguous = false;  // valid in exact arithmetic, but the shape's byte count overflows
  if (unknown >= 0) {
    std::vector<i64> rest = s;
    rest.erase(rest.begin() + unknown);
    const ShapeInfo k = info(rest);
    if (k.zero) return Expect::reject();  // cannot infer -1 next to a zero extent
    if (k.overflow) {
      if (n != 0) return Expect::reject();
      s[static_cast<std::size_t>(unknown)] = 0;
      ambiguous = true;
    } else {
      if (n % k.nonzero != 0) return Expect::reject();
      s[static_cast<std::size_t>(unknown)] = n / k.nonzero;
    }
  } else {
    const ShapeInfo k = info(s);
    if (k.zero) {
      if (n != 0) return Expect::reject();
    } else if (k.overflow || k.nonzero != n) {
      return Expect::reject();
    }
  }
  if (info(s).bytes_overflow(itemsize)) ambiguous = true;
  Expect e = Expect::accept(Model{s, m.vals});
  e.may_throw = ambiguous;
  return e;
}

// broadcast_to on the model; `big` is set (and no model built) for a valid target above kMaxKept.
Expect ref_broadcast(const Model& m, const std::vector<i64>& s, std::size_t itemsize, bool& big) {
  big = false;
  const ShapeInfo k = info(s);
  if (k.negative || s.size() < m.shape.size()) return Expect::reject();
  const std::size_t lead = s.size() - m.shape.size();
  for (std::size_t d = 0; d < m.shape.size(); ++d)
    if (m.shape[d] != 1 && m.shape[d] != s[lead + d]) return Expect::reject();
  if (k.overflow && !k.zero) return Expect::reject();  // "array is too big"
  const bool ambiguous = k.bytes_overflow(itemsize);
  if (k.count() > kMaxKept || k.overflow) {
    big = true;
    Expect e{ambiguous, true, {}};
    return e;
  }
  std::vector<i64> in(m.shape.size());
  Expect e = Expect::accept(build(s, [&](const std::vector<i64>& o) {
    for (std::size_t d = 0; d < in.size(); ++d) in[d] = m.shape[d] == 1 ? 0 : o[lead + d];
    return m.at(in);
  }));
  e.may_throw = ambiguous;
  return e;
}

Expect ref_transpose(const Model& m, const std::vector<i64>& axes) {
  const i64 nd = static_cast<i64>(m.shape.size());
  if (static_cast<i64>(axes.size()) != nd) return Expect::reject();
  std::vector<i64> perm;
  std::vector<bool> seen(static_cast<std::size_t>(nd), false);
  for (i64 a : axes) {
    if (a < -nd || a >= nd) return Expect::reject();
    const i64 ax = a < 0 ? a + nd : a;
    if (seen[static_cast<std::size_t>(ax)]) return Expect::reject();
    seen[static_cast<std::size_t>(ax)] = true;
    perm.push_back(ax);
  }
  std::vector<i64> shape;
  for (i64 ax : perm) shape.push_back(m.shape[static_cast<std::size_t>(ax)]);
  std::vector<i64> in(shape.size());
  return Expect::accept(build(shape, [&](const std::vector<i64>& o) {
    for (std::size_t i = 0; i < o.size(); ++i) in[static_cast<std::size_t>(perm[i])] = o[i];
    return m.at(in);
  }));
}

Model drop_axis(const Model& m, std::size_t ax) {
  Model r = m;
  r.shape.erase(r.shape.begin() + static_cast<std::ptrdiff_t>(ax));
  return r;
}

Expect ref_squeeze(const Model& m, std::optional<i64> axis) {
  if (!axis) {
    Model r{{}, m.vals};
    for (i64 d : m.shape)
      if (d != 1) r.shape.push_back(d);
    return Expect::accept(r);
  }
  const i64 nd = static_cast<i64>(m.shape.size());
  if (nd == 0) {  // NumPy lets axis 0 / -1 through for a 0-d array; xp may refuse
    if (*axis != 0 && *axis != -1) return Expect::reject();
    Expect e = Expect::accept(m);
    e.may_throw = true;
    return e;
  }
  if (*axis < -nd || *axis >= nd) return Expect::reject();
  const std::size_t ax = static_cast<std::size_t>(*axis < 0 ? *axis + nd : *axis);
  if (m.shape[ax] != 1) return Expect::reject();
  return Expect::accept(drop_axis(m, ax));
}

Expect ref_expand_dims(const Model& m, i64 axis) {
  const i64 nd = static_cast<i64>(m.shape.size()) + 1;
  if (axis < -nd || axis >= nd) return Expect::reject();
  Model r = m;
  r.shape.insert(r.shape.begin() + (axis < 0 ? axis + nd : axis), 1);
  return Expect::accept(r);
}

// ---- checks on xp's results ---------------------------------------------------------------

template <class T>
struct Base {  // the allocation the current array views
  const T* ptr;
  i64 len;
};

template <class T>
struct State {
  xp::ndarray<T> a;
  Model m;
  Base<T> base;
};

// Shape/size/strides consistency and the element range against the base buffer.
template <class T>
void check_layout(const xp::ndarray<T>& r, const Base<T>& base) {
  require(r.strides().size() == r.shape().size(), "strides() and shape() differ in length");
  require(r.ndim() == r.shape().size(), "ndim() != shape().size()");
  const ShapeInfo k = info(r.shape());
  require(!k.negative, "a result has a negative extent");
  require(k.zero || !k.overflow, "a result's shape product overflows int64");
  require(r.size() == k.count(), "size() != product of shape()");
  if (k.count() == 0) return;
  i128 lo = 0, hi = 0;
  for (std::size_t d = 0; d < r.ndim(); ++d) {
    const i128 span = i128{r.shape()[d] - 1} * r.strides()[d];
    (span < 0 ? lo : hi) += span;
  }
  const i128 byte_off = i128{static_cast<i64>(reinterpret_cast<std::uintptr_t>(r.data()))} -
                        i128{static_cast<i64>(reinterpret_cast<std::uintptr_t>(base.ptr))};
  require(byte_off % static_cast<i128>(sizeof(T)) == 0, "data() is not element-aligned within its buffer");
  const i128 off = byte_off / static_cast<i128>(sizeof(T));
  if (off + lo < 0 || off + hi >= base.len) {
    log("  offset %lld, element span [%lld, %lld], base length %lld\n", static_cast<long long>(off),
        static_cast<long long>(lo), static_cast<long long>(hi), static_cast<long long>(base.len));
    fail("a view's elements lie outside its base buffer");
  }
}

template <class T>
XP_FUZZ_NO_COVERAGE i64 element_offset(const xp::ndarray<T>& r, const std::vector<i64>& idx) {
  i128 off = 0;
  for (std::size_t d = 0; d < idx.size(); ++d) off += i128{idx[d]} * r.strides()[d];
  return static_cast<i64>(off);  // in range: check_layout bounded every element
}

// Every element of r (read through data()/strides(), and through copy()) equals the model.
template <class T>
XP_FUZZ_NO_COVERAGE bool same_values(const xp::ndarray<T>& r, const Model& m) {
  if (r.shape() != m.shape) return false;
  if (m.vals.empty()) return true;
  std::vector<i64> idx(m.shape.size(), 0);
  std::size_t k = 0;
  do {
    if (r.data()[element_offset(r, idx)] != static_cast<T>(m.vals[k++])) return false;
  } while (next_index(idx, m.shape));
  return true;
}

template <class T>
XP_FUZZ_NO_COVERAGE void check_copy(const xp::ndarray<T>& r, const Model& m) {
  std::optional<xp::ndarray<T>> c;
  try {
    c = r.copy();
  } catch (const xp::value_error&) {
    require(r.ndim() > kKernelRank, "copy() threw for an array of low rank");
    return;
  }
  require(c->shape() == m.shape, "copy() changed the shape");
  if (m.vals.empty()) return;
  require(c->is_contiguous(), "copy() is not contiguous");
  const std::vector<i64> want = c_strides(m.shape);
  for (std::size_t d = 0; d < m.shape.size(); ++d)  // the stride of a length-1 axis is free
    require(m.shape[d] == 1 || c->strides()[d] == want[d], "copy() does not have C strides");
  for (std::size_t k = 0; k < m.vals.size(); ++k)
    require(c->data()[k] == static_cast<T>(m.vals[k]), "copy() differs from the view it copied");
}

enum class Result { view, maybe_copy, copy };

template <class T>
bool error_kind_ok(const xp::error& e, bool shape_op) {
  if (dynamic_cast<const xp::value_error*>(&e) || dynamic_cast<const xp::shape_error*>(&e)) return true;
  return !shape_op && dynamic_cast<const xp::index_error*>(&e);
}

// Runs one xp operation and holds its outcome against the model's.
template <class T, class Call>
void apply(State<T>& st, const Expect& ex, Result kind, bool shape_op, const char* name, Call&& call) {
  std::optional<xp::ndarray<T>> res;
  try {
    res.emplace(call());
  } catch (const xp::error& e) {
    log("  -> %s threw: %s\n", name, e.what());
    require(error_kind_ok<T>(e, shape_op), "an operation threw an unexpected kind of xp::error");
    if (!ex.may_throw) fail("xp threw for arguments the model accepts");
    return;
  }
  const xp::ndarray<T>& r = *res;
  log("  -> %s gave shape %s strides %s\n", name, str(r.shape()).c_str(), str(r.strides()).c_str());
  if (!ex.may_succeed) fail("xp accepted arguments the model rejects");

  Base<T> base = st.base;
  const bool shared = r.buffer() == st.a.buffer();
  const ShapeInfo k = info(r.shape());
  const bool empty = k.zero;
  if (kind == Result::view) require(shared, "a view does not share its source's buffer");
  if (kind == Result::copy) require(empty || !shared, "copy() shares its source's buffer");
  if (!shared && !empty) {  // a fresh allocation: C order from its start
    require(r.data() == r.buffer().get(), "a fresh array does not start at its buffer");
    require(r.is_contiguous(), "a fresh array is not contiguous");
    base = {r.data(), r.size()};
  }
  check_layout(r, base);

  if (ex.models.empty()) return;  // validated by the caller (a large broadcast)
  const Model* match = nullptr;
  for (const Model& m : ex.models)
    if (same_values(r, m)) {
      match = &m;
      break;
    }
  if (!match) {
    log("  model shape %s\n", str(ex.models.front().shape).c_str());
    fail("a result's shape or values differ from the model (NumPy semantics)");
  }
  check_copy(r, *match);
  if (r.size() <= kMaxKept) st = State<T>{r, *match, base};
}

// ---- a(...) with 1..3 index arguments of any kind -----------------------------------------

template <class... A>
constexpr std::size_t n_ellipsis = (std::size_t{std::is_same_v<A, xp::ellipsis_t>} + ... + 0);

template <class T, class... Done>
xp::ndarray<T> index_call(const xp::ndarray<T>& a, const Arg* args, std::size_t n, const Done&... done) {
  if (n == 0) {
    if constexpr (sizeof...(Done) > 0 && n_ellipsis<Done...> <= 1) return a(done...);
    fail("index_call: bad argument list");
  }
  if constexpr (sizeof...(Done) < 3) {
    const Arg& x = *args;
    switch (x.kind) {
      case kInt:
        return index_call<T>(a, args + 1, n - 1, done..., x.i);
      case kUInt:
        return index_call<T>(a, args + 1, n - 1, done..., static_cast<std::size_t>(x.i));
      case kRange:
        return index_call<T>(a, args + 1, n - 1, done..., x.r);
      case kAll:
        return index_call<T>(a, args + 1, n - 1, done..., xp::all);
      case kNewaxis:
        return index_call<T>(a, args + 1, n - 1, done..., xp::newaxis);
      case kEllipsis:
        if constexpr (n_ellipsis<Done...> == 0) return index_call<T>(a, args + 1, n - 1, done..., xp::ellipsis);
        break;
    }
  }
  fail("index_call: bad argument list");
}

// ---- known xp bugs (reported) -------------------------------------------------------------
// Each guard skips one input class that crashes xp today, so that fuzzing can go on past it.
// Remove a guard once its bug is fixed; XP_FUZZ_NO_KNOWN_BUG_GUARDS turns them all off.
#ifdef XP_FUZZ_NO_KNOWN_BUG_GUARDS
constexpr bool kGuards = false;
#else
constexpr bool kGuards = true;
#endif

// True (and logged) when a guard for a reported bug skips the rest of this input.
[[maybe_unused]] bool known_bug(bool hit, const char* which) {
  if (!kGuards || !hit) return false;
  log("  skipped: KNOWN BUG (reported): %s\n", which);
  return true;
}

// ---- the driver ---------------------------------------------------------------------------

template <class T>
void run(Reader& in, const std::vector<i64>& base_shape) {
  const i64 n = info(base_shape).count();
  State<T> st{xp::arange<T>(static_cast<double>(n)).reshape(base_shape), {}, {}};
  st.m = build(base_shape, [&, flat = i64{0}](const std::vector<i64>&) mutable { return flat++; });
  st.base = {st.a.data(), n};
  log("base: %s %s\n", std::is_same_v<T, float> ? "float" : "int64", str(base_shape).c_str());
  {
    Expect ex = Expect::accept(st.m);
    State<T> copy = st;
    apply(copy, ex, Result::view, false, "base", [&] { return st.a; });
  }

  for (int op_no = 0; op_no < kMaxOps && in.more(); ++op_no) {
    const std::uint8_t op = in.byte();
    const unsigned variant = op / 16;
    const std::size_t nd = st.a.ndim();
    switch (op % 9) {
      case 0: {  // a(...)
        const std::size_t nargs = 1 + variant % 3;
        std::vector<Arg> args(nargs);
        bool have_ellipsis = false;
        std::string text;
        for (Arg& a : args) {
          a.kind = static_cast<Kind>(in.byte() % 6);
          if (a.kind == kEllipsis && have_ellipsis) a.kind = kAll;  // one ellipsis at most
          have_ellipsis = have_ellipsis || a.kind == kEllipsis;
          if (a.kind == kInt || a.kind == kUInt) a.i = in.value();
          if (a.kind == kRange) {
            a.r.start = in.value();
            a.r.stop = in.value();
            a.r.step = in.value();
          }
          text += (text.empty() ? "" : ", ") + describe(a);
        }
        log("op %d: a(%s)\n", op_no, text.c_str());
        unsigned n_none_steps = 0;
        for (const Arg& a : args) n_none_steps += a.kind == kRange && a.r.step == xp::none;
        Expect ex;
        for (unsigned v = 0; v < (1u << n_none_steps); ++v) {
          auto m = ref_index(st.m, args, v);
          if (m) {
            ex.may_succeed = true;
            ex.models.push_back(std::move(*m));
          } else {
            ex.may_throw = true;
          }
        }
        if (n_none_steps > 0) ex.may_throw = true;  // a step of xp::none may also be refused
        apply(st, ex, Result::view, false, "index", [&] { return index_call<T>(st.a, args.data(), args.size()); });
        break;
      }
      case 1:    // reshape
      case 8: {  // ravel
        const bool ravel = op % 9 == 8;
        const std::vector<i64> s = ravel ? std::vector<i64>{-1} : in.values(in.byte() % 7);
        log("op %d: %s\n", op_no, ravel ? "ravel()" : ("reshape" + str(s)).c_str());
        Expect ex = ref_reshape(st.m, s, sizeof(T));
        if (nd > kKernelRank && !st.a.is_contiguous()) ex.may_throw = true;  // its copy may be refused
        apply(st, ex, Result::maybe_copy, true, "reshape", [&] { return ravel ? st.a.ravel() : st.a.reshape(s); });
        break;
      }
      case 2: {  // broadcast_to
        const std::vector<i64> s = in.values(in.byte() % 9);
        log("op %d: broadcast_to%s\n", op_no, str(s).c_str());
        bool big = false;
        const Expect ex = ref_broadcast(st.m, s, sizeof(T), big);
        State<T> before = st;
        apply(st, ex, Result::view, true, "broadcast_to", [&] { return xp::broadcast_to(st.a, s); });
        if (big) {  // large and valid: xp must give a view; compare a few of its elements
          std::optional<xp::ndarray<T>> r;
          try {
            r.emplace(xp::broadcast_to(before.a, s));
          } catch (const xp::error&) {
            break;  // apply() has judged the throw
          }
          require(r->shape() == s, "broadcast_to gave another shape");
          const std::size_t lead = s.size() - before.m.shape.size();
          auto probe = [&](const std::vector<i64>& o) {
            std::vector<i64> src(before.m.shape.size());
            for (std::size_t d = 0; d < src.size(); ++d) src[d] = before.m.shape[d] == 1 ? 0 : o[lead + d];
            require(r->data()[element_offset(*r, o)] == static_cast<T>(before.m.at(src)),
                    "a broadcast element differs from the model");
          };
          if (info(s).count() > 0) {
            std::vector<i64> o(s.size(), 0);
            probe(o);
            for (std::size_t d = 0; d < s.size(); ++d) {
              o[d] = s[d] - 1;
              probe(o);
            }
          }
        }
        break;
      }
      case 3: {  // transpose
        if (variant & 1) {
          log("op %d: transpose(a)\n", op_no);
          std::vector<i64> rev(nd);
          for (std::size_t i = 0; i < nd; ++i) rev[i] = static_cast<i64>(nd - 1 - i);
          apply(st, ref_transpose(st.m, rev), Result::view, false, "transpose", [&] { return xp::transpose(st.a); });
        } else {
          const std::vector<i64> axes = in.values(in.byte() % 8);
          log("op %d: transpose(a, %s)\n", op_no, str(axes).c_str());
          apply(st, ref_transpose(st.m, axes), Result::view, false, "transpose",
                [&] { return xp::transpose(st.a, axes); });
        }
        break;
      }
      case 4: {  // squeeze
        if (variant & 1) {
          log("op %d: squeeze(a)\n", op_no);
          apply(st, ref_squeeze(st.m, std::nullopt), Result::view, false, "squeeze", [&] { return xp::squeeze(st.a); });
        } else {
          const i64 axis = in.value();
          log("op %d: squeeze(a, %lld)\n", op_no, static_cast<long long>(axis));
          apply(st, ref_squeeze(st.m, axis), Result::view, false, "squeeze", [&] { return xp::squeeze(st.a, axis); });
        }
        break;
      }
      case 5: {  // expand_dims
        const i64 axis = in.value();
        log("op %d: expand_dims(a, %lld)\n", op_no, static_cast<long long>(axis));
        apply(st, ref_expand_dims(st.m, axis), Result::view, false, "expand_dims",
              [&] { return xp::expand_dims(st.a, axis); });
        break;
      }
      case 6: {  // copy
        log("op %d: copy()\n", op_no);
        Expect ex = Expect::accept(st.m);
        ex.may_throw = nd > kKernelRank;
        apply(st, ex, Result::copy, false, "copy", [&] { return st.a.copy(); });
        break;
      }
      case 7: {  // sum
        log("op %d: sum()\n", op_no);
        double want = 0, scale = 0;
        for (i64 v : st.m.vals) {
          want += static_cast<double>(static_cast<T>(v));
          scale += std::fabs(static_cast<double>(static_cast<T>(v)));
        }
        try {
          const auto s = xp::sum(st.a);
          require(s.ndim() == 0 && s.size() == 1, "sum() is not 0-d");
          const double got = static_cast<double>(s.item());
          log("  -> sum %.17g (model %.17g)\n", got, want);
          if constexpr (std::is_same_v<T, float>) {
            require(std::fabs(got - want) <= 1e-5 * scale + 1e-3, "sum() differs from the model");
          } else {
            require(got == want, "sum() differs from the model");
          }
        } catch (const xp::value_error& e) {
          log("  -> sum threw: %s\n", e.what());
          require(nd > kKernelRank, "sum() threw for an array of low rank");
        }
        break;
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("OMP_NUM_THREADS", "1", 0);  // deterministic coverage; OpenMP reads it on first use
  g_verbose = std::getenv("XP_FUZZ_VERBOSE") != nullptr;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Reader in{data, size};
  const std::uint8_t head = in.byte();
  const bool is_float = head & 1;
  std::vector<i64> shape((head >> 1) % 6);
  for (i64& d : shape) d = in.byte() % 8;
  if (info(shape).count() > kMaxElements) return 0;  // cannot happen with extents < 8; kept as the rule
  if (is_float) run<float>(in, shape);
  else run<std::int64_t>(in, shape);
  return 0;
}
