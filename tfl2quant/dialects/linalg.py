"""linalg.generic (elementwise, all-parallel) and linalg.yield."""
from __future__ import annotations

from typing import Callable, Sequence

from ..ir.affine import AffineMap, AffineMapAttr
from ..ir.attributes import ArrayAttr, DenseArrayAttr, DialectAttr, IntegerAttr, StringAttr
from ..ir.builder import Builder
from ..ir.core import PURE, TERMINATOR, Block, Operation, Region, Value
from ..ir.types import RankedTensorType, element_type, i32, i64, index
from .tensor import dynamic_sizes
from ._util import register_simple_ops

register_simple_ops("linalg.broadcast linalg.fill linalg.index")
register_simple_ops("linalg.yield", traits={PURE, TERMINATOR})


def _verify_generic(self: Operation) -> None:
    """Upstream's structured-op rules for the linalg.generic we build: one indexing map
    per operand, each over one dimension per iterator and with one result per operand
    dimension; a block argument of each operand's element type; a yield of the
    outputs' element types; tensor results of the outputs' types."""
    segments = self.attributes.get("operandSegmentSizes")
    maps = self.attributes.get("indexing_maps")
    iterators = self.attributes.get("iterator_types")
    if segments is None or maps is None or iterators is None:
        raise self.error("requires operandSegmentSizes, indexing_maps and iterator_types")
    n_in, n_out = segments.value
    if n_in + n_out != len(self.operands):
        raise self.error(f"operandSegmentSizes ({n_in}, {n_out}) do not add up to {len(self.operands)} operands")
    maps = [m.value for m in maps.value]
    if len(maps) != len(self.operands):
        raise self.error(f"expected {len(self.operands)} indexing maps, got {len(maps)}")
    loops = len(iterators.value)
    for k, (m, v) in enumerate(zip(maps, self.operands)):
        rank = len(getattr(v.type, "shape", ()))
        if m.num_dims != loops or len(m.results) != rank:
            raise self.error(f"indexing map #{k} {m} must have {loops} dims and {rank} results for {v.type}")
    outputs = self.operands[n_in:]
    if [r.type for r in self.results] != [v.type for v in outputs]:
        raise self.error("results must have the types of the output operands")
    block = self.regions[0].blocks[0] if self.regions and self.regions[0].blocks else None
    if block is None or [a.type for a in block.args] != [element_type(v.type) for v in self.operands]:
        raise self.error("the region's arguments must be the element types of the operands")
    terminator = block.ops[-1] if block.ops else None
    if terminator is None or terminator.name != "linalg.yield" or \
            [v.type for v in terminator.operands] != [element_type(v.type) for v in outputs]:
        raise self.error("the region must yield one value of each output's element type")


def _generic_block_arg_names(self: Operation, region) -> list[str]:
    """Upstream's GenericOp::getAsmBlockArgumentNames: `%in` per input, `%out` per output."""
    segments = self.attributes.get("operandSegmentSizes")
    if segments is None or len(segments.value) != 2:
        return []
    n_in, n_out = segments.value
    return ["in"] * n_in + ["out"] * n_out


for _cls in register_simple_ops("linalg.generic").values():
    _cls.verify_ = _verify_generic
    _cls.asm_block_arg_names = _generic_block_arg_names

PARALLEL = DialectAttr("linalg", "iterator_type", "parallel")


def generic(b: Builder, inputs: Sequence[Value], maps: Sequence[AffineMap], result_type: RankedTensorType,
            body: Callable[[Builder, list[Value]], Value], dynamic_sizes: Sequence[Value] = ()) -> Value:
    """An all-parallel linalg.generic writing a fresh `tensor.empty` of `result_type`.

    `maps` has one map per input; the output map is the identity. `body`
    gets a builder inside the region and the scalar block arguments (inputs
    then the output) and returns the value to yield. The sizes of `?` dimensions
    are `dynamic_sizes`, or else read (tensor.dim) from the first input of the
    result's rank that is read through the identity map.
    """
    if not dynamic_sizes and None in result_type.shape:
        dynamic_sizes = _sizes_like(b, inputs, maps, result_type)
    init = b.value("tensor.empty", list(dynamic_sizes), result_type)
    rank = len(result_type.shape)
    block = Block([element_type(v.type) for v in inputs] + [element_type(result_type)])
    inner = Builder(block=block, location=b.location)
    inner.create("linalg.yield", [body(inner, list(block.args))])
    attrs = {
        "indexing_maps": ArrayAttr(tuple(AffineMapAttr(m) for m in list(maps) + [AffineMap.identity(rank)])),
        "iterator_types": ArrayAttr((PARALLEL,) * rank),
        "operandSegmentSizes": DenseArrayAttr(i32, (len(inputs), 1)),
    }
    return b.value("linalg.generic", list(inputs) + [init], result_type, attrs, regions=[Region([block])])



