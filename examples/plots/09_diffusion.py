"""Tutorial 09's figure: the field before and after diffusion, and the last step's Laplacian.

    python3 examples/plots/09_diffusion.py out/tutorials/09_diffusion

Reads start.npy, end.npy, laplacian.npy and run.csv (written by 09_diffusion) and writes
diffusion.png: three images, each with its colour bar. The two fields share one colour scale
(0 to the start's hottest cell) so that the spreading shows; the Laplacian uses a diverging map centred on 0 (red:
hotter than its neighbours, so cooling; blue: colder, so warming).
"""
import matplotlib.pyplot as plt
import numpy as np

from common import data_dir, load, load_csv, save

directory = data_dir()
start, end, lap = load(directory, "start"), load(directory, "end"), load(directory, "laplacian")
run = load_csv(directory, "run")
steps, coeff, backend = int(run["steps"]), float(run["coeff"]), str(run["backend"])
n = start.shape[0]

fig, axes = plt.subplots(1, 3, figsize=(16, 5.2), layout="constrained")
extent = (-0.5, n - 0.5, n - 0.5, -0.5)  # cell (i, j) centred on (column j, row i), row 0 on top
top = float(start.max()) or 1.0
for ax, field, title in ((axes[0], start, "Start: the seed's jagged field\n(fft2 power law, disc, top 30%)"),
                         (axes[1], end, f"After {steps:,} steps (c = {coeff:g})")):
    image = ax.imshow(field, cmap="inferno", vmin=0, vmax=top, extent=extent, interpolation="antialiased")
    ax.set_title(title)
    fig.colorbar(image, ax=ax, shrink=0.85, label="temperature f (0 = cold edge)")

# Symmetric limits at the 99.5th percentile of |laplacian|: 0 is white, and a few extreme cells
# on the sharpest edges do not wash out the rest (the colour bar's arrows mark the clipping).
limit = float(np.percentile(np.abs(lap), 99.5)) or 1.0
image = axes[2].imshow(lap, cmap="RdBu_r", vmin=-limit, vmax=limit, extent=extent, interpolation="antialiased")
axes[2].set_title("Laplacian of the last step")
fig.colorbar(image, ax=axes[2], shrink=0.85, extend="both",
             label="4 f - (sum of the 4 neighbours)   (> 0: cools next step)")
for ax in axes:
    ax.set_xlabel("column j (cells)")
    ax.set_ylabel("row i (cells)")
on_cpu = backend.startswith("host")
subtitle = ""
if "gbs" in run.dtype.names:
    us, gbs, copy = float(run["us_per_step"]), float(run["gbs"]), float(run["copy_gbs"])
    subtitle = (f"\none step {us / 1e3:.3g} ms: {gbs:.3g} GB/s counting 8 bytes per cell per step = "
                f"{100 * gbs / copy:.0f}% of this {'CPU' if on_cpu else 'GPU'}'s copy bandwidth ({copy:.3g} GB/s)")
    cache = float(run["cache_bytes"])
    if on_cpu and cache > 0:
        buffers = 8.0 * n * n
        subtitle += (f";\nits two buffers ({buffers / 2**20:.0f} MiB) are {100 * buffers / cache:.0f}% of the CPU's "
                     f"{cache / 2**20:.0f} MiB last-level cache" +
                     (", so much of each step is read from the cache, not from memory" if buffers <= cache
                      else ""))
    elif not on_cpu and gbs > copy:
        subtitle += ";\nseveral steps per pass over memory (temporal blocking) let it pass the copy"
fig.suptitle(f"2-D diffusion on {n} x {n} float32 cells, xp::pde::diffuse on {backend}{subtitle}")
save(fig, directory, "diffusion")
