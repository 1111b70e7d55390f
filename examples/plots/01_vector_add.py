"""Tutorial 01's figure, from vector_add.csv (key, median_ms, min_ms, gbs) and info.csv.

On a GPU run, transfers.png: left, the bandwidth of host <-> device transfers from pageable and
from pinned memory; right, what one r = x + y costs when x and y start on the host and r must
end there. On a host run there are no transfers: vector_add.png shows the CPU's addition against
its copy bandwidth (why the addition can stand above 100% of it is written in the figure) and
says that the transfer figure needs a GPU.
"""
import matplotlib.pyplot as plt
import numpy as np

from common import data_dir, load_csv, save

PAGEABLE, PINNED, NEW = "#d95f02", "#1b9e77", "#fdb863"


def bar_labels(ax, bars, fmt):
    for b in bars:
        ax.annotate(fmt.format(b.get_height()), (b.get_x() + b.get_width() / 2, b.get_height()),
                    xytext=(0, 3), textcoords="offset points", ha="center", va="bottom", fontsize=9)


def main():
    directory = data_dir()
    rows = load_csv(directory, "vector_add")
    ms = {str(k): float(v) for k, v in zip(rows["key"], rows["median_ms"])}
    gbs = {str(k): float(v) for k, v in zip(rows["key"], rows["gbs"])}
    info = {str(k): str(v) for k, v in zip(*(load_csv(directory, "info")[c] for c in ("key", "value")))}
    what = f"{int(info['n']) * 4 / 2**20:.0f} MiB float32 arrays"

    if "h2d_pinned" not in gbs:  # a host run: no device, no transfers
        fig, ax = plt.subplots(figsize=(7.5, 5), constrained_layout=True)
        copy, add = gbs["copy_host"], gbs["add_host"]
        labels = ["copy b = a\n(the yardstick: reads a,\nwrites b: 2 x 4 bytes counted)",
                  "r = x + y\n(reads x and y, writes r:\n3 x 4 bytes counted)"]
        bars = ax.bar(labels, [copy, add], color=["#999999", PINNED], width=0.5)
        # the copy's spread: its slowest and fastest of the repeated copies
        low, high = float(info.get("host_copy_low_gbs", copy)), float(info.get("host_copy_high_gbs", copy))
        ax.errorbar([0], [copy], yerr=[[copy - low], [high - copy]], color="black", capsize=6, lw=1)
        for b, v, top in zip(bars, [copy, add], [max(copy, high), add]):
            ax.annotate(f"{v:.1f} GB/s\n{100 * v / copy:.0f}% of the copy", (b.get_x() + b.get_width() / 2, top),
                        xytext=(0, 4), textcoords="offset points", ha="center", va="bottom", fontsize=9)
        ax.set_ylabel("GB/s counted (bytes the program reads + writes, per second)")
        ax.set_title(f"01 r = x + y on the CPU: {info['machine']}, {what}\n"
                     "(host <-> device transfers need a GPU: run on one with --backend=cuda)", fontsize=10)
        ax.set_ylim(0, 1.55 * max(copy, add, high))
        ax.text(0.02, 0.98,
                f"copy: median of {info.get('host_copy_runs', '?')} copies of 256 MiB, bar = slowest to fastest "
                f"({low:.1f} to {high:.1f} GB/s)\n"
                "Why x + y can pass 100% of the copy on a CPU: a store first reads the cache line it\n"
                "writes into (write-allocate), traffic that neither count includes. The copy moves\n"
                "3 bytes for the 2 it counts, x + y 4 for its 3: that alone lets x + y show (3/4) / (2/3) = 112%." +
                (f"\nThe copies' wide spread ({low:.1f} to {high:.1f} GB/s) says the machine was busy with other "
                 "work while they ran:\nthe percentages are as uncertain." if high > 1.3 * low else ""),
                transform=ax.transAxes, va="top", fontsize=8,
                bbox={"boxstyle": "round", "facecolor": "white", "alpha": 0.9, "edgecolor": "#bbbbbb"})
        save(fig, directory, "vector_add")
        return

    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 4.8), gridspec_kw={"width_ratios": [1, 1.3]},
                                    constrained_layout=True)

    # Left: transfer bandwidth, pageable vs pinned, both directions.
    groups = np.arange(2)
    w = 0.26
    pageable = left.bar(groups - w, [gbs["h2d_pageable"], gbs["d2h_pageable"]], w, color=PAGEABLE,
                        label="pageable (ordinary host array)")
    pinned = left.bar(groups, [gbs["h2d_pinned"], gbs["d2h_pinned"]], w, color=PINNED,
                      label="pinned (xp::empty_pinned, async on a stream)")
    fresh = left.bar([1 + w], [gbs["d2h_pageable_new"]], w, color=NEW, hatch="//",
                     label="pageable, copy_to_host into a new array")
    for bars in (pageable, pinned, fresh):
        bar_labels(left, bars, "{:.1f}")
    left.set_xticks(groups, ["host -> device", "device -> host"])
    left.set_ylabel("bandwidth (GB/s)")
    left.set_ylim(0, 1.3 * max(gbs[k] for k in ("h2d_pageable", "h2d_pinned", "d2h_pageable", "d2h_pinned",
                                                 "d2h_pageable_new")))
    left.set_title(f"Transfers of one array (bars labelled in GB/s)\n"
                   f"the device's own memory copies at {gbs['copy_device']:.0f} GB/s")
    left.legend(loc="upper left", fontsize=8)

    # Right: one r = x + y for data that lives on the host, as stacked times.
    cases = [
        ("host (CPU)", 0, ms["add_host"], 0),
        ("GPU, data already there", 0, ms["add_device"], 0),
        ("GPU, pinned transfers", 2 * ms["h2d_pinned"], ms["add_device"], ms["d2h_pinned"]),
        ("GPU, pageable transfers", 2 * ms["h2d_pageable"], ms["add_device"], ms["d2h_pageable_new"]),
    ]
    y = np.arange(len(cases))[::-1]
    t_in = np.array([c[1] for c in cases])
    t_add = np.array([c[2] for c in cases])
    t_out = np.array([c[3] for c in cases])
    right.barh(y, t_in, color="#7570b3", label="x and y to the device")
    right.barh(y, t_add, left=t_in, color="#e7298a", label="x + y")
    right.barh(y, t_out, left=t_in + t_add, color="#66a61e", label="r back to the host")
    total = t_in + t_add + t_out
    for yi, tot in zip(y, total):
        right.annotate(f"{tot:.2f} ms", (tot, yi), xytext=(4, 0), textcoords="offset points", va="center", fontsize=9)
    right.set_yticks(y, [c[0] for c in cases])
    right.set_xlabel("time (ms, medians)")
    right.set_xlim(0, 1.18 * total.max())
    breakeven = ms["h2d_pinned"] / ms["add_device"]
    right.set_title(f"One r = x + y when x and y start on the host\n"
                    f"one pinned transfer = {breakeven:.0f} additions on the device")
    right.legend(loc="upper right", fontsize=8)
    fig.suptitle(f"01 vector add on {info['machine']}, {what}: the kernel is fast, the bus is not", fontsize=12)
    save(fig, directory, "transfers")


if __name__ == "__main__":
    main()
