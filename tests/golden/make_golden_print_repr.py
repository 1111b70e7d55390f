#!/usr/bin/python3
"""Writes print/print_repr_golden.txt and its inputs print/print_*.npy: NumPy's str() and repr() of arrays
under a set of print options, the oracle of xp::array_str, xp::repr and xp::set_printoptions
(tests/test_print.cpp reads them; the tests never run Python). Run with Debian's
python3-numpy (1.24):

    /usr/bin/python3 tests/golden/make_golden_print_repr.py

Each input array is saved as print_<input>.npy (xp::load_npy reads it on either backend); each
case is four records:
  case NAME DTYPE INPUT
  options [KEY=VALUE ...]   (np.set_printoptions keywords; sign=space stands for sign=' ')
  str L                     followed by the L lines of str(array)
  repr L                    followed by the L lines of repr(array)
Every case starts from NumPy's default print options. Every input is deterministic; the files
are committed.
"""
import os

import numpy as np

assert np.__version__.startswith("1.24"), np.__version__

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "print")
os.makedirs(here, exist_ok=True)
defaults = dict(precision=8, threshold=1000, edgeitems=3, linewidth=75, suppress=False, nanstr="nan",
                infstr="inf", sign="-", floatmode="maxprec")
np.set_printoptions(**defaults)

f8, f4, i4, i8, u1, b1 = np.float64, np.float32, np.int32, np.int64, np.uint8, np.bool_
rng = np.random.default_rng(20261124)
inputs = {}
records = []


def array(name, a):
    """Registers input `name` (saved as print_<name>.npy)."""
    a = np.asarray(a)
    assert a.dtype in (f8, f4, i4, i8, u1, b1), a.dtype
    assert name not in inputs, name
    inputs[name] = a
    return name


def case(name, input_name, **options):
    a = inputs[input_name]
    np.set_printoptions(**defaults)
    np.set_printoptions(**options)
    s, r = str(a), repr(a)
    np.set_printoptions(**defaults)
    opts = []
    for key, value in options.items():
        if key == "sign" and value == " ":
            value = "space"
        elif isinstance(value, bool):
            value = int(value)
        assert " " not in str(value), (key, value)
        opts.append(f"{key}={value}")
    lines = [f"case {name} {a.dtype} {input_name}", " ".join(["options"] + opts)]
    for tag, text in (("str", s), ("repr", r)):
        parts = text.split("\n")
        lines += [f"{tag} {len(parts)}", *parts]
    records.append("\n".join(lines) + "\n")
    return s, r


# ---- every dtype, default options -----------------------------------------------------------
array("f8", np.array([0.0, 1.5, -2.25, 1e3, 3.0]))
array("f4", np.array([0.1, 0.2, 0.3, -1.5], dtype=f4))
array("i4", np.array([-7, 0, 123, 45], dtype=i4))
array("i8", np.array([-(2**40), 5, 6, 7], dtype=i8))
array("u1", np.array([0, 7, 128, 255], dtype=u1))
array("b1", np.array([True, False, False, True]))
for dt in ("f8", "f4", "i4", "i8", "u1", "b1"):
    case(dt, dt)
array("f8_2d", np.arange(6, dtype=f8).reshape(2, 3) - 2.5)
array("f4_2d", (np.arange(6, dtype=f4).reshape(3, 2) / 3).astype(f4))
array("i4_2d", np.arange(-4, 8, dtype=i4).reshape(3, 4) * 11)
array("i8_2d", np.arange(6, dtype=i8).reshape(2, 3))
array("u1_2d", np.arange(200, 212, dtype=u1).reshape(4, 3))
array("b1_2d", np.array([[True, False, True], [False, False, True]]))
for dt in ("f8_2d", "f4_2d", "i4_2d", "i8_2d", "u1_2d", "b1_2d"):
    case(dt, dt)

