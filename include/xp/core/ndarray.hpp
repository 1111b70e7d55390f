#pragma once
/// @file ndarray.hpp
/// @brief `xp::ndarray<T, B>`: an n-dimensional array handle whose placement (host or device)
/// is the template parameter B.
///
/// Like a NumPy/CuPy array object, an ndarray is a handle: copying it shares the buffer
/// (reference counted) and `.copy()` makes a deep copy. Views (slices, transposes, reshapes of
/// contiguous data, broadcast_to) share the buffer and keep it alive.

#include <algorithm>
#include <cstring>
#include <exception>
#include <iterator>
#include <memory>
#include <numeric>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "xp/core/array_methods.hpp"
#include "xp/core/array_view.hpp"
#include "xp/core/backend.hpp"
#include "xp/core/config.hpp"
#include "xp/core/convert.hpp"
#include "xp/core/dtype.hpp"
#include "xp/core/error.hpp"
#include "xp/core/generators.hpp"
#include "xp/core/kernel_view.hpp"
#include "xp/core/shape.hpp"
#include "xp/core/slicing.hpp"
#include "xp/core/trace.hpp"

namespace xp {

template <class T, class B = host>
class ndarray;

/// The proxy `a(mask)`, `a[idx]` return (xp/array/indexing.hpp).
template <class T, class B, class S>
class indexed;

namespace detail {
template <class X>
struct is_ndarray : std::false_type {};
template <class T, class B>
struct is_ndarray<ndarray<T, B>> : std::true_type {};

template <class A>
inline constexpr bool is_index_arg_v =
    std::is_integral_v<std::decay_t<A>> || std::is_same_v<std::decay_t<A>, range_t> ||
    std::is_same_v<std::decay_t<A>, all_t> || std::is_same_v<std::decay_t<A>, newaxis_t> ||
    std::is_same_v<std::decay_t<A>, ellipsis_t>;

template <class T, class U, class B>
void assign(const ndarray<T, B>& dst, const ndarray<U, B>& src, const char* range_name = "xp::copy");
template <class T, class B, class G>
void generate(const ndarray<T, B>& dst, const G& gen);
template <class X>
struct is_expr : std::false_type {};  // specialised by xp/expr/elementwise.hpp and xp/array/indexing.hpp
/// True for a selection (`a(mask)`, `a[idx]`: xp::indexed), which is also an expression: it
/// evaluates to the array it holds (`x.array()`), read where any array is read.
template <class X>
struct is_selection : std::false_type {};  // specialised by xp/array/indexing.hpp

/// A host array's elements in C order, whatever its strides (ndarray::begin/end). Random
/// access: position i is the element at flat index i of the shape; a contiguous array reads
/// data[i] directly, any other layout computes the offset from the index.
template <class T>
class flat_iterator {
 public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::remove_const_t<T>;
  using difference_type = index_t;
  using pointer = T*;
  using reference = T&;

  flat_iterator() = default;
  flat_iterator(T* data, const shape_type* shape, const shape_type* strides, bool contiguous, index_t flat)
      : m_data(data), m_shape(shape), m_strides(strides), m_contiguous(contiguous), m_flat(flat) {}

  reference operator*() const { return m_data[offset(m_flat)]; }
  pointer operator->() const { return &**this; }
  reference operator[](difference_type n) const { return m_data[offset(m_flat + n)]; }
  flat_iterator& operator++() { return ++m_flat, *this; }
  flat_iterator operator++(int) { return {m_data, m_shape, m_strides, m_contiguous, m_flat++}; }
  flat_iterator& operator--() { return --m_flat, *this; }
  flat_iterator operator--(int) { return {m_data, m_shape, m_strides, m_contiguous, m_flat--}; }
  flat_iterator& operator+=(difference_type n) { return m_flat += n, *this; }
  flat_iterator& operator-=(difference_type n) { return m_flat -= n, *this; }
  friend flat_iterator operator+(flat_iterator it, difference_type n) { return it += n; }
  friend flat_iterator operator+(difference_type n, flat_iterator it) { return it += n; }
  friend flat_iterator operator-(flat_iterator it, difference_type n) { return it -= n; }
  friend difference_type operator-(const flat_iterator& a, const flat_iterator& b) { return a.m_flat - b.m_flat; }
  friend bool operator==(const flat_iterator& a, const flat_iterator& b) { return a.m_flat == b.m_flat; }
  friend auto operator<=>(const flat_iterator& a, const flat_iterator& b) { return a.m_flat <=> b.m_flat; }

