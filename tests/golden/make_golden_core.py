#!/usr/bin/python3
"""Writes the first golden .npy files of several areas, each into its folder of tests/golden/:
indexing/ (slice_*), manipulation/ (transpose_*, reshape_*, ravel_rev, squeeze_expand,
broadcast_to_243), creation/ (arange_*, linspace_*, eye_*), dtypes/ (astype_*), ops/ (op_* of the
float and integer functions, nan_*, broadcast_add), reductions/ (red_*), linalg/ (mm_*, dot_nd*,
inner_nd, outer, vdot) and signal/ (ls_*, SciPy's Lomb-Scargle). Run with Debian's python3-numpy
(1.24) and python3-scipy (1.10):

    /usr/bin/python3 tests/golden/make_golden_core.py

The outputs are committed; the tests never run Python. Every case is deterministic.
"""
import os
import numpy as np

out = os.path.dirname(os.path.abspath(__file__))


def save(name, a):
    """Writes <area>/<file>.npy for a name "<area>/<file>"."""
    a = np.array(a, order="C")  # ascontiguousarray would turn a 0-d array into 1-d
    os.makedirs(os.path.join(out, os.path.dirname(name)), exist_ok=True)
    np.save(os.path.join(out, name + ".npy"), a)


base = np.arange(2 * 3 * 4, dtype=np.int64).reshape(2, 3, 4)  # tests rebuild it with xp::arange

# slicing (views)
save("indexing/slice_a", base[1:, ::-1, 1:4:2])
save("indexing/slice_b", base[:, 1, ::-2])
save("indexing/slice_c", base[..., np.newaxis, 0])
save("indexing/slice_d", base[-1, -2:, :])
save("indexing/slice_e", base[::-1, 5:-7:-1, np.newaxis, 3:0:-2])
save("indexing/slice_f", base[:, 10:20, :])  # empty
save("indexing/slice_g", base[1, 2, 3])      # 0-d

# transpose / layout
save("manipulation/transpose_all", base.T)
save("manipulation/transpose_102", np.transpose(base, (1, 0, 2)))
save("manipulation/reshape_T_4x6", base.T.reshape(4, 6))                 # needs a copy
save("manipulation/reshape_slice_6x2", base[:, :, 1:3].reshape(6, 2))    # stays a view
save("manipulation/ravel_rev", base[:, ::-1, :].ravel())
save("manipulation/squeeze_expand", np.expand_dims(base[:, 1:2, :], 0).squeeze())
save("manipulation/broadcast_to_243", np.broadcast_to(np.arange(3, dtype=np.int64), (2, 4, 3)))
save("ops/broadcast_add", np.arange(3, dtype=np.float32).reshape(3, 1) + np.arange(4, dtype=np.float32))

# creation
save("creation/arange_f32", np.arange(0, 1, 0.1, dtype=np.float32))
save("creation/arange_f64", np.arange(0, 1, 0.1, dtype=np.float64))
save("creation/arange_f32_neg", np.arange(-3.5, 9.25, 0.75, dtype=np.float32))
save("creation/arange_i32", np.arange(10, dtype=np.int32))
save("creation/arange_i64_step", np.arange(5, -7, -3, dtype=np.int64))
save("creation/arange_u8", np.arange(250, 256, dtype=np.uint8))
save("creation/arange_f64_long", np.arange(-1e3, 1e3, 0.37, dtype=np.float64))
save("creation/linspace_f32", np.linspace(-1, 3, 17, dtype=np.float32))
save("creation/linspace_f64", np.linspace(-1, 3, 17, dtype=np.float64))
save("creation/linspace_f64_noend", np.linspace(2, 3, 5, endpoint=False, dtype=np.float64))
save("creation/linspace_i32", np.linspace(0, 10, 7, dtype=np.int32))
save("creation/linspace_i64_neg", np.linspace(-7, 4, 9, dtype=np.int64))
save("creation/linspace_one", np.linspace(5, 9, 1, dtype=np.float64))
save("creation/eye_4x5_k1", np.eye(4, 5, k=1, dtype=np.float64))
save("creation/eye_3_km1", np.eye(3, k=-1, dtype=np.int32))

