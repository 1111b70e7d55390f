"""Golden data for xp::einsum, xp::einsum_path and the matrix functions xp::diagonal, trace, kron
and cross, read by tests/test_einsum.cpp and tests/test_matrix_functions.cpp.
Run with Debian's NumPy (1.24):  /usr/bin/python3 tests/golden/make_golden_einsum.py

Writes tests/golden/linalg/einsum.npz. An einsum case <name> has its operands <name>_0,
<name>_1, ... and its result <name>_out (np.einsum with optimize=False, NumPy's C loop); its
subscripts are listed in tests/test_einsum.cpp beside the name. A path case path_<name> holds
np.einsum_path(..., optimize='optimal')'s path as an (steps, 2) int64 array of operand positions
and path_<name>_naive its naive FLOP count (parsed from the printout); its operands are zeros of
the shapes listed in the test. Matrix functions: mf_<fn>_<case> from the inputs mf_m (3, 4),
mf_b (2, 3, 4), mf_v3 (4, 3), mf_w3 (4, 3), mf_v2 (4, 2), mf_w2 (2, 1, 2) and mf_k* below.
NumPy 1.24's np.cross of two 2-vectors gives the z component (NumPy 2.0 deprecates 2-vectors)."""
import os
import re

import numpy as np

rng = np.random.default_rng(33)
out = {}


