#!/usr/bin/env python3
"""Draws docs/performance.md's charts from the committed benchmark reports (docs/bench/*.txt,
the tables that tools/bench-report.py prints) with matplotlib, into docs/images/:

    perf_elementwise_reductions.png  xp against CuPy, CUB and a hand-written kernel (H100)
    perf_matmul.png                  xp's two engines against cuBLAS called directly and CuPy
    perf_lombscargle_diffusion.png   the periodogram and the 2-D diffusion against CuPy, Numba
    perf_host.png                    the host backend against NumPy and SciPy
    perf_hardware.png                xp against the hardware: copy bandwidth and peak FLOP/s

    python3 tools/bench_charts.py [--out DIR]     (Debian: apt-get install python3-matplotlib)

Each bar is labelled with its time; a peer's bar also with the peer's time over xp's ("1.14x
xp": the peer took 1.14 times as long, so xp is faster; below 1x the peer is faster).
"""
import argparse
import io
import os
import re
import sys

try:
    import matplotlib
except ImportError:
    # Debian's python3-matplotlib lives under /usr/bin/python3; PATH may lead elsewhere (pyenv)
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    sys.exit("bench_charts.py needs matplotlib: apt-get install python3-matplotlib")

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from PIL import Image  # noqa: E402  (python3-pil: a dependency of python3-matplotlib)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "docs", "bench")
# the reports docs/performance.md's tables quote
MAIN = "bench-h100-2026-11-22.txt"  # elementwise and reductions
MATMUL = "bench-h100-2026-11-22-matmul.txt"
PDE = "bench-h100-2026-11-22-pde.txt"  # Lomb-Scargle, diffusion, host rows with SciPy/NumPy
GPU = "NVIDIA H100 80GB HBM3"
# NVIDIA H100 SXM5 datasheet figures (dense, boost clock): HBM3 bandwidth and peak rates
HBM_GBS = 3350.0
PEAK_TFLOPS = {"FP32": 66.9, "FP64": 33.5, "FP64 tensor": 66.9, "TF32 tensor": 494.7}

COLORS = {
    "xp": "#1f77b4",
    "CuPy": "#ff7f0e",
    "CUB": "#2ca02c",
    "cuBLAS (direct call)": "#2ca02c",
    "hand-written kernel": "#7f7f7f",
    "Numba": "#9467bd",
    "NumPy": "#d62728",
    "SciPy": "#8c564b",
}

ROW = re.compile(r"^(?P<name>\S.*?)\s+(?P<xp>[\d.]+)us\s+(?:(?P<peer>[\d.]+)us\s+(?P<ratio>[\d.]+)\s+)?"
                 r"(?P<gbs>[\d.]+)(?:\s+(?P<pct>[\d.]+)%)?(?P<rest>.*)$")
PEER_ONLY = re.compile(r"^(?P<name>\S.*?)\s+(?P<peer>[\d.]+)us\s+\(peer only\)")


def read_report(filename):
    """The first bench-report table of a report: {workload: dict(xp, peer, ratio, gbs, cub, tflops)},
    times in seconds, bandwidths in GB/s."""
    rows = {}
    with open(os.path.join(BENCH, filename)) as f:
        lines = f.read().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("workload "))
    for line in lines[start + 1:]:
        if not line.strip() or line.startswith(("#", "==")):
            break
        m = PEER_ONLY.match(line)
        if m:
            rows[m["name"]] = {"xp": None, "peer": float(m["peer"]) * 1e-6}
            continue
        m = ROW.match(line)
        if not m:
            sys.exit(f"{filename}: cannot read the row {line!r}")
        cub = re.search(r"CUB ([\d.]+)us", m["rest"])
        tflops = re.search(r"([\d.]+) TFLOP/s", m["rest"])
        rows[m["name"]] = {
            "xp": float(m["xp"]) * 1e-6,
            "peer": float(m["peer"]) * 1e-6 if m["peer"] else None,
            "ratio": float(m["ratio"]) if m["ratio"] else None,
            "gbs": float(m["gbs"]),
            "cub": float(cub[1]) * 1e-6 if cub else None,
            "tflops": float(tflops[1]) if tflops else None,
        }
    return rows


def get(rows, name, field="xp", report=""):
    if name not in rows or rows[name].get(field) is None:
        sys.exit(f"{report}: no {field} for {name}")
    return rows[name][field]


