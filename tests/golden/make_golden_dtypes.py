#!/usr/bin/env python3
"""Goldens of xp's 14 dtypes (issue 18): NumPy 2's type promotion (NEP 50 weak Python
scalars), casting rules, iinfo/finfo, and the values of elementwise ops, reductions, mixed-dtype
arithmetic and astype for every dtype. Run with NumPy 2 (the venv; the script asserts 2.x):

    /work/venv-np2/bin/python tests/golden/make_golden_dtypes.py

It writes, into tests/golden/dtypes/:

* dtype_promotion.txt: '#' lines explain; then `A B R` for every ordered pair of the 14 dtypes
  (R = (np.ones(2, A) + np.ones(2, B)).dtype), `A pyint|pyfloat|pycomplex|pybool R` (R the dtype
  of np.ones(2, A) + 1 / + 1.0 / + 1j / + True) and `cast A B safe|same_kind 0|1`
  (np.can_cast(A, B, casting=...)). Names are NumPy's (`bool`, `int8`, ..., `complex128`).
* dtype_info.txt: `iinfo NAME bits min max` for the 8 integer dtypes and
  `finfo NAME bits eps max min smallest_normal smallest_subnormal resolution precision epsneg`
  for float16/32/64 and complex64/128 (NumPy gives the component float's values); every float
  is float.hex() of its float64 value (exact), bits and precision are decimal.
* dtypes_<tag>.npz, one per dtype (tags b1 i1 i2 i4 i8 u1 u2 u4 u8 f2 f4 f8 c8 c16), written
  by np.savez (not compressed); every member is C-contiguous and keeps NumPy's result dtype:
    a, b      7x9 inputs. Integers: drawn over the whole range of the type, with min, max, 0 (and
              -1) in row 0 of `a`, a row of small values (row 5) in both, b[0, 0] = -1 (signed:
              MIN // -1 and MIN % -1) and zeros in `b` (division/remainder by zero). bool: random.
              Floats: normal x 10**k (k in -3..3; float16: -2..2, so finite in float16), with nan,
              inf, -inf, -0.0, +0.0 in row 0 of `a` only. Complex: normal x 10**k (k in -2..1)
              for both parts, the first three of `a` (and of `b`) with a zero imaginary part; no
              specials, no zeros in `b`.
    p         7x9 positive values: integers 1..100, bool True, floats in (0.1, 100),
              complex with real part in (0.1, 100) and imaginary part in (-10, 10).
    e         7x9 small non-negative exponents: integers 0..5, bool random, floats in [0, 3),
              complex with real part in [0, 2) and imaginary part in [-1, 1).
    s         (integer dtypes only) shift counts: 0, width-1, width, width+3 (and -1, -3 for
              signed types) in row 0, the rest random in [0, width).
    results of, under np.errstate(all='ignore'), each recorded only where NumPy accepts the
    dtype (a TypeError records nothing; the script prints what was refused):
      binary on (a, b): add subtract multiply true_divide floor_divide remainder equal
        not_equal less less_equal greater greater_equal maximum minimum logical_and logical_or
        logical_xor bitwise_and bitwise_or bitwise_xor
      power: power(a, e) for bool and integers (wraps), power(p, e) for floats and complex
      left_shift(a, s), right_shift(a, s)
      unary on a: negative positive absolute sign square logical_not invert floor ceil trunc
        rint isnan isinf isfinite real imag conj angle
      sqrt log log1p: on p for every dtype
      exp: on p for bool/integers, on (0.01 * p).astype(dtype) for floats and complex
      sin cos tanh arctan expm1: on p for bool/integers, on a for floats and complex
      (real/imag/conj/angle are np.real, np.imag, np.conj, np.angle.)
    r         7x9 reduction input: integers and bool the same as `a`; floats normal;
              float16 uniform in [-2, 2); complex normal parts.
    q         (floats and complex only) 7x9 values near 1 (1 + 0.1 * normal per part), the input
              of prod_* for those dtypes (integers and bool take prod_* of `r`).
    sum_all sum_0 sum_1 prod_all prod_0 prod_1 mean_all mean_0 mean_1 var_all var_0 std_all
    std_1 min_all min_0 max_all max_1 argmin_all argmin_0 argmax_all argmax_1 any_all any_0
    all_all all_1 count_nonzero_all count_nonzero_0: np.<f>(r) (q for prod of floats/complex),
              `_all` over every axis (0-d), `_0`/`_1` along that axis. Kept as NumPy gives them
              (sum of int8 is int64, var of complex is real, count_nonzero_all is intp).
    mix_add_<tag2>, mix_mul_<tag2>: a + A2, a * A2 for every tag2 of the 14, A2 the other
              archive's `a` as stored.
    scalar_int = a + 3, scalar_float = a * 2.5, scalar_complex = a + (1+2j) (NEP 50 weak
              scalars; recorded where NumPy accepts them).
    c         7x9 astype input whose conversion to every target is defined on every platform:
              integers over their whole range (row 0: min, max, 0, 1, -1; row 1: small values;
              row 2: values at float16/float32/float64 rounding ties where they fit); floats in
              [0, 127) with fractions (127 keeps float -> int8 in range; no negatives, nan or
              out-of-range values) and exact zeros and rounding ties for float16 and float32;
              complex: such real parts (two of them 0) and nonzero imaginary parts; bool random.
    astype_<tag2>: c.astype(<tag2's dtype>) for every tag2 of the 14 (complex -> real drops
              the imaginary part; the ComplexWarning is silenced).

The seed is fixed; the outputs are committed (the C++ tests never run Python). The .npy files of
the new dtypes for the reader tests (npy_dt_{f2,c8,c16}_{le,be}) come from make_golden_npy.py.
"""
import os
import warnings