# ---- 0-d: str() is the scalar's str (no options), repr() goes through the formatter ----------
scalars = {
    "f8": np.array(3.0), "f8_frac": np.array(0.1), "f8_neg": np.array(-2.5), "f8_negzero": np.array(-0.0),
    "f8_big": np.array(1e16), "f8_below_big": np.array(9999999999999998.0), "f8_small": np.array(1.5e-5),
    "f8_1e4": np.array(1e-4), "f8_nan": np.array(np.nan), "f8_inf": np.array(np.inf),
    "f8_neginf": np.array(-np.inf), "f8_pi": np.array(np.pi), "f8_1e20": np.array(1e20),
    "f4": np.array(0.1, dtype=f4), "f4_big": np.array(3e20, dtype=f4),
    "f4_int": np.array(52517712.0, dtype=f4), "f4_pi": np.array(np.pi, dtype=f4),
    "i4": np.array(-7, dtype=i4), "i8": np.array(2**62, dtype=i8), "u1": np.array(200, dtype=u1),
    "b1_true": np.array(True), "b1_false": np.array(False),
}
for name, a in scalars.items():
    array("0d_" + name, a)
    case("0d_" + name, "0d_" + name)
case("0d_f8_precision", "0d_f8_pi", precision=3)
case("0d_f8_sign_plus", "0d_f8", sign="+")
case("0d_f8_sign_space", "0d_f8", sign=" ")
case("0d_f8_nanstr", "0d_f8_nan", nanstr="NaN")
case("0d_f8_infstr", "0d_f8_neginf", infstr="Infinity")
case("0d_f4_fixed", "0d_f4", floatmode="fixed", precision=4)
case("0d_threshold_0", "0d_f8_pi", threshold=0)
case("0d_i4_threshold_0", "0d_i4", threshold=0)

# ---- empty arrays: "[]" for str; repr names the dtype (always) and the shape unless (0,) ------
for shape in [(0,), (0, 3), (2, 0), (2, 0, 3), (0, 0), (1, 0)]:
    for dt, t in (("f8", f8), ("f4", f4), ("i4", i4), ("i8", i8), ("u1", u1), ("b1", b1)):
        if shape in [(0,), (0, 3)] or dt in ("f8", "i4"):
            name = "empty_" + "x".join(map(str, shape)) + "_" + dt
            array(name, np.zeros(shape, dtype=t))
            case(name, name)

# ---- 3-D and more -------------------------------------------------------------------------
array("cube_i8", np.arange(24, dtype=i8).reshape(2, 3, 4))
array("cube_f4", np.linspace(-1, 1, 24, dtype=f4).reshape(2, 4, 3))
array("cube_b1", np.arange(12).reshape(3, 2, 2) % 3 == 0)
array("cube_u1", np.arange(12, dtype=u1).reshape(2, 2, 3))
array("four_d_i4", np.arange(36, dtype=i4).reshape(2, 3, 2, 3) - 10)
array("five_d_f8", np.arange(32, dtype=f8).reshape(2, 2, 2, 2, 2) / 8)
array("one_by_one_3d", np.array([[[7.5]]]))
for name in ("cube_i8", "cube_f4", "cube_b1", "cube_u1", "four_d_i4", "five_d_f8", "one_by_one_3d"):
    case(name, name)

# ---- summarised (more than 1000 elements) -----------------------------------------------------
array("big_f4", (rng.standard_normal(1500) * 100).astype(f4))
array("big_i4_2d", np.arange(40 * 30, dtype=i4).reshape(40, 30) - 600)
array("big_i8", np.arange(1001, dtype=i8) * 10**12)
array("big_u1", (np.arange(2000) % 256).astype(u1))
array("big_b1", np.arange(1200) % 7 == 0)
array("big_f4_3d", np.arange(10 * 10 * 11, dtype=f4).reshape(10, 10, 11) / 4)
array("big_rows_f8", np.arange(1010, dtype=f8).reshape(505, 2) / 7)
for name in ("big_f4", "big_i4_2d", "big_i8", "big_u1", "big_b1", "big_f4_3d", "big_rows_f8"):
    case(name, name)
case("big_f4_edgeitems_1", "big_f4", edgeitems=1)
case("big_f4_edgeitems_0", "big_f4", edgeitems=0)
case("big_i4_2d_edgeitems_5", "big_i4_2d", edgeitems=5)
case("big_u1_threshold_max", "big_u1", threshold=2**62)
case("big_f4_3d_edgeitems_2", "big_f4_3d", edgeitems=2, linewidth=50)

