#!/usr/bin/env python3
"""The first program a NumPy user writes from habit (issue 35), run by NumPy 2; tests/
test_first_program.cpp runs the same lines with xp on each backend and must print the same text.

    /work/venv-np2/bin/python tests/golden/make_golden_first_program.py

Writes tests/golden/first_program/a.npy (the input, a 4 x 5 float64 array the program loads
without naming its dtype) and tests/golden/first_program/printed.txt (what the program prints,
one labelled line per print).
"""
import os

import numpy as np

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "first_program")
os.makedirs(here, exist_ok=True)
rng = np.random.default_rng(35)
# quarters: every sum and mean below is exact, so any summation order prints the same digits
np.save(os.path.join(here, "a.npy"), np.round(rng.uniform(0.0, 10.0, (4, 5)) * 4) / 4)

lines = []


def show(label, value):
    lines.append(f"{label}: {value}")


# --- the program -------------------------------------------------------------------------------
loaded = np.load(os.path.join(here, "a.npy"))  # whatever dtype the file holds
show("dtype", loaded.dtype)
show("shape", loaded.shape)
show("loaded.sum()", loaded.sum())
show("loaded * 2 - 1", loaded * 2 - 1)
a = loaded.copy()
show("a", a)
sel = a[a > 5.0]  # a selection kept in a variable: a copy
show("sel", sel)
show("sel.shape", sel.shape)
show("sel.sum()", sel.sum())
show("sel * 2 + 1", sel * 2 + 1)
a[a > 9.0] = 0.0  # written through; sel keeps its values
show("after a[a > 9] = 0", a)
show("sel.max()", sel.max())
show("a[3]", a[3])
show("a[1][2]", a[1][2])
idx = np.array([2, 0, 2])
show("a[idx]", a[idx])
a[idx] += 1  # a repeated index adds once
a[a < 1.0] *= 10
show("after compound", a)
show("a[a > 5].sum()", a[a > 5.0].sum())
show("a.mean(axis=0)", a.mean(axis=0))
show("a[:, 1]", a[:, 1])
# --- end ---------------------------------------------------------------------------------------

with open(os.path.join(here, "printed.txt"), "w") as f:
    f.write("\n".join(lines) + "\n")
print("\n".join(lines))
