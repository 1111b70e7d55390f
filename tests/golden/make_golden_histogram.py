"""Golden data for bincount, histogram, histogram_bin_edges, digitize and searchsorted's sorter
(tests/test_histogram.cpp). Run with NumPy 2 from the repository root:
    python tests/golden/make_golden_histogram.py
Writes tests/golden/sorting/histogram.npz."""
import os

import numpy as np

assert int(np.__version__.split(".")[0]) >= 2, "NumPy 2 is needed (the Python-scalar rules of NEP 50)"

rng = np.random.default_rng(2718)
out = {}


def near(values, dtype):
    """values, and the neighbours of each one ulp away, in dtype: where the fast path's estimate
    is off by one and the edges correct it."""
    v = np.asarray(values, dtype=dtype)
    return np.concatenate([v, np.nextafter(v, dtype(np.inf)), np.nextafter(v, dtype(-np.inf))])


# ---- bincount: duplicates, minlength, weights (one NaN), bool, uint8, a strided view
x = rng.integers(0, 50, 1000).astype(np.int32)
out["bc_x"] = x
out["bc"] = np.bincount(x)
out["bc_min"] = np.bincount(x, minlength=80)
w = rng.uniform(-2, 2, 1000).astype(np.float32)
w[[3, 17]] = [np.nan, -0.0]
out["bc_w"] = w
out["bc_weighted"] = np.bincount(x, weights=w)
out["bc_strided"] = np.bincount(x[::3])
xb = rng.integers(0, 2, 33).astype(bool)
out["bc_bool_x"] = xb
out["bc_bool"] = np.bincount(xb)
xu = rng.integers(0, 256, 5000).astype(np.uint8)
out["bc_u8_x"] = xu
out["bc_u8"] = np.bincount(xu)
xl = rng.integers(0, 3000, 2000).astype(np.int64)
wl = rng.integers(-5, 6, 2000).astype(np.int16)
out["bc_i64_x"], out["bc_i16_w"] = xl, wl
out["bc_i64_weighted"] = np.bincount(xl, weights=wl)

# ---- histogram, equal-width bins
# float64, inferred range: the edges themselves and their neighbours, duplicates, +-0
base = np.linspace(-3, 5, 17)
f8 = np.concatenate([rng.normal(1, 2, 400), near(base, np.float64), [0.0, -0.0, 0.0, 5.0, -3.0]])
out["h_f8"] = f8
out["h_f8_hist"], out["h_f8_edges"] = np.histogram(f8, bins=16)
# a given range: values outside it, NaN and infinities are not counted; the range's own edges
f8r = np.concatenate([f8, [np.nan, np.inf, -np.inf, 0.1, 0.9]])
out["h_f8r"] = f8r
out["h_f8r_hist"], out["h_f8r_edges"] = np.histogram(f8r, bins=7, range=(0.1, 0.9))
# float32: inferred (computed in float32) and a range of Python floats (float32 compares, float64
# divides); 0.1, 0.7, -0.7 and 0.3 are not float32 values (float32(0.3) > 0.3 is counted)
f4 = np.concatenate([rng.uniform(-1, 1, 500).astype(np.float32), near(np.linspace(-1, 1, 12), np.float32),
                     near([0.1, 0.7, -0.7, 0.3], np.float32), np.float32([0.5] * 5)])
out["h_f4"] = f4
out["h_f4_hist"], out["h_f4_edges"] = np.histogram(f4, bins=11)
out["h_f4r_hist"], out["h_f4r_edges"] = np.histogram(f4, bins=13, range=(0.1, 0.7))
out["h_f4s_hist"], out["h_f4s_edges"] = np.histogram(f4, bins=4, range=(-0.7, 0.3))
# float16: every value of a range of float16 and the arithmetic in float16
f2 = np.concatenate([np.arange(-4, 4, 2.0**-6, dtype=np.float16), rng.uniform(-4, 4, 200).astype(np.float16)])
out["h_f2"] = f2
out["h_f2_hist"], out["h_f2_edges"] = np.histogram(f2, bins=37)
out["h_f2r_hist"], out["h_f2r_edges"] = np.histogram(f2, bins=21, range=(-1.3, 2.9))
# integers: int8 with its extremes, uint8, int64 at both ends of its range (unsigned difference)
i1 = rng.integers(-128, 128, 300).astype(np.int8)
i1[:2] = [-128, 127]
out["h_i1"] = i1
out["h_i1_hist"], out["h_i1_edges"] = np.histogram(i1, bins=9)
u1 = rng.integers(0, 256, 300).astype(np.uint8)
out["h_u1"] = u1
out["h_u1_hist"], out["h_u1_edges"] = np.histogram(u1, bins=256, range=(0, 256))
i8 = np.concatenate([rng.integers(-2**62, 2**62, 50), [-2**63, 2**63 - 1, 0, 3]]).astype(np.int64)
out["h_i8"] = i8
out["h_i8_hist"], out["h_i8_edges"] = np.histogram(i8, bins=6)
# bool: counted as uint8 0 and 1
bo = rng.integers(0, 2, 40).astype(bool)
out["h_b"] = bo
out["h_b_hist"], out["h_b_edges"] = np.histogram(bo)
# all equal: the range widens by 0.5 each way; an empty array: (0, 1)
out["h_same_hist"], out["h_same_edges"] = np.histogram(np.float32([2.5] * 4), bins=4)
out["h_same_i_hist"], out["h_same_i_edges"] = np.histogram(np.int32([-7] * 3), bins=3)
out["h_empty_hist"], out["h_empty_edges"] = np.histogram(np.zeros(0, np.float32), bins=3)
out["h_0d_hist"], out["h_0d_edges"] = np.histogram(np.array(3.0), bins=2)
# non-contiguous: a transposed 2-D float32 array with transposed weights (pairs must follow)
m = rng.uniform(0, 10, (24, 17)).astype(np.float32)
mw = rng.uniform(0, 1, (24, 17)).astype(np.float64)
out["h_m"], out["h_mw"] = m, mw
out["h_mT_hist"], out["h_mT_edges"] = np.histogram(m.T[::2], bins=10, weights=mw.T[::2])

