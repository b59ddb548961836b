"""arith dialect kernels: two's-complement integers, IEEE floats, as LLVM lowers them."""
from __future__ import annotations

import numpy as np

from tfl2quant.ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr
from tfl2quant.ir.types import IntegerType, integer_range
from tfl2quant.numerics import divide_ceil, divide_floor, divide_toward_zero, to_narrow_float

from ._util import as_unsigned, elementwise, wrap_to


def constant(ctx):
    value = ctx.op.attributes["value"]
    if isinstance(value, DenseElementsAttr):
        return value.array()
    if isinstance(value, (IntegerAttr, FloatAttr)):
        return np.array(value.value, dtype=ctx.result_dtype())
    raise TypeError(f"unsupported constant {value}")


# ops whose result in a full-width two's-complement container is the int64 result wrapped (the
# shifts too: numpy defines a count outside [0, width) as 0 for <<, the sign for >>, in every width)
_WRAP_IN_CONTAINER = {np.add, np.subtract, np.multiply, np.bitwise_and, np.bitwise_or, np.bitwise_xor,
                      np.maximum, np.minimum, np.left_shift, np.right_shift}


def _native_dtype(ctx):
    """The result's container when it holds exactly the result's width (i8 ... i64), else None."""
    found = ctx.cache.get("native", False)
    if found is False:
        dtype, elem = ctx.result_dtype(), ctx.result_elem()
        full = dtype.kind == "i" and isinstance(elem, IntegerType) and elem.width == dtype.itemsize * 8
        found = ctx.cache["native"] = dtype if full else None
    return found


def _int_binary(fn):
    native = fn in _WRAP_IN_CONTAINER

    def kernel(ctx, a, b):
        if native:  # operands already in the result's container: numpy wraps as trunci would
            dtype = _native_dtype(ctx)
            if dtype is not None and a.dtype == dtype and b.dtype == dtype:
                return fn(a, b)
        return wrap_to(fn(a.astype(np.int64), b.astype(np.int64)), ctx.result_elem())
    return kernel


def _unsigned_binary(fn):
    def kernel(ctx, a, b):
        w = ctx.operand_width()
        r = fn(as_unsigned(a, w).astype(np.uint64), as_unsigned(b, w).astype(np.uint64))
        elem = ctx.result_elem()
        return wrap_to(r.astype(np.int64), elem) if elem.width < 64 else r.view(np.int64)
    return kernel


def _remainder(divide):
    """`a - b * (a / b)`: the remainder that goes with `divide` (its sign is a's)."""
    return lambda a, b: a - b * divide(a, b)


def extsi(ctx, a):
    if a.dtype == np.bool_:
        return np.where(a, -1, 0).astype(ctx.result_dtype())
    return a.astype(ctx.result_dtype())


def extui(ctx, a):
    return as_unsigned(a, ctx.operand_width()).astype(np.int64).astype(ctx.result_dtype())


def trunci(ctx, a):
    return wrap_to(a, ctx.result_elem())


def convert(ctx, a):
    return a.astype(ctx.result_dtype())


def truncf(ctx, a):
    """One rounding to the result type (ml_dtypes rounds a double twice, through f32)."""
    dtype = ctx.result_dtype()
    if a.dtype == np.float64 and narrow_float(dtype):
        return to_narrow_float(a, dtype)
    return a.astype(dtype)


def narrow_float(dtype: np.dtype) -> bool:
    """An ml_dtypes float of 8 bits or fewer (f8E4M3FN ... f4E2M1FN)."""
    return dtype.kind == "V" and dtype.itemsize == 1


def bitcast(ctx, a):
    """The same bits in the result type; a sub-byte value sits in the low bits of its byte, an
    integer sign-extended there (as the kernels keep i4), a float as ml_dtypes keeps f4E2M1FN."""
    elem, width, dtype = ctx.result_elem(), ctx.operand_width(), ctx.result_dtype()
    if width >= 8 or not (narrow_float(a.dtype) or narrow_float(dtype)):
        return a.view(dtype)
    bits = as_unsigned(a.view(np.int8), width)
    return wrap_to(bits.astype(np.int64), elem) if isinstance(elem, IntegerType) else bits.view(dtype)


def uitofp(ctx, a):
    return as_unsigned(a, ctx.operand_width()).astype(ctx.result_dtype())


def fptosi(ctx, a):
    lo, hi = _fptosi_range(ctx)
    t = np.trunc(a)  # exact in a's own float type, as the comparisons and the cast below
    # NaN fails both comparisons; the bounds as numpy compared them in float64 (2^63 - 1 is 2^63)
    if t.size and not (float(np.minimum.reduce(t, axis=None)) >= lo and float(np.maximum.reduce(t, axis=None)) <= hi):
        raise ValueError("arith.fptosi of a NaN or out-of-range value is poison")
    dtype = ctx.result_dtype()
    return t.astype(dtype) if dtype.kind == "i" else t.astype(np.int64).astype(dtype)


