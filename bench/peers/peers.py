#!/usr/bin/env python3
"""The peers of xp_bench's workloads: NumPy on the host, CuPy on the device (if importable).
Prints one JSON object: {name: seconds per iteration}. Names match xp_bench's benchmarks.

    python3 bench/peers/peers.py > peers.json
    XP_PEERS=diffusion python3 bench/peers/peers.py    (only some: elementwise, lombscargle, diffusion, transfer,
                                                        dtypes, random, indexing, scan, manip, newops,
                                                        sorting, linalg, fft, sparse, lcurve,
                                                        lsmr_host)

The host's standing table (xp_bench's host_everyday/*) has its peers in bench/peers/everyday.py,
run by bench/host_table.py.
"""
import json
import os
import sys
import time

import numpy as np

out = {}
only = os.environ.get("XP_PEERS")  # e.g. "diffusion,lombscargle": only these workloads' peers


def want(workload):
    return not only or workload in only.split(",")


def host_time(f, reps=5):
    f()
    best = float("inf")
    for _ in range(reps):
        t = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t)
    return best


rng = np.random.default_rng(1)
if want("elementwise"):
    n = 1 << 24
    x = rng.uniform(-3, 3, n).astype(np.float32)
    y = rng.uniform(-3, 3, n).astype(np.float32)
    out["host_saxpy_trig/16777216"] = host_time(lambda: np.exp(np.float32(0.5) * np.sin(x) + np.cos(y)))
    out["host_sum/16777216"] = host_time(lambda: np.sum(x))
    ha = rng.uniform(-1, 1, (1024, 1024)).astype(np.float32)
    hb = rng.uniform(-1, 1, (1024, 1024)).astype(np.float32)
    hc = np.empty_like(ha)
    out["host_matmul<float, automatic>/1024"] = host_time(lambda: np.matmul(ha, hb, out=hc))

# NumPy's everyday elementwise functions (bench_elementwise_functions.hpp): 2^24 float32 on the host, 2^26 on the device
NEW_OPS = {
    "acosh": lambda m, x, y: m.arccosh(x + np.float32(2)),
    "asinh": lambda m, x, y: m.arcsinh(x),
    "atanh": lambda m, x, y: m.arctanh(x * np.float32(0.5)),
    "deg2rad": lambda m, x, y: m.deg2rad(x),
    "rad2deg": lambda m, x, y: m.rad2deg(x),
    "signbit": lambda m, x, y: m.signbit(x),
    "positive": lambda m, x, y: m.positive(x),
    "nan_to_num": lambda m, x, y: m.nan_to_num(x),
    "logical_xor": lambda m, x, y: m.logical_xor(x, y),
    "heaviside": lambda m, x, y: m.heaviside(x, y),
    "fmod": lambda m, x, y: m.fmod(x, y),
    "isclose": lambda m, x, y: m.isclose(x, y),
}
if want("newops"):
    n = 1 << 24
    x = rng.uniform(-1, 1, n).astype(np.float32)
    y = rng.uniform(0.5, 1.5, n).astype(np.float32)
    for name, f in NEW_OPS.items():
        out[f"host_op_{name}/{n}"] = host_time(lambda: f(np, x, y))

# Lomb-Scargle: SciPy's classic kernel, 2^10 samples x 2^14 frequencies (one core)
if want("lombscargle"):
    try:
        from scipy import signal as sps
        lx = rng.uniform(0, 100, 1 << 10)
        ly = rng.standard_normal(1 << 10)
        lf = np.linspace(0.01, 10.0, 1 << 14)
        t_scipy = host_time(lambda: sps.lombscargle(lx, ly, lf), reps=2)
        for name in ("float, false", "double, false", "float, true", "double, true"):
            out[f"host_lombscargle<{name}>/16384"] = t_scipy
    except Exception as e:
        print(f"peers: SciPy unavailable ({e})", file=sys.stderr)

# 2-D diffusion, the NumPy slicing version: 100 steps of 2000 x 2000 float32
def slicing_steps(xnp, f, c, steps):
    g = xnp.zeros((f.shape[0] + 2, f.shape[1] + 2), f.dtype)  # a zero frame: the boundary rule
    g[1:-1, 1:-1] = f
    for _ in range(steps):
        lap = 4 * g[1:-1, 1:-1] - g[:-2, 1:-1] - g[2:, 1:-1] - g[1:-1, :-2] - g[1:-1, 2:]
        g[1:-1, 1:-1] = g[1:-1, 1:-1] - c * lap
    return g[1:-1, 1:-1]


