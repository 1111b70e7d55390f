#!/usr/bin/python3
"""Writes the golden files of tests/test_text_io.cpp: text files with what np.loadtxt reads
from them, what np.savetxt writes, and .npz archives from np.savez. Run with Debian's
python3-numpy (1.24):

    /usr/bin/python3 tests/golden/make_golden_text_io.py

Outputs, in tests/golden/io/ (all small, all committed; the tests never run Python; every case
is deterministic):
  loadtxt_<case>.txt   a text file           loadtxt_<case>.npy  np.loadtxt's result
  savetxt_<case>.npy   an array              savetxt_<case>.txt  np.savetxt's output
  npz_*.npz            archives from np.savez / np.savez_compressed
The options of each case are repeated in the test, next to its name.
"""
import os
import warnings

import numpy as np

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "io")
os.makedirs(out, exist_ok=True)


def path(name):
    return os.path.join(out, name)


# ---- loadtxt: a text file, the options, the result NumPy gives ---------------------------------

def loadtxt_case(name, text, **options):
    with open(path("loadtxt_" + name + ".txt"), "w", newline="") as f:
        f.write(text)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "input contained no data"
        result = np.loadtxt(path("loadtxt_" + name + ".txt"), **options)
    np.save(path("loadtxt_" + name + ".npy"), np.array(result, order="C"))


rng = np.random.default_rng(15)
table = rng.normal(size=(4, 3)) * 10.0 ** rng.integers(-5, 6, size=(4, 3))
np.savetxt(path("loadtxt_roundtrip.txt"), table)  # %.18e: every double comes back exactly
np.save(path("loadtxt_roundtrip.npy"), np.loadtxt(path("loadtxt_roundtrip.txt")))

loadtxt_case("whitespace", "# x y z\n  1.5\t-2   3e2 \n\n4 5.25 -6e-3   # end of row\n\t7 8 9\n")
loadtxt_case("csv", "a,b,c,d\n1, 2 ,3,4\n5,6,7,8\n# skipped\n9,10,11,12\n", delimiter=",", skiprows=1)
loadtxt_case("usecols", "1;2;3;4\n5;6;7;8\n9;10;11;12\n", delimiter=";", usecols=[-1, 0, 2, 0], dtype=np.int64)
loadtxt_case("special", "nan inf -inf +1.5 NaN Infinity -INF 1e400 -1e400 1e-400 4.9e-324 .5 5. -0\n")
loadtxt_case("float32", "0.1 3.4028235e38 3.4028236e38 1e-46 16777217 0.30000001192092896\n", dtype=np.float32)
loadtxt_case("int32", "+5 -5 0005\n2147483647 -2147483648 0\n", dtype=np.int32)
loadtxt_case("uint8", "0 255\n17 +3\n", dtype=np.uint8)
loadtxt_case("bool", "1 0\n-1 2\n0 0\n", dtype=bool)
loadtxt_case("row", "1 2 3 4\n")
loadtxt_case("row_ndmin2", "1 2 3 4\n", ndmin=2)
loadtxt_case("column", "1\n2\n3\n")
loadtxt_case("column_ndmin2", "1\n2\n3\n", ndmin=2)
loadtxt_case("scalar", "# one value\n42\n")
loadtxt_case("scalar_ndmin1", "42\n", ndmin=1)
loadtxt_case("empty", "# nothing here\n\n")
loadtxt_case("empty_ndmin2", "", ndmin=2)
loadtxt_case("empty_usecols", "# nothing\n", usecols=[0, 1], ndmin=2)
loadtxt_case("max_rows", "1 2\n# c\n\n3 4\n5 6\nnot read at all\n", max_rows=2)
loadtxt_case("newlines", "1 2\r\n3 4\r5 6\n7 8")
loadtxt_case("comments", "1 2 // first\n// whole line\n3 4//x\n", comments="//")
loadtxt_case("no_comments", "1 2\n3 4\n", comments=None)
loadtxt_case("ragged_usecols", "1,2,3\n4,5\n6,7,8,9\n", delimiter=",", usecols=[1, 0])
loadtxt_case("tabs", "1\t2\t3\n4\t5\t6\n", delimiter="\t")

