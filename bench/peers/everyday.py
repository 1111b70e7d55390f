#!/usr/bin/env python3
"""NumPy's side of the host's standing table (bench/bench_host_everyday.cpp, run by
bench/host_table.py): the same operations on the same shapes of U[-1, 1) values, keyed by the
names xp_bench prints (host_everyday/<name>/real_time). Prints one JSON object {name: seconds per call}.

    python3 bench/peers/everyday.py [--min-time 0.2] [--filter REGEX] > everyday.json
    python3 bench/peers/everyday.py --rows      the table's rows as JSON (no NumPy needed)

Each call is timed as Google Benchmark times xp's: one call to warm up, then as many calls as
fill --min-time seconds; the mean per call. NumPy runs on one thread (OMP_NUM_THREADS,
OPENBLAS_NUM_THREADS and MKL_NUM_THREADS default to 1 here, set before NumPy is imported;
only np.linalg.norm reaches BLAS). Every operation allocates its result, as xp's side does;
the in-place row updates its own copy of `a`.
"""
import argparse
import json
import os
import re
import sys
import time
import types

SIDE = 4096        # a, b: SIDE x SIDE float32
LENGTH = 1 << 24   # x, y: float32
GATHER = 1 << 22   # take's int64 indices
PREFIX = "host_everyday/"
SUFFIX = "/real_time"  # xp's benchmarks time the wall clock (UseRealTime): Google Benchmark prints this

# Goals of xp / NumPy at one thread (issue 31): 0.8 for the axis-0 reductions, argmax,
# broadcasting, the strided in-place update and concatenate along axis 1, 1.0 for the rest.
STRICT, EVEN = 0.8, 1.0

# The table's rows in order: (name, NumPy's spelling, goal at one thread, bandwidth-bound?, peer).
# Bandwidth-bound rows (elementwise, copies, joins, reductions along either axis, casts) have a
# second goal: at two threads, at least 80% of the two-thread copy rate of the same run. The
# gathers, the compactions, the scan, the generators and float64 sin (compute-bound) have the
# first goal only. The peer, called with NumPy and the inputs d, runs NumPy's operation.
ROWS = [
    ("argmax_axis1_f32", "argmax(a, axis=1)", STRICT, True, lambda np, d: np.argmax(d.a, axis=1)),
    ("argmax_axis0_f32", "argmax(a, axis=0)", STRICT, True, lambda np, d: np.argmax(d.a, axis=0)),
    ("argmax_f32", "argmax(x)", STRICT, True, lambda np, d: np.argmax(d.x)),
    ("sum_axis0_f32", "sum(a, axis=0)", STRICT, True, lambda np, d: np.sum(d.a, axis=0)),
    ("sum_axis1_f32", "sum(a, axis=1)", EVEN, True, lambda np, d: np.sum(d.a, axis=1)),
    ("sum_f32", "sum(x)", EVEN, True, lambda np, d: np.sum(d.x)),
    ("sum_axis0_f64", "sum(a64, axis=0) float64", STRICT, True, lambda np, d: np.sum(d.a64, axis=0)),
    ("sum_axis1_f64", "sum(a64, axis=1) float64", EVEN, True, lambda np, d: np.sum(d.a64, axis=1)),
    ("mean_axis0_f32", "mean(a, axis=0)", STRICT, True, lambda np, d: np.mean(d.a, axis=0)),
    ("max_axis0_f32", "max(a, axis=0)", STRICT, True, lambda np, d: np.max(d.a, axis=0)),
    ("max_axis1_f32", "max(a, axis=1)", EVEN, True, lambda np, d: np.max(d.a, axis=1)),
    ("std_axis0_f32", "std(a, axis=0)", STRICT, True, lambda np, d: np.std(d.a, axis=0)),
    ("std_axis1_f32", "std(a, axis=1)", EVEN, True, lambda np, d: np.std(d.a, axis=1)),
    ("concatenate_axis0_f32", "concatenate([a, b], axis=0)", EVEN, True,
     lambda np, d: np.concatenate([d.a, d.b], axis=0)),
    ("concatenate_axis1_f32", "concatenate([a, b], axis=1)", STRICT, True,
     lambda np, d: np.concatenate([d.a, d.b], axis=1)),
    ("stack_axis0_f32", "stack([a, b])", EVEN, True, lambda np, d: np.stack([d.a, d.b])),
    ("add_row_f32", "a + row (row: (4096,))", STRICT, True, lambda np, d: d.a + d.row),
    ("add_column_f32", "a + col (col: (4096, 1))", STRICT, True, lambda np, d: d.a + d.col),
    ("interior_add_inplace_f32", "a[1:-1, 1:-1] += 1", STRICT, True, lambda np, d: d.interior_add()),
    ("strided_copy_f32", "a[::2, ::2].copy()", EVEN, True, lambda np, d: d.a[::2, ::2].copy()),
    ("transpose_copy_f32", "a.T.copy()", EVEN, True, lambda np, d: d.a.T.copy()),
    ("take_f32", "take(x, idx), 2^22 random int64", EVEN, False, lambda np, d: np.take(d.x, d.idx)),
    ("take_along_axis1_f32", "take_along_axis(a, perm, axis=1)", EVEN, False,
     lambda np, d: np.take_along_axis(d.a, d.perm, axis=1)),
    ("where_f32", "where(x > 0, x, y)", EVEN, True, lambda np, d: np.where(d.x > 0, d.x, d.y)),
    ("mask_select_f32", "x[x > 0]", EVEN, False, lambda np, d: d.x[d.x > 0]),
    ("nonzero_f32", "nonzero(x > 0)", EVEN, False, lambda np, d: np.nonzero(d.x > 0)),
    ("norm_f32", "linalg.norm(x)", EVEN, True, lambda np, d: np.linalg.norm(d.x)),
    ("sin_f64", "sin(x64) float64", EVEN, False, lambda np, d: np.sin(d.x64)),
    ("exp_f32", "exp(x)", EVEN, True, lambda np, d: np.exp(d.x)),
    ("sqrt_abs_f32", "sqrt(abs(x))", EVEN, True, lambda np, d: np.sqrt(np.abs(d.x))),
    ("axpy_f32", "x * 2 + y", EVEN, True, lambda np, d: d.x * 2 + d.y),
    ("cumsum_f32", "cumsum(x)", EVEN, False, lambda np, d: np.cumsum(d.x)),
    ("astype_f32_f64", "x.astype(float64)", EVEN, True, lambda np, d: d.x.astype(np.float64)),
    ("astype_f64_f32", "x64.astype(float32)", EVEN, True, lambda np, d: d.x64.astype(np.float32)),
    ("astype_f32_i32", "x.astype(int32)", EVEN, True, lambda np, d: d.x.astype(np.int32)),
    ("arange_i64", "arange(2^24)", EVEN, False, lambda np, d: np.arange(LENGTH)),
    ("linspace_f64", "linspace(0, 1, 2^24)", EVEN, False, lambda np, d: np.linspace(0.0, 1.0, LENGTH)),
    ("zeros_f32", "zeros((4096, 4096), float32)", EVEN, False, lambda np, d: np.zeros((SIDE, SIDE), np.float32)),
    ("full_f32", "full((4096, 4096), 1.5, float32)", EVEN, False,
     lambda np, d: np.full((SIDE, SIDE), 1.5, np.float32)),
    ("copy_f32", "x.copy() (the reference)", EVEN, True, lambda np, d: d.x.copy()),
]
REFERENCE = "copy_f32"  # the row whose two-thread rate is the table's 100 %

