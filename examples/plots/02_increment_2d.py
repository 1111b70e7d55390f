"""Tutorial 02's figure: increment.png, from increment.csv (variant, median_ms, min_ms, gbs) and
info.csv (rows, cols, machine, backend, the copy bandwidth with its spread).

    python3 examples/plots/02_increment_2d.py out/tutorials/02_increment_2d

Two bars, a += 1 over the whole int32 array and over its interior a[1:-1, 1:-1] (a view), in
GB/s read + written, beside the copy bandwidth, the yardstick for a pass over memory.
"""
import matplotlib.pyplot as plt

from common import data_dir, load_csv, save


def main():
    directory = data_dir()
    rows = load_csv(directory, "increment")
    info = {str(k): str(v) for k, v in zip(*(load_csv(directory, "info")[c] for c in ("key", "value")))}
    on_cpu = info["backend"] == "host"
    copy = float(info["backend_copy_gbs"])
    low, high = float(info["backend_copy_low_gbs"]), float(info["backend_copy_high_gbs"])
    gbs = {str(k): float(v) for k, v in zip(rows["variant"], rows["gbs"])}
    ms = {str(k): float(v) for k, v in zip(rows["variant"], rows["median_ms"])}
    r, c = int(info["rows"]), int(info["cols"])

    fig, ax = plt.subplots(figsize=(7.5, 5), constrained_layout=True)
    labels = ["copy b = a\n(the yardstick)", f"a += 1\n({r:,} x {c:,} int32)",
              f"a[1:-1, 1:-1] += 1\n(the interior, a view)"]
    values = [copy, gbs["all"], gbs["interior"]]
    bars = ax.bar(labels, values, color=["#999999", "#1b9e77", "#7570b3"], width=0.5)
    ax.errorbar([0], [copy], yerr=[[copy - low], [high - copy]], color="black", capsize=6, lw=1)
    times = [None, ms["all"], ms["interior"]]
    for b, v, t in zip(bars, values, times):
        text = f"{v:.1f} GB/s\n{100 * v / copy:.0f}% of the copy" + (f"\n{t:.2f} ms" if t is not None else "")
        top = max(v, high) if t is None else v  # above the copy's spread
        ax.annotate(text, (b.get_x() + b.get_width() / 2, top), xytext=(0, 4), textcoords="offset points",
                    ha="center", va="bottom", fontsize=9)
    ax.set_ylabel("GB/s counted (bytes read + written, per second)")
    where = "the CPU" if on_cpu else "the GPU"
    ax.set_title(f"02 add 1 to every element of a 2-D array on {where}: {info['machine']}", fontsize=10)
    ax.set_ylim(0, 1.6 * max(values + [high]))
    note = (f"copy: median of {info['backend_copy_runs']} copies of 256 MiB float32, "
            f"bar = slowest to fastest ({low:.1f} to {high:.1f} GB/s)")
    if on_cpu:
        note += ("\nOn a CPU an in-place update can pass the copy: a store first reads the cache line\n"
                 "it writes into (write-allocate), so the copy moves 3 bytes for the 2 it counts, while\n"
                 "a += 1 writes lines it has just read and moves only its 2: that alone makes 150%.")
    if high > 1.3 * low:
        note += (f"\nThe copies' wide spread ({low:.1f} to {high:.1f} GB/s) says the machine was busy with other "
                 "work\nwhile they ran: the percentages are as uncertain.")
    ax.text(0.02, 0.98, note, transform=ax.transAxes, va="top", fontsize=8,
            bbox={"boxstyle": "round", "facecolor": "white", "alpha": 0.9, "edgecolor": "#bbbbbb"})
    save(fig, directory, "increment")


if __name__ == "__main__":
    main()
