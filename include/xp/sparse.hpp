#pragma once
/// @file sparse.hpp
/// @brief scipy.sparse and scipy.sparse.linalg for xp arrays: xp::sparse::csr_matrix (CSR
/// matrices on either backend, their construction and products with dense arrays, SciPy's .npz
/// files: save_npz, load_npz) and xp::sparse::linalg's lsmr, lsqr, cg, gmres and linear_operator.
/// Includes <xp/core.hpp>, <xp/random.hpp> and <xp/linalg.hpp>; not included by <xp/xp.hpp>. On
/// xp::cuda, translation units that build device matrices are compiled by nvcc (the products and
/// the solvers' loops are precompiled).

#include "xp/core.hpp"
#include "xp/linalg.hpp"
#include "xp/random.hpp"
#include "xp/sparse/construct.hpp"
#include "xp/sparse/csr.hpp"
#include "xp/sparse/linalg/iterative.hpp"
#include "xp/sparse/npz.hpp"
