"""A FlexBuffer map (STABLEHLO_COMPOSITE's `composite_attributes`) as an MLIR dictionary.

The composite's attributes name what the decomposition computes (`odml.rms_norm`'s
`epsilon`, `odml.scaled_dot_product_attention`'s `scale`): kept readable, a compiler
downstream can match the high-level op. The mapping follows TensorFlow's importer
(tflite/converter/flatbuffer_operator.cc, round-tripped by
tests/flatbuffer2mlir/composite_op_round_trip.mlir): integers become `i64`, booleans `i1`,
strings and keys strings, maps dictionaries; floats keep their stored width (f32 or f64),
vectors become arrays of their elements.
"""
from __future__ import annotations

from ..ir.attributes import ArrayAttr, Attribute, BoolAttr, DictionaryAttr, FloatAttr, IntegerAttr, StringAttr
from ..ir.types import f32, f64, i64
from .flatbuffer import FlatbufferError


def flexbuffer_dictionary(raw: bytes, where: str) -> DictionaryAttr:
    from flatbuffers import flexbuffers  # only models with composites pay for it

    try:
        root = flexbuffers.GetRoot(bytes(raw))
        if not root.IsMap:
            raise FlatbufferError(f"{where}: composite_attributes is not a FlexBuffer map")
        return _attribute(root)
    except FlatbufferError:
        raise
    except Exception as e:  # the reader indexes past a corrupt buffer's end
        raise FlatbufferError(f"{where}: composite_attributes is not a valid FlexBuffer "
                              f"({type(e).__name__}: {e})") from None


def _attribute(ref) -> Attribute:
    if ref.IsMap:
        m = ref.AsMap
        return DictionaryAttr(tuple((k.AsKey, _attribute(v)) for k, v in zip(m.Keys, m.Values)))
    if ref.IsBool:
        return BoolAttr(ref.AsBool)
    if ref.IsInt:
        return IntegerAttr(int(ref.AsInt), i64)
    if ref.IsFloat:
        return FloatAttr(float(ref.AsFloat), f64 if ref._byte_width == 8 else f32)  # noqa: SLF001 - its width
    if ref.IsString or ref.IsKey:
        return StringAttr(ref.AsString if ref.IsString else ref.AsKey)
    if ref.IsAnyVector:
        return ArrayAttr(tuple(_attribute(v) for v in ref.AsVector))
    if ref.IsBlob:
        return StringAttr(bytes(ref.AsBlob))
    return ArrayAttr(())  # null
