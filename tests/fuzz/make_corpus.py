#!/usr/bin/python3
"""Writes the seed corpora of the fuzzers in tests/fuzz: corpus/views/, corpus/npy/ and
corpus/npz/.

    /usr/bin/python3 tests/fuzz/make_corpus.py      (needs NumPy: Debian's python3-numpy)

Deterministic: the same files every run (the directories are emptied first). The input
formats are described at the top of fuzz_views.cpp, fuzz_npy.cpp and fuzz_npz.cpp.
"""
import io
import os
import shutil
import struct
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
NONE = -(2**63)  # xp::none
I64_MAX = 2**63 - 1

# ---- fuzz_views ------------------------------------------------------------------------------

# fuzz_views.cpp's kSpecial, in order
SPECIAL = [NONE, NONE + 1, I64_MAX, I64_MAX - 1, -1, 0, 1, 2, -2, 7, 8, -8, 2**31, -(2**31), 2**32, 2**62,
           -(2**62), 2**62 + 1, 3037000499, 3037000500, -3037000500, I64_MAX // 2, I64_MAX // 3,
           -(2**63) // 2, 2**40, 65536, 1000000, 1000001, 2**31 - 1, -(2**31), 2**32 - 1, -(2**32 - 1)]
OPS = {"index": 0, "reshape": 1, "broadcast_to": 2, "transpose": 3, "squeeze": 4, "expand_dims": 5, "copy": 6,
       "sum": 7, "ravel": 8}
KINDS = {"int": 0, "size_t": 1, "range": 2, "all": 3, "newaxis": 4, "ellipsis": 5}


def value(v, raw=False):
    """An int64 argument: the shortest of the four encodings (raw=True forces 8 raw bytes)."""
    if v >= 2**63:  # a size_t above INT64_MAX: its int64 bits
        v -= 2**64
    assert -(2**63) <= v < 2**63
    if not raw:
        if -32 <= v <= 31:
            return bytes([(v * 4) & 0xFF])
        if v in SPECIAL:
            return bytes([(SPECIAL.index(v) << 2) | 1])
        if -(2**15) <= v < 2**15:
            return bytes([3]) + struct.pack("<h", v)
    return bytes([2]) + struct.pack("<q", v)


def opcode(name, variant_ok=lambda v: True):
    """The first byte b with b % 9 selecting `name` and b // 16 accepted by variant_ok."""
    for b in range(256):
        if b % 9 == OPS[name] and variant_ok(b // 16):
            return bytes([b])
    raise ValueError(name)


def head(shape, dtype="int64"):
    assert len(shape) <= 5 and all(0 <= d < 8 for d in shape)
    return bytes([(len(shape) << 1) | (1 if dtype == "float" else 0)] + list(shape))


def index(*args):
    out = opcode("index", lambda v: v % 3 == len(args) - 1)
    for a in args:
        if isinstance(a, str):
            out += bytes([KINDS[a]])
        elif isinstance(a, tuple) and a[0] == "size_t":
            out += bytes([KINDS["size_t"]]) + value(a[1])
        elif isinstance(a, tuple):  # (start, stop, step)
            out += bytes([KINDS["range"]]) + b"".join(value(x) for x in a)
        else:
            out += bytes([KINDS["int"]]) + value(a)
    return out


def with_extents(name, count_mod, extents):
    assert len(extents) < count_mod
    return opcode(name) + bytes([len(extents)]) + b"".join(value(e) for e in extents)


def reshape(*s):
    return with_extents("reshape", 7, s)


def broadcast_to(*s):
    return with_extents("broadcast_to", 9, s)


def transpose(*axes):
    if axes == (None,):
        return opcode("transpose", lambda v: v % 2 == 1)
    return opcode("transpose", lambda v: v % 2 == 0) + bytes([len(axes)]) + b"".join(value(a) for a in axes)


def squeeze(axis=None):
    if axis is None:
        return opcode("squeeze", lambda v: v % 2 == 1)
    return opcode("squeeze", lambda v: v % 2 == 0) + value(axis)


def expand_dims(axis):
    return opcode("expand_dims") + value(axis)


COPY, SUM, RAVEL = opcode("copy"), opcode("sum"), opcode("ravel")


def views_seeds():
    s = {}
    for r in range(6):
        s[f"base_rank{r}"] = head((3, 2, 4, 1, 2)[:r])
        s[f"base_rank{r}_float_sum"] = head((2, 3, 1, 4, 2)[:r], "float") + SUM
    s["base_empty_index"] = head((4, 0)) + index(1)
    m = head((4, 5))
    s["idx_int"] = m + index(2)
    s["idx_int_negative"] = m + index(-1, -5)
    s["idx_int_out_of_range"] = m + index(4)
    s["idx_int_min"] = m + index(NONE)
    s["idx_size_t"] = m + index(("size_t", 3), ("size_t", 4))
    s["idx_size_t_max"] = m + index(("size_t", 2**64 - 1))
    s["idx_range"] = m + index((1, 4, 2))
    s["idx_range_reverse"] = m + index((NONE, NONE, -1), (NONE, NONE, -2))
    s["idx_range_huge_step"] = m + index((NONE, NONE, I64_MAX), (1, NONE, NONE + 1))
    s["idx_range_none_step"] = m + index((NONE, NONE, NONE))
    s["idx_range_zero_step"] = m + index((0, 3, 0))
    s["idx_range_extremes"] = m + index((NONE + 1, I64_MAX, 3), (I64_MAX, NONE + 1, -3))
    s["idx_range_encodings"] = m + index((-1000, 2**40, 123456789))  # int16, special, raw64
    s["idx_all_newaxis_ellipsis"] = head((2, 3, 4)) + index("newaxis", "ellipsis", 1)
    s["idx_ellipsis_range"] = head((2, 3, 4)) + index("ellipsis", (NONE, NONE, -1))
    s["idx_all_int_newaxis"] = head((2, 3, 4)) + index("all", 0, "newaxis")
    s["idx_too_many"] = head((2,)) + index(0, 0, 0)
    s["idx_0d"] = head(()) + index("newaxis", "ellipsis")
    s["idx_chain"] = head((6, 7)) + index((1, 6, 2)) + index("all", (NONE, NONE, -3)) + index(1) + SUM
    s["reshape_flat"] = m + reshape(-1)
    s["reshape_infer"] = m + reshape(2, -1, 5)
    s["reshape_0d"] = head((1, 1)) + reshape()
    s["reshape_two_unknown"] = m + reshape(-1, -1)
    s["reshape_negative"] = m + reshape(-2, -10)
    s["reshape_huge"] = m + reshape(2**62, 4)
    s["reshape_overflow"] = m + reshape(2**32, 2**32, 0)
    s["reshape_overflow_infer"] = head((0, 3)) + reshape(-1, 2**62, 2**62)
    s["reshape_empty_huge"] = head((0, 3)) + reshape(0, I64_MAX)
    s["reshape_strided"] = head((4, 6)) + transpose(None) + reshape(3, 8) + COPY
    s["reshape_sliced"] = head((4, 6)) + index("all", (NONE, NONE, 2)) + reshape(2, 2, 3) + RAVEL
    s["broadcast_basic"] = head((2, 3)) + broadcast_to(4, 2, 3) + SUM
    s["broadcast_ones"] = head((1, 3)) + broadcast_to(5, 3) + COPY
    s["broadcast_big_view"] = head((1,)) + broadcast_to(2**40)
    s["broadcast_overflow"] = head((1,)) + broadcast_to(2**62, 2**62)
    s["broadcast_zero_overflow"] = head(()) + broadcast_to(1, 0, 2**31) + index(0)
    s["broadcast_negative"] = head((3,)) + broadcast_to(-1, 3)
    s["broadcast_mismatch"] = head((2, 3)) + broadcast_to(3, 3)
    s["transpose_axes"] = head((2, 3, 4)) + transpose(2, 0, -2) + COPY
    s["transpose_repeat"] = head((2, 3, 4)) + transpose(0, 0, 1)
    s["transpose_out_of_range"] = head((2, 3)) + transpose(0, NONE)
    s["transpose_reverse"] = head((2, 3, 4)) + transpose(None) + SUM
    s["squeeze_all"] = head((1, 3, 1)) + squeeze()
    s["squeeze_axis"] = head((1, 3, 1)) + squeeze(-1)
    s["squeeze_bad"] = head((1, 3, 1)) + squeeze(1)
    s["squeeze_0d"] = head(()) + squeeze(0)
    s["expand_dims"] = head((2, 3)) + expand_dims(0) + expand_dims(-1) + squeeze()
    s["expand_dims_bad"] = head((2, 3)) + expand_dims(I64_MAX)
    s["copy_sum_ravel"] = head((3, 4), "float") + index((NONE, NONE, -1)) + COPY + SUM + RAVEL
    s["mixed"] = (head((2, 3, 4)) + expand_dims(1) + broadcast_to(5, 2, 3, 3, 4) + transpose(4, 3, 2, 1, 0)
                  + index(1, (NONE, NONE, -2)) + reshape(-1, 2) + COPY + SUM)
    s["high_rank"] = (head((2, 1, 2, 1, 2)) + broadcast_to(2, 2, 2, 2, 2, 2, 1, 2) + expand_dims(0)
                      + expand_dims(0) + transpose(None) + COPY + SUM)
    return s


# ---- fuzz_npy ----------------------------------------------------------------------------------

TARGETS = ["float32", "float64", "int32", "int64", "uint8", "bool"]  # the selector's s % 6


def selector(target, convert=False):
    return bytes([TARGETS.index(target) + (6 if convert else 0)])


def npy(arr, version=None):
    import numpy as np
    f = io.BytesIO()
    if version is None:
        np.save(f, arr)
    else:
        np.lib.format.write_array(f, arr, version=version)
    return f.getvalue()


def raw_npy(header, data=b"", version=(1, 0), pad=True):
    """A hand-made .npy: magic, version, header length, header text, data."""
    h = header.encode("latin1")
    lenfmt = "<H" if version == (1, 0) else "<I"
    pre = 6 + 2 + struct.calcsize(lenfmt)
    if pad:
        h += b" " * ((-(pre + len(h) + 1)) % 64) + b"\n"
    return b"\x93NUMPY" + bytes(version) + struct.pack(lenfmt, len(h)) + h + data


def npy_seeds():
    import numpy as np
    s = {}
    base = np.arange(6).reshape(2, 3)
    kinds = {"float32": "f4", "float64": "f8", "int32": "i4", "int64": "i8", "uint8": "u1", "bool": "b1"}
    for name, code in kinds.items():
        a = (base % 2 == 1) if name == "bool" else base.astype(code)
        s[f"{name}_le"] = selector(name) + npy(a.astype("<" + code if code != "b1" else "?"))
        if code not in ("u1", "b1"):
            s[f"{name}_be"] = selector(name) + npy(a.astype(">" + code))
        s[f"{name}_fortran"] = selector(name) + npy(np.asfortranarray(np.arange(24).reshape(2, 3, 4).astype(code)))
    for code, target in [("<i1", "int32"), (">i2", "int64"), ("<u2", "int32"), (">u4", "int64"), ("<u8", "float64"),
                         ("<i8", "float32"), ("<f8", "int32"), (">f4", "uint8"), ("|b1", "float64"),
                         ("<u1", "bool"), ("<i4", "bool")]:
        vals = np.array([[0, 1, 2], [250, 7, 3]]).astype(code)
        s[f"convert_{code[1:]}_to_{target}"] = selector(target, True) + npy(vals)
    s["convert_f8_specials_to_int64"] = selector("int64", True) + npy(
        np.array([np.nan, np.inf, -np.inf, 1e300, -1e300, 2.0**63, -(2.0**63), 0.5]))
    s["convert_f8_specials_to_uint8"] = selector("uint8", True) + npy(np.array([np.nan, -1.5, 256.0, 1e30]))
    s["convert_f8_to_f4_overflow"] = selector("float32", True) + npy(np.array([1e300, -1e300, 1e-300, 3.4e38]))
    s["wrong_dtype_no_convert"] = selector("int32") + npy(np.arange(4, dtype="<i8"))
    s["zero_d_f8"] = selector("float64") + npy(np.array(3.5))
    s["zero_d_bool"] = selector("bool") + npy(np.array(True))
    s["empty_1d"] = selector("float32") + npy(np.zeros(0, dtype="<f4"))
    s["empty_2d"] = selector("int64") + npy(np.zeros((0, 3), dtype="<i8"))
    s["empty_3d_fortran"] = selector("float64") + npy(np.asfortranarray(np.zeros((3, 0, 2))))
    s["axes_22"] = selector("int32") + npy(np.arange(4, dtype="<i4").reshape((1,) * 20 + (2, 2)))
    s["axes_32_fortran"] = selector("uint8") + npy(np.asfortranarray(np.arange(8, dtype="u1").reshape((2,) * 3 + (1,) * 29)))
    for v in [(1, 0), (2, 0), (3, 0)]:
        s[f"version_{v[0]}_0"] = selector("float64") + npy(np.arange(5, dtype="<f8"), version=v)
        s[f"version_{v[0]}_0_be_fortran"] = selector("int32") + npy(
            np.asfortranarray(np.arange(6, dtype=">i4").reshape(2, 3)), version=v)
    # broken files
    good = npy(np.arange(6, dtype="<f8").reshape(2, 3))
    sel = selector("float64")
    s["bad_truncated_data"] = sel + good[:-3]
    s["bad_truncated_header"] = sel + good[:30]
    s["bad_truncated_prefix"] = sel + good[:9]
    s["bad_extra_data"] = sel + good + b"\0" * 8
    s["bad_magic"] = sel + b"\x93NUMPX" + good[6:]
    s["bad_version"] = sel + good[:6] + bytes([4, 0]) + good[8:]
    s["bad_header_len"] = sel + good[:8] + struct.pack("<H", 60000) + good[10:]
    dat = np.arange(6, dtype="<f8").tobytes()
    s["bad_no_brace"] = sel + raw_npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), ", dat)
    s["lenient_no_newline"] = sel + raw_npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }", dat, pad=False)
    s["bad_shape_negative"] = sel + raw_npy("{'descr': '<f8', 'fortran_order': False, 'shape': (-2, -3), }", dat)
    s["bad_shape_huge"] = sel + raw_npy("{'descr': '<f8', 'fortran_order': False, 'shape': (4611686018427387904,), }", dat)
    s["bad_shape_overflow"] = sel + raw_npy("{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }", dat)
    s["bad_shape_zero_huge"] = sel + raw_npy("{'descr': '<f8', 'fortran_order': False, 'shape': (0, 99999999999999999999999), }")
    s["bad_shape_not_tuple"] = sel + raw_npy("{'descr': '<f8', 'fortran_order': False, 'shape': [2, 3], }", dat)
    s["bad_descr_complex"] = selector("float64", True) + raw_npy("{'descr': '<c8', 'fortran_order': False, 'shape': (3,), }", dat)
    s["bad_descr_object"] = sel + raw_npy("{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", dat[:16])
    s["bad_descr_structured"] = sel + raw_npy("{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (6,), }", dat)
    s["bad_fortran_value"] = sel + raw_npy("{'descr': '<f8', 'fortran_order': 1, 'shape': (2, 3), }", dat)
    s["bad_missing_key"] = sel + raw_npy("{'descr': '<f8', 'shape': (2, 3), }", dat)
    s["bad_extra_key"] = sel + raw_npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), 'x': 1, }", dat)
    s["bad_duplicate_key"] = sel + raw_npy("{'descr': '<f8', 'descr': '<i8', 'fortran_order': False, 'shape': (2, 3), }", dat)
    s["bad_v3_utf8"] = sel + raw_npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), } \u00e9", dat, (3, 0))
    s["bad_bool_values"] = selector("bool") + raw_npy("{'descr': '|b1', 'fortran_order': False, 'shape': (4,), }",
                                                      bytes([0, 1, 2, 255]))
    s["empty_input"] = sel
    return s


