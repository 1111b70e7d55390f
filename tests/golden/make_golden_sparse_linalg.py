"""Goldens for tests/test_sparse_linalg.cpp: scipy.sparse.linalg's lsmr, lsqr, cg and gmres.

    /usr/bin/python3 tests/golden/make_golden_sparse_linalg.py      (Debian's SciPy 1.10, NumPy 1.24)

Writes tests/golden/sparse_linalg/sparse_linalg.npz: the matrices mat_<name> and right-hand sides
rhs_<name>, and for each solve <solver>_<case>: x (x_...), the options (opts_...: lsmr, lsqr
[damp, atol, btol, conlim, maxiter or -1, calc_var]; cg, gmres [rtol, atol, maxiter or -1,
restart]), and the stats (stats_...: lsmr [istop, itn, normr, normar, norma, conda, normx], lsqr
[istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm], cg and gmres [info]), lsqr's var_...,
x0_... where the solve starts from one. SciPy 1.10 names cg's and gmres's rtol `tol`.
"""
import os

import numpy as np
import scipy
import scipy.sparse.linalg as splg

here = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(20261129)
out = {}


def mat(name, a):
    out[f"mat_{name}"] = a
    return a


def rhs(name, b):
    out[f"rhs_{name}"] = b
    return b




def with_singular_values(m, n, s):
    """A random m x n matrix with singular values s (min(m, n) of them)."""
    u, _ = np.linalg.qr(rng.normal(size=(max(m, n), min(m, n))))
    v, _ = np.linalg.qr(rng.normal(size=(min(m, n), min(m, n))))
    a = u @ np.diag(s) @ v.T
    return a if m >= n else a.T


# well conditioned (singular values 1 to 3): they converge in a third of n iterations, before the
# Lanczos vectors lose orthogonality, so that rounding (BLAS's nrm2 against xp's sums) cannot move
# itn; badly conditioned: singular values 1 to 1e-6
tall = mat("tall", with_singular_values(60, 40, np.linspace(1, 3, 40)))
wide = mat("wide", with_singular_values(40, 60, np.linspace(1, 3, 40)))
ill = mat("ill", with_singular_values(60, 40, np.geomspace(1, 1e-6, 40)))
b60 = rhs("b60", rng.normal(size=60))
b40 = rhs("b40", rng.normal(size=40))
x0_40 = rhs("x0_40", rng.normal(size=40))
rhs("zero60", np.zeros(60))
tall32 = mat("tall32", tall.astype(np.float32))

# (case, matrix, rhs, damp, atol, btol, conlim, maxiter, x0)
least_squares = [
    ("tall", "tall", "b60", 0.0, 1e-6, 1e-6, 1e8, None, None),
    ("wide", "wide", "b40", 0.0, 1e-6, 1e-6, 1e8, None, None),
    ("damped", "tall", "b60", 0.5, 1e-6, 1e-6, 1e8, None, None),
    ("tight", "tall", "b60", 0.0, 1e-12, 1e-12, 1e8, None, None),
    ("loose", "tall", "b60", 0.0, 1e-2, 1e-2, 1e8, None, None),
    ("maxiter", "tall", "b60", 0.0, 1e-6, 1e-6, 1e8, 5, None),
    ("ill", "ill", "b60", 0.0, 1e-8, 1e-8, 1e8, None, None),
    ("conlim", "ill", "b60", 0.0, 1e-10, 1e-10, 1e2, None, None),
    ("x0", "tall", "b60", 0.0, 1e-8, 1e-8, 1e8, None, "x0_40"),
    ("zero", "tall", "zero60", 0.0, 1e-6, 1e-6, 1e8, None, None),
    ("f32", "tall32", "b60", 0.0, 1e-6, 1e-6, 1e8, None, None),
]
for case, m, r, damp, atol, btol, conlim, maxiter, x0 in least_squares:
    a, b = out[f"mat_{m}"], out[f"rhs_{r}"]
    x0v = None if x0 is None else out[f"rhs_{x0}"]
    x, istop, itn, normr, normar, norma, conda, normx = splg.lsmr(
        a, b, damp=damp, atol=atol, btol=btol, conlim=conlim, maxiter=maxiter, x0=x0v)
    out[f"x_lsmr_{case}"] = x
    out[f"stats_lsmr_{case}"] = np.array([istop, itn, normr, normar, norma, conda, normx], dtype=np.float64)
    out[f"opts_lsmr_{case}"] = np.array([damp, atol, btol, conlim, -1 if maxiter is None else maxiter, 0])
    print(f"lsmr {case}: istop {istop} itn {itn} x {x.dtype}")
    calc_var = case in ("tall", "damped")
    x, istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm, var = splg.lsqr(
        a, b, damp=damp, atol=atol, btol=btol, conlim=conlim, iter_lim=maxiter, x0=x0v, calc_var=calc_var)
    out[f"x_lsqr_{case}"] = x
    out[f"var_lsqr_{case}"] = var
    out[f"stats_lsqr_{case}"] = np.array([istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm], dtype=np.float64)
    out[f"opts_lsqr_{case}"] = np.array([damp, atol, btol, conlim, -1 if maxiter is None else maxiter,
                                         1 if calc_var else 0])
    print(f"lsqr {case}: istop {istop} itn {itn} x {x.dtype}")

