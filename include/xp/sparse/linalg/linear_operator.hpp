#pragma once
/// @file sparse/linalg/linear_operator.hpp
/// @brief scipy.sparse.linalg.LinearOperator and aslinearoperator: an m x n operator known by its
/// products y = A x (matvec) and y = A^H x (rmatvec), on vectors of one dtype and backend; from
/// two callables, a dense 2-D array (xp::matmul with A and with A^H) or a CSR matrix (the SpMV
/// primitive into the solver's own vectors, with A^T made once when the operator is made, not once
/// per product).

#include <array>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "xp/core/dtype.hpp"
#include "xp/core/error.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/trace.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/linalg/matmul.hpp"
#include "xp/sparse/csr.hpp"

namespace xp::sparse::linalg {

namespace detail {
template <class F>
struct is_std_function : std::false_type {};
template <class Signature>
struct is_std_function<std::function<Signature>> : std::true_type {};
}  // namespace detail

/// @brief scipy.sparse.linalg.LinearOperator of dtype T on backend B: shape (m, n), `matvec(x)`
/// (x of shape (n,), y = A x of shape (m,)) and `rmatvec(x)` (x of shape (m,), y = A^H x of
/// shape (n,)).
///
/// Each product is given as a callable of either form: `y = f(x)` (returns a new array), or
/// `f(x, y)`, which writes the product into y (a contiguous array of the right length, not
/// overlapping x) or rebinds y to another array holding it. The second lets the solvers reuse their
/// vectors across iterations: `matvec(x, y)` passes y on and returns the product (y itself, or the
/// array y was rebound to).
template <class T, class B = host>
class linear_operator {
 public:
  using value_type = T;
  using backend_type = B;
  /// A product that returns a new array.
  using function = std::function<ndarray<T, B>(const ndarray<T, B>&)>;
  /// A product into y (written, or rebound to the product).
  using into_function = std::function<void(const ndarray<T, B>&, ndarray<T, B>&)>;

  linear_operator() = default;
  /// @brief LinearOperator(shape, matvec, rmatvec): each a callable of either form (see above);
  /// rmatvec may be left out or empty (then rmatvec() throws).
  /// @throws xp::value_error for a negative dimension or an empty matvec.
  template <class F, class G = std::nullptr_t>
  linear_operator(std::array<index_t, 2> shape, F matvec, G rmatvec = nullptr) : m_shape(shape) {
    if (shape[0] < 0 || shape[1] < 0)
      throw value_error("xp::sparse::linalg::linear_operator: negative shape (" + std::to_string(shape[0]) + ", " +
                        std::to_string(shape[1]) + ")");
    m_matvec = product_of(std::move(matvec), m_matvec_writes);
    m_rmatvec = product_of(std::move(rmatvec), m_rmatvec_writes);
    if (!m_matvec) throw value_error("xp::sparse::linalg::linear_operator: matvec is required");
  }

  /// @brief (m, n).
  std::array<index_t, 2> shape() const noexcept { return m_shape; }
  /// @brief The operator's dtype (of its vectors).
  static constexpr xp::dtype dtype() noexcept { return xp::dtype::of<T>(); }
  /// @brief Whether rmatvec was given.
  bool has_rmatvec() const noexcept { return static_cast<bool>(m_rmatvec); }

