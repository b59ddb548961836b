"""Fast paths compute exactly what the forms they replace compute."""
from __future__ import annotations

import numpy as np
import pytest

from legalize.lib import lut

F32 = np.float32


def per_entry(f, si, zi, so, zo, lo, hi):
    """LUTPopulateInt8 entry by entry, as legalize/lib/lut.py computed it before it was vectorized."""
    inverse_scale = F32(1) / F32(so)
    out = np.empty(hi - lo + 1, np.int64)
    with np.errstate(all="ignore"):
        for k, v in enumerate(range(lo, hi + 1)):
            rescaled = lut.roundf(f(F32(si) * F32(v - zi)) * inverse_scale)
            out[k] = min(max(lut.float_to_int32(rescaled + F32(zo)), lo), hi)
    return out


TRANSFORMS = {
    "logistic": lambda x: F32(F32(1) / F32(F32(1) + lut.expf(-x))),
    "exp": lut.expf,
    "tanh": lut.tanhf,
    "elu": lambda x: lut.expm1f(x) if x < F32(0) else x,
    "float64": lambda x: float(x) * 0.75,  # not float32 throughout: the per-entry form
}


@pytest.mark.parametrize("name", sorted(TRANSFORMS))
def test_populate_int8_is_the_per_entry_table(name):
    rng = np.random.default_rng(7)
    for _ in range(25):
        si, so = float(10 ** rng.uniform(-4, 0)), float(10 ** rng.uniform(-4, 0))
        zi, zo = int(rng.integers(-128, 128)), int(rng.integers(-128, 128))
        for lo, hi in ((-128, 127), (0, 255)):
            got = lut.populate_int8(TRANSFORMS[name], si, zi, so, zo, lo, hi)
            assert got.dtype == np.int64
            np.testing.assert_array_equal(got, per_entry(TRANSFORMS[name], si, zi, so, zo, lo, hi))
