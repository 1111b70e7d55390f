#!/usr/bin/env python3
"""Writes print/print_golden.txt: NumPy's str() and repr() of a set of arrays, the oracle of xp's
printing (tests/test_print.cpp reads it; tests never run Python). make_golden_print_repr.py
adds more cases, print options among them.

Each case is four records:
  case NAME DTYPE NDIM EXTENTS...
  values N V0 V1 ...      (C order; floats as the hex of their bits, so that nan, inf, -0.0
                           and float32 values travel exactly; integers and bools in decimal)
  str L                   followed by the L lines of str(array)
  repr L                  followed by the L lines of repr(array)
under NumPy's default print options. Run with NumPy 1.24:
  /usr/bin/python3 tests/golden/make_golden_print.py
"""
import os

import numpy as np

assert np.__version__.startswith("1.24"), np.__version__
np.set_printoptions()  # the defaults: precision 8, threshold 1000, edgeitems 3, linewidth 75


def case(name, a):
    a = np.asarray(a)
    if a.dtype == np.float64:
        values = [f"{v:016x}" for v in a.ravel().view(np.uint64).tolist()]
    elif a.dtype == np.float32:
        values = [f"{v:08x}" for v in a.ravel().view(np.uint32).tolist()]
    elif a.dtype == np.bool_:
        values = [int(v) for v in a.ravel().tolist()]
    else:
        values = [int(v) for v in a.ravel().tolist()]
    text = str(a).split("\n")
    rtext = repr(a).split("\n")
    return "\n".join([f"case {name} {a.dtype} {a.ndim}" + "".join(f" {n}" for n in a.shape),
                      f"values {len(values)}" + "".join(f" {v}" for v in values),
                      f"str {len(text)}", *text, f"repr {len(rtext)}", *rtext]) + "\n"