def unit_for(seconds):
    top = max(seconds)
    if top >= 10:
        return "s", 1.0
    if top >= 10e-3:
        return "ms", 1e3
    return "us", 1e6


def fmt(value):
    return f"{value:.3g}" if value < 100 else f"{value:.0f}"


def peer(rows, name, kind, label, report):
    """The report's peer of a workload as a bar, with the report's own peer/xp ratio."""
    return (label, kind, get(rows, name, "peer", report), get(rows, name, "ratio", report))


def panel(ax, title, bars, log=False):
    """bars: [(label, kind, seconds[, peer/xp ratio])], xp's first. Time on the y axis, a label
    on each bar; a ratio not given is the bar's time over the first bar's."""
    unit, scale = unit_for([b[2] for b in bars])
    xp_time = bars[0][2]
    values = [b[2] * scale for b in bars]
    x = range(len(bars))
    ax.bar(x, values, color=[COLORS[b[1]] for b in bars], width=0.7)
    ax.set_xticks(list(x), [b[0] for b in bars], fontsize=8)
    ax.set_title(title, fontsize=9.5)
    ax.set_ylabel(f"time ({unit})", fontsize=8)
    ax.tick_params(axis="y", labelsize=7.5)
    if log:
        ax.set_yscale("log")
        ax.set_ylim(min(values) / 2, max(values) * 12)
    else:
        ax.set_ylim(0, max(values) * 1.32)
    for i, (v, b) in enumerate(zip(values, bars)):
        text = f"{fmt(v)} {unit}"
        if b[1] != "xp":
            ratio = b[3] if len(b) > 3 else b[2] / xp_time
            text += "\n" + (ratio if isinstance(ratio, str) else f"{ratio:.2f}x xp")
        ax.text(i, v * (1.15 if log else 1) + (0 if log else max(values) * 0.02), text, ha="center",
                va="bottom", fontsize=7.5)
    ax.spines[["top", "right"]].set_visible(False)


def figure(path, title, panels, ncols, note, size):
    nrows = (len(panels) + ncols - 1) // ncols
    fig, axes = plt.subplots(nrows, ncols, figsize=size, squeeze=False)
    kinds = []
    for ax, p in zip(axes.flat, panels):
        if callable(p):  # a panel of its own kind: draws itself, returns its kinds
            kinds += [k for k in p(ax) if k not in kinds]
            continue
        panel(ax, *p)
        kinds += [k for k in dict.fromkeys(b[1] for b in p[1]) if k not in kinds]
    for ax in list(axes.flat)[len(panels):]:
        ax.axis("off")
    handles = [plt.Rectangle((0, 0), 1, 1, color=COLORS[k]) for k in kinds]
    fig.legend(handles, kinds, loc="upper center", ncol=len(kinds), fontsize=8.5, frameon=False,
               bbox_to_anchor=(0.5, 0.945))
    fig.suptitle(title, fontsize=12, y=0.995)
    fig.text(0.5, 0.005, note, ha="center", va="bottom", fontsize=7.5, color="#444444")
    fig.tight_layout(rect=(0, 0.035, 1, 0.915))
    save(fig, path)


def save(fig, path):
    """A 100-dpi PNG with a palette of 96 colours: a third of the size, the same to the eye."""
    buffer = io.BytesIO()
    fig.savefig(buffer, dpi=100, format="png")
    plt.close(fig)
    buffer.seek(0)
    Image.open(buffer).convert("RGB").quantize(colors=96).save(path, optimize=True)
    print(f"wrote {os.path.relpath(path, ROOT)} ({os.path.getsize(path) // 1024} KB)")


def sum_sweep(rows, report):
    """A panel: the full sum's time against its size, xp, CUB and CuPy (log-log)."""
    def draw(ax):
        sizes = sorted(int(n.split("/")[1]) for n in rows if n.startswith("device_sum/"))
        for kind, name, field in (("xp", "device_sum", "xp"), ("CUB", "cub_sum", "xp"), ("CuPy", "device_sum", "peer")):
            ax.plot(sizes, [get(rows, f"{name}/{n}", field, report) * 1e6 for n in sizes], "o-", ms=3,
                    color=COLORS[kind], label=kind)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_title("full sum against its size (log-log)", fontsize=9.5)
        ax.set_xlabel("float32 elements", fontsize=8)
        ax.set_ylabel("time (us)", fontsize=8)
        ax.tick_params(labelsize=7.5)
        ax.grid(True, which="major", lw=0.4, color="#dddddd")
        ax.spines[["top", "right"]].set_visible(False)
        return ["xp", "CUB", "CuPy"]
    return draw


