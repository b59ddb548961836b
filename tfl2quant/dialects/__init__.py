"""Every dialect we model; importing this package registers all their ops."""
from . import arith, builtin, func, linalg, math, ml_program, quant, scf, shape, tensor, tfl, tosa  # noqa: F401