 private:
  index_t offset(index_t flat) const {
    if (m_contiguous) return flat;
    index_t off = 0;
    for (std::size_t d = m_shape->size(); d-- > 0;) {
      const index_t extent = (*m_shape)[d];
      off += (flat % extent) * (*m_strides)[d];
      flat /= extent;
    }
    return off;
  }
  T* m_data = nullptr;
  const shape_type* m_shape = nullptr;  // the array's own: an iterator lives no longer than its array
  const shape_type* m_strides = nullptr;
  bool m_contiguous = true;
  index_t m_flat = 0;
};
template <class T, class B, class E>
void assign_expr(const ndarray<T, B>& dst, const E& e);
// Integer-array and boolean-mask indexing (xp/array/indexing.hpp): an argument that is an array
// or an expression.
template <class A>
inline constexpr bool is_array_index_v = is_ndarray<std::decay_t<A>>::value || is_expr<std::decay_t<A>>::value;
template <class... A>
concept advanced_index = (is_array_index_v<A> || ...);
template <class T, class B>
struct advanced_indexer;
/// The one argument of `a[idx]` / `a[mask]` (xp/array/indexing.hpp): an index array or a mask,
/// converted where the caller writes the brackets, so that this temporary (and the statement
/// guard it holds) lives until the caller's `;`, as the defaulted guard of operator() does.
template <class B>
class array_subscript;
/// The most arguments an advanced index takes: ndarray::operator() spells one overload per count,
/// since the statement guard after them cannot follow a parameter pack. Eight index every axis of
/// a rank-8 array (the default XP_MAX_KERNEL_RANK); xp::ellipsis stands for any run of xp::all.
inline constexpr std::size_t advanced_index_max_args = 8;

/// The statement an advanced index (`a(mask)`, `a(idx)`) is written in. It is a defaulted
/// reference parameter of ndarray::operator(), so its temporary lives until the end of the
/// caller's full-expression (the `;`). The xp::indexed proxy the call returns (constructed in
/// place: guaranteed copy elision) binds to it; a proxy that is still bound there, i.e. that
/// outlives the statement (`auto r = a(mask);`, a selection returned from a function), takes its
/// copy in this destructor, which is where NumPy's `r = a[mask]` copies. An assignment through the
/// proxy or its conversion releases it first, so `a(mask) = 0.f` gathers nothing.
class selection_statement {
 public:
  /// The proxy's end of statement: forget this guard and, when `take_copy`, gather.
  using end_of_statement = void (*)(void* proxy, bool take_copy);

  selection_statement() noexcept : m_exceptions_at_start(std::uncaught_exceptions()) {}
  selection_statement(const selection_statement&) = delete;
  selection_statement& operator=(const selection_statement&) = delete;
  /// Throws what the gather throws (xp::index_error for an index out of range), as NumPy's
  /// statement would; gathers nothing while an exception thrown in the statement unwinds.
  ~selection_statement() noexcept(false) {
    if (m_proxy == nullptr) return;
    const bool unwinding = std::uncaught_exceptions() > m_exceptions_at_start;
    m_end(std::exchange(m_proxy, nullptr), !unwinding);
  }

  void bind(void* proxy, end_of_statement end) noexcept {
    m_proxy = proxy;
    m_end = end;
  }
  void release() noexcept { m_proxy = nullptr; }

 private:
  void* m_proxy = nullptr;
  end_of_statement m_end = nullptr;
  int m_exceptions_at_start;
};
// What a.to_device(i) calls: specialised for both backends by <xp/cuda/devices.hpp>.
template <class B>
struct move_to_device {
  template <class A>
  static void run(const A&, int) {
    static_assert(dependent_false<A>, "xp: a.to_device(device) needs #include <xp/cuda.hpp> and xp::cuda");
  }
};
}  // namespace detail

/// @brief True for xp::ndarray types.
template <class X>
inline constexpr bool is_ndarray_v = detail::is_ndarray<std::decay_t<X>>::value;

template <class T, class B>
class ndarray : public detail::array_methods<ndarray<T, B>> {
  // std::complex has xp::complex's layout, but xp's operations (device code included) are
  // written for xp::complex: refused by name rather than half supported
  static_assert(!detail::is_std_complex_v<T>,
                "xp::ndarray<std::complex<T>>: xp's complex dtypes are xp::complex64 and xp::complex128 "
                "(xp::complex<T>, std::complex's layout); std::complex values convert to them");
  static_assert(is_dtype_v<T> || detail::is_std_complex_v<T>, "xp::ndarray<T, B>: T must be " XP_ONE_OF_THE_DTYPES);
  static_assert(is_backend_v<B>, "xp::ndarray: B must be xp::host or xp::cuda");

 public:
  using value_type = T;
  using backend_type = B;
  /// @brief What view() returns: the indexed view a user's kernel takes by value.
  using view_type = array_view<T>;
  /// @brief What cview() returns: a read-only view_type.
  using const_view_type = array_view<const T>;

  /// @brief An empty 1-D array of shape (0,).
  ndarray() : m_shape{0}, m_strides{1} {}

  /// @brief An uninitialised array of the given shape (np.empty).
  /// @throws xp::value_error on a negative extent or a size whose bytes overflow ("array is
  ///         too big"), before anything is allocated; xp::out_of_memory when allocation fails.
  explicit ndarray(const shape_type& shape) : m_shape(shape) {
    const index_t n = checked_size(shape, sizeof(T));
    m_strides = contiguous_strides(shape);
    m_buffer = primitive::memory<B>::allocate(static_cast<std::size_t>(n) * sizeof(T));
    m_data = static_cast<T*>(m_buffer.get());
  }

