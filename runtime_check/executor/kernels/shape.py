"""shape dialect kernels: shapes are 1-D index arrays."""
from __future__ import annotations

import numpy as np


def split_at(ctx, shape, index):
    k = int(index)
    k = k + len(shape) if k < 0 else k  # a negative index counts from the back
    return shape[:k], shape[k:]


KERNELS = {
    "shape.shape_of": lambda ctx, x: np.array(x.shape, np.int64),
    "shape.num_elements": lambda ctx, s: np.array(int(np.prod(s, dtype=np.int64)), np.int64),
    "shape.split_at": split_at,
    "shape.get_extent": lambda ctx, s, k: np.array(s[int(k)], np.int64),
}
