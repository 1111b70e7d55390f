"""Golden data for median, percentile, quantile and their nan versions, every method
(tests/test_order_statistics.cpp). Run with NumPy 2:
    python tests/golden/make_golden_order_statistics.py
Writes tests/golden/sorting/order_statistics.npz."""
import os
import warnings

import numpy as np

warnings.simplefilter("ignore", RuntimeWarning)  # all-NaN slices, means of nothing

# np.quantile's methods, in xp::quantile_method's order
METHODS = ["inverted_cdf", "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf",
           "hazen", "weibull", "linear", "median_unbiased", "normal_unbiased", "lower", "higher",
           "nearest", "midpoint"]
# quantiles on and between the positions of rows of 1 to 9 elements, both ends included
Q = np.array([0.0, 0.05, 0.1, 0.25, 1 / 3, 0.5, 0.6, 0.7, 0.75, 0.9, 1.0])

rng = np.random.default_rng(4242)
out = {"q": Q}

# float64 (4, 9, 5): halves in [-3, 3] (many duplicates), -0.0, +-inf; along axis 1 the slice
# (i, :, j) holds (5 i + j) % 10 NaNs, so the nan versions see every count from 9 to 0 (all NaN);
# the first slice holds none
x = rng.integers(-6, 7, (4, 9, 5)) / 2.0
x[x == 0] = rng.choice([0.0, -0.0], size=int((x == 0).sum()))
x[1, 3, 2], x[1, 7, 2] = np.inf, -np.inf
x[2, 0, 4], x[3, 5, 1], x[0, 4, 3] = np.inf, -np.inf, np.inf
for i in range(4):
    for j in range(5):
        k = (5 * i + j) % 10
        x[i, rng.permutation(9)[:k], j] = np.nan
out["x"] = x
for m in METHODS:
    out[f"q_{m}"] = np.quantile(x, Q, axis=1, method=m)
    out[f"nq_{m}"] = np.nanquantile(x, Q, axis=1, method=m)

# rows of 1 to 6 elements without NaN (s[:, :n]: a strided view), every method
s = rng.integers(-4, 5, (7, 6)).astype(np.float64)
s[0, :] = [np.inf, 1, 1, -np.inf, 2, np.inf]
out["s"] = s
for m in METHODS:
    out[f"qn_{m}"] = np.stack([np.quantile(s[:, :n], Q, axis=1, method=m) for n in range(1, 7)])

# float32 with a weak (scalar) q: every method computes in float32
f32 = (rng.standard_normal((30, 40)) * 10).round(1).astype(np.float32)
out["f32"] = f32
for m in METHODS:
    out[f"f32_{m}"] = np.quantile(f32, 0.37, axis=0, method=m)
out["f32_p70"] = np.percentile(f32, 70)
out["f32_p70_ax1"] = np.percentile(f32, 70, axis=1)
out["f32_p_list"] = np.percentile(f32, [10, 50, 90], axis=1)  # float64
q32 = np.array([[12.5, 50], [99, 0.5]], dtype=np.float32)
out["q32"] = q32
out["f32_p_q32"] = np.percentile(f32, q32, axis=0)  # float32: q's dtype
out["f32_q_q32_hazen"] = np.quantile(f32, q32 / 100, axis=0, method="hazen")
f32n = f32.copy()
f32n[rng.random(f32.shape) < 0.2] = np.nan
f32n[3, :] = np.nan
out["f32n"] = f32n
out["f32n_np70"] = np.nanpercentile(f32n, 70, axis=1)  # float32, weak q
out["f32n_nq_list"] = np.nanquantile(f32n, [0.2, 0.8], axis=1, method="weibull")  # float64
out["f32n_nmed"] = np.nanmedian(f32n, axis=1)
out["f32n_nmed_all"] = np.nanmedian(f32n)
out["f32_med_ax0"] = np.median(f32, axis=0)

# float16
f16 = (rng.standard_normal((7, 6)) * 4).round(1).astype(np.float16)
f16[2, 3] = np.nan
out["f16"] = f16
out["f16_q03"] = np.quantile(f16, 0.3, axis=1)  # float16
out["f16_q_list"] = np.quantile(f16, [0.3, 0.6], axis=1, method="median_unbiased")  # float64
out["f16_med0"] = np.median(f16, axis=0)
out["f16_nmed1"] = np.nanmedian(f16, axis=1)