def elementwise_reductions(out):
    r = read_report(MAIN)
    g = lambda name: get(r, name, "xp", MAIN)  # noqa: E731
    p = lambda name, label="CuPy": peer(r, name, "CuPy", label, MAIN)  # noqa: E731
    raw = min(g(f"raw_saxpy_trig<{v}>/67108864") for v in (1, 2, 4))
    panels = [
        ("x + y, 2^26 float32", [("xp", "xp", g("device_add/67108864")), p("device_add/67108864", "CuPy add(out=)")]),
        ("exp(0.5 sin x + cos y), 2^26, fused",
         [("xp", "xp", g("device_saxpy_trig/67108864")), ("float4 kernel", "hand-written kernel", raw),
          p("device_saxpy_trig/67108864", "CuPy ufuncs")]),
        ("same, elementwise_kernel", [("xp", "xp", g("device_saxpy_trig_kernel/67108864")),
                                      p("device_saxpy_trig_kernel/67108864", "CuPy Elementwise\nKernel")]),
        ("sum, 2^28 float32", [("xp", "xp", g("device_sum/268435456")), ("CUB", "CUB", g("cub_sum/268435456")),
                               p("device_sum/268435456")]),
        ("sum, 2^12 float32 (launch-bound)",
         [("xp", "xp", g("device_sum/4096")), ("CUB", "CUB", g("cub_sum/4096")), p("device_sum/4096")]),
        ("row sums, 8192 x 8192", [("xp", "xp", g("device_row_sum")), p("device_row_sum")]),
        ("column sums, 8192 x 8192", [("xp", "xp", g("device_column_sum")), p("device_column_sum")]),
        sum_sweep(r, MAIN),
    ]
    figure(os.path.join(out, "perf_elementwise_reductions.png"),
           f"Elementwise and reductions on the GPU ({GPU}): xp against its peers", panels, 4,
           f"docs/bench/{MAIN}; time per call on the device, lower is better; \"1.14x xp\": the peer took "
           "1.14 times xp's time", (12, 6.6))


def matmul(out):
    r = read_report(MATMUL)
    g = lambda name: get(r, name, "xp", MATMUL)  # noqa: E731
    cublas = lambda dtype, n: ("cuBLAS", "cuBLAS (direct call)", g(f"cublas_direct<{dtype}>/{n}"))  # noqa: E731
    panels = []
    for n in (64, 1024, 4096):
        name = f"device_matmul<float, cublas>/{n}"
        panels.append((f"float32 {n}^3, cuBLAS engine",
                       [("xp", "xp", g(name)), cublas("float", n), peer(r, name, "CuPy", "CuPy", MATMUL)]))
    panels.append(("float32 4096^3, xp's tiled engine",
                   [("xp tiled", "xp", g("device_matmul<float, tiled>/4096")), cublas("float", 4096)]))
    name = "device_matmul<double, cublas>/4096"
    panels.append(("float64 4096^3, cuBLAS engine",
                   [("xp", "xp", g(name)), cublas("double", 4096), peer(r, name, "CuPy", "CuPy", MATMUL)]))
    panels.append(("float64 4096^3, xp's tiled engine",
                   [("xp tiled", "xp", g("device_matmul<double, tiled>/4096")), cublas("double", 4096)]))
    figure(os.path.join(out, "perf_matmul.png"), f"Matrix products on the GPU ({GPU}): xp against cuBLAS and CuPy",
           panels, 3, f"docs/bench/{MATMUL}; n x n products, time per call on the device, lower is better; "
           "\"0.99x xp\": the peer took 0.99 times xp's time", (12, 6.6))


