"""Golden data for xp::linalg's solve, inv, det, slogdet, lstsq, pinv, matrix_rank, matrix_power,
cond, multi_dot, tensorsolve and tensorinv, read by tests/test_linalg_solve.cpp.
Run with Debian's NumPy (1.24):  /usr/bin/python3 tests/golden/make_golden_linalg_solve.py
Only cases whose answer NumPy 1.24 and NumPy 2 agree on are written: b of solve is 1-D or has a's
ndim (NumPy 2 reads a b of a.ndim - 1 axes as a stack of matrices, NumPy 1 as vectors), lstsq's
rcond is given or None (both mean eps * max(m, n)), pinv's inputs are well conditioned (NumPy's
rcond=1e-15 and xp's max(m, n) * eps cut the same values there).

Writes tests/golden/linalg/linalg_solve.npz: every input under its name and every result under
<case>_<output>. Inputs are float64 (the tests convert them to the dtype under test) unless the
name says otherwise (`_c`: complex128, `_i`: int64)."""
import os

import numpy as np

la = np.linalg
rng = np.random.default_rng(33)
out = {}


def well(n, batch=(), dtype=float):
    """Random matrices whose condition number is small: identity times n plus noise."""
    a = rng.standard_normal(batch + (n, n))
    if dtype == complex:
        a = a + 1j * rng.standard_normal(batch + (n, n))
    return a + n * np.eye(n)


# solve: a vector right-hand side, a matrix one, a batch broadcast against one b, complex
out["solve_a"] = well(5)
out["solve_b1"] = rng.standard_normal(5)
out["solve_b2"] = rng.standard_normal((5, 3))
out["solve_ab"] = well(7, (2, 3))            # (2, 3, 7, 7)
out["solve_bb"] = rng.standard_normal((3, 7, 2))  # broadcast to (2, 3, 7, 2)
out["solve_ac"] = well(4, (), complex)
out["solve_bc"] = rng.standard_normal((4, 2)) + 1j * rng.standard_normal((4, 2))
out["solve_b1_x"] = la.solve(out["solve_a"], out["solve_b1"])
out["solve_b2_x"] = la.solve(out["solve_a"], out["solve_b2"])
out["solve_bb_x"] = la.solve(out["solve_ab"], np.broadcast_to(out["solve_bb"], (2, 3, 7, 2)))
out["solve_c_x"] = la.solve(out["solve_ac"], out["solve_bc"])

# inv: a batch (odd sizes), complex
out["inv_a"] = well(6, (2,))
out["inv_a_x"] = la.inv(out["inv_a"])
out["inv_ac"] = well(3, (), complex)
out["inv_ac_x"] = la.inv(out["inv_ac"])

# det and slogdet: random (negative determinants among them), a permutation, a singular matrix,
# a float32 case whose determinant overflows float32 but whose log does not
out["det_a"] = rng.standard_normal((3, 4, 4))
out["det_a_x"] = la.det(out["det_a"])
sign, logabs = la.slogdet(out["det_a"])
out["det_a_sign"], out["det_a_logabs"] = sign, logabs
out["det_perm"] = np.eye(5)[[1, 0, 3, 4, 2]]  # one swap and a 3-cycle: det -1
out["det_perm_x"] = la.det(out["det_perm"])
out["det_ac"] = rng.standard_normal((2, 3, 3)) + 1j * rng.standard_normal((2, 3, 3))
out["det_ac_x"] = la.det(out["det_ac"])
sign, logabs = la.slogdet(out["det_ac"])
out["det_ac_sign"], out["det_ac_logabs"] = sign, logabs
big = (rng.standard_normal((40, 40)) * 30).astype(np.float32)
out["det_big_f"] = big
sign, logabs = la.slogdet(big)
out["det_big_f_sign"], out["det_big_f_logabs"] = sign, logabs  # float32 results
out["det_big_f_x"] = la.det(big)  # inf in float32

# lstsq: overdetermined full rank (vector and matrix b), rank deficient, underdetermined
for name, (m, n, k) in {"over": (9, 4, 2), "under": (3, 6, 2)}.items():
    a = rng.standard_normal((m, n))
    b = rng.standard_normal((m, k))
    out[f"lstsq_{name}_a"], out[f"lstsq_{name}_b"] = a, b
    for rhs, bb in (("b1", b[:, 0]), ("b2", b)):
        x, res, rank, s = la.lstsq(a, bb, rcond=None)
        out[f"lstsq_{name}_{rhs}_x"], out[f"lstsq_{name}_{rhs}_res"] = x, res
        out[f"lstsq_{name}_{rhs}_rank"], out[f"lstsq_{name}_{rhs}_s"] = np.array(rank, dtype=np.int64), s