def _fptosi_range(ctx) -> tuple[float, float]:
    found = ctx.cache.get("range")
    if found is None:
        lo, hi = integer_range(IntegerType(ctx.result_elem().width))
        found = ctx.cache["range"] = (float(lo), float(hi))
    return found


def fptoui(ctx, a):
    elem = ctx.result_elem()
    t = np.trunc(a.astype(np.float64))
    if not np.all(np.isfinite(t)) or np.any(t < 0) or np.any(t >= 2.0 ** elem.width):
        raise ValueError("arith.fptoui of a NaN or out-of-range value is poison")
    return wrap_to(t.astype(np.int64), elem)


_CMPI = {0: np.equal, 1: np.not_equal, 2: np.less, 3: np.less_equal, 4: np.greater, 5: np.greater_equal}


def cmpi(ctx, a, b):
    p = ctx.attr("predicate")
    if p in _CMPI:
        return _CMPI[p](a, b)
    ua, ub = as_unsigned(a, ctx.operand_width()), as_unsigned(b, ctx.operand_width())
    return {6: np.less, 7: np.less_equal, 8: np.greater, 9: np.greater_equal}[p](ua, ub)


_CMPF = {0: lambda a, b: np.zeros(np.broadcast(a, b).shape, bool), 1: np.equal, 2: np.greater,
         3: np.greater_equal, 4: np.less, 5: np.less_equal, 6: lambda a, b: (a != b) & ~np.isnan(a) & ~np.isnan(b),
         7: lambda a, b: ~np.isnan(a) & ~np.isnan(b), 8: lambda a, b: (a == b) | np.isnan(a) | np.isnan(b),
         9: lambda a, b: ~(a <= b), 10: lambda a, b: ~(a < b), 11: lambda a, b: ~(a >= b),
         12: lambda a, b: ~(a > b), 13: np.not_equal, 14: lambda a, b: np.isnan(a) | np.isnan(b),
         15: lambda a, b: np.ones(np.broadcast(a, b).shape, bool)}


def cmpf(ctx, a, b):
    return _CMPF[ctx.attr("predicate")](a, b)


# the integer binary ops by their numpy function (the body compiler, linalg_body.py, reads these)
INT_BINARY = {
    "arith.addi": np.add, "arith.subi": np.subtract, "arith.muli": np.multiply,
    "arith.divsi": divide_toward_zero, "arith.remsi": _remainder(divide_toward_zero),
    "arith.floordivsi": divide_floor, "arith.ceildivsi": divide_ceil,
    "arith.andi": np.bitwise_and, "arith.ori": np.bitwise_or, "arith.xori": np.bitwise_xor,
    "arith.shli": np.left_shift, "arith.shrsi": np.right_shift,
    "arith.maxsi": np.maximum, "arith.minsi": np.minimum,
}
UNSIGNED_BINARY = {
    "arith.divui": divide_floor, "arith.remui": _remainder(divide_floor), "arith.shrui": np.right_shift,
    "arith.maxui": np.maximum, "arith.minui": np.minimum,
}
FLOAT_ELEMENTWISE = {
    "arith.addf": np.add, "arith.subf": np.subtract, "arith.mulf": np.multiply, "arith.divf": np.divide,
    "arith.remf": np.fmod, "arith.negf": np.negative, "arith.maximumf": np.maximum,
    "arith.minimumf": np.minimum, "arith.maxnumf": np.fmax, "arith.minnumf": np.fmin,
}
CONVERT = ("arith.extf", "arith.truncf", "arith.sitofp", "arith.index_cast")  # a cast to the result's container

KERNELS = {
    "arith.constant": constant,
    **{name: _int_binary(fn) for name, fn in INT_BINARY.items()},
    **{name: _unsigned_binary(fn) for name, fn in UNSIGNED_BINARY.items()},
    **{name: elementwise(fn) for name, fn in FLOAT_ELEMENTWISE.items()},
    "arith.extsi": extsi, "arith.extui": extui, "arith.trunci": trunci,
    **{name: convert for name in CONVERT}, "arith.truncf": truncf,
    "arith.uitofp": uitofp, "arith.fptosi": fptosi, "arith.fptoui": fptoui,
    "arith.bitcast": bitcast,
    "arith.cmpi": cmpi, "arith.cmpf": cmpf,
    "arith.select": lambda ctx, c, a, b: np.where(c, a, b),
}