# ---- savetxt: an array, the options, NumPy's output --------------------------------------------


def savetxt_case(name, array, **options):
    np.save(path("savetxt_" + name + ".npy"), array)
    np.savetxt(path("savetxt_" + name + ".txt"), array, **options)


f64 = np.array([[0.1, -2.5, 1e-300, np.nan], [np.inf, -np.inf, -0.0, 123456789.125], [1e16, 1e-5, 2.0**-1074, 1e308]])
f32 = np.array([[0.1, -2.5, 3.4028235e38], [np.nan, -np.inf, 1e-45], [16777216.0, 0.30000001192092896, -0.0]],
               dtype=np.float32)
i64 = np.array([[0, -1, 2**63 - 1], [-(2**63), 255, -255]], dtype=np.int64)
i32 = np.array([[7, -12, 2**31 - 1], [-(2**31), 0, 99999]], dtype=np.int32)
u8 = np.array([0, 1, 127, 128, 255], dtype=np.uint8)
b = np.array([[True, False], [False, True]])

savetxt_case("f64_default", f64)
savetxt_case("f32_default", f32)
savetxt_case("i64_default", i64)
savetxt_case("u8_default", u8)
savetxt_case("bool_default", b)
savetxt_case("i32_options", i32, fmt="%d", delimiter=",", header="first line\nsecond line", footer="the end",
             comments="// ")
savetxt_case("f64_fixed", f64[:, :3], fmt="%.3f", delimiter="\t", newline="\r\n")
savetxt_case("f64_g", f64, fmt="%10.4g")
savetxt_case("f64_zero_pad", f64, fmt="%010.3e")
savetxt_case("f64_flags", f64, fmt="%+.2E", delimiter=";")
savetxt_case("f64_space_G", f64, fmt="% G")
savetxt_case("f64_str", f64, fmt="%s")
savetxt_case("f32_str", f32, fmt="%-12s|")
savetxt_case("f32_e", f32, fmt="%e")
savetxt_case("f64_as_int", np.array([[1.9, -1.9, 0.5], [-0.5, 1e20, -3e15]]), fmt="%d")
savetxt_case("i64_multi", np.array([[5, -5, 255], [0, 42, -4096]], dtype=np.int64), fmt="%+08d|%-6d|%#x")
savetxt_case("i32_octal_hex", i32, fmt="%#o %X %05.3d")
savetxt_case("i32_as_float", i32, fmt="%.2f")
savetxt_case("bool_str_int", b, fmt="%s %d")
savetxt_case("u8_precision_s", u8, fmt="%5.2s")
savetxt_case("column_1d", np.array([1.25, -3.5]), fmt="%.2f", newline=";")
savetxt_case("empty_rows", np.zeros((0, 3)), header="only the header")
savetxt_case("empty_columns", np.zeros((2, 0)))

# ---- issue 18's dtypes: int8 int16 uint16 uint32 uint64 float16 complex64 complex128 ---------
loadtxt_case("int8", "-128 127 +5\n-0 0 1\n", dtype=np.int8)
loadtxt_case("int16", "-32768 32767 7\n+12 -300 0\n", dtype=np.int16)
loadtxt_case("uint16", "0 65535 +3\n", dtype=np.uint16)
loadtxt_case("uint32", "4294967295 0 17\n", dtype=np.uint32)
loadtxt_case("uint64", "18446744073709551615 9223372036854775808 +0\n", dtype=np.uint64)
# float16: each value rounds once from Python's float (65520 and 1e5 overflow, 2049 ties to even)
loadtxt_case("float16", "0.1 65504 65520 1e-8 6e-8 nan\n-inf 2049 1e5 -0 3.14159 -2.5e-5\n", dtype=np.float16)
# complex: NumPy's own syntax (a parenthesised a+bj, a lone real or imaginary part, "+-")
complex_text = "1+2j, (3-4j) ,5,-6j\n( 1.5e3+-2j ),nan+infj,-inf-nanj,0\n1e400+1e-400j,(0.1),2.5j,1e-3-1e-3j\n"
loadtxt_case("complex128", complex_text, delimiter=",", dtype=np.complex128)
loadtxt_case("complex64", complex_text, delimiter=",", dtype=np.complex64)
loadtxt_case("complex_whitespace", "1+2j (3-4j) 5\n-6j 0.5 (7+0j)\n", dtype=np.complex128)

