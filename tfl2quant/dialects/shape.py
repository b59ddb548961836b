"""The shape dialect ops used to flatten unranked tensors (RFC lowering cases 2, 4)."""
from ._util import register_simple_ops

register_simple_ops("shape.shape_of shape.num_elements shape.split_at shape.get_extent")
