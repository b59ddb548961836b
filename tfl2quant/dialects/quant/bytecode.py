"""The quant dialect's own bytecode encoding of its types, read for the IR core's bytecode
reader (registered in __init__.py).

Codes and layouts: mlir/include/mlir/Dialect/Quant/IR/QuantDialectBytecode.td. Each type is read
into its MLIR text for the text parser, which applies the same verification and normalization
as to text input.
"""
from __future__ import annotations

from ...errors import Tfl2QuantError
from ...ir.attributes import DenseElementsAttr, nest
from ...ir.parser import parse_type
from ...ir.types import IntegerType, Type


def read_type(reader, r) -> Type:
    """A quant type from `r`; `reader` reads the nested types, attributes and doubles."""
    at = r.pos
    code = r.varint()
    if code == 3:  # CalibratedQuantizedType
        expressed = reader.type(r)
        lo, hi = reader.read_double(r), reader.read_double(r)
        text = f"!quant.calibrated<{expressed}<{_float(lo)}:{_float(hi)}>>"
    elif code in (1, 2, 4, 5, 6):
        signed = bool(r.varint() & 1)
        storage = reader.type(r)
        if not isinstance(storage, IntegerType):
            raise r.error(f"quantized storage type {storage} is not an integer", at)
        expressed = reader.type(r) if code != 1 else None
        if code == 4:  # UniformQuantizedType
            scale, zero_point = reader.read_double(r), r.signed_varint()
        elif code == 5:  # UniformQuantizedPerAxisType
            axis = r.varint()
        lo, hi = r.signed_varint(), r.signed_varint()
        # ui8/si8 storage is spelled so (as our parser keeps it), signless by the signed flag
        spelled = str(storage) if storage.signedness else f"{'i' if signed else 'u'}{storage.width}"
        default = (-(1 << (storage.width - 1)), (1 << (storage.width - 1)) - 1) if signed else (
            0, (1 << storage.width) - 1)
        if (lo, hi) != default:
            spelled += f"<{lo}:{hi}>"
        if code in (1, 2):
            text = f"!quant.any<{spelled}" + (f":{expressed}" if expressed is not None else "") + ">"
        elif code == 4:
            text = f"!quant.uniform<{spelled}:{expressed}, {_float(scale)}:{zero_point}>"
        elif code == 5:
            scales = [reader.read_double(r) for _ in range(r.varint())]
            zero_points = [r.signed_varint() for _ in range(r.varint())]
            params = ",".join(f"{_float(s)}:{z}" for s, z in zip(scales, zero_points))
            text = f"!quant.uniform<{spelled}:{expressed}:{axis}, {{{params}}}>"
        else:  # UniformQuantizedSubChannelType
            dims = [r.signed_varint() for _ in range(r.varint())]
            blocks = [r.signed_varint() for _ in range(r.varint())]
            scales, zero_points = reader.attr(r), reader.attr(r)
            if not (isinstance(scales, DenseElementsAttr) and isinstance(zero_points, DenseElementsAttr)):
                raise r.error("sub-channel scales and zero points must be dense elements", at)
            flat = [f"{_float(float(s))}:{int(z)}" for s, z in
                    zip(scales.array().reshape(-1).tolist(), zero_points.array().reshape(-1).tolist())]
            text = (f"!quant.uniform<{spelled}:{expressed}:{{{', '.join(f'{d}:{b}' for d, b in zip(dims, blocks))}}}"
                    f", {nest(flat, scales.type.shape, '{}')}>")
    else:
        raise r.error(f"quant type encoding code {code} is not supported", at)
    try:
        return parse_type(text)
    except Tfl2QuantError as e:
        raise reader.error(f"quantized type {text[:80]}: {e.message}", at) from None


def _float(x: float) -> str:
    """A double as MLIR float text that reads back exactly (MLIR wants a '.' before an exponent)."""
    text = repr(x)
    mantissa, e, exp = text.partition("e")
    if "." not in mantissa and mantissa.lstrip("-").isdigit():
        mantissa += ".0"
    return mantissa + e + exp