import numpy as np

assert np.__version__.split(".")[0] == "2", f"run with NumPy 2, not {np.__version__}"

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dtypes")
os.makedirs(out, exist_ok=True)

TAGS = {"b1": np.bool_, "i1": np.int8, "i2": np.int16, "i4": np.int32, "i8": np.int64,
        "u1": np.uint8, "u2": np.uint16, "u4": np.uint32, "u8": np.uint64,
        "f2": np.float16, "f4": np.float32, "f8": np.float64, "c8": np.complex64, "c16": np.complex128}
DT = {tag: np.dtype(t) for tag, t in TAGS.items()}
SHAPE = (7, 9)


def kind(dt):
    if dt == np.bool_:
        return "b"
    if np.issubdtype(dt, np.signedinteger):
        return "i"
    if np.issubdtype(dt, np.unsignedinteger):
        return "u"
    if np.issubdtype(dt, np.floating):
        return "f"
    return "c"


def component(dt):
    """The real dtype of a complex dtype's parts (the dtype itself otherwise)."""
    return np.dtype(np.float32) if dt == np.complex64 else np.dtype(np.float64) if dt == np.complex128 else dt


# ---- 1. promotion and casting ----------------------------------------------------------------
names = [DT[t].name for t in TAGS]
lines = ["# NumPy %s type promotion, written by make_golden_dtypes.py" % np.__version__,
         "# A B R: R = (np.ones(2, A) + np.ones(2, B)).dtype, every ordered pair of the 14 dtypes",
         "# A pyint|pyfloat|pycomplex|pybool R: R = (np.ones(2, A) + 1 / 1.0 / 1j / True).dtype (NEP 50)",
         "# cast A B safe|same_kind 0|1: np.can_cast(A, B, casting=...)"]
for A in names:
    for B in names:
        lines.append(f"{A} {B} {(np.ones(2, A) + np.ones(2, B)).dtype.name}")
for A in names:
    for label, scalar in (("pyint", 1), ("pyfloat", 1.0), ("pycomplex", 1j), ("pybool", True)):
        lines.append(f"{A} {label} {(np.ones(2, A) + scalar).dtype.name}")
for A in names:
    for B in names:
        for casting in ("safe", "same_kind"):
            lines.append(f"cast {A} {B} {casting} {int(np.can_cast(np.dtype(A), np.dtype(B), casting=casting))}")
with open(os.path.join(out, "dtype_promotion.txt"), "w") as f:
    f.write("\n".join(lines) + "\n")

# ---- 2. iinfo / finfo ------------------------------------------------------------------------
lines = ["# NumPy %s iinfo and finfo, written by make_golden_dtypes.py" % np.__version__,
         "# iinfo NAME bits min max",
         "# finfo NAME bits eps max min smallest_normal smallest_subnormal resolution precision epsneg",
         "# (floats as float.hex() of the float64 value; complex rows give the component float's values)"]
for tag in ("i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8"):
    ii = np.iinfo(DT[tag])
    lines.append(f"iinfo {DT[tag].name} {ii.bits} {ii.min} {ii.max}")
