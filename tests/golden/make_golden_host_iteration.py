#!/usr/bin/python3
"""Writes tests/golden/iteration/host_iteration.npz, the goldens of tests/test_host_iteration.cpp:
what NumPy gives for elementwise expressions, copies, casts, compound and view assignment and
reductions over every layout class of its iteration (contiguous, strided, negative strides,
transposed, broadcast on each axis, 0-d, more than 8 axes, overlapping in-place updates), and for
copy / cast / sum / max / argmax of a strided view of each of the 14 dtypes. Run with Debian's
python3-numpy (1.24):

    /usr/bin/python3 tests/golden/make_golden_host_iteration.py

The outputs are committed; the tests never run Python. Every input is deterministic (one seed).
The layouts below are written again, one for one, in the test (the `layout2` / `layout3` lists);
a change here is a change there. One archive written by np.savez (xp reads stored members only);
reduction results of one input, dtype and layout are packed into one member (see `pack`).
"""
import os
import warnings

import numpy as np

assert np.__version__.startswith("1.24"), "written with NumPy 1.24 (Debian's python3-numpy)"

out_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "iteration")
os.makedirs(out_dir, exist_ok=True)
warnings.simplefilter("ignore")
rng = np.random.default_rng(31)
z = {}


def put(name, a):
    assert name not in z, name
    z[name] = np.array(a, order="C")  # (np.ascontiguousarray would make a 0-d array 1-d)


FLOATS = [("f4", np.float32), ("f8", np.float64)]

# ---- 2-D layouts of a (14, 25) parent; test_host_iteration.cpp's layout2 -------------------
LAYOUT2 = [
    ("contig", lambda a: a),
    ("step", lambda a: a[::2, ::3]),  # (7, 9)
    ("neg0", lambda a: a[::-1]),  # (14, 25)
    ("neg1", lambda a: a[:, ::-1]),
    ("negstep", lambda a: a[::-3, ::-2]),  # (5, 13)
    ("trans", lambda a: a.T),  # (25, 14)
    ("mixed", lambda a: a[1::2, ::-1].T),  # (25, 7)
]
# ---- 3-D layouts of a (5, 7, 9) parent; layout3 ---------------------------------------------
LAYOUT3 = [
    ("c3", lambda a: a),
    ("perm3", lambda a: a.transpose(2, 0, 1)),  # (9, 5, 7)
    ("step3", lambda a: a[::-1, ::2, 1::3]),  # (5, 4, 3)
]
AXES2 = [0, 1, None]
AXES3 = [0, 1, 2, (0, 2), None]
AXES3_ONE = [0, 1, 2, None]  # arg-reductions take one axis or all


def pack(fn, v, axes):
    """fn(v, axis) for each axis, raveled and concatenated in that order."""
    return np.concatenate([np.asarray(fn(v, ax)).ravel() for ax in axes])


P64 = rng.uniform(-4, 4, (14, 25))
Q64 = rng.uniform(-4, 4, (14, 25))
# ties and NaN for max/min/argmax/argmin: small integers, and the same with NaN at a few places
K64 = rng.integers(-3, 4, (14, 25)).astype(np.float64)
KN64 = K64.copy()
for i, j in [(0, 0), (0, 7), (3, 24), (5, 5), (5, 11), (9, 0), (13, 24), (13, 3), (2, 18), (7, 12)]:
    KN64[i, j] = np.nan
# any/all/count_nonzero: mostly zeros, mostly nonzero
ZA = np.where(rng.uniform(0, 1, (14, 25)) < 0.06, rng.uniform(-2, 2, (14, 25)), 0.0)
ZB = np.where(rng.uniform(0, 1, (14, 25)) < 0.04, 0.0, rng.uniform(-2, 2, (14, 25)))
IP = rng.choice(np.array([-2, -1, 1, 2], dtype=np.int32), (14, 25))  # products that stay in int64
P3_64 = rng.uniform(-4, 4, (5, 7, 9))
Q3_64 = rng.uniform(-4, 4, (5, 7, 9))
ROW64 = rng.uniform(-4, 4, 25)
COL64 = rng.uniform(-4, 4, (14, 1))
S64 = np.float64(1.75)  # the 0-d operand
C64 = rng.uniform(-4, 4, (14, 25)) * 1000  # float64 -> int32 truncates
C64[0, :6] = [0.5, -0.5, 2.9999, -2.9999, 1e-3, -7.0]
I32 = rng.integers(-2, 3, (14, 25)).astype(np.int32)  # many zeros: int -> bool

