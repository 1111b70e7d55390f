#!/usr/bin/env python3
"""Goldens of the host's joins, gathers, where, mask selection and nonzero
(tests/test_host_gathers.cpp). Run with NumPy 1.24 (Debian's python3-numpy):

    /usr/bin/python3 tests/golden/make_golden_host_gathers.py

It writes tests/golden/indexing/host_gathers.npz with np.savez (not compressed). Every value is
an integer in [0, 100) (indices and coordinates aside), so that the test converts inputs and
results alike to each dtype it runs (selecting and joining commute with the conversion; zero stays
zero, so nonzero too); each member is stored as int8 or int16, the smallest that holds it, and read
converted (npy_load_options::convert).
Inputs: `x` (4, 40), `y` (4, 24), `z` (2, 40), `w` (3, 300), `w2` (3, 200), `p` (2, 3, 50),
`q` (2, 5, 50), `r` (2, 3, 7), `v` (1000,), `m` (30, 80), `n` (30, 5), `c` (4, 40) and `c3`
(2, 3, 50) (0/1 conditions), index arrays `i1` (50,), `i2` (5, 10), `ir` (12,), `ic` (9,),
`ia` (30, 11), `ia0` (7, 80), `ip` (2, 3, 50), `ip1` (2, 1, 50), `irs` (12,), `ics` (9,), `iv`
(50,), `t0`, `t1`, `t2` (6,). Every other member is NumPy's
result of the call named in cases() below; the test makes the same call on the same views.
"""
import os

import numpy as np

assert np.__version__.startswith("1.24"), np.__version__
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "indexing")
os.makedirs(HERE, exist_ok=True)

rng = np.random.default_rng(31)


def ints(*shape):
    return rng.integers(0, 100, shape, dtype=np.int64)


inputs = {
    "x": ints(4, 40),
    "y": ints(4, 24),
    "z": ints(2, 40),
    "w": ints(3, 300),  # rows of 2400 bytes as int64: past the 1 KiB join limit
    "w2": ints(3, 200),
    "p": ints(2, 3, 50),
    "q": ints(2, 5, 50),
    "r": ints(2, 3, 7),
    "v": ints(1000),
    "m": ints(30, 80),
    "n": ints(30, 5),
    "c": rng.integers(0, 2, (4, 40), dtype=np.int64),
    "c3": rng.integers(0, 2, (2, 3, 50), dtype=np.int64),
    "i1": rng.integers(-1000, 1000, 50, dtype=np.int64),
    "i2": rng.integers(-1000, 1000, (5, 10), dtype=np.int64),
    "ir": rng.integers(-30, 30, 12, dtype=np.int64),
    "ic": rng.integers(-80, 80, 9, dtype=np.int64),
    "ia": rng.integers(-80, 80, (30, 11), dtype=np.int64),
    "ia0": rng.integers(-30, 30, (7, 80), dtype=np.int64),
    "ip": rng.integers(-3, 3, (2, 3, 50), dtype=np.int64),
    "ip1": rng.integers(-3, 3, (2, 1, 50), dtype=np.int64),
    "irs": rng.integers(-15, 15, 12, dtype=np.int64),
    "ics": rng.integers(-26, 26, 9, dtype=np.int64),
    "iv": rng.integers(0, 1000, 50, dtype=np.int64),
    "t0": rng.integers(-2, 2, 6, dtype=np.int64),
    "t1": rng.integers(-3, 3, 6, dtype=np.int64),
    "t2": rng.integers(-50, 50, 6, dtype=np.int64),
}


