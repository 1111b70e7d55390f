#pragma once
/// @file linalg.hpp
/// @brief Matrix products with NumPy's shape rules: xp::matmul (np.matmul, `@`), dot, vdot,
/// inner, outer, on every backend (host: OpenBLAS when found, else xp's blocked kernel); norms:
/// xp::linalg::norm (np.linalg.norm), vector_norm and matrix_norm (the array API's linalg
/// extension). Includes <xp/core.hpp>.

#include "xp/core.hpp"
#include "xp/linalg/decompositions.hpp"
#include "xp/linalg/einsum.hpp"
#include "xp/linalg/gemm_primitive.hpp"
#include "xp/linalg/matmul.hpp"
#include "xp/linalg/norm.hpp"
#include "xp/linalg/solve.hpp"
