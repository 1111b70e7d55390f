"""Golden data for cumsum/cumprod over every axis and round(x, decimals), written by NumPy.

Run with Debian's NumPy 1.24: /usr/bin/python3 tests/golden/make_golden_cumsum_round.py
Inputs and results of the scans go to tests/golden/reductions/ (scan_in_<dtype>.npy,
cumsum_*.npy, cumprod_*.npy), those of round to tests/golden/ops/ (round_decimals_*.npy); the
C++ tests load the inputs, compute, and compare with the results (tests never run Python).
"""
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(20261123)


def save(name, a):
    """Writes <area>/<file>.npy for a name "<area>/<file>"."""
    os.makedirs(os.path.join(HERE, os.path.dirname(name)), exist_ok=True)
    np.save(os.path.join(HERE, f"{name}.npy"), np.ascontiguousarray(a))


# cumsum / cumprod: a 3-D input of each dtype, odd extents; every axis and the flattened form
shape = (3, 5, 7)
inputs = {
    "f64": rng.normal(size=shape),
    "f32": rng.normal(size=shape).astype(np.float32),
    "i32": rng.integers(-1000, 1000, size=shape, dtype=np.int32),
    "u8": rng.integers(0, 256, size=shape, dtype=np.uint8),
    "b": rng.integers(0, 2, size=shape).astype(bool),
}
for tag, x in inputs.items():
    save(f"reductions/scan_in_{tag}", x)
    save(f"reductions/cumsum_{tag}_flat", np.cumsum(x))
    for axis in range(3):
        save(f"reductions/cumsum_{tag}_ax{axis}", np.cumsum(x, axis=axis))
    # a strided, reversed view: x[:, ::-2, 1:]
    save(f"reductions/cumsum_{tag}_view_ax1", np.cumsum(x[:, ::-2, 1:], axis=1))
    # products of small values stay exact in every dtype
    small = (x % 3).astype(x.dtype) if tag != "b" else x
    save(f"reductions/cumprod_{tag}_ax2", np.cumprod(small, axis=2))
    save(f"reductions/cumprod_{tag}_flat", np.cumprod(small))

# round with decimals: halves at several scales and both signs, float32 and float64
vals = np.concatenate([
    rng.uniform(-1000, 1000, size=200),
    np.array([0.5, 1.5, 2.5, -0.5, -2.5, 2.675, 1.005, 0.125, 0.375, 1234.5, 1250, 1350, -1250, 1e300, -0.0]),
])
save("ops/round_decimals_in_f64", vals)
save("ops/round_decimals_in_f32", vals.astype(np.float32))
for d in (-2, -1, 0, 1, 2, 3):
    tag = f"m{-d}" if d < 0 else str(d)
    save(f"ops/round_decimals_f64_{tag}", np.round(vals, d))
    save(f"ops/round_decimals_f32_{tag}", np.round(vals.astype(np.float32), d))
ints = rng.integers(-100000, 100000, size=50).astype(np.int64)
ints = np.concatenate([ints, np.array([150, 250, -150, -250, 50, 1049, 1050, 1051], dtype=np.int64)])
save("ops/round_decimals_in_i64", ints)
for d in (-1, -2, -3):
    save(f"ops/round_decimals_i64_m{-d}", np.round(ints, d))
