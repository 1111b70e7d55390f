#!/usr/bin/env python3
"""Golden of np.result_type over three dtypes at once (issue 35): NumPy finds the result of
several operands together (the category rule: np.result_type(int8, uint8, float16) is float16),
not by combining two at a time (which gives float32 there). Run with NumPy 2:

    /work/venv-np2/bin/python tests/golden/make_golden_result_type.py

It writes tests/golden/dtypes/result_type_triples.txt: '#' lines, then `A B C R` for every
unordered triple A <= B <= C of the 14 dtypes in NumPy's type-number order (560 rows), R =
np.result_type(A, B, C). The script asserts that the result does not depend on the order of the
operands, so one row serves all six orders; tests/test_dtypes_promotion.cpp reads it.
"""
import functools
import itertools
import os

import numpy as np

assert np.__version__.split(".")[0] == "2", f"run with NumPy 2, not {np.__version__}"

NAMES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
         "float16", "float32", "float64", "complex64", "complex128"]
DTYPES = [np.dtype(n) for n in NAMES]

lines = ["# NumPy %s np.result_type(A, B, C), written by make_golden_result_type.py" % np.__version__,
         "# A B C R for every triple A <= B <= C (NumPy's type-number order); the same for every order"]
differs = 0
for a, b, c in itertools.combinations_with_replacement(DTYPES, 3):
    r = np.result_type(a, b, c)
    assert all(np.result_type(*p) == r for p in itertools.permutations((a, b, c)))
    differs += functools.reduce(np.promote_types, (a, b, c)) != r
    lines.append(f"{a.name} {b.name} {c.name} {r.name}")
lines.insert(2, f"# {differs} of them differ from promoting two at a time")
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dtypes")
with open(os.path.join(out, "result_type_triples.txt"), "w") as f:
    f.write("\n".join(lines) + "\n")
print(len(lines) - 3, "triples,", differs, "differ from pairwise promotion")