# What the table's reader needs to know about a row, printed under it.
NOTES = {
    "std_axis0_f32": "GB/s counts one read of `a`, the floor; a two-pass std reads it twice.",
    "strided_copy_f32": "GB/s counts the half of `a` whose cache lines hold the selected elements, and the copy.",
    "take_f32": "a gather of random elements: one cache line per index, far from the copy rate by nature.",
    "take_along_axis1_f32": "perm: a random permutation in every row (what argsort of random rows gives).",
    "mask_select_f32": "about half of x is selected; GB/s counts x and the selected half written.",
    "sin_f64": "compute-bound, hence no copy-rate goal.",
    "zeros_f32": "NumPy's zeros is calloc: fresh pages not yet written, their cost moved to the first use.",
}


def rows():
    return [{"name": PREFIX + n + SUFFIX, "operation": op, "goal": goal, "bandwidth": bw, "note": NOTES.get(n, ""),
             "reference": n == REFERENCE} for n, op, goal, bw, _ in ROWS]


def inputs(np):
    rng = np.random.default_rng(31)
    d = types.SimpleNamespace()
    d.a = rng.uniform(-1, 1, (SIDE, SIDE)).astype(np.float32)
    d.b = rng.uniform(-1, 1, (SIDE, SIDE)).astype(np.float32)
    d.a64 = d.a.astype(np.float64)
    d.x = rng.uniform(-1, 1, LENGTH).astype(np.float32)
    d.y = rng.uniform(-1, 1, LENGTH).astype(np.float32)
    d.x64 = d.x.astype(np.float64)
    d.row = rng.uniform(-1, 1, SIDE).astype(np.float32)
    d.col = rng.uniform(-1, 1, (SIDE, 1)).astype(np.float32)
    d.idx = rng.integers(0, LENGTH, GATHER, dtype=np.int64)
    # what argsort(a, axis=1) gives a matrix of random values: a random permutation in every row
    d.perm = rng.permuted(np.tile(np.arange(SIDE, dtype=np.int64), (SIDE, 1)), axis=1)
    updated = d.a.copy()  # the in-place row's own copy: the update accumulates

    def interior_add():
        updated[1:-1, 1:-1] += 1
        return updated

    d.interior_add = interior_add
    return d


def mean_time(f, min_time):
    f()  # warm-up, as xp's side
    calls, start = 0, time.perf_counter()
    while True:
        f()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return elapsed / calls


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min-time", type=float, default=0.2, help="seconds of calls per operation")
    parser.add_argument("--filter", default="", help="only the names matching this regular expression")
    parser.add_argument("--rows", action="store_true", help="print the table's rows and stop")
    args = parser.parse_args()
    if args.rows:
        print(json.dumps(rows(), indent=1))
        return
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")  # before NumPy is imported: its BLAS reads them once
    import numpy as np

    d = inputs(np)
    out = {}
    for name, _, _, _, peer in ROWS:
        if re.search(args.filter, PREFIX + name + SUFFIX):
            out[PREFIX + name + SUFFIX] = mean_time(lambda: peer(np, d), args.min_time)
    print(json.dumps(out, indent=1))
    print(f"everyday peers: NumPy {np.__version__}, {len(out)} operations", file=sys.stderr)


if __name__ == "__main__":
    main()