for tag in ("f2", "f4", "f8", "c8", "c16"):
    fi = np.finfo(DT[tag])
    h = lambda v: float(v).hex()  # noqa: E731
    lines.append(f"finfo {DT[tag].name} {fi.bits} {h(fi.eps)} {h(fi.max)} {h(fi.min)} {h(fi.smallest_normal)} "
                 f"{h(fi.smallest_subnormal)} {h(fi.resolution)} {fi.precision} {h(fi.epsneg)}")
with open(os.path.join(out, "dtype_info.txt"), "w") as f:
    f.write("\n".join(lines) + "\n")

# ---- 3. the per-dtype archives: inputs -------------------------------------------------------
rng = np.random.default_rng(20260118)


def whole_range(dt, shape):
    ii = np.iinfo(dt)
    return rng.integers(ii.min, ii.max, size=shape, dtype=dt, endpoint=True)


def floats(dt, lo_exp, hi_exp):
    v = rng.standard_normal(SHAPE) * 10.0 ** rng.integers(lo_exp, hi_exp + 1, SHAPE)
    return v.astype(dt)


def complexes(dt, lo_exp, hi_exp):
    ct = component(dt)
    z = np.empty(SHAPE, dtype=dt)
    z.real = floats(ct, lo_exp, hi_exp)
    z.imag = floats(ct, lo_exp, hi_exp)
    return z


ROUND_TIES_INT = [2049, 2051, 4097, -2049, 16777217, 16777219, -16777217, 2**53 + 1, 2**53 + 3, -(2**53) - 1,
                  2**63 - 1, 2**64 - 1]


def make_inputs(tag):
    dt = DT[tag]
    k = kind(dt)
    m = {}
    if k == "b":
        m["a"] = rng.integers(0, 2, SHAPE).astype(dt)
        m["b"] = rng.integers(0, 2, SHAPE).astype(dt)
        m["p"] = np.ones(SHAPE, dtype=dt)
        m["e"] = rng.integers(0, 2, SHAPE).astype(dt)
        m["r"] = m["a"].copy()
        m["c"] = rng.integers(0, 2, SHAPE).astype(dt)
    elif k in "iu":
        ii = np.iinfo(dt)
        a = whole_range(dt, SHAPE)
        b = whole_range(dt, SHAPE)
        lo = -20 if k == "i" else 0
        a[5] = rng.integers(lo, 21, SHAPE[1])  # small values: the signs of floor_divide/remainder
        b[5] = rng.integers(lo, 21, SHAPE[1])
        b[5, 0] = 7 if k == "u" else -7
        a[0, :4] = [ii.min, ii.max, 0, -1 if k == "i" else 1]
        a[0, 4] = ii.min
        b[0, :5] = [-1 if k == "i" else 1, ii.max, ii.max, ii.min if k == "i" else 3, 0]
        for i, j in ((1, 3), (3, 8), (4, 0), (6, 5)):
            b[i, j] = 0  # division and remainder by zero
        b[5, 4] = 0
        m["a"], m["b"] = a, b
        m["p"] = rng.integers(1, 101, SHAPE).astype(dt)
        m["e"] = rng.integers(0, 6, SHAPE).astype(dt)
        width = ii.bits
        s = rng.integers(0, width, SHAPE).astype(dt)
        s[0, :4] = [0, width - 1, width, width + 3]
        if k == "i":
            s[0, 4:6] = [-1, -3]
        m["s"] = s
        m["r"] = a.copy()
        c = whole_range(dt, SHAPE)
        c[0, :5] = [ii.min, ii.max, 0, 1, -1 if k == "i" else 2]
        c[1] = rng.integers(max(ii.min, -300), min(ii.max, 300) + 1, SHAPE[1])
        ties = [v for v in ROUND_TIES_INT if ii.min <= v <= ii.max][:SHAPE[1]]
        c[2, :len(ties)] = ties
        m["c"] = c
    elif k == "f":
        lo_exp, hi_exp = (-2, 2) if dt == np.float16 else (-3, 3)
        a = floats(dt, lo_exp, hi_exp)
        a[0, :5] = [np.nan, np.inf, -np.inf, -0.0, 0.0]
        m["a"] = a
        m["b"] = floats(dt, lo_exp, hi_exp)
        assert not np.any(m["b"] == 0) and np.all(np.isfinite(m["b"]))
        m["p"] = rng.uniform(0.1, 100.0, SHAPE).astype(dt)
        m["e"] = rng.uniform(0.0, 3.0, SHAPE).astype(dt)
        if dt == np.float16:
            m["r"] = rng.uniform(-2.0, 2.0, SHAPE).astype(dt)
        else:
            m["r"] = rng.standard_normal(SHAPE).astype(dt)
        m["q"] = (1.0 + 0.1 * rng.standard_normal(SHAPE)).astype(dt)
        c = rng.uniform(0.0, 127.0, SHAPE)
        c[0, :8] = [0.0, 0.0, 1 + 2.0**-11, 1 + 3 * 2.0**-11, 1 + 2.0**-24, 1 + 3 * 2.0**-24, 2.5, 126.99]
        c[3, 3] = 0.0
        m["c"] = c.astype(dt)
    else:
        ct = component(dt)
        a = complexes(dt, -2, 1)
        a.imag[0, :3] = 0.0
        m["a"] = a
        b = complexes(dt, -2, 1)
        b.imag[0, :3] = 0.0
        m["b"] = b
        assert not np.any(b.real == 0)
        p = np.empty(SHAPE, dtype=dt)
        p.real = rng.uniform(0.1, 100.0, SHAPE).astype(ct)
        p.imag = rng.uniform(-10.0, 10.0, SHAPE).astype(ct)
        m["p"] = p
        e = np.empty(SHAPE, dtype=dt)
        e.real = rng.uniform(0.0, 2.0, SHAPE).astype(ct)
        e.imag = rng.uniform(-1.0, 1.0, SHAPE).astype(ct)
        m["e"] = e
        r = np.empty(SHAPE, dtype=dt)
        r.real = rng.standard_normal(SHAPE).astype(ct)
        r.imag = rng.standard_normal(SHAPE).astype(ct)
        m["r"] = r
        q = np.empty(SHAPE, dtype=dt)
        q.real = (1.0 + 0.1 * rng.standard_normal(SHAPE)).astype(ct)
        q.imag = (0.1 * rng.standard_normal(SHAPE)).astype(ct)
        m["q"] = q
        c = np.empty(SHAPE, dtype=dt)
        cr = rng.uniform(0.0, 127.0, SHAPE)
        cr[0, :4] = [0.0, 0.0, 1 + 2.0**-11, 1 + 2.0**-24]
        c.real = cr.astype(ct)
        ci = rng.uniform(0.5, 5.0, SHAPE) * rng.choice([-1.0, 1.0], SHAPE)
        c.imag = ci.astype(ct)
        assert np.all(c.imag != 0)
        m["c"] = c
    for name, v in m.items():
        assert v.dtype == dt and v.shape == SHAPE, (tag, name, v.dtype)
    return m


