// The host backend's iteration (issue 31) over every layout class, against NumPy 1.24's goldens
// (tests/golden/iteration/host_iteration.npz, written by tests/golden/make_golden_host_iteration.py)
// and float64 references: contiguous, strided (steps 2 and 3), negative strides, transposed,
// broadcast on each axis, 0-d, empty (a zero-length leading, middle or trailing axis), more than 8
// axes, overlapping in-place updates, short and long inner axes, odd sizes; for elementwise
// expressions, unary functions, compound and view assignment, casts, copies, the reductions and
// the arg-reductions along each axis, several axes and all. The goldens of an elementwise
// operation on a view are NumPy's result on the whole parent, viewed the same way. Expected
// values are read by walking the strides here (`walk`), never through xp's copy.
//
// Host only: the layouts are the host iteration's; the device suite has its own.
#include "dtype_support.hpp"

#if !defined(XP_TEST_CUDA)

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

using namespace xp_test;
using xp::index_t;
using H = xp::host;

namespace {

constexpr index_t N = xp::none;

const xp::npz_file& archive() {
  static const xp::npz_file z = xp::load_npz(std::string(XP_GOLDEN_DIR) + "/iteration/host_iteration.npz");
  return z;
}
template <class T>
xp::ndarray<T, H> golden_of(const std::string& name) {
  return archive().template get<T>(name);
}
template <class T>
std::string code() {
  return std::string(xp::dtype::of<T>().npy_code());
}

/// The elements of a host array in C order, read by walking its shape and strides.
template <class T>
std::vector<T> walk(const xp::ndarray<T, H>& a) {
  std::vector<T> out;
  const index_t n = a.size();
  out.reserve(static_cast<std::size_t>(n));
  const std::size_t nd = a.ndim();
  std::vector<index_t> idx(nd, 0);
  for (index_t k = 0; k < n; ++k) {
    index_t off = 0;
    for (std::size_t d = 0; d < nd; ++d) off += idx[d] * a.strides()[d];
    out.push_back(a.data()[off]);
    for (std::size_t d = nd; d-- > 0;) {
      if (++idx[d] < a.shape()[d]) break;
      idx[d] = 0;
    }
  }
  return out;
}
/// The offsets (in elements, from `base`) of a view's elements, in C order.
template <class T>
std::vector<index_t> offsets(const xp::ndarray<T, H>& v, const T* base) {
  std::vector<index_t> out;
  const std::size_t nd = v.ndim();
  std::vector<index_t> idx(nd, 0);
  const index_t start = v.data() - base;
  for (index_t k = 0; k < v.size(); ++k) {
    index_t off = start;
    for (std::size_t d = 0; d < nd; ++d) off += idx[d] * v.strides()[d];
    out.push_back(off);
    for (std::size_t d = nd; d-- > 0;) {
      if (++idx[d] < v.shape()[d]) break;
      idx[d] = 0;
    }
  }
  return out;
}

/// A new C-contiguous array of a view's values, made by walking (not through xp's copy).
template <class T>
xp::ndarray<T, H> packed_copy(const xp::ndarray<T, H>& v) {
  auto out = xp::empty<T, H>(v.shape());
  const auto w = walk(v);
  std::copy(w.begin(), w.end(), out.data());
  return out;
}

/// |got - want| <= rel * |want| + abs for floats (NaN only where want is NaN, infinities exactly);
/// equality for everything else.
template <class T>
bool near(T g, T w, double rel, double abs) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(w)) return std::isnan(g);
    if (std::isinf(w)) return g == w;
    return std::abs(double(g) - double(w)) <= rel * std::abs(double(w)) + abs;
  } else {
    return g == w;
  }
}
template <class T>
void compare_values(const std::vector<T>& got, const std::vector<T>& want, double rel, double abs) {
  REQUIRE(got.size() == want.size());
  int bad = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (!near(got[i], want[i], rel, abs) && ++bad <= 5)
      FAIL_CHECK("flat index " << i << ": got " << show(got[i]) << ", want " << show(want[i]));
  }
  CHECK(bad == 0);
}
/// Same shape and values as `want` (a golden, or a view of one).
template <class T>
void expect(const std::string& what, const xp::ndarray<T, H>& got, const xp::ndarray<T, H>& want, double rel = 0,
            double abs = 0) {
  INFO(what);
  REQUIRE(xp::to_string(got.shape()) == xp::to_string(want.shape()));
  compare_values(walk(got), walk(want), rel, abs);
}
template <class T>
void expect_values(const std::string& what, const xp::ndarray<T, H>& got, const xp::shape_type& shape,
                   const std::vector<T>& want, double rel = 0, double abs = 0) {
  INFO(what);
  REQUIRE(xp::to_string(got.shape()) == xp::to_string(shape));
  compare_values(walk(got), want, rel, abs);
}

// ---- the layouts, one for one with make_golden_host_iteration.py's LAYOUT2 / LAYOUT3 ----------
constexpr const char* layout2_names[] = {"contig", "step", "neg0", "neg1", "negstep", "trans", "mixed"};
constexpr int layout2_count = 7;
template <class T>
xp::ndarray<T, H> layout2(int id, const xp::ndarray<T, H>& a) {
  switch (id) {
    case 0:
      return a;
    case 1:
      return a(xp::range(N, N, 2), xp::range(N, N, 3));
    case 2:
      return a(xp::range(N, N, -1));
    case 3:
      return a(xp::all, xp::range(N, N, -1));
    case 4:
      return a(xp::range(N, N, -3), xp::range(N, N, -2));
    case 5:
      return xp::transpose(a);
    default:
      return xp::transpose(a(xp::range(1, N, 2), xp::range(N, N, -1)));
  }
}
constexpr const char* layout3_names[] = {"c3", "perm3", "step3"};
constexpr int layout3_count = 3;
template <class T>
xp::ndarray<T, H> layout3(int id, const xp::ndarray<T, H>& a) {
  switch (id) {
    case 0:
      return a;
    case 1:
      return xp::transpose(a, {2, 0, 1});
    default:
      return a(xp::range(N, N, -1), xp::range(N, N, 2), xp::range(1, N, 3));
  }
}

xp::shape_type reduced_shape(const xp::shape_type& s, const xp::axes_t& axes, bool keepdims = false) {
  std::vector<bool> red(s.size(), axes.all());
  if (!axes.all())
    for (index_t a : axes.list()) red[static_cast<std::size_t>(a < 0 ? a + index_t(s.size()) : a)] = true;
  xp::shape_type out;
  for (std::size_t d = 0; d < s.size(); ++d) {
    if (!red[d]) out.push_back(s[d]);
    else if (keepdims) out.push_back(1);
  }
  return out;
}
index_t reduced_count(const xp::shape_type& s, const xp::axes_t& axes) {
  index_t n = 1;
  for (std::size_t d = 0; d < s.size(); ++d) {
    bool red = axes.all();
    if (!axes.all())
      for (index_t a : axes.list()) red = red || (a < 0 ? a + index_t(s.size()) : a) == index_t(d);
    if (red) n *= s[d];
  }
  return n;
}
std::string axes_name(const xp::axes_t& axes) {
  if (axes.all()) return "all axes";
  std::ostringstream o;
  o << "axes";
  for (index_t a : axes.list()) o << ' ' << a;
  return o.str();
}

/// One packed golden member: row r holds a reduction's results over each of `axes`, raveled
/// and concatenated (make_golden_host_iteration.py's `pack`). `check` compares the next row.
template <class R>
struct packed {
  xp::ndarray<R, H> rows;
  xp::shape_type shape;  // the operand's shape
  std::vector<xp::axes_t> axes;
  index_t row = 0;

  packed(const std::string& name, xp::shape_type s, std::vector<xp::axes_t> ax)
      : rows(golden_of<R>(name)), shape(std::move(s)), axes(std::move(ax)) {}

