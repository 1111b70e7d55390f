"""Tutorial 03's figure: saxpy_trig.png, from saxpy_trig.csv (variant, median_ms, min_ms, gbs) and
info.csv (n, machine, copy bandwidths).

One bar per way of writing z = exp(a sin(x) + cos(y)), its median time on a log axis, labelled
with GB/s and the share of the copy bandwidth; a dashed line marks the time a pass that only
moved the 12 bytes per element at the copy bandwidth would take: the floor for this kernel.
"""
import matplotlib.pyplot as plt
from matplotlib.ticker import LogLocator

from common import data_dir, load_csv, save

LABELS = {
    "composed": "composed\n(5 kernels, 4 temporaries)",
    "fused": "fused expression\n(1 kernel)",
    "elementwise_kernel": "elementwise_kernel\n(your functor)",
    "host_fused": "host (CPU),\nfused expression",
}
COLORS = {"composed": "#d95f02", "fused": "#1b9e77", "elementwise_kernel": "#7570b3", "host_fused": "#999999"}


def num(v):
    """A number as a reader would write it: 1,116 / 37.9 / 0.312."""
    return f"{v:,.0f}" if v >= 100 else f"{v:.3g}"


def main():
    directory = data_dir()
    rows = load_csv(directory, "saxpy_trig")
    info = {str(k): str(v) for k, v in zip(*(load_csv(directory, "info")[c] for c in ("key", "value")))}
    n = int(info["n"])
    copy = float(info["copy_gbs"])
    host_copy = float(info["host_copy_gbs"])
    keys = [str(k) for k in rows["variant"]]
    ms = [float(v) for v in rows["median_ms"]]
    gbs = [float(v) for v in rows["gbs"]]

    fig, ax = plt.subplots(figsize=(8, 4.8), constrained_layout=True)
    bars = ax.bar([LABELS[k] for k in keys], ms, color=[COLORS[k] for k in keys], width=0.6)
    for k, b, t, g in zip(keys, bars, ms, gbs):
        yardstick = host_copy if k == "host_fused" else copy
        which = "host copy" if k == "host_fused" and host_copy != copy else "copy"
        ax.annotate(f"{num(t)} ms\n{num(g)} GB/s\n{100 * g / yardstick:.0f}% of {which}",
                    (b.get_x() + b.get_width() / 2, t), xytext=(0, 3), textcoords="offset points",
                    ha="center", va="bottom", fontsize=8)
    floor = 12 * n / (copy * 1e6)  # ms to read x, y and write z at the copy bandwidth
    ax.axhline(floor, color="black", linestyle="--", linewidth=1,
               label=f"moving the 12 bytes/element at the copy bandwidth ({num(copy)} GB/s): {num(floor)} ms")
    ax.set_yscale("log")
    ax.yaxis.set_major_locator(LogLocator(base=10))
    ax.set_ylim(min(ms + [floor]) / 3, max(ms) * 8)
    ax.set_ylabel("time (ms, median, log scale)")
    title = f"03 z = exp(a sin(x) + cos(y)), n = {n:,} float32 on {info['machine']}"
    host_elements = int(info["host_elements"])
    if host_elements < n:
        title += f"\n(host times measured on {host_elements:,} elements and scaled to n)"
    ax.set_title(title, fontsize=11)
    ax.legend(loc="upper left", fontsize=8)
    save(fig, directory, "saxpy_trig")


if __name__ == "__main__":
    main()
