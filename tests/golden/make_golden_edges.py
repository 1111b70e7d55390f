#!/usr/bin/python3
"""Writes the golden edge_*.npy files of the tests at edge values (tests/test_ops_special_values.cpp,
tests/test_edge_values.cpp): what NumPy gives at integer edge values (wrap-around, MIN % -1,
remainder by zero) into tests/golden/ops/, for sums and products that wrap and for var with
ddof >= n into tests/golden/reductions/, for arange that wraps into tests/golden/creation/. Run
with Debian's python3-numpy (1.24):

    /usr/bin/python3 tests/golden/make_golden_edges.py

The outputs are committed; the tests never run Python. Every case is deterministic.
"""
import os
import warnings

import numpy as np

out = os.path.dirname(os.path.abspath(__file__))
warnings.simplefilter("ignore")  # NumPy warns at exactly the values these files are about


def save(area, name, a):
    """Writes <area>/edge_<name>.npy."""
    os.makedirs(os.path.join(out, area), exist_ok=True)
    np.save(os.path.join(out, area, "edge_" + name + ".npy"), np.array(a, order="C"))


def edges(dtype):
    info = np.iinfo(dtype)
    vals = [info.min, info.min + 1, -7, -3, -1, 0, 1, 2, 3, 7, info.max - 1, info.max]
    return np.array([v for v in vals if info.min <= v <= info.max], dtype=dtype)


with np.errstate(all="ignore"):
    for name, dt in [("i32", np.int32), ("i64", np.int64), ("u8", np.uint8)]:
        e = edges(dt)
        # every pair of edge values: a runs down the rows, b along the columns
        a = np.repeat(e, len(e)).reshape(len(e), len(e))
        b = np.tile(e, len(e)).reshape(len(e), len(e))
        save("ops", name + "_values", e)
        save("ops", name + "_add", a + b)
        save("ops", name + "_sub", a - b)
        save("ops", name + "_mul", a * b)
        save("ops", name + "_mod", np.remainder(a, b))  # x % 0 == 0, MIN % -1 == 0
        save("ops", name + "_neg", -e)
        save("ops", name + "_abs", np.abs(e))
        save("ops", name + "_square", np.square(e))
        exps = np.array([0, 1, 2, 3, 5, 31, 62, 63], dtype=dt)
        save("ops", name + "_exps", exps)
        save("ops", name + "_power", np.power(e.reshape(-1, 1), exps))  # wraps like repeated multiplication
        save("reductions", name + "_sum_rows", np.sum(a, axis=1, dtype=np.int64))  # integer sums accumulate in int64
        save("reductions", name + "_prod_rows", np.prod(a, axis=1, dtype=np.int64))  # and wrap there

    # int64 sums and products that wrap in the int64 accumulator itself
    big = np.array([np.iinfo(np.int64).max, 1, np.iinfo(np.int64).max, 5, -3], dtype=np.int64)
    save("reductions", "i64_big", big)
    save("reductions", "i64_big_sum", np.sum(big))
    save("reductions", "i64_big_prod", np.prod(big))

    # float remainder by zero is NaN, the divisor's sign elsewhere
    fa = np.array([5.0, -5.0, 0.0, 3.5, -3.5], dtype=np.float64)
    fb = np.array([0.0, 0.0, 0.0, -2.0, 2.0], dtype=np.float64)
    save("ops", "f64_mod_a", fa)
    save("ops", "f64_mod_b", fb)
    save("ops", "f64_mod", np.remainder(fa, fb))

    # arange wraps in small and 32-bit integer dtypes
    save("creation", "arange_u8_neg", np.arange(-3, 3, dtype=np.uint8))
    save("creation", "arange_i32_wrap", np.arange(2147483640, 2147483650, dtype=np.int32))

    # var / std with ddof >= n: the divisor is max(n - ddof, 0)
    v = np.array([[1.0, 2.0, 4.0], [2.0, 2.0, 2.0]])
    for ddof in (2, 3, 5):
        save("reductions", "var_ddof%d" % ddof, np.var(v, axis=1, ddof=ddof))
        save("reductions", "std_ddof%d" % ddof, np.std(v, axis=1, ddof=ddof))