# signed and unsigned integers: float64 for the continuous methods, the input dtype otherwise
i32 = rng.integers(-1000, 1000, (5, 8)).astype(np.int32)
i32[:, 3] = i32[:, 0]
out["i32"] = i32
out["i32_q_ax0"] = np.quantile(i32, Q, axis=0)
out["i32_lower_ax0"] = np.quantile(i32, Q, axis=0, method="lower")
out["i32_nearest_ax1"] = np.quantile(i32, 0.45, axis=1, method="nearest")
out["i32_med_ax1"] = np.median(i32, axis=1)
out["i32_p50"] = np.percentile(i32, 50)
out["i32_np_q32"] = np.nanpercentile(i32, q32, axis=1)  # int32 with float32 q: float64
u8 = rng.integers(0, 256, (6, 7)).astype(np.uint8)
out["u8"] = u8
out["u8_hazen_ax1"] = np.quantile(u8, 0.5, axis=1, method="hazen")
out["u8_med"] = np.median(u8)
out["u8_higher"] = np.quantile(u8, [0.2, 0.9], axis=0, method="higher")  # uint8
# int8: NumPy subtracts neighbours in int8, which wraps (-100, 100 -> diff -56)
i8 = np.array([[-100, 100], [120, -120], [5, -3]], dtype=np.int8)
out["i8"] = i8
out["i8_q"] = np.quantile(i8, [0.25, 0.5, 0.75], axis=1)
out["i8_med"] = np.median(i8, axis=1)

# bool: the discontinuous methods only (bool); median as np.mean (float64)
b = rng.random((5, 6)) < 0.4
out["b"] = b
out["b_lower"] = np.quantile(b, [0.2, 0.5, 0.9], axis=1, method="lower")
out["b_nearest"] = np.quantile(b, 0.5, axis=1, method="nearest")
out["b_icdf"] = np.quantile(b, [0.3, 0.7], axis=0, method="inverted_cdf")
out["b_med"] = np.median(b, axis=1)

# complex median (NumPy's lexicographic order)
c = (rng.integers(-3, 4, (5, 4)) + 1j * rng.integers(-3, 4, (5, 4))).astype(np.complex128)
out["c"] = c
out["c_med"] = np.median(c, axis=1)

# axes, keepdims, views, a 2-D q
clean = np.nan_to_num(x, nan=0.25)
out["clean"] = clean
for name, axis in [("0", 0), ("1", 1), ("2", 2), ("m1", -1), ("all", None), ("02", (0, 2)), ("21", (2, 1))]:
    out[f"med_{name}"] = np.median(x, axis=axis)
    out[f"nmed_{name}"] = np.nanmedian(x, axis=axis)
    out[f"cmed_{name}"] = np.median(clean, axis=axis)
    out[f"cq_{name}"] = np.quantile(clean, [0.2, 0.5, 0.9], axis=axis)
    out[f"nq_hazen_{name}"] = np.nanquantile(x, [0.2, 0.9], axis=axis, method="hazen")
out["cq_keep_02"] = np.quantile(clean, [0.2, 0.9], axis=(0, 2), keepdims=True)
out["cq_keep_all"] = np.quantile(clean, 0.3, keepdims=True)
out["med_keep_1"] = np.median(x, axis=1, keepdims=True)
out["nmed_keep_02"] = np.nanmedian(x, axis=(0, 2), keepdims=True)
out["cq_none"] = np.quantile(clean, 0.4, axis=())
out["t_q"] = np.quantile(clean.transpose(2, 0, 1), Q, axis=-1, method="median_unbiased")
out["t_nq"] = np.nanquantile(x.transpose(2, 0, 1)[:, ::2, :], [0.1, 0.6], axis=1, method="closest_observation")
out["t_med"] = np.median(x.transpose(1, 2, 0)[::-1, :, ::2], axis=0)
q2 = np.array([[0.1, 0.2, 0.3], [0.5, 0.8, 1.0]])
out["q2"] = q2
out["cq_q2"] = np.quantile(clean, q2, axis=1, method="weibull")
out["nq_q2"] = np.nanquantile(x, q2, axis=1, method="midpoint")
p_int = np.array([10, 50, 95], dtype=np.int64)
out["p_int"] = p_int
out["cp_int"] = np.percentile(clean, p_int, axis=2, method="averaged_inverted_cdf")

# edge values: +-inf neighbours interpolate to NaN, [1, inf] at q = 1 too (inf - inf)
e = np.array([[-np.inf, np.inf], [np.inf, np.inf], [1.0, np.inf], [-0.0, -0.0]])
out["e"] = e
out["e_q"] = np.quantile(e, [0.0, 0.5, 1.0], axis=1)
out["e_med"] = np.median(e, axis=1)

np.savez(os.path.join(os.path.dirname(os.path.abspath(__file__)), "sorting", "order_statistics.npz"), **out)
