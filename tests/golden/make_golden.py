#!/usr/bin/python3
"""Writes the golden .npy files the tests compare against. Run with Debian's python3-numpy:

    /usr/bin/python3 tests/golden/make_golden.py

The outputs are committed; the tests never run Python. Every case is deterministic.
"""
import os
import numpy as np

out = os.path.dirname(os.path.abspath(__file__))


def save(name, a):
    a = np.array(a, order="C")  # ascontiguousarray would turn a 0-d array into 1-d
    np.save(os.path.join(out, name + ".npy"), a)


base = np.arange(2 * 3 * 4, dtype=np.int64).reshape(2, 3, 4)  # tests rebuild it with xp::arange

# slicing (views)
save("slice_a", base[1:, ::-1, 1:4:2])
save("slice_b", base[:, 1, ::-2])
save("slice_c", base[..., np.newaxis, 0])
save("slice_d", base[-1, -2:, :])
save("slice_e", base[::-1, 5:-7:-1, np.newaxis, 3:0:-2])
save("slice_f", base[:, 10:20, :])  # empty
save("slice_g", base[1, 2, 3])      # 0-d

# transpose / layout
save("transpose_all", base.T)
save("transpose_102", np.transpose(base, (1, 0, 2)))
save("reshape_T_4x6", base.T.reshape(4, 6))                 # needs a copy
save("reshape_slice_6x2", base[:, :, 1:3].reshape(6, 2))    # stays a view
save("ravel_rev", base[:, ::-1, :].ravel())
save("squeeze_expand", np.expand_dims(base[:, 1:2, :], 0).squeeze())
save("broadcast_to_243", np.broadcast_to(np.arange(3, dtype=np.int64), (2, 4, 3)))
save("broadcast_add", np.arange(3, dtype=np.float32).reshape(3, 1) + np.arange(4, dtype=np.float32))

# creation
save("arange_f32", np.arange(0, 1, 0.1, dtype=np.float32))
save("arange_f64", np.arange(0, 1, 0.1, dtype=np.float64))
save("arange_f32_neg", np.arange(-3.5, 9.25, 0.75, dtype=np.float32))
save("arange_i32", np.arange(10, dtype=np.int32))
save("arange_i64_step", np.arange(5, -7, -3, dtype=np.int64))
save("arange_u8", np.arange(250, 256, dtype=np.uint8))
save("arange_f64_long", np.arange(-1e3, 1e3, 0.37, dtype=np.float64))
save("linspace_f32", np.linspace(-1, 3, 17, dtype=np.float32))
save("linspace_f64", np.linspace(-1, 3, 17, dtype=np.float64))
save("linspace_f64_noend", np.linspace(2, 3, 5, endpoint=False, dtype=np.float64))
save("linspace_i32", np.linspace(0, 10, 7, dtype=np.int32))
save("linspace_i64_neg", np.linspace(-7, 4, 9, dtype=np.int64))
save("linspace_one", np.linspace(5, 9, 1, dtype=np.float64))
save("eye_4x5_k1", np.eye(4, 5, k=1, dtype=np.float64))
save("eye_3_km1", np.eye(3, k=-1, dtype=np.int32))

# conversions (astype truncates toward zero; nonzero -> True)
src = np.array([-2.7, -0.5, 0.0, 0.5, 2.7, 100.25], dtype=np.float64)
save("astype_src", src)
save("astype_i32", src.astype(np.int32))
save("astype_bool", src.astype(np.bool_))
save("astype_f32", src.astype(np.float32))