def lombscargle_diffusion(out):
    r = read_report(PDE)
    g = lambda name: get(r, name, "xp", PDE)  # noqa: E731
    panels = []
    for dtype, fast, label in (("double", "false", "float64"), ("float", "false", "float32"),
                               ("float", "true", "float32 fast_math")):
        listed = f"device_lombscargle<{dtype}, false, {fast}>/1048576"
        grid = f"device_lombscargle<{dtype}, true, {fast}>/1048576"
        cupy = get(r, listed, "peer", PDE)
        bars = [("xp listed", "xp", g(listed)), ("xp grid", "xp", g(grid)),
                ("CuPy raw\nkernel", "CuPy", cupy,
                 f"{get(r, listed, 'ratio', PDE):.2f}x listed\n{get(r, grid, 'ratio', PDE):.2f}x grid")]
        if label == "float64":
            numba = get(r, "numba_lombscargle<double>/1048576", "peer", PDE)
            bars.append(("Numba", "Numba", numba, f"{numba / g(listed):.2f}x listed"))
        panels.append((f"Lomb-Scargle {label}", bars))
    name = "device_diffusion_10000_steps"
    numba = get(r, "numba_diffusion_10000_steps", "peer", PDE)
    panels.append(("2-D diffusion, 2000^2 float32,\n10,000 steps (log scale)",
                   [("xp", "xp", g(name)), ("Numba\n(seeds' kernel)", "Numba", numba),
                    peer(r, name, "CuPy", "CuPy\nslicing", PDE)], True))
    figure(os.path.join(out, "perf_lombscargle_diffusion.png"),
           f"Lomb-Scargle (2^10 samples x 2^20 frequencies) and diffusion on the GPU ({GPU})", panels, 4,
           f"docs/bench/{PDE}; time per call on the device, lower is better; both xp paths against the same "
           "CuPy kernel (listed frequencies); \"3.55x grid\": the peer took 3.55 times xp's grid path", (12, 4.1))


def host(out):
    r = read_report(PDE)
    g = lambda name: get(r, name, "xp", PDE)  # noqa: E731
    p = lambda name, kind="NumPy", label="NumPy": peer(r, name, kind, label, PDE)  # noqa: E731
    listed, grid = "host_lombscargle<double, false>/16384", "host_lombscargle<double, true>/16384"
    panels = [
        ("saxpy_trig, 2^24 float32\n(log scale)", [("xp", "xp", g("host_saxpy_trig/16777216")),
                                                   p("host_saxpy_trig/16777216")], True),
        ("sum, 2^24 float32 (log scale)", [("xp", "xp", g("host_sum/16777216")), p("host_sum/16777216")], True),
        ("Lomb-Scargle float64, 2^10 x 2^14\n(log scale)",
         [("xp listed", "xp", g(listed)), ("xp grid", "xp", g(grid)),
          ("SciPy", "SciPy", get(r, listed, "peer", PDE),
           f"{get(r, listed, 'ratio', PDE):.0f}x listed\n{get(r, grid, 'ratio', PDE):.0f}x grid")], True),
        ("diffusion, 2000^2 float32,\n100 steps (log scale)",
         [("xp", "xp", g("host_diffusion_100_steps")), p("host_diffusion_100_steps", label="NumPy\nslicing")], True),
        ("matmul float32 1024^3\n(both OpenBLAS)", [("xp", "xp", g("host_matmul<float, automatic>/1024")),
                                                     p("host_matmul<float, automatic>/1024")]),
    ]
    figure(os.path.join(out, "perf_host.png"),
           "The host backend against NumPy and SciPy (the GPU machine's 16 CPU cores)", panels, 5,
           f"docs/bench/{PDE}; xp with OpenMP on 16 cores, NumPy's elementwise code and SciPy on one; "
           "time per call, lower is better", (12, 4.1))


