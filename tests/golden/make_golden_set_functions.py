"""Golden data for unique and the set functions (tests/test_set_functions.cpp). Run with NumPy 2:
    python tests/golden/make_golden_set_functions.py
Writes tests/golden/sorting/set_functions.npz.

Each input `<name>` comes with the results under `<name>_<what>`. NumPy 2.3+ returns
unique_values unsorted (a hash table); xp sorts, so the golden is np.sort of it. Of -0.0 and
+0.0, xp keeps the first occurrence, as unique_all's stable sort does (`<name>_all_signbit`
records which one); np.unique's hash table keeps either."""
import os

import numpy as np

rng = np.random.default_rng(20240612)
out = {}
nan, inf = np.nan, np.inf


def with_specials(values, specials, rng):
    """values with the specials written at random places (so each appears, some twice)."""
    flat = values.reshape(-1)
    at = rng.choice(flat.size, size=len(specials), replace=False)
    flat[at] = specials
    return values


def unique_goldens(name, x):
    """Every unique variant of x (flattened)."""
    out[name] = x
    v, i, inv, c = np.unique(x, return_index=True, return_inverse=True, return_counts=True)
    out[name + "_values"], out[name + "_index"], out[name + "_inverse"], out[name + "_counts"] = v, i, inv, c
    a = np.unique_all(x)  # equal_nan=False
    out[name + "_all_values"], out[name + "_all_index"] = a.values, a.indices
    out[name + "_all_inverse"], out[name + "_all_counts"] = a.inverse_indices, a.counts
    assert np.array_equal(np.sort(np.unique_values(x)), a.values, equal_nan=True)
    c = np.unique_counts(x)
    assert np.array_equal(c.values, a.values, equal_nan=True) and np.array_equal(c.counts, a.counts)
    iv = np.unique_inverse(x)
    # NaNs are distinct but alike: unique_inverse's unstable sort may number them in any order
    alike = ~np.isnan(x) if x.dtype.kind in "fc" else np.ones(x.shape, bool)
    assert np.array_equal(iv.inverse_indices[alike], a.inverse_indices[alike])
    if x.dtype.kind == "f":
        out[name + "_all_signbit"] = np.signbit(a.values)


# float32 with repeats, NaNs, +-0 (both orders of first occurrence) and infinities, 2-D
f32 = rng.integers(-4, 5, (6, 7)).astype(np.float32)
f32 = with_specials(f32, [nan, nan, nan, -0.0, 0.0, -0.0, inf, -inf, inf], rng)
unique_goldens("f32", f32)
unique_goldens("f32t", np.ascontiguousarray(f32.T))  # the transposed view's flattening
# float64 whose first zero is -0.0
f64 = np.array([-0.0, 3.0, nan, 0.0, 3.0, -inf, nan, 0.0, 1.5, -0.0])
unique_goldens("f64", f64)
# float16, int32, uint8, int8, bool, complex128
unique_goldens("f16", with_specials(rng.integers(-3, 4, 30).astype(np.float16), [nan, nan, -0.0, inf], rng))
unique_goldens("i32", rng.integers(-20, 20, 60).astype(np.int32))
unique_goldens("u8", rng.integers(0, 256, (8, 9)).astype(np.uint8))
unique_goldens("i8", rng.integers(-128, 128, (3, 5, 4)).astype(np.int8))
unique_goldens("bl", rng.integers(0, 2, (4, 5)).astype(bool))
c128 = (rng.integers(-2, 3, 25) + 1j * rng.integers(-2, 3, 25)).astype(np.complex128)
# every kind of NaN: NumPy orders them [R + nanj, nan + Rj, nan + nanj] after the numbers
c128[[3, 8, 11, 14, 17, 20]] = [complex(nan, 0), complex(1, nan), complex(nan, 1), complex(-2, nan),
                                complex(nan, nan), complex(1, nan)]
unique_goldens("c128", c128)
# 0-d and empty
unique_goldens("zerod", np.array(2.5))
unique_goldens("empty", np.zeros(0, np.float32))
# a sorted run longer than the set of values, all equal
unique_goldens("same", np.full(17, 7, np.int64))

# unique along an axis: repeated slices (after rounding), a NaN slice, +-0 in equal slices
ax = rng.integers(0, 2, (5, 4, 3)).astype(np.float64)
ax[2] = ax[0]
ax[:, 3] = ax[:, 1]
ax[:, :, 2] = ax[:, :, 0]
ax[4, 1, 1] = nan
ax[0, 0, 0] = -0.0
out["ax"] = ax
for axis in range(3):
    v, i, inv, c = np.unique(ax, axis=axis, return_index=True, return_inverse=True, return_counts=True)
    out[f"ax{axis}_values"], out[f"ax{axis}_index"], out[f"ax{axis}_inverse"], out[f"ax{axis}_counts"] = v, i, inv, c
# int64 rows, with a strided (every other column) view
rows = rng.integers(0, 3, (12, 6)).astype(np.int64)
rows[7] = rows[2]
rows[9] = rows[2]
out["rows"] = rows
v, i, inv, c = np.unique(rows[:, ::2], axis=0, return_index=True, return_inverse=True, return_counts=True)
out["rows_values"], out["rows_index"], out["rows_inverse"], out["rows_counts"] = v, i, inv, c
v, inv = np.unique(rows.T, axis=1, return_inverse=True)
out["rowsT_values"], out["rowsT_inverse"] = v, inv
# 1-D with an axis: the flattened rules (NaNs collapse)
out["ax1d_values"] = np.unique(f64, axis=0)
# empty slices: (3, 0) along axis 0 has one unique slice; along axis 1 none
v, i, inv, c = np.unique(np.zeros((3, 0)), axis=0, return_index=True, return_inverse=True, return_counts=True)
out["e30_values"], out["e30_index"], out["e30_inverse"], out["e30_counts"] = v, i, inv, c

