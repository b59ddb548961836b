"""TOSA 1.0 kernels for the elementwise math and logical ops legalize/math.py and
legalize/comparison.py emit (the rest are in tosa.py)."""
from __future__ import annotations

import math

import numpy as np

from ._util import result_dtype

_erf = np.vectorize(math.erf, otypes=[np.float64])


def _float(fn):
    def kernel(op, *xs):
        return np.asarray(fn(*xs)).astype(result_dtype(op))
    return kernel


def tile(op, x, multiples):
    return np.tile(x, tuple(int(m) for m in multiples))


KERNELS = {
    "tosa.erf": _float(lambda x: _erf(x.astype(np.float64))),
    "tosa.sin": _float(np.sin), "tosa.cos": _float(np.cos), "tosa.pow": _float(np.power),
    "tosa.logical_and": lambda op, a, b: np.logical_and(a, b),
    "tosa.logical_or": lambda op, a, b: np.logical_or(a, b),
    "tosa.logical_xor": lambda op, a, b: np.logical_xor(a, b),
    "tosa.logical_not": lambda op, a: np.logical_not(a),
    "tosa.tile": tile,
}