inputs = {tag: make_inputs(tag) for tag in TAGS}

# ---- 3. the per-dtype archives: results ------------------------------------------------------
BINARY = ["add", "subtract", "multiply", "true_divide", "floor_divide", "remainder"]
COMPARE_LOGIC = ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "maximum", "minimum",
                 "logical_and", "logical_or", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor"]
UNARY_A = ["negative", "positive", "absolute", "sign", "square", "logical_not", "invert",
           "floor", "ceil", "trunc", "rint", "isnan", "isinf", "isfinite"]
OTHER = {"real": np.real, "imag": np.imag, "conj": np.conj, "angle": np.angle}
TRANSCENDENTAL = ["sin", "cos", "tanh", "arctan", "expm1"]
REDUCTIONS = [  # (member, function, keyword arguments)
    ("sum_all", np.sum, {}), ("sum_0", np.sum, {"axis": 0}), ("sum_1", np.sum, {"axis": 1}),
    ("prod_all", np.prod, {}), ("prod_0", np.prod, {"axis": 0}), ("prod_1", np.prod, {"axis": 1}),
    ("mean_all", np.mean, {}), ("mean_0", np.mean, {"axis": 0}), ("mean_1", np.mean, {"axis": 1}),
    ("var_all", np.var, {}), ("var_0", np.var, {"axis": 0}),
    ("std_all", np.std, {}), ("std_1", np.std, {"axis": 1}),
    ("min_all", np.min, {}), ("min_0", np.min, {"axis": 0}),
    ("max_all", np.max, {}), ("max_1", np.max, {"axis": 1}),
    ("argmin_all", np.argmin, {}), ("argmin_0", np.argmin, {"axis": 0}),
    ("argmax_all", np.argmax, {}), ("argmax_1", np.argmax, {"axis": 1}),
    ("any_all", np.any, {}), ("any_0", np.any, {"axis": 0}),
    ("all_all", np.all, {}), ("all_1", np.all, {"axis": 1}),
    ("count_nonzero_all", np.count_nonzero, {}), ("count_nonzero_0", np.count_nonzero, {"axis": 0}),
]

