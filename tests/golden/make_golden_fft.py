"""Golden data for xp::fft (numpy.fft), read by tests/test_fft.cpp.
Run with NumPy 2 (its dtype rules: float32 stays complex64, float16 computes in float32):
    python3 -m venv /work/venv-np2 && /work/venv-np2/bin/pip install 'numpy==2.4.*'
    /work/venv-np2/bin/python tests/golden/make_golden_fft.py

Writes tests/golden/fft/fft.npz: every input under its name and every result under
<function>_<case>. Inputs: r<n> (float64) and c<n> (complex128) of length n, r3/c3 of shape
(4, 6, 5), r2d/c2d of shape (6, 10), c4 of shape (3, 4, 2, 5); results are NumPy's in the input's
dtype (complex128 / float64) unless the name says otherwise (_f32, _i64, _f16 inputs)."""
import os

import numpy as np

f = np.fft
rng = np.random.default_rng(2026)
out = {}


def real(*shape):
    return rng.standard_normal(shape)


def cplx(*shape):
    return rng.standard_normal(shape) + 1j * rng.standard_normal(shape)


# one axis: odd, prime, power-of-two, composite and length-1 sizes
SIZES = [1, 2, 7, 13, 16, 17, 97, 1000]
for n in SIZES:
    r, c = real(n), cplx(n)
    out[f"r{n}"], out[f"c{n}"] = r, c
    out[f"fft_{n}"] = f.fft(c)
    out[f"ifft_{n}"] = f.ifft(c)
    out[f"rfft_{n}"] = f.rfft(r)
    out[f"ihfft_{n}"] = f.ihfft(r)
    if n > 1:  # irfft's default length 2 (n - 1) is 0 for n = 1: an error
        out[f"irfft_{n}"] = f.irfft(c)
        out[f"hfft_{n}"] = f.hfft(c)
    out[f"fftr_{n}"] = f.fft(r)  # real input to the complex transform

# every norm (n = 13)
for norm in ["backward", "ortho", "forward"]:
    out[f"fft_13_{norm}"] = f.fft(out["c13"], norm=norm)
    out[f"ifft_13_{norm}"] = f.ifft(out["c13"], norm=norm)
    out[f"rfft_13_{norm}"] = f.rfft(out["r13"], norm=norm)
    out[f"irfft_13_{norm}"] = f.irfft(out["c13"], norm=norm)
    out[f"hfft_13_{norm}"] = f.hfft(out["c13"], norm=norm)
    out[f"ihfft_13_{norm}"] = f.ihfft(out["r13"], norm=norm)

# n crops and zero-pads
for n in [8, 32]:
    out[f"fft_17_n{n}"] = f.fft(out["c17"], n=n)
    out[f"ifft_17_n{n}"] = f.ifft(out["c17"], n=n)
for n in [10, 30]:
    out[f"rfft_17_n{n}"] = f.rfft(out["r17"], n=n)
for n in [9, 40, 1]:
    out[f"irfft_17_n{n}"] = f.irfft(out["c17"], n=n)
out["hfft_13_n11"] = f.hfft(out["c13"], n=11)
out["ihfft_13_n20"] = f.ihfft(out["r13"], n=20)

# several axes
r3, c3 = real(4, 6, 5), cplx(4, 6, 5)
r2d, c2d = real(6, 10), cplx(6, 10)
c4 = cplx(3, 4, 2, 5)
out.update(r3=r3, c3=c3, r2d=r2d, c2d=c2d, c4=c4)
for norm in ["backward", "ortho", "forward"]:
    out[f"fftn_c3_{norm}"] = f.fftn(c3, norm=norm)
    out[f"irfftn_c3_{norm}"] = f.irfftn(c3, norm=norm)