  /// f(axes) for each axes; within rel * |want| + (abs + abs_per_value * n) of the golden, n the
  /// count of values reduced into each result.
  template <class F>
  void check(const std::string& what, F f, double rel = 0, double abs = 0, double abs_per_value = 0) {
    REQUIRE(row < rows.shape()[0]);
    const std::vector<R> want = walk(xp::ndarray<R, H>(rows(row++)));
    std::size_t pos = 0;
    for (const auto& ax : axes) {
      INFO(what << " over " << axes_name(ax) << " of " << xp::to_string(shape));
      const xp::ndarray<R, H> got = f(ax);
      const auto expect_shape = reduced_shape(shape, ax);
      CHECK(xp::to_string(got.shape()) == xp::to_string(expect_shape));
      const auto g = walk(got);
      REQUIRE(pos + g.size() <= want.size());
      compare_values(g, std::vector<R>(want.begin() + long(pos), want.begin() + long(pos + g.size())), rel,
                     abs + abs_per_value * double(reduced_count(shape, ax)));
      pos += g.size();
    }
    CHECK(pos == want.size());
  }
  void done() const { CHECK(row == rows.shape()[0]); }
};

template <class T>
constexpr double eps = std::numeric_limits<T>::epsilon();

/// Reproducible values in [lo, hi) with a 24-bit fraction (exact in float and double).
template <class T>
xp::ndarray<T, H> uniform(const xp::shape_type& shape, unsigned seed, double lo, double hi) {
  std::mt19937 gen(seed);
  auto a = xp::empty<T, H>(shape);
  for (index_t i = 0; i < a.size(); ++i) a.data()[i] = static_cast<T>(lo + (hi - lo) * double(gen() >> 8) * 0x1p-24);
  return a;
}

/// `compute()` either gives NumPy's result (`check` compares it) or throws xp::value_error for
/// more than XP_MAX_KERNEL_RANK non-mergeable dimensions (today's limit; NumPy has none below 32).
template <class F, class G>
void golden_or_rank_error(const std::string& what, F compute, G check, std::vector<std::string>& refused) {
  INFO(what);
  bool threw = false;
  try {
    const auto r = compute();
    check(r);
  } catch (const xp::value_error& e) {
    threw = true;
    CHECK(std::string(e.what()).find("non-mergeable") != std::string::npos);
  }
  if (threw) refused.push_back(what);
}

}  // namespace

// ================================ elementwise =====================================================

TEST_CASE_TEMPLATE("host iteration: elementwise, copies, casts and assignment over every 2-D and 3-D layout", T, float,
                   double) {
  using O = std::conditional_t<std::is_same_v<T, float>, double, float>;  // the other float type
  const std::string c = code<T>();
  const auto P = golden_of<T>("p_" + c), Q = golden_of<T>("q_" + c);
  const auto add = golden_of<T>("add_" + c), mul = golden_of<T>("mul_" + c), fused = golden_of<T>("fused_" + c);
  const auto sin = golden_of<T>("sin_" + c), exp = golden_of<T>("exp_" + c), sq = golden_of<T>("sqrtabs_" + c);
  const double e = eps<T>;
  for (int id = 0; id < layout2_count; ++id) {
    INFO("layout " << layout2_names[id]);
    const auto p = layout2(id, P), q = layout2(id, Q);
    expect("p + q", xp::eval(p + q), layout2(id, add));
    expect("p * q", xp::eval(p * q), layout2(id, mul));
    expect("(p - q) * p / (q * q + 1)", xp::eval((p - q) * p / (q * q + T(1))), layout2(id, fused), 4 * e, e);
    expect("sin(p)", xp::eval(xp::sin(p)), layout2(id, sin), 4 * e, 4 * e);
    expect("exp(p)", xp::eval(xp::exp(p)), layout2(id, exp), 4 * e, 4 * e);
    expect("sqrt(abs(p))", xp::eval(xp::sqrt(xp::abs(p))), layout2(id, sq), e, 0);
    expect("p.copy()", p.copy(), p);
    {  // a cast is exact both ways (float -> double exactly, double -> float rounded once)
      std::vector<O> want;
      for (T v : walk(p)) want.push_back(static_cast<O>(v));
      expect_values("p.astype<other float>()", p.template astype<O>(), p.shape(), want);
    }
    const auto pv = walk(P);
    auto through_view = [&](const xp::ndarray<T, H>& work, const xp::ndarray<T, H>& view, std::vector<T> base,
                            const xp::ndarray<T, H>& golden) {
      const auto g = walk(golden);
      for (index_t off : offsets(view, work.data())) base[std::size_t(off)] = g[std::size_t(off)];
      expect_values("the parent after writing through the view", work, P.shape(), base);
    };
    {
      auto work = P.copy();
      auto v = layout2(id, work);
      v += q;
      INFO("view += q");
      through_view(work, v, pv, add);
    }
    {
      auto work = P.copy();
      auto v = layout2(id, work);
      v *= q;
      INFO("view *= q");
      through_view(work, v, pv, mul);
    }
    {
      auto work = xp::zeros<T, H>(P.shape());
      layout2(id, work) = q;  // a view assigned into a view
      INFO("view = view");
      through_view(work, layout2(id, work), std::vector<T>(pv.size(), T(0)), Q);
    }
    {
      auto work = xp::zeros<T, H>(P.shape());
      layout2(id, work) = p * q;  // an expression written through a strided destination
      INFO("view = p * q");
      through_view(work, layout2(id, work), std::vector<T>(pv.size(), T(0)), mul);
    }
  }
  {  // operands of different layouts in one expression: P.T + Q[::-1].T, against the values added here
    const auto a = xp::transpose(P), b = xp::transpose(Q(xp::range(N, N, -1)));
    const auto av = walk(a), bv = walk(b);
    std::vector<T> want;
    for (std::size_t i = 0; i < av.size(); ++i) want.push_back(av[i] + bv[i]);
    expect_values("P.T + Q[::-1].T", xp::eval(a + b), a.shape(), want);
  }
  const auto P3 = golden_of<T>("p3_" + c), Q3 = golden_of<T>("q3_" + c), fused3 = golden_of<T>("fused3_" + c);
  for (int id = 0; id < layout3_count; ++id) {
    INFO("layout " << layout3_names[id]);
    const auto p = layout3(id, P3), q = layout3(id, Q3);
    expect("3-D (p - q) * p / (q * q + 1)", xp::eval((p - q) * p / (q * q + T(1))), layout3(id, fused3), 4 * e, e);
    expect("3-D p.copy()", p.copy(), p);
    auto work = xp::zeros<T, H>(P3.shape());
    layout3(id, work) = (p - q) * p / (q * q + T(1));
    auto base = std::vector<T>(std::size_t(P3.size()), T(0));
    const auto g = walk(fused3);
    for (index_t off : offsets(layout3(id, work), work.data())) base[std::size_t(off)] = g[std::size_t(off)];
    expect_values("3-D expression through the view", work, P3.shape(), base, 4 * e, e);
  }
}