  /// @brief A view of an existing buffer (advanced: used by views and interop). A view made
  /// with `writeable = false` (broadcast_to's) refuses writes, like NumPy's read-only arrays.
  ndarray(std::shared_ptr<void> buffer, T* data, shape_type shape, shape_type strides, bool writeable = true)
      : m_buffer(std::move(buffer)),
        m_data(data),
        m_shape(std::move(shape)),
        m_strides(std::move(strides)),
        m_writeable(writeable) {}

  /// @brief Evaluates an elementwise expression into a new array (converting to T):
  /// `xp::ndarray<float, xp::cuda> w = xp::exp(0.5f * xp::sin(d));` runs one kernel.
  template <class E>
  requires(detail::is_expr<E>::value && !detail::is_selection<E>::value) ndarray(const E& e) : ndarray(e.shape()) {
    detail::assign_expr(*this, e);
  }
  /// @brief A selection's elements (`xp::ndarray<T, B> r = a(mask);`): its copy, shared, or
  /// converted to T.
  template <class E>
  requires detail::is_selection<E>::value ndarray(const E& e) : ndarray(e.template array_as<T>()) {}

  ndarray(const ndarray&) = default;
  ndarray(ndarray&&) noexcept = default;

  /// @brief Rebinds this handle (like `x = y` in Python); no data is copied.
  ndarray& operator=(const ndarray&) & = default;
  ndarray& operator=(ndarray&&) & noexcept = default;

  /// @brief Writes through a temporary view: `a(xp::all, 0) = b` (NumPy's `a[:, 0] = b`).
  /// `b` broadcasts to the view's shape and is converted to T.
  /// @throws xp::shape_error when b does not broadcast to this shape.
  template <class U>
  void operator=(const ndarray<U, B>& src) && {
    detail::assign(*this, src);
  }
  void operator=(const ndarray& src) && { detail::assign(*this, src); }
  /// @brief Writes an expression through a temporary view (`a(xp::all, 0) = x * 2`).
  template <class E>
  requires detail::is_expr<E>::value void operator=(const E& e) && { detail::assign_expr(*this, e); }
  /// @brief Rebinds this handle to the evaluated expression (like `x = expr` in Python).
  template <class E>
  requires detail::is_expr<E>::value ndarray& operator=(const E& e) & { return *this = ndarray(e); }

  /// @brief Fills every element of this array or view with a value (`a[...] = v`).
  template <class S>
  requires detail::is_scalar_v<S> ndarray& operator=(S value) & {
    fill(detail::convert<T>(static_cast<detail::scalar_storage_t<S>>(value)));
    return *this;
  }
  template <class S>
  requires detail::is_scalar_v<S>
  void operator=(S value) && { fill(detail::convert<T>(static_cast<detail::scalar_storage_t<S>>(value))); }

  /// @brief Sets every element to `value` (ndarray.fill).
  /// @throws xp::value_error when this array is read-only.
  void fill(T value) const {
    detail::op_range<B> range("xp::fill");
    detail::generate(*this, detail::constant_gen<T>{value});
  }

  /// @brief Iterators over the elements in C order, for any strides (`for (double v : a)`,
  /// `std::accumulate(a.begin(), a.end(), 0.0)`); host arrays only. Valid while this handle
  /// lives (they refer to its shape).
  detail::flat_iterator<T> begin() const {
    static_assert(std::is_same_v<B, host>, "xp: iterating reads host memory; copy a device array with copy_to_host()");
    return {m_data, &m_shape, &m_strides, is_contiguous(), 0};
  }
  detail::flat_iterator<T> end() const {
    static_assert(std::is_same_v<B, host>, "xp: iterating reads host memory; copy a device array with copy_to_host()");
    return {m_data, &m_shape, &m_strides, is_contiguous(), size()};
  }

  /// @brief False for read-only views (broadcast_to and views of them): a.flags.writeable.
  bool writeable() const noexcept { return m_writeable; }

  // ---- attributes ------------------------------------------------------------------------
  const shape_type& shape() const noexcept { return m_shape; }
  index_t shape(index_t axis) const { return m_shape[normalize_axis(axis, m_shape.size())]; }
  /// @brief Strides in elements (NumPy's are in bytes).
  const shape_type& strides() const noexcept { return m_strides; }
  std::size_t ndim() const noexcept { return m_shape.size(); }
  index_t size() const noexcept {
    index_t n = 1;
    for (index_t d : m_shape) n *= d;
    return n;
  }
  std::size_t nbytes() const noexcept { return static_cast<std::size_t>(size()) * sizeof(T); }
  /// @brief Pointer to the first element (device memory for xp::cuda).
  T* data() const noexcept { return m_data; }
  /// @brief The reference-counted buffer this array views.
  const std::shared_ptr<void>& buffer() const noexcept { return m_buffer; }
  /// @brief True when the elements lie in C order without gaps (flags.c_contiguous).
  bool is_contiguous() const noexcept {
    index_t expect = 1;
    for (std::size_t i = m_shape.size(); i-- > 0;) {
      if (m_shape[i] == 0) return true;
      if (m_shape[i] != 1 && m_strides[i] != expect) return false;
      expect *= m_shape[i];
    }
    return true;
  }