def hardware(out):
    r = read_report(MAIN)
    g = lambda name, field="xp": get(r, name, field, MAIN)  # noqa: E731
    copy = g("device_copy/67108864", "gbs")
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 5.8), gridspec_kw={"width_ratios": [1.25, 1]})

    # memory-bound: bytes moved per second (xp's GB/s from the report; a peer's from the same bytes)
    rows = [("x + y, 2^26", "device_add/67108864", "CuPy", None),
            ("fused saxpy_trig, 2^26", "device_saxpy_trig/67108864", "CuPy", None),
            ("elementwise_kernel, 2^26", "device_saxpy_trig_kernel/67108864", "CuPy", None),
            ("sum, 2^28", "device_sum/268435456", "CuPy", "cub"),
            ("sum, 2^24", "device_sum/16777216", "CuPy", "cub"),
            ("row sums, 8192^2", "device_row_sum", "CuPy", None),
            ("column sums, 8192^2", "device_column_sum", "CuPy", None)]
    labels, y = [], 0.0
    for title, name, peer_kind, extra in rows:
        t, gbs = g(name), g(name, "gbs")
        bytes_moved = gbs * t
        bars = [("xp", gbs), (peer_kind, bytes_moved / g(name, "peer"))]
        if extra:
            bars.append(("CUB", bytes_moved / g(name, "cub")))
        for i, (kind, value) in enumerate(bars):
            yy = y + i * 0.27
            left.barh(yy, value, height=0.25, color=COLORS[kind])
            left.text(value + 25, yy, f"{100 * value / copy:.0f} %", va="center", fontsize=7.5)
        labels.append((y + (len(bars) - 1) * 0.135, title))
        y += len(bars) * 0.27 + 0.35
    copy_line = left.axvline(copy, color="black", lw=1, ls="--")
    hbm_line = left.axvline(HBM_GBS, color="black", lw=1, ls=":")
    left.set_yticks([p for p, _ in labels], [t for _, t in labels], fontsize=8)
    left.invert_yaxis()
    left.set_xlim(0, HBM_GBS * 1.22)
    left.set_xlabel("bytes read + written per second (GB/s); labels: % of the device copy", fontsize=8)
    left.set_title("Memory-bound workloads against the copy bandwidth", fontsize=10)
    left.tick_params(axis="x", labelsize=7.5)
    handles = [plt.Rectangle((0, 0), 1, 1, color=COLORS[k]) for k in ("xp", "CuPy", "CUB")]
    left.legend(handles + [copy_line, hbm_line],
                ["xp", "CuPy", "CUB", f"device copy in the same run: {copy:.0f} GB/s (100 %)",
                 f"HBM3, datasheet: {HBM_GBS:.0f} GB/s"], fontsize=7.5, loc="upper center",
                bbox_to_anchor=(0.4, -0.11), ncol=3, frameon=False)
    left.spines[["top", "right"]].set_visible(False)

    # compute-bound: matrix products against the datasheet peak of the units they run on
    m = read_report(MATMUL)
    gm = lambda name: get(m, name, "tflops", MATMUL)  # noqa: E731
    products = [("float32, cuBLAS engine", gm("device_matmul<float, cublas>/4096"), "FP32"),
                ("float32, tiled engine", gm("device_matmul<float, tiled>/4096"), "FP32"),
                ("float64, cuBLAS engine", gm("device_matmul<double, cublas>/4096"), "FP64 tensor"),
                ("float64, tiled engine", gm("device_matmul<double, tiled>/4096"), "FP64"),
                ("float32 as tf32 (cuBLAS)", gm("device_matmul_tf32/4096"), "TF32 tensor")]
    for i, (title, tflops, unit) in enumerate(products):
        share = 100 * tflops / PEAK_TFLOPS[unit]
        right.barh(i, share, height=0.6, color=COLORS["xp"])
        right.text(share + 1.5, i, f"{share:.0f} %: {tflops:.1f} of {PEAK_TFLOPS[unit]:g} TFLOP/s ({unit})",
                   va="center", fontsize=7.5)
    right.set_yticks(range(len(products)), [p[0] for p in products], fontsize=8)
    right.invert_yaxis()
    right.set_xlim(0, 175)
    right.set_xticks(range(0, 101, 20))
    right.axvline(100, color="black", lw=1, ls=":")
    right.set_xlabel("% of the datasheet peak of the units used", fontsize=8)
    right.set_title("4096^3 matrix products against the peak FLOP/s", fontsize=10)
    right.tick_params(axis="x", labelsize=7.5)
    right.spines[["top", "right"]].set_visible(False)

    fig.suptitle(f"xp against the hardware ({GPU})", fontsize=12)
    fig.text(0.5, 0.005, f"docs/bench/{MAIN} and {MATMUL}; peaks: NVIDIA's H100 SXM5 figures at boost clock "
             "(dense); a peer's GB/s: the bytes xp moves over the peer's time", ha="center", va="bottom",
             fontsize=7.5, color="#444444")
    fig.tight_layout(rect=(0, 0.03, 1, 0.97))
    save(fig, os.path.join(out, "perf_hardware.png"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "images"), help="folder for the PNGs")
    out = parser.parse_args().out
    os.makedirs(out, exist_ok=True)
    elementwise_reductions(out)
    matmul(out)
    lombscargle_diffusion(out)
    host(out)
    hardware(out)


if __name__ == "__main__":
    main()