TEST_CASE_TEMPLATE("host iteration: broadcasting on each axis, 0-d operands and broadcast assignment", T, float,
                   double) {
  const std::string c = code<T>();
  const auto P = golden_of<T>("p_" + c), Q = golden_of<T>("q_" + c), row = golden_of<T>("row_" + c),
             col = golden_of<T>("col_" + c), s = golden_of<T>("s_" + c), P3 = golden_of<T>("p3_" + c);
  REQUIRE(s.ndim() == 0);
  const auto bc_row = golden_of<T>("bc_row_" + c), bc_col = golden_of<T>("bc_col_" + c),
             bc_0d = golden_of<T>("bc_0d_" + c);
  expect("a + row", xp::eval(P + row), bc_row);
  expect("a - col", xp::eval(P - col), bc_col);
  expect("a * 0-d", xp::eval(P * s), bc_0d);
  expect("a * scalar", xp::eval(P * s.item()), bc_0d);
  expect("col * row", xp::eval(col * row), golden_of<T>("bc_outer_" + c));
  expect("(n, 1) * (1, m)", xp::eval(col * row.reshape({1, row.shape()[0]})), golden_of<T>("bc_outer_" + c));
  expect("a[::2, ::-3] + row[::-3]", xp::eval(P(xp::range(N, N, 2), xp::range(N, N, -3)) + row(xp::range(N, N, -3))),
         golden_of<T>("bc_step_" + c));
  // 3-D, broadcast along the last, the middle and the first axis (the operands are views of P3)
  expect("a3 + last", xp::eval(P3 + P3(0, 0, xp::all)), golden_of<T>("bc3_last_" + c));
  expect("a3 * middle", xp::eval(P3 * P3(0, xp::all, xp::range(N, 1))), golden_of<T>("bc3_mid_" + c));
  expect("a3 - first", xp::eval(P3 - P3(xp::all, xp::range(N, 1), xp::range(N, 1))), golden_of<T>("bc3_first_" + c));
  {  // a zero-stride array (np.broadcast_to), not an expression: copied, added, reduced
    const auto rows = P.shape()[0], cols = P.shape()[1];
    const auto b = xp::broadcast_to(row, P.shape());
    const auto rv = walk(row);
    std::vector<T> want;
    for (index_t i = 0; i < rows; ++i) want.insert(want.end(), rv.begin(), rv.end());
    expect_values("broadcast_to(row).copy()", b.copy(), P.shape(), want);
    expect("broadcast_to(row) + a", xp::eval(b + P), bc_row);
    std::vector<T> sums;
    for (T x : rv) sums.push_back(T(double(x) * double(rows)));
    expect_values("sum(broadcast_to(row), 0)", xp::sum(b, {0}), {cols}, sums, 16 * eps<T>, 0);
    expect_values("argmax(broadcast_to(row), 0): all tied", xp::argmax(b, {0}), {cols},
                  std::vector<std::int64_t>(std::size_t(cols), 0));
    const auto best = std::int64_t(std::max_element(rv.begin(), rv.end()) - rv.begin());
    expect_values("argmax(broadcast_to(row), 1)", xp::argmax(b, {1}), {rows},
                  std::vector<std::int64_t>(std::size_t(rows), best));
  }
  // compound assignment of broadcast operands
  {
    auto w = P.copy();
    w += row;
    expect("a += row", w, bc_row);
    w = P.copy();
    w -= col;
    expect("a -= col", w, bc_col);
    w = P.copy();
    w *= s;
    expect("a *= 0-d", w, bc_0d);
    w = P.copy();
    w(xp::range(N, N, 2)) -= col(xp::range(N, N, 2));  // even rows from bc_col, odd rows unchanged
    auto want = walk(P);
    const auto g = walk(bc_col);
    for (std::size_t i = 0; i < want.size(); i += 2 * std::size_t(P.shape()[1]))
      std::copy(g.begin() + long(i), g.begin() + long(i) + P.shape()[1], want.begin() + long(i));
    expect_values("a[::2] -= col[::2]", w, P.shape(), want);
  }
  // view into view and broadcast assignment
  {
    auto w = xp::zeros<T, H>(P.shape());
    w(xp::range(N, N, 2), xp::range(N, N, -3)) = P(xp::range(N, N, -2), xp::range(N, N, 3));
    expect("w[::2, ::-3] = a[::-2, ::3]", w, golden_of<T>("vv_" + c));
    auto w64 = xp::zeros<double, H>(P.shape());
    w64(xp::range(N, N, 2), xp::range(N, N, -3)) = P(xp::range(N, N, -2), xp::range(N, N, 3));
    expect("float64 w[::2, ::-3] = a[::-2, ::3] (converting)", w64, golden_of<double>("vv_to_f8_" + c));
    auto wr = xp::zeros<T, H>(P.shape());
    wr(xp::range(1, N, 3), xp::all) = row;
    expect("w[1::3, :] = row", wr, golden_of<T>("vv_row_" + c));
  }
  // 0-d arrays: views of one element, a 0-d golden
  {
    const auto a0 = P(3, 4), b0 = Q(3, 4);
    REQUIRE(a0.ndim() == 0);
    expect("0-d + 0-d", xp::eval(a0 + b0), golden_of<T>("add_" + c)(3, 4));
    expect("sin(0-d)", xp::eval(xp::sin(a0)), golden_of<T>("sin_" + c)(3, 4), 4 * eps<T>, 4 * eps<T>);
    expect("0-d * 0-d array", xp::eval(a0 * s), bc_0d(3, 4));
    auto z = a0.copy();
    z += b0;
    expect("0-d += 0-d", z, golden_of<T>("add_" + c)(3, 4));
    expect("0-d copy", a0.copy(), a0);
    expect_values("0-d astype<int64>", a0.template astype<std::int64_t>(), {},
                  {static_cast<std::int64_t>(walk(a0)[0])});
    auto w = P.copy();
    w(xp::range(1, N, 2), xp::range(N, N, -1)) = s;  // a 0-d array broadcast into a strided view
    auto want = walk(P);
    for (std::size_t i = 1; i < std::size_t(P.shape()[0]); i += 2)
      for (std::size_t j = 0; j < std::size_t(P.shape()[1]); ++j) want[i * std::size_t(P.shape()[1]) + j] = s.item();
    expect_values("view = 0-d", w, P.shape(), want);
  }
}

TEST_CASE("host iteration: casts over every layout (float64 -> int32, int32 -> bool, bool -> float64)") {
  const auto C64 = golden_of<double>("c64");
  const auto C64_to_i4 = golden_of<std::int32_t>("c64_to_i4"), I32 = golden_of<std::int32_t>("i32");
  const auto I32_to_b = golden_of<bool>("i32_to_b");
  for (int id = 0; id < layout2_count; ++id) {
    INFO("layout " << layout2_names[id]);
    expect("float64 -> int32", layout2(id, C64).astype<std::int32_t>(), layout2(id, C64_to_i4));
    expect("int32 -> bool", layout2(id, I32).astype<bool>(), layout2(id, I32_to_b));
    std::vector<double> want;
    for (bool b : walk(layout2(id, I32_to_b))) want.push_back(b ? 1.0 : 0.0);
    expect_values("bool -> float64", layout2(id, I32_to_b).astype<double>(), layout2(id, I32_to_b).shape(), want);
    auto w = xp::zeros<std::int32_t, H>(C64.shape());
    layout2(id, w) = layout2(id, C64);  // a converting assignment through the view
    expect("int32 view = float64 view", layout2(id, w), layout2(id, C64_to_i4));
  }
}

// ================================ overlapping in-place updates ====================================

