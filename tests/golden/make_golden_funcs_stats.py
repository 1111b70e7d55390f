"""Goldens of elementwise functions (arccosh, arcsinh, arctanh, positive, signbit, deg2rad,
rad2deg, logical_xor, heaviside, fmod, remainder, isclose, allclose, nan_to_num) and statistics
(nansum, nanprod, nanmean, nanmin, nanmax, nanargmin, nanargmax, ptp, average) over one dtype of
each class (tests/funcs_stats_support.hpp; read by tests/test_ops_*.cpp and
tests/test_reduction_stats.cpp).

Run with NumPy 2 (the tests were written against numpy 2.4):
    /work/venv-np2/bin/python tests/golden/make_golden_funcs_stats.py
Writes tests/golden/ops/funcs_stats_<code>.npz, one archive per dtype (code = xp's npy code: b1 i1
i4 u8 f2 f4 f8 c8 c16), each holding the inputs (a, b: 6 x 8; n: the statistics' input; w:
weights) and NumPy's results under the names the tests read. An op NumPy refuses for a dtype is
absent.
"""
import os
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SHAPE = (6, 8)
N = SHAPE[0] * SHAPE[1]
DTYPES = ["?", "b", "i", "Q", "e", "f", "d", "F", "D"]
CODES = {"?": "b1", "b": "i1", "i": "i4", "Q": "u8", "e": "f2", "f": "f4", "d": "f8", "F": "c8", "D": "c16"}


