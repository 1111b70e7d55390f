#pragma once
/// @file linalg/matrix_batch.hpp
/// @brief What every factorization-based function of xp::linalg does around the factorization
/// primitive, written once: NumPy's result dtype, the stack-of-matrices shape checks, the copy
/// of a (..., m, n) array into a column-major batch (LAPACK's order) and back, and the
/// linalg_error that names the failing matrix by its index in the batch.

#include <cstdint>
#include <string>
#include <type_traits>

#include "xp/array/manipulation.hpp"
#include "xp/core/dtype.hpp"
#include "xp/core/error.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/shape.hpp"
#include "xp/linalg/factorization_primitive.hpp"

namespace xp::linalg::detail {

/// The dtype xp::linalg computes and returns for an input of dtype T: float32, float64,
/// complex64 and complex128 as they are; integers and bool in float64, as NumPy; float16 in
/// float32, an xp extension (NumPy 1 and 2 raise TypeError "array type float16 is unsupported in
/// linalg").
template <class T>
using linalg_t = std::conditional_t<std::is_same_v<T, float> || std::is_same_v<T, double> ||
                                        std::is_same_v<T, complex64> || std::is_same_v<T, complex128>,
                                    T, std::conditional_t<std::is_same_v<T, float16>, float, double>>;

/// Throws xp::value_error unless `a` is a stack of matrices (ndim >= 2), and, with `square`,
/// xp::shape_error unless its last two axes are equal (NumPy: LinAlgError "Last 2 dimensions
/// of the array must be square", which xp reports as the shape error it is).
inline void check_matrices(const shape_type& shape, const char* fn, bool square) {
  if (shape.size() < 2)
    throw value_error(std::string("xp::linalg::") + fn + ": " + std::to_string(shape.size()) +
                      "-dimensional array given. Array must be at least two-dimensional");
  if (square && shape[shape.size() - 1] != shape[shape.size() - 2])
    throw shape_error(std::string("xp::linalg::") + fn + ": last 2 dimensions of the array must be square, got shape " +
                      to_string(shape));
}

/// The number of matrices in a stack of shape `shape` (the product of all but the last two axes).
inline index_t batch_count(const shape_type& shape) {
  index_t count = 1;
  for (std::size_t i = 0; i + 2 < shape.size(); ++i) count *= shape[i];
  return count;
}

/// Throws xp::value_error when the build has no library for backend B's factorizations (a host
/// build without LAPACK), saying how to build it in.
template <class B>
void require_factorization(const char* fn) {
  if constexpr (!primitive::factorization<B>::available)
    throw value_error(std::string("xp::linalg::") + fn +
                      ": this build of xp has no host LAPACK; install liblapacke-dev (its lapack.h) and OpenBLAS "
                      "(libopenblas-openmp-dev) and configure xp again (XP_ENABLE_LAPACK=ON)");
}

/// A fresh column-major batch holding `a`'s matrices converted to W: an array of shape
/// (..., n, m) for an (..., m, n) input, C-contiguous, so that its memory is the batch of m x n
/// column-major matrices the primitive takes. Returned as that array; `as_batch` describes it.
template <class W, class T, class B>
ndarray<W, B> column_major_copy(const ndarray<T, B>& a) {
  return swapaxes(a, index_t{-1}, index_t{-2}).template astype<W>();
}

/// The primitive's view of a column-major copy (column_major_copy): rows = its last axis.
template <class W, class B>
matrix_batch<W> as_batch(const ndarray<W, B>& cm) {
  const shape_type& s = cm.shape();
  return {cm.data(), s[s.size() - 1], s[s.size() - 2], batch_count(s)};
}

/// A row-major C-contiguous (..., m, n) array from the column-major batch `cm` (shape (..., n, m)).
template <class W, class B>
ndarray<W, B> row_major_copy(const ndarray<W, B>& cm) {
  return swapaxes(cm, index_t{-1}, index_t{-2}).copy();
}

/// The batch index of flat matrix number `flat` in a stack of shape `shape`, as NumPy prints a
/// tuple: "(1, 0)"; "" for a single matrix.
inline std::string batch_index(const shape_type& shape, index_t flat) {
  if (shape.size() <= 2) return "";
  std::string out;
  for (std::size_t i = shape.size() - 2; i-- > 0;) {
    const index_t extent = shape[i] > 0 ? shape[i] : 1;
    out = std::to_string(flat % extent) + (out.empty() ? "" : ", ") + out;
    flat /= extent;
  }
  return " (matrix " + std::string(shape.size() == 3 ? "" : "(") + out + (shape.size() == 3 ? "" : ")") +
         " of the stack)";
}

/// Throws xp::linalg_error "<fn>: <what>" naming the failing matrix when `status` is not ok.
inline void throw_if_failed(const factor_status& status, const char* fn, const std::string& what,
                            const shape_type& shape) {
  if (status.ok()) return;
  throw linalg_error(std::string("xp::linalg::") + fn + ": " + what + batch_index(shape, status.batch));
}

}  // namespace xp::linalg::detail