TEST_CASE("host iteration: overlapping in-place updates give NumPy's result (the right side read first)") {
  const auto V = golden_of<double>("ov_v"), M = golden_of<double>("ov_m"), S = golden_of<double>("ov_sq");
  const auto all = xp::all;
  auto a = V.copy();
  a(xp::range(1, N)) += a(xp::range(N, -1));
  expect("a[1:] += a[:-1]", a, golden_of<double>("ov_shift_add"));
  auto ai = V.astype<std::int64_t>();
  ai(xp::range(1, N)) += ai(xp::range(N, -1));
  expect("int64 a[1:] += a[:-1]", ai, golden_of<std::int64_t>("ov_shift_add_i8"));
  a = V.copy();
  a(xp::range(N, -1)) *= a(xp::range(1, N));
  expect("a[:-1] *= a[1:]", a, golden_of<double>("ov_shift_mul_back"));
  a = V.copy();
  a(xp::range(N, N, -1)) = a;
  expect("x[::-1] = x", a, golden_of<double>("ov_reverse"));
  a = V.copy();
  a(xp::range(2, N)) = a(xp::range(N, -2)) - a(xp::range(1, -1));
  expect("a[2:] = a[:-2] - a[1:-1]", a, golden_of<double>("ov_shift_expr"));

  auto m = M.copy();
  m(all, xp::range(1, N)) = m(all, xp::range(N, -1)) * 2.0;
  expect("a[:, 1:] = a[:, :-1] * 2", m, golden_of<double>("ov_cols"));
  m = M.copy();
  m(xp::range(1, N), all) += m(xp::range(N, -1), all);
  expect("a[1:, :] += a[:-1, :]", m, golden_of<double>("ov_rows"));
  m = M.copy();
  m(all, xp::range(N, N, -1)) *= m;
  expect("a[:, ::-1] *= a", m, golden_of<double>("ov_flip_mul"));
  m = M.copy();
  m(xp::range(N, -1, 2)) = m(xp::range(1, N, 2));
  expect("a[:-1:2] = a[1::2]", m, golden_of<double>("ov_interleave"));
  m = M.copy();
  m(xp::range(1, -1), xp::range(1, -1)) += 1.0;
  expect("a[1:-1, 1:-1] += 1", m, golden_of<double>("ov_interior"));
  m = M.copy();
  const auto in = xp::range(1, -1), lo = xp::range(N, -2), hi = xp::range(2, N);
  m(in, in) = (m(lo, in) + m(hi, in) + m(in, lo) + m(in, hi)) * 0.25;
  expect("Jacobi step a[1:-1, 1:-1] = (neighbours) * 0.25", m, golden_of<double>("ov_jacobi"));
  auto s = S.copy();
  s += xp::transpose(s);
  expect("a += a.T", s, golden_of<double>("ov_sym"));
  m = M.copy();
  m += m(0);
  expect("a += a[0] (a broadcast row of the output)", m, golden_of<double>("ov_add_row0"));
  m = M.copy();
  m -= m(all, xp::range(N, 1));
  expect("a -= a[:, :1] (a broadcast column of the output)", m, golden_of<double>("ov_sub_col0"));
  m = M.copy();
  m *= m(2, 3);
  expect("a *= a[2, 3] (a 0-d view of an updated element)", m, golden_of<double>("ov_mul_0d"));
  m = M.copy();
  m(xp::range(1, N)) = m(0);
  expect("a[1:] = a[0]", m, golden_of<double>("ov_bcast_row0"));
  s = S.copy();
  s(all) = xp::transpose(s);
  expect("a[:] = a.T", s, golden_of<double>("ov_transpose"));
}

// ================================ reductions ======================================================

TEST_CASE_TEMPLATE("host iteration: reductions over every layout along each axis and all axes", T, float, double) {
  const std::string c = code<T>();
  const double e = eps<T>;
  const auto P = golden_of<T>("p_" + c), Q = golden_of<T>("q_" + c), K = golden_of<T>("k_" + c),
             KN = golden_of<T>("kn_" + c);
  const std::vector<xp::axes_t> axes2{xp::axes_t(0), xp::axes_t(1), xp::axes_t()};
  for (int id = 0; id < layout2_count; ++id) {
    const std::string l = layout2_names[id];
    INFO("layout " << l);
    const auto p = layout2(id, P), q = layout2(id, Q);
    // |p| < 4: a sum of n values within 32 eps * 4n of NumPy's (both are pairwise-accurate)
    packed<T> r("r_" + l + "_p_" + c, p.shape(), axes2);
    r.check(
        "sum", [&](const xp::axes_t& ax) { return xp::sum(p, ax); }, 0, 0, 128 * e);
    r.check(
        "mean", [&](const xp::axes_t& ax) { return xp::mean(p, ax); }, 0, 128 * e);
    r.check(
        "std ddof 0", [&](const xp::axes_t& ax) { return xp::stddev(p, ax); }, 64 * e, 64 * e);
    r.check(
        "std ddof 1", [&](const xp::axes_t& ax) { return xp::stddev(p, ax, false, 1); }, 64 * e, 64 * e);
    r.check(
        "var ddof 0", [&](const xp::axes_t& ax) { return xp::var(p, ax); }, 64 * e, 64 * e);
    r.check(
        "var ddof 1", [&](const xp::axes_t& ax) { return xp::var(p, ax, false, 1); }, 64 * e, 64 * e);
    r.check(
        "prod", [&](const xp::axes_t& ax) { return xp::prod(p, ax); }, 1024 * e, 0);
    r.check(
        "sum(p * 2 + q)", [&](const xp::axes_t& ax) { return xp::sum(p * T(2) + q, ax); }, 0, 0, 384 * e);
    r.check(
        "max(sin(p) - q)", [&](const xp::axes_t& ax) { return xp::max(xp::sin(p) - q, ax); }, 0, 40 * e);
    r.done();
    for (const char* d : {"k", "kn"}) {  // small integers (ties), with NaN at a few places
      INFO("input " << d);
      const auto k = layout2(id, std::string(d) == "k" ? K : KN);
      packed<T> rv("r_" + l + "_" + d + "_" + c, k.shape(), axes2);
      rv.check("max", [&](const xp::axes_t& ax) { return xp::max(k, ax); });
      rv.check("min", [&](const xp::axes_t& ax) { return xp::min(k, ax); });
      rv.done();
      packed<std::int64_t> ri("ri_" + l + "_" + d + "_" + c, k.shape(), axes2);
      ri.check("argmax", [&](const xp::axes_t& ax) { return xp::argmax(k, ax); });
      ri.check("argmin", [&](const xp::axes_t& ax) { return xp::argmin(k, ax); });
      ri.done();
    }
    // keepdims and a negative axis: the same values, the kept axis of length 1
    const auto sums = walk(xp::sum(p, {1}));
    expect_values("sum(p, -1, keepdims)", xp::sum(p, {-1}, true), {p.shape()[0], 1}, sums, 0,
                  128 * e * double(p.shape()[1]));
    expect_values("max(p, (0, 1), keepdims)", xp::max(p, {0, 1}, true), {1, 1}, walk(xp::max(p)));
    // out= of the result's shape
    auto o = xp::empty<T, H>({p.shape()[0]});
    xp::sum(p, {1}, false, xp::out(o));
    expect_values("sum(p, 1, out=)", o, {p.shape()[0]}, sums);
  }
  const auto P3 = golden_of<T>("p3_" + c);
  const std::vector<xp::axes_t> axes3{xp::axes_t(0), xp::axes_t(1), xp::axes_t(2), xp::axes_t{0, 2}, xp::axes_t()};
  const std::vector<xp::axes_t> axes3_one{xp::axes_t(0), xp::axes_t(1), xp::axes_t(2), xp::axes_t()};
  for (int id = 0; id < layout3_count; ++id) {
    const std::string l = layout3_names[id];
    INFO("layout " << l);
    const auto p = layout3(id, P3);
    packed<T> r("r_" + l + "_p3_" + c, p.shape(), axes3);
    r.check(
        "sum", [&](const xp::axes_t& ax) { return xp::sum(p, ax); }, 0, 0, 128 * e);
    r.check(
        "mean", [&](const xp::axes_t& ax) { return xp::mean(p, ax); }, 0, 128 * e);
    r.check(
        "std", [&](const xp::axes_t& ax) { return xp::stddev(p, ax); }, 64 * e, 64 * e);
    r.check(
        "var ddof 1", [&](const xp::axes_t& ax) { return xp::var(p, ax, false, 1); }, 64 * e, 64 * e);
    r.check("max", [&](const xp::axes_t& ax) { return xp::max(p, ax); });
    r.check("min", [&](const xp::axes_t& ax) { return xp::min(p, ax); });
    r.done();
    packed<std::int64_t> ri("ri_" + l + "_p3_" + c, p.shape(), axes3_one);
    ri.check("argmax", [&](const xp::axes_t& ax) { return xp::argmax(p, ax); });
    ri.check("argmin", [&](const xp::axes_t& ax) { return xp::argmin(p, ax); });
    ri.done();
    expect_values("sum(p3, (0, 2), keepdims)", xp::sum(p, {0, 2}, true), {1, p.shape()[1], 1}, walk(xp::sum(p, {0, 2})),
                  0, 0);
  }
  // reductions of broadcast operands
  const auto row = golden_of<T>("row_" + c), col = golden_of<T>("col_" + c), s = golden_of<T>("s_" + c);
  packed<T> rb("r_bc_" + c, P.shape(), axes2);
  rb.check(
      "sum(a + row)", [&](const xp::axes_t& ax) { return xp::sum(P + row, ax); }, 0, 0, 256 * e);
  rb.check(
      "sum(col - a)", [&](const xp::axes_t& ax) { return xp::sum(col - P, ax); }, 0, 0, 256 * e);
  rb.check(
      "sum(col * row)", [&](const xp::axes_t& ax) { return xp::sum(col * row, ax); }, 0, 0, 512 * e);
  rb.check("max(a * 0-d)", [&](const xp::axes_t& ax) { return xp::max(P * s, ax); });
  rb.done();
}