# ---- values: negatives, non-finite, magnitudes (the switch to scientific notation) ------------
values = {
    "negatives": np.array([-1.0, -22.5, -333.125, 4.0]),
    "nan_inf": np.array([np.nan, np.inf, -np.inf, 1.0, -2.5]),
    "only_nan": np.array([np.nan, np.nan]),
    "only_inf": np.array([np.inf, -np.inf], dtype=f4),
    "large": np.array([1e8, 1.0, 2.5]),
    "below_1e8": np.array([99999999.0, 1.5]),
    "tiny": np.array([1e-5, 1.0]),
    "ratio": np.array([1.0, 1000.5]),
    "huge_tiny": np.array([1.5e300, -2.5e-300, 3.0, 0.0]),
    "denormal": np.array([5e-324, -1e-310, 1.0]),
    "f4_extremes": np.array([np.finfo(f4).max, np.finfo(f4).tiny, -1.0], dtype=f4),
    "f4_large_ints": np.array([52517712.0, 99999992.0, 16777217.0, 3.5], dtype=f4),
    "f4_sci": np.array([1e-6, 3.0, 1e20, -0.1], dtype=f4),
    "powers_of_two": 2.0 ** np.arange(-30, 40, 7),
    "negzero": np.array([0.0, -0.0, 1.0]),
    "rounding": np.array([0.999999999, 1.000000004, 0.125, 2.5]),
    "small_mix": np.array([1e-10, -3e-9, 1.5, 250.0]),
    "i8_limits": np.array([-(2**63), 2**63 - 1, 0], dtype=i8),
    "i4_limits": np.array([-(2**31), 2**31 - 1], dtype=i4),
    "random_f8": rng.standard_normal(12) * 10.0 ** rng.integers(-3, 4, 12),
    "random_f4_2d": (rng.standard_normal((4, 5)) * 50).astype(f4),
}
for name, a in values.items():
    array(name, a)
    case(name, name)

# ---- line wrapping, repr's continuation indent and the dtype on a line of its own ------------
array("wrap_f8", np.arange(40, dtype=f8) * 1.5)
array("wrap_i4", np.arange(60, dtype=i4) * 1001)
array("wrap_2d_f4", np.linspace(0, 1, 60, dtype=f4).reshape(3, 20))
array("wrap_b1", np.arange(33) % 3 == 0)
for name in ("wrap_f8", "wrap_i4", "wrap_2d_f4", "wrap_b1"):
    case(name, name)
own_line = 0
for n in range(8, 40):  # arrays whose last repr line leaves no room for the dtype
    a = np.arange(n, dtype=f4) * 1.25
    if "\n      dtype" in repr(a) and own_line < 2:
        name = f"dtype_own_line_{n}"
        array(name, a)
        case(name, name)
        own_line += 1
assert own_line == 2
array("dtype_own_line_2d", np.arange(22, dtype=u1).reshape(2, 11) * 11)
_, r = case("dtype_own_line_2d", "dtype_own_line_2d", linewidth=40)
assert "\n      dtype" in r
_, r = case("dtype_own_line_width", "i4", linewidth=20)
assert "\n      dtype" in r