# complex: singular values 1 to 3 again, complex b (SciPy's x is complex128)
cu, _ = np.linalg.qr(rng.normal(size=(60, 40)) + 1j * rng.normal(size=(60, 40)))
cv, _ = np.linalg.qr(rng.normal(size=(40, 40)) + 1j * rng.normal(size=(40, 40)))
ctall = mat("ctall", cu @ np.diag(np.linspace(1, 3, 40)) @ cv.conj().T)
cb = rhs("cb60", rng.normal(size=60) + 1j * rng.normal(size=60))
for damp in (0.0, 0.5):
    case = "complex" if damp == 0 else "complex_damped"
    x, istop, itn, normr, normar, norma, conda, normx = splg.lsmr(ctall, cb, damp=damp)
    out[f"x_lsmr_{case}"] = x
    out[f"stats_lsmr_{case}"] = np.array([istop, itn, normr, normar, norma, conda, normx], dtype=np.float64)
    x, istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm, var = splg.lsqr(ctall, cb, damp=damp)
    out[f"x_lsqr_{case}"] = x
    out[f"stats_lsqr_{case}"] = np.array([istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm], dtype=np.float64)
    print(f"{case}: lsmr/lsqr itn {out[f'stats_lsmr_{case}'][1]}, {itn}, x {x.dtype}")

# symmetric positive definite (eigenvalues 1 to 10) and a nonsymmetric well-conditioned matrix
q, _ = np.linalg.qr(rng.normal(size=(40, 40)))
spd = mat("spd", q @ np.diag(np.linspace(1, 10, 40)) @ q.T)
mat("spd_jacobi", np.diag(1 / np.diag(spd)))
nonsym = mat("nonsym", 4 * np.eye(40) + rng.normal(size=(40, 40)) / np.sqrt(40))
mat("spd32", spd.astype(np.float32))
mat("nonsym32", nonsym.astype(np.float32))
rhs("b40_32", b40.astype(np.float32))

# (solver, case, matrix, rhs, rtol, atol, maxiter, restart, x0, M)
krylov = [
    ("cg", "tight", "spd", "b40", 1e-10, 0.0, None, 20, None, None),
    ("cg", "maxiter", "spd", "b40", 1e-10, 0.0, 3, 20, None, None),
    ("cg", "x0", "spd", "b40", 1e-10, 0.0, None, 20, "x0_40", None),
    ("cg", "jacobi", "spd", "b40", 1e-10, 0.0, None, 20, None, "spd_jacobi"),
    ("cg", "atol", "spd", "b40", 0.0, 1e-3, None, 20, None, None),
    ("cg", "f32", "spd32", "b40_32", 1e-5, 0.0, None, 20, None, None),
    ("gmres", "tight", "nonsym", "b40", 1e-10, 0.0, None, 10, None, None),
    ("gmres", "x0", "nonsym", "b40", 1e-10, 0.0, None, 10, "x0_40", None),
    ("gmres", "maxiter", "nonsym", "b40", 1e-14, 0.0, 1, 3, None, None),
    ("gmres", "f32", "nonsym32", "b40_32", 1e-5, 0.0, None, 10, None, None),
]
for solver, case, m, r, rtol, atol, maxiter, restart, x0, pre in krylov:
    a, b = out[f"mat_{m}"], out[f"rhs_{r}"]
    x0v = None if x0 is None else out[f"rhs_{x0}"]
    M = None if pre is None else out[f"mat_{pre}"]
    if solver == "cg":
        x, info = splg.cg(a, b, x0=x0v, tol=rtol, atol=atol, maxiter=maxiter, M=M)
    else:
        x, info = splg.gmres(a, b, x0=x0v, tol=rtol, atol=atol, maxiter=maxiter, restart=restart, M=M)
    out[f"x_{solver}_{case}"] = x
    out[f"stats_{solver}_{case}"] = np.array([info], dtype=np.float64)
    out[f"opts_{solver}_{case}"] = np.array([rtol, atol, -1 if maxiter is None else maxiter, restart])
    print(f"{solver} {case}: info {info} x {x.dtype} residual {np.linalg.norm(a @ x - b):.3g}")

print("scipy", scipy.__version__, "numpy", np.__version__)
np.savez(os.path.join(here, "sparse_linalg", "sparse_linalg.npz"), **out)
