#!/usr/bin/python3
"""Writes the golden files of xp's own .npy reader and writer (tests/test_npy.cpp). Run with
Debian's python3-numpy (1.24):

    /usr/bin/python3 tests/golden/make_golden_npy.py

Every file is tests/golden/io/npy_*.npy. Files the reader is tested on come with the values
they must load as: either `npy_<name>_expect.npy`, written C-order and little-endian (the
reader's plainest path), or values the test spells out itself. The `npy_written_*` files are
np.save's bytes, which xp::save_npy must reproduce exactly. The outputs are committed; the
tests never run Python. Every case is deterministic.
"""
import io
import os

import numpy as np

assert np.__version__.startswith("1.24"), "the writer goldens are NumPy 1.24's bytes"

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "io")
os.makedirs(out, exist_ok=True)


def path(name):
    return os.path.join(out, name + ".npy")


def save(name, a):
    """np.save as is: F-contiguous (and not C-contiguous) arrays are written in Fortran order."""
    np.save(path(name), a)
    back = np.load(path(name))
    assert back.dtype == a.dtype and back.shape == a.shape and np.array_equal(back, a, equal_nan=True)


def expect(name, a):
    """The values `name` must load as: C order, little-endian."""
    le = np.asarray(a).astype(np.asarray(a).dtype.newbyteorder("<"))
    np.save(path(name + "_expect"), np.array(le, order="C"))  # np.array keeps a 0-d array 0-d


def save_raw(name, header, data):
    """A file with a header NumPy would not choose itself (Fortran order for 0-d or empty)."""
    with open(path(name), "wb") as f:
        np.lib.format.write_array_header_1_0(f, header)
        f.write(data)


def header_length(name):
    with open(path(name), "rb") as f:
        prefix = f.read(12)
    return int.from_bytes(prefix[8:10] if prefix[6] == 1 else prefix[8:12], "little")


# ---- every dtype, little- and big-endian (the test spells these values out) -------------------
dtype_values = {
    "b1": [True, False, True, True, False, False],
    "i1": [0, 1, -1, 127, -128, 18],
    "i2": [0, 1, -2, 0x0102, -32768, 32767],
    "i4": [0, 1, -2, 0x01020304, -2**31, 2**31 - 1],
    "i8": [0, 1, -2, 0x0102030405060708, -2**63, 2**63 - 1],
    "u1": [0, 1, 2, 127, 128, 255],
    "u2": [0, 1, 0x0102, 32768, 65534, 65535],
    "u4": [0, 1, 0x01020304, 2**31, 2**32 - 2, 2**32 - 1],
    "u8": [0, 1, 0x0102030405060708, 2**63, 2**64 - 2, 2**64 - 1],
    "f4": [0.0, -1.5, 3.25, 2.0**-100, 1.5 * 2.0**100, -np.inf],  # exact: no rounding to agree on
    "f8": [0.0, -1.5, 3.25, 2.0**-1000, 1.5 * 2.0**1000, -np.inf],
    # issue 18's new dtypes; exact too (2**-20 is a float16 subnormal; the parts of a complex
    # value are the component float's, -0.0 included)
    "f2": [0.0, -1.5, 3.25, 2.0**-20, 1.5 * 2.0**10, -np.inf],
    "c8": [0j, complex(-1.5, 2.0), complex(3.25, -0.25), complex(2.0**-100, -1.5 * 2.0**100),
           complex(-np.inf, 1.0), complex(1.0, -0.0)],
    "c16": [0j, complex(-1.5, 2.0), complex(3.25, -0.25), complex(2.0**-1000, -1.5 * 2.0**1000),
            complex(-np.inf, 1.0), complex(1.0, -0.0)],
}
for code, values in dtype_values.items():
    for order, tag in (("<", "le"), (">", "be")):
        a = np.array(values, dtype=order + code).reshape(2, 3)
        save(f"npy_dt_{code}_{tag}", a)

# a bool file as NumPy writes it never holds other bytes than 0 and 1; the test crafts those

