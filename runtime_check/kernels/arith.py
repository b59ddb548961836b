"""arith dialect kernels: two's-complement integers, IEEE floats, as LLVM lowers them."""
from __future__ import annotations

import numpy as np

from tfl2quant.ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr
from ._util import as_unsigned, attr_value, operand_width, result_dtype, result_elem, wrap_to


def constant(op):
    value = op.attributes["value"]
    if isinstance(value, DenseElementsAttr):
        return value.array()
    if isinstance(value, (IntegerAttr, FloatAttr)):
        return np.array(value.value, dtype=result_dtype(op))
    raise TypeError(f"unsupported constant {value}")


def _int_binary(fn):
    def kernel(op, a, b):
        return wrap_to(fn(a.astype(np.int64), b.astype(np.int64)), result_elem(op))
    return kernel


def _unsigned_binary(fn):
    def kernel(op, a, b):
        w = operand_width(op)
        r = fn(as_unsigned(a, w).astype(np.uint64), as_unsigned(b, w).astype(np.uint64))
        return wrap_to(r.astype(np.int64), result_elem(op)) if result_elem(op).width < 64 else r.view(np.int64)
    return kernel


def _check_divisor(b):
    if np.any(b == 0):
        raise ZeroDivisionError("integer division by zero is undefined behaviour")


def _divsi(a, b):
    _check_divisor(b)
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q)


def _remsi(a, b):
    return a - b * _divsi(a, b)


def _floordivsi(a, b):
    _check_divisor(b)
    return a // b


def _ceildivsi(a, b):
    _check_divisor(b)
    return -((-a) // b)


def extsi(op, a):
    if a.dtype == np.bool_:
        return np.where(a, -1, 0).astype(result_dtype(op))
    return a.astype(result_dtype(op))


def extui(op, a):
    return as_unsigned(a, operand_width(op)).astype(np.int64).astype(result_dtype(op))


def trunci(op, a):
    return wrap_to(a.astype(np.int64), result_elem(op))


def sitofp(op, a):
    return a.astype(result_dtype(op))


def uitofp(op, a):
    return as_unsigned(a, operand_width(op)).astype(result_dtype(op))


def fptosi(op, a):
    elem = result_elem(op)
    lo, hi = -(1 << (elem.width - 1)), (1 << (elem.width - 1)) - 1
    t = np.trunc(a.astype(np.float64))
    if not np.all(np.isfinite(t)) or np.any(t < lo) or np.any(t > hi):
        raise ValueError("arith.fptosi of a NaN or out-of-range value is poison")
    return t.astype(np.int64).astype(result_dtype(op))


def fptoui(op, a):
    elem = result_elem(op)
    t = np.trunc(a.astype(np.float64))
    if not np.all(np.isfinite(t)) or np.any(t < 0) or np.any(t >= 2.0 ** elem.width):
        raise ValueError("arith.fptoui of a NaN or out-of-range value is poison")
    return wrap_to(t.astype(np.int64), elem)


_CMPI = {0: np.equal, 1: np.not_equal, 2: np.less, 3: np.less_equal, 4: np.greater, 5: np.greater_equal}


def cmpi(op, a, b):
    p = attr_value(op, "predicate")
    if p in _CMPI:
        return _CMPI[p](a, b)
    ua, ub = as_unsigned(a, operand_width(op)), as_unsigned(b, operand_width(op))
    return {6: np.less, 7: np.less_equal, 8: np.greater, 9: np.greater_equal}[p](ua, ub)


_CMPF = {0: lambda a, b: np.zeros(np.broadcast(a, b).shape, bool), 1: np.equal, 2: np.greater,
         3: np.greater_equal, 4: np.less, 5: np.less_equal, 6: lambda a, b: (a != b) & ~np.isnan(a) & ~np.isnan(b),
         7: lambda a, b: ~np.isnan(a) & ~np.isnan(b), 8: lambda a, b: (a == b) | np.isnan(a) | np.isnan(b),
         9: lambda a, b: ~(a <= b), 10: lambda a, b: ~(a < b), 11: lambda a, b: ~(a >= b),
         12: lambda a, b: ~(a > b), 13: np.not_equal, 14: lambda a, b: np.isnan(a) | np.isnan(b),
         15: lambda a, b: np.ones(np.broadcast(a, b).shape, bool)}


def cmpf(op, a, b):
    return _CMPF[attr_value(op, "predicate")](a, b)


def _float(fn):
    def kernel(op, *args):
        return fn(*args).astype(result_dtype(op))
    return kernel


KERNELS = {
    "arith.constant": constant,
    "arith.addi": _int_binary(np.add), "arith.subi": _int_binary(np.subtract),
    "arith.muli": _int_binary(np.multiply),
    "arith.divsi": _int_binary(_divsi), "arith.remsi": _int_binary(_remsi),
    "arith.floordivsi": _int_binary(_floordivsi), "arith.ceildivsi": _int_binary(_ceildivsi),
    "arith.divui": _unsigned_binary(lambda a, b: (_check_divisor(b), a // b)[1]),
    "arith.remui": _unsigned_binary(lambda a, b: (_check_divisor(b), a % b)[1]),
    "arith.andi": _int_binary(np.bitwise_and), "arith.ori": _int_binary(np.bitwise_or),
    "arith.xori": _int_binary(np.bitwise_xor),
    "arith.shli": _int_binary(np.left_shift), "arith.shrsi": _int_binary(np.right_shift),
    "arith.shrui": _unsigned_binary(np.right_shift),
    "arith.maxsi": _int_binary(np.maximum), "arith.minsi": _int_binary(np.minimum),
    "arith.maxui": _unsigned_binary(np.maximum), "arith.minui": _unsigned_binary(np.minimum),
    "arith.addf": _float(np.add), "arith.subf": _float(np.subtract), "arith.mulf": _float(np.multiply),
    "arith.divf": _float(np.divide), "arith.remf": _float(np.fmod), "arith.negf": _float(np.negative),
    "arith.maximumf": _float(np.maximum), "arith.minimumf": _float(np.minimum),
    "arith.maxnumf": _float(np.fmax), "arith.minnumf": _float(np.fmin),
    "arith.extsi": extsi, "arith.extui": extui, "arith.trunci": trunci,
    "arith.extf": lambda op, a: a.astype(result_dtype(op)),
    "arith.truncf": lambda op, a: a.astype(result_dtype(op)),
    "arith.sitofp": sitofp, "arith.uitofp": uitofp, "arith.fptosi": fptosi, "arith.fptoui": fptoui,
    "arith.index_cast": lambda op, a: a.astype(result_dtype(op)),
    "arith.bitcast": lambda op, a: a.view(result_dtype(op)),
    "arith.cmpi": cmpi, "arith.cmpf": cmpf,
    "arith.select": lambda op, c, a, b: np.where(c, a, b),
}