# conversions (astype truncates toward zero; nonzero -> True)
src = np.array([-2.7, -0.5, 0.0, 0.5, 2.7, 100.25], dtype=np.float64)
save("dtypes/astype_src", src)
save("dtypes/astype_i32", src.astype(np.int32))
save("dtypes/astype_bool", src.astype(np.bool_))
save("dtypes/astype_f32", src.astype(np.float32))

# ---- elementwise ops (issue 3) -----------------------------------------------------------------
rng = np.random.default_rng(20261122)
for dt, tag in ((np.float32, "f32"), (np.float64, "f64")):
    x = rng.uniform(-10, 10, 1000).astype(dt)
    pos = rng.uniform(0.01, 10, 1000).astype(dt)
    unit = rng.uniform(-0.99, 0.99, 1000).astype(dt)
    save(f"ops/op_x_{tag}", x)
    save(f"ops/op_pos_{tag}", pos)
    save(f"ops/op_unit_{tag}", unit)
    for name in ["abs", "sign", "square", "exp", "expm1", "sin", "cos", "tan", "arctan", "sinh", "cosh", "tanh",
                 "floor", "ceil", "round", "trunc", "cbrt"]:
        xs = x / 4 if name in ("exp", "expm1", "sinh", "cosh") else x
        save(f"ops/op_{name}_{tag}", getattr(np, name)(xs))
    for name in ["sqrt", "log", "log2", "log10", "log1p", "exp2"]:
        save(f"ops/op_{name}_{tag}", getattr(np, name)(pos))
    for name in ["arcsin", "arccos"]:
        save(f"ops/op_{name}_{tag}", getattr(np, name)(unit))
    save(f"ops/op_arctan2_{tag}", np.arctan2(x, x[::-1]))
    save(f"ops/op_hypot_{tag}", np.hypot(x, x[::-1]))
    save(f"ops/op_power_{tag}", np.power(pos, x / 5))
    save(f"ops/op_remainder_{tag}", np.remainder(x, x[::-1]))
    save(f"ops/op_divide_{tag}", x / pos)
    save(f"ops/op_clip_{tag}", np.clip(x, -2.5, 3.5))
    save(f"ops/op_saxpy_trig_{tag}", np.exp(dt(0.5) * np.sin(x) + np.cos(x[::-1])))

i = rng.integers(-50, 50, 1000).astype(np.int32)
j = rng.integers(1, 7, 1000).astype(np.int32) * np.where(rng.integers(0, 2, 1000) == 0, -1, 1).astype(np.int32)
save("ops/op_i", i)
save("ops/op_j", j)
save("ops/op_remainder_i32", np.remainder(i, j))
save("ops/op_divide_i32", i / j)
save("ops/op_power_i32", np.power(i, np.abs(j) % 4))
save("ops/op_sin_i32", np.sin(i))
save("ops/op_abs_i32", np.abs(i))
save("ops/op_sign_i32", np.sign(i))
save("ops/op_bitand_i32", i & j)
save("ops/op_bitxor_i32", i ^ j)
save("ops/op_less_i32", i < j)
save("ops/op_where_i32", np.where(i > 0, i, j))

# NaN handling
nanv = np.array([1.0, np.nan, -np.inf, 3.0, np.inf, -0.0], dtype=np.float64)
save("ops/nan_src", nanv)
save("ops/nan_isnan", np.isnan(nanv))
save("ops/nan_isinf", np.isinf(nanv))
save("ops/nan_isfinite", np.isfinite(nanv))
save("ops/nan_minimum", np.minimum(nanv, 2.0))
save("ops/nan_maximum", np.maximum(nanv, 2.0))

