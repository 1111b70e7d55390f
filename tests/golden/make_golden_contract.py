"""Golden data for searchsorted, tensordot and vecdot (tests/test_contract.cpp). Run with NumPy 2:
    python tests/golden/make_golden_contract.py
Writes tests/golden/linalg/contract.npz."""
import os

import numpy as np

rng = np.random.default_rng(1919)
out = {}
# searchsorted: a sorted float64 array with repeats and a trailing NaN; values with NaN, +-inf
s = np.sort(np.concatenate([rng.integers(-5, 6, 20).astype(np.float64), [np.nan, 2.5]]))
v = np.concatenate([rng.uniform(-7, 7, 23), [np.nan, np.inf, -np.inf, 0.0, 2.5, -5.0, 5.0]]).reshape(5, 6)
out["ss_sorted"], out["ss_values"] = s, v
out["ss_left"] = np.searchsorted(s, v, side="left")
out["ss_right"] = np.searchsorted(s, v, side="right")
si = np.sort(rng.integers(0, 50, 37)).astype(np.int32)
vi = rng.integers(-3, 55, (4, 7)).astype(np.int64)
out["ss_sorted_i32"], out["ss_values_i64"] = si, vi
out["ss_left_i"] = np.searchsorted(si, vi, side="left")
out["ss_right_i"] = np.searchsorted(si, vi, side="right")
# tensordot
a = rng.uniform(-1, 1, (3, 4, 5))
b = rng.uniform(-1, 1, (4, 5, 6))
out["td_a"], out["td_b"] = a, b
out["td_2"] = np.tensordot(a, b, axes=2)
out["td_1"] = np.tensordot(a[:, :, :4], b, axes=1)
out["td_0"] = np.tensordot(a[:2, :2, :2], b[:2, :2, :2], axes=0)
out["td_pairs"] = np.tensordot(a, b, axes=([1, 2], [0, 1]))
out["td_pairs_swapped"] = np.tensordot(a, b.transpose(1, 0, 2), axes=([2, 1], [0, 1]))
ai = rng.integers(-9, 10, (3, 4)).astype(np.int32)
bi = rng.integers(-9, 10, (4, 2)).astype(np.int32)
out["td_ai"], out["td_bi"], out["td_i"] = ai, bi, np.tensordot(ai, bi, axes=1)
# vecdot: broadcasting, an axis that is not last, complex (the first operand conjugated)
x1 = rng.uniform(-1, 1, (3, 1, 5))
x2 = rng.uniform(-1, 1, (4, 5))
out["vd_x1"], out["vd_x2"], out["vd"] = x1, x2, np.vecdot(x1, x2)
y1 = rng.uniform(-1, 1, (5, 3))
y2 = rng.uniform(-1, 1, (5, 3))
out["vd_y1"], out["vd_y2"], out["vd_ax0"] = y1, y2, np.vecdot(y1, y2, axis=0)
c1 = (rng.uniform(-1, 1, (2, 6)) + 1j * rng.uniform(-1, 1, (2, 6))).astype(np.complex128)
c2 = (rng.uniform(-1, 1, (2, 6)) + 1j * rng.uniform(-1, 1, (2, 6))).astype(np.complex128)
out["vd_c1"], out["vd_c2"], out["vd_c"] = c1, c2, np.vecdot(c1, c2)
i1 = rng.integers(-9, 10, (3, 4)).astype(np.int64)
out["vd_i1"], out["vd_i"] = i1, np.vecdot(i1, i1)
np.savez(os.path.join(os.path.dirname(os.path.abspath(__file__)), "linalg", "contract.npz"), **out)