def _sizes_like(b: Builder, inputs: Sequence[Value], maps: Sequence[AffineMap],
                result_type: RankedTensorType) -> list[Value]:
    rank = len(result_type.shape)
    for v, m in zip(inputs, maps):
        if m == AffineMap.identity(rank) and len(v.type.shape) == rank:
            return dynamic_sizes(b, v, result_type.shape)
    raise ValueError(f"no input gives the dynamic sizes of {result_type}")


def loop_index(b: Builder, dim: int) -> Value:
    """`linalg.index`, inside a linalg.generic body: the iteration's position along loop `dim`."""
    return b.value("linalg.index", [], index, {"dim": IntegerAttr(dim, i64)})


def fill(b: Builder, value: Value, result_type: RankedTensorType, dynamic_sizes: Sequence[Value] = ()) -> Value:
    """`linalg.fill` of a fresh `tensor.empty` (its `?` sizes: `dynamic_sizes`) with the scalar
    `value`: a splat whose sizes are known at run time only (IREE lowers no dynamic
    tensor.splat). The region is the one upstream's builder makes: yield the input."""
    init = b.value("tensor.empty", list(dynamic_sizes), result_type)
    elem = element_type(result_type)
    block = Block([value.type, elem])
    Builder(block=block, location=b.location).create("linalg.yield", [block.args[0]])
    return b.value("linalg.fill", [value, init], result_type,
                   {"operandSegmentSizes": DenseArrayAttr(i32, (1, 1))}, regions=[Region([block])])


# --- custom assembly -------------------------------------------------------------------------
from .assembly_format import Int, declare  # noqa: E402

declare("linalg.index", "$dim attr-dict `:` type($result)", attrs={"dim": Int(i64)})
declare("linalg.yield", "attr-dict ($values^ `:` type($values))?", operands="values*", results="")


def _ins_outs(op, p) -> str:
    n_in, n_out = op.attributes["operandSegmentSizes"].value
    parts = []
    for word, values in (("ins", op.operands[:n_in]), ("outs", op.operands[n_in:])):
        if values:
            parts.append(f"{word}(" + ", ".join(p.name_of(v) for v in values) + " : "
                         + p.types(v.type for v in values) + ")")
    return " ".join(parts)


def _results(op, p) -> str:
    if not op.results:
        return ""
    if len(op.results) == 1:
        return " -> " + p.type(op.result.type)
    return " -> (" + p.types(op.result_types) + ")"


def _has_segments(op) -> bool:
    seg = op.attributes.get("operandSegmentSizes")
    return isinstance(seg, DenseArrayAttr) and len(seg.value) == 2 and sum(seg.value) == len(op.operands)


_TRAIT_ATTRS = ("indexing_maps", "iterator_types", "doc", "library_call")


class _GenericAssembly:
    """`linalg.generic {indexing_maps = [...], iterator_types = ["parallel", ...]} ins(%a : t)
    outs(%b : t) attrs = {...}? { ^bb0(...): ... } -> t` (LinalgOps.cpp's GenericOp::print)."""

    def can_print(self, op) -> bool:
        iterators = op.attributes.get("iterator_types")
        return (_has_segments(op) and len(op.regions) == 1 and isinstance(iterators, ArrayAttr)
                and all(isinstance(i, DialectAttr) and i.mnemonic == "iterator_type" for i in iterators.value)
                and isinstance(op.attributes.get("indexing_maps"), ArrayAttr))

    def print(self, op, p) -> None:
        w = p.out.write
        a = op.attributes
        traits = []
        for k in _TRAIT_ATTRS:
            if k == "iterator_types" and k in a:
                traits.append(k + " = [" + ", ".join(f'"{i.body}"' for i in a[k].value) + "]")
            elif k in a:
                traits.append(f"{k} = {p.attr(a[k])}")
        w("linalg.generic {" + ", ".join(traits) + "} " + _ins_outs(op, p))
        rest = {k: v for k, v in a.items() if k not in _TRAIT_ATTRS and k != "operandSegmentSizes"}
        if rest:
            w(" attrs = ")
            p.write_attr_dict(rest)
        w(" ")
        p.print_region(op.regions[0], print_entry_args=True)
        w(_results(op, p))


