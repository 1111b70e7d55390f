#!/usr/bin/env python3
"""Joins xp_bench's JSON (--benchmark_format=json) with the peers' JSON and prints, per
workload: xp's time, the peer's time, peer/xp (above 1: xp is faster), and xp's bandwidth as a
share of the device copy measured in the same run (transfers: of the pinned link rate).

    tools/bench-report.py xp.json peers.json
"""
import json
import sys

xp = json.load(open(sys.argv[1]))
peers = json.load(open(sys.argv[2])) if len(sys.argv) > 2 else {}
unit = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
rows = {}
flops = {}  # products: 2 m n k per second
for b in xp["benchmarks"]:
    name = b["name"].replace("/manual_time", "").replace("/real_time", "")
    rows[name] = (b["real_time"] * unit[b["time_unit"]], b.get("bytes_per_second"))
    if "items_per_second" in b:
        flops[name] = b["items_per_second"]
copy_bw = rows.get("device_copy/67108864", (None, None))[1]
print(f"{'workload':40} {'xp':>11} {'peer':>11} {'peer/xp':>8} {'GB/s':>8} {'% copy':>7}")
for name, (t, bw) in rows.items():
    peer = peers.get(name)
    cub = rows.get(name.replace("device_sum", "cub_sum")) if name.startswith("device_sum") else None
    ratio = f"{peer / t:8.2f}" if peer else " " * 8
    share = f"{100 * bw / copy_bw:6.1f}%" if bw and copy_bw and name.startswith(("device", "cub")) else ""
    line = f"{name:40} {t * 1e6:9.1f}us {('%9.1fus' % (peer * 1e6)) if peer else ' ' * 11} {ratio} {(bw or 0) / 1e9:8.1f} {share:>7}"
    if cub:
        line += f"   CUB {cub[0] * 1e6:.1f}us"
    if name.startswith(("to_device", "to_host")) and bw:
        link = rows.get(("link_pinned_h2d/" if name.startswith("to_device") else "link_pinned_d2h/") + name.rsplit("/", 1)[-1])
        if link and link[1]:
            line += f"   {100 * bw / link[1]:5.1f}% of the pinned link"
    if name in flops:
        line += f"   {flops[name] / 1e12:7.2f} TFLOP/s"
        dtype = "double" if "<double" in name else "float"
        direct = rows.get(f"cublas_direct<{dtype}>/{name.rsplit('/', 1)[-1]}")
        if direct and name.startswith("device"):
            line += f"  {100 * direct[0] / t:6.1f}% of cuBLAS ({(t - direct[0]) * 1e6:+.1f}us)"
    print(line)
for name, t in peers.items():
    if name not in rows:
        print(f"{name:40} {'':>11} {t * 1e6:9.1f}us   (peer only)")