f8, f4 = np.float64, np.float32
rng = np.random.default_rng(20261123)
cases = [
    # floats, positional
    case("arange_f8", np.arange(3, dtype=f8)),
    case("halves", np.array([1.5, 2.25, -3.0])),
    case("linspace", np.linspace(0, 1, 7)),
    case("thirds", np.array([1 / 3, 2 / 3, 1.0])),
    case("tenths", np.array([0.1, 0.2, 0.1 + 0.2])),
    case("pi", np.array([np.pi, -np.e, 100.0])),
    case("negzero", np.array([0.0, -0.0, 1.0])),
    case("zeros_f8", np.zeros(4)),
    case("big_positional", np.array([12345678.5, 1.0, 99999999.0])),
    case("round_up", np.array([0.999999999, 1.000000004, 2.5])),
    case("min_1e4", np.array([1e-4, 0.05])),
    case("ratio_1e3", np.array([1.0, 1000.0])),
    case("random_f8", rng.standard_normal(10)),
    case("random_2d_f8", rng.standard_normal((4, 5))),
    # floats, scientific
    case("small", np.array([1e-5, 1.0])),
    case("ratio", np.array([1.0, 1001.0])),
    case("big", np.array([1e8, 1.0])),
    case("huge", np.array([1.5e300, -2.0e-300, 3.0])),
    case("sci_mixed", np.array([1.5e-5, 123456789.0, -1.0])),
    case("sci_random", rng.standard_normal(6) * 1e9),
    case("sci_2d", np.array([[1e-10, 2.5], [3.0, 4e10]])),
    # non-finite
    case("nan_inf", np.array([np.nan, np.inf, 1.0])),
    case("neginf", np.array([-np.inf, 1.5, np.nan])),
    case("only_nan", np.array([np.nan, np.nan])),
    case("nan_neginf", np.array([np.nan, -np.inf])),
    case("nan_sci", np.array([np.nan, 1e-7, 1.0])),
    # float32
    case("arange_f4", np.arange(5, dtype=f4)),
    case("tenth_f4", np.array([0.1, 0.2, 0.3], dtype=f4)),
    case("sin_f4", np.sin(np.arange(6, dtype=f4))),
    case("random_f4", rng.standard_normal(8).astype(f4)),
    case("sci_f4", np.array([1e-6, 3.0, 1e20], dtype=f4)),
    # integers and bools
    case("arange_i4", np.arange(6, dtype=np.int32)),
    case("neg_i8", np.array([-100, 5, 12345678901], dtype=np.int64)),
    case("matrix_i4", np.arange(6, dtype=np.int32).reshape(2, 3)),
    case("cube_i8", np.arange(24, dtype=np.int64).reshape(2, 3, 4)),
    case("four_d", np.arange(16, dtype=np.int32).reshape(2, 2, 2, 2)),
    case("uint8", np.array([0, 7, 255], dtype=np.uint8)),
    case("uint8_2d", np.arange(12, dtype=np.uint8).reshape(3, 4)),
    case("bools", np.array([True, False, True])),
    case("bools_2d", np.array([[True, False], [False, False]])),
    case("float_matrix", np.arange(6, dtype=f8).reshape(2, 3) / 4),
    case("float_cube", np.linspace(-1, 1, 12).reshape(2, 3, 2)),
    # 0-d arrays print their scalar
    case("scalar_f8", np.array(3.0)),
    case("scalar_f8_frac", np.array(0.1)),
    case("scalar_f8_big", np.array(1e16)),
    case("scalar_f8_small", np.array(1.5e-5)),
    case("scalar_f8_nan", np.array(np.nan)),
    case("scalar_f8_neginf", np.array(-np.inf)),
    case("scalar_f4", np.array(0.1, dtype=f4)),
    case("scalar_f4_big", np.array(3e20, dtype=f4)),
    case("scalar_i4", np.array(-7, dtype=np.int32)),
    case("scalar_u8", np.array(200, dtype=np.uint8)),
    case("scalar_bool", np.array(True)),
    case("scalar_bool_false", np.array(False)),
    # empty arrays
    case("empty_f8", np.zeros(0)),
    case("empty_i4", np.zeros(0, dtype=np.int32)),
    case("empty_2d", np.zeros((2, 0))),
    case("empty_0x3", np.zeros((0, 3), dtype=np.int64)),
    # line wrapping (width 75)
    case("wrap_f8", np.arange(40, dtype=f8)),
    case("wrap_i8", np.arange(100, dtype=np.int64) * 1000),
    case("wrap_2d", np.linspace(0, 1, 60).reshape(3, 20)),
    case("wrap_bool", np.arange(30) % 3 == 0),
    case("long_row_random", rng.standard_normal(20)),
    # summarisation beyond 1000 elements (edgeitems 3)
    case("summary_1d", np.arange(2000, dtype=f8)),
    case("summary_1d_i4", np.arange(1001, dtype=np.int32)),
    case("summary_2d", np.arange(1200, dtype=np.int64).reshape(40, 30)),
    case("summary_2d_rows", np.arange(2000, dtype=f8).reshape(1000, 2) / 7),
    case("summary_3d", np.arange(2 * 30 * 40, dtype=np.int32).reshape(2, 30, 40)),
    case("summary_3d_all", np.arange(10 * 10 * 11, dtype=f4).reshape(10, 10, 11)),
    case("summary_small_vals", (np.arange(1500, dtype=f8) - 3) * 1e-3),
    case("summary_bool", np.arange(3000) % 7 == 0),
    case("summary_wide_rows", np.arange(3 * 400, dtype=f8).reshape(3, 400) * 1e-3),
    # corners
    case("third_f4", np.array([1 / 3, 2 / 3, 10.0], dtype=f4)),
    case("ratio_f4", np.array([1.0, 1000.0001], dtype=f4)),
    case("edge_1e4_f4", np.array([1e-4, 1.0], dtype=f4)),
    case("denormal", np.array([5e-324, 1.0])),
    case("int64_limits", np.array([-(2**63), 2**63 - 1], dtype=np.int64)),
    case("sci_round", np.array([9.99999999999e5, 1e-3])),
    case("sci_neg", np.array([-1e-9, -2.5e9])),
    case("one", np.array([7.25])),
    case("one_by_one", np.array([[1]], dtype=np.int32)),
    case("column", np.arange(3, dtype=f8).reshape(3, 1) / 3),
    case("precise", np.array([123456.123456789, 0.5])),
    case("f4_max", np.array([np.finfo(f4).max, np.finfo(f4).tiny], dtype=f4)),
    case("no_summary_1000", np.arange(1000, dtype=np.uint8).reshape(10, 100)),
]

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "print", "print_golden.txt")
os.makedirs(os.path.dirname(out), exist_ok=True)
with open(out, "w") as f:
    f.write(f"# NumPy {np.__version__} str() and repr() of {len(cases)} arrays; written by make_golden_print.py\n")
    f.writelines(cases)
print(f"wrote {len(cases)} cases to {out}")
