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

fig, (left, right) = plt.subplots(1, 2, figsize=(13, 5.5))
labels, values, colors, hatches = [], [], [], []
for row in times:
    labels.append(f"{row['test']}\n{row['dtype']}, {row['machine']}")
    values.append(float(row["median_ms"]))
    colors.append("tab:green" if row["test"] == "einsum" else "tab:red")
    hatches.append("//" if int(row["rows_timed"]) < int(row["rows"]) else "")
x = np.arange(len(values))
# a linear axis: bar heights compare as the times do (on a log axis a 200x gap looked like 3x);
# the short bars are labelled with their times
bars = left.bar(x, values, color=colors)
for bar, hatch, v in zip(bars, hatches, values):
    bar.set_hatch(hatch)
    left.annotate(f"{v:,.1f} ms", (bar.get_x() + bar.get_width() / 2, v), xytext=(0, 3), textcoords="offset points",
                  ha="center", va="bottom", fontsize=8)
left.set_xticks(x)
left.set_xticklabels(labels, fontsize=7, rotation=45, ha="right")
left.set_ylim(0, max(values) * 1.15)
left.set_ylabel("time per call (ms, median)")
ratios = []
for dtype in dict.fromkeys(times["dtype"]):
    for machine in dict.fromkeys(times["machine"]):
        pick = (times["dtype"] == dtype) & (times["machine"] == machine)
        by_test = {str(r["test"]): float(r["median_ms"]) for r in times[pick]}
        if "einsum" in by_test and len(by_test) == 2:
            other = next(v for k, v in by_test.items() if k != "einsum")
            ratios.append(f"{dtype} on the {machine}: {other / by_test['einsum']:,.0f}x")
# two ratios a line: four on one line ran into the right panel's title
left.set_title("sum(matmul(A, B), axis 0) against einsum('ij,jk->...k')\neinsum takes less time: " +
               ",\n".join(", ".join(ratios[k:k + 2]) for k in range(0, len(ratios), 2)), fontsize=10)
if any(hatches):
    from matplotlib.patches import Patch
    left.legend(handles=[Patch(facecolor="white", edgecolor="black", hatch="//",
                               label="timed on the first rows of A, scaled to all of them")],
                loc="upper right", fontsize=8)

expressions = list(dict.fromkeys(plan["expression"]))
offset = 0
ticks, tick_labels = [], []
for expression in expressions:
    rows = plan[plan["expression"] == expression]
    for row in rows:
        naive = row["step"] == "naive"
        right.bar(offset, float(row["flops"]), color="0.6" if naive else "tab:blue")
        right.annotate(f"{float(row['flops']):.2g}", (offset, float(row["flops"])), xytext=(0, 3),
                       textcoords="offset points", ha="center", va="bottom", fontsize=7)
        ticks.append(offset)
        tick_labels.append(f"{expression}: {row['subscript']}")
        offset += 1
    offset += 1
right.set_xticks(ticks)
right.set_xticklabels(tick_labels, fontsize=7, rotation=45, ha="right")
right.set_yscale("log")
right.set_ylabel("operations (log scale)")
right.set_title("the planner's steps (blue) against the expression as written (grey)\n"
                "log scale: each grid line is 10x; the labels give the counts", fontsize=10)
fig.tight_layout()
save(fig, directory, "einsum")
