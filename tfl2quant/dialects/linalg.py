"""linalg.generic (elementwise, all-parallel) and linalg.yield."""
from __future__ import annotations

from typing import Callable, Sequence

from ..ir.affine import AffineMap, AffineMapAttr
from ..ir.attributes import ArrayAttr, DenseArrayAttr, DialectAttr, IntegerAttr
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


for _cls in register_simple_ops("linalg.generic").values():
    _cls.verify_ = _verify_generic

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
