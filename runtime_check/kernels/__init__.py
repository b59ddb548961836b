"""Numpy kernels, one module per dialect, merged into one table."""
from . import arith, func, linalg, math, quant, shape, tensor, tfl, tosa, tosa_math, tosa_shape

KERNELS: dict = {}
for _module in (arith, func, linalg, math, quant, shape, tensor, tfl, tosa, tosa_math, tosa_shape):
    _clash = KERNELS.keys() & _module.KERNELS.keys()
    assert not _clash, f"kernels defined twice: {_clash}"
    KERNELS.update(_module.KERNELS)
