"""Tutorial 04's figure: reductions.png, from reductions.csv (n and, for each way of summing, the
median and minimum time in ms; NaN where a way was not measured) and info.csv.

Left, the seeds' figure: the time of one sum against n on log-log axes for the host, the
device with the data already there, and the device including the copy of the input (from
pageable and from pinned memory), with the crossovers marked: the n from which a device way
stays faster than the host, or a note that it never does. Right, the same runs as effective
bandwidth (bytes read per second), against the copy bandwidths of host and device. Both panels
mark the size of the CPU's last-level cache (sums of fewer bytes can be read from it, faster
than the copy, which moves 512 MiB, can go) and where the host's sum starts using all cores.
On a CPU-only run the figure shows the host's curve alone and says so.
"""
import math

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import FixedLocator, FuncFormatter, LogLocator, NullFormatter

from common import data_dir, load_csv, save

WAYS = [  # column, label, short label, colour, line style
    ("host", "host (CPU), all cores", "host", "#d62728", "-"),
    ("device", "device, data already there", "device", "#2ca02c", "-"),
    ("copy", "device + copy from pageable memory", "device + pageable copy", "#1f77b4", "-"),
    ("pinned", "device + copy from pinned memory", "device + pinned copy", "#9467bd", "--"),
]


def plain(v, _pos=None):
    """Tick values as plain numbers: 0.001, 0.1, 10, 1000."""
    return f"{v:g}"


def log_axis_plain(axis, values):
    """Log-scale ticks as plain numbers (0.01, 0.1, 1, 10; with 2 and 5 between when the data spans
    less than two decades), and no minor labels: matplotlib's own label minor ticks '2x10^1'."""
    values = np.asarray(values, dtype=float)
    values = values[np.isfinite(values) & (values > 0)]
    span = math.log10(values.max() / values.min()) if values.size else 3
    axis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0) if span < 2.5 else (1.0,)))
    axis.set_major_formatter(FuncFormatter(plain))
    axis.set_minor_locator(LogLocator(base=10, subs=np.arange(2, 10) * 1.0))
    axis.set_minor_formatter(NullFormatter())


def crossover(n, fast, slow):
    """The smallest n from which fast < slow at every larger n, or None."""
    start = None
    for i in range(len(n) - 1, -1, -1):
        if not fast[i] < slow[i]:
            break
        start = i
    return start


def power_of_two_axis(ax, n):
    ax.set_xscale("log", base=2)
    exps = [int(round(math.log2(v))) for v in n]
    ticks = [2.0**e for e in exps if e % 2 == 0]
    ax.xaxis.set_major_locator(FixedLocator(ticks))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: f"$2^{{{int(round(math.log2(v)))}}}$"))
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set_xlabel("n (float32 elements; $2^{20}$ = 4 MiB)")


