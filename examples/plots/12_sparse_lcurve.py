"""Tutorial 12's figure: the seed's L-curve, the residual |A x - b| against the solution's norm |x|
for each regularisation coefficient c.

    python3 examples/plots/12_sparse_lcurve.py out/tutorials/12_sparse_lcurve

Reads lcurve.csv (written by 12_sparse_lcurve) and writes lcurve.png: both axes logarithmic, as
in the seed, each point labelled with its c (its iteration count beside it). Small c fits the data
closely with a large x (top left); large c shrinks x and the residual grows (bottom right); the
corner between is the usual choice. A CPU run solves the whole curve at a third of the seed's size.
"""
import matplotlib.pyplot as plt
import numpy as np

from common import data_dir, load_csv, save

directory = data_dir()
curve = np.atleast_1d(load_csv(directory, "lcurve"))
residual = np.array([float(r["residual"]) for r in curve])
reg_norm = np.array([float(r["reg_norm"]) for r in curve])

fig, ax = plt.subplots(figsize=(8, 6))
ax.set_xscale("log")
ax.set_yscale("log")
ax.plot(residual, reg_norm, "--", marker="v", color="tab:blue")
for r, x, y in zip(curve, residual, reg_norm):
    ax.annotate(f"c = {float(r['coeff']):.1e}  ({int(r['itn'])} it.)", (x, y), textcoords="offset points",
                xytext=(6, 4), fontsize=8)
ax.set_xlabel("2-norm of the residual |A x - b|")
ax.set_ylabel("2-norm of the solution |x|")
total = sum(float(r["ms"]) for r in curve) / 1e3
size = ""
if "n" in curve.dtype.names:
    n = int(curve[0]["n"])
    size = f", A {n:,} x {n:,}" + ("; the seed's is 15,000 x 15,000" if n < 15000 else "")
machine = str(curve[0]["machine"])
on = machine if "GPU" in machine or "NVIDIA" in machine else "the CPU, " + machine
ax.set_title(f"L-curve of the seed's ridge regression: lsmr of [A; c I] x = [b; 0]{size}\n"
             f"{len(curve)} coefficient(s) in {total:.2f} s on {on}", fontsize=10)
ax.grid(True, which="both", alpha=0.3)
save(fig, directory, "lcurve")