  /// @brief The indexed view of this array that a raw kernel takes by value: `v(i, j)` is
  /// element (i, j) for any strides (Numba's device array in a @cuda.jit kernel, CuPy's CArray).
  /// It does not keep the buffer alive. See xp/core/array_view.hpp, xp::cuda::launch.
  /// @throws xp::value_error for a read-only array (use cview()) or more than
  ///         XP_MAX_KERNEL_RANK dimensions.
  view_type view() const {
    if (!m_writeable) throw value_error("xp: view() of a read-only array (a broadcast view); cview() reads it");
    return view_type(m_data, m_shape, m_strides);
  }
  /// @brief A read-only view(), for any array (broadcast views too).
  /// @throws xp::value_error for more than XP_MAX_KERNEL_RANK dimensions.
  const_view_type cview() const { return const_view_type(m_data, m_shape, m_strides); }

  // ---- element access --------------------------------------------------------------------
  /// @brief The value of a one-element array (ndarray.item()); waits for the device.
  /// @throws xp::value_error when size() != 1.
  T item() const {
    if (size() != 1)
      throw value_error("xp: can only convert an array of size 1 to a scalar, got shape " + to_string(m_shape));
    T value;
    primitive::memory<B>::download(&value, m_data, sizeof(T));
    return value;
  }

  /// @brief Checked element access on the host (negative indices count from the end).
  /// @throws xp::index_error for a wrong number of indices or an index out of range.
  template <class... I>
  T& at(I... idx) const {
    static_assert(std::is_same_v<B, host>,
                  "xp: at() reads host memory; for a device array use item() on a slice, or copy_to_host()");
    static_assert((std::is_integral_v<I> && ...), "xp: at() takes integer indices");
    if (sizeof...(I) != m_shape.size())
      throw index_error("xp: at() got " + std::to_string(sizeof...(I)) + " indices for an array of dimension " +
                        std::to_string(m_shape.size()));
    const index_t ii[] = {detail::to_index(idx)..., 0};
    index_t off = 0;
    for (std::size_t d = 0; d < sizeof...(I); ++d) off += detail::adjust_index(ii[d], m_shape[d], d) * m_strides[d];
    return m_data[off];
  }

  /// @brief NumPy's `a[...]`: integers, xp::range, xp::all, xp::newaxis and xp::ellipsis;
  /// the result is a view sharing this buffer.
  /// @throws xp::index_error for too many indices or an integer out of range;
  ///         xp::value_error for a zero step.
  template <class... A>
  ndarray operator()(const A&... args) const {
    static_assert((detail::is_index_arg_v<A> && ...),
                  "xp: an index is an integer, xp::range(...), xp::all, xp::newaxis or xp::ellipsis");
    constexpr std::size_t n_ellipsis = (std::size_t{std::is_same_v<A, ellipsis_t>} + ... + 0);
    static_assert(n_ellipsis <= 1, "xp: an index can only have a single ellipsis");
    constexpr std::size_t consuming =
        ((std::is_same_v<A, newaxis_t> || std::is_same_v<A, ellipsis_t> ? 0 : 1) + ... + 0);
    if constexpr (consuming > 0)  // (nvcc: a comparison of an unsigned size with 0 is an error)
      if (consuming > m_shape.size())
        throw index_error("xp: too many indices for array: array is " + std::to_string(m_shape.size()) +
                          "-dimensional, but " + std::to_string(consuming) + " were indexed");
    slicer s{this, 0, m_data, {}, {}, m_shape.size() - consuming};
    (s.apply(args), ...);
    while (s.axis < m_shape.size()) s.keep();
    return ndarray(m_buffer, s.data, std::move(s.shape), std::move(s.strides), m_writeable);
  }