# ---- fuzz_npz ----------------------------------------------------------------------------------

def npz_selector(target, convert=False, verify_crc=True):
    return bytes([TARGETS.index(target) + (6 if convert else 0) + (0 if verify_crc else 12)])


def npz(compressed=False, **arrays):
    import numpy as np
    f = io.BytesIO()
    (np.savez_compressed if compressed else np.savez)(f, **arrays)
    return f.getvalue()


def npz_seeds():
    import numpy as np
    s = {}
    small = dict(a=np.arange(6, dtype="<f8").reshape(2, 3), b=np.array([True, False]), c=np.array(7, dtype="<i4"))
    good = npz(**small)
    s["named"] = npz_selector("float64") + good
    s["named_convert"] = npz_selector("int32", True) + good
    s["named_no_crc"] = npz_selector("uint8", True, False) + good
    s["positional"] = npz_selector("bool") + npz(arr_0=np.array([1, 0, 1], dtype="u1"), arr_1=np.zeros((0, 2)))
    s["layouts"] = npz_selector("int64", True) + npz(f=np.asfortranarray(np.arange(6, dtype=">i4").reshape(2, 3)),
                                                     u=np.arange(3, dtype="<u2"))
    s["compressed"] = npz_selector("float64") + npz(True, a=np.arange(4, dtype="<f8"))
    s["empty_archive"] = npz_selector("float32") + npz()
    mixed = io.BytesIO()
    with zipfile.ZipFile(mixed, "w") as z:
        z.writestr(zipfile.ZipInfo("readme.txt"), "not an array")  # ZipInfo: dated 1980, deterministic
        z.writestr(zipfile.ZipInfo("a.npy"), npy(np.arange(3, dtype="<i8")))
    s["not_npy_member"] = npz_selector("int64") + mixed.getvalue()
    s["with_comment"] = npz_selector("float64") + good[:-2] + struct.pack("<H", 9) + b"a comment"
    s["with_stub"] = npz_selector("float64") + b"#!/bin/sh\n" + good
    s["truncated"] = npz_selector("float64") + good[:-30]
    s["npy_not_npz"] = npz_selector("float64") + npy(np.arange(3.0))
    # ZIP64: the end record and its locator in front of the end record, as zipfile writes them
    # for archives past 2 GiB (offsets here are the real ones)
    directory_at = good.rindex(b"PK\x01\x02")
    while good.rfind(b"PK\x01\x02", 0, directory_at) >= 0:
        directory_at = good.rfind(b"PK\x01\x02", 0, directory_at)
    end_at = good.rindex(b"PK\x05\x06")
    count = struct.unpack("<H", good[end_at + 10:end_at + 12])[0]
    zip64_end = struct.pack("<4sQ2H2L4Q", b"PK\x06\x06", 44, 45, 45, 0, 0, count, count, end_at - directory_at,
                            directory_at)
    locator = struct.pack("<4sLQL", b"PK\x06\x07", 0, end_at, 1)
    end = good[end_at:end_at + 12] + struct.pack("<LL", 0xFFFFFFFF, 0xFFFFFFFF) + good[end_at + 20:]
    s["zip64_end"] = npz_selector("float64") + good[:end_at] + zip64_end + locator + end
    s.update(sparse_npz_seeds())
    return s


