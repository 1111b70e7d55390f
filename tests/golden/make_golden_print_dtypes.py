#!/usr/bin/python3
"""Writes print/print_dtypes_golden.txt: NumPy's str() and repr() of arrays of the 8 dtypes issue 18
adds to xp's printing (int8 int16 uint16 uint32 uint64 float16 complex64 complex128), in the
record format of print_golden.txt (make_golden_print.py); tests never run Python. Run with
Debian's NumPy 1.24, like the other print goldens:

    /usr/bin/python3 tests/golden/make_golden_print_dtypes.py

and, to list the cases NumPy 2 prints differently (it writes nothing then):

    /work/venv-np2/bin/python tests/golden/make_golden_print_dtypes.py --compare

Each case is four records:
  case NAME DTYPE NDIM EXTENTS...
  values N V0 V1 ...      the values in C order, N tokens:
                            integers (int8 int16 uint16 uint32 uint64): decimal, one token per
                              element (uint64 values up to 18446744073709551615: read them
                              unsigned);
                            float16: the 16 bits of each element as 4 lower-case hex digits
                              (e.g. 3c00 is 1.0, 7e00 NumPy's nan);
                            complex64: TWO tokens per element, the 32 bits of the real part then
                              of the imaginary part, 8 hex digits each (N = 2 x size);
                            complex128: likewise with the 64 bits of each part, 16 hex digits
                              each (N = 2 x size).
  str L                   followed by the L lines of str(array)
  repr L                  followed by the L lines of repr(array)
under NumPy's default print options (precision 8, threshold 1000, edgeitems 3, linewidth 75).
Every input is deterministic (a fixed seed); the file is committed.
"""
import os
import sys

import numpy as np

compare = "--compare" in sys.argv[1:]
if not compare:
    assert np.__version__.startswith("1.24"), np.__version__
np.set_printoptions()  # the defaults

i1, i2, u2, u4, u8 = np.int8, np.int16, np.uint16, np.uint32, np.uint64
f2, c8, c16 = np.float16, np.complex64, np.complex128
DTYPES = (i1, i2, u2, u4, u8, f2, c8, c16)


def values_of(a):
    flat = a.ravel()
    if a.dtype == f2:
        return [f"{v:04x}" for v in flat.view(np.uint16).tolist()]
    if a.dtype == c8:  # the view interleaves real, imag
        return [f"{v:08x}" for v in flat.view(np.uint32).tolist()]
    if a.dtype == c16:
        return [f"{v:016x}" for v in flat.view(np.uint64).tolist()]
    assert a.dtype.kind in "iu", a.dtype
    return [str(int(v)) for v in flat.tolist()]


def case(name, a):
    a = np.array(a, order="C")  # keeps 0-d arrays 0-d
    assert a.dtype in DTYPES, (name, a.dtype)
    return name, a


def record(name, a):
    values = values_of(a)
    assert len(values) == a.size * (2 if a.dtype.kind == "c" else 1)
    text, rtext = str(a).split("\n"), repr(a).split("\n")
    return "\n".join([f"case {name} {a.dtype} {a.ndim}" + "".join(f" {n}" for n in a.shape),
                      f"values {len(values)}" + "".join(f" {v}" for v in values),
                      f"str {len(text)}", *text, f"repr {len(rtext)}", *rtext]) + "\n"


def cplx(dt, re, im):
    z = np.empty(np.broadcast(np.asarray(re), np.asarray(im)).shape, dtype=dt)
    z.real, z.imag = re, im
    return z


rng = np.random.default_rng(20261125)
nan, inf = np.nan, np.inf
cases = []

# ---- integers: small 1-D, 2-D, 3-D, 0-d, empty, extremes, wrapping, summarised ----------------
for dt, tag in ((i1, "i1"), (i2, "i2"), (u2, "u2"), (u4, "u4"), (u8, "u8")):
    ii = np.iinfo(dt)
    signed = ii.min < 0
    cases += [
        case(f"{tag}_small", np.array([-3, 0, 5] if signed else [3, 0, 5], dtype=dt)),
        case(f"{tag}_2d", (np.arange(12) - (6 if signed else 0)).astype(dt).reshape(3, 4)),
        case(f"{tag}_3d", np.arange(24).astype(dt).reshape(2, 3, 4)),
        case(f"{tag}_0d", np.array(ii.max if dt != i1 else -7, dtype=dt)),
        case(f"{tag}_0d_min", np.array(ii.min, dtype=dt)),
        case(f"{tag}_empty", np.zeros(0, dtype=dt)),
        case(f"{tag}_empty_2x0", np.zeros((2, 0), dtype=dt)),
        case(f"{tag}_extremes", np.array([ii.min, ii.max, 0, 1] + ([-1] if signed else [ii.max - 1]), dtype=dt)),
        case(f"{tag}_extremes_2d", np.array([[ii.min, 1], [ii.max, 0]], dtype=dt)),
        case(f"{tag}_random", rng.integers(ii.min, ii.max, 12, dtype=dt, endpoint=True)),
        case(f"{tag}_wrap", rng.integers(ii.min, ii.max, 40, dtype=dt, endpoint=True)),
        case(f"{tag}_wrap_2d", rng.integers(ii.min, ii.max, (3, 30), dtype=dt, endpoint=True)),
        case(f"{tag}_summary", np.arange(2000, dtype=np.int64).astype(dt)),  # wraps modulo 2**bits
        case(f"{tag}_summary_2d", rng.integers(ii.min, ii.max, (40, 30), dtype=dt, endpoint=True)),
    ]

