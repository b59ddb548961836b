"""Every dialect we model; importing this package registers all their ops."""
from . import arith, builtin, complex, func, linalg, math, ml_program, quant, scf, shape, tensor, tfl, tosa  # noqa: F401
