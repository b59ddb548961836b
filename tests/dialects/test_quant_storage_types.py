"""Float storage types and `!quant.quantile` built in Python (the lit tests parse them):
verification without the parser, printing, and the rules the passes depend on."""
from __future__ import annotations

import dataclasses

import pytest

from tfl2quant.dialects.quant import types as q
from tfl2quant.errors import VerificationError
from tfl2quant.ir.types import FloatType, IndexType, IntegerType, UnrankedTensorType

f16, f32 = FloatType("f16"), FloatType("f32")


@pytest.mark.parametrize("name, width, largest", [("f8E5M2", 8, 57344), ("f8E4M3FN", 8, 448),
                                                  ("f4E2M1FN", 4, 6), ("f8E4M3FNUZ", 8, 240),
                                                  ("f8E5M2FNUZ", 8, 57344), ("f6E3M2FN", 6, 28),
                                                  ("f6E2M3FN", 6, 8)])  # 7.5 rounded up
def test_float_storage_default_range(name, width, largest):
    t = dataclasses.replace(q.uniform("i8", f32, 2.0), storage_width=width, storage_type_min=-largest,
                            storage_type_max=largest, storage_float=name)
    t.verify()
    assert t.storage_type == FloatType(name)
    assert str(t) == f"!quant.uniform<{name}:f32, 2.000000e+00>"
    narrow = dataclasses.replace(t, storage_type_min=0)
    assert str(narrow) == f"!quant.uniform<{name}<0:{largest}>:f32, 2.000000e+00>"
    wide = dataclasses.replace(t, storage_type_max=largest + 1)
    with pytest.raises(VerificationError, match="illegal storage min and storage max"):
        wide.verify()


def test_float_storage_is_not_integer_storage():
    i8 = q.uniform("i8", f32, 2.0, storage_min=-100, storage_max=100)
    f8 = dataclasses.replace(i8, storage_float="f8E4M3FN")
    assert f8 != i8  # same width and range: the storage type tells them apart
    assert (f8.storage_type, i8.storage_type) == (FloatType("f8E4M3FN"), IntegerType(8))


def _quantile(**changes):
    t = q.QuantileType(4, False, "", f16, tuple(float(v) for v in range(16)), 0, 15,
                       storage_spelling="ui4")
    return dataclasses.replace(t, **changes)


def test_quantile_prints_range_only_when_narrowed():
    assert str(_quantile(quantiles=(1.0, 2.0), storage_type_max=1)) == \
        "!quant.quantile<ui4:f16, {1.000000e+00,2.000000e+00}, <0:1>>"
    assert str(_quantile()).startswith("!quant.quantile<ui4:f16, {0.000000e+00,1.000000e+00,")
    assert not str(_quantile()).endswith(">>")


@pytest.mark.parametrize("changes, message", [
    (dict(quantile_type=IndexType()), "quantile type must be a float or integer type"),
    (dict(quantiles=()), "quantile values must not be empty"),
    (dict(storage_type_min=3, storage_type_max=3), "storage min must be less than storage max"),
    (dict(quantiles=(1.0,)), r"quantile LUT size \(1\) must equal the number of representable "
                             r"storage values \(16\)"),
])
def test_quantile_rules(changes, message):
    _quantile().verify()
    _quantile(quantile_type=IntegerType(8)).verify()  # integer tables are allowed
    with pytest.raises(VerificationError, match=message):
        _quantile(**changes).verify()


def test_unranked_sub_channel_switch():
    t = q.sub_channel("i8", f32, {0: 1}, [[2.0]])
    unranked = UnrankedTensorType(t)
    t.verify_in_tensor(unranked)  # the Python API's default: the RFC lowers it
    q.UNRANKED_SUB_CHANNEL["on"] = False
    try:
        with pytest.raises(VerificationError, match="sub-channel quantized type must be ranked"):
            t.verify_in_tensor(unranked)
    finally:
        q.UNRANKED_SUB_CHANNEL["on"] = True
