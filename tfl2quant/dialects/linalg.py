"""linalg.generic (elementwise, all-parallel) and linalg.yield."""
from __future__ import annotations

from typing import Callable, Sequence

from ..ir.affine import AffineMap, AffineMapAttr
from ..ir.attributes import ArrayAttr, DenseArrayAttr, DialectAttr
from ..ir.builder import Builder
from ..ir.core import PURE, TERMINATOR, Block, Region, Value
from ..ir.types import RankedTensorType, element_type, i32
from ._util import register_simple_ops

register_simple_ops("linalg.generic linalg.broadcast linalg.fill")
register_simple_ops("linalg.yield", traits={PURE, TERMINATOR})

PARALLEL = DialectAttr("linalg", "iterator_type", "parallel")


def generic(b: Builder, inputs: Sequence[Value], maps: Sequence[AffineMap], result_type: RankedTensorType,
            body: Callable[[Builder, list[Value]], Value], dynamic_sizes: Sequence[Value] = ()) -> Value:
    """An all-parallel linalg.generic writing a fresh `tensor.empty` of `result_type`.

    `maps` has one map per input; the output map is the identity. `body`
    gets a builder inside the region and the scalar block arguments (inputs
    then the output) and returns the value to yield.
    """
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