def main():
    directory = data_dir()
    t = load_csv(directory, "reductions")
    info = {str(k): str(v) for k, v in zip(*(load_csv(directory, "info")[c] for c in ("key", "value")))}
    n = np.atleast_1d(t["n"]).astype(float)
    on_gpu = not np.all(np.isnan(t["device_ms"]))
    ways = WAYS if on_gpu else WAYS[:1]

    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 5.2), constrained_layout=True)
    for col, label, _short, colour, style in ways:
        left.plot(n, t[col + "_ms"], style, marker="o", markersize=4, color=colour, label=label)
        right.plot(n, 4 * n / (t[col + "_ms"] * 1e6), style, marker="o", markersize=4, color=colour, label=label)

    # the crossovers: where each device way starts beating the host, for good
    notes = []
    if on_gpu:
        host = t["host_ms"]
        for col, label, short, colour, _style in ways[1:]:
            i = crossover(n, t[col + "_ms"], host)
            if i is None:
                notes.append(f"{label}: never faster than the host here")
            elif i == 0:
                notes.append(f"{label}: faster than the host at every n")
            else:
                x = math.sqrt(n[i - 1] * n[i])  # between the last n it lost and the first it won
                left.axvline(x, color=colour, linestyle=":", linewidth=1.2)
                left.annotate(f"{short} wins\nfrom n = $2^{{{round(math.log2(n[i]))}}}$",
                              (x, t[col + "_ms"][i]), xytext=(-75, 30), textcoords="offset points", color=colour,
                              fontsize=8, arrowprops={"arrowstyle": "->", "color": colour})
                notes.append(f"{label}: faster than the host from n = $2^{{{round(math.log2(n[i]))}}}$")
    if notes:  # a CPU run's title says that the device curves need a GPU
        left.text(0.02, 0.98, "\n".join(notes), transform=left.transAxes, va="top", fontsize=8,
                  bbox={"boxstyle": "round", "facecolor": "white", "alpha": 0.85, "edgecolor": "#bbbbbb"})

    # where the host starts using its cores, and the CPU's last-level cache, on both panels
    chunk = int(float(info.get("host_chunk", "0") or 0))
    cores = int(float(info.get("host_cores", "0") or 0))
    cache = float(info.get("host_cache_bytes", "0") or 0)
    for ax in (left, right):
        if cache > 0 and n[0] <= cache / 4 <= n[-1]:
            ax.axvline(cache / 4, color="#d62728", linestyle=":", linewidth=1)
    if cache > 0 and n[0] <= cache / 4 <= n[-1]:
        for ax in (left, right):
            ax.annotate(f"CPU's last-level cache: {cache / 2**20:.0f} MiB", (cache / 4, 0.5),
                        xycoords=("data", "axes fraction"), xytext=(-2, 0), textcoords="offset points",
                        rotation=90, ha="right", va="center", fontsize=7, color="#d62728")
    pieces = ""
    if chunk and cores > 1 and n[0] < 2 * chunk <= n[-1]:
        pieces = (f" The host sums up to $2^{{{round(math.log2(chunk))}}}$ elements on one core, more in pieces of "
                  f"$2^{{{round(math.log2(chunk))}}}$, one per core ({cores} cores): from $2^{{{round(math.log2(chunk))}}}$"
                  f" to $2^{{{round(math.log2(2 * chunk))}}}$ twice the elements take about the same time.")
    if pieces and not on_gpu:  # on a GPU run the left panel has the crossovers to mark: the footnote says it
        i = int(np.argmin(np.abs(n - 2 * chunk)))
        left.annotate(f"from $2^{{{round(math.log2(2 * chunk))}}}$: pieces of "
                      f"$2^{{{round(math.log2(chunk))}}}$,\none per core ({cores} cores):\n"
                      "2x the elements, same time",
                      (n[i], t["host_ms"][i]), xytext=(10, -38), textcoords="offset points", fontsize=7,
                      color="#d62728", arrowprops={"arrowstyle": "->", "color": "#d62728"})

    power_of_two_axis(left, n)
    left.set_yscale("log")
    log_axis_plain(left.yaxis, np.concatenate([t[c + "_ms"] for c, *_ in ways]))
    left.set_ylabel("time of one sum (ms, median, log scale)")
    left.set_title("Time of xp::sum against n")
    left.legend(loc="lower right", fontsize=8)
    left.grid(True, which="major", alpha=0.3)

    host_copy = float(info["host_copy_gbs"])
    right.axhline(host_copy, color="#d62728", linewidth=0.8, alpha=0.6)
    right.annotate(f"host copy bandwidth {host_copy:.3g} GB/s (read + write)", (n[0], host_copy), xytext=(2, 3),
                   textcoords="offset points", fontsize=8, color="#d62728")
    if on_gpu:
        dev_copy = float(info["device_copy_gbs"])
        right.axhline(dev_copy, color="#2ca02c", linewidth=0.8, alpha=0.6)
        right.annotate(f"device copy bandwidth {dev_copy:,.0f} GB/s", (n[0], dev_copy), xytext=(2, -10),
                       textcoords="offset points", fontsize=8, color="#2ca02c")
    fig.text(0.5, -0.01,
             "Right: a sum only reads (4 bytes per element); the copy lines count the bytes a copy of 256 MiB "
             "reads and writes. Left of the dotted red line the array fits in the CPU's last-level cache: the host "
             "reads it from there,\nfaster than a copy through memory goes, and its curve can stand above the "
             "host's copy line. Copy bandwidths: median of "
             f"{info.get('host_copy_runs', '?')} copies, measured once per run and shared by the tutorials." +
             (f"\n{pieces.strip()}" if on_gpu and pieces else ""),
             ha="center", va="top", fontsize=8)
    power_of_two_axis(right, n)
    right.set_yscale("log")
    log_axis_plain(right.yaxis, np.concatenate([4 * n / (t[c + "_ms"] * 1e6) for c, *_ in ways] + [[host_copy]]))
    right.set_ylabel("bytes read per second (GB/s, log scale)")
    right.set_title("The same runs as effective bandwidth (4 bytes per element / time)")
    right.legend(loc="lower right" if on_gpu else "upper right", fontsize=8)
    right.grid(True, which="major", alpha=0.3)

    if on_gpu:
        fig.suptitle(f"04 sum of n float32 on {info['machine']}: where the data lives decides", fontsize=12)
    else:
        fig.suptitle(f"04 sum of n float32 on the CPU: {info['machine']}\n"
                     "(the host's curve alone: the device curves need a GPU; run on one with --backend=cuda)",
                     fontsize=12)
    save(fig, directory, "reductions")


if __name__ == "__main__":
    main()