TEST_CASE("host iteration: any, all, count_nonzero and integer products over every layout") {
  const auto ZA = golden_of<double>("za"), ZB = golden_of<double>("zb");
  const auto IP = golden_of<std::int32_t>("ip");
  const std::vector<xp::axes_t> axes2{xp::axes_t(0), xp::axes_t(1), xp::axes_t()};
  for (int id = 0; id < layout2_count; ++id) {
    const std::string l = layout2_names[id];
    INFO("layout " << l);
    const auto za = layout2(id, ZA), zb = layout2(id, ZB);
    const auto ip = layout2(id, IP);
    packed<bool> rb("rb_" + l + "_z", za.shape(), axes2);
    rb.check("any(mostly zeros)", [&](const xp::axes_t& ax) { return xp::any(za, ax); });
    rb.check("all(mostly zeros)", [&](const xp::axes_t& ax) { return xp::all(za, ax); });
    rb.check("any(mostly nonzero)", [&](const xp::axes_t& ax) { return xp::any(zb, ax); });
    rb.check("all(mostly nonzero)", [&](const xp::axes_t& ax) { return xp::all(zb, ax); });
    rb.done();
    packed<std::int64_t> ri("ri_" + l + "_z", za.shape(), axes2);
    ri.check("count_nonzero(mostly zeros)", [&](const xp::axes_t& ax) { return xp::count_nonzero(za, ax); });
    ri.check("count_nonzero(mostly nonzero)", [&](const xp::axes_t& ax) { return xp::count_nonzero(zb, ax); });
    ri.check("prod of int32 (int64)", [&](const xp::axes_t& ax) { return xp::prod(ip, ax); });
    ri.check("sum of int32 (int64)", [&](const xp::axes_t& ax) { return xp::sum(ip, ax); });
    ri.done();
  }
}

// ================================ every dtype =====================================================

TEST_CASE_TEMPLATE("host iteration: copy, casts, sum, max and argmax of a strided view of every dtype", C,
                   XP_EVERY_DTYPE) {
  using T = typename C::type;
  using namespace xp::detail;
  const std::string c = code<T>();
  const auto D = golden_of<T>("dt_" + c + "_in");
  const auto v = D(xp::range(N, N, 2), xp::range(N, N, -3));  // (4, 5): strides (30, -3)
  const std::vector<xp::axes_t> axes2{xp::axes_t(0), xp::axes_t(1), xp::axes_t()};
  auto exact = [](const std::string& what, const auto& got, const auto& want) {
    INFO(what);
    REQUIRE(xp::to_string(got.shape()) == xp::to_string(want.shape()));
    const auto g = walk(got), w = walk(want);
    int bad = 0;
    for (std::size_t i = 0; i < g.size(); ++i)
      if (!close_value(g[i], w[i], 0) && ++bad <= 5)
        FAIL_CHECK("flat index " << i << ": got " << show(g[i]) << ", want " << show(w[i]));
    CHECK(bad == 0);
  };
  exact("copy", v.copy(), golden_of<T>("dt_" + c + "_copy"));
  if constexpr (is_complex_v<T>)
    exact("astype<complex128>", v.template astype<xp::complex128>(), golden_of<xp::complex128>("dt_" + c + "_cast"));
  else exact("astype<float64>", v.template astype<double>(), golden_of<double>("dt_" + c + "_cast"));
  const auto src = golden_of<double>(is_unsigned_integer_v<T> ? "dt_src_unsigned" : "dt_src_signed")(
      xp::range(N, N, 2), xp::range(N, N, -3));
  exact("float64 view astype<T>", src.template astype<T>(), golden_of<T>("dt_" + c + "_from_f8"));
  auto packed_exact = [&](const std::string& name, auto f) {
    using R = typename decltype(f(axes2[0]))::value_type;
    const auto want = walk(golden_of<R>(name));
    std::size_t pos = 0;
    for (const auto& ax : axes2) {
      const xp::ndarray<R, H> got = f(ax);
      INFO(name << " over " << axes_name(ax));
      CHECK(xp::to_string(got.shape()) == xp::to_string(reduced_shape(v.shape(), ax)));
      for (R g : walk(got)) {
        REQUIRE(pos < want.size());
        if (!close_value(g, want[pos], 0)) FAIL_CHECK("got " << show(g) << ", want " << show(want[pos]));
        ++pos;
      }
    }
    CHECK(pos == want.size());
  };
  packed_exact("dt_" + c + "_sum", [&](const xp::axes_t& ax) { return xp::sum(v, ax); });
  if constexpr (!is_complex_v<T>) {
    packed_exact("dt_" + c + "_max", [&](const xp::axes_t& ax) { return xp::max(v, ax); });
    packed_exact("dt_" + c + "_argmax", [&](const xp::axes_t& ax) { return xp::argmax(v, ax); });
  }
}

// ================================ empty, 0-d, more than 8 axes ====================================