# ---- print options --------------------------------------------------------------------------
array("opt_f8", np.array([1.0, -2.123456789, 3.5e-3, 1234.5678, 0.0]))
array("opt_f4", np.array([0.1, -2.5, 1.0 / 3.0, 100.0], dtype=f4))
array("opt_small", np.array([1e-6, 4e-7, 2.0, -3.0]))
array("opt_nan", np.array([np.nan, 1.25, -np.inf, np.inf]))
array("opt_2d", np.arange(20, dtype=f8).reshape(4, 5) / 3 - 2)
array("opt_sci", np.array([1.5e-10, 2.0, 3.25e12]))
for name, input_name, options in [
    ("precision_3", "opt_f8", dict(precision=3)),
    ("precision_0", "opt_f8", dict(precision=0)),
    ("precision_0_halves", "rounding", dict(precision=0)),
    ("precision_12", "opt_f4", dict(precision=12)),
    ("precision_2_sci", "opt_sci", dict(precision=2)),
    ("suppress", "opt_small", dict(suppress=True)),
    ("suppress_precision_6", "opt_small", dict(suppress=True, precision=6)),
    ("suppress_large", "large", dict(suppress=True)),
    ("suppress_tiny", "small_mix", dict(suppress=True)),
    ("threshold_5", "opt_2d", dict(threshold=5)),
    ("threshold_5_edgeitems_1", "opt_2d", dict(threshold=5, edgeitems=1)),
    ("threshold_0_edgeitems_0", "opt_2d", dict(threshold=0, edgeitems=0)),
    ("threshold_0_int", "wrap_i4", dict(threshold=0, edgeitems=2)),
    ("threshold_0_cube", "cube_i8", dict(threshold=0, edgeitems=1)),
    ("linewidth_20", "opt_f8", dict(linewidth=20)),
    ("linewidth_40_2d", "opt_2d", dict(linewidth=40)),
    ("linewidth_120", "wrap_f8", dict(linewidth=120)),
    ("linewidth_1", "i4_2d", dict(linewidth=1)),
    ("sign_plus", "opt_f8", dict(sign="+")),
    ("sign_space", "opt_f4", dict(sign=" ")),
    ("sign_space_positive", "f8_2d", dict(sign=" ")),
    ("sign_space_only_positive", "wrap_f8", dict(sign=" ")),
    ("sign_plus_nan", "opt_nan", dict(sign="+")),
    ("sign_space_nan", "opt_nan", dict(sign=" ")),
    ("sign_plus_sci", "opt_sci", dict(sign="+")),
    ("sign_plus_int", "i4", dict(sign="+")),
    ("fixed", "opt_f8", dict(floatmode="fixed")),
    ("fixed_4", "opt_f4", dict(floatmode="fixed", precision=4)),
    ("fixed_sci", "opt_sci", dict(floatmode="fixed", precision=3)),
    ("unique", "opt_f8", dict(floatmode="unique")),
    ("unique_f4", "opt_f4", dict(floatmode="unique")),
    ("unique_sci", "f4_sci", dict(floatmode="unique")),
    ("maxprec_equal", "opt_f8", dict(floatmode="maxprec_equal", precision=4)),
    ("maxprec_equal_f4", "opt_f4", dict(floatmode="maxprec_equal")),
    ("maxprec_equal_f4_ints", "f4_large_ints", dict(floatmode="maxprec_equal", precision=3)),
    ("maxprec_equal_powers", "powers_of_two", dict(floatmode="maxprec_equal", precision=17)),
    ("nanstr_infstr", "opt_nan", dict(nanstr="NaN", infstr="Inf")),
    ("nanstr_long", "opt_nan", dict(nanstr="missing", infstr="infinity")),
    ("infstr_sign", "only_inf", dict(infstr="Infinity", sign="+")),
    ("combo_1", "opt_2d", dict(precision=2, sign="+", linewidth=30, floatmode="fixed")),
    ("combo_2", "big_f4", dict(precision=3, suppress=True, edgeitems=2, linewidth=60)),
    ("combo_3", "opt_nan", dict(precision=1, nanstr="?", sign=" ", floatmode="maxprec_equal")),
    ("combo_4", "cube_f4", dict(precision=2, threshold=10, edgeitems=1, sign="+")),
    ("combo_5", "big_i4_2d", dict(threshold=100, edgeitems=2, linewidth=50)),
]:
    case(name, input_name, **options)

# ---- write --------------------------------------------------------------------------------
for old in os.listdir(here):
    if old.startswith("print_") and old.endswith(".npy"):
        os.remove(os.path.join(here, old))
for name, a in inputs.items():
    np.save(os.path.join(here, f"print_{name}.npy"), a)
out = os.path.join(here, "print_repr_golden.txt")
with open(out, "w") as f:
    f.write(f"# NumPy {np.__version__} str() and repr() of {len(records)} cases; "
            "written by make_golden_print_repr.py\n")
    f.writelines(records)
print(f"wrote {len(records)} cases and {len(inputs)} inputs to {here}")
