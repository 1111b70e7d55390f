"""What the tutorials' figure scripts share: reading a tutorial's data files and saving figures.

Each examples/plots/NN_name.py is run as `python3 examples/plots/NN_name.py DIR` (the tutorial
does it for you when matplotlib is installed) and reads the .npy / .csv files the tutorial wrote
into DIR, then writes its PNG figures next to them.
"""
import os
import sys

import matplotlib

matplotlib.use("Agg")  # files only: no display needed
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def data_dir():
    if len(sys.argv) != 2:
        sys.exit(f"usage: python3 {sys.argv[0]} DIR (the folder the tutorial wrote its data to)")
    return sys.argv[1]


def load(directory, name):
    """A .npy file the tutorial wrote (xp::save_npy)."""
    return np.load(os.path.join(directory, name + ".npy"))


def load_csv(directory, name):
    """A CSV file with a header row, as a structured array (columns by name; each column int,
    float or text, whichever all its values parse as; a single row gives a 0-d array, as
    np.genfromtxt does). Parsed here rather than by
    np.genfromtxt(dtype=None), whose type guessing differs between NumPy versions."""
    import csv

    with open(os.path.join(directory, name + ".csv"), newline="", encoding="utf-8") as f:
        rows = [row for row in csv.reader(f) if row]
    header, body = rows[0], rows[1:]
    columns = []
    for i in range(len(header)):
        values = [row[i] for row in body]
        for kind in (int, float):
            try:
                columns.append(np.array([kind(v) for v in values]))
                break
            except ValueError:
                continue
        else:
            columns.append(np.array(values, dtype=str))
    table = np.rec.fromarrays(columns, names=header)
    return table.reshape(()) if len(body) == 1 else table  # one row: fields are scalars


def save(fig, directory, name):
    path = os.path.join(directory, name + ".png")
    fig.savefig(path, dpi=120, bbox_inches="tight")
    plt.close(fig)
    print(f"  wrote {path}")