TEST_CASE("host iteration: empty arrays (a zero-length leading, middle or trailing axis)") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const xp::shape_type& shape : {xp::shape_type{0, 5, 3}, xp::shape_type{4, 0, 3}, xp::shape_type{4, 5, 0}}) {
    INFO("shape " << xp::to_string(shape));
    const auto a = xp::zeros<double, H>(shape);
    CHECK(xp::eval(a + a).shape() == shape);
    CHECK(xp::eval(xp::sin(a(xp::range(N, N, -1)))).shape() == shape);
    CHECK(xp::transpose(a).copy().shape() == xp::shape_type{shape[2], shape[1], shape[0]});
    CHECK(a.astype<std::int32_t>().shape() == shape);
    CHECK(xp::eval(a + xp::zeros<double, H>({shape[2]})).shape() == shape);  // broadcast against an empty array
    auto w = a.copy();
    w += 1.0;
    w(xp::all, xp::range(N, N, -1)) = a(xp::range(N, N, -1)) * 0.0;
    CHECK(w.size() == 0);
    for (index_t ax = 0; ax < 3; ++ax) {
      INFO("axis " << ax);
      const auto out_shape = reduced_shape(shape, xp::axes_t(ax));
      const index_t out_size = out_shape[0] * out_shape[1];
      if (shape[std::size_t(ax)] == 0) {  // reducing the empty axis: identities, NaN, or an error
        expect_values("sum", xp::sum(a, {ax}), out_shape, std::vector<double>(std::size_t(out_size), 0.0));
        expect_values("prod", xp::prod(a, {ax}), out_shape, std::vector<double>(std::size_t(out_size), 1.0));
        expect_values("mean", xp::mean(a, {ax}), out_shape, std::vector<double>(std::size_t(out_size), nan));
        expect_values("std", xp::stddev(a, {ax}), out_shape, std::vector<double>(std::size_t(out_size), nan));
        expect_values("any", xp::any(a, {ax}), out_shape, std::vector<bool>(std::size_t(out_size), false));
        expect_values("all", xp::all(a, {ax}), out_shape, std::vector<bool>(std::size_t(out_size), true));
        expect_values("count_nonzero", xp::count_nonzero(a, {ax}), out_shape,
                      std::vector<std::int64_t>(std::size_t(out_size), 0));
        if (out_size > 0) {
          CHECK_THROWS_AS(xp::max(a, {ax}), xp::value_error);
          CHECK_THROWS_AS(xp::argmax(a, {ax}), xp::value_error);
        } else {  // nothing to reduce into: NumPy returns an empty result
          CHECK(xp::max(a, {ax}).shape() == out_shape);
          CHECK(xp::argmin(a, {ax}).shape() == out_shape);
        }
      } else {  // an empty result
        CHECK(xp::sum(a, {ax}).shape() == out_shape);
        CHECK(xp::max(a, {ax}).shape() == out_shape);
        CHECK(xp::argmax(a, {ax}).shape() == out_shape);
        CHECK(xp::stddev(a, {ax}, true).shape() == reduced_shape(shape, xp::axes_t(ax), true));
      }
    }
    CHECK(xp::sum(a).item() == 0.0);
    CHECK(xp::prod(a).item() == 1.0);
    CHECK(std::isnan(xp::mean(a).item()));
    CHECK(xp::count_nonzero(a).item() == 0);
    CHECK_FALSE(xp::any(a).item());
    CHECK(xp::all(a).item());
    CHECK_THROWS_AS(xp::max(a), xp::value_error);
    CHECK_THROWS_AS(xp::argmin(a), xp::value_error);
    CHECK(xp::sum(a, {0, 2}, true).shape() == xp::shape_type{1, shape[1], 1});
  }
}

TEST_CASE("host iteration: 0-d reductions") {
  const auto P = golden_of<double>("p_f8");
  const auto x = P(2, 7);
  const double v = walk(P)[2 * 25 + 7];
  CHECK(xp::sum(x).item() == v);
  CHECK(xp::max(x).item() == v);
  CHECK(xp::mean(x).item() == v);
  CHECK(xp::stddev(x).item() == 0.0);
  CHECK(xp::argmax(x).item() == 0);
  CHECK(xp::any(x).item());
  CHECK(xp::sum(x * 2.0 + 1.0).item() == v * 2.0 + 1.0);
  CHECK(xp::sum(x, {}, true).ndim() == 0);
}

TEST_CASE("host iteration: more than 8 axes (a 10-d array of extent 2)") {
  const auto X = golden_of<double>("x10");
  REQUIRE(X.ndim() == 10);
  const auto rv = xp::range(N, N, -1);
  const auto all = xp::all;
  const auto Xt = xp::transpose(X);                                  // no two axes merge
  const auto Xalt = X(rv, all, rv, all, rv, all, rv, all, rv, all);  // strides alternate in sign
  const auto sin = golden_of<double>("x10_sin");
  const double e = eps<double>;
  std::vector<std::string> refused;
  auto close = [&](const auto& want, double tol) {
    return [want, tol](const auto& got) { expect("result", got, want, tol, tol); };
  };
  golden_or_rank_error(
      "sin(x) contiguous", [&] { return xp::eval(xp::sin(X)); }, close(sin, 4 * e), refused);
  golden_or_rank_error(
      "sin(x.T)", [&] { return xp::eval(xp::sin(Xt)); }, close(xp::transpose(sin), 4 * e), refused);
  golden_or_rank_error(
      "x.T.copy()", [&] { return Xt.copy(); }, close(Xt, 0), refused);
  golden_or_rank_error(
      "x.T + x", [&] { return xp::eval(Xt + X); }, close(golden_of<double>("x10_t_plus"), 0), refused);
  golden_or_rank_error(
      "x[::-1, :, ::-1, ...] * 2 - x", [&] { return xp::eval(Xalt * 2.0 - X); },
      close(golden_of<double>("x10_alt_expr"), 0), refused);
  golden_or_rank_error(
      "x[::-1, :, ::-1, ...].copy()", [&] { return Xalt.copy(); }, close(Xalt, 0), refused);
  golden_or_rank_error(
      "w = x.copy(); w += x.T",
      [&] {
        auto w = X.copy();
        w += Xt;
        return w;
      },
      close(golden_of<double>("x10_t_plus"), 0), refused);
  golden_or_rank_error(
      "w.T[...] = x",
      [&] {
        auto w = xp::zeros<double, H>(X.shape());
        xp::transpose(w) = X;
        return w;
      },
      close(Xt, 0), refused);
  golden_or_rank_error(
      "sum(x, axis=0)", [&] { return xp::sum(X, {0}); }, close(golden_of<double>("x10_sum_0"), 8 * e), refused);
  golden_or_rank_error(
      "sum(x, axis=(1, 3, 5, 7, 9))",
      [&] {
        return xp::sum(X, {1, 3, 5, 7, 9});
      },
      close(golden_of<double>("x10_sum_odd_axes"), 64 * e), refused);
  golden_or_rank_error(
      "sum(x.T, axis=0)", [&] { return xp::sum(Xt, {0}); }, close(golden_of<double>("x10_t_sum_0"), 8 * e), refused);
  golden_or_rank_error(
      "sum(x.T)", [&] { return xp::sum(Xt); }, close(golden_of<double>("x10_t_sum_all"), 1024 * e), refused);
  golden_or_rank_error(
      "max(x[::-1, :, ::-1, ...], axis=3)", [&] { return xp::max(Xalt, {3}); },
      close(golden_of<double>("x10_alt_max_3"), 0), refused);
  golden_or_rank_error(
      "argmax(x.T)", [&] { return xp::argmax(Xt); }, close(golden_of<std::int64_t>("x10_t_argmax_all"), 0), refused);
  std::string list;
  for (const auto& r : refused) list += "\n  " + r;
  MESSAGE(refused.size() << " of 14 operations on a 10-d array threw xp::value_error (more than " << XP_MAX_KERNEL_RANK
                         << " non-mergeable dimensions; NumPy computes them):" << list);
  // The goldens of the refused ones, through layouts that merge to at most 8 dimensions today:
  // the same values made contiguous here, or the reduced axes moved last
  const auto Xtc = packed_copy(Xt), Xaltc = packed_copy(Xalt);
  expect("sin of contiguous x.T", xp::eval(xp::sin(Xtc)), xp::transpose(sin), 4 * e, 4 * e);
  expect("contiguous x.T + x", xp::eval(Xtc + X), golden_of<double>("x10_t_plus"));
  expect("contiguous x[::-1, :, ::-1, ...] * 2 - x", xp::eval(Xaltc * 2.0 - X), golden_of<double>("x10_alt_expr"));
  expect("sum(contiguous x.T, axis=0)", xp::sum(Xtc, {0}), golden_of<double>("x10_t_sum_0"), 8 * e, 8 * e);
  expect("sum(contiguous x.T)", xp::sum(Xtc), golden_of<double>("x10_t_sum_all"), 1024 * e, 1024 * e);
  expect("argmax(contiguous x.T)", xp::argmax(Xtc), golden_of<std::int64_t>("x10_t_argmax_all"));
  expect("max(contiguous x[::-1, :, ::-1, ...], axis=3)", xp::max(Xaltc, {3}), golden_of<double>("x10_alt_max_3"));
  const auto Xodd = packed_copy(xp::transpose(X, {0, 2, 4, 6, 8, 1, 3, 5, 7, 9}));
  expect("sum(x with the odd axes last, axis=(5, ..., 9))", xp::sum(Xodd, {5, 6, 7, 8, 9}),
         golden_of<double>("x10_sum_odd_axes"), 64 * e, 64 * e);
  // what merges to at most 8 dimensions works today and must keep working
  CHECK(std::find(refused.begin(), refused.end(), "sin(x) contiguous") == refused.end());
  CHECK(std::find(refused.begin(), refused.end(), "sum(x, axis=0)") == refused.end());
}