put("za", ZA)
put("zb", ZB)
put("ip", IP)
put("c64", C64)
put("c64_to_i4", C64.astype(np.int32))
put("i32", I32)
put("i32_to_b", I32.astype(np.bool_))

for code, dt in FLOATS:
    P, Q, K, KN = P64.astype(dt), Q64.astype(dt), K64.astype(dt), KN64.astype(dt)
    P3, Q3 = P3_64.astype(dt), Q3_64.astype(dt)
    row, col, s = ROW64.astype(dt), COL64.astype(dt), dt(S64)
    for n, a in [("p", P), ("q", Q), ("k", K), ("kn", KN), ("p3", P3), ("q3", Q3), ("row", row), ("col", col)]:
        put(f"{n}_{code}", a)
    put(f"s_{code}", np.array(s, dtype=dt))
    # elementwise over the parents: a layout's golden is the same view of these
    put(f"add_{code}", P + Q)
    put(f"mul_{code}", P * Q)
    put(f"fused_{code}", (P - Q) * P / (Q * Q + dt(1)))
    put(f"sin_{code}", np.sin(P))
    put(f"exp_{code}", np.exp(P))
    put(f"sqrtabs_{code}", np.sqrt(np.abs(P)))
    put(f"fused3_{code}", (P3 - Q3) * P3 / (Q3 * Q3 + dt(1)))
    # broadcast on each axis
    put(f"bc_row_{code}", P + row)
    put(f"bc_col_{code}", P - col)
    put(f"bc_0d_{code}", P * s)
    put(f"bc_outer_{code}", col * row)  # (14, 1) x (25,)
    put(f"bc_step_{code}", P[::2, ::-3] + row[::-3])  # broadcast of views
    put(f"bc3_last_{code}", P3 + P3_64[0, 0, :].astype(dt))  # (9,)
    put(f"bc3_mid_{code}", P3 * P3_64[0, :, :1].astype(dt))  # (7, 1)
    put(f"bc3_first_{code}", P3 - P3_64[:, :1, :1].astype(dt))  # (5, 1, 1)
    # view into view: zeros(14, 25)[::2, ::-3] = P[::-2, ::3]; broadcast of a row into every third row
    w = np.zeros((14, 25), dt)
    w[::2, ::-3] = P[::-2, ::3]
    put(f"vv_{code}", w)
    w = np.zeros((14, 25), dt)
    w[1::3, :] = row
    put(f"vv_row_{code}", w)
    w = np.zeros((14, 25), np.float64)
    w[::2, ::-3] = P[::-2, ::3]  # converting on the way
    put(f"vv_to_f8_{code}", w)

    # reductions over every 2-D layout: one member per (layout, input, dtype); rows in the order
    # of the test's lists
    for lname, L in LAYOUT2:
        p, q, k, kn = L(P), L(Q), L(K), L(KN)
        put(f"r_{lname}_p_{code}", np.stack([
            pack(lambda v, ax: np.sum(v, axis=ax), p, AXES2),
            pack(lambda v, ax: np.mean(v, axis=ax), p, AXES2),
            pack(lambda v, ax: np.std(v, axis=ax), p, AXES2),
            pack(lambda v, ax: np.std(v, axis=ax, ddof=1), p, AXES2),
            pack(lambda v, ax: np.var(v, axis=ax), p, AXES2),
            pack(lambda v, ax: np.var(v, axis=ax, ddof=1), p, AXES2),
            pack(lambda v, ax: np.prod(v, axis=ax), p, AXES2),
            pack(lambda v, ax: np.sum(v * dt(2) + q, axis=ax), p, AXES2),  # an expression operand
            pack(lambda v, ax: np.max(np.sin(v) - q, axis=ax), p, AXES2),
        ]))
        for dname, d in [("k", k), ("kn", kn)]:
            put(f"r_{lname}_{dname}_{code}", np.stack([
                pack(lambda v, ax: np.max(v, axis=ax), d, AXES2),
                pack(lambda v, ax: np.min(v, axis=ax), d, AXES2),
            ]))
            put(f"ri_{lname}_{dname}_{code}", np.stack([
                pack(lambda v, ax: np.argmax(v, axis=ax), d, AXES2),
                pack(lambda v, ax: np.argmin(v, axis=ax), d, AXES2),
            ]))
    for lname, L in LAYOUT3:
        p = L(P3)
        put(f"r_{lname}_p3_{code}", np.stack([
            pack(lambda v, ax: np.sum(v, axis=ax), p, AXES3),
            pack(lambda v, ax: np.mean(v, axis=ax), p, AXES3),
            pack(lambda v, ax: np.std(v, axis=ax), p, AXES3),
            pack(lambda v, ax: np.var(v, axis=ax, ddof=1), p, AXES3),
            pack(lambda v, ax: np.max(v, axis=ax), p, AXES3),
            pack(lambda v, ax: np.min(v, axis=ax), p, AXES3),
        ]))
        put(f"ri_{lname}_p3_{code}", np.stack([
            pack(lambda v, ax: np.argmax(v, axis=ax), p, AXES3_ONE),
            pack(lambda v, ax: np.argmin(v, axis=ax), p, AXES3_ONE),
        ]))
    # reductions of broadcast operands
    put(f"r_bc_{code}", np.stack([
        pack(lambda v, ax: np.sum(v + row, axis=ax), P, AXES2),
        pack(lambda v, ax: np.sum(col - v, axis=ax), P, AXES2),
        pack(lambda v, ax: np.sum(col * row, axis=ax), P, AXES2),  # no array of the full shape
        pack(lambda v, ax: np.max(v * s, axis=ax), P, AXES2),
    ]))