# ---- reductions (issue 3) ---------------------------------------------------------------------
m64 = rng.normal(0, 3, (37, 53, 11))
m32 = m64.astype(np.float32)
mi = rng.integers(-20, 20, (37, 53, 11)).astype(np.int32)
save("reductions/red_m64", m64)
save("reductions/red_mi", mi)
save("reductions/red_sum_all", np.sum(m64))
save("reductions/red_sum_0", np.sum(m64, axis=0))
save("reductions/red_sum_12", np.sum(m64, axis=(1, 2)))
save("reductions/red_sum_02_keep", np.sum(m64, axis=(0, 2), keepdims=True))
save("reductions/red_sum_T_1", np.sum(m64.transpose(2, 0, 1), axis=1))
save("reductions/red_mean_1", np.mean(m64, axis=1))
save("reductions/red_var_0", np.var(m64, axis=0))
save("reductions/red_std_2", np.std(m64, axis=2))
save("reductions/red_std_all_ddof1", np.std(m64, ddof=1))
save("reductions/red_min_1", np.min(m64, axis=1))
save("reductions/red_max_02", np.max(m64, axis=(0, 2)))
save("reductions/red_argmax_1", np.argmax(m64, axis=1))
save("reductions/red_argmin_all", np.argmin(m64))
save("reductions/red_argmin_rev", np.argmin(m64[:, ::-1, :], axis=2))
save("reductions/red_norm_all", np.linalg.norm(m64.ravel()))
save("reductions/red_sumabs_0", np.sum(np.abs(m64 - 1.0), axis=0))
save("reductions/red_isum_all", np.sum(mi))
save("reductions/red_isum_2", np.sum(mi, axis=2))
save("reductions/red_iprod_2", np.prod(mi[:, :, :3] % 5 + 1, axis=2))
save("reductions/red_imean_0", np.mean(mi, axis=0))
save("reductions/red_icount_1", np.count_nonzero(mi, axis=1))
save("reductions/red_iany_2", np.any(mi > 18, axis=2))
save("reductions/red_iall_0", np.all(mi > -20, axis=0))
save("reductions/red_imax_all", np.max(mi))

# matmul family (linalg): inputs are saved too, so the tests multiply exactly these
rng = np.random.default_rng(20261122)
mm_a = rng.standard_normal((3, 1, 4, 5))
mm_b = rng.standard_normal((2, 5, 6))
mm_v = rng.standard_normal(6)
save("linalg/mm_a", mm_a)
save("linalg/mm_b", mm_b)
save("linalg/mm_v", mm_v)
save("linalg/mm_batched", np.matmul(mm_a, mm_b))                   # (3, 1, 4, 5) @ (2, 5, 6) -> (3, 2, 4, 6)
save("linalg/mm_vec_mat", np.matmul(mm_a[0, 0, 0], mm_b))          # (5,) @ (2, 5, 6) -> (2, 6)
save("linalg/mm_mat_vec", np.matmul(mm_b, mm_v))                   # (2, 5, 6) @ (6,) -> (2, 5)
mi_a = rng.integers(-1000, 1000, (7, 9)).astype(np.int32)
mi_b = rng.integers(-1000, 1000, (9, 4)).astype(np.int32)
save("linalg/mm_ia", mi_a)
save("linalg/mm_ib", mi_b)
save("linalg/mm_int", mi_a @ mi_b)
save("linalg/mm_int_wrap", np.full((2, 3), 70000, np.int32) @ np.full((3, 2), 70000, np.int32))  # wraps
dn_b = rng.standard_normal((3, 6, 2))
save("linalg/dot_nd_b", dn_b)
save("linalg/dot_nd", np.dot(mm_b, dn_b))                          # (2, 5, 6) . (3, 6, 2) -> (2, 5, 3, 2)
save("linalg/inner_nd", np.inner(mm_b, mm_b[0]))                   # (2, 5, 6) inner (5, 6) -> (2, 5, 5)
save("linalg/outer", np.outer(mi_a[:2], mi_b[0]))                  # (18,) x (4,) -> (18, 4)
save("linalg/vdot", np.vdot(mm_a[0, 0], mm_a[1, 0]))               # 0-d

# Lomb-Scargle (scipy.signal.lombscargle, SciPy 1.10, classic formula)
from scipy import signal as sps
ls_rng = np.random.default_rng(1010)
ls_x = np.sort(ls_rng.uniform(0, 10, 300))
ls_y = 2.0 * np.sin(1.7 * ls_x) + 0.5 * ls_rng.standard_normal(300) + 1.0
ls_f = np.linspace(0.05, 6.0, 1000)
save("signal/ls_x", ls_x)
save("signal/ls_y", ls_y)
save("signal/ls_f", ls_f)
save("signal/ls_plain", sps.lombscargle(ls_x, ls_y, ls_f))
save("signal/ls_precenter", sps.lombscargle(ls_x, ls_y, ls_f, precenter=True))
save("signal/ls_normalize", sps.lombscargle(ls_x, ls_y, ls_f, normalize=True))
save("signal/ls_both", sps.lombscargle(ls_x, ls_y, ls_f, precenter=True, normalize=True))