// ================================ long and short lines, odd sizes =================================

TEST_CASE_TEMPLATE("host iteration: short and long inner axes and odd sizes, against references computed here", T,
                   float, double) {
  const double e = eps<T>;
  const xp::shape_type shapes[] = {{100000, 3}, {3, 100003}, {7, 1025}, {1031, 1}, {1, 1031}, {17, 33}};
  unsigned seed = 1;
  for (const auto& shape : shapes) {
    INFO("shape " << xp::to_string(shape));
    const index_t r = shape[0], c = shape[1];
    const auto a = uniform<T>(shape, seed++, -4, 4), b = uniform<T>(shape, seed++, -4, 4);
    const auto row = uniform<T>({c}, seed++, -4, 4), col = uniform<T>({r, 1}, seed++, -4, 4);
    const auto at = uniform<T>({c, r}, seed++, -4, 4);
    const T* A = a.data();
    const T* Bv = b.data();
    const T* Rw = row.data();
    const T* Cl = col.data();
    const T* At = at.data();
    auto ref = [&](auto f) {
      std::vector<T> out(std::size_t(r * c));
      for (index_t i = 0; i < r; ++i)
        for (index_t j = 0; j < c; ++j) out[std::size_t(i * c + j)] = f(i, j);
      return out;
    };
    expect_values("a + b", xp::eval(a + b), shape,
                  ref([&](index_t i, index_t j) { return T(A[i * c + j] + Bv[i * c + j]); }));
    expect_values("a * row", xp::eval(a * row), shape,
                  ref([&](index_t i, index_t j) { return T(A[i * c + j] * Rw[j]); }));
    expect_values("col - a", xp::eval(col - a), shape,
                  ref([&](index_t i, index_t j) { return T(Cl[i] - A[i * c + j]); }));
    expect_values("a[:, ::-1] - b[::-1]", xp::eval(a(xp::all, xp::range(N, N, -1)) - b(xp::range(N, N, -1))), shape,
                  ref([&](index_t i, index_t j) { return T(A[i * c + (c - 1 - j)] - Bv[(r - 1 - i) * c + j]); }));
    expect_values("at.T * b", xp::eval(xp::transpose(at) * b), shape,
                  ref([&](index_t i, index_t j) { return T(At[j * r + i] * Bv[i * c + j]); }));
    expect_values("sin(a.T.T[:, ::-1])", xp::eval(xp::sin(a(xp::all, xp::range(N, N, -1)))), shape,
                  ref([&](index_t i, index_t j) { return T(std::sin(double(A[i * c + (c - 1 - j)]))); }), 4 * e, 4 * e);
    expect_values("exp(at.T)", xp::eval(xp::exp(xp::transpose(at))), shape,
                  ref([&](index_t i, index_t j) { return T(std::exp(double(At[j * r + i]))); }), 4 * e, 4 * e);
    expect_values("a.T.copy()", xp::transpose(a).copy(), {c, r}, [&] {
      std::vector<T> out;
      for (index_t j = 0; j < c; ++j)
        for (index_t i = 0; i < r; ++i) out.push_back(A[i * c + j]);
      return out;
    }());
    {
      auto w = a.copy();
      w(xp::all, xp::range(1, N)) += w(xp::all, xp::range(N, -1));  // overlapping along the inner axis
      expect_values("a[:, 1:] += a[:, :-1]", w, shape,
                    ref([&](index_t i, index_t j) { return j == 0 ? A[i * c] : T(A[i * c + j] + A[i * c + j - 1]); }));
      w = a.copy();
      w(xp::range(1, N), xp::all) = w(xp::range(N, -1), xp::all) * T(2);  // overlapping along the outer axis
      expect_values("a[1:] = a[:-1] * 2", w, shape,
                    ref([&](index_t i, index_t j) { return i == 0 ? A[j] : T(A[(i - 1) * c + j] * T(2)); }));
      w = a.copy();
      w *= col;
      expect_values("a *= col", w, shape, ref([&](index_t i, index_t j) { return T(A[i * c + j] * Cl[i]); }));
    }
    // reductions along each axis against float64 sums: within (16 + log2 n) eps of sum |x|; of the
    // array, of a reversed and strided view of it, and of a transposed one
    const xp::ndarray<T, H> views[] = {a, a(xp::range(N, N, -1), xp::range(N, N, 2)), xp::transpose(at)};
    const char* view_names[] = {"a", "a[::-1, ::2]", "at.T"};
    for (int vi = 0; vi < 3; ++vi) {
      const auto& x = views[vi];
      const auto xv = walk(x);
      const index_t xr = x.shape()[0], xc = x.shape()[1];
      for (int ax = 0; ax < 2; ++ax) {
        INFO(view_names[vi] << ", axis " << ax);
        const index_t n = ax == 0 ? xr : xc, m = ax == 0 ? xc : xr;
        auto at_ = [&](index_t o, index_t k) { return xv[std::size_t(ax == 0 ? k * xc + o : o * xc + k)]; };
        std::vector<T> sums, maxs;
        std::vector<std::int64_t> argmaxs, argmins;
        std::vector<double> tol;
        for (index_t o = 0; o < m; ++o) {
          double s = 0, sa = 0;
          index_t imax = 0, imin = 0;
          for (index_t k = 0; k < n; ++k) {
            const T v = at_(o, k);
            s += double(v);
            sa += std::abs(double(v));
            if (v > at_(o, imax)) imax = k;
            if (v < at_(o, imin)) imin = k;
          }
          sums.push_back(T(s));
          maxs.push_back(at_(o, imax));
          argmaxs.push_back(imax);
          argmins.push_back(imin);
          tol.push_back((16 + std::ceil(std::log2(double(n)))) * e * sa + e * std::abs(s));
        }
        const auto got = walk(xp::sum(x, {ax}));
        REQUIRE(got.size() == sums.size());
        int bad = 0;
        for (std::size_t o = 0; o < got.size(); ++o)
          if (!(std::abs(double(got[o]) - double(sums[o])) <= tol[o]) && ++bad <= 5)
            FAIL_CHECK("sum " << o << ": got " << got[o] << ", want " << sums[o]);
        CHECK(bad == 0);
        expect_values("max", xp::max(x, {ax}), {m}, maxs);
        expect_values("argmax", xp::argmax(x, {ax}), {m}, argmaxs);
        expect_values("argmin", xp::argmin(x, {ax}), {m}, argmins);
      }
    }
  }
}

