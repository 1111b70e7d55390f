"""Tutorial 08's figures: the samples and their Lomb-Scargle periodogram, and the timing table.

    python3 examples/plots/08_lombscargle.py out/tutorials/08_lombscargle

Reads t.npy, y.npy, periodogram.npy, grid.csv and timings.csv (written by 08_lombscargle) and
writes periodogram.png (the unevenly spaced samples; the periodogram with the true frequency
marked, and a zoom on the peak) and timings.png (time per variant, log scale).
"""
import matplotlib.pyplot as plt
import numpy as np

from common import data_dir, load, load_csv, save

directory = data_dir()
t, y, power = load(directory, "t"), load(directory, "y"), load(directory, "periodogram")
grid = load_csv(directory, "grid")
f0, df, nf = float(grid["f0"]), float(grid["df"]), int(grid["nf"])
true_w, amplitude, peak_w = float(grid["true_w"]), float(grid["amplitude"]), float(grid["peak_w"])
backend = str(grid["backend"])
w = f0 + df * np.arange(nf)

# Figure 1: the data, then the periodogram.
fig, (top, bottom) = plt.subplots(2, 1, figsize=(9, 7.5), gridspec_kw={"height_ratios": [1, 1.6]})
order = np.argsort(t)
fine = np.linspace(0, 100, 4000)
top.plot(fine, amplitude * np.sin(true_w * fine), color="tab:orange", lw=1, alpha=0.8,
         label=f"the signal: {amplitude:g} sin({true_w:g} t)")
top.plot(t[order], y[order], ".", color="tab:blue", ms=3, label=f"{len(t)} samples at random times, noise σ = 1")
top.set_xlim(0, 100)
top.set_xlabel("time t (s)")
top.set_ylabel("y (signal units)")
top.set_title("Input: unevenly spaced samples of a noisy sinusoid")
top.legend(loc="upper right", fontsize=8, framealpha=0.9)

bottom.plot(w, power, color="tab:blue", lw=0.6, label="Lomb-Scargle power")
bottom.axvline(true_w, color="tab:red", ls="--", lw=1, label=f"true frequency ω = {true_w:g} rad/s")
peak_power = power.max()
bottom.annotate(f"peak at ω = {peak_w:.4f} rad/s\n(true: {true_w:g} rad/s)", xy=(peak_w, peak_power),
                xytext=(peak_w + 0.5, peak_power * 0.78), fontsize=9,
                arrowprops={"arrowstyle": "->", "color": "tab:red"})
bottom.set_xlim(0, w[-1])
bottom.set_ylim(0, peak_power * 1.12)
bottom.set_xlabel("angular frequency ω (rad/s)")
bottom.set_ylabel("power (signal units²)")
bottom.set_title(f"Output: the periodogram at {nf:,} frequencies, computed on {backend}")
bottom.legend(loc="upper right", fontsize=8)

# A zoom on the peak: the grid resolves it, and its width is about 2π / (time span).
inset = bottom.inset_axes([0.6, 0.22, 0.36, 0.45])
near = np.abs(w - true_w) < 0.15
inset.plot(w[near], power[near], color="tab:blue", lw=1)
inset.axvline(true_w, color="tab:red", ls="--", lw=1)
inset.set_title("zoom: ω = 1.55 to 1.85 rad/s", fontsize=8)
inset.tick_params(labelsize=7)
inset.set_xlabel("ω (rad/s)", fontsize=7)
inset.set_ylabel("power", fontsize=7)
fig.tight_layout()
save(fig, directory, "periodogram")

# Figure 2: the timing table as bars, on a linear axis: bar lengths compare as the times do (a log
# axis made a 100x speed-up look like 5x); each bar is labelled with its time and speed-up.
table = np.atleast_1d(load_csv(directory, "timings"))
fig, ax = plt.subplots(figsize=(9, 0.5 * len(table) + 2.2))
labels = [str(v) for v in table["variant"]]
colors = ["0.5" if v.startswith("baseline") else ("tab:green" if "grid" in v else "tab:blue") for v in labels]
bars = ax.barh(range(len(table)), table["median_ms"], color=colors)
longest = float(table["median_ms"].max())
for i, (ms, speedup, timed) in enumerate(zip(table["median_ms"], table["speedup"], table["frequencies_timed"])):
    scaled = "" if timed == nf else f", timed on {timed:,} and scaled"
    what = "the baseline" if i == 0 else f"{speedup:,.0f}x faster"
    ax.text(ms + 0.01 * longest, i, f"{ms:,.1f} ms ({what}{scaled})", va="center", fontsize=8)
ax.set_yticks(range(len(table)))
ax.set_yticklabels(labels)
ax.invert_yaxis()
ax.set_xlim(0, longest * 1.6)
ax.set_xlabel(f"time for {nf:,} frequencies x {len(t)} samples (ms, median; linear axis)")
on = "the CPU" if backend.startswith("host") else backend
ax.set_title(f"Lomb-Scargle on {on}: time per call and speed-up over the baseline")
ax.grid(True, axis="x", which="major", alpha=0.3)
fig.text(0.01, -0.01,
         "The baseline is SciPy's algorithm (scipy.signal.lombscargle's loop) written again in C++ in the tutorial, "
         "in float64, on one core:\nSciPy itself is not run. Short bars are short: read their times in the labels.",
         ha="left", va="top", fontsize=8)
fig.tight_layout()
save(fig, directory, "timings")