def cases(x, y, z, w, w2, p, q, r, v, m, n, c, c3, i1, i2, ir, ic, ia, ia0, ip, ip1, irs, ics, iv, t0, t1, t2):
    """name -> result. The C++ test makes the same calls (c and c3 as bool conditions)."""
    cb, c3b = c != 0, c3 != 0
    out = {
        # joins: narrow and wide row pieces, interleaving 2-4 sources, more sources, 3-D, views
        "concat_1": np.concatenate([x, y], axis=1),
        "concat_1_three": np.concatenate([y, x, y], axis=1),
        "concat_0": np.concatenate([x, z], axis=0),
        "concat_wide": np.concatenate([w, w2], axis=-1),
        "concat_p_1": np.concatenate([p, q], axis=1),
        "concat_p_2": np.concatenate([p, r], axis=2),
        "concat_none": np.concatenate([p, r], axis=None),
        "concat_reversed": np.concatenate([x[:, ::-1], y], axis=1),
        "concat_strided": np.concatenate([x[::-1, ::2], y[::-1]], axis=1),
        "concat_broadcast": np.concatenate([np.broadcast_to(x[0], (4, 40)), y], axis=1),
        "concat_empty_piece": np.concatenate([x[:, :0], y, x[:, :0]], axis=1),
        "stack_0": np.stack([x, x[::-1]], axis=0),
        "stack_1": np.stack([x, x[::-1]], axis=1),
        "stack_2": np.stack([x, x[::-1]], axis=2),
        "stack_3src": np.stack([x, y[:, :1].repeat(40, 1), x[::-1]], axis=-1),
        "stack_4src": np.stack([x, x, x[::-1], x], axis=-1),
        "stack_5src": np.stack([x, x, x[::-1], x, x[:, ::-1]], axis=-1),
        "stack_wide": np.stack([w, w[::-1]], axis=1),
        "stack_1d": np.stack([v[:7], v[7:14]], axis=-1),
        # take: flat, along each axis, index shapes 1-d, 2-d and 0-d, rows (runs) and columns
        "take_flat": np.take(v, i1),
        "take_flat_2d": np.take(v, i2),
        "take_flat_0d": np.take(v, i1[3]),
        "take_m_0": np.take(m, ir, axis=0),
        "take_n_0": np.take(n, ir, axis=0),
        "take_m_1": np.take(m, ic, axis=1),
        "take_m_1_2d": np.take(m, ic[:8].reshape(2, 4), axis=-1),
        "take_p_1": np.take(p, np.array([2, -1, 0, 1]), axis=1),
        "take_m_wrap": np.take(m, i1, axis=0, mode="wrap"),
        "take_m_clip": np.take(m, i1, axis=1, mode="clip"),
        "take_m_strided_0": np.take(m[::2, ::-1], irs, axis=0),
        "take_m_strided_1": np.take(m[::-2, 1::3], ics, axis=1),
        "take_broadcast_0": np.take(np.broadcast_to(m[3], (30, 80)), ir, axis=0),
        # take_along_axis: along each axis, indices that broadcast
        "along_1": np.take_along_axis(m, ia, axis=1),
        "along_0": np.take_along_axis(m, ia0, axis=0),
        "along_p_1": np.take_along_axis(p, ip, axis=1),
        "along_p_bcast": np.take_along_axis(p, ip1, axis=1),
        "along_flat": np.take_along_axis(v, iv, axis=None),
        # a(idx): rows, columns, two and three arrays, an array after a slice
        "index_rows": m[ir],
        "index_cols": m[:, ic],
        "index_pair": m[ir[:9], ic],
        "index_triple": p[t0, t1, t2],
        "index_sliced": m[::3, ic],
        # masks: flat, leading axes (runs), a strided source, an empty selection
        "mask_flat": v[v > 50],
        "mask_2d": x[cb],
        "mask_rows": m[m[:, 0] > 50],
        "mask_lead": p[c3b[:, :, 0]],
        "mask_reversed": x[::-1][cb],
        "mask_none": x[x > 1000],
        # where: arrays, broadcast condition and values, scalars, views
        "where": np.where(cb, x, y[:, :1]),
        "where_full": np.where(cb, x, x[::-1]),
        "where_row": np.where(cb[0], x, 7),
        "where_col": np.where(cb[:, :1], 3, x[:, ::-1]),
        "where_3d": np.where(c3b, p, p[::-1]),
        # nonzero and friends on 1-, 2- and 3-d inputs
        "flatnonzero_v": np.flatnonzero(v > 50),
        "argwhere_p": np.argwhere(p > 50),
        "argwhere_x_rev": np.argwhere(x[:, ::-1] > 50),
    }
    for d, a in enumerate(np.nonzero(p > 50)):
        out["nonzero_p_%d" % d] = a
    for d, a in enumerate(np.nonzero(x)):
        out["nonzero_x_%d" % d] = a
    for d, a in enumerate(np.nonzero(v > 50)):
        out["nonzero_v_%d" % d] = a
    return out


def small(a):
    """a in the smallest of int8 and int16 that holds it (the test reads members converted)."""
    a = np.array(a, dtype=np.int64, order="C")
    t = np.int8 if a.size == 0 or (a.min() >= -128 and a.max() < 128) else np.int16
    assert a.size == 0 or (a.min() >= -(1 << 15) and a.max() < (1 << 15))
    return a.astype(t)


results = cases(**inputs)
members = {k: small(a) for k, a in inputs.items()}
for k, a in results.items():
    assert k not in members, k
    members[k] = small(a)
np.savez(os.path.join(HERE, "host_gathers.npz"), **members)
print("wrote", len(members), "members to", os.path.join(HERE, "host_gathers.npz"))