# ---- weights: float32 (hist float32), int8 (sums in range), bool (uniform path only)
wf = rng.uniform(-1, 2, f8.size).astype(np.float32)
out["h_wf"] = wf
out["h_wf_hist"], _ = np.histogram(f8, bins=16, weights=wf)
wi = rng.integers(-2, 3, f8.size).astype(np.int8)
out["h_wi"] = wi
out["h_wi_hist"], _ = np.histogram(f8, bins=5, range=(-1, 1), weights=wi)
wb = rng.integers(0, 2, f8.size).astype(bool)
out["h_wb"] = wb
out["h_wb_hist"], _ = np.histogram(f8, bins=30, weights=wb)

# ---- density
out["h_d_hist"], _ = np.histogram(f8r, bins=7, range=(0.1, 0.9), density=True)
out["h_di_hist"], _ = np.histogram(i1, bins=9, density=True)
out["h_dw_hist"], _ = np.histogram(f8, bins=16, weights=wf, density=True)

# ---- explicit edges: repeats, values on every edge, the last bin closed; int edges with float
# data; int64 data beyond 2^53 with int64 edges (compared exactly); a NaN last edge
edges = np.array([-1.0, 0.0, 0.0, 0.5, 2.0, 2.0, 3.5])
ev = np.concatenate([rng.uniform(-2, 4, 300), edges, edges, [np.nan, np.inf, -np.inf]])
out["e_edges"], out["e_v"] = edges, ev
out["e_hist"], _ = np.histogram(ev, bins=edges)
out["e_w_hist"], _ = np.histogram(ev, bins=edges, weights=np.arange(ev.size, dtype=np.float64))
out["e_d_hist"], _ = np.histogram(ev[np.isfinite(ev)], bins=np.array([-1.0, 0.0, 0.5, 2.0, 3.5]), density=True)
iedges = np.array([-2, 0, 1, 3], dtype=np.int16)
out["e_iedges"] = iedges
out["e_i_hist"], _ = np.histogram(f4, bins=iedges)
big = np.int64(2**60)
bedges = np.array([big, big + 1, big + 2, big + 5], dtype=np.int64)
bv = np.concatenate([big + rng.integers(-2, 8, 100), [big + 1, big + 2, big + 5]]).astype(np.int64)
out["e_bedges"], out["e_bv"] = bedges, bv
out["e_b_hist"], _ = np.histogram(bv, bins=bedges)
nedges = np.array([0.0, 1.0, np.nan])
out["e_nedges"] = nedges
out["e_n_hist"], _ = np.histogram(ev, bins=nedges)

# ---- histogram_bin_edges' estimators (sqrt, sturges, rice), with and without a range
for name in ["sqrt", "sturges", "rice"]:
    out["be_f4_" + name] = np.histogram_bin_edges(f4, bins=name)
    out["be_f4r_" + name] = np.histogram_bin_edges(f4, bins=name, range=(0.1, 0.7))
    out["be_i1_" + name] = np.histogram_bin_edges(i1, bins=name)
    out["be_f2_" + name] = np.histogram_bin_edges(f2, bins=name)

# ---- digitize: NaN, infinities, values on the bins; increasing with repeats, decreasing, right
dbins = np.array([-1.0, 0.0, 0.0, 1.5, 4.0])
dx = np.concatenate([rng.uniform(-3, 6, 39), dbins, [np.nan, np.inf, -np.inf, -0.0]]).reshape(3, 16)
out["d_bins"], out["d_x"] = dbins, dx
out["d_inc"] = np.digitize(dx, dbins)
out["d_inc_right"] = np.digitize(dx, dbins, right=True)
out["d_dec"] = np.digitize(dx, dbins[::-1].copy())
out["d_dec_right"] = np.digitize(dx, dbins[::-1].copy(), right=True)
dxi = rng.integers(-3, 7, 25).astype(np.int32)
out["d_xi"] = dxi
out["d_int"] = np.digitize(dxi, dbins)
out["d_nan_bins"] = np.digitize(np.array([np.nan, 1.0, 5.0]), np.array([np.nan, 1.0]))

# ---- searchsorted with sorter: an unsorted array with repeats and NaN, its stable argsort
us = np.concatenate([rng.integers(-5, 6, 30).astype(np.float64), [np.nan, 2.5, np.nan]])
rng.shuffle(us)
order = np.argsort(us, kind="stable")
sv = np.concatenate([rng.uniform(-7, 7, 17), [np.nan, np.inf, -np.inf, 2.5, -5.0, 5.0, 0.0]]).reshape(4, 6)
out["s_a"], out["s_order"], out["s_v"] = us, order, sv
out["s_left"] = np.searchsorted(us, sv, side="left", sorter=order)
out["s_right"] = np.searchsorted(us, sv, side="right", sorter=order)
out["s_order_i32"] = order.astype(np.int32)

folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sorting")
os.makedirs(folder, exist_ok=True)
np.savez(os.path.join(folder, "histogram.npz"), **out)
