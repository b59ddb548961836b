"""The tensor dialect ops the lowering emits (shapes, reshapes, splats)."""
from ..ir.attributes import IntegerAttr
from ..ir.core import PURE, TERMINATOR, Operation, Value
from ..ir.types import RankedTensorType, index
from ._util import register_simple_ops

DYNAMIC = -(1 << 63)  # ShapedType::kDynamic: a static_offsets/sizes/strides entry given by an operand

register_simple_ops("""
    tensor.empty tensor.splat tensor.reshape tensor.from_elements tensor.dim
    tensor.collapse_shape tensor.expand_shape tensor.extract tensor.insert tensor.pad
    tensor.extract_slice tensor.insert_slice tensor.generate tensor.rank
""")
register_simple_ops("tensor.yield", traits={PURE, TERMINATOR})


def _verify_cast(self: Operation) -> None:
    """tensor.cast changes only how static a shape is: same element type and rank,
    and each dimension equal or `?` on one side (upstream's CastOp::areCastCompatible)."""
    (src,), (dst,) = self.operand_types, self.result_types
    if not (isinstance(src, RankedTensorType) and isinstance(dst, RankedTensorType)):
        return
    if src.element_type != dst.element_type or len(src.shape) != len(dst.shape) or any(
            a is not None and b is not None and a != b for a, b in zip(src.shape, dst.shape)):
        raise self.error(f"operand type {src} and result type {dst} are cast incompatible")


for _cls in register_simple_ops("tensor.cast").values():
    _cls.verify_ = _verify_cast


def dynamic_sizes(b, v: Value, shape=None) -> list[Value]:
    """`tensor.dim` of `v` at each `?` dimension of `shape` (default: of `v`'s own type): the
    sizes a tensor.empty or linalg.fill of that shape takes."""
    shape = v.type.shape if shape is None else shape
    return [b.value("tensor.dim", [v, b.value("arith.constant", [], index, {"value": IntegerAttr(k, index)})], index)
            for k, d in enumerate(shape) if d is None]


# --- custom assembly (upstream's TensorOps.td assemblyFormat) --------------------------------
from .assembly_format import declare, element_of, fixed, rules  # noqa: E402

declare("tensor.empty", "`(`$dynamicSizes`)` attr-dict `:` type($result)", operands="dynamicSizes*",
        infer=fixed("dynamicSizes", index))
declare("tensor.splat", "$input (`[` $dynamicSizes^ `]`)? attr-dict `:` type($aggregate)",
        operands="input dynamicSizes*", results="aggregate",
        infer=rules(element_of("aggregate", "input"), fixed("dynamicSizes", index)))
declare("tensor.reshape", "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)",
        operands="source shape")
declare("tensor.from_elements", "$elements attr-dict `:` type($result)", operands="elements*",
        infer=element_of("result", "elements"))
declare("tensor.dim", "attr-dict $source `,` $index `:` type($source)", operands="source index",
        infer=rules(fixed("index", index), fixed("result", index)))
declare("tensor.extract", "$tensor `[` $indices `]` attr-dict `:` type($tensor)", operands="tensor indices*",
        infer=rules(fixed("indices", index), element_of("tensor", "result")))
declare("tensor.insert", "$scalar `into` $dest `[` $indices `]` attr-dict `:` type($dest)",
        operands="scalar dest indices*", same=["dest result"],
        infer=rules(fixed("indices", index), element_of("dest", "scalar")))
declare("tensor.cast", "$source attr-dict `:` type($source) `to` type($dest)", operands="source", results="dest")
declare("tensor.rank", "$tensor attr-dict `:` type($tensor)", operands="tensor", infer=fixed("result", index))
declare("tensor.yield", "$value attr-dict `:` type($value)", operands="value", results="")
