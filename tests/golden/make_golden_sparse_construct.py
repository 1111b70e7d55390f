#!/usr/bin/env python3
"""Goldens for tests/test_sparse_construct.cpp: SciPy's COO matrices, block construction, sums
and products of CSR matrices (include/xp/sparse/construct.hpp).

    /usr/bin/python3 tests/golden/make_golden_sparse_construct.py   (Debian's SciPy 1.10, NumPy 1.24)

Writes tests/golden/sparse/construct.npz: the inputs as <name>_data/_indices/_indptr/_shape (CSR,
float64 values, int32 indices) and coo_row/coo_col/coo_data, and for each operation <op>_dense
(its toarray) and <op>_nnz (its nnz, a 1-element int64 array).
"""
import os

import numpy as np
import scipy
import scipy.sparse as sp

here = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(20261129)
out = {}


def put_matrix(name, m):
    m = sp.csr_matrix(m)
    out[f"{name}_data"] = m.data.astype(np.float64)
    out[f"{name}_indices"] = m.indices.astype(np.int32)
    out[f"{name}_indptr"] = m.indptr.astype(np.int32)
    out[f"{name}_shape"] = np.array(m.shape, dtype=np.int64)


def put_result(name, m):
    out[f"{name}_dense"] = m.toarray().astype(np.float64)
    out[f"{name}_nnz"] = np.array([m.nnz], dtype=np.int64)


def rand(m, n, density):
    a = sp.random(m, n, density=density, random_state=rng, dtype=np.float64).tocsr()
    a.data = np.round(a.data * 8 - 4, 2)  # signed values, a few of them cancel below
    return a


# COO with duplicates (two of them cancel to an explicit zero) and an explicit zero
coo_row = np.array([0, 0, 1, 2, 2, 3, 0, 3], dtype=np.int32)
coo_col = np.array([1, 1, 0, 2, 2, 4, 3, 0], dtype=np.int32)
coo_data = np.array([1.0, 2.0, 0.0, 3.0, -3.0, 5.0, 4.0, -1.5])
coo = sp.coo_matrix((coo_data, (coo_row, coo_col)), shape=(4, 5))
out["coo_row"], out["coo_col"], out["coo_data"] = coo_row, coo_col, coo_data
c = coo.tocsr()
put_result("coo", c)
out["coo_csr_indices"] = c.indices.astype(np.int32)
out["coo_csr_indptr"] = c.indptr.astype(np.int32)
put_matrix("a", c)  # 4 x 5, explicit zeros kept

b = rand(4, 5, 0.5)
put_matrix("b", b)
cm = rand(5, 3, 0.6)
put_matrix("c", cm)
small = sp.csr_matrix(np.array([[1.0, 0.0], [2.0, -3.0]]))
put_matrix("s", small)

put_result("hstack", sp.hstack([c, sp.csr_matrix((4, 0)), b], format="csr"))
put_result("block_diag", sp.block_diag([c, sp.csr_matrix((0, 2)), cm, small], format="csr"))
put_result("kron_ac", sp.kron(c, cm, format="csr"))
put_result("kron_sa", sp.kron(small, c, format="csr"))

d0 = np.array([1.0, 0.0, 2.0, 3.0])  # the zero is not stored (dia -> csr drops it)
d1 = np.array([4.0, 5.0, 6.0, 7.0])
dm2 = np.array([8.0, 9.0, 10.0])  # longer than the diagonal's 2: truncated, as SciPy
out["diag_d0"], out["diag_d1"], out["diag_dm2"] = d0, d1, dm2
put_result("diags", sp.diags([d0, d1, dm2], [0, 1, -2], shape=(4, 5), format="csr"))
put_result("diags_square", sp.diags([d1, dm2], [0, 2], format="csr"))  # 4 x 4: len(d1) + |0|; dm2 cut to 2
put_result("diags_bcast", sp.diags([np.array([7.0])], [-1], shape=(3, 4), format="csr"))

put_result("add", c + b)
put_result("sub", c - b)
put_result("sub_self", c - c)
put_result("add_empty", c + sp.csr_matrix((4, 5)))  # the explicit zeros of c are dropped

out["sum_all"] = np.array([c.sum()])
out["sum_0"] = np.asarray(c.sum(axis=0)).ravel()
out["sum_1"] = np.asarray(c.sum(axis=1)).ravel()
for k in (0, 1, -2, 4, 5, -4):
    out[f"diagonal_{k}".replace("-", "m")] = c.diagonal(k)
put_result("rows_1_3", c[1:3])
put_result("rows_m2_10", c[-2:10])
put_result("rows_3_1", c[3:1])

put_result("matmul_ac", c @ cm)
put_result("matmul_bc", b @ cm)
x = sp.csr_matrix(np.array([[1.0, 1.0], [0.0, 0.0]]))
y = sp.csr_matrix(np.array([[1.0, 0.0], [-1.0, 0.0]]))
put_result("matmul_cancel", x @ y)  # SciPy drops the zero sum
put_result("matmul_empty", sp.csr_matrix((3, 0)) @ sp.csr_matrix((0, 2)))

np.savez(os.path.join(here, "sparse", "construct.npz"), **out)
print("scipy", scipy.__version__, "keys", len(out))