  /// @brief A x for x of shape (n,), a new array.
  /// @throws xp::shape_error for another shape or a product of the wrong shape.
  ndarray<T, B> matvec(const ndarray<T, B>& x) const {
    return apply(m_matvec, m_matvec_writes, x, fresh(m_matvec_writes, m_shape[0]), m_shape[1], m_shape[0], "matvec");
  }
  /// @brief A x into y (contiguous, shape (m,), not overlapping x): returns the product, y itself
  /// or, for a callable that returns new arrays, another array (y is then left as it was).
  /// @throws xp::shape_error as matvec, and for a y of another shape or not contiguous.
  ndarray<T, B> matvec(const ndarray<T, B>& x, ndarray<T, B> y) const {
    return apply(m_matvec, m_matvec_writes, x, std::move(y), m_shape[1], m_shape[0], "matvec");
  }
  /// @brief A^H x for x of shape (m,), a new array.
  /// @throws xp::shape_error as matvec; xp::value_error when no rmatvec was given.
  ndarray<T, B> rmatvec(const ndarray<T, B>& x) const {
    check_rmatvec();
    return apply(m_rmatvec, m_rmatvec_writes, x, fresh(m_rmatvec_writes, m_shape[1]), m_shape[0], m_shape[1],
                 "rmatvec");
  }
  /// @brief A^H x into y (shape (n,)), as matvec(x, y).
  /// @throws as rmatvec, and xp::shape_error for a y of another shape or not contiguous.
  ndarray<T, B> rmatvec(const ndarray<T, B>& x, ndarray<T, B> y) const {
    check_rmatvec();
    return apply(m_rmatvec, m_rmatvec_writes, x, std::move(y), m_shape[0], m_shape[1], "rmatvec");
  }
  /// @brief .H: the adjoint (matvec and rmatvec swapped).
  /// @throws xp::value_error when no rmatvec was given.
  linear_operator adjoint() const {
    if (!m_rmatvec) throw value_error("xp::sparse::linalg::linear_operator: the adjoint needs rmatvec");
    linear_operator h = *this;
    h.m_shape = {m_shape[1], m_shape[0]};
    std::swap(h.m_matvec, h.m_rmatvec);
    std::swap(h.m_matvec_writes, h.m_rmatvec_writes);
    return h;
  }

 private:
  /// One product as an into_function; `writes`: whether it needs y allocated (the f(x, y) form).
  template <class F>
  static into_function product_of(F f, bool& writes) {
    writes = false;
    if constexpr (std::is_same_v<F, std::nullptr_t>) {
      return {};
    } else {
      if constexpr (detail::is_std_function<F>::value) {
        if (!f) return {};  // an empty std::function: not given
      }
      if constexpr (std::is_invocable_v<const F&, const ndarray<T, B>&, ndarray<T, B>&>) {
        writes = true;
        return into_function(std::move(f));
      } else {
        static_assert(std::is_invocable_v<const F&, const ndarray<T, B>&>,
                      "xp::sparse::linalg::linear_operator: a product is f(x) -> y or f(x, y&)");
        return [f = std::move(f)](const ndarray<T, B>& x, ndarray<T, B>& y) { y = ndarray<T, B>(f(x)); };
      }
    }
  }
  // the array a product of the f(x, y) form writes (the other form rebinds an empty one)
  static ndarray<T, B> fresh(bool writes, index_t length) { return writes ? ndarray<T, B>({length}) : ndarray<T, B>(); }
  void check_rmatvec() const {
    if (!m_rmatvec) throw value_error("xp::sparse::linalg::linear_operator: rmatvec is not defined");
  }
  static ndarray<T, B> apply(const into_function& f, bool writes, const ndarray<T, B>& x, ndarray<T, B> y, index_t in,
                             index_t out, const char* what) {
    const std::string where = std::string("xp::sparse::linalg::linear_operator::") + what;
    if (x.ndim() != 1 || x.shape()[0] != in)
      throw shape_error(where + ": x must have shape (" + std::to_string(in) + ",), got " + to_string(x.shape()));
    if (writes && (y.ndim() != 1 || y.shape()[0] != out || !y.is_contiguous()))
      throw shape_error(where + ": y must be contiguous of shape (" + std::to_string(out) + ",), got " +
                        to_string(y.shape()));
    f(x, y);
    if (y.ndim() != 1 || y.shape()[0] != out)
      throw shape_error(where + ": the callable's product has shape " + to_string(y.shape()) + ", expected (" +
                        std::to_string(out) + ",)");
    if (!y.is_contiguous()) y = y.copy();  // the solvers index the product's elements directly
    return y;
  }

