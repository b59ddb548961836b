"""The shape dialect ops used to flatten unranked tensors (RFC lowering cases 2, 4)."""
from ._util import register_simple_ops

register_simple_ops("shape.shape_of shape.num_elements shape.split_at shape.get_extent")

# custom assembly (upstream's ShapeOps.td; shape.split_at has none and prints generic)
from .assembly_format import declare  # noqa: E402

declare("shape.shape_of", "$arg attr-dict `:` type($arg) `->` type($result)", operands="arg")
declare("shape.num_elements", "$shape attr-dict `:` type($shape) `->` type($result)", operands="shape")
declare("shape.get_extent", "$shape `,` $dim attr-dict `:` type($shape) `,` type($dim) `->` type($extent)",
        operands="shape dim", results="extent")

# upstream's SplitAtOp names its results (getAsmResultNames): `%head, %tail = "shape.split_at"`
from ..ir.core import OP_CLASSES  # noqa: E402

OP_CLASSES["shape.split_at"].asm_result_names = ("head", "tail")
