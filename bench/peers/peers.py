#!/usr/bin/env python3
"""The peers of xp_bench's workloads: NumPy on the host, CuPy on the device (if importable).
Prints one JSON object: {name: seconds per iteration}. Names match xp_bench's benchmarks.

    python3 bench/peers/peers.py > peers.json
"""
import json
import sys
import time

import numpy as np

out = {}


def host_time(f, reps=5):
    f()
    best = float("inf")
    for _ in range(reps):
        t = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t)
    return best


rng = np.random.default_rng(1)
n = 1 << 24
x = rng.uniform(-3, 3, n).astype(np.float32)
y = rng.uniform(-3, 3, n).astype(np.float32)
out["host_saxpy_trig/16777216"] = host_time(lambda: np.exp(np.float32(0.5) * np.sin(x) + np.cos(y)))
out["host_sum/16777216"] = host_time(lambda: np.sum(x))
ha = rng.uniform(-1, 1, (1024, 1024)).astype(np.float32)
hb = rng.uniform(-1, 1, (1024, 1024)).astype(np.float32)
hc = np.empty_like(ha)
out["host_matmul<float, automatic>/1024"] = host_time(lambda: np.matmul(ha, hb, out=hc))

try:
    import cupy as cp
except Exception as e:  # no GPU peer on this machine
    print(f"peers: CuPy unavailable ({e}); host peers only", file=sys.stderr)
    cp = None

if cp is not None:
    def dev_time(f, reps=20):
        f()
        cp.cuda.Device().synchronize()
        start, stop = cp.cuda.Event(), cp.cuda.Event()
        times = []
        for _ in range(reps):
            start.record()
            f()
            stop.record()
            stop.synchronize()
            times.append(cp.cuda.get_elapsed_time(start, stop) * 1e-3)
        return sorted(times)[len(times) // 2]

    n = 1 << 26
    dx = cp.random.uniform(-3, 3, n, dtype=cp.float32)
    dy = cp.random.uniform(-3, 3, n, dtype=cp.float32)
    dz = cp.empty_like(dx)
    out["device_add/67108864"] = dev_time(lambda: cp.add(dx, dy, out=dz))
    out["device_saxpy_trig/67108864"] = dev_time(lambda: cp.exp(cp.float32(0.5) * cp.sin(dx) + cp.cos(dy)))
    k = cp.ElementwiseKernel("float32 x, float32 y, float32 a", "float32 z", "z = expf(a * sinf(x) + cosf(y))", "saxpy_trig")
    out["device_saxpy_trig_kernel/67108864"] = dev_time(lambda: k(dx, dy, np.float32(0.5), dz))
    size = 1 << 12
    while size <= 1 << 28:
        v = cp.random.uniform(0, 1, size, dtype=cp.float32)
        out[f"device_sum/{size}"] = dev_time(lambda: cp.sum(v))
        size *= 4
    del v
    m = cp.random.uniform(0, 1, (8192, 8192), dtype=cp.float32)
    out["device_row_sum"] = dev_time(lambda: cp.sum(m, axis=1))
    out["device_column_sum"] = dev_time(lambda: cp.sum(m, axis=0))
    del m
    for dtype, name in ((cp.float32, "float"), (cp.float64, "double")):
        for size in ((64, 1024, 4096) if name == "float" else (4096,)):
            da = cp.random.uniform(-1, 1, (size, size)).astype(dtype)
            db = cp.random.uniform(-1, 1, (size, size)).astype(dtype)
            out[f"device_matmul<{name}, cublas>/{size}"] = dev_time(lambda: cp.matmul(da, db))

print(json.dumps(out, indent=1))
