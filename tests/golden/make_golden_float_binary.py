#!/usr/bin/python3
"""Goldens of the binary float functions np.logaddexp, np.copysign and np.nextafter
(tests/test_ops_special_values.cpp), written to tests/golden/ops/float_binary_*.npy. Run with
Debian's python3-numpy (NumPy 1.24; these functions promote the same way in NumPy 2):

    /usr/bin/python3 tests/golden/make_golden_float_binary.py

Inputs: random values plus every pair of edge values (±inf, NaN, ±0, ±1, the smallest
subnormal, ±max), so both the vector path (contiguous) and the scalar path (strided views,
broadcasting) meet them. The outputs are committed; the tests never run Python.
"""
import os
import numpy as np

out = os.path.dirname(os.path.abspath(__file__))


def save(name, a):
    """Writes ops/float_binary_<name>.npy."""
    a = np.array(a, order="C")  # ascontiguousarray would turn a 0-d array into 1-d
    os.makedirs(os.path.join(out, "ops"), exist_ok=True)
    np.save(os.path.join(out, "ops", "float_binary_" + name + ".npy"), a)


OPS = {"logaddexp": np.logaddexp, "copysign": np.copysign, "nextafter": np.nextafter}
rng = np.random.default_rng(20261123)

for dt, tag in ((np.float32, "f32"), (np.float64, "f64")):
    fi = np.finfo(dt)
    edges = np.array([np.inf, -np.inf, np.nan, 0.0, -0.0, 1.0, -1.0, fi.smallest_subnormal, fi.max, -fi.max],
                     dtype=dt)
    ea, eb = np.meshgrid(edges, edges, indexing="ij")  # every pair: 100 values
    n_rand = 300
    ra = (rng.standard_normal(n_rand) * 10.0 ** rng.integers(-3, 4, n_rand)).astype(dt)
    rb = (rng.standard_normal(n_rand) * 10.0 ** rng.integers(-3, 4, n_rand)).astype(dt)
    rb[::7] = ra[::7]  # equal arguments (logaddexp's x + log 2 branch, nextafter's x == y)
    rb[3::11] = np.nextafter(ra[3::11], dt(np.inf))  # one ulp apart
    a = np.concatenate([ra, ea.ravel()])  # 400 values = 20 x 20
    b = np.concatenate([rb, eb.ravel()])
    save(f"a_{tag}", a)
    save(f"b_{tag}", b)
    A, Bm = a.reshape(20, 20), b.reshape(20, 20)
    with np.errstate(all="ignore"):
        for name, f in OPS.items():
            save(f"{name}_{tag}", f(a, b))
            save(f"{name}_strided_{tag}", f(A.T, Bm[:, ::-1]))  # non-contiguous views
            save(f"{name}_bcast_{tag}", f(A[:, :1], Bm[0]))  # (20, 1) with (20,) -> (20, 20)
            save(f"{name}_scalar_{tag}", f(a, dt(-0.5)))  # a scalar operand
            save(f"{name}_0d_{tag}", f(a[5], b[7]))  # 0-d inputs give a 0-d result

i = rng.integers(-50, 50, 64).astype(np.int32)
j = rng.integers(-50, 50, 64).astype(np.int32)
j[::5] = i[::5]
save("i_i32", i)
save("j_i32", j)
for name, f in OPS.items():
    r = f(i, j)
    assert r.dtype == np.float64  # integers compute in float64, like np.sin
    save(f"{name}_i32", r)
