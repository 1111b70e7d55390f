"""Golden data for xp::linalg::norm, vector_norm and matrix_norm, read by tests/test_linalg_norm.cpp.
Run with Debian's NumPy (1.24):  /usr/bin/python3 tests/golden/make_golden_linalg_norm.py
np.linalg.norm's semantics are the same in NumPy 2; vector_norm and matrix_norm (NumPy 2.0+, the
array API's linalg extension) are written below as NumPy 2.0 defines them, on np.linalg.norm.

Writes tests/golden/linalg/linalg_norm.npz. For each input dtype code (f4, f8, i4, c8) the
inputs <code>_v (7,), <code>_m (4, 5), <code>_b (2, 3, 4), and one member per case, named
<code>_<case>; a case name says the input, the ord (`none`, `fro`, `inf`, `minf` for -inf,
`m1` for -1, `p5` for 0.5) and the axes (`ax12` = axis=(1, 2), `axm1` = axis=-1).
`_keep` cases have keepdims=True. Views: `mT` is m.T, `ms` is m[::2, ::-1], `vs` is v[::-2]."""
import os

import numpy as np

norm = np.linalg.norm
inf = np.inf
np.seterr(divide="ignore")  # the negative orders raise the zero of each vector to a negative power: inf, as meant


def vector_norm(x, axis=None, keepdims=False, ord=2):
    """NumPy 2.0's np.linalg.vector_norm (numpy/linalg/_linalg.py), on NumPy 1.24's norm."""
    x = np.asanyarray(x)
    shape = list(x.shape)
    if axis is None:
        x = x.ravel()
        _axis = 0
    elif isinstance(axis, tuple):
        normalized = np.core.numeric.normalize_axis_tuple(axis, x.ndim)
        rest = tuple(i for i in range(x.ndim) if i not in normalized)
        x = np.transpose(x, normalized + rest).reshape(
            (int(np.prod([x.shape[i] for i in normalized])), *[x.shape[i] for i in rest]))
        _axis = 0
    else:
        _axis = axis
    res = norm(x, axis=_axis, ord=ord)
    if keepdims:
        for i in np.core.numeric.normalize_axis_tuple(range(len(shape)) if axis is None else axis, len(shape)):
            shape[i] = 1
        res = res.reshape(tuple(shape))
    return res


def matrix_norm(x, keepdims=False, ord="fro"):
    """NumPy 2.0's np.linalg.matrix_norm."""
    return norm(x, axis=(-2, -1), keepdims=keepdims, ord=ord)


rng = np.random.default_rng(2023)
out = {}
ords = {"none": None, "2": 2, "1": 1, "m1": -1, "0": 0, "inf": inf, "minf": -inf, "3": 3, "p5": 0.5, "m2": -2}
matrix_ords = {"none": None, "fro": "fro", "1": 1, "m1": -1, "inf": inf, "minf": -inf, "2": 2, "m2": -2, "nuc": "nuc"}
for code, dt in (("f4", np.float32), ("f8", np.float64), ("i4", np.int32), ("c8", np.complex64)):
    def draw(shape):
        a = rng.integers(-9, 10, size=shape).astype(np.float64) / (1 if code == "i4" else 4)
        if code == "c8":
            a = a + 1j * rng.integers(-9, 10, size=shape) / 4
        return a.astype(dt)

    v, m, b = draw((7,)), draw((4, 5)), draw((2, 3, 4))
    v[2] = 0  # for ord=0 and the negative orders
    out.update({f"{code}_v": v, f"{code}_m": m, f"{code}_b": b})
    cases = {}
    for name, o in ords.items():
        cases[f"v_{name}"] = norm(v, o)
        cases[f"vs_{name}"] = norm(v[::-2], o)
        cases[f"b_{name}_ax1"] = norm(b, o, axis=1)
        cases[f"b_{name}_axm1_keep"] = norm(b, o, axis=-1, keepdims=True)
    for name, o in matrix_ords.items():
        cases[f"m_{name}"] = norm(m, o)
        cases[f"m_{name}_keep"] = norm(m, o, keepdims=True)
        cases[f"m_{name}_ax10"] = norm(m, o, axis=(1, 0))
        cases[f"mT_{name}"] = norm(m.T, o)
        cases[f"ms_{name}"] = norm(m[::2, ::-1], o)
        cases[f"b_{name}_ax12"] = norm(b, o, axis=(1, 2))
        cases[f"b_{name}_ax20_keep"] = norm(b, o, axis=(2, 0), keepdims=True)
    cases["b_none"] = norm(b)  # every axis, any ndim
    cases["b_none_keep"] = norm(b, keepdims=True)
    cases["s_none"] = norm(v[3])  # 0-d
    for name, o in ords.items():
        cases[f"vector_b_{name}"] = vector_norm(b, ord=o if o is not None else 2)
        cases[f"vector_b_{name}_ax20_keep"] = vector_norm(b, axis=(2, 0), keepdims=True, ord=o if o is not None else 2)
    cases["vector_b_2_ax1"] = vector_norm(b, axis=1)
    cases["vector_b_2_keep"] = vector_norm(b, keepdims=True)
    for name, o in matrix_ords.items():
        if o is not None:
            cases[f"matrix_b_{name}"] = matrix_norm(b, ord=o)
            cases[f"matrix_b_{name}_keep"] = matrix_norm(b, keepdims=True, ord=o)
    for k, r in cases.items():
        out[f"{code}_{k}"] = np.asarray(r)

# the result dtypes, which the test checks at compile time: float16 stays, complex gives its
# real dtype, integers and bool give float64
for dt, want in ((np.float16, np.float16), (np.float32, np.float32), (np.complex64, np.float32),
                 (np.complex128, np.float64), (np.int32, np.float64), (np.uint8, np.float64), (np.bool_, np.float64)):
    for o in (None, 1, inf, 0, 3):
        assert norm(np.ones(3, dt), o).dtype == want, (dt, o)
    for o in (None, "fro", 1, -inf):
        assert norm(np.ones((2, 2), dt), o).dtype == want, (dt, o)

# empty arrays: the 2-norm of nothing is 0; ord=1 of (0, 3) sums empty columns to 0
out["empty_v_none"] = np.asarray(norm(np.zeros(0)))
out["empty_v_1"] = np.asarray(norm(np.zeros(0), 1))
out["empty_v_0"] = np.asarray(norm(np.zeros(0), 0))
out["empty_03_fro"] = np.asarray(norm(np.zeros((0, 3)), "fro"))
out["empty_03_1"] = np.asarray(norm(np.zeros((0, 3)), 1))
out["empty_30_inf"] = np.asarray(norm(np.zeros((3, 0)), inf))
out["empty_b_ax12_fro"] = np.asarray(norm(np.zeros((2, 0, 3)), axis=(1, 2)))
# what NumPy refuses on empty input (the test checks xp::value_error for each)
for name, f in (("empty_v_inf", lambda: norm(np.zeros(0), inf)), ("empty_03_inf", lambda: norm(np.zeros((0, 3)), inf)),
                ("empty_30_1", lambda: norm(np.zeros((3, 0)), 1))):
    try:
        f()
        raise AssertionError(name + " was expected to raise")
    except ValueError:
        pass

np.savez(os.path.join(os.path.dirname(os.path.abspath(__file__)), "linalg", "linalg_norm.npz"), **out)