# ---- float16 ---------------------------------------------------------------------------------
fi = np.finfo(f2)
cases += [
    case("f2_small", np.array([1.5, 2.25, -3.0], dtype=f2)),
    case("f2_tenths", np.array([0.1, 0.2, 0.3], dtype=f2)),  # unique repr of float16 values
    case("f2_thirds", np.array([1 / 3, 2 / 3, 1.0], dtype=f2)),
    case("f2_arange", np.arange(5, dtype=f2)),
    case("f2_2d", (np.arange(12, dtype=f2) / f2(4)).reshape(3, 4)),
    case("f2_3d", np.linspace(-1, 1, 12).astype(f2).reshape(2, 3, 2)),
    case("f2_random", rng.standard_normal(8).astype(f2)),
    case("f2_random_2d", rng.standard_normal((4, 5)).astype(f2)),
    case("f2_0d", np.array(0.1, dtype=f2)),
    case("f2_0d_int", np.array(3.0, dtype=f2)),
    case("f2_0d_max", np.array(fi.max, dtype=f2)),
    case("f2_0d_nan", np.array(nan, dtype=f2)),
    case("f2_0d_subnormal", np.array(fi.smallest_subnormal, dtype=f2)),
    case("f2_0d_small", np.array(1e-4, dtype=f2)),
    case("f2_0d_999", np.array(999.5, dtype=f2)),
    case("f2_0d_1000", np.array(1000.0, dtype=f2)),  # 0-d float16 from 1000 up: NumPy 2 prints these
    case("f2_0d_2049", np.array(2049.0, dtype=f2)),  # in scientific notation, NumPy 1.24 does not
    case("f2_0d_neg", np.array(-1234.0, dtype=f2)),
    case("f2_0d_32768", np.array(32768.0, dtype=f2)),  # NumPy 1.24's str(): 32770.0, its repr(): 32768.
    case("f2_empty", np.zeros(0, dtype=f2)),
    case("f2_empty_0x3", np.zeros((0, 3), dtype=f2)),
    case("f2_extremes", np.array([fi.max, -fi.max, fi.smallest_normal, fi.smallest_subnormal], dtype=f2)),
    case("f2_subnormals", np.array([2.0**-24, 2.0**-20, 2.0**-15, 1.0], dtype=f2)),
    case("f2_nan_inf", np.array([nan, inf, -inf, 1.5], dtype=f2)),
    case("f2_negzero", np.array([0.0, -0.0, 1.0], dtype=f2)),
    case("f2_only_nan", np.array([nan, nan], dtype=f2)),
    case("f2_large_ints", np.array([2048, 2049, 65504, 1], dtype=f2)),  # 2049 is not a float16
    case("f2_sci", np.array([1e-5, 1.0, 60000.0], dtype=f2)),
    case("f2_sci_ratio", np.array([1.0, 1001.0], dtype=f2)),
    case("f2_eps", np.array([1.0, 1.0 + 2.0**-10, 1.0 - 2.0**-11], dtype=f2)),
    case("f2_wrap", np.linspace(-3, 3, 40).astype(f2)),
    case("f2_wrap_2d", rng.standard_normal((3, 20)).astype(f2)),
    case("f2_summary", np.arange(2000, dtype=f2)),  # float16 steps of 1 end at 2048
    case("f2_summary_2d", (rng.standard_normal((40, 30)) * 100).astype(f2)),
]