  /// @brief NumPy's advanced indexing, when an argument is an array or an expression:
  /// integer arrays (`a(idx)`, `a(xp::all, idx)`, `a(i0, i1)`, mixed with the basic indices)
  /// or one boolean mask (`a(mask)`, `a(a > 0.f)`). Returns an xp::indexed proxy: the selected
  /// elements' copy, taken at the end of the statement that writes the call (NumPy's copy:
  /// `auto r = a(mask);` never sees a later write to `a`), or an assignment through it that
  /// writes `a` in place with no copy (`a(mask) = 0.f`). See xp/array/indexing.hpp. The last
  /// parameter is that statement: leave it to its default.
  /// @throws xp::index_error for an index out of range (naming it and the extent);
  ///         xp::shape_error for a mask whose shape is not a's (or its leading axes').
  template <class A0>
  requires detail::advanced_index<A0>
  auto operator()(const A0& a0, detail::selection_statement&& statement = {}) const {
    return detail::advanced_indexer<T, B>::apply(*this, statement, a0);
  }
  template <class A0, class A1>
  requires detail::advanced_index<A0, A1>
  auto operator()(const A0& a0, const A1& a1, detail::selection_statement&& statement = {}) const {
    return detail::advanced_indexer<T, B>::apply(*this, statement, a0, a1);
  }
  template <class A0, class A1, class A2>
  requires detail::advanced_index<A0, A1, A2>
  auto operator()(const A0& a0, const A1& a1, const A2& a2, detail::selection_statement&& statement = {}) const {
    return detail::advanced_indexer<T, B>::apply(*this, statement, a0, a1, a2);
  }
  template <class A0, class A1, class A2, class A3>
  requires detail::advanced_index<A0, A1, A2, A3>
  auto operator()(const A0& a0, const A1& a1, const A2& a2, const A3& a3,
                  detail::selection_statement&& statement = {}) const {
    return detail::advanced_indexer<T, B>::apply(*this, statement, a0, a1, a2, a3);
  }
  template <class A0, class A1, class A2, class A3, class A4>
  requires detail::advanced_index<A0, A1, A2, A3, A4>
  auto operator()(const A0& a0, const A1& a1, const A2& a2, const A3& a3, const A4& a4,
                  detail::selection_statement&& statement = {}) const {
    return detail::advanced_indexer<T, B>::apply(*this, statement, a0, a1, a2, a3, a4);
  }
  template <class A0, class A1, class A2, class A3, class A4, class A5>
  requires detail::advanced_index<A0, A1, A2, A3, A4, A5>
  auto operator()(const A0& a0, const A1& a1, const A2& a2, const A3& a3, const A4& a4, const A5& a5,
                  detail::selection_statement&& statement = {}) const {
    return detail::advanced_indexer<T, B>::apply(*this, statement, a0, a1, a2, a3, a4, a5);
  }
  template <class A0, class A1, class A2, class A3, class A4, class A5, class A6>
  requires detail::advanced_index<A0, A1, A2, A3, A4, A5, A6>
  auto operator()(const A0& a0, const A1& a1, const A2& a2, const A3& a3, const A4& a4, const A5& a5, const A6& a6,
                  detail::selection_statement&& statement = {}) const {
    return detail::advanced_indexer<T, B>::apply(*this, statement, a0, a1, a2, a3, a4, a5, a6);
  }
  template <class A0, class A1, class A2, class A3, class A4, class A5, class A6, class A7>
  requires detail::advanced_index<A0, A1, A2, A3, A4, A5, A6, A7>
  auto operator()(const A0& a0, const A1& a1, const A2& a2, const A3& a3, const A4& a4, const A5& a5, const A6& a6,
                  const A7& a7, detail::selection_statement&& statement = {}) const {
    return detail::advanced_indexer<T, B>::apply(*this, statement, a0, a1, a2, a3, a4, a5, a6, a7);
  }
  template <class... A>
  requires(sizeof...(A) > detail::advanced_index_max_args && detail::advanced_index<A...>) void operator()(
      const A&...) const {
    static_assert(detail::dependent_false<A...>,
                  "xp: an index with an array takes at most 8 arguments (xp::ellipsis for more axes)");
  }

  /// @brief NumPy's square brackets with one index: `a[3]`, `a[xp::range(1, 5)]`, `a[xp::all]`,
  /// `a[xp::newaxis]` (a view, as `a(3)`), and `a[idx]`, `a[mask]`, `a[a > 5.0]` (the
  /// xp::indexed proxy, as `a(idx)`: the copy taken at the end of the statement, or a write
  /// through it, `a[a > 9.0] = 0.0`, `a[idx] += 1`). A mask expression is evaluated into a
  /// boolean array first (`a(a > 5.0)` fuses it into the selection instead).
  /// @throws as operator().
  template <class A>
  requires detail::is_index_arg_v<A> ndarray operator[](const A& a) const { return (*this)(a); }
  auto operator[](const detail::array_subscript<B>& s) const {
    return detail::advanced_indexer<T, B>::subscript(*this, s);
  }
  template <class A>
  requires(!detail::is_index_arg_v<A> && !detail::is_array_index_v<A>) void operator[](const A&) const {
    static_assert(detail::dependent_false<A>,
                  "xp: a[i] takes an integer, xp::range(...), xp::all, xp::newaxis, xp::ellipsis, an integer array "
                  "or a boolean mask; several indices are a(i, j) (or a[i, j] in C++23)");
  }
#if defined(__cpp_multidimensional_subscript) && __cpp_multidimensional_subscript >= 202110L
  /// @brief C++23's `a[i, j]`, `a[xp::all, 0]`: several basic indices, as `a(i, j)` (a view).
  /// With an index array or a mask among several indices, write the parentheses: `a(i, idx)`
  /// (the statement guard those need cannot follow a subscript's arguments).
  template <class... A>
  requires(sizeof...(A) >= 2) ndarray operator[](const A&... a) const {
    if constexpr (detail::advanced_index<A...>) {
      static_assert(detail::dependent_false<A...>,
                    "xp: a[i, idx] with an index array or a mask among several indices is written a(i, idx)");
      return ndarray();
    } else {
      return (*this)(a...);
    }
  }
#endif