for lname, L in LAYOUT2:
    za, zb, ip = L(ZA), L(ZB), L(IP)
    put(f"rb_{lname}_z", np.stack([
        pack(lambda v, ax: np.any(v, axis=ax), za, AXES2),
        pack(lambda v, ax: np.all(v, axis=ax), za, AXES2),
        pack(lambda v, ax: np.any(v, axis=ax), zb, AXES2),
        pack(lambda v, ax: np.all(v, axis=ax), zb, AXES2),
    ]))
    put(f"ri_{lname}_z", np.stack([
        pack(lambda v, ax: np.count_nonzero(v, axis=ax), za, AXES2),
        pack(lambda v, ax: np.count_nonzero(v, axis=ax), zb, AXES2),
        pack(lambda v, ax: np.prod(v, axis=ax), ip, AXES2),  # int32 -> int64
        pack(lambda v, ax: np.sum(v, axis=ax), ip, AXES2),
    ]))

# ---- overlapping in-place updates: NumPy's result is as if the right side were read first ----
V1 = rng.integers(-50, 50, 37).astype(np.float64)
M = rng.integers(-50, 50, (9, 13)).astype(np.float64)
SQ = rng.integers(-50, 50, (9, 9)).astype(np.float64)
put("ov_v", V1)
put("ov_m", M)
put("ov_sq", SQ)
a = V1.copy(); a[1:] += a[:-1]; put("ov_shift_add", a)
a = V1.astype(np.int64); a[1:] += a[:-1]; put("ov_shift_add_i8", a)
a = V1.copy(); a[:-1] *= a[1:]; put("ov_shift_mul_back", a)
a = V1.copy(); a[::-1] = a; put("ov_reverse", a)
a = V1.copy(); a[2:] = a[:-2] - a[1:-1]; put("ov_shift_expr", a)
a = M.copy(); a[:, 1:] = a[:, :-1] * 2; put("ov_cols", a)
a = M.copy(); a[1:, :] += a[:-1, :]; put("ov_rows", a)
a = M.copy(); a[:, ::-1] *= a; put("ov_flip_mul", a)
a = M.copy(); a[:-1:2] = a[1::2]; put("ov_interleave", a)
a = M.copy(); a[1:-1, 1:-1] += 1; put("ov_interior", a)
a = M.copy(); a[1:-1, 1:-1] = (a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:]) * 0.25; put("ov_jacobi", a)
a = SQ.copy(); a += a.T; put("ov_sym", a)
a = M.copy(); a += a[0]; put("ov_add_row0", a)  # a broadcast operand that is part of the output
a = M.copy(); a -= a[:, :1]; put("ov_sub_col0", a)
a = M.copy(); a *= a[2, 3]; put("ov_mul_0d", a)  # a 0-d view of one of the updated elements
a = M.copy(); a[1:] = a[0]; put("ov_bcast_row0", a)
a = SQ.copy(); a[:] = a.T; put("ov_transpose", a)

