"""Tutorial 10's figure: the raw kernels against the library, as bars.

    python3 examples/plots/10_raw_kernels.py out/tutorials/10_raw_kernels

Reads raw_kernels.csv (written by 10_raw_kernels) and writes raw_kernels.png: left, matmul
GFLOP/s for each shape (linear axis, each bar labelled), one bar per way; right, diffusion microseconds per step for
the raw kernel and xp::pde::diffuse, with their effective bandwidth.
"""
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import FuncFormatter

from common import data_dir, load_csv, save

directory = data_dir()
table = np.atleast_1d(load_csv(directory, "raw_kernels"))
matmul = table[table["part"] == "matmul"]
diffusion = table[table["part"] == "diffusion"]

fig, (left, right) = plt.subplots(1, 2, figsize=(13, 5), gridspec_kw={"width_ratios": [2.2, 1]},
                                  layout="constrained")

cases = list(dict.fromkeys(matmul["case"]))
methods = list(dict.fromkeys(matmul["method"]))
colors = ["tab:orange", "tab:red", "tab:blue", "tab:green", "0.5"]
width = 0.8 / len(methods)
for i, method in enumerate(methods):
    speeds = [float(matmul[(matmul["case"] == c) & (matmul["method"] == method)]["speed"][0]) for c in cases]
    x = np.arange(len(cases)) + (i - (len(methods) - 1) / 2) * width
    bars = left.bar(x, speeds, width, color=colors[i % len(colors)], label=method)
    left.bar_label(bars, labels=[f"{s:,.0f}" for s in speeds], fontsize=7, padding=2)
left.set_xticks(np.arange(len(cases)))
left.set_xticklabels([f"m x k x n =\n{c}" for c in cases])
# a linear axis: bar heights compare as the speeds do (on a log axis a 10x gap looks small)
left.set_ylabel("GFLOP/s (2 m k n / time / 10⁹, median)")
left.set_xlabel("matrix shapes (float32)")
left.set_title("C = A B: raw 16 x 16 tiled kernel against xp's tiled engine and cuBLAS")
left.set_ylim(0, float(matmul["speed"].max()) * 1.15)
left.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}"))
left.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, frameon=False)
left.grid(True, axis="y", which="major", alpha=0.3)

names = [str(m) for m in diffusion["method"]]
bars = right.bar(range(len(diffusion)), diffusion["median"], color=["tab:orange", "tab:green"][: len(diffusion)])
right.bar_label(bars, labels=[f"{us:.1f} µs\n{gbs:,.0f} GB/s eff." for us, gbs in
                              zip(diffusion["median"], diffusion["speed"])], fontsize=8, padding=2)
right.set_xticks(range(len(diffusion)))
right.set_xticklabels([n.replace(" (", "\n(") for n in names], fontsize=8)
right.set_ylim(0, float(diffusion["median"].max()) * 1.3 if len(diffusion) else 1)
right.set_ylabel("time per step (µs, median)")
right.set_title(f"2-D diffusion step, {diffusion['case'][0] if len(diffusion) else ''} float32")
fig.suptitle("Raw CUDA kernels on xp arrays against the library (GPU time from CUDA events)")
save(fig, directory, "raw_kernels")