a = rng.standard_normal((8, 5))
a[:, 3] = a[:, 0] + a[:, 1]  # rank 4
b = rng.standard_normal((8, 2))
out["lstsq_deficient_a"], out["lstsq_deficient_b"] = a, b
x, res, rank, s = la.lstsq(a, b, rcond=None)
out["lstsq_deficient_x"], out["lstsq_deficient_res"], out["lstsq_deficient_rank"] = x, res, np.array(rank, dtype=np.int64)
out["lstsq_deficient_s"] = s
ac = rng.standard_normal((6, 3)) + 1j * rng.standard_normal((6, 3))
bc = rng.standard_normal(6) + 1j * rng.standard_normal(6)
out["lstsq_c_a"], out["lstsq_c_b"] = ac, bc
x, res, rank, s = la.lstsq(ac, bc, rcond=None)
out["lstsq_c_x"], out["lstsq_c_res"], out["lstsq_c_s"] = x, res, s

# pinv: tall, wide batch, complex
out["pinv_a"] = rng.standard_normal((7, 4))
out["pinv_a_x"] = la.pinv(out["pinv_a"])
out["pinv_ab"] = rng.standard_normal((2, 3, 5))
out["pinv_ab_x"] = la.pinv(out["pinv_ab"])
out["pinv_ac"] = rng.standard_normal((3, 4)) + 1j * rng.standard_normal((3, 4))
out["pinv_ac_x"] = la.pinv(out["pinv_ac"])

# matrix_rank: a stack of 6 x 5 matrices of ranks 5, 3, 1, 0
ranks = [5, 3, 1, 0]
stack = np.stack([rng.standard_normal((6, r)) @ rng.standard_normal((r, 5)) for r in ranks])
out["rank_a"] = stack
out["rank_a_x"] = la.matrix_rank(stack)
out["rank_tol_x"] = la.matrix_rank(stack, tol=1.0)

# matrix_power: integer (wraps nowhere at this size), float negative and zero
out["power_i"] = rng.integers(-3, 4, (2, 3, 3))
out["power_i_5"] = la.matrix_power(out["power_i"], 5)
out["power_a"] = well(4)
out["power_a_m3"] = la.matrix_power(out["power_a"], -3)
out["power_a_7"] = la.matrix_power(out["power_a"], 7)

# cond: every order of a batch; a singular matrix with order 1 is inf
out["cond_a"] = rng.standard_normal((2, 4, 4))
for key, p in {"none": None, "2": 2, "m2": -2, "1": 1, "m1": -1, "inf": np.inf, "minf": -np.inf, "fro": "fro",
               "nuc": "nuc"}.items():
    out[f"cond_a_{key}"] = la.cond(out["cond_a"], p)
out["cond_rect"] = rng.standard_normal((5, 3))
out["cond_rect_none"] = la.cond(out["cond_rect"])

# multi_dot: a chain whose best order is not left to right, with a 1-D first and last operand
shapes = [(10,), (10, 30), (30, 5), (5, 60), (60,)]
chain = [rng.standard_normal(s) for s in shapes]
for i, c in enumerate(chain):
    out[f"chain_{i}"] = c
out["chain_x"] = la.multi_dot(chain)
out["chain_mid_x"] = la.multi_dot(chain[1:4])

# tensorsolve and tensorinv, the docstrings' shapes
a = rng.standard_normal((6, 4, 2, 3, 4)) + 0.0
a = a.reshape(24, 24) + 24 * np.eye(24)
a = a.reshape((6, 4, 2, 3, 4))
out["tsolve_a"] = a
out["tsolve_b"] = rng.standard_normal((6, 4))
out["tsolve_x"] = la.tensorsolve(a, out["tsolve_b"])
out["tsolve_axes_x"] = la.tensorsolve(np.moveaxis(a, 2, 0), out["tsolve_b"], axes=(0,))
t = (rng.standard_normal((24, 24)) + 24 * np.eye(24)).reshape(4, 6, 8, 3)
out["tinv_a"] = t
out["tinv_x"] = la.tensorinv(t, ind=2)

# lstsq with NumPy 1's rcond=-1 (machine precision): a rank-1 matrix in all but rounding
out["lstsq_neg_a"] = np.array([[1, 2, 3], [2, 4, 6], [3, 6, 9.000000000000002]])
x, res, rank, s = la.lstsq(out["lstsq_neg_a"], np.ones(3), rcond=-1)
out["lstsq_neg_x"], out["lstsq_neg_rank"] = x, np.array(rank, dtype=np.int64)

path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "linalg", "linalg_solve.npz")
np.savez(path, **out)
print(f"wrote {len(out)} arrays to {path}")
