#!/usr/bin/env python3
"""Goldens for tests/test_sparse_matrix.cpp and tests/test_sparse_lsmr.cpp: SciPy's CSR matrices,
their products and scipy.sparse.linalg.lsmr.

    /usr/bin/python3 tests/golden/make_golden_sparse.py      (Debian's SciPy 1.10, NumPy 1.24)

Writes tests/golden/sparse/sparse.npz (csr_*: a 7 x 5 matrix as data/indices/indptr, dense, its
transpose, products with a vector and a 5 x 3 matrix; eye_*) and tests/golden/sparse/lsmr.npz (for
each case <name>: the system a_<name> (dense) and b_<name>, SciPy's x, istop, itn and the five
norms as stats_<name> = [istop, itn, normr, normar, norma, conda, normx], and its options as
opts_<name> = [damp, atol, btol, conlim, maxiter (-1: default)]).
"""
import os

import numpy as np
import scipy
import scipy.sparse as sp
import scipy.sparse.linalg as splg

here = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(20261128)

out = {}
a = sp.random(7, 5, density=0.4, random_state=rng, dtype=np.float64).tocsr()
a.sort_indices()
out["csr_data"] = a.data
out["csr_indices"] = a.indices.astype(np.int32)
out["csr_indptr"] = a.indptr.astype(np.int32)
out["csr_dense"] = a.toarray()
out["csr_dense_t"] = a.T.toarray()
x = rng.uniform(-1, 1, 5)
X = rng.uniform(-1, 1, (5, 3))
out["csr_x"] = x
out["csr_y"] = a @ x
out["csr_X"] = X
out["csr_Y"] = a @ X
for k in (-2, 0, 3):
    out[f"eye_4_6_{k}".replace("-", "m")] = sp.eye(4, 6, k=k, format="csr").toarray()
np.savez(os.path.join(here, "sparse", "sparse.npz"), **out)

cases = {}


def case(name, a, b, damp=0.0, atol=1e-6, btol=1e-6, conlim=1e8, maxiter=None, x0=None):
    r = splg.lsmr(a, b, damp=damp, atol=atol, btol=btol, conlim=conlim, maxiter=maxiter, x0=x0)
    x, istop, itn, normr, normar, norma, conda, normx = r
    cases[f"a_{name}"] = a
    cases[f"b_{name}"] = b
    cases[f"x_{name}"] = x
    if x0 is not None:
        cases[f"x0_{name}"] = x0
    cases[f"stats_{name}"] = np.array([istop, itn, normr, normar, norma, conda, normx], dtype=np.float64)
    cases[f"opts_{name}"] = np.array([damp, atol, btol, conlim, -1 if maxiter is None else maxiter], dtype=np.float64)
    print(f"{name}: istop {istop} itn {itn} normr {normr:.6g}")


tall = rng.normal(size=(60, 40))
case("tall", tall, rng.normal(size=60))
case("wide", rng.normal(size=(40, 60)), rng.normal(size=40))
case("damped", tall, rng.normal(size=60), damp=0.5)
case("tight", tall, rng.normal(size=60), atol=1e-10, btol=1e-10)
case("maxiter", tall, rng.normal(size=60), maxiter=5)
# a badly conditioned system: singular values from 1 to 1e-6
u, _ = np.linalg.qr(rng.normal(size=(50, 30)))
v, _ = np.linalg.qr(rng.normal(size=(30, 30)))
ill = u @ np.diag(np.geomspace(1, 1e-6, 30)) @ v.T
case("ill", ill, rng.normal(size=50), conlim=1e4)
case("x0", tall, rng.normal(size=60), x0=rng.normal(size=40))
case("consistent", tall, tall @ rng.normal(size=40))
np.savez(os.path.join(here, "sparse", "lsmr.npz"), **cases)
print("scipy", scipy.__version__)
