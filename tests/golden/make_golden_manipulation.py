#!/usr/bin/env python3
"""Goldens of xp's manipulation and creation functions (issue 19, tests/test_manipulation.cpp).
Run with NumPy 2 (the script asserts 2.x):

    /work/venv-np2/bin/python tests/golden/make_golden_manipulation.py

It writes, into tests/golden/manipulation/, with np.savez (not compressed; every member
C-contiguous, in NumPy's result dtype):

* manip_<tag>.npz for one dtype of each class: b1 (bool), i4 (int32), f4 (float32),
  c8 (complex64). Inputs: `x` (3, 4, 5) and `y` (2, 4, 5) of that dtype, `s` a 0-d value.
  Every other member is NumPy's result of the call named in CASES below on them; the test
  makes the same call on the same views (transposes `x.T`, step slices `x[:, :, ::2]`,
  reversed `x[::-1]`). A function returning several arrays stores `<name>_<i>`.
* manip_common.npz: the dtype-independent creation functions (geomspace, logspace, identity),
  mixed-dtype concat/stack, empty inputs and 0-d inputs.
"""
import os

import numpy as np

assert np.__version__.startswith("2."), np.__version__
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "manipulation")
os.makedirs(HERE, exist_ok=True)


def inputs(tag):
    rng = np.random.default_rng(19)
    if tag == "b1":
        x = rng.integers(0, 2, (3, 4, 5)).astype(bool)
        y = rng.integers(0, 2, (2, 4, 5)).astype(bool)
        s = np.array(True)
    elif tag == "i4":
        x = rng.integers(-1000, 1000, (3, 4, 5)).astype(np.int32)
        y = rng.integers(-1000, 1000, (2, 4, 5)).astype(np.int32)
        x[0, 0, 0] = np.iinfo(np.int32).min  # diff wraps
        x[0, 0, 1] = np.iinfo(np.int32).max
        s = np.array(-7, np.int32)
    elif tag == "f4":
        x = (rng.standard_normal((3, 4, 5)) * 100).astype(np.float32)
        y = (rng.standard_normal((2, 4, 5)) * 100).astype(np.float32)
        x[1, 2, 3] = np.nan
        x[2, 0, 0] = -np.inf
        s = np.array(2.5, np.float32)
    else:  # c8
        x = (rng.standard_normal((3, 4, 5)) + 1j * rng.standard_normal((3, 4, 5))).astype(np.complex64)
        y = (rng.standard_normal((2, 4, 5)) + 1j * rng.standard_normal((2, 4, 5))).astype(np.complex64)
        s = np.array(1 - 2j, np.complex64)
    return x, y, s