# ---- complex64 / complex128 ------------------------------------------------------------------
for dt, tag in ((c8, "c8"), (c16, "c16")):
    ft = np.float32 if dt == c8 else np.float64
    tiny = np.finfo(ft).smallest_subnormal
    big = np.finfo(ft).max
    cases += [
        case(f"{tag}_small", np.array([1 + 2j, -3.5 + 0j, -1j], dtype=dt)),
        case(f"{tag}_ints", np.array([1, 2, 3], dtype=dt)),
        case(f"{tag}_tenths", np.array([0.1 + 0.2j, 0.3 - 0.1j], dtype=dt)),
        case(f"{tag}_2d", cplx(dt, np.arange(6).reshape(2, 3) / 4, -np.arange(6).reshape(2, 3))),
        case(f"{tag}_3d", cplx(dt, np.arange(12).reshape(2, 3, 2), np.linspace(-1, 1, 12).reshape(2, 3, 2))),
        case(f"{tag}_random", cplx(dt, rng.standard_normal(6), rng.standard_normal(6))),
        case(f"{tag}_random_2d", cplx(dt, rng.standard_normal((3, 3)), rng.standard_normal((3, 3)))),
        case(f"{tag}_0d", np.array(1.5 - 2.25j, dtype=dt)),
        case(f"{tag}_0d_nan", np.array(complex(nan, -inf), dtype=dt)),
        case(f"{tag}_0d_sci", np.array(1e-7 + 3j, dtype=dt)),
        case(f"{tag}_0d_big", np.array(1e16 + 0j, dtype=dt)),
        case(f"{tag}_0d_mixed", np.array(1000 + 1e-5j, dtype=dt)),
        case(f"{tag}_0d_tenths", np.array(0.1 + 0.2j, dtype=dt)),
        case(f"{tag}_0d_negzero", np.array(complex(-0.0, -0.0), dtype=dt)),
        case(f"{tag}_0d_inf", np.array(complex(inf, nan), dtype=dt)),
        case(f"{tag}_empty", np.zeros(0, dtype=dt)),
        case(f"{tag}_empty_2x0", np.zeros((2, 0), dtype=dt)),
        case(f"{tag}_nan_inf", cplx(dt, [nan, inf, -inf, 1.0, nan, 0.0], [1.0, nan, 2.0, inf, nan, -inf])),
        case(f"{tag}_negzero", cplx(dt, [0.0, -0.0, -0.0, 1.0], [-0.0, 0.0, -0.0, -0.0])),
        case(f"{tag}_only_nan", cplx(dt, [nan, nan], [nan, nan])),
        case(f"{tag}_sci", np.array([1e-10 + 1e10j, 1 + 1j], dtype=dt)),
        case(f"{tag}_sci_real", np.array([1e-8 + 1j, 2 + 3j], dtype=dt)),  # only the real parts need it
        case(f"{tag}_sci_imag", np.array([1 + 1e9j, 2 - 3j], dtype=dt)),  # only the imaginary parts
        case(f"{tag}_sci_2d", cplx(dt, [[1e-10, 2.5], [3.0, 4e10]], [[1.0, -1e-3], [1e5, 0.0]])),
        case(f"{tag}_extremes", cplx(dt, [big, tiny, -big], [tiny, -big, 0.0])),
        case(f"{tag}_wrap", cplx(dt, np.linspace(0, 1, 20), np.linspace(-2, 2, 20))),
        case(f"{tag}_wrap_2d", cplx(dt, rng.standard_normal((2, 8)), rng.standard_normal((2, 8)))),
        case(f"{tag}_summary", cplx(dt, np.arange(1500), -np.arange(1500) / 8)),
        case(f"{tag}_summary_2d", cplx(dt, rng.standard_normal((40, 30)), rng.standard_normal((40, 30)) * 1e-3)),
    ]

names = [name for name, _ in cases]
assert len(set(names)) == len(names)
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "print", "print_dtypes_golden.txt")
os.makedirs(os.path.dirname(out), exist_ok=True)

if compare:
    def parse(text):
        """{name: the lines of its record}, read by the counts like the C++ reader."""
        lines, records, i = text.split("\n"), {}, 0
        while i < len(lines):
            if not lines[i].startswith("case "):
                i += 1
                continue
            start = i
            i += 2  # case, values
            for _ in ("str", "repr"):
                i += 1 + int(lines[i].split()[1])
            records[lines[start].split()[1]] = lines[start:i]
        return records

    with open(out) as f:
        golden = parse(f.read())
    assert list(golden) == names, "the file holds other cases: rerun with NumPy 1.24 first"
    differ = 0
    for name, a in cases:
        mine, theirs = record(name, a).rstrip("\n").split("\n"), golden[name]
        if mine != theirs:
            differ += 1
            print(f"--- {name}: NumPy 1.24 (the file) then NumPy {np.__version__}")
            print("\n".join(theirs[2:]))
            print("+++")
            print("\n".join(mine[2:]))
    print(f"{differ} of {len(cases)} cases print differently under NumPy {np.__version__}")
else:
    with open(out, "w") as f:
        f.write(f"# NumPy {np.__version__} str() and repr() of {len(cases)} arrays; written by "
                "make_golden_print_dtypes.py\n")
        f.writelines(record(name, a) for name, a in cases)
    print(f"wrote {len(cases)} cases to {out}")