  std::array<index_t, 2> m_shape{0, 0};
  into_function m_matvec;
  into_function m_rmatvec;
  bool m_matvec_writes = false;
  bool m_rmatvec_writes = false;
};

/// @brief aslinearoperator(A) of a linear operator: itself.
template <class T, class B>
linear_operator<T, B> aslinearoperator(const linear_operator<T, B>& a) {
  return a;
}

/// @brief aslinearoperator(A) for a dense 2-D array, on vectors of R (default: A's dtype; A is
/// converted to R once): xp::matmul with A, and with A's transposed view (real) or A^H made once
/// (complex).
/// @throws xp::shape_error when A is not 2-D.
template <class R = void, class T, class B>
auto aslinearoperator(const ndarray<T, B>& a) {
  ::xp::detail::op_range<B> range("xp::sparse::linalg::aslinearoperator");
  using W = std::conditional_t<std::is_void_v<R>, T, R>;
  if (a.ndim() != 2)
    throw shape_error("xp::sparse::linalg::aslinearoperator: a dense operator must be 2-D, got shape " +
                      to_string(a.shape()));
  ndarray<W, B> aw;
  if constexpr (std::is_same_v<W, T>) aw = a;
  else aw = a.template astype<W>();
  ndarray<W, B> ah;  // A^H as a view (real) or stored once (complex)
  if constexpr (::xp::detail::is_complex_v<W>) ah = ndarray<W, B>(::xp::conj(::xp::transpose(aw)));
  else ah = ::xp::transpose(aw);
  return linear_operator<W, B>(
      {a.shape()[0], a.shape()[1]}, [aw](const ndarray<W, B>& x) { return ::xp::matmul(aw, x); },
      [ah](const ndarray<W, B>& x) { return ::xp::matmul(ah, x); });
}

/// @brief aslinearoperator(A) for a CSR matrix, on vectors of R (default: A's dtype): products
/// into the caller's vector by the SpMV primitive (xp::sparse::matmul's), with A and with A^T, made
/// once here (complex: conjugated once). A float32 matrix times float64 vectors is read as float32
/// and accumulated in float64: no converted copy of the matrix.
template <class R = void, class T, class B>
auto aslinearoperator(const csr_matrix<T, B>& a) {
  ::xp::detail::op_range<B> range("xp::sparse::linalg::aslinearoperator");
  using W = std::conditional_t<std::is_void_v<R>, T, R>;
  static_assert(std::is_same_v<promote_t<T, W>, W>, "xp::sparse::linalg::aslinearoperator: R must hold A's values");
  auto am = std::make_shared<const csr_matrix<T, B>>(a);
  std::shared_ptr<const csr_matrix<T, B>> at;
  if constexpr (::xp::detail::is_complex_v<T>) {
    const csr_matrix<T, B> t = a.transpose();
    at = std::make_shared<const csr_matrix<T, B>>(t.with_data(ndarray<T, B>(::xp::conj(t.data()))));
  } else {
    at = std::make_shared<const csr_matrix<T, B>>(a.transpose());
  }
  // y = M x into y (the primitive writes every row; a matrix with no entries has no arrays to read)
  const auto product = [](const std::shared_ptr<const csr_matrix<T, B>>& mat) {
    return [mat](const ndarray<W, B>& x, ndarray<W, B>& y) {
      if (mat->nnz() == 0) y.fill(W(0));
      else ::xp::sparse::detail::spmv_into(*mat, x, y);
    };
  };
  return linear_operator<W, B>(a.shape(), product(am), product(at));
}

namespace detail {

/// The operator of A on vectors of R, whatever A is (a linear_operator of another dtype converts
/// the vectors on the way in and out).
template <class R, class A>
auto as_operator(const A& a) {
  if constexpr (requires {
                  a.matvec(std::declval<const ndarray<typename A::value_type, typename A::backend_type>&>());
                }) {
    using T = typename A::value_type;
    using B = typename A::backend_type;
    if constexpr (std::is_same_v<T, R>) {
      return a;
    } else {
      auto op = std::make_shared<const linear_operator<T, B>>(a);
      typename linear_operator<R, B>::function rmv;
      if (a.has_rmatvec())
        rmv = [op](const ndarray<R, B>& x) { return op->rmatvec(x.template astype<T>()).template astype<R>(); };
      return linear_operator<R, B>(
          a.shape(), [op](const ndarray<R, B>& x) { return op->matvec(x.template astype<T>()).template astype<R>(); },
          rmv);
    }
  } else {
    return aslinearoperator<R>(a);
  }
}

}  // namespace detail

}  // namespace xp::sparse::linalg
