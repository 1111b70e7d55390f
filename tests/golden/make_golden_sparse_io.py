#!/usr/bin/env python3
"""Goldens for tests/test_sparse_io.cpp: .npz files written by scipy.sparse.save_npz, and damaged ones.

    /usr/bin/python3 tests/golden/make_golden_sparse_io.py      (Debian's SciPy 1.10, NumPy 1.24)

Writes into tests/golden/sparse_io/:
  <name>.npz       scipy.sparse.save_npz of a matrix (see `cases`), and <name>_dense.npy, its
                   toarray() (what xp's load_npz must give after tocsr);
  bad_<what>.npz   SciPy-shaped archives with one thing wrong (written with np.savez, as SciPy
                   would write them, from hand-made members);
  xp_expected_<compressed|stored>.npz   what scipy.sparse.save_npz writes for the matrix
                   tests/test_sparse_io.cpp builds (xp's save_npz must write the same bytes).
"""
import os

import numpy as np
import scipy.sparse as sp

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sparse_io")
os.makedirs(here, exist_ok=True)
rng = np.random.default_rng(20260317)


def matrix(rows, cols, density, dtype):
    a = sp.random(rows, cols, density=density, random_state=rng, dtype=np.float64)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * sp.random(rows, cols, density=density, random_state=rng, dtype=np.float64)
    return a.astype(dtype)


def save(name, m, compressed=True):
    sp.save_npz(os.path.join(here, name + ".npz"), m, compressed=compressed)
    np.save(os.path.join(here, name + "_dense.npy"), m.toarray())


# csr, csc: compressed and stored, the four dtypes
save("csr_f64", matrix(6, 5, 0.4, np.float64).tocsr())
save("csr_f32_stored", matrix(6, 5, 0.4, np.float32).tocsr(), compressed=False)
save("csc_c64", matrix(4, 7, 0.4, np.complex64).tocsc())
save("csc_c128_stored", matrix(5, 3, 0.5, np.complex128).tocsc(), compressed=False)

# csr with unsorted column indices and an empty row (SciPy keeps them as given)
unsorted = sp.csr_matrix(
    (np.array([1.0, 2.0, 3.0, 4.0]), np.array([2, 0, 1, 0], dtype=np.int32), np.array([0, 2, 2, 4], dtype=np.int32)),
    shape=(3, 3))
assert not unsorted.has_sorted_indices
save("csr_unsorted_empty_rows", unsorted)

# coo with duplicates (summed by tocsr), an explicit zero, out of order entries
row = np.array([2, 0, 2, 1, 0, 2, 3], dtype=np.int32)
col = np.array([1, 3, 1, 0, 3, 4, 2], dtype=np.int32)
val = np.array([1.5, -2.0, 2.5, 0.0, 0.25, 7.0, 3.0])
save("coo_duplicates", sp.coo_matrix((val, (row, col)), shape=(5, 5)))
save("coo_c128_stored", sp.coo_matrix((val + 1j * val[::-1], (row, col)), shape=(4, 6)), compressed=False)

# int64 indices, as SciPy stores them when asked (or when a matrix needs them)
big = matrix(4, 6, 0.5, np.float64).tocsr()
big.indices = big.indices.astype(np.int64)
big.indptr = big.indptr.astype(np.int64)
save("csr_int64_indices", big)

# empty shapes and an all-zero matrix
save("csr_0x5", sp.csr_matrix((0, 5), dtype=np.float64))
save("csc_3x0", sp.csc_matrix((3, 0), dtype=np.float64))
save("coo_empty_4x4", sp.coo_matrix((4, 4), dtype=np.float32))

# formats xp does not read
np.random.seed(3)
sp.save_npz(os.path.join(here, "unsupported_bsr.npz"), sp.bsr_matrix(np.eye(4), blocksize=(2, 2)))
sp.save_npz(os.path.join(here, "unsupported_dia.npz"), sp.dia_matrix(np.eye(3)))

# What SciPy writes for the matrix the C++ test saves: [[1, 0, 2], [0, 0, 3]] (float64).
xp_matrix = sp.csr_matrix(np.array([[1.0, 0.0, 2.0], [0.0, 0.0, 3.0]]))
sp.save_npz(os.path.join(here, "xp_expected_compressed.npz"), xp_matrix, compressed=True)
sp.save_npz(os.path.join(here, "xp_expected_stored.npz"), xp_matrix, compressed=False)


# ---- damaged files: the members of a good 3 x 4 csr matrix with one thing changed ----------------
def good_members():
    return dict(indices=np.array([0, 3, 1], dtype=np.int32), indptr=np.array([0, 2, 2, 3], dtype=np.int32),
                format=np.array(b"csr"), shape=np.array([3, 4]), data=np.array([1.0, 2.0, 3.0]))


def bad(name, drop=(), **changes):
    members = good_members()
    members.update(changes)
    for key in drop:
        del members[key]
    np.savez(os.path.join(here, "bad_" + name + ".npz"), **members)


bad("no_format", drop=("format",))
bad("no_indptr", drop=("indptr",))
bad("no_data", drop=("data",))
bad("format_unknown", format=np.array(b"xyz"))
bad("format_numeric", format=np.array([1, 2, 3]))
bad("shape_three", shape=np.array([3, 4, 1]))
bad("shape_float", shape=np.array([3.0, 4.0]))
bad("shape_negative", shape=np.array([-3, 4]))
bad("shape_huge", shape=np.array([3, 2**40]))
bad("indptr_short", indptr=np.array([0, 2, 3], dtype=np.int32))
bad("indptr_decreasing", indptr=np.array([0, 2, 1, 3], dtype=np.int32))
bad("indptr_end", indptr=np.array([0, 2, 2, 2], dtype=np.int32))
bad("indptr_start", indptr=np.array([1, 2, 2, 3], dtype=np.int32))
bad("indptr_2d", indptr=np.array([[0, 2], [2, 3]], dtype=np.int32))
bad("indices_out_of_range", indices=np.array([0, 4, 1], dtype=np.int32))
bad("indices_negative", indices=np.array([0, -1, 1], dtype=np.int32))
bad("indices_int64_too_large", indices=np.array([0, 2**40, 1], dtype=np.int64))
bad("indices_float", indices=np.array([0.0, 3.0, 1.0]))
bad("data_long", data=np.array([1.0, 2.0, 3.0, 4.0]))
bad("data_int", data=np.array([1, 2, 3]))
bad("coo_lengths", drop=("indices", "indptr"), format=np.array(b"coo"), row=np.array([0, 1], dtype=np.int32),
    col=np.array([0, 1, 2], dtype=np.int32))
bad("coo_row_out_of_range", drop=("indices", "indptr"), format=np.array(b"coo"),
    row=np.array([0, 3, 1], dtype=np.int32), col=np.array([0, 1, 2], dtype=np.int32))
bad("csc_indices_out_of_range", format=np.array(b"csc"), shape=np.array([4, 3]),
    indices=np.array([0, 4, 1], dtype=np.int32))
# a str (not bytes) format, as files saved by SciPy < 1.0 may hold: still a good file
np.savez(os.path.join(here, "csr_str_format.npz"), **{**good_members(), "format": np.array("csr")})
np.save(os.path.join(here, "csr_str_format_dense.npy"), np.array([[1.0, 0, 0, 2.0], [0, 0, 0, 0], [0, 3.0, 0, 0]]))