def cases(x, y, s):
    """name -> result (an array or a list of arrays). The C++ test makes the same calls."""
    xt = x.transpose(2, 1, 0)  # (5, 4, 3), a strided view
    return {
        # concat / concatenate
        "concat_0": np.concatenate([x, y], axis=0),
        "concat_m1": np.concatenate([x, x[:, :, ::2]], axis=-1),
        "concat_1": np.concatenate([x[:, :1], x[::-1], y[:1, ::-1][[0, 0, 0]]], axis=1),
        "concat_none": np.concatenate([x, y[:, ::2]], axis=None),
        "concat_t": np.concatenate([xt, xt[:, :, ::2]], axis=2),
        # stack / vstack / hstack
        "stack_0": np.stack([x, x[::-1]], axis=0),
        "stack_m1": np.stack([x, x[::-1], x], axis=-1),
        "stack_t": np.stack([xt, xt], axis=1),
        "vstack_2d": np.vstack([x[0], x[1, :, ::-1]]),
        "vstack_1d": np.vstack([x[0, 0], x[1, 1]]),
        "hstack_2d": np.hstack([x[0], x[1, :, ::2]]),
        "hstack_1d": np.hstack([x[0, 0], x[1, 1, ::2]]),
        # unstack / split / array_split
        "unstack_1": list(np.unstack(x, axis=1)),
        "unstack_m1": list(np.unstack(xt, axis=-1)),
        "split_sections": np.split(x, 3, axis=0),
        "split_indices": np.split(x, [1, 3], axis=2),
        "split_clamped": np.split(x, [3, -4, 9], axis=-1),
        "array_split": np.array_split(x, 3, axis=2),
        "array_split_t": np.array_split(xt, 2, axis=0),
        # flip
        "flip_all": np.flip(x),
        "flip_0": np.flip(x, 0),
        "flip_1m1": np.flip(x, (1, -1)),
        "flip_t": np.flip(xt, 0),
        # roll
        "roll_flat": np.roll(x, 7),
        "roll_2": np.roll(x, -2, 2),
        "roll_multi": np.roll(x, (1, 2), (0, -1)),
        "roll_same": np.roll(x, (1, 2), (1, 1)),
        "roll_t": np.roll(xt, 13, 0),
        # repeat / tile
        "repeat_flat": np.repeat(x, 2),
        "repeat_1": np.repeat(x, 3, axis=1),
        "repeat_counts": np.repeat(x, [0, 2, 1], axis=0),
        "repeat_t": np.repeat(xt, 2, axis=-1),
        "repeat_zero": np.repeat(x, 0, axis=2),
        "tile_2d": np.tile(x[0], (2, 3)),
        "tile_up": np.tile(x[0, 0], (2, 1, 2)),
        "tile_int": np.tile(x, 2),
        "tile_t": np.tile(x[0].T, (1, 2)),
        # views
        "moveaxis_1": np.moveaxis(x, 0, -1),
        "moveaxis_2": np.moveaxis(x, [0, 1], [-1, -3]),
        "permute_dims": np.permute_dims(x, (2, 0, 1)),
        "matrix_transpose": np.matrix_transpose(x),
        "swapaxes": np.swapaxes(x, 0, 2),
        "broadcast_arrays": [np.array(v) for v in np.broadcast_arrays(x[0, :, :1], x[1, :1, :])],
        # diff
        "diff_1": np.diff(x),
        "diff_2_0": np.diff(x, 2, axis=0),
        "diff_pre_app": np.diff(x, 1, axis=1, prepend=x[:, :1], append=x[:, -1:]),
        "diff_scalar_pre": np.diff(x, 1, axis=2, prepend=s),
        "diff_t": np.diff(xt, 3, axis=0),
        # pad
        "pad_1": np.pad(x, 1),
        "pad_widths": np.pad(x, ((1, 0), (0, 2), (1, 1)), constant_values=s),
        "pad_edge": np.pad(x, ((1, 2),), mode="edge"),
        "pad_edge_t": np.pad(xt, 2, mode="edge"),
        # creation
        "tril_0": np.tril(x),
        "tril_m1": np.tril(x, -1),
        "triu_1": np.triu(x, 1),
        "triu_t": np.triu(xt, -2),
        "tril_1d": np.tril(x[0, 0], 1),
        "diag_2d": np.diag(x[0]).copy(),
        "diag_2d_k2": np.diag(x[0], 2).copy(),
        "diag_2d_km3": np.diag(x[0], -3).copy(),
        "diag_2d_t": np.diag(x[0].T, 1).copy(),
        "diag_1d": np.diag(x[0, 0]),
        "diag_1d_km2": np.diag(x[0, 0, ::2], -2),
        "meshgrid_xy": list(np.meshgrid(x[0, 0], x[1, :, 0], x[2, 0, :2])),
        "meshgrid_ij": list(np.meshgrid(x[0, 0], x[1, :, 0], x[2, 0, :2], indexing="ij")),
        "meshgrid_one": list(np.meshgrid(x[0, 0, ::-1])),
    }