hf = rng.uniform(0, 1, (2000, 2000)).astype(np.float32)
if want("diffusion"):
    out["host_diffusion_100_steps"] = host_time(lambda: slicing_steps(np, hf, np.float32(0.25), 10), reps=2) * 10

# Generator.random / .standard_normal of 2^26 float32 (xp_bench: host_random<false|true>)
if want("random"):
    n = 1 << 26
    g = np.random.default_rng(1)
    out[f"host_random<false>/{n}"] = host_time(lambda: g.random(n, dtype=np.float32))
    out[f"host_random<true>/{n}"] = host_time(lambda: g.standard_normal(n, dtype=np.float32))

# sorting (bench_host_sorting.cpp): 2^24 float32 U[0, 1) on the host
if want("sorting"):
    n = 1 << 24
    hs = rng.uniform(0, 1, n).astype(np.float32)
    out[f"host_sort/{n}"] = host_time(lambda: np.sort(hs), reps=3)
    out[f"host_argsort/{n}"] = host_time(lambda: np.argsort(hs), reps=1)
    out[f"host_topk/{n}"] = host_time(lambda: np.partition(hs, n - 100), reps=3)
    hm = rng.uniform(0, 1, (1024, 16384)).astype(np.float32)
    out["host_sort_rows/1024/16384"] = host_time(lambda: np.sort(hm, axis=-1), reps=3)
    hi = rng.integers(0, 1 << 20, n).astype(np.int32)
    out[f"host_unique/{n}"] = host_time(lambda: np.unique(hi), reps=3)
    hfield = rng.uniform(0, 1, (2000, 2000)).astype(np.float32)
    out["host_percentile_field"] = host_time(lambda: np.percentile(hfield, 70), reps=3)
    hmed = rng.uniform(0, 1, (4096, 4096)).astype(np.float32)
    out["host_median_rows"] = host_time(lambda: np.median(hmed, axis=1), reps=3)
    out[f"host_histogram/{n}"] = host_time(lambda: np.histogram(hs, bins=256, range=(0, 1)), reps=3)
    out[f"host_bincount/{n}"] = host_time(lambda: np.bincount(hi), reps=3)
    del hs, hm, hi, hfield, hmed

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

    def dev_wall(f, reps=20):
        """Median wall-clock seconds of f() with the device synchronised after each call."""
        f()
        cp.cuda.Device().synchronize()
        times = []
        for _ in range(reps):
            t = time.perf_counter()
            f()
            cp.cuda.Device().synchronize()
            times.append(time.perf_counter() - t)
        return sorted(times)[len(times) // 2]

    # Transfers, wall clock per call (each returns when its copy is done), as bench_transfer.cpp
    if want("transfer"):
        def wall_time(f, reps=10):
            f()
            times = []
            for _ in range(reps):
                t = time.perf_counter()
                f()
                cp.cuda.Device().synchronize()
                times.append(time.perf_counter() - t)
            return sorted(times)[len(times) // 2]

        for n in (1024, 1 << 26):
            hx = rng.uniform(0, 1, n).astype(np.float32)
            dx = cp.asarray(hx)
            hout = np.zeros_like(hx)
            pinned = cp.cuda.alloc_pinned_memory(hx.nbytes)
            hp = np.frombuffer(pinned, np.float32, n)
            hp[:] = 0
            out[f"to_device_pageable/{n}"] = wall_time(lambda: cp.asarray(hx))
            out[f"to_device_pinned/{n}"] = wall_time(lambda: cp.asarray(hp))
            out[f"to_host_new/{n}"] = wall_time(lambda: cp.asnumpy(dx))
            out[f"to_host_existing/{n}"] = wall_time(lambda: dx.get(out=hout))
            out[f"to_host_pinned/{n}"] = wall_time(lambda: dx.get(out=hp))

    # CuPy's Generator (XORWOW bit generator) beside xp's device_generator<false|true>
    if want("random"):
        n = 1 << 26
        dg = cp.random.default_rng(1)
        out[f"device_generator<false>/{n}"] = dev_time(lambda: dg.random(n, dtype=cp.float32))
        out[f"device_generator<true>/{n}"] = dev_time(lambda: dg.standard_normal(n, dtype=cp.float32))

    if want("elementwise"):
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
    if want("newops"):
        n = 1 << 26
        dx = cp.random.uniform(-1, 1, n, dtype=cp.float32)
        dy = cp.random.uniform(0.5, 1.5, n, dtype=cp.float32)
        for name, f in NEW_OPS.items():
            out[f"device_op_{name}/{n}"] = dev_time(lambda: f(cp, dx, dy))
        del dx, dy
    # issue 19's concat and stack of 2 x 2^25 float32 (bench_device_manip.cu)
    if want("manip"):
        half = 1 << 25
        da = cp.random.uniform(-1, 1, half, dtype=cp.float32)
        db = cp.random.uniform(-1, 1, half, dtype=cp.float32)
        out["device_concat"] = dev_time(lambda: cp.concatenate([da, db]))
        ma, mb = da.reshape(1 << 12, -1), db.reshape(1 << 12, -1)
        out["device_concat_axis1"] = dev_time(lambda: cp.concatenate([ma, mb], axis=1))
        out["device_stack/0"] = dev_time(lambda: cp.stack([da, db], 0))
        out["device_stack/-1"] = dev_time(lambda: cp.stack([da, db], -1))
        del da, db, ma, mb
    # issue 19's scans: cumsum of 2^26 float32 and float64 (bench_device.cu device_cumsum)
    if want("scan"):
        n = 1 << 26
        for name in ("float32", "float64"):
            dx = cp.random.uniform(-1, 1, n, dtype=cp.float32).astype(name)
            out[f"device_cumsum<{name}>/67108864"] = dev_time(lambda: cp.cumsum(dx))
        del dx
    # issue 18's dtypes: x + y and sum of 2^26 elements per dtype, x * y + z for float32,
    # complex64 and float16 (bench_device_dtypes.cu; the same inputs: uniform in [1, 100))
    if want("dtypes"):
        n = 1 << 26
        names = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
                 "float16", "float32", "float64", "complex64", "complex128"]
        for name in names:
            dx = cp.random.uniform(1, 100, n, dtype=cp.float32).astype(name)
            dy = cp.random.uniform(1, 100, n, dtype=cp.float32).astype(name)
            dz = cp.empty_like(dx)
            out[f"device_add_dtype/{name}"] = dev_time(lambda: cp.add(dx, dy, out=dz))
            out[f"device_sum_dtype/{name}"] = dev_time(lambda: cp.sum(dx))
            if name in ("float32", "complex64", "float16"):
                dw = cp.random.uniform(1, 100, n, dtype=cp.float32).astype(name)
                fma = cp.ElementwiseKernel(f"{name} x, {name} y, {name} w", f"{name} z", "z = x * y + w", f"fma_{name}")
                out[f"device_fma_dtype/{name}"] = dev_time(lambda: fma(dx, dy, dw, dz))
                del dw
            del dx, dy, dz
    # issue 19's indexing (bench_device_indexing.cu): x[x > 0] of 2^26 float32 uniform in [-1, 1)
    # (about half selected, the mask expression included), nonzero of the same mask, take of 2^25
    # random int64 indices, take of whole rows
    if want("indexing"):
        n = 1 << 26
        dx = cp.random.uniform(-1, 1, n, dtype=cp.float32)
        out[f"device_mask_select/{n}"] = dev_time(lambda: dx[dx > 0])
        out[f"device_nonzero/{n}"] = dev_time(lambda: cp.nonzero(dx > 0))
        didx = cp.random.randint(0, n, n // 2, dtype=cp.int64)
        out[f"device_take/{n}"] = dev_time(lambda: cp.take(dx, didx))
        out[f"device_take_wrap/{n}"] = out[f"device_take/{n}"]  # CuPy's take does not check bounds
        del dx, didx
        # 8192 random whole rows of a (8192, 8192) float32 array
        dm = cp.random.uniform(-1, 1, (8192, 8192), dtype=cp.float32)
        drows = cp.random.randint(0, 8192, 8192, dtype=cp.int64)
        out["device_take_rows"] = dev_time(lambda: cp.take(dm, drows, axis=0))
        del dm, drows
    # sorting (bench_device_sorting.cu): CuPy's sorts, unique, selections, order statistics and
    # histograms at the same sizes
    if want("sorting"):
        n = 1 << 26
        dx = cp.random.uniform(0, 1, n, dtype=cp.float32)
        out[f"device_sort/{n}"] = dev_time(lambda: cp.sort(dx))
        out[f"device_argsort/{n}"] = dev_time(lambda: cp.argsort(dx))
        out[f"device_partition_top100/{n}"] = dev_time(lambda: cp.partition(dx, n - 100))
        out[f"device_argpartition_top100/{n}"] = dev_time(lambda: cp.argpartition(dx, n - 100))
        out[f"device_histogram/{n}"] = dev_time(lambda: cp.histogram(dx, bins=256, range=(0, 1)))
        di = cp.random.randint(0, 1 << 20, n, dtype=cp.int32)
        out[f"device_unique/{n}"] = dev_time(lambda: cp.unique(di))
        out[f"device_bincount/{n}"] = dev_time(lambda: cp.bincount(di))
        del dx, di
        dm = cp.random.uniform(0, 1, (4096, 16384), dtype=cp.float32)
        out["device_sort_rows/4096/16384"] = dev_time(lambda: cp.sort(dm, axis=-1), reps=5)
        del dm
        dm = cp.random.uniform(0, 1, (16384, 4096), dtype=cp.float32)
        out["device_sort_columns/16384/4096"] = dev_time(lambda: cp.sort(dm, axis=0), reps=5)
        del dm
        dfield2 = cp.random.uniform(0, 1, (2000, 2000), dtype=cp.float32)
        out["device_percentile_field"] = dev_time(lambda: cp.percentile(dfield2, 70))
        dmed = cp.random.uniform(0, 1, (4096, 4096), dtype=cp.float32)
        out["device_median_rows"] = dev_time(lambda: cp.median(dmed, axis=1))
        del dfield2, dmed
    dfield = cp.asarray(hf)
    if want("diffusion"):
        out["device_diffusion_10000_steps"] = dev_time(lambda: slicing_steps(cp, dfield, np.float32(0.25), 100), reps=5) * 100
    if want("elementwise"):
        m = cp.random.uniform(0, 1, (8192, 8192), dtype=cp.float32)
        out["device_row_sum"] = dev_time(lambda: cp.sum(m, axis=1))
        out["device_column_sum"] = dev_time(lambda: cp.sum(m, axis=0))
        del m
        for dtype, name in ((cp.float32, "float"), (cp.float64, "double")):
            for size in ((64, 1024, 4096) if name == "float" else (4096,)):
                da = cp.random.uniform(-1, 1, (size, size)).astype(dtype)
                db = cp.random.uniform(-1, 1, (size, size)).astype(dtype)
                out[f"device_matmul<{name}, cublas>/{size}"] = dev_time(lambda: cp.matmul(da, db))

if cp is not None:
    # the seeds' peers: a CuPy raw kernel, one thread per frequency (float64, float32, and float32
    # built with --use_fast_math), and the same kernel in Numba; 2^10 samples x 2^20 frequencies
    ls_src = r"""
    template <class T> __device__ void ls(int n, int nf, const T* x, const T* y, const T* f, T* p) {
      for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nf; i += blockDim.x * gridDim.x) {
        T w = f[i], xc = 0, xs = 0, cc = 0, ss = 0, cs = 0, c, s;
        for (int j = 0; j < n; ++j) {
          sincos(w * x[j], &s, &c);
          xc += y[j] * c; xs += y[j] * s; cc += c * c; ss += s * s; cs += c * s;
        }
        T tau = atan2(T(2) * cs, cc - ss) / (T(2) * w);
        T ct, st; sincos(w * tau, &st, &ct);
        T a = ct * xc + st * xs, b = ct * xs - st * xc;
        p[i] = T(0.5) * (a * a / (ct * ct * cc + T(2) * ct * st * cs + st * st * ss) +
                         b * b / (ct * ct * ss - T(2) * ct * st * cs + st * st * cc));
      }
    }
    extern "C" __global__ void ls_f64(int n, int nf, const double* x, const double* y, const double* f, double* p) { ls(n, nf, x, y, f, p); }
    extern "C" __global__ void ls_f32(int n, int nf, const float* x, const float* y, const float* f, float* p) { ls(n, nf, x, y, f, p); }
    """
    sms = cp.cuda.Device().attributes["MultiProcessorCount"]
    if want("lombscargle"):
        for dtype, key, opts in ((cp.float64, "double, false, false", ()), (cp.float32, "float, false, false", ()),
                                 (cp.float32, "float, false, true", ("--use_fast_math",))):
            mod = cp.RawModule(code=ls_src, options=("-std=c++11",) + opts)
            kern = mod.get_function("ls_f64" if dtype == cp.float64 else "ls_f32")
            dx = cp.asarray(lx, dtype=dtype)
            dy = cp.asarray(ly, dtype=dtype)
            df = cp.linspace(0.01, 10.0, 1 << 20, dtype=dtype)
            dp = cp.empty_like(df)
            args = (np.int32(dx.size), np.int32(df.size), dx, dy, df, dp)
            t = dev_time(lambda: kern((sms * 20,), (128,), args))
            out[f"device_lombscargle<{key}>/1048576"] = t
            out[f"device_lombscargle<{key.replace('false, ', 'true, ', 1)}>/1048576"] = t  # grid vs the same peer
    try:
        np.row_stack = np.vstack  # Numba 0.68 fails to import with NumPy 2.5 without this alias
        import numba
        from numba import cuda as ncuda
        import math

        @ncuda.jit(fastmath=False)
        def numba_ls(x, y, f, p):
            start = ncuda.grid(1)
            for i in range(start, f.shape[0], ncuda.gridsize(1)):
                w = f[i]
                xc = xs = cc = ss = cs = 0.0
                for j in range(x.shape[0]):
                    c = math.cos(w * x[j])
                    s = math.sin(w * x[j])
                    xc += y[j] * c
                    xs += y[j] * s
                    cc += c * c
                    ss += s * s
                    cs += c * s
                tau = math.atan2(2 * cs, cc - ss) / (2 * w)
                ct = math.cos(w * tau)
                st = math.sin(w * tau)
                a = ct * xc + st * xs
                b = ct * xs - st * xc
                p[i] = 0.5 * (a * a / (ct * ct * cc + 2 * ct * st * cs + st * st * ss) +
                              b * b / (ct * ct * ss - 2 * ct * st * cs + st * st * cc))

        if want("lombscargle"):
            dx = cp.asarray(lx)
            dy = cp.asarray(ly)
            df = cp.linspace(0.01, 10.0, 1 << 20)
            dp = cp.empty_like(df)
            out["numba_lombscargle<double>/1048576"] = dev_time(lambda: numba_ls[sms * 20, 128](dx, dy, df, dp))

        # the seeds' diffusion kernel: 8 x 8 blocks staged in shared memory with a one-cell frame,
        # the Laplacian written out and the field updated in place, one launch per step
        tpb = 8

        @ncuda.jit
        def numba_diffusion(field, lap):
            x, y = ncuda.grid(2)
            tile = ncuda.shared.array(shape=(10, 10), dtype=numba.float32)  # (tpb + 2)^2
            tx, ty = ncuda.threadIdx.x, ncuda.threadIdx.y
            rows, cols = field.shape
            inside = x < rows and y < cols
            if inside:
                if tx == 0 and x > 0:
                    tile[0, ty + 1] = field[x - 1, y]
                if ty == 0 and y > 0:
                    tile[tx + 1, 0] = field[x, y - 1]
                if tx == tpb - 1 and x < rows - 1:
                    tile[tpb + 1, ty + 1] = field[x + 1, y]
                if ty == tpb - 1 and y < cols - 1:
                    tile[tx + 1, tpb + 1] = field[x, y + 1]
                tile[tx + 1, ty + 1] = field[x, y]
            ncuda.syncthreads()
            if inside:
                val = 4 * tile[tx + 1, ty + 1]
                if x > 0:
                    val -= tile[tx, ty + 1]
                if y > 0:
                    val -= tile[tx + 1, ty]
                if x < rows - 1:
                    val -= tile[tx + 2, ty + 1]
                if y < cols - 1:
                    val -= tile[tx + 1, ty + 2]
                lap[x, y] = val
                field[x, y] -= val * numba.float32(0.25)

        nfield = cp.asarray(hf)
        nlap = cp.empty_like(nfield)
        blocks = ((2000 + tpb - 1) // tpb, (2000 + tpb - 1) // tpb)

        def numba_steps(steps):
            for _ in range(steps):
                numba_diffusion[blocks, (tpb, tpb)](nfield, nlap)

        if want("diffusion"):
            out["numba_diffusion_10000_steps"] = dev_time(lambda: numba_steps(10000), reps=3)
    except Exception as e:
        print(f"peers: Numba unavailable ({e})", file=sys.stderr)

# einsum and linalg (bench_device_linalg.cu, bench_host_linalg.cpp): the seed's einsum, batched small
# systems, large dense factorizations
if cp is not None and want("linalg"):
    for dt, name in ((cp.float32, "float"), (cp.float64, "double")):
        da = cp.random.uniform(0, 1, (10000, 5000)).astype(dt)
        db = cp.random.uniform(0, 1, (5000, 7000)).astype(dt)
        out[f"device_einsum_seed<{name}>"] = dev_time(lambda: cp.einsum("ij,jk->...k", da, db))
        out[f"device_einsum_seed_wall<{name}>"] = dev_wall(lambda: cp.einsum("ij,jk->...k", da, db))
        out[f"device_matmul_sum_seed<{name}>"] = dev_time(lambda: cp.matmul(da, db).sum(axis=0), reps=5)
        del da, db
    # xp's float64 cuBLAS matmul beside CuPy's (the 2% overhead question)
    m64a = cp.random.uniform(-1, 1, (4096, 4096))
    m64b = cp.random.uniform(-1, 1, (4096, 4096))
    out["device_matmul<double, vendor>/4096"] = dev_time(lambda: cp.matmul(m64a, m64b))
    del m64a, m64b
    n = 8
    da = cp.random.uniform(-1, 1, (10000, n, n)) + n * cp.eye(n)
    dbv = cp.random.uniform(-1, 1, (10000, n, 1))
    out[f"device_solve_batched/{n}"] = dev_time(lambda: cp.linalg.solve(da, dbv))
    out[f"device_inv_batched/{n}"] = dev_time(lambda: cp.linalg.inv(da))
    n = 8192
    da = cp.random.uniform(-1, 1, (n, n)) + n * cp.eye(n)
    dbv = cp.random.uniform(-1, 1, n)
    out[f"device_solve/{n}"] = dev_time(lambda: cp.linalg.solve(da, dbv), reps=5)
    g = cp.random.uniform(-1, 1, (n, n))
    spd = g + g.T + 2 * n * cp.eye(n)
    out[f"device_cholesky/{n}"] = dev_time(lambda: cp.linalg.cholesky(spd), reps=5)
    del da, g, spd
    n = 4096
    af = cp.random.uniform(-1, 1, (n, n)).astype(cp.float32)
    out[f"device_svd/{n}"] = dev_time(lambda: cp.linalg.svd(af), reps=3)
    g = cp.random.uniform(-1, 1, (n, n))
    out[f"device_eigh/{n}"] = dev_time(lambda: cp.linalg.eigh(g + g.T), reps=3)
    del af, g

if want("linalg"):
    # the host's seed einsum at a fifth of the seed's extents (bench_host_linalg.cpp)
    ha = rng.uniform(0, 1, (2000, 1000)).astype(np.float32)
    hb = rng.uniform(0, 1, (1000, 1400)).astype(np.float32)
    out["host_einsum_seed"] = host_time(lambda: np.einsum("ij,jk->...k", ha, hb, optimize=True))
    out["host_matmul_sum_seed"] = host_time(lambda: np.matmul(ha, hb).sum(axis=0))
    n = 4096
    hs = rng.uniform(-1, 1, (n, n)) + n * np.eye(n)
    hv = rng.uniform(-1, 1, n)
    out[f"host_solve/{n}"] = host_time(lambda: np.linalg.solve(hs, hv), reps=3)

def seed_field(m, fft, j=2000, k=2000, seed=3966789):
    """The seed's jagged start image (004, "Good example: 2D diffusion"), written as the seed does,
    in module m (numpy or cupy) with its fft module; returns the float field."""
    r = m.random.default_rng(seed)
    field = r.random(size=(j, k), dtype=m.float32)
    field = fft.fftshift(fft.fft2(field))
    radius = 1 + m.sqrt((m.arange(j).reshape(-1, 1) - j // 2) ** 2 + (m.arange(k).reshape(1, -1) - k // 2) ** 2)
    field = field * (radius ** -1.7)
    field = fft.ifft2(fft.ifftshift(field)) * (radius < 0.45 * j)
    return field.real * (field.real > m.percentile(field.real, 70))


if cp is not None and want("fft"):
    n = 4096
    zc = (cp.random.uniform(-1, 1, (n, n)) + 1j * cp.random.uniform(-1, 1, (n, n))).astype(cp.complex64)
    zr = cp.random.uniform(-1, 1, (n, n)).astype(cp.float32)
    out[f"device_fft2<complex64>/{n}"] = dev_time(lambda: cp.fft.fft2(zc))
    out[f"device_fft2_wall<complex64>/{n}"] = dev_wall(lambda: cp.fft.fft2(zc))
    out[f"device_rfft2<float>/{n}"] = dev_time(lambda: cp.fft.rfft2(zr))
    out[f"device_rfft2_wall<float>/{n}"] = dev_wall(lambda: cp.fft.rfft2(zr))
    del zc, zr
    out["device_seed_field/2000"] = dev_wall(lambda: seed_field(cp, cp.fft), reps=10)

if want("fft"):
    n = 2048
    hz = (rng.uniform(-1, 1, (n, n)) + 1j * rng.uniform(-1, 1, (n, n))).astype(np.complex64)
    out[f"host_fft2<complex64>/{n}"] = host_time(lambda: np.fft.fft2(hz), reps=3)
    out["host_seed_field/2000"] = host_time(lambda: seed_field(np, np.fft), reps=3)


def seed_sparse_system(seed=1234, rows=15000, columns=15000):
    """The seed's ridge-regression system (004, "Regularized least squares with sparse matrices"):
    a float32 CSR matrix of density 0.1 and float64 data, made with SciPy on the host."""
    import scipy.sparse
    r = np.random.default_rng(seed)
    a = scipy.sparse.random(m=columns, n=rows, density=0.1, dtype=np.float32, random_state=r).tocsr()
    data = r.normal(loc=3., scale=1., size=(rows, 1))
    return a, data


def lcurve(sp, splg, m, a, data, coeffs, first_only=False):
    """The seed's L-curve loop: one lsmr of vstack([A, c I]) per coefficient; returns itn per coefficient."""
    rows = a.shape[0]
    extended = m.vstack([data, m.zeros((a.shape[1], 1))])
    itns = []
    for c in coeffs:
        reg = c * sp.eye(rows, format="csr")
        system = sp.vstack([a, reg])
        res = splg.lsmr(A=system, b=extended)
        itns.append(int(res[2]))
        if first_only:
            break
    return itns


if cp is not None and (want("sparse") or want("lcurve")):
    import cupyx.scipy.sparse as csp
    import cupyx.scipy.sparse.linalg as csplg
    ha, hdata = seed_sparse_system()
    da = csp.csr_matrix(ha)
    if want("sparse"):
        reg = csp.vstack([da, 0.1 * csp.eye(15000, format="csr")]).tocsr()
        x32 = cp.random.uniform(-1, 1, 15000).astype(cp.float32)
        x64 = x32.astype(cp.float64)
        out["device_spmv_seed<float>"] = dev_time(lambda: reg @ x32)
        out["device_spmv_seed<float, double>"] = dev_time(lambda: reg @ x64)
        del reg
    if want("lcurve"):
        coeffs = np.geomspace(1e-1, 5e3, 10)
        t = time.perf_counter()
        itns = lcurve(csp, csplg, cp, da, cp.asarray(hdata), coeffs)
        cp.cuda.Device().synchronize()
        out["device_lcurve_seed"] = time.perf_counter() - t
        out["device_lcurve_seed_itn"] = itns
    del da

if want("lsmr_host"):
    # SciPy's first coefficient of the seed's L-curve (the whole curve is about 10x longer)
    import scipy.sparse as ssp
    import scipy.sparse.linalg as ssplg
    ha, hdata = seed_sparse_system()
    t = time.perf_counter()
    itns = lcurve(ssp, ssplg, np, ha, hdata, [0.1], first_only=True)
    out["host_lsmr_seed_first"] = time.perf_counter() - t
    out["host_lsmr_seed_first_itn"] = itns
    x32 = rng.uniform(-1, 1, 15000).astype(np.float32)
    reg = ssp.vstack([ha, 0.1 * ssp.eye(15000, format="csr")]).tocsr()
    out["host_spmv_seed<float, double>"] = host_time(lambda: reg @ x32.astype(np.float64))

print(json.dumps(out, indent=1))