def sparse_npz(matrix, compressed=True):
    import scipy.sparse as sp
    f = io.BytesIO()
    sp.save_npz(f, matrix, compressed=compressed)
    return f.getvalue()


def sparse_npz_seeds():
    """scipy.sparse.save_npz files, for xp::sparse::load_npz behind the float and double selectors."""
    import numpy as np
    try:
        import scipy.sparse as sp
    except ImportError:
        sys.exit("make_corpus.py: SciPy is needed for the sparse seeds of corpus/npz (apt-get install python3-scipy)")
    dense = np.array([[1.0, 0, 2.0, 0], [0, 0, 0, 0], [0, 3.0, 0, 4.0]])
    s = {}
    s["sparse_csr_stored"] = npz_selector("float64") + sparse_npz(sp.csr_matrix(dense), False)
    s["sparse_csr_compressed"] = npz_selector("float64") + sparse_npz(sp.csr_matrix(dense))
    s["sparse_csc_float32"] = npz_selector("float32", False, False) + sparse_npz(sp.csc_matrix(dense.astype("f4")), False)
    coo = sp.coo_matrix((np.array([1.0, 2.0, 0.5]), (np.array([2, 0, 2]), np.array([1, 3, 1]))), shape=(3, 4))
    s["sparse_coo_duplicates"] = npz_selector("float64", False, False) + sparse_npz(coo, False)
    wide = sp.csr_matrix(dense)
    wide.indices = wide.indices.astype(np.int64)
    wide.indptr = wide.indptr.astype(np.int64)
    s["sparse_csr_int64_indices"] = npz_selector("float64") + sparse_npz(wide, False)
    return s


def write(dirname, seeds, limit_bytes):
    d = os.path.join(HERE, "corpus", dirname)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    total = 0
    for name, data in sorted(seeds.items()):
        assert len(data) <= limit_bytes, (name, len(data))
        with open(os.path.join(d, name), "wb") as f:
            f.write(data)
        total += len(data)
    assert len(seeds) < 200 and total < 1 << 20
    print(f"{d}: {len(seeds)} files, {total} bytes")


def main():
    write("views", views_seeds(), 256)
    try:
        import numpy  # noqa: F401
    except ImportError:
        sys.exit("make_corpus.py: NumPy is needed for corpus/npy (apt-get install python3-numpy)")
    write("npy", npy_seeds(), 4096)
    write("npz", npz_seeds(), 8192)  # with scipy.sparse.save_npz files (needs SciPy)


if __name__ == "__main__":
    main()