def draw(shape, dtype=np.float64):
    """Small integers (exact sums in every dtype), as dtype."""
    a = rng.integers(-4, 5, size=shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.integers(-4, 5, size=shape)
    if np.dtype(dtype).kind == "b":
        return (a > 0)
    return a.astype(dtype)


def case(name, subscripts, *operands):
    for k, op in enumerate(operands):
        out[f"{name}_{k}"] = op
    out[f"{name}_out"] = np.asarray(np.einsum(subscripts, *operands))


# float64: the grammar (keep the list in the test in step)
case("seed", "ij,jk->...k", draw((7, 5)), draw((5, 6)))
case("matmul", "ij,jk->ik", draw((3, 4)), draw((4, 5)))
case("implicit", "ij,jk", draw((3, 4)), draw((4, 5)))
case("implicit_order", "ba", draw((3, 4)))  # sorted: 'ab', the transpose
case("implicit_upper", "Ba,a", draw((2, 3)), draw((3,)))  # ASCII: 'B' before 'a'
case("trace", "ii", draw((4, 4)))
case("diag", "ii->i", draw((4, 4)))
case("diag3", "iij->j", draw((3, 3, 5)))
case("diag_keep", "iji->ij", draw((3, 2, 3)))
case("sum_all", "ij->", draw((3, 4)))
case("transpose", "ijk->kij", draw((2, 3, 4)))
case("outer", "i,j->ij", draw((3,)), draw((4,)))
case("outer3", "i,j,k", draw((2,)), draw((3,)), draw((4,)))
case("hadamard", "ij,ij->ij", draw((3, 4)), draw((3, 4)))
case("inner", "i,i", draw((5,)), draw((5,)))
case("batched", "bij,bjk->bik", draw((3, 2, 4)), draw((3, 4, 5)))
case("batch_keep", "bij,bjk->bk", draw((3, 2, 4)), draw((3, 4, 5)))
case("tensordot", "ijk,jkl->il", draw((2, 3, 4)), draw((3, 4, 5)))
case("ell_front", "...ij,...jk->...ik", draw((2, 3, 4)), draw((4, 2)))
case("ell_back", "ij...,jk...->ik...", draw((3, 4, 2)), draw((4, 5, 2)))
case("ell_mid", "i...j,j...->i...", draw((3, 2, 4)), draw((4, 2)))
case("ell_implicit", "...ij,...jk", draw((2, 3, 4)), draw((2, 4, 5)))
case("ell_broadcast", "...i,...i->...", draw((2, 1, 3)), draw((4, 3)))
case("ell_sum_out", "...i->i", draw((3,)))  # '...' empty: allowed without '...' in the output
case("ell_empty_out", "ij,jk->...k", draw((3, 4)), draw((4, 5)))
case("bcast_one", "ij,jk->ik", draw((3, 1)), draw((4, 5)))
case("bcast_one_b", "ij,jk->ik", draw((3, 4)), draw((1, 5)))
case("chain3", "ij,jk,kl->il", draw((2, 6)), draw((6, 3)), draw((3, 5)))
case("chain4", "ij,jk,kl,lm->im", draw((4, 2)), draw((2, 6)), draw((6, 3)), draw((3, 5)))
case("private_many", "ijk,kl,lm->j", draw((2, 3, 4)), draw((4, 5)), draw((5, 2)))
case("five", "ab,bc,cd,de,ef->af", draw((2, 3)), draw((3, 4)), draw((4, 2)), draw((2, 3)), draw((3, 2)))
case("spaces", "ij, jk -> ik", draw((2, 3)), draw((3, 2)))
case("zero_d", "->", np.float64(2.5))
case("zero_d_pair", ",ij->ij", np.float64(-1.5), draw((2, 3)))
case("empty_k", "ij,jk->ik", draw((2, 0)), draw((0, 3)))
case("empty_out", "ij,jk->ik", draw((0, 4)), draw((4, 3)))
# other dtypes
case("f4_seed", "ij,jk->...k", draw((9, 7), np.float32), draw((7, 8), np.float32))
case("c8_matmul", "ij,jk->ik", draw((3, 4), np.complex64), draw((4, 2), np.complex64))
case("c8_trace", "ii", draw((3, 3), np.complex64))
case("i8_wrap", "i,i", np.full(5, 100, np.int8), np.array([1, 2, 3, 1, 1], np.int8))  # 800 wraps to 32
case("i8_matmul_wrap", "ij,jk->ik", np.full((2, 3), 90, np.int8), np.full((3, 2), 3, np.int8))
case("i4_batched", "bij,bjk->bik", draw((2, 3, 4), np.int32), draw((2, 4, 2), np.int32))
case("b_matmul", "ij,jk->ik", draw((3, 4), bool), draw((4, 2), bool))
case("b_sum", "ij->i", draw((3, 4), bool))
case("mixed", "ij,j->i", draw((3, 4), np.float32), draw((4,), np.int32))  # float64

# einsum_path: NumPy's optimal order on chains whose order matters (no private labels)
def path_case(name, subscripts, *shapes):
    ops = [np.zeros(s) for s in shapes]
    path, text = np.einsum_path(subscripts, *ops, optimize="optimal")
    out[f"path_{name}"] = np.array([list(p) for p in path[1:]], dtype=np.int64)
    naive = float(re.search(r"Naive FLOP count:\s*([0-9.e+]+)", text).group(1))
    out[f"path_{name}_naive"] = np.float64(naive)


path_case("abc", "ij,jk,kl->il", (10, 300), (300, 5), (5, 200))         # (A B) C
path_case("a_bc", "ij,jk,kl->il", (200, 5), (5, 300), (300, 10))        # A (B C)
path_case("four", "ij,jk,kl,lm->im", (40, 2), (2, 50), (50, 3), (3, 60))
path_case("four_b", "ab,bc,cd,da->", (30, 3), (3, 30), (30, 4), (4, 30))
path_case("vec", "i,ij,jk->k", (50,), (50, 60), (60, 70))

# matrix functions
m, b = draw((3, 4)), draw((2, 3, 4))
out.update({"mf_m": m, "mf_b": b})
out["mf_diagonal_m"] = np.diagonal(m)
out["mf_diagonal_m_1"] = np.diagonal(m, 1)
out["mf_diagonal_m_m2"] = np.diagonal(m, -2)
out["mf_diagonal_m_5"] = np.diagonal(m, 5)
out["mf_diagonal_b_12"] = np.diagonal(b, 0, 1, 2)
out["mf_diagonal_b_20_1"] = np.diagonal(b, 1, 2, 0)
out["mf_diagonal_b_m1m3"] = np.diagonal(b, -1, -1, -3)
out["mf_trace_m"] = np.trace(m)
out["mf_trace_m_1"] = np.trace(m, 1)
out["mf_trace_b_12"] = np.trace(b, 0, 1, 2)
out["mf_trace_b_m1_21"] = np.trace(b, -1, 2, 1)
mi8 = np.full((3, 3), 100, np.int8)
out["mf_mi8"] = mi8
out["mf_trace_mi8"] = np.trace(mi8)  # int64: no wrap
k1, k2, k3 = draw((2, 3)), draw((3, 2)), draw((2,))
k4 = draw((2, 1, 2))
out.update({"mf_k1": k1, "mf_k2": k2, "mf_k3": k3, "mf_k4": k4})
out["mf_kron_k1_k2"] = np.kron(k1, k2)
out["mf_kron_k3_k1"] = np.kron(k3, k1)
out["mf_kron_k1_k4"] = np.kron(k1, k4)
out["mf_kron_k3_k3"] = np.kron(k3, k3)
v3, w3, v2, w2 = draw((4, 3)), draw((4, 3)), draw((4, 2)), draw((2, 1, 2))
out.update({"mf_v3": v3, "mf_w3": w3, "mf_v2": v2, "mf_w2": w2})
out["mf_cross_33"] = np.cross(v3, w3)
out["mf_cross_32"] = np.cross(v3, v2)
out["mf_cross_23"] = np.cross(v2, w3)
out["mf_cross_22"] = np.cross(v2, w2)  # broadcast (2, 4), z only
out["mf_cross_axis0"] = np.cross(v3.T, w3.T, axis=0)
a_b = draw((2, 1, 3))
out["mf_cross_bcast_a"] = a_b
out["mf_cross_bcast"] = np.cross(a_b, w3)

here = os.path.dirname(os.path.abspath(__file__))
os.makedirs(os.path.join(here, "linalg"), exist_ok=True)
np.savez(os.path.join(here, "linalg", "einsum.npz"), **out)
print(f"wrote {len(out)} arrays")
