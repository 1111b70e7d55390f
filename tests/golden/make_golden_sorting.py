"""Golden data for sort, argsort, lexsort and sort_complex (tests/test_sorting.cpp). Run with NumPy 2:
    python tests/golden/make_golden_sorting.py
Writes tests/golden/sorting/sorting.npz: for each dtype code, an input `<code>_in` (7 x 33, with
duplicates and, for floats, NaNs of both signs, -0.0, +0.0 and infinities) and its stable sorts
and argsorts along axis 0, axis 1 and the flattened array, ascending and descending. NumPy has no
descending sort: its golden is the stable order of the reversed key with ties in input order,
computed from a stable argsort of the reversed array."""
import os

import numpy as np

rng = np.random.default_rng(3232)
out = {}
SHAPE = (7, 33)


def floats(dtype):
    x = rng.integers(-6, 7, SHAPE).astype(np.float64) * 0.5  # many ties
    flat = x.reshape(-1)
    pos = rng.permutation(flat.size)
    flat[pos[:5]] = np.nan
    flat[pos[5:9]] = -0.0
    flat[pos[9:12]] = np.inf
    flat[pos[12:14]] = -np.inf
    x = x.astype(dtype)
    # a NaN with the sign bit set (NumPy still sorts it last)
    x.reshape(-1)[pos[0]] = -x.reshape(-1)[pos[0]]
    return x


def make_input(code):
    if code == "b1":
        return rng.integers(0, 2, SHAPE).astype(bool)
    if code in ("i1", "i2", "i4", "i8"):
        info = np.iinfo(np.dtype(code))
        x = rng.integers(-20, 20, SHAPE).astype(code)
        x.reshape(-1)[:2] = [info.min, info.max]
        return x
    if code in ("u1", "u2", "u4", "u8"):
        info = np.iinfo(np.dtype(code))
        x = rng.integers(0, 40, SHAPE).astype(code)
        x.reshape(-1)[:2] = [info.max, 0]
        return x
    if code in ("f2", "f4", "f8"):
        return floats(code)
    if code in ("c8", "c16"):
        re = floats("f4" if code == "c8" else "f8")
        im = rng.integers(-2, 3, SHAPE).astype(re.dtype)
        im.reshape(-1)[rng.permutation(im.size)[:4]] = np.nan
        c = np.empty(SHAPE, dtype=code)  # parts set apart: 1j * nan would make both parts NaN
        c.real, c.imag = re, im
        return c
    raise ValueError(code)


def argsort_descending(a, axis):
    # stable descending: reverse, stable ascending, reverse back, map indices
    n = a.shape[axis]
    rev = np.flip(a, axis)
    idx = np.argsort(rev, axis=axis, kind="stable")
    return np.flip(n - 1 - idx, axis)


for code in ["b1", "i1", "u1", "i2", "u2", "i4", "u4", "i8", "u8", "f2", "f4", "f8", "c8", "c16"]:
    a = make_input(code)
    out[f"{code}_in"] = a
    for axis, name in ((0, "ax0"), (1, "ax1")):
        out[f"{code}_argsort_{name}"] = np.argsort(a, axis=axis, kind="stable")
        out[f"{code}_argsort_desc_{name}"] = argsort_descending(a, axis)
    flat = a.reshape(-1)
    out[f"{code}_argsort_flat"] = np.argsort(flat, kind="stable")
    out[f"{code}_argsort_desc_flat"] = argsort_descending(flat, 0)

# lexsort: three int keys with ties, the last primary; a 2-D case along each axis
k = [rng.integers(0, 3, 40).astype(np.int32) for _ in range(3)]
out["lex_k0"], out["lex_k1"], out["lex_k2"] = k
out["lex_order"] = np.lexsort(k)
m = [rng.integers(0, 3, (5, 9)).astype(np.float64) for _ in range(2)]
out["lex2_k0"], out["lex2_k1"] = m
out["lex2_ax0"] = np.lexsort(m, axis=0)
out["lex2_ax1"] = np.lexsort(m, axis=1)

# sort_complex: its result dtypes
out["sc_i2"] = rng.integers(-9, 9, 17).astype(np.int16)
out["sc_i2_out"] = np.sort_complex(out["sc_i2"])
out["sc_f4"] = floats("f4")[0]
out["sc_f4_out"] = np.sort_complex(out["sc_f4"])

here = os.path.dirname(os.path.abspath(__file__))
os.makedirs(os.path.join(here, "sorting"), exist_ok=True)
np.savez(os.path.join(here, "sorting", "sorting.npz"), **out)