  // ---- copies and layout ---------------------------------------------------------------
  /// @brief A deep, C-contiguous copy (ndarray.copy()).
  ndarray copy() const {
    ndarray out(m_shape);
    detail::assign(out, *this);
    return out;
  }
  /// @brief A C-contiguous copy converted to U (ndarray.astype(U)); always copies.
  template <class U>
  ndarray<U, B> astype() const {
    ndarray<U, B> out(m_shape);
    detail::assign(out, *this, "xp::astype");
    return out;
  }
  /// @brief A C-contiguous host copy (cupy.ndarray.get()); waits for the device.
  ndarray<T, host> copy_to_host() const;
  /// @brief This array on CUDA device `device` (the array API's `x.to_device(device)`; CuPy's
  /// `cp.asarray(a)` under `cp.cuda.Device(device)`): xp::to_device(a, device), which needs
  /// <xp/cuda.hpp>.
  /// @throws as xp::to_device(a, device).
  ndarray<T, cuda> to_device(int device) const { return detail::move_to_device<B>::run(*this, device); }

  /// @brief np.reshape: a view when the layout allows it, else a copy. One extent may be -1.
  /// @throws xp::shape_error when the sizes differ; xp::value_error for more than one -1.
  ndarray reshape(shape_type new_shape) const;
  /// @brief np.ravel: a 1-D view when possible, else a copy.
  ndarray ravel() const { return reshape({-1}); }

 private:
  struct slicer {
    const ndarray* self;
    std::size_t axis;
    T* data;
    shape_type shape, strides;
    std::size_t ellipsis_axes;
    void keep() {
      shape.push_back(self->m_shape[axis]);
      strides.push_back(self->m_strides[axis]);
      ++axis;
    }
    template <class A>
    void apply(const A& a) {
      if constexpr (std::is_same_v<A, all_t>) {
        keep();
      } else if constexpr (std::is_same_v<A, newaxis_t>) {
        shape.push_back(1);
        strides.push_back(0);
      } else if constexpr (std::is_same_v<A, ellipsis_t>) {
        for (std::size_t k = 0; k < ellipsis_axes; ++k) keep();
      } else if constexpr (std::is_same_v<A, range_t>) {
        const auto r = detail::adjust_slice(a, self->m_shape[axis]);
        // an empty array may have no buffer at all: never offset a null pointer
        if (r.length > 0 && data) data += r.start * self->m_strides[axis];
        shape.push_back(r.length);
        // with one element or none the step never applies; with more, |step| < length keeps
        // step * stride inside the axis' own extent, so it cannot overflow
        strides.push_back(r.length > 1 ? self->m_strides[axis] * r.step : self->m_strides[axis]);
        ++axis;
      } else {
        const index_t i = detail::adjust_index(detail::to_index(a), self->m_shape[axis], axis);
        if (data) data += i * self->m_strides[axis];
        ++axis;
      }
    }
  };

