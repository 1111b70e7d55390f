#pragma once
/// @file expr/scan_primitive.hpp
/// @brief The scan primitive behind np.cumsum and np.cumprod (expr/scan.hpp): its problem, its
/// primary template, the accumulators it takes (each precompiled in libxp_cuda) and both
/// backends' specialisations.

#include <cstdint>

#include "xp/core/backend.hpp"
#include "xp/core/complex.hpp"
#include "xp/core/config.hpp"
#include "xp/core/float16.hpp"

namespace xp::detail {

enum class scan_op : std::uint8_t { sum, prod };

/// @brief What a backend's scan primitive is given: `lines` rows of `length` contiguous
/// elements at `data`, each replaced by its inclusive scan (row-major; integers wrap). With a
/// `source` the rows are read from there (same layout) and `data` is only written: one read
/// and one write per element, where scanning a copy in place costs two of each.
template <class Acc>
struct scan_problem {
  Acc* data;
  index_t lines;
  index_t length;
  scan_op op;
  const Acc* source = nullptr;
};

}  // namespace xp::detail

namespace xp::primitive {
/// @brief `run(scan_problem<Acc>)`: the inclusive scan of each row, for Acc in XP_SCAN_TYPES.
template <class B>
struct scan {
  XP_PRIMITIVE_NOT_VISIBLE(B, "scan");
};
}  // namespace xp::primitive

// The accumulators the primitive takes (np.cumsum's and np.cumprod's), X(Acc) each, in the four
// shares that libxp_cuda compiles in a unit each (CUB's scans are slow to compile): the one list.
#define XP_SCAN_INTEGERS(X)     X(std::int64_t) X(std::uint64_t)
#define XP_SCAN_FLOAT16(X)      X(::xp::float16)
#define XP_SCAN_FLOAT_DOUBLE(X) X(float) X(double)
#define XP_SCAN_COMPLEX(X)      X(::xp::complex64) X(::xp::complex128)
#define XP_SCAN_TYPES(X)        XP_SCAN_INTEGERS(X) XP_SCAN_FLOAT16(X) XP_SCAN_FLOAT_DOUBLE(X) XP_SCAN_COMPLEX(X)

// each backend's specialisation (the CUDA one declares what libxp_cuda compiles, from
// XP_SCAN_TYPES, and undefines the lists)
#include "xp/backends/cuda/scan.hpp"
#include "xp/backends/host/scan.hpp"
