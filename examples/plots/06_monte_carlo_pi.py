"""Tutorial 06's figure: the Monte Carlo estimate's error against the number of points.

    python3 examples/plots/06_monte_carlo_pi.py out/tutorials/06_monte_carlo_pi

Reads convergence.csv (written by 06_monte_carlo_pi) and writes convergence.png: log-log axes,
each run's |error|, their root mean square, and the standard error 4 sqrt(p (1 - p) / n), the
1/sqrt(n) law.
"""
import matplotlib.pyplot as plt
import numpy as np

from common import data_dir, load_csv, save

directory = data_dir()
table = load_csv(directory, "convergence")
n = table["n"].astype(float)
runs = [name for name in table.dtype.names if name.startswith("run")]
backend = str(table["backend"][0])

fig, ax = plt.subplots(figsize=(7, 4.8))
for i, name in enumerate(runs):
    ax.plot(n, np.abs(table[name]), color="0.6", lw=0.8, alpha=0.7,
            label=f"|error| of one run ({len(runs)} runs, own seeds)" if i == 0 else None)
ax.plot(n, table["rms_error"], "o-", color="tab:blue", lw=2, ms=4, label=f"RMS error over the {len(runs)} runs")
ax.plot(n, table["standard_error"], "--", color="black", lw=1.5,
        label=r"standard error $4\sqrt{p(1-p)/n}$, $p=\pi/4$  ($\propto 1/\sqrt{n}$)")
ax.set_xscale("log", base=2)
ax.set_yscale("log")
ax.set_xlabel("number of points n (log scale, base 2)")
ax.set_ylabel(r"error of the estimate $|4\,\mathrm{inside}/n - \pi|$ (dimensionless)")
ax.set_title(f"Monte Carlo π: the error falls as 1/√n\nfloat64 points from Philox, run on {backend}")
ax.grid(True, which="major", alpha=0.3)
ax.legend(loc="lower left", fontsize=9)
save(fig, directory, "convergence")