def store(out, name, value):
    if isinstance(value, list):
        for i, v in enumerate(value):
            store(out, f"{name}_{i}", v)
        out[f"{name}_count"] = np.array(len(value), np.int64)
    else:
        out[name] = np.array(value, order="C", copy=True)  # ascontiguousarray would make 0-d 1-d


def main():
    for tag in ["b1", "i4", "f4", "c8"]:
        x, y, s = inputs(tag)
        out = {"x": x, "y": y, "s": s}
        with np.errstate(all="ignore"):
            for name, value in cases(x, y, s).items():
                store(out, name, value)
        np.savez(os.path.join(HERE, f"manip_{tag}.npz"), **out)

    x8 = np.arange(-6, 6, dtype=np.int8).reshape(3, 4)
    f4 = (np.arange(8, dtype=np.float32) / 4).reshape(2, 4)
    u8 = np.arange(250, 254, dtype=np.uint8).reshape(1, 4)
    common = {"x8": x8, "f4": f4, "u8": u8}
    with np.errstate(all="ignore"):
        c = {
            "geom_1": np.geomspace(1, 1000, 4),
            "geom_neg": np.geomspace(-1, -1000, 5, endpoint=False),
            "geom_f4": np.geomspace(2, 3e5, 7, dtype=np.float32),
            "geom_i4": np.geomspace(1, 256, 9, dtype=np.int32),
            "geom_mixed": np.geomspace(-2, 8, 5),
            "geom_one": np.geomspace(3, 9, 1),
            "log_1": np.logspace(0, 3, 4),
            "log_base2": np.logspace(1, 2, 5, endpoint=False, base=2),
            "log_f4": np.logspace(-1.5, 2.25, 6, dtype=np.float32),
            "log_neg_base": np.logspace(0, 3, 4, base=-2.0),
            "identity_f8": np.identity(3),
            "identity_i4": np.identity(4, dtype=np.int32),
            # mixed dtypes: NumPy's result_type
            "concat_mixed": np.concatenate([x8, f4], axis=0),
            "concat_mixed_u8_i8": np.concatenate([u8, x8], axis=0),
            "stack_mixed": np.stack([x8[:2], f4], axis=1),
            # empty inputs
            "concat_empty_0": np.concatenate([np.zeros((0, 3)), np.zeros((0, 3))], axis=0),
            "concat_empty_1": np.concatenate([np.zeros((2, 0)), np.arange(6.0).reshape(2, 3)], axis=1),
            "stack_empty": np.stack([np.zeros((0, 2)), np.zeros((0, 2))], axis=1),
            "flip_empty": np.flip(np.zeros((0, 3))),
            "roll_empty": np.roll(np.zeros((2, 0)), 3, 1),
            "repeat_empty": np.repeat(np.zeros((0, 3)), 2, axis=1),
            "tile_empty": np.tile(np.arange(3.0), (0, 2)),
            "pad_empty": np.pad(np.zeros((0, 2)), 1, constant_values=5.0),
            "diff_short": np.diff(np.arange(3.0).reshape(3, 1), axis=1),
            "tril_empty": np.tril(np.zeros((0, 0))),
            "diag_empty": np.diag(np.zeros((0,))),
            "split_empty": np.split(np.zeros((0, 3)), 3, axis=1),
            # 0-d inputs
            "stack_0d": np.stack([np.array(1.5), np.array(2.5)]),
            "hstack_0d": np.hstack([np.array(1.5), np.array(2.5)]),
            "vstack_0d": np.vstack([np.array(1.5), np.array(2.5)]),
            "repeat_0d": np.repeat(np.array(1.5), 3),
            "tile_0d": np.tile(np.array(1.5), (2, 2)),
            "pad_0d": np.pad(np.array(1.5), 1),
            "flip_0d": np.flip(np.array(1.5)),
            "roll_0d": np.roll(np.array(1.5), 1),
        }
        for name, value in c.items():
            store(common, name, value)
    np.savez(os.path.join(HERE, "manip_common.npz"), **common)


if __name__ == "__main__":
    main()