def _parse_ins_outs(p) -> tuple[list, list]:
    groups = []
    for word in ("ins", "outs"):
        values = []
        if p.consume_keyword_if(word):
            p.expect("(", f"after '{word}'")
            uses = p.parse_operand_list()
            types = p.parse_colon_type_list() if uses else []
            p.expect(")", f"to end '{word}'")
            values = p.resolve_operands(uses, types)
        groups.append(values)
    return groups[0], groups[1]


def _parse_results(p) -> list:
    if not p.consume_if("->"):
        return []
    return p.parse_list("(", ")", p.parse_type, "in result type list") if p.at("(") else [p.parse_type()]


def _parse_generic(cls, p, loc):
    attrs = p.parse_attr_dict()
    iterators = attrs.get("iterator_types")
    if isinstance(iterators, ArrayAttr):  # written as strings, kept as #linalg.iterator_type<...>
        attrs["iterator_types"] = ArrayAttr(tuple(
            DialectAttr("linalg", "iterator_type", i.value) if isinstance(i, StringAttr) else i
            for i in iterators.value))
    ins, outs = _parse_ins_outs(p)
    attrs["operandSegmentSizes"] = DenseArrayAttr(i32, (len(ins), len(outs)))
    if p.consume_keyword_if("attrs"):
        p.expect("=", "after 'attrs'")
        attrs.update(p.parse_attr_dict())
    region = p.parse_region()
    return cls(ins + outs, _parse_results(p), attrs, regions=[region], location=loc)


class _FillAssembly:
    """`linalg.fill ins(%v : f32) outs(%t : tensor<..>) -> tensor<..>`: a named op, whose
    region (yield the input) is implied and rebuilt on parsing."""

    def can_print(self, op) -> bool:
        if not _has_segments(op) or tuple(op.attributes["operandSegmentSizes"].value) != (1, 1) or \
                len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
            return False
        block = op.regions[0].blocks[0]
        return ([a.type for a in block.args] == [op.operands[0].type, element_type(op.operands[1].type)]
                and len(block.ops) == 1 and block.ops[0].name == "linalg.yield"
                and list(block.ops[0].operands) == [block.args[0]])

    def print(self, op, p) -> None:
        w = p.out.write
        w("linalg.fill")
        rest = {k: v for k, v in op.attributes.items() if k != "operandSegmentSizes"}
        if rest:
            w(" ")
            p.write_attr_dict(rest)
        w(" " + _ins_outs(op, p) + _results(op, p))


def _parse_fill(cls, p, loc):
    attrs = p.parse_optional_attr_dict()
    ins, outs = _parse_ins_outs(p)
    if len(ins) != 1 or len(outs) != 1:
        raise p.error(f"linalg.fill takes one input and one output, got {len(ins)} and {len(outs)}")
    block = Block([ins[0].type, element_type(outs[0].type)])
    Builder(block=block, location=loc).create("linalg.yield", [block.args[0]])
    attrs["operandSegmentSizes"] = DenseArrayAttr(i32, (1, 1))
    return cls(ins + outs, _parse_results(p), attrs, regions=[Region([block])], location=loc)


from ..ir.core import OP_CLASSES  # noqa: E402

for _name, _assembly, _parse in (("linalg.generic", _GenericAssembly(), _parse_generic),
                                 ("linalg.fill", _FillAssembly(), _parse_fill)):
    OP_CLASSES[_name].assembly = _assembly
    OP_CLASSES[_name].parse_custom = classmethod(_parse)
