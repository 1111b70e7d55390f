#pragma once
/// @file sparse/linalg/linear_operator.hpp
/// @brief scipy.sparse.linalg.LinearOperator and aslinearoperator: an m x n operator known by its
/// products y = A x (matvec) and y = A^H x (rmatvec), on vectors of one dtype and backend; from
/// two callables, a dense 2-D array (xp::matmul with A and with A^H) or a CSR matrix (its product,
/// with A^T made once when the operator is made, not once per product).
///
/// The names live in the inline namespace `iterative_v2`, so that they differ, for the linker,
/// from the first lsmr's (sparse/iterative.hpp) while both are in the tree.

#include <array>
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
inline namespace iterative_v2 {

/// @brief scipy.sparse.linalg.LinearOperator of dtype T on backend B: shape (m, n), `matvec(x)`
/// (x of shape (n,), y = A x of shape (m,)) and `rmatvec(x)` (x of shape (m,), y = A^H x of
/// shape (n,)), each from a callable that returns a new array.
template <class T, class B = host>
class linear_operator {
 public:
  using value_type = T;
  using backend_type = B;
  /// The callable of a product: takes x, returns the product (a new array of the right length).
  using function = std::function<ndarray<T, B>(const ndarray<T, B>&)>;

  linear_operator() = default;
  /// @brief LinearOperator(shape, matvec, rmatvec): rmatvec may be empty (then rmatvec() throws).
  /// @throws xp::value_error for a negative dimension or an empty matvec.
  linear_operator(std::array<index_t, 2> shape, function matvec, function rmatvec = {})
      : m_shape(shape), m_matvec(std::move(matvec)), m_rmatvec(std::move(rmatvec)) {
    if (shape[0] < 0 || shape[1] < 0)
      throw value_error("xp::sparse::linalg::linear_operator: negative shape (" + std::to_string(shape[0]) + ", " +
                        std::to_string(shape[1]) + ")");
    if (!m_matvec) throw value_error("xp::sparse::linalg::linear_operator: matvec is required");
  }

  /// @brief (m, n).
  std::array<index_t, 2> shape() const noexcept { return m_shape; }
  /// @brief The operator's dtype (of its vectors).
  static constexpr xp::dtype dtype() noexcept { return xp::dtype::of<T>(); }
  /// @brief Whether rmatvec was given.
  bool has_rmatvec() const noexcept { return static_cast<bool>(m_rmatvec); }

  /// @brief A x for x of shape (n,).
  /// @throws xp::shape_error for another shape or a product of the wrong shape.
  ndarray<T, B> matvec(const ndarray<T, B>& x) const { return apply(m_matvec, x, m_shape[1], m_shape[0], "matvec"); }
  /// @brief A^H x for x of shape (m,).
  /// @throws xp::shape_error as matvec; xp::value_error when no rmatvec was given.
  ndarray<T, B> rmatvec(const ndarray<T, B>& x) const {
    if (!m_rmatvec) throw value_error("xp::sparse::linalg::linear_operator: rmatvec is not defined");
    return apply(m_rmatvec, x, m_shape[0], m_shape[1], "rmatvec");
  }
  /// @brief .H: the adjoint (matvec and rmatvec swapped).
  /// @throws xp::value_error when no rmatvec was given.
  linear_operator adjoint() const {
    if (!m_rmatvec) throw value_error("xp::sparse::linalg::linear_operator: the adjoint needs rmatvec");
    return linear_operator({m_shape[1], m_shape[0]}, m_rmatvec, m_matvec);
  }

 private:
  static ndarray<T, B> apply(const function& f, const ndarray<T, B>& x, index_t in, index_t out, const char* what) {
    if (x.ndim() != 1 || x.shape()[0] != in)
      throw shape_error(std::string("xp::sparse::linalg::linear_operator::") + what + ": x must have shape (" +
                        std::to_string(in) + ",), got " + to_string(x.shape()));
    ndarray<T, B> y = f(x);
    if (y.ndim() != 1 || y.shape()[0] != out)
      throw shape_error(std::string("xp::sparse::linalg::linear_operator::") + what + ": the callable returned shape " +
                        to_string(y.shape()) + ", expected (" + std::to_string(out) + ",)");
    return y;
  }

  std::array<index_t, 2> m_shape{0, 0};
  function m_matvec;
  function m_rmatvec;
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

/// @brief aslinearoperator(A) for a CSR matrix, on vectors of R (default: A's dtype): products by
/// xp::sparse::matmul with A (a float32 matrix times float64 vectors is read as float32, not
/// converted) and with A^T, made once here (complex: conjugated once).
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
  return linear_operator<W, B>(
      a.shape(), [am](const ndarray<W, B>& x) { return ndarray<W, B>(::xp::sparse::matmul(*am, x)); },
      [at](const ndarray<W, B>& x) { return ndarray<W, B>(::xp::sparse::matmul(*at, x)); });
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

}  // namespace iterative_v2
}  // namespace xp::sparse::linalg
