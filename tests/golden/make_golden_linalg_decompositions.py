"""Golden data for xp::linalg's decompositions (cholesky, qr, eigh, eigvalsh, eig, eigvals, svd,
svdvals), read by tests/test_linalg_decompositions.cpp.
Run with Debian's NumPy (1.24):  /usr/bin/python3 tests/golden/make_golden_linalg_decompositions.py

Writes tests/golden/linalg/linalg_decompositions.npz. For each dtype code (f4, f8, c8, c16):
  <code>_spd (4, 4), <code>_spd_b (2, 3, 5, 5)   Hermitian positive definite; _chol_L: their L
  <code>_gen (5, 3), <code>_wide (3, 5)           general; _r_gen, _r_wide: |R| of qr (R's rows
                                                  are fixed up to a sign/phase, |R| is not)
  <code>_herm (6, 6), <code>_herm_b (3, 4, 4)     Hermitian; _w: eigh's eigenvalues
  <code>_sq (5, 5), <code>_sq_b (2, 4, 4)         general square; _ev: eig's eigenvalues
                                                  (np.sort_complex'ed; the test matches them as sets)
  <code>_gen_s, <code>_wide_s, <code>_svd_b (2, 4, 6) and _svd_b_s: singular values
  <code>_hilb (7, 7): the Hilbert matrix (condition ~5e8; float64 only is asked for its small values),
                      _hilb_s and _hilb_w: its singular values and eigenvalues
Promotion: i4_sq / i4_herm (int32) with f8_ results of the same names; f2_herm (float16) with
float32 results (NumPy 1.24 refuses float16 in linalg: computed on astype(float32), which is what
NumPy 2 does)."""
import os

import numpy as np

rng = np.random.default_rng(33)
out = {}
codes = (("f4", np.float32), ("f8", np.float64), ("c8", np.complex64), ("c16", np.complex128))


def draw(shape, complex_):
    a = rng.standard_normal(shape)
    if complex_:
        a = a + 1j * rng.standard_normal(shape)
    return a


def hermitian(a):
    return (a + np.conj(np.swapaxes(a, -1, -2))) / 2


def positive_definite(a):
    n = a.shape[-1]
    return a @ np.conj(np.swapaxes(a, -1, -2)) + n * np.eye(n)  # eigenvalues >= n: well conditioned


for code, dt in codes:
    cplx = code.startswith("c")
    spd = positive_definite(draw((4, 4), cplx)).astype(dt)
    spd_b = positive_definite(draw((2, 3, 5, 5), cplx)).astype(dt)
    gen, wide = draw((5, 3), cplx).astype(dt), draw((3, 5), cplx).astype(dt)
    herm, herm_b = hermitian(draw((6, 6), cplx)).astype(dt), hermitian(draw((3, 4, 4), cplx)).astype(dt)
    sq, sq_b = draw((5, 5), cplx).astype(dt), draw((2, 4, 4), cplx).astype(dt)
    svd_b = draw((2, 4, 6), cplx).astype(dt)
    hilb = (1.0 / (np.arange(7)[:, None] + np.arange(7)[None, :] + 1)).astype(dt)
    out.update({f"{code}_spd": spd, f"{code}_spd_b": spd_b, f"{code}_gen": gen, f"{code}_wide": wide,
                f"{code}_herm": herm, f"{code}_herm_b": herm_b, f"{code}_sq": sq, f"{code}_sq_b": sq_b,
                f"{code}_svd_b": svd_b, f"{code}_hilb": hilb})
    out[f"{code}_spd_chol_L"] = np.linalg.cholesky(spd)
    out[f"{code}_spd_b_chol_L"] = np.linalg.cholesky(spd_b)
    out[f"{code}_r_gen"] = np.abs(np.linalg.qr(gen, mode="r")).astype(dt)
    out[f"{code}_r_gen_complete"] = np.abs(np.linalg.qr(gen, mode="complete")[1]).astype(dt)
    out[f"{code}_r_wide"] = np.abs(np.linalg.qr(wide, mode="r")).astype(dt)
    out[f"{code}_herm_w"] = np.linalg.eigvalsh(herm)
    out[f"{code}_herm_b_w"] = np.linalg.eigvalsh(herm_b)
    out[f"{code}_herm_vectors"] = np.linalg.eigh(herm)[1]
    out[f"{code}_sq_ev"] = np.sort_complex(np.linalg.eigvals(sq))
    out[f"{code}_sq_b_ev"] = np.sort_complex(np.linalg.eigvals(sq_b))
    out[f"{code}_gen_s"] = np.linalg.svd(gen, compute_uv=False)
    out[f"{code}_wide_s"] = np.linalg.svd(wide, compute_uv=False)
    out[f"{code}_svd_b_s"] = np.linalg.svd(svd_b, compute_uv=False)
    out[f"{code}_hilb_s"] = np.linalg.svd(hilb.astype(np.complex128 if cplx else np.float64), compute_uv=False)
    out[f"{code}_hilb_w"] = np.linalg.eigvalsh(np.real(hilb).astype(np.float64))  # real-valued: the same input

# promotion: integers compute in float64, float16 in float32
i4_sq = rng.integers(-9, 10, size=(5, 5)).astype(np.int32)
i4_herm = (i4_sq + i4_sq.T).astype(np.int32)
out["i4_sq"], out["i4_herm"] = i4_sq, i4_herm
out["i4_sq_ev"] = np.sort_complex(np.linalg.eigvals(i4_sq))
out["i4_herm_w"] = np.linalg.eigvalsh(i4_herm)
out["i4_sq_s"] = np.linalg.svd(i4_sq, compute_uv=False)
f2_herm = hermitian(draw((4, 4), False)).astype(np.float16)
out["f2_herm"] = f2_herm
out["f2_herm_w"] = np.linalg.eigvalsh(f2_herm.astype(np.float32))

path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "linalg", "linalg_decompositions.npz")
np.savez(path, **out)  # xp reads stored (uncompressed) members
print(f"wrote {path}: {len(out)} arrays")