# ---- more than 8 axes: a 10-d array of extent 2 -------------------------------------------
X10 = rng.uniform(-4, 4, (2,) * 10)
REV = tuple(range(9, -1, -1))
ALT = tuple(slice(None, None, -1) if d % 2 == 0 else slice(None) for d in range(10))
put("x10", X10)
put("x10_sin", np.sin(X10))
put("x10_t_plus", X10.transpose(REV) + X10)
put("x10_alt_expr", X10[ALT] * 2 - X10)
put("x10_sum_odd_axes", np.sum(X10, axis=(1, 3, 5, 7, 9)))
put("x10_sum_0", np.sum(X10, axis=0))
put("x10_t_sum_0", np.sum(X10.transpose(REV), axis=0))
put("x10_t_sum_all", np.sum(X10.transpose(REV)))
put("x10_alt_max_3", np.max(X10[ALT], axis=3))
put("x10_t_argmax_all", np.argmax(X10.transpose(REV)))

# ---- one strided view of each dtype: D[::2, ::-3] of an (8, 15) parent ----------------------
DTYPES = ["b1", "i1", "u1", "i2", "u2", "i4", "u4", "i8", "u8", "f2", "f4", "f8", "c8", "c16"]
F_SIGNED = rng.uniform(-9.9, 9.9, (8, 15))
F_UNSIGNED = rng.uniform(0, 9.9, (8, 15))
for f in (F_SIGNED, F_UNSIGNED):
    f[0, :5] = [0.0, 0.5, 1 + 2.0**-11 + 2.0**-30, 2.5, 9.0]  # the third rounds twice through float32
put("dt_src_signed", F_SIGNED)
put("dt_src_unsigned", F_UNSIGNED)


def dview(a):
    return a[::2, ::-3]  # (4, 5)


for code in DTYPES:
    dt = np.dtype(code)
    if dt.kind == "b":
        d = rng.integers(0, 2, (8, 15)).astype(dt)
    elif dt.kind == "u":
        d = rng.integers(0, 10, (8, 15)).astype(dt)
    elif dt.kind == "c":
        d = (rng.integers(-9, 10, (8, 15)) + 1j * rng.integers(-9, 10, (8, 15))).astype(dt)
    else:
        d = rng.integers(-9, 10, (8, 15)).astype(dt)
    v = dview(d)
    put(f"dt_{code}_in", d)
    put(f"dt_{code}_copy", v.copy())
    put(f"dt_{code}_cast", v.astype(np.complex128 if dt.kind == "c" else np.float64))
    src = F_UNSIGNED if dt.kind == "u" else F_SIGNED
    put(f"dt_{code}_from_f8", dview(src).astype(dt))
    put(f"dt_{code}_sum", pack(lambda x, ax: np.sum(x, axis=ax), v, AXES2))
    if dt.kind != "c":  # xp orders no complex values
        put(f"dt_{code}_max", pack(lambda x, ax: np.max(x, axis=ax), v, AXES2))
        put(f"dt_{code}_argmax", pack(lambda x, ax: np.argmax(x, axis=ax), v, AXES2))

np.savez(os.path.join(out_dir, "host_iteration.npz"), **z)
print(len(z), "members,", os.path.getsize(os.path.join(out_dir, "host_iteration.npz")), "bytes")