warnings.simplefilter("error")  # a warning other than the ones silenced below is a surprise
refused = {}  # tag -> members NumPy refused (TypeError)
skipped = {}  # tag -> members not attempted (bool and inexact dtypes have no `s`)


def build(tag):
    dt = DT[tag]
    k = kind(dt)
    m = dict(inputs[tag])
    a, b, p, e = m["a"], m["b"], m["p"], m["e"]
    no = refused.setdefault(tag, [])

    def rec(name, fn):
        try:
            with np.errstate(all="ignore"):
                v = fn()
        except TypeError:
            no.append(name)
            return
        m[name] = v

    for name in BINARY + COMPARE_LOGIC:
        rec(name, lambda f=getattr(np, name): f(a, b))
    rec("power", lambda: np.power(a if k in "biu" else p, e))
    if "s" in m:
        rec("left_shift", lambda: np.left_shift(a, m["s"]))
        rec("right_shift", lambda: np.right_shift(a, m["s"]))
    else:
        skipped[tag] = ["left_shift", "right_shift"]  # no shift counts `s`: not an integer dtype
    for name in UNARY_A:
        rec(name, lambda f=getattr(np, name): f(a))
    for name in ("sqrt", "log", "log1p"):
        rec(name, lambda f=getattr(np, name): f(p))
    rec("exp", lambda: np.exp(p if k in "biu" else (0.01 * p).astype(dt)))
    for name in TRANSCENDENTAL:
        rec(name, lambda f=getattr(np, name): f(p if k in "biu" else a))
    for name, f in OTHER.items():
        rec(name, lambda f=f: f(a))
    for name, f, kw in REDUCTIONS:
        src = m["q"] if name.startswith("prod") and "q" in m else m["r"]
        rec(name, lambda f=f, kw=kw, src=src: f(src, **kw))
    for tag2 in TAGS:
        a2 = inputs[tag2]["a"]
        rec(f"mix_add_{tag2}", lambda a2=a2: a + a2)
        rec(f"mix_mul_{tag2}", lambda a2=a2: a * a2)
    rec("scalar_int", lambda: a + 3)
    rec("scalar_float", lambda: a * 2.5)
    rec("scalar_complex", lambda: a + (1 + 2j))
    for tag2, dt2 in DT.items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
            rec(f"astype_{tag2}", lambda dt2=dt2: m["c"].astype(dt2))
    # 0-d results as 0-d arrays, views (np.real/np.imag of complex) made C-contiguous
    m = {name: np.array(v, order="C") for name, v in m.items()}
    path = os.path.join(out, f"dtypes_{tag}.npz")
    np.savez(path, **m)
    return m


written = {tag: build(tag) for tag in TAGS}

# ---- check: every member is written, refused or not attempted; everything loads back ------------
ALL = (BINARY + COMPARE_LOGIC + ["power", "left_shift", "right_shift"] + UNARY_A + ["sqrt", "log", "log1p", "exp"]
       + TRANSCENDENTAL + list(OTHER) + [name for name, _, _ in REDUCTIONS]
       + [f"mix_{op}_{t}" for t in TAGS for op in ("add", "mul")] + ["scalar_int", "scalar_float", "scalar_complex"]
       + [f"astype_{t}" for t in TAGS])
for tag, m in written.items():
    results = set(m) - set(inputs[tag])
    assert results.isdisjoint(refused[tag]) and results.isdisjoint(skipped.get(tag, [])), tag
    assert results | set(refused[tag]) | set(skipped.get(tag, [])) == set(ALL), tag

# ---- check: everything loads back, C-contiguous, equal to what was computed ----------------------
for tag, m in written.items():
    with np.load(os.path.join(out, f"dtypes_{tag}.npz")) as z:
        assert sorted(z.files) == sorted(m), tag
        for name in z.files:
            v = z[name]
            assert v.flags.c_contiguous, (tag, name)
            assert v.dtype == m[name].dtype and v.shape == m[name].shape, (tag, name)
            assert np.array_equal(v, m[name], equal_nan=True), (tag, name)
            assert v.tobytes() == m[name].tobytes(), (tag, name)
    print(f"dtypes_{tag}.npz: {len(m)} members; refused by NumPy: {' '.join(refused[tag]) or '-'}"
          + (f"; not attempted (no s): {' '.join(skipped[tag])}" if tag in skipped else ""))