def real_values(dt, rng):
    """a and b for a real float dtype: special values (NaN of both signs, infinities, signed
    zeros, values past the dtype's range after rad2deg, the domains' edges of the inverse
    hyperbolic functions), b near a (isclose's tolerances) in half the places."""
    fi = np.finfo(dt)
    special = [np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0,
               float(fi.max) / 10, -float(fi.max) / 10, float(fi.tiny), 0.999, -0.999, 1.5, 100.0, -100.0]
    a = np.concatenate([special, rng.uniform(-3, 3, N - len(special))]).astype(dt)
    rng.shuffle(a)
    b = rng.uniform(-3, 3, N).astype(dt)
    rel = [0.0, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, -1e-5]
    for k in range(0, N, 2):  # near a: some inside isclose's default tolerance, some outside
        b[k] = dt(a[k] * (1 + rel[(k // 2) % len(rel)]))
    for k, v in zip(range(1, N, 6), [0.0, -0.0, np.nan, np.inf, -np.inf, 1.0, -1.0, 3.0]):
        b[k] = v
    return a.reshape(SHAPE), b.reshape(SHAPE)


def stats_values(dt, rng):
    """The statistics' input: multiples of 0.5 in [-4, 4] (sums exact in every order), NaN in
    scattered places and in all of column 2 (nanmax over axis 0 gives NaN there; nanargmax over
    axis 0 raises), never a whole row."""
    n = (rng.integers(-8, 9, N) / 2).astype(dt).reshape(SHAPE)
    if np.dtype(dt).kind in "fc":
        n[:, 2] = np.nan
        n[0, 5] = n[3, 0] = n[4, 7] = np.nan
    return n


def make(dt):
    rng = np.random.default_rng(19 + DTYPES.index(dt))
    d = np.dtype(dt)
    if d.kind == "b":
        a = rng.integers(0, 2, N).astype(bool).reshape(SHAPE)
        b = rng.integers(0, 2, N).astype(bool).reshape(SHAPE)
        n = rng.integers(0, 2, N).astype(bool).reshape(SHAPE)
        w = rng.integers(1, 4, N).astype(bool).reshape(SHAPE)
    elif d.kind in "iu":
        info = np.iinfo(d)
        lo, hi = max(int(info.min), -1000), min(int(info.max), 1000)
        a = rng.integers(lo, hi, N, endpoint=True).astype(d)
        b = rng.integers(lo, hi, N, endpoint=True).astype(d)
        edges = [info.min, info.max, 0, 1, info.max - 1]
        if d.kind == "i":
            edges += [-1, info.min + 1]
        a[: len(edges)] = edges
        b[: len(edges)] = [-1 if d.kind == "i" else 0, 0, 3, 0, 7, 0, -1][: len(edges)]
        b[10:14] = [0, 1, 5, 2]
        a, b = a.reshape(SHAPE), b.reshape(SHAPE)
        n = stats_values(np.int64, rng).astype(d) if d.kind == "i" else rng.integers(0, 9, N).astype(d).reshape(SHAPE)
        if d == np.int8:
            n[0, 0], n[5, 0] = -100, 100  # ptp over axis 0 wraps: -56
        w = rng.integers(0, 4, N).astype(d).reshape(SHAPE)
    elif d.kind == "f":
        a, b = real_values(d.type, rng)
        n = stats_values(d.type, rng)
        w = rng.integers(0, 4, N).astype(d).reshape(SHAPE)
    else:
        r = np.dtype(d.char.lower())
        ar, br = real_values(r.type, rng)
        ai, bi = real_values(r.type, rng)
        # finite parts in most places (the complex functions' formulas), specials in a few
        fin = rng.uniform(-3, 3, (2, N)).astype(r).reshape((2,) + SHAPE)
        keep = rng.random(SHAPE) < 0.25
        ar = np.where(keep, ar, fin[0])
        ai = np.where(keep, ai, fin[1])
        a = (ar + 1j * ai).astype(d)
        with np.errstate(all="ignore"):  # inf * (1 + 1e-6) parts: NaN where an inf part meets 0
            b = np.where(rng.random(SHAPE) < 0.5, a * (1 + 1e-6), br + 1j * bi).astype(d)
        n = (stats_values(r.type, rng) + 1j * stats_values(r.type, rng)).astype(d)
        n[1, 1] = complex(1.0, np.nan)  # a NaN part makes the value NaN (nansum skips it)
        w = rng.integers(0, 4, N).astype(d).reshape(SHAPE)
    w[:, 0] = 1  # no zero weight sum along either axis
    w[0, :] = 1
    w1 = np.arange(1, SHAPE[0] + 1).astype(d)  # 1-D weights along axis 0
    out = {"a": a, "b": b, "n": n, "w": w, "w1": w1}
    real = d.kind in "biuf"

    def put(name, f):
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            try:
                out[name] = np.asarray(f())
            except (TypeError, ValueError):
                pass  # NumPy refuses it for this dtype: absent, and xp refuses it too

    for fn in ["arccosh", "arcsinh", "arctanh", "positive", "signbit", "deg2rad", "rad2deg"]:
        put(fn, lambda: getattr(np, fn)(a))
    put("logical_xor", lambda: np.logical_xor(a, b))
    put("heaviside", lambda: np.heaviside(a, b))
    put("heaviside_bcast", lambda: np.heaviside(a, b[:, :1]))
    put("heaviside_scalar", lambda: np.heaviside(a, 0.5))
    put("fmod", lambda: np.fmod(a, b))
    put("remainder", lambda: np.remainder(a, b))
    if d.kind == "f":  # the sign of each non-NaN result, zeros included
        for name in ["fmod", "remainder"]:
            r = out[name]
            out[name + "_signbit"] = np.signbit(r) & ~np.isnan(r)
    put("isclose", lambda: np.isclose(a, b))
    put("isclose_tol", lambda: np.isclose(a, b, rtol=1e-3, atol=0.25, equal_nan=True))
    put("isclose_bcast", lambda: np.isclose(a, b[0]))
    put("allclose_rows", lambda: np.array([np.allclose(a[i], b[i]) for i in range(SHAPE[0])]))
    put("nan_to_num", lambda: np.nan_to_num(a))
    put("nan_to_num_args", lambda: np.nan_to_num(a, nan=1.5, posinf=1e6, neginf=-7.0))

    put("nansum", lambda: np.nansum(n))
    put("nansum_0", lambda: np.nansum(n, axis=0))
    put("nansum_1k", lambda: np.nansum(n, axis=1, keepdims=True))
    put("nanprod_1", lambda: np.nanprod(n, axis=1))
    put("nanmean", lambda: np.nanmean(n))
    put("nanmean_0", lambda: np.nanmean(n, axis=0))
    put("nanmean_1", lambda: np.nanmean(n, axis=1))
    if real:
        put("nanmax_0", lambda: np.nanmax(n, axis=0))
        put("nanmin_1", lambda: np.nanmin(n, axis=1))
        put("nanmin", lambda: np.nanmin(n))
        put("nanargmax_1", lambda: np.nanargmax(n, axis=1))
        put("nanargmin", lambda: np.nanargmin(n))
        put("ptp_0", lambda: np.ptp(n, axis=0))
        put("ptp_1k", lambda: np.ptp(n, axis=1, keepdims=True))
    put("average_1", lambda: np.average(n, axis=1))
    put("average_w", lambda: np.average(n, axis=1, weights=w))
    put("average_w1", lambda: np.average(n, axis=0, weights=w1))
    put("average_w1k", lambda: np.average(n, axis=-2, weights=w1, keepdims=True))
    os.makedirs(os.path.join(HERE, "ops"), exist_ok=True)
    np.savez(os.path.join(HERE, "ops", "funcs_stats_" + CODES[dt] + ".npz"), **out)


if __name__ == "__main__":
    assert np.__version__.startswith("2."), np.__version__
    for dt in DTYPES:
        make(dt)