# ---- Fortran order ---------------------------------------------------------------------------
f2 = np.asfortranarray(np.arange(12, dtype=np.float64).reshape(3, 4) * 1.5 - 4)
save("npy_fortran_f8_2d", f2)
expect("npy_fortran_f8_2d", f2)
f3 = np.asfortranarray(np.arange(24, dtype=np.int32).reshape(2, 3, 4) * 7 - 50)
save("npy_fortran_i4_3d", f3)
expect("npy_fortran_i4_3d", f3)
f3be = np.asfortranarray((np.arange(60, dtype=np.int64).reshape(3, 4, 5) - 30) * 0x0102030405).astype(">i8")
assert f3be.flags.f_contiguous and not f3be.flags.c_contiguous
save("npy_fortran_be_i8_3d", f3be)
expect("npy_fortran_be_i8_3d", f3be)
f2be = np.asfortranarray(np.arange(15, dtype=np.float32).reshape(5, 3) / 4).astype(">f4")
save("npy_fortran_be_f4_2d", f2be)
expect("npy_fortran_be_f4_2d", f2be)
f4d = np.asfortranarray(np.arange(24, dtype=np.uint8).reshape(2, 3, 1, 4) * 10)
save("npy_fortran_u1_4d", f4d)
expect("npy_fortran_u1_4d", f4d)
fb = np.asfortranarray(np.arange(12).reshape(4, 3) % 3 == 1)
save("npy_fortran_b1_2d", fb)
expect("npy_fortran_b1_2d", fb)
fi2 = np.asfortranarray((np.arange(12, dtype=np.int16).reshape(3, 4) - 6) * 1000).astype(">i2")
save("npy_fortran_be_i2_2d", fi2)  # loads only with convert
expect("npy_fortran_be_i2_2d", fi2)
save_raw("npy_fortran_0d", {"descr": "<f8", "fortran_order": True, "shape": ()}, np.float64(-2.5).tobytes())
assert np.load(path("npy_fortran_0d")) == -2.5
save_raw("npy_fortran_empty", {"descr": "<f4", "fortran_order": True, "shape": (2, 0, 3)}, b"")
assert np.load(path("npy_fortran_empty")).shape == (2, 0, 3)
save_raw("npy_fortran_1d", {"descr": "<i8", "fortran_order": True, "shape": (5,)},
         np.arange(5, dtype="<i8").tobytes())
assert np.array_equal(np.load(path("npy_fortran_1d")), np.arange(5))

# ---- 0-d and empty ---------------------------------------------------------------------------
save("npy_0d_f8", np.array(3.5))
save("npy_0d_be_i4", np.array(-7, dtype=">i4"))
save("npy_empty_i4", np.zeros((0,), dtype=np.int32))
save("npy_empty_f4_3d", np.zeros((2, 0, 3), dtype=np.float32))

# ---- many axes: header lengths whose low byte is >= 0x80 --------------------------------------
shape20 = (1, 2, 1, 1, 3, 1, 1, 1, 2, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 2)
a20 = np.arange(np.prod(shape20), dtype=np.int64).reshape(shape20)
save("npy_axes20", a20)
assert header_length("npy_axes20") & 0xFF >= 0x80
a20f = np.asfortranarray(a20 * 3 - 7)
save("npy_axes20_fortran", a20f)
expect("npy_axes20_fortran", a20f)
assert header_length("npy_axes20_fortran") & 0xFF >= 0x80
shape32 = (1,) * 12 + (2, 1, 1, 3) + (1,) * 12 + (2, 1, 1, 2)
assert len(shape32) == 32
a32 = np.arange(np.prod(shape32), dtype=np.float64).reshape(shape32) / 8
save("npy_axes32", a32)
assert header_length("npy_axes32") & 0xFF >= 0x80

# ---- format versions 2.0 and 3.0 -------------------------------------------------------------
v2 = np.arange(6, dtype=np.float64).reshape(2, 3) - 2.25
with open(path("npy_v2_f8"), "wb") as f:
    np.lib.format.write_array(f, v2, version=(2, 0))
with open(path("npy_v3_i8"), "wb") as f:
    np.lib.format.write_array(f, np.arange(-4, 8, dtype=np.int64).reshape(3, 4), version=(3, 0))
with open(path("npy_v2_fortran_be_f4"), "wb") as f:
    np.lib.format.write_array(f, np.asfortranarray(v2.T.astype(">f4")), version=(2, 0))
