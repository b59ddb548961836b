"""The IR core's shortcuts keep their meaning: uniqued element types, op construction checks,
walk order, the collector's promote-on-exit (issue 15)."""
import copy
import dataclasses
import gc
import pickle
from unittest.mock import ANY

import numpy as np
import pytest

from tfl2quant.ir.attributes import DenseElementsAttr
from tfl2quant.ir.builder import Builder
from tfl2quant.ir.core import Block, Operation, Region
from tfl2quant.ir.types import FloatType, IndexType, IntegerType, f32, i8, index, numpy_dtype, tensor
from tfl2quant.pipeline import fewer_collections


def test_element_types_are_uniqued():
    assert IntegerType(8) is i8 and IntegerType(width=8) is i8 and IntegerType(8, "") is i8
    assert FloatType("f32") is f32 and IndexType() is index
    assert IntegerType(8, "u") is IntegerType(8, "u") and IntegerType(8, "u") != i8
    # a numpy width gives the one instance, its width a Python int
    assert IntegerType(np.int64(8)) is i8 and type(i8.width) is int
    assert pickle.loads(pickle.dumps(i8)) is i8 and copy.deepcopy(f32) is f32 and copy.copy(index) is index
    assert dataclasses.replace(i8, width=16) is IntegerType(16)
    assert i8 == ANY and i8 != 8 and i8 != f32 and hash(i8) == hash(IntegerType(8))
    assert tensor((2,), IntegerType(8)) == tensor((2,), i8)


def test_numpy_dtype_cached_per_type():
    assert numpy_dtype(i8) == np.int8 and numpy_dtype(IntegerType(8, "u")) == np.uint8
    assert numpy_dtype(IntegerType(1)) == np.bool_ and numpy_dtype(index) == np.int64
    attr = DenseElementsAttr.from_array(np.arange(3, dtype=np.int32), i8)
    assert attr.data.dtype == np.int8 and attr.type == tensor((3,), i8)
    assert DenseElementsAttr.from_array([1, 2], i8, (2,)) == attr.from_array(np.array([1, 2], np.int8), i8)


def test_non_value_operand_is_named():
    with pytest.raises(AssertionError, match="operand 3 is not a Value"):
        Operation([3], [i8], name="test.op")


def test_builder_makes_registered_and_generic_ops():
    block = Block([i8])
    b = Builder.at_end(block)
    v = b.value("test.unregistered", [block.args[0]], i8, {})
    op = v.owner
    assert op.name == "test.unregistered" and type(op) is Operation and op.parent is block
    assert block.ops == [op] and block.args[0].uses == [(op, 0)] and op.results == [v]
    two = b.create("test.two", (v, v), iter([i8, f32]))
    assert [r.type for r in two.results] == [i8, f32] and v.uses == [(two, 0), (two, 1)]


def test_walk_is_preorder_over_regions_and_blocks():
    inner = Block()
    leaf = Operation(name="test.leaf")
    inner.append(leaf)
    two_blocks = Region([Block(), Block()])
    two_blocks.blocks[1].append(Operation(name="test.second_block"))
    nested = Operation(regions=[Region([inner]), two_blocks], name="test.nested")
    body = Block()
    body.append(nested)
    after = body.append(Operation(name="test.after"))
    top = Operation(regions=[Region([body])], name="test.top")
    assert [op.name for op in top.walk()] == ["test.top", "test.nested", "test.leaf",
                                             "test.second_block", "test.after"]
    assert after.parent is body


def test_fewer_collections_promote_leaves_no_young_objects():
    old = gc.get_threshold()
    with fewer_collections(promote=True):
        keep = [[k] for k in range(1000)]  # young, tracked
    assert gc.get_threshold() == old and gc.get_freeze_count() == 0
    assert not any(x is keep for x in gc.get_objects(generation=0))
    assert any(x is keep for x in gc.get_objects(generation=2))
