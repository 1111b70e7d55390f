"""Tutorial 07's figure: matmul speed (GFLOP/s) against the matrix size n, one line per way.

    python3 examples/plots/07_matmul.py out/tutorials/07_matmul

Reads matmul.csv (written by 07_matmul) and writes matmul.png. Both axes are logarithmic: the
ways differ by orders of magnitude. Hollow markers are sizes the host timed on a slice of rows
and scaled (its time box); a line that stops early is a way the host skipped at larger n.
"""
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

from common import data_dir, load_csv, save

directory = data_dir()
table = np.atleast_1d(load_csv(directory, "matmul"))
backend = str(table["backend"][0])

styles = {  # the library first, the naive kernel last, the host beside a GPU run in grey
    "cuBLAS": ("tab:green", "o"),
    "host BLAS": ("tab:green", "o"),
    "host (xp::matmul)": ("tab:green", "o"),
    "xp tiled": ("tab:blue", "s"),
    "naive": ("tab:red", "v"),
}
fig, ax = plt.subplots(figsize=(7.5, 5))
methods = list(dict.fromkeys(table["method"]))  # in the order the tutorial ran them
for method in methods:
    rows = table[table["method"] == method]
    color, marker = next((s for key, s in styles.items() if method.startswith(key)), ("0.4", "D"))
    if method.endswith("(CPU)") or "no BLAS" in method:  # the CPU beside a GPU run
        color, marker = "0.35", "D"
    n = rows["n"].astype(float)
    full = rows["rows_timed"] == rows["n"]
    ax.plot(n, rows["gflops"], "-", color=color, lw=1.8, label=method)
    ax.plot(n[full], rows["gflops"][full], marker, color=color, ms=6, ls="none")
    ax.plot(n[~full], rows["gflops"][~full], marker, color=color, ms=6, ls="none", mfc="white")
if np.any(table["rows_timed"] != table["n"]):
    ax.plot([], [], "o", color="0.3", mfc="white", ls="none", label="hollow: timed on the first rows, scaled")
ax.set_xscale("log", base=2)
ax.set_yscale("log")
sizes = np.unique(table["n"])
ax.set_xticks(sizes)
ax.set_xticklabels([str(s) for s in sizes])
ax.set_xlabel("matrix size n (C = A B, all n x n float32; log scale)")
ax.set_ylabel("speed (GFLOP/s = 2 n³ / time / 10⁹, log scale)")
on = "the CPU" if backend.startswith("host") else backend
ax.set_title(f"Matrix multiplication: the library against hand-written kernels\non {on}, median of repeated runs")
ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1, 2, 5)))
ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
ax.yaxis.set_minor_formatter(NullFormatter())
ax.grid(True, which="major", alpha=0.3)
ax.legend(fontsize=9, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=2, frameon=False)
save(fig, directory, "matmul")