expect("npy_v2_fortran_be_f4", v2.T.astype(np.float32))
for name, version in (("npy_v2_f8", 2), ("npy_v3_i8", 3), ("npy_v2_fortran_be_f4", 2)):
    with open(path(name), "rb") as f:
        assert f.read(8) == b"\x93NUMPY" + bytes([version, 0])

# ---- convert: astype of every source into each of xp's dtypes ---------------------------------
# Float sources hold values in every target's range here; NaN, infinities and out-of-range
# values follow xp's rule (convert.hpp), which the test computes itself from npy_conv_special_*.
targets = {"f4": np.float32, "f8": np.float64, "i4": np.int32, "i8": np.int64, "u1": np.uint8, "b1": np.bool_}
conv_sources = {
    "i1": [-128, -1, 0, 1, 100, 127],
    "i2": [-32768, -300, -1, 0, 255, 32767],
    "u2": [0, 1, 255, 256, 40000, 65535],
    "u4": [0, 1, 255, 70000, 2**31, 2**32 - 1],
    "u8": [0, 1, 2**32 + 5, 2**53 + 1, 2**63, 2**64 - 1],
    "i4": [-2**31, -1, 0, 255, 256, 2**31 - 1],
    "i8": [-2**63, -2**53 - 1, -1, 0, 2**31, 2**63 - 1],
    "u1": [0, 1, 127, 128, 200, 255],
    "b1": [True, False, True, False, False, True],
    "f4": [0.0, 0.5, 2.75, 99.9, 127.0, 1.25],
    "f8": [0.0, 0.5, 2.7, 99.9, 127.0, 1.25],
}
for code, values in conv_sources.items():
    src = np.array(values, dtype="<" + code).reshape(3, 2)
    save(f"npy_conv_{code}", src)
    for tcode, tdtype in targets.items():
        save(f"npy_conv_{code}_to_{tcode}", src.astype(tdtype))
    if code in ("i2", "u8", "f4"):
        save(f"npy_conv_{code}_be", src.astype(">" + code))
save("npy_conv_special_f8", np.array([np.nan, np.inf, -np.inf, 1e20, -1e20, 3e9, -3e9, 300.5, -0.9, -128.5,
                                      2.0**63, -2.0**63, 2.0**31, 1e39, -1e39], dtype=np.float64))
with np.errstate(over="ignore"):
    save("npy_conv_special_f4", np.array([np.nan, np.inf, -np.inf, 1e20, -1e20, 3e9, -3e9, 300.5, -0.9, -128.5,
                                          2.0**63, -2.0**63, 2.0**31], dtype=np.float32))

# ---- the writer: np.save's bytes for arrays the test builds with xp ----------------------------
save("npy_written_f64", np.arange(6.0).reshape(2, 3))
save("npy_written_f32", np.arange(5, dtype=np.float32) * np.float32(0.5))
save("npy_written_i32", np.arange(6, dtype=np.int32).reshape(3, 2))
save("npy_written_i64", np.arange(-3, 3, dtype=np.int64))
save("npy_written_u8", np.arange(250, 256, dtype=np.uint8))
save("npy_written_bool", np.array([True, False, True, True]))
save("npy_written_0d", np.array(2.5))
save("npy_written_empty_f4", np.zeros((2, 0, 3), dtype=np.float32))
save("npy_written_wide", np.zeros((123456789012, 0), dtype=np.float64))  # a 12-digit first extent
save("npy_written_axes32", np.arange(4, dtype=np.int64).reshape((1,) * 30 + (2, 2)))


# a header that fills its 64-byte block exactly gets a whole block of padding more
def padding_of(shape):
    f = io.BytesIO()
    np.save(f, np.zeros(shape, dtype=np.int32))
    raw = f.getvalue()
    header = raw[10:10 + int.from_bytes(raw[8:10], "little")]
    spaces = len(header.rstrip(b"\n")) - len(header.rstrip(b"\n").rstrip(b" "))
    return spaces - (21 - len(str(shape[0])))  # less NumPy's room to grow the first axis


full = next(s for k in range(0, 30) for j in range(0, 7) for s in [(1,) * k + (0, 10**j)] if padding_of(s) == 64)
save("npy_written_full_pad", np.zeros(full, dtype=np.int32))
print("npy_written_full_pad shape:", full)
