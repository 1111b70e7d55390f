"""Tutorial 03's figure: saxpy_trig.png, from saxpy_trig.csv (variant, median_ms, min_ms, gbs) and
info.csv (n, machine, copy bandwidths).

One bar per way of writing z = exp(a sin(x) + cos(y)), its median time on a log axis, labelled
with GB/s and the share of the copy bandwidth; a dashed line marks the time a pass that only
moved the 12 bytes per element at the copy bandwidth would take: the floor for this kernel.
"""
import matplotlib.pyplot as plt
from matplotlib.ticker import LogLocator

from common import data_dir, load_csv, save

def labels(info):
    """The bars' names; a pass over memory is a kernel launch on a GPU, a parallel loop on a CPU."""
    cpu = info.get("backend", "cuda") == "host"
    passes, pass_ = ("loops", "loop") if cpu else ("kernels", "kernel")
    composed = int(info.get("composed_passes", 5))
    return {
        "composed": f"composed\n({composed} {passes}, {composed - 1} temporaries)",
        "fused": f"fused expression\n({info.get('fused_passes', 1)} {pass_})",
        "elementwise_kernel": "elementwise_kernel\n(your functor, 1 " + pass_ + ")" +
                              ("\nan element at a time:\ncompiled by nvcc" if cpu and info.get("functor_on_registers") == "0"
                               else ""),
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
    names = labels(info)
    bars = ax.bar([names[k] for k in keys], ms, color=[COLORS[k] for k in keys], width=0.6)
    for k, b, t, g in zip(keys, bars, ms, gbs):
        yardstick = host_copy if k == "host_fused" else copy
        which = "host copy" if k == "host_fused" and host_copy != copy else "copy"
        ax.annotate(f"{num(t)} ms\n{num(g)} GB/s\n{100 * g / yardstick:.0f}% of {which}",
                    (b.get_x() + b.get_width() / 2, t), xytext=(0, 3), textcoords="offset points",
                    ha="center", va="bottom", fontsize=8)
    floor = 12 * n / (copy * 1e6)  # ms to read x, y and write z at the copy bandwidth
    ax.axhline(floor, color="black", linestyle="--", linewidth=1,
               label=f"moving the 12 bytes/element at the copy bandwidth ({num(copy)} GB/s): {num(floor)} ms")
    if max(ms) / min(ms) < 30:  # a linear axis: bar heights compare as the times do
        ax.set_ylim(0, max(ms) * 1.3)
        ax.set_ylabel("time (ms, median)")
    else:  # a GPU run beside the host: orders of magnitude apart, so a log axis (read the labels)
        ax.set_yscale("log")
        ax.yaxis.set_major_locator(LogLocator(base=10))
        ax.set_ylim(min(ms + [floor]) / 3, max(ms) * 8)
        ax.set_ylabel("time (ms, median; log scale: compare the labels)")
    where = f"the CPU, {info['machine']}" if info.get("backend") == "host" else info["machine"]
    title = f"03 z = exp(a sin(x) + cos(y)), n = {n:,} float32 on {where}"
    host_elements = int(info["host_elements"])
    if host_elements < n:
        title += f"\n(host times measured on {host_elements:,} elements and scaled to n)"
    t = dict(zip(keys, ms))
    title += f"\nfused is {t['composed'] / t['fused']:.1f}x faster than composed"
    ax.set_title(title, fontsize=11)
    ax.legend(loc="upper right", fontsize=8)
    if info.get("backend") == "host":
        fig.text(0.5, -0.01,
                 "On a CPU, sin, cos and exp cost more than moving the bytes: every way is limited by arithmetic, far\n"
                 "above the dashed floor. Fusing saves the four temporaries' memory traffic and four of the five loops; "
                 "the fused\nexpression and elementwise_kernel run the same vectorised loop (xsimd's sin, cos, exp), "
                 "so they take about as long." if info.get("functor_on_registers", "1") == "1" else
                 "On a CPU, sin, cos and exp cost more than moving the bytes: every way is limited by arithmetic, far\n"
                 "above the dashed floor. This build was compiled by nvcc, which makes elementwise_kernel call your "
                 "functor an\nelement at a time on the CPU (the fused expression still runs on xsimd registers); "
                 "built by g++ or clang++\n(XP_TUTORIALS_ON_CUDA=OFF) it runs on registers too and takes about as "
                 "long as the fused expression.", ha="center", va="top", fontsize=8)
    save(fig, directory, "saxpy_trig")


if __name__ == "__main__":
    main()
