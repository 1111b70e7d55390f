#!/usr/bin/env python3
"""SciPy's L-curve for a small version of the seed's ridge regression, which tutorial 12
(examples/12_sparse_lcurve.cpp) checks its own against on both backends.

    /usr/bin/python3 examples/data/make_lcurve_golden.py      (Debian's SciPy 1.10, NumPy 1.24)

Writes examples/data/lcurve_small.npz: the system (a float32 CSR matrix of density 0.1 as its
data/indices/indptr/shape, and float64 data), the ten coefficients, and for each the residual
norm, the regularisation norm and LSMR's iteration count, computed as the seed does: one
scipy.sparse.linalg.lsmr of vstack([A, c I]) with extended data per coefficient.
"""
import os

import numpy as np
import scipy
import scipy.sparse as sp
import scipy.sparse.linalg as splg

rows = columns = 400
r = np.random.default_rng(1234)
system = sp.random(m=columns, n=rows, density=0.1, dtype=np.float32, random_state=r).tocsr()
data = r.normal(loc=3.0, scale=1.0, size=rows)
extended = np.concatenate([data, np.zeros(columns)])
coeffs = np.geomspace(1e-1, 5e3, 10)
residual, reg_norm, itn = [], [], []
for c in coeffs:
    reg = c * sp.eye(rows, format="csr")
    result = splg.lsmr(A=sp.vstack([system, reg]).tocsr(), b=extended)
    model = result[0][:rows]
    residual.append(np.linalg.norm(system @ model - data))
    reg_norm.append(np.linalg.norm(reg @ model) / c)
    itn.append(result[2])
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lcurve_small.npz")
np.savez(out, data=system.data, indices=system.indices.astype(np.int32), indptr=system.indptr.astype(np.int32),
         shape=np.array(system.shape, dtype=np.int64), rhs=data, coeffs=coeffs, residual=np.array(residual),
         reg_norm=np.array(reg_norm), itn=np.array(itn, dtype=np.int64))
print(f"scipy {scipy.__version__}: itn {itn}\nresidual {np.array(residual)}\nreg_norm {np.array(reg_norm)}")