# set functions: float64 with repeats, NaN, +-0, infinities
a = with_specials(rng.integers(-6, 7, 40).astype(np.float64), [nan, nan, -0.0, inf, -inf], rng)
b = with_specials(rng.integers(-3, 10, (5, 6)).astype(np.float64), [nan, 0.0, inf], rng)
out["a"], out["b"] = a, b
out["isin_ab"] = np.isin(a, b)
out["isin_ab_inv"] = np.isin(a, b, invert=True)
out["isin_bta"] = np.isin(b.T, a)  # element transposed: the result has its shape
out["inter_ab"] = np.intersect1d(a, b)
_, out["inter_ab_i1"], out["inter_ab_i2"] = np.intersect1d(a, b, return_indices=True)
out["union_ab"] = np.union1d(a, b)
out["diff_ab"] = np.setdiff1d(a, b)
out["diff_ba"] = np.setdiff1d(b, a)
out["xor_ab"] = np.setxor1d(a, b)
# assume_unique on unique inputs (in a shuffled order)
ua = rng.permutation(np.unique(a))
ub = rng.permutation(np.unique(b))
out["ua"], out["ub"] = ua, ub
out["inter_u"], out["inter_u_i1"], out["inter_u_i2"] = np.intersect1d(ua, ub, assume_unique=True, return_indices=True)
out["diff_u"] = np.setdiff1d(ua, ub, assume_unique=True)
out["xor_u"] = np.setxor1d(ua, ub, assume_unique=True)
# mixed dtypes: int32 with float64 (-> float64), uint8 with int8 (-> int16)
ai = rng.integers(-5, 6, 30).astype(np.int32)
bf = (rng.integers(-8, 8, 12) / 2).astype(np.float64)
out["ai"], out["bf"] = ai, bf
out["isin_ai_bf"] = np.isin(ai, bf)
out["inter_ai_bf"] = np.intersect1d(ai, bf)
out["union_ai_bf"] = np.union1d(ai, bf)
out["diff_ai_bf"] = np.setdiff1d(ai, bf)  # ai's dtype
out["xor_ai_bf"] = np.setxor1d(ai, bf)
u8 = rng.integers(0, 20, 25).astype(np.uint8)
i8 = rng.integers(-10, 10, (3, 4)).astype(np.int8)
out["u8s"], out["i8s"] = u8, i8
out["union_u8_i8"] = np.union1d(u8, i8)
out["xor_u8_i8"] = np.setxor1d(u8, i8)
out["isin_u8_i8"] = np.isin(u8, i8)
_, out["inter_u8_i8_i1"], out["inter_u8_i8_i2"] = np.intersect1d(u8, i8, return_indices=True)
out["inter_u8_i8"] = _
# complex128 (NaN in either part)
ca = (rng.integers(-2, 3, 20) + 1j * rng.integers(-2, 3, 20)).astype(np.complex128)
cb = (rng.integers(-2, 3, 8) + 1j * rng.integers(-2, 3, 8)).astype(np.complex128)
# NaNs made one keep the first in NumPy's sort order (np.unique's sorting path, xp's); NumPy
# 2.3+'s hash path (values alone) keeps the first occurrence: the inputs make both the same
ca[[5, 7]], cb[[2, 5]] = [complex(1, nan), complex(nan, 1)], [complex(-1, nan), complex(nan, 1)]
def parts(c):
    return c.view(np.float64)


for c in (ca, cb):
    assert np.array_equal(parts(np.unique(c)), parts(np.unique(c, return_index=True)[0]), equal_nan=True)
    assert not np.array_equal(parts(np.unique(c)), parts(np.unique(c[::-1])), equal_nan=True)  # it matters
out["ca"], out["cb"] = ca, cb
out["isin_ca_cb"] = np.isin(ca, cb)
out["inter_ca_cb"] = np.intersect1d(ca, cb)
out["xor_ca_cb"] = np.setxor1d(ca, cb)
out["diff_ca_cb"] = np.setdiff1d(ca, cb)
# bool and float16
ba = rng.integers(0, 2, 7).astype(bool)
out["ba"] = ba
out["xor_ba_t"] = np.setxor1d(ba, np.array([True]))
out["isin_ba_t"] = np.isin(ba, np.array([True]))
h = with_specials(rng.integers(-3, 4, 15).astype(np.float16), [nan, -0.0], rng)
out["h"] = h
out["isin_h_b"] = np.isin(h, b)
out["union_h_h"] = np.union1d(h, h[::2])
# a large test set, so NumPy takes its sorting path (the answer is the same on each path)
big_e = rng.integers(0, 10**6, 3000).astype(np.int64)
big_t = rng.integers(0, 10**6, 20000).astype(np.int64)
out["big_e"], out["big_t"] = big_e, big_t
out["isin_big"] = np.isin(big_e, big_t, kind="sort")
assert np.array_equal(out["isin_big"], np.isin(big_e, big_t))
np.savez(os.path.join(os.path.dirname(os.path.abspath(__file__)), "sorting", "set_functions.npz"), **out)