out["fft_c3_ax0"] = f.fft(c3, axis=0)
out["fft_c3_ax1"] = f.fft(c3, axis=1)
out["ifft_c3_axm2_n9"] = f.ifft(c3, n=9, axis=-2)
out["rfft_r3_ax0"] = f.rfft(r3, axis=0)
out["irfft_c3_ax1_n7"] = f.irfft(c3, n=7, axis=1)
out["fftn_c3_ax02"] = f.fftn(c3, axes=(0, 2))
out["fftn_c3_s38_ax20"] = f.fftn(c3, s=(3, 8), axes=(2, 0))
out["ifftn_c3"] = f.ifftn(c3)
out["ifftn_c3_s"] = f.ifftn(c3, s=(5, 4))  # the last two axes
out["rfftn_r3"] = f.rfftn(r3)
out["rfftn_r3_ax01"] = f.rfftn(r3, axes=(0, 1))
out["rfftn_r3_ax_m1_0"] = f.rfftn(r3, axes=(-1, 0))
out["irfftn_c3_s"] = f.irfftn(c3, s=(3, 5, 8), axes=(0, 1, 2))
out["irfftn_c3_ax20"] = f.irfftn(c3, axes=(2, 0))
out["fft2_c2d"] = f.fft2(c2d)
out["ifft2_c2d"] = f.ifft2(c2d)
out["rfft2_r2d"] = f.rfft2(r2d)
out["irfft2_c2d"] = f.irfft2(c2d)
out["fft2_c3_ax02_s"] = f.fft2(c3, s=(6, 3), axes=(0, 2))
out["fftn_c4"] = f.fftn(c4)  # four axes: two passes
out["rfftn_c4r"] = f.rfftn(c4.real)
out["irfftn_c4"] = f.irfftn(c4, s=(2, 4, 3, 7), axes=(0, 1, 2, 3))
# a repeated axis is transformed again (NumPy 2.4 accepts it)
out["fftn_c3_rep"] = f.fftn(c3, s=(3, 7), axes=(1, 1))
out["rfftn_r3_rep"] = f.rfftn(r3, axes=(0, 0))
out["irfftn_c3_rep"] = f.irfftn(c3, axes=(1, 1))

# non-contiguous inputs
out["fft_c3_T_ax1"] = f.fft(c3.transpose(2, 0, 1), axis=1)
out["fft_c3_step_ax1"] = f.fft(c3[:, ::2, :], axis=1)
out["rfft_r1000_step3"] = f.rfft(out["r1000"][::3])
out["fftn_c3_rev"] = f.fftn(c3[::-1, :, ::-2])
out["irfft_c3_T"] = f.irfft(c3.transpose(1, 2, 0))

# dtypes (NumPy 2): float32 -> complex64, int64 -> complex128, float16 -> complex64 / float16
x32 = out["r97"].astype(np.float32)
out["r97_f32"] = x32
out["fft_97_f32"] = f.fft(x32)
out["rfft_97_f32"] = f.rfft(x32)
out["irfft_97_c64"] = f.irfft(out["c97"].astype(np.complex64))
i64 = np.arange(-5, 11, dtype=np.int64)
out["i16_i64"] = i64
out["fft_i16"] = f.fft(i64)
out["irfft_i16"] = f.irfft(i64)
h = out["r16"].astype(np.float16)
out["r16_f16"] = h
out["fft_16_f16"] = f.fft(h)
out["irfft_16_f16"] = f.irfft(h)
assert out["fft_97_f32"].dtype == np.complex64 and out["irfft_97_c64"].dtype == np.float32
assert out["fft_16_f16"].dtype == np.complex64 and out["irfft_16_f16"].dtype == np.float16
assert out["fft_i16"].dtype == np.complex128 and out["irfft_i16"].dtype == np.float64

# helpers
for n in [1, 8, 9]:
    out[f"fftfreq_{n}"] = f.fftfreq(n, d=0.1)
    out[f"rfftfreq_{n}"] = f.rfftfreq(n, d=0.1)
out["fftfreq_5_d1"] = f.fftfreq(5)
s = np.arange(20, dtype=np.int64).reshape(5, 4)
out["shift_in"] = s
out["fftshift_all"] = f.fftshift(s)
out["fftshift_0"] = f.fftshift(s, axes=0)
out["fftshift_rep"] = f.fftshift(s, axes=(0, 0))
out["ifftshift_all"] = f.ifftshift(s)
out["ifftshift_1"] = f.ifftshift(s, axes=(1,))
out["ifftshift_odd"] = f.ifftshift(np.arange(7, dtype=np.int64))

path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fft", "fft.npz")
np.savez(path, **out)
print(f"wrote {len(out)} arrays ({sum(v.nbytes for v in out.values())} bytes) to {path}")