  std::shared_ptr<void> m_buffer;
  T* m_data = nullptr;
  shape_type m_shape;
  shape_type m_strides;
  bool m_writeable = true;
};

namespace detail {

/// Every write into an existing array passes here: a read-only view (broadcast_to's) refuses
/// it before anything is written, as NumPy does.
template <class T, class B>
void check_writeable(const ndarray<T, B>& dst) {
  if (!dst.writeable()) throw value_error("xp: assignment destination is read-only");
}

// True when the two arrays' element ranges may overlap in one buffer.
template <class T, class U, class B>
bool may_overlap(const ndarray<T, B>& a, const ndarray<U, B>& b) {
  if (a.buffer() == nullptr || a.buffer() != b.buffer() || a.size() == 0 || b.size() == 0) return false;
  auto extent = [](const auto& x) {
    using E = typename std::decay_t<decltype(x)>::value_type;
    const char* lo = reinterpret_cast<const char*>(x.data());
    const char* hi = lo;
    for (std::size_t d = 0; d < x.ndim(); ++d) {
      const index_t span = (x.shape()[d] - 1) * x.strides()[d] * static_cast<index_t>(sizeof(E));
      (span < 0 ? lo : hi) += span;
    }
    return std::pair{lo, hi + sizeof(E)};
  };
  const auto [alo, ahi] = extent(a);
  const auto [blo, bhi] = extent(b);
  return alo < bhi && blo < ahi;
}

/// The one overlap rule every writer uses (assignment, eval with out=, elementwise kernels,
/// reductions with out=, matmul with out=, diffuse): true when writing `dst` while reading operand `x` (an
/// array, an expression or a scalar) could read an element that was already overwritten.
/// A pass that computes element i from element i of each operand only (elementwise) may read
/// exactly the element it writes: `same_element_ok`. Writers that get `true` compute into a
/// temporary and copy, so the result is NumPy's either way.
template <class X, class T, class B>
bool output_overlaps(const X& x, const ndarray<T, B>& dst, bool same_element_ok) {
  if constexpr (is_ndarray_v<X>) {
    const bool same_layout = x.data() == static_cast<const void*>(dst.data()) && x.shape() == dst.shape() &&
                             x.strides() == dst.strides() && sizeof(typename X::value_type) == sizeof(T);
    return !(same_element_ok && same_layout) && may_overlap(x, dst);
  } else if constexpr (is_selection<X>::value) {
    return output_overlaps(x.array(), dst, same_element_ok);
  } else if constexpr (is_expr<X>::value) {
    return std::apply([&](const auto&... a) { return (output_overlaps(a, dst, same_element_ok) || ... || false); },
                      x.args());
  } else {
    return false;
  }
}

// Strides of `src` read as if broadcast to `shape` (zero on broadcast axes); throws
// xp::shape_error naming both shapes. Compiled in src/core.cpp, as is reshape_strides.
shape_type broadcast_strides(const shape_type& src_shape, const shape_type& src_strides, const shape_type& shape);

/// dst[...] = src, src broadcast to dst's shape and converted to dst's dtype: every copy (copy(),
/// astype, view assignment, eval into out=, packing) comes here. `range_name` names its profiler
/// range (core/trace.hpp): "xp::copy", or "xp::astype" for astype.
template <class T, class U, class B>
void assign(const ndarray<T, B>& dst, const ndarray<U, B>& src, const char* range_name) {
  op_range<B> range(range_name);
  check_writeable(dst);
  const shape_type src_strides = broadcast_strides(src.shape(), src.strides(), dst.shape());
  if (dst.size() == 0) return;
  if (output_overlaps(src, dst, src.shape() == dst.shape())) {  // as if src were read first (NumPy)
    assign(dst, src.copy());
    return;
  }
  const auto merged = merge_layout(dst.shape(), {&dst.strides(), &src_strides});
  primitive::copy<B>::run(make_strided_view(dst.data(), merged.shape, merged.strides[0]),
                          make_strided_view(static_cast<const U*>(src.data()), merged.shape, merged.strides[1]));
}

template <class T, class B, class G>
void generate(const ndarray<T, B>& dst, const G& gen) {
  check_writeable(dst);
  if (dst.size() == 0) return;
  const auto merged = merge_layout(dst.shape(), {&dst.strides()});
  primitive::generate<B>::run(make_strided_view(dst.data(), merged.shape, merged.strides[0]), gen);
}

// NumPy's _attempt_nocopy_reshape: strides for new_shape over the same memory, or false.
bool reshape_strides(const shape_type& old_shape, const shape_type& old_strides, const shape_type& new_shape,
                     shape_type& new_strides);

}  // namespace detail

template <class T, class B>
ndarray<T, B> ndarray<T, B>::reshape(shape_type new_shape) const {
  const index_t n = size();
  index_t known = 1;
  int unknown = -1;
  bool overflow = false;
  for (std::size_t i = 0; i < new_shape.size(); ++i) {
    if (new_shape[i] == -1) {
      if (unknown >= 0) throw value_error("xp: can only specify one unknown dimension in reshape");
      unknown = static_cast<int>(i);
    } else if (new_shape[i] < 0) {
      throw value_error("xp: negative dimensions are not allowed in reshape, got " + to_string(new_shape));
    } else {
      overflow = __builtin_mul_overflow(known, new_shape[i], &known) || overflow;
    }
  }
  if (overflow) {  // a product that wraps must not pass for the right size
    throw shape_error("xp: cannot reshape array of size " + std::to_string(n) + " into shape " + to_string(new_shape));
  }
  if (unknown >= 0) {
    if (known == 0 || n % known != 0)
      throw shape_error("xp: cannot reshape array of size " + std::to_string(n) + " into shape " +
                        to_string(new_shape));
    new_shape[unknown] = n / known;
  } else if (known != n) {
    throw shape_error("xp: cannot reshape array of size " + std::to_string(n) + " into shape " + to_string(new_shape));
  }
  // with n > 0 the new shape holds this array's n elements; an empty one may still be too big
  if (n == 0) checked_size(new_shape, sizeof(T));
  if (n == 0 || is_contiguous()) {
    auto strides = contiguous_strides(new_shape);
    return ndarray(m_buffer, m_data, std::move(new_shape), std::move(strides), m_writeable);
  }
  shape_type strides;
  if (detail::reshape_strides(m_shape, m_strides, new_shape, strides))
    return ndarray(m_buffer, m_data, std::move(new_shape), std::move(strides), m_writeable);
  return copy().reshape(std::move(new_shape));
}

template <class T, class B>
ndarray<T, host> ndarray<T, B>::copy_to_host() const {
  if constexpr (std::is_same_v<B, host>) {
    return copy();
  } else {
    detail::op_range<B> range("xp::copy_to_host");
    const ndarray src = is_contiguous() ? *this : copy();
    ndarray<T, host> out(m_shape);
    if (out.size() > 0) primitive::memory<B>::download(out.data(), src.data(), out.nbytes());
    return out;
  }
}

// ---- free functions on layout (all return views) -------------------------------------------

/// @brief np.reshape(a, shape). @see ndarray::reshape
template <class T, class B>
ndarray<T, B> reshape(const ndarray<T, B>& a, shape_type shape) {
  return a.reshape(std::move(shape));
}

/// @brief np.ravel(a).
template <class T, class B>
ndarray<T, B> ravel(const ndarray<T, B>& a) {
  return a.ravel();
}

/// @brief np.transpose(a, axes): a view with the axes permuted.
/// @throws xp::value_error when axes is not a permutation of 0..ndim-1 (negative axes allowed);
///         xp::index_error for an axis out of range.
template <class T, class B>
ndarray<T, B> transpose(const ndarray<T, B>& a, const std::vector<index_t>& axes) {
  if (axes.size() != a.ndim()) throw value_error("xp: axes don't match array in transpose");
  shape_type shape(a.ndim()), strides(a.ndim());
  std::vector<bool> seen(a.ndim(), false);
  for (std::size_t i = 0; i < axes.size(); ++i) {
    const int ax = normalize_axis(axes[i], a.ndim());
    if (seen[ax]) throw value_error("xp: repeated axis in transpose");
    seen[ax] = true;
    shape[i] = a.shape()[ax];
    strides[i] = a.strides()[ax];
  }
  return ndarray<T, B>(a.buffer(), a.data(), std::move(shape), std::move(strides), a.writeable());
}

/// @brief np.transpose(a): the axes reversed (a.T).
template <class T, class B>
ndarray<T, B> transpose(const ndarray<T, B>& a) {
  std::vector<index_t> axes(a.ndim());
  std::iota(axes.rbegin(), axes.rend(), index_t{0});
  return transpose(a, axes);
}

/// @brief np.swapaxes(a, axis1, axis2): a view with the two axes exchanged.
/// @throws xp::index_error for an axis out of range.
template <class T, class B>
ndarray<T, B> swapaxes(const ndarray<T, B>& a, index_t axis1, index_t axis2) {
  const int i = normalize_axis(axis1, a.ndim()), j = normalize_axis(axis2, a.ndim());
  shape_type shape = a.shape(), strides = a.strides();
  std::swap(shape[i], shape[j]);
  std::swap(strides[i], strides[j]);
  return ndarray<T, B>(a.buffer(), a.data(), std::move(shape), std::move(strides), a.writeable());
}

/// @brief Same as transpose(a, axes) (torch's spelling).
template <class T, class B>
ndarray<T, B> permute(const ndarray<T, B>& a, const std::vector<index_t>& axes) {
  return transpose(a, axes);
}

/// @brief np.squeeze(a): drops every axis of length 1.
template <class T, class B>
ndarray<T, B> squeeze(const ndarray<T, B>& a) {
  shape_type shape, strides;
  for (std::size_t d = 0; d < a.ndim(); ++d)
    if (a.shape()[d] != 1) {
      shape.push_back(a.shape()[d]);
      strides.push_back(a.strides()[d]);
    }
  return ndarray<T, B>(a.buffer(), a.data(), std::move(shape), std::move(strides), a.writeable());
}

/// @brief np.squeeze(a, axis).
/// @throws xp::value_error when that axis is not of length 1; xp::index_error out of range.
template <class T, class B>
ndarray<T, B> squeeze(const ndarray<T, B>& a, index_t axis) {
  const int ax = normalize_axis(axis, a.ndim());
  if (a.shape()[ax] != 1) throw value_error("xp: cannot select an axis to squeeze out which has size not equal to one");
  shape_type shape = a.shape(), strides = a.strides();
  shape.erase(shape.begin() + ax);
  strides.erase(strides.begin() + ax);
  return ndarray<T, B>(a.buffer(), a.data(), std::move(shape), std::move(strides), a.writeable());
}

/// @brief np.expand_dims(a, axis): inserts an axis of length 1 at `axis` (of the result).
template <class T, class B>
ndarray<T, B> expand_dims(const ndarray<T, B>& a, index_t axis) {
  const int ax = normalize_axis(axis, a.ndim() + 1);
  shape_type shape = a.shape(), strides = a.strides();
  shape.insert(shape.begin() + ax, 1);
  strides.insert(strides.begin() + ax, 0);
  return ndarray<T, B>(a.buffer(), a.data(), std::move(shape), std::move(strides), a.writeable());
}

/// @brief np.broadcast_to(a, shape): a read-only view with zero strides on broadcast axes;
/// writing through it throws xp::value_error, as NumPy's "assignment destination is read-only".
/// @throws xp::shape_error naming both shapes when a does not broadcast to shape;
///         xp::value_error for a negative extent or a shape too big to index.
template <class T, class B>
ndarray<T, B> broadcast_to(const ndarray<T, B>& a, const shape_type& shape) {
  checked_size(shape, sizeof(T));
  auto strides = detail::broadcast_strides(a.shape(), a.strides(), shape);
  return ndarray<T, B>(a.buffer(), a.data(), shape, std::move(strides), false);
}

}  // namespace xp
