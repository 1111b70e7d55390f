#pragma once
/// @file linalg.hpp
/// @brief Matrix products with NumPy's shape rules: xp::matmul (np.matmul, `@`), dot, vdot,
/// inner, outer, on every backend (host: OpenBLAS when found, else xp's blocked kernel).
/// Includes <xp/core.hpp>.

#include "xp/core.hpp"
#include "xp/linalg/gemm.hpp"
#include "xp/linalg/matmul.hpp"