i8 = np.array([[-128, 127, 0], [-1, 1, 100]], dtype=np.int8)
i16 = np.array([[-32768, 32767, -300]], dtype=np.int16)
u16 = np.array([0, 1, 65535, 40000], dtype=np.uint16)
u32 = np.array([[0, 4294967295], [2147483648, 7]], dtype=np.uint32)
u64 = np.array([[0, 18446744073709551615, 9223372036854775808], [9007199254740993, 1, 255]], dtype=np.uint64)
f16 = np.array([[0.1, -2.5, 65504.0], [np.nan, -np.inf, 2.0**-24], [1000.0, 3.140625, -0.0]], dtype=np.float16)
c8 = np.array([[1 + 2j, -3.5 - 0.25j], [complex(np.nan, np.inf), complex(-0.0, -np.inf)], [0.1 + 0.2j, 1e-7 - 1e7j]],
              dtype=np.complex64)
c16 = np.array([[1 + 2j, -3.5 - 0.25j, 0.1 - 0.0j], [complex(np.nan, -np.nan), complex(-np.inf, 1e-300), 1e300j]],
               dtype=np.complex128)
savetxt_case("i8_default", i8)
savetxt_case("i16_d", i16, fmt="%d")
savetxt_case("u16_x", u16, fmt="%#x")
savetxt_case("u32_d", u32, fmt="%d", delimiter=",")
savetxt_case("u64_default", u64)  # %e of a uint64 is float(int): rounded to a double
savetxt_case("u64_d_s", u64, fmt="%d|%s|%x")  # every digit
savetxt_case("f16_default", f16)  # the exact double of each float16
savetxt_case("f16_s", f16, fmt="%s")  # NumPy's str() of a float16: float16's shortest digits
savetxt_case("f16_f", f16, fmt="%.3f")
savetxt_case("c8_default", c8)  # " (%.18e+%.18ej)" per column, "+-" written as "-"
savetxt_case("c16_default", c16)
savetxt_case("c16_f", c16, fmt="%.3f", delimiter=",")
savetxt_case("c16_s", c16, fmt="%s")
savetxt_case("c8_s", c8, fmt="%s")
savetxt_case("c16_per_part", c16[:, :2], fmt="%.2f %.2fj|%g,%gj")  # one format per part
savetxt_case("c16_1d", c16[0], fmt="%.1e")

# ---- npz ---------------------------------------------------------------------------------------
# The arrays the test builds again element by element.
arrays = dict(
    a=(np.arange(6, dtype=np.float64).reshape(2, 3) - 2.5) / 4,
    b=np.arange(4, dtype=np.float32) * 0.5,
    c=np.array(7, dtype=np.int32),
    d=np.arange(8, dtype=np.int64).reshape(2, 2, 2) - 3,
    e=np.zeros((0,), dtype=np.uint8),
    f=np.array([True, False, True]),
)
np.savez(path("npz_named.npz"), **arrays)
np.savez(path("npz_positional.npz"), arrays["a"], arrays["f"])
np.savez_compressed(path("npz_compressed.npz"), a=arrays["a"])
# members the .npy reader converts: Fortran order, big-endian, a dtype xp has not (uint16)
np.savez(path("npz_layouts.npz"), fortran=np.asfortranarray(arrays["a"]), big=np.arange(3, dtype=">i4"),
         u16=np.arange(3, dtype=np.uint16))
