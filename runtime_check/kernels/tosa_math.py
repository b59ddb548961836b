"""TOSA 1.0 kernels for the elementwise math and logical ops legalize/math.py and
legalize/comparison.py emit (the rest are in tosa.py)."""
from __future__ import annotations

import math

import numpy as np

from ._util import elementwise

_erf = np.vectorize(math.erf, otypes=[np.float64])


def tile(ctx, x, multiples):
    return np.tile(x, tuple(int(m) for m in multiples))


KERNELS = {
    "tosa.erf": elementwise(lambda x: _erf(x.astype(np.float64))),
    "tosa.sin": elementwise(np.sin), "tosa.cos": elementwise(np.cos), "tosa.pow": elementwise(np.power),
    "tosa.logical_and": lambda ctx, a, b: np.logical_and(a, b),
    "tosa.logical_or": lambda ctx, a, b: np.logical_or(a, b),
    "tosa.logical_xor": lambda ctx, a, b: np.logical_xor(a, b),
    "tosa.logical_not": lambda ctx, a: np.logical_not(a),
    "tosa.tile": tile,
}
