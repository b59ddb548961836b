"""The tensor dialect ops the lowering emits (shapes, reshapes, splats)."""
from ..ir.core import PURE, TERMINATOR
from ._util import register_simple_ops

register_simple_ops("""
    tensor.empty tensor.splat tensor.reshape tensor.from_elements tensor.dim tensor.cast
    tensor.collapse_shape tensor.expand_shape tensor.extract tensor.insert tensor.pad
    tensor.extract_slice tensor.insert_slice tensor.generate tensor.rank
""")
register_simple_ops("tensor.yield", traits={PURE, TERMINATOR})
