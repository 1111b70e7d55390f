#pragma once
/// @file error.hpp
/// @brief The exceptions xp throws. Every kind derives from xp::error (a std::runtime_error),
/// so `catch (const xp::error&)` sees them all.

#include <cstddef>
#include <stdexcept>
#include <string>

namespace xp {

/// @brief Base of every xp exception.
struct error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// @brief Shapes that do not fit (broadcasting, reshape, assignment). NumPy: ValueError.
struct shape_error : virtual error {
  using error::error;
};

/// @brief An index or axis out of range. NumPy: IndexError / AxisError.
struct index_error : virtual error {
  using error::error;
};

/// @brief An axis out of range: NumPy's AxisError, which is both a ValueError and an
/// IndexError, so it is both an xp::shape_error and an xp::index_error (`error` is their one
/// virtual base: `catch (const xp::error&)` still takes it).
struct axis_error : index_error, shape_error {
  explicit axis_error(const std::string& what) : error(what), index_error(what), shape_error(what) {}
};

/// @brief A dtype that the operation cannot take (e.g. loading int32 .npy data as float).
struct dtype_error : error {
  using error::error;
};

/// @brief A value the operation cannot take (zero step, negative count, size != 1 in item()).
struct value_error : error {
  using error::error;
};

/// @brief A linear-algebra routine could not complete: a singular matrix (inv, solve), a matrix
/// that is not positive definite (cholesky), an eigen- or singular-value iteration that did not
/// converge. The message names the function and the matrix's index in the batch. NumPy:
/// LinAlgError (a ValueError there too, so catching xp::value_error also takes it).
struct linalg_error : value_error {
  using value_error::value_error;
};

/// @brief A file could not be opened, read or written (NumPy: OSError). Malformed file
/// contents are a value_error; a dtype the caller did not ask for is a dtype_error.
struct io_error : error {
  using error::error;
};

/// @brief An allocation failed. Carries the bytes asked for and the bytes free at that moment.
struct out_of_memory : error {
  /// @brief The message names `where` and both byte counts (compiled in src/core.cpp).
  out_of_memory(std::size_t requested, std::size_t free_bytes, const std::string& where);
  std::size_t requested_bytes;
  std::size_t free_bytes;
};

/// @brief A call of the CUDA runtime or of a CUDA library (cuBLAS, NCCL, ...) failed: the
/// library, the status name and its description, the call and file:line.
struct cuda_error : error {
  /// @brief The message names the library, the status, its description, the call and file:line
  /// (compiled in src/core.cpp).
  cuda_error(const std::string& library, const std::string& status_name, const std::string& description,
             const std::string& call, const char* file, int line);
  /// @brief A failure of the CUDA runtime itself (library "CUDA runtime").
  cuda_error(const std::string& status_name, const std::string& description, const std::string& call, const char* file,
             int line);
  std::string library;  ///< "CUDA runtime", "cuBLAS", "NCCL", ...
  std::string status;   ///< the status's name, e.g. "cudaErrorInvalidDevice", "CUBLAS_STATUS_NOT_SUPPORTED"
};

}  // namespace xp
