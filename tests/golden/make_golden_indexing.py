#!/usr/bin/env python3
"""Goldens of xp's indexing (issue 19): take, take_along_axis, put, integer-array indexing,
boolean masks (select and assignment), nonzero, argwhere, flatnonzero, for one dtype of every
class NumPy has (bool, signed and unsigned integers of two widths, float16/32/64, complex64/128).
Run with NumPy 2:

    /work/venv-np2/bin/python tests/golden/make_golden_indexing.py

It writes tests/golden/indexing.npz (np.savez, not compressed). Members, for each dtype tag
(NumPy's dtype.str without the byte order: b1 i1 u2 i4 i8 u8 f2 f4 f8 c8 c16), named `<tag>_<name>`:
    a                     a 4x5 input: small integers in [-6, 6] cast to the dtype (unsigned types wrap
                          the negatives; bool: nonzero), complex with an imaginary part too
    take_flat             np.take(a, idx1) with idx1 = [3, -1, 0, 19, -20, 7]
    take_ax1              np.take(a, idx2, axis=1), idx2 = [[0, -1], [4, 2], [-5, 1]] (shape 3x2)
    take_ax0_wrap         np.take(a, [5, -7, 2, 9], axis=0, mode='wrap')
    take_ax1_clip         np.take(a, [-3, 7, 2], axis=1, mode='clip')
    along_ax1             np.take_along_axis(a, ia, axis=1), ia = argsort of a's real part (stable)
    along_ax0             np.take_along_axis(a, ib, axis=0), ib = [[3, 0, -1, 2, 1]] (broadcast rows)
    fancy0                a[[2, -1, 0, 2]]
    fancy_cols            a[:, [4, -2]]
    fancy_pair            a[[[0], [3]], [1, -1, 2]]  (two index arrays broadcast to 2x3)
    fancy_split           a.reshape(2, 2, 5)[[1, 0], :, [3, 4]]  (separated: block first, 2x2)
    fancy_int_adjacent    a.reshape(2, 2, 5)[:, 1, [0, 4, 4]]  (int next to an array: 2x3)
    transposed_fancy      a.T[[1, 3]]  (a non-contiguous source)
    mask                  a[m] with m = real part > 0
    mask_rows             a[[True, False, True, True]]  (a mask over the leading axis)
    mask_T                a.T[m.T]
    set_mask_scalar       a copy with c[m] = 9
    set_mask_array        a copy with c[m] = arange(count) (cast)
    set_fancy             a copy with c[[0, 2, -1]] = arange(5) (one row broadcast over three)
    put                   a copy with np.put(c, [0, -1, 7], [5, 6])
    put_wrap              a copy with np.put(c, [21, -22], [4], mode='wrap')
    nonzero               np.stack(np.nonzero(a))  (2 x count)
    argwhere              np.argwhere(a)
    flatnonzero           np.flatnonzero(a)
    nonzero_T             np.stack(np.nonzero(a.T))
"""
import numpy as np

assert np.__version__.startswith("2."), np.__version__

TAGS = ["b1", "i1", "u2", "i4", "i8", "u8", "f2", "f4", "f8", "c8", "c16"]
rng = np.random.default_rng(19)
raw = rng.integers(-6, 7, size=(4, 5))
raw_im = rng.integers(-3, 4, size=(4, 5))
out = {}
for tag in TAGS:
    dt = np.dtype(tag)
    if dt.kind == "c":
        a = (raw + 1j * raw_im).astype(dt)
    elif dt.kind == "b":
        a = raw > 0
    else:
        a = raw.astype(dt)
    re = a.real if dt.kind == "c" else a
    m = re > 0
    idx1 = np.array([3, -1, 0, 19, -20, 7])
    idx2 = np.array([[0, -1], [4, 2], [-5, 1]])
    r = {}
    r["a"] = a
    r["take_flat"] = np.take(a, idx1)
    r["take_ax1"] = np.take(a, idx2, axis=1)
    r["take_ax0_wrap"] = np.take(a, [5, -7, 2, 9], axis=0, mode="wrap")
    r["take_ax1_clip"] = np.take(a, [-3, 7, 2], axis=1, mode="clip")
    ia = np.argsort(raw, axis=1, kind="stable")
    r["along_ax1"] = np.take_along_axis(a, ia, axis=1)
    r["along_ax0"] = np.take_along_axis(a, np.array([[3, 0, -1, 2, 1]]), axis=0)
    r["fancy0"] = a[[2, -1, 0, 2]]
    r["fancy_cols"] = a[:, [4, -2]]
    r["fancy_pair"] = a[[[0], [3]], [1, -1, 2]]
    r["fancy_split"] = a.reshape(2, 2, 5)[[1, 0], :, [3, 4]]
    r["fancy_int_adjacent"] = a.reshape(2, 2, 5)[:, 1, [0, 4, 4]]
    r["transposed_fancy"] = a.T[[1, 3]]
    r["mask"] = a[m]
    r["mask_rows"] = a[np.array([True, False, True, True])]
    r["mask_T"] = a.T[m.T]
    c = a.copy()
    c[m] = 9
    r["set_mask_scalar"] = c
    c = a.copy()
    c[m] = np.arange(np.count_nonzero(m)).astype(dt)
    r["set_mask_array"] = c
    c = a.copy()
    c[[0, 2, -1]] = np.arange(5).astype(dt)  # one row of values broadcast over three rows
    r["set_fancy"] = c
    c = a.copy()
    np.put(c, [0, -1, 7], np.array([5, 6]).astype(dt))
    r["put"] = c
    c = a.copy()
    np.put(c, [21, -22], np.array([4]).astype(dt), mode="wrap")
    r["put_wrap"] = c
    r["nonzero"] = np.stack(np.nonzero(a))
    r["argwhere"] = np.argwhere(a)
    r["flatnonzero"] = np.flatnonzero(a)
    r["nonzero_T"] = np.stack(np.nonzero(a.T))
    for k, v in r.items():
        out[f"{tag}_{k}"] = np.ascontiguousarray(v)
out["ia"] = np.argsort(raw, axis=1, kind="stable").astype(np.int64)
np.savez("tests/golden/indexing.npz", **out)
print(len(out), "members")
