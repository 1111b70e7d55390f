"""Tutorial 05's figure: abs_sum.png, from abs_sum.csv (n and, for each way of computing the sum
of absolute values, the median and minimum time in ms; NaN where not measured) and info.csv.

The seeds' two figures side by side: the time of each way against n (log-log), and the speed-up
of each way over the NumPy way, (v * where(v < 0, -1, 1)).sum() on the host. A shaded band marks
the sizes whose temporaries glibc's malloc maps fresh at every call (page faults) before xp's
host memory starts reusing buffers: the NumPy way jumps there, and a speed-up over it peaks
there for that reason alone. The legends sit under the panels, clear of the curves.
"""
import math

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import FixedLocator, FuncFormatter, LogLocator, NullFormatter

from common import data_dir, load_csv, save

WAYS = [  # column, label, colour, line style
    ("numpy", "host, NumPy way: (v * where(v < 0, -1, 1)).sum()", "#d62728", "-"),
    ("kernel", "host, reduction_kernel (one pass, all cores)", "#ff7f0e", "-"),
    ("device", "device, reduction_kernel (data already there)", "#2ca02c", "-"),
]


def plain(v, _pos=None):
    return f"{v:g}"


def power_of_two_axis(ax, n):
    ax.set_xscale("log", base=2)
    ticks = [v for v in n if int(round(math.log2(v))) % 2 == 0]
    ax.xaxis.set_major_locator(FixedLocator(ticks))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: f"$2^{{{int(round(math.log2(v)))}}}$"))
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set_xlabel("n (float32 elements; $2^{20}$ = 4 MiB)")


def log_y(ax, label):
    """A log y axis labelled with plain numbers (with 2 and 5 between the powers of ten when the
    curves span less than three decades), its minor ticks unlabelled."""
    ax.set_yscale("log")
    low, high = ax.get_ylim()
    span = math.log10(high / low) if low > 0 else 3
    ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0) if span < 3 else (1.0,)))
    ax.yaxis.set_major_formatter(FuncFormatter(plain))
    ax.yaxis.set_minor_formatter(NullFormatter())
    ax.set_ylabel(label)
    ax.grid(True, which="major", alpha=0.3)


def main():
    directory = data_dir()
    t = load_csv(directory, "abs_sum")
    info = {str(k): str(v) for k, v in zip(*(load_csv(directory, "info")[c] for c in ("key", "value")))}
    n = np.atleast_1d(t["n"]).astype(float)
    on_gpu = not np.all(np.isnan(t["device_ms"]))
    ways = WAYS if on_gpu else WAYS[:2]

    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 5.2), constrained_layout=True)
    for col, label, colour, style in ways:
        left.plot(n, t[col + "_ms"], style, marker="o", markersize=4, color=colour, label=label)
        right.plot(n, t["numpy_ms"] / t[col + "_ms"], style, marker="o", markersize=4, color=colour, label=label)
    right.axhline(1, color="black", linewidth=0.8)

    # the band where the NumPy way's temporaries cost page faults at every call
    lo = float(info.get("malloc_mmap_bytes", "nan")) / 4
    hi = float(info.get("host_reuse_bytes", "nan")) / 4
    if lo < hi and lo <= n[-1]:
        for ax in (left, right):
            ax.axvspan(lo, min(hi, n[-1]), color="#d62728", alpha=0.08, lw=0,
                       label="NumPy way's temporaries of 128 KiB to 1 MiB:\nfresh pages at every call (page faults)")
        fig.text(0.5, -0.01,
                 "Shaded: n = $2^{15}$ to $2^{18}$ float32, where each of the NumPy way's two temporaries (128 KiB to 1 MiB) "
                 "is mapped fresh by glibc's malloc at every call and pays a page fault per 4 KiB;\n"
                 f"from {hi * 4 / 2**20:g} MiB on xp's host memory reuses its buffers. The NumPy way jumps there, "
                 "and any speed-up over it peaks there for that reason alone.",
                 ha="center", va="top", fontsize=8)

    power_of_two_axis(left, n)
    log_y(left, "time (ms, median, log scale)")
    left.set_title("Sum of |v| against n")
    left.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), fontsize=8, frameon=False)

    power_of_two_axis(right, n)
    log_y(right, "speed-up over the host NumPy way (x, log scale)")
    last = {col: t["numpy_ms"][-1] / t[col + "_ms"][-1] for col, *_ in ways}
    right.set_title("Speed-up over the NumPy way: " + ", ".join(
        f"{'device' if col == 'device' else 'host kernel' if col == 'kernel' else 'NumPy'} {last[col]:.0f}x"
        for col, *_ in ways[1:]) + f" at n = $2^{{{round(math.log2(n[-1]))}}}$")
    right.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), fontsize=8, frameon=False)

    if on_gpu:
        fig.suptitle(f"05 sum of absolute values on {info['machine']}", fontsize=12)
    else:
        fig.suptitle(f"05 sum of absolute values on the CPU: {info['machine']}\n"
                     "(the device curve needs a GPU: run on one with --backend=cuda)", fontsize=12)
    save(fig, directory, "abs_sum")


if __name__ == "__main__":
    main()
