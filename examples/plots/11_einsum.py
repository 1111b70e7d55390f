"""Tutorial 11's figure: the seed's two ways of summing a product, timed, and the planner's steps.

    python3 examples/plots/11_einsum.py out/tutorials/11_einsum

Reads times.csv and plan.csv (written by 11_einsum) and writes einsum.png. Left: the time of
matmul -> sum and of einsum, per dtype and machine (log scale: they differ by orders of
magnitude); hatched bars were timed on the CPU on the first rows of A and scaled. Right: the
operations each plan step costs, beside the expression evaluated as written (log scale).
"""
import matplotlib.pyplot as plt
import numpy as np

from common import data_dir, load_csv, save

directory = data_dir()
times = np.atleast_1d(load_csv(directory, "times"))
plan = np.atleast_1d(load_csv(directory, "plan"))

fig, (left, right) = plt.subplots(1, 2, figsize=(12, 5))
labels, values, colors, hatches = [], [], [], []
for row in times:
    labels.append(f"{row['test']}\n{row['dtype']}, {row['machine']}")
    values.append(float(row["median_ms"]))
    colors.append("tab:green" if row["test"] == "einsum" else "tab:red")
    hatches.append("//" if int(row["rows_timed"]) < int(row["rows"]) else "")
x = np.arange(len(values))
bars = left.bar(x, values, color=colors)
for bar, hatch in zip(bars, hatches):
    bar.set_hatch(hatch)
left.set_xticks(x)
left.set_xticklabels(labels, fontsize=7, rotation=45, ha="right")
left.set_yscale("log")
left.set_ylabel("time per call (ms, log scale)")
left.set_title("sum(matmul(A, B), axis 0) against einsum('ij,jk->...k')")

expressions = list(dict.fromkeys(plan["expression"]))
offset = 0
ticks, tick_labels = [], []
for expression in expressions:
    rows = plan[plan["expression"] == expression]
    for row in rows:
        naive = row["step"] == "naive"
        right.bar(offset, float(row["flops"]), color="0.6" if naive else "tab:blue")
        ticks.append(offset)
        tick_labels.append(f"{expression}: {row['subscript']}")
        offset += 1
    offset += 1
right.set_xticks(ticks)
right.set_xticklabels(tick_labels, fontsize=7, rotation=45, ha="right")
right.set_yscale("log")
right.set_ylabel("operations (log scale)")
right.set_title("the planner's steps (blue) against the expression as written (grey)")
fig.tight_layout()
save(fig, directory, "einsum")