TEST_CASE("host iteration: argmax/argmin ties and NaN along long axes (first index, first NaN)") {
  const index_t r = 1003, c = 517;
  auto a = uniform<float>({r, c}, 77, -1, 1);
  float* A = a.data();
  // every column's maximum 2 at three rows, every row's minimum -2 at three columns; NaN in a few lines
  for (index_t j = 0; j < c; ++j)
    for (index_t i : {(j * 7) % r, (j * 7 + 400) % r, (j * 7 + 900) % r}) A[i * c + j] = 2;
  for (index_t i = 0; i < r; ++i)
    for (index_t j : {(i * 5) % c, (i * 5 + 100) % c, (i * 5 + 300) % c}) A[i * c + j] = -2;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (index_t k : {index_t(5), index_t(6), index_t(300), index_t(1000)}) {
    A[k * c + (k * 3) % c] = nan;  // row k, one NaN; column (3k % c), one NaN
    A[k * c + (k * 3 + 250) % c] = nan;
  }
  for (int ax = 0; ax < 2; ++ax) {
    INFO("axis " << ax);
    const index_t n = ax == 0 ? r : c, m = ax == 0 ? c : r;
    auto at = [&](index_t o, index_t k) { return ax == 0 ? A[k * c + o] : A[o * c + k]; };
    std::vector<std::int64_t> amax, amin;
    for (index_t o = 0; o < m; ++o) {
      index_t imax = 0, imin = 0, inan = -1;
      for (index_t k = 0; k < n && inan < 0; ++k)
        if (std::isnan(at(o, k))) inan = k;
      for (index_t k = 1; k < n; ++k) {
        if (at(o, k) > at(o, imax)) imax = k;  // strictly greater: ties keep the first index
        if (at(o, k) < at(o, imin)) imin = k;
      }
      amax.push_back(inan >= 0 ? inan : imax);
      amin.push_back(inan >= 0 ? inan : imin);
    }
    expect_values("argmax", xp::argmax(a, {ax}), {m}, amax);
    expect_values("argmin", xp::argmin(a, {ax}), {m}, amin);
    // reversed along the reduced axis: the first index counts from the view's start
    const auto rev = ax == 0 ? a(xp::range(N, N, -1)) : a(xp::all, xp::range(N, N, -1));
    std::vector<std::int64_t> rmax;
    for (index_t o = 0; o < m; ++o) {
      index_t best = -1;
      for (index_t k = 0; k < n; ++k) {
        const float v = at(o, n - 1 - k);
        if (std::isnan(v)) {
          best = k;
          break;
        }
        if (best < 0 || v > at(o, n - 1 - best)) best = k;
      }
      rmax.push_back(best);
    }
    expect_values("argmax of the reversed view", xp::argmax(rev, {ax}), {m}, rmax);
  }
}

// ================================ accuracy ========================================================

TEST_CASE("host iteration: float32 sum, mean and std keep the pairwise bound (16 + ceil(log2 n)) eps sum|x|") {
  // 2^20 values in [0.5, 1.5) (mean 1): the bound of pairwise summation, which the host keeps
  const xp::shape_type shapes[] = {{1 << 16, 16}, {16, 1 << 16}, {1000003}};
  const double e = eps<float>;
  double worst_sum = 0, worst_mean = 0, worst_std = 0;  // |error| / (eps * scale), against the bound
  unsigned seed = 100;
  for (const auto& shape : shapes) {
    const auto a = uniform<float>(shape, seed++, 0.5, 1.5);
    const float* A = a.data();
    const index_t rows = shape[0], cols = shape.size() > 1 ? shape[1] : 1;
    std::vector<xp::axes_t> axes{xp::axes_t()};
    if (shape.size() > 1) axes = {xp::axes_t(0), xp::axes_t(1), xp::axes_t()};
    for (const auto& ax : axes) {
      INFO("shape " << xp::to_string(shape) << ", " << axes_name(ax));
      const bool along0 = !ax.all() && ax.list()[0] == 0, along1 = !ax.all() && ax.list()[0] == 1;
      const index_t m = along0 ? cols : along1 ? rows : 1;
      const index_t n = a.size() / m;
      std::vector<double> s(std::size_t(m), 0.0), sa(std::size_t(m), 0.0), ss(std::size_t(m), 0.0);
      auto out_of = [&](index_t i, index_t j) { return std::size_t(along0 ? j : along1 ? i : 0); };
      for (index_t i = 0; i < rows; ++i)
        for (index_t j = 0; j < cols; ++j) {
          const double v = A[i * cols + j];
          s[out_of(i, j)] += v;
          sa[out_of(i, j)] += std::abs(v);
        }
      for (index_t i = 0; i < rows; ++i)
        for (index_t j = 0; j < cols; ++j) {
          const double d = A[i * cols + j] - s[out_of(i, j)] / double(n);
          ss[out_of(i, j)] += d * d;
        }
      const double bound = 16 + std::ceil(std::log2(double(n)));
      const auto sum = walk(xp::sum(a, ax)), mean = walk(xp::mean(a, ax)), sd = walk(xp::stddev(a, ax));
      REQUIRE(sum.size() == std::size_t(m));
      int bad = 0;
      for (std::size_t o = 0; o < std::size_t(m); ++o) {
        const double rs = std::abs(sum[o] - s[o]) / (e * sa[o]);
        const double rm = std::abs(mean[o] - s[o] / double(n)) / (e * sa[o] / double(n));
        const double ref_sd = std::sqrt(ss[o] / double(n));
        const double rd = std::abs(sd[o] - ref_sd) / (e * ref_sd);
        worst_sum = std::max(worst_sum, rs / bound);
        worst_mean = std::max(worst_mean, rm / bound);
        worst_std = std::max(worst_std, rd / bound);
        if ((rs > bound || rm > bound || rd > bound) && ++bad <= 5)
          FAIL_CHECK("output " << o << " of n = " << n << ": sum " << sum[o] << " vs " << s[o] << ", mean " << mean[o]
                               << " vs " << s[o] / double(n) << ", std " << sd[o] << " vs " << ref_sd << " (errors "
                               << rs << ", " << rm << ", " << rd << " eps-scales; bound " << bound << ")");
      }
      CHECK(bad == 0);
    }
  }
  MESSAGE("float32 worst error / bound: sum " << worst_sum << ", mean " << worst_mean << ", std " << worst_std
                                              << " (1 = the bound)");
}

// ================================ bad input =======================================================

TEST_CASE("host iteration: bad axes, non-broadcastable assignment and out= of the wrong shape are typed errors") {
  const auto P = golden_of<double>("p_f8"), row = golden_of<double>("row_f8"), col = golden_of<double>("col_f8");
  const auto p = layout2(4, P);  // a strided, negative-stride view (5, 13)
  CHECK_THROWS_AS(xp::sum(p, {0, 0}), xp::value_error);
  CHECK_THROWS_AS(xp::sum(p, {1, -1}), xp::value_error);
  CHECK_THROWS_AS(xp::max(P, {0, 1, 0}), xp::value_error);
  CHECK_THROWS_AS(xp::sum(p, {2}), xp::index_error);
  CHECK_THROWS_AS(xp::mean(p, {-3}), xp::index_error);
  CHECK_THROWS_AS(xp::stddev(p, {0, 2}), xp::index_error);
  CHECK_THROWS_AS(xp::argmax(p, {0, 1}), xp::value_error);
  CHECK_THROWS_AS(xp::argmin(p, {5}), xp::index_error);
  auto w = P.copy();
  const auto before = walk(w);
  CHECK_THROWS_AS(w(xp::range(N, N, 2)) = P, xp::shape_error);        // (7, 25) <- (14, 25)
  CHECK_THROWS_AS(w(xp::range(N, N, 2)) = P * 2.0, xp::shape_error);  // an expression
  CHECK_THROWS_AS(w(xp::all, 0) = row, xp::shape_error);              // (14,) <- (25,)
  CHECK_THROWS_AS(xp::transpose(w) = P, xp::shape_error);             // (25, 14) <- (14, 25)
  auto c1 = col.copy();
  CHECK_THROWS_AS(c1 += P, xp::shape_error);  // the output would have to grow: (14, 1) += (14, 25)
  CHECK(walk(w) == before);                   // nothing written
  CHECK(walk(c1) == walk(col));
  auto o = xp::empty<double, H>({14});
  CHECK_THROWS_AS(xp::sum(P, {0}, false, xp::out(o)), xp::shape_error);  // (25,) wanted
  auto o2 = xp::empty<double, H>({25});
  CHECK_THROWS_AS(xp::sum(P, {0}, true, xp::out(o2)), xp::shape_error);  // (1, 25) wanted
  CHECK_THROWS_AS(xp::max(p, {1}, false, xp::out(o)), xp::shape_error);  // (5,) wanted
}

#endif  // !XP_TEST_CUDA
