"""TFLite's random streams, whole-array in numpy: Philox4x32-10 (tsl/lib/random/philox_random.h)
and the conversions of tsl/lib/random/random_distributions_utils.h, as kernels/random_ops.cc
uses them. Every value depends only on the seeds and its position, so the first Invoke of a
random op with nonzero seeds is a function of the model alone.

    PhiloxRandom(seed, seed2): key = (lo32(seed), hi32(seed)), counter = (0, 0, lo32(seed2), hi32(seed2))
    each call: 10 rounds on (counter, key), key += (W32A, W32B) between rounds; then counter += 1
    (128-bit); block b of the stream is the 4 words of call b
"""
from __future__ import annotations

import numpy as np

W32A, W32B = 0x9E3779B9, 0xBB67AE85
M4x32A, M4x32B = 0xD2511F53, 0xCD9E8D57
MASK32 = 0xFFFFFFFF


def effective_seed(option: int) -> int:
    """The seed the kernel uses: TfLiteRandomParams holds `int`, so the int64 option is cut to
    its low 32 bits (two's complement), then widened again to int64_t."""
    low = int(option) & MASK32
    return low - (1 << 32) if low >> 31 else low


def _words(value: int) -> tuple[int, int]:
    value = effective_seed(value) & ((1 << 64) - 1)  # read as uint64, the constructor's argument
    return value & MASK32, value >> 32


def philox_stream(seed: int, seed2: int, count: int) -> np.ndarray:
    """The first `count` uint32 words of PhiloxRandom(seed, seed2), call after call."""
    blocks = (count + 3) // 4
    b = np.arange(blocks, dtype=np.uint64)
    s_lo, s_hi = _words(seed2)
    c0, c1 = b & np.uint64(MASK32), b >> np.uint64(32)  # call b: counter (b, seed2), no carry below 2^64
    c2, c3 = np.full(blocks, s_lo, np.uint64), np.full(blocks, s_hi, np.uint64)
    k0, k1 = _words(seed)
    for _ in range(10):
        p0 = np.uint64(M4x32A) * c0
        p1 = np.uint64(M4x32B) * c2
        c0, c1, c2, c3 = ((p1 >> np.uint64(32)) ^ c1 ^ np.uint64(k0), p1 & np.uint64(MASK32),
                          (p0 >> np.uint64(32)) ^ c3 ^ np.uint64(k1), p0 & np.uint64(MASK32))
        k0, k1 = (k0 + W32A) & MASK32, (k1 + W32B) & MASK32
    return np.stack([c0, c1, c2, c3], axis=1).reshape(-1)[:count].astype(np.uint32)


def uint32_to_float(x: np.ndarray) -> np.ndarray:
    """Uint32ToFloat: the low 23 bits as the mantissa of a float in [1, 2), minus 1."""
    bits = (np.uint32(127) << np.uint32(23)) | (x.astype(np.uint32) & np.uint32(0x7FFFFF))
    return bits.view(np.float32) - np.float32(1)


def uint64_to_double(x0: np.ndarray, x1: np.ndarray) -> np.ndarray:
    """Uint64ToDouble: 20 bits of x0 and all of x1 as the mantissa of a double in [1, 2), minus 1."""
    man = ((x0.astype(np.uint64) & np.uint64(0xFFFFF)) << np.uint64(32)) | x1.astype(np.uint64)
    return ((np.uint64(1023) << np.uint64(52)) | man).view(np.float64) - 1.0


def box_muller_float(x0: np.ndarray, x1: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """BoxMullerFloat: u1 = max(Uint32ToFloat(x0), 1e-7f); v1 = float(2 * M_PI (double) * u);
    u2 = sqrt(-2 log(u1)) and (sin v1, cos v1) * u2 in float32. logf, sinf and cosf are
    taken correctly rounded (computed in double, rounded once), as glibc's are."""
    f32 = np.float32
    u1 = np.maximum(uint32_to_float(x0), f32(1.0e-7))
    v1 = (2.0 * np.pi * uint32_to_float(x1).astype(np.float64)).astype(f32)
    u2 = np.sqrt(f32(-2.0) * np.log(u1.astype(np.float64)).astype(f32))
    sin, cos = (fn(v1.astype(np.float64)).astype(f32) for fn in (np.sin, np.cos))
    return sin * u2, cos * u2


def random_uniform(seed: int, seed2: int, size: int) -> np.ndarray:
    """GenerateRandomUniformNumbers: one Uint32ToFloat per word."""
    return uint32_to_float(philox_stream(seed, seed2, size))


def random_standard_normal(seed: int, seed2: int, size: int) -> np.ndarray:
    """GenerateRandomStandardNormalNumbers: BoxMullerFloat of word pairs (2i, 2i + 1)."""
    words = philox_stream(seed, seed2, size + size % 2)
    f0, f1 = box_muller_float(words[0::2], words[1::2])
    return np.stack([f0, f1], axis=1).reshape(-1)[:size]


def multinomial_uniforms(seed: int, seed2: int, batch: int, num_samples: int) -> np.ndarray:
    """GenerateMultinomialNumbers' draws: sample t (row-major over [batch, num_samples]) is
    Uint64ToDouble of words 2t and 2t + 1 of the stream (the kernel reads a copy of the
    generator, one pair per sample across rows), in [0, 1), as float64."""
    words = philox_stream(seed, seed2, 2 * batch * num_samples)
    return uint64_to_double(words[0::2], words[1::2]).reshape(batch, num_samples)
