#pragma once
/// @file linalg.hpp
/// @brief Linear algebra with NumPy's rules: matrix products (xp::matmul, `@`, dot, vdot, inner,
/// outer, tensordot, vecdot), xp::einsum and xp::einsum_path (a contraction planner), and
/// xp::linalg:: (np.linalg and the array API's linalg extension): norms, cholesky, qr, eigh,
/// eigvalsh, eig, eigvals, svd, svdvals, solve, inv, det, slogdet, lstsq, pinv, matrix_rank,
/// matrix_power, cond, multi_dot, tensorsolve, tensorinv; on every backend (host: OpenBLAS's
/// BLAS and LAPACK when found; device: cuBLAS and cuSOLVER). Includes <xp/core.hpp>.

#include "xp/core.hpp"
#include "xp/linalg/decompositions.hpp"
#include "xp/linalg/einsum.hpp"
#include "xp/linalg/gemm_primitive.hpp"
#include "xp/linalg/matmul.hpp"
#include "xp/linalg/norm.hpp"
#include "xp/linalg/solve.hpp"
