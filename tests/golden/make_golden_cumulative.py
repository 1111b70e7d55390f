"""Golden data for the array API's cumulative_sum / cumulative_prod (NumPy 2.1+), read by
tests/test_cumulative.cpp. Run with NumPy 2:  python tests/golden/make_golden_cumulative.py
Writes tests/golden/reductions/cumulative.npz: the input `x` (int32, 3 x 4 x 5) and one member
per (function, axis, include_initial), named <fn>_ax<axis>_<init|plain>."""
import os

import numpy as np

assert np.lib.NumpyVersion(np.__version__) >= "2.1.0", "needs NumPy >= 2.1 (np.cumulative_sum)"
rng = np.random.default_rng(19)
x = rng.integers(-3, 4, size=(3, 4, 5), dtype=np.int32)
out = {"x": x, "v": x[0, 0].astype(np.float64)}
for fn in ("sum", "prod"):
    f = getattr(np, "cumulative_" + fn)
    for axis in (0, 1, 2, -1):
        for init in (False, True):
            key = f"{fn}_ax{axis if axis >= 0 else 'm1'}_{'init' if init else 'plain'}"
            out[key] = f(x, axis=axis, include_initial=init)
    # a 1-D float64 input needs no axis
    out[f"{fn}_1d_init"] = f(out["v"], include_initial=True)
np.savez(os.path.join(os.path.dirname(os.path.abspath(__file__)), "reductions", "cumulative.npz"), **out)
