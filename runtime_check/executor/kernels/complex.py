"""complex dialect kernels (scalar ops, run on whole arrays inside linalg.generic)."""
from __future__ import annotations

import numpy as np


def create(ctx, re, im):
    z = np.empty(np.broadcast_shapes(np.shape(re), np.shape(im)), ctx.result_dtype())
    z.real, z.imag = re, im
    return z


KERNELS = {
    "complex.create": create,
    "complex.re": lambda ctx, z: np.real(z).astype(ctx.result_dtype()),
    "complex.im": lambda ctx, z: np.imag(z).astype(ctx.result_dtype()),
    "complex.abs": lambda ctx, z: np.abs(z).astype(ctx.result_dtype()),  # hypot in z's own float type
}
